// Agents WebSocket RPC (docs/contract.md "Agents WebSocket RPC"): identity frame, rpc frames,
// errors as "<CODE>: <message>", unknown frames ignored, and the pause/approve flow over WS.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertMatches, newInstance, startRuntime } from "./harness.mjs";

const T = { timeout: 60_000 };

describe("Agents WebSocket RPC", () => {
  let rt;
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    await rt?.dispose();
  });

  test("first frame is cf_agent_identity", T, async () => {
    const i = newInstance();
    const ws = await rt.ws(i);
    const identity = await ws.waitFor(() => true);
    assert.deepEqual(identity, { type: "cf_agent_identity", name: i, agent: "codemode" });
    await ws.close();
  });

  test("rpc execute answers with success, result and done", T, async () => {
    const i = newInstance();
    const ws = await rt.ws(i);
    await ws.waitFor((f) => f.type === "cf_agent_identity");
    const from = ws.frames.length;
    ws.send({ type: "rpc", id: "1", method: "execute", args: ["return 1+1"] });
    const reply = await ws.waitFor((f) => f.type === "rpc" && f.id === "1", { from });
    assertMatches(reply, {
      type: "rpc",
      id: "1",
      success: true,
      result: { status: "completed", result: 2 },
      done: true,
    });
    assert.equal(typeof reply.result.executionId, "string");
    assert.match(reply.result.report, /^Script completed/);
    await ws.close();
  });

  test("errors come back as success:false with '<CODE>: <message>'", T, async () => {
    const i = newInstance();
    const ws = await rt.ws(i);
    const reply = await ws.call("execution", "no-such-execution");
    assert.equal(reply.type, "rpc");
    assert.equal(reply.success, false, JSON.stringify(reply));
    assert.equal(typeof reply.error, "string");
    assert.ok(reply.error.startsWith("NOT_FOUND: "), reply.error);

    const unknown = await ws.call("frobnicate");
    assert.equal(unknown.success, false, JSON.stringify(unknown));
    assert.ok(unknown.error.startsWith("UNKNOWN_METHOD: "), unknown.error);
    await ws.close();
  });

  test("unknown frames are ignored and the socket keeps working", T, async () => {
    const i = newInstance();
    const ws = await rt.ws(i);
    await ws.waitFor((f) => f.type === "cf_agent_identity");
    const from = ws.frames.length;
    ws.send({ type: "nonsense" });
    ws.send("this is not JSON {");
    ws.send({ type: "rpc", id: "after-junk", method: "execute", args: ["return 'still here'"] });
    const reply = await ws.waitFor((f) => f.type === "rpc" && f.id === "after-junk", { from });
    assertMatches(reply, { success: true, done: true, result: { status: "completed", result: "still here" } });
    // Nothing answered the two junk frames (frames arrive in order). Other frame types (e.g. the
    // runtime's documented `cf_codemode_changed` broadcasts) may be interleaved and are not answers.
    const answers = ws.frames.slice(from).filter((f) => f.type === "rpc" || "error" in f || f.success === false);
    assert.deepEqual(answers, [reply]);
    assert.equal(ws.closed, null, "socket must stay open");
    await ws.close();
  });

  test("pause / pendingApprovals / approve over WebSocket", T, async () => {
    const i = newInstance();
    const ws = await rt.ws(i);
    const paused = await ws.call("execute", 'const n = await notes.createNote({text: "hello"}); return n.text;');
    assert.equal(paused.success, true, JSON.stringify(paused));
    assert.equal(paused.result.status, "paused", JSON.stringify(paused));
    const id = paused.result.executionId;
    const pending = { executionId: id, seq: 0, connector: "notes", method: "createNote", args: { text: "hello" } };
    assertMatches(paused.result.pending, [pending]);

    const listed = await ws.call("pendingApprovals");
    assertMatches(listed, { success: true, result: [pending] });

    const approved = await ws.call("approveExecution", id);
    assertMatches(approved, {
      success: true,
      done: true,
      result: { status: "completed", executionId: id, result: "hello" },
    });

    const again = await ws.call("approveExecution", id);
    assert.equal(again.success, false, JSON.stringify(again));
    assert.ok(again.error.startsWith("NOT_PAUSED: "), again.error);

    const notes = await ws.call("execute", "return await notes.listNotes()");
    assert.equal(notes.result.status, "completed", JSON.stringify(notes));
    assert.deepEqual(notes.result.result.map((n) => n.text), ["hello"]);

    // The same state is visible over HTTP.
    assert.equal((await rt.call(i, "execution", id)).status, "completed");
    await ws.close();
  });
});
