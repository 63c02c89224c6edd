// Code written against the reference's API (`@cloudflare/codemode` 0.5.6): its guide pages'
// connectors (MCP, OpenAPI), an AI SDK tool set, the runtime's options and handle. tsc checks this
// file twice (tests/integration/reference_types.test.mjs): against the reference's own .d.ts, and
// with `@cloudflare/codemode` mapped to this package's. A name or a signature of ours that the
// reference's users' code cannot use fails the second.
import {
  CodemodeConnector,
  createCodemodeRuntime,
  DynamicWorkerExecutor,
  McpConnector,
  OpenApiConnector,
  type ConnectorTool,
  type ConnectorTools,
  type ExecutionEndStatus,
  type McpConnectionLike,
  type OpenApiRequestOptions,
  type PassEndStatus,
  type ToolExecuteContext,
  type TransformResult,
  type TruncateOptions,
  DEFAULT_MAX_EXECUTIONS,
  DEFAULT_PAUSED_TTL_MS,
  MAX_DURABLE_VALUE_BYTES,
  generateTypesFromJsonSchema,
  jsonSchemaToType,
  sanitizeToolName,
  truncateResponse,
  truncateResult,
  normalizeCode,
  resolveProvider,
  runCode,
  ToolDispatcher,
  type ExecuteResult,
  type Executor,
  type ResolvedProvider,
  type ToolProvider,
} from "@cloudflare/codemode";
import {
  aiTools,
  createCodeTool,
  generateTypes,
  resolveProvider as resolveAiProvider,
  toolSetConnector,
  ToolSetConnector,
  type CodeInput,
  type CodeOutput,
  type CreateCodeToolOptions,
} from "@cloudflare/codemode/ai";
import { codeMcpServer, openApiMcpServer, type CodeMcpServerOptions, type OpenApiMcpRequestContext, type OpenApiMcpServerOptions, type RequestOptions } from "@cloudflare/codemode/mcp";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { tool, type Tool } from "ai";
import { z } from "zod";

interface Env {
  LOADER: never;
  ORDERS_API_TOKEN: string;
}

// The "Use MCP tools with Code Mode" page's connector.
export class GithubConnector extends McpConnector<Env> {
  private connection: McpConnectionLike;

  constructor(ctx: DurableObjectState | ExecutionContext, env: Env, connection: McpConnectionLike) {
    super(ctx, env);
    this.connection = connection;
  }

  override name() {
    return "github";
  }

  protected override instructions() {
    return "Use for GitHub repositories, issues, and pull requests.";
  }

  protected override createConnection() {
    return this.connection;
  }

  protected override tool(name: string, tool: ConnectorTool): ConnectorTool {
    if (name === "create_issue") return { ...tool, requiresApproval: true };
    return tool;
  }
}

const API_ORIGIN = "https://orders.example.com";

// The OpenAPI page's connector.
export class OrdersConnector extends OpenApiConnector<Env> {
  override name() {
    return "orders";
  }

  protected override instructions() {
    return "Use for reading and creating orders.";
  }

  protected override spec() {
    return { openapi: "3.0.3", info: { title: "Orders", version: "1" }, paths: {} };
  }

  protected override async request(options: OpenApiRequestOptions) {
    const url = new URL(options.path, API_ORIGIN);
    for (const [key, value] of Object.entries(options.params ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const response = await fetch(url, {
      method: options.method ?? "GET",
      headers: { ...options.headers, Authorization: `Bearer ${this.env.ORDERS_API_TOKEN}` },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    if (!response.ok) throw new Error(`Orders API request failed: ${response.status}`);
    return response.json();
  }

  protected override tool(name: string, tool: ConnectorTool): ConnectorTool {
    return name === "create_order" ? { ...tool, requiresApproval: true } : tool;
  }
}

// A connector of one's own, with the reference's hooks.
export class ItemsConnector extends CodemodeConnector<Env> {
  readonly ended: string[] = [];

  override name() {
    return "items";
  }

  protected override tools(): ConnectorTools {
    return {
      createItem: {
        description: "Create an item.",
        inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
        requiresApproval: true,
        execute: async (args: unknown, ctx?: ToolExecuteContext) => ({ args, by: ctx?.executionId }),
        revert: async () => {},
      },
    };
  }

  override async onPassEnd(executionId: string, status: PassEndStatus) {
    this.ended.push(`${executionId} ${status}`);
  }

  override async disposeExecution(executionId: string, status: ExecutionEndStatus) {
    this.ended.push(`${executionId} ${status}`);
  }
}

export function useTheUtilities(): Array<string | number | unknown> {
  const options: TruncateOptions = { maxTokens: 1000 };
  return [
    sanitizeToolName("list-pull.requests"),
    jsonSchemaToType({ type: "object", properties: { city: { type: "string" } } }, "WeatherInput"),
    generateTypesFromJsonSchema({ getWeather: { description: "Weather.", inputSchema: { type: "object" } } }),
    truncateResponse("long text", options),
    truncateResult({ rows: [] }, { maxChars: 2000 }),
    DEFAULT_MAX_EXECUTIONS + DEFAULT_PAUSED_TTL_MS + MAX_DURABLE_VALUE_BYTES,
    generateTypes({ getWeather: tool({ description: "Weather.", inputSchema: z.object({ city: z.string() }), execute: async () => "sunny" }) }, "weather"),
  ];
}

export async function useTheRuntime(ctx: DurableObjectState, env: Env, connection: McpConnectionLike) {
  const shaped: TransformResult = (result) => truncateResult(result);
  const kit: ToolSetConnector = toolSetConnector(ctx, {
    name: "kit",
    tools: { getWeather: tool({ description: "Weather.", inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => city }) },
  });
  const runtime = createCodemodeRuntime({
    ctx,
    executor: new DynamicWorkerExecutor({ loader: env.LOADER }),
    connectors: [new GithubConnector(ctx, env, connection), new OrdersConnector(ctx, env), new ItemsConnector(ctx, env), kit],
    name: "support",
    maxExecutions: 20,
    transformResult: shaped,
  });
  const codemode = runtime.tool({ description: "Run code." });
  const out = await runtime.execute({ code: "async () => 1" });
  if (out.status === "paused") {
    const [first] = out.pending;
    if (first) await runtime.reject({ seq: first.seq, executionId: out.executionId });
    await runtime.approve({ executionId: out.executionId });
  }
  const errorText: string | undefined = out.status === "error" ? out.error : undefined;
  await runtime.rollback({ executionId: out.executionId });
  const pending = await runtime.pending();
  const history = await runtime.executions(20);
  const snippet = await runtime.saveSnippet("one", { description: "Returns one", executionId: out.executionId });
  const found = await runtime.search("items");
  const described = await runtime.describe("items.createItem");
  return [codemode.description, errorText, pending.length, history[0]?.status, snippet.name, found.results.length, described.types];
}

// The executor plumbing (the reference's README, "Executors"): a code tool over providers, and
// an executor called directly.
export async function useTheExecutor(env: Env) {
  const executor: Executor = new DynamicWorkerExecutor({ loader: env.LOADER, timeout: 30_000 });
  const weather = { getWeather: tool({ description: "Weather.", inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => `sunny in ${city}` }) };
  const db: ToolProvider = { name: "db", tools: { count: { description: "Counts.", execute: async () => 3 } } };
  const options: CreateCodeToolOptions = { tools: [aiTools(weather), db], executor };
  const codeTool: Tool<CodeInput, CodeOutput> = createCodeTool(options);
  const providers: ResolvedProvider[] = [resolveProvider(db), resolveAiProvider(aiTools(weather))];
  const result: ExecuteResult = await executor.execute(normalizeCode("1 + 1"), providers);
  const legacy = await executor.execute("async () => codemode.search({})", { search: async () => [] });
  const output = await runCode({ code: "async () => db.count()", executor, providers });
  const dispatched: string = await new ToolDispatcher({ add: async (a, b) => Number(a) + Number(b) }).call("add", "[1, 2]");
  return [codeTool.description, result.error, result.logs?.length, legacy.result, output.result, output.logs, dispatched];
}

// The MCP servers (the reference's README, "MCP"): an upstream server's tools behind one `code`
// tool, and an OpenAPI document as `search` and `execute`, the request made on the host.
export async function useTheMcpServers(env: Env, spec: Record<string, unknown>) {
  const executor = new DynamicWorkerExecutor({ loader: env.LOADER });
  const upstream = new McpServer({ name: "tools", version: "1.0.0" });
  upstream.registerTool("add", { description: "Adds.", inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({
    content: [{ type: "text", text: String(a + b) }],
  }));
  const codeOptions: CodeMcpServerOptions = { server: upstream, executor, description: "Tools:\n{{types}}\n{{example}}" };
  const wrapped: McpServer = await codeMcpServer(codeOptions);
  const request = async (options: RequestOptions, context: OpenApiMcpRequestContext) =>
    ({ method: options.method, path: options.path, query: options.query, body: options.body, request: context.requestId });
  const openApiOptions: OpenApiMcpServerOptions = { spec, executor, request, name: "api", version: "2.0.0", description: "The shop's API." };
  const api: McpServer = openApiMcpServer(openApiOptions);
  const inline: McpServer = openApiMcpServer({ spec, executor, request: async (options) => options.path });
  return [wrapped, api, inline];
}
