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

/** A connector's tools as the runtime is given them. */
export interface ConnectorDescription {
  name: string;
  instructions?: string;
  tools: ConnectorTools;
}

/**
 * The base of a connector class next to your agent: override `name()`, `instructions()` and
 * `tools()`. Its tools run in your Worker, with your object's `ctx` and `env`.
 */
export abstract class CodemodeConnector<Env = unknown, _Props = unknown> {
  readonly ctx: DurableObjectState;
  readonly env: Env;
  #tools: Promise<ConnectorTools> | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    this.ctx = ctx;
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
    this.#tools ??= (async () => {
      const tools = await this.tools();
      const resolved: ConnectorTools = {};
      for (const [name, tool] of Object.entries(tools ?? {})) {
        if (tool && typeof tool === "object") resolved[name] = this.tool(name, tool);
      }
      return resolved;
    })();
    return this.#tools;
  }

  /** Runs one tool, as the runtime does (`Tool "m" not found on <name>` for an unknown one). */
  async executeTool(method: string, args: unknown, ctx?: ToolExecuteContext): Promise<unknown> {
    const tool = (await this.resolvedTools())[method];
    if (!tool) throw new Error(`Tool "${method}" not found on ${this.name()}`);
    return tool.execute(args, ctx);
  }

  /** Undoes one applied call through the tool's `revert`: `false` when it has none. */
  async revertAction(method: string, args: unknown, result: unknown, ctx?: ToolExecuteContext): Promise<boolean> {
    const revert = (await this.resolvedTools())[method]?.revert;
    if (!revert) return false;
    await revert(args, result, ctx);
    return true;
  }

  /** Name, instructions and tools, as the runtime reads them. */
  async describe(): Promise<ConnectorDescription> {
    const instructions = this.instructions();
    return {
      name: this.name(),
      ...(instructions ? { instructions } : {}),
      tools: await this.resolvedTools(),
    };
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

/**
 * An MCP server reached over Streamable HTTP: its tools become the methods of `name`. Connected
 * (handshake, `tools/list`) by the runtime when it opens, exactly as a `CODEMODE_CONNECTORS`
 * entry of the service Worker is.
 */
export class McpConnector {
  readonly declaration: RemoteOptions & { type: "mcp"; url: string };

  constructor(options: RemoteOptions & { url: string }) {
    this.declaration = { ...options, type: "mcp" };
  }

  name(): string {
    return this.declaration.name;
  }
}

/**
 * An HTTP service described by an OpenAPI document (a URL fetched when the runtime opens, or the
 * document itself): each operation becomes a method of `name`.
 */
export class OpenApiConnector {
  readonly declaration: RemoteOptions & { type: "openapi"; spec: string | JsonSchemaObject; baseUrl?: string };

  constructor(options: RemoteOptions & { spec: string | JsonSchemaObject; baseUrl?: string }) {
    this.declaration = { ...options, type: "openapi" };
  }

  name(): string {
    return this.declaration.name;
  }
}
