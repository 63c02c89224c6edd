// The model-style corpus (tests/corpus/) against the built Worker: every script run through
// `execute` must give what Node gave (tests/corpus/expected.json, from scripts/corpus-expected.mjs),
// compared as JSON with key order — the same rule as the native tests/corpus.rs. In the Worker,
// locale methods are answered by the platform's own Intl (V8's ICU).

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { REPO_ROOT, newInstance, startRuntime } from "./harness.mjs";

const DIR = path.join(REPO_ROOT, "tests", "corpus");
const expected = JSON.parse(readFileSync(path.join(DIR, "expected.json"), "utf8"));
const scripts = readdirSync(path.join(DIR, "scripts")).filter((n) => n.endsWith(".js")).sort();

/** What a run gave, in the shape of an expected.json entry (as tests/corpus.rs builds it). */
function outcome(answer) {
  if (answer.body?.error) return { error: answer.body.error.message, code: answer.body.error.code };
  const out = answer.body.result;
  if (out.status === "completed") return { value: out.result };
  if (out.status === "error") return { error: out.error.message, code: out.error.code };
  return { [out.status]: true };
}

function matches(want, got) {
  if ("value" in want) return "value" in got && JSON.stringify(got.value) === JSON.stringify(want.value);
  return typeof got.error === "string" && got.error.startsWith(want.error);
}

describe("the corpus in the built Worker", () => {
  let rt;
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    await rt?.dispose();
  });

  test(`all ${scripts.length} scripts give what Node gives`, async () => {
    assert.ok(scripts.length >= 160, `only ${scripts.length} scripts`);
    const instance = newInstance();
    const mismatches = [];
    for (const name of scripts) {
      const code = readFileSync(path.join(DIR, "scripts", name), "utf8");
      const got = outcome(await rt.rpc(instance, "execute", code));
      if (!matches(expected[name], got)) {
        mismatches.push(`${name}\n  node: ${JSON.stringify(expected[name])}\n  got:  ${JSON.stringify(got)}`);
      }
    }
    assert.deepEqual(mismatches, [], `${mismatches.length} of ${scripts.length} differ:\n${mismatches.join("\n")}`);
  });
});
