// codemode-runtime-client: a typed client for the codemode-runtime Worker. No dependencies: it
// uses `fetch`, `Request`, `Response` and `URL`, which Workers, Node >= 20 and browsers all have.

import type {
  DecisionOptions,
  Description,
  ErrorCode,
  ExecuteOutput,
  ExecutionOutputText,
  ExecutionState,
  IssuedToken,
  IssueTokenOptions,
  MethodName,
  Methods,
  PendingAction,
  RollbackOutcome,
  SearchResults,
  Snippet,
  ToolDescriptor,
} from "./types.js";

export type * from "./types.js";
export { codemodeTool } from "./tool.js";
export type { CodemodeTool, CodemodeToolInput, CodemodeToolOptions, ModelOutput } from "./tool.js";

/** Anything with `fetch`: a service binding (`Fetcher`), a Durable Object stub. */
export interface FetcherLike {
  fetch(input: string, init?: RequestInit): Promise<Response>;
}

/** A Durable Object namespace (`DurableObjectNamespace`), bound with `script_name`. */
export interface NamespaceLike {
  idFromName(name: string): unknown;
  get(id: never): FetcherLike;
}

export interface CodemodeClientOptions {
  /** `CODEMODE_TOKEN` or a scoped token, sent as `Authorization: Bearer`. */
  token?: string;
  /** The agent namespace in the path, `codemode` unless the Worker binds the object under another name. */
  namespace?: string;
  /**
   * The URL origin requests carry through a binding (default `http://localhost`: a runtime with
   * no `CODEMODE_TOKEN` serves loopback hosts only, and only a binding or a local process can
   * send those). Ignored for a base URL.
   */
  origin?: string;
  /** The `fetch` used with a base URL (default: the global one). */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
}

/** A refused request or an unusable answer: the runtime's `code` and `message`. */
export class CodemodeError extends Error {
  readonly code: ErrorCode;
  /** The HTTP status, when there was one. */
  readonly status: number | undefined;

  constructor(code: ErrorCode, message: string, status?: number) {
    super(message);
    this.name = "CodemodeError";
    this.code = code;
    this.status = status;
  }
}

type Target =
  | { kind: "url"; base: string; fetch: (input: string, init?: RequestInit) => Promise<Response> }
  | { kind: "binding"; binding: FetcherLike }
  | { kind: "namespace"; namespace: NamespaceLike };

function isNamespace(value: unknown): value is NamespaceLike {
  return typeof value === "object" && value !== null && typeof (value as NamespaceLike).idFromName === "function";
}

function isFetcher(value: unknown): value is FetcherLike {
  return typeof value === "object" && value !== null && typeof (value as FetcherLike).fetch === "function";
}

/**
 * The runtime, reached through a base URL (`https://codemode.example.workers.dev`), a service
 * binding to its Worker, or its Durable Object namespace. `instance(name)` is one conversation.
 *
 * ```ts
 * const codemode = new CodemodeClient(env.CODEMODE, { token: env.CODEMODE_TOKEN });
 * const run = await codemode.instance("chat-42").execute("return await notes.listNotes()");
 * ```
 */
export class CodemodeClient {
  readonly #target: Target;
  readonly #options: CodemodeClientOptions;

  constructor(target: string | URL | FetcherLike | NamespaceLike, options: CodemodeClientOptions = {}) {
    this.#options = options;
    if (typeof target === "string" || target instanceof URL) {
      const base = String(target).replace(/\/+$/, "");
      const fetchImpl = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
      this.#target = { kind: "url", base, fetch: fetchImpl };
    } else if (isFetcher(target)) {
      // Checked first: a service binding answers any property name with an RPC stub, so it
      // would look like a namespace too. A namespace has no `fetch`.
      this.#target = { kind: "binding", binding: target };
    } else if (isNamespace(target)) {
      this.#target = { kind: "namespace", namespace: target };
    } else {
      throw new TypeError("CodemodeClient needs a base URL, a service binding (Fetcher) or a Durable Object namespace");
    }
  }

  /** One runtime instance (one conversation): its executions, approvals, snippets and store. */
  instance(name: string): CodemodeInstance {
    if (typeof name !== "string" || name === "") throw new TypeError("an instance name is a non-empty string");
    return new CodemodeInstance(this, name);
  }

  /** The path of an instance: `/agents/<namespace>/<name>`. */
  path(name: string): string {
    return `/agents/${this.#options.namespace ?? "codemode"}/${encodeURIComponent(name)}`;
  }

  /**
   * The inspector page for one instance, to hand to a person (with a scoped `approve` token, say).
   * Only for a client over a base URL.
   */
  inspectorUrl(name: string, token?: string): string {
    if (this.#target.kind !== "url") throw new TypeError("inspectorUrl needs a client over a base URL");
    const url = new URL(`${this.#target.base}/`);
    url.searchParams.set("instance", name);
    if (token !== undefined) url.searchParams.set("token", token);
    return url.toString();
  }

  /** The URL of an image of instance `name` (see `CodemodeInstance.imageUrl`). Base URL only. */
  imageUrl(name: string, id: string, token?: string): string {
    if (this.#target.kind !== "url") throw new TypeError("imageUrl needs a client over a base URL");
    const url = new URL(`${this.#target.base}${this.path(name)}/images/${encodeURIComponent(id)}`);
    if (token !== undefined) url.searchParams.set("token", token);
    return url.toString();
  }

  /** Sends one request for `name` (a path under its base, like `/rpc`). */
  async request(name: string, rest: string, init: RequestInit = {}): Promise<Response> {
    const headers: Record<string, string> = { ...this.#options.headers };
    if (this.#options.token !== undefined) headers.authorization = `Bearer ${this.#options.token}`;
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const requestInit: RequestInit = { ...init, headers };
    const path = this.path(name) + rest;
    const target = this.#target;
    switch (target.kind) {
      case "url":
        return target.fetch(target.base + path, requestInit);
      case "binding":
        return target.binding.fetch(this.#origin() + path, requestInit);
      case "namespace": {
        // The Worker addresses an object by the path segment as sent: use the same name.
        const id = target.namespace.idFromName(encodeURIComponent(name));
        return target.namespace.get(id as never).fetch(this.#origin() + path, requestInit);
      }
    }
  }

  #origin(): string {
    return (this.#options.origin ?? "http://localhost").replace(/\/+$/, "");
  }
}

/** An image a run handed back, fetched from the runtime (`instance.image(id)`). */
export interface FetchedImage {
  id: string;
  /** The `Content-Type` the runtime served it with. */
  mimeType: string;
  /** The size of `data`. */
  bytes: number;
  data: Uint8Array;
}

/** A refusal's `{error: {code, message}}` body (or any other answer) as a CodemodeError. */
function refusal(response: Response, text: string): CodemodeError {
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const error = body?.error;
  if (error && typeof error.code === "string") {
    return new CodemodeError(error.code, String(error.message ?? error.code), response.status);
  }
  return new CodemodeError("HTTP_ERROR", `HTTP ${response.status}: ${text.slice(0, 300)}`, response.status);
}

/** What a method of [`Methods`] resolves to. */
export type Result<M extends MethodName> = ReturnType<Methods[M]>;

/** One runtime instance: every method of the contract, typed. */
export class CodemodeInstance {
  readonly client: CodemodeClient;
  readonly name: string;

  constructor(client: CodemodeClient, name: string) {
    this.client = client;
    this.name = name;
  }

  /** Calls a method by name over `POST /rpc`; a refusal throws a [`CodemodeError`]. */
  call<M extends MethodName>(method: M, ...args: Parameters<Methods[M]>): Promise<Result<M>> {
    return this.#rpc(method, args);
  }

  /** Calls a method this client does not know (one a newer runtime added), untyped. */
  callUntyped(method: string, args: unknown[] = []): Promise<unknown> {
    return this.#rpc(method, args);
  }

  async #rpc(method: string, args: unknown[], signal?: AbortSignal): Promise<any> {
    // Trailing undefined arguments are left out (the runtime's optional arguments).
    while (args.length > 0 && args[args.length - 1] === undefined) args = args.slice(0, -1);
    const init: RequestInit = {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method, args }),
    };
    if (signal) init.signal = signal;
    const response = await this.client.request(this.name, "/rpc", init);
    const text = await response.text();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (response.ok && body !== null && typeof body === "object" && "result" in body) return body.result;
    throw refusal(response, text);
  }

  /** The model-facing tool: description and input schema. */
  tool(): Promise<ToolDescriptor> {
    return this.#rpc("tool", []);
  }

  /** Runs a script. A script's own failure is an `ExecuteOutput` with `status: "error"`, not a throw. */
  execute(code: string, options: { signal?: AbortSignal } = {}): Promise<ExecuteOutput> {
    return this.#rpc("execute", [code], options.signal);
  }

  search(query?: string): Promise<SearchResults> {
    return this.#rpc("search", [query]);
  }

  describe(path: string): Promise<Description> {
    return this.#rpc("describe", [path]);
  }

  pendingApprovals(executionId?: string): Promise<PendingAction[]> {
    return this.#rpc("pendingApprovals", [executionId]);
  }

  /** Approves a paused run's pending calls (only `options.seq` when given) and resumes it. */
  approveExecution(executionId: string, options?: DecisionOptions & { seq?: number }): Promise<ExecuteOutput> {
    return this.#rpc("approveExecution", options === undefined ? [executionId] : [executionId, options]);
  }

  /** Rejects one pending call; `true` if it was pending. `options.reason` reaches the model. */
  rejectExecution(executionId: string, seq: number, options?: DecisionOptions): Promise<boolean> {
    return this.#rpc("rejectExecution", options === undefined ? [executionId, seq] : [executionId, seq, options]);
  }

  /** Cancels a paused run, or stops a run under way at its next step; `false` if it had finished. */
  cancelExecution(executionId: string, options?: DecisionOptions): Promise<{ cancelled: boolean }> {
    return this.#rpc("cancelExecution", options === undefined ? [executionId] : [executionId, options]);
  }

  rollbackExecution(executionId: string): Promise<RollbackOutcome> {
    return this.#rpc("rollbackExecution", [executionId]);
  }

  /** Newest first; `limit` defaults to 20. */
  executionHistory(limit?: number): Promise<ExecutionState[]> {
    return this.#rpc("executionHistory", [limit]);
  }

  execution(executionId: string): Promise<ExecutionState> {
    return this.#rpc("execution", [executionId]);
  }

  executionOutput(executionId: string): Promise<ExecutionOutputText> {
    return this.#rpc("executionOutput", [executionId]);
  }

  /** Deletes a run and its journal: `true` if it existed (`BUSY` while a pass drives it). */
  deleteExecution(executionId: string): Promise<boolean> {
    return this.#rpc("deleteExecution", [executionId]);
  }

  /** Deletes the finished runs beyond the newest `keep` (default `CODEMODE_KEEP_FINISHED`): how many. */
  pruneExecutions(keep?: number): Promise<number> {
    return this.#rpc("pruneExecutions", keep === undefined ? [] : [keep]);
  }

  saveSnippet(name: string, description: string, executionId: string): Promise<Snippet> {
    return this.#rpc("saveSnippet", [name, description, executionId]);
  }

  snippets(): Promise<Snippet[]> {
    return this.#rpc("snippets", []);
  }

  deleteSnippet(name: string): Promise<boolean> {
    return this.#rpc("deleteSnippet", [name]);
  }

  /** A scoped token (needs the main `CODEMODE_TOKEN`). */
  issueToken(options: IssueTokenOptions): Promise<IssuedToken> {
    return this.#rpc("issueToken", [options]);
  }

  /** The inspector page for this instance (client over a base URL only). */
  inspectorUrl(token?: string): string {
    return this.client.inspectorUrl(this.name, token);
  }

  /**
   * An image a completed run handed back (`ExecuteOutput.images[i].id`), from
   * `GET <instance>/images/<id>` (a credential that may call `execution`). An id the instance
   * does not keep (its run was deleted) throws `NOT_FOUND`.
   */
  async image(id: string, options: { signal?: AbortSignal } = {}): Promise<FetchedImage> {
    const init: RequestInit = {};
    if (options.signal) init.signal = options.signal;
    const response = await this.client.request(this.name, `/images/${encodeURIComponent(id)}`, init);
    if (!response.ok) throw refusal(response, await response.text());
    const data = new Uint8Array(await response.arrayBuffer());
    const mimeType = (response.headers.get("content-type") ?? "application/octet-stream").split(";")[0]!.trim();
    return { id, mimeType, bytes: data.byteLength, data };
  }

  /**
   * The absolute URL of an image (`ExecuteOutput.images[i].url` resolved against this instance),
   * for an `<img src>`: with `token`, it carries it as `?token=` (a browser's `<img>` sends no
   * `Authorization` header; hand it a scoped `read` token). Client over a base URL only.
   */
  imageUrl(id: string, token?: string): string {
    return this.client.imageUrl(this.name, id, token);
  }
}
