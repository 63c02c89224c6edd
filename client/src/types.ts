// The runtime's external contract (docs/contract.md in the codemode-runtime repository) as
// TypeScript types. The shapes are generated from the runtime's Rust types (./contract.ts); this
// file adds what only clients write: the options objects and the method table. Fields may be added
// by later versions of the runtime; none are renamed or removed without a note in its CHANGELOG.

import type {
  Description,
  ExecuteOutput,
  ExecutionOutputText,
  ExecutionState,
  PendingAction,
  Progress,
  RollbackOutcome,
  SearchResults,
  Snippet,
  TokenScope,
  ToolDescriptor,
} from "./contract.js";

export type * from "./contract.js";

/** A frame sent to every WebSocket while a run executes: one per call or timer change. */
export type ProgressFrame = Extract<Progress, { type: "cf_codemode_progress" }>;
/** A console line of a run as it executes. */
export type OutputFrame = Extract<Progress, { type: "cf_codemode_output" }>;
/** A change stored by a method (or the object's wake-up), pushed to every WebSocket. */
export type ChangedFrame = Extract<Progress, { type: "cf_codemode_changed" }>;

/** Who decides and why (`approveExecution`, `rejectExecution`, `cancelExecution` options). */
export interface DecisionOptions {
  by?: string;
  reason?: string;
}

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
  deleteExecution(executionId: string): boolean;
  pruneExecutions(keep?: number): number;
  saveSnippet(name: string, description: string, executionId: string): Snippet;
  snippets(): Snippet[];
  deleteSnippet(name: string): boolean;
  issueToken(options: IssueTokenOptions): IssuedToken;
}

