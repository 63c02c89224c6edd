#!/usr/bin/env node
// The first `execute` on a new object in a warm process, over warm executes on that object, for
// this runtime and the reference runtime (../shared/peer-cf) side by side, objects interleaved:
// the issue-15 row sbs-bench.mjs does not measure.
//
// usage: node bench/sbs-first.mjs [--ours http://127.0.0.1:8787] [--peer http://127.0.0.1:8799] [--objects 12]
import { performance } from "node:perf_hooks";

const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const OBJECTS = Number(arg("--objects", 12));
const token = process.env.CODEMODE_TOKEN;
const systems = {};
if (arg("--ours")) {
  const base = arg("--ours");
  const headers = { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) };
  systems.ours = async (instance) => {
    const r = await fetch(`${base}/agents/codemode/${instance}/rpc`, { method: "POST", headers, body: JSON.stringify({ method: "execute", args: ["async () => 1"] }) });
    const j = await r.json();
    if (j.result?.status !== "completed") throw new Error(JSON.stringify(j).slice(0, 300));
  };
}
if (arg("--peer")) {
  const base = arg("--peer");
  systems.peer = async (agent) => {
    const r = await fetch(`${base}/execute?agent=${agent}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code: "async () => 1" }) });
    const j = await r.json();
    if (j.status !== "completed") throw new Error(JSON.stringify(j).slice(0, 300));
  };
}
if (!Object.keys(systems).length) { console.error("give --ours and/or --peer"); process.exit(2); }

const time = async (f) => { const t0 = performance.now(); await f(); return performance.now() - t0; };
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
// Warm the process (and its code paths) on one object first.
for (const [name, execute] of Object.entries(systems)) for (let i = 0; i < 3; i++) await execute(`first-warm-${name}-${Date.now()}`);
const samples = {};
for (let i = 0; i < OBJECTS; i++) {
  const order = i % 2 ? Object.entries(systems).reverse() : Object.entries(systems);
  for (const [name, execute] of order) {
    const object = `first-${Date.now()}-${i}`;
    const first = await time(() => execute(object));
    const warm = [];
    for (let k = 0; k < 5; k++) warm.push(await time(() => execute(object)));
    (samples[name] ??= { first: [], warm: [] }).first.push(first);
    samples[name].warm.push(median(warm));
  }
}
console.log("median ms          first    warm   first/warm");
for (const [name, s] of Object.entries(samples)) {
  console.log(`${name.padEnd(16)} ${median(s.first).toFixed(2).padStart(7)} ${median(s.warm).toFixed(2).padStart(7)}   ${(median(s.first) / median(s.warm)).toFixed(2)}`);
}
