// The contract's demo flow over `POST /agents/codemode/<instance>/rpc` (docs/contract.md):
// tool descriptor, execute, pause for approval, approve/reject, history, snippets, rollback,
// errors and replay determinism. One Miniflare for the file, one fresh instance per test.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertError, assertMatches, base, newInstance, startRuntime } from "./harness.mjs";

const LIST = "return await notes.listNotes()";
const CREATE = 'const n = await notes.createNote({text: "hello"}); return n.text;';
const COUNT = "return (await notes.listNotes()).length";
const THROW = 'throw new Error("boom")';
const T = { timeout: 60_000 };

const pendingCreate = (executionId, text = "hello") => ({
  executionId,
  seq: 0,
  connector: "notes",
  method: "createNote",
  args: { text },
});

describe("demo flow over /rpc", () => {
  let rt;
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    await rt?.dispose();
  });

  /** Executes `code` and asserts the run ended with `status`. */
  async function run(i, code, status) {
    const out = await rt.call(i, "execute", code);
    assert.equal(out.status, status, `execute ${JSON.stringify(code)} → ${JSON.stringify(out)}`);
    assert.equal(typeof out.executionId, "string");
    assert.ok(out.executionId.length > 0);
    assert.ok(Array.isArray(out.calls), `calls: ${JSON.stringify(out)}`);
    assert.equal(typeof out.report, "string");
    return out;
  }

  async function listNotes(i) {
    const out = await run(i, LIST, "completed");
    assert.ok(Array.isArray(out.result), `listNotes result: ${JSON.stringify(out.result)}`);
    return out.result;
  }

  /** Runs CREATE and approves it; returns [pausedOutput, approvedOutput]. */
  async function createApproved(i) {
    const paused = await run(i, CREATE, "paused");
    const done = await rt.call(i, "approveExecution", paused.executionId);
    assert.equal(done.status, "completed", JSON.stringify(done));
    return [paused, done];
  }

  test("GET /tool describes the codemode tool", T, async () => {
    const i = newInstance();
    const res = await rt.fetch(`${base(i)}/tool`);
    assert.equal(res.status, 200);
    const tool = await res.json();
    assert.equal(tool.name, "codemode");
    assert.equal(typeof tool.description, "string");
    // Mentions both methods, either as `notes.listNotes` or as a TypeScript declaration of the
    // `notes` global (`declare const notes: { listNotes(...); createNote(...) }`).
    for (const method of ["listNotes", "createNote"]) {
      const dotted = new RegExp(`\\bnotes\\.${method}\\b`).test(tool.description);
      const declared =
        /\bnotes\s*[:=]\s*\{/.test(tool.description) && new RegExp(`\\b${method}\\s*\\(`).test(tool.description);
      assert.ok(dotted || declared, `description does not mention notes.${method}:\n${tool.description}`);
    }
    assert.equal(tool.inputSchema?.type, "object", JSON.stringify(tool.inputSchema));
    assert.ok(tool.inputSchema.properties?.code, `inputSchema has no code property: ${JSON.stringify(tool.inputSchema)}`);
    // The `tool` rpc method answers the same descriptor.
    assert.deepEqual(await rt.call(i, "tool"), tool);
  });

  test("execute listNotes on a fresh instance returns []", T, async () => {
    const i = newInstance();
    const out = await run(i, LIST, "completed");
    assert.deepEqual(out.result, []);
    assertMatches(out.calls, [
      { seq: 0, connector: "notes", method: "listNotes", state: "applied", requiresApproval: false },
    ]);
    assert.match(out.report, /^Script completed/);
  });

  test("execute accepts a {code} object", T, async () => {
    const i = newInstance();
    const out = await run(i, { code: "return 1+1" }, "completed");
    assert.equal(out.result, 2);
  });

  test("createNote pauses for approval and writes nothing", T, async () => {
    const i = newInstance();
    const out = await run(i, CREATE, "paused");
    assertMatches(out.pending, [pendingCreate(out.executionId)]);
    const call = out.calls.find((c) => c.seq === 0);
    assertMatches(call, {
      connector: "notes",
      method: "createNote",
      args: { text: "hello" },
      state: "pending",
      requiresApproval: true,
    });
    assert.match(out.report, /approv/i);
    assert.deepEqual(await listNotes(i), []);
  });

  test("pendingApprovals lists paused actions, all or by execution", T, async () => {
    const i = newInstance();
    const a = await run(i, CREATE, "paused");
    assertMatches(await rt.call(i, "pendingApprovals"), [pendingCreate(a.executionId)]);
    assertMatches(await rt.call(i, "pendingApprovals", a.executionId), [pendingCreate(a.executionId)]);

    const b = await run(i, 'await notes.createNote({text: "world"}); return 1;', "paused");
    assert.notEqual(b.executionId, a.executionId);
    const all = await rt.call(i, "pendingApprovals");
    assert.equal(all.length, 2, JSON.stringify(all));
    assert.deepEqual(all.map((p) => p.executionId).sort(), [a.executionId, b.executionId].sort());
    assertMatches(await rt.call(i, "pendingApprovals", b.executionId), [pendingCreate(b.executionId, "world")]);
    assertMatches(await rt.call(i, "pendingApprovals", a.executionId), [pendingCreate(a.executionId)]);
  });

  test("approveExecution resumes the run and writes the note exactly once", T, async () => {
    const i = newInstance();
    const paused = await run(i, CREATE, "paused");
    const done = await rt.call(i, "approveExecution", paused.executionId);
    assert.equal(done.status, "completed", JSON.stringify(done));
    assert.equal(done.executionId, paused.executionId);
    assert.equal(done.result, "hello");
    assertMatches(done.calls, [
      { seq: 0, connector: "notes", method: "createNote", args: { text: "hello" }, state: "applied" },
    ]);
    assert.match(done.report, /^Script completed/);

    const notes = await listNotes(i);
    assert.equal(notes.length, 1, JSON.stringify(notes));
    assert.equal(notes[0].text, "hello");
    assert.ok(notes[0].id !== undefined && notes[0].id !== null && notes[0].id !== "", JSON.stringify(notes[0]));
    assert.ok(Number.isInteger(notes[0].createdAt), JSON.stringify(notes[0]));
    assert.deepEqual(await rt.call(i, "pendingApprovals"), []);

    assertError(await rt.rpc(i, "approveExecution", paused.executionId), 409, "NOT_PAUSED");
    assert.equal((await listNotes(i)).length, 1, "a second approve must not write again");
  });

  test("executionHistory is newest first and honours limit; execution(id) returns the state", T, async () => {
    const i = newInstance();
    const first = await run(i, LIST, "completed");
    const [paused] = await createApproved(i);

    const history = await rt.call(i, "executionHistory");
    assert.deepEqual(
      history.map((e) => e.id),
      [paused.executionId, first.executionId],
      JSON.stringify(history),
    );
    assertMatches(history[0], { status: "completed", code: CREATE });
    assertMatches(history[1], { status: "completed", code: LIST });

    const one = await rt.call(i, "executionHistory", 1);
    assert.equal(one.length, 1, JSON.stringify(one));
    assert.equal(one[0].id, paused.executionId);

    const state = await rt.call(i, "execution", paused.executionId);
    assertMatches(state, {
      id: paused.executionId,
      code: CREATE,
      status: "completed",
      result: "hello",
      calls: [{ seq: 0, connector: "notes", method: "createNote", state: "applied" }],
    });
    assert.ok(Number.isInteger(state.createdAt), JSON.stringify(state));
    assert.ok(Number.isInteger(state.updatedAt), JSON.stringify(state));
    assert.ok(state.updatedAt >= state.createdAt, JSON.stringify(state));
  });

  test("saveSnippet / snippets / deleteSnippet", T, async () => {
    const i = newInstance();
    const [paused] = await createApproved(i);

    const snippet = await rt.call(i, "saveSnippet", "make-note", "creates a note", paused.executionId);
    assertMatches(snippet, {
      name: "make-note",
      description: "creates a note",
      code: CREATE,
      connectors: ["notes"],
    });
    assert.ok(Number.isInteger(snippet.savedAt), JSON.stringify(snippet));
    assertMatches(await rt.call(i, "snippets"), [
      { name: "make-note", description: "creates a note", connectors: ["notes"] },
    ]);

    const stillPaused = await run(i, CREATE, "paused");
    assertError(await rt.rpc(i, "saveSnippet", "from-paused", "x", stillPaused.executionId), 409, "NOT_COMPLETED");
    const failed = await run(i, THROW, "error");
    assertError(await rt.rpc(i, "saveSnippet", "from-error", "x", failed.executionId), 409, "NOT_COMPLETED");
    assertMatches(await rt.call(i, "snippets"), [{ name: "make-note" }]);

    assert.equal(await rt.call(i, "deleteSnippet", "make-note"), true);
    assert.equal(await rt.call(i, "deleteSnippet", "make-note"), false);
    assert.deepEqual(await rt.call(i, "snippets"), []);
  });

  test("codemode.run runs a saved snippet inside a script", T, async () => {
    const i = newInstance();
    const count = await run(i, COUNT, "completed");
    assert.equal(count.result, 0);
    await rt.call(i, "saveSnippet", "list", "counts the notes", count.executionId);

    const viaSnippet = await run(i, 'return await codemode.run("list", {})', "completed");
    assert.equal(typeof viaSnippet.result, "number", JSON.stringify(viaSnippet));
    assert.equal(viaSnippet.result, 0);

    await createApproved(i);
    const again = await run(i, 'return await codemode.run("list", {})', "completed");
    assert.equal(again.result, 1, JSON.stringify(again));
  });

  test("rollbackExecution reverts the applied create", T, async () => {
    const i = newInstance();
    const [paused] = await createApproved(i);
    assert.equal((await listNotes(i)).length, 1);

    const rb = await rt.call(i, "rollbackExecution", paused.executionId);
    assertMatches(rb, { reverted: 1, failed: [] });
    assert.deepEqual(await listNotes(i), []);

    const state = await rt.call(i, "execution", paused.executionId);
    assert.equal(state.status, "rolled_back", JSON.stringify(state));
    assertMatches(state.calls, [{ seq: 0, connector: "notes", method: "createNote", state: "reverted" }]);
  });

  test("rejectExecution ends the run rejected and writes nothing", T, async () => {
    const i = newInstance();
    const paused = await run(i, CREATE, "paused");
    assert.equal(await rt.call(i, "rejectExecution", paused.executionId, 0), true);

    const state = await rt.call(i, "execution", paused.executionId);
    assert.equal(state.status, "rejected", JSON.stringify(state));
    assertMatches(state.calls.find((c) => c.seq === 0), { method: "createNote", state: "rejected" });
    assert.deepEqual(await listNotes(i), []);
    assert.deepEqual(await rt.call(i, "pendingApprovals"), []);
    assert.equal(await rt.call(i, "rejectExecution", paused.executionId, 0), false);
    assertError(await rt.rpc(i, "approveExecution", paused.executionId), 409, "NOT_PAUSED");

    // A seq that is not pending is not rejected, and the run stays paused.
    const other = await run(i, CREATE, "paused");
    assert.equal(await rt.call(i, "rejectExecution", other.executionId, 5), false);
    assert.equal((await rt.call(i, "execution", other.executionId)).status, "paused");
    assertMatches(await rt.call(i, "pendingApprovals", other.executionId), [pendingCreate(other.executionId)]);
  });

  test("errors: NOT_FOUND, UNKNOWN_METHOD, BAD_REQUEST", T, async () => {
    const i = newInstance();
    assertError(await rt.rpc(i, "execution", "no-such-execution"), 404, "NOT_FOUND");
    assertError(await rt.rpc(i, "approveExecution", "no-such-execution"), 404, "NOT_FOUND");
    assertError(await rt.rpc(i, "frobnicate"), 400, "UNKNOWN_METHOD");
    assertError(await rt.rpc(i, "execute"), 400, "BAD_REQUEST");

    const res = await rt.fetch(`${base(i)}/rpc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"method": "execute", "args": [',
    });
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      assert.fail(`malformed-JSON answer is not JSON: ${res.status} ${text}`);
    }
    assertError({ status: res.status, body }, 400, "BAD_REQUEST");
  });

  test("a throwing script ends with status error / SCRIPT_ERROR", T, async () => {
    const i = newInstance();
    const out = await run(i, THROW, "error");
    assert.equal(out.error?.code, "SCRIPT_ERROR", JSON.stringify(out));
    assert.equal(typeof out.error.message, "string");
    assert.match(out.error.message, /boom/);
    assert.ok(out.report.startsWith("Script failed"), out.report);
    assert.equal((await rt.call(i, "execution", out.executionId)).status, "error");
  });

  test("Math.random and Date.now replay identically after approval", T, async () => {
    const i = newInstance();
    const code =
      'const r = Math.random(); const t = Date.now(); await notes.createNote({text: String(r) + "@" + t}); return [r, t];';
    const paused = await run(i, code, "paused");
    assert.equal(paused.pending.length, 1, JSON.stringify(paused));
    const text = paused.pending[0].args.text;
    assert.match(text, /^[0-9.e-]+@-?\d+$/, text);
    const [r, t] = text.split("@").map(Number);
    assert.ok(r >= 0 && r < 1, text);

    const done = await rt.call(i, "approveExecution", paused.executionId);
    assert.notEqual(done.error?.code, "REPLAY_DIVERGED", JSON.stringify(done));
    assert.equal(done.status, "completed", JSON.stringify(done));
    assert.deepEqual(done.result, [r, t]);
    const notes = await listNotes(i);
    assert.deepEqual(notes.map((n) => n.text), [text]);
  });
});
