// The page: the chat with the Chat agent (useAgentChat over the agent's WebSocket) and a panel
// over the guide's @callable methods: pending approvals (approve; reject with a reason), the
// execution history (status, calls; roll back; save as a snippet) and the snippets. Images a run
// hands back (image(), models.generateImages) show under its tool call and in the history.
// The conversation is `?conversation=<name>` (one Chat agent each), "default" without it.

import { useAgentChat } from "@cloudflare/ai-chat/react";
import { useAgent } from "agents/react";
import { StrictMode, useCallback, useEffect, useState, type FormEvent } from "react";
import { createRoot } from "react-dom/client";
import "./app.css";

// The shapes the agent's methods answer (codemode-runtime's PendingAction, ExecutionState and
// Snippet, as much of them as the page shows).
type PendingAction = { executionId: string; seq: number; connector: string; method: string; args: unknown };
type Decision = { kind: string; by?: string; reason?: string };
type Call = { seq: number; connector?: string; method?: string; state: string; args?: unknown; result?: unknown; decision?: Decision };
type Execution = { id: string; status: string; calls: Call[]; result?: unknown; report?: string; images?: RunImage[] };
type Snippet = { name: string; description?: string };
/** An image of a completed run (codemode-runtime's ImageOutput): `url` is `images/<id>`, under the agent. */
type RunImage = { id: string; url: string; mimeType: string; width: number; height: number; bytes?: number };

type Part = { type: string; text?: string; state?: string; output?: unknown };
type Message = { id: string; role: string; parts: Part[]; metadata?: unknown };

const conversation = new URLSearchParams(location.search).get("conversation") || "default";

function label(connector: string | undefined, method: string | undefined, args: unknown) {
	return `${connector ?? "?"}.${method ?? "?"}(${args === undefined ? "" : JSON.stringify(args)})`;
}

/** What a journaled call returned, in a few words (a list of notes: how many, and their texts). */
function outcome(call: Call): string {
	if (call.state !== "applied" && call.state !== "reverted") return "";
	const { result } = call;
	if (call.connector === "models") {
		// classify's scores, generateImages' refs (the image itself shows below the calls).
		const text = JSON.stringify(result);
		return ` → ${text.length > 120 ? `${text.slice(0, 119)}…` : text}`;
	}
	if (Array.isArray(result)) {
		const texts = result.map((item) => (item && typeof item === "object" && "text" in item ? String(item.text) : JSON.stringify(item)));
		return ` → ${result.length} note(s)${texts.length ? `: ${texts.join(", ")}` : ""}`;
	}
	return result === undefined || result === null ? "" : ` → ${JSON.stringify(result)}`;
}

/** The report's line for each image of a completed run: `image 1/2: images/<id> (image/png, 128×96)`. */
const IMAGE_LINE = /^image \d+\/\d+: (images\/[\w.-]+) \(([\w.+-]+\/[\w.+-]+), (\d+)×(\d+)\)$/gm;

/**
 * The images of a run: `images` of its output (a tool part's ExecuteResult), else, for a stored
 * execution (which has no `images`), the report's image lines.
 */
function imagesOf(run: unknown): RunImage[] {
	if (!run || typeof run !== "object") return [];
	const { status, images, report } = run as { status?: string; images?: unknown; report?: unknown };
	if (Array.isArray(images)) return images as RunImage[];
	if (status !== "completed" || typeof report !== "string") return [];
	return [...report.matchAll(IMAGE_LINE)].map((m) => ({
		url: m[1]!,
		id: m[1]!.slice("images/".length),
		mimeType: m[2]!,
		width: Number(m[3]),
		height: Number(m[4]),
	}));
}

/** Where the agent serves an image (server.ts: `onRequest`). */
function imageSrc(image: RunImage): string {
	if (/^https?:\/\//.test(image.url)) return image.url;
	return `/agents/chat/${encodeURIComponent(conversation)}/${image.url}`;
}

function RunImages({ images }: { images: RunImage[] }) {
	if (images.length === 0) return null;
	return (
		<div className="images">
			{images.map((image) => (
				<figure key={image.id} className="run-image" data-id={image.id}>
					<img src={imageSrc(image)} alt={`image ${image.id}`} />
					<figcaption>
						{image.mimeType}, {image.width}×{image.height}
					</figcaption>
				</figure>
			))}
		</div>
	);
}

function App() {
	const [connected, setConnected] = useState(false);
	const agent = useAgent({
		agent: "chat",
		name: conversation,
		onOpen: () => setConnected(true),
		onClose: () => setConnected(false),
	});
	const { messages, sendMessage, isStreaming, error: chatError } = useAgentChat({ agent });

	const [pending, setPending] = useState<PendingAction[]>([]);
	const [history, setHistory] = useState<Execution[]>([]);
	const [snippets, setSnippets] = useState<Snippet[]>([]);
	const [error, setError] = useState("");
	const [busy, setBusy] = useState(false);

	const refresh = useCallback(async () => {
		try {
			const [p, h, s] = await Promise.all([
				agent.call<PendingAction[]>("pendingApprovals", []),
				agent.call<Execution[]>("executionHistory", []),
				agent.call<Snippet[]>("snippets", []),
			]);
			setPending(p);
			setHistory(h);
			setSnippets(s);
		} catch (e) {
			setError(String(e instanceof Error ? e.message : e));
		}
	}, [agent]);

	// On (re)connecting, and whenever a turn has ended (a run may have paused or finished).
	useEffect(() => {
		if (connected && !isStreaming) void refresh();
	}, [connected, isStreaming, messages.length, refresh]);

	/** Runs one of the agent's methods for a button, then shows the panel anew. */
	const act = async (run: () => Promise<unknown>) => {
		setBusy(true);
		setError("");
		try {
			await run();
		} catch (e) {
			setError(String(e instanceof Error ? e.message : e));
		} finally {
			setBusy(false);
			await refresh();
		}
	};

	const [draft, setDraft] = useState("");
	const send = (event: FormEvent) => {
		event.preventDefault();
		const text = draft.trim();
		if (!text) return;
		setDraft("");
		void sendMessage({ text });
	};

	return (
		<div className="app">
			<header>
				<h1>Code Mode chat</h1>
				<span id="connection" data-state={connected ? "connected" : "disconnected"}>
					{connected ? `connected to chat/${conversation}` : "connecting…"}
				</span>
			</header>
			<main>
				<section className="chat">
					<ol id="messages">
						{(messages as Message[]).map((message) => (
							<ChatMessage key={message.id} message={message} />
						))}
					</ol>
					<form id="composer" onSubmit={send}>
						<input
							id="message"
							value={draft}
							onChange={(e) => setDraft(e.target.value)}
							placeholder="Say what to note down"
							autoComplete="off"
						/>
						<button id="send" type="submit" disabled={!connected || isStreaming}>
							Send
						</button>
					</form>
					<p id="streaming" data-streaming={String(isStreaming)}>
						{isStreaming ? "the model is answering…" : ""}
					</p>
					{chatError && (
						<p id="chat-error" role="alert">
							{chatError.message}
						</p>
					)}
				</section>
				<aside className="panel">
					{error && (
						<p id="error" role="alert">
							{error}
						</p>
					)}
					<h2>Pending approvals</h2>
					<ul id="pending">
						{pending.length === 0 && <li className="none">none</li>}
						{pending.map((action) => (
							<PendingItem
								key={`${action.executionId}:${action.seq}`}
								action={action}
								busy={busy}
								approve={() => act(() => agent.call("approveExecution", [action.executionId]))}
								reject={(reason) => act(() => agent.call("rejectExecution", [action.executionId, action.seq, reason]))}
							/>
						))}
					</ul>
					<h2>History</h2>
					<ul id="history">
						{history.length === 0 && <li className="none">none</li>}
						{history.map((execution) => (
							<HistoryItem
								key={execution.id}
								execution={execution}
								busy={busy}
								rollback={() => act(() => agent.call("rollbackExecution", [execution.id]))}
								save={(name) =>
									act(() => agent.call("saveSnippet", [name, `Saved from the chat (execution ${execution.id})`, execution.id]))
								}
							/>
						))}
					</ul>
					<h2>Snippets</h2>
					<ul id="snippets">
						{snippets.length === 0 && <li className="none">none</li>}
						{snippets.map((snippet) => (
							<li key={snippet.name} className="snippet" data-name={snippet.name}>
								<code>{snippet.name}</code> <span className="description">{snippet.description}</span>
							</li>
						))}
					</ul>
				</aside>
			</main>
		</div>
	);
}

function ChatMessage({ message }: { message: Message }) {
	const panel = (message.metadata as { panel?: boolean } | undefined)?.panel === true;
	const role = panel ? "panel" : message.role;
	return (
		<li className="message" data-role={role}>
			{message.parts.map((part, i) => {
				if (part.type === "text") {
					if (!panel) return <p key={i} className="text">{part.text}</p>;
					// A decision from the panel: its first line, and the run's report folded.
					const [first, ...rest] = (part.text ?? "").split("\n");
					return (
						<div key={i}>
							<p className="text">{first}</p>
							{rest.join("\n").trim() && (
								<details>
									<summary>the run's report</summary>
									<pre>{rest.join("\n").trim()}</pre>
								</details>
							)}
						</div>
					);
				}
				if (part.type.startsWith("tool-")) {
					return (
						<div key={i} className="tool-part">
							<p className="tool" data-state={part.state}>
								ran {part.type.slice("tool-".length)} ({part.state})
							</p>
							<RunImages images={imagesOf(part.output)} />
						</div>
					);
				}
				return null;
			})}
		</li>
	);
}

function PendingItem(props: {
	action: PendingAction;
	busy: boolean;
	approve: () => void;
	reject: (reason: string) => void;
}) {
	const { action, busy } = props;
	const [reason, setReason] = useState("");
	return (
		<li className="pending-action" data-execution={action.executionId} data-seq={action.seq}>
			<code className="call">{label(action.connector, action.method, action.args)}</code>
			<div className="execution-id">execution {action.executionId}</div>
			<div className="actions">
				<button className="approve" disabled={busy} onClick={props.approve}>
					Approve
				</button>
				<input
					className="reason"
					value={reason}
					onChange={(e) => setReason(e.target.value)}
					placeholder="reason (for rejecting)"
				/>
				<button className="reject" disabled={busy} onClick={() => props.reject(reason)}>
					Reject
				</button>
			</div>
		</li>
	);
}

function HistoryItem(props: {
	execution: Execution;
	busy: boolean;
	rollback: () => void;
	save: (name: string) => void;
}) {
	const { execution, busy } = props;
	const [name, setName] = useState("");
	const completed = execution.status === "completed";
	const revertible = completed && execution.calls.some((call) => call.state === "applied" && call.method === "createNote");
	return (
		<li className="execution" data-id={execution.id} data-status={execution.status}>
			<div>
				<span className="status">{execution.status}</span> <span className="execution-id">{execution.id}</span>
			</div>
			<ol className="calls">
				{execution.calls.map((call) => (
					<li key={call.seq} data-seq={call.seq} data-state={call.state}>
						#{call.seq} {label(call.connector, call.method, call.args)} — {call.state}
						{outcome(call)}
						{call.decision && call.decision.kind !== "approved" && (
							<span className="decision">
								{" "}
								({call.decision.kind}
								{call.decision.by ? ` by ${call.decision.by}` : ""}
								{call.decision.reason ? `: ${call.decision.reason}` : ""})
							</span>
						)}
					</li>
				))}
			</ol>
			{execution.result !== undefined && (
				<div className="result">
					returned {typeof execution.result === "string" ? execution.result : JSON.stringify(execution.result)}
				</div>
			)}
			<RunImages images={imagesOf(execution)} />
			{completed && (
				<div className="actions">
					{revertible && (
						<button className="rollback" disabled={busy} onClick={props.rollback}>
							Roll back
						</button>
					)}
					<input
						className="snippet-name"
						value={name}
						onChange={(e) => setName(e.target.value)}
						placeholder="snippet name"
					/>
					<button className="save" disabled={busy || !name.trim()} onClick={() => props.save(name.trim())}>
						Save as snippet
					</button>
				</div>
			)}
		</li>
	);
}

createRoot(document.getElementById("root")!).render(
	<StrictMode>
		<App />
	</StrictMode>,
);
