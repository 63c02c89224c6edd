// Smoke test of the real `npx wrangler dev` (runs wrangler.toml's build command first, so it can
// take minutes): wait until GET /tool answers, execute `return 40+2` over /rpc, stop the process group.

import assert from "node:assert/strict";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { REPO_ROOT } from "./harness.mjs";
import { groupAlive, spawnWranglerDev, waitUntilServing } from "./wrangler_process.mjs";

const READY_TIMEOUT_MS = 300_000;

/** The running `wrangler dev` (from spawnWranglerDev), until stop(). */
let dev;
let persistDir;

async function freePort() {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

/** SIGTERM to wrangler's process group; SIGKILL whatever is left of it after 15 s. */
async function stop() {
  if (!dev) return;
  const running = dev;
  dev = undefined;
  await running.stop();
}

after(async () => {
  await stop();
  if (persistDir) await rm(persistDir, { recursive: true, force: true });
});

test("npx wrangler dev serves the runtime", { timeout: READY_TIMEOUT_MS + 60_000 }, async () => {
  persistDir = await mkdtemp(path.join(tmpdir(), "codemode-wrangler-"));
  const port = await freePort();
  const wrangler = spawnWranglerDev(
    "npx",
    ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistDir],
    { cwd: REPO_ROOT },
  );
  dev = wrangler;
  const { child, tail } = wrangler;

  const tool = `http://localhost:${port}/agents/codemode/x/tool`;
  const res = await waitUntilServing(wrangler, tool, { readyTimeoutMs: READY_TIMEOUT_MS, fetchTimeoutMs: 10_000 });
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
  assert.ok(wrangler.exitInfo, "wrangler dev did not exit");
  assert.equal(groupAlive(pid), false, "processes of wrangler dev's group are still running");
});
