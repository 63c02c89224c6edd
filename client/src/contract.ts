// Generated from the runtime's Rust types by tests/contract_types.rs (ts-rs); do not edit.
// `UPDATE_CONTRACT_TYPES=1 cargo test --test contract_types` writes it again.

/** A method of the contract, by name. */
export type MethodName = "tool" | "execute" | "search" | "describe" | "pendingApprovals" | "approveExecution" | "rejectExecution" | "rollbackExecution" | "cancelExecution" | "executionHistory" | "execution" | "executionOutput" | "deleteExecution" | "pruneExecutions" | "saveSnippet" | "snippets" | "deleteSnippet" | "issueToken";

/** Codes of refused requests (HTTP errors; over WebSocket `"<CODE>: <message>"`). */
export type RequestErrorCode = "BAD_REQUEST" | "UNKNOWN_METHOD" | "NOT_FOUND" | "UNAUTHORIZED" | "TOKEN_EXPIRED" | "FORBIDDEN" | "BODY_TOO_LARGE" | "METHOD_NOT_ALLOWED" | "CODE_TOO_LARGE" | "NOT_PAUSED" | "NOT_COMPLETED" | "INVALID_STATE" | "BUSY" | "INVALID_NAME" | "INVALID_CONNECTOR" | "INVALID_CONFIG" | "CONNECTOR_UNAVAILABLE" | "STORAGE_ERROR" | "INTERNAL";

/** Codes a run ends with (`ExecuteOutput.error.code`, `ExecutionState.error.code`). */
export type RunErrorCode = "SCRIPT_ERROR" | "SYNTAX_ERROR" | "REPLAY_DIVERGED" | "REPLAY_INCOMPATIBLE" | "STALLED" | "BUDGET_EXCEEDED" | "LIMIT_EXCEEDED" | "MEMORY_EXCEEDED" | "TIMEOUT" | "INVALID_OPTIONS" | "CRASHED" | "EXPIRED" | "REJECTED" | "STORAGE_ERROR" | "INTERNAL";

/** Every code the runtime documents, plus `HTTP_ERROR` (a client's: an answer that is not the runtime's JSON, e.g. from a proxy). Newer runtimes may add codes. */
export type ErrorCode = RequestErrorCode | RunErrorCode | "HTTP_ERROR" | (string & {});

/** A JSON Schema (a tool's input schema). */
export type JsonSchema = { [key: string]: unknown };

/** The result of `execute` and `approveExecution`. */
export type ExecuteOutput = {
  "status": "completed";
  executionId: string;
  result: unknown;
  calls: Array<CallRecord>;
  report: string;
  /** The run's `image()` items, kept apart from the record and served at their `url`. */
  images?: Array<ImageOutput>;
} | {
  "status": "paused";
  executionId: string;
  pending: Array<PendingAction>;
  calls: Array<CallRecord>;
  report: string;
} | {
  "status": "error";
  executionId: string;
  error: ErrorInfo;
  calls: Array<CallRecord>;
  report: string;
} | {
  "status": "cancelled";
  executionId: string;
  calls: Array<CallRecord>;
  report: string;
} | {
  "status": "waiting";
  executionId: string;
  wakeAt: number;
  calls: Array<CallRecord>;
  report: string;
};

/** The lifecycle of an execution. */
export type ExecutionStatus = "running" | "paused" | "completed" | "error" | "rejected" | "rolled_back" | "cancelled" | "waiting";

/** One tool call of an execution, numbered by `seq` in issue order. */
export type CallRecord = {
  seq: number;
  connector: string;
  method: string;
  args: unknown;
  state: CallState;
  result?: unknown;
  error?: string;
  requiresApproval: boolean;
  /** How long the call took, for calls that ran. */
  durationMs?: number;
  /** When it started (a timer: when it was set), for calls that ran: with its duration, the call's span on a timeline. */
  startedAt?: number;
  /** For a call that needed approval: what was decided, by whom, why and when. */
  decision?: Decision;
  /** What a model call used (`models.*`). */
  usage?: Usage;
};

/** Where one tool call stands. */
export type CallState = "pending" | "applied" | "error" | "reverted" | "cancelled" | "rejected";

/** What one model call used, as its provider reported it (counts it did not report are absent). */
export type Usage = {
  /** The model id. */
  model: string;
  /** `"workers-ai"` or `"openai"`. */
  provider: string;
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  /** Workers AI's unit of cost, when the binding reports it. */
  neurons?: number;
  /** How long the provider took. */
  durationMs: number;
};

/** An image in a run's answer: its reference and where to fetch it. */
export type ImageOutput = {
  /** The image's path under the instance (`images/<id>`), or the host's absolute URL. */
  url: string;
  /** Always `"image"`: how `image()` tells a reference from other values. */
  type: ImageTag;
  /** `<executionId>.<suffix>`: unique in the instance (`g<seq>i<n>` for a generated image, `o<n>` for the run's n-th literal `image()`). */
  id: string;
  mimeType: string;
  width: number;
  height: number;
  /** Size of the stored bytes. */
  bytes: number;
};

/** An image kept for a run, as scripts and callers see it: `models.generateImages` resolves to these, `image()` takes them, the answer of a run lists them (with their URL). */
export type ImageRef = {
  /** Always `"image"`: how `image()` tells a reference from other values. */
  type: ImageTag;
  /** `<executionId>.<suffix>`: unique in the instance (`g<seq>i<n>` for a generated image, `o<n>` for the run's n-th literal `image()`). */
  id: string;
  mimeType: string;
  width: number;
  height: number;
  /** Size of the stored bytes. */
  bytes: number;
};

/** The `type` of an [`ImageRef`]. */
export type ImageTag = "image";

/** A decision on a call that needed approval: what, who, why and when (contract: `decision`). */
export type Decision = {
  kind: DecisionKind;
  /** Who decided, as the request said (or the token's subject). */
  by?: string;
  /** Why, as given: the model reads it in the report. */
  reason?: string;
  /** When (ms since the epoch); 0 for decisions stored before this was kept. */
  at: number;
};

/** What became of a call that needed approval. */
export type DecisionKind = "approved" | "rejected" | "expired" | "cancelled";

/** A call waiting for a human decision. */
export type PendingAction = {
  executionId: string;
  seq: number;
  connector: string;
  method: string;
  args: unknown;
};

/** A coded error as clients see it. */
export type ErrorInfo = {
  code: ErrorCode;
  message: string;
};

/** An execution as stored and as returned by `execution` / `executionHistory`. */
export type ExecutionState = {
  id: string;
  code: string;
  status: ExecutionStatus;
  calls: Array<CallRecord>;
  result?: unknown;
  error?: ErrorInfo;
  report?: string;
  createdAt: number;
  updatedAt: number;
  /** Calls waiting for approval (empty unless paused). */
  pending: Array<PendingAction>;
  /** When a `waiting` run resumes (ms since the epoch). */
  wakeAt?: number;
  /** The most heap the run's sandbox held in any pass, in bytes beyond what an empty sandbox holds (the bound is `CODEMODE_MAX_HEAP_MB`); absent for runs recorded before it was measured. */
  peakHeapBytes?: number;
  /** A completed run's `image()` items, as its answer listed them. */
  images?: Array<ImageOutput>;
};

/** The result of `executionOutput`: a run's whole output, before the report's truncation. */
export type ExecutionOutputText = {
  executionId: string;
  text: string;
  /** Whether the report showed less than this. */
  truncated: boolean;
};

/** The result of `search`. */
export type SearchResults = {
  results: Array<SearchResult>;
  total: number;
  truncated: boolean;
};

/** One hit of `search`. */
export type SearchResult = {
  path: string;
  connector: string;
  method: string;
  description?: string;
  requiresApproval: boolean;
  kind: SearchKind;
  score: number;
};

/** What a search hit names: a connector's method or a saved snippet. */
export type SearchKind = "method" | "snippet";

/** The result of `describe`. */
export type Description = {
  path: string;
  kind: DescribeKind;
  description?: string;
  requiresApproval?: boolean;
  types: string;
};

/** What a described path names. */
export type DescribeKind = "connector" | "method" | "snippet";

/** A saved, reusable script. */
export type Snippet = {
  name: string;
  description: string;
  code: string;
  savedAt: number;
  connectors: Array<string>;
};

/** The result of `rollbackExecution`. */
export type RollbackOutcome = {
  reverted: number;
  failed: Array<RollbackFailure>;
  /** Applied calls whose method has no `revert` (read-only calls, typically); left as they are. */
  skipped: Array<RollbackSkip>;
};

/** An applied call whose `revert` failed (the run keeps its status; the rollback can be tried again). */
export type RollbackFailure = {
  seq: number;
  connector: string;
  method: string;
  error: string;
};

/** An applied call whose method has no `revert`, left as it is. */
export type RollbackSkip = {
  seq: number;
  connector: string;
  method: string;
};

/** The model-facing tool descriptor (`tool`, `GET /tool`). */
export type ToolDescriptor = {
  name: string;
  description: string;
  inputSchema: JsonSchema;
};

/** A frame pushed to every WebSocket of the conversation (docs/contract.md, "Agents WebSocket RPC"): a call's change, a console line, or a stored change. */
export type Progress = {
  "type": "cf_codemode_progress";
  executionId: string;
  seq: number;
  connector: string;
  method: string;
  state: ProgressState;
  durationMs?: number;
} | {
  "type": "cf_codemode_output";
  executionId: string;
  line: string;
} | {
  "type": "cf_codemode_changed";
  method: MethodName | "wake";
  executionId: string | null;
  status: ExecutionStatus | null;
  snippet?: string;
  /** Who decided (approve, reject, cancel), when the decision names someone. */
  by?: string;
};

/** Where a call is, as progress frames say it. */
export type ProgressState = "started" | "applied" | "error" | "pending" | "cancelled";

/** How much a scoped token opens. */
export type TokenScope = "read" | "approve" | "full";
