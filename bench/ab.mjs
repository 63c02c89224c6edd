// A/B of two builds of this runtime, each served by its own `wrangler dev` (or any server of the
// same API): the same scripts against both, rounds interleaved so both see the same machine noise,
// and per case the ratio B/A of the medians. For measuring a change to the engine or the sandbox
// in workerd; absolute times on a shared machine mean little, the ratio from one run does.
//
// usage: node bench/ab.mjs --a http://127.0.0.1:8787 --b http://127.0.0.1:8788 [--rounds 7] [--json FILE]
// The scripts are those of bench/run.mjs and the side-by-side bench (CPU loop, data wrangling).
import { performance } from "node:perf_hooks";
import { writeFileSync } from "node:fs";
import { sbsScripts } from "./sbs-scripts.mjs";

const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const ROUNDS = Number(arg("--rounds", 7));
const A = arg("--a"), B = arg("--b");
if (!A || !B) { console.error("usage: node bench/ab.mjs --a URL --b URL [--rounds N] [--json FILE]"); process.exit(2); }
const token = process.env.CODEMODE_TOKEN;

function client(base, name) {
  const inst = `ab-${name}-${Date.now()}`;
  const H = { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const rpc = async (method, ...args) => {
    const r = await fetch(`${base}/agents/codemode/${inst}/rpc`, { method: "POST", headers: H, body: JSON.stringify({ method, args }) });
    const j = await r.json();
    if (j.error) throw new Error(JSON.stringify(j.error));
    return j.result;
  };
  return {
    name,
    baseline: async () => { const r = await fetch(`${base}/agents/codemode/${inst}/tool`, { headers: H }); await r.text(); },
    execute: (code) => rpc("execute", code),
    approve: (id) => rpc("approveExecution", id),
  };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
async function time(fn) { const t0 = performance.now(); await fn(); return performance.now() - t0; }
const completed = (o) => { if (o?.status !== "completed") throw new Error(`expected completed, got ${JSON.stringify(o).slice(0, 300)}`); return o; };

// The data-wrangling script of bench/run.mjs (i) and the side-by-side bench.
const { data } = sbsScripts;
const cases = [
  ["baseline round trip (no script)", (s) => time(s.baseline), 20],
  ["execute trivial script", (s) => time(async () => completed(await s.execute("async () => 1"))), 10],
  ["CPU: 1e6-iteration loop", (s) => time(async () => completed(await s.execute("let x = 0; for (let i = 0; i < 1000000; i++) x += i; return x"))), 2],
  ["data wrangling: 20k records", (s) => time(async () => completed(await s.execute(data))), 2],
  ["200 sequential tool calls", (s) => time(async () => completed(await s.execute("let k = 0; for (let i = 0; i < 200; i++) k += (await notes.listNotes()).length + 1; return k;"))), 2],
  ["200 tool calls in Promise.all", (s) => time(async () => completed(await s.execute("const rs = await Promise.all(Array.from({ length: 200 }, () => notes.listNotes())); return rs.length;"))), 2],
  ["approve-resume after 200 journaled calls", async (s) => {
    const paused = await s.execute("for (let i = 0; i < 200; i++) await notes.listNotes(); const note = await notes.createNote({ text: \"ab\" }); return note.text;");
    if (paused.status !== "paused") throw new Error(`expected paused, got ${paused.status}`);
    return time(async () => completed(await s.approve(paused.executionId)));
  }, 1],
  ["CPU: the side-by-side loop (s += i % 7)", (s) => time(async () => completed(await s.execute("let s = 0; for (let i = 0; i < 1000000; i++) s += i % 7; return s;"))), 2],
  ["JSON.stringify of the 20k records", (s) => time(async () => completed(await s.execute(`async () => { const rows = Array.from({ length: 20000 }, (_, i) => ({ id: i, name: "user" + i, score: (i * 7919) % 1000, tags: ["a", "b"] })); return JSON.stringify(rows).length; }`))), 2],
];

const sides = [client(A, "a"), client(B, "b")];
for (const s of sides) { await s.baseline(); completed(await s.execute("return 1")); completed(await s.execute(data)); }
const samples = new Map(cases.map(([label]) => [label, { a: [], b: [] }]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [label, run, reps] of cases) {
    // Alternate which side goes first, so neither always follows the other.
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const s of order) for (let k = 0; k < reps; k++) samples.get(label)[s.name].push(await run(s));
  }
  process.stderr.write(`round ${round + 1}/${ROUNDS}\n`);
}
const rows = cases.map(([label]) => {
  const { a, b } = samples.get(label);
  return { label, a: median(a), b: median(b), ratio: median(b) / median(a), n: a.length };
});
console.log(`| case | A median | B median | B/A |\n|---|---|---|---|`);
for (const r of rows) console.log(`| ${r.label} | ${r.a.toFixed(2)} ms | ${r.b.toFixed(2)} ms | ${r.ratio.toFixed(3)} |`);
const out = arg("--json");
if (out) writeFileSync(out, JSON.stringify({ a: A, b: B, rounds: ROUNDS, rows, date: new Date().toISOString() }, null, 2));
