// Type-level tests of the client (`tsc -p client/test/tsconfig.json`, run by `npm test`): each
// `@ts-expect-error` line must fail to type-check, everything else must pass. Never executed.

import { generateText, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import {
  CodemodeClient,
  CodemodeError,
  codemodeTool,
  type CallRecord,
  type ErrorCode,
  type ExecuteOutput,
  type ExecutionState,
  type FetchedImage,
  type ImageOutput,
  type IssuedToken,
  type PendingAction,
  type SearchResult,
  type Snippet,
} from "../src/index.js";

export async function typed(): Promise<void> {
  const client = new CodemodeClient("https://codemode.example.com", { token: "t" });
  const instance = client.instance("demo");

  const out: ExecuteOutput = await instance.execute("return 1");
  if (out.status === "completed") {
    const value: unknown = out.result;
    void value;
  } else if (out.status === "paused") {
    const pending: PendingAction[] = out.pending;
    const seq: number | undefined = pending[0]?.seq;
    void seq;
  } else if (out.status === "error") {
    const code: ErrorCode = out.error.code;
    void code;
  } else if (out.status === "waiting") {
    const wakeAt: number = out.wakeAt;
    void wakeAt;
  } else {
    const cancelled: "cancelled" = out.status;
    void cancelled;
  }
  // @ts-expect-error `result` is only on a completed run
  void out.result;
  // @ts-expect-error a script is a string
  await instance.execute(42);

  const calls: CallRecord[] = out.calls;
  // @ts-expect-error call states are a closed set
  const wrongState: CallRecord["state"] = "done";
  void calls, wrongState;

  const history: ExecutionState[] = await instance.executionHistory(5);
  const createdAt: number | undefined = history[0]?.createdAt;
  void createdAt;
  const found: SearchResult[] = (await instance.search("notes")).results;
  const snippets: Snippet[] = await instance.snippets();
  const rejected: boolean = await instance.rejectExecution("id", 0);
  // @ts-expect-error seq is a number
  await instance.rejectExecution("id", "0");
  const byName: boolean = await instance.call("rejectExecution", "id", 0);
  // @ts-expect-error arguments are checked by method name
  await instance.call("rejectExecution", "id");
  const cancelled: { cancelled: boolean } = await instance.cancelExecution("id", { by: "ana", reason: "no longer needed" });
  void cancelled;
  const resumed: ExecuteOutput = await instance.approveExecution("id", { seq: 1, by: "ana" });
  void resumed;
  // @ts-expect-error only the contract's methods are typed; others go through callUntyped
  await instance.call("notAMethod", "id");
  const untyped: unknown = await instance.callUntyped("notAMethod", ["id"]);
  void untyped;
  const token: IssuedToken = await instance.issueToken({ scope: "approve", ttlSeconds: 600, subject: "alice" });
  // @ts-expect-error scopes are read, approve, full
  await instance.issueToken({ scope: "admin", ttlSeconds: 600 });
  const link: string = instance.inspectorUrl(token.token);
  void found, snippets, rejected, byName, link;

  try {
    await instance.approveExecution("id");
  } catch (error) {
    if (error instanceof CodemodeError) {
      const code: ErrorCode = error.code;
      const status: number | undefined = error.status;
      void code, status;
    }
  }

  // A completed run's images: refs with a URL, their bytes from the instance.
  if (out.status === "completed") {
    const images: ImageOutput[] = out.images ?? [];
    const first: FetchedImage | undefined = images[0] ? await instance.image(images[0].id) : undefined;
    const bytes: Uint8Array | undefined = first?.data;
    const src: string = instance.imageUrl(images[0]?.id ?? "x", "read-token");
    void bytes, src;
  }
  // @ts-expect-error an image id is a string
  await instance.image(7);

  // The AI SDK takes the tool as it is.
  const codemode = await codemodeTool(instance);
  const tools = { codemode } satisfies ToolSet;
  const model = new MockLanguageModelV3();
  const result = await generateText({ model, tools, prompt: "count the notes" });
  for (const toolResult of result.toolResults) {
    if (!toolResult.dynamic && toolResult.toolName === "codemode") {
      const output: ExecuteOutput = toolResult.output;
      const input: string = toolResult.input.code;
      void output, input;
    }
  }
}
