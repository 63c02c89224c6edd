// Issue 4: a table of bad inputs against ONE runtime instance. Before the table the instance gets
// data (a completed run, a paused run, a saved snippet, a note written by an approved
// `notes.createNote`); every row must be refused with its HTTP status and stable error code (or,
// where noted, answered 200 with a specific harmless result); after the table a normal script
// still runs and every piece of earlier data is unchanged. The same kinds of bad input are then
// sent as Agents WebSocket frames: the socket stays open and keeps working.

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { assertError, base, newInstance, startRuntime } from "./harness.mjs";

const T = { timeout: 120_000 };

const COMPLETED_CODE = 'console.log("hello"); return {sum: 1 + 1, words: ["a", "b"]};';
const PAUSED_CODE = 'const n = await notes.createNote({text: "waiting for approval"}); return n.id;';
const NOTE_CODE = 'const n = await notes.createNote({text: "approved note"}); return n.text;';
const LIST = "return await notes.listNotes()";
const SNIPPET = "two-words";

/** 64 KiB, the runtime's code limit (`RuntimeConfig::max_code_bytes`). */
const MAX_CODE = 64 * 1024;
/** 1 MiB, the transport's body limit (`MAX_BODY_BYTES`). */
const MAX_BODY = 1024 * 1024;

/** A `POST /rpc` request of `{method, args}`. */
const rpcReq = (method, ...args) => ({ method: "POST", path: "/rpc", body: { method, args } });
/** A `POST /rpc` request with a raw body (string: sent as is; anything else: JSON-encoded). */
const rawRpc = (body) => ({ method: "POST", path: "/rpc", body });
/** A `POST /mcp` request. */
const mcpReq = (body) => ({
  method: "POST",
  path: "/mcp",
  headers: { accept: "application/json, text/event-stream" },
  body,
});

function parse(text) {
  if (text === "") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The table. Each row is `{name, request: {method, path, headers?, body?}, status, ...expect}`
 * where `path` is under the instance's base unless it is absolute (`abs: true`), and the
 * expectation is one of:
 *   code: "<CODE>"       → `{"error": {"code": "<CODE>", "message": <string>}}`
 *   result: <value>      → `{"result": <value>}` (deep equality)
 *   jsonrpc: <number>    → a JSON-RPC error object with that code
 *   empty: true          → an empty body
 *   (none of these)      → only the status is checked
 */
function buildRows({ instance, completedId, pausedId, noteId }) {
  const unknownUuid = randomUUID();
  const rows = [
    // ---- the body is not a JSON object with a string `method` ----
    { name: "body not JSON", request: rawRpc("this is not json"), status: 400, code: "BAD_REQUEST" },
    { name: "truncated JSON", request: rawRpc('{"method":"execute","args":["return 1"'), status: 400, code: "BAD_REQUEST" },
    { name: "empty body", request: rawRpc(""), status: 400, code: "BAD_REQUEST" },
    { name: "JSON array body", request: rawRpc('["execute", "return 1"]'), status: 400, code: "BAD_REQUEST" },
    { name: "JSON string body", request: rawRpc('"execute"'), status: 400, code: "BAD_REQUEST" },
    { name: "JSON number body", request: rawRpc("42"), status: 400, code: "BAD_REQUEST" },
    { name: "JSON null body", request: rawRpc("null"), status: 400, code: "BAD_REQUEST" },
    { name: "method missing", request: rawRpc({ args: ["return 1"] }), status: 400, code: "BAD_REQUEST" },
    { name: "method is a number", request: rawRpc({ method: 5, args: [] }), status: 400, code: "BAD_REQUEST" },
    { name: "method is null", request: rawRpc({ method: null, args: [] }), status: 400, code: "BAD_REQUEST" },
    { name: "method is an array", request: rawRpc({ method: ["execute"], args: ["return 1"] }), status: 400, code: "BAD_REQUEST" },
    { name: "args is an object", request: rawRpc({ method: "execute", args: { code: "return 1" } }), status: 400, code: "BAD_REQUEST" },
    { name: "args is a string", request: rawRpc({ method: "execute", args: "return 1" }), status: 400, code: "BAD_REQUEST" },
    { name: "args is a number", request: rawRpc({ method: "execute", args: 1 }), status: 400, code: "BAD_REQUEST" },

    // ---- missing required arguments ----
    { name: "execute with no args", request: rpcReq("execute"), status: 400, code: "BAD_REQUEST" },
    { name: "approveExecution with no args", request: rpcReq("approveExecution"), status: 400, code: "BAD_REQUEST" },
    { name: "rejectExecution with no args", request: rpcReq("rejectExecution"), status: 400, code: "BAD_REQUEST" },
    { name: "rejectExecution without seq", request: rpcReq("rejectExecution", pausedId), status: 400, code: "BAD_REQUEST" },
    { name: "rollbackExecution with no args", request: rpcReq("rollbackExecution"), status: 400, code: "BAD_REQUEST" },
    { name: "execution with no args", request: rpcReq("execution"), status: 400, code: "BAD_REQUEST" },
    { name: "describe with no args", request: rpcReq("describe"), status: 400, code: "BAD_REQUEST" },
    { name: "saveSnippet with no args", request: rpcReq("saveSnippet"), status: 400, code: "BAD_REQUEST" },
    { name: "saveSnippet missing executionId", request: rpcReq("saveSnippet", "no-id-given", "desc"), status: 400, code: "BAD_REQUEST" },
    { name: "deleteSnippet with no args", request: rpcReq("deleteSnippet"), status: 400, code: "BAD_REQUEST" },

    // ---- wrong types ----
    { name: "execute(42)", request: rpcReq("execute", 42), status: 400, code: "BAD_REQUEST" },
    { name: "execute(true)", request: rpcReq("execute", true), status: 400, code: "BAD_REQUEST" },
    { name: "execute({code: 5})", request: rpcReq("execute", { code: 5 }), status: 400, code: "BAD_REQUEST" },
    { name: "execute({})", request: rpcReq("execute", {}), status: 400, code: "BAD_REQUEST" },
    { name: "execute(['return 1'])", request: rpcReq("execute", ["return 1"]), status: 400, code: "BAD_REQUEST" },
    { name: "describe(7)", request: rpcReq("describe", 7), status: 400, code: "BAD_REQUEST" },
    { name: 'executionHistory("ten")', request: rpcReq("executionHistory", "ten"), status: 400, code: "BAD_REQUEST" },
    { name: "executionHistory(-1)", request: rpcReq("executionHistory", -1), status: 400, code: "BAD_REQUEST" },
    { name: "executionHistory(2.5)", request: rpcReq("executionHistory", 2.5), status: 400, code: "BAD_REQUEST" },
    { name: 'rejectExecution(id, "zero")', request: rpcReq("rejectExecution", pausedId, "zero"), status: 400, code: "BAD_REQUEST" },
    { name: "rejectExecution(id, -1)", request: rpcReq("rejectExecution", pausedId, -1), status: 400, code: "BAD_REQUEST" },
    { name: "rejectExecution(id, 1.5)", request: rpcReq("rejectExecution", pausedId, 1.5), status: 400, code: "BAD_REQUEST" },
    { name: "approveExecution(123)", request: rpcReq("approveExecution", 123), status: 400, code: "BAD_REQUEST" },
    { name: "execution({id})", request: rpcReq("execution", { id: completedId }), status: 400, code: "BAD_REQUEST" },
    { name: "saveSnippet(name, desc, 99)", request: rpcReq("saveSnippet", "numeric-id", "d", 99), status: 400, code: "BAD_REQUEST" },
    { name: "deleteSnippet(1)", request: rpcReq("deleteSnippet", 1), status: 400, code: "BAD_REQUEST" },

    // ---- empty code ----
    { name: 'execute("")', request: rpcReq("execute", ""), status: 400, code: "BAD_REQUEST" },
    { name: "execute(whitespace only)", request: rpcReq("execute", "  \n\t  \r\n "), status: 400, code: "BAD_REQUEST" },
    { name: 'execute({code: ""})', request: rpcReq("execute", { code: "" }), status: 400, code: "BAD_REQUEST" },

    // ---- malformed execution ids ----
    { name: "execution(empty id)", request: rpcReq("execution", ""), status: 400, code: "BAD_REQUEST" },
    { name: "execution(200-character id)", request: rpcReq("execution", "a".repeat(200)), status: 400, code: "BAD_REQUEST" },
    { name: "execution(id with spaces)", request: rpcReq("execution", "no such execution"), status: 400, code: "BAD_REQUEST" },
    { name: "execution(id with /)", request: rpcReq("execution", `${completedId}/x`), status: 400, code: "BAD_REQUEST" },
    { name: "execution(..)", request: rpcReq("execution", ".."), status: 400, code: "BAD_REQUEST" },
    { name: "approveExecution(../id)", request: rpcReq("approveExecution", `../${pausedId}`), status: 400, code: "BAD_REQUEST" },
    { name: "execution(id with quotes)", request: rpcReq("execution", `"${completedId}"`), status: 400, code: "BAD_REQUEST" },
    { name: "execution(id with ' and ;)", request: rpcReq("execution", "x'; DROP TABLE executions; --"), status: 400, code: "BAD_REQUEST" },
    { name: "execution(unicode id)", request: rpcReq("execution", "ñandú-执行-🙂"), status: 400, code: "BAD_REQUEST" },
    { name: "execution(id with NUL)", request: rpcReq("execution", `${completedId}\u0000`), status: 400, code: "BAD_REQUEST" },
    { name: "rollbackExecution(id with newline)", request: rpcReq("rollbackExecution", `${completedId}\n`), status: 400, code: "BAD_REQUEST" },
    { name: "executionOutput(id with tab)", request: rpcReq("executionOutput", "a\tb"), status: 400, code: "BAD_REQUEST" },
    { name: "pendingApprovals(id with space)", request: rpcReq("pendingApprovals", " "), status: 400, code: "BAD_REQUEST" },
    { name: "rejectExecution(malformed id, 0)", request: rpcReq("rejectExecution", "a/b", 0), status: 400, code: "BAD_REQUEST" },
    { name: "saveSnippet from a malformed id", request: rpcReq("saveSnippet", "from-bad-id", "d", "../../etc"), status: 400, code: "BAD_REQUEST" },

    // ---- unknown methods ----
    { name: "method nope", request: rpcReq("nope"), status: 400, code: "UNKNOWN_METHOD" },
    { name: "method Execute (case)", request: rpcReq("Execute", "return 1"), status: 400, code: "UNKNOWN_METHOD" },
    { name: "method __proto__", request: rpcReq("__proto__"), status: 400, code: "UNKNOWN_METHOD" },
    { name: "method constructor", request: rpcReq("constructor"), status: 400, code: "UNKNOWN_METHOD" },
    { name: "method toString", request: rpcReq("toString"), status: 400, code: "UNKNOWN_METHOD" },
    { name: 'method ""', request: rpcReq(""), status: 400, code: "UNKNOWN_METHOD" },
    { name: "method with trailing space", request: rpcReq("execute ", "return 1"), status: 400, code: "UNKNOWN_METHOD" },

    // ---- invalid snippet names (from the completed run, so only the name is wrong) ----
    { name: "snippet name empty", request: rpcReq("saveSnippet", "", "d", completedId), status: 400, code: "INVALID_NAME" },
    { name: "snippet name 65 characters", request: rpcReq("saveSnippet", "n".repeat(65), "d", completedId), status: 400, code: "INVALID_NAME" },
    { name: "snippet name with spaces", request: rpcReq("saveSnippet", "two words", "d", completedId), status: 400, code: "INVALID_NAME" },
    { name: "snippet name a/b", request: rpcReq("saveSnippet", "a/b", "d", completedId), status: 400, code: "INVALID_NAME" },
    { name: "snippet name ñ", request: rpcReq("saveSnippet", "ñ", "d", completedId), status: 400, code: "INVALID_NAME" },
    { name: "snippet name = connector notes", request: rpcReq("saveSnippet", "notes", "d", completedId), status: 400, code: "INVALID_NAME" },
    { name: "snippet name with a dot", request: rpcReq("saveSnippet", "notes.listNotes", "d", completedId), status: 400, code: "INVALID_NAME" },

    // ---- well-formed but unknown ids, paths and routes ----
    { name: "execution(no-such-execution)", request: rpcReq("execution", "no-such-execution"), status: 404, code: "NOT_FOUND" },
    { name: "execution(random UUID)", request: rpcReq("execution", unknownUuid), status: 404, code: "NOT_FOUND" },
    { name: "approveExecution(random UUID)", request: rpcReq("approveExecution", unknownUuid), status: 404, code: "NOT_FOUND" },
    { name: "approveExecution(no-such-execution)", request: rpcReq("approveExecution", "no-such-execution"), status: 404, code: "NOT_FOUND" },
    { name: "rollbackExecution(random UUID)", request: rpcReq("rollbackExecution", unknownUuid), status: 404, code: "NOT_FOUND" },
    { name: "executionOutput(random UUID)", request: rpcReq("executionOutput", unknownUuid), status: 404, code: "NOT_FOUND" },
    { name: "pendingApprovals(random UUID)", request: rpcReq("pendingApprovals", unknownUuid), status: 404, code: "NOT_FOUND" },
    { name: "rejectExecution(random UUID, 0)", request: rpcReq("rejectExecution", unknownUuid, 0), status: 404, code: "NOT_FOUND" },
    { name: "saveSnippet from a random UUID", request: rpcReq("saveSnippet", "from-nowhere", "d", unknownUuid), status: 404, code: "NOT_FOUND" },
    { name: "describe(unknown connector)", request: rpcReq("describe", "nope"), status: 404, code: "NOT_FOUND" },
    { name: "describe(unknown method)", request: rpcReq("describe", "notes.nope"), status: 404, code: "NOT_FOUND" },
    { name: "describe(unknown snippet)", request: rpcReq("describe", "no-such-snippet"), status: 404, code: "NOT_FOUND" },
    { name: "GET unknown route /nope", request: { method: "GET", path: "/nope" }, status: 404, code: "NOT_FOUND" },
    { name: "POST unknown route /nope", request: { method: "POST", path: "/nope", body: { method: "tool", args: [] } }, status: 404, code: "NOT_FOUND" },
    { name: "POST /rpc/extra", request: { method: "POST", path: "/rpc/extra", body: { method: "tool", args: [] } }, status: 404, code: "NOT_FOUND" },
    {
      name: "unknown namespace /agents/nope/<i>/rpc",
      request: { method: "POST", abs: true, path: `/agents/nope/${encodeURIComponent(instance)}/rpc`, body: { method: "tool", args: [] } },
      status: 404,
      code: "NOT_FOUND",
    },
    { name: "/agents/codemode with no instance", request: { method: "GET", abs: true, path: "/agents/codemode" }, status: 404, code: "NOT_FOUND" },
    { name: "/agents/codemode/ with no instance", request: { method: "POST", abs: true, path: "/agents/codemode/", body: { method: "tool", args: [] } }, status: 404, code: "NOT_FOUND" },
    { name: "/whatever", request: { method: "GET", abs: true, path: "/whatever" }, status: 404, code: "NOT_FOUND" },
    {
      name: "instance name of 300 characters",
      request: { method: "POST", abs: true, path: `/agents/codemode/${"i".repeat(300)}/rpc`, body: { method: "tool", args: [] } },
      status: 400,
      code: "BAD_REQUEST",
    },

    // ---- wrong HTTP method on a known route ----
    { name: "GET /rpc", request: { method: "GET", path: "/rpc" }, status: 405, code: "METHOD_NOT_ALLOWED" },
    { name: "DELETE /rpc", request: { method: "DELETE", path: "/rpc" }, status: 405, code: "METHOD_NOT_ALLOWED" },
    { name: "PUT /rpc", request: { method: "PUT", path: "/rpc", body: { method: "tool", args: [] } }, status: 405, code: "METHOD_NOT_ALLOWED" },
    { name: "PUT /tool", request: { method: "PUT", path: "/tool", body: "{}" }, status: 405, code: "METHOD_NOT_ALLOWED" },
    { name: "POST /tool", request: { method: "POST", path: "/tool", body: "{}" }, status: 405, code: "METHOD_NOT_ALLOWED" },

    // ---- the execution's state does not allow it ----
    { name: "approve the completed run", request: rpcReq("approveExecution", completedId), status: 409, code: "NOT_PAUSED" },
    { name: "approve the approved run again", request: rpcReq("approveExecution", noteId), status: 409, code: "NOT_PAUSED" },
    { name: "saveSnippet from the paused run", request: rpcReq("saveSnippet", "from-paused", "d", pausedId), status: 409, code: "NOT_COMPLETED" },
    { name: "rollbackExecution of the paused run", request: rpcReq("rollbackExecution", pausedId), status: 409, code: "INVALID_STATE" },

    // ---- too large ----
    { name: "code over 64 KiB", request: rpcReq("execute", `return 1;\n//${"x".repeat(MAX_CODE)}`), status: 413, code: "CODE_TOO_LARGE" },
    { name: "{code} over 64 KiB", request: rpcReq("execute", { code: `return 1;\n//${"x".repeat(MAX_CODE)}` }), status: 413, code: "CODE_TOO_LARGE" },
    { name: "body over 1 MiB", request: rpcReq("execute", `return 1;\n//${"x".repeat(MAX_BODY)}`), status: 413, code: "BODY_TOO_LARGE" },
    { name: "non-JSON body over 1 MiB", request: rawRpc("y".repeat(MAX_BODY + 1)), status: 413, code: "BODY_TOO_LARGE" },
    {
      name: "MCP body over 1 MiB",
      request: mcpReq({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "codemode", arguments: { code: `//${"x".repeat(MAX_BODY)}` } } }),
      status: 413,
      code: "BODY_TOO_LARGE",
    },

    // ---- harmless no-ops: 200 with a specific result ----
    { name: "rejectExecution of a seq that is not pending", request: rpcReq("rejectExecution", pausedId, 7), status: 200, result: false },
    { name: "rejectExecution of the completed run", request: rpcReq("rejectExecution", completedId, 0), status: 200, result: false },
    { name: "rejectExecution of the approved run", request: rpcReq("rejectExecution", noteId, 0), status: 200, result: false },
    { name: "deleteSnippet of an unknown name", request: rpcReq("deleteSnippet", "no-such-snippet"), status: 200, result: false },

    // ---- MCP ----
    { name: "MCP GET", request: { method: "GET", path: "/mcp", headers: { accept: "text/event-stream" } }, status: 405 },
    { name: "MCP DELETE", request: { method: "DELETE", path: "/mcp" }, status: 405 },
    { name: "MCP body not JSON", request: mcpReq("{not json"), status: 400, jsonrpc: -32700 },
    { name: "MCP empty body", request: mcpReq(""), status: 400, jsonrpc: -32700 },
    { name: "MCP unknown method", request: mcpReq({ jsonrpc: "2.0", id: 1, method: "nope/nothing", params: {} }), status: 200, jsonrpc: -32601 },
    {
      name: "MCP tools/call of an unknown tool",
      request: mcpReq({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "nope", arguments: {} } }),
      status: 200,
      jsonrpc: -32602,
    },
    {
      name: "MCP tools/call codemode without code",
      request: mcpReq({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "codemode", arguments: {} } }),
      status: 200,
      jsonrpc: -32602,
    },
    {
      name: "MCP tools/call codemode with a numeric code",
      request: mcpReq({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "codemode", arguments: { code: 5 } } }),
      status: 200,
      jsonrpc: -32602,
    },
    {
      name: "MCP notification (no id)",
      request: mcpReq({ jsonrpc: "2.0", method: "notifications/initialized" }),
      status: 202,
      empty: true,
    },
    {
      name: "MCP unknown notification (no id)",
      request: mcpReq({ jsonrpc: "2.0", method: "notifications/nope" }),
      status: 202,
      empty: true,
    },
  ];
  return rows;
}

/** Sends one row's request; returns {status, text, body}. */
async function send(rt, instance, request) {
  const { method, path, headers = {}, body, abs = false } = request;
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    if (!Object.keys(init.headers).some((h) => h.toLowerCase() === "content-type")) {
      init.headers["content-type"] = "application/json";
    }
  }
  const res = await rt.fetch(abs ? path : `${base(instance)}${path}`, init);
  const text = await res.text();
  return { status: res.status, text, body: parse(text) };
}

function checkRow(row, answer) {
  const shown = `${answer.status} ${answer.text.length > 400 ? `${answer.text.slice(0, 400)}…` : answer.text}`;
  if (row.code !== undefined) {
    assertError(answer, row.status, row.code);
    return;
  }
  assert.equal(answer.status, row.status, `expected HTTP ${row.status}, got ${shown}`);
  if ("result" in row) {
    assert.ok(answer.body && typeof answer.body === "object" && "result" in answer.body, `no result: ${shown}`);
    assert.deepEqual(answer.body.result, row.result, `result: ${shown}`);
  }
  if (row.jsonrpc !== undefined) {
    assert.ok(answer.body && typeof answer.body === "object", `not JSON: ${shown}`);
    assert.equal(answer.body.jsonrpc, "2.0", `not JSON-RPC: ${shown}`);
    assert.equal(answer.body.error?.code, row.jsonrpc, `JSON-RPC error code: ${shown}`);
    assert.equal(typeof answer.body.error.message, "string", `JSON-RPC error message: ${shown}`);
    assert.ok(!("result" in answer.body), `an error must not carry a result: ${shown}`);
  }
  if (row.empty) {
    assert.equal(answer.text, "", `expected an empty body: ${shown}`);
  }
}

describe("bad input against one runtime instance", () => {
  let rt;
  const instance = newInstance();
  const ids = { instance };
  const before_ = {};

  /** Runs `code`; asserts the run ended with `status`. */
  async function run(code, status) {
    const out = await rt.call(instance, "execute", code);
    assert.equal(out.status, status, `execute ${JSON.stringify(code)} → ${JSON.stringify(out)}`);
    return out;
  }

  async function listNotes() {
    const out = await run(LIST, "completed");
    assert.ok(Array.isArray(out.result), `listNotes: ${JSON.stringify(out.result)}`);
    return out.result;
  }

  async function snapshot() {
    return {
      completed: await rt.call(instance, "execution", ids.completedId),
      paused: await rt.call(instance, "execution", ids.pausedId),
      note: await rt.call(instance, "execution", ids.noteId),
      snippets: await rt.call(instance, "snippets"),
      pending: await rt.call(instance, "pendingApprovals"),
      pausedPending: await rt.call(instance, "pendingApprovals", ids.pausedId),
      history: await rt.call(instance, "executionHistory", 10_000),
    };
  }

  before(async () => {
    rt = await startRuntime();

    const completed = await run(COMPLETED_CODE, "completed");
    assert.deepEqual(completed.result, { sum: 2, words: ["a", "b"] });
    ids.completedId = completed.executionId;

    const paused = await run(PAUSED_CODE, "paused");
    assert.equal(paused.pending.length, 1, JSON.stringify(paused));
    ids.pausedId = paused.executionId;

    const notePaused = await run(NOTE_CODE, "paused");
    const noteDone = await rt.call(instance, "approveExecution", notePaused.executionId);
    assert.equal(noteDone.status, "completed", JSON.stringify(noteDone));
    assert.equal(noteDone.result, "approved note");
    ids.noteId = notePaused.executionId;

    const snippet = await rt.call(instance, "saveSnippet", SNIPPET, "Returns two words", ids.completedId);
    assert.equal(snippet.name, SNIPPET);

    Object.assign(before_, await snapshot());
    before_.notes = await listNotes();
    assert.deepEqual(
      before_.notes.map((n) => n.text),
      ["approved note"],
      `only the approved note exists: ${JSON.stringify(before_.notes)}`,
    );
    assert.equal(before_.paused.status, "paused");
    assert.equal(before_.pending.length, 1, JSON.stringify(before_.pending));
    assert.deepEqual(before_.snippets.map((s) => s.name), [SNIPPET]);
    // The listNotes run above is part of the history the table must not change.
    before_.history = await rt.call(instance, "executionHistory", 10_000);
  }, T);

  after(async () => {
    await rt?.dispose();
  });

  test("every bad input is refused with its status and code", T, async (t) => {
    const rows = buildRows(ids);
    console.log(`bad-input table: ${rows.length} rows`);
    assert.ok(rows.length >= 50, `the table has ${rows.length} rows; at least 50 are required`);
    assert.equal(new Set(rows.map((r) => r.name)).size, rows.length, "row names are unique");
    for (const row of rows) {
      await t.test(row.name, async () => {
        const answer = await send(rt, instance, row.request);
        checkRow(row, answer);
      });
    }
  });

  test("after the table: a normal script runs and the earlier data is unchanged", T, async () => {
    const now = await snapshot();
    assert.deepEqual(now.completed, before_.completed, "the completed run changed");
    assert.deepEqual(now.paused, before_.paused, "the paused run changed");
    assert.deepEqual(now.note, before_.note, "the approved note run changed");
    assert.deepEqual(now.snippets, before_.snippets, "snippets changed");
    assert.deepEqual(now.pending, before_.pending, "pendingApprovals() changed");
    assert.deepEqual(now.pausedPending, before_.pausedPending, "pendingApprovals(paused) changed");
    assert.deepEqual(
      now.history.map((e) => e.id),
      before_.history.map((e) => e.id),
      "refused requests must not create executions",
    );
    assert.deepEqual(now.history, before_.history, "executionHistory changed");

    const out = await run("const xs = [1, 2, 3]; console.log('ok'); return xs.map((x) => x * 2);", "completed");
    assert.deepEqual(out.result, [2, 4, 6]);
    assert.deepEqual(await listNotes(), before_.notes, "notes.listNotes() changed");

    // The snippet still runs and the paused run can still be approved (it was only refused, never
    // touched): approving it now writes its note.
    const viaSnippet = await run(`return await codemode.run(${JSON.stringify(SNIPPET)}, {})`, "completed");
    assert.deepEqual(viaSnippet.result, { sum: 2, words: ["a", "b"] });
    const resumed = await rt.call(instance, "approveExecution", ids.pausedId);
    assert.equal(resumed.status, "completed", JSON.stringify(resumed));
    assert.deepEqual(
      (await listNotes()).map((n) => n.text),
      ["approved note", "waiting for approval"],
    );
  });

  test("bad WebSocket frames: ignored or answered, the socket stays open", T, async () => {
    const ws = await rt.ws(instance);
    await ws.waitFor((f) => f.type === "cf_agent_identity");

    // Frames that are not rpc frames get no reply at all.
    let from = ws.frames.length;
    ws.send("this is not json");
    ws.send("{truncated");
    ws.send({ type: "nope", id: "x1", method: "tool", args: [] });
    ws.send({ id: "x2", method: "tool", args: [] });
    ws.send([1, 2, 3]);
    const probe = await ws.call("tool");
    assert.equal(probe.success, true, JSON.stringify(probe));
    assert.equal(probe.result.name, "codemode");
    assert.deepEqual(
      ws.frames.slice(from).filter((f) => f !== probe),
      [],
      `unknown frames must get no reply: ${JSON.stringify(ws.frames.slice(from))}`,
    );

    // rpc frames that are wrong get success:false with the code first.
    const bad = [
      { frame: { type: "rpc", id: "no-method", args: [] }, code: "BAD_REQUEST" },
      { frame: { type: "rpc", id: "method-number", method: 5, args: [] }, code: "BAD_REQUEST" },
      { frame: { type: "rpc", id: "args-object", method: "execute", args: { code: "return 1" } }, code: "BAD_REQUEST" },
      { frame: { type: "rpc", id: "args-string", method: "execute", args: "return 1" }, code: "BAD_REQUEST" },
      { frame: { type: "rpc", id: "unknown-method", method: "nope", args: [] }, code: "UNKNOWN_METHOD" },
      { frame: { type: "rpc", id: "proto", method: "__proto__", args: [] }, code: "UNKNOWN_METHOD" },
      { frame: { type: "rpc", id: "empty-code", method: "execute", args: [""] }, code: "BAD_REQUEST" },
      { frame: { type: "rpc", id: "bad-id", method: "execution", args: ["../x"] }, code: "BAD_REQUEST" },
      { frame: { type: "rpc", id: "unknown-id", method: "execution", args: ["no-such-execution"] }, code: "NOT_FOUND" },
      { frame: { type: "rpc", id: "bad-name", method: "saveSnippet", args: ["a b", "d", ids.completedId] }, code: "INVALID_NAME" },
    ];
    for (const { frame, code } of bad) {
      from = ws.frames.length;
      ws.send(frame);
      const reply = await ws.waitFor((f) => f && f.type === "rpc" && f.id === frame.id, { from });
      assert.equal(reply.success, false, `${frame.id}: ${JSON.stringify(reply)}`);
      assert.equal(typeof reply.error, "string", `${frame.id}: ${JSON.stringify(reply)}`);
      assert.ok(reply.error.startsWith(`${code}: `), `${frame.id}: expected "${code}: …", got ${JSON.stringify(reply.error)}`);
      assert.ok(!("result" in reply), `${frame.id}: ${JSON.stringify(reply)}`);
      assert.equal(ws.closed, null, `the socket closed after ${frame.id}`);
    }

    // Still open and working.
    assert.equal(ws.closed, null);
    const ok = await ws.call("execute", "return 6 * 7");
    assert.equal(ok.success, true, JSON.stringify(ok));
    assert.equal(ok.result.status, "completed");
    assert.equal(ok.result.result, 42);
    await ws.close();
  });
});
