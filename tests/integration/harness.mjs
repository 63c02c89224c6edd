// Shared harness for the Node integration tests (node:test + Miniflare + ws).
//
// `startRuntime()` loads the worker-build output into Miniflare with the same Durable Object
// binding wrangler.toml declares, and returns small helpers for the contract's HTTP and WebSocket
// surfaces (see docs/contract.md). Requests use the host `localhost`, because without a
// CODEMODE_TOKEN binding the runtime only serves loopback hosts.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import { Log, LogLevel, Miniflare } from "miniflare";
import WebSocket from "ws";
import { AgentClient } from "agents/client";

/** Repository root (this file lives in `<root>/tests/integration/`). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The Worker's ES module entry, relative to REPO_ROOT: the single place that knows the
 * worker-build output layout. It is wrangler.toml's `main`. worker-build 0.8.x writes
 * `build/index.js` (ESM, imports `./index_bg.wasm`) and keeps `build/worker/shim.mjs` only as a
 * re-export of `../index.js`; older versions bundled `build/worker/shim.mjs` next to `index.wasm`.
 * The modules rules below resolve either layout.
 */
export const WORKER_ENTRY = "build/index.js";

export const COMPATIBILITY_DATE = "2026-04-01";
export const BINDING = "CODEMODE";
export const CLASS_NAME = "CodemodeObject";
export const NAMESPACE = "codemode";
/** Worker name; Durable Object ids (and so persisted storage) are keyed by `<name>-<class>`. */
const WORKER_NAME = "codemode-runtime";

/**
 * An `execute` answer of `rt.rpc` as one line, as the native table tests print a run's end
 * (tests/engine_crashes.rs, tests/memory.rs): `value <json>` or `error <code>: <message>`.
 */
export function outcomeLine(answer) {
  if (answer.body?.error) return `error ${answer.body.error.code}: ${answer.body.error.message}`;
  const out = answer.body.result;
  if (out.status === "completed") return `value ${JSON.stringify(out.result)}`;
  if (out.status === "error") return `error ${out.error.code}: ${out.error.message}`;
  return `status ${out.status}`;
}

/** Base path of one runtime instance. */
export function base(instance) {
  return `/agents/${NAMESPACE}/${encodeURIComponent(instance)}`;
}

/** A fresh instance name, so every test gets its own Durable Object. */
export function newInstance() {
  return `t-${randomUUID()}`;
}

function parseBody(text) {
  if (text === "") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Starts Miniflare on the built Worker.
 * @param {{persistDir?: string, bindings?: Record<string, unknown>, entry?: string,
 *   wrappedBindings?: Record<string, unknown>, workers?: object[]}} [opts]
 *   persistDir: folder for Durable Object storage (kept after dispose; a later runtime on the same
 *   folder sees the same objects). Without it, storage lives in Miniflare's temporary folder.
 *   entry: another build of the Worker (relative to REPO_ROOT), for the upgrade test.
 *   wrappedBindings: the runtime Worker's wrapped bindings (Miniflare's option, e.g. a fake `AI`
 *   binding from fixtures/workers_ai.mjs); workers: more Workers beside the runtime (the wrapped
 *   bindings' own scripts). With `workers` Miniflare runs several Workers: the runtime is the
 *   first, so dispatchFetch and `url` still reach it.
 */
export async function startRuntime({
  persistDir,
  bindings,
  entry = WORKER_ENTRY,
  wrappedBindings,
  workers = [],
} = {}) {
  const scriptPath = path.join(REPO_ROOT, entry);
  if (!existsSync(scriptPath)) {
    throw new Error(`${scriptPath} does not exist: build the Worker first (npm run build)`);
  }
  const runtimeWorker = {
    name: WORKER_NAME,
    modules: true,
    modulesRoot: REPO_ROOT,
    scriptPath,
    modulesRules: [
      // wasm-bindgen's ESM glue is `.js`; Miniflare's default rule would treat it as CommonJS.
      { type: "ESModule", include: ["**/*.js", "**/*.mjs"] },
      { type: "CompiledWasm", include: ["**/*.wasm"] },
    ],
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: { [BINDING]: { className: CLASS_NAME, useSQLite: true } },
    bindings: bindings ?? {},
    ...(wrappedBindings ? { wrappedBindings } : {}),
  };
  const shared = {
    // A path persists Durable Object storage there; `false` keeps it in Miniflare's temp folder,
    // removed by dispose().
    durableObjectsPersist: persistDir ?? false,
    // CODEMODE_TEST_LOG=1 shows workerd/Worker logs (console.log of the Worker, uncaught errors).
    log: process.env.CODEMODE_TEST_LOG ? new Log(LogLevel.DEBUG) : undefined,
  };
  // One Worker: the options as they always were. More: Miniflare's `workers`, the runtime first.
  const mf = new Miniflare(
    workers.length === 0 ? { ...runtimeWorker, ...shared } : { ...shared, workers: [runtimeWorker, ...workers] },
  );
  let readyUrl;
  try {
    readyUrl = await mf.ready;
  } catch (e) {
    await mf.dispose().catch(() => {});
    throw e;
  }
  const port = Number(readyUrl.port);
  const url = `http://localhost:${port}`;
  const sockets = new Set();

  /** fetch through Miniflare; `path` is under http://localhost unless it is an absolute URL. */
  async function fetch(p, init) {
    const target = /^[a-z]+:\/\//i.test(p) ? p : `http://localhost${p}`;
    return mf.dispatchFetch(target, init);
  }

  /** POST <base>/rpc {method, args} → {status, body} (body parsed as JSON when it is JSON). */
  async function rpc(instance, method, ...args) {
    const res = await fetch(`${base(instance)}/rpc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method, args }),
    });
    return { status: res.status, body: parseBody(await res.text()) };
  }

  /** rpc that must succeed: asserts HTTP 200 and `{result}`, returns the result. */
  async function call(instance, method, ...args) {
    const { status, body } = await rpc(instance, method, ...args);
    assert.equal(
      status,
      200,
      `${method}(${JSON.stringify(args)}) answered HTTP ${status}: ${JSON.stringify(body)}`,
    );
    assert.ok(
      body !== null && typeof body === "object" && "result" in body,
      `${method}: body has no "result": ${JSON.stringify(body)}`,
    );
    return body.result;
  }

  /** Opens the Agents WebSocket of one instance; resolves once the handshake succeeded. */
  async function ws(instance, { query = "", headers = {} } = {}) {
    const sock = await openSocket(`ws://localhost:${port}${base(instance)}${query}`, headers);
    sockets.add(sock);
    sock.socket.once("close", () => sockets.delete(sock));
    return sock;
  }

  async function dispose() {
    for (const s of sockets) s.socket.terminate();
    sockets.clear();
    await mf.dispose();
  }

  return { mf, url, port, fetch, rpc, call, ws, dispose };
}

/**
 * Runtimes that follow one another on the same storage, for tests of what a restart or a deploy
 * keeps. Call it in a `describe`: it makes a fresh storage folder before the suite and, after it,
 * stops the runtime still running and removes the folder. `start(opts)` stops the running one (if
 * any) and starts another on the folder (`opts` as for startRuntime: another `entry`, other
 * `bindings`); `stop()` stops it; `rt` is the running one; `persistDir` the folder, for a Worker
 * of the test's own on the same storage.
 * @param {string} name  part of the folder's name
 */
export function persistedRuntime(name) {
  let persistDir;
  let rt;
  const stop = async () => {
    const running = rt;
    rt = undefined;
    await running?.dispose();
  };
  before(async () => {
    persistDir = await mkdtemp(path.join(tmpdir(), `codemode-${name}-`));
  });
  after(async () => {
    await stop();
    if (persistDir) await rm(persistDir, { recursive: true, force: true });
  });
  return {
    get persistDir() {
      return persistDir;
    },
    get rt() {
      return rt;
    },
    async start(opts = {}) {
      await stop();
      rt = await startRuntime({ ...opts, persistDir });
      return rt;
    },
    stop,
  };
}

/**
 * Asserts an HTTP error answer: `status` and `{"error": {"code": code, "message": <string>}}`.
 */
export function assertError(answer, status, code) {
  const text = JSON.stringify(answer.body);
  assert.equal(answer.status, status, `expected HTTP ${status} ${code}, got ${answer.status}: ${text}`);
  assert.ok(answer.body && typeof answer.body === "object" && answer.body.error, `no error object: ${text}`);
  assert.equal(answer.body.error.code, code, `error code: ${text}`);
  assert.equal(typeof answer.body.error.message, "string", `error message: ${text}`);
}

/**
 * Deep partial match: objects must have at least the expected keys (extra keys are allowed, the
 * contract lets fields be added); arrays must have exactly the expected length; other values are
 * compared with strict deep equality.
 */
export function assertMatches(actual, expected, where = "value") {
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${where}: expected an array, got ${JSON.stringify(actual)}`);
    assert.equal(
      actual.length,
      expected.length,
      `${where}: expected ${expected.length} items, got ${JSON.stringify(actual)}`,
    );
    expected.forEach((e, i) => assertMatches(actual[i], e, `${where}[${i}]`));
  } else if (expected !== null && typeof expected === "object") {
    assert.ok(
      actual !== null && typeof actual === "object" && !Array.isArray(actual),
      `${where}: expected an object, got ${JSON.stringify(actual)}`,
    );
    for (const [k, v] of Object.entries(expected)) {
      assert.ok(k in actual, `${where}: missing key "${k}" in ${JSON.stringify(actual)}`);
      assertMatches(actual[k], v, `${where}.${k}`);
    }
  } else {
    assert.deepEqual(actual, expected, `${where}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

/**
 * WebSocket client that records every frame (parsed JSON, or `{text}` for non-JSON data) in
 * `frames` and lets tests await frames by predicate.
 */
function openSocket(address, headers) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(address, { headers });
    const frames = [];
    const waiters = new Set();
    let closed = null;

    socket.on("message", (data, isBinary) => {
      const text = isBinary ? Buffer.from(data).toString("base64") : data.toString();
      let frame;
      try {
        frame = JSON.parse(text);
      } catch {
        frame = { text };
      }
      frames.push(frame);
      for (const w of [...waiters]) w.check();
    });
    socket.on("close", (code, reason) => {
      closed = { code, reason: reason.toString() };
      for (const w of [...waiters]) w.fail();
    });
    socket.on("error", (err) => {
      if (socket.readyState === WebSocket.CONNECTING) return; // reported by unexpected-response/close
      closed ??= { code: -1, reason: String(err) };
    });
    socket.once("unexpected-response", (_req, res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => {
        const err = new Error(`WebSocket handshake refused: HTTP ${res.statusCode} ${body}`);
        err.statusCode = res.statusCode;
        err.body = parseBody(body);
        reject(err);
        socket.terminate();
      });
    });
    socket.once("error", (err) => {
      if (socket.readyState !== WebSocket.OPEN) reject(err);
    });

    /** Resolves with the first frame at index >= from that satisfies pred (past or future). */
    function waitFor(pred, { from = 0 } = {}) {
      return new Promise((res, rej) => {
        const w = {
          check() {
            for (let i = from; i < frames.length; i++) {
              if (pred(frames[i])) {
                waiters.delete(w);
                res(frames[i]);
                return true;
              }
            }
            return false;
          },
          fail() {
            waiters.delete(w);
            rej(
              new Error(
                `socket closed (${JSON.stringify(closed)}) before the awaited frame; frames: ${JSON.stringify(frames)}`,
              ),
            );
          },
        };
        if (w.check()) return;
        if (closed) return w.fail();
        waiters.add(w);
      });
    }

    function send(frame) {
      socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
    }

    /** Sends an rpc frame and resolves with its final response frame (done, or success:false). */
    function call(method, ...args) {
      const id = randomUUID();
      const from = frames.length;
      send({ type: "rpc", id, method, args });
      return waitFor(
        (f) => f && f.type === "rpc" && f.id === id && (f.done === true || f.success === false),
        { from },
      );
    }

    /** Closes with code 1000; if the server does not finish the close handshake soon, drops it. */
    function close() {
      if (closed) return Promise.resolve(closed);
      return new Promise((res) => {
        const timer = setTimeout(() => socket.terminate(), 2000);
        socket.once("close", () => {
          clearTimeout(timer);
          res(closed);
        });
        socket.close(1000, "done");
      });
    }

    socket.once("open", () =>
      resolve({ socket, frames, waitFor, send, call, close, get closed() { return closed; } }),
    );
  });
}

/**
 * Runs `execute` until the object has every configured connector: while a declared service is
 * down the object answers 502 CONNECTOR_UNAVAILABLE (reads still work) and reconnects a few
 * seconds later. Returns the first answer that is not CONNECTOR_UNAVAILABLE.
 */
export async function executeOnceConnected(rt, instance, code, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await rt.rpc(instance, "execute", code);
    const unavailable = answer.status === 502 && answer.body?.error?.code === "CONNECTOR_UNAVAILABLE";
    if (!unavailable) {
      assert.equal(answer.status, 200, `execute answered HTTP ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body.result;
    }
    if (Date.now() > deadline) assert.fail(`still CONNECTOR_UNAVAILABLE after ${timeoutMs} ms: ${answer.body.error.message}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Opens the `agents` package's AgentClient on one instance and records every frame it receives
 * (AgentClient is an EventTarget); `waitFor(pred)` resolves with the first matching frame. Node 20
 * has no global WebSocket: `ws` is passed as PartySocket's `WebSocket` option.
 */
export function openAgentClient(rt, instance, extra = {}) {
  const client = new AgentClient({
    host: new URL(rt.url).host,
    agent: "codemode",
    name: instance,
    WebSocket,
    ...extra,
  });
  const frames = [];
  const waiters = new Set();
  client.addEventListener("message", (event) => {
    if (typeof event.data !== "string") return;
    frames.push(JSON.parse(event.data));
    for (const w of [...waiters]) w();
  });
  /** Resolves with the first frame (past or future, from index `from`) that satisfies pred. */
  function waitFor(pred, { from = 0, ms = 10_000 } = {}) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching frame within ${ms} ms; frames: ${JSON.stringify(frames)}`));
      }, ms);
      function check() {
        const found = frames.slice(from).find(pred);
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      }
      waiters.add(check);
      check();
    });
  }
  return { client, frames, waitFor };
}
