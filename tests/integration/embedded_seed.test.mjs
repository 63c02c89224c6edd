// The guide this project answers (../shared/seeds/000_6d67437939fa3413.txt), done as its reader
// does it with this package: its `src/notes-connector.ts` and `src/server.ts`, copied from the
// guide's text with only the import line changed to `codemode-runtime` (from `npm pack`'s
// tarball), type-checked with tsc, and served by `wrangler dev`. Around them only what the guide
// leaves to the reader: `./model` (the AI SDK's scripted test model, fixtures/seed-app/model.ts),
// the Worker's router and its wrangler.jsonc.
//
// A user message over the agent's chat protocol → the model's program pauses on createNote → the
// guide's `pendingApprovals` shows it → `approveExecution` completes it; `rejectExecution` ends
// another; `rollbackExecution` removes the note through the connector's revert; `saveSnippet`;
// workerd restarted while a run is paused → the approval still completes it, createNote applied
// once.
//
// Needs packages/codemode built (scripts/build-package.sh, run by `npm test`); does not build.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { AgentClient } from "agents/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import WebSocket from "ws";
import { REPO_ROOT } from "./harness.mjs";
import { freePort, startMcpServer } from "./fixtures/mcp_server.mjs";
import { PETSTORE_SPEC, startPrism } from "./fixtures/prism.mjs";
import { installPacked, remember, serveWithWranglerDev, undoAll } from "./wrangler_process.mjs";
import { allCases } from "./fixtures/reference_cases/index.mjs";
import { DECLARING, typeDifferences } from "./fixtures/reference_cases/declared.mjs";
import { failures } from "./fixtures/reference_cases/expect.mjs";
import { referenceEntries, referenceFns } from "./fixtures/reference_cases/reference.mjs";
import { runSteps, stepFailures } from "./fixtures/reference_cases/steps.mjs";
import { callAll } from "./fixtures/reference_cases/revive.mjs";

const READY_TIMEOUT_MS = 180_000;
const T = { timeout: 120_000 };
const WRANGLER = path.join(REPO_ROOT, "node_modules", ".bin", "wrangler");
const TSC = path.join(REPO_ROOT, "node_modules", ".bin", "tsc");
const PACKAGE_DIR = path.join(REPO_ROOT, "packages", "codemode");
// The guide's text, copied from the project's ../shared/seeds so the suite runs wherever the
// repository is cloned; where that file is present, the copy is checked against it.
const SEED = path.join(REPO_ROOT, "tests", "integration", "fixtures", "seed-guide.txt");
const SHARED_SEED = path.resolve(REPO_ROOT, "..", "shared", "seeds", "000_6d67437939fa3413.txt");
const FIXTURE = path.join(REPO_ROOT, "tests", "integration", "fixtures", "seed-app");
const REFERENCE_CASES = path.join(REPO_ROOT, "tests", "integration", "fixtures", "reference_cases");

let dir;
let dev;
let origin;
let mcp;
let prism;
let latePort;
const MCP_TOKEN = "seed-app-mcp-token";

after(async () => {
  await undoAll();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * The TypeScript file the guide shows under the heading `file` (a line of its own): the lines
 * after it up to the guide's next paragraph of prose, with `@cloudflare/codemode` imports changed
 * to `codemode-runtime`.
 */
function seedFile(text, file) {
  const lines = text.split("\n");
  const start = lines.indexOf(file);
  assert.ok(start >= 0, `the guide has no ${file}`);
  const end = lines.findIndex((line, i) => i > start + 1 && /[А-Яа-я]/.test(line));
  const code = lines.slice(start + 1, end).join("\n").trim() + "\n";
  const changed = code.replaceAll('from "@cloudflare/codemode"', 'from "codemode-runtime"');
  assert.notEqual(changed, code, `${file}: no import to change`);
  assert.doesNotMatch(changed, /@cloudflare\/codemode/);
  return changed;
}

async function start() {
  let response;
  ({ dev, origin, response } = await serveWithWranglerDev(WRANGLER, path.join(dir, "wrangler.jsonc"), dir, {
    probe: "/not-an-agent",
    args: [
      "--var", `MCP_URL:${mcp.url}`,
      "--var", `MCP_TOKEN:${MCP_TOKEN}`,
      "--var", `MCP_LATE_URL:http://127.0.0.1:${latePort}/mcp`,
      "--var", `PETSTORE_URL:${prism.url}`,
    ],
  }));
  assert.equal(response.status, 404, `the Worker answers: ${response.status}\n${dev.tail()}`);
  await response.arrayBuffer();
}

/** The guide's `@callable` methods of one conversation, through the `agents` package's client. */
async function agent(name) {
  const client = new AgentClient({ host: origin.replace(/^http:\/\//, ""), agent: "chat", name, WebSocket });
  remember(async () => client.close());
  await client.ready;
  return client;
}

/**
 * Sends a user message over the chat protocol (`cf_agent_use_chat_request`, as `useAgentChat`
 * does) and returns the assistant's streamed text once the turn is done.
 */
async function chat(name, text) {
  const ws = new WebSocket(`${origin.replace(/^http/, "ws")}/agents/chat/${name}`);
  remember(async () => ws.close());
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const id = `request-${Date.now()}`;
  const message = { id: `message-${Date.now()}`, role: "user", parts: [{ type: "text", text }] };
  let said = "";
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to "${text}"; so far: ${said}\n${dev.tail(3000)}`)), 60_000);
    ws.on("message", (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type !== "cf_agent_use_chat_response" || frame.id !== id) return;
      if (frame.error) {
        clearTimeout(timer);
        reject(new Error(`the turn failed: ${frame.body}`));
        return;
      }
      if (frame.body) {
        const chunk = JSON.parse(frame.body);
        if (chunk.type === "text-delta") said += chunk.delta;
      }
      if (frame.done) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  ws.send(
    JSON.stringify({
      type: "cf_agent_use_chat_request",
      id,
      init: { method: "POST", body: JSON.stringify({ messages: [message] }) },
    }),
  );
  await done;
  ws.close();
  return said;
}

/** The execution a paused answer names. */
function pausedExecution(answer) {
  const id = answer.match(/needs your approval \(execution ([0-9a-f-]{36})\)/)?.[1];
  assert.ok(id, `not a paused answer: ${answer}`);
  return id;
}

describe("the guide's Chat agent and NotesConnector on the package (npm pack, tsc, wrangler dev)", () => {
  before(async () => {
    assert.ok(existsSync(path.join(PACKAGE_DIR, "dist", "index.js")), "packages/codemode is not built: bash scripts/build-package.sh");
    // Inside the repository, so that the guide's other imports (agents, ai, @cloudflare/ai-chat)
    // resolve from its node_modules; this package comes from its tarball.
    await mkdir(path.join(REPO_ROOT, "test-output"), { recursive: true });
    dir = path.join(REPO_ROOT, "test-output", `seed-app-${Date.now()}`);
    await mkdir(path.join(dir, "src"), { recursive: true });
    const guide = await readFile(SEED, "utf8");
    if (existsSync(SHARED_SEED)) assert.equal(guide, await readFile(SHARED_SEED, "utf8"), "fixtures/seed-guide.txt differs from the seed: copy it again");
    await writeFile(path.join(dir, "src", "notes-connector.ts"), seedFile(guide, "src/notes-connector.ts"));
    await writeFile(path.join(dir, "src", "server.ts"), seedFile(guide, "src/server.ts"));
    for (const file of ["model.ts", "index.ts", "env.d.ts"]) await cp(path.join(FIXTURE, file), path.join(dir, "src", file));
    for (const file of ["wrangler.jsonc", "tsconfig.json"]) await cp(path.join(FIXTURE, file), path.join(dir, file));
    await cp(PETSTORE_SPEC, path.join(dir, "src", "petstore.json"));
    // What of the ported reference tests runs in the agent (no Node modules).
    const stepFiles = (await readdir(REFERENCE_CASES)).filter((file) => file.endsWith("_steps.mjs"));
    for (const file of ["revive.mjs", "revive.d.mts", "steps.mjs", "steps.d.mts", ...stepFiles]) {
      await cp(path.join(REFERENCE_CASES, file), path.join(dir, "src", file));
    }
    installPacked(PACKAGE_DIR, dir);
    mcp = await startMcpServer({ requireToken: MCP_TOKEN, delayMs: 10 });
    remember(() => mcp.close());
    prism = await startPrism();
    remember(() => prism.close());
    latePort = await freePort();
    execFileSync(TSC, ["-p", path.join(dir, "tsconfig.json")], { cwd: dir, stdio: "inherit" });
    await start();
  }, { timeout: READY_TIMEOUT_MS + 120_000 });

  test("a message → the program pauses on createNote → pendingApprovals → approveExecution completes it", T, async () => {
    const name = `approve-${Date.now()}`;
    const execution = pausedExecution(await chat(name, "Please save a note."));
    const client = await agent(name);
    const pending = await client.call("pendingApprovals", []);
    assert.deepEqual(pending, [
      { executionId: execution, seq: 1, connector: "notes", method: "createNote", args: { text: "hello from the seed" } },
    ]);
    const done = await client.call("approveExecution", [execution]);
    assert.equal(done.status, "completed", JSON.stringify(done));
    assert.deepEqual(done.result, { before: 0, text: "hello from the seed" });
    assert.deepEqual(await client.call("pendingApprovals", []), []);

    const snippet = await client.call("saveSnippet", ["seed_note", "Writes the seed's note", execution]);
    assert.equal(snippet.name, "seed_note");
    assert.deepEqual((await client.call("snippets", [])).map((s) => s.name), ["seed_note"]);

    // The next message's program reads the note written once.
    const again = pausedExecution(await chat(name, "And another."));
    const [latest] = await client.call("executionHistory", []);
    assert.equal(latest.id, again);
    assert.deepEqual(latest.calls[0].result.map((n) => n.text), ["hello from the seed"]);
  });

  test("rejectExecution ends a paused run; rollbackExecution removes the note through revert", T, async () => {
    const name = `reject-${Date.now()}`;
    const first = pausedExecution(await chat(name, "Save a note."));
    const client = await agent(name);
    assert.equal(await client.call("rejectExecution", [first, 1]), true);
    const history = await client.call("executionHistory", []);
    assert.equal(history.find((e) => e.id === first).status, "rejected");

    const second = pausedExecution(await chat(name, "Save it after all."));
    assert.equal((await client.call("approveExecution", [second])).status, "completed");
    await client.call("rollbackExecution", [second]);
    const rolledBack = (await client.call("executionHistory", [])).find((e) => e.id === second);
    assert.equal(rolledBack.status, "rolled_back");
    assert.equal(rolledBack.calls[1].state, "reverted");

    pausedExecution(await chat(name, "Once more."));
    const [latest] = await client.call("executionHistory", []);
    assert.deepEqual(latest.calls[0].result, [], "the note is gone");
  });

  test("a run waiting on a timer is resumed by the agent's own schedule() calling wake()", T, async () => {
    const client = new AgentClient({ host: origin.replace(/^http:\/\//, ""), agent: "timed", name: `timer-${Date.now()}`, WebSocket });
    remember(async () => client.close());
    await client.ready;
    const code = `async () => {
      const before = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return { waited: Date.now() - before, notes: (await notes.listNotes()).length };
    }`;
    const waiting = await client.call("run", [code]);
    assert.equal(waiting.status, "waiting", JSON.stringify(waiting));
    assert.equal(await client.call("nextWakeAt", []), waiting.wakeAt, "the wake-up it asked the agent for");
    const deadline = Date.now() + 30_000;
    let state;
    do {
      await new Promise((resolve) => setTimeout(resolve, 500));
      state = await client.call("execution", [waiting.executionId]);
    } while (state.status === "waiting" && Date.now() < deadline);
    assert.equal(state.status, "completed", JSON.stringify(state));
    assert.deepEqual(state.result, { waited: 2000, notes: 0 }, "the virtual clock moved by the timer");
    assert.equal(await client.call("nextWakeAt", []), null);

    const second = await client.call("run", ["async () => 2"]);
    assert.equal(second.status, "completed");
    assert.deepEqual(await client.call("forget", [waiting.executionId]), [true, false, 1], "deleted once, then the other pruned");
    await assert.rejects(client.call("execution", [second.executionId]), /no execution has id/);
  });

  test("an MCP server declared with McpConnector: its tools, its secret header, approval by name", T, async () => {
    const client = new AgentClient({ host: origin.replace(/^http:\/\//, ""), agent: "timed", name: `mcp-${Date.now()}`, WebSocket });
    remember(async () => client.close());
    await client.ready;
    const sum = await client.call("run", ["async () => remote.add({ a: 2, b: 3 })"]);
    assert.equal(sum.status, "completed", JSON.stringify(sum));
    assert.equal(sum.result, 5, "the text answer parsed as JSON");
    assert.ok(mcp.stats.authorizations.includes(`Bearer ${MCP_TOKEN}`), "the secret header reached the server");
    const paused = await client.call("run", ['async () => remote.echo({ text: "hi" })']);
    assert.equal(paused.status, "paused", "echo is listed in requireApproval");
    assert.equal(paused.pending[0].connector, "remote");
  });

  test("a tool that throws, returns a BigInt or returns nothing: the script sees an Error or null", T, async () => {
    const client = new AgentClient({ host: origin.replace(/^http:\/\//, ""), agent: "timed", name: `quirky-${Date.now()}`, WebSocket });
    remember(async () => client.close());
    await client.ready;
    const code = `async () => {
      const caught = async (f) => { try { return await f(); } catch (e) { return \`\${e.name}: \${e.message}\`; } };
      return {
        boom: await caught(() => quirky.boom()),
        big: await caught(() => quirky.big()),
        nothing: await quirky.nothing(),
        context: await quirky.context(),
      };
    }`;
    const out = await client.call("run", [code]);
    assert.equal(out.status, "completed", JSON.stringify(out));
    assert.equal(out.result.boom, "Error: kaboom");
    assert.equal(out.result.big, "Error: the result of quirky.big is not JSON (Do not know how to serialize a BigInt); the call ran");
    assert.equal(out.result.nothing, null);
    assert.deepEqual(out.result.context, {
      executionId: out.executionId,
      seq: 3,
      method: "context",
      idempotencyKey: `${out.executionId}:3`,
    });
    assert.deepEqual(out.calls.map((c) => c.state), ["error", "error", "applied", "applied"], "failures are journaled as errors");
  });

  test("a declared service down when the runtime opens: runs wait for it, and a later call reaches it", T, async () => {
    const client = new AgentClient({ host: origin.replace(/^http:\/\//, ""), agent: "late", name: `late-${Date.now()}`, WebSocket });
    remember(async () => client.close());
    await client.ready;
    await assert.rejects(client.call("run", ["async () => 1"]), /late/, "CONNECTOR_UNAVAILABLE, naming the service");
    const late = await startMcpServer({ port: latePort, delayMs: 10 });
    remember(() => late.close());
    const deadline = Date.now() + 20_000;
    let out;
    while (!out && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      out = await client.call("run", ["async () => late.add({ a: 1, b: 2 })"]).catch(() => undefined);
    }
    assert.equal(out?.status, "completed", JSON.stringify(out));
    assert.equal(out.result, 3);
  });

  test("onProgress hears the runtime's own events: each call's changes, and each stored change once", T, async () => {
    const client = new AgentClient({ host: origin.replace(/^http:\/\//, ""), agent: "timed", name: `events-${Date.now()}`, WebSocket });
    remember(async () => client.close());
    await client.ready;
    const out = await client.call("run", ['async () => { console.log("hello"); return (await notes.listNotes()).length; }']);
    assert.equal(out.status, "completed");
    const events = (await client.call("events", [])).filter((e) => e.executionId === out.executionId);
    const told = events.map((e) =>
      e.type === "cf_codemode_progress" ? `${e.method} ${e.state}` : e.type === "cf_codemode_output" ? `log ${e.line}` : `changed ${e.method} ${e.status}`,
    );
    assert.deepEqual(told, ["log hello", "listNotes started", "listNotes applied", "changed execute completed"], JSON.stringify(events));
  });

  test("as the reference answers: describe of an unknown path, code too large", T, async () => {
    const client = new AgentClient({ host: origin.replace(/^http:\/\//, ""), agent: "timed", name: `answers-${Date.now()}`, WebSocket });
    remember(async () => client.close());
    await client.ready;
    assert.deepEqual(await client.call("describe", ["notes.nothingHere"]), { path: "notes.nothingHere", kind: "method", types: '"notes.nothingHere" not found.' });
    const big = await client.call("run", [`async () => ${JSON.stringify("x".repeat(70_000))}.length`]);
    assert.equal(big.status, "error");
    assert.equal(big.errorCode, "CODE_TOO_LARGE");
    assert.equal(big.executionId, "");
  });

  test("a connector that cannot be a global: every call refuses with the reason, and the object keeps serving", T, async () => {
    const client = new AgentClient({ host: origin.replace(/^http:\/\//, ""), agent: "misconfigured", name: `bad-${Date.now()}`, WebSocket });
    remember(async () => client.close());
    await client.ready;
    for (let i = 0; i < 2; i++) {
      await assert.rejects(client.call("run", ["async () => 1"]), /connector name `1notes` is not a JavaScript identifier/);
    }
  });

  /** The Linked agent (McpConnector and OpenApiConnector subclasses) of one conversation. */
  async function linked(name) {
    const client = new AgentClient({ host: origin.replace(/^http:\/\//, ""), agent: "linked", name, WebSocket });
    remember(async () => client.close());
    await client.ready;
    return client;
  }

  test("an McpConnector subclass over the agents SDK's connection: the server's tools, approval by annotation and by tool(), the key in _meta", T, async () => {
    const client = await linked(`mcp-sub-${Date.now()}`);
    const sum = await client.call("run", ["async () => loop.add({ a: 2, b: 3 })"]);
    assert.equal(sum.status, "completed", JSON.stringify(sum));
    assert.equal(sum.result, 5, "the text answer parsed as JSON");
    const described = await client.call("describe", ["loop.deleteItem"]);
    assert.equal(described.requiresApproval, true, JSON.stringify(described));
    assert.match(described.types, /Deletes an item for good/, "the server's description");
    assert.equal((await client.call("describe", ["loop.readOnlyNote"])).requiresApproval, false);

    const paused = await client.call("run", ['async () => loop.deleteItem({ id: "sub-1" })']);
    assert.equal(paused.status, "paused", "destructiveHint: approval by the core's rule");
    assert.deepEqual(paused.pending.map((p) => [p.connector, p.method, p.args]), [["loop", "deleteItem", { id: "sub-1" }]]);
    assert.equal(mcp.stats.calls["delete-item"] ?? 0, 0, "nothing reached the server before the approval");
    const done = await client.call("approve", [paused.executionId]);
    assert.equal(done.status, "completed", JSON.stringify(done));
    assert.deepEqual(done.result, { deleted: "sub-1" });
    assert.ok(mcp.stats.metaKeys.includes(`${paused.executionId}:0`), `the call's key in _meta: ${JSON.stringify(mcp.stats.metaKeys)}`);

    const echoed = await client.call("run", ['async () => loop.echo({ text: "hi" })']);
    assert.equal(echoed.status, "paused", "the subclass's tool() hook asked for approval");
    const failed = await client.call("run", ['async () => { try { await loop.fail({ reason: "no" }); } catch (e) { return e.message; } }']);
    assert.equal(failed.result, "failed: no", "isError rejects with the tool's text");
  });

  test("an OpenApiConnector subclass: operations as methods, request() handed the path with its parameters, writes need approval", T, async () => {
    const client = await linked(`openapi-sub-${Date.now()}`);
    prism.clear();
    const pet = await client.call("run", ["async () => pets.getPetById({ petId: 7 })"]);
    assert.equal(pet.status, "completed", JSON.stringify(pet));
    assert.deepEqual(pet.result.handed, { path: "/pet/7", method: "GET" });
    assert.equal(typeof pet.result.answer, "object");
    const found = await client.call("run", ['async () => pets.findPetsByStatus({ status: ["sold"] })']);
    assert.equal(found.status, "completed", JSON.stringify(found));
    assert.deepEqual(found.result.handed, { path: "/pet/findByStatus", method: "GET", params: { status: ["sold"] } });
    assert.deepEqual(prism.requests.map((r) => `${r.method} ${r.url} ${r.headers.api_key}`), [
      "GET /pet/7 petstore-key",
      "GET /pet/findByStatus?status=sold petstore-key",
    ]);

    const invalid = await client.call("run", ["async () => pets.getPetById({})"]);
    assert.equal(invalid.status, "error", JSON.stringify(invalid));
    assert.match(invalid.error, /petId/, "the arguments are checked against the operation's schema");
    assert.equal(prism.requests.length, 2, "an invalid call sends nothing");

    const added = await client.call("run", ['async () => pets.placeOrder({ body: { petId: 7, quantity: 2, status: "placed" } })']);
    assert.equal(added.status, "paused", "a POST needs approval");
    const done = await client.call("approve", [added.executionId]);
    assert.equal(done.status, "completed", JSON.stringify(done));
    assert.deepEqual(done.result.handed, { path: "/store/order", method: "POST", body: { petId: 7, quantity: 2, status: "placed" } });
    assert.equal(prism.requests.at(-1).json.petId, 7);

    // The `request` escape hatch: approval first, and only the service's own paths.
    const sent = prism.requests.length;
    const hatch = await client.call("run", ['async () => { const out = []; for (const path of ["/../admin", "//elsewhere.test/x", "/pet/5"]) { try { out.push((await pets.request({ path })).handed.path); } catch (e) { out.push(e.message); } } return out; }']);
    assert.equal(hatch.status, "paused", "request needs approval");
    let answer = await client.call("approve", [hatch.executionId]);
    while (answer.status === "paused") answer = await client.call("approve", [answer.executionId]);
    assert.equal(answer.status, "completed", JSON.stringify(answer));
    assert.match(answer.result[0], /the path must be one of the service's/);
    assert.match(answer.result[1], /the path must be one of the service's/);
    assert.equal(answer.result[2], "/pet/5");
    assert.equal(prism.requests.length, sent + 1, "only the service's path was sent");
  });

  test("a ToolSetConnector from an AI SDK ToolSet: zod inputs, needsApproval pauses, a tool without execute is left out", T, async () => {
    const client = await linked(`toolset-${Date.now()}`);
    const weather = await client.call("run", ['async () => kit.getWeather({ city: "Lisbon" })']);
    assert.equal(weather.status, "completed", JSON.stringify(weather));
    assert.equal(weather.result, "sunny in Lisbon");
    assert.equal((await client.call("describe", ["kit.clientSide"])).types, '"kit.clientSide" not found.', "no execute: not a method");
    const described = await client.call("describe", ["kit.sendEmail"]);
    assert.equal(described.requiresApproval, true);
    assert.match(described.types, /subject/, "the zod schema as the method's type");

    const paused = await client.call("run", ['async () => kit.sendEmail({ to: "a@example.com", subject: "hello" })']);
    assert.equal(paused.status, "paused", JSON.stringify(paused));
    const done = await client.call("approve", [paused.executionId]);
    assert.equal(done.status, "completed", JSON.stringify(done));
    assert.deepEqual(done.result, { sent: "a@example.com", subject: "hello", toolCallId: `${paused.executionId}:0` });

    // zod's own rules (a refinement JSON Schema cannot say) are checked when the call runs.
    const short = await client.call("run", ['async () => { try { await kit.sendEmail({ to: "b@other.test", subject: "x" }); } catch (e) { return "refused"; } }']);
    assert.equal(short.status, "paused", "approval first");
    const refused = await client.call("approve", [short.executionId]);
    assert.equal(refused.status, "completed", JSON.stringify(refused));
    assert.equal(refused.result, "refused");
  });

  test("onPassEnd and disposeExecution hear each pass and each end, in order; transformResult reshapes what the caller sees", T, async () => {
    const client = await linked(`hooks-${Date.now()}`);
    const paused = await client.call("run", ['async () => loop.deleteItem({ id: "hooked" })']);
    assert.equal(paused.status, "paused");
    const done = await client.call("approve", [paused.executionId]);
    assert.equal(done.status, "completed");
    const rejected = await client.call("run", ['async () => loop.deleteItem({ id: "never" })']);
    assert.equal(await client.call("reject", [rejected.executionId, 0]), true);
    const deleted = await client.call("run", ['async () => loop.deleteItem({ id: "dropped" })']);
    assert.equal(await client.call("forget", [deleted.executionId]), true);
    const heard = async (id) => (await client.call("heard", [])).filter((line) => line.startsWith(id)).map((line) => line.slice(id.length + 1));
    // The hooks run after the answer (kept alive by waitUntil): give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(await heard(paused.executionId), ["pass paused", "pass completed", "dispose completed"]);
    assert.deepEqual(await heard(rejected.executionId), ["pass paused", "dispose rejected"]);
    assert.deepEqual(await heard(deleted.executionId), ["pass paused", "dispose rejected"], "deleted while paused: disposed as rejected");

    const shaped = await linked(`shaped-${Date.now()}`);
    const out = await shaped.call("run", ["async () => ({ n: 1 })"]);
    assert.deepEqual(out.result, { shaped: { n: 1 } });
    assert.match(out.report, /"shaped"/, "the report the model reads shows the reshaped value");
    assert.deepEqual((await shaped.call("execution", [out.executionId])).result, { n: 1 }, "the stored execution keeps the result as returned");
  });

  test("two named runtimes in one object keep their histories apart", T, async () => {
    const client = await linked(`named-${Date.now()}`);
    const first = await client.call("runIn", ["default", "async () => 1"]);
    const second = await client.call("runIn", ["second_one", "async () => 2"]);
    assert.deepEqual([first.result, second.result], [1, 2]);
    assert.deepEqual(await client.call("historyOf", ["default"]), [first.executionId]);
    assert.deepEqual(await client.call("historyOf", ["second_one"]), [second.executionId]);
    await assert.rejects(client.call("runIn", ["Bad-Name", "async () => 3"]), /runtime name "Bad-Name" must be/);
  });

  test("the reference's utilities: sanitizeToolName as the reference names, truncateResult within its budget and its shape kept", T, async () => {
    const client = await linked(`utilities-${Date.now()}`);
    const names = ["list-pull.requests", "3d-render", "delete", "get weather", "ok_name", "a/b", "", "class", "$x"];
    const big = { id: 7, title: "t".repeat(3000), tags: Array.from({ length: 400 }, (_, i) => `tag-${i}`), nested: { text: "n".repeat(5000), n: 1 } };
    const values = [big, Array.from({ length: 2000 }, (_, i) => ({ i })), "s".repeat(9000), { small: true }];
    const maxChars = 2000;
    const out = await client.call("utilities", [names, values, maxChars]);
    // The reference's own function on the same names.
    const referenceSanitize = await referenceExport("sanitizeToolName");
    assert.deepEqual(out.names, names.map(referenceSanitize));
    for (const [i, truncated] of out.truncated.entries()) {
      const text = typeof truncated === "string" ? truncated : JSON.stringify(truncated);
      assert.ok(text.length <= maxChars * 1.1, `value ${i}: ${text.length} characters`);
      if (i < 3) assert.match(text, /--- TRUNCATED ---/, `value ${i} was cut`);
    }
    const referenceTruncate = await referenceExport("truncateResponse");
    assert.equal(out.truncated[2], referenceTruncate(values[2], { maxChars }), "text is cut as the reference cuts it, marker and all");
    assert.deepEqual(out.truncated[3], { small: true });
    assert.deepEqual(out.sameWhenSmall, [true, true, true, true], "within budget: the same value");
    assert.equal(out.truncated[0].id, 7, "small fields are kept whole");
    assert.ok(Array.isArray(out.truncated[0].tags) && Array.isArray(out.truncated[1]), "lists stay lists");
    assert.equal(out.type, "type WeatherInput = { city: string };");
    assert.match(out.declarations, /declare const codemode: \{[\s\S]*getWeather\(args\?: \{ city\?: string \}\): Promise<unknown>;/);
    assert.deepEqual(out.defaults, [50, 24 * 60 * 60 * 1000, 1024 * 1024]);
    assert.match(out.fromZod, /declare const mail: \{[\s\S]*sendEmail\(args: \{ to: string \}\): Promise<unknown>;/, out.fromZod);
  });

  /**
   * A function the reference's index re-exports from one of its chunks (loaded by path from its
   * dist: the index itself needs workerd), found by the index's import line.
   */
  async function referenceExport(name) {
    const referenceDist = path.join(REPO_ROOT, "node_modules", "@cloudflare", "codemode", "dist");
    const index = await readFile(path.join(referenceDist, "index.js"), "utf8");
    const [, exported, chunk] = index.match(new RegExp(`import \\{[^}]*\\b(\\w+) as ${name}\\b[^}]*\\} from "\\./([\\w.-]+\\.js)"`));
    return (await import(pathToFileURL(path.join(referenceDist, chunk)).href))[exported];
  }

  /** What a normalized program gives when Node runs it: its value's type and JSON, or its error's name. */
  async function outcome(text) {
    try {
      const value = await (0, eval)(text)();
      return `${typeof value} ${JSON.stringify(value)}`;
    } catch (error) {
      return `throws ${error.name}`;
    }
  }

  const SHAPES = [
    "async () => { return 1 + 1; }",
    "```js\nasync () => 42\n```",
    "const a = 2;\na * 21",
    "function main() { return 'hi'; }",
    "async function main() { return await Promise.resolve(5); }",
    "function* numbers() { yield 1; }",
    "export default async () => 7",
    "export default function () { return 8; }",
    "export default async function named() { return 9; }",
    "export default { a: 1 }",
    "return 3",
    "",
    "   \n  ",
    "const x = [1, 2, 3];\nx.map((n) => n * 2)",
    "let s = 0; for (const n of [1, 2, 3]) s += n; s",
    "(1 + 2)",
    "(async () => 5)",
    "await Promise.resolve(9)",
    "const o = { a: 1 }; o;",
    "1; 2; 3",
    "if (true) { 4 }",
    "// only a comment",
    "const = 1",
    "const s = 'héllo – ✓ 𝒳';\ns.length + s.slice(-2)",
    "const a = 1;\r\nconst b = 2;\r\na + b",
    "x => x",
    "async () => {\n  const r = await Promise.all([1, 2].map(async (n) => n * 3));\n  return r;\n}",
    "/* c */ export /* a */ default // b\nfunction () { return 8; } // } done",
    "export default class { static v = 1 } /* } */",
    "// x\nexport default async () => 7 // seven",
    "export default function () { return 8; }; // c",
    "export default 6 * 7 // the answer",
  ];

  test("normalizeCode: every shape of program runs in Node as the reference's normalization of it runs, and so in the sandbox", T, async () => {
    const reference = await referenceExport("normalizeCode");
    const client = await linked(`normalize-${Date.now()}`);
    const { normalized, dispatched } = await client.call("dispatchedAndNormalized", [SHAPES]);
    for (const [i, code] of SHAPES.entries()) {
      const want = await outcome(reference(code));
      assert.equal(await outcome(normalized[i]), want, `${JSON.stringify(code)} → ${JSON.stringify(normalized[i])}`);
      // The same program in this sandbox (JSON values only: a function or a generator is not one).
      if (!/^(object|number|string|boolean|undefined) /.test(want) || /^object \{\}$/.test(want)) continue;
      const { answer } = await client.call("executed", [code]);
      assert.equal(`${typeof answer.result} ${JSON.stringify(answer.result)}`, want, `${JSON.stringify(code)} in the sandbox: ${JSON.stringify(answer)}`);
    }
    assert.deepEqual(dispatched, ['{"result":5}', '{"error":"no"}', '{"error":"Tool \\"nope\\" not found"}']);
  });

  test("the reference's own tests of its pure functions (ported: fixtures/reference_cases/), on the reference in Node and on ours in workerd", T, async () => {
    const cases = allCases();
    const client = await linked(`reference-cases-${Date.now()}`);
    const ours = await client.call("referenceCalls", [cases.map(({ fn, args }) => ({ fn, args }))]);
    await writeFile(path.join(REPO_ROOT, "test-output", "reference_cases_answers.json"), JSON.stringify({ ours, cases }));
    const theirs = await callAll(await referenceFns(), cases);
    const wrong = [];
    for (const [i, c] of cases.entries()) {
      for (const problem of failures(theirs[i], c.expect)) wrong.push(`${c.file} › ${c.it} (the reference, so a wrong port): ${problem}`);
      // Declarations: the same types, not the same text (declared.mjs).
      if (DECLARING.has(c.fn)) continue;
      for (const problem of failures(ours[i], c.expect)) wrong.push(`${c.file} › ${c.it}: ${problem}`);
    }
    for (const { index, problem } of typeDifferences(cases, theirs, ours, TSC)) {
      wrong.push(`${cases[index]?.file ?? "?"} › ${cases[index]?.it ?? "?"}: ${problem}`);
    }
    assert.deepEqual(wrong, [], `${wrong.length} problems in ${cases.length} cases:\n${wrong.join("\n")}`);
  });

  test("the reference's own tests of createCodeTool, resolveProvider, ToolDispatcher, the connector classes, createCodemodeRuntime's name checks and the MCP servers (ported: fixtures/reference_cases/*_steps.mjs), on the reference in Node and on ours in workerd", T, async () => {
    const theirs = await runSteps(await referenceEntries());
    const client = await linked(`reference-steps-${Date.now()}`);
    const ours = await client.call("portedSteps", []);
    await writeFile(path.join(REPO_ROOT, "test-output", "reference_steps_answers.json"), JSON.stringify({ ours, theirs }, null, 2));
    const wrong = [...stepFailures(theirs).map((line) => `${line} (the reference, so a wrong port)`), ...stepFailures(ours)];
    assert.deepEqual(wrong, [], wrong.join("\n"));
  });

  // The reference's toolset-connector.test.ts, its steps run in the agent (toolSetCases) and its
  // assertions here.
  test("ToolSetConnector passes the reference's own tests of it (ported)", T, async () => {
    const client = await linked(`toolset-${Date.now()}`);
    const out = await client.call("toolSetCases", []);
    assert.deepEqual(out.names, ["tools", "crm"], "defaults to the 'tools' namespace and honors a custom name");
    // adapts executable tools, mapping needsApproval to requiresApproval
    assert.deepEqual(out.descriptorKeys, ["deleteUser", "getWeather", "sendEmail"]);
    assert.equal(out.annotations.getWeather, undefined);
    assert.deepEqual(out.annotations.sendEmail, { requiresApproval: true });
    assert.deepEqual(out.annotations.deleteUser, { requiresApproval: true }, "a needsApproval function always needs approval");
    assert.equal(out.weather, "sunny in Lisbon");
    // validates args against the tool schema before executing
    assert.equal(typeof out.invalid, "string", "invalid args are refused");
    assert.equal(out.executedAfterInvalid, 0, "execute was not called");
    assert.equal(out.valid, "ok");
    // excludes execute-less tools from both bindings and generated types
    assert.deepEqual(out.partial.keys, ["serverSide"]);
    assert.match(out.partial.types, /serverSide/);
    assert.doesNotMatch(out.partial.types, /clientSide/);
    assert.equal(out.warnings.length, 1);
    assert.match(out.warnings[0], /clientSide/);
    // rejects tools whose names collide (as this package names methods)
    assert.match(out.collision ?? "", /getWeather/);
  });

  test("DynamicWorkerExecutor: providers as namespaces (the default one beside codemode.search), console lines as logs, errors, timers and the time limit, runCode", T, async () => {
    const client = await linked(`executor-${Date.now()}`);
    const code = `async () => {
      const hits = await codemode.searchWeb({ query: "boa" });
      const row = await db.getRow({ id: 2 });
      const found = await codemode.search("row");
      console.log("got", row.name, { n: 1 });
      console.warn("careful");
      return { hits, row, paths: found.results.map((r) => r.path) };
    }`;
    const { answer, handed, ran } = await client.call("executed", [code]);
    assert.equal(answer.error, undefined, JSON.stringify(answer));
    assert.deepEqual(answer.result, { hits: ["result for boa"], row: { id: 2, name: "row 2" }, paths: ["db.getRow"] });
    assert.deepEqual(answer.logs, ['got row 2 {"n":1}', "[warn] careful"], "console lines as the sandbox prints them (JSON for objects)");
    assert.deepEqual(handed, [{ query: "boa" }, { query: "boa" }], "the function got the argument object (once by execute, once by runCode)");
    assert.deepEqual(ran, { output: { result: answer.result, logs: answer.logs } });

    const failed = await client.call("executed", ["async () => { console.log('before'); await db.fail(); }"]);
    assert.equal(failed.answer.error, "db down", "a throw answers its message, as the reference's executor does");
    assert.equal(failed.answer.result, undefined);
    assert.deepEqual(failed.answer.logs, ["before"]);
    assert.equal(failed.ran.threw, "Code execution failed: db down\n\nConsole output:\nbefore");

    const timed = await client.call("executed", ["async () => { await new Promise((r) => setTimeout(r, 30)); return 'waited'; }"]);
    assert.equal(timed.answer.result, "waited");
    // A tool that never settles: the run is ended where it waits, its console lines so far kept.
    const hung = await client.call("executed", ["async () => { console.log('before'); await db.hang(); console.log('after'); }", { timeout: 300 }]);
    assert.deepEqual(hung.answer, { error: "Execution timed out", logs: ["before"] }, "no result (the callable answers JSON)");
    const slow = await client.call("executed", ["async () => { await new Promise((r) => setTimeout(r, 5000)); return 1; }", { timeout: 200 }]);
    assert.deepEqual(slow.answer, { error: "Execution timed out", logs: [] });

    const raw = await client.call("executed", ["async () => codemode.searchWeb({ query: 'raw' })", { raw: true }]);
    assert.deepEqual(raw.answer.result, ["result for raw"], "fns without a provider are the default namespace");
    const empty = await client.call("executed", ["async () => {}"]);
    assert.equal("result" in empty.answer, false, JSON.stringify(empty.answer));
    assert.deepEqual(empty.answer.logs, []);
  });

  test("DynamicWorkerExecutor: a connector class as a binding (approval needs a durable run), and what it refuses with a clear error", T, async () => {
    const client = await linked(`executor-refusals-${Date.now()}`);
    const listed = await client.call("executed", ["async () => notes.listNotes()", { withNotes: true }]);
    assert.deepEqual(listed.answer.result, [], JSON.stringify(listed.answer));
    const create = await client.call("executed", ["async () => notes.createNote({ text: 'x' })", { withNotes: true }]);
    assert.match(create.answer.error, /notes\.createNote needs approval/);
    const { refusals, errors } = await client.call("executorRefusals", []);
    assert.match(refusals[0], /^INVALID_CONFIG: .*modules cannot be given/);
    assert.match(refusals[1], /^INVALID_CONFIG: .*no network/);
    assert.match(refusals[2], /^INVALID_CONFIG: .*timeout must be/);
    assert.match(errors[0], /prelude cannot run here/);
    assert.match(errors[1], /codemode\.search` would hide the sandbox's own/);
    assert.match(errors[2], /not a JavaScript identifier/);
    assert.match(errors[3], /"a-b" and "aB" both become "aB"/);
  });

  test("createCodeTool over the executor: declarations of every provider, tools needing approval left out, inputs validated (ai's resolveProvider)", T, async () => {
    const client = await linked(`code-tool-${Date.now()}`);
    const out = await client.call("codeTool", ["async () => ({ weather: await codemode.getWeather({ city: 'Oslo' }), rows: await db.count() })"]);
    assert.match(out.description, /declare const codemode: \{[\s\S]*getWeather\(args: \{ city: string \}\)/);
    assert.doesNotMatch(out.description, /sendEmail/);
    assert.match(out.description, /declare const db: \{ count\(\): Promise<number> \};/);
    assert.doesNotMatch(out.description, /\{\{types\}\}/);
    assert.deepEqual(out.output, { ok: { result: { weather: "sunny in Oslo", rows: 3 } } });
    const refused = await client.call("codeTool", ["async () => codemode.sendEmail({ to: 'a' })"]);
    // The executor answers a throw with its message, as the reference's does.
    assert.equal(refused.output.threw, "Code execution failed: codemode.sendEmail is not a function");
    assert.equal(out.validated.name, "codemode");
    assert.equal(out.validated.double, 8);
    assert.match(out.validated.invalid, /number/i);
    assert.deepEqual(out.plain, { name: "p", fns: ["double"], double: 10 });
  });

  test("codeMcpServer and openApiMcpServer: the MCP SDK's client reaches the agent's runtimes over MCP, with the service's tools", T, async () => {
    const name = `mcp-out-${Date.now()}`;
    const client = new Client({ name: "seed-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/agents/linked/${name}/mcp`)));
    remember(async () => client.close());
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ["codemode", "search", "describe"]);
    assert.match(tools[0].description, /loop/, "the codemode tool names the agent's connectors");
    const ran = await client.callTool({ name: "codemode", arguments: { code: "async () => loop.add({ a: 20, b: 22 })" } });
    assert.equal(ran.isError, false, JSON.stringify(ran));
    assert.equal(ran.structuredContent.result, 42);
    // The run is the agent's: its history has it.
    const agentSide = await linked(name);
    assert.equal((await agentSide.call("execution", [ran.structuredContent.executionId])).status, "completed");
    const found = await client.callTool({ name: "search", arguments: { query: "weather" } });
    assert.match(JSON.stringify(found.structuredContent), /kit\.getWeather/);

    // openApiMcpServer: one OpenAPI service (the Petstore, its request() the agent's) as an MCP server.
    const petsClient = new Client({ name: "seed-test", version: "1.0.0" });
    await petsClient.connect(new StreamableHTTPClientTransport(new URL(`${origin}/agents/linked/${name}/openapi-mcp`)));
    remember(async () => petsClient.close());
    const pet = await petsClient.callTool({ name: "codemode", arguments: { code: "async () => (await api.getPetById({ petId: 3 })).handed" } });
    assert.equal(pet.isError, false, JSON.stringify(pet));
    assert.deepEqual(pet.structuredContent.result, { path: "/pet/3", method: "GET" });
    const order = await petsClient.callTool({ name: "codemode", arguments: { code: "async () => api.placeOrder({ body: { petId: 3, quantity: 1 } })" } });
    assert.equal(order.structuredContent.status, "paused", "a write waits for the agent's approval");
  });

  test("workerd restarted while a run is paused: approveExecution completes it, createNote applied once", { timeout: READY_TIMEOUT_MS + 120_000 }, async () => {
    const name = `restart-${Date.now()}`;
    const execution = pausedExecution(await chat(name, "Save a note."));
    const viaMcp = await (await linked(name)).call("run", ['async () => loop.deleteItem({ id: "across-restart" })']);
    assert.equal(viaMcp.status, "paused");
    await dev.stop();
    await start();
    // The McpConnector subclass's run, approved on a fresh isolate (a new agents SDK connection):
    // the server applies the delete once.
    const resumed = await (await linked(name)).call("approve", [viaMcp.executionId]);
    assert.equal(resumed.status, "completed", JSON.stringify(resumed));
    assert.deepEqual(resumed.result, { deleted: "across-restart" });
    assert.equal(mcp.stats.effects[`${viaMcp.executionId}:0`], 1, "applied once");
    const client = await agent(name);
    assert.deepEqual((await client.call("pendingApprovals", [])).map((p) => p.executionId), [execution]);
    assert.equal((await client.call("approveExecution", [execution])).status, "completed");
    pausedExecution(await chat(name, "Another."));
    const [latest] = await client.call("executionHistory", []);
    assert.deepEqual(latest.calls[0].result.map((n) => n.text), ["hello from the seed"]);
  });
});
