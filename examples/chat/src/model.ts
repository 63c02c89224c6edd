// The guide's `./model`. With no provider configured, the AI SDK's scripted test model
// (`MockLanguageModelV3` from `ai/test`), streaming as a provider does, so the app runs with no
// network and no API key. To use a real model, export a provider's model here instead (README.md:
// Workers AI through `workers-ai-provider`, or any other AI SDK provider).
//
// What the scripted model says depends only on what it is shown last:
// - a message from the user → one `codemode` tool call: PROGRAM saving the message as a note;
// - a run's report (the tool's output, or a decision from the approval panel) → what happened:
//   paused (naming the call and the execution), completed (naming the note), rejected (quoting
//   the reviewer's reason) or failed (quoting the error).

import { simulateReadableStream, type LanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";

/** The program the model writes: read the notes, then save `text` as one (which needs approval). */
export function program(text: string): string {
	return `async () => {
  const saved = await notes.listNotes();
  console.log("notes saved before: " + saved.length);
  const note = await notes.createNote({ text: ${JSON.stringify(text)} });
  return "saved the note " + JSON.stringify(note.text) + "; notes now: " + (saved.length + 1);
}`;
}

const usage = {
	inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
	outputTokens: { total: 10, text: 10, reasoning: undefined },
};

type Part = { type: string; text?: string; output?: { type: string; value: unknown } };

/** What a prompt message says: its text parts and tool results. */
function said(message: { content: unknown }): string {
	if (typeof message.content === "string") return message.content;
	return (message.content as Part[])
		.map((part) => {
			if (part.type === "text") return part.text ?? "";
			if (part.type === "tool-result" && part.output) {
				const { value } = part.output;
				return typeof value === "string" ? value : JSON.stringify(value);
			}
			return "";
		})
		.join("\n");
}

/** The report's headline (`Script paused`...), if `text` carries a run's report. */
const REPORT = /^Script (completed|paused|failed|rejected|cancelled|waiting)$/m;

/** The answer to a run's report. */
function answer(report: string): string {
	const ending = report.match(REPORT)?.[1];
	const line = (pattern: RegExp) => report.match(pattern)?.[1] ?? "";
	switch (ending) {
		case "paused": {
			const [, call, execution] =
				report.match(/^Waiting for approval: #\d+ (.*) \(execution ([0-9a-f-]{36})\)\.$/m) ?? [];
			const before = line(/^notes saved before: (\d+)$/m);
			return `${call} needs your approval (execution ${execution}). Notes saved before it: ${before}.`;
		}
		case "completed":
			return `Done: ${line(/^Output:\n(.*)$/m)}.`;
		case "rejected":
			return `Not saved: ${line(/^The action #\d+ .* was (rejected .*); the script was stopped there\./m)}.`;
		case "failed":
			return `The program failed: ${line(/^Script error: (.*)$/m)}`;
		default:
			return `The run is ${ending}.`;
	}
}

let calls = 0;

function stream(chunks: unknown[]) {
	return { stream: simulateReadableStream({ chunks: chunks as never[], chunkDelayInMs: 0 }) };
}

export const model: LanguageModel = new MockLanguageModelV3({
	provider: "scripted",
	modelId: "codemode-chat-example",
	doStream: async ({ prompt }) => {
		calls++;
		const text = said(prompt.at(-1)!);
		if (!REPORT.test(text)) {
			return stream([
				{
					type: "tool-call",
					toolCallId: `call-${calls}`,
					toolName: "codemode",
					input: JSON.stringify({ code: program(text.trim()) }),
				},
				{ type: "finish", finishReason: { unified: "tool-calls", raw: "tool-calls" }, usage },
			]);
		}
		const id = `text-${calls}`;
		return stream([
			{ type: "text-start", id },
			{ type: "text-delta", id, delta: answer(text) },
			{ type: "text-end", id },
			{ type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
		]);
	},
});
