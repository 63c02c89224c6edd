// The npm package `codemode-runtime` (packages/codemode/) with its `models` option, in a user's
// own Worker as its users get it (`npm pack`'s tarball in a fresh project, served by `wrangler
// dev`): a Durable Object whose runtime declares
// - an OpenAI-compatible provider (fixtures/model_server.mjs, a real local server) with a literal
//   `apiKey`, or one read from `env` (`{secret}`);
// - Workers AI through a binding *object* handed to the option (a fake `run()` in the Worker).
// A script classifies the object's notes (models.classify), paints an image
// (models.generateImages) and hands back one of literal bytes (image()); `runtime.image(id)` gives
// the bytes, `imageResponse(id)` serves them (404 for an unknown id), and the tool's
// toModelOutput carries the report and each image as an `image-data` part. As in the service
// Worker (models.test.mjs): 300 texts classified in 12 batches at once make 12 requests, at most 4
// in flight; a model call before a call needing approval (notes.saveNote) pauses the run, and the
// handle's approve() completes it by replay without asking the model again.
//
// Needs packages/codemode built (scripts/build-package.sh, run by `npm test`); does not build.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { COMPATIBILITY_DATE, REPO_ROOT } from "./harness.mjs";
import { startModelServer } from "./fixtures/model_server.mjs";
import { fromBase64, paintPng, summarize, toBase64 } from "./fixtures/model_kit.mjs";
import { installPacked, serveWithWranglerDev, undoAll } from "./wrangler_process.mjs";
import { BATCH_SCRIPT, CHAT, checkBatches } from "./fixtures/classify_batches.mjs";

const T = { timeout: 120_000 };
const WRANGLER = path.join(REPO_ROOT, "node_modules", ".bin", "wrangler");
const PACKAGE_DIR = path.join(REPO_ROOT, "packages", "codemode");
const API_KEY = "sk-embedded-models";
/** What the Worker's fake Workers AI binding paints (whatever it is asked for). */
const AI_PNG = paintPng("the fake binding's picture", { width: 70, height: 66 });
const LITERAL = paintPng("a literal stamp", { width: 16, height: 9 });


const WORKER = `
import { DurableObject } from "cloudflare:workers";
import { CodemodeConnector, CodemodeError, createCodemodeRuntime } from "codemode-runtime";

const AI_PNG = Uint8Array.from(atob(${JSON.stringify(toBase64(AI_PNG))}), (c) => c.charCodeAt(0));
const MODELS = [
  { id: "lexicon-chat", task: ["text-generation", "text-classification"] },
  { id: "png-painter", task: "text-to-image", description: "PNGs of the asked size" },
];

/** A Workers AI binding as the package receives one: an object with run(model, inputs). */
const aiCalls = [];
const fakeAi = {
  async run(model, inputs) {
    aiCalls.push({ model, inputs });
    if (model === "@cf/huggingface/distilbert-sst-2-int8") {
      return [{ label: "POSITIVE", score: 0.875 }, { label: "NEGATIVE", score: 0.125 }];
    }
    if (model === "@cf/stabilityai/stable-diffusion-xl-base-1.0") {
      return new ReadableStream({ start(c) { c.enqueue(AI_PNG); c.close(); } });
    }
    throw new Error("5007: No such model " + model + " or task");
  },
};

class NotesConnector extends CodemodeConnector {
  name() { return "notes"; }
  tools() {
    return {
      listNotes: {
        description: "List the saved notes.",
        execute: async () => [{ text: "Pay the overdue rent today" }, { text: "Correct a small typo someday" }],
      },
      saveNote: {
        description: "Save a note.",
        inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
        requiresApproval: true,
        execute: async (input) => {
          const saved = ((await this.ctx.storage.get("saved")) ?? []).concat(input.text);
          await this.ctx.storage.put("saved", saved);
          return { text: input.text, count: saved.length };
        },
      },
    };
  }
}

function base64(bytes) {
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

export class Models extends DurableObject {
  runtime(kind) {
    const models =
      kind === "workers-ai" ? { provider: "workers-ai", binding: fakeAi }
      : kind === "secret" ? { provider: "openai", baseUrl: this.env.MODELS_URL, apiKey: { secret: "MODELS_KEY" }, models: MODELS }
      : kind === "text" ? JSON.stringify({ provider: "openai", baseUrl: this.env.MODELS_URL, apiKey: this.env.MODELS_KEY, models: MODELS })
      : kind === "broken" ? { provider: "openai", baseUrl: this.env.MODELS_URL, models: [] }
      : { provider: "openai", baseUrl: this.env.MODELS_URL, apiKey: this.env.MODELS_KEY, models: MODELS };
    return createCodemodeRuntime({ ctx: this.ctx, env: this.env, connectors: [new NotesConnector(this.ctx, this.env)], models });
  }

  async fetch(request) {
    const url = new URL(request.url);
    const runtime = this.runtime(url.searchParams.get("kind"));
    try {
      switch (url.pathname) {
        case "/execute": {
          const { code } = await request.json();
          return Response.json(await runtime.tool().execute({ code }));
        }
        case "/model-output": {
          const { output } = await request.json();
          return Response.json(await runtime.tool().toModelOutput({ output }));
        }
        case "/image": {
          const image = await runtime.image(url.searchParams.get("id"));
          return Response.json({ ...image, data: base64(image.data), isBytes: image.data instanceof Uint8Array });
        }
        case "/approve": {
          const { executionId, by } = await request.json();
          return Response.json(await runtime.approve({ executionId, by }));
        }
        case "/saved":
          return Response.json((await this.ctx.storage.get("saved")) ?? []);
        case "/ai-calls":
          return Response.json(aiCalls);
        default:
          if (url.pathname.startsWith("/images/")) return runtime.imageResponse(url.pathname.slice("/images/".length));
          return new Response("no route", { status: 404 });
      }
    } catch (error) {
      return Response.json({ thrown: { code: error.code, message: error.message, isCodemodeError: error instanceof CodemodeError } }, { status: 500 });
    }
  }
}

export default {
  fetch(request, env) {
    const url = new URL(request.url);
    const object = url.searchParams.get("object");
    if (!object) return new Response("no object", { status: 404 });
    return env.MODELS.get(env.MODELS.idFromName(object)).fetch(request);
  },
};
`;

let dir;
let dev;
let origin;
let server;

after(async () => {
  await undoAll();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** `path` of object `object` (its runtime declared as `kind`): the response. */
function request(object, kind, pathname, body) {
  const url = new URL(pathname, origin);
  url.searchParams.set("object", object);
  url.searchParams.set("kind", kind);
  return fetch(url, body === undefined ? {} : { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
}

/** As `request`, the JSON body of a 200. */
async function json(object, kind, pathname, body) {
  const res = await request(object, kind, pathname, body);
  const text = await res.text();
  assert.equal(res.status, 200, `${pathname}: ${res.status} ${text}\n${dev.tail(3000)}`);
  return JSON.parse(text);
}

const SCRIPT = `const saved = await notes.listNotes();
const scores = await models.classify({ texts: saved.map((n) => n.text), labels: ["urgent", "normal", "low"] });
const [picture] = await models.generateImages({ prompt: "a paper boat", width: 72, height: 64 });
image(picture);
image(new Uint8Array(${JSON.stringify([...LITERAL])}));
text(scores.map((s, i) => saved[i].text + ": " + s[0].label).join("; "));
return scores.map((s) => s[0].label);`;

describe("the npm package's `models` option in a user's Worker (npm pack, wrangler dev)", () => {
  before(async () => {
    assert.ok(existsSync(path.join(PACKAGE_DIR, "dist", "index.js")), "packages/codemode is not built: bash scripts/build-package.sh");
    server = await startModelServer({ apiKey: API_KEY });
    dir = await mkdtemp(path.join(tmpdir(), "codemode-models-"));
    await mkdir(path.join(dir, "src"));
    await writeFile(path.join(dir, "src", "index.js"), WORKER);
    await writeFile(
      path.join(dir, "wrangler.jsonc"),
      JSON.stringify({
        name: "codemode-models-app",
        main: "src/index.js",
        compatibility_date: COMPATIBILITY_DATE,
        durable_objects: { bindings: [{ name: "MODELS", class_name: "Models" }] },
        migrations: [{ tag: "v1", new_sqlite_classes: ["Models"] }],
      }),
    );
    installPacked(PACKAGE_DIR, dir);
    let response;
    ({ dev, origin, response } = await serveWithWranglerDev(WRANGLER, path.join(dir, "wrangler.jsonc"), dir, {
      probe: "/no-object",
      args: ["--var", `MODELS_URL:${server.url}`, "--var", `MODELS_KEY:${API_KEY}`],
    }));
    assert.equal(response.status, 404, `the Worker answers: ${response.status}\n${dev.tail()}`);
    await response.arrayBuffer();
  }, { timeout: 300_000 });

  test("openai (literal apiKey): classify + generateImages + image(bytes); runtime.image(id), imageResponse(id), toModelOutput's image parts", T, async () => {
    const object = `openai-${Date.now()}`;
    server.reset();
    const done = await json(object, "openai", "/execute", { code: SCRIPT });
    assert.equal(done.status, "completed", done.report);
    assert.deepEqual(done.result, ["urgent", "low"]);
    assert.deepEqual(
      done.calls.map((c) => [c.connector, c.method, c.state, c.usage?.model, c.usage?.provider]),
      [
        ["notes", "listNotes", "applied", undefined, undefined],
        ["models", "classify", "applied", "lexicon-chat", "openai"],
        ["models", "generateImages", "applied", "png-painter", "openai"],
      ],
    );
    assert.ok(done.calls[1].usage.totalTokens > 0, JSON.stringify(done.calls[1].usage));
    // The provider was asked with the key, once per model call.
    assert.deepEqual(server.requests.map((r) => [r.path, r.headers.authorization]), [
      ["/v1/chat/completions", `Bearer ${API_KEY}`],
      ["/v1/images/generations", `Bearer ${API_KEY}`],
    ]);

    const painted = paintPng("a paper boat", { width: 72, height: 64 });
    assert.deepEqual(
      done.images.map(({ type, mimeType, width, height, bytes, url, id }) => ({ type, mimeType, width, height, bytes, url: url === `images/${id}` })),
      [
        { type: "image", mimeType: "image/png", width: 72, height: 64, bytes: painted.length, url: true },
        { type: "image", mimeType: "image/png", width: 16, height: 9, bytes: LITERAL.length, url: true },
      ],
    );
    assert.match(done.report, /^image 1\/2: images\/\S+ \(image\/png, 72×64\)$/m);
    assert.match(done.report, /^image 2\/2: images\/\S+ \(image\/png, 16×9\)$/m);

    // runtime.image(id): the stored bytes, as a Uint8Array, with the reference's fields.
    const [generated, literal] = await Promise.all(done.images.map((i) => json(object, "openai", `/image?id=${encodeURIComponent(i.id)}`)));
    const { url: _url, ...ref } = done.images[0];
    const { data: _data, ...meta } = generated;
    assert.deepEqual(meta, { ...ref, isBytes: true });
    assert.deepEqual(fromBase64(generated.data), painted);
    assert.deepEqual(fromBase64(literal.data), LITERAL);

    // imageResponse(id): the bytes with their type; an unknown id is a 404 with the error body.
    const served = await request(object, "openai", `/images/${done.images[0].id}`);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get("content-type"), "image/png");
    assert.match(served.headers.get("cache-control"), /immutable/);
    assert.deepEqual(new Uint8Array(await served.arrayBuffer()), painted);
    const missing = await request(object, "openai", `/images/${done.executionId}.g9i9`);
    assert.equal(missing.status, 404);
    assert.equal((await missing.json()).error.code, "NOT_FOUND");
    const thrown = await request(object, "openai", `/image?id=${done.executionId}.o7`);
    assert.equal(thrown.status, 500);
    const { code, isCodemodeError } = (await thrown.json()).thrown;
    assert.deepEqual({ code, isCodemodeError }, { code: "NOT_FOUND", isCodemodeError: true });

    // What the model reads: the report, then each image as image-data (base64).
    assert.deepEqual(await json(object, "openai", "/model-output", { output: done }), {
      type: "content",
      value: [
        { type: "text", text: done.report },
        { type: "image-data", data: toBase64(painted), mediaType: "image/png" },
        { type: "image-data", data: toBase64(LITERAL), mediaType: "image/png" },
      ],
    });
    // A run without images: the report as text.
    const plain = await json(object, "openai", "/execute", { code: "return (await models.catalog({ task: 'text-to-image' })).map((m) => m.id)" });
    assert.deepEqual(plain.result, ["png-painter"]);
    assert.equal(plain.images, undefined);
    assert.deepEqual(await json(object, "openai", "/model-output", { output: plain }), { type: "text", value: plain.report });
  });

  test("openai with the key from env ({secret}), and the option as CODEMODE_MODELS JSON text", T, async () => {
    for (const kind of ["secret", "text"]) {
      server.reset();
      const done = await json(`${kind}-${Date.now()}`, kind, "/execute", {
        code: 'return (await models.classify({ text: "Pay the overdue rent today", labels: ["urgent", "low"] }))[0].label',
      });
      assert.equal(done.status, "completed", `${kind}: ${done.report}`);
      assert.equal(done.result, "urgent");
      assert.equal(server.requests[0].headers.authorization, `Bearer ${API_KEY}`, kind);
    }
  });

  test("workers-ai through a binding object: classify with the model's own labels, an image from its stream", T, async () => {
    const object = `workers-ai-${Date.now()}`;
    const done = await json(object, "workers-ai", "/execute", {
      code: `const [sentiment] = await models.classify({ text: "I love this boat" });
const [picture] = await models.generateImages({ model: "@cf/stabilityai/stable-diffusion-xl-base-1.0", prompt: "a boat", width: 256, height: 256 });
image(picture);
return sentiment;`,
    });
    assert.equal(done.status, "completed", done.report);
    assert.deepEqual(done.result, { label: "POSITIVE", score: 0.875 });
    assert.deepEqual(done.calls.map((c) => [c.method, c.usage?.provider]), [["classify", "workers-ai"], ["generateImages", "workers-ai"]]);
    assert.deepEqual(done.images.map(({ width, height, bytes }) => ({ width, height, bytes })), [{ width: 70, height: 66, bytes: AI_PNG.length }]);
    assert.deepEqual(fromBase64((await json(object, "workers-ai", `/image?id=${done.images[0].id}`)).data), AI_PNG);
    const calls = await json(object, "workers-ai", "/ai-calls");
    assert.deepEqual(calls.map((c) => c.model), ["@cf/huggingface/distilbert-sst-2-int8", "@cf/stabilityai/stable-diffusion-xl-base-1.0"]);
    assert.deepEqual(calls[1].inputs, { prompt: "a boat", width: 256, height: 256 });
  });

  test("classify 300 texts in 12 batches at once: 12 requests, at most (and at some point exactly) 4 in flight", T, async () => {
    const object = `batches-${Date.now()}`;
    server.reset();
    // Each request waits 300 ms, so that calls overlap and the bound shows.
    server.setFailure("slow:300", { times: 12 });
    const done = await json(object, "openai", "/execute", { code: BATCH_SCRIPT });
    server.setFailure(null);
    assert.equal(done.status, "completed", done.report);
    checkBatches(done.result, server, API_KEY);
    assert.equal(done.calls.length, 12);
    for (const c of done.calls) {
      assert.deepEqual([c.connector, c.method, c.state, c.usage?.model, c.usage?.provider], ["models", "classify", "applied", "lexicon-chat", "openai"]);
      assert.ok(c.usage.durationMs >= 250, `usage.durationMs ${c.usage.durationMs}`);
    }
  });

  test("a model call, then a call needing approval: paused; the handle's approve() replays without asking the model again", T, async () => {
    const object = `approve-${Date.now()}`;
    const prompt = "The deploy finished at noon. All checks passed. Nobody was paged. The queue drained by one.";
    server.reset();
    const code = `const s = await models.generateText({ prompt: ${JSON.stringify(prompt)}, maxTokens: 50 });
const n = await notes.saveNote({ text: s.text });
return { text: s.text, note: n.text, count: n.count, usage: s.usage };`;
    const paused = await json(object, "openai", "/execute", { code });
    assert.equal(paused.status, "paused", JSON.stringify(paused));
    assert.deepEqual(
      paused.pending.map(({ connector, method, args }) => ({ connector, method, args })),
      [{ connector: "notes", method: "saveNote", args: { text: summarize(prompt) } }],
    );
    assert.deepEqual(
      paused.calls.map((c) => [c.seq, c.connector, c.method, c.state, c.usage?.model]),
      [[0, "models", "generateText", "applied", "lexicon-chat"], [1, "notes", "saveNote", "pending", undefined]],
    );
    const atPause = server.counts();
    assert.deepEqual(atPause, { [CHAT]: 1 });
    assert.equal(server.requests[0].body.max_tokens, 50);
    assert.deepEqual(await json(object, "openai", "/saved"), [], "nothing saved before the approval");

    const done = await json(object, "openai", "/approve", { executionId: paused.executionId, by: "ana" });
    assert.equal(done.status, "completed", JSON.stringify(done));
    assert.equal(done.executionId, paused.executionId);
    assert.deepEqual(server.counts(), atPause, "the model was not asked again on the replay");
    assert.equal(server.requests.length, 1);
    assert.deepEqual({ text: done.result.text, note: done.result.note, count: done.result.count }, { text: summarize(prompt), note: summarize(prompt), count: 1 });
    assert.equal(done.result.usage.model, "lexicon-chat");
    assert.deepEqual(
      done.calls.map((c) => [c.connector, c.method, c.state]),
      [["models", "generateText", "applied"], ["notes", "saveNote", "applied"]],
    );
    assert.deepEqual(done.calls[0].usage, paused.calls[0].usage, "the journaled usage is replayed");
    assert.equal(done.calls[1].decision?.kind, "approved", JSON.stringify(done.calls[1]));
    assert.equal(done.calls[1].decision?.by, "ana");
    assert.deepEqual(await json(object, "openai", "/saved"), [summarize(prompt)], "saveNote ran once");
  });

  test("a declaration the runtime refuses: every call says INVALID_CONFIG, naming CODEMODE_MODELS", T, async () => {
    const res = await request(`broken-${Date.now()}`, "broken", "/execute", { code: "return 1" });
    const body = await res.json();
    assert.equal(res.status, 500, JSON.stringify(body));
    assert.equal(body.thrown.code, "INVALID_CONFIG");
    assert.equal(body.thrown.isCodemodeError, true);
    assert.match(body.thrown.message, /CODEMODE_MODELS/);
  });
});
