// Smoke test of the real `npx wrangler dev` (runs wrangler.toml's build command first, so it can
// take minutes): wait until GET /tool answers, execute `return 40+2` over /rpc, stop the process group.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { after, test } from "node:test";
import { REPO_ROOT } from "./harness.mjs";

const READY_TIMEOUT_MS = 300_000;

let child;
let exited;
let persistDir;
let output = "";

/** The end of wrangler's output, for failure messages (the build log can be long). */
function tail(n = 6_000) {
  return output.length > n ? `…${output.slice(-n)}` : output;
}

async function freePort() {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

/**
 * Whether a live (non-zombie) process is left in process group `pgid`. Reads /proc where it
 * exists, because an unreaped zombie still answers kill(-pgid, 0).
 */
function groupAlive(pgid) {
  if (existsSync("/proc/self/stat")) {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // exited meanwhile
      }
      // pid (comm) state ppid pgrp ...; comm may contain spaces and parentheses.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) === pgid && state !== "Z" && state !== "X") return true;
    }
    return false;
  }
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits up to `ms` for process group `pgid` to be gone. */
async function groupGone(pgid, ms) {
  const end = Date.now() + ms;
  while (groupAlive(pgid)) {
    if (Date.now() > end) return false;
    await delay(100);
  }
  return true;
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM to wrangler's process group; SIGKILL whatever is left of it after 15 s. */
async function stop() {
  if (!child) return;
  const pid = child.pid;
  child = undefined;
  if (groupAlive(pid)) {
    signalGroup(pid, "SIGTERM");
    if (!(await groupGone(pid, 15_000))) {
      signalGroup(pid, "SIGKILL");
      await groupGone(pid, 5_000);
    }
  }
  await exited;
}

after(async () => {
  await stop();
  if (persistDir) await rm(persistDir, { recursive: true, force: true });
});

test("npx wrangler dev serves the runtime", { timeout: READY_TIMEOUT_MS + 60_000 }, async () => {
  persistDir = await mkdtemp(path.join(tmpdir(), "codemode-wrangler-"));
  const port = await freePort();
  child = spawn(
    "npx",
    ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistDir],
    {
      cwd: REPO_ROOT,
      detached: true, // own process group, so stop() reaches wrangler's workerd too
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
    },
  );
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  let exitInfo = null;
  exited = once(child, "exit").then(([code, signal]) => (exitInfo = { code, signal }));

  const tool = `http://localhost:${port}/agents/codemode/x/tool`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let backoff = 250;
  let res;
  for (;;) {
    if (exitInfo) assert.fail(`wrangler dev exited (${JSON.stringify(exitInfo)}) before serving:\n${tail()}`);
    if (Date.now() > deadline) assert.fail(`wrangler dev not ready after ${READY_TIMEOUT_MS} ms:\n${tail()}`);
    try {
      res = await fetch(tool, { signal: AbortSignal.timeout(10_000) });
      // 502/503 may come from wrangler's proxy while the Worker is still starting.
      if (res.status !== 502 && res.status !== 503) break;
      await res.arrayBuffer();
    } catch {
      // not listening yet
    }
    await Promise.race([delay(backoff), exited]);
    backoff = Math.min(backoff * 2, 2_000);
  }
  assert.equal(res.status, 200, `GET /tool: ${res.status} ${await res.clone().text()}\n${tail()}`);
  assert.equal((await res.json()).name, "codemode");

  const rpc = await fetch(`http://localhost:${port}/agents/codemode/x/rpc`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ method: "execute", args: ["return 40+2"] }),
  });
  const body = await rpc.json();
  assert.equal(rpc.status, 200, JSON.stringify(body));
  assert.equal(body.result.status, "completed", JSON.stringify(body));
  assert.equal(body.result.result, 42);

  const pid = child.pid;
  await stop();
  assert.ok(exitInfo, "wrangler dev did not exit");
  assert.equal(groupAlive(pid), false, "processes of wrangler dev's group are still running");
});
