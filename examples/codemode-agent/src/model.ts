// The example's model: the AI SDK's scripted test model (`MockLanguageModelV3` from `ai/test`)
// following a fixed policy, so the agent runs with no network and no API key. Everything around
// it is real. Replace `scriptedModel()` with any AI SDK model (Workers AI through
// `workers-ai-provider`, `openai(...)`, `anthropic(...)`) and nothing else changes.

import type { LanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";

/** The program the scripted model writes: read the notes, then write one (which needs approval). */
export const PROGRAM = [
  "const before = await notes.listNotes();",
  "const note = await notes.createNote({ text: \"hello from the agent\" });",
  "return { before: before.length, id: note.id, text: note.text };",
].join("\n");

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};

type Prompt = { role: string; content: unknown }[];

/** The text of a prompt message: its text parts and its tool results as the model reads them. */
function said(message: { content: unknown }): string {
  if (typeof message.content === "string") return message.content;
  return (message.content as { type: string; text?: string; output?: { type: string; value: unknown } }[])
    .map((part) => {
      if (part.type === "text") return part.text ?? "";
      if (part.type === "tool-result" && part.output) {
        return typeof part.output.value === "string" ? part.output.value : JSON.stringify(part.output.value);
      }
      return "";
    })
    .join("\n");
}

/**
 * A model whose answers are a pure function of what it is shown, so what it says depends on
 * what the runtime really returned:
 * - a user's request → one `codemode` call with PROGRAM;
 * - a run's report (a tool result, or a resumed run the agent passes on) → what happened:
 *   paused (naming the execution that waits), completed (with the note), or failed.
 */
export function scriptedModel(): LanguageModel {
  let calls = 0;
  return new MockLanguageModelV3({
    provider: "scripted",
    modelId: "codemode-example",
    doGenerate: async ({ prompt }) => {
      calls++;
      const last = (prompt as Prompt).at(-1)!;
      const text = said(last);
      if (last.role === "user" && !text.startsWith("Resumed run")) {
        return {
          content: [
            { type: "tool-call", toolCallId: `call-${calls}`, toolName: "codemode", input: JSON.stringify({ code: PROGRAM }) },
          ],
          finishReason: { unified: "tool-calls", raw: "tool-calls" },
          usage,
          warnings: [],
        };
      }
      let answer: string;
      const execution = text.match(/execution ([0-9a-f-]{36})/)?.[1];
      if (/^Script paused/m.test(text)) {
        answer = `Writing the note needs your approval (execution ${execution}); I will not retry it.`;
      } else if (/^Script completed/m.test(text)) {
        const output = text.split("Output:\n")[1]?.split("\n")[0] ?? "";
        const note = JSON.parse(output) as { id: number; text: string };
        answer = `Done: note #${note.id} says "${note.text}".`;
      } else {
        answer = `The program failed: ${text.split("Script error:")[1]?.trim().split("\n")[0] ?? text}`;
      }
      return {
        content: [{ type: "text", text: answer }],
        finishReason: { unified: "stop", raw: "stop" },
        usage,
        warnings: [],
      };
    },
  });
}
