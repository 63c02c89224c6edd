// The runtime's external contract (docs/contract.md in the codemode-runtime repository) as
// TypeScript types. Fields may be added by later versions of the runtime; none are renamed or
// removed without a note in its CHANGELOG.

/** Where one tool call stands. */
export type CallState = "pending" | "applied" | "error" | "reverted" | "cancelled" | "rejected";

/** One tool call of an execution, numbered by `seq` in the order the script issued them. */
export interface CallRecord {
  seq: number;
  connector: string;
  method: string;
  args: unknown;
  state: CallState;
  result?: unknown;
  error?: string;
  requiresApproval: boolean;
  /** How long the call ran, for calls that ran (a timer: its delay). */
  durationMs?: number;
  /** When it started (a timer: when it was set), for calls that ran. */
  startedAt?: number;
  /** For a call that needed approval: what was decided, by whom, why and when. */
  decision?: Decision;
}

/** A decision on a call that needed approval. */
export interface Decision {
  kind: "approved" | "rejected" | "expired" | "cancelled";
  by?: string;
  reason?: string;
  at: number;
}

/** Who decides and why (`approveExecution`, `rejectExecution`, `cancelExecution` options). */
export interface DecisionOptions {
  by?: string;
  reason?: string;
}

/** A call waiting for a human's decision. */
export interface PendingAction {
  executionId: string;
  seq: number;
  connector: string;
  method: string;
  args: unknown;
}

/** `{code, message}` of a failed run or a refused request. */
export interface ErrorInfo {
  code: ErrorCode;
  message: string;
}

/** The result of `execute` and `approveExecution`. */
export type ExecuteOutput =
  | { status: "completed"; executionId: string; result: unknown; calls: CallRecord[]; report: string }
  | { status: "paused"; executionId: string; pending: PendingAction[]; calls: CallRecord[]; report: string }
  | { status: "error"; executionId: string; error: ErrorInfo; calls: CallRecord[]; report: string }
  | { status: "cancelled"; executionId: string; calls: CallRecord[]; report: string }
  /** The script waits for a timer due at `wakeAt`; the runtime resumes it by itself then. */
  | { status: "waiting"; executionId: string; wakeAt: number; calls: CallRecord[]; report: string };

export type ExecutionStatus =
  | "running"
  | "paused"
  | "waiting"
  | "completed"
  | "error"
  | "rejected"
  | "rolled_back"
  | "cancelled";

/** A live frame sent to every WebSocket while a run executes: one per call or timer change. */
export interface ProgressFrame {
  type: "cf_codemode_progress";
  executionId: string;
  seq: number;
  connector: string;
  method: string;
  state: "started" | "applied" | "error" | "pending" | "cancelled";
  durationMs?: number;
}

/** A console line of a run as it executes. */
export interface OutputFrame {
  type: "cf_codemode_output";
  executionId: string;
  line: string;
}

/** An execution as stored (`execution`, `executionHistory`). */
export interface ExecutionState {
  id: string;
  code: string;
  status: ExecutionStatus;
  calls: CallRecord[];
  result?: unknown;
  error?: ErrorInfo;
  report?: string;
  createdAt: number;
  updatedAt: number;
  /** The calls waiting for approval (empty unless paused). */
  pending: PendingAction[];
  /** When a `waiting` run resumes. */
  wakeAt?: number;
  /** The most heap the run's sandbox held in any pass, in bytes (the bound is `CODEMODE_MAX_HEAP_MB`). */
  peakHeapBytes?: number;
}

/** A run's whole output (`executionOutput`), before the report cut it to `max_output_tokens`. */
export interface ExecutionOutputText {
  executionId: string;
  text: string;
  truncated: boolean;
}

export interface SearchResult {
  path: string;
  connector: string;
  method: string;
  description?: string;
  requiresApproval: boolean;
  kind: "method" | "snippet";
  score: number;
}

/** The result of `search`. */
export interface SearchResults {
  results: SearchResult[];
  total: number;
  truncated: boolean;
}

/** The result of `describe`. */
export interface Description {
  path: string;
  kind: "connector" | "method" | "snippet";
  description?: string;
  requiresApproval?: boolean;
  /** TypeScript declarations. */
  types: string;
}

export interface Snippet {
  name: string;
  description: string;
  code: string;
  savedAt: number;
  connectors: string[];
}

/** The result of `rollbackExecution`. */
export interface RollbackOutcome {
  reverted: number;
  failed: { seq: number; connector: string; method: string; error: string }[];
  /** Applied calls whose method has no `revert`. */
  skipped: { seq: number; connector: string; method: string }[];
}

/** A JSON Schema (the runtime's tool input schema). */
export type JsonSchema = { [key: string]: unknown };

/** The model-facing tool (`tool`, `GET /tool`). */
export interface ToolDescriptor {
  name: "codemode";
  description: string;
  inputSchema: JsonSchema;
}

/** How much a scoped token opens. */
export type TokenScope = "read" | "approve" | "full";

/** `issueToken`'s options. Without `instance` the token opens every instance. */
export interface IssueTokenOptions {
  scope: TokenScope;
  /** 1 to 2,592,000 (30 days). */
  ttlSeconds: number;
  instance?: string;
  /** On whose behalf the token acts (the `by` of the changes it makes). */
  subject?: string;
}

/** The result of `issueToken`. */
export interface IssuedToken {
  token: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  scope: TokenScope;
  instance: string | null;
  subject: string | null;
}

/** Codes of refused requests (HTTP errors; over WebSocket `"<CODE>: <message>"`). */
export type RequestErrorCode =
  | "BAD_REQUEST"
  | "UNKNOWN_METHOD"
  | "INVALID_NAME"
  | "UNAUTHORIZED"
  | "TOKEN_EXPIRED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "NOT_PAUSED"
  | "NOT_COMPLETED"
  | "INVALID_STATE"
  | "BUSY"
  | "METHOD_NOT_ALLOWED"
  | "CODE_TOO_LARGE"
  | "BODY_TOO_LARGE"
  | "INVALID_CONNECTOR"
  | "INVALID_CONFIG"
  | "CONNECTOR_UNAVAILABLE"
  | "STORAGE_ERROR"
  | "INTERNAL";

/** Codes a run ends with (`ExecuteOutput.error.code`, `ExecutionState.error.code`). */
export type RunErrorCode =
  | "SCRIPT_ERROR"
  | "SYNTAX_ERROR"
  | "BUDGET_EXCEEDED"
  | "LIMIT_EXCEEDED"
  | "MEMORY_EXCEEDED"
  | "CRASHED"
  | "EXPIRED"
  | "STALLED"
  | "TIMEOUT"
  | "INVALID_OPTIONS"
  | "REPLAY_DIVERGED"
  | "REPLAY_INCOMPATIBLE"
  | "REJECTED"
  | "STORAGE_ERROR"
  | "INTERNAL";

/**
 * Every code the runtime documents, plus `HTTP_ERROR` (this client: an answer that is not the
 * runtime's JSON, e.g. from a proxy). Other strings are possible from newer runtimes.
 */
export type ErrorCode = RequestErrorCode | RunErrorCode | "HTTP_ERROR" | (string & {});

/** The methods of one instance, their arguments and results: the contract's method table. */
export interface Methods {
  tool(): ToolDescriptor;
  execute(code: string): ExecuteOutput;
  search(query?: string): SearchResults;
  describe(path: string): Description;
  pendingApprovals(executionId?: string): PendingAction[];
  approveExecution(executionId: string, options?: DecisionOptions & { seq?: number }): ExecuteOutput;
  rejectExecution(executionId: string, seq: number, options?: DecisionOptions): boolean;
  rollbackExecution(executionId: string): RollbackOutcome;
  cancelExecution(executionId: string, options?: DecisionOptions): { cancelled: boolean };
  executionHistory(limit?: number): ExecutionState[];
  execution(executionId: string): ExecutionState;
  executionOutput(executionId: string): ExecutionOutputText;
  saveSnippet(name: string, description: string, executionId: string): Snippet;
  snippets(): Snippet[];
  deleteSnippet(name: string): boolean;
  issueToken(options: IssueTokenOptions): IssuedToken;
}

export type MethodName = keyof Methods;
