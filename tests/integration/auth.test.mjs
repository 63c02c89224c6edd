// Auth (docs/contract.md "Auth"): with CODEMODE_TOKEN every route but `GET /` needs
// `Authorization: Bearer <token>` or `?token=<token>`; without it only loopback hosts are served.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertError, base, newInstance, startRuntime } from "./harness.mjs";

const T = { timeout: 60_000 };
const BODY = JSON.stringify({ method: "execute", args: ["return 1+1"] });

async function post(rt, url, headers = {}) {
  const res = await rt.fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: BODY,
  });
  const text = await res.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

function assertRan(answer) {
  assert.equal(answer.status, 200, JSON.stringify(answer));
  assert.equal(answer.body.result?.status, "completed", JSON.stringify(answer));
  assert.equal(answer.body.result.result, 2);
}

describe("with CODEMODE_TOKEN", () => {
  let rt;
  before(async () => {
    rt = await startRuntime({ bindings: { CODEMODE_TOKEN: "s3cret" } });
  });
  after(async () => {
    await rt?.dispose();
  });

  test("/rpc needs the bearer token", T, async () => {
    const rpc = `${base(newInstance())}/rpc`;
    assertError(await post(rt, rpc), 401, "UNAUTHORIZED");
    assertError(await post(rt, rpc, { authorization: "Bearer wrong" }), 401, "UNAUTHORIZED");
    assertError(await post(rt, rpc, { authorization: "s3cret" }), 401, "UNAUTHORIZED");
    assertRan(await post(rt, rpc, { authorization: "Bearer s3cret" }));
    assertRan(await post(rt, `${rpc}?token=s3cret`));
    assertError(await post(rt, `${rpc}?token=wrong`), 401, "UNAUTHORIZED");
    // With a token, the host does not matter.
    assertRan(await post(rt, `http://example.com${rpc}`, { authorization: "Bearer s3cret" }));
  });

  test("GET /tool needs the token; GET / does not", T, async () => {
    const tool = `${base(newInstance())}/tool`;
    const denied = await rt.fetch(tool);
    assertError({ status: denied.status, body: await denied.json() }, 401, "UNAUTHORIZED");
    const ok = await rt.fetch(tool, { headers: { authorization: "Bearer s3cret" } });
    assert.equal(ok.status, 200);
    assert.equal((await ok.json()).name, "codemode");

    const page = await rt.fetch("/");
    assert.equal(page.status, 200);
    await page.arrayBuffer();
  });

  test("WebSocket needs ?token=", T, async () => {
    const i = newInstance();
    await assert.rejects(rt.ws(i), (err) => {
      assert.equal(err.statusCode, 401, String(err));
      return true;
    });
    const ws = await rt.ws(i, { query: "?token=s3cret" });
    const identity = await ws.waitFor(() => true);
    assert.deepEqual(identity, { type: "cf_agent_identity", name: i, agent: "codemode" });
    await ws.close();
  });
});

describe("CORS", () => {
  let rt;
  before(async () => {
    rt = await startRuntime({ bindings: { CODEMODE_TOKEN: "s3cret" } });
  });
  after(async () => {
    await rt?.dispose();
  });

  test("a preflight is answered without the token; API responses allow any origin", T, async () => {
    const url = `${base(newInstance())}/mcp`;
    const preflight = await rt.fetch(url, {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type" },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
    assert.match(preflight.headers.get("access-control-allow-headers"), /authorization/);
    assert.match(preflight.headers.get("access-control-allow-methods"), /POST/);

    const ok = await rt.fetch(`${base(newInstance())}/rpc`, {
      method: "POST", headers: { authorization: "Bearer s3cret", origin: "https://app.example" }, body: BODY,
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("access-control-allow-origin"), "*");
    assert.match(ok.headers.get("content-type"), /application\/json/, "the object's own headers are kept");
    const refused = await rt.fetch(`${base(newInstance())}/rpc`, { method: "POST", body: BODY });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get("access-control-allow-origin"), "*", "errors are readable cross-origin too");
  });
});

describe("without CODEMODE_TOKEN", () => {
  let rt;
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    await rt?.dispose();
  });

  test("only loopback hosts are served", T, async () => {
    const rpc = `${base(newInstance())}/rpc`;
    assertError(await post(rt, `http://example.com${rpc}`), 401, "UNAUTHORIZED");
    assertRan(await post(rt, `http://localhost${rpc}`));
    assertRan(await post(rt, `http://127.0.0.1${rpc}`));
    assertRan(await post(rt, `http://[::1]${rpc}`));
  });
});
