// The guide's `./model`. With no provider configured, the AI SDK's scripted test model
// (`MockLanguageModelV3` from `ai/test`), streaming as a provider does, so the app runs with no
// network and no API key. To use a real model, export a provider's model here instead (README.md:
// Workers AI through `workers-ai-provider`, or any other AI SDK provider).
//
// What the scripted model says depends only on what it is shown last:
// - "Sort my notes" → one `codemode` tool call: SORT_PROGRAM, which classifies the notes with
//   models.classify and paints them with models.generateImages (CODEMODE_MODELS must be set);
// - another message from the user → one `codemode` tool call: PROGRAM saving the message as a note;
// - a run's report (the tool's output, or a decision from the approval panel) → what happened:
//   paused (naming the call and the execution), completed (naming the note, and the images it
//   was shown with the report), rejected (quoting the reviewer's reason) or failed (quoting the
//   error).

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

/** A user message asking for SORT_PROGRAM. */
const SORT = /^sort my notes\b/i;

/**
 * The program for "Sort my notes": each note's most likely label (models.classify), and a
 * picture of them (models.generateImages), handed back with image().
 */
export const SORT_PROGRAM = `async () => {
  const saved = await notes.listNotes();
  const labels = ["urgent", "normal", "low"];
  const scores = saved.length ? await models.classify({ texts: saved.map((n) => n.text), labels }) : [];
  const sorted = saved.map((note, i) => note.text + ": " + scores[i][0].label);
  const [picture] = await models.generateImages({
    prompt: "a sketch of these notes: " + saved.map((n) => n.text).join(", "),
    width: 128,
    height: 96,
  });
  image(picture);
  return sorted.join("; ") || "no notes";
}`;

const usage = {
	inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
	outputTokens: { total: 10, text: 10, reasoning: undefined },
};

type Part = { type: string; text?: string; output?: { type: string; value: unknown } };
/** A part of a `content` tool result: the report's text, or an image (`image-data`, base64). */
type ContentPart = { type: string; text?: string; mediaType?: string };

/** What a prompt message says: its text parts and tool results, and the images it carries. */
function said(message: { content: unknown }): { text: string; images: string[] } {
	if (typeof message.content === "string") return { text: message.content, images: [] };
	const images: string[] = [];
	const text = (message.content as Part[])
		.map((part) => {
			if (part.type === "text") return part.text ?? "";
			if (part.type === "tool-result" && part.output) {
				const { type, value } = part.output;
				if (type === "content" && Array.isArray(value)) {
					// The tool's toModelOutput for a run with images: its report, then the images.
					for (const item of value as ContentPart[]) {
						if (item.type === "image-data" || item.type === "media") images.push(item.mediaType ?? "image");
					}
					return (value as ContentPart[]).map((item) => (item.type === "text" ? (item.text ?? "") : "")).join("\n");
				}
				return typeof value === "string" ? value : JSON.stringify(value);
			}
			return "";
		})
		.join("\n");
	return { text, images };
}

/** The report's headline (`Script paused`...), if `text` carries a run's report. */
const REPORT = /^Script (completed|paused|failed|rejected|cancelled|waiting)$/m;

/** The answer to a run's report (and the images shown with it, by media type). */
function answer(report: string, images: string[]): string {
	const ending = report.match(REPORT)?.[1];
	const line = (pattern: RegExp) => report.match(pattern)?.[1] ?? "";
	switch (ending) {
		case "paused": {
			const [, call, execution] =
				report.match(/^Waiting for approval: #\d+ (.*) \(execution ([0-9a-f-]{36})\)\.$/m) ?? [];
			const before = line(/^notes saved before: (\d+)$/m);
			return `${call} needs your approval (execution ${execution}). Notes saved before it: ${before}.`;
		}
		case "completed": {
			const seen = images.length
				? ` I see ${images.length} image${images.length === 1 ? "" : "s"} (${[...new Set(images)].join(", ")}).`
				: "";
			return `Done: ${line(/^Output:\n(.*)$/m)}.${seen}`;
		}
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
		const { text, images } = said(prompt.at(-1)!);
		if (!REPORT.test(text)) {
			const code = SORT.test(text.trim()) ? SORT_PROGRAM : program(text.trim());
			return stream([
				{
					type: "tool-call",
					toolCallId: `call-${calls}`,
					toolName: "codemode",
					input: JSON.stringify({ code }),
				},
				{ type: "finish", finishReason: { unified: "tool-calls", raw: "tool-calls" }, usage },
			]);
		}
		const id = `text-${calls}`;
		return stream([
			{ type: "text-start", id },
			{ type: "text-delta", id, delta: answer(text, images) },
			{ type: "text-end", id },
			{ type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
		]);
	},
});
