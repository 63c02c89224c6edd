// The `codemode` command line (client/src/cli.ts, the client package's `bin`): the real CLI,
// spawned with `node` from the client's own build, against the built Worker served by `wrangler
// dev` (wrangler.toml without its build command, CODEMODE_TOKEN in .dev.vars), as a developer
// points it at their local service. Every expected value comes from the service: what
// `execution`, `pendingApprovals`, `describe`… answer over /rpc, the refusal a wrong token gets.

import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { REPO_ROOT, base, newInstance } from "./harness.mjs";
import { serveWithWranglerDev, undoAll } from "./wrangler_process.mjs";

const T = { timeout: 120_000 };
const TOKEN = "cli-test-token";
const CLIENT = path.join(REPO_ROOT, "client");
const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
const PACKAGE = JSON.parse(readFileSync(path.join(CLIENT, "package.json"), "utf8"));

// The client's build (its tsconfig, as `npm run build` in client/), into a folder of this file's
// own: client.test.mjs builds client/dist at the same time. Under the repository, so that the CLI
// finds `ws` in node_modules as it does in client/dist (Node 20 has no global WebSocket).
mkdirSync(path.join(REPO_ROOT, "test-output"), { recursive: true });
const WORK = mkdtempSync(path.join(REPO_ROOT, "test-output", "cli-"));
const OUT = path.join(WORK, "dist");
try {
  execFileSync(process.execPath, [TSC, "-p", path.join(CLIENT, "tsconfig.json"), "--outDir", OUT], { stdio: "pipe" });
} catch (error) {
  throw new Error(`tsc -p client/tsconfig.json failed:\n${error.stdout}${error.stderr}`);
}
// The package's `bin` is a file of that build.
const BIN = path.join(OUT, path.relative("dist", PACKAGE.bin.codemode));

const WRANGLER = path.join(REPO_ROOT, "node_modules", ".bin", "wrangler");

/** wrangler.toml without its [build] and [dev] tables (the Worker is already built). */
function withoutBuild(toml) {
  let skipping = false;
  return toml
    .split("\n")
    .filter((line) => {
      const header = line.match(/^\s*\[+([^\]]+)\]+/);
      if (header) skipping = header[1].trim() === "build" || header[1].trim() === "dev";
      return !skipping;
    })
    .join("\n");
}

/** The service under `wrangler dev`: its origin, and fetch of a path on it. */
let rt;
before(async () => {
  assert.ok(existsSync(path.join(REPO_ROOT, "build", "index.js")), "build/ is missing: npm run build");
  const project = path.join(WORK, "service");
  cpSync(path.join(REPO_ROOT, "build"), path.join(project, "build"), { recursive: true });
  writeFileSync(path.join(project, "wrangler.toml"), withoutBuild(readFileSync(path.join(REPO_ROOT, "wrangler.toml"), "utf8")));
  writeFileSync(path.join(project, ".dev.vars"), `CODEMODE_TOKEN=${TOKEN}\n`);
  const { origin, response, dev } = await serveWithWranglerDev(WRANGLER, path.join(project, "wrangler.toml"), project, { probe: "/no-such-route" });
  // With a token configured, the service refuses what carries none.
  assert.equal(response.status, 401, `the service answers: ${response.status}\n${dev.tail()}`);
  await response.arrayBuffer();
  rt = { url: origin, fetch: (pathname, init) => fetch(new URL(pathname, origin), init) };
}, { timeout: 240_000 });
after(async () => {
  await undoAll();
  rmSync(WORK, { recursive: true, force: true });
});

/**
 * Runs the CLI: `{code, stdout, stderr}`. `env` is all the CODEMODE_* it sees (none of the
 * caller's); `input` is piped to its stdin (else stdin is empty, not a terminal).
 */
function cli(args, { env = {}, input = "" } = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("CODEMODE_")));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...clean, ...env }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The CLI on one instance of the test runtime, with the token in the environment. */
function on(instance) {
  const env = { CODEMODE_URL: rt.url, CODEMODE_TOKEN: TOKEN, CODEMODE_INSTANCE: instance };
  return (args, options = {}) => cli(args, { ...options, env: { ...env, ...options.env } });
}

/** An /rpc call with the main token, which must succeed: the service's own answer. */
async function service(instance, method, ...args) {
  const res = await rt.fetch(`${base(instance)}/rpc`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ method, args }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, `${method}: ${JSON.stringify(body)}`);
  return body.result;
}

function json(answer) {
  try {
    return JSON.parse(answer.stdout);
  } catch {
    assert.fail(`stdout is not JSON (exit ${answer.code}): ${answer.stdout}\nstderr: ${answer.stderr}`);
  }
}

/** The exit codes the help documents, read from it (so the tests check the help too). */
async function documentedExitCodes() {
  const help = await cli(["--help"]);
  assert.equal(help.code, 0, help.stderr);
  const codes = {};
  for (const [, code, text] of help.stdout.matchAll(/^ {2}(\d) {2}(.*)$/gm)) codes[code] = text;
  return codes;
}

describe("codemode, the command line", () => {
  test("the package's bin is the CLI, and --help tells every command and exit code", T, async () => {
    assert.equal(PACKAGE.bin.codemode, "./dist/cli.js");
    assert.equal(readFileSync(BIN, "utf8").split("\n")[0], "#!/usr/bin/env node");
    const help = await cli(["--help"]);
    assert.equal(help.code, 0);
    for (const command of ["run", "pending", "approve", "reject", "cancel", "rollback", "history", "show", "search", "describe", "types", "snippets"]) {
      assert.match(help.stdout, new RegExp(`^  ${command}\\b`, "m"), `--help lists ${command}`);
      const own = await cli([command, "--help"]);
      assert.equal(own.code, 0, own.stderr);
      assert.match(own.stdout, new RegExp(`^Usage: codemode ${command}\\b`));
    }
    const codes = await documentedExitCodes();
    assert.deepEqual(Object.keys(codes), ["0", "1", "2", "3", "4", "5"]);
    assert.match(codes[2], /bad request/);
    assert.match(codes[3], /paused/);
    const readme = readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
    assert.ok(readme.includes(`$ codemode --help\n${help.stdout}`), "README.md's tour shows the current `codemode --help`");
  });

  test("usage errors: one line `error USAGE: …` on stderr, exit 2", T, async () => {
    for (const args of [["frob"], ["history", "--seq", "1"], ["show"], ["reject", "id", "x"], ["history", "--nope"], [], ["run", "-e", " "]]) {
      const answer = await cli(args);
      assert.equal(answer.code, 2, `${args.join(" ")}: exit ${answer.code}, ${answer.stderr}`);
      assert.equal(answer.stdout, "");
      assert.match(answer.stderr, /^error USAGE: [^\n]+\n$/, `${args.join(" ")}: ${answer.stderr}`);
    }
  });

  test("run from a file: the report on stdout, exit 0; --json is the service's ExecuteOutput", T, async () => {
    const instance = newInstance();
    const run = on(instance);
    const file = path.join(WORK, "script.js");
    writeFileSync(file, 'console.log("from a file"); return 40 + 2;\n');

    const plain = await run(["run", file]);
    assert.equal(plain.code, 0, plain.stderr);
    const [stored] = await service(instance, "executionHistory", 1);
    assert.equal(stored.status, "completed");
    assert.equal(stored.code, readFileSync(file, "utf8"));
    assert.equal(plain.stdout.trimEnd(), stored.report.trimEnd(), "stdout is the run's report");
    assert.equal(plain.stderr, "", "no progress off a terminal");

    const answer = await run(["run", file, "--json"]);
    assert.equal(answer.code, 0, answer.stderr);
    const output = json(answer);
    const again = await service(instance, "execution", output.executionId);
    assert.equal(output.status, again.status);
    assert.deepEqual(output.result, again.result);
    assert.equal(output.report, again.report);
    assert.deepEqual(output.calls, again.calls);
  });

  test("run from stdin (`-` and piped), and --eval", T, async () => {
    const instance = newInstance();
    const run = on(instance);
    for (const [args, code] of [
      [["run", "-", "--json"], 'return "dash " + (6 * 7)'],
      [["run", "--json"], 'return "piped " + (6 * 7)'],
    ]) {
      const answer = await run(args, { input: code });
      assert.equal(answer.code, 0, answer.stderr);
      const output = json(answer);
      const stored = await service(instance, "execution", output.executionId);
      assert.equal(stored.code, code, "the script the service ran is stdin's");
      assert.equal(output.result, stored.result);
      assert.equal(output.status, "completed");
    }
    const evaluated = json(await run(["run", "-e", "return [1, 2].length", "--json"]));
    assert.equal(evaluated.result, (await service(instance, "execution", evaluated.executionId)).result);
  });

  test("a failed run exits 1 and prints its report with the error", T, async () => {
    const instance = newInstance();
    const run = on(instance);
    const answer = await run(["run", "-e", 'throw new Error("boom")']);
    assert.equal(answer.code, 1, answer.stderr);
    const [stored] = await service(instance, "executionHistory", 1);
    assert.equal(stored.status, "error");
    assert.equal(answer.stdout.trimEnd(), stored.report.trimEnd());
    assert.match(answer.stdout, new RegExp(stored.error.code));
  });

  test("pause → pending → approve → completed, with the exit codes", T, async () => {
    const instance = newInstance();
    const run = on(instance);
    const code = 'const note = await notes.createNote({text: "from the CLI"}); return note.id;';

    const paused = await run(["run", "--json"], { input: code });
    assert.equal(paused.code, 3, `a paused run exits 3: ${paused.stderr}`);
    const output = json(paused);
    assert.equal(output.status, "paused");
    const id = output.executionId;
    assert.equal((await service(instance, "execution", id)).status, "paused");

    const pendingJson = await run(["pending", "--json"]);
    assert.equal(pendingJson.code, 0, pendingJson.stderr);
    const expected = await service(instance, "pendingApprovals");
    assert.deepEqual(json(pendingJson), expected);
    assert.equal(expected.length, 1);

    const pendingText = await run(["pending"]);
    assert.equal(pendingText.code, 0);
    const line = pendingText.stdout.trim();
    assert.ok(line.includes(id) && line.includes(`${expected[0].connector}.${expected[0].method}`), line);

    const approved = await run(["approve", id, "--by", "ana", "--reason", "looks right", "--json"]);
    assert.equal(approved.code, 0, approved.stderr);
    const resumed = json(approved);
    const stored = await service(instance, "execution", id);
    assert.equal(resumed.status, "completed");
    assert.equal(stored.status, "completed");
    assert.deepEqual(resumed.result, stored.result);
    assert.deepEqual(
      { by: stored.calls[0].decision.by, reason: stored.calls[0].decision.reason },
      { by: "ana", reason: "looks right" },
    );
    assert.deepEqual(json(await run(["pending", "--json"])), await service(instance, "pendingApprovals"));

    // Approving it again: the service refuses (a 4xx), one line, exit 2.
    const refused = await run(["approve", id]);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /^error [A-Z_]+: [^\n]+\n$/);
    const direct = await rt.fetch(`${base(instance)}/rpc`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ method: "approveExecution", args: [id] }),
    });
    const { error } = await direct.json();
    assert.ok(direct.status >= 400 && direct.status < 500);
    assert.equal(refused.stderr, `error ${error.code}: ${error.message}\n`);
  });

  test("show prints the run; --json is the service's ExecutionState", T, async () => {
    const instance = newInstance();
    const run = on(instance);
    const done = json(await run(["run", "-e", "return await notes.listNotes()", "--json"]));
    const stored = await service(instance, "execution", done.executionId);
    assert.deepEqual(json(await run(["show", done.executionId, "--json"])), stored);
    const shown = await run(["show", done.executionId]);
    assert.equal(shown.code, 0);
    assert.ok(shown.stdout.startsWith(`${stored.id}  ${stored.status}`), shown.stdout);
    for (const call of stored.calls) assert.ok(shown.stdout.includes(`#${call.seq} ${call.connector}.${call.method} ${call.state}`), shown.stdout);
    assert.ok(shown.stdout.includes(stored.report.trimEnd()));
  });

  test("a wrong or missing token: the service's refusal as one line, exit 2", T, async () => {
    const instance = newInstance();
    const refusal = async (headers) => {
      const res = await rt.fetch(`${base(instance)}/rpc`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ method: "executionHistory", args: [] }),
      });
      return { status: res.status, error: (await res.json()).error };
    };
    const wrong = await refusal({ authorization: "Bearer not-the-token" });
    assert.equal(wrong.status, 401);
    const env = { CODEMODE_URL: rt.url, CODEMODE_INSTANCE: instance };

    for (const answer of [
      await cli(["history", "--token", "not-the-token"], { env }),
      await cli(["history"], { env: { ...env, CODEMODE_TOKEN: "not-the-token" } }),
      await cli(["run", "-e", "return 1", "--json", "--token", "not-the-token"], { env }),
    ]) {
      assert.equal(answer.code, 2);
      assert.equal(answer.stdout, "");
      assert.equal(answer.stderr, `error ${wrong.error.code}: ${wrong.error.message}\n`);
    }
    const missing = await refusal({});
    const none = await cli(["pending"], { env });
    assert.equal(none.code, 2);
    assert.equal(none.stderr, `error ${missing.error.code}: ${missing.error.message}\n`);
    assert.deepEqual(await service(instance, "executionHistory"), [], "nothing ran");
  });

  test("an unreachable service: one line UNREACHABLE, exit 5", T, async () => {
    const answer = await cli(["history", "--url", "http://127.0.0.1:9"]);
    assert.equal(answer.code, 5, answer.stderr);
    assert.match(answer.stderr, /^error UNREACHABLE: cannot reach http:\/\/127\.0\.0\.1:9: [^\n]+\n$/);
  });

  test("--progress streams the run's calls and console lines to stderr", T, async () => {
    const instance = newInstance();
    const run = on(instance);
    const code = 'console.log("first line"); const all = await notes.listNotes(); console.log("count", all.length); return all.length;';
    const answer = await run(["run", "--progress"], { input: code });
    assert.equal(answer.code, 0, answer.stderr);
    const [stored] = await service(instance, "executionHistory", 1);
    assert.ok(stored.calls.length > 0);
    const lines = answer.stderr.trimEnd().split("\n");
    for (const call of stored.calls) {
      const name = `#${call.seq} ${call.connector}.${call.method}`;
      assert.ok(lines.includes(`  ${name} started`), answer.stderr);
      assert.ok(lines.some((l) => l.startsWith(`  ${name} ${call.state} (`)), answer.stderr);
    }
    const output = (await service(instance, "executionOutput", stored.id)).text;
    for (const consoleLine of ["first line", "count 0"]) {
      assert.ok(output.includes(consoleLine), output);
      assert.ok(lines.includes(`  | ${consoleLine}`), answer.stderr);
    }
    assert.equal(answer.stdout.trimEnd(), stored.report.trimEnd());
  });
  test("reject: the run ends rejected with the reason; a second reject is the service's answer", T, async () => {
    const instance = newInstance();
    const run = on(instance);
    const paused = json(await run(["run", "-e", 'await notes.createNote({text: "no"})', "--json"]));
    const id = paused.executionId;
    const seq = paused.pending[0].seq;
    const rejected = await run(["reject", id, String(seq), "--by", "bob", "--reason", "say which ticket", "--json"]);
    assert.equal(rejected.code, 0, rejected.stderr);
    assert.equal(json(rejected), true);
    const stored = await service(instance, "execution", id);
    assert.equal(stored.status, "rejected");
    assert.deepEqual(
      { kind: stored.calls[0].decision.kind, by: stored.calls[0].decision.by, reason: stored.calls[0].decision.reason },
      { kind: "rejected", by: "bob", reason: "say which ticket" },
    );
    // Again: the CLI says what the service says (false: nothing was pending → exit 1; a refusal → exit 2).
    const again = await run(["reject", id, String(seq), "--json"]);
    const res = await rt.fetch(`${base(instance)}/rpc`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ method: "rejectExecution", args: [id, seq] }),
    });
    const body = await res.json();
    if (res.ok) {
      assert.equal(body.result, false);
      assert.equal(again.code, 1, again.stderr);
      assert.equal(json(again), false);
    } else {
      assert.equal(again.code, 2);
      assert.equal(again.stderr, `error ${body.error.code}: ${body.error.message}\n`);
    }
  });

  test("a waiting run exits 4; cancel ends it (exit 0), a second cancel changes nothing (exit 1)", T, async () => {
    const instance = newInstance();
    const run = on(instance);
    const waiting = await run(["run", "--json"], { input: "await new Promise((r) => setTimeout(r, 3600000)); return 1" });
    assert.equal(waiting.code, 4, waiting.stderr);
    const output = json(waiting);
    assert.equal(output.status, "waiting");
    assert.equal(output.wakeAt, (await service(instance, "execution", output.executionId)).wakeAt);

    const cancelled = await run(["cancel", output.executionId, "--reason", "not needed", "--json"]);
    assert.equal(cancelled.code, 0, cancelled.stderr);
    assert.deepEqual(json(cancelled), { cancelled: true });
    assert.equal((await service(instance, "execution", output.executionId)).status, "cancelled");
    const again = await run(["cancel", output.executionId]);
    assert.equal(again.code, 1, again.stderr);
    assert.deepEqual(await service(instance, "cancelExecution", output.executionId), { cancelled: false });
  });

  test("rollback undoes an approved note; history lists the runs as the service does", T, async () => {
    const instance = newInstance();
    const run = on(instance);
    const paused = json(await run(["run", "-e", 'return (await notes.createNote({text: "undo me"})).id', "--json"]));
    assert.equal((await run(["approve", paused.executionId])).code, 0);
    assert.equal((await service(instance, "execute", "return (await notes.listNotes()).length")).result, 1);

    const rolled = await run(["rollback", paused.executionId, "--json"]);
    assert.equal(rolled.code, 0, rolled.stderr);
    const outcome = json(rolled);
    assert.equal(outcome.reverted, 1);
    assert.deepEqual(outcome.failed, []);
    assert.equal((await service(instance, "execution", paused.executionId)).status, "rolled_back");
    assert.equal((await service(instance, "execute", "return (await notes.listNotes()).length")).result, 0);

    const history = await service(instance, "executionHistory");
    assert.deepEqual(json(await run(["history", "--json"])), history);
    assert.deepEqual(json(await run(["history", "-n", "1", "--json"])), await service(instance, "executionHistory", 1));
    const text = (await run(["history"])).stdout.trimEnd().split("\n");
    assert.deepEqual(text.map((line) => line.split(/\s+/).slice(0, 2)), history.map((e) => [e.id, e.status]));
  });

  test("search, describe, types and snippets print the service's catalog", T, async () => {
    const instance = newInstance();
    const run = on(instance);

    const found = await service(instance, "search", "note");
    assert.deepEqual(json(await run(["search", "note", "--json"])), found);
    const lines = (await run(["search", "note"])).stdout.trimEnd().split("\n");
    assert.deepEqual(lines.map((l) => l.split(" ")[0]), found.results.map((r) => r.path));

    const method = found.results[0].path;
    const described = await service(instance, "describe", method);
    assert.deepEqual(json(await run(["describe", method, "--json"])), described);
    assert.equal((await run(["describe", method])).stdout, `${described.types}\n`);
    const unknown = await run(["describe", "noSuchThing"]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /^error NOT_FOUND: [^\n]+\n$/);

    // Every connector: those the service's search lists (an empty query lists everything).
    const all = await service(instance, "search", "");
    const connectors = [...new Set(all.results.filter((r) => r.kind === "method").map((r) => r.connector))];
    assert.ok(connectors.length > 0);
    const declarations = await Promise.all(connectors.map((name) => service(instance, "describe", name)));
    assert.deepEqual(json(await run(["types", "--json"])), declarations);
    assert.equal((await run(["types"])).stdout, `${declarations.map((d) => d.types).join("\n\n")}\n`);

    assert.deepEqual(json(await run(["snippets", "--json"])), []);
    const done = await service(instance, "execute", "return 7");
    await service(instance, "saveSnippet", "seven", "Returns seven", done.executionId);
    const snippets = await service(instance, "snippets");
    assert.deepEqual(json(await run(["snippets", "--json"])), snippets);
    assert.ok((await run(["snippets"])).stdout.startsWith(`${snippets[0].name}  ${snippets[0].description}`));
  });
});
