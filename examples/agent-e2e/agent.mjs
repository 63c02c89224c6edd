#!/usr/bin/env node
// An AI SDK agent that uses the runtime's `codemode` tool over MCP, end to end, with no network
// and no real model: the model is the AI SDK's scripted test model (`MockLanguageModelV3` from
// `ai/test`) following a fixed policy, while everything else is real — the AI SDK's MCP client
// (Streamable HTTP), its generateText tool loop, the runtime, and the agents package's AgentClient
// waiting for a human's approval. See README.md beside this file.
//
//   node examples/agent-e2e/agent.mjs --url http://127.0.0.1:8787 --instance demo [--token T] [--wait]
//
// It prints one JSON object per line on stdout:
//   {"event":"turn", "text", "toolResults":[ExecuteOutput...], "modelSaw":[report...]}
//   and with --wait, once the paused run has been approved or rejected by someone else:
//   {"event":"resumed", "execution": ExecutionState}
//   {"event":"turn", "text", ...}   (the model's answer after reading the resumed run's report)

import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { createMCPClient } from "@ai-sdk/mcp";
import { AgentClient } from "agents/client";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import WebSocket from "ws";

/** The program the scripted model writes: read the notes, then write one (which needs approval). */
export const PROGRAM = [
  "const before = await notes.listNotes();",
  'const note = await notes.createNote({ text: "hello from the agent" });',
  "return { before: before.length, id: note.id, text: note.text };",
].join("\n");

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};
const finish = (unified) => ({ finishReason: { unified, raw: unified }, usage, warnings: [] });

function textOfParts(parts) {
  if (typeof parts === "string") return parts;
  return parts
    .map((p) => {
      if (p.type === "text") return p.text;
      if (p.type === "tool-result") {
        const out = p.output;
        if (out.type === "content") return out.value.filter((v) => v.type === "text").map((v) => v.text).join("\n");
        if (out.type === "text" || out.type === "error-text") return out.value;
        return JSON.stringify(out.value);
      }
      return "";
    })
    .join("\n");
}

/**
 * The scripted model's policy: a pure function of the prompt it is given, so what it answers
 * depends on what the tools really returned.
 * - a user request → call `codemode` with PROGRAM;
 * - a tool result (the run's report) → say what happened: paused (and which execution waits), done, or failed;
 * - a user message carrying a resumed run's report → summarize it.
 */
export function scriptedModel() {
  const seen = [];
  const model = new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      const last = prompt.at(-1);
      const said = textOfParts(last.content);
      seen.push({ role: last.role, text: said });
      if (last.role === "user" && !said.startsWith("Resumed run:")) {
        return {
          content: [
            { type: "tool-call", toolCallId: `call-${seen.length}`, toolName: "codemode", input: JSON.stringify({ code: PROGRAM }) },
          ],
          ...finish("tool-calls"),
        };
      }
      let text;
      const execution = said.match(/execution ([0-9a-f-]{36})/)?.[1];
      if (/^Script paused/m.test(said)) {
        text = `Writing the note needs your approval (execution ${execution}); I will not retry it.`;
      } else if (/^Script completed/m.test(said)) {
        const output = said.split("Output:\n")[1]?.split("\n")[0] ?? "";
        text = `Done: ${output}`;
      } else {
        text = `It did not work: ${said.split("\n").find((l) => /error|rejected/i.test(l)) ?? said}`;
      }
      return { content: [{ type: "text", text }], ...finish("stop") };
    },
  });
  return { model, seen };
}

/** One generateText turn with the runtime's MCP tools. */
export async function turn({ mcp, model, seen, messages }) {
  const tools = await mcp.tools();
  const from = seen.length;
  const result = await generateText({ model, tools, messages, stopWhen: stepCountIs(4) });
  return {
    result,
    report: {
      event: "turn",
      text: result.text,
      steps: result.steps.length,
      toolCalls: result.steps.flatMap((s) => s.toolCalls).map((c) => ({ toolName: c.toolName, input: c.input })),
      toolResults: result.steps.flatMap((s) => s.toolResults).map((r) => r.output.structuredContent),
      modelSaw: seen.slice(from).map((s) => s.text),
    },
  };
}

/** Resolves with the execution once it is no longer paused, woken by `cf_codemode_changed` pushes. */
export async function waitForDecision({ url, instance, token, executionId }) {
  const client = new AgentClient({
    host: new URL(url).host,
    agent: "codemode",
    name: instance,
    WebSocket,
    ...(token ? { query: { token } } : {}),
  });
  try {
    await client.ready;
    return await new Promise((resolve, reject) => {
      const check = () =>
        client.call("execution", [executionId]).then((x) => {
          if (x.status !== "paused" && x.status !== "running") resolve(x);
        }, reject);
      client.addEventListener("message", (event) => {
        const frame = JSON.parse(event.data);
        if (frame.type === "cf_codemode_changed" && frame.executionId === executionId) check();
      });
      check(); // it may have been decided before we connected
    });
  } finally {
    client.close();
  }
}

export async function main(argv = process.argv.slice(2), print = (o) => console.log(JSON.stringify(o))) {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: "string", default: "http://127.0.0.1:8787" },
      instance: { type: "string", default: "agent-e2e" },
      token: { type: "string" },
      prompt: { type: "string", default: "Write a note that says hello, and tell me how many notes there were." },
      wait: { type: "boolean", default: false },
    },
  });
  const { url, instance, token, prompt, wait } = values;
  const mcp = await createMCPClient({
    transport: {
      type: "http",
      url: `${url}/agents/codemode/${encodeURIComponent(instance)}/mcp`,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    },
  });
  try {
    const { model, seen } = scriptedModel();
    const messages = [{ role: "user", content: prompt }];
    const first = await turn({ mcp, model, seen, messages });
    print(first.report);
    const paused = first.report.toolResults.find((r) => r?.status === "paused");
    if (!wait || !paused) return;

    const execution = await waitForDecision({ url, instance, token, executionId: paused.executionId });
    print({ event: "resumed", execution });
    messages.push(...first.result.response.messages, {
      role: "user",
      content: `Resumed run: ${execution.status}\n${execution.report ?? JSON.stringify(execution.error ?? null)}`,
    });
    print((await turn({ mcp, model, seen, messages })).report);
  } finally {
    await mcp.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
