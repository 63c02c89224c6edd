// The guide's src/server.ts on codemode-runtime. Changed from the guide's text:
// - the import line: `codemode-runtime` instead of `@cloudflare/codemode`;
// - rejectExecution also takes the reviewer's reason (the model reads it in the run's report);
// - approveExecution and rejectExecution add what was decided, with the run's report, to the
//   conversation and let the model answer (saveMessages starts a turn and streams it to the page);
// - the Worker's fetch handler, which the guide leaves to the app: the Agents SDK's router
//   (`/agents/chat/<name>`);
// - `models` (the sandbox's `models.*` calls) from the var CODEMODE_MODELS when it is set, and
//   `onRequest` serving the images runs hand back (`/agents/chat/<name>/images/<id>`, the
//   `url` of each image in a run's output, which the page shows).
import { AIChatAgent } from "@cloudflare/ai-chat";
import {
	createCodemodeRuntime,
	DynamicWorkerExecutor,
	type CodemodeRuntimeHandle,
	type ExecutionState,
	type PendingAction,
	type Snippet,
} from "codemode-runtime";
import { callable, routeAgentRequest } from "agents";
import { convertToModelMessages, stepCountIs, streamText } from "ai";
import { NotesConnector } from "./notes-connector";
import { model } from "./model";

export class Chat extends AIChatAgent<Env> {
	#runtime(): CodemodeRuntimeHandle {
		return createCodemodeRuntime({
			ctx: this.ctx,
			executor: new DynamicWorkerExecutor({ loader: this.env.LOADER }),
			connectors: [new NotesConnector(this.ctx, this.env)],
			// The service Worker's format: JSON text (.dev.vars, `--var`) or an object (a JSON var
			// in wrangler.jsonc). Secrets it names and a Workers AI binding are read from `env`.
			env: this.env,
			models: this.env.CODEMODE_MODELS || undefined,
		});
	}

	/** `GET /agents/chat/<name>/images/<id>`: an image a run handed back (the page's `<img>`s). */
	override async onRequest(request: Request): Promise<Response> {
		const image = new URL(request.url).pathname.match(/\/images\/([^/]+)$/);
		if (request.method === "GET" && image) {
			return this.#runtime().imageResponse(decodeURIComponent(image[1]!));
		}
		return super.onRequest(request);
	}

	async onChatMessage() {
		const result = streamText({
			model,
			messages: await convertToModelMessages(this.messages),
			tools: { codemode: this.#runtime().tool() },
			stopWhen: stepCountIs(10),
		});

		return result.toUIMessageStreamResponse();
	}

	@callable()
	async pendingApprovals(): Promise<PendingAction[]> {
		return this.#runtime().pending();
	}

	@callable()
	async approveExecution(executionId: string) {
		const outcome = await this.#runtime().approve({ executionId });
		// Not paused (any more) or unknown: nothing was decided, the conversation is not told.
		if (outcome.errorCode !== "NOT_FOUND" && outcome.errorCode !== "NOT_PAUSED") {
			await this.#tell(`Approved the paused call of execution ${executionId}.`, outcome.report);
		}
		return outcome;
	}

	@callable()
	async rejectExecution(
		executionId: string,
		seq: number,
		reason?: string,
	): Promise<boolean> {
		const runtime = this.#runtime();
		const rejected = await runtime.reject({
			executionId,
			seq,
			reason: reason?.trim() || undefined,
		});
		if (rejected) {
			const { report } = await runtime.execution(executionId);
			await this.#tell(`Rejected call #${seq} of execution ${executionId}.`, report);
		}
		return rejected;
	}

	@callable()
	async rollbackExecution(executionId: string): Promise<void> {
		await this.#runtime().rollback({ executionId });
	}

	@callable()
	async executionHistory(): Promise<ExecutionState[]> {
		return this.#runtime().executions(20);
	}

	@callable()
	async saveSnippet(
		name: string,
		description: string,
		executionId: string,
	): Promise<Snippet> {
		const runtime = this.#runtime();
		const execution = (await runtime.executions()).find(
			(item) => item.id === executionId,
		);
		if (execution?.status !== "completed") {
			throw new Error("Only completed executions can be saved as snippets.");
		}

		return runtime.saveSnippet(name, { description, executionId });
	}

	@callable()
	async snippets(): Promise<Snippet[]> {
		return this.#runtime().snippets();
	}

	/**
	 * A decision taken in the approval panel, as a message in the conversation (marked
	 * `metadata.panel`, so the page shows it as such) carrying the run's report; the model answers it.
	 */
	async #tell(decision: string, report = "") {
		await this.saveMessages((messages) => [
			...messages,
			{
				id: crypto.randomUUID(),
				role: "user",
				metadata: { panel: true },
				parts: [{ type: "text", text: `${decision}\n\n${report}`.trim() }],
			},
		]);
	}
}

export default {
	async fetch(request: Request, env: Env): Promise<Response> {
		return (
			(await routeAgentRequest(request, env)) ??
			new Response("Not found", { status: 404 })
		);
	},
} satisfies ExportedHandler<Env>;
