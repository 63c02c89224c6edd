// `codemodeTool(instance)`: the runtime as one AI SDK tool (`ai` >= 5), with no dependency on the
// AI SDK. The input schema is a Standard Schema (standardschema.dev) that also carries its JSON
// Schema (`~standard.jsonSchema`), which the AI SDK accepts as a tool's `inputSchema`.

import type { CodemodeInstance } from "./index.js";
import type { ExecuteOutput, JsonSchema, ToolDescriptor } from "./types.js";

/** What the model sends: one program. */
export interface CodemodeToolInput {
  code: string;
}

/** The Standard Schema interface (v1, with its JSON Schema converter), as its spec asks users to copy it. */
export interface StandardJsonSchema<Input, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: Output; readonly issues?: undefined }
      | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<PropertyKey> }> };
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
      readonly output: (options: { readonly target: string }) => Record<string, unknown>;
    };
  };
}

/** An AI SDK tool (`tool({...})` shape): pass it in `tools` of `generateText` / `streamText`. */
export interface CodemodeTool {
  description: string;
  inputSchema: StandardJsonSchema<CodemodeToolInput>;
  /** Runs the program in the runtime; the whole ExecuteOutput is the tool's (structured) output. */
  execute: (input: CodemodeToolInput, options?: { abortSignal?: AbortSignal }) => Promise<ExecuteOutput>;
  /** What the model reads: the run's report (completed, failed, or paused waiting for approval). */
  toModelOutput: (options: { output: ExecuteOutput }) => { type: "text"; value: string };
}

export interface CodemodeToolOptions {
  /** Use this descriptor instead of asking the runtime for it (saves one request). */
  descriptor?: ToolDescriptor;
  /** Replaces the runtime's description. */
  description?: string;
}

function inputSchema(schema: JsonSchema): StandardJsonSchema<CodemodeToolInput> {
  return {
    "~standard": {
      version: 1,
      vendor: "codemode-runtime-client",
      validate(value: unknown) {
        const code = (value as { code?: unknown } | null)?.code;
        if (typeof value !== "object" || value === null || typeof code !== "string") {
          return { issues: [{ message: "expected {code: string}", path: ["code"] }] };
        }
        return { value: { code } };
      },
      jsonSchema: {
        input: () => structuredClone(schema),
        output: () => structuredClone(schema),
      },
    },
  };
}

/**
 * The runtime as an AI SDK tool: `description` and `inputSchema` from the runtime's `tool()`,
 * `execute` returning the ExecuteOutput, `toModelOutput` giving the model its report.
 *
 * ```ts
 * const result = await generateText({ model, prompt, tools: { codemode: await codemodeTool(instance) } });
 * ```
 */
export async function codemodeTool(instance: CodemodeInstance, options: CodemodeToolOptions = {}): Promise<CodemodeTool> {
  const descriptor = options.descriptor ?? (await instance.tool());
  return {
    description: options.description ?? descriptor.description,
    inputSchema: inputSchema(descriptor.inputSchema),
    execute: ({ code }, executeOptions) =>
      instance.execute(code, executeOptions?.abortSignal ? { signal: executeOptions.abortSignal } : {}),
    toModelOutput: ({ output }) => ({ type: "text", value: output.report }),
  };
}
