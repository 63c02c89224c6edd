#!/usr/bin/env node
// The differential harness of issue 18: generated cases over families of built-ins, each run in
// Node (in-process, TZ=UTC, en-US) and in the sandbox (examples/difftest_runner.rs, the library's
// Sandbox API with the runtime's prelude and limits), their values encoded by the same canonical
// encoder (difftest/encoder.js) and compared exactly. Mismatches are shrunk to a minimal case.
//
//   node difftest/run.mjs --runner target/debug/examples/difftest_runner [--seed N] [--minutes M]
//       [--cases N (per family)] [--families a,b] [--batch 250] [--no-shrink] [--check]
//       [--update-ceilings] [--out test-output/difftest]
//
// `--check` is the fixed-seed run of `npm test`: seed and case count come from
// difftest/ceilings.json; it fails on any crash, on a family whose mismatches (not in
// difftest/kept.json) exceed its recorded ceiling, and on a case of difftest/regressions.json that
// differs. `--update-ceilings` writes the counts of this run as the new ceilings.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";
import { mulberry32, shrinkArgs, lit } from "./lib.mjs";
import { FAMILIES, FAMILY_NAMES, TEMPLATES } from "./families.mjs";
import { ensureUtcEnglish, runSandbox as runSandboxCodes, decode } from "./engines.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");
const ENCODER = fs.readFileSync(path.join(HERE, "encoder.js"), "utf8");

// ------------------------------------------------------------------ environment: UTC, en-US
ensureUtcEnglish(import.meta.url);

// ------------------------------------------------------------------ options
function options() {
  const o = { seed: 1, minutes: 0, cases: 0, families: FAMILY_NAMES, batch: 250, shrink: true, check: false, update: false, out: path.join(ROOT, "test-output/difftest"), runner: process.env.DIFFTEST_RUNNER || "", jobs: 1, shrinkPerFamily: 3 };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i++) {
    const v = () => a[++i];
    switch (a[i]) {
      case "--seed": o.seed = Number(v()); break;
      case "--minutes": o.minutes = Number(v()); break;
      case "--cases": o.cases = Number(v()); break;
      case "--families": o.families = v().split(",").filter(Boolean); break;
      case "--batch": o.batch = Number(v()); break;
      case "--jobs": o.jobs = Number(v()); break;
      case "--no-shrink": o.shrink = false; break;
      case "--shrink-per-family": o.shrinkPerFamily = Number(v()); break;
      case "--check": o.check = true; break;
      case "--update-ceilings": o.update = true; break;
      case "--out": o.out = path.resolve(v()); break;
      case "--runner": o.runner = path.resolve(v()); break;
      default: console.error(`difftest: unknown argument ${a[i]}`); process.exit(2);
    }
  }
  for (const f of o.families) if (!FAMILIES[f]) { console.error(`difftest: no family ${f} (have: ${FAMILY_NAMES.join(", ")})`); process.exit(2); }
  if (!o.runner) { console.error("difftest: --runner <path to difftest_runner> (or DIFFTEST_RUNNER)"); process.exit(2); }
  if (!o.minutes && !o.cases) o.cases = 100;
  return o;
}
const opt = options();
const CEILINGS_PATH = path.join(HERE, "ceilings.json");
const KEPT = JSON.parse(fs.readFileSync(path.join(HERE, "kept.json"), "utf8")).map((k) => ({ ...k, re: new RegExp(k.code), sre: k.sandbox ? new RegExp(k.sandbox) : null, nodeAs: k.nodeAs ? [new RegExp(k.nodeAs[0], "g"), k.nodeAs[1]] : null }));
const REGRESSIONS = JSON.parse(fs.readFileSync(path.join(HERE, "regressions.json"), "utf8"));
if (opt.check) {
  const c = JSON.parse(fs.readFileSync(CEILINGS_PATH, "utf8"));
  opt.seed = c.seed;
  opt.cases = c.casesPerFamily;
  opt.minutes = 0;
  opt.shrink = false; // the fixed-seed run only counts; a long run shrinks
}

// ------------------------------------------------------------------ cases
/** The PRNG seed of case `index` of run `seed` (so one case can be generated again alone). */
const caseSeed = (seed, family, index) => {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const c of family) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return (h ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
};
function makeCase(family, index) {
  const { t, args } = FAMILIES[family](mulberry32(caseSeed(opt.seed, family, index)));
  return { family, index, t, args, body: TEMPLATES[t](args) };
}
const render = (c, args) => ({ ...c, args, body: TEMPLATES[c.t](args) });

// ------------------------------------------------------------------ the two engines
// The encoder is compiled once in Node (the same source the sandbox gets in front of every case).
vm.runInThisContext(`${ENCODER}\nglobalThis.__difftest_encode = __dt;`, { filename: "encoder.js" });
function runNode(body) {
  const src = `(function () {\nreturn __difftest_encode(function () {\n${body}\n});\n})()`;
  try {
    return vm.runInThisContext(src, { timeout: 3000, filename: "case.js" });
  } catch (e) {
    return `E:${e && e.code === "ERR_SCRIPT_EXECUTION_TIMEOUT" ? "TIMEOUT" : "NODE:" + (e && e.name)}`;
  }
}
const sandboxCode = (body) => `${ENCODER}\nreturn __dt(function () {\n${body}\n});`;

/** Runs bodies in the sandbox, restarting the runner after a crash; a case that ends the process
 * is found as the first one without a line, and checked again alone (difftest/engines.mjs). */
const runSandbox = (bodies) => runSandboxCodes(opt.runner, bodies.map(sandboxCode));

// ------------------------------------------------------------------ comparison
/** The kept divergence `c` is, if any: its code matches, and the sandbox's answer matches
 * `sandbox` (a pattern) or equals Node's rewritten by `nodeAs` ([pattern, replacement]). */
function keptBy(c, node, sandbox) {
  return KEPT.find((k) => (k.family === "*" || k.family === c.family) && k.re.test(c.body) && (!k.sre || k.sre.test(sandbox))
    && (!k.nodeAs || node.replace(k.nodeAs[0], k.nodeAs[1]) === sandbox));
}
function classify(c, node, sandbox) {
  if (sandbox.startsWith("CRASH:")) return "crash";
  if (node.startsWith("E:")) return "skipped"; // Node itself did not finish: a generator problem
  if (node === sandbox) return "match";
  return keptBy(c, node, sandbox) ? "kept" : "mismatch";
}
async function evaluate(cases) {
  const node = cases.map((c) => runNode(c.body));
  const sandbox = [], ms = [];
  for (let i = 0; i < cases.length; i += opt.batch) {
    const { results, times } = await runSandbox(cases.slice(i, i + opt.batch).map((c) => c.body));
    sandbox.push(...results);
    ms.push(...times);
  }
  return cases.map((c, i) => ({ c, node: node[i], sandbox: sandbox[i], ms: ms[i], verdict: classify(c, node[i], sandbox[i]) }));
}

async function shrink(r, deadline) {
  let best = r;
  const wantCrash = r.verdict === "crash";
  for (let round = 0; round < 40 && Date.now() < deadline; round++) {
    const candidates = shrinkArgs(best.c.args).slice(0, 160).map((args) => render(best.c, args));
    if (candidates.length === 0) break;
    const results = await evaluate(candidates);
    const next = results.find((x) => (wantCrash ? x.verdict === "crash" : x.verdict === "mismatch") && !x.node.startsWith("E:"));
    if (!next) break;
    best = next;
  }
  return best;
}

// ------------------------------------------------------------------ main
const started = Date.now();
const deadline = opt.minutes ? started + opt.minutes * 60000 : Infinity;
const stats = Object.fromEntries(opt.families.map((f) => [f, { cases: 0, mismatches: 0, kept: 0, crashes: 0, skipped: 0 }]));
const findings = [];
const slow = [];
let index = 0;
console.log(`difftest: seed ${opt.seed}, ${opt.minutes ? opt.minutes + " min" : opt.cases + " cases per family"}, ${opt.families.length} families, runner ${path.relative(ROOT, opt.runner)}`);
const genDeadline = opt.minutes ? started + opt.minutes * 60000 * (opt.shrink ? 0.8 : 1) : Infinity;
while (Date.now() < genDeadline && (!opt.cases || index < opt.cases)) {
  const perFamily = Math.max(1, Math.floor(opt.batch / opt.families.length));
  const n = opt.cases ? Math.min(perFamily, opt.cases - index) : perFamily;
  const cases = [];
  for (let k = 0; k < n; k++) for (const f of opt.families) cases.push(makeCase(f, index + k));
  index += n;
  for (const r of await evaluate(cases)) {
    const s = stats[r.c.family];
    s.cases++;
    if (r.verdict === "mismatch") s.mismatches++;
    if (r.verdict === "kept") s.kept++;
    if (r.verdict === "crash") s.crashes++;
    if (r.verdict === "skipped") s.skipped++;
    if (r.ms > 2000) slow.push({ family: r.c.family, ms: r.ms, code: r.c.body, sandbox: decode(r.sandbox).slice(0, 300) });
    if (r.verdict === "mismatch" || r.verdict === "crash" || r.verdict === "kept") findings.push(r);
  }
  const total = Object.values(stats).reduce((a, s) => a + s.cases, 0);
  process.stdout.write(`\r  ${total} cases, ${findings.filter((f) => f.verdict !== "kept").length} findings, ${((Date.now() - started) / 1000).toFixed(0)} s   `);
}
process.stdout.write("\n");

// Regression list: cases once fixed; each must match Node.
const regressionResults = await evaluate(REGRESSIONS.map((r, i) => ({ family: r.family, index: -1 - i, t: "regression", args: [], body: r.body })));
const regressionFailures = regressionResults.filter((r) => r.verdict !== "match");

// Shrink: every crash, and the first few mismatches of each family.
const toShrink = [];
const perFamily = {};
for (const r of findings) {
  if (r.verdict === "kept") continue;
  perFamily[r.c.family] = (perFamily[r.c.family] || 0) + 1;
  if (r.verdict === "crash" || perFamily[r.c.family] <= opt.shrinkPerFamily) toShrink.push(r);
}
const shrinkDeadline = opt.minutes ? Math.max(deadline, Date.now() + 60000) : Date.now() + 120000;
const report = [];
for (const r of findings) {
  const entry = { family: r.c.family, verdict: r.verdict, ...(r.verdict === "kept" ? { kept: keptBy(r.c, r.node, r.sandbox).id } : {}), seed: opt.seed, index: r.c.index, template: r.c.t, args: lit(r.c.args), code: r.c.body, node: decode(r.node), sandbox: decode(r.sandbox) };
  if (opt.shrink && toShrink.includes(r) && Date.now() < shrinkDeadline) {
    const m = await shrink(r, shrinkDeadline);
    entry.minimal = { args: lit(m.c.args), code: m.c.body, node: decode(m.node), sandbox: decode(m.sandbox) };
  }
  report.push(entry);
}

// ------------------------------------------------------------------ report
const rows = Object.entries(stats).map(([f, s]) => ({ family: f, ...s, rate: s.cases ? (100 * s.mismatches) / s.cases : 0 }));
const total = rows.reduce((a, r) => ({ cases: a.cases + r.cases, mismatches: a.mismatches + r.mismatches, kept: a.kept + r.kept, crashes: a.crashes + r.crashes, skipped: a.skipped + r.skipped }), { cases: 0, mismatches: 0, kept: 0, crashes: 0, skipped: 0 });
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
console.log(`\n${pad("family", 20)}${lpad("cases", 7)}${lpad("mismatch", 10)}${lpad("kept", 6)}${lpad("crash", 7)}${lpad("skipped", 9)}${lpad("rate", 8)}`);
for (const r of rows) console.log(`${pad(r.family, 20)}${lpad(r.cases, 7)}${lpad(r.mismatches, 10)}${lpad(r.kept, 6)}${lpad(r.crashes, 7)}${lpad(r.skipped, 9)}${lpad(r.rate.toFixed(2) + "%", 8)}`);
console.log(`${pad("total", 20)}${lpad(total.cases, 7)}${lpad(total.mismatches, 10)}${lpad(total.kept, 6)}${lpad(total.crashes, 7)}${lpad(total.skipped, 9)}${lpad(((100 * total.mismatches) / Math.max(1, total.cases)).toFixed(2) + "%", 8)}`);
if (slow.length) console.log(`${slow.length} cases took over 2 s in the sandbox (summary.json "slow")`);

const outDir = path.join(opt.out, `seed-${opt.seed}${opt.check ? "-check" : ""}`);
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, "mismatches.json"), JSON.stringify(report, null, 1));
fs.writeFileSync(path.join(outDir, "summary.json"), JSON.stringify({ seed: opt.seed, seconds: (Date.now() - started) / 1000, rows, total, slow, regressions: regressionFailures.map((r) => ({ body: r.c.body, node: decode(r.node), sandbox: decode(r.sandbox) })) }, null, 1));
console.log(`\nwrote ${path.relative(ROOT, outDir)}/mismatches.json (${report.length} findings, kept ones included; minimal cases under "minimal")`);
for (const e of report.filter((e) => e.verdict === "crash")) console.log(`CRASH ${e.family}: ${(e.minimal || e).code}\n  ${(e.minimal || e).sandbox}`);

let failed = false;
if (regressionFailures.length) {
  failed = true;
  for (const r of regressionFailures) console.log(`REGRESSION ${r.c.family}: ${r.c.body}\n  node    ${decode(r.node)}\n  sandbox ${decode(r.sandbox)}`);
}
if (total.crashes) failed = true;
if (opt.check || opt.update) {
  const ceilings = fs.existsSync(CEILINGS_PATH) ? JSON.parse(fs.readFileSync(CEILINGS_PATH, "utf8")) : { seed: opt.seed, casesPerFamily: opt.cases, families: {} };
  if (opt.update) {
    ceilings.seed = opt.seed;
    ceilings.casesPerFamily = opt.cases;
    ceilings.families = Object.fromEntries(rows.map((r) => [r.family, r.mismatches]));
    fs.writeFileSync(CEILINGS_PATH, JSON.stringify(ceilings, null, 2) + "\n");
    console.log(`wrote ${path.relative(ROOT, CEILINGS_PATH)}`);
  } else {
    for (const r of rows) {
      const ceiling = ceilings.families[r.family];
      if (ceiling === undefined) { console.log(`FAIL ${r.family}: no ceiling recorded (run with --update-ceilings)`); failed = true; }
      else if (r.mismatches > ceiling) { console.log(`FAIL ${r.family}: ${r.mismatches} mismatches, ceiling ${ceiling}`); failed = true; }
      else if (r.mismatches < ceiling) console.log(`note ${r.family}: ${r.mismatches} mismatches, below its ceiling ${ceiling}: lower it (--update-ceilings)`);
    }
  }
}
console.log(failed ? "difftest: FAILED" : "difftest: ok");
process.exit(failed ? 1 : 0);
