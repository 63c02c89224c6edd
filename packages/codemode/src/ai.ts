// codemode-runtime/ai: AI SDK tool sets as connectors, and the reference's code tool over an
// executor. Needs the `ai` package (a peer dependency, only of this entry point).

import { asSchema, jsonSchema, tool, type Tool, type ToolSet } from "ai";
import { generateTypesFromJsonSchema as declarations, methodName } from "../wasm/codemode.js";
import { CodemodeConnector, type ConnectorTool, type ConnectorTools, type JsonSchemaObject } from "./connector.js";
import { CodemodeError } from "./errors.js";
import type { JsonSchemaToolDescriptors } from "./utils.js";
import {
  executableTools,
  resolveWith,
  runCode,
  type CodeOutput,
  type Executor,
  type ResolvedProvider,
  type ToolProvider,
  type ToolProviderTools,
} from "./executor.js";

export interface ToolSetConnectorOptions {
  /** The sandbox global: `tools` → `tools.getWeather({...})`. Defaults to `"tools"`. */
  name?: string;
  /** Free text for the model about these tools as a whole. */
  instructions?: string;
  /** The AI SDK tools (`tool({ inputSchema, execute })`, zod or `jsonSchema()` inputs). */
  tools: ToolSet;
}

/**
 * An AI SDK `ToolSet` as a connector: each tool with an `execute` becomes a method (its name made
 * an identifier as remote tool names are: `get-weather` → `getWeather`), its input schema the
 * method's (as JSON Schema, checked before the call; the tool's own schema validates again, with
 * its transforms). A tool with `needsApproval` (`true`, or a function: a pause cannot wait on one)
 * pauses the run until approved. `execute` gets the validated input and `{toolCallId, messages}`
 * (the call's idempotency key, no messages: the call is the script's, not the model's).
 */
export class ToolSetConnector extends CodemodeConnector {
  readonly #options: ToolSetConnectorOptions;

  constructor(ctx: DurableObjectState | ExecutionContext, options: ToolSetConnectorOptions) {
    super(ctx, {});
    this.#options = options;
  }

  name(): string {
    return this.#options.name ?? "tools";
  }

  protected instructions(): string | undefined {
    return this.#options.instructions;
  }

  protected async tools(): Promise<ConnectorTools> {
    const tools: ConnectorTools = {};
    const sources = new Map<string, string>();
    const skipped: string[] = [];
    for (const [key, tool] of Object.entries(this.#options.tools)) {
      const run = tool.execute;
      if (typeof run !== "function") {
        skipped.push(key);
        continue;
      }
      const name = methodName(key);
      const existing = sources.get(name);
      if (existing !== undefined) {
        throw new CodemodeError("INVALID_CONFIG", `tools "${existing}" and "${key}" on ${this.name()} both become method "${name}"; rename one of them`);
      }
      sources.set(name, key);
      const declared = (tool as { inputSchema?: unknown; parameters?: unknown }).inputSchema ?? (tool as { parameters?: unknown }).parameters;
      const schema = asSchema(declared as Parameters<typeof asSchema>[0]);
      const needsApproval = (tool as { needsApproval?: unknown }).needsApproval;
      const converted: ConnectorTool = {
        ...(typeof tool.description === "string" ? { description: tool.description } : {}),
        inputSchema: (await schema.jsonSchema) as JsonSchemaObject,
        ...(needsApproval !== undefined && needsApproval !== false ? { requiresApproval: true } : {}),
        execute: async (args, ctx) => {
          let input = args;
          if (schema.validate) {
            const checked = await schema.validate(args);
            if (!checked.success) throw checked.error;
            input = checked.value;
          }
          return run(input as never, { toolCallId: ctx?.idempotencyKey ?? key, messages: [] });
        },
      };
      tools[name] = converted;
    }
    if (skipped.length) {
      console.warn(`[ToolSetConnector] ${this.name()}: left out the tools without execute: ${skipped.join(", ")}`);
    }
    return tools;
  }
}

/** `new ToolSetConnector(ctx, options)`. */
export function toolSetConnector(ctx: DurableObjectState | ExecutionContext, options: ToolSetConnectorOptions): ToolSetConnector {
  return new ToolSetConnector(ctx, options);
}

/** A tool as the reference's `generateTypes` takes it: a schema (zod or `jsonSchema()`), no execute needed. */
export interface ToolDescriptor {
  description?: string;
  inputSchema: unknown;
  outputSchema?: unknown;
  execute?: (args: unknown) => Promise<unknown>;
}
export type ToolDescriptors = Record<string, ToolDescriptor>;

/** The JSON Schema of an AI SDK schema, read now (a schema that gives it only later is refused). */
function jsonSchemaNow(schema: unknown, tool: string): JsonSchemaObject {
  const json = asSchema(schema as Parameters<typeof asSchema>[0]).jsonSchema;
  if (typeof (json as { then?: unknown }).then === "function") {
    throw new CodemodeError("BAD_REQUEST", `tool "${tool}": its schema gives its JSON Schema only asynchronously; use generateTypesFromJsonSchema`);
  }
  return json as JsonSchemaObject;
}

/** {@link jsonSchemaNow}, or any value (`{}`) for what is not a schema at all: one broken tool does not stop the others' declarations. */
function readableSchema(schema: unknown, tool: string): JsonSchemaObject {
  try {
    return jsonSchemaNow(schema, tool);
  } catch (error) {
    if (error instanceof CodemodeError) throw error;
    return {};
  }
}

/**
 * The TypeScript declarations of AI SDK tools (`declare const <namespace>: {...}`, default
 * `codemode`), as the runtime's catalog renders them for the model.
 */
export function generateTypes(tools: ToolDescriptors | ToolSet, namespace = "codemode"): string {
  const described: JsonSchemaToolDescriptors = {};
  for (const [name, tool] of Object.entries(tools as Record<string, ToolDescriptor & { parameters?: unknown }>)) {
    described[name] = {
      ...(typeof tool.description === "string" ? { description: tool.description } : {}),
      inputSchema: readableSchema(tool.inputSchema ?? tool.parameters, name),
      ...(tool.outputSchema ? { outputSchema: readableSchema(tool.outputSchema, name) } : {}),
    };
  }
  return declarations(JSON.stringify(described), namespace);
}

/** Wraps AI SDK tools as a provider under the default namespace (`codemode.*`). */
export function aiTools(tools: ToolDescriptors | ToolSet): ToolProvider {
  return { tools: tools as ToolProviderTools };
}

/**
 * A provider ready for an executor, as the index's `resolveProvider` (tools with `needsApproval`
 * left out), each input validated first by the tool's own schema (`asSchema`, with its transforms).
 */
export function resolveProvider(provider: ToolProvider): ResolvedProvider {
  return resolveWith(provider, (execute, tool) => {
    const declared = tool.inputSchema ?? tool.parameters;
    const schema = declared == null ? undefined : asSchema(declared as Parameters<typeof asSchema>[0]);
    return async (...args) => {
      if (!schema?.validate) return execute(...args);
      const checked = await schema.validate(args[0]);
      if (!checked.success) throw checked.error;
      return execute(checked.value, ...args.slice(1));
    };
  });
}

/** The model's tool description; `{{types}}` is replaced by the providers' declarations. */
export const DEFAULT_DESCRIPTION = `Execute code to achieve a goal.

Available:
{{types}}

Write an async arrow function in JavaScript that returns the result.
Do NOT use TypeScript syntax: no type annotations, interfaces, or generics.
Call the functions above with one argument object and await them.

Example: async () => { const r = await codemode.searchWeb({ query: "test" }); return r; }`;

export interface CreateCodeToolOptions {
  /** Tools (the default provider), or providers each under its namespace. */
  tools: ToolDescriptors | ToolSet | ToolProviderTools | ToolProvider[];
  executor: Executor;
  /** The tool's description; `{{types}}` stands for the generated declarations. */
  description?: string;
}
export type CodeInput = { code: string };
export type { CodeOutput };

/**
 * An AI SDK tool that runs the model's code with the providers' tools (`executor.execute`, no
 * history: a failed run throws, as the reference's), its description declaring them.
 */
export function createCodeTool(options: CreateCodeToolOptions): Tool<CodeInput, CodeOutput> {
  const providers: ToolProvider[] = Array.isArray(options.tools) ? options.tools : [{ tools: options.tools as ToolProviderTools }];
  const blocks: string[] = [];
  const resolved: ResolvedProvider[] = [];
  for (const provider of providers) {
    const name = provider.name ?? "codemode";
    const tools = executableTools(provider.tools);
    blocks.push(provider.types ?? generateTypes(tools as ToolDescriptors, name));
    resolved.push(resolveProvider({ ...provider, name, tools }));
  }
  const description = (options.description ?? DEFAULT_DESCRIPTION).replace("{{types}}", blocks.filter(Boolean).join("\n\n"));
  return tool<CodeInput, CodeOutput>({
    description,
    inputSchema: jsonSchema<CodeInput>({
      type: "object",
      properties: { code: { type: "string", description: "JavaScript async arrow function to execute" } },
      required: ["code"],
      additionalProperties: false,
    }),
    execute: async ({ code }) => runCode({ code, executor: options.executor, providers: resolved }),
  });
}
