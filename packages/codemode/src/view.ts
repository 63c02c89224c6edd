// What the runtime reads of a connector class: its tools themselves, under a key of the package's
// own (not exported), so the class's public `describe()` can answer as the reference's does.

import type { ConnectorTools } from "./connector.js";

/** A connector as the runtime reads it: name, instructions, and the tools with their callbacks. */
export interface RuntimeView {
  name: string;
  instructions?: string;
  tools: ConnectorTools;
}

/** The key of a connector's {@link RuntimeView}. */
export const RUNTIME_VIEW = Symbol("codemode.runtimeView");
