// codemode-runtime/mcp: the runtime's tools as an MCP server of the MCP TypeScript SDK, from
// inside your own agent. Needs `@modelcontextprotocol/sdk` (a peer dependency, only of this entry).

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { OpenApiConnector, type OpenApiRequestOptions } from "./connector.js";
import { createCodemodeRuntime, type CodemodeRuntimeHandle, type CreateCodemodeRuntimeOptions } from "./index.js";

/** How the server introduces itself in `initialize`. */
export interface ServerIdentity {
  /** Default `"codemode"`. */
  serverName?: string;
  version?: string;
}

/** A runtime handle, or the options that make one. */
export type CodeMcpServerOptions = ({ runtime: CodemodeRuntimeHandle } | CreateCodemodeRuntimeOptions) & ServerIdentity;

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

/**
 * An `McpServer` whose tools are the runtime's, as the service Worker's `/mcp` serves them:
 * `codemode` (run a script: its report, a completed run's images), `search` and `describe`.
 * Listing and calls are answered by the runtime's own MCP server (the Rust core); runs are the
 * runtime's like any other (history, approvals, replay). Connect it to any transport, e.g. the
 * SDK's `WebStandardStreamableHTTPServerTransport` in your agent's `onRequest`.
 */
export async function codeMcpServer(options: CodeMcpServerOptions): Promise<McpServer> {
  return serverOver("runtime" in options ? options.runtime : createCodemodeRuntime(options), options);
}

/** An OpenAPI document and the request function that reaches the service, for {@link openApiMcpServer}. */
export type OpenApiMcpServerOptions = Omit<CreateCodemodeRuntimeOptions, "connectors"> &
  ServerIdentity & {
    spec: Record<string, unknown>;
    /** Makes the (authenticated) call: the path with its parameters in place, as `OpenApiConnector.request()`. */
    request: (options: OpenApiRequestOptions) => Promise<unknown>;
    /** The sandbox global of the service (default `"api"`). */
    connectorName?: string;
  };

/**
 * {@link codeMcpServer} over one service described by `spec`: a runtime whose only connector is
 * an `OpenApiConnector` of `spec` and `request` (each operation a method of `api`), named
 * `name` (default `"openapi"`: its tables and history apart from the agent's own). Writes pause
 * for approval: approve them through `createCodemodeRuntime({ctx, name: "openapi", ...})`.
 * Credentials stay in `request`, on the host.
 */
export function openApiMcpServer(options: OpenApiMcpServerOptions): McpServer {
  const { spec, request, connectorName = "api", ...runtimeOptions } = options;
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
  const runtime = createCodemodeRuntime({ name: "openapi", ...runtimeOptions, connectors: [new SpecConnector(options.ctx, options.env)] });
  return serverOver(runtime, options);
}
