import {
  generateTypesFromJsonSchema as declarations,
  mcpCallParams,
  mcpTool,
  methodName,
  openApiRequest,
  openApiTools,
} from "../wasm/codemode.js";
import { answered, mcpResultValue } from "./engine.js";
import { CodemodeError, runtimeRefusal } from "./errors.js";
import type { JsonSchemaToolDescriptors } from "./utils.js";
import { RUNTIME_VIEW, type RuntimeView } from "./view.js";

// Connector classes: where a script's tool calls go. A connector's `name()` is the sandbox global
// (`notes`), each of its `tools()` a method on it (`notes.createNote({...})`).

/** What a tool learns about the call it runs: stable across pause, replay and restarts. */
export interface ToolExecuteContext {
  executionId: string;
  /** The call's number within its execution. */
  seq: number;
  /** `"<executionId>:<seq>"`: send it as an `Idempotency-Key` to services with side effects. */
  idempotencyKey: string;
}

/** How a run ended for good, as `disposeExecution` is told (`cancelled`: this runtime's own). */
export type ExecutionEndStatus = "completed" | "error" | "rejected" | "rolled_back" | "cancelled";

/** How a pass over a run ended, as `onPassEnd` is told: it ended the run, or the run waits
 * (`paused` for an approval, `waiting` on a timer: this runtime's own). */
export type PassEndStatus = ExecutionEndStatus | "paused" | "waiting";

/** A JSON Schema object. */
export type JsonSchemaObject = { [key: string]: unknown };

/** One tool of a connector. */
export interface ConnectorTool {
  description?: string;
  /** JSON Schema of the single argument object; checked in the sandbox before the call is made. */
  inputSchema?: JsonSchemaObject;
  /** Read as `inputSchema` when that is absent (older AI SDK tools). */
  parameters?: JsonSchemaObject;
  /** JSON Schema of the result, for the declarations the model reads. */
  outputSchema?: JsonSchemaObject;
  /** Calls pause the run until `approve()` (or `reject()`). */
  requiresApproval?: boolean;
  /** Runs the call. What it returns (JSON) is journaled before the script sees it. */
  execute: (args: unknown, ctx?: ToolExecuteContext) => unknown | Promise<unknown>;
  /** Undoes an applied call on `rollback()`, given its arguments and journaled result. */
  revert?: (args: unknown, result: unknown, ctx?: ToolExecuteContext) => void | Promise<void>;
  /** Accepted for the reference's API: every call here is journaled (a replay never runs it again). */
  replay?: "log" | "reexecute";
}

/** A connector's tools by method name. */
export type ConnectorTools = Record<string, ConnectorTool>;

/** What a tool says of itself besides its schemas (the reference's `ToolAnnotations`). */
export interface ToolAnnotations {
  /** Calls pause the run until approved. */
  requiresApproval?: boolean;
  /** Accepted for the reference's API: every call here is journaled. */
  replay?: "log" | "reexecute";
}

/** The reference's `ConnectorDescription`: what `describe()` answers. */
export interface ConnectorDescription {
  name: string;
  instructions?: string;
  descriptors: JsonSchemaToolDescriptors;
  annotations?: Record<string, ToolAnnotations>;
}

/** The key of a connector's instructions as the runtime gives them (the services' own added). */
const INSTRUCTIONS = Symbol("codemode.instructions");

/**
 * The base of a connector class next to your agent: override `name()`, `instructions()` and
 * `tools()`. Its tools run in your Worker, with your object's `ctx` and `env`.
 */
export abstract class CodemodeConnector<Env = unknown, _Props = unknown> {
  readonly ctx: DurableObjectState;
  readonly env: Env;
  #tools: Promise<ConnectorTools> | undefined;

  /** `ctx` is the object's state (`this.ctx` of an Agent); the reference's type is kept, which
   * also admits a Worker's `ExecutionContext`. */
  constructor(ctx: DurableObjectState | ExecutionContext, env: Env) {
    this.ctx = ctx as DurableObjectState;
    this.env = env;
  }

  /** The sandbox global: a JavaScript identifier. */
  abstract name(): string;

  /** Free text for the model about this connector as a whole. */
  protected instructions(): string | undefined {
    return undefined;
  }

  /** The tools, by method name. */
  protected abstract tools(): ConnectorTools | Promise<ConnectorTools>;

  /** A hook over each tool as it is read (to wrap or decorate it); the tool itself by default. */
  protected tool(_name: string, tool: ConnectorTool): ConnectorTool {
    return tool;
  }

  /** `tools()`, read once per instance, through `tool()`. */
  protected resolvedTools(): Promise<ConnectorTools> {
    if (!this.#tools) {
      const reading = (async () => {
        const tools = await this.tools();
        const resolved: ConnectorTools = {};
        for (const [name, tool] of Object.entries(tools ?? {})) {
          if (!tool || typeof tool !== "object") continue;
          const decorated = this.tool(name, tool);
          if (decorated.requiresApproval && decorated.replay === "reexecute") {
            throw new CodemodeError(
              "INVALID_CONFIG",
              `Connector "${this.name()}" tool "${name}" cannot combine requiresApproval with replay: "reexecute" — approved actions must be logged, not re-executed.`,
            );
          }
          resolved[name] = decorated;
        }
        return resolved;
      })();
      this.#tools = reading;
      // A failure (a service down) is not kept: the next read tries again.
      reading.catch(() => {
        if (this.#tools === reading) this.#tools = undefined;
      });
    }
    return this.#tools;
  }

  /** Runs one tool, as the runtime does (`Tool "m" not found on <name>` for an unknown one). */
  async executeTool(method: string, args: unknown, ctx?: ToolExecuteContext): Promise<unknown> {
    const tools = await this.resolvedTools();
    const tool = Object.hasOwn(tools, method) ? tools[method] : undefined;
    if (!tool) throw new Error(`Tool "${method}" not found on ${this.name()}`);
    return tool.execute(args, ctx);
  }

  /** Undoes one applied call through the tool's `revert`: `false` when it has none. */
  async revertAction(method: string, args: unknown, result: unknown, ctx?: ToolExecuteContext): Promise<boolean> {
    const tools = await this.resolvedTools();
    const revert = Object.hasOwn(tools, method) ? tools[method]?.revert : undefined;
    if (!revert) return false;
    await revert(args, result, ctx);
    return true;
  }

  /**
   * A pass over a run ended: the run ended, or waits (`paused`, `waiting`). For per-pass
   * resources (a socket, a lease). Called on the newest handle's instance, before
   * `disposeExecution`; be idempotent, keep nothing in the instance, and do not throw (a
   * rejection is ignored).
   */
  async onPassEnd(_executionId: string, _status: PassEndStatus): Promise<void> {}

  /**
   * A run ended for good (completed, failed, rejected, cancelled, rolled back; never when it
   * only pauses): tear down what the connector opened for it, keyed by `executionId`. May be
   * called more than once for a run (a completed run later rolled back); a rejection is ignored.
   */
  async disposeExecution(_executionId: string, _status: ExecutionEndStatus): Promise<void> {}

  /** Name, instructions, each tool's schemas and its annotations (approval), as the reference's. */
  async describe(): Promise<ConnectorDescription> {
    const { name, instructions, tools } = await this[RUNTIME_VIEW]();
    const descriptors: JsonSchemaToolDescriptors = {};
    const annotations: Record<string, ToolAnnotations> = {};
    for (const [method, tool] of Object.entries(tools)) {
      const inputSchema = tool.inputSchema ?? tool.parameters ?? { type: "object" };
      descriptors[method] = {
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        inputSchema,
        ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
      };
      const annotated: ToolAnnotations = {
        ...(tool.requiresApproval ? { requiresApproval: true } : {}),
        ...(tool.replay !== undefined ? { replay: tool.replay } : {}),
      };
      if (Object.keys(annotated).length) annotations[method] = annotated;
    }
    return {
      name,
      ...(instructions ? { instructions } : {}),
      descriptors,
      ...(Object.keys(annotations).length ? { annotations } : {}),
    };
  }

  /** The TypeScript declarations of this connector's tools' schemas, as the catalog renders them. */
  async getTypeScriptTypes(): Promise<string> {
    return declarations(JSON.stringify((await this.describe()).descriptors), this.name());
  }

  /** Name, instructions and the tools themselves, as the runtime reads them. */
  async [RUNTIME_VIEW](): Promise<RuntimeView> {
    // The tools first: reading them reads a service's own words (an OpenAPI document's).
    const tools = await this.resolvedTools();
    const instructions = await this[INSTRUCTIONS]();
    return { name: this.name(), ...(instructions ? { instructions } : {}), tools };
  }

  /** `instructions()`; a service's connector adds what the service says of itself. */
  async [INSTRUCTIONS](): Promise<string | undefined> {
    return this.instructions();
  }
}

/** A header value: literal text, or a secret (or var) of `env` by name, with an optional prefix. */
export type HeaderValue = string | { secret: string; prefix?: string };

/** What a remote service declaration has besides its kind (the `CODEMODE_CONNECTORS` fields). */
export interface RemoteOptions {
  /** The sandbox global. */
  name: string;
  /** Sent with every request (not the protocol's own headers). */
  headers?: Record<string, HeaderValue>;
  /**
   * Which calls pause for approval: `"all"`, `"none"`, a list of method names, or by default
   * `"annotated"` for MCP (destructive tools) and `"writes"` for OpenAPI (POST, PUT, PATCH, DELETE).
   */
  requireApproval?: "all" | "none" | "annotated" | "writes" | string[];
  /** How long one request may take (ms, default 30000, at most 300000). */
  timeoutMs?: number;
  /** Free text for the model about the service. */
  description?: string;
}

/** A remote service the runtime itself connects to, as a `CODEMODE_CONNECTORS` entry of the service. */
export type RemoteDeclaration =
  | (RemoteOptions & { type: "mcp"; url: string })
  | (RemoteOptions & { type: "openapi"; spec: string | JsonSchemaObject; baseUrl?: string });

/**
 * A remote service declared by configuration: the runtime connects to it when it opens (the
 * handshake and `tools/list`, or the OpenAPI document fetched), exactly as a
 * `CODEMODE_CONNECTORS` entry of the service Worker. Made by `remoteMcp()` and `remoteOpenApi()`.
 */
export class RemoteConnector {
  readonly declaration: RemoteDeclaration;

  constructor(declaration: RemoteDeclaration) {
    this.declaration = declaration;
  }

  name(): string {
    return this.declaration.name;
  }
}

/** An MCP server over Streamable HTTP, reached by the runtime: its tools become the methods of `name`. */
export function remoteMcp(options: RemoteOptions & { url: string }): RemoteConnector {
  return new RemoteConnector({ ...options, type: "mcp" });
}

/**
 * An HTTP service described by an OpenAPI document (a URL fetched when the runtime opens, or
 * the document itself), reached by the runtime: each operation becomes a method of `name`.
 */
export function remoteOpenApi(options: RemoteOptions & { spec: string | JsonSchemaObject; baseUrl?: string }): RemoteConnector {
  return new RemoteConnector({ ...options, type: "openapi" });
}

/** A `tools/call` result, as MCP SDK clients (v1 and v2) answer it. */
export type CallToolResult = {
  toolResult?: unknown;
  isError?: boolean;
  structuredContent?: unknown;
  content?: Array<{ type: string; text?: string; [key: string]: unknown }>;
};

type McpJsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

/** A `tools/list` entry. */
export type McpTool = {
  name: string;
  description?: string;
  inputSchema: McpJsonSchema;
  outputSchema?: McpJsonSchema;
  [key: string]: unknown;
};

/**
 * An MCP connection: the agents SDK's `MCPClientConnection`, or anything with an MCP SDK
 * client and the server's tools.
 */
export interface McpConnectionLike {
  name?: string;
  client: {
    callTool(params: { name: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> }): Promise<CallToolResult>;
  };
  instructions?: string;
  tools?: McpTool[];
  fetchTools?: () => Promise<McpTool[]>;
}

/** The core's `{"error": {code, message}}` rejection text as a CodemodeError. */
function configError(thrown: unknown): unknown {
  return runtimeRefusal(thrown) ?? (typeof thrown === "string" ? new Error(thrown) : thrown);
}

/**
 * A connector over an MCP connection of your own (the agents SDK's `this.mcp` connections, an
 * MCP SDK client): each of the server's tools becomes a method, calling `client.callTool()`.
 * Subclass it and implement `createConnection()`. What a tool becomes is the runtime's, as for
 * an MCP server the service connects to: its method name (`toolName()`, overridable), its
 * description and schemas, approval for tools the server marks destructive
 * (`annotations.destructiveHint`), the call's idempotency key in `_meta`, and the result
 * (`isError` rejects with the tool's text; `structuredContent`, else the text, JSON-parsed when
 * it parses). To change a tool (approval, a `revert`), override `tool(name, t)`.
 */
export abstract class McpConnector<Env = unknown, Props = unknown> extends CodemodeConnector<Env, Props> {
  #connection: Promise<McpConnectionLike> | undefined;

  protected abstract createConnection(): Promise<McpConnectionLike> | McpConnectionLike;

  /** The method name of an MCP tool (`get-weather` → `getWeather`). */
  protected toolName(tool: McpTool): string {
    return methodName(tool.name);
  }

  /** `createConnection()`, once per instance. */
  protected getConnection(): Promise<McpConnectionLike> {
    if (!this.#connection) {
      const connecting = Promise.resolve().then(() => this.createConnection());
      this.#connection = connecting;
      // A failed connection is not kept: the next call connects again.
      connecting.catch(() => {
        if (this.#connection === connecting) this.#connection = undefined;
      });
    }
    return this.#connection;
  }

  /** The connection's tools: as it lists them, else `fetchTools()`. */
  protected async fetchTools(): Promise<McpTool[]> {
    const connection = await this.getConnection();
    if (connection.tools?.length) return connection.tools;
    return (await connection.fetchTools?.()) ?? [];
  }

  /** The connector's own instructions after the server's. */
  async [INSTRUCTIONS](): Promise<string | undefined> {
    const { instructions } = await this.getConnection();
    return [instructions, await super[INSTRUCTIONS]()].filter(Boolean).join("\n\n") || undefined;
  }

  protected async tools(): Promise<ConnectorTools> {
    const tools: ConnectorTools = {};
    const sources = new Map<string, string>();
    for (const tool of await this.fetchTools()) {
      const name = this.toolName(tool);
      const existing = sources.get(name);
      if (existing !== undefined) {
        throw new CodemodeError(
          "INVALID_CONFIG",
          `MCP tools "${existing}" and "${tool.name}" on ${this.name()} both become method "${name}"; override toolName() to tell them apart`,
        );
      }
      sources.set(name, tool.name);
      const derived = JSON.parse(mcpTool(JSON.stringify(tool))) as Omit<ConnectorTool, "execute">;
      tools[name] = {
        ...derived,
        execute: async (args, ctx) => {
          const params = mcpCallParams(tool.name, JSON.stringify(args ?? {}), ctx?.idempotencyKey);
          return mcpResultValue(await (await this.getConnection()).client.callTool(JSON.parse(params)));
        },
      };
    }
    return tools;
  }
}

type DerivedOperations = { instructions: string; tools: Array<[string, Omit<ConnectorTool, "execute">, string]> };

/** The core's reading of each document object, by connector name: connectors built per call
 * over the same `spec()` object read it once. */
const derivedBySpec = new WeakMap<object, Map<string, DerivedOperations>>();

function derivedOperations(name: string, document: Record<string, unknown>): DerivedOperations {
  const known = derivedBySpec.get(document)?.get(name);
  if (known) return known;
  let derived: DerivedOperations;
  try {
    derived = JSON.parse(openApiTools(name, JSON.stringify(document)));
  } catch (thrown) {
    throw configError(thrown);
  }
  let byName = derivedBySpec.get(document);
  if (!byName) derivedBySpec.set(document, (byName = new Map()));
  byName.set(name, derived);
  return derived;
}

/** What `OpenApiConnector.request()` is handed: the path with its parameters in place. */
export type OpenApiRequestOptions = {
  path: string;
  method?: string;
  /** Query parameters, as the script gave them (a list: one pair per item). */
  params?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
};

/**
 * The `request` method's options, refused unless the path is one of the service's: it starts with
 * `/`, has no `..` segment and no scheme or host (`//host/...`), so `request()` adding its base
 * URL and credentials cannot be sent elsewhere.
 */
function escapeHatch(options: OpenApiRequestOptions): OpenApiRequestOptions {
  const path = typeof options?.path === "string" ? options.path : "";
  const segments = path.split(/[?#]/, 1)[0]?.split("/") ?? [];
  if (!path.startsWith("/") || path.startsWith("//") || segments.some((s) => s === ".." || s === "." || /%2e%2e/i.test(s))) {
    throw new Error(`request: the path must be one of the service's, starting with "/" and without ".." (got ${JSON.stringify(path)})`);
  }
  return options;
}

const REQUEST_TOOL: ConnectorTool = {
  description:
    "Escape hatch: a request to any path of the service (method, params, body, headers). Prefer the per-operation methods. Needs approval: it can reach any operation.",
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string" },
      method: { type: "string" },
      params: { type: "object", additionalProperties: true },
      body: {},
      headers: { type: "object", additionalProperties: { type: "string" } },
    },
    required: ["path"],
  },
  requiresApproval: true,
  execute: () => undefined,
};

/**
 * A connector over an OpenAPI document and an HTTP client of your own: subclass it, return the
 * document from `spec()` and make the (authenticated) call in `request()`. Each operation
 * becomes a method, as for an OpenAPI service the runtime reaches itself: named by its
 * `operationId` (else method and path), one object argument (the path, query and header
 * parameters by name, plus `body`) checked against its schema, approval for writes (POST, PUT,
 * PATCH, DELETE); `request()` gets `{path, method, params?, body?, headers?}`. A `request`
 * method reaches any path (with approval); `exposeSpec()` adds `spec`. To change a method,
 * override `tool(name, t)`.
 */
export abstract class OpenApiConnector<Env = unknown, Props = unknown> extends CodemodeConnector<Env, Props> {
  /** The document's title and description, read with the tools. */
  #documentInstructions = "";

  protected abstract spec(): Record<string, unknown> | Promise<Record<string, unknown>>;
  protected abstract request(options: OpenApiRequestOptions): Promise<unknown>;

  /** The connector's own instructions, then what the document says about the service. */
  async [INSTRUCTIONS](): Promise<string | undefined> {
    const own = await super[INSTRUCTIONS]();
    return [own, this.#documentInstructions].filter(Boolean).join("\n\n") || undefined;
  }

  /** Whether the raw document is a method too (`spec`). Off by default. */
  protected exposeSpec(): boolean {
    return false;
  }

  protected async tools(): Promise<ConnectorTools> {
    const document = await this.spec();
    const derived = derivedOperations(this.name(), document);
    const tools: ConnectorTools = {};
    if (this.exposeSpec()) {
      tools.spec = {
        description: "The service's raw OpenAPI document.",
        inputSchema: { type: "object", properties: {} },
        execute: () => this.spec(),
      };
    }
    tools.request = { ...REQUEST_TOOL, execute: (args) => this.request(escapeHatch(args as OpenApiRequestOptions)) };
    this.#documentInstructions = derived.instructions;
    for (const [method, tool, plan] of derived.tools) {
      if (Object.hasOwn(tools, method)) {
        console.warn(`[OpenApiConnector] ${this.name()}: the operation that becomes method "${method}" is left out (the name is taken); give it another operationId`);
        continue;
      }
      tools[method] = {
        ...tool,
        execute: (args) => this.request(answered(openApiRequest(plan, JSON.stringify(args ?? {}))) as OpenApiRequestOptions),
      };
    }
    return tools;
  }
}
