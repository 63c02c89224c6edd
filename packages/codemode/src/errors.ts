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
