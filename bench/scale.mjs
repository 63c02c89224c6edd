#!/usr/bin/env node
// How the runtime grows (docs/performance.md, "Scale"): the built Worker in workerd (Miniflare), state in
// /dev/shm when it exists.
//
//   (a) many conversations at once: N objects (N = 1, 10, 100, 1000), each created by its first
//       request (`execute` of a 5-call script) sent all at once, then the same again warm;
//       wall time, requests/s, latency percentiles, and workerd's resident memory after;
//   (b) one object, many runs at once: M concurrent `execute`s (M = 1, 10, 50) of a 20-call script
//       on the same object — one object runs one pass at a time, so they queue;
//   (c) storage of one object: the SQLite file after R runs of C journaled calls each.
//
//   node bench/scale.mjs [--quick] [--out FILE]      (needs build/: npm run build)
//
// Writes bench/results/scale-latest.json unless --out says otherwise.

import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT, base, startRuntime } from "../tests/integration/harness.mjs";

const args = process.argv.slice(2);
const QUICK = args.includes("--quick");
const outIndex = args.indexOf("--out");
const OUT = outIndex >= 0 ? path.resolve(args[outIndex + 1]) : path.join(REPO_ROOT, "bench/results/scale-latest.json");
const OBJECTS = QUICK ? [1, 10, 100] : [1, 10, 100, 1000];
const CONCURRENT_RUNS = QUICK ? [1, 10] : [1, 10, 50];
const STORAGE = QUICK ? { runs: 10, calls: 50 } : { runs: 50, calls: 100 };

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const log = (line) => process.stdout.write(`${line}\n`);

/** Resident memory (MiB) of the workerd processes this benchmark started (Miniflare's runtime). */
function workerdRssMiB() {
  const parents = new Map();
  const statuses = new Map();
  for (const pid of readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      parents.set(pid, status.match(/^PPid:\s+(\d+)/m)?.[1]);
      statuses.set(pid, status);
    } catch {
      // exited meanwhile
    }
  }
  const mine = (pid) => {
    for (let p = pid, hops = 0; p && p !== "0" && hops < 20; p = parents.get(p), hops++) {
      if (p === String(process.pid)) return true;
    }
    return false;
  };
  let kib = 0;
  for (const [pid, status] of statuses) {
    if (/^Name:\s+workerd$/m.test(status) && mine(pid)) kib += Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0);
  }
  return round(kib / 1024);
}

/** `count` requests at once; each `send(i)` resolves to its HTTP status. */
async function burst(count, send) {
  const latencies = [];
  const statuses = {};
  const t0 = nowMs();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const s = nowMs();
      const status = await send(i);
      latencies.push(nowMs() - s);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }),
  );
  const wall = nowMs() - t0;
  latencies.sort((a, b) => a - b);
  return {
    count,
    wallMs: round(wall),
    perSecond: round((count / wall) * 1000),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    maxMs: round(latencies.at(-1)),
    statuses,
  };
}

async function execute(rt, instance, code) {
  const res = await rt.fetch(`${base(instance)}/rpc`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ method: "execute", args: [code] }),
  });
  const body = await res.json();
  if (res.status !== 200 || body.result?.status !== "completed") throw new Error(`execute: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return res.status;
}

const shm = existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
const results = {
  date: new Date().toISOString(),
  commit: (() => {
    try {
      return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
    } catch {
      return "unknown";
    }
  })(),
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGiB: round(os.totalmem() / 2 ** 30), node: process.version },
  loadAverageBefore: os.loadavg().map((x) => round(x, 2)),
};

// (a) many conversations at once
{
  const dir = mkdtempSync(path.join(shm, "codemode-scale-"));
  const rt = await startRuntime({ persistDir: dir });
  const FIVE_CALLS = "const all = []; for (let i = 0; i < 5; i++) all.push(await notes.listNotes()); return all.length";
  results.objects = [];
  log("(a) N objects at once (each: execute of a 5-call script)");
  const rssIdle = workerdRssMiB();
  let created = 0;
  for (const n of OBJECTS) {
    const names = Array.from({ length: n }, (_, i) => `scale-${n}-${i}`);
    const cold = await burst(n, (i) => execute(rt, names[i], FIVE_CALLS));
    const warm = await burst(n, (i) => execute(rt, names[i], FIVE_CALLS));
    created += n;
    const rss = workerdRssMiB();
    results.objects.push({ objects: n, cold, warm, workerdRssMiB: rss, objectsAlive: created });
    log(`  N=${n}: cold ${cold.wallMs} ms (${cold.perSecond}/s, p50 ${cold.p50Ms}, p95 ${cold.p95Ms} ms); warm ${warm.wallMs} ms (${warm.perSecond}/s, p50 ${warm.p50Ms}, p95 ${warm.p95Ms} ms); workerd RSS ${rss} MiB with ${created} objects`);
  }
  results.workerdRssIdleMiB = rssIdle;
  await rt.dispose();
  rmSync(dir, { recursive: true, force: true });
}

// (b) one object, many runs at once
{
  const dir = mkdtempSync(path.join(shm, "codemode-scale-"));
  const rt = await startRuntime({ persistDir: dir });
  const TWENTY_CALLS = "let n = 0; for (let i = 0; i < 20; i++) n += (await notes.listNotes()).length + 1; return n";
  await execute(rt, "one", "return 1");
  results.oneObject = [];
  log("(b) M runs at once on one object (each: 20 sequential calls)");
  for (const m of CONCURRENT_RUNS) {
    const r = await burst(m, () => execute(rt, "one", TWENTY_CALLS));
    results.oneObject.push({ concurrentRuns: m, ...r });
    log(`  M=${m}: ${r.wallMs} ms in all (${round(r.wallMs / m)} ms a run), p50 ${r.p50Ms}, max ${r.maxMs} ms`);
  }
  await rt.dispose();
  rmSync(dir, { recursive: true, force: true });
}

// (c) storage of one object
{
  const dir = mkdtempSync(path.join(shm, "codemode-scale-"));
  const rt = await startRuntime({ persistDir: dir });
  const { runs, calls } = STORAGE;
  const code = `let n = 0; for (let i = 0; i < ${calls}; i++) n += (await notes.listNotes()).length + i; return n`;
  for (let i = 0; i < runs; i++) await execute(rt, "stored", code);
  await rt.dispose(); // flushes the SQLite files
  const files = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.sqlite(-wal|-shm)?$/.test(entry.name)) files.push({ p, bytes: statSync(p).size });
    }
  };
  walk(dir);
  const bytes = files.reduce((s, f) => s + f.bytes, 0);
  results.storage = { runs, callsPerRun: calls, sqliteBytes: bytes, bytesPerJournaledCall: round(bytes / (runs * calls)) };
  log(`(c) one object after ${runs} runs × ${calls} calls: ${round(bytes / 1024)} KiB of SQLite (${results.storage.bytesPerJournaledCall} bytes a journaled call)`);
  rmSync(dir, { recursive: true, force: true });
}

results.loadAverageAfter = os.loadavg().map((x) => round(x, 2));
writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
log(`wrote ${path.relative(REPO_ROOT, OUT)} (load average ${results.loadAverageBefore.join(" ")} → ${results.loadAverageAfter.join(" ")})`);
