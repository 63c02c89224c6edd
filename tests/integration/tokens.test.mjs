// Scoped tokens against the built Worker (README "Scoped tokens"): a table of scope × method ×
// instance × (valid, expired, tampered, other key, main token) over HTTP, the same over the
// Agents WebSocket and MCP, `?token=`, expiry on an open socket, the subject as `by`, issueToken's
// refusals, and the signing key (CODEMODE_SIGNING_KEY, else derived from CODEMODE_TOKEN) checked
// by signing tokens here with Node's HMAC. The rules themselves: tests/token.rs (natively).

import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { after, before, describe, test } from "node:test";
import { assertError, base, newInstance, startRuntime } from "./harness.mjs";

const T = { timeout: 120_000 };
const MAIN = "main-secret-for-tokens";
const LABEL = "codemode-runtime scoped token signing key v1";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

const SCOPES = ["read", "approve", "full"];
const READ = ["tool", "search", "describe", "executionHistory", "execution", "executionOutput", "pendingApprovals", "snippets"];
const APPROVE = ["approveExecution", "rejectExecution", "cancelExecution"];
const FULL = ["execute", "rollbackExecution", "deleteExecution", "pruneExecutions", "saveSnippet", "deleteSnippet"];
const MAIN_ONLY = ["issueToken"];

function allowed(scope, method) {
  if (MAIN_ONLY.includes(method)) return false;
  if (scope === "full") return true;
  if (READ.includes(method)) return true;
  return scope === "approve" && APPROVE.includes(method);
}

const b64u = (data) => Buffer.from(data).toString("base64url");
/** A token signed here, in the documented format. */
function sign(claims, key) {
  const signed = `cmt1.${b64u(JSON.stringify(claims))}`;
  return `${signed}.${b64u(createHmac("sha256", key).update(signed).digest())}`;
}
const derivedKey = (main) => createHmac("sha256", main).update(LABEL).digest();
/** The same token with its payload widened (scope `full`, every instance, a day longer), signature kept. */
function tampered(token) {
  const [prefix, payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  claims.scope = "full";
  delete claims.inst;
  claims.exp += 86_400_000;
  const widened = `${prefix}.${b64u(JSON.stringify(claims))}.${signature}`;
  assert.notEqual(widened, token);
  return widened;
}

async function post(rt, path, body, token, { query = false } = {}) {
  const url = query && token ? `${path}?token=${encodeURIComponent(token)}` : path;
  const headers = { "content-type": "application/json" };
  if (token && !query) headers.authorization = `Bearer ${token}`;
  const res = await rt.fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed };
}

describe("scoped tokens with CODEMODE_TOKEN", () => {
  let rt;
  /** The instance tokens are bound to, prepared with a completed run, a paused run and a snippet. */
  const home = newInstance();
  const elsewhere = newInstance();
  let completedId;
  /** token kind → scope → instance binding → token */
  const tokens = {};

  const mainCall = async (instance, method, ...args) => {
    const answer = await post(rt, `${base(instance)}/rpc`, { method, args }, MAIN);
    assert.equal(answer.status, 200, `${method}: ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };

  /** Arguments for each method that pass the scope check and touch nothing real. */
  const ARGS = () => ({
    tool: [],
    search: ["notes"],
    describe: ["notes"],
    executionHistory: [5],
    execution: [completedId],
    executionOutput: [completedId],
    pendingApprovals: [],
    snippets: [],
    approveExecution: [UNKNOWN_ID],
    rejectExecution: [UNKNOWN_ID, 0],
    cancelExecution: [UNKNOWN_ID],
    execute: ["return 1 + 1"],
    rollbackExecution: [UNKNOWN_ID],
    deleteExecution: [UNKNOWN_ID],
    pruneExecutions: [10_000],
    saveSnippet: ["never-saved", "", UNKNOWN_ID],
    deleteSnippet: ["no-such-snippet"],
    issueToken: [{ scope: "read", ttlSeconds: 60 }],
  });
  const METHODS = [...READ, ...APPROVE, ...FULL, ...MAIN_ONLY];

  before(async () => {
    rt = await startRuntime({ bindings: { CODEMODE_TOKEN: MAIN } });
    completedId = (await mainCall(home, "execute", "return 7")).executionId;
    const issue = async (options) => (await mainCall(home, "issueToken", options)).token;
    for (const kind of ["valid", "expired"]) tokens[kind] = {};
    for (const scope of SCOPES) {
      tokens.valid[scope] = {
        home: await issue({ scope, ttlSeconds: 3600, instance: home, subject: `${scope}-person` }),
        elsewhere: await issue({ scope, ttlSeconds: 3600, instance: elsewhere }),
        any: await issue({ scope, ttlSeconds: 3600 }),
      };
      tokens.expired[scope] = {
        home: await issue({ scope, ttlSeconds: 1, instance: home }),
        elsewhere: await issue({ scope, ttlSeconds: 1, instance: elsewhere }),
        any: await issue({ scope, ttlSeconds: 1 }),
      };
    }
    tokens.tampered = {};
    tokens.otherKey = {};
    const exp = Date.now() + 3_600_000;
    for (const scope of SCOPES) {
      tokens.tampered[scope] = Object.fromEntries(
        Object.entries(tokens.valid[scope]).map(([where, token]) => [where, tampered(token)]),
      );
      const claims = (inst) => ({ scope, ...(inst ? { inst } : {}), exp });
      tokens.otherKey[scope] = {
        home: sign(claims(home), "some-other-key"),
        elsewhere: sign(claims(elsewhere), "some-other-key"),
        any: sign(claims(null), derivedKey("another-main-token")),
      };
    }
    await delay(1200); // the 1-second tokens are over
  });
  after(async () => {
    await rt?.dispose();
  });

  /** What a request with token `kind`/`scope`/`where` for `method` on `home` must answer. */
  function expected(kind, scope, where, method) {
    if (kind === "expired") return { status: 401, code: "TOKEN_EXPIRED" };
    if (kind === "tampered" || kind === "otherKey") return { status: 401, code: "UNAUTHORIZED" };
    if (where === "elsewhere") return { status: 403, code: "FORBIDDEN" };
    return allowed(scope, method) ? { passes: true } : { status: 403, code: "FORBIDDEN" };
  }

  test("the issued token is in the documented format, signed with the key derived from CODEMODE_TOKEN", T, async () => {
    const issued = await mainCall(home, "issueToken", { scope: "approve", ttlSeconds: 600, instance: home, subject: "alice" });
    const [prefix, payload, signature] = issued.token.split(".");
    assert.equal(prefix, "cmt1");
    assert.deepEqual(JSON.parse(Buffer.from(payload, "base64url").toString()), {
      scope: "approve", inst: home, exp: issued.expiresAt, sub: "alice",
    });
    assert.equal(signature, b64u(createHmac("sha256", derivedKey(MAIN)).update(`cmt1.${payload}`).digest()));
    assert.ok(Math.abs(issued.expiresAt - (Date.now() + 600_000)) < 60_000, JSON.stringify(issued));
    assert.deepEqual(
      { scope: issued.scope, instance: issued.instance, subject: issued.subject },
      { scope: "approve", instance: home, subject: "alice" },
    );
    // A token signed here with the derived key is accepted (no storage: the signature is all).
    const forged = sign({ scope: "read", inst: home, exp: Date.now() + 60_000 }, derivedKey(MAIN));
    const answer = await post(rt, `${base(home)}/rpc`, { method: "snippets", args: [] }, forged);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  });

  test("HTTP: scope × method × instance × (valid, expired, tampered, other key)", T, async () => {
    const args = ARGS();
    let rows = 0;
    for (const kind of ["valid", "expired", "tampered", "otherKey"]) {
      for (const scope of SCOPES) {
        for (const where of ["home", "elsewhere", "any"]) {
          const token = tokens[kind][scope][where];
          for (const method of METHODS) {
            const answer = await post(rt, `${base(home)}/rpc`, { method, args: args[method] }, token);
            const want = expected(kind, scope, where, method);
            const row = `${kind} ${scope} token for ${where} × ${method}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`;
            if (want.passes) {
              assert.ok(![401, 403].includes(answer.status), row);
              assert.ok(!["FORBIDDEN", "UNAUTHORIZED", "TOKEN_EXPIRED"].includes(answer.body?.error?.code), row);
            } else {
              assert.equal(answer.status, want.status, row);
              assertError(answer, want.status, want.code);
            }
            rows++;
          }
        }
      }
    }
    assert.equal(rows, 4 * 3 * 3 * METHODS.length);
    // The main token calls everything, issueToken included.
    for (const method of METHODS) {
      const answer = await post(rt, `${base(home)}/rpc`, { method, args: args[method] }, MAIN);
      assert.ok(![401, 403].includes(answer.status), `main × ${method}: ${JSON.stringify(answer.body)}`);
    }
  });

  test("the methods a scope allows really run: read reads, approve approves (with its subject as by), full executes", T, async () => {
    const rpc = `${base(home)}/rpc`;
    const history = await post(rt, rpc, { method: "executionHistory", args: [] }, tokens.valid.read.home);
    assert.equal(history.status, 200);
    assert.ok(history.body.result.some((e) => e.id === completedId));

    const paused = await mainCall(home, "execute", 'return (await notes.createNote({text: "scoped"})).id');
    assert.equal(paused.status, "paused");
    const watcher = await rt.ws(home, { query: `?token=${MAIN}` });
    assertError(await post(rt, rpc, { method: "approveExecution", args: [paused.executionId] }, tokens.valid.read.home), 403, "FORBIDDEN");
    const approved = await post(rt, rpc, { method: "approveExecution", args: [paused.executionId] }, tokens.valid.approve.home);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.result.status, "completed");
    const change = await watcher.waitFor((f) => f.type === "cf_codemode_changed" && f.executionId === paused.executionId);
    assert.equal(change.by, "approve-person", JSON.stringify(change));
    assert.equal(change.status, "completed");
    await watcher.close();

    const ran = await post(rt, rpc, { method: "execute", args: ["return 6 * 7"] }, tokens.valid.full.any);
    assert.equal(ran.body.result.result, 42);
  });

  test("?token= works where the header does; GET /tool needs read; GET / needs nothing", T, async () => {
    const rpc = `${base(home)}/rpc`;
    const viaQuery = await post(rt, rpc, { method: "snippets", args: [] }, tokens.valid.read.home, { query: true });
    assert.equal(viaQuery.status, 200, JSON.stringify(viaQuery.body));
    const refused = await post(rt, rpc, { method: "execute", args: ["return 1"] }, tokens.valid.read.home, { query: true });
    assertError(refused, 403, "FORBIDDEN");
    assertError(await post(rt, rpc, { method: "snippets", args: [] }, tokens.expired.read.home, { query: true }), 401, "TOKEN_EXPIRED");

    for (const [token, status] of [
      [tokens.valid.read.home, 200],
      [tokens.valid.read.elsewhere, 403],
      [tokens.expired.read.home, 401],
      [tokens.tampered.read.home, 401],
    ]) {
      const res = await rt.fetch(`${base(home)}/tool`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.status, status);
      await res.arrayBuffer();
    }
    const page = await rt.fetch(`/?instance=${home}&token=${tokens.valid.approve.home}`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html/i);
  });

  test("WebSocket: the handshake checks the token and the instance, every frame the scope", T, async () => {
    const args = ARGS();
    for (const kind of ["valid", "expired", "tampered", "otherKey"]) {
      for (const scope of SCOPES) {
        for (const where of ["home", "elsewhere", "any"]) {
          const token = tokens[kind][scope][where];
          const refusal = expected(kind, scope, where, "tool");
          if (!refusal.passes) {
            const row = `ws handshake ${kind} ${scope} ${where}`;
            await assert.rejects(rt.ws(home, { query: `?token=${encodeURIComponent(token)}` }), (err) => {
              assert.equal(err.statusCode, refusal.status, `${kind} ${scope} ${where}: ${err}`);
              assert.equal(err.body?.error?.code, refusal.code, `${kind} ${scope} ${where}: ${JSON.stringify(err.body)}`);
              return true;
            }, row);
            continue;
          }
          const ws = await rt.ws(home, { query: `?token=${encodeURIComponent(token)}` });
          for (const method of METHODS) {
            const reply = await ws.call(method, ...args[method]);
            const row = `ws ${scope} ${where} × ${method}: ${JSON.stringify(reply)}`;
            if (allowed(scope, method)) {
              assert.ok(reply.success || !/^(FORBIDDEN|UNAUTHORIZED|TOKEN_EXPIRED):/.test(reply.error), row);
            } else {
              assert.equal(reply.success, false, row);
              assert.match(reply.error, /^FORBIDDEN: /, row);
            }
          }
          await ws.close();
        }
      }
    }
  });

  test("WebSocket: a socket outlives its token, but no frame after the token's time is answered", T, async () => {
    const { token } = await mainCall(home, "issueToken", { scope: "read", ttlSeconds: 2, instance: home });
    const ws = await rt.ws(home, { query: `?token=${token}` });
    const before = await ws.call("snippets");
    assert.equal(before.success, true, JSON.stringify(before));
    await delay(2200);
    const afterwards = await ws.call("snippets");
    assert.equal(afterwards.success, false);
    assert.match(afterwards.error, /^TOKEN_EXPIRED: /);
    await ws.close();
  });

  test("MCP: tools/list shows what the scope may call; tools/call outside it is 403 FORBIDDEN", T, async () => {
    const mcp = `${base(home)}/mcp`;
    const message = (method, params = {}) => ({ jsonrpc: "2.0", id: 1, method, params });
    const listed = {};
    for (const scope of SCOPES) {
      const answer = await post(rt, mcp, message("tools/list"), tokens.valid[scope].home);
      assert.equal(answer.status, 200);
      listed[scope] = answer.body.result.tools.map((t) => t.name);
    }
    assert.deepEqual(listed, { read: ["search", "describe"], approve: ["search", "describe"], full: ["codemode", "search", "describe"] });

    const calls = {
      codemode: { name: "codemode", arguments: { code: "return 1" } },
      search: { name: "search", arguments: { query: "notes" } },
      describe: { name: "describe", arguments: { path: "notes" } },
    };
    const method = { codemode: "execute", search: "search", describe: "describe" };
    for (const kind of ["valid", "expired", "tampered", "otherKey"]) {
      for (const scope of SCOPES) {
        for (const where of ["home", "elsewhere", "any"]) {
          for (const [tool, params] of Object.entries(calls)) {
            const answer = await post(rt, mcp, message("tools/call", params), tokens[kind][scope][where]);
            const want = expected(kind, scope, where, method[tool]);
            const row = `mcp ${kind} ${scope} ${where} × ${tool}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`;
            if (want.passes) {
              assert.equal(answer.status, 200, row);
              assert.equal(answer.body.result.isError, false, row);
            } else if (kind === "valid" && where !== "elsewhere") {
              // Admitted at the door, refused by the MCP server: a JSON-RPC error carrying the code.
              assert.equal(answer.status, 403, row);
              assert.equal(answer.body.error.code, -32003, row);
              assert.equal(answer.body.error.data.code, "FORBIDDEN", row);
            } else {
              assert.equal(answer.status, want.status, row);
              assertError(answer, want.status, want.code);
            }
          }
        }
      }
    }
  });

  test("issueToken: only the main token; options are checked", T, async () => {
    const rpc = `${base(home)}/rpc`;
    const issue = (options, token = MAIN) => post(rt, rpc, { method: "issueToken", args: [options] }, token);
    assertError(await issue({ scope: "read", ttlSeconds: 60 }, tokens.valid.full.any), 403, "FORBIDDEN");
    assertError(await issue({ scope: "admin", ttlSeconds: 60 }), 400, "BAD_REQUEST");
    assertError(await issue({ scope: "read", ttlSeconds: 0 }), 400, "BAD_REQUEST");
    assertError(await issue({ scope: "read", ttlSeconds: 31 * 24 * 3600 }), 400, "BAD_REQUEST");
    assertError(await issue({ scope: "read" }), 400, "BAD_REQUEST");
    assertError(await issue({ scope: "read", ttlSeconds: 60, extra: 1 }), 400, "BAD_REQUEST");
    // Over the WebSocket with the main token too.
    const ws = await rt.ws(home, { query: `?token=${MAIN}` });
    const reply = await ws.call("issueToken", { scope: "read", ttlSeconds: 60 });
    assert.equal(reply.success, true, JSON.stringify(reply));
    assert.match(reply.result.token, /^cmt1\./);
    await ws.close();
  });
});

describe("scoped tokens with CODEMODE_SIGNING_KEY", () => {
  let rt;
  before(async () => {
    rt = await startRuntime({ bindings: { CODEMODE_TOKEN: MAIN, CODEMODE_SIGNING_KEY: "dedicated-signing-key" } });
  });
  after(async () => {
    await rt?.dispose();
  });

  test("tokens are signed with the signing key; ones derived from CODEMODE_TOKEN are refused", T, async () => {
    const instance = newInstance();
    const rpc = `${base(instance)}/rpc`;
    const issued = await post(rt, rpc, { method: "issueToken", args: [{ scope: "read", ttlSeconds: 60 }] }, MAIN);
    assert.equal(issued.status, 200);
    const [, payload, signature] = issued.body.result.token.split(".");
    assert.equal(signature, b64u(createHmac("sha256", "dedicated-signing-key").update(`cmt1.${payload}`).digest()));
    const exp = Date.now() + 60_000;
    const good = sign({ scope: "read", exp }, "dedicated-signing-key");
    const derived = sign({ scope: "read", exp }, derivedKey(MAIN));
    assert.equal((await post(rt, rpc, { method: "snippets", args: [] }, good)).status, 200);
    assertError(await post(rt, rpc, { method: "snippets", args: [] }, derived), 401, "UNAUTHORIZED");
  });
});

describe("scoped tokens without CODEMODE_TOKEN", () => {
  let rt;
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    await rt?.dispose();
  });

  test("no key: issueToken is INVALID_CONFIG and a scoped token is refused, even from loopback", T, async () => {
    const rpc = `${base(newInstance())}/rpc`;
    assertError(await post(rt, rpc, { method: "issueToken", args: [{ scope: "read", ttlSeconds: 60 }] }), 500, "INVALID_CONFIG");
    const token = sign({ scope: "full", exp: Date.now() + 60_000 }, "whatever");
    assertError(await post(rt, rpc, { method: "snippets", args: [] }, token), 401, "UNAUTHORIZED");
    // A stray credential that is not a scoped token is ignored on loopback, as before.
    assert.equal((await post(rt, rpc, { method: "snippets", args: [] }, "not-a-token")).status, 200);
  });
});
