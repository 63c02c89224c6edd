// The locale table (tests/locale/expected.json, written by `node scripts/locale-expected.mjs`)
// against the built Worker: every row is evaluated in the sandbox by tests/locale/evaluate.js and
// must give exactly what the platform's own Intl gives — Node's answer, or, on the few rows where
// workerd's newer V8/ICU differs from Node 20's, workerd's (the row's "workerd" answer, produced by
// the same script in a plain Worker). Errors must match in kind and message. Also: the sandbox's
// defaults (en-US, UTC), `Date.now()` behind `format()`, and that the host function stays out of
// reach.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { REPO_ROOT, newInstance, startRuntime } from "./harness.mjs";

const T = { timeout: 300_000 };
const TABLE = JSON.parse(readFileSync(path.join(REPO_ROOT, "tests/locale/expected.json"), "utf8")).rows;
const EVALUATE = readFileSync(path.join(REPO_ROOT, "tests/locale/evaluate.js"), "utf8");
const BATCH = 60;

describe("locale support in the Worker (the platform's Intl)", () => {
  let rt;
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    await rt?.dispose();
  });

  /** Runs `code` in a fresh instance; returns the completed result. */
  async function run(code) {
    const out = await rt.call(newInstance(), "execute", code);
    assert.equal(out.status, "completed", JSON.stringify(out.error ?? out));
    return out.result;
  }

  test(`all ${TABLE.length} rows of the locale table match`, T, async () => {
    const differ = [];
    let nodeRows = 0;
    for (let start = 0; start < TABLE.length; start += BATCH) {
      const chunk = TABLE.slice(start, start + BATCH);
      const inputs = chunk.map(({ expected, workerd, ...row }) => row);
      const answers = await run(`const evaluate = ${EVALUATE};\nreturn ${JSON.stringify(inputs)}.map((row) => evaluate(row));`);
      chunk.forEach((row, i) => {
        const want = row.workerd ?? row.expected;
        if (!row.workerd) nodeRows++;
        if (JSON.stringify(answers[i]) !== JSON.stringify(want)) differ.push({ row: inputs[i], want, got: answers[i] });
      });
    }
    console.log(`locale table in the Worker: ${TABLE.length - differ.length} of ${TABLE.length} rows match (${nodeRows} rows where workerd and Node agree)`);
    assert.deepEqual(differ, []);
  });

  test("defaults are en-US and UTC; format() without a date reads the virtual clock", T, async () => {
    const result = await run(`
      const dtf = new Intl.DateTimeFormat();
      const options = dtf.resolvedOptions();
      return [options.locale, options.timeZone, dtf.format() === dtf.format(Date.now()), new Intl.NumberFormat().resolvedOptions().locale];`);
    assert.deepEqual(result, ["en-US", "UTC", true, "en-US"]);
  });

  test("the host function is not reachable from scripts", T, async () => {
    const result = await run(`
      const nf = new Intl.NumberFormat("de-DE");
      const seen = [];
      for (const target of [Intl, Intl.NumberFormat, Intl.NumberFormat.prototype, nf, globalThis]) {
        for (const key of Reflect.ownKeys(target)) if (String(key).includes("host")) seen.push(String(key));
      }
      const format = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, "format").get;
      return [seen, typeof globalThis.host, String(format).includes("[native code]") || String(format).length > 0, nf.format(1234.5)];`);
    assert.deepEqual(result.slice(0, 2), [[], "undefined"]);
    assert.equal(result[3], new Intl.NumberFormat("de-DE").format(1234.5));
  });
});
