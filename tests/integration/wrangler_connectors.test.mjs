// Connectors declared in configuration under the real `wrangler dev` (not only Miniflare): a temporary
// wrangler config (wrangler.toml without its [build] command, `main` pointing at a snapshot of the
// already built build/) declares an MCP server (fixtures/mcp_server.mjs, which requires a bearer
// token) in `CODEMODE_CONNECTORS`, and the token comes from a temporary `.dev.vars` next to the config.
//
//   1. the var as a TOML value (an array of inline tables): wrangler passes it as a JSON binding,
//      read by `Env::object_var` (src/shell/object.rs);
//   2. the var as a JSON string (the form the README shows): read by `Env::var`.
//
// Each case starts `wrangler dev` on a free port, executes `return await docs.add({a:1,b:2})` over
// POST /rpc, and checks that the run completed with 3 and that every request the MCP server saw
// carried `Authorization: Bearer <the .dev.vars token>` (none was refused). Needs build/ (npm run
// build); does not build.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { after, test } from "node:test";
import { COMPATIBILITY_DATE, REPO_ROOT, WORKER_ENTRY } from "./harness.mjs";
import { freePort, startMcpServer } from "./fixtures/mcp_server.mjs";
import { groupAlive, remember, spawnWranglerDev, undoAll, waitUntilServing } from "./wrangler_process.mjs";

const READY_TIMEOUT_MS = 180_000;
const T = { timeout: READY_TIMEOUT_MS + 90_000 };
/** The token the MCP server requires; written to .dev.vars as DOCS_TOKEN. */
const TOKEN = "dev-vars-docs-token-8121";
/** What .dev.vars holds (equal to TOKEN; differs only to check that the test can fail). */
const DEV_VARS_TOKEN = TOKEN;
const WRANGLER = path.join(REPO_ROOT, "node_modules", ".bin", "wrangler");

// Everything started by a test is remembered (wrangler_process.mjs) and undone by its handle, or
// here should a test fail.
after(undoAll);

/** A TOML basic string. */
function tomlString(s) {
  return JSON.stringify(s); // JSON escapes are valid TOML basic-string escapes for these values
}

/**
 * Writes a wrangler config into a fresh temporary folder: wrangler.toml's Worker (name, Durable
 * Object binding, migration) without [build], `main` a copy of build/ (so a rebuild of build/ while
 * the test runs does not reload the Worker), `vars` as given (TOML lines), and `.dev.vars`.
 */
async function writeProject({ varsToml, devVars }) {
  const dir = await mkdtemp(path.join(tmpdir(), "codemode-wrangler-connectors-"));
  const built = path.join(REPO_ROOT, path.dirname(WORKER_ENTRY));
  const deadline = Date.now() + 300_000;
  // Another build may be replacing build/ right now: wait (a few minutes at most) for it.
  while (!existsSync(path.join(REPO_ROOT, WORKER_ENTRY)) || !existsSync(path.join(built, "index_bg.wasm"))) {
    if (Date.now() > deadline) assert.fail(`${WORKER_ENTRY} does not exist: build the Worker first (npm run build)`);
    await delay(5_000);
  }
  await cp(built, path.join(dir, "build"), { recursive: true });
  const config = [
    `name = "codemode-runtime"`,
    `main = "build/index.js"`,
    `compatibility_date = ${tomlString(COMPATIBILITY_DATE)}`,
    ``,
    `[vars]`,
    varsToml,
    ``,
    `[[durable_objects.bindings]]`,
    `name = "CODEMODE"`,
    `class_name = "CodemodeObject"`,
    ``,
    `[[migrations]]`,
    `tag = "v1"`,
    `new_sqlite_classes = ["CodemodeObject"]`,
    ``,
  ].join("\n");
  await writeFile(path.join(dir, "wrangler.toml"), config);
  await writeFile(
    path.join(dir, ".dev.vars"),
    Object.entries(devVars).map(([k, v]) => `${k}=${v}\n`).join(""),
  );
  return { dir, config };
}

/**
 * Starts `wrangler dev` on the project in `dir` (own process group) and waits until GET /tool of
 * `instance` answers. Returns `{port, rpc, tail, stop}`.
 */
async function startWranglerDev(dir, instance) {
  const port = await freePort();
  const inspectorPort = await freePort();
  const dev = spawnWranglerDev(
    WRANGLER,
    [
      "dev",
      "--config", path.join(dir, "wrangler.toml"),
      "--port", String(port),
      "--ip", "127.0.0.1",
      "--inspector-port", String(inspectorPort),
      "--persist-to", path.join(dir, "state"),
      "--show-interactive-dev-session=false",
    ],
    { cwd: dir, env: { CI: "1" } },
  );
  const { tail } = dev;

  const stop = remember(async () => {
    const pid = dev.child.pid;
    await dev.stop();
    assert.equal(groupAlive(pid), false, "processes of wrangler dev's group are still running");
  });

  const origin = `http://localhost:${port}`;
  const at = `${origin}/agents/codemode/${encodeURIComponent(instance)}`;
  const res = await waitUntilServing(dev, `${at}/tool`, { readyTimeoutMs: READY_TIMEOUT_MS, fetchTimeoutMs: 30_000 });
  const toolText = await res.text();
  assert.equal(res.status, 200, `GET /tool: ${res.status} ${toolText}\n${tail()}`);

  /** POST /rpc {method, args} → {status, body}. */
  async function rpc(method, ...args) {
    const r = await fetch(`${at}/rpc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method, args }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await r.text();
    let body = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: r.status, body, text };
  }

  return { port, tool: JSON.parse(toolText), rpc, tail, stop };
}

/** The docs connector entry; `url` of the MCP fixture. */
function docsEntry(url) {
  return {
    name: "docs",
    type: "mcp",
    url,
    headers: { Authorization: { secret: "DOCS_TOKEN", prefix: "Bearer " }, "X-Static": "literal" },
    description: "A documentation test server.",
  };
}

/**
 * One case: MCP fixture requiring TOKEN, project with `varsToml(url)`, wrangler dev, execute, checks.
 */
async function runCase(varsToml) {
  const srv = await startMcpServer({ requireToken: TOKEN, pageSize: 4 });
  const closeServer = remember(() => srv.close());
  const { dir, config } = await writeProject({ varsToml: varsToml(srv.url), devVars: { DOCS_TOKEN: DEV_VARS_TOKEN } });
  const removeDir = remember(() => rm(dir, { recursive: true, force: true }));
  try {
    const instance = `wc-${Date.now()}`;
    const dev = await startWranglerDev(dir, instance);
    const where = () => `\nconfig:\n${config}\nMCP requests: ${JSON.stringify(srv.stats.requests.map((r) => ({
      rpcMethod: r.rpcMethod, authorization: r.authorization })))}\nwrangler:\n${dev.tail()}`;

    // The connector is part of the object: GET /tool declares its methods, without the secret.
    const d = dev.tool.description ?? "";
    assert.match(d, /declare const docs: \{/, `docs is not declared:\n${d}${where()}`);
    assert.match(d, /\n {2}add\(args: /, `docs.add is not declared:\n${d}${where()}`);
    assert.ok(!d.includes(TOKEN), "the secret leaked into the tool description");

    const answer = await dev.rpc("execute", "return await docs.add({a:1,b:2})");
    assert.equal(answer.status, 200, `execute answered HTTP ${answer.status}: ${answer.text}${where()}`);
    const out = answer.body.result;
    assert.equal(out?.status, "completed", `execute: ${answer.text}${where()}`);
    assert.equal(out.result, 3, `execute: ${answer.text}`);

    // The MCP tool ran once, and every request to the server carried the .dev.vars token.
    assert.equal(srv.stats.calls.add, 1, `calls: ${JSON.stringify(srv.stats.calls)}${where()}`);
    assert.equal(srv.stats.unauthorized, 0, `requests refused with 401${where()}`);
    const methods = srv.stats.requests.map((r) => r.rpcMethod);
    assert.ok(methods.includes("initialize") && methods.includes("tools/call"), `requests: ${JSON.stringify(methods)}`);
    for (const r of srv.stats.requests) {
      assert.equal(r.authorization, `Bearer ${TOKEN}`, `request without the token: ${JSON.stringify(r)}`);
      assert.equal(r.headers["x-static"], "literal", `request without the literal header: ${JSON.stringify(r)}`);
    }
    const call = srv.stats.requests.find((r) => r.rpcMethod === "tools/call");
    assert.match(call.headers["idempotency-key"] ?? "", /^.+:0$/, JSON.stringify(call));

    await dev.stop();
  } finally {
    await closeServer();
    await removeDir();
  }
}

// A TOML array reaches the Worker as a JS array (not a string): read as raw JSON by the object.
test("wrangler dev: CODEMODE_CONNECTORS as a TOML value, the header's secret from .dev.vars", T, async () => {
  await runCase((url) => {
    const e = docsEntry(url);
    // An array of inline tables (TOML 1.0 inline tables stay on one line).
    return [
      `CODEMODE_CONNECTORS = [`,
      `  { name = ${tomlString(e.name)}, type = ${tomlString(e.type)}, url = ${tomlString(e.url)},` +
        ` headers = { Authorization = { secret = "DOCS_TOKEN", prefix = "Bearer " }, "X-Static" = "literal" },` +
        ` description = ${tomlString(e.description)} },`,
      `]`,
    ].join("\n");
  });
});

test("wrangler dev: CODEMODE_CONNECTORS as a JSON string, the header's secret from .dev.vars", T, async () => {
  await runCase((url) => {
    const json = JSON.stringify([docsEntry(url)], null, 1);
    assert.ok(!json.includes("'''"));
    return `CODEMODE_CONNECTORS = '''\n${json}\n'''`;
  });
});
