#!/usr/bin/env node
// Regenerates tests/regex/expected.json: what Node gives for every case of
// tests/regex/cases.json, evaluated by tests/regex/evaluate.js (the same function the sandbox
// runs in tests/regex.rs). Run it after changing the cases:
//
//   node scripts/regex-expected.mjs
//
// Each entry is `{"name": ..., "value": <the result as JSON>}` or `{"name": ..., "error":
// "<error name>"}`, in the order of cases.json.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIR = path.join(ROOT, "tests/regex");
const cases = JSON.parse(fs.readFileSync(path.join(DIR, "cases.json"), "utf8"));
const evaluate = vm.runInThisContext(fs.readFileSync(path.join(DIR, "evaluate.js"), "utf8"));

const names = new Set();
const entries = cases.map((c) => {
  if (names.has(c.name)) throw new Error(`duplicate case ${c.name}`);
  names.add(c.name);
  try {
    // Through JSON, as the sandbox returns it (undefined → null).
    return { name: c.name, value: JSON.parse(JSON.stringify(evaluate(c))) };
  } catch (e) {
    return { name: c.name, error: e.name };
  }
});
const lines = entries.map((e) => "  " + JSON.stringify(e));
fs.writeFileSync(path.join(DIR, "expected.json"), `[\n${lines.join(",\n")}\n]\n`);
console.log(`tests/regex/expected.json: ${entries.length} cases, Node ${process.version}`);
