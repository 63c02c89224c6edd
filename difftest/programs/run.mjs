#!/usr/bin/env node
// The program-level differential fuzzer: generated whole programs (loops of every form, labels,
// try/finally, generators and iterators, closures, compound assignment, ++/--, evaluation order,
// accessors and prototype changes, destructuring, spread, switch, conversions, async functions,
// classes; gen.mjs), each run in Node (a fresh vm context, TZ=UTC, en-US) and in the sandbox
// (examples/difftest_runner.rs, through difftest/engines.mjs), the returned trace encoded by
// difftest/encoder.js on both sides and compared exactly. A finding is shrunk on the program's
// AST (ast.mjs: statements deleted, blocks and loops unwrapped, expressions replaced by literals)
// to a minimal reproducer, and grouped with findings of the same signature.
//
//   node difftest/programs/run.mjs --runner target/debug/examples/difftest_runner
//       [--seed N] [--minutes M | --cases N] [--no-shrink] [--check] [--update-ceiling]
//       [--batch 100] [--jobs 1] [--case-timeout 10000] [--shrink-seconds 45]
//       [--features loops,labels] [--out test-output/progfuzz] [--show INDEX]
//
// - `--minutes M`: a long run: programs until the deadline, each new finding shrunk as it comes
//   (findings a minimal program already explains are counted, not shrunk again); writes
//   test-output/progfuzz/seed-N/{summary,findings}.json and prints the rates.
// - `--cases N`: N programs (100 without --minutes), same output.
// - `--check`: the fixed-seed run: seed and program count from difftest/programs/ceiling.json, no
//   shrinking; fails on any crash or hang, on more mismatches (not in difftest/programs/kept.json)
//   than the recorded ceiling, and on a body of difftest/programs/regressions.json that differs
//   from Node. `--update-ceiling` records this run's count as the ceiling.
// - `--show INDEX`: print program INDEX of the seed, and what both engines answer.
// The regression list runs in every mode. Verdicts: match, mismatch, kept, crash (a panic, an
// abort, or an engine error "EnginePanic: ..."), hang (no answer within --case-timeout while Node
// finished), skipped (Node itself threw a SyntaxError or timed out: a generator problem).
// Findings are grouped by signature (verdict, kind of difference, the features of gen.mjs the
// minimal program still uses); a new finding counts under an existing group without being shrunk
// when it uses the group's features and differs from Node in the same place (run.mjs
// `fingerprint`). `--jobs 2` runs two runner processes (twice the programs on an idle machine).
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";
import { mulberry32 } from "../lib.mjs";
import { ensureUtcEnglish, runSandbox, decode } from "../engines.mjs";
import { generate, FEATURES } from "./gen.mjs";
import { render, renderCompact, shrinkCandidates, tagsOf, size } from "./ast.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const ENCODER = fs.readFileSync(path.join(HERE, "../encoder.js"), "utf8");
ensureUtcEnglish(import.meta.url);

// ------------------------------------------------------------------ options
function options() {
  const o = { seed: 1, minutes: 0, cases: 0, shrink: true, check: false, update: false, batch: 100, jobs: 1, idleMs: 10000, shrinkSeconds: 45,
    features: null, out: path.join(ROOT, "test-output/progfuzz"), runner: process.env.DIFFTEST_RUNNER || "", show: null };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i++) {
    const v = () => a[++i];
    switch (a[i]) {
      case "--seed": o.seed = Number(v()); break;
      case "--minutes": o.minutes = Number(v()); break;
      case "--cases": o.cases = Number(v()); break;
      case "--no-shrink": o.shrink = false; break;
      case "--check": o.check = true; break;
      case "--update-ceiling": o.update = true; break;
      case "--batch": o.batch = Number(v()); break;
      case "--jobs": o.jobs = Math.max(1, Number(v())); break;
      case "--case-timeout": o.idleMs = Number(v()); break;
      case "--shrink-seconds": o.shrinkSeconds = Number(v()); break;
      case "--features": o.features = v().split(",").filter(Boolean); break;
      case "--out": o.out = path.resolve(v()); break;
      case "--runner": o.runner = path.resolve(v()); break;
      case "--show": o.show = Number(v()); break;
      default: console.error(`progfuzz: unknown argument ${a[i]}`); process.exit(2);
    }
  }
  for (const f of o.features || []) if (!FEATURES.includes(f)) { console.error(`progfuzz: no feature ${f} (have: ${FEATURES.join(", ")})`); process.exit(2); }
  if (!o.runner) { console.error("progfuzz: --runner <path to difftest_runner> (or DIFFTEST_RUNNER)"); process.exit(2); }
  if (!o.minutes && !o.cases) o.cases = 100;
  if (o.check) o.idleMs = Math.max(o.idleMs, 30000);
  return o;
}
const opt = options();
const CEILING_PATH = path.join(HERE, "ceiling.json");
const KEPT = JSON.parse(fs.readFileSync(path.join(HERE, "kept.json"), "utf8")).map((k) => ({ ...k, re: new RegExp(k.code), sre: k.sandbox ? new RegExp(k.sandbox) : null, nodeAs: k.nodeAs ? [new RegExp(k.nodeAs[0], "g"), k.nodeAs[1]] : null }));
const REGRESSIONS = JSON.parse(fs.readFileSync(path.join(HERE, "regressions.json"), "utf8"));
if (opt.check) {
  const c = JSON.parse(fs.readFileSync(CEILING_PATH, "utf8"));
  opt.seed = c.seed;
  opt.cases = c.cases;
  opt.minutes = 0;
  opt.shrink = false;
  opt.features = null;
}

// ------------------------------------------------------------------ programs
/** The PRNG seed of program `index` of run `seed` (so one program can be generated again alone). */
const programSeed = (seed, index) => {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const c of "programs") h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return (h ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
};
const withBody = (p) => ({ ...p, body: render(p.root) });
function makeProgram(index) {
  const g = generate(mulberry32(programSeed(opt.seed, index)), { features: opt.features });
  return withBody({ index, ...g });
}

// ------------------------------------------------------------------ the two engines
// Node: a fresh context per program (a program may change built-ins), the encoder compiled once.
const encoderScript = new vm.Script(`${ENCODER}\n;__dt`, { filename: "encoder.js" });
// A generated async program may leave a rejected promise unhandled (`Promise.reject(-1)` that
// nothing awaits); Node's default then ends this process. It is the program's business, as it is
// in the sandbox, whose answer is compared as usual.
process.on("unhandledRejection", () => {});
const NODE_TIMEOUT = 3000;
async function runNode(p) {
  const ctx = vm.createContext({});
  ctx.__difftest_encode = encoderScript.runInContext(ctx);
  try {
    if (!p.async) return vm.runInContext(`__difftest_encode(function () {\n${p.body}\n});`, ctx, { timeout: NODE_TIMEOUT, filename: "program.js" });
    const promise = vm.runInContext(`(async function () {\n${p.body}\n})().then(function (v) { return __difftest_encode(function () { return v; }); }, function (e) { return __difftest_encode(function () { throw e; }); });`, ctx, { timeout: NODE_TIMEOUT, filename: "program.js" });
    let timer;
    const out = await Promise.race([promise, new Promise((res) => { timer = setTimeout(() => res("E:TIMEOUT"), NODE_TIMEOUT); })]);
    clearTimeout(timer);
    return out;
  } catch (e) {
    return `E:${e && e.code === "ERR_SCRIPT_EXECUTION_TIMEOUT" ? "TIMEOUT" : "NODE:" + (e && e.name)}`;
  }
}
const sandboxCode = (p) => p.async
  ? `${ENCODER}\nreturn (async function () {\n${p.body}\n})().then(function (v) { return __dt(function () { return v; }); }, function (e) { return __dt(function () { throw e; }); });`
  : `${ENCODER}\nreturn __dt(function () {\n${p.body}\n});`;

/** The sandbox's answers for `programs`, split over --jobs runner processes. A missing runner
 * (being rebuilt) is waited for. */
async function sandboxAnswers(programs, stopAt) {
  const codes = programs.map(sandboxCode);
  // The fixed-seed check runs a case that went quiet again alone before calling it a hang (a
  // loaded machine can stall a debug runner for seconds).
  const o = { idleMs: opt.idleMs, confirmIdle: opt.check, stopAt, batchTimeout: (n) => 60000 + opt.idleMs * 2 + 1000 * n, aloneTimeout: 60000 };
  const per = Math.ceil(codes.length / opt.jobs);
  const parts = [];
  for (let i = 0; i < codes.length; i += per) parts.push(i);
  const outs = await Promise.all(parts.map(async (from) => {
    for (let attempt = 0; ; attempt++) {
      try {
        if (!fs.existsSync(opt.runner)) throw new Error(`${opt.runner} is missing`);
        return await runSandbox(opt.runner, codes.slice(from, from + per), { ...o, stopAt: stopAt && ((v, k) => stopAt(v, from + k)) });
      } catch (e) {
        if (attempt >= 20) throw e;
        console.log(`\n  note: runner unavailable (${e.message}); retrying in 30 s`);
        await new Promise((res) => setTimeout(res, 30000));
      }
    }
  }));
  return { results: outs.flatMap((x) => x.results), times: outs.flatMap((x) => x.times) };
}

// ------------------------------------------------------------------ comparison
function keptBy(p, node, sandbox) {
  return KEPT.find((k) => k.re.test(p.body) && (!k.sre || k.sre.test(sandbox)) && (!k.nodeAs || node.replace(k.nodeAs[0], k.nodeAs[1]) === sandbox));
}
const isHang = (s) => s.startsWith("CRASH:timeout/hang");
const ENGINE_PANIC = /^E:[A-Z_]+:EnginePanic/;
function classify(p, node, sandbox) {
  if (sandbox === undefined) return "unknown";
  if (sandbox.startsWith("CRASH:") && !isHang(sandbox)) return "crash";
  if (ENGINE_PANIC.test(sandbox)) return "crash"; // a panic the engine caught and reported as an error
  if (node.startsWith("E:")) return "skipped"; // Node did not finish either: a generator problem
  if (isHang(sandbox)) return "hang";
  if (node === sandbox) return "match";
  return keptBy(p, node, sandbox) ? "kept" : "mismatch";
}
/** What kind of difference: the sandbox's error code, or the first characters (= value, ! threw). */
const diffKind = (node, sandbox) => (sandbox.startsWith("E:") ? sandbox.split(":").slice(0, 2).join(":") : node[0] + sandbox[0]);
/** Where the two answers first differ, as the classes of the two tokens there (a trace label, an
 * error's name, a string, -0, 0, another number, a bracket, the end...): a crude fingerprint of
 * the cause. A finding counts under an existing group without being shrunk only when it has one
 * of the group's fingerprints (and uses the group's features). */
function fingerprint(node, sandbox) {
  const toks = (s) => s.match(/"(?:[^"\\]|\\.)*"|[^,[\]{}():]+|[,[\]{}():]/g) || [];
  const cls = (t) => (t === undefined ? "$" : /^"p\d+"$/.test(t) ? "label" : /^"\w*Error"$/.test(t) ? t : t[0] === '"' ? "string"
    : t === "0" || t === "-0" ? t : /^(n[0-9a-f]{16}|NaN|-?Inf)$/.test(t) ? "number" : t);
  const a = toks(node), b = toks(sandbox);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return `${cls(a[i])}|${cls(b[i])}`;
}
/** A crash's message without numbers (ids, addresses, line numbers vary). */
const crashKey = (s) => s.replace(/^(CRASH:|E:[A-Z_]+:)/, "").split(/ \| |\n/)[0].replace(/\d+/g, "N").slice(0, 120);
/** Whether result `x` is the same kind of finding as `f` (what the shrinker keeps). */
function sameFinding(f, x) {
  if (x.verdict !== f.verdict) return false;
  if (f.verdict === "crash") return crashKey(x.sandbox) === crashKey(f.sandbox);
  if (f.verdict === "mismatch") return diffKind(x.node, x.sandbox) === diffKind(f.node, f.sandbox);
  return true; // hang
}

async function evaluate(programs, stopWhen = null) {
  const node = [];
  for (const p of programs) node.push(await runNode(p));
  const stopAt = stopWhen && ((v, i) => stopWhen({ p: programs[i], node: node[i], sandbox: v, verdict: classify(programs[i], node[i], v) }));
  const { results, times } = await sandboxAnswers(programs, stopAt);
  return programs.map((p, i) => ({ p, node: node[i], sandbox: results[i], ms: times[i], verdict: classify(p, node[i], results[i]) }));
}

// ------------------------------------------------------------------ shrinking
const CHUNK = 16;
/** Greedy shrinking on the AST: the first candidate (biggest steps first) that is still the same
 * finding becomes the program, until no candidate is or `deadline` passes. */
async function shrink(f, deadline) {
  let best = f, pos = 0, done = false;
  const seen = new Set([f.p.body]);
  let tried = 0;
  for (let round = 0; round < 300 && Date.now() < deadline; round++) {
    const all = [];
    for (const root of shrinkCandidates(best.p.root)) all.push({ ...best.p, root, body: render(root), index: best.p.index });
    // Go on from where the last step succeeded (the candidates before it mostly fail again).
    pos = Math.min(pos, all.length);
    const cands = [...all.slice(pos), ...all.slice(0, pos)].filter((c) => !seen.has(c.body) && seen.add(c.body));
    let next = null;
    for (let i = 0; i < cands.length && !next && Date.now() < deadline; i += CHUNK) {
      const chunk = cands.slice(i, i + CHUNK);
      tried += chunk.length;
      const rs = await evaluate(chunk, (x) => sameFinding(f, x));
      next = rs.find((x) => x.sandbox !== undefined && sameFinding(f, x)) || null;
    }
    if (!next) { done = Date.now() < deadline; break; }
    pos = all.findIndex((c) => c.body === next.p.body);
    best = next;
  }
  return { ...best, tried, minimal: done };
}

// ------------------------------------------------------------------ reporting helpers
const oneLine = (p) => renderCompact(p.root);
const answer = (s) => (s === undefined ? "?" : decode(s));
function entryOf(x) {
  return { index: x.p.index, features: [...tagsOf(x.p.root)].sort(), statements: size(x.p.root), async: !!x.p.async, code: x.p.body, node: answer(x.node), sandbox: answer(x.sandbox) };
}

// ------------------------------------------------------------------ show one program
if (opt.show !== null) {
  const p = makeProgram(opt.show);
  const [r] = await evaluate([p]);
  console.log(`program ${opt.show} of seed ${opt.seed} (${p.feats.join(", ")}${p.async ? ", async" : ""}):\n${p.body}\n\nnode    ${answer(r.node)}\nsandbox ${answer(r.sandbox)}\nverdict ${r.verdict}`);
  process.exit(0);
}

// ------------------------------------------------------------------ main
const started = Date.now();
const deadline = opt.minutes ? started + opt.minutes * 60000 : Infinity;
console.log(`progfuzz: seed ${opt.seed}, ${opt.minutes ? opt.minutes + " min" : opt.cases + " programs"}${opt.features ? ", features " + opt.features.join(",") : ""}, runner ${path.relative(ROOT, opt.runner)}`);

// The regression list: bodies that must answer as Node does.
const regressionPrograms = REGRESSIONS.map((r, i) => ({ index: -1 - i, root: null, feats: [], async: !!r.async, body: r.body, name: r.name }));
const regressionResults = await evaluate(regressionPrograms);
const regressionFailures = regressionResults.filter((r) => r.verdict !== "match");
console.log(`  regressions: ${regressionResults.length - regressionFailures.length}/${regressionResults.length} match`);

const stats = { programs: 0, match: 0, mismatch: 0, kept: 0, crash: 0, hang: 0, skipped: 0 };
const perFeature = Object.fromEntries(FEATURES.map((f) => [f, { programs: 0, mismatch: 0, crash: 0, hang: 0 }]));
const groups = []; // {signature, verdict, kind, features, count, minimal, first, examples}
const keptCounts = {};
const allFindings = []; // every finding, with the group it was put in
const skippedExamples = [];
const slow = [];
let shrinkMs = 0, index = 0;

/** The group that explains finding `x` without shrinking it, if any. */
function coveredBy(x) {
  const tags = tagsOf(x.p.root);
  return groups.find((g) => {
    if (g.verdict !== x.verdict) return false;
    if (x.verdict === "crash") return g.key === crashKey(x.sandbox);
    if (x.verdict === "mismatch" && (g.kind !== diffKind(x.node, x.sandbox) || !g.fingerprints.has(fingerprint(x.node, x.sandbox)))) return false;
    return g.features.every((t) => tags.has(t));
  });
}
function addToGroup(x, m) {
  const features = [...tagsOf(m.p.root)].sort();
  const kind = x.verdict === "mismatch" ? diffKind(x.node, x.sandbox) : x.verdict === "crash" ? "crash" : "hang";
  const signature = x.verdict === "crash" ? `crash: ${crashKey(x.sandbox)}` : `${x.verdict} ${kind} [${features.join(",")}]`;
  let g = groups.find((y) => y.signature === signature);
  if (!g) {
    g = { signature, verdict: x.verdict, kind, key: x.verdict === "crash" ? crashKey(x.sandbox) : null, fingerprints: new Set(), features, count: 0, minimal: { ...entryOf(m), line: m.p.root ? oneLine(m.p) : m.p.body, shrunk: m === x ? "no" : m.minimal ? "minimal" : "partly (time)", shrinkTried: m.tried || 0 }, examples: [] };
    groups.push(g);
    const flag = x.verdict.toUpperCase();
    if (opt.shrink) console.log(`\n  ${flag} ${signature}\n    ${g.minimal.line}\n    node    ${g.minimal.node}\n    sandbox ${g.minimal.sandbox.slice(0, 300)}`);
  } else if (m !== x && g.minimal.line.length > oneLine(m.p).length) {
    g.minimal = { ...entryOf(m), line: oneLine(m.p), shrunk: m.minimal ? "minimal" : "partly (time)", shrinkTried: m.tried || 0 };
  }
  if (x.verdict === "mismatch") for (const y of [x, m]) g.fingerprints.add(fingerprint(y.node, y.sandbox));
  return g;
}

const genDeadline = deadline;
// New findings of the last batch are still shrunk, for up to two minutes past the deadline.
const shrinkDeadline = deadline + 120000;
while (Date.now() < genDeadline && (!opt.cases || index < opt.cases)) {
  const n = opt.cases ? Math.min(opt.batch, opt.cases - index) : opt.batch;
  const programs = [];
  for (let k = 0; k < n; k++) programs.push(makeProgram(index + k));
  index += n;
  const results = await evaluate(programs);
  for (const x of results) {
    stats.programs++;
    stats[x.verdict] = (stats[x.verdict] || 0) + 1;
    for (const f of x.p.feats) {
      const s = perFeature[f];
      s.programs++;
      if (x.verdict === "mismatch" || x.verdict === "crash" || x.verdict === "hang") s[x.verdict]++;
    }
    if (x.ms > 3000) slow.push({ index: x.p.index, ms: x.ms });
    if (x.verdict === "skipped" && skippedExamples.length < 20) skippedExamples.push({ ...entryOf(x) });
    if (x.verdict === "kept") { const k = keptBy(x.p, x.node, x.sandbox).id; keptCounts[k] = (keptCounts[k] || 0) + 1; }
  }
  for (const x of results) {
    if (x.verdict !== "mismatch" && x.verdict !== "crash" && x.verdict !== "hang") continue;
    let g = coveredBy(x);
    const budgetLeft = shrinkMs < 0.65 * (Date.now() - started) + 90000;
    if (!g && opt.shrink && Date.now() < shrinkDeadline && budgetLeft) {
      const t0 = Date.now();
      const m = await shrink(x, Math.min(shrinkDeadline, Date.now() + opt.shrinkSeconds * 1000));
      shrinkMs += Date.now() - t0;
      g = addToGroup(x, m);
    } else if (!g) {
      g = addToGroup(x, x);
    }
    g.count++;
    if (g.examples.length < 3) g.examples.push(entryOf(x));
    allFindings.push({ group: g.signature, verdict: x.verdict, fingerprint: x.verdict === "mismatch" ? fingerprint(x.node, x.sandbox) : null, ...entryOf(x) });
  }
  const bad = stats.mismatch + stats.crash + stats.hang;
  process.stdout.write(`\r  ${stats.programs} programs, ${bad} findings in ${groups.length} groups, ${((Date.now() - started) / 1000).toFixed(0)} s   `);
}
process.stdout.write("\n");

// ------------------------------------------------------------------ report
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const pct = (a, b) => ((100 * a) / Math.max(1, b)).toFixed(2) + "%";
console.log(`\n${pad("", 14)}${lpad("programs", 9)}${lpad("match", 8)}${lpad("mismatch", 10)}${lpad("kept", 6)}${lpad("crash", 7)}${lpad("hang", 6)}${lpad("skipped", 9)}${lpad("rate", 8)}`);
console.log(`${pad("total", 14)}${lpad(stats.programs, 9)}${lpad(stats.match, 8)}${lpad(stats.mismatch, 10)}${lpad(stats.kept, 6)}${lpad(stats.crash, 7)}${lpad(stats.hang, 6)}${lpad(stats.skipped, 9)}${lpad(pct(stats.mismatch + stats.crash + stats.hang, stats.programs), 8)}`);
console.log(`\nby feature (programs that enable it)`);
for (const [f, s] of Object.entries(perFeature)) {
  if (s.programs) console.log(`${pad(f, 14)}${lpad(s.programs, 9)}${lpad("", 8)}${lpad(s.mismatch, 10)}${lpad("", 6)}${lpad(s.crash, 7)}${lpad(s.hang, 6)}${lpad("", 9)}${lpad(pct(s.mismatch + s.crash + s.hang, s.programs), 8)}`);
}
if (groups.length) {
  console.log(`\n${groups.length} groups of findings (signature: verdict, kind, features the minimal program needs):`);
  for (const g of groups) console.log(`  ${lpad(g.count, 5)}  ${g.signature}${g.minimal.shrunk === "minimal" ? "" : ` (shrunk: ${g.minimal.shrunk})`}\n         ${g.minimal.line.slice(0, 400)}\n         node ${g.minimal.node.slice(0, 160)}  sandbox ${g.minimal.sandbox.slice(0, 160)}`);
}
if (slow.length) console.log(`${slow.length} programs took over 3 s in the sandbox (summary.json "slow")`);
if (stats.skipped) console.log(`${stats.skipped} programs skipped (Node did not finish them: summary.json "skipped")`);

const outDir = path.join(opt.out, `seed-${opt.seed}${opt.check ? "-check" : ""}`);
fs.mkdirSync(outDir, { recursive: true });
const regressionReport = regressionResults.map((r) => ({ name: r.p.name, verdict: r.verdict, body: r.p.body, node: answer(r.node), sandbox: answer(r.sandbox) }));
fs.writeFileSync(path.join(outDir, "summary.json"), JSON.stringify({ seed: opt.seed, seconds: (Date.now() - started) / 1000, shrinkSeconds: shrinkMs / 1000, runner: opt.runner,
  stats, rate: (stats.mismatch + stats.crash + stats.hang) / Math.max(1, stats.programs), perFeature, kept: keptCounts,
  groups: groups.map((g) => ({ signature: g.signature, count: g.count, line: g.minimal.line, node: g.minimal.node, sandbox: g.minimal.sandbox })),
  regressions: regressionReport, slow, skipped: skippedExamples }, null, 1));
fs.writeFileSync(path.join(outDir, "findings.json"), JSON.stringify({ groups: groups.map(({ key, fingerprints, ...g }) => ({ ...g, fingerprints: [...fingerprints] })),
  all: allFindings.slice(0, 500) }, null, 1));
console.log(`\nwrote ${path.relative(ROOT, outDir)}/summary.json and findings.json (${groups.length} groups; minimal programs under "minimal")`);

let failed = false;
if (regressionFailures.length) {
  failed = true;
  for (const r of regressionFailures) console.log(`REGRESSION ${r.p.name || ""} (${r.verdict}): ${r.p.body}\n  node    ${answer(r.node)}\n  sandbox ${answer(r.sandbox)}`);
}
if (stats.crash || stats.hang) { failed = true; console.log(`FAIL: ${stats.crash} crashes, ${stats.hang} hangs`); }
if (opt.check || opt.update) {
  const ceiling = fs.existsSync(CEILING_PATH) ? JSON.parse(fs.readFileSync(CEILING_PATH, "utf8")) : { seed: opt.seed, cases: opt.cases, mismatches: 0 };
  if (opt.update) {
    Object.assign(ceiling, { seed: opt.seed, cases: opt.cases, mismatches: stats.mismatch });
    fs.writeFileSync(CEILING_PATH, JSON.stringify(ceiling, null, 2) + "\n");
    console.log(`wrote ${path.relative(ROOT, CEILING_PATH)}`);
  } else if (stats.mismatch > ceiling.mismatches) { console.log(`FAIL: ${stats.mismatch} mismatches, ceiling ${ceiling.mismatches}`); failed = true; }
  else if (stats.mismatch < ceiling.mismatches) console.log(`note: ${stats.mismatch} mismatches, below the ceiling ${ceiling.mismatches}: lower it (--update-ceiling)`);
}
console.log(failed ? "progfuzz: FAILED" : "progfuzz: ok");
process.exit(failed ? 1 : 0);
