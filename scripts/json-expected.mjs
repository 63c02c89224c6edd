#!/usr/bin/env node
// Regenerates tests/json/stringify_expected.json: what Node (V8) gives for every case of
// tests/json/stringify_cases.js (a JSON.stringify call each). Run it after changing the cases:
//
//   node scripts/json-expected.mjs
//
// Each entry is `{"name": ..., "ok": <the string returned>}` or `{"name": ..., "threw": <error
// name>}`. tests/json_stringify.rs runs the same cases in the sandbox and compares.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CASES = path.join(ROOT, "tests/json/stringify_cases.js");
const EXPECTED = path.join(ROOT, "tests/json/stringify_expected.json");

const cases = (0, eval)(fs.readFileSync(CASES, "utf8"));
const seen = new Set();
const entries = cases.map(([name, f]) => {
  if (seen.has(name)) throw new Error(`duplicate case ${JSON.stringify(name)}`);
  seen.add(name);
  try {
    const value = f();
    if (typeof value !== "string") throw new Error(`case ${name} returned ${typeof value}`);
    return { name, ok: value };
  } catch (e) {
    if (e instanceof Error && e.message.startsWith("case ")) throw e;
    return { name, threw: e.name };
  }
});
const lines = entries.map((e) => "  " + JSON.stringify(e));
fs.writeFileSync(EXPECTED, `[\n${lines.join(",\n")}\n]\n`);
const threw = entries.filter((e) => "threw" in e).length;
console.log(`${EXPECTED}: ${entries.length} cases (${threw} throw), Node ${process.version}`);
