// The upgrade test's changed sandbox (tests/integration/upgrade.test.mjs), made from the built
// Worker instead of a second build: `node scripts/upgrade-probe.mjs [from] [to]` (default build/
// → build-upgrade/) copies the Worker and, in the copy's wasm, writes the probe statement over
// the slot every build puts before the prelude (scripts/upgrade-probe.txt: line 1 the slot,
// line 2 the statement, padded with spaces to the slot's length) and gives the engine
// fingerprint another hash of the same length — what a deploy that changes the sandbox brings:
// one more global (`upgradeProbe`) and another fingerprint. Fails unless the slot is found
// exactly once and the fingerprint is one value.

import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const [from = "build", to = "build-upgrade"] = process.argv.slice(2).map((dir) => path.resolve(root, dir));
const [slot, statement] = readFileSync(path.join(root, "scripts", "upgrade-probe.txt"), "utf8").split("\n");
if (!slot || !statement || statement.length > slot.length) {
  throw new Error("scripts/upgrade-probe.txt: line 1 is the slot, line 2 a statement no longer than it");
}

// The prelude starts with its function expression, right after the slot (build.rs).
const PRELUDE_START = "(function (host) {";

/** Every index of `needle` in `haystack` (both latin1 text: one character a byte). */
function indexes(haystack, needle) {
  const found = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
const wasmPath = path.join(to, "index_bg.wasm");
const wasm = readFileSync(wasmPath);
const bytes = wasm.toString("latin1");

const slots = indexes(bytes, slot + PRELUDE_START);
if (slots.length !== 1) throw new Error(`${wasmPath}: the prelude's slot is there ${slots.length} times, not once (was build.rs changed?)`);
wasm.write(statement.padEnd(slot.length, " "), slots[0], "latin1");

// `boa-<version>-s<semantics>-<16 hex digits>` (build.rs); the runtime only compares it.
const fingerprints = new Set(bytes.match(/boa-[0-9A-Za-z.+]+-s[0-9A-Za-z.]+-[0-9a-f]{16}/g) ?? []);
if (fingerprints.size !== 1) throw new Error(`${wasmPath}: expected one engine fingerprint, found ${JSON.stringify([...fingerprints])}`);
const [fingerprint] = fingerprints;
const hash = fingerprint.slice(-16);
// Each hex digit moved by one: another hash of the same length, never the same one.
const changed = fingerprint.slice(0, -16) + [...hash].map((digit) => ((parseInt(digit, 16) + 1) % 16).toString(16)).join("");
for (const at of indexes(bytes, fingerprint)) wasm.write(changed, at, "latin1");

writeFileSync(wasmPath, wasm);
console.log(`upgrade-probe: ${path.relative(root, to)}/ is ${path.relative(root, from)}/ with \`${statement}\` before the prelude and fingerprint ${changed} (was ${fingerprint})`);
