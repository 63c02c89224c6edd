// codemode-runtime/mcp: Code Mode as an MCP server of the MCP TypeScript SDK, from inside your own
// agent. Needs `@modelcontextprotocol/sdk` (a peer dependency, only of this entry, with its zod).
//
// Two forms of each server. The runtime's: the runtime's durable tools (`codemode`, `search`,
// `describe`), answered by the core's own MCP server as the service's `/mcp` answers them. The
// reference's: one-off runs on an `Executor` (`code` over an upstream MCP server; `search` and
// `execute` over an OpenAPI document), as `@cloudflare/codemode/mcp` serves them.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { z } from "zod";
import { methodName } from "../wasm/codemode.js";
import { OpenApiConnector, type OpenApiRequestOptions } from "./connector.js";
import { mcpResultValue, message } from "./engine.js";
import { normalizeCode, type ExecuteResult, type Executor } from "./executor.js";
import { createCodemodeRuntime, type CodemodeRuntimeHandle, type CreateCodemodeRuntimeOptions } from "./index.js";
import { generateTypesFromJsonSchema, truncateResult, type JsonSchemaToolDescriptors } from "./utils.js";

/** How the server introduces itself in `initialize`. */
export interface ServerIdentity {
  /** Default `"codemode"`. */
  serverName?: string;
  version?: string;
}

/** The reference's form: an upstream MCP server's tools behind one `code` tool, run on `executor`. */
export interface UpstreamCodeMcpServerOptions {
  server: McpServer;
  executor: Executor;
  /** The `code` tool's description: `{{types}}` becomes the tools' declarations, `{{example}}` a call of the first. */
  description?: string;
}

/** The runtime's form: a runtime handle, or the options that make one. */
export type RuntimeCodeMcpServerOptions = ({ runtime: CodemodeRuntimeHandle } | CreateCodemodeRuntimeOptions) & ServerIdentity;

export type CodeMcpServerOptions = UpstreamCodeMcpServerOptions | RuntimeCodeMcpServerOptions;

/** What the runtime's MCP server answered one request. */
type Reply = { result?: unknown; error?: { code: number; message: string; data?: unknown } };

/** An `McpServer` whose tools are listed and called by `runtime`'s own MCP server. */
function serverOver(runtime: CodemodeRuntimeHandle, identity: ServerIdentity): McpServer {
  const server = new McpServer({ name: identity.serverName ?? "codemode", version: identity.version ?? "1.0.0" });
  server.server.registerCapabilities({ tools: {} });
  let next = 0;
  const ask = async (method: string, params?: unknown): Promise<unknown> => {
    next += 1;
    const reply = (await runtime.mcp({ jsonrpc: "2.0", id: next, method, ...(params === undefined ? {} : { params }) })) as Reply | undefined;
    if (reply?.error) throw new McpError(reply.error.code, reply.error.message, reply.error.data);
    return reply?.result ?? {};
  };
  server.server.setRequestHandler(ListToolsRequestSchema, async () => (await ask("tools/list")) as { tools: [] });
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => (await ask("tools/call", request.params)) as { content: [] });
  return server;
}

/** The most text a `code`, `search` or `execute` answer carries (about 6,000 tokens), as the reference's. */
const ANSWER_CHARS = 24_000;

/** A run's answer as a tool result: its value as text within the budget, or its error. */
function answerOf(run: ExecuteResult): CallToolResult {
  if (run.error) return failure(run.error);
  // Strings are cut with a marker; other values structurally, so the text stays JSON.
  const shaped = truncateResult(run.result, { maxChars: ANSWER_CHARS });
  let text: string;
  if (typeof shaped === "string") {
    text = shaped;
  } else {
    const pretty = JSON.stringify(shaped, null, 2) ?? "undefined";
    text = pretty.length <= ANSWER_CHARS ? pretty : (JSON.stringify(shaped) ?? "undefined");
  }
  return { content: [{ type: "text", text }] };
}

function failure(error: string): CallToolResult {
  return { content: [{ type: "text", text: `Error: ${error}` }], isError: true };
}

/** Runs `execute`, a throw answered as an error like the run's own. */
async function answering(execute: () => Promise<ExecuteResult>): Promise<CallToolResult> {
  try {
    return answerOf(await execute());
  } catch (thrown) {
    return failure(message(thrown));
  }
}

const CODE_TEMPLATE = `Run JavaScript that reaches these tools, to do in one step what would take many calls.

Declared:
{{types}}

Write an async arrow function (plain JavaScript, no TypeScript) that calls them, e.g. in loops or
with Promise.all, and returns what you need; only its result comes back.

{{example}}`;

/** A call of `tool` with a placeholder for each property, for the description. */
function exampleCall(tool: { name: string; inputSchema: { properties?: Record<string, unknown> } }): string {
  const parts = Object.entries(tool.inputSchema.properties ?? {}).map(([key, schema]) => {
    const type = (schema as { type?: unknown } | null)?.type;
    const placeholder = type === "number" || type === "integer" ? "0" : type === "boolean" ? "true" : '"..."';
    return `${key}: ${placeholder}`;
  });
  const args = parts.length ? `{ ${parts.join(", ")} }` : "{}";
  return `Example: async () => { const r = await codemode.${methodName(tool.name)}(${args}); return r; }`;
}

/** The reference's `codeMcpServer`: `server`'s tools as `codemode.*` methods of one `code` tool. */
async function upstreamServer({ server, executor, description }: UpstreamCodeMcpServerOptions): Promise<McpServer> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "codemode-proxy", version: "1.0.0" }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  const descriptors: JsonSchemaToolDescriptors = {};
  const fns: Record<string, (args: unknown) => Promise<unknown>> = {};
  for (const tool of tools) {
    descriptors[tool.name] = { description: tool.description, inputSchema: tool.inputSchema };
    fns[tool.name] = async (args) => mcpResultValue(await client.callTool({ name: tool.name, arguments: args as Record<string, unknown> }));
  }
  const text = (description ?? CODE_TEMPLATE)
    .replace("{{types}}", generateTypesFromJsonSchema(descriptors))
    .replace("{{example}}", tools[0] ? exampleCall(tools[0]) : "");
  const proxy = new McpServer({ name: "codemode", version: "1.0.0" });
  proxy.registerTool(
    "code",
    { description: text, inputSchema: { code: z.string().describe("JavaScript async arrow function to execute") } },
    ({ code }) => answering(() => executor.execute(code, [{ name: "codemode", fns }])),
  );
  return proxy;
}

/**
 * An `McpServer` for Code Mode. With `{runtime}` (or the runtime's options): the runtime's tools
 * as the service Worker's `/mcp` serves them — `codemode` (run a script: its report, a completed
 * run's images), `search` and `describe`; listing and calls are answered by the runtime's own MCP
 * server (the Rust core), and runs are the runtime's like any other (history, approvals, replay).
 * With `{server, executor}` (the reference's form): `server`'s tools as `codemode.*` behind one
 * `code` tool, each run one-off on `executor`. Connect it to any transport, e.g. the SDK's
 * `WebStandardStreamableHTTPServerTransport` in your agent's `onRequest`.
 */
export async function codeMcpServer(options: UpstreamCodeMcpServerOptions): Promise<McpServer>;
export async function codeMcpServer(options: RuntimeCodeMcpServerOptions): Promise<McpServer>;
export async function codeMcpServer(options: CodeMcpServerOptions): Promise<McpServer> {
  if ("server" in options && "executor" in options) return upstreamServer(options);
  const identity = options as RuntimeCodeMcpServerOptions;
  return serverOver("runtime" in identity ? identity.runtime : createCodemodeRuntime(identity), identity);
}

/** What sandbox code hands `codemode.request()` in the reference's `openApiMcpServer`. */
export interface RequestOptions {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  contentType?: string;
  rawBody?: boolean;
}

/** The outer MCP `execute` call's context (elicitation, notifications): host-side only. */
export type OpenApiMcpRequestContext = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The reference's form: `search` and `execute` over `spec`, each run one-off on `executor`. */
export interface ExecutorOpenApiMcpServerOptions {
  spec: Record<string, unknown>;
  executor: Executor;
  /** Makes the API call on the host (credentials stay here), with the outer tool call's context. */
  request: (options: RequestOptions, context: OpenApiMcpRequestContext) => Promise<unknown>;
  /** The server's name (default `"openapi"`) and version. */
  name?: string;
  version?: string;
  /** More text for the model, after the `execute` tool's description. */
  description?: string;
}

/** The runtime's form: an OpenAPI document and the request function that reaches the service. */
export type RuntimeOpenApiMcpServerOptions = Omit<CreateCodemodeRuntimeOptions, "connectors"> &
  ServerIdentity & {
    spec: Record<string, unknown>;
    /** Makes the (authenticated) call: the path with its parameters in place, as `OpenApiConnector.request()`. */
    request: (options: OpenApiRequestOptions) => Promise<unknown>;
    /** The sandbox global of the service (default `"api"`). */
    connectorName?: string;
  };

export type OpenApiMcpServerOptions = ExecutorOpenApiMcpServerOptions | RuntimeOpenApiMcpServerOptions;

/** The OpenAPI document's shape as the model reads it, `$ref`s already resolved. */
const SPEC_DECLARATIONS = `
// The OpenAPI 3.x document, every internal $ref replaced by what it points to
// (a reference back into itself is { $circular: "#/..." }).
interface Parameter { name: string; in: "query" | "header" | "path" | "cookie"; required?: boolean; description?: string; schema?: unknown }
interface Operation {
  operationId?: string; summary?: string; description?: string; tags?: string[]; deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  security?: Array<Record<string, string[]>>;
}
interface PathItem {
  summary?: string; description?: string; parameters?: Parameter[];
  get?: Operation; put?: Operation; post?: Operation; delete?: Operation; options?: Operation; head?: Operation; patch?: Operation; trace?: Operation;
}
interface OpenApiSpec {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string; description?: string }>;
  paths: Record<string, PathItem>;
  components?: Record<string, unknown>;
  tags?: Array<{ name: string; description?: string }>;
}
`;

const SEARCH_DESCRIPTION = `Search the OpenAPI document of the API: codemode.spec() answers it with its $refs resolved.
${SPEC_DECLARATIONS}
declare const codemode: { spec(): Promise<OpenApiSpec> };

Write an async arrow function that returns what you found, e.g.
async () => {
  const spec = await codemode.spec();
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    ["get", "post", "put", "patch", "delete"].filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path, summary: item[m].summary })));
}`;

const EXECUTE_DESCRIPTION = `Call the API from JavaScript (find the endpoints with 'search' first).
interface RequestOptions {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  contentType?: string;
  rawBody?: boolean;
}
${SPEC_DECLARATIONS}
declare const codemode: { spec(): Promise<OpenApiSpec>; request(options: RequestOptions): Promise<unknown> };

Write an async arrow function that returns the result, e.g.
async () => await codemode.request({ method: "GET", path: "/your/endpoint" })`;

/**
 * The sandbox code of one `search` or `execute` run. `codemode.spec()` is the document with its
 * internal `$ref`s resolved lazily inside the sandbox: the document crosses once, unexpanded (as
 * the answer of `__openapiHost.spec()`, so it is bound by a tool result's size, 1 MiB of JSON,
 * not by a script's), and a part is resolved when read, as a copy of its own, so a reference used
 * in two thousand places costs only the places read (`Object.keys(spec.paths)` resolves no
 * schema). A reference back into itself reads `{ $circular: ref }`, a missing one `undefined`, an
 * external one stays as written. `codemode.request()` goes to the host when `requesting`.
 */
function sandboxCode(code: string, requesting: boolean): string {
  return `async () => {
  const document = await __openapiHost.spec();
  const own = (value, key) => Object.prototype.hasOwnProperty.call(value, key);
  const pointed = (ref) => ref.slice(2).split("/").reduce((at, part) => at?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], document);
  const settle = (object, key, value) => Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  const view = (value, open) => {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map((item) => view(item, open));
    if (own(value, "$ref") && typeof value.$ref === "string") {
      const ref = value.$ref;
      if (open.includes(ref)) return { $circular: ref };
      if (!ref.startsWith("#/")) return JSON.parse(JSON.stringify(value));
      return view(pointed(ref), [...open, ref]);
    }
    const out = {};
    for (const key of Object.keys(value)) {
      Object.defineProperty(out, key, {
        enumerable: true,
        configurable: true,
        get: () => settle(out, key, view(value[key], open))[key],
        set: (next) => settle(out, key, next),
      });
    }
    return out;
  };
  let resolved;
  const codemode = {
    spec: async () => (resolved ??= view(document, [])),${requesting ? "\n    request: async (options) => __openapiHost.request(options)," : ""}
  };
  return await (${normalizeCode(code)})();
}`;
}

/** The reference's `openApiMcpServer`: `search` and `execute` tools over `spec`. */
function executorOpenApiServer(options: ExecutorOpenApiMcpServerOptions): McpServer {
  const { spec, executor, request, name = "openapi", version = "1.0.0", description } = options;
  const server = new McpServer({ name, version }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
  server.registerTool(
    "search",
    { description: SEARCH_DESCRIPTION, inputSchema: { code: z.string().describe("JavaScript async arrow function to search the spec") } },
    ({ code }) => answering(() => executor.execute(sandboxCode(code, false), [{ name: "__openapiHost", fns: { spec: async () => spec } }])),
  );
  server.registerTool(
    "execute",
    {
      description: description ? `${EXECUTE_DESCRIPTION}\n\n${description}` : EXECUTE_DESCRIPTION,
      inputSchema: { code: z.string().describe("JavaScript async arrow function to execute") },
    },
    ({ code }, context) =>
      answering(() =>
        executor.execute(sandboxCode(code, true), [
          { name: "__openapiHost", fns: { spec: async () => spec, request: (args: unknown) => request(args as RequestOptions, context) } },
        ]),
      ),
  );
  return server;
}

/**
 * An `McpServer` for one service described by `spec`. With `{ctx, spec, request}` (the
 * runtime's form): {@link codeMcpServer}'s three tools over a runtime whose only connector is an
 * `OpenApiConnector` of `spec` and `request` (each operation a method of `api`), named `name`
 * (default `"openapi"`: its tables and history apart from the agent's own); writes pause for
 * approval (approve them through `createCodemodeRuntime({ctx, name: "openapi", ...})`). With
 * `{spec, executor, request}` (the reference's form): `search` (code over `codemode.spec()`) and
 * `execute` (code calling `codemode.request()`), each run one-off on `executor`. Either way
 * credentials stay in `request`, on the host.
 */
export function openApiMcpServer(options: ExecutorOpenApiMcpServerOptions): McpServer;
export function openApiMcpServer(options: RuntimeOpenApiMcpServerOptions): McpServer;
export function openApiMcpServer(options: OpenApiMcpServerOptions): McpServer {
  if ("executor" in options && !("ctx" in options)) return executorOpenApiServer(options);
  const { spec, request, connectorName = "api", ...runtimeOptions } = options as RuntimeOpenApiMcpServerOptions;
  class SpecConnector extends OpenApiConnector {
    name() {
      return connectorName;
    }
    protected spec() {
      return spec;
    }
    protected request(call: OpenApiRequestOptions) {
      return request(call);
    }
  }
  // A runtime of its own (default name `openapi`): the object's default runtime is the agent's.
  const runtime = createCodemodeRuntime({
    name: "openapi",
    ...runtimeOptions,
    connectors: [new SpecConnector(runtimeOptions.ctx, runtimeOptions.env)],
  });
  return serverOver(runtime, runtimeOptions);
}
