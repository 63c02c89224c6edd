// codemode-runtime: Code Mode inside your own Agent or Durable Object. The runtime (the Rust core
// compiled to wasm, src/shell/embed.rs in the repository) keeps its executions, journal and
// snippets in your object's SQLite (tables `codemode_*`); your connector classes run the tools.

import { base64 } from "./codec.js";
import { EmbeddedRuntime } from "../wasm/codemode.js";
import { describedConnector, json } from "./describe.js";
import { engineGeneration, message, refused } from "./engine.js";
import type * as Contract from "./contract.js";
import {
  CodemodeConnector,
  RemoteConnector,
  type ConnectorTools,
  type ExecutionEndStatus,
  type HeaderValue,
  type PassEndStatus,
} from "./connector.js";
import { RUNTIME_VIEW } from "./view.js";
import { CodemodeError } from "./errors.js";

export * from "./connector.js";
export * from "./utils.js";
export { CodemodeError } from "./errors.js";
export {
  DynamicWorkerExecutor,
  ToolDispatcher,
  normalizeCode,
  resolveProvider,
  runCode,
  type CodeOutput,
  type ConnectorBinding,
  type DynamicWorkerExecutorOptions,
  type ExecuteOptions,
  type ExecuteResult,
  type Executor,
  type ProviderTool,
  type ResolvedProvider,
  type ToolProvider,
  type ToolProviderTools,
} from "./executor.js";
export type { CallRecord, CallState, Decision, ExecutionStatus, PendingAction, Snippet, SearchResult, ErrorCode, ImageOutput, ImageRef, Usage } from "./contract.js";

/** How a run ended or stands, with the reference's string `error` (its code in `errorCode`). */
export type ProxyToolOutput = DistributiveOmit<Contract.ExecuteOutput, "error"> & {
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

/** Any connector the runtime takes: a connector class (`McpConnector` and `OpenApiConnector`
 * subclasses among them), or a remote service the runtime reaches itself (`remoteMcp()`, `remoteOpenApi()`). */
export type Connector = CodemodeConnector<any> | RemoteConnector;

/** Limits, by the names of the service Worker's vars (see the README's configuration table). */
export interface CodemodeRuntimeSettings {
  /** Instructions a run may execute in all (`CODEMODE_INSTRUCTION_BUDGET`). */
  instructionBudget?: number;
  /** Sandbox heap bound per run, MiB (`CODEMODE_MAX_HEAP_MB`, default 32; less when runs interleaved on the isolate hold its share, `isolateHeapMb`). */
  maxHeapMb?: number;
  /** What everything on the isolate's wasm heap may hold while a run is under way, MiB (`CODEMODE_ISOLATE_HEAP_MB`, default 64): a run's bound is `maxHeapMb` or what this has left when it starts. */
  isolateHeapMb?: number;
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
  isolateHeapMb: "CODEMODE_ISOLATE_HEAP_MB",
  keepFinished: "CODEMODE_KEEP_FINISHED",
  pausedTtlMs: "CODEMODE_PAUSED_TTL_MS",
  holdMs: "CODEMODE_HOLD_MS",
  onUpgrade: "CODEMODE_ON_UPGRADE",
};

/** What a declared model does (`models.catalog({task})` filters by it). */
export type ModelTask = "text-generation" | "text-classification" | "text-to-image";

/** The methods of the sandbox's `models` global (for `requireApproval`). */
export type ModelMethod = "catalog" | "classify" | "generateText" | "generateImages";

/** A model the provider offers, as `models.catalog()` lists it. */
export interface ModelDeclaration {
  id: string;
  task: ModelTask | ModelTask[];
  description?: string;
}

/** A Workers AI binding (`env.AI`), or any object with its `run(model, inputs)`. */
export interface AiBindingLike {
  run(...args: any[]): unknown;
}

/**
 * Where the sandbox's `models.*` calls go (the service Worker's `CODEMODE_MODELS`, as an object):
 * Workers AI through a binding, or an OpenAI-compatible endpoint. Each call is journaled like a
 * tool call (connector `models`, with its `usage` on the call record).
 */
export type CodemodeModels =
  | {
      provider: "workers-ai";
      /** The binding: its name in `env` (default `"AI"`), or the binding object itself. */
      binding?: string | AiBindingLike;
      /** Models offered beside Workers AI's built-in ones. */
      models?: ModelDeclaration[];
      requireApproval?: "none" | "all" | ModelMethod[];
    }
  | {
      provider: "openai";
      /** E.g. `https://api.openai.com/v1`. */
      baseUrl: string;
      /** The key (sent as `Authorization: Bearer`): literal text, or a secret of `env` by name. */
      apiKey?: string | { secret: string };
      headers?: Record<string, HeaderValue>;
      /** The models the endpoint offers (at least one). */
      models: ModelDeclaration[];
      requireApproval?: "none" | "all" | ModelMethod[];
      /** Per request, ms (default 60 000, at most 300 000). */
      timeoutMs?: number;
    };

/** An image a run handed back, with its bytes (`handle.image(id)`). */
export interface RunImage {
  type: "image";
  id: string;
  mimeType: string;
  width: number;
  height: number;
  /** The size of `data`. */
  bytes: number;
  data: Uint8Array;
}

/**
 * Reshapes a completed run's result before the caller (and the model) sees it, e.g.
 * `(result) => truncateResult(result)`: the stored execution keeps the result as returned. On the
 * first pass and on a resume after approval alike. A throw leaves the result as it was returned
 * (the report says why).
 */
export type TransformResult = (result: unknown) => unknown | Promise<unknown>;

export interface CreateCodemodeRuntimeOptions {
  /** Your Durable Object's state (`this.ctx`): the runtime keeps its tables in its SQLite. */
  ctx: DurableObjectState;
  /**
   * Which runtime of the object (default `"default"`, tables `codemode_*`): each name has its
   * own executions, snippets and values (tables `codemode_<name>_*`). Lower-case letters, digits
   * and `_`, at most 40.
   */
  name?: string;
  connectors: Connector[];
  /** See {@link TransformResult}. */
  transformResult?: TransformResult;
  /** Where remote declarations' `${SECRET}`s are read (your `env`). */
  env?: unknown;
  /** Accepted for the reference's API and not used: the sandbox runs in this Worker (no Worker Loader). */
  executor?: unknown;
  /** The reference's name for `settings.keepFinished`: finished runs kept. */
  maxExecutions?: number;
  settings?: CodemodeRuntimeSettings;
  /**
   * The sandbox's `models` global (`models.classify`, `generateText`, `generateImages`,
   * `catalog`): a provider declaration, or the service Worker's `CODEMODE_MODELS` JSON text.
   * Without it scripts have no `models`.
   */
  models?: CodemodeModels | string;
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
  execute: (input: { code: string }, options?: unknown) => Promise<ProxyToolOutput>;
  /** What the model reads: the run's report, and the images of a completed run after it. */
  toModelOutput: (options: { output: ProxyToolOutput }) => Promise<ModelOutput>;
}

/**
 * A tool result as the model reads it: the AI SDK's `ToolResultOutput` (ai 6), of the two forms
 * used here. A run without images is its report as text; one with images is `content`: the report,
 * then each image as an `image-data` part (base64).
 */
export type ModelOutput =
  | { type: "text"; value: string }
  | {
      type: "content";
      value: Array<{ type: "text"; text: string } | { type: "image-data"; data: string; mediaType: string }>;
    };

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
  execute(input: { code: string }): Promise<ProxyToolOutput>;
  search(query: string): Promise<SearchOutput>;
  describe(path: string): Promise<DescribeOutput>;
  pending(executionId?: string): Promise<Contract.PendingAction[]>;
  approve(options: { executionId: string; seq?: number; by?: string; reason?: string }): Promise<ProxyToolOutput>;
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
  /**
   * One MCP message (JSON-RPC, or a batch) answered by the runtime's MCP server, the same as the
   * service Worker's `/mcp` (tools `codemode`, `search`, `describe`): the reply, or `undefined`
   * for a notification. `codeMcpServer` (`codemode-runtime/mcp`) serves it through the MCP SDK.
   */
  mcp(message: object): Promise<object | undefined>;
  /** When the runtime next needs `wake()` (ms since the epoch), or null. */
  nextWakeAt(): Promise<number | null>;
  /**
   * An image a run handed back (`ProxyToolOutput.images[i].id`), with its bytes. An id the object
   * does not keep (never, or its run was deleted) throws a CodemodeError `NOT_FOUND`.
   */
  image(id: string): Promise<RunImage>;
  /**
   * The same image as an HTTP response (its bytes, `Content-Type`, cacheable: an id never changes
   * its bytes), for your agent's `onRequest` to serve `ProxyToolOutput.images[i].url`; an unknown id
   * is a 404 with the contract's `{error: {code, message}}`.
   */
  imageResponse(id: string): Promise<Response>;
}

/** One object's runtime: the wasm runtime, the engine instance it was opened on, and when. */
interface Opened {
  engine: number;
  runtime: Promise<EmbeddedRuntime>;
  openedAt: number;
  /** A handle is opening a fresh runtime to reach services that were down. */
  reopening: boolean;
}

/** The runtime a handle is for: its object's `ctx` and its `name` (default `"default"`). */
type RuntimeKey = Pick<CreateCodemodeRuntimeOptions, "ctx" | "name">;

/** Values per runtime: by the object's `ctx`, then the runtime's name. */
class PerRuntime<T> {
  #objects = new WeakMap<DurableObjectState, Map<string, T>>();

  get({ ctx, name }: RuntimeKey): T | undefined {
    return this.#objects.get(ctx)?.get(name ?? DEFAULT_NAME);
  }

  set({ ctx, name }: RuntimeKey, value: T): void {
    let named = this.#objects.get(ctx);
    if (!named) this.#objects.set(ctx, (named = new Map()));
    named.set(name ?? DEFAULT_NAME, value);
  }

  delete({ ctx, name }: RuntimeKey): void {
    this.#objects.get(ctx)?.delete(name ?? DEFAULT_NAME);
  }
}

/** The runtime whose tables are `codemode_*` (another name's are `codemode_<name>_*`). */
const DEFAULT_NAME = "default";
/** The runtimes open in this isolate. */
const runtimes = new PerRuntime<Opened>();
/** The newest handle's options of each runtime: hooks and connector classes are read from it at each use. */
const newest = new PerRuntime<CreateCodemodeRuntimeOptions>();
/** A wake-up asked for while no handle of the runtime had a `schedule` hook. */
const unscheduled = new PerRuntime<number>();
/** The model-facing tool's description of each open runtime (it names the connectors' methods). */
const descriptions = new PerRuntime<string>();
/** How long a runtime missing a declared service is used before a handle tries to reach it again. */
const RECONNECT_AFTER_MS = 5_000;

/** The connector classes of the newest handle of runtime `key`. */
function currentConnectors(key: RuntimeKey): CodemodeConnector<any>[] {
  return (newest.get(key)?.connectors ?? []).filter((c): c is CodemodeConnector<any> => c instanceof CodemodeConnector);
}

/** The tools of the connector class named `name` in the newest handle of `key`, else `fallback`'s. */
async function currentTools(key: RuntimeKey, name: string, fallback: ConnectorTools): Promise<ConnectorTools> {
  const connector = currentConnectors(key).find((c) => c.name() === name);
  return connector ? (await connector[RUNTIME_VIEW]()).tools : fallback;
}

/** Statuses after which a run never goes on: the connectors' `disposeExecution` is called. */
const ENDED: ReadonlySet<string> = new Set(["completed", "error", "rejected", "rolled_back", "cancelled"]);
/** Methods whose change is the end of a pass over a run (`wake`: a resumed one). */
const PASSES: ReadonlySet<string> = new Set(["execute", "approveExecution", "wake"]);
/** Methods whose change can end a run (a pass, or a decision); `saveSnippet` and the rest cannot. */
const ENDINGS: ReadonlySet<string> = new Set([...PASSES, "rejectExecution", "cancelExecution", "rollbackExecution"]);

/**
 * The connectors' `onPassEnd` and `disposeExecution`, told by a stored change of a run: a pass
 * ended (`onPassEnd`, then `disposeExecution` if the run ended), or a decision ended it (reject,
 * cancel, rollback, an expiry: `disposeExecution`). In order, rejections ignored, kept alive by
 * the object's `waitUntil`.
 */
function tellConnectors(key: RuntimeKey, change: Contract.Progress): void {
  if (change.type !== "cf_codemode_changed" || !change.executionId || !change.status) return;
  const { executionId, status, method } = change;
  if (!ENDINGS.has(method)) return;
  // An expiry comes as a wake that rejected the run: no pass ran.
  const passEnded = PASSES.has(method) && !(method === "wake" && status === "rejected");
  const ended = ENDED.has(status);
  if (!passEnded && !ended) return;
  tellInOrder(key, executionId, passEnded ? (status as PassEndStatus) : undefined, ended ? (status as ExecutionEndStatus) : undefined);
}

/** Runs a hook, ignoring what it throws or rejects with (and a hook that returns no promise). */
async function settled(hook: () => unknown): Promise<void> {
  try {
    await hook();
  } catch {
    // Teardown never turns a run into a failure.
  }
}

/** `onPassEnd` (if `passEnd`), then `disposeExecution` (if `end`), on each connector in turn. */
function tellInOrder(key: RuntimeKey, executionId: string, passEnd: PassEndStatus | undefined, end: ExecutionEndStatus | undefined): void {
  const connectors = currentConnectors(key);
  const told = (async () => {
    if (passEnd) {
      for (const connector of connectors) await settled(() => connector.onPassEnd(executionId, passEnd));
    }
    if (end) {
      for (const connector of connectors) await settled(() => connector.disposeExecution(executionId, end));
    }
  })();
  key.ctx.waitUntil?.(told);
}

/**
 * What the runtime needs of a connector class: its tools described, and callbacks that run them
 * (with the newest handle's instance of the class: the guide builds one per call).
 */
async function describeConnector(key: RuntimeKey, connector: CodemodeConnector<any>) {
  const { name, instructions, tools } = await connector[RUNTIME_VIEW]();
  return describedConnector(name, instructions, tools, async (method) => {
    const current = await currentTools(key, name, tools);
    const found = Object.hasOwn(current, method) ? current[method] : undefined;
    if (!found) throw new Error(`Tool "${method}" not found on ${name}`);
    return found;
  });
}

/** The name a Workers AI binding object is given in the env the runtime reads (`open`). */
const MODELS_BINDING = "__codemode_models_binding";

/**
 * Puts `options.models` into `settings` (`CODEMODE_MODELS`, the service's JSON) and answers the
 * env the runtime reads secrets and bindings from: `options.env`, and a binding object given in
 * `models.binding` under a private name (the JSON can only name a binding).
 */
function modelsSettings(options: CreateCodemodeRuntimeOptions, settings: Record<string, string>): object {
  const env: object = typeof options.env === "object" && options.env !== null ? options.env : {};
  const models = options.models;
  if (models === undefined) return env;
  if (typeof models === "string") {
    if (models.trim()) settings.CODEMODE_MODELS = models;
    return env;
  }
  if (models.provider === "workers-ai" && typeof models.binding === "object" && models.binding !== null) {
    settings.CODEMODE_MODELS = JSON.stringify({ ...models, binding: MODELS_BINDING });
    // The user's env stays as it is: the runtime reads every other name through the prototype.
    return Object.create(env, { [MODELS_BINDING]: { value: models.binding } });
  }
  settings.CODEMODE_MODELS = JSON.stringify(models);
  return env;
}

/**
 * What the model reads of a run: its report, then (a completed run that handed back images)
 * each image's bytes as an `image-data` part. The AI SDK awaits `toModelOutput` (it may return a
 * PromiseLike), so the bytes are read from the object's SQLite here, when a model prompt is
 * built, and never travel in the tool's output: an `AIChatAgent` stores that output in every
 * message row it saves and broadcasts it to the page, where the image's `url` is enough.
 */
async function modelOutput(output: ProxyToolOutput, load: (id: string) => Promise<RunImage>): Promise<ModelOutput> {
  const images = output.status === "completed" ? (output.images ?? []) : [];
  if (images.length === 0) return { type: "text", value: output.report };
  const value: Extract<ModelOutput, { type: "content" }>["value"] = [{ type: "text", text: output.report }];
  for (const image of images) {
    try {
      const { data, mimeType } = await load(image.id);
      value.push({ type: "image-data", data: base64(data), mediaType: mimeType });
    } catch (error) {
      // Its run was deleted since (pruned beyond keepFinished): the report still names it.
      value.push({ type: "text", text: `(image ${image.id} is no longer kept: ${message(error)})` });
    }
  }
  return { type: "content", value };
}

/** The HTTP status of a refusal, as the service Worker answers it. */
function statusOf(code: Contract.ErrorCode): number {
  return code === "NOT_FOUND" ? 404 : code === "BAD_REQUEST" ? 400 : code === "BUSY" ? 409 : 500;
}

async function open(options: CreateCodemodeRuntimeOptions, startedOn: number): Promise<EmbeddedRuntime> {
  const { ctx } = options;
  const local = [];
  const remote = [];
  for (const connector of options.connectors) {
    if (connector instanceof RemoteConnector) remote.push(connector.declaration);
    else local.push(await describeConnector(options, connector));
  }
  const settings: Record<string, string> = {};
  for (const [key, name] of Object.entries(SETTINGS)) {
    const value = options.settings?.[key as keyof CodemodeRuntimeSettings];
    if (value !== undefined) settings[name] = String(value);
  }
  if (options.maxExecutions !== undefined && settings.CODEMODE_KEEP_FINISHED === undefined) {
    settings.CODEMODE_KEEP_FINISHED = String(options.maxExecutions);
  }
  const env = modelsSettings(options, settings);
  // The hooks of the newest handle, whichever opened the runtime.
  const hooks = {
    schedule: (at: number) => {
      const schedule = newest.get(options)?.schedule;
      if (schedule) schedule(at);
      else unscheduled.set(options, Math.min(at, unscheduled.get(options) ?? Infinity));
    },
    progress: (frame: string) => {
      const event = JSON.parse(frame) as Contract.Progress;
      // The connectors first: a throwing onProgress must not cost them their hooks.
      tellConnectors(options, event);
      newest.get(options)?.onProgress?.(event);
    },
    // Never rejects: the answer says what became of the result.
    transform: async (text: string) => {
      const transformResult = newest.get(options)?.transformResult;
      if (!transformResult) return json("unsupported");
      try {
        return json({ ok: (await transformResult(JSON.parse(text))) ?? null });
      } catch (error) {
        return json({ error: message(error) });
      }
    },
  };
  try {
    const runtime = await EmbeddedRuntime.open(ctx, options.name ?? DEFAULT_NAME, local, remote.length ? JSON.stringify(remote) : "", env, settings, hooks);
    const tool = JSON.parse(await runtime.call("tool", "[]")) as Contract.ToolDescriptor;
    descriptions.set(options, tool.description);
    return runtime;
  } catch (thrown) {
    throw refused(thrown, startedOn);
  }
}

/**
 * The object's runtime: opened by the first handle that needs it, shared by every later one. A
 * runtime that could not open is tried again by the next call; one that opened without some
 * declared service is reopened by the first call after RECONNECT_AFTER_MS (the others meanwhile
 * keep it, and read and decide as usual).
 */
async function runtimeOf(options: CreateCodemodeRuntimeOptions): Promise<EmbeddedRuntime> {
  const known = runtimes.get(options);
  if (known && known.engine === engineGeneration()) {
    const runtime = await known.runtime;
    if (!runtime.unavailable() || known.reopening || Date.now() < known.openedAt + RECONNECT_AFTER_MS) return runtime;
    known.reopening = true;
    try {
      const fresh = await open(options, known.engine);
      runtimes.set(options, { engine: known.engine, runtime: Promise.resolve(fresh), openedAt: Date.now(), reopening: false });
      return fresh;
    } catch {
      known.openedAt = Date.now();
      return runtime;
    } finally {
      known.reopening = false;
    }
  }
  const engine = engineGeneration();
  const entry: Opened = { engine, runtime: open(options, engine), openedAt: Date.now(), reopening: false };
  runtimes.set(options, entry);
  entry.runtime.catch(() => {
    if (runtimes.get(options) === entry) runtimes.delete(options);
  });
  return entry.runtime;
}

/** An ExecuteOutput with the reference's string `error`. */
function executeResult(output: Contract.ExecuteOutput): ProxyToolOutput {
  if (output.status !== "error") return output;
  const { error, ...rest } = output;
  return { ...rest, error: error.message, errorCode: error.code };
}

function executionState(state: Contract.ExecutionState): ExecutionState {
  const { error, ...rest } = state;
  return { ...rest, log: state.calls, ...(error ? { error: error.message, errorCode: error.code } : {}) };
}

/** The tool's description until the runtime is open (the first turn after an isolate starts). */
function fallbackDescription(connectors: Connector[]): string {
  const names = connectors.map((c) => c.name()).join(", ");
  return `Run a JavaScript program (an async arrow function) that calls the methods of the connectors ${names} with await, e.g. async () => (await ${connectors[0]?.name() ?? "connector"}.someMethod({})); only what it returns comes back. Use codemode.search(query) and codemode.describe(path) inside the program to find methods and their types.`;
}

/** A refusal as the reference answers it: an error result, not a throw. */
function errorResult(executionId: string, error: CodemodeError): ProxyToolOutput {
  return { status: "error", executionId, error: error.message, errorCode: error.code, calls: [], report: error.message } as ProxyToolOutput;
}

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
/**
 * The reference's check of the connectors' names, made up front: two with one name would shadow
 * each other, and `codemode` is the sandbox's own object (a connector of that name joins it only
 * in an executor, as its default provider).
 */
function checkConnectorNames(connectors: Connector[]): void {
  const seen = new Set<string>();
  for (const connector of connectors ?? []) {
    const name = connector.name();
    if (name === "codemode") {
      throw new CodemodeError("INVALID_CONNECTOR", 'Connector name "codemode" is reserved for the codemode platform SDK.');
    }
    if (seen.has(name)) {
      throw new CodemodeError("INVALID_CONNECTOR", `Duplicate connector name "${name}" — each connector needs a unique namespace (pass a distinct \`name\` option).`);
    }
    seen.add(name);
  }
}

export function createCodemodeRuntime(options: CreateCodemodeRuntimeOptions): CodemodeRuntimeHandle {
  checkConnectorNames(options.connectors);
  newest.set(options, options);
  const missed = unscheduled.get(options);
  if (missed !== undefined && options.schedule) {
    unscheduled.delete(options);
    options.schedule(missed);
  }
  /** `use` on the open runtime; what it throws becomes the contract's error (a trap of this
   * engine replaces it). */
  const withRuntime = async <T>(use: (runtime: EmbeddedRuntime) => T | Promise<T>): Promise<T> => {
    const startedOn = engineGeneration();
    const runtime = await runtimeOf(options);
    try {
      return await use(runtime);
    } catch (thrown) {
      throw refused(thrown, startedOn);
    }
  };
  const call = <T>(method: Contract.MethodName, args: unknown[]): Promise<T> => {
    const text = JSON.stringify(args);
    return withRuntime(async (runtime) => JSON.parse(await runtime.call(method, text)) as T);
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
          return toolOptions.description ?? descriptions.get(options) ?? fallbackDescription(options.connectors);
        },
        inputSchema: codeSchema(CODE_SCHEMA),
        execute: async (input) => {
          await opening;
          return handle.execute(input);
        },
        toModelOutput: ({ output }) => modelOutput(output, (id) => handle.image(id)),
      };
      return tool;
    },
    execute: (input) =>
      unless(
        ["CODE_TOO_LARGE"],
        (error) => errorResult("", error),
        async () => executeResult(await call("execute", [{ code: input.code }])),
      ),
    search: (query) => call("search", [query]),
    describe: (path) =>
      unless(["NOT_FOUND"], () => ({ path, kind: "method", types: `"${path}" not found.` }), () => call("describe", [path])),
    pending: (executionId) => unless(["NOT_FOUND"], () => [], () => call("pendingApprovals", [executionId ?? null])),
    approve: ({ executionId, ...decision }) =>
      unless(
        ["NOT_FOUND", "NOT_PAUSED", "BUSY"],
        (error) => errorResult(executionId, error),
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
    deleteExecution: async (executionId) => {
      // A run deleted before it ended is over for good: its connectors dispose of it (rejected).
      const before = await unless(["NOT_FOUND"], () => undefined, () => call<Contract.ExecutionState>("execution", [executionId]));
      const deleted = await call<boolean>("deleteExecution", [executionId]);
      if (deleted && before && !ENDED.has(before.status)) tellInOrder(options, executionId, undefined, "rejected");
      return deleted;
    },
    pruneExecutions: (keep) => call("pruneExecutions", keep === undefined ? [] : [keep]),
    saveSnippet: (name, { executionId, description: text }) => call("saveSnippet", [name, text ?? "", executionId]),
    snippets: () => call("snippets", []),
    deleteSnippet: (name) => call("deleteSnippet", [name]),
    expirePaused: async () => (await handle.wake()).expired,
    wake: () => withRuntime(async (runtime) => JSON.parse(await runtime.wake())),
    nextWakeAt: () => withRuntime((runtime) => runtime.nextWakeAt() ?? null),
    mcp: (message) =>
      withRuntime(async (runtime) => {
        const reply = await runtime.mcp(JSON.stringify(message));
        return reply ? (JSON.parse(reply) as object) : undefined;
      }),
    image: (id) => withRuntime((runtime) => runtime.image(String(id)) as RunImage),
    imageResponse: async (id) => {
      try {
        const { data, mimeType } = await handle.image(id);
        return new Response(data, {
          headers: {
            "content-type": mimeType,
            "cache-control": "private, max-age=31536000, immutable",
            "x-content-type-options": "nosniff",
          },
        });
      } catch (error) {
        if (!(error instanceof CodemodeError)) throw error;
        return Response.json({ error: { code: error.code, message: error.message } }, { status: statusOf(error.code) });
      }
    },
  };
  return handle;
}

/**
 * The reference keeps its state in a Durable Object facet of this class, which its users export
 * from their Worker. This runtime keeps it in your object's own SQLite: the export is kept so
 * that code doing it still builds, and the class is never instantiated.
 */
export class CodemodeRuntime {}
