// Changes are announced by the runtime, whichever transport made them (docs/contract.md, "Agents
// WebSocket RPC"): a client watching the conversation's WebSocket gets one `cf_codemode_changed`
// per stored change made over `POST /rpc`, a WebSocket rpc frame (its own socket too), an MCP
// `tools/call`, and an MCP `notifications/cancelled`; a call that changed nothing pushes nothing.
// The native test of every method: tests/rpc.rs (every_change_is_told_once_by_the_runtime).

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { base, newInstance, startRuntime } from "./harness.mjs";

const T = { timeout: 60_000 };
const PAUSE = 'return (await notes.createNote({text: "broadcast"})).text';

describe("cf_codemode_changed on every transport", () => {
  let rt;
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    await rt?.dispose();
  });

  /** The changes a watcher received for one execution. */
  const changesOf = (watcher, id) =>
    watcher.frames.filter((f) => f?.type === "cf_codemode_changed" && f.executionId === id);

  /** POSTs one JSON-RPC message to <base>/mcp; resolves with the parsed answer (JSON or SSE). */
  async function mcp(instance, message, headers = {}) {
    const res = await rt.fetch(`${base(instance)}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(message),
    });
    const text = await res.text();
    return { res, body: text ? JSON.parse(text) : null };
  }

  test("POST /rpc: execute, approve, rollback, snippets", T, async () => {
    const i = newInstance();
    const watcher = await rt.ws(i);
    const paused = await rt.call(i, "execute", PAUSE);
    assert.equal(paused.status, "paused");
    const id = paused.executionId;
    await watcher.waitFor((f) => f.type === "cf_codemode_changed" && f.executionId === id);
    await rt.call(i, "approveExecution", id, { by: "ann", reason: "fine" });
    await watcher.waitFor((f) => f.type === "cf_codemode_changed" && f.method === "approveExecution");
    await rt.call(i, "rollbackExecution", id);
    await watcher.waitFor((f) => f.type === "cf_codemode_changed" && f.method === "rollbackExecution");
    assert.deepEqual(changesOf(watcher, id), [
      { type: "cf_codemode_changed", method: "execute", executionId: id, status: "paused" },
      { type: "cf_codemode_changed", method: "approveExecution", executionId: id, status: "completed", by: "ann" },
      { type: "cf_codemode_changed", method: "rollbackExecution", executionId: id, status: "rolled_back" },
    ]);

    const done = await rt.call(i, "execute", "return 1");
    await rt.call(i, "saveSnippet", "one", "", done.executionId);
    assert.equal(await rt.call(i, "deleteSnippet", "one"), true);
    // Changed nothing: no push (the next frame the watcher sees is the marker's).
    assert.equal(await rt.call(i, "deleteSnippet", "one"), false);
    assert.deepEqual(await rt.call(i, "cancelExecution", id), { cancelled: false });
    const marker = await rt.call(i, "execute", "return 'marker'");
    await watcher.waitFor((f) => f.type === "cf_codemode_changed" && f.executionId === marker.executionId);
    const snippetFrames = watcher.frames.filter((f) => f?.type === "cf_codemode_changed" && f.snippet === "one");
    assert.deepEqual(snippetFrames, [
      { type: "cf_codemode_changed", method: "saveSnippet", executionId: done.executionId, status: "completed", snippet: "one" },
      { type: "cf_codemode_changed", method: "deleteSnippet", executionId: null, status: null, snippet: "one" },
    ]);
    assert.equal(changesOf(watcher, id).length, 3, "the refused cancel pushed nothing");
    await watcher.close();
  });

  test("WebSocket rpc: the caller's socket and another one each get the change once", T, async () => {
    const i = newInstance();
    const watcher = await rt.ws(i);
    const caller = await rt.ws(i);
    const ran = await caller.call("execute", PAUSE);
    assert.equal(ran.success, true, JSON.stringify(ran));
    const id = ran.result.executionId;
    const rejected = await caller.call("rejectExecution", id, 0, { by: "bob" });
    assert.equal(rejected.result, true);
    for (const socket of [watcher, caller]) {
      await socket.waitFor((f) => f.type === "cf_codemode_changed" && f.method === "rejectExecution");
      assert.deepEqual(changesOf(socket, id), [
        { type: "cf_codemode_changed", method: "execute", executionId: id, status: "paused" },
        { type: "cf_codemode_changed", method: "rejectExecution", executionId: id, status: "rejected", by: "bob" },
      ]);
    }
    await watcher.close();
    await caller.close();
  });

  test("MCP tools/call and notifications/cancelled", T, async () => {
    const i = newInstance();
    const watcher = await rt.ws(i);
    const call = await mcp(i, {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "codemode", arguments: { code: "return 6 * 7" } },
    });
    const id = call.body.result.structuredContent.executionId;
    await watcher.waitFor((f) => f.type === "cf_codemode_changed" && f.executionId === id);
    assert.deepEqual(changesOf(watcher, id), [
      { type: "cf_codemode_changed", method: "execute", executionId: id, status: "completed" },
    ]);

    // A run the MCP client cancels while it waits on a timer: the cancel, then the run's end.
    const session = "broadcast-session";
    const slow = mcp(
      i,
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "codemode", arguments: { code: "await new Promise((r) => setTimeout(r, 3000)); return 1" } } },
      { "mcp-session-id": session },
    );
    const started = await watcher.waitFor((f) => f.type === "cf_codemode_progress" && f.method === "setTimeout");
    const cancel = await mcp(
      i,
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 2, reason: "enough" } },
      { "mcp-session-id": session },
    );
    assert.equal(cancel.res.status, 202);
    const ended = await slow;
    assert.equal(ended.body.result.structuredContent.status, "cancelled");
    const slowId = started.executionId;
    await watcher.waitFor((f) => f.type === "cf_codemode_changed" && f.executionId === slowId && f.method === "execute");
    assert.deepEqual(changesOf(watcher, slowId), [
      { type: "cf_codemode_changed", method: "cancelExecution", executionId: slowId, status: "running", by: "an MCP client" },
      { type: "cf_codemode_changed", method: "execute", executionId: slowId, status: "cancelled" },
    ]);
    await watcher.close();
  });
});
