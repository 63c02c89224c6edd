// Durability with a real, slow MCP server (issue 3): a run killed while a connector awaits a slow
// loopback call is resumed after a restart and applies each side effect once; races inside one object
// (approve/approve, reject of an executing run, many runs at once, reject/approve) end consistently.
// The server (fixtures/mcp_server.mjs) counts effects and attempts per idempotency key
// (`<executionId>:<seq>`), deduplicating repeated keys the way a careful real service would.

import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { assertError, assertMatches, newInstance, startRuntime } from "./harness.mjs";
import { startMcpServer } from "./fixtures/mcp_server.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function connectors(url) {
  return JSON.stringify([
    { name: "docs", type: "mcp", url },
    // The same server with every tool gated, to pause on a slow tool.
    { name: "gated", type: "mcp", url, requireApproval: "all" },
  ]);
}

/** Polls `execution(id)` until its status is not `running` (or the deadline passes). */
async function settled(rt, instance, id, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let state;
  while (Date.now() < deadline) {
    state = await rt.call(instance, "execution", id);
    if (state.status !== "running") return state;
    await sleep(250);
  }
  assert.fail(`execution ${id} still ${state?.status} after ${timeoutMs} ms: ${JSON.stringify(state)}`);
}

/** Waits up to `ms` for `pred()` without touching the runtime. */
async function until(pred, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (pred()) return true;
    await sleep(100);
  }
  return pred();
}

describe("restart while a slow MCP call is in flight", () => {
  let persistDir;
  let srv;
  let rt;

  before(async () => {
    persistDir = await mkdtemp(path.join(tmpdir(), "codemode-durability-mcp-"));
    srv = await startMcpServer({ delayMs: 0 });
  });
  after(async () => {
    await rt?.dispose();
    await srv?.close();
    if (persistDir) await rm(persistDir, { recursive: true, force: true });
  });

  test("the run is resumed after the restart and each effect is applied once", { timeout: 240_000 }, async (t) => {
    const bindings = { CODEMODE_CONNECTORS: connectors(srv.url) };
    const i = newInstance();
    const code = `const a = await docs.slowWrite({key: "a", value: "1", delayMs: 0});
      const b = await docs.slowWrite({key: "b", value: "2", delayMs: 4000});
      const c = await docs.slowWrite({key: "c", value: "3", delayMs: 0});
      return [a.written, b.written, c.written];`;

    rt = await startRuntime({ persistDir, bindings });
    let firstAnswer = "none";
    rt.rpc(i, "execute", code).then(
      (a) => (firstAnswer = `HTTP ${a.status} ${JSON.stringify(a.body)}`),
      (e) => (firstAnswer = `rejected: ${e.message}`),
    );
    // The second (slow) call reached the server: kill the runtime while it waits.
    await srv.waitForCall("slow-write", 2, 30_000);
    const keys = srv.stats.metaKeys.filter(Boolean);
    assert.equal(keys.length, 2, JSON.stringify(srv.stats.metaKeys));
    const id = keys[0].slice(0, keys[0].lastIndexOf(":"));
    assert.deepEqual(keys, [`${id}:0`, `${id}:1`]);
    await rt.dispose();
    rt = undefined;
    const killedAt = Date.now();
    t.diagnostic(`killed mid-call; the first runtime's execute answered: ${firstAnswer}`);

    // The interrupted call is still running on the server and applies its effect.
    await until(() => srv.stats.effects[`${id}:1`] === 1, 10_000);
    assert.equal(srv.stats.effects[`${id}:1`], 1, "the in-flight call did not finish on the server");
    assert.equal(srv.stats.calls["slow-write"], 2);

    rt = await startRuntime({ persistDir, bindings });
    // First, no request at all: does the alarm scheduled before the kill fire in the new runtime?
    const byAlarm = await until(() => (srv.stats.calls["slow-write"] ?? 0) >= 4, 45_000);
    t.diagnostic(
      byAlarm
        ? `resumed by the persisted alarm alone, ${Date.now() - killedAt} ms after the kill`
        : `no resume within 45 s without a request (slow-write calls: ${srv.stats.calls["slow-write"]}); polling execution() now`,
    );

    const state = await settled(rt, i, id, 90_000);
    t.diagnostic(`completed ${Date.now() - killedAt} ms after the kill`);
    assertMatches(state, { id, status: "completed", result: ["1", "2", "3"] });
    assertMatches(
      state.calls.map((c) => ({ seq: c.seq, method: c.method, state: c.state })),
      [
        { seq: 0, method: "slowWrite", state: "applied" },
        { seq: 1, method: "slowWrite", state: "applied" },
        { seq: 2, method: "slowWrite", state: "applied" },
      ],
    );
    // Each effect once; the interrupted key was tried twice, the others once.
    assert.deepEqual(srv.stats.writes.map((w) => [w.key, w.value]), [
      [`${id}:0`, "1"],
      [`${id}:1`, "2"],
      [`${id}:2`, "3"],
    ]);
    assert.deepEqual(srv.stats.effects, { [`${id}:0`]: 1, [`${id}:1`]: 1, [`${id}:2`]: 1 });
    assert.deepEqual(srv.stats.attempts, { [`${id}:0`]: 1, [`${id}:1`]: 2, [`${id}:2`]: 1 });
    assert.ok(!srv.stats.metaKeys.includes(null), "a call without an idempotency key");

    // Nothing runs it again: a later alarm or request is harmless.
    const calls = srv.stats.calls["slow-write"];
    await sleep(1500);
    assertMatches(await rt.call(i, "execution", id), { status: "completed", result: ["1", "2", "3"] });
    assert.equal(srv.stats.calls["slow-write"], calls);
  });
});

describe("restart while the MCP server is down too", () => {
  let persistDir;
  let srv;
  let rt;

  before(async () => {
    persistDir = await mkdtemp(path.join(tmpdir(), "codemode-durability-mcp-down-"));
  });
  after(async () => {
    await rt?.dispose();
    await srv?.close();
    if (persistDir) await rm(persistDir, { recursive: true, force: true });
  });

  test("CONNECTOR_UNAVAILABLE until the server is back, then the run completes, each effect once", { timeout: 240_000 }, async (t) => {
    srv = await startMcpServer({ delayMs: 0 });
    const { port, stats } = srv;
    const bindings = { CODEMODE_CONNECTORS: connectors(srv.url) };
    const i = newInstance();
    const code = `const a = await docs.slowWrite({key: "a", value: "x", delayMs: 0});
      const b = await docs.slowWrite({key: "b", value: "y", delayMs: 2000});
      return [a.written, b.written];`;

    rt = await startRuntime({ persistDir, bindings });
    rt.rpc(i, "execute", code).catch(() => {});
    await srv.waitForCall("slow-write", 2, 30_000);
    const id = stats.metaKeys[0].slice(0, stats.metaKeys[0].lastIndexOf(":"));
    await rt.dispose();
    rt = undefined;
    // The in-flight call finishes on the server, then the server goes away too.
    assert.ok(await until(() => stats.effects[`${id}:1`] === 1, 10_000), "the in-flight call did not finish");
    await srv.close();
    srv = undefined;

    rt = await startRuntime({ persistDir, bindings });
    // Reads keep working; nothing that runs scripts does, and the run is left as it was.
    const stored = await rt.call(i, "execution", id);
    assert.equal(stored.status, "running", JSON.stringify(stored));
    const down = await rt.rpc(i, "execute", "return 1");
    assertError(down, 502, "CONNECTOR_UNAVAILABLE");
    assert.match(down.body.error.message, /docs|gated/, down.body.error.message);

    // The service comes back on the same port, remembering its idempotency keys.
    srv = await startMcpServer({ port, stats, delayMs: 0 });
    const state = await settled(rt, i, id, 90_000);
    assertMatches(state, { id, status: "completed", result: ["x", "y"] });
    assert.deepEqual(stats.writes.map((w) => [w.key, w.value]), [
      [`${id}:0`, "x"],
      [`${id}:1`, "y"],
    ]);
    assert.deepEqual(stats.attempts, { [`${id}:0`]: 1, [`${id}:1`]: 2 });
  });
});

describe("races inside one object", () => {
  let srv;
  let rt;

  before(async () => {
    srv = await startMcpServer({ delayMs: 1500 });
    rt = await startRuntime({ bindings: { CODEMODE_CONNECTORS: connectors(srv.url) } });
  });
  after(async () => {
    await rt?.dispose();
    await srv?.close();
  });

  const T = { timeout: 120_000 };

  test("two concurrent approveExecution calls resume once", T, async (t) => {
    const i = newInstance();
    const paused = await rt.call(i, "execute", `return await gated.slowWrite({key: "k", value: "approved-twice"})`);
    assert.equal(paused.status, "paused", JSON.stringify(paused));
    const id = paused.executionId;
    const [x, y] = await Promise.all([rt.rpc(i, "approveExecution", id), rt.rpc(i, "approveExecution", id)]);
    const answers = [x, y];
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    assert.equal(won.length, 1, JSON.stringify(answers));
    t.diagnostic(`the second approve answered HTTP ${lost[0]?.status} ${JSON.stringify(lost[0]?.body)}`);
    assertMatches(won[0].body.result, { status: "completed", executionId: id, result: { written: "approved-twice", key: "k" } });
    assert.equal(lost[0].status, 409, JSON.stringify(lost[0]));
    assert.ok(["BUSY", "NOT_PAUSED"].includes(lost[0].body.error.code), JSON.stringify(lost[0]));
    assert.equal(srv.stats.attempts[`${id}:0`], 1);
    assert.equal(srv.stats.effects[`${id}:0`], 1);
    assertMatches(await rt.call(i, "execution", id), { status: "completed" });
  });

  test("rejectExecution on a run that is executing returns false and changes nothing", T, async () => {
    const i = newInstance();
    const calls = srv.stats.calls["slow-write"] ?? 0;
    const running = rt.call(i, "execute", `return await docs.slowWrite({key: "r", value: "kept", delayMs: 3000})`);
    await srv.waitForCall("slow-write", calls + 1);
    const [live] = await rt.call(i, "executionHistory", 1);
    assertMatches(live, { status: "running" });
    const id = live.id;
    assert.equal(await rt.call(i, "rejectExecution", id, 0), false);
    assert.equal(await rt.call(i, "rejectExecution", id, 1), false);
    assertMatches(await rt.call(i, "execution", id), { status: "running" });
    const done = await running;
    assertMatches(done, { status: "completed", executionId: id, result: { written: "kept", key: "r" } });
    assertMatches(await rt.call(i, "execution", id), {
      status: "completed",
      calls: [{ seq: 0, method: "slowWrite", state: "applied" }],
    });
    assert.equal(srv.stats.effects[`${id}:0`], 1);
    assert.equal(srv.stats.attempts[`${id}:0`], 1);
  });

  test("10 executions awaiting the slow tool at once all complete", T, async (t) => {
    const i = newInstance();
    const started = Date.now();
    const outs = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        rt.call(i, "execute", `const w = await docs.slowWrite({key: "p${n}", value: "v${n}"}); return [${n}, w.written];`),
      ),
    );
    t.diagnostic(`10 runs of a 1.5 s call took ${Date.now() - started} ms`);
    outs.forEach((o, n) => assertMatches(o, { status: "completed", result: [n, `v${n}`] }, `run ${n}`));
    const ids = new Set(outs.map((o) => o.executionId));
    assert.equal(ids.size, 10);
    for (const id of ids) {
      assert.equal(srv.stats.effects[`${id}:0`], 1, id);
      assert.equal(srv.stats.attempts[`${id}:0`], 1, id);
    }
    const history = await rt.call(i, "executionHistory", 20);
    assert.equal(history.length, 10);
    assert.ok(history.every((h) => h.status === "completed"), JSON.stringify(history.map((h) => h.status)));
  });

  for (const order of ["approve first", "reject first", "approve first", "reject first"]) {
    test(`a reject and an approve racing (${order}) leave one consistent outcome`, T, async (t) => {
      const i = newInstance();
      const paused = await rt.call(i, "execute", `return await gated.slowWrite({key: "race", value: "raced", delayMs: 300})`);
      assert.equal(paused.status, "paused", JSON.stringify(paused));
      const id = paused.executionId;
      const approve = () => rt.rpc(i, "approveExecution", id);
      const reject = () => rt.rpc(i, "rejectExecution", id, 0);
      let a, r;
      if (order === "approve first") [a, r] = await Promise.all([approve(), reject()]);
      else [r, a] = await Promise.all([reject(), approve()]);
      assert.equal(r.status, 200, JSON.stringify(r));
      const final = await rt.call(i, "execution", id);
      t.diagnostic(`reject → ${JSON.stringify(r.body)}, approve → HTTP ${a.status} ${a.body?.result?.status ?? a.body?.error?.code}`);
      if (r.body.result === true) {
        assert.equal(a.status, 409, JSON.stringify(a));
        assert.equal(a.body.error.code, "NOT_PAUSED", JSON.stringify(a));
        assertMatches(final, { status: "rejected", calls: [{ seq: 0, state: "rejected" }] });
        assert.equal(srv.stats.attempts[`${id}:0`], undefined, "a rejected call reached the server");
        assert.equal(srv.stats.effects[`${id}:0`], undefined);
      } else {
        assert.equal(r.body.result, false, JSON.stringify(r));
        assert.equal(a.status, 200, JSON.stringify(a));
        assertMatches(a.body.result, { status: "completed", result: { written: "raced", key: "race" } });
        assertMatches(final, { status: "completed", calls: [{ seq: 0, state: "applied" }] });
        assert.equal(srv.stats.attempts[`${id}:0`], 1);
        assert.equal(srv.stats.effects[`${id}:0`], 1);
      }
      // Nothing changes afterwards.
      await sleep(500);
      assert.equal((await rt.call(i, "execution", id)).status, final.status);
      assert.equal(await rt.call(i, "rejectExecution", id, 0), false);
    });
  }
});
