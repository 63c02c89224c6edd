// The real `agents` npm package's AgentClient (unmodified) against the runtime's Agents WebSocket
// RPC (docs/contract.md "Agents WebSocket RPC"): it connects to /agents/codemode/<instance>,
// `ready` resolves on the identity frame, every contract method is callable with
// `client.call(method, args)`, errors reject with "<CODE>: <message>", several clients share one
// instance, and the others see the `cf_codemode_changed` push of a change.
//
// Node 20 has no global WebSocket: the `ws` package is passed as PartySocket's `WebSocket` option
// (AgentClient forwards its options to PartySocket), so nothing global is patched.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import WebSocket from "ws";
import { assertMatches, newInstance, openAgentClient as open, startRuntime } from "./harness.mjs";

const T = { timeout: 60_000 };
const TOKEN = "agent-client-secret";

/** Asserts that `promise` rejects with an Error whose message starts with "<code>: ". */
async function rejectsWith(promise, code) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof Error, `not an Error: ${error}`);
    assert.ok(error.message.startsWith(`${code}: `), `expected "${code}: …", got "${error.message}"`);
    return true;
  });
}

const CREATE = 'const n = await notes.createNote({text: "from AgentClient"}); return n.text;';

describe("AgentClient (agents npm package)", () => {
  let rt;
  const clients = [];
  const connect = async (instance, extra) => {
    const c = open(rt, instance, extra);
    clients.push(c.client);
    await c.client.ready;
    return c;
  };

  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    for (const c of clients) c.close();
    await rt?.dispose();
  });

  test("ready resolves on the identity frame; the client knows its agent and instance", T, async () => {
    const i = newInstance();
    const { client, frames } = await connect(i);
    assert.equal(client.identified, true);
    assert.equal(client.agent, "codemode");
    assert.equal(client.name, i);
    assert.equal(client.readyState, WebSocket.OPEN);
    assert.deepEqual(frames[0], { type: "cf_agent_identity", name: i, agent: "codemode" });
  });

  test("every contract method is callable with client.call(method, args)", T, async () => {
    const i = newInstance();
    const { client } = await connect(i);

    const tool = await client.call("tool");
    assertMatches(tool, { name: "codemode" });
    assert.equal(typeof tool.description, "string");
    assert.equal(tool.inputSchema.type, "object");

    const done = await client.call("execute", ["return 40 + 2"]);
    assertMatches(done, { status: "completed", result: 42, calls: [] });
    assert.match(done.report, /^Script completed/);
    const viaObject = await client.call("execute", [{ code: "return 'object form'" }]);
    assertMatches(viaObject, { status: "completed", result: "object form" });

    const found = await client.call("search", ["create note"]);
    assert.ok(found.results.some((r) => r.path === "notes.createNote" && r.requiresApproval === true), JSON.stringify(found));
    assert.equal(typeof found.total, "number");
    assert.equal(found.truncated, false);

    const described = await client.call("describe", ["notes.createNote"]);
    assertMatches(described, { path: "notes.createNote", requiresApproval: true });
    assert.match(described.types, /createNote\(/);

    // pause → pendingApprovals (all, and by execution) → approve
    const paused = await client.call("execute", [CREATE]);
    assert.equal(paused.status, "paused", JSON.stringify(paused));
    const pid = paused.executionId;
    const action = { executionId: pid, seq: 0, connector: "notes", method: "createNote", args: { text: "from AgentClient" } };
    assertMatches(paused.pending, [action]);
    assertMatches(await client.call("pendingApprovals"), [action]);
    assertMatches(await client.call("pendingApprovals", [pid]), [action]);
    assertMatches(await client.call("pendingApprovals", [done.executionId]), []);
    const approved = await client.call("approveExecution", [pid]);
    assertMatches(approved, { status: "completed", executionId: pid, result: "from AgentClient" });
    assertMatches(await client.call("pendingApprovals"), []);

    // reject
    const second = await client.call("execute", [CREATE]);
    assert.equal(second.status, "paused");
    assert.equal(await client.call("rejectExecution", [second.executionId, 0]), true);
    assert.equal(await client.call("rejectExecution", [second.executionId, 0]), false);
    assert.equal((await client.call("execution", [second.executionId])).status, "rejected");

    // history, one execution, rollback
    const history = await client.call("executionHistory", [2]);
    assert.deepEqual(history.map((x) => x.id), [second.executionId, pid]);
    const one = await client.call("execution", [pid]);
    assertMatches(one, { id: pid, code: CREATE, status: "completed", result: "from AgentClient" });
    assert.equal(typeof one.createdAt, "number");
    assertMatches(await client.call("rollbackExecution", [pid]), { reverted: 1, failed: [] });
    assert.equal((await client.call("execution", [pid])).status, "rolled_back");
    assertMatches(await client.call("execute", ["return (await notes.listNotes()).length"]), { result: 0 });

    // snippets
    const snippet = await client.call("saveSnippet", ["the-answer", "Returns 42", done.executionId]);
    assertMatches(snippet, { name: "the-answer", description: "Returns 42", code: "return 40 + 2" });
    assert.equal(typeof snippet.savedAt, "number");
    assertMatches(await client.call("snippets"), [{ name: "the-answer" }]);
    assertMatches(await client.call("execute", ['return await codemode.run("the-answer", {})']), {
      status: "completed",
      result: 42,
    });
    assert.equal(await client.call("deleteSnippet", ["the-answer"]), true);
    assert.equal(await client.call("deleteSnippet", ["the-answer"]), false);
    assertMatches(await client.call("snippets"), []);
  });

  test("errors arrive as rejected calls with the code in the message", T, async () => {
    const i = newInstance();
    const { client } = await connect(i);
    await rejectsWith(client.call("execution", ["no-such-execution"]), "NOT_FOUND");
    await rejectsWith(client.call("frobnicate", []), "UNKNOWN_METHOD");
    await rejectsWith(client.call("execute", [""]), "BAD_REQUEST");
    await rejectsWith(client.call("describe", ["nothing.here"]), "NOT_FOUND");
    const done = await client.call("execute", ["return 1"]);
    await rejectsWith(client.call("approveExecution", [done.executionId]), "NOT_PAUSED");
    await rejectsWith(client.call("saveSnippet", ["bad name!", "x", done.executionId]), "INVALID_NAME");
    const paused = await client.call("execute", [CREATE]);
    await rejectsWith(client.call("rollbackExecution", [paused.executionId]), "INVALID_STATE");
    await rejectsWith(client.call("saveSnippet", ["from-paused", "x", paused.executionId]), "NOT_COMPLETED");
    await rejectsWith(client.call("execute", ["x".repeat(70 * 1024)]), "CODE_TOO_LARGE");
    // A script's own failure is a result, not a rejected call.
    const failed = await client.call("execute", ["throw new Error('boom')"]);
    assertMatches(failed, { status: "error", error: { code: "SCRIPT_ERROR" } });
    // The connection survives all of that.
    assertMatches(await client.call("execute", ["return 'still open'"]), { result: "still open" });
  });

  test("several clients at once, on one instance and on others", T, async () => {
    const shared = newInstance();
    const other = newInstance();
    const [a, b, c, d] = await Promise.all([connect(shared), connect(shared), connect(shared), connect(other)]);
    const outputs = await Promise.all(
      [a, b, c, d].flatMap(({ client }, k) =>
        [0, 1, 2].map((n) => client.call("execute", [`return ${k * 10 + n}`])),
      ),
    );
    assert.deepEqual(
      outputs.map((o) => o.result),
      [0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32],
    );
    assert.equal(new Set(outputs.map((o) => o.executionId)).size, 12);
    const seenByA = await a.client.call("executionHistory", [50]);
    const seenByD = await d.client.call("executionHistory", [50]);
    assert.equal(seenByA.length, 9, "the three clients of one instance share its executions");
    assert.equal(seenByD.length, 3, "another instance keeps its own");
    assert.deepEqual(
      new Set(seenByA.map((x) => x.id)),
      new Set(outputs.slice(0, 9).map((o) => o.executionId)),
    );
  });

  test("a second client receives cf_codemode_changed when the first approves or rejects", T, async () => {
    const i = newInstance();
    const first = await connect(i);
    const second = await connect(i);
    const elsewhere = await connect(newInstance());

    const toApprove = await first.client.call("execute", [CREATE]);
    const toReject = await first.client.call("execute", [CREATE]);
    assert.equal(toApprove.status, "paused");
    assert.equal(toReject.status, "paused");

    let from = second.frames.length;
    const approved = await first.client.call("approveExecution", [toApprove.executionId]);
    assert.equal(approved.status, "completed");
    const pushApprove = await second.waitFor(
      (f) => f.type === "cf_codemode_changed" && f.method === "approveExecution",
      { from },
    );
    assert.deepEqual(pushApprove, {
      type: "cf_codemode_changed",
      method: "approveExecution",
      executionId: toApprove.executionId,
      status: "completed",
    });

    from = second.frames.length;
    assert.equal(await first.client.call("rejectExecution", [toReject.executionId, 0]), true);
    const pushReject = await second.waitFor(
      (f) => f.type === "cf_codemode_changed" && f.method === "rejectExecution",
      { from },
    );
    assertMatches(pushReject, { type: "cf_codemode_changed", method: "rejectExecution", executionId: toReject.executionId });

    // The second client can act on what the push names.
    assert.equal((await second.client.call("execution", [toReject.executionId])).status, "rejected");
    // Pushes stay within the instance, and no rpc answer went to the client that did not ask.
    assert.equal(elsewhere.frames.filter((f) => f.type === "cf_codemode_changed").length, 0);
    assert.equal(second.frames.filter((f) => f.type === "rpc").length, 1, "only the answer to its own call");
  });
});

describe("AgentClient with CODEMODE_TOKEN set", () => {
  let rt;
  const clients = [];
  before(async () => {
    rt = await startRuntime({ bindings: { CODEMODE_TOKEN: TOKEN } });
  });
  after(async () => {
    for (const c of clients) c.close();
    await rt?.dispose();
  });

  test("the token goes in PartySocket's query option", T, async () => {
    const { client } = open(rt, newInstance(), { query: { token: TOKEN } });
    clients.push(client);
    await client.ready;
    assertMatches(await client.call("execute", ["return 'authorized'"]), { result: "authorized" });
  });

  test("a wrong token never becomes ready and ends in a connection error", T, async () => {
    let reported;
    const failed = new Promise((resolve) => (reported = resolve));
    const { client } = open(rt, newInstance(), {
      query: { token: "wrong" },
      maxRetries: 0,
      onConnectionError: (error) => reported(error),
    });
    clients.push(client);
    let timer;
    const outcome = await Promise.race([
      client.ready.then(() => "ready"),
      failed.then(() => "connection error"),
      new Promise((r) => (timer = setTimeout(() => r("timeout"), 15_000))),
    ]);
    clearTimeout(timer);
    assert.equal(outcome, "connection error");
    assert.equal(client.identified, false);
  });
});
