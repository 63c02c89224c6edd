// A Cloudflare agent using the runtime through a service binding, both Workers in one `wrangler
// dev` (workerd): examples/codemode-agent (the `agents` SDK's Agent, the AI SDK's generateText
// with a scripted model, `codemodeTool` from client/) is the primary Worker, configured by its own
// wrangler.jsonc as it is; the runtime is the second, with a copy of wrangler.toml whose `main` is
// a snapshot of the already built build/ (no [build], so no rebuild) and whose `.dev.vars` sets
// CODEMODE_TOKEN. The agent gets the same token from an env file.
//
// A user message to the agent → the model's program runs in the runtime through the binding →
// it pauses on notes.createNote → the approval is given through the agent's own callable →
// the run resumes and the model's answer reports the note. Also: the agent hands out an
// approval link carrying a scoped `approve` token, and a rejection ends the run.
//
// Needs build/ (npm run build); does not build.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { AgentClient } from "agents/client";
import WebSocket from "ws";
import { REPO_ROOT, WORKER_ENTRY } from "./harness.mjs";
import { freePort } from "./fixtures/mcp_server.mjs";
import { remember, spawnWranglerDev, undoAll, waitUntilServing } from "./wrangler_process.mjs";

const READY_TIMEOUT_MS = 180_000;
const T = { timeout: 120_000 };
const TOKEN = "agent-worker-test-token-5521";
const PUBLIC_URL = "https://codemode.example.com";
const WRANGLER = path.join(REPO_ROOT, "node_modules", ".bin", "wrangler");
const AGENT_CONFIG = path.join(REPO_ROOT, "examples", "codemode-agent", "wrangler.jsonc");

/** wrangler.toml without its [build] and [dev] tables (the Worker is already built). */
function withoutBuild(toml) {
  const out = [];
  let skipping = false;
  for (const line of toml.split("\n")) {
    const header = line.match(/^\s*\[+([^\]]+)\]+/);
    if (header) skipping = header[1].trim() === "build" || header[1].trim() === "dev";
    if (!skipping) out.push(line);
  }
  return out.join("\n");
}

let dev;
let dir;
let origin;

after(async () => {
  await undoAll();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Connects to one conversation of the agent (the `agents` package's own client). */
async function agent(name) {
  const client = new AgentClient({ host: origin.replace(/^http:\/\//, ""), agent: "codemode-agent", name, WebSocket });
  remember(async () => client.close());
  await client.ready;
  return client;
}

describe("an agent Worker using the runtime through a service binding (wrangler dev, two Workers)", () => {
  before(async () => {
    assert.ok(existsSync(path.join(REPO_ROOT, WORKER_ENTRY)), `${WORKER_ENTRY} is missing: npm run build`);
    dir = await mkdtemp(path.join(tmpdir(), "codemode-agent-worker-"));
    await cp(path.join(REPO_ROOT, path.dirname(WORKER_ENTRY)), path.join(dir, "runtime", "build"), { recursive: true });
    const runtimeConfig = withoutBuild(await readFile(path.join(REPO_ROOT, "wrangler.toml"), "utf8"));
    assert.match(runtimeConfig, /^name = "codemode-runtime"$/m, "the service the agent binds to");
    await writeFile(path.join(dir, "runtime", "wrangler.toml"), runtimeConfig);
    await writeFile(path.join(dir, "runtime", ".dev.vars"), `CODEMODE_TOKEN=${TOKEN}\n`);
    await writeFile(path.join(dir, "agent.env"), `CODEMODE_TOKEN=${TOKEN}\nCODEMODE_PUBLIC_URL=${PUBLIC_URL}\n`);

    const port = await freePort();
    const inspectorPort = await freePort();
    dev = spawnWranglerDev(
      WRANGLER,
      [
        "dev",
        "-c", AGENT_CONFIG,
        "-c", path.join(dir, "runtime", "wrangler.toml"),
        "--port", String(port),
        "--ip", "127.0.0.1",
        "--inspector-port", String(inspectorPort),
        "--persist-to", path.join(dir, "state"),
        "--env-file", path.join(dir, "agent.env"),
        "--show-interactive-dev-session=false",
      ],
      { cwd: REPO_ROOT, env: { CI: "1" } },
    );
    remember(() => dev.stop());
    origin = `http://127.0.0.1:${port}`;
    const res = await waitUntilServing(dev, `${origin}/not-an-agent`, { readyTimeoutMs: READY_TIMEOUT_MS, fetchTimeoutMs: 30_000 });
    assert.equal(res.status, 404, `the agent Worker answers: ${res.status}\n${dev.tail()}`);
    await res.arrayBuffer();
  }, { timeout: READY_TIMEOUT_MS + 60_000 });

  test("message → the model's program pauses on createNote → approved through the agent → the answer reports the note", T, async () => {
    const name = `conversation-${Date.now()}`;
    const client = await agent(name);

    const first = await client.call("chat", ["Please save a note saying hello."]);
    assert.equal(first.runs.length, 1, JSON.stringify(first));
    const paused = first.runs[0];
    assert.equal(paused.status, "paused", `${JSON.stringify(paused)}\n${dev.tail()}`);
    assert.deepEqual(
      paused.calls.map((c) => [c.connector, c.method, c.state]),
      [["notes", "listNotes", "applied"], ["notes", "createNote", "pending"]],
    );
    assert.equal(first.waiting.length, 1);
    assert.equal(first.waiting[0].method, "createNote");
    assert.equal(first.text, `Writing the note needs your approval (execution ${paused.executionId}); I will not retry it.`);

    // A link for an approver: the inspector page of this conversation with an `approve` token.
    const link = await client.call("approvalLink", [15, "alice@example.com"]);
    const url = new URL(link.url);
    assert.equal(url.origin + url.pathname, `${PUBLIC_URL}/`);
    assert.equal(url.searchParams.get("instance"), name);
    const [, payload] = url.searchParams.get("token").split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    assert.deepEqual({ ...claims, exp: undefined }, { scope: "approve", inst: name, sub: "alice@example.com", exp: undefined });
    assert.equal(claims.exp, link.expiresAt);

    const second = await client.call("approve", [paused.executionId]);
    assert.equal(second.runs.length, 1, JSON.stringify(second));
    const resumed = second.runs[0];
    assert.equal(resumed.status, "completed", JSON.stringify(resumed));
    assert.equal(resumed.executionId, paused.executionId);
    assert.deepEqual(resumed.result, { before: 0, id: 1, text: "hello from the agent" });
    assert.equal(second.text, 'Done: note #1 says "hello from the agent".');
    assert.deepEqual(second.waiting, []);

    // The agent kept the conversation; a second request sees the note written once.
    const third = await client.call("chat", ["And another one."]);
    assert.equal(third.runs[0].status, "paused");
    assert.deepEqual(third.runs[0].calls[0].result.map((n) => n.text), ["hello from the agent"]);
  });

  test("a rejection through the agent ends the run, and the model says so", T, async () => {
    const client = await agent(`rejecting-${Date.now()}`);
    const first = await client.call("chat", ["Save a note."]);
    const { executionId, seq } = first.waiting[0];
    const after = await client.call("reject", [executionId, seq]);
    assert.deepEqual(after.runs, []);
    assert.match(after.text, /^The program failed: /);
    assert.deepEqual(after.waiting, []);
  });
});
