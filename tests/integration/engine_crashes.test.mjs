// The scripts that panicked the engine or overflowed its native stack (issue 24), in the built
// Worker: tests/engine_crash_rows.json, the table tests/engine_crashes.rs runs natively. In the
// Worker a panic or a stack overflow traps the wasm instance and fails every conversation on it;
// here each row must end as an ordinary run (V8's value, its RangeError or a coded refusal), and
// the same object must answer a plain script after every row.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { REPO_ROOT, newInstance, outcomeLine, startRuntime } from "./harness.mjs";

const rows = JSON.parse(readFileSync(path.join(REPO_ROOT, "tests", "engine_crash_rows.json"), "utf8"));

describe("scripts that crashed the engine, in the built Worker", () => {
  let rt;
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    await rt?.dispose();
  });

  test(`all ${rows.length} rows end as ordinary runs and the object keeps serving`, async () => {
    assert.ok(rows.length >= 20, `only ${rows.length} rows`);
    const instance = newInstance();
    const problems = [];
    for (const row of rows) {
      const code = row.code + (row.repeat ? row.repeat[0].repeat(row.repeat[1]) : "");
      const got = outcomeLine(await rt.rpc(instance, "execute", code));
      if (!got.startsWith(row.expect)) {
        problems.push(`${code.slice(0, 160)}\n  expected ${row.expect}…\n  got      ${got.slice(0, 300)}`);
      }
      const after = outcomeLine(await rt.rpc(instance, "execute", "return 6 * 7"));
      if (after !== "value 42") problems.push(`after ${code.slice(0, 80)}: the object answered ${after}`);
    }
    assert.deepEqual(problems, [], problems.join("\n"));
  });
});
