#!/usr/bin/env node
// Regenerates tests/errors/expected.json: the error every script of tests/errors/scripts.txt
// fails with, as `String(error)`, in Node (with the script line it names) and in the Workers
// runtime (workerd, through Miniflare). Where the two word it differently, the Workers runtime is
// what the sandbox must say, and the row keeps both. Run it after adding or changing a script:
//
//   node scripts/errors-expected.mjs
//
// Each script runs as the body of an async function, as the sandbox runs it, with TZ=UTC. A
// script that does not fail stops the generation (the corpus is of errors). A script that does
// not parse is not sent to workerd (a module with it would not load): Node's text stands.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SCRIPTS = path.join(ROOT, "tests/errors/scripts.txt");
const EXPECTED = path.join(ROOT, "tests/errors/expected.json");

/** The scripts of scripts.txt: blocks separated by "----" lines, comment lines at the top skipped. */
export function readScripts(text) {
  const body = text.split("\n").filter((line, i, all) => !(line.startsWith("# ") && all.slice(0, i).every((l) => l.startsWith("# "))));
  return body
    .join("\n")
    .split(/^----$/m)
    .map((block) => block.replace(/^\n/, "").replace(/\n$/, ""))
    .filter((block) => block.trim() !== "");
}

/** The first `script.js:L:C` frame's line, counted from the script's first line. */
function lineOf(stack) {
  const match = /script\.js:(\d+):\d+/.exec(stack ?? "");
  return match ? Number(match[1]) - 1 : null;
}

async function runOne(code) {
  try {
    const value = await vm.runInThisContext(`(async () => {\n${code}\n})()`, { filename: "script.js" });
    throw new Error(`the script did not fail (it returned ${String(value)}):\n${code}`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("the script did not fail")) throw error;
    return { error: String(error), line: error instanceof Error ? lineOf(error.stack) : null };
  }
}

if (process.env.TZ !== "UTC") {
  const { spawnSync } = await import("node:child_process");
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { stdio: "inherit", env: { ...process.env, TZ: "UTC" } });
  process.exit(child.status ?? 1);
}

/** `String(error)` of every script in workerd; `null` for the scripts not sent (they do not parse). */
async function inWorkerd(codes) {
  const { Miniflare } = await import("miniflare");
  const parses = (code) => {
    try {
      new vm.Script(`(async () => {\n${code}\n})`);
      return true;
    } catch {
      return false;
    }
  };
  const sent = codes.map(parses);
  const functions = codes.map((code, i) => (sent[i] ? `async () => {\n${code}\n}` : "null")).join(",\n");
  const script = `const scripts = [\n${functions}\n];
export default { async fetch() {
  const out = [];
  for (const run of scripts) {
    if (run === null) { out.push(null); continue; }
    try { await run(); out.push("did not fail"); } catch (error) { out.push(String(error)); }
  }
  return Response.json(out);
} };`;
  const mf = new Miniflare({ modules: true, script, compatibilityDate: "2026-04-01" });
  try {
    return await (await mf.dispatchFetch("http://localhost/")).json();
  } finally {
    await mf.dispose();
  }
}

const codes = readScripts(fs.readFileSync(SCRIPTS, "utf8"));
const workers = await inWorkerd(codes);
const rows = [];
for (const [i, code] of codes.entries()) {
  const node = await runOne(code);
  const row = { code, node };
  if (workers[i] !== null && workers[i] !== node.error) row.workers = workers[i];
  rows.push(row);
}
fs.writeFileSync(EXPECTED, `${JSON.stringify({ node: process.version, rows }, null, 1)}\n`);
const differ = rows.filter((row) => row.workers).length;
console.log(`errors-expected: ${rows.length} scripts → ${path.relative(ROOT, EXPECTED)} (Node ${process.version}; the Workers runtime words ${differ} otherwise)`);
