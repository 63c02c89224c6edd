// The npm package `codemode-runtime` (packages/codemode/) inside a user's own Worker, as its
// users get it: `npm pack`'s tarball installed into a fresh project whose Worker is the reference
// runtime's own harness (../shared/peer-cf/src/: a Durable Object whose routes call the
// `@cloudflare/codemode` API) with only its import lines changed to `codemode-runtime`, served
// by `wrangler dev` (workerd) with the harness's own wrangler.jsonc.
//
// The routes are driven as the reference's users drive them: a script pauses on createNote, the
// approval resumes it by replay, a rejection ends one, rollback removes the note through the
// tool's revert, snippets, search and describe; the reference's benchmark (sbs-bench) runs a
// round against it; then workerd is restarted while a run is paused
// and the approval still completes it, with createNote applied once.
//
// Needs packages/codemode built (scripts/build-package.sh, run by `npm test`); does not build.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { COMPATIBILITY_DATE, REPO_ROOT } from "./harness.mjs";
import { installPacked, remember, serveWithWranglerDev, undoAll } from "./wrangler_process.mjs";

const READY_TIMEOUT_MS = 180_000;
const T = { timeout: 120_000 };
const WRANGLER = path.join(REPO_ROOT, "node_modules", ".bin", "wrangler");
const PACKAGE_DIR = path.join(REPO_ROOT, "packages", "codemode");
// The reference's harness (src/, wrangler.jsonc) and benchmark, copied from the project's
// ../shared/peer-cf so the suite runs wherever the repository is cloned; where that folder is
// present, the copy is checked against it.
const PEER_DIR = path.join(REPO_ROOT, "tests", "integration", "fixtures", "peer-cf");
const SHARED_PEER_DIR = path.resolve(REPO_ROOT, "..", "shared", "peer-cf");
const PEER_FILES = ["src/index.js", "src/notes-connector.js", "wrangler.jsonc", "sbs-bench.mjs"];

let dir;
let dev;
let origin;

after(async () => {
  await undoAll();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The harness's sources with `@cloudflare/codemode` imports pointed at this package. */
async function copyHarness(to) {
  await mkdir(to, { recursive: true });
  for (const name of await readdir(path.join(PEER_DIR, "src"))) {
    const text = await readFile(path.join(PEER_DIR, "src", name), "utf8");
    const changed = text.replaceAll('from "@cloudflare/codemode"', 'from "codemode-runtime"');
    assert.doesNotMatch(changed, /@cloudflare\/codemode/, `${name}: an import left unchanged`);
    await writeFile(path.join(to, name), changed);
  }
}

/** Serves the harness; its config asks for a compatibility date newer than this wrangler's workerd
 * knows, so the flag overrides the date only (the config stays as the reference wrote it). */
async function start() {
  let response;
  ({ dev, origin, response } = await serveWithWranglerDev(WRANGLER, path.join(dir, "wrangler.jsonc"), dir, { probe: "/no-such-route", args: ["--compatibility-date", COMPATIBILITY_DATE] }));
  assert.equal(response.status, 404, `the Worker answers: ${response.status}\n${dev.tail()}`);
  await response.arrayBuffer();
}

/** A route of the harness for conversation `agent`: its JSON body (500s show the thrown stack). */
async function route(agent, method, pathname, body) {
  const url = new URL(pathname, origin);
  url.searchParams.set("agent", agent);
  const res = await fetch(url, {
    method,
    ...(body ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
  });
  const text = await res.text();
  assert.equal(res.status, 200, `${method} ${pathname}: ${res.status} ${text}\n${dev.tail(3000)}`);
  return JSON.parse(text);
}

const CREATE = `async () => {
  const before = await notes.listNotes();
  const note = await notes.createNote({ text: "hello from the package" });
  return { before: before.length, text: note.text, id: note.id };
}`;

const LIST = `async () => (await notes.listNotes()).map((n) => n.text)`;

describe("the npm package in the reference's own harness Worker (npm pack, wrangler dev)", () => {
  before(async () => {
    assert.ok(existsSync(path.join(PACKAGE_DIR, "dist", "index.js")), "packages/codemode is not built: bash scripts/build-package.sh");
    for (const file of PEER_FILES) {
      if (existsSync(path.join(SHARED_PEER_DIR, file))) {
        assert.equal(
          await readFile(path.join(PEER_DIR, file), "utf8"),
          await readFile(path.join(SHARED_PEER_DIR, file), "utf8"),
          `fixtures/peer-cf/${file} differs from ${SHARED_PEER_DIR}/${file}: copy it again`,
        );
      }
    }
    dir = await mkdtemp(path.join(tmpdir(), "codemode-package-"));
    await copyHarness(path.join(dir, "src"));
    await cp(path.join(PEER_DIR, "wrangler.jsonc"), path.join(dir, "wrangler.jsonc"));
    const packed = installPacked(PACKAGE_DIR, dir);
    assert.ok(packed.files.some((f) => f.path === "wasm/codemode_bg.wasm"), "the tarball carries the wasm");
    await start();
  }, { timeout: READY_TIMEOUT_MS + 120_000 });

  test("execute pauses on createNote; pending lists it; approve resumes by replay and completes", T, async () => {
    const agent = `approve-${Date.now()}`;
    const paused = await route(agent, "POST", "/execute", { code: CREATE });
    assert.equal(paused.status, "paused", JSON.stringify(paused));
    assert.deepEqual(
      paused.calls.map((c) => [c.connector, c.method, c.state]),
      [["notes", "listNotes", "applied"], ["notes", "createNote", "pending"]],
    );
    const pending = await route(agent, "GET", "/pending");
    assert.deepEqual(pending, [
      { executionId: paused.executionId, seq: 1, connector: "notes", method: "createNote", args: { text: "hello from the package" } },
    ]);

    const done = await route(agent, "POST", "/approve", { executionId: paused.executionId });
    assert.equal(done.status, "completed", JSON.stringify(done));
    assert.equal(done.executionId, paused.executionId);
    assert.equal(done.result.before, 0);
    assert.equal(done.result.text, "hello from the package");
    assert.match(done.result.id, /^[0-9a-f-]{36}$/, "the connector's own crypto.randomUUID()");

    assert.deepEqual(await route(agent, "GET", "/pending"), []);
    const listed = await route(agent, "POST", "/execute", { code: LIST });
    assert.deepEqual(listed.result, ["hello from the package"], "createNote ran once");

    const history = await route(agent, "GET", "/executions");
    const run = history.find((e) => e.id === paused.executionId);
    assert.equal(run.status, "completed");
    assert.deepEqual(run.log.map((c) => c.state), ["applied", "applied"]);
    assert.equal(run.code, CREATE);

    const snippet = await route(agent, "POST", "/snippets", { name: "hello_note", executionId: paused.executionId, description: "Writes a note" });
    assert.equal(snippet.name, "hello_note");
    assert.equal(snippet.code, CREATE);
    assert.deepEqual((await route(agent, "GET", "/snippets")).map((s) => s.name), ["hello_note"]);
  });

  test("the guide's vite.config import resolves: codemode-runtime/vite is a plugin", () => {
    const printed = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", 'import codemode from "codemode-runtime/vite"; console.log(JSON.stringify(codemode()))'],
      { cwd: dir, encoding: "utf8" },
    );
    assert.deepEqual(JSON.parse(printed), { name: "codemode-runtime" });
  });

  test("approving an unknown run answers an error result, as the reference does", T, async () => {
    const answer = await route(`unknown-${Date.now()}`, "POST", "/approve", { executionId: "0b7e3c7e-1f2a-4c3d-9e8f-1a2b3c4d5e6f" });
    assert.equal(answer.status, "error");
    assert.equal(answer.errorCode, "NOT_FOUND");
    assert.equal(typeof answer.error, "string");
  });

  test("reject ends a paused run; rollback removes an applied note through revert", T, async () => {
    const agent = `reject-${Date.now()}`;
    const paused = await route(agent, "POST", "/execute", { code: CREATE });
    assert.equal(paused.status, "paused");
    assert.deepEqual(await route(agent, "POST", "/reject", { executionId: paused.executionId, seq: 1 }), { terminated: true });
    const [rejected] = await route(agent, "GET", `/executions?limit=1`);
    assert.equal(rejected.status, "rejected");
    assert.deepEqual((await route(agent, "POST", "/execute", { code: LIST })).result, []);

    const second = await route(agent, "POST", "/execute", { code: CREATE });
    const applied = await route(agent, "POST", "/approve", { executionId: second.executionId });
    assert.equal(applied.status, "completed");
    assert.deepEqual((await route(agent, "POST", "/execute", { code: LIST })).result, ["hello from the package"]);
    assert.deepEqual(await route(agent, "POST", "/rollback", { executionId: second.executionId }), { ok: true });
    assert.deepEqual((await route(agent, "POST", "/execute", { code: LIST })).result, [], "revert removed the note");
    const run = (await route(agent, "GET", "/executions")).find((e) => e.id === second.executionId);
    assert.equal(run.status, "rolled_back");
  });

  test("search and describe read the connector class's tools", T, async () => {
    const agent = `search-${Date.now()}`;
    const found = await route(agent, "GET", "/search?q=create%20note");
    assert.equal(found.results[0].path, "notes.createNote");
    assert.equal(found.results[0].requiresApproval, true);
    const described = await route(agent, "GET", `/describe?path=${encodeURIComponent(found.results[0].path)}`);
    assert.equal(described.kind, "method");
    assert.equal(described.requiresApproval, true);
    assert.match(described.types, /text: string/);
    const connector = await route(agent, "GET", "/describe?path=notes");
    assert.match(connector.types, /Use this connector to list and create saved notes\./);
  });

  test("the bench route runs repeated executions in the object", T, async () => {
    const answer = await route(`bench-${Date.now()}`, "POST", "/bench", { code: LIST, n: 3 });
    assert.equal(answer.status, "completed", JSON.stringify(answer));
    assert.equal(answer.ms.length, 3);
  });

  test("the reference's own benchmark runs one round against it", { timeout: 600_000 }, async () => {
    // sbs-bench drives the harness's routes as it drives the reference's (`--peer`) and fails on
    // a run that does not end as it expects; its JSON holds each row's median.
    const out = path.join(dir, "sbs.json");
    execFileSync(process.execPath, [path.join(PEER_DIR, "sbs-bench.mjs"), "--peer", origin, "--rounds", "1", "--json", out], {
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 540_000,
    });
    const { rows, perCall } = JSON.parse(await readFile(out, "utf8"));
    assert.ok(rows.length >= 6, `rows: ${rows.map((r) => r.label).join(", ")}`);
    for (const row of rows) assert.ok(Number.isFinite(row.peer) && row.peer >= 0, JSON.stringify(row));
    assert.ok(Number.isFinite(perCall.peer), JSON.stringify(perCall));
  });

  test("workerd restarted while a run is paused: approve completes it, createNote applied once", { timeout: READY_TIMEOUT_MS + 120_000 }, async () => {
    const agent = `restart-${Date.now()}`;
    const paused = await route(agent, "POST", "/execute", { code: CREATE });
    assert.equal(paused.status, "paused");
    await dev.stop();
    await start();
    assert.deepEqual((await route(agent, "GET", "/pending")).map((p) => p.executionId), [paused.executionId]);
    const done = await route(agent, "POST", "/approve", { executionId: paused.executionId });
    assert.equal(done.status, "completed", JSON.stringify(done));
    assert.deepEqual((await route(agent, "POST", "/execute", { code: LIST })).result, ["hello from the package"]);
  });
});
