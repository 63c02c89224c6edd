// Runs examples/agent-e2e/agent.mjs as a child process against the Worker in Miniflare: an AI SDK
// generateText loop (scripted test model, no network) calls `codemode` through the AI SDK's MCP
// client, gets a paused run, and waits; the test approves (or rejects) over the Agents WebSocket,
// and the agent — woken by the `cf_codemode_changed` push — reads the resumed run and answers.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { after, before, describe, test } from "node:test";
import { assertMatches, newInstance, REPO_ROOT, startRuntime } from "./harness.mjs";

const T = { timeout: 90_000 };
const AGENT = path.join(REPO_ROOT, "examples", "agent-e2e", "agent.mjs");

/** Starts the example; `next()` resolves with its next stdout JSON line, `exit` with its exit code. */
function runAgent(args) {
  const child = spawn(process.execPath, [AGENT, ...args], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const lines = [];
  const waiting = [];
  let ended = false;
  createInterface({ input: child.stdout })
    .on("line", (line) => {
      const event = JSON.parse(line);
      const w = waiting.shift();
      if (w) w.resolve(event);
      else lines.push(event);
    })
    .on("close", () => {
      ended = true;
      for (const w of waiting.splice(0)) w.reject(new Error(`the agent's output ended; stderr:\n${stderr}`));
    });
  const exit = new Promise((resolve) => child.on("exit", (code) => resolve({ code, stderr })));
  function next() {
    if (lines.length) return Promise.resolve(lines.shift());
    if (ended) return Promise.reject(new Error(`the agent's output ended; stderr:\n${stderr}`));
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  }
  return { child, next, exit };
}

describe("AI SDK agent over MCP (examples/agent-e2e)", () => {
  let rt;
  const children = [];
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    for (const c of children) c.kill();
    await rt?.dispose();
  });

  test("the agent's codemode call pauses; approving over WebSocket resumes it and the agent sees the result", T, async () => {
    const instance = newInstance();
    const agent = runAgent(["--url", rt.url, "--instance", instance, "--wait"]);
    children.push(agent.child);

    const first = await agent.next();
    assert.equal(first.event, "turn");
    assert.deepEqual(first.toolCalls.map((c) => c.toolName), ["codemode"]);
    assert.match(first.toolCalls[0].input.code, /notes\.createNote/);
    assert.equal(first.toolResults.length, 1);
    const paused = first.toolResults[0];
    assertMatches(paused, {
      status: "paused",
      pending: [{ seq: 1, connector: "notes", method: "createNote", args: { text: "hello from the agent" } }],
      calls: [{ method: "listNotes", state: "applied" }, { method: "createNote", state: "pending" }],
    });
    const id = paused.executionId;
    // The model read the report through the MCP tool result and answered from it.
    assert.equal(first.modelSaw.length, 2);
    assert.match(first.modelSaw[1], /^Script paused/);
    assert.equal(first.text, `Writing the note needs your approval (execution ${id}); I will not retry it.`);

    // The run waits in the runtime, as the agent said.
    const ws = await rt.ws(instance);
    const pending = await ws.call("pendingApprovals");
    assertMatches(pending, { success: true, result: [{ executionId: id, seq: 1 }] });
    const approved = await ws.call("approveExecution", id);
    assertMatches(approved, {
      success: true,
      done: true,
      result: { status: "completed", executionId: id, result: { before: 0, id: 1, text: "hello from the agent" } },
    });
    await ws.close();

    const resumed = await agent.next();
    assertMatches(resumed, {
      event: "resumed",
      execution: { id, status: "completed", result: { before: 0, id: 1, text: "hello from the agent" } },
    });
    const last = await agent.next();
    assertMatches(last, { event: "turn", toolCalls: [], toolResults: [] });
    assert.match(last.modelSaw[0], /^Resumed run: completed\nScript completed/);
    assert.equal(last.text, 'Done: {"before":0,"id":1,"text":"hello from the agent"}');
    assert.deepEqual(await agent.exit, { code: 0, stderr: "" });

    // Exactly one note was written: the approval replayed the journal and ran createNote once.
    const notes = await rt.call(instance, "execute", "return await notes.listNotes()");
    assert.deepEqual(notes.result.map((n) => n.text), ["hello from the agent"]);
  });

  test("rejecting over WebSocket: the agent sees the rejected run", T, async () => {
    const instance = newInstance();
    const agent = runAgent(["--url", rt.url, "--instance", instance, "--wait"]);
    children.push(agent.child);
    const first = await agent.next();
    const paused = first.toolResults[0];
    assert.equal(paused.status, "paused", JSON.stringify(first));

    const ws = await rt.ws(instance);
    const rejected = await ws.call("rejectExecution", paused.executionId, 1);
    assertMatches(rejected, { success: true, result: true });
    await ws.close();

    const resumed = await agent.next();
    assertMatches(resumed, { event: "resumed", execution: { id: paused.executionId, status: "rejected" } });
    const last = await agent.next();
    assert.match(last.modelSaw[0], /^Resumed run: rejected/);
    assert.match(last.text, /^It did not work: /);
    assert.equal((await agent.exit).code, 0);
    const notes = await rt.call(instance, "execute", "return await notes.listNotes()");
    assert.deepEqual(notes.result, []);
  });

  test("without --wait the agent stops at the paused answer and the run stays pending", T, async () => {
    const instance = newInstance();
    const agent = runAgent(["--url", rt.url, "--instance", instance]);
    children.push(agent.child);
    const first = await agent.next();
    assert.equal(first.toolResults[0].status, "paused");
    assert.equal((await agent.exit).code, 0);
    assert.equal((await rt.call(instance, "pendingApprovals")).length, 1);
  });
});
