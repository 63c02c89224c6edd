// Durability across a restart: a paused run persisted by one Miniflare is still pending in a new
// Miniflare on the same persistence folder, and approving it there writes the note exactly once.

import assert from "node:assert/strict";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { assertMatches, newInstance, startRuntime } from "./harness.mjs";

const CREATE = 'const n = await notes.createNote({text: "hello"}); return n.text;';

let persistDir;
let rt;

after(async () => {
  await rt?.dispose();
  if (persistDir) await rm(persistDir, { recursive: true, force: true });
});

test("a paused execution survives a restart and can be approved", { timeout: 120_000 }, async () => {
  persistDir = await mkdtemp(path.join(tmpdir(), "codemode-restart-"));
  const i = newInstance();

  rt = await startRuntime({ persistDir });
  const paused = await rt.call(i, "execute", CREATE);
  assert.equal(paused.status, "paused", JSON.stringify(paused));
  const id = paused.executionId;
  const pending = { executionId: id, seq: 0, connector: "notes", method: "createNote", args: { text: "hello" } };
  await rt.dispose();
  rt = undefined;
  assert.ok((await readdir(persistDir)).length > 0, "nothing was persisted");

  rt = await startRuntime({ persistDir });
  assertMatches(await rt.call(i, "pendingApprovals"), [pending]);
  assert.equal((await rt.call(i, "execution", id)).status, "paused");

  const done = await rt.call(i, "approveExecution", id);
  assertMatches(done, { status: "completed", executionId: id, result: "hello" });

  const list = await rt.call(i, "execute", "return await notes.listNotes()");
  assert.equal(list.status, "completed", JSON.stringify(list));
  assert.deepEqual(list.result.map((n) => n.text), ["hello"]);
  assert.deepEqual(await rt.call(i, "pendingApprovals"), []);

  // A second restart sees the completed run and still exactly one note.
  await rt.dispose();
  rt = undefined;
  rt = await startRuntime({ persistDir });
  assertMatches(await rt.call(i, "execution", id), { status: "completed", result: "hello" });
  const again = await rt.call(i, "execute", "return await notes.listNotes()");
  assert.deepEqual(again.result.map((n) => n.text), ["hello"]);
});
