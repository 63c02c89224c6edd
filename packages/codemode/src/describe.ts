// How a connector is handed to the wasm runtime: its tools described as JSON, and callbacks that
// run them and answer in JSON (`{"ok": value}`, `{"error": message}`, `"unsupported"`), never
// rejecting (src/shell/embed.rs, `JsConnector`).

import type { ConnectorTool, ConnectorTools, ToolExecuteContext } from "./connector.js";
import { message } from "./engine.js";

/** A JSON text of `value`, for the journal: `undefined` is `null`. */
export function json(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value);
}

/** The tools as the runtime reads them (the `tools` field, JSON). */
export function describeTools(tools: ConnectorTools) {
  return Object.entries(tools).map(([name, tool]) => {
    const schema = tool.inputSchema ?? tool.parameters;
    return {
      name,
      description: tool.description ?? "",
      ...(schema ? { inputSchema: schema } : {}),
      ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
      requiresApproval: tool.requiresApproval === true,
      revertible: typeof tool.revert === "function",
    };
  });
}

/**
 * The runtime's view of connector `name`: `tools` described, and its calls going to the tool
 * `find(method)` answers (the newest handle's instance, for the runtime; a fixed set, for the
 * executor).
 */
export function describedConnector(
  name: string,
  instructions: string | undefined,
  tools: ConnectorTools,
  find: (method: string) => Promise<ConnectorTool>,
) {
  const context = (text: string): ToolExecuteContext => JSON.parse(text);
  return {
    name,
    instructions: instructions ?? "",
    tools: json(describeTools(tools)),
    execute: async (method: string, input: string, ctx: string) => {
      let result: unknown;
      try {
        result = await (await find(method)).execute(JSON.parse(input), context(ctx));
      } catch (error) {
        return json({ error: message(error) });
      }
      try {
        return json({ ok: result ?? null });
      } catch (error) {
        // The call ran: say so, since it is journaled as a failure and will not be reverted.
        return json({ error: `the result of ${name}.${method} is not JSON (${message(error)}); the call ran` });
      }
    },
    revert: async (method: string, input: string, result: string, ctx: string) => {
      try {
        const revert = (await find(method)).revert;
        if (!revert) return json("unsupported");
        await revert(JSON.parse(input), JSON.parse(result), context(ctx));
        return json({ ok: null });
      } catch (error) {
        return json({ error: message(error) });
      }
    },
  };
}
