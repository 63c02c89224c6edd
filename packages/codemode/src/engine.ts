// The wasm instance of this isolate, and what its answers and rejections mean.

import { __wbg_reset_state as resetEngine, mcpToolResult } from "../wasm/codemode.js";
import { CodemodeError, runtimeRefusal } from "./errors.js";

/** Counts the wasm instances of this isolate: one that stopped (a panic) is replaced by a fresh one. */
let generation = 0;

/** The instance calls start on now (runtimes opened on an older one are reopened). */
export function engineGeneration(): number {
  return generation;
}

/** A thrown value as text. */
export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The runtime's rejection (`{"error": {code, message}}` text) as a CodemodeError. A trap of the
 * wasm instance (a panic, which stops it for good) replaces the instance once, if it is still the
 * one the call started on: the runtimes reopen on their next call, and a run cut short is resumed
 * by `wake()`, as after a restart.
 */
export function refused(thrown: unknown, startedOn: number = generation): CodemodeError {
  const refusal = runtimeRefusal(thrown);
  if (refusal) return refusal;
  const trapped = thrown instanceof WebAssembly.RuntimeError || /Module terminated/.test(message(thrown));
  if (trapped && startedOn === generation) {
    generation += 1;
    resetEngine();
  }
  return new CodemodeError("INTERNAL", `the runtime stopped (${message(thrown)}); it restarts on the next call`);
}

/** The core's `{"ok": value}` / `{"error": message}` answer for a call: the value, or a throw. */
export function answered(text: string): unknown {
  const answer = JSON.parse(text) as { ok: unknown } | { error: string };
  if ("error" in answer) throw new Error(answer.error);
  return answer.ok;
}

/**
 * What a script gets from an MCP `tools/call` result, by the core's rule (the service's MCP
 * connector's): the value, or a throw with the tool's error text (`isError`).
 */
export function mcpResultValue(result: unknown): unknown {
  return answered(mcpToolResult(JSON.stringify(result ?? {})));
}
