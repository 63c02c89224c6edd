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
  /**
   * What the model reads: the run's report (completed, failed, or paused waiting for approval),
   * and the images of a completed run after it, fetched from the runtime.
   */
  toModelOutput: (options: { output: ExecuteOutput }) => Promise<ModelOutput>;
}

/**
 * A tool result as the model reads it: the AI SDK's `ToolResultOutput` (ai 6), of the two forms
 * used here. A run without images is its report as text; one with images is `content`: the report,
 * then each image as an `image-data` part (base64).
 */
export type ModelOutput =
  | { type: "text"; value: string }
  | {
      type: "content";
      value: Array<{ type: "text"; text: string } | { type: "image-data"; data: string; mediaType: string }>;
    };

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

/** Bytes as base64 (btoa is in Workers, browsers and Node). */
function base64(bytes: Uint8Array): string {
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(text);
}

/**
 * The report, then each image of a completed run as an `image-data` part. The AI SDK awaits
 * `toModelOutput` (it may return a PromiseLike), so the images are fetched here, when a prompt
 * is built, and `execute`'s output stays the contract's ExecuteOutput (with each image's `url`,
 * not its bytes: the caller keeps and shows that output).
 */
async function modelOutput(instance: CodemodeInstance, output: ExecuteOutput): Promise<ModelOutput> {
  const images = output.status === "completed" ? (output.images ?? []) : [];
  if (images.length === 0) return { type: "text", value: output.report };
  const value: Extract<ModelOutput, { type: "content" }>["value"] = [{ type: "text", text: output.report }];
  for (const image of images) {
    try {
      const { data, mimeType } = await instance.image(image.id);
      value.push({ type: "image-data", data: base64(data), mediaType: image.mimeType || mimeType });
    } catch (error) {
      // Its run was deleted since (pruned beyond CODEMODE_KEEP_FINISHED): the report still names it.
      const reason = error instanceof Error ? error.message : String(error);
      value.push({ type: "text", text: `(image ${image.id} could not be read: ${reason})` });
    }
  }
  return { type: "content", value };
}

/**
 * The runtime as an AI SDK tool: `description` and `inputSchema` from the runtime's `tool()`,
 * `execute` returning the ExecuteOutput, `toModelOutput` giving the model its report (and the
 * run's images, as `image-data` parts).
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
    toModelOutput: ({ output }) => modelOutput(instance, output),
  };
}
