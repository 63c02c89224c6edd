// codemode-runtime: Code Mode inside your own Agent or Durable Object. The runtime (the Rust core
// compiled to wasm, src/shell/embed.rs in the repository) keeps its executions, journal and
// snippets in your object's SQLite (tables `codemode_*`); your connector classes run the tools.

import { EmbeddedRuntime, __wbg_reset_state as resetEngine } from "../wasm/codemode.js";
import type * as Contract from "./contract.js";
import { CodemodeConnector, McpConnector, OpenApiConnector, type ConnectorTools, type ToolExecuteContext } from "./connector.js";

export * from "./connector.js";
export type { CallRecord, CallState, Decision, ExecutionStatus, PendingAction, Snippet, SearchResult, ErrorCode } from "./contract.js";

/** A refused request: the runtime's stable `code` (docs: the README's error table) and its message. */
export class CodemodeError extends Error {
  readonly code: Contract.ErrorCode;

  constructor(code: Contract.ErrorCode, message: string) {
    super(message);
    this.name = "CodemodeError";
    this.code = code;
  }
}

/** How a run ended or stands, with the reference's string `error` (its code in `errorCode`). */
export type ExecuteResult = DistributiveOmit<Contract.ExecuteOutput, "error"> & {
  error?: string;
  errorCode?: Contract.ErrorCode;
};

/** An execution, as stored: the reference's `log` (the calls by seq) and string `error`. */
export type ExecutionState = Omit<Contract.ExecutionState, "error"> & {
  log: Contract.CallRecord[];
  error?: string;
  errorCode?: Contract.ErrorCode;
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type SearchOutput = Contract.SearchResults;
export type DescribeOutput = Contract.Description;
export type RollbackOutcome = Contract.RollbackOutcome;

/** Any connector the runtime takes: a connector class, or a remote service declaration. */
export type Connector = CodemodeConnector<any> | McpConnector | OpenApiConnector;

/** Limits, by the names of the service Worker's vars (see the README's configuration table). */
export interface CodemodeRuntimeSettings {
  /** Instructions a run may execute in all (`CODEMODE_INSTRUCTION_BUDGET`). */
  instructionBudget?: number;
  /** Sandbox heap bound per run, MiB (`CODEMODE_MAX_HEAP_MB`, default 32). */
  maxHeapMb?: number;
  /** Finished runs kept (`CODEMODE_KEEP_FINISHED`, default 50). */
  keepFinished?: number;
  /** A paused run older than this expires (`CODEMODE_PAUSED_TTL_MS`, default 24 h). */
  pausedTtlMs?: number;
  /** Longest timer a pass waits for in place (`CODEMODE_HOLD_MS`). */
  holdMs?: number;
  /** A paused run recorded by another build: `"verify"` by replay (default) or `"refuse"`. */
  onUpgrade?: "verify" | "refuse";
}

const SETTINGS: Record<keyof CodemodeRuntimeSettings, string> = {
  instructionBudget: "CODEMODE_INSTRUCTION_BUDGET",
  maxHeapMb: "CODEMODE_MAX_HEAP_MB",
  keepFinished: "CODEMODE_KEEP_FINISHED",
  pausedTtlMs: "CODEMODE_PAUSED_TTL_MS",
  holdMs: "CODEMODE_HOLD_MS",
  onUpgrade: "CODEMODE_ON_UPGRADE",
};

export interface CreateCodemodeRuntimeOptions {
  /** Your Durable Object's state (`this.ctx`): the runtime keeps its tables in its SQLite. */
  ctx: DurableObjectState;
  connectors: Connector[];
  /** Where remote declarations' `${SECRET}`s are read (your `env`). */
  env?: unknown;
  /** Accepted for the reference's API and not used: the sandbox runs in this Worker (no Worker Loader). */
  executor?: unknown;
  settings?: CodemodeRuntimeSettings;
  /**
   * The runtime needs waking at `at` (ms since the epoch): a run waits on a timer, a pass was
   * cut short, a paused run expires. Call `wake()` then, e.g. an agent's
   * `this.schedule(new Date(at), "codemodeWake")`. Without it, call `wake()` from your own alarm.
   */
  schedule?: (at: number) => void;
  /** Live events of runs (`cf_codemode_progress`, `cf_codemode_output`, `cf_codemode_changed` frames). */
  onProgress?: (event: Contract.Progress) => void;
}

/** The model-facing tool, for the AI SDK (`tools: { codemode: runtime.tool() }`). */
export interface CodemodeTool {
  description: string;
  inputSchema: StandardJsonSchema<{ code: string }>;
  execute: (input: { code: string }, options?: unknown) => Promise<ExecuteResult>;
  /** What the model reads: the run's report. */
  toModelOutput: (options: { output: ExecuteResult }) => { type: "text"; value: string };
}

/** A Standard Schema (standardschema.dev) that also carries its JSON Schema, which the AI SDK reads. */
export interface StandardJsonSchema<T> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { value: T; issues?: undefined } | { issues: Array<{ message: string; path?: PropertyKey[] }> };
    readonly jsonSchema: {
      readonly input: (options: { target: string }) => Record<string, unknown>;
      readonly output: (options: { target: string }) => Record<string, unknown>;
    };
  };
}

/** The runtime of one object. Handles are cheap: every handle over the same `ctx` shares it. */
export interface CodemodeRuntimeHandle {
  tool(options?: { description?: string }): CodemodeTool;
  execute(input: { code: string }): Promise<ExecuteResult>;
  search(query: string): Promise<SearchOutput>;
  describe(path: string): Promise<DescribeOutput>;
  pending(executionId?: string): Promise<Contract.PendingAction[]>;
  approve(options: { executionId: string; seq?: number; by?: string; reason?: string }): Promise<ExecuteResult>;
  reject(options: { executionId: string; seq: number; by?: string; reason?: string }): Promise<boolean>;
  cancel(options: { executionId: string; by?: string; reason?: string }): Promise<boolean>;
  rollback(options: { executionId: string }): Promise<RollbackOutcome>;
  executions(limit?: number): Promise<ExecutionState[]>;
  execution(executionId: string): Promise<ExecutionState>;
  /** Deletes a run and its journal: `true` if it existed (`BUSY` while a pass drives it). */
  deleteExecution(executionId: string): Promise<boolean>;
  /** Deletes the finished runs beyond the newest `keep` (default `keepFinished`): how many. */
  pruneExecutions(keep?: number): Promise<number>;
  saveSnippet(name: string, options: { executionId: string; description?: string }): Promise<Contract.Snippet>;
  snippets(): Promise<Contract.Snippet[]>;
  deleteSnippet(name: string): Promise<boolean>;
  /** Expires paused runs past `pausedTtlMs` (and resumes runs whose timer is due): the expired ids. */
  expirePaused(): Promise<string[]>;
  /** The wake-up `schedule` asked for is due: resumes and expires what is due, asks for the next. */
  wake(): Promise<{ resumed: string[]; expired: string[]; nextWakeAt: number | null }>;
  /** When the runtime next needs `wake()` (ms since the epoch), or null. */
  nextWakeAt(): Promise<number | null>;
}

/** The runtimes open in this isolate, by object, with the engine instance they were opened on. */
const runtimes = new WeakMap<DurableObjectState, { engine: number; runtime: Promise<EmbeddedRuntime> }>();
/** Counts the wasm instances of this isolate: one that stopped (a panic) is replaced by a fresh one. */
let engine = 0;
/** The model-facing tool's description of each open runtime (it names the connectors' methods). */
const descriptions = new WeakMap<DurableObjectState, string>();

/** A thrown value as text. */
function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The runtime's rejection (`{"error": {code, message}}` text) as a CodemodeError. Anything else
 * was thrown by the wasm instance itself, which a panic stops for good: it is replaced, and the
 * runtimes reopen on their next call (a run cut short is resumed by `wake()`, as after a restart).
 */
function refused(thrown: unknown): CodemodeError {
  if (typeof thrown === "string") {
    try {
      const { error } = JSON.parse(thrown) as { error: { code: string; message: string } };
      return new CodemodeError(error.code, error.message);
    } catch {
      // not the runtime's answer
    }
  }
  engine += 1;
  resetEngine();
  return new CodemodeError("INTERNAL", `the runtime stopped (${message(thrown)}); it restarts on the next call`);
}

/** A JSON text of `value`, for the journal: `undefined` is `null`. */
function json(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value);
}

/** What the runtime needs of a connector class: its tools described, and callbacks that run them. */
async function describeConnector(connector: CodemodeConnector<any>) {
  const { name, instructions, tools } = await connector.describe();
  const context = (text: string): ToolExecuteContext => JSON.parse(text);
  const tool = (method: string) => {
    const found = tools[method];
    if (!found) throw new Error(`Tool "${method}" not found on ${name}`);
    return found;
  };
  return {
    name,
    instructions: instructions ?? "",
    tools: json(describeTools(tools)),
    // Never rejects: the answer says how the call went.
    execute: async (method: string, input: string, ctx: string) => {
      try {
        return json({ ok: await tool(method).execute(JSON.parse(input), context(ctx)) ?? null });
      } catch (error) {
        return json({ error: message(error) });
      }
    },
    revert: async (method: string, input: string, result: string, ctx: string) => {
      try {
        const revert = tool(method).revert;
        if (!revert) return json("unsupported");
        await revert(JSON.parse(input), JSON.parse(result), context(ctx));
        return json({ ok: null });
      } catch (error) {
        return json({ error: message(error) });
      }
    },
  };
}

function describeTools(tools: ConnectorTools) {
  return Object.entries(tools).map(([name, tool]) => ({
    name,
    description: tool.description ?? "",
    ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    requiresApproval: tool.requiresApproval === true,
    revertible: typeof tool.revert === "function",
  }));
}

async function open(options: CreateCodemodeRuntimeOptions): Promise<EmbeddedRuntime> {
  const local = [];
  const remote = [];
  for (const connector of options.connectors) {
    if (connector instanceof McpConnector || connector instanceof OpenApiConnector) remote.push(connector.declaration);
    else local.push(await describeConnector(connector));
  }
  const settings: Record<string, string> = {};
  for (const [key, name] of Object.entries(SETTINGS)) {
    const value = options.settings?.[key as keyof CodemodeRuntimeSettings];
    if (value !== undefined) settings[name] = String(value);
  }
  const hooks = {
    schedule: options.schedule,
    progress: options.onProgress && ((frame: string) => options.onProgress?.(JSON.parse(frame))),
  };
  try {
    const runtime = await EmbeddedRuntime.open(options.ctx, local, remote.length ? JSON.stringify(remote) : "", options.env ?? {}, settings, hooks);
    const tool = JSON.parse(await runtime.call("tool", "[]")) as Contract.ToolDescriptor;
    descriptions.set(options.ctx, tool.description);
    return runtime;
  } catch (thrown) {
    throw refused(thrown);
  }
}

/** The object's runtime: opened by the first handle that needs it, shared by every later one. */
function runtimeOf(options: CreateCodemodeRuntimeOptions): Promise<EmbeddedRuntime> {
  const known = runtimes.get(options.ctx);
  if (known && known.engine === engine) return known.runtime;
  const runtime = open(options);
  const entry = { engine, runtime };
  runtimes.set(options.ctx, entry);
  // A runtime that could not open (a service down, a bad declaration) is tried again next time.
  runtime.catch(() => {
    if (runtimes.get(options.ctx) === entry) runtimes.delete(options.ctx);
  });
  return runtime;
}

/** An ExecuteOutput with the reference's string `error`. */
function executeResult(output: Contract.ExecuteOutput): ExecuteResult {
  if (output.status !== "error") return output;
  const { error, ...rest } = output;
  return { ...rest, error: error.message, errorCode: error.code };
}

function executionState(state: Contract.ExecutionState): ExecutionState {
  const { error, ...rest } = state;
  return { ...rest, log: state.calls, ...(error ? { error: error.message, errorCode: error.code } : {}) };
}

/** The tool's description until the runtime is open. */
const FALLBACK_DESCRIPTION =
  "Run a JavaScript program (an async arrow function) that calls the connectors' methods with await; only what it returns comes back.";

const CODE_SCHEMA = {
  type: "object",
  properties: { code: { type: "string", description: "An async arrow function, e.g. async () => { ... }" } },
  required: ["code"],
  additionalProperties: false,
};

function codeSchema(schema: Record<string, unknown>): StandardJsonSchema<{ code: string }> {
  return {
    "~standard": {
      version: 1,
      vendor: "codemode-runtime",
      validate(value: unknown) {
        const code = (value as { code?: unknown } | null)?.code;
        if (typeof code !== "string") return { issues: [{ message: "expected {code: string}", path: ["code"] }] };
        return { value: { code } };
      },
      jsonSchema: { input: () => structuredClone(schema), output: () => structuredClone(schema) },
    },
  };
}

/**
 * The Code Mode runtime of your Durable Object (an Agent, an `AIChatAgent`, any class with
 * `ctx.storage.sql`). Build one wherever you need it: handles over the same `ctx` share one runtime.
 */
export function createCodemodeRuntime(options: CreateCodemodeRuntimeOptions): CodemodeRuntimeHandle {
  const call = async <T>(method: Contract.MethodName, args: unknown[]): Promise<T> => {
    const runtime = await runtimeOf(options);
    try {
      return JSON.parse(await runtime.call(method, JSON.stringify(args))) as T;
    } catch (thrown) {
      throw refused(thrown);
    }
  };
  /** The call's result, or `fallback` when the runtime answers one of `codes`. */
  const unless = async <T>(codes: string[], fallback: (error: CodemodeError) => T, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof CodemodeError && codes.includes(error.code)) return fallback(error);
      throw error;
    }
  };
  const handle: CodemodeRuntimeHandle = {
    tool(toolOptions = {}) {
      // The description is the runtime's, known once it is open (the first handle of an isolate
      // opens it now; the AI SDK reads the description after an await).
      const opening = runtimeOf(options).catch(() => undefined);
      const tool: CodemodeTool = {
        get description() {
          return toolOptions.description ?? descriptions.get(options.ctx) ?? FALLBACK_DESCRIPTION;
        },
        inputSchema: codeSchema(CODE_SCHEMA),
        execute: async (input) => {
          await opening;
          return handle.execute(input);
        },
        toModelOutput: ({ output }) => ({ type: "text", value: output.report }),
      };
      return tool;
    },
    execute: async (input) => executeResult(await call("execute", [{ code: input.code }])),
    search: (query) => call("search", [query]),
    describe: (path) => call("describe", [path]),
    pending: (executionId) => unless(["NOT_FOUND"], () => [], () => call("pendingApprovals", [executionId ?? null])),
    approve: ({ executionId, ...decision }) =>
      unless(
        ["NOT_FOUND", "NOT_PAUSED"],
        (error) => ({ status: "error", executionId, error: error.message, errorCode: error.code, calls: [], report: error.message }) as ExecuteResult,
        async () => executeResult(await call("approveExecution", [executionId, decision])),
      ),
    reject: ({ executionId, seq, ...decision }) =>
      unless(["NOT_FOUND"], () => false, () => call("rejectExecution", [executionId, seq, decision])),
    cancel: async ({ executionId, ...decision }) =>
      (await call<{ cancelled: boolean }>("cancelExecution", [executionId, decision])).cancelled,
    rollback: ({ executionId }) => call("rollbackExecution", [executionId]),
    executions: async (limit) =>
      (await call<Contract.ExecutionState[]>("executionHistory", [limit ?? 10_000])).map(executionState),
    execution: async (executionId) => executionState(await call("execution", [executionId])),
    deleteExecution: (executionId) => call("deleteExecution", [executionId]),
    pruneExecutions: (keep) => call("pruneExecutions", keep === undefined ? [] : [keep]),
    saveSnippet: (name, { executionId, description: text }) => call("saveSnippet", [name, text ?? "", executionId]),
    snippets: () => call("snippets", []),
    deleteSnippet: (name) => call("deleteSnippet", [name]),
    expirePaused: async () => (await handle.wake()).expired,
    wake: async () => {
      const runtime = await runtimeOf(options);
      try {
        return JSON.parse(await runtime.wake());
      } catch (thrown) {
        throw refused(thrown);
      }
    },
    nextWakeAt: async () => {
      const runtime = await runtimeOf(options);
      try {
        return runtime.nextWakeAt() ?? null;
      } catch (thrown) {
        throw refused(thrown);
      }
    },
  };
  return handle;
}

/** Accepted where the reference's code builds one; the sandbox here needs no Worker Loader. */
export class DynamicWorkerExecutor {
  constructor(_options?: unknown) {}
}

/**
 * The reference keeps its state in a Durable Object facet of this class, which its users export
 * from their Worker. This runtime keeps it in your object's own SQLite: the export is kept so
 * that code doing it still builds, and the class is never instantiated.
 */
export class CodemodeRuntime {}
