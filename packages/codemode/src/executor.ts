// The reference's executor plumbing, over this sandbox: code run once against plain functions,
// nothing kept (no history, no approvals, no replay). `DynamicWorkerExecutor` runs it in the
// Rust core compiled to wasm (a runtime over memory, src/shell/embed.rs `OnceRun`), not in a
// Worker Loader isolate; the durable runs are `createCodemodeRuntime`'s.

import { parseForCodemode, stringifyForCodemode } from "./codec.js";
import { RpcTarget } from "cloudflare:workers";
import { OnceRun, methodName, normalizeCode as normalized } from "../wasm/codemode.js";
import { CodemodeConnector, type ConnectorTool, type ConnectorTools } from "./connector.js";
import { RUNTIME_VIEW } from "./view.js";
import { describedConnector } from "./describe.js";
import { engineGeneration, message, refused } from "./engine.js";
import { CodemodeError } from "./errors.js";

/** What an executor answers: `error` when the code failed, `logs` its console lines. */
export interface ExecuteResult {
  result: unknown;
  error?: string;
  logs?: string[];
}

/** Functions the sandbox calls as `name.fn({...})`, one argument object each. */
export interface ResolvedProvider {
  name: string;
  fns: Record<string, (...args: unknown[]) => Promise<unknown>>;
  /** The reference's sandbox-side code run before the script; refused here (see the README). */
  prelude?: string;
}

/** A connector given to the sandbox as `name.*`: here, a `CodemodeConnector` instance. */
export interface ConnectorBinding {
  name: string;
  binding: { callTool(method: string, args: unknown): Promise<unknown> };
}

export interface ExecuteOptions {
  connectors?: ConnectorBinding[];
}

/** Runs model-written code against tool functions; never throws (errors are in the result). */
export interface Executor {
  execute(
    code: string,
    providersOrFns: ResolvedProvider[] | Record<string, (...args: unknown[]) => Promise<unknown>>,
    options?: ExecuteOptions,
  ): Promise<ExecuteResult>;
}

export interface DynamicWorkerExecutorOptions {
  /** The reference's Worker Loader binding: accepted, not used (the sandbox is this isolate's wasm). */
  loader?: unknown;
  /** Longest a run may take, in ms (default 60 000): timers wait up to it, then `Execution timed out`. */
  timeout?: number;
  /** `null` or absent: the sandbox has no network either way. A `Fetcher` is refused. */
  globalOutbound?: unknown;
  /** Modules for the sandbox to import: refused when not empty (the sandbox has no imports). */
  modules?: Record<string, string>;
  /** Bindings for the sandbox's env: refused when not empty (scripts reach only their tools). */
  bindings?: Record<string, unknown>;
}

/** The reference's default run time limit. */
const DEFAULT_TIMEOUT_MS = 60_000;
/** What a run that ran out of time answers. */
const TIMED_OUT = "Execution timed out";
/** What a tool called after its run ended throws. */
const LATE_CALL = "the execution has ended; this call was not made";
/**
 * How long a run told to stop at its timeout has to answer with its console lines before the
 * executor answers without them (it stops at its next step, so this is only a backstop).
 */
const STOP_GRACE_MS = 1_000;

/**
 * The code as one async arrow function, by the reference's rules: a markdown fence dropped, an
 * arrow function as it is, `export default` unwrapped, a lone function declaration called, else
 * the code as the body, returning its last expression statement. The core's (src/normalize.rs).
 */
export function normalizeCode(code: string): string {
  return normalized(code);
}

/** What {@link caught} code returns: the function's value, or the message of what it threw. */
type CaughtAnswer = { value?: unknown } | { threw: string };

/**
 * `fn` (an async arrow function's text) run so that what it throws answers as the reference's
 * executor does, the error's `message` (another value as text) rather than the runtime's report
 * line (`Error: boom (line 3)`). Opened on the function's first line, so no line number moves; what
 * the engine stops (time, memory, instructions) cannot be caught and answers as the runtime's.
 */
function caught(fn: string): string {
  // `fn` may end in a line comment: what follows it starts on a line of its own.
  return `async () => { try { return { value: await (${fn}\n)() }; } catch (error) { return { threw: error instanceof Error ? error.message : String(error) }; } }`;
}

/**
 * The host side of the reference's sandbox RPC: `call(name, argsJson)` runs `fns[name](...args)`
 * and answers `{"result": ...}` or `{"error": message}` as JSON text, bytes in the reference's
 * encoding both ways (codec.ts).
 */
export class ToolDispatcher extends RpcTarget {
  readonly #fns: Record<string, (...args: unknown[]) => Promise<unknown>>;

  constructor(fns: Record<string, (...args: unknown[]) => Promise<unknown>>) {
    super();
    this.#fns = fns;
  }

  async call(name: string, argsJson?: string): Promise<string> {
    const fn = Object.hasOwn(this.#fns, name) ? this.#fns[name] : undefined;
    if (!fn) return stringifyForCodemode({ error: `Tool "${name}" not found` });
    try {
      const args: unknown = argsJson ? parseForCodemode(argsJson) : [];
      return stringifyForCodemode({ result: await fn(...(Array.isArray(args) ? args : [args])) });
    } catch (error) {
      return stringifyForCodemode({ error: message(error) });
    }
  }
}

/** Refuses what the reference's executor offers and this sandbox cannot give. */
function checkOptions(options: DynamicWorkerExecutorOptions): void {
  const refuse = (what: string) => {
    throw new CodemodeError("INVALID_CONFIG", `DynamicWorkerExecutor: ${what}`);
  };
  if (options.globalOutbound !== undefined && options.globalOutbound !== null) {
    refuse("globalOutbound cannot be given: the sandbox has no network (scripts reach services through their tools)");
  }
  if (Object.keys(options.modules ?? {}).length) refuse("modules cannot be given: the sandbox has no imports");
  if (Object.keys(options.bindings ?? {}).length) refuse("bindings cannot be given: scripts reach only their tools");
  if (options.timeout !== undefined && !(Number.isSafeInteger(options.timeout) && options.timeout > 0)) {
    refuse(`timeout must be a positive whole number of ms, got ${String(options.timeout)}`);
  }
}

/** Open until the run ends: a call after that (a promise the script left behind) is not made. */
class Gate {
  open = true;

  async run<T>(call: () => T | Promise<T>): Promise<T> {
    if (!this.open) throw new Error(LATE_CALL);
    return call();
  }
}

/** A provider as a connector of the run: each fn a method, named as the runtime names tools. */
function providerConnector(provider: ResolvedProvider, gate: Gate) {
  if (provider.prelude) {
    throw new Error(`provider "${provider.name}": a prelude cannot run here (the sandbox's namespaces are frozen; codemode.step and the sandbox's helpers are built in)`);
  }
  const tools: ConnectorTools = {};
  const sources = new Map<string, string>();
  for (const [key, fn] of Object.entries(provider.fns)) {
    const name = methodName(key);
    const existing = sources.get(name);
    if (existing !== undefined) {
      throw new Error(`Tool names "${existing}" and "${key}" both become "${name}" in provider "${provider.name}"`);
    }
    sources.set(name, key);
    tools[name] = { execute: (args) => gate.run(() => fn(args)) };
  }
  return describedConnector(provider.name, undefined, tools, async (method) => tools[method] as ConnectorTool);
}

/** A connector binding as a connector of the run: its tools are listed before the run starts. */
async function bindingConnector(connector: ConnectorBinding, gate: Gate) {
  if (!(connector.binding instanceof CodemodeConnector)) {
    throw new Error(`connector "${connector.name}": only a CodemodeConnector instance can be given here (its methods are listed before the run)`);
  }
  const { instructions, tools } = await connector.binding[RUNTIME_VIEW]();
  const gated: ConnectorTools = {};
  for (const [name, tool] of Object.entries(tools)) {
    gated[name] = { ...tool, execute: (args, ctx) => gate.run(() => tool.execute(args, ctx)) };
  }
  return describedConnector(connector.name, instructions, gated, async (method) => gated[method] as ConnectorTool);
}

/**
 * Runs model-written code in this runtime's sandbox (boa in wasm, deterministic, no network),
 * with each provider's functions as `name.fn({...})` (the default provider's as `codemode.fn`,
 * beside the sandbox's own `codemode.search`/`describe`). Nothing is kept: for durable runs with
 * approvals and replay, use `createCodemodeRuntime`.
 */
export class DynamicWorkerExecutor implements Executor {
  readonly #timeout: number;

  constructor(options: DynamicWorkerExecutorOptions = {}) {
    checkOptions(options);
    this.#timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  }

  async execute(
    code: string,
    providersOrFns: ResolvedProvider[] | Record<string, (...args: unknown[]) => Promise<unknown>>,
    options?: ExecuteOptions,
  ): Promise<ExecuteResult> {
    const providers = Array.isArray(providersOrFns) ? providersOrFns : [{ name: "codemode", fns: providersOrFns }];
    const gate = new Gate();
    const startedOn = engineGeneration();
    // The timeout counts from the call: listing the connector bindings' tools is part of it.
    let run: OnceRun | undefined;
    let answered = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const outOfTime = new Promise<ExecuteResult>((resolve) => {
      const timedOut = { result: undefined, error: TIMED_OUT };
      timers.push(
        setTimeout(() => {
          try {
            // A run under way stops at its next step and answers with its logs so far.
            if (!run?.timeOut()) return resolve(timedOut);
          } catch (thrown) {
            // The instance trapped during the run (a panic aborts it): nothing will answer.
            return resolve({ result: undefined, error: refused(thrown, startedOn).message });
          }
          timers.push(setTimeout(() => resolve(timedOut), STOP_GRACE_MS));
        }, this.#timeout),
      );
    });
    try {
      const ran = (async (): Promise<ExecuteResult> => {
        const connectors = [
          ...providers.map((provider) => providerConnector(provider, gate)),
          ...(await Promise.all((options?.connectors ?? []).map((c) => bindingConnector(c, gate)))),
        ];
        // Out of time while the bindings were listed: the code is not run.
        if (answered) return { result: undefined, error: TIMED_OUT };
        run = new OnceRun(connectors, { CODEMODE_HOLD_MS: String(this.#timeout) });
        let text: string;
        try {
          text = await run.execute(caught(normalized(code)));
        } catch (thrown) {
          // A trap of the wasm instance before the run's first await (later ones abort the
          // instance under the run, and the timeout answers).
          throw refused(thrown, startedOn);
        }
        const answer = JSON.parse(text) as { result?: CaughtAnswer; error?: string; logs: string[] };
        if (answer.error !== undefined) return { result: undefined, error: answer.error, logs: answer.logs };
        const settled = answer.result ?? {};
        return "threw" in settled ? { result: undefined, error: settled.threw, logs: answer.logs } : { result: settled.value, logs: answer.logs };
      })();
      return await Promise.race([ran, outOfTime]);
    } catch (thrown) {
      return { result: undefined, error: message(thrown) };
    } finally {
      answered = true;
      gate.open = false;
      for (const timer of timers) clearTimeout(timer);
      // The run's own future keeps what it still needs; the handle is not wanted any more.
      try {
        run?.free();
      } catch {
        // An instance that trapped has freed it already.
      }
    }
  }
}

/** The code's output, as the reference's `runCode`: what `execute` returned, or a throw. */
export type CodeOutput = { result: unknown; logs?: string[] };

/**
 * Runs `code`, normalized (`normalizeCode`), with `providers` on `executor`, and returns
 * `{result, logs?}`; a failed run throws `Code execution failed: <error>` with its console lines.
 */
export async function runCode({
  code,
  executor,
  providers,
  connectors,
}: {
  code: string;
  executor: Executor;
  providers: ResolvedProvider[];
  connectors?: ConnectorBinding[];
}): Promise<CodeOutput> {
  const executed = await executor.execute(normalized(code), providers, connectors?.length ? { connectors } : undefined);
  if (executed.error) {
    const printed = executed.logs?.length ? `\n\nConsole output:\n${executed.logs.join("\n")}` : "";
    throw new Error(`Code execution failed: ${executed.error}${printed}`);
  }
  return executed.logs?.length ? { result: executed.result, logs: executed.logs } : { result: executed.result };
}

/** A tool a provider can carry: an AI SDK tool, a descriptor, or just `{description, execute}`. */
export interface ProviderTool {
  description?: string;
  inputSchema?: unknown;
  parameters?: unknown;
  outputSchema?: unknown;
  /** `true` or a function: the tool is left out of executors (they cannot wait for an approval). */
  needsApproval?: unknown;
  execute?: (...args: any[]) => unknown;
}
export type ToolProviderTools = Record<string, ProviderTool>;

/** Tools under a namespace of the sandbox (`name.tool()`; default `codemode`), and their types. */
export interface ToolProvider {
  name?: string;
  tools: ToolProviderTools;
  /** Declarations for the model; generated from the tools' schemas when absent. */
  types?: string;
}

/** The tools an executor can run: those with an `execute` and no `needsApproval`. */
export function executableTools<T extends ProviderTool>(tools: Record<string, T>): Record<string, T> {
  const kept: Record<string, T> = {};
  for (const [name, tool] of Object.entries(tools)) {
    const needsApproval = tool.needsApproval === true || typeof tool.needsApproval === "function";
    if (!needsApproval && typeof tool.execute === "function") kept[name] = tool;
  }
  return kept;
}

/**
 * A provider ready for an executor: its executable tools' `execute` functions (no input
 * validation here; `codemode-runtime/ai`'s `resolveProvider` validates with the tools' schemas).
 */
export function resolveProvider(provider: ToolProvider): ResolvedProvider {
  return resolveWith(provider, (execute) => async (...args) => execute(...args));
}

/** A provider ready for an executor: each executable tool's `execute` as `call` wraps it. */
export function resolveWith(
  provider: ToolProvider,
  call: (execute: (...args: unknown[]) => unknown, tool: ProviderTool) => (...args: unknown[]) => Promise<unknown>,
): ResolvedProvider {
  const fns: ResolvedProvider["fns"] = {};
  for (const [name, tool] of Object.entries(executableTools(provider.tools))) {
    fns[name] = call(tool.execute as (...args: unknown[]) => unknown, tool);
  }
  return { name: provider.name ?? "codemode", fns };
}
