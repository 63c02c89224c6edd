// Paused runs across a deploy that changes the sandbox (issue 13). `npm test` runs two Workers:
// build/ as shipped, and build-upgrade/, its copy with one more prelude global (`upgradeProbe`)
// and another engine fingerprint (scripts/upgrade-probe.mjs patches them in). Runs paused under the first
// are approved under the second, on the same storage: verified by replay, they complete with each
// call run once; a run whose replay really differs fails REPLAY_DIVERGED; with
// CODEMODE_ON_UPGRADE=refuse they fail REPLAY_INCOMPATIBLE.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";
import { REPO_ROOT, newInstance, persistedRuntime } from "./harness.mjs";

const UPGRADED = "build-upgrade/index.js";

const SCRIPTS = {
  plain: "const n = await notes.createNote({text: 'plain'}); return n.text",
  randomAndTime:
    "const r = Math.random(); const t = Date.now(); const before = await notes.listNotes(); " +
    "const n = await notes.createNote({text: `r=${r} t=${t}`}); return {r, t, text: n.text, before: before.length}",
  snippet:
    "const s = await codemode.run('countNotes', {}); const n = await notes.createNote({text: `after ${s}`}); return n.text",
  // Takes another path when the sandbox has the new global: the approved call's text differs.
  probing: "const n = await notes.createNote({text: `probe: ${typeof upgradeProbe}`}); return n.text",
  refused: "await notes.listNotes(); const n = await notes.createNote({text: 'refused'}); return n.text",
};

describe("paused runs across a deploy that changes the sandbox", () => {
  const storage = persistedRuntime("upgrade");
  const instance = newInstance();
  const paused = {};

  before(() => {
    assert.ok(existsSync(path.join(REPO_ROOT, UPGRADED)), `${UPGRADED} is missing: npm test builds it`);
  });

  test("under the shipped sandbox: pause five runs", async () => {
    const rt = await storage.start();
    const counted = await rt.call(instance, "execute", "return (await notes.listNotes()).length");
    await rt.call(instance, "saveSnippet", "countNotes", "counts notes", counted.executionId);
    for (const [name, code] of Object.entries(SCRIPTS)) {
      const out = await rt.call(instance, "execute", code);
      assert.equal(out.status, "paused", `${name}: ${JSON.stringify(out)}`);
      paused[name] = out;
    }
    assert.equal(paused.probing.pending[0].args.text, "probe: undefined");
    await storage.stop();
  });

  test("under the changed sandbox: verified replays complete, each call once", async () => {
    const rt = await storage.start({ entry: UPGRADED });
    const probe = await rt.call(instance, "execute", "return typeof upgradeProbe");
    assert.equal(probe.result, "number", "this is the changed sandbox");

    const plain = await rt.call(instance, "approveExecution", paused.plain.executionId);
    assert.equal(plain.status, "completed", JSON.stringify(plain));
    assert.equal(plain.result, "plain");

    const timed = await rt.call(instance, "approveExecution", paused.randomAndTime.executionId);
    assert.equal(timed.status, "completed", JSON.stringify(timed));
    const shown = paused.randomAndTime.pending[0].args.text;
    assert.equal(timed.result.text, shown, "Math.random() and Date.now() replayed as recorded");
    assert.equal(`r=${timed.result.r} t=${timed.result.t}`, shown);

    const snippet = await rt.call(instance, "approveExecution", paused.snippet.executionId);
    assert.equal(snippet.status, "completed", JSON.stringify(snippet));
    assert.equal(snippet.result, "after 0");

    for (const out of [plain, timed, snippet]) {
      const created = out.calls.filter((c) => c.method === "createNote");
      assert.equal(created.length, 1);
      assert.equal(created[0].state, "applied");
    }
    const notes = await rt.call(instance, "execute", "return (await notes.listNotes()).map(n => n.text)");
    assert.deepEqual(notes.result.sort(), ["after 0", "plain", shown].sort(), "each approved note exists once");
  });

  test("under the changed sandbox: a replay that really differs fails REPLAY_DIVERGED, running nothing", async () => {
    const { rt } = storage;
    const out = await rt.call(instance, "approveExecution", paused.probing.executionId);
    assert.equal(out.status, "error");
    assert.equal(out.error.code, "REPLAY_DIVERGED", JSON.stringify(out.error));
    const notes = await rt.call(instance, "execute", "return (await notes.listNotes()).map(n => n.text)");
    assert.ok(!notes.result.some((t) => t.startsWith("probe")), JSON.stringify(notes.result));
  });

  test("with CODEMODE_ON_UPGRADE=refuse: REPLAY_INCOMPATIBLE", async () => {
    const rt = await storage.start({ entry: UPGRADED, bindings: { CODEMODE_ON_UPGRADE: "refuse" } });
    const out = await rt.call(instance, "approveExecution", paused.refused.executionId);
    assert.equal(out.status, "error");
    assert.equal(out.error.code, "REPLAY_INCOMPATIBLE", JSON.stringify(out.error));
    const fresh = await rt.call(instance, "execute", "return 1");
    assert.equal(fresh.status, "completed", "new runs are not affected");
  });
});
