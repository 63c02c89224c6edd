// OpenAPI connectors from configuration (`CODEMODE_CONNECTORS`, issue 5) against a real published
// spec served by a real mock server: the Swagger Petstore (OpenAPI 3.0, fixtures/petstore.json)
// under Prism (npm @stoplight/prism-cli, static examples), see fixtures/prism.mjs. A recording
// pass-through proxy in front of Prism shows exactly what the connector sent (path, query, headers,
// body) and whether anything was sent at all.
//
// Covered: the catalog (tool descriptor, search, describe), reads with path and query parameters,
// writes that pause for approval and complete with Prism's answer once approved, requireApproval
// "none" / a list, non-2xx answers as catchable rejections with the status and body excerpt, schema
// validation before anything is sent, headers from secrets and literals, Idempotency-Key, the spec
// by URL (fetched by the object) and inline, the default base URL from `servers`, an unreachable
// spec URL (CONNECTOR_UNAVAILABLE, then recovery) and bad configuration (INVALID_CONFIG).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { assertError, assertMatches, base, executeOnceConnected, newInstance, startRuntime } from "./harness.mjs";
import { PETSTORE_SPEC, freePort, startPrism } from "./fixtures/prism.mjs";

const T = { timeout: 90_000 };
const SPEC = JSON.parse(readFileSync(PETSTORE_SPEC, "utf8"));
const SECRET_KEY = "special-key-from-a-secret-7731";
const DESCRIPTION = "The pet shop of the integration tests (Swagger Petstore under Prism).";

/** What Prism answers for a Pet in static mode (derived from the Pet schema of the spec). */
const PRISM_PET = {
  id: 40,
  category: { id: -9007199254740991, name: "string" },
  name: "doggie",
  photoUrls: ["https://example.com/photo.png"],
  tags: [{ id: -9007199254740991, name: "string" }],
  status: "available",
};
/** What Prism answers for an Order in static mode. */
const PRISM_ORDER = {
  id: -9007199254740991,
  petId: -9007199254740991,
  quantity: -2147483648,
  shipDate: "2019-08-24T14:15:22Z",
  status: "placed",
  complete: false,
};

/** The spec with a relative server URL, as petstore3 publishes it (`/api/v3`). */
const RELATIVE_SPEC = { ...SPEC, servers: [{ url: "/api/v3" }] };

async function run(rt, instance, code, status) {
  const out = await rt.call(instance, "execute", code);
  if (status) assert.equal(out.status, status, `${code}\n→ ${JSON.stringify(out, null, 1)}`);
  return out;
}

/** Runs `code`, which must end in a caught rejection returning `e.message`; returns the message. */
async function rejection(rt, instance, call) {
  const code = `try { const r = await ${call}; return {ok: r}; } catch (e) { return {error: String(e && e.message)}; }`;
  const out = await run(rt, instance, code, "completed");
  assert.ok(out.result && typeof out.result.error === "string", `${call} did not reject: ${JSON.stringify(out)}`);
  return out.result.error;
}

describe("OpenAPI connectors against the Petstore under Prism", () => {
  let prism;
  let rt;

  before(async () => {
    prism = await startPrism({ serve: { "/api/v3/openapi.json": RELATIVE_SPEC }, stripPrefixes: ["/api/v3"] });
    rt = await startRuntime({
      bindings: {
        PETSTORE_KEY: SECRET_KEY,
        CODEMODE_CONNECTORS: JSON.stringify([
          {
            // The spec by URL, fetched by the object; default approval ("writes").
            name: "petstore",
            type: "openapi",
            spec: prism.specUrl,
            baseUrl: prism.url,
            headers: {
              api_key: { secret: "PETSTORE_KEY" },
              "X-Static": "literal-value",
              Authorization: "Bearer petstore-oauth-token",
            },
            timeoutMs: 30000,
            description: DESCRIPTION,
          },
          {
            // Inline spec, writes run directly; no Authorization, so Prism refuses petstore_auth operations.
            name: "petsOpen",
            type: "openapi",
            spec: SPEC,
            baseUrl: prism.url,
            headers: { api_key: "open-key" },
            requireApproval: "none",
          },
          {
            // Prism answers every request with the spec's 404 (`Prefer: code=404`).
            name: "pets404",
            type: "openapi",
            spec: SPEC,
            baseUrl: prism.url,
            headers: { api_key: "k", Prefer: "code=404" },
            requireApproval: "none",
          },
          {
            // Spec by URL with a relative server (`/api/v3`) and no baseUrl: requests go to
            // <spec URL's origin>/api/v3/...; only getInventory needs approval.
            name: "petsV3",
            type: "openapi",
            spec: `${prism.url}/api/v3/openapi.json`,
            headers: { api_key: "v3-key" },
            requireApproval: ["getInventory"],
          },
          {
            // Inline spec whose servers[0] is absolute (the proxy's address); no baseUrl; approval for all.
            name: "petsAll",
            type: "openapi",
            spec: { ...SPEC, servers: [{ url: prism.url }] },
            headers: { api_key: "all-key" },
            requireApproval: "all",
          },
        ]),
      },
    });
  });
  after(async () => {
    await rt?.dispose();
    await prism?.close();
  });

  test("the spec URL is fetched by the object on its first request; the tool descriptor names the connector", T, async () => {
    const before = prism.specFetches;
    const i = newInstance();
    const res = await rt.fetch(`${base(i)}/tool`);
    const text = await res.text();
    assert.equal(res.status, 200, text);
    const tool = JSON.parse(text);
    assert.equal(tool.name, "codemode");
    assert.match(tool.description, /\bpetstore\b/, tool.description);
    assert.ok(prism.specFetches > before, `the spec was not fetched (fetches: ${prism.specFetches})`);
    assert.equal(prism.requests.length, 0, `no operation is called to build the catalog: ${JSON.stringify(prism.requests.map((r) => r.url))}`);
  });

  test("search lists petstore methods with requiresApproval", T, async () => {
    const i = newInstance();
    const found = await rt.call(i, "search", "find pets by status");
    assert.ok(Array.isArray(found.results) && found.results.length > 0, JSON.stringify(found));
    assert.equal(found.results[0].method, "findPetsByStatus", JSON.stringify(found.results.slice(0, 5)));
    const hit = found.results.find((r) => r.path === "petstore.findPetsByStatus");
    assert.ok(hit, `petstore.findPetsByStatus not in ${JSON.stringify(found.results.map((r) => r.path))}`);
    assertMatches(hit, { connector: "petstore", method: "findPetsByStatus", requiresApproval: false, kind: "method" });
    assert.match(hit.description, /Finds Pets by status/, hit.description);

    const order = (await rt.call(i, "search", "place an order for a pet")).results;
    assertMatches(
      order.find((r) => r.path === "petstore.placeOrder"),
      { connector: "petstore", method: "placeOrder", requiresApproval: true },
      "petstore.placeOrder",
    );
    assertMatches(order.find((r) => r.path === "petsOpen.placeOrder"), { requiresApproval: false }, "petsOpen.placeOrder");
  });

  test("describe: a method's declaration and a connector's methods", T, async () => {
    const i = newInstance();
    const m = await rt.call(i, "describe", "petstore.getPetById");
    assertMatches(m, { path: "petstore.getPetById", kind: "method", requiresApproval: false });
    assert.match(m.description, /Find pet by ID/, m.description);
    assert.match(m.types, /getPetById\s*\(/, m.types);
    assert.match(m.types, /petId/, m.types);

    const byStatus = await rt.call(i, "describe", "petstore.findPetsByStatus");
    assert.match(byStatus.types, /status/, byStatus.types);
    // The enum of the (array of) status values comes from the spec.
    assert.match(byStatus.types, /available/, byStatus.types);

    // Request body schema via the $ref to components/schemas/Order.
    const place = await rt.call(i, "describe", "petstore.placeOrder");
    assertMatches(place, { requiresApproval: true });
    assert.match(place.types, /body/, place.types);
    assert.match(place.types, /quantity/, place.types);

    const whole = await rt.call(i, "describe", "petstore");
    assert.equal(whole.kind, "connector", JSON.stringify(whole));
    for (const method of ["addPet", "findPetsByStatus", "getPetById", "placeOrder", "getInventory", "loginUser", "deleteUser"]) {
      assert.match(whole.types, new RegExp(`\\b${method}\\s*\\(`), `${method} missing from:\n${whole.types}`);
    }
    assert.ok(
      (whole.description ?? "").includes("integration tests") || whole.types.includes("integration tests"),
      `the configured description is not shown: ${JSON.stringify(whole).slice(0, 600)}`,
    );

    assert.equal((await rt.call(i, "describe", "petsAll.getPetById")).requiresApproval, true);
    assert.equal((await rt.call(i, "describe", "petsV3.getInventory")).requiresApproval, true);
    assert.equal((await rt.call(i, "describe", "petsV3.placeOrder")).requiresApproval, false);
  });

  test("getPetById returns Prism's example; path, headers from a secret and literals, Idempotency-Key", T, async () => {
    const i = newInstance();
    prism.clear();
    const out = await run(rt, i, "return await petstore.getPetById({petId: 1})", "completed");
    assert.deepEqual(out.result, PRISM_PET);
    assertMatches(out.calls, [
      { seq: 0, connector: "petstore", method: "getPetById", args: { petId: 1 }, state: "applied", requiresApproval: false },
    ]);
    assert.equal(prism.requests.length, 1, JSON.stringify(prism.requests.map((r) => r.url)));
    const [req] = prism.requests;
    assert.equal(req.method, "GET");
    assert.equal(req.url, "/pet/1");
    assert.equal(req.status, 200);
    // api_key comes from the PETSTORE_KEY secret; Prism rejects getPetById without it (401).
    assert.equal(req.headers.api_key, SECRET_KEY);
    assert.equal(req.headers["x-static"], "literal-value");
    assert.equal(req.headers.authorization, "Bearer petstore-oauth-token");
    assert.equal(req.headers["idempotency-key"], `${out.executionId}:0`);
  });

  test("findPetsByStatus sends the array query parameter; loginUser encodes query values", T, async () => {
    const i = newInstance();
    prism.clear();
    const out = await run(rt, i, 'return await petstore.findPetsByStatus({status: ["sold", "pending"]})', "completed");
    assert.deepEqual(out.result, [PRISM_PET]);
    assert.equal(prism.requests.length, 1);
    const [req] = prism.requests;
    assert.equal(req.path, "/pet/findByStatus");
    assert.deepEqual(req.query.getAll("status"), ["sold", "pending"]);
    assert.equal(req.status, 200);

    prism.clear();
    const login = await run(rt, i, 'return await petstore.loginUser({username: "ann&co=1", password: "p w?#"})', "completed");
    assert.equal(login.result, "string"); // Prism's example of a JSON string
    const [lreq] = prism.requests;
    assert.equal(lreq.path, "/user/login");
    assert.equal(lreq.query.get("username"), "ann&co=1");
    assert.equal(lreq.query.get("password"), "p w?#");
  });

  test("path parameters are percent-encoded", T, async () => {
    const i = newInstance();
    prism.clear();
    const out = await run(rt, i, 'return await petstore.getUserByName({username: "a b/c?d"})', "completed");
    assertMatches(out.result, { username: "string" });
    assert.equal(prism.requests.length, 1);
    assert.equal(prism.requests[0].url, "/user/a%20b%2Fc%3Fd");
  });

  test("a write pauses for approval, sends nothing, and completes with Prism's answer once approved", T, async () => {
    const i = newInstance();
    prism.clear();
    const code = "const o = await petstore.placeOrder({body: {petId: 7, quantity: 2, status: \"placed\"}}); return o;";
    const paused = await run(rt, i, code, "paused");
    assertMatches(paused.pending, [
      { executionId: paused.executionId, seq: 0, connector: "petstore", method: "placeOrder", args: { body: { petId: 7, quantity: 2, status: "placed" } } },
    ]);
    assertMatches(paused.calls.find((c) => c.seq === 0), { method: "placeOrder", state: "pending", requiresApproval: true });
    assert.equal(prism.requests.length, 0, `sent before approval: ${JSON.stringify(prism.requests.map((r) => r.url))}`);

    const done = await rt.call(i, "approveExecution", paused.executionId);
    assert.equal(done.status, "completed", JSON.stringify(done));
    assert.deepEqual(done.result, PRISM_ORDER);
    assertMatches(done.calls, [{ seq: 0, connector: "petstore", method: "placeOrder", state: "applied" }]);
    assert.equal(prism.requests.length, 1, JSON.stringify(prism.requests.map((r) => r.url)));
    const [req] = prism.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.url, "/store/order");
    assert.match(req.headers["content-type"] ?? "", /^application\/json/);
    assert.deepEqual(req.json, { petId: 7, quantity: 2, status: "placed" });
    assert.equal(req.headers["idempotency-key"], `${paused.executionId}:0`);
    assert.equal(req.status, 200);
  });

  test("a rejected write is never sent", T, async () => {
    const i = newInstance();
    prism.clear();
    const paused = await run(rt, i, 'await petstore.deleteUser({username: "ann"}); return 1;', "paused");
    assertMatches(paused.pending, [{ method: "deleteUser", args: { username: "ann" } }]);
    assert.equal(await rt.call(i, "rejectExecution", paused.executionId, 0), true);
    assert.equal((await rt.call(i, "execution", paused.executionId)).status, "rejected");
    assert.equal(prism.requests.length, 0);
  });

  test('requireApproval "none" runs writes directly; an empty 2xx body is null', T, async () => {
    const i = newInstance();
    prism.clear();
    const out = await run(
      rt,
      i,
      'const o = await petsOpen.placeOrder({body: {petId: 3, quantity: 1}}); const u = await petsOpen.createUser({body: {username: "ann"}}); return [o, u];',
      "completed",
    );
    assert.deepEqual(out.result, [PRISM_ORDER, null]);
    assertMatches(out.calls, [
      { seq: 0, connector: "petsOpen", method: "placeOrder", state: "applied", requiresApproval: false },
      { seq: 1, connector: "petsOpen", method: "createUser", state: "applied", requiresApproval: false },
    ]);
    assert.deepEqual(prism.requests.map((r) => `${r.method} ${r.url} ${r.status}`), ["POST /store/order 200", "POST /user 200"]);
    assert.equal(prism.requests[0].headers["idempotency-key"], `${out.executionId}:0`);
    assert.equal(prism.requests[1].headers["idempotency-key"], `${out.executionId}:1`);
    assert.equal(prism.requests[0].headers.api_key, "open-key");
  });

  test("a list of method names and \"all\" decide approval", T, async () => {
    const i = newInstance();
    prism.clear();
    // petsV3: placeOrder is not listed (runs), getInventory is (pauses).
    const direct = await run(rt, i, "return await petsV3.placeOrder({body: {petId: 1}})", "completed");
    assert.deepEqual(direct.result, PRISM_ORDER);
    const inv = await run(rt, i, "return await petsV3.getInventory({})", "paused");
    assertMatches(inv.pending, [{ connector: "petsV3", method: "getInventory" }]);
    const all = await run(rt, i, "return await petsAll.getPetById({petId: 5})", "paused");
    assertMatches(all.pending, [{ connector: "petsAll", method: "getPetById", args: { petId: 5 } }]);
    assert.equal(prism.requests.length, 1, JSON.stringify(prism.requests.map((r) => r.url)));

    const allDone = await rt.call(i, "approveExecution", all.executionId);
    assert.equal(allDone.status, "completed", JSON.stringify(allDone));
    assert.deepEqual(allDone.result, PRISM_PET);
    const invDone = await rt.call(i, "approveExecution", inv.executionId);
    assert.equal(invDone.status, "completed", JSON.stringify(invDone));
    assert.deepEqual(invDone.result, { property1: -2147483648, property2: -2147483648 });
  });

  test("the base URL defaults to servers[0], resolved against the spec URL", T, async () => {
    const i = newInstance();
    prism.clear();
    const out = await run(rt, i, "return [await petsV3.getPetById({petId: 7}), await petsAll.getUserByName({username: 'bob'})].length", "paused");
    // petsV3.getPetById is not listed for approval: sent to <spec origin>/api/v3/pet/7.
    assert.equal(prism.requests.length, 1, JSON.stringify(prism.requests.map((r) => r.url)));
    assert.equal(prism.requests[0].url, "/api/v3/pet/7");
    assert.equal(prism.requests[0].headers.api_key, "v3-key");
    assert.equal(prism.requests[0].status, 200);
    const done = await rt.call(i, "approveExecution", out.executionId);
    assert.equal(done.status, "completed", JSON.stringify(done));
    assert.equal(done.result, 2);
    // petsAll has no baseUrl; its inline spec's servers[0] is the proxy's absolute URL.
    assert.equal(prism.requests.length, 2, JSON.stringify(prism.requests.map((r) => r.url)));
    assert.equal(prism.requests[1].url, "/user/bob");
    assert.equal(prism.requests[1].headers.api_key, "all-key");
    assert.equal(prism.requests[1].status, 200);
  });

  test("non-2xx answers reject the script's promise with the status and a body excerpt", T, async () => {
    const i = newInstance();
    prism.clear();
    const notFound = await rejection(rt, i, "pets404.getPetById({petId: 2})");
    assert.match(notFound, /^HTTP 404\b/, notFound);
    assert.equal(prism.requests.at(-1).status, 404);
    assert.equal(prism.requests.at(-1).headers.prefer, "code=404");

    // addPet needs petstore_auth (oauth2); petsOpen sends no Authorization, so Prism answers 401
    // with a problem+json body.
    const unauthorized = await rejection(rt, i, 'petsOpen.addPet({body: {name: "Rex", photoUrls: []}})');
    assert.match(unauthorized, /^HTTP 401\b/, unauthorized);
    assert.match(unauthorized, /Invalid security scheme used/, unauthorized);
    assert.equal(prism.requests.at(-1).status, 401);

    // Uncaught, the run fails with the same message.
    const failed = await run(rt, i, "return await pets404.getOrderById({orderId: 3})", "error");
    assert.match(failed.error.message, /HTTP 404/, JSON.stringify(failed.error));
    assertMatches(failed.calls, [{ seq: 0, connector: "pets404", method: "getOrderById", state: "error" }]);
  });

  test("arguments are validated against the schema before anything is sent or offered for approval", T, async () => {
    const i = newInstance();
    prism.clear();
    const wrongType = await rejection(rt, i, 'petstore.getPetById({petId: "abc"})');
    assert.match(wrongType, /petId/, wrongType);

    const missing = await rejection(rt, i, "petstore.getPetById({})");
    assert.match(missing, /petId/, missing);

    const tooBig = await rejection(rt, i, "petstore.getOrderById({orderId: 11})");
    assert.match(tooBig, /orderId/, tooBig);

    const badEnum = await rejection(rt, i, 'petstore.findPetsByStatus({status: ["lost"]})');
    assert.match(badEnum, /status/, badEnum);

    // A write with a bad body is refused before approval: the run does not pause.
    const badBody = await rejection(rt, i, 'petstore.placeOrder({body: {petId: 1, quantity: "two"}})');
    assert.match(badBody, /quantity/, badBody);
    const missingField = await rejection(rt, i, 'petstore.addPet({body: {name: "Rex"}})');
    assert.match(missingField, /photoUrls/, missingField);

    assert.deepEqual(await rt.call(i, "pendingApprovals"), []);
    assert.equal(prism.requests.length, 0, `sent despite invalid arguments: ${JSON.stringify(prism.requests.map((r) => r.url))}`);
  });
});

describe("an OpenAPI spec URL that cannot be reached", () => {
  let rt;
  let prism;
  let port;

  before(async () => {
    port = await freePort();
    rt = await startRuntime({
      bindings: {
        CODEMODE_CONNECTORS: JSON.stringify([
          { name: "later", type: "openapi", spec: `http://127.0.0.1:${port}/openapi.json`, baseUrl: `http://127.0.0.1:${port}`, headers: { api_key: "k" } },
        ]),
      },
    });
  });
  after(async () => {
    await rt?.dispose();
    await prism?.close();
  });

  test("CONNECTOR_UNAVAILABLE naming the entry, then it works once the spec is served", T, async () => {
    const i = newInstance();
    const first = await rt.rpc(i, "execute", "return 1");
    assertError(first, 502, "CONNECTOR_UNAVAILABLE");
    assert.match(first.body.error.message, /later/, first.body.error.message);

    prism = await startPrism({ port });
    const out = await executeOnceConnected(rt, i, "return await later.getPetById({petId: 9})");
    assert.equal(out.status, "completed", JSON.stringify(out));
    assert.deepEqual(out.result, PRISM_PET);
    assert.ok(prism.specFetches >= 1, "the spec was fetched from the server");
    assert.equal(prism.requests.length, 1);
    assert.equal(prism.requests[0].url, "/pet/9");
  });
});

describe("bad OpenAPI connector configuration → INVALID_CONFIG naming the entry", () => {
  const ok = { name: "fine", type: "openapi", spec: SPEC, baseUrl: "http://127.0.0.1:9" };
  const cases = [
    { name: "an unknown type", value: [{ name: "weird", type: "graphql", spec: SPEC }], message: /weird/ },
    { name: "no spec", value: [ok, { name: "nospec", type: "openapi", baseUrl: "http://127.0.0.1:9" }], message: /nospec/ },
    { name: "a name that is not an identifier", value: [ok, { name: "pet-store", type: "openapi", spec: SPEC }], message: /pet-store/ },
    {
      name: "a header from a secret that is not set",
      value: [{ ...ok, name: "sec", headers: { api_key: { secret: "NO_SUCH_PETSTORE_SECRET" } } }],
      message: /sec[\s\S]*NO_SUCH_PETSTORE_SECRET|NO_SUCH_PETSTORE_SECRET[\s\S]*sec/,
    },
    { name: "a bad requireApproval", value: [{ ...ok, name: "appr", requireApproval: "reads" }], message: /appr/ },
    {
      name: "a document that is not OpenAPI 3",
      value: [{ name: "swagger2", type: "openapi", spec: { swagger: "2.0", info: { title: "x", version: "1" }, paths: {} }, baseUrl: "http://127.0.0.1:9" }],
      message: /swagger2/,
    },
  ];

  for (const c of cases) {
    test(c.name, T, async () => {
      const rt = await startRuntime({ bindings: { CODEMODE_CONNECTORS: JSON.stringify(c.value) } });
      try {
        const i = newInstance();
        const answer = await rt.rpc(i, "execute", "return 1");
        assertError(answer, 500, "INVALID_CONFIG");
        assert.match(answer.body.error.message, c.message, answer.body.error.message);
        const res = await rt.fetch(`${base(i)}/tool`);
        assertError({ status: res.status, body: await res.json().catch(() => null) }, 500, "INVALID_CONFIG");
      } finally {
        await rt.dispose();
      }
    });
  }
});
