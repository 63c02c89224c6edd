// cancelExecution against the built Worker (issue 16): a run blocked on a slow MCP call is
// cancelled (the server sees its request aborted, the run ends `cancelled`), a paused run is
// cancelled, and a cancelled run can be rolled back.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { newInstance, startRuntime } from "./harness.mjs";
import { startMcpServer } from "./fixtures/mcp_server.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(pred, ms, what) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await pred()) return;
    await sleep(50);
  }
  assert.fail(`timed out waiting for ${what}`);
}

describe("cancelExecution", () => {
  let srv;
  let rt;
  const instance = newInstance();

  before(async () => {
    srv = await startMcpServer({ delayMs: 0 });
    rt = await startRuntime({ bindings: { CODEMODE_CONNECTORS: JSON.stringify([{ name: "docs", type: "mcp", url: srv.url }]) } });
  });
  after(async () => {
    await rt?.dispose();
    await srv?.close();
  });

  test("a run blocked on a slow MCP call: the request is aborted, the run ends cancelled", async () => {
    const running = rt.rpc(
      instance,
      "execute",
      "await notes.listNotes(); await docs.slowWrite({key: 'k', value: 'v', delayMs: 30000}); return 'never'",
    );
    await srv.waitForCall("slow-write", 1, 10_000);
    const [run] = (await rt.call(instance, "executionHistory", 1)).filter((x) => x.status === "running");
    assert.ok(run, "the run is under way");
    const started = Date.now();
    const cancelled = await rt.call(instance, "cancelExecution", run.id, { by: "ana", reason: "taking too long" });
    assert.deepEqual(cancelled, { cancelled: true });
    const answer = await running;
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const out = answer.body.result;
    assert.equal(out.status, "cancelled", JSON.stringify(out));
    assert.ok(Date.now() - started < 10_000, "the run did not wait for the slow call");
    assert.deepEqual(out.calls.map((c) => [c.method, c.state]), [["listNotes", "applied"], ["slowWrite", "cancelled"]]);
    assert.match(out.report, /cancelled by ana: taking too long/);
    assert.match(out.report, /may have happened/);
    await until(() => srv.stats.abandoned >= 1, 10_000, "the server to see the request aborted");
    const state = await rt.call(instance, "execution", run.id);
    assert.equal(state.status, "cancelled");
    assert.deepEqual(await rt.call(instance, "cancelExecution", run.id), { cancelled: false }, "finished: not again");
  });

  test("a paused run is cancelled; it can be rolled back", async () => {
    const paused = await rt.call(instance, "execute", "const n = await notes.createNote({text: 'x'}); return n.id");
    assert.equal(paused.status, "paused");
    assert.deepEqual(await rt.call(instance, "cancelExecution", paused.executionId, { reason: "no" }), { cancelled: true });
    const state = await rt.call(instance, "execution", paused.executionId);
    assert.equal(state.status, "cancelled");
    assert.equal(state.calls[0].state, "cancelled");
    assert.equal(state.calls[0].decision.kind, "cancelled");
    assert.deepEqual(await rt.call(instance, "pendingApprovals"), []);
    const rolled = await rt.call(instance, "rollbackExecution", paused.executionId);
    assert.equal(rolled.failed.length, 0);
  });
});
