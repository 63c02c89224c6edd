// The error corpus (tests/errors/) against the built Worker: every script fails with the text the
// Workers runtime gives (Node's where they agree) and on the line Node names — the same rule and
// the same list of known differences as the native tests/error_messages.rs.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { REPO_ROOT, newInstance, startRuntime } from "./harness.mjs";

const DIR = path.join(REPO_ROOT, "tests", "errors");
const { rows } = JSON.parse(readFileSync(path.join(DIR, "expected.json"), "utf8"));
const known = JSON.parse(readFileSync(path.join(DIR, "known_differences.json"), "utf8"));

/** `[text, line]` of a run's error, as tests/error_messages.rs reads it. */
function ours(answer) {
  const out = answer.body?.result;
  if (out?.status !== "error") return [`did not fail: ${JSON.stringify(answer.body).slice(0, 200)}`, null];
  const text = out.error.message.split(". The sandbox's globals are: ")[0];
  const at = text.lastIndexOf(" (line ");
  if (at < 0) return [text, null];
  return [text.slice(0, at), Number(text.slice(at + 7, -1))];
}

describe("the error corpus in the built Worker", () => {
  let rt;
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    await rt?.dispose();
  });

  test(`all ${rows.length} scripts fail as V8 words it, on its line`, async () => {
    assert.ok(rows.length >= 150, `only ${rows.length} scripts`);
    const instance = newInstance();
    const problems = [];
    for (const row of rows) {
      const want = row.workers ?? row.node.error;
      const [got, line] = ours(await rt.rpc(instance, "execute", row.code));
      const same = got === want && (row.node.line === null || line === row.node.line);
      if (same === (row.code in known)) {
        problems.push(`${row.code}\n  V8:   ${want} (line ${row.node.line})\n  ours: ${got} (line ${line})${same ? "  [listed as a known difference]" : ""}`);
      }
    }
    assert.deepEqual(problems, [], `${problems.length} differ from the expected or the list:\n${problems.join("\n")}`);
  });
});
