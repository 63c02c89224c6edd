// The package's one error type: what the runtime refused, with its stable code.

import type { ErrorCode } from "./contract.js";

/** A refused request: the runtime's stable `code` (docs: the README's error table) and its message. */
export class CodemodeError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = "CodemodeError";
    this.code = code;
  }
}

/** The runtime's rejection (its `{"error": {code, message}}` text) as a CodemodeError; `undefined`
 * for anything else thrown. */
export function runtimeRefusal(thrown: unknown): CodemodeError | undefined {
  if (typeof thrown !== "string") return undefined;
  try {
    const { error } = JSON.parse(thrown) as { error: { code: ErrorCode; message: string } };
    return new CodemodeError(error.code, error.message);
  } catch {
    return undefined; // not the runtime's answer
  }
}
