#!/usr/bin/env node
/// <reference types="node" />
// `codemode`: the runtime from a terminal or a container, for people and for coding agents. Every
// command is one method of the typed client (./index.ts); nothing here knows a path or a shape the
// client does not. Node >= 20, no dependencies: progress comes over the instance's WebSocket, with
// Node's global WebSocket (Node >= 22) or the `ws` package when it can be imported.

import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { CodemodeClient, CodemodeError, type CodemodeInstance } from "./index.js";
import type { ExecuteOutput, ExecutionState, PendingAction, Progress } from "./types.js";

/** Exit codes (the help text says the same). */
const EXIT = {
  /** Done: the run completed, the command did what it said. */
  ok: 0,
  /** The run failed (status `error`, `cancelled`), or the command changed nothing. */
  failed: 1,
  /** A bad request: usage (unknown command or flag, missing argument) or a 4xx of the service. */
  badRequest: 2,
  /** The run is paused: calls await approval (`codemode pending`, `approve`, `reject`). */
  paused: 3,
  /** The run waits for a timer; the service resumes it by itself at `wakeAt`. */
  waiting: 4,
  /** The service could not be reached, or failed (5xx, an answer that is not its JSON). */
  unavailable: 5,
} as const;

const DEFAULT_URL = "http://127.0.0.1:8787";
const DEFAULT_INSTANCE = "default";

/** A failure of the command line itself: printed as `error <code>: <message>`, exit `exit`. */
class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exit: number,
  ) {
    super(message);
  }
}

const usage = (message: string) => new CliError("USAGE", `${message} (codemode --help)`, EXIT.badRequest);

type OptionSpec = { type: "string" | "boolean"; short?: string; value?: string; help: string };

const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  url: { type: "string", value: "URL", help: `the service (env CODEMODE_URL; default ${DEFAULT_URL}, wrangler dev's)` },
  instance: { type: "string", short: "i", value: "NAME", help: `the instance: one conversation (env CODEMODE_INSTANCE; default "${DEFAULT_INSTANCE}")` },
  token: { type: "string", value: "TOKEN", help: "CODEMODE_TOKEN or a scoped token (env CODEMODE_TOKEN)" },
  json: { type: "boolean", help: "print the service's JSON answer as it is, nothing else on stdout" },
  help: { type: "boolean", short: "h", help: "this help, or a command's" },
};

const DECISION_OPTIONS: Record<string, OptionSpec> = {
  by: { type: "string", value: "NAME", help: "who decides (default: the scoped token's subject)" },
  reason: { type: "string", value: "TEXT", help: "why (the model reads it)" },
};

const PROGRESS_OPTIONS: Record<string, OptionSpec> = {
  progress: { type: "boolean", help: "stream calls and console lines to stderr (default: when stderr is a terminal)" },
  "no-progress": { type: "boolean", help: "do not stream them" },
};

interface Context {
  instance: CodemodeInstance;
  url: string;
  token: string | undefined;
  json: boolean;
  values: Record<string, string | boolean | undefined>;
  args: string[];
}

interface Command {
  args: string;
  summary: string;
  detail?: string;
  options?: Record<string, OptionSpec>;
  /** Positional arguments: at least `min`, at most `max`. */
  min: number;
  max: number;
  run(context: Context): Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  run: {
    args: "[file|-]",
    summary: "run a script (from a file, `-` or piped stdin, or --eval) and print its report",
    detail:
      "Streams each call and console line to stderr while it runs (on a terminal, or with --progress), then prints\n" +
      "the report on stdout. Exit 0 completed, 1 failed or cancelled, 3 paused (calls await approval),\n" +
      "4 waiting (a timer; the service resumes the run by itself).",
    options: { eval: { type: "string", short: "e", value: "CODE", help: "the script itself" }, ...PROGRESS_OPTIONS },
    min: 0,
    max: 1,
    async run(c) {
      const code = await script(c);
      if (code.trim() === "") throw usage("the script is empty");
      const output = await withProgress(c, undefined, (signal) => c.instance.execute(code, { signal }));
      return finished(c, output);
    },
  },
  pending: {
    args: "[id]",
    summary: "list the calls awaiting approval (of one run, with an id)",
    min: 0,
    max: 1,
    async run(c) {
      return list(c, await c.instance.pendingApprovals(c.args[0]), "no calls await approval", pendingLine);
    },
  },
  approve: {
    args: "<id>",
    summary: "approve a paused run's pending calls (only --seq's) and resume it",
    detail: "Prints the resumed run's report; the exit code is run's.",
    options: { seq: { type: "string", value: "N", help: "approve only this call" }, ...DECISION_OPTIONS, ...PROGRESS_OPTIONS },
    min: 1,
    max: 1,
    async run(c) {
      const options: { seq?: number; by?: string; reason?: string } = decision(c);
      if (c.values.seq !== undefined) options.seq = integer(c.values.seq, "--seq");
      const id = c.args[0]!;
      const output = await withProgress(c, id, () => c.instance.approveExecution(id, options));
      return finished(c, output);
    },
  },
  reject: {
    args: "<id> <seq>",
    summary: "reject one pending call (the run ends rejected; the model reads the reason)",
    options: DECISION_OPTIONS,
    min: 2,
    max: 2,
    async run(c) {
      const [id, seqText] = c.args as [string, string];
      const seq = integer(seqText, "<seq>");
      const rejected = await c.instance.rejectExecution(id, seq, decision(c));
      if (c.json) print(rejected);
      else console.log(rejected ? `rejected call ${seq} of ${id}` : `call ${seq} of ${id} was not pending: nothing rejected`);
      return rejected ? EXIT.ok : EXIT.failed;
    },
  },
  cancel: {
    args: "<id>",
    summary: "cancel a paused or waiting run, or stop one under way",
    options: DECISION_OPTIONS,
    min: 1,
    max: 1,
    async run(c) {
      const id = c.args[0]!;
      const answer = await c.instance.cancelExecution(id, decision(c));
      if (c.json) print(answer);
      else console.log(answer.cancelled ? `cancelled ${id}` : `${id} had finished: nothing cancelled`);
      return answer.cancelled ? EXIT.ok : EXIT.failed;
    },
  },
  rollback: {
    args: "<id>",
    summary: "undo a run's applied calls, newest first, through their tools' revert",
    min: 1,
    max: 1,
    async run(c) {
      const outcome = await c.instance.rollbackExecution(c.args[0]!);
      if (c.json) print(outcome);
      else {
        console.log(`reverted ${outcome.reverted}, failed ${outcome.failed.length}, skipped ${outcome.skipped.length} (no revert)`);
        for (const f of outcome.failed) console.log(`  failed #${f.seq} ${f.connector}.${f.method}: ${f.error}`);
      }
      return outcome.failed.length === 0 ? EXIT.ok : EXIT.failed;
    },
  },
  history: {
    args: "",
    summary: "the instance's runs, newest first",
    options: { limit: { type: "string", short: "n", value: "N", help: "how many (default 20)" } },
    min: 0,
    max: 0,
    async run(c) {
      const limit = c.values.limit === undefined ? undefined : integer(c.values.limit, "--limit");
      return list(c, await c.instance.executionHistory(limit), "no runs", historyLine);
    },
  },
  show: {
    args: "<id>",
    summary: "one run: its status, calls and report",
    min: 1,
    max: 1,
    async run(c) {
      const run = await c.instance.execution(c.args[0]!);
      if (c.json) return print(run);
      console.log(historyLine(run));
      for (const call of run.calls) {
        const decided = call.decision ? `, ${call.decision.kind}${call.decision.by ? ` by ${call.decision.by}` : ""}` : "";
        const took = call.durationMs === undefined ? "" : ` ${call.durationMs} ms`;
        console.log(`  #${call.seq} ${call.connector}.${call.method} ${call.state}${took}${decided}${call.error ? `: ${call.error}` : ""}`);
      }
      for (const action of run.pending) console.log(`  awaits approval: ${pendingLine(action)}`);
      if (run.error) console.log(`error ${run.error.code}: ${run.error.message}`);
      if (run.report) console.log(`\n${run.report.replace(/\n$/, "")}`);
      return EXIT.ok;
    },
  },
  search: {
    args: "[query]",
    summary: "find connector methods and snippets (no query: all of them, first 10)",
    min: 0,
    max: 1,
    async run(c) {
      const found = await c.instance.search(c.args[0] ?? "");
      if (c.json) return print(found);
      for (const hit of found.results) {
        const approval = hit.requiresApproval ? " (needs approval)" : "";
        console.log(`${hit.path}${approval}${hit.description ? `  ${oneLine(hit.description)}` : ""}`);
      }
      if (found.truncated) console.log(`… ${found.total - found.results.length} more of ${found.total}: narrow the query`);
      else if (found.total === 0) console.log("nothing found");
      return EXIT.ok;
    },
  },
  describe: {
    args: "<path>",
    summary: "a connector, `connector.method` or a snippet, as TypeScript",
    min: 1,
    max: 1,
    async run(c) {
      const description = await c.instance.describe(c.args[0]!);
      if (c.json) return print(description);
      console.log(description.types);
      return EXIT.ok;
    },
  },
  types: {
    args: "",
    summary: "the TypeScript declarations of every connector",
    detail: "The connectors are those the service's tool description declares; each is `describe <connector>`.\n--json prints the list of those describe answers.",
    min: 0,
    max: 0,
    async run(c) {
      const tool = await c.instance.tool();
      const names = [...tool.description.matchAll(/^declare const ([A-Za-z_$][\w$]*): \{$/gm)].map((m) => m[1]!);
      const descriptions = await Promise.all(names.map((name) => c.instance.describe(name)));
      if (c.json) return print(descriptions);
      console.log(descriptions.map((d) => d.types).join("\n\n"));
      return EXIT.ok;
    },
  },
  snippets: {
    args: "",
    summary: "the saved snippets (scripts call them with codemode.run(name, input))",
    min: 0,
    max: 0,
    async run(c) {
      return list(c, await c.instance.snippets(), "no snippets", (s) => `${s.name}  ${oneLine(s.description)}${s.connectors.length ? `  (${s.connectors.join(", ")})` : ""}`);
    },
  },
};

function optionLines(options: Record<string, OptionSpec>): string[] {
  return Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : "    "}--${name}${spec.value ? ` ${spec.value}` : ""}`;
    return `  ${flag.padEnd(24)} ${spec.help}`;
  });
}

const EXIT_HELP = `Exit codes:
  0  done; a run completed
  1  the run failed (error, cancelled), or the command changed nothing (reject, cancel, rollback)
  2  bad request: an unknown command or flag, a missing argument, or the service's 4xx
     (UNAUTHORIZED or TOKEN_EXPIRED: the token; FORBIDDEN; NOT_FOUND; NOT_PAUSED; BAD_REQUEST; ...)
  3  the run is paused: calls await approval (codemode pending, approve, reject)
  4  the run waits for a timer; the service resumes it by itself
  5  the service is unreachable (UNREACHABLE) or failed (5xx, or HTTP_ERROR: not its JSON)
Errors are one line on stderr: error CODE: message`;

function mainHelp(): string {
  const width = Math.max(...Object.entries(COMMANDS).map(([name, c]) => `${name} ${c.args}`.length));
  const commands = Object.entries(COMMANDS).map(([name, c]) => `  ${`${name} ${c.args}`.padEnd(width)}  ${c.summary}`);
  return [
    "codemode: run scripts on a codemode-runtime service and decide their approvals",
    "",
    "Usage: codemode <command> [arguments] [options]",
    "",
    "Commands:",
    ...commands,
    "",
    "Options (every command):",
    ...optionLines(GLOBAL_OPTIONS),
    "",
    EXIT_HELP,
    "",
    "codemode <command> --help tells more of one command.",
  ].join("\n");
}

function commandHelp(name: string, command: Command): string {
  const lines = [`Usage: codemode ${name} ${command.args}`.trimEnd(), "", command.summary];
  if (command.detail) lines.push("", command.detail);
  if (command.options) lines.push("", "Options:", ...optionLines(command.options));
  lines.push("", "Options (every command):", ...optionLines(GLOBAL_OPTIONS), "", EXIT_HELP);
  return lines.join("\n");
}

/** `--json`: the answer as the service gave it. */
function print(value: unknown): number {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  return EXIT.ok;
}

/** A list: as JSON with `--json`, else one line per item (`empty` when there is none). */
function list<T>(c: Context, items: T[], empty: string, line: (item: T) => string): number {
  if (c.json) return print(items);
  if (items.length === 0) console.log(empty);
  for (const item of items) console.log(line(item));
  return EXIT.ok;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

function pendingLine(action: PendingAction): string {
  return `${action.executionId}  ${action.seq}  ${action.connector}.${action.method}  ${JSON.stringify(action.args)}`;
}

function historyLine(run: ExecutionState): string {
  return `${run.id}  ${run.status.padEnd(11)}  ${new Date(run.createdAt).toISOString()}  ${oneLine(run.code).slice(0, 60)}`;
}

function integer(text: string | boolean, what: string): number {
  if (typeof text !== "string" || !/^\d+$/.test(text)) throw usage(`${what} takes a whole number, not ${JSON.stringify(text)}`);
  return Number(text);
}

function decision(c: Context): { by?: string; reason?: string } {
  const options: { by?: string; reason?: string } = {};
  if (typeof c.values.by === "string") options.by = c.values.by;
  if (typeof c.values.reason === "string") options.reason = c.values.reason;
  return options;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function script(c: Context): Promise<string> {
  const file = c.args[0];
  if (typeof c.values.eval === "string") {
    if (file !== undefined) throw usage("run takes a file or --eval, not both");
    return c.values.eval;
  }
  if (file === "-" || (file === undefined && !process.stdin.isTTY)) return readStdin();
  if (file === undefined) throw usage("run needs a script: a file, `-` for stdin, or --eval CODE");
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw new CliError("USAGE", `cannot read ${file}: ${(error as Error).message}`, EXIT.badRequest);
  }
}

/** Prints a run's answer (execute, approveExecution); its status gives the exit code. */
function finished(c: Context, output: ExecuteOutput): number {
  if (c.json) print(output);
  else process.stdout.write(output.report.endsWith("\n") ? output.report : `${output.report}\n`);
  switch (output.status) {
    case "completed":
      return EXIT.ok;
    case "paused":
      if (!c.json) {
        const seqs = output.pending.map((p) => p.seq).join(", ");
        process.stderr.write(
          `paused: ${output.pending.length} call(s) await approval: codemode approve ${output.executionId}, or codemode reject ${output.executionId} <seq> (seq ${seqs})\n`,
        );
      }
      return EXIT.paused;
    case "waiting":
      if (!c.json) process.stderr.write(`waiting: the run resumes by itself at ${new Date(output.wakeAt).toISOString()}: codemode show ${output.executionId}\n`);
      return EXIT.waiting;
    default:
      return EXIT.failed;
  }
}

// ---- progress: the instance's WebSocket frames (README: "Over WebSocket") ----

interface SocketLike {
  addEventListener?(type: string, listener: (event: any) => void): void;
  on?(type: string, listener: (...args: any[]) => void): void;
  close(): void;
}

type SocketConstructor = new (url: string) => SocketLike;

async function socketConstructor(): Promise<SocketConstructor | undefined> {
  const global = (globalThis as { WebSocket?: SocketConstructor }).WebSocket;
  if (global) return global;
  try {
    // Node 20 has no global WebSocket: the `ws` package, when it is installed beside the client.
    const name = "ws";
    const module = (await import(name)) as { default?: SocketConstructor; WebSocket?: SocketConstructor };
    return module.WebSocket ?? module.default;
  } catch {
    return undefined;
  }
}

function listen(socket: SocketLike, type: "open" | "message" | "close" | "error", listener: (data?: string) => void): void {
  if (socket.on) {
    // ws: ("message", data: Buffer)
    socket.on(type, (data: unknown) => listener(type === "message" ? String(data) : undefined));
  } else {
    socket.addEventListener!(type, (event: { data?: unknown }) => listener(type === "message" ? String(event.data) : undefined));
  }
}

function progressWanted(c: Context): boolean {
  if (c.values["no-progress"]) return false;
  if (c.values.progress) return true;
  return Boolean(process.stderr.isTTY);
}

function progressLine(frame: Progress): string | undefined {
  if (frame.type === "cf_codemode_output") return `  | ${frame.line}`;
  if (frame.type !== "cf_codemode_progress") return undefined;
  const took = frame.durationMs === undefined ? "" : ` (${frame.durationMs} ms)`;
  const state = frame.state === "pending" ? "awaits approval" : frame.state;
  return `  #${frame.seq} ${frame.connector}.${frame.method} ${state}${took}`;
}

/**
 * Runs `request` while printing the frames of its run to stderr: those of `executionId`, or (for
 * a new run, whose id comes with the answer) of the first run the frames name once it was sent.
 * Without a WebSocket (or when progress is off) it only runs `request`.
 */
async function withProgress<T extends ExecuteOutput>(
  c: Context,
  executionId: string | undefined,
  request: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const stopOnInterrupt = () => {
    process.stderr.write("interrupted: the run goes on in the service (codemode history; codemode cancel <id>)\n");
    controller.abort();
    process.exit(130);
  };
  process.once("SIGINT", stopOnInterrupt);
  try {
    if (!progressWanted(c)) return await request(controller.signal);
    const Socket = await socketConstructor();
    if (!Socket) {
      process.stderr.write("(no progress: this Node has no WebSocket; Node >= 22 or the ws package gives it)\n");
      return await request(controller.signal);
    }
    const address = new URL(c.url.replace(/\/+$/, "") + c.instance.client.path(c.instance.name));
    address.protocol = address.protocol === "https:" ? "wss:" : "ws:";
    if (c.token !== undefined) address.searchParams.set("token", c.token);
    let watched = executionId;
    let settled: (() => void) | undefined;
    const changed = new Promise<void>((resolve) => (settled = resolve));
    const socket = new Socket(address.toString());
    const opened = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 5000);
      listen(socket, "open", () => (clearTimeout(timer), resolve(true)));
      listen(socket, "error", () => (clearTimeout(timer), resolve(false)));
      listen(socket, "close", () => (clearTimeout(timer), resolve(false), settled?.()));
    });
    if (!opened) {
      process.stderr.write("(no progress: the WebSocket did not open)\n");
      socket.close();
      return await request(controller.signal);
    }
    listen(socket, "message", (data) => {
      let frame: Progress;
      try {
        frame = JSON.parse(data ?? "") as Progress;
      } catch {
        return;
      }
      if (frame.type === "cf_codemode_changed") {
        if (watched !== undefined && frame.executionId === watched) settled?.();
        return;
      }
      if (frame.type !== "cf_codemode_progress" && frame.type !== "cf_codemode_output") return;
      watched ??= frame.executionId;
      if (frame.executionId !== watched) return;
      const line = progressLine(frame);
      if (line !== undefined) process.stderr.write(`${line}\n`);
    });
    try {
      const output = await request(controller.signal);
      watched ??= output.executionId;
      // The frames come on another connection than the answer: wait (briefly) for the run's
      // stored change, pushed after its last call and console line.
      await Promise.race([changed, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      return output;
    } finally {
      socket.close();
    }
  } finally {
    process.removeListener("SIGINT", stopOnInterrupt);
  }
}

// ---- the command line ----

function parse(argv: string[]): { name: string; command: Command; values: Record<string, string | boolean | undefined>; args: string[] } | { help: string } {
  const all: Record<string, { type: "string" | "boolean"; short?: string }> = {};
  for (const options of [GLOBAL_OPTIONS, DECISION_OPTIONS, PROGRESS_OPTIONS, ...Object.values(COMMANDS).map((c) => c.options ?? {})]) {
    for (const [name, spec] of Object.entries(options)) all[name] = spec.short ? { type: spec.type, short: spec.short } : { type: spec.type };
  }
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: all, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    throw usage((error as Error).message.split("\n")[0]!.replace(/\. To specify a positional.*$/, ""));
  }
  const [name, ...args] = parsed.positionals;
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (name === undefined || name === "help") {
    const about = name === "help" ? args[0] : undefined;
    if (about !== undefined) {
      const command = COMMANDS[about];
      if (!command) throw usage(`unknown command ${JSON.stringify(about)}`);
      return { help: commandHelp(about, command) };
    }
    if (values.help || name === "help") return { help: mainHelp() };
    throw usage("a command is needed");
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw usage(`unknown command ${JSON.stringify(name)}`);
  if (values.help) return { help: commandHelp(name, command) };
  const allowed = { ...GLOBAL_OPTIONS, ...command.options };
  for (const token of parsed.tokens ?? []) {
    if (token.kind === "option" && !Object.hasOwn(allowed, token.name)) throw usage(`${name} has no option --${token.name}`);
  }
  if (args.length < command.min) throw usage(`${name} needs ${command.args}`);
  if (args.length > command.max) throw usage(`${name} takes ${command.max === 0 ? "no arguments" : command.args}, not ${args.length}`);
  return { name, command, values, args };
}

function failure(error: unknown, url: string): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof CodemodeError) {
    const status = error.status;
    const exit = status !== undefined && status >= 400 && status < 500 ? EXIT.badRequest : EXIT.unavailable;
    return new CliError(error.code, oneLine(error.message), exit);
  }
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (error instanceof TypeError && cause) {
    return new CliError("UNREACHABLE", `cannot reach ${url}: ${cause.message ?? cause.code}`, EXIT.unavailable);
  }
  return new CliError("INTERNAL", oneLine(error instanceof Error ? error.message : String(error)), EXIT.unavailable);
}

async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let url = env.CODEMODE_URL || DEFAULT_URL;
  try {
    const parsed = parse(argv);
    if ("help" in parsed) {
      process.stdout.write(`${parsed.help}\n`);
      return EXIT.ok;
    }
    const { command, values, args } = parsed;
    if (typeof values.url === "string") url = values.url;
    try {
      new URL(url);
    } catch {
      throw usage(`--url ${JSON.stringify(url)} is not a URL`);
    }
    const token = typeof values.token === "string" ? values.token : env.CODEMODE_TOKEN || undefined;
    const instanceName = typeof values.instance === "string" ? values.instance : env.CODEMODE_INSTANCE || DEFAULT_INSTANCE;
    if (instanceName === "") throw usage("--instance is empty");
    const client = new CodemodeClient(url, token === undefined ? {} : { token });
    const context: Context = { instance: client.instance(instanceName), url, token, json: Boolean(values.json), values, args };
    return await command.run(context);
  } catch (error) {
    const failed = failure(error, url);
    process.stderr.write(`error ${failed.code}: ${failed.message}\n`);
    return failed.exit;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`error INTERNAL: ${oneLine(String(error))}\n`);
    process.exitCode = EXIT.unavailable;
  },
);
