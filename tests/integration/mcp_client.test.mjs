// The official MCP TypeScript SDK (`@modelcontextprotocol/sdk`, unmodified): `Client` over
// `StreamableHTTPClientTransport` against POST <base>/mcp (docs/contract.md "MCP server"):
// connect (initialize + notifications/initialized), tools/list, tools/call for each tool, ping.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { assertMatches, base, newInstance, startRuntime } from "./harness.mjs";

const T = { timeout: 60_000 };
const TOKEN = "mcp-client-secret";

/** Text of a tools/call result's single text item. */
function textOf(result) {
  assert.equal(result.content.length, 1, JSON.stringify(result));
  assert.equal(result.content[0].type, "text");
  return result.content[0].text;
}

describe("MCP SDK Client over Streamable HTTP", () => {
  let rt;
  let instance;
  let client;
  let transport;

  before(async () => {
    rt = await startRuntime();
    instance = newInstance();
    client = new Client({ name: "codemode-integration-test", version: "1.0.0" });
    transport = new StreamableHTTPClientTransport(new URL(`${rt.url}${base(instance)}/mcp`));
    await client.connect(transport);
  });
  after(async () => {
    await client?.close();
    await rt?.dispose();
  });

  test("connect negotiates a protocol version and reports the server", T, async () => {
    // The SDK asks for its newest version (2025-11-25), which the server supports and echoes;
    // the SDK then sends it as the mcp-protocol-version header.
    assert.equal(transport.protocolVersion, "2025-11-25");
    // The server keeps nothing per session; the id names the client, so that its
    // notifications/cancelled reach only its own runs.
    assert.match(transport.sessionId ?? "", /^[0-9a-f-]{36}$/, "initialize hands out a session id");
    assertMatches(client.getServerVersion(), { name: "codemode-runtime" });
    assertMatches(client.getServerCapabilities(), { tools: {} });
    assert.equal(typeof client.getInstructions(), "string");
    assert.deepEqual(await client.ping(), {});
  });

  test("listTools: codemode, search, describe with input schemas", T, async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ["codemode", "search", "describe"]);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    assert.ok(byName.codemode.inputSchema.properties.code, JSON.stringify(byName.codemode.inputSchema));
    assert.ok(byName.codemode.description.length > 50, "codemode carries the model-facing description");
    assert.deepEqual(byName.search.inputSchema.required, ["query"]);
    assert.deepEqual(byName.describe.inputSchema.required, ["path"]);
  });

  test("callTool codemode: a completed run", T, async () => {
    const result = await client.callTool({
      name: "codemode",
      arguments: { code: 'console.log("hi"); return (await notes.listNotes()).length + 7' },
    });
    assert.equal(result.isError, false);
    assertMatches(result.structuredContent, { status: "completed", result: 7, calls: [{ method: "listNotes", state: "applied" }] });
    assert.equal(textOf(result), result.structuredContent.report);
    assert.match(textOf(result), /^Script completed\n[\s\S]*7[\s\S]*<console_output>\nhi\n<\/console_output>/);
  });

  test("callTool codemode: a paused run names the pending action; approving over /rpc completes it", T, async () => {
    const result = await client.callTool({
      name: "codemode",
      arguments: { code: 'const n = await notes.createNote({text: "via MCP"}); return n.text;' },
    });
    assert.equal(result.isError, false);
    const out = result.structuredContent;
    assert.equal(out.status, "paused", JSON.stringify(out));
    assertMatches(out.pending, [
      { executionId: out.executionId, seq: 0, connector: "notes", method: "createNote", args: { text: "via MCP" } },
    ]);
    assert.match(textOf(result), /notes\.createNote/);
    assert.ok(textOf(result).includes(out.executionId), textOf(result));
    const approved = await rt.call(instance, "approveExecution", out.executionId);
    assertMatches(approved, { status: "completed", result: "via MCP" });
  });

  test("callTool codemode: a failing script is isError with the code", T, async () => {
    const result = await client.callTool({ name: "codemode", arguments: { code: "throw new Error('boom')" } });
    assert.equal(result.isError, true);
    assertMatches(result.structuredContent, { status: "error", error: { code: "SCRIPT_ERROR" } });
    assert.match(textOf(result), /^Script failed[\s\S]*boom/);

    const syntax = await client.callTool({ name: "codemode", arguments: { code: "return (" } });
    assert.equal(syntax.isError, true);
    assertMatches(syntax.structuredContent, { status: "error", error: { code: "SYNTAX_ERROR" } });
  });

  test("callTool search and describe", T, async () => {
    const search = await client.callTool({ name: "search", arguments: { query: "create a note" } });
    assert.equal(search.isError, false);
    const hit = search.structuredContent.results.find((r) => r.path === "notes.createNote");
    assertMatches(hit, { connector: "notes", method: "createNote", kind: "method", requiresApproval: true });
    assert.deepEqual(JSON.parse(textOf(search)), search.structuredContent);

    const describe = await client.callTool({ name: "describe", arguments: { path: "notes" } });
    assert.equal(describe.isError, false);
    assertMatches(describe.structuredContent, { path: "notes" });
    assert.match(textOf(describe), /declare const notes/);
    assert.match(textOf(describe), /listNotes\(/);
    assert.match(textOf(describe), /createNote\(/);

    const missing = await client.callTool({ name: "describe", arguments: { path: "nope.nothing" } });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /^NOT_FOUND: /);
  });

  test("an unknown tool or a missing argument is a JSON-RPC error (McpError)", T, async () => {
    await assert.rejects(client.callTool({ name: "bogus", arguments: {} }), (e) => {
      assert.ok(e instanceof McpError, String(e));
      assert.equal(e.code, -32602);
      return true;
    });
    await assert.rejects(client.callTool({ name: "codemode", arguments: {} }), (e) => {
      assert.ok(e instanceof McpError, String(e));
      assert.equal(e.code, -32602);
      return true;
    });
  });

  test("the MCP runs are the instance's executions", T, async () => {
    const history = await rt.call(instance, "executionHistory", 50);
    // newest first: syntax error, boom, the approved createNote, the first completed run
    assert.deepEqual(history.map((x) => x.status), ["error", "error", "completed", "completed"]);
    assert.match(history[2].code, /via MCP/);
    assertMatches(history[2].calls, [{ method: "createNote", state: "applied" }]);
  });
});

describe("two MCP SDK clients of one conversation", () => {
  let rt;
  before(async () => {
    rt = await startRuntime();
  });
  after(async () => {
    await rt?.dispose();
  });

  // Both clients number their requests alike (initialize 0, the first tools/call 1). Issue 27:
  // B's abort (notifications/cancelled for its request 1) cancelled A's run, and B's went on.
  test("a client's cancel ends its own run only, whatever the request ids", { timeout: 60_000 }, async () => {
    const instance = newInstance();
    const url = new URL(`${rt.url}${base(instance)}/mcp`);
    const connect = async (name) => {
      const client = new Client({ name, version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(url);
      await client.connect(transport);
      return { client, transport };
    };
    const a = await connect("client-a");
    const b = await connect("client-b");
    try {
      assert.notEqual(a.transport.sessionId, b.transport.sessionId);
      const code = "await new Promise((resolve) => setTimeout(resolve, 3000)); return 'done'";
      const controller = new AbortController();
      const bCall = b.client.callTool({ name: "codemode", arguments: { code } }, undefined, { signal: controller.signal });
      const bRejected = assert.rejects(bCall);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const aCall = a.client.callTool({ name: "codemode", arguments: { code } });
      await new Promise((resolve) => setTimeout(resolve, 400));
      controller.abort("client B stopped");
      await bRejected;
      const aResult = await aCall;
      assertMatches(aResult.structuredContent, { status: "completed", result: "done" });
      const deadline = Date.now() + 15_000;
      let history;
      do {
        history = await rt.call(instance, "executionHistory", 10);
        if (history.some((x) => x.status === "cancelled")) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      } while (Date.now() < deadline);
      // newest first: A's run, then B's
      assert.deepEqual(history.map((x) => x.status), ["completed", "cancelled"]);
      assert.match(history[1].report, /cancelled by an MCP client/);
    } finally {
      await a.client.close();
      await b.client.close();
    }
  });
});

describe("MCP SDK Client with CODEMODE_TOKEN set", () => {
  let rt;
  before(async () => {
    rt = await startRuntime({ bindings: { CODEMODE_TOKEN: TOKEN } });
  });
  after(async () => {
    await rt?.dispose();
  });

  test("a bearer token in requestInit.headers is accepted; none is refused", T, async () => {
    const url = new URL(`${rt.url}${base(newInstance())}/mcp`);
    const ok = new Client({ name: "with-token", version: "1.0.0" });
    await ok.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
    );
    const result = await ok.callTool({ name: "codemode", arguments: { code: "return 'authorized'" } });
    assertMatches(result.structuredContent, { status: "completed", result: "authorized" });
    await ok.close();

    const refused = new Client({ name: "without-token", version: "1.0.0" });
    await assert.rejects(refused.connect(new StreamableHTTPClientTransport(url)), /401|UNAUTHORIZED|Unauthorized/);
    await refused.close();
  });
});
