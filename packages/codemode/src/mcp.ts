// codemode-runtime/mcp: the runtime's tools as an MCP server of the MCP TypeScript SDK, from
// inside your own agent. Needs `@modelcontextprotocol/sdk` (a peer dependency, only of this entry).

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { createCodemodeRuntime, type CodemodeRuntimeHandle, type CreateCodemodeRuntimeOptions } from "./index.js";

/** A runtime handle, or the options that make one; and how the server introduces itself. */
export type CodeMcpServerOptions = ({ runtime: CodemodeRuntimeHandle } | CreateCodemodeRuntimeOptions) & {
  /** The server's name in `initialize` (default `"codemode"`). */
  serverName?: string;
  version?: string;
};

/** What the runtime's MCP server answered one request. */
type Reply = { result?: unknown; error?: { code: number; message: string; data?: unknown } };

/**
 * An `McpServer` whose tools are the runtime's, as the service Worker's `/mcp` serves them:
 * `codemode` (run a script: its report, a completed run's images), `search` and `describe`.
 * Listing and calls are answered by the runtime's own MCP server (the Rust core); runs are the
 * runtime's like any other (history, approvals, replay). Connect it to any transport, e.g. the
 * SDK's `WebStandardStreamableHTTPServerTransport` in your agent's `onRequest`.
 */
export async function codeMcpServer(options: CodeMcpServerOptions): Promise<McpServer> {
  const runtime = "runtime" in options ? options.runtime : createCodemodeRuntime(options);
  const server = new McpServer({ name: options.serverName ?? "codemode", version: options.version ?? "1.0.0" });
  server.server.registerCapabilities({ tools: {} });
  let next = 0;
  const ask = async (method: string, params?: unknown): Promise<unknown> => {
    next += 1;
    const reply = (await runtime.mcp({ jsonrpc: "2.0", id: next, method, ...(params === undefined ? {} : { params }) })) as Reply | undefined;
    if (reply?.error) throw new McpError(reply.error.code, reply.error.message, reply.error.data);
    return reply?.result ?? {};
  };
  server.server.setRequestHandler(ListToolsRequestSchema, async () => (await ask("tools/list")) as { tools: [] });
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => (await ask("tools/call", request.params)) as { content: [] });
  return server;
}
