// Storage limits and schema upgrades against the real Durable Object SQLite (issue 13): values
// inside the documented limits but over SQLite's ~2 MB row limit complete with a coded outcome
// (never HTTP 500, never left `running`), and a database written with the previous schema (2) opens
// with this code (schema 3) with nothing lost.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Miniflare } from "miniflare";
import { COMPATIBILITY_DATE, BINDING, CLASS_NAME, newInstance, persistedRuntime, startRuntime } from "./harness.mjs";

describe("values over SQLite's row limit, inside the runtime's limits", () => {
  let rt;
  const instance = newInstance();
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    await rt?.dispose();
  });

  const cases = [
    {
      // The reference's own case: the caller gets the value whole, the stored copy a placeholder.
      name: "a returned string of 1.1M characters: whole in the answer, a placeholder stored",
      code: "return 'y'.repeat(1_100_000)",
      check: (out) => {
        assert.equal(out.status, "completed");
        assert.equal(out.result.length, 1_100_000);
        assert.match(out.report, /\[The result is 1100002 bytes of JSON: the stored execution keeps a placeholder/);
      },
      stored: (result) =>
        assert.match(result, /^\[result omitted from the stored execution: it was 1100002 bytes of JSON, over the 1048576/),
    },
    {
      name: "text() of 2.1M characters is kept whole",
      code: "text('t'.repeat(2_100_000)); return 'ok'",
      check: (out) => assert.equal(out.status, "completed"),
      output: 2_100_000,
    },
    {
      name: "2.5M characters of console.log are kept whole",
      code: "for (let i = 0; i < 2500; i++) console.log('c'.repeat(999)); return 'ok'",
      check: (out) => assert.equal(out.status, "completed"),
      output: 2_500_000,
    },
    {
      name: "a returned value just under the kept limit is kept whole",
      code: "return 'u'.repeat(1_000_000)",
      check: (out) => {
        assert.equal(out.status, "completed");
        assert.equal(out.result.length, 1_000_000);
      },
    },
  ];

  for (const c of cases) {
    test(c.name, async () => {
      const answer = await rt.rpc(instance, "execute", c.code);
      assert.equal(answer.status, 200, `HTTP ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      const out = answer.body.result;
      c.check(out);
      // Stored as answered (or as its placeholder), and not left `running` for the alarm to repeat.
      const state = await rt.call(instance, "execution", out.executionId);
      assert.equal(state.status, out.status);
      if (c.stored) c.stored(state.result);
      else assert.deepEqual(state.result, out.result);
      if (c.output) {
        const full = await rt.call(instance, "executionOutput", out.executionId);
        assert.ok(full.text.length >= c.output, `executionOutput kept ${full.text.length} characters`);
      }
    });
  }

  test("the object keeps serving afterwards", async () => {
    const out = await rt.call(instance, "execute", "return (await notes.listNotes()).length");
    assert.equal(out.status, "completed");
    const history = await rt.call(instance, "executionHistory", 10);
    assert.ok(history.length >= cases.length + 1);
    assert.ok(history.every((h) => h.status !== "running"), JSON.stringify(history.map((h) => h.status)));
  });
});

// Calls that finish together are journaled in one statement (a multi-row INSERT): a paused run's
// replay reads them back, each in its place, and runs none of them again.
describe("calls journaled together", () => {
  let rt;
  const instance = newInstance();
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    await rt?.dispose();
  });

  test("40 calls in Promise.all, then a pause: the approval replays all 40 from the journal", async () => {
    const code =
      "const lists = await Promise.all(Array.from({ length: 40 }, (_, i) => notes.listNotes().then((l) => i)));" +
      "const n = await notes.createNote({ text: `after ${lists.length}` });" +
      "return { order: lists.join(','), text: n.text }";
    const paused = await rt.call(instance, "execute", code);
    assert.equal(paused.status, "paused", JSON.stringify(paused).slice(0, 300));
    const state = await rt.call(instance, "execution", paused.executionId);
    const listed = state.calls.filter((c) => c.method === "listNotes");
    assert.equal(listed.length, 40);
    assert.ok(listed.every((c) => c.state === "applied"), JSON.stringify(listed.map((c) => c.state)));
    const done = await rt.call(instance, "approveExecution", paused.executionId);
    assert.equal(done.status, "completed", JSON.stringify(done).slice(0, 300));
    assert.deepEqual(done.result, { order: Array.from({ length: 40 }, (_, i) => i).join(","), text: "after 40" });
    const replayed = await rt.call(instance, "execution", paused.executionId);
    assert.equal(replayed.calls.filter((c) => c.method === "listNotes").length, 40, "no call ran twice");
  });
});

// A Worker with the same name, binding and class as the runtime: it rewrites the object's tables
// to the previous schema (version 2: no `parts`, `updated_at` columns, no `parts` table), with the
// DDL that version shipped, keeping every row.
const DOWNGRADE_TO_SCHEMA_2 = `
export class ${CLASS_NAME} {
  constructor(ctx) { this.sql = ctx.storage.sql; }
  async fetch() {
    const run = (q) => this.sql.exec(q).toArray();
    const big = run("SELECT count(*) AS n FROM executions WHERE parts > 1")[0].n;
    run("CREATE TABLE executions_v2 (id TEXT PRIMARY KEY, status TEXT NOT NULL, created_at INTEGER NOT NULL, data TEXT NOT NULL)");
    run("INSERT INTO executions_v2 SELECT id, status, created_at, data FROM executions ORDER BY rowid");
    run("DROP TABLE executions");
    run("ALTER TABLE executions_v2 RENAME TO executions");
    run("CREATE INDEX IF NOT EXISTS executions_by_created ON executions (created_at)");
    run("CREATE INDEX IF NOT EXISTS executions_by_status ON executions (status)");
    run("CREATE TABLE journal_v2 (execution_id TEXT NOT NULL, seq INTEGER NOT NULL, delivery INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (execution_id, seq))");
    run("INSERT INTO journal_v2 SELECT execution_id, seq, delivery, data FROM journal");
    run("DROP TABLE journal");
    run("ALTER TABLE journal_v2 RENAME TO journal");
    run("DROP TABLE parts");
    run("UPDATE meta SET value = '2' WHERE key = 'schema_version'");
    const columns = run("PRAGMA table_info(executions)").map((c) => c.name);
    const tables = run("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map((t) => t.name);
    const version = run("SELECT value FROM meta WHERE key = 'schema_version'")[0].value;
    return Response.json({ big, columns, tables, version });
  }
}
export default {
  async fetch(request, env) {
    const instance = new URL(request.url).searchParams.get("instance");
    return env.${BINDING}.get(env.${BINDING}.idFromName(instance)).fetch(request);
  },
};`;

// Every table's columns and every index of one object's storage, as SQLite describes them.
const DUMP_SCHEMA = `
export class ${CLASS_NAME} {
  constructor(ctx) { this.sql = ctx.storage.sql; }
  async fetch() {
    const run = (q) => this.sql.exec(q).toArray();
    const tables = run("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map((t) => t.name).filter((name) => !name.startsWith("_") && !name.startsWith("sqlite"));
    const schema = {};
    for (const table of tables) {
      schema[table] = run(\`PRAGMA table_info(\${table})\`).map((c) => [c.cid, c.name, c.type, c.notnull, c.dflt_value, c.pk]);
    }
    const indexes = run("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").map((i) => [i.name, i.tbl_name]);
    const version = run("SELECT value FROM meta WHERE key = 'schema_version'")[0].value;
    return Response.json({ schema, indexes, version });
  }
}
export default {
  async fetch(request, env) {
    const instance = new URL(request.url).searchParams.get("instance");
    return env.${BINDING}.get(env.${BINDING}.idFromName(instance)).fetch(request);
  },
};`;

/** Runs `script` (a Worker of the test's own, with the object class) once on `instance`'s storage. */
async function runOwnWorker(script, persistDir, instance) {
  const mf = new Miniflare({
    name: "codemode-runtime",
    modules: true,
    script,
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: { [BINDING]: { className: CLASS_NAME, useSQLite: true } },
    durableObjectsPersist: persistDir,
  });
  try {
    const res = await mf.dispatchFetch(`http://localhost/?instance=${encodeURIComponent(instance)}`);
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    return body;
  } finally {
    await mf.dispose();
  }
}

describe("a database written with schema 2 opens with the current schema (4)", () => {
  const storage = persistedRuntime("schema");
  const instance = newInstance();
  const before_ = {};

  test("write: a paused run, a completed one, a snippet, a stored value, a note", async () => {
    const rt = await storage.start();
    const done = await rt.call(instance, "execute", "store('greeting', {text: 'hi', n: 2}); return 41 + 1");
    assert.equal(done.status, "completed");
    await rt.call(instance, "saveSnippet", "answer", "returns 42", done.executionId);
    const paused = await rt.call(instance, "execute", "const n = await notes.createNote({text: 'kept across the upgrade'}); return n.text");
    assert.equal(paused.status, "paused");
    Object.assign(before_, { done, paused, history: await rt.call(instance, "executionHistory", 10) });
    await storage.stop();
  });

  test("rewrite the tables as schema 2 wrote them", async () => {
    const body = await runOwnWorker(DOWNGRADE_TO_SCHEMA_2, storage.persistDir, instance);
    assert.equal(body.version, "2");
    assert.equal(body.big, 0, "every record fit one row, as schema 2 needs");
    assert.deepEqual(body.columns, ["id", "status", "created_at", "data"]);
    assert.ok(!body.tables.includes("parts"), JSON.stringify(body.tables));
  });

  test("open with this code: nothing is lost, the paused run completes", async () => {
    const rt = await storage.start();
    const history = await rt.call(instance, "executionHistory", 10);
    assert.deepEqual(
      history.map((h) => [h.id, h.status]),
      before_.history.map((h) => [h.id, h.status]),
    );
    const done = await rt.call(instance, "execution", before_.done.executionId);
    assert.equal(done.result, 42);
    const snippets = await rt.call(instance, "snippets");
    assert.deepEqual(snippets.map((s) => s.name), ["answer"]);
    const pending = await rt.call(instance, "pendingApprovals");
    assert.deepEqual(pending.map((p) => p.executionId), [before_.paused.executionId]);

    const approved = await rt.call(instance, "approveExecution", before_.paused.executionId);
    assert.equal(approved.status, "completed", JSON.stringify(approved));
    assert.equal(approved.result, "kept across the upgrade");
    const reads = await rt.call(instance, "execute", "return [load('greeting'), await codemode.run('answer', {}), (await notes.listNotes()).map(n => n.text)]");
    assert.deepEqual(reads.result, [{ text: "hi", n: 2 }, 42, ["kept across the upgrade"]]);
    // The upgraded schema stores what schema 2 could not: a record over one row.
    const big = await rt.call(instance, "execute", "text('b'.repeat(2_200_000)); return 'big'");
    assert.equal(big.status, "completed");
    assert.equal((await rt.call(instance, "executionOutput", big.executionId)).text.length >= 2_200_000, true);
    // A new object's storage (all the migrations from an empty one), for the next test.
    await rt.call(fresh, "execute", "return 1");
    await storage.stop();
  });

  const fresh = newInstance();
  test("the upgraded schema is the one a new object is created with", async () => {
    const migrated = await runOwnWorker(DUMP_SCHEMA, storage.persistDir, instance);
    const created = await runOwnWorker(DUMP_SCHEMA, storage.persistDir, fresh);
    assert.equal(created.version, "4");
    assert.deepEqual(created, migrated);
    assert.deepEqual(Object.keys(created.schema), ["executions", "images", "journal", "kv", "meta", "notes", "parts", "snippets"]);
  });
});
