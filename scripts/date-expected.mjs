#!/usr/bin/env node
// Regenerates tests/dates/expected.json: what Node (V8) gives for `Date.parse(s)` for every
// string of tests/dates/inputs.json, with TZ=UTC (the sandbox's time zone). Run it after
// changing the inputs:
//
//   node scripts/date-expected.mjs
//
// The parsing runs in a child process started with TZ=UTC, whatever this shell's TZ is. Each
// entry is `{"input": s, "expected": <epoch milliseconds, or null for NaN (Invalid Date)>}`.
// tests/dates.rs parses the same strings in the sandbox and compares.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const INPUTS = path.join(ROOT, "tests/dates/inputs.json");
const EXPECTED = path.join(ROOT, "tests/dates/expected.json");

const child = `
  const inputs = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
  const out = inputs.map((input) => {
    const t = Date.parse(input);
    if (t !== new Date(input).getTime() && !(Number.isNaN(t) && Number.isNaN(new Date(input).getTime()))) {
      throw new Error("Date.parse and new Date disagree on " + JSON.stringify(input));
    }
    return { input, expected: Number.isNaN(t) ? null : t };
  });
  process.stdout.write(JSON.stringify(out));
`;
const inputs = fs.readFileSync(INPUTS, "utf8");
const result = spawnSync(process.execPath, ["-e", child], {
  input: inputs,
  env: { ...process.env, TZ: "UTC" },
  encoding: "utf8",
});
if (result.status !== 0) {
  process.stderr.write(result.stderr);
  process.exit(1);
}
const entries = JSON.parse(result.stdout);
const seen = new Set();
for (const { input } of entries) {
  if (seen.has(input)) throw new Error(`duplicate input ${JSON.stringify(input)}`);
  seen.add(input);
}
const lines = entries.map((e) => "  " + JSON.stringify(e));
fs.writeFileSync(EXPECTED, `[\n${lines.join(",\n")}\n]\n`);
const valid = entries.filter((e) => e.expected !== null).length;
console.log(`${EXPECTED}: ${entries.length} strings (${valid} dates, ${entries.length - valid} invalid), Node ${process.version}`);
