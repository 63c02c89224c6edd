#!/usr/bin/env node
// Regenerates tests/corpus/expected.json: what Node gives for every script in
// tests/corpus/scripts/. Run it after adding or changing a script:
//
//   node scripts/corpus-expected.mjs
//
// Each script is the body of an async function, run as `(async () => { <body> })()` in a child
// Node process with TZ=UTC and the en-US locale (the sandbox is UTC too). A script sent in a
// markdown fence has its fence lines removed first, as the runtime does. The result is
// `{"value": <the returned value as JSON>}` (undefined → null) or `{"error": "<name>: <message>"}`.
// Keys keep the order Node gives them. Every script runs twice, in two processes; a script whose
// two results differ is not deterministic and stops the generation.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SCRIPTS = path.join(ROOT, "tests/corpus/scripts");
const EXPECTED = path.join(ROOT, "tests/corpus/expected.json");
const TIMEOUT_MS = 5000;

/** The runtime's fence rule: a first line "```" or "```<language>" and a last line "```" go. */
export function stripFence(code) {
  const lines = code.split("\n");
  while (lines.length > 0 && lines[0].trim() === "") lines.shift();
  while (lines.length > 0 && lines[lines.length - 1].trim() === "") lines.pop();
  if (lines.length === 0 || !/^```\s*[\w+.-]*$/.test(lines[0].trim())) return code;
  lines.shift();
  if (lines.length > 0 && lines[lines.length - 1].trim() === "```") lines.pop();
  return lines.join("\n");
}

async function runOne(code) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no result after ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    const promise = vm.runInThisContext(`(async () => {\n${stripFence(code)}\n})()`, { filename: "script.js" });
    const value = await Promise.race([promise, timeout]);
    const json = JSON.stringify(value);
    return { value: json === undefined ? null : JSON.parse(json) };
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : `uncaught ${String(error)}` };
  } finally {
    clearTimeout(timer);
  }
}

async function child() {
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
  if (locale !== "en-US" || timeZone !== "UTC") {
    throw new Error(`the child runs in locale ${locale}, time zone ${timeZone}; expected en-US, UTC`);
  }
  const results = {};
  for (const name of fs.readdirSync(SCRIPTS).filter((f) => f.endsWith(".js")).sort()) {
    results[name] = await runOne(fs.readFileSync(path.join(SCRIPTS, name), "utf8"));
  }
  process.stdout.write(JSON.stringify(results));
}

function runChild() {
  const env = { ...process.env, TZ: "UTC", LC_ALL: "en_US.UTF-8", LANG: "en_US.UTF-8", LANGUAGE: "en_US" };
  const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child"], {
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`the child failed: ${out.stderr}`);
  return out.stdout;
}

if (process.argv.includes("--child")) {
  await child();
  // Scripts may leave pending work (a promise that never settles, a timer): do not wait for it.
  process.exit(0);
} else {
  const [first, second] = [runChild(), runChild()];
  if (first !== second) {
    const a = JSON.parse(first), b = JSON.parse(second);
    const differ = Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
    throw new Error(`not deterministic in Node: ${differ.join(", ")}`);
  }
  const results = JSON.parse(first);
  const lines = Object.entries(results).map(([name, result]) => `  ${JSON.stringify(name)}: ${JSON.stringify(result)}`);
  fs.writeFileSync(EXPECTED, `{\n${lines.join(",\n")}\n}\n`);
  const errors = Object.values(results).filter((r) => "error" in r).length;
  console.log(`wrote ${path.relative(ROOT, EXPECTED)}: ${lines.length} scripts, ${errors} of them throw`);
}
