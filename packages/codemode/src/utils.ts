// The reference's utilities: tool names as identifiers, TypeScript from JSON Schema (the core's
// catalog renders it), result truncation for `transformResult`, and the runtime's defaults.

import {
  generateTypesFromJsonSchema as declarations,
  jsonSchemaToType as typeOf,
  runtimeDefaults,
} from "../wasm/codemode.js";
import type { JsonSchemaObject } from "./connector.js";

const defaults = JSON.parse(runtimeDefaults()) as { keepFinished: number; pausedTtlMs: number; maxResultBytes: number };

/** Finished runs kept per runtime (`keepFinished`). */
export const DEFAULT_MAX_EXECUTIONS: number = defaults.keepFinished;
/** A paused run undecided this long expires (`pausedTtlMs`, 24 h). */
export const DEFAULT_PAUSED_TTL_MS: number = defaults.pausedTtlMs;
/** The largest tool result a run journals, in bytes of JSON (a bigger one fails the call). */
export const MAX_DURABLE_VALUE_BYTES: number = defaults.maxResultBytes;

/** Words a property access can carry but a binding cannot: `delete` → `delete_`. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await arguments eval undefined NaN Infinity"
  ).split(" "),
);

/**
 * A tool name as a JavaScript identifier, the reference's way: `-`, `.` and spaces become `_`,
 * other characters that cannot be in an identifier are dropped, a leading digit gets `_`, a
 * reserved word gets `_` after it (`list-pull.requests` → `list_pull_requests`, `3d-render` →
 * `_3d_render`, `delete` → `delete_`). This runtime's own connectors name methods in camelCase
 * instead (`McpConnector.toolName()`), as the service's connectors do.
 */
export function sanitizeToolName(name: string): string {
  let sanitized = name.replace(/[-.\s]/g, "_").replace(/[^A-Za-z0-9_$]/g, "");
  if (!sanitized) return "_";
  if (/^[0-9]/.test(sanitized)) sanitized = `_${sanitized}`;
  return RESERVED.has(sanitized) ? `${sanitized}_` : sanitized;
}

/** `type <typeName> = ...;`: a JSON Schema as TypeScript, as the runtime's catalog renders it. */
export function jsonSchemaToType(schema: JsonSchemaObject, typeName: string): string {
  return typeOf(JSON.stringify(schema), typeName);
}

/** A tool described by JSON Schema, for {@link generateTypesFromJsonSchema}. */
export interface JsonSchemaToolDescriptor {
  description?: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
}
export type JsonSchemaToolDescriptors = Record<string, JsonSchemaToolDescriptor>;

/** The tools' TypeScript declarations (`declare const codemode: {...}`), as the catalog renders a connector. */
export function generateTypesFromJsonSchema(tools: JsonSchemaToolDescriptors): string {
  return declarations(JSON.stringify(tools), "codemode");
}

/** How much a truncated value may keep: `maxChars` (default `maxTokens * 4`), `maxTokens` (default 6000). */
export type TruncateOptions = { maxChars?: number; maxTokens?: number };

/** In every cut: what a model or a program looks for. */
const MARKER = "--- TRUNCATED ---";
const CHARS_PER_TOKEN = 4;

function budget(options: TruncateOptions = {}): { maxChars: number; maxTokens: number } {
  const maxTokens = options.maxTokens ?? 6000;
  return { maxTokens, maxChars: options.maxChars ?? maxTokens * CHARS_PER_TOKEN };
}

/**
 * `text` within the budget: as it is, or its first `maxChars` characters and, after them, the
 * reference's marker saying how large it was (in its words, numbers as en-US writes them).
 */
export function truncateResponse(text: string, options?: TruncateOptions): string {
  const { maxChars, maxTokens } = budget(options);
  if (text.length <= maxChars) return text;
  const tokens = Math.ceil(text.length / CHARS_PER_TOKEN).toLocaleString("en-US");
  const note = `\n\n${MARKER}\nResponse was ~${tokens} tokens (limit: ${maxTokens.toLocaleString("en-US")}). Narrow the request to reduce response size.`;
  return text.slice(0, maxChars) + note;
}

function size(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/** `value` in about `room` characters of JSON, its shape kept: the largest parts are cut first. */
function shrink(value: unknown, room: number): unknown {
  if (size(value) <= room) return value;
  if (typeof value === "string") {
    const note = ` ${MARKER} (${value.length} characters)`;
    return value.slice(0, Math.max(0, room - note.length - 2)) + note;
  }
  if (Array.isArray(value)) {
    const kept: unknown[] = [];
    let left = room - 2;
    for (const [index, item] of value.entries()) {
      const reserve = index < value.length - 1 ? 48 : 0;
      const fitted = shrink(item, Math.max(16, Math.min(left - reserve, room / 2)));
      const cost = size(fitted) + 1;
      if (cost > left - reserve) {
        kept.push(`${MARKER} ${value.length - index} more items`);
        return kept;
      }
      kept.push(fitted);
      left -= cost;
    }
    return kept;
  }
  if (value && typeof value === "object") {
    // The smallest entries are kept whole; the larger share what is left; the rest are named.
    const entries = Object.entries(value).sort(([, a], [, b]) => size(a) - size(b));
    const kept = new Map<string, unknown>();
    const omitted: string[] = [];
    let left = room - 2 - 64;
    for (const [index, [key, item]] of entries.entries()) {
      const share = Math.max(16, Math.floor(left / (entries.length - index)));
      const fitted = shrink(item, share - key.length - 4);
      const cost = size(fitted) + key.length + 4;
      if (cost > left) {
        omitted.push(key);
        continue;
      }
      kept.set(key, fitted);
      left -= cost;
    }
    // The keys in their original order (defined, so `__proto__` stays a plain key).
    const ordered: Record<string, unknown> = {};
    const put = (key: string, item: unknown) => Object.defineProperty(ordered, key, { value: item, enumerable: true, writable: true, configurable: true });
    for (const key of Object.keys(value)) if (kept.has(key)) put(key, kept.get(key));
    if (omitted.length) put(MARKER, `omitted: ${omitted.join(", ")}`);
    return ordered;
  }
  return value;
}

/**
 * A result within the budget, e.g. as `transformResult: (r) => truncateResult(r)`: text as
 * {@link truncateResponse}; a value whose JSON fits, as it is (the same reference); a larger one
 * cut structurally (still JSON of the same shape): strings end with a marker, lists with an item
 * counting what was dropped, objects with a `"--- TRUNCATED ---"` entry naming omitted keys.
 * Values JSON cannot hold (a cycle, a BigInt) come back as they are.
 */
export function truncateResult(value: unknown, options?: TruncateOptions): unknown {
  if (typeof value === "string") return truncateResponse(value, options);
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(value);
  } catch {
    return value;
  }
  const { maxChars } = budget(options);
  if (serialized === undefined || serialized.length <= maxChars) return value;
  // Cut what the caller would read: the value as JSON has it (dates as text, toJSON applied).
  const shrunk = shrink(JSON.parse(serialized), maxChars);
  return size(shrunk) <= maxChars * 1.1 ? shrunk : truncateResponse(serialized, options);
}
