// `wrangler dev` as a child process for the wrangler suites (wrangler_dev.test.mjs,
// wrangler_connectors.test.mjs): started in its own process group, so that stopping it reaches
// wrangler's workerd too; polled until it serves; stopped with SIGTERM to the group (SIGKILL after
// 15 s). Also a small registry of things to undo, for `after` should a test fail.

import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { freePort } from "./fixtures/mcp_server.mjs";

/** Everything started by a test, undone by its `remember` handle or by `undoAll()`. */
const running = new Set();

/** Registers `undo`; returns a handle that runs it once (later calls, and `undoAll`, skip it). */
export function remember(undo) {
  const once_ = async () => {
    if (!running.delete(once_)) return;
    await undo();
  };
  running.add(once_);
  return once_;
}

/** Runs every remembered undo not yet run, the latest first (for `after`). */
export async function undoAll() {
  for (const undo of [...running].reverse()) await undo();
}

/**
 * Whether a live (non-zombie) process is left in process group `pgid`. Reads /proc where it
 * exists, because an unreaped zombie still answers kill(-pgid, 0).
 */
export function groupAlive(pgid) {
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

/**
 * Spawns `command args` (a `wrangler dev`) in `cwd` as the leader of its own process group, with
 * stdout and stderr collected, metrics off, no colour, and `env` added to this process's environment.
 * Returns `{child, exited, exitInfo, tail, stop}`: `exited` resolves when the child exits,
 * `exitInfo` is then `{code, signal}` (null before), `tail(n)` is the end of the output (for failure
 * messages; the build log can be long), and `stop()` sends SIGTERM to the group, SIGKILL to whatever
 * is left of it after 15 s, and waits for the child's exit.
 */
export function spawnWranglerDev(command, args, { cwd, env = {} }) {
  const child = spawn(command, args, {
    cwd,
    detached: true, // own process group, so stop() reaches wrangler's workerd too
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1", ...env },
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  let exitInfo = null;
  const exited = once(child, "exit").then(([code, signal]) => (exitInfo = { code, signal }));
  const tail = (n = 6_000) => (output.length > n ? `…${output.slice(-n)}` : output);

  async function stop() {
    const pid = child.pid;
    if (groupAlive(pid)) {
      signalGroup(pid, "SIGTERM");
      if (!(await groupGone(pid, 15_000))) {
        signalGroup(pid, "SIGKILL");
        await groupGone(pid, 5_000);
      }
    }
    await exited;
  }

  return {
    child,
    exited,
    get exitInfo() {
      return exitInfo;
    },
    tail,
    stop,
  };
}

/**
 * Polls GET `url` (each attempt aborted after `fetchTimeoutMs`) with a growing pause (250 ms to
 * 2 s) until it answers other than 502/503, which may come from wrangler's proxy while the Worker is
 * still starting. Fails if `dev` (from `spawnWranglerDev`) exits first or after `readyTimeoutMs`.
 * Returns the response.
 */
export async function waitUntilServing(dev, url, { readyTimeoutMs, fetchTimeoutMs }) {
  const deadline = Date.now() + readyTimeoutMs;
  let backoff = 250;
  let res;
  for (;;) {
    if (dev.exitInfo) assert.fail(`wrangler dev exited (${JSON.stringify(dev.exitInfo)}) before serving:\n${dev.tail()}`);
    if (Date.now() > deadline) assert.fail(`wrangler dev not ready after ${readyTimeoutMs} ms:\n${dev.tail()}`);
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(fetchTimeoutMs) });
      // 502/503 may come from wrangler's proxy while the Worker is still starting.
      if (res.status !== 502 && res.status !== 503) break;
      await res.arrayBuffer();
    } catch {
      // not listening yet
    }
    await Promise.race([delay(backoff), dev.exited]);
    backoff = Math.min(backoff * 2, 2_000);
  }
  return res;
}

/**
 * `wrangler dev -c config` on free loopback ports with its state under `dir/state`, started in
 * `dir` (extra `args` appended), polled until GET `probe` answers; the stop is remembered.
 * Returns `{dev, origin, response}` (the probe's response, body unread).
 */
export async function serveWithWranglerDev(wrangler, config, dir, { probe, args = [], readyTimeoutMs = 180_000 }) {
  const port = await freePort();
  const inspectorPort = await freePort();
  const dev = spawnWranglerDev(
    wrangler,
    [
      "dev",
      "-c", config,
      "--port", String(port),
      "--ip", "127.0.0.1",
      "--inspector-port", String(inspectorPort),
      "--persist-to", `${dir}/state`,
      "--show-interactive-dev-session=false",
      ...args,
    ],
    { cwd: dir, env: { CI: "1" } },
  );
  remember(() => dev.stop());
  const origin = `http://127.0.0.1:${port}`;
  const response = await waitUntilServing(dev, `${origin}${probe}`, { readyTimeoutMs, fetchTimeoutMs: 60_000 });
  return { dev, origin, response };
}

/**
 * `npm pack`s the package in `packageDir` into `project` and unpacks the tarball as
 * `project/node_modules/<name>`, as `npm i <tarball>` would for a package without dependencies.
 * Returns npm's description of the tarball (`{filename, files, ...}`).
 */
export function installPacked(packageDir, project) {
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", project], { cwd: packageDir, encoding: "utf8" }),
  );
  const target = `${project}/node_modules/${packed.name}`;
  execFileSync("mkdir", ["-p", target]);
  execFileSync("tar", ["xzf", `${project}/${packed.filename}`, "-C", target, "--strip-components=1"]);
  return packed;
}
