// Bytes across the reference's sandbox RPC (`ToolDispatcher`): a `Uint8Array`, an `ArrayBuffer`
// or another view travels as `{"__codemode_binary_v1__": kind, "data": base64}` inside the JSON,
// the reference's transport encoding, so a client of its dispatcher reads the same text.

const BINARY_TAG = "__codemode_binary_v1__";

/** Bytes as base64 (btoa is in Workers, browsers and Node). */
export function base64(bytes: Uint8Array): string {
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(text);
}

function encoded(value: unknown): unknown {
  if (value instanceof Uint8Array) return { [BINARY_TAG]: "Uint8Array", data: base64(value) };
  if (value instanceof ArrayBuffer) return { [BINARY_TAG]: "ArrayBuffer", data: base64(new Uint8Array(value)) };
  if (ArrayBuffer.isView(value)) {
    return { [BINARY_TAG]: "ArrayBufferView", data: base64(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) };
  }
  return value;
}

function decoded(value: unknown): unknown {
  if (!value || typeof value !== "object" || !(BINARY_TAG in value)) return value;
  const { data } = value as { data?: unknown };
  if (typeof data !== "string") return value;
  const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  return (value as Record<string, unknown>)[BINARY_TAG] === "ArrayBuffer" ? bytes.buffer : bytes;
}

/** `value` as JSON text, bytes encoded. */
export function stringifyForCodemode(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) => encoded(nested));
}

/** JSON text as a value, encoded bytes decoded. */
export function parseForCodemode(text: string): unknown {
  return JSON.parse(text, (_key, nested: unknown) => decoded(nested));
}
