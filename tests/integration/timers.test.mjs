// Durable timers, live progress and MCP progress/cancel against the built Worker (issue 16): a
// script polls a slow MCP tool with setTimeout backoff; a 60 s wait suspends the run (`waiting`),
// survives a restart of the runtime and completes on the Durable Object alarm; an AgentClient
// receives the progress frames of a run in order; the MCP SDK client receives
// notifications/progress and cancels a tools/call with notifications/cancelled.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { base, newInstance, openAgentClient, persistedRuntime } from "./harness.mjs";
import { startMcpServer } from "./fixtures/mcp_server.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const SLEEP = "const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\n";

async function until(pred, ms, what) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await pred();
    if (value) return value;
    await sleep(200);
  }
  assert.fail(`timed out waiting for ${what}`);
}

describe("durable timers, progress and cancel", () => {
  let srv;
  let rt;
  let bindings;
  const storage = persistedRuntime("timers");
  const instance = newInstance();
  const clients = [];

  before(async () => {
    srv = await startMcpServer({ delayMs: 0 });
    bindings = { CODEMODE_CONNECTORS: JSON.stringify([{ name: "docs", type: "mcp", url: srv.url }]) };
    rt = await storage.start({ bindings });
  });
  after(async () => {
    for (const c of clients) c.close();
    await srv?.close();
  });

  test("a script polls a slow MCP tool with setTimeout backoff and completes", { timeout: 60_000 }, async () => {
    const code = `${SLEEP}const t0 = Date.now(); let delay = 200, tries = 0, last;
      while (tries < 3) {
        tries++;
        last = await docs.slowWrite({key: "job", value: "try " + tries, delayMs: 300});
        if (tries < 3) { await sleep(delay); delay *= 2; }
      }
      return {tries, last, waitedAtLeast: Date.now() - t0 >= 600}`;
    const started = Date.now();
    const out = await rt.call(instance, "execute", code);
    assert.equal(out.status, "completed", JSON.stringify(out));
    assert.deepEqual(out.result, { tries: 3, last: { written: "try 3", key: "job" }, waitedAtLeast: true });
    assert.ok(Date.now() - started >= 600, "the timers took real time");
    const timers = out.calls.filter((c) => c.method === "setTimeout");
    assert.deepEqual(timers.map((c) => [c.connector, c.state, c.durationMs, c.args]), [
      ["codemode", "applied", 200, { delayMs: 200 }],
      ["codemode", "applied", 400, { delayMs: 400 }],
    ]);
    assert.deepEqual(out.calls.map((c) => c.method), ["slowWrite", "setTimeout", "slowWrite", "setTimeout", "slowWrite"]);
  });

  test("an AgentClient receives the progress frames of a run in order", { timeout: 60_000 }, async () => {
    const watcher = openAgentClient(rt, instance);
    clients.push(watcher.client);
    await watcher.client.ready;
    const from = watcher.frames.length;
    const out = await rt.call(
      instance,
      "execute",
      `${SLEEP}console.log("first"); await notes.listNotes(); await sleep(50); console.log("second"); return await docs.add({a: 1, b: 2})`,
    );
    assert.equal(out.status, "completed", JSON.stringify(out));
    const id = out.executionId;
    await watcher.waitFor((f) => f.type === "cf_codemode_progress" && f.executionId === id && f.seq === 2 && f.state !== "started", { from });
    const frames = watcher.frames
      .slice(from)
      .filter((f) => (f.type === "cf_codemode_progress" || f.type === "cf_codemode_output") && f.executionId === id);
    const told = frames.map((f) => (f.type === "cf_codemode_output" ? `out ${f.line}` : `#${f.seq} ${f.connector}.${f.method} ${f.state}`));
    assert.deepEqual(told, [
      "out first",
      "#0 notes.listNotes started",
      "#0 notes.listNotes applied",
      "#1 codemode.setTimeout started",
      "#1 codemode.setTimeout applied",
      "out second",
      "#2 docs.add started",
      "#2 docs.add applied",
    ]);
    assert.equal(frames.find((f) => f.seq === 1 && f.state === "applied").durationMs, 50);
    assert.ok(frames.filter((f) => f.state === "applied").every((f) => Number.isInteger(f.durationMs)));
  });

  test("a 60 s wait suspends the run, survives a restart and completes on the alarm", { timeout: 150_000 }, async () => {
    const changes = openAgentClient(rt, instance);
    await changes.client.ready;
    const code = `${SLEEP}const before = await notes.listNotes(); const t0 = Date.now(); await sleep(60000);
      return {waited: Date.now() - t0, notes: before.length}`;
    const started = Date.now();
    const out = await rt.call(instance, "execute", code);
    assert.equal(out.status, "waiting", JSON.stringify(out));
    assert.ok(Date.now() - started < 10_000, "execute answers at once");
    assert.ok(Math.abs(out.wakeAt - (started + 60_000)) < 10_000, `wakeAt ${out.wakeAt} is about a minute away`);
    assert.match(out.report, /Script waiting/);
    const state = await rt.call(instance, "execution", out.executionId);
    assert.equal(state.status, "waiting");
    assert.equal(state.wakeAt, out.wakeAt);
    changes.client.close();
    // Restart: the object's storage and its alarm are kept in the storage folder.
    rt = await storage.start({ bindings });
    const watcher = openAgentClient(rt, instance);
    clients.push(watcher.client);
    await watcher.client.ready;
    const pushed = watcher.waitFor(
      (f) => f.type === "cf_codemode_changed" && f.method === "wake" && f.executionId === out.executionId,
      { ms: 120_000 },
    );
    await sleep(Math.max(0, out.wakeAt - Date.now()));
    const done = await until(async () => {
      const s = await rt.call(instance, "execution", out.executionId);
      return s.status === "waiting" ? null : s;
    }, 60_000, "the alarm to resume the run");
    assert.equal(done.status, "completed", JSON.stringify(done));
    assert.equal(done.result.waited, 60_000, "the virtual clock moved exactly the timer's delay");
    assert.equal(done.wakeAt, undefined);
    assert.equal((await pushed).status, "completed", "clients are told the alarm changed the run");
    assert.deepEqual(done.calls.map((c) => [c.method, c.state]), [["listNotes", "applied"], ["setTimeout", "applied"]]);
  });

  test("a waiting run is cancelled and the alarm leaves it", { timeout: 60_000 }, async () => {
    const out = await rt.call(instance, "execute", `${SLEEP}await sleep(6000); return "late"`);
    assert.equal(out.status, "waiting", JSON.stringify(out));
    assert.deepEqual(await rt.call(instance, "cancelExecution", out.executionId, { by: "ana", reason: "not needed" }), { cancelled: true });
    await sleep(Math.max(0, out.wakeAt - Date.now()) + 2000);
    const state = await rt.call(instance, "execution", out.executionId);
    assert.equal(state.status, "cancelled");
    assert.match(state.report, /cancelled by ana: not needed/);
  });

  test("the MCP SDK client receives progress notifications and can cancel", { timeout: 90_000 }, async () => {
    const client = new Client({ name: "codemode-timers-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${rt.url}${base(instance)}/mcp`)));
    try {
      const progress = [];
      const result = await client.callTool(
        { name: "codemode", arguments: { code: `${SLEEP}await notes.listNotes(); await sleep(20); return await docs.add({a: 2, b: 3})` } },
        CallToolResultSchema,
        { onprogress: (p) => progress.push(p) },
      );
      assert.equal(result.isError, false, JSON.stringify(result));
      assert.equal(result.structuredContent.result, 5);
      assert.deepEqual(progress.map((p) => [p.progress, p.message]), [
        [1, "notes.listNotes applied"],
        [2, "codemode.setTimeout applied"],
        [3, "docs.add applied"],
      ]);

      const controller = new AbortController();
      const before = srv.stats.abandoned;
      const writes = srv.stats.calls["slow-write"] ?? 0;
      const slow = client.callTool(
        { name: "codemode", arguments: { code: "await docs.slowWrite({key: 'k', value: 'v', delayMs: 30000}); return 'never'" } },
        CallToolResultSchema,
        { signal: controller.signal, onprogress: () => {} },
      );
      const rejected = assert.rejects(slow);
      await srv.waitForCall("slow-write", writes + 1, 10_000);
      controller.abort("the user stopped it");
      await rejected;
      const cancelled = await until(async () => {
        const [last] = await rt.call(instance, "executionHistory", 1);
        return last.status === "cancelled" ? last : null;
      }, 15_000, "the run to be cancelled");
      assert.match(cancelled.report, /cancelled by an MCP client/);
      assert.deepEqual(cancelled.calls.map((c) => [c.method, c.state]), [["slowWrite", "cancelled"]]);
      await until(() => srv.stats.abandoned > before, 15_000, "the server to see the request aborted");
    } finally {
      await client.close();
    }
  });
});
