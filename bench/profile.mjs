// Where a Worker's time goes in workerd: V8's sampling profiler, through the inspector of a
// `wrangler dev --inspector-port N`, while one script runs over and over; prints the functions
// with the most samples (self and inclusive), wasm and JavaScript alike. Profiling slows the run:
// read shares, not times. Wasm functions have names only if the module kept its name section
// (`CODEMODE_NO_WASM_OPT=1 bash scripts/build-worker.sh`; wasm-opt drops it).
//
// usage: node bench/profile.mjs --url http://127.0.0.1:8787 --inspector 9229
//          [--case trivial|parallel|sequential|data|loop|baseline] [--runs 50] [--top 40]
//          [--interval-us 50] [--under REGEX] [--json FILE]
// --under: count only the samples whose stack passes through a function matching REGEX, and only
// the frames below it (what that function spends its time on).
import { writeFileSync } from "node:fs";
import WebSocket from "ws";
import { sbsScripts } from "./sbs-scripts.mjs";

const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const URL_ = arg("--url"), INSPECTOR = arg("--inspector");
if (!URL_ || !INSPECTOR) {
  console.error("usage: node bench/profile.mjs --url URL --inspector PORT [--case NAME] [--runs N] [--top N]");
  process.exit(2);
}
const CASE = arg("--case", "trivial"), RUNS = Number(arg("--runs", 50)), TOP = Number(arg("--top", 40));
const token = process.env.CODEMODE_TOKEN;

if (CASE !== "baseline" && !sbsScripts[CASE]) {
  console.error(`unknown case ${CASE}: ${Object.keys(sbsScripts).join(", ")}, baseline`);
  process.exit(2);
}

const inst = `profile-${Date.now()}`;
const H = { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) };
async function once() {
  if (CASE === "baseline") {
    await (await fetch(`${URL_}/agents/codemode/${inst}/tool`, { headers: H })).text();
    return;
  }
  const r = await fetch(`${URL_}/agents/codemode/${inst}/rpc`, {
    method: "POST", headers: H, body: JSON.stringify({ method: "execute", args: [sbsScripts[CASE]] }),
  });
  const j = await r.json();
  if (j.result?.status !== "completed") throw new Error(`expected completed, got ${JSON.stringify(j).slice(0, 300)}`);
}

// The inspector's targets: the Worker's (wrangler dev names it after the script).
const targets = await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json();
const target = targets.find((t) => t.webSocketDebuggerUrl);
if (!target) throw new Error(`no debuggable target at port ${INSPECTOR}: ${JSON.stringify(targets)}`);
const ws = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve, reject) => { ws.once("open", resolve); ws.once("error", reject); });
let nextId = 1;
const waiting = new Map();
ws.on("message", (data) => {
  const message = JSON.parse(data);
  const pending = message.id && waiting.get(message.id);
  if (!pending) return;
  waiting.delete(message.id);
  message.error ? pending.reject(new Error(JSON.stringify(message.error))) : pending.resolve(message.result);
});
const send = (method, params = {}) => new Promise((resolve, reject) => {
  const id = nextId++;
  waiting.set(id, { resolve, reject });
  ws.send(JSON.stringify({ id, method, params }));
});

for (let i = 0; i < 3; i++) await once(); // warm up: the runtime built, the prelude compiled
await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: Number(arg("--interval-us", 50)) });
await send("Profiler.start");
const started = performance.now();
for (let i = 0; i < RUNS; i++) await once();
const wall = performance.now() - started;
const { profile } = await send("Profiler.stop");
ws.close();

// Self samples per node, then per function (name + where), and inclusive per function (counted
// once per sample however often it recurs on that stack).
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n) => {
  const f = n.callFrame;
  const where = f.url ? f.url.replace(/^.*\//, "") : "";
  return `${f.functionName || "(anonymous)"}${where ? ` [${where}]` : ""}`;
};
const under = arg("--under") ? new RegExp(arg("--under")) : null;
const self = new Map(), inclusive = new Map();
let total = 0;
for (const id of profile.samples) {
  const stack = [];
  for (let at = id; at !== undefined; at = parent.get(at)) stack.push(label(byId.get(at)));
  let below = stack;
  if (under) {
    const at = stack.findLastIndex((n) => under.test(n)); // the outermost match
    if (at < 0) continue;
    below = stack.slice(0, at + 1);
  }
  total++;
  self.set(below[0], (self.get(below[0]) ?? 0) + 1);
  for (const n of new Set(below)) inclusive.set(n, (inclusive.get(n) ?? 0) + 1);
}
const idle = (self.get("(idle)") ?? 0) + (self.get("(program)") ?? 0);
const pct = (x) => `${((100 * x) / total).toFixed(1).padStart(5)}%`;
console.log(`case ${CASE}: ${RUNS} runs in ${wall.toFixed(0)} ms (profiled), ${profile.samples.length} samples${under ? `, ${total} under ${under}` : ""}, ${pct(idle)} idle or program`);
const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP);
console.log("\nself:");
for (const [name, n] of top(self)) console.log(`${pct(n)}  ${name}`);
console.log("\ninclusive:");
for (const [name, n] of top(inclusive)) console.log(`${pct(n)}  ${name}`);
if (arg("--json")) {
  writeFileSync(arg("--json"), JSON.stringify({ case: CASE, runs: RUNS, wallMs: wall, samples: total, self: top(self), inclusive: top(inclusive) }, null, 2));
}
