// MCP connectors from configuration (`CODEMODE_CONNECTORS`, issue 5) against a real MCP server built
// with the official SDK (fixtures/mcp_server.mjs): discovery with paginated tools/list, the methods in
// the tool description and the catalog, result unwrapping, argument validation before anything is
// sent, approvals from annotations, idempotency keys, auth headers from secrets, an unreachable
// server, and bad configuration.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertError, assertMatches, base, executeOnceConnected, newInstance, startRuntime } from "./harness.mjs";
import { PIXEL_PNG, freePort, startMcpServer } from "./fixtures/mcp_server.mjs";

const T = { timeout: 90_000 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const TOKEN = "docs-secret-token-4711";

/** The camelCased method of each fixture tool. */
const METHODS = {
  add: "add",
  echo: "echo",
  "json-text": "jsonText",
  "get-weather": "getWeather",
  fail: "fail",
  "slow-write": "slowWrite",
  "delete-item": "deleteItem",
  "flag-item": "flagItem",
  "read-only-note": "readOnlyNote",
  pixel: "pixel",
  "filler-0": "filler0",
  "filler-1": "filler1",
  "filler-2": "filler2",
};

function connectorsVar(entries) {
  return JSON.stringify(entries);
}

/** tools/call requests that reached the server's HTTP layer. */
function toolCalls(srv) {
  return srv.stats.requests.filter((r) => r.rpcMethod === "tools/call").length;
}

async function run(rt, instance, code, status) {
  const out = await rt.call(instance, "execute", code);
  if (status) assert.equal(out.status, status, JSON.stringify(out, null, 1));
  return out;
}

describe("an MCP server from CODEMODE_CONNECTORS", () => {
  let srv;
  let rt;

  before(async () => {
    srv = await startMcpServer({ pageSize: 3, requireToken: TOKEN, delayMs: 1500 });
    rt = await startRuntime({
      bindings: {
        DOCS_TOKEN: TOKEN,
        CODEMODE_CONNECTORS: connectorsVar([
          {
            name: "docs",
            type: "mcp",
            url: srv.url,
            headers: { Authorization: { secret: "DOCS_TOKEN", prefix: "Bearer " }, "X-Static": "literal" },
            timeoutMs: 30_000,
            description: "A documentation test server.",
          },
        ]),
      },
    });
  });
  after(async () => {
    await rt?.dispose();
    await srv?.close();
  });

  test("connecting: initialize, notifications/initialized, every tools/list page, one session", T, async () => {
    const i = newInstance();
    const before = srv.stats.requests.length;
    const res = await rt.fetch(`${base(i)}/tool`);
    assert.equal(res.status, 200, await res.clone().text());
    const reqs = srv.stats.requests.slice(before);
    const methods = reqs.map((r) => r.rpcMethod);
    // 13 tools, 3 a page → 5 tools/list requests following nextCursor.
    const pages = Math.ceil(srv.toolNames.length / 3);
    assert.deepEqual(
      methods,
      ["initialize", "notifications/initialized", ...Array(pages).fill("tools/list")],
      `requests the server saw: ${JSON.stringify(methods)}`,
    );
    const session = srv.stats.sessions.at(-1);
    assert.ok(session, "the server handed out a session");
    assert.equal(reqs[0].sessionId, null, "initialize carries no session");
    for (const r of reqs.slice(1)) assert.equal(r.sessionId, session, `request without the session: ${JSON.stringify(r)}`);
    for (const r of reqs) {
      assert.match(r.accept ?? "", /application\/json/, JSON.stringify(r));
      assert.match(r.accept ?? "", /text\/event-stream/, JSON.stringify(r));
    }
  });

  test("GET /tool declares every MCP method (camelCased) and keeps the secret out", T, async () => {
    const i = newInstance();
    const res = await rt.fetch(`${base(i)}/tool`);
    assert.equal(res.status, 200);
    const tool = await res.json();
    const d = tool.description;
    assert.match(d, /declare const docs: \{/, d);
    for (const method of Object.values(METHODS)) {
      assert.match(d, new RegExp(`\\n  ${method}\\(args\\??: `), `docs.${method} is not declared:\n${d}`);
    }
    // Names that are not identifiers are not declared as such.
    assert.doesNotMatch(d, /get-weather\(|slow-write\(|filler-0\(/);
    assert.match(d, /getWeather\(args: [^\n]*\bcity\b[^\n]*\): Promise<[^\n]*tempC/, d);
    assert.match(d, /Deletes an item for good\.[^\n]*Requires approval/, d);
    assert.match(d, /The list is complete/, d);
    assert.ok(!d.includes(TOKEN), "the secret leaked into the tool description");
    assert.deepEqual(await rt.call(i, "tool"), tool);
  });

  test("search and describe find MCP methods with requiresApproval", T, async () => {
    const i = newInstance();
    const weather = await rt.call(i, "search", "current weather for a city");
    assertMatches(weather.results[0], {
      path: "docs.getWeather",
      connector: "docs",
      method: "getWeather",
      kind: "method",
      requiresApproval: false,
    });
    const del = await rt.call(i, "search", "delete an item");
    const hit = del.results.find((r) => r.path === "docs.deleteItem");
    assertMatches(hit, { connector: "docs", method: "deleteItem", requiresApproval: true });
    const flag = (await rt.call(i, "search", "flag item for review")).results.find((r) => r.path === "docs.flagItem");
    assertMatches(flag, { requiresApproval: true });
    const note = (await rt.call(i, "search", "read a note")).results.find((r) => r.path === "docs.readOnlyNote");
    assertMatches(note, { requiresApproval: false });

    const described = await rt.call(i, "describe", "docs.getWeather");
    assertMatches(described, { path: "docs.getWeather", requiresApproval: false });
    assert.match(described.types, /getWeather\(/);
    assert.match(described.types, /city/);
    const whole = await rt.call(i, "describe", "docs");
    assertMatches(whole, { path: "docs" });
    assert.match(whole.types, /declare const docs/);
    assert.match(whole.types, /slowWrite\(/);
  });

  test("results: structuredContent, text parsed as JSON, plain text, a content array", T, async () => {
    const i = newInstance();
    const out = await run(
      rt,
      i,
      `const w = await docs.getWeather({city: "Oslo"});
       const s = await docs.add({a: 1, b: 2});
       const j = await docs.jsonText({n: 3});
       const e = await docs.echo({text: "hello world"});
       const p = await docs.pixel({});
       return {w, s, j, e, p, types: [typeof s, typeof e]};`,
      "completed",
    );
    assert.deepEqual(out.result, {
      w: { city: "Oslo", tempC: 14, conditions: "sunny" },
      s: 3,
      j: { items: [0, 1, 2], n: 3 },
      e: "hello world",
      p: [{ type: "image", data: PIXEL_PNG, mimeType: "image/png" }],
      types: ["number", "string"],
    });
    assertMatches(
      out.calls.map((c) => ({ seq: c.seq, connector: c.connector, method: c.method, state: c.state, args: c.args })),
      [
        { seq: 0, connector: "docs", method: "getWeather", state: "applied", args: { city: "Oslo" } },
        { seq: 1, connector: "docs", method: "add", state: "applied", args: { a: 1, b: 2 } },
        { seq: 2, connector: "docs", method: "jsonText", state: "applied", args: { n: 3 } },
        { seq: 3, connector: "docs", method: "echo", state: "applied", args: { text: "hello world" } },
        { seq: 4, connector: "docs", method: "pixel", state: "applied", args: {} },
      ],
    );
  });

  test("isError: the script's promise rejects with the tool's text; uncaught it fails the run", T, async () => {
    const i = newInstance();
    const calls = srv.stats.calls.fail ?? 0;
    const caught = await run(
      rt,
      i,
      `try { await docs.fail({reason: "quota exceeded"}); return "not rejected"; }
       catch (e) { return {message: e.message, isError: e instanceof Error}; }`,
      "completed",
    );
    assert.deepEqual(caught.result, { message: "failed: quota exceeded", isError: true });
    assert.equal(srv.stats.calls.fail, calls + 1);

    const uncaught = await run(rt, i, `await docs.fail({reason: "boom"}); return 1;`, "error");
    assertMatches(uncaught.error, { code: "SCRIPT_ERROR" });
    assert.match(uncaught.error.message, /failed: boom/);
    assert.match(uncaught.report, /failed: boom/);
  });

  test("arguments violating the input schema reject before anything is sent", T, async () => {
    const i = newInstance();
    // Connect first, so the count below only sees calls.
    await run(rt, i, `return await docs.add({a: 0, b: 0})`, "completed");
    const sent = toolCalls(srv);
    const weatherCalls = srv.stats.calls["get-weather"] ?? 0;
    const out = await run(
      rt,
      i,
      `const errors = [];
       try { await docs.getWeather({city: 5}); } catch (e) { errors.push(e.message); }
       try { await docs.slowWrite({key: "k"}); } catch (e) { errors.push(e.message); }
       try { await docs.jsonText({n: "three"}); } catch (e) { errors.push(e.message); }
       return errors;`,
      "completed",
    );
    assert.equal(out.result.length, 3, JSON.stringify(out.result));
    assert.match(out.result[0], /city/, out.result[0]);
    assert.match(out.result[1], /value/, out.result[1]);
    assert.match(out.result[2], /\bn\b/, out.result[2]);
    assert.equal(toolCalls(srv), sent, "a tools/call reached the server");
    assert.equal(srv.stats.calls["get-weather"] ?? 0, weatherCalls);
    assert.ok(!out.calls.some((c) => c.state === "applied"), JSON.stringify(out.calls));
  });

  test("a destructive tool pauses the run; approving runs it exactly once", T, async () => {
    const i = newInstance();
    const addCalls = srv.stats.calls.add ?? 0;
    const paused = await run(
      rt,
      i,
      `const s = await docs.add({a: 2, b: 3});
       const d = await docs.deleteItem({id: "item-7"});
       return {s, d};`,
      "paused",
    );
    const id = paused.executionId;
    assertMatches(paused.pending, [{ executionId: id, seq: 1, connector: "docs", method: "deleteItem", args: { id: "item-7" } }]);
    assert.equal(srv.stats.calls["delete-item"] ?? 0, 0, "the destructive tool ran before approval");
    assert.equal(srv.stats.calls.add, addCalls + 1);
    assertMatches(await rt.call(i, "execution", id), { status: "paused" });

    const done = await rt.call(i, "approveExecution", id);
    assertMatches(done, { status: "completed", executionId: id, result: { s: 5, d: { deleted: "item-7" } } });
    assert.equal(srv.stats.calls["delete-item"], 1);
    assert.equal(srv.stats.calls.add, addCalls + 1, "replay called add again");
    assert.equal(srv.stats.effects[`${id}:1`], 1);
    assert.equal(srv.stats.attempts[`${id}:1`], 1);
    assertMatches(
      done.calls.map((c) => ({ seq: c.seq, method: c.method, state: c.state, requiresApproval: c.requiresApproval })),
      [
        { seq: 0, method: "add", state: "applied", requiresApproval: false },
        { seq: 1, method: "deleteItem", state: "applied", requiresApproval: true },
      ],
    );
  });

  test("_meta codemode/requiresApproval pauses; readOnly annotations do not", T, async () => {
    const i = newInstance();
    const ro = await run(rt, i, `return await docs.readOnlyNote({id: "n1"})`, "completed");
    assert.equal(ro.result, "note n1");
    const paused = await run(rt, i, `return await docs.flagItem({id: "f1"})`, "paused");
    assertMatches(paused.pending, [{ seq: 0, connector: "docs", method: "flagItem", args: { id: "f1" } }]);
    assert.equal(srv.stats.calls["flag-item"] ?? 0, 0);
    assert.equal(await rt.call(i, "rejectExecution", paused.executionId, 0), true);
    assertMatches(await rt.call(i, "execution", paused.executionId), { status: "rejected" });
    assert.equal(srv.stats.calls["flag-item"] ?? 0, 0, "a rejected call reached the server");
  });

  test("each call carries the idempotency key <executionId>:<seq> in _meta and Idempotency-Key", T, async () => {
    const i = newInstance();
    const from = srv.stats.metaKeys.length;
    const out = await run(
      rt,
      i,
      `const a = await docs.echo({text: "one"}); const b = await docs.add({a: 40, b: 2}); return [a, b];`,
      "completed",
    );
    assert.deepEqual(out.result, ["one", 42]);
    const id = out.executionId;
    assert.deepEqual(srv.stats.metaKeys.slice(from), [`${id}:0`, `${id}:1`]);
    assert.deepEqual(srv.stats.keyHeaders.slice(from), [`${id}:0`, `${id}:1`]);
  });

  test("headers: the secret-backed Authorization and the literal header reach the server", T, async () => {
    const i = newInstance();
    await run(rt, i, `return await docs.echo({text: "auth"})`, "completed");
    assert.equal(srv.stats.unauthorized, 0);
    assert.ok(srv.stats.requests.length > 0);
    for (const r of srv.stats.requests) {
      assert.equal(r.authorization, `Bearer ${TOKEN}`, JSON.stringify(r));
      assert.equal(r.headers["x-static"], "literal", JSON.stringify(r));
    }
  });

  test("Promise.all of several calls including the slow one", T, async () => {
    const i = newInstance();
    const writes = srv.stats.writes.length;
    const out = await run(
      rt,
      i,
      `const [s, w1, weather, w2, e] = await Promise.all([
         docs.add({a: 20, b: 22}),
         docs.slowWrite({key: "k1", value: "v1", delayMs: 1200}),
         docs.getWeather({city: "Rome"}),
         docs.slowWrite({key: "k2", value: "v2", delayMs: 200}),
         docs.echo({text: "e"}),
       ]);
       return {s, w1, weather, w2, e};`,
      "completed",
    );
    assert.deepEqual(out.result, {
      s: 42,
      w1: { written: "v1", key: "k1" },
      weather: { city: "Rome", tempC: 14, conditions: "sunny" },
      w2: { written: "v2", key: "k2" },
      e: "e",
    });
    const id = out.executionId;
    const mine = srv.stats.writes.slice(writes);
    assert.deepEqual(
      mine.map((w) => [w.key, w.value]).sort(),
      [[`${id}:1`, "v1"], [`${id}:3`, "v2"]],
    );
    assert.deepEqual(out.calls.map((c) => c.seq), [0, 1, 2, 3, 4]);
    assert.ok(out.calls.every((c) => c.state === "applied"), JSON.stringify(out.calls));
  });
});

describe("requireApproval settings, JSON responses, odd names, lost sessions, timeouts", () => {
  let sse;
  let json;
  let rt;

  before(async () => {
    sse = await startMcpServer({ pageSize: 5, oddNames: true });
    json = await startMcpServer({ pageSize: 100, jsonResponse: true });
    rt = await startRuntime({
      bindings: {
        CODEMODE_CONNECTORS: connectorsVar([
          { name: "listed", type: "mcp", url: json.url, requireApproval: ["add", "echo"] },
          { name: "everything", type: "mcp", url: json.url, requireApproval: "all" },
          { name: "nothing", type: "mcp", url: sse.url, requireApproval: "none" },
          { name: "hasty", type: "mcp", url: sse.url, timeoutMs: 800 },
        ]),
      },
    });
  });
  after(async () => {
    await rt?.dispose();
    await sse?.close();
    await json?.close();
  });

  test("a list of tool names (by MCP name), all, none", T, async () => {
    const i = newInstance();
    // JSON responses work like SSE ones.
    const ok = await run(rt, i, `return await listed.getWeather({city: "Bern"})`, "completed");
    assert.deepEqual(ok.result, { city: "Bern", tempC: 14, conditions: "sunny" });
    const p1 = await run(rt, i, `return await listed.add({a: 1, b: 1})`, "paused");
    assertMatches(p1.pending, [{ connector: "listed", method: "add" }]);
    const p2 = await run(rt, i, `return await everything.readOnlyNote({id: "x"})`, "paused");
    assertMatches(p2.pending, [{ connector: "everything", method: "readOnlyNote" }]);
    assert.equal(json.stats.calls.add ?? 0, 0);
    assert.equal(json.stats.calls["read-only-note"] ?? 0, 0);

    const free = await run(rt, i, `return await nothing.deleteItem({id: "gone"})`, "completed");
    assert.deepEqual(free.result, { deleted: "gone" });
    assert.equal(sse.stats.calls["delete-item"], 1);

    const done = await rt.call(i, "approveExecution", p1.executionId);
    assertMatches(done, { status: "completed", result: 2 });
    assert.equal(json.stats.calls.add, 1);
  });
  test("names that are not identifiers: leading digit gets _, dots and dashes camelCase", T, async () => {
    const i = newInstance();
    const tool = await rt.call(i, "tool");
    assert.match(tool.description, /\n  _2faCode\(args\??: /, tool.description);
    assert.match(tool.description, /\n  slowEcho\(args\??: /, tool.description);
    const out = await run(rt, i, `return [await nothing._2faCode({}), await nothing.slowEcho({text: "dotted"})]`, "completed");
    assert.deepEqual(out.result, [123456, "dotted"]);
    assert.equal(sse.stats.calls["2fa-code"], 1);
    assert.equal(sse.stats.calls["slow.echo"], 1);
  });

  test("a session the server forgot (404) is renewed and the call happens once", T, async () => {
    const i = newInstance();
    assert.equal((await run(rt, i, `return await nothing.echo({text: "before"})`, "completed")).result, "before");
    const echoes = sse.stats.calls.echo;
    const sessions = sse.stats.sessions.length;
    await sse.forgetSessions();
    const out = await run(rt, i, `return await nothing.echo({text: "after"})`, "completed");
    assert.equal(out.result, "after");
    assert.equal(sse.stats.sessionNotFound, 1);
    assert.ok(sse.stats.sessions.length > sessions, "no new session was initialized");
    assert.equal(sse.stats.calls.echo, echoes + 1);
    const last = sse.stats.requests.filter((r) => r.rpcMethod === "tools/call").at(-1);
    assert.equal(last.sessionId, sse.stats.sessions.at(-1));
  });

  test("a call past timeoutMs rejects the script's promise and is not retried", T, async () => {
    const i = newInstance();
    const started = Date.now();
    const out = await run(
      rt,
      i,
      `try { await hasty.slowWrite({key: "t", value: "late", delayMs: 2500}); return "answered"; }
       catch (e) { return "caught: " + e.message; }`,
      "completed",
    );
    assert.ok(Date.now() - started < 2400, `the run waited ${Date.now() - started} ms`);
    assert.match(out.result, /^caught: .*800 ms/, out.result);
    assertMatches(out.calls, [{ seq: 0, connector: "hasty", method: "slowWrite", state: "error" }]);
    await sleep(2500);
    assert.equal(sse.stats.attempts[`${out.executionId}:0`], 1);
  });
});

describe("an unreachable MCP server", () => {
  let rt;
  let srv;
  let port;

  before(async () => {
    port = await freePort();
    rt = await startRuntime({
      bindings: {
        CODEMODE_CONNECTORS: connectorsVar([{ name: "later", type: "mcp", url: `http://127.0.0.1:${port}/mcp` }]),
      },
    });
  });
  after(async () => {
    await rt?.dispose();
    await srv?.close();
  });

  test("CONNECTOR_UNAVAILABLE naming the entry, then it recovers once the server is up", T, async () => {
    const i = newInstance();
    const first = await rt.rpc(i, "execute", "return 1");
    assertError(first, 502, "CONNECTOR_UNAVAILABLE");
    assert.match(first.body.error.message, /later/, first.body.error.message);
    // The object keeps serving what needs no tools: the catalog (without `later`) and reads.
    const tool = await rt.fetch(`${base(i)}/tool`);
    assert.equal(tool.status, 200);
    const description = (await tool.json()).description;
    assert.match(description, /declare const notes/);
    assert.doesNotMatch(description, /declare const later/);
    assert.deepEqual(await rt.call(i, "executionHistory"), []);

    srv = await startMcpServer({ port });
    const out = await executeOnceConnected(rt, i, "return await later.add({a: 20, b: 3})");
    assert.equal(out.status, "completed", JSON.stringify(out));
    assert.equal(out.result, 23);
    assert.equal(srv.stats.calls.add, 1);
  });
});

describe("bad connector configuration", () => {
  let collide;
  before(async () => {
    collide = await startMcpServer({ collide: true, fillers: 0 });
  });
  after(async () => {
    await collide?.close();
  });

  const ok = { name: "fine", type: "mcp", url: "http://127.0.0.1:9/mcp" };
  const cases = [
    { name: "not JSON", value: () => "[{name: docs", message: /CODEMODE_CONNECTORS/ },
    { name: "not an array of objects", value: () => JSON.stringify({ name: "docs" }), message: /CODEMODE_CONNECTORS/ },
    { name: "an entry without url", value: () => connectorsVar([ok, { name: "nourl", type: "mcp" }]), message: /nourl/ },
    { name: "an unknown type", value: () => connectorsVar([{ name: "weird", type: "ftp", url: "ftp://x" }]), message: /weird/ },
    {
      name: "a name that is not an identifier",
      value: () => connectorsVar([ok, { name: "my-docs", type: "mcp", url: "http://127.0.0.1:9/mcp" }]),
      message: /my-docs/,
    },
    {
      name: "a bad requireApproval",
      value: () => connectorsVar([{ name: "appr", type: "mcp", url: "http://127.0.0.1:9/mcp", requireApproval: "sometimes" }]),
      message: /appr/,
    },
    {
      name: "a header from a secret that is not set",
      value: () =>
        connectorsVar([
          { name: "sec", type: "mcp", url: "http://127.0.0.1:9/mcp", headers: { Authorization: { secret: "NO_SUCH_SECRET" } } },
        ]),
      message: /sec[\s\S]*NO_SUCH_SECRET|NO_SUCH_SECRET[\s\S]*sec/,
    },
    {
      name: "a name taken by a built-in connector",
      value: () => connectorsVar([{ name: "notes", type: "mcp", url: "http://127.0.0.1:9/mcp" }]),
      message: /notes/,
    },
    {
      name: "two entries with the same name",
      value: () => connectorsVar([ok, { ...ok }]),
      message: /fine/,
    },
    {
      name: "two tools that map to one method name",
      value: () => connectorsVar([{ name: "clash", type: "mcp", url: collide.url }]),
      message: /get-weather[\s\S]*getWeather|getWeather[\s\S]*get-weather/,
    },
  ];

  for (const c of cases) {
    test(`INVALID_CONFIG: ${c.name}`, T, async () => {
      const rt = await startRuntime({ bindings: { CODEMODE_CONNECTORS: c.value() } });
      try {
        const answer = await rt.rpc(newInstance(), "execute", "return 1");
        assertError(answer, 500, "INVALID_CONFIG");
        assert.match(answer.body.error.message, c.message, answer.body.error.message);
      } finally {
        await rt.dispose();
      }
    });
  }
});
