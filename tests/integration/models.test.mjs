// `models.*` and `image()` against the built Worker in workerd (README "Models inside scripts",
// docs/contract.md): the OpenAI-compatible provider on fixtures/model_server.mjs, the Workers AI
// provider on the wrapped binding of fixtures/workers_ai.mjs. Each model call is one journaled
// call of connector `models` (usage on its record, never asked again on a replay after an approval
// or a restart), at most 4 in flight per run; images are kept apart from the record, listed in the
// answer, served at GET <instance>/images/<id> to credentials that may read executions, sent as MCP
// image content, deleted with their execution. Expected answers are recomputed with model_kit.
//
// The suites run side by side (each on its own runtime and provider), so that the restart suite's
// wait for the object's alarm (30 s after the interrupted pass began) overlaps the others.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { decode as decodePng } from "fast-png";
import jpeg from "jpeg-js";
import { assertMatches, base, newInstance, persistedRuntime, startRuntime } from "./harness.mjs";
import { startModelServer } from "./fixtures/model_server.mjs";
import { workersAiBinding } from "./fixtures/workers_ai.mjs";
import { classify, paintJpeg, paintPng, summarize, toBase64 } from "./fixtures/model_kit.mjs";
import { BATCH_SCRIPT, CHAT, checkBatches } from "./fixtures/classify_batches.mjs";

const MAIN = "main-secret-for-models";
const KEY = "sk-models-test-key";
const IMAGES = "/v1/images/generations";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** CODEMODE_MODELS for the fixture server (the key from the MODELS_KEY secret). */
function openaiModels(url, extra = {}) {
  return JSON.stringify({
    provider: "openai",
    baseUrl: url,
    apiKey: { secret: "MODELS_KEY" },
    models: [
      { id: "lexicon-chat", task: ["text-generation", "text-classification"] },
      { id: "png-painter", task: "text-to-image" },
    ],
    ...extra,
  });
}

/** Highest-scoring label of model_kit's classifier (what the fixture answers). */

/** Parses a body as JSON when it is JSON. */
function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** RPC and GET helpers on a runtime started with CODEMODE_TOKEN = MAIN (or none). */
function client(rt, token = MAIN) {
  const headers = (t) => (t ? { authorization: `Bearer ${t}` } : {});
  async function rpc(instance, method, ...args) {
    const res = await rt.fetch(`${base(instance)}/rpc`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers(token) },
      body: JSON.stringify({ method, args }),
    });
    return { status: res.status, body: parse(await res.text()) };
  }
  async function call(instance, method, ...args) {
    const answer = await rpc(instance, method, ...args);
    assert.equal(answer.status, 200, `${method} answered HTTP ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  }
  /** GET <instance>/images/<id> → {status, type, bytes, body}; `as` a token, or {query: token}. */
  async function getImage(instance, id, as = { bearer: token }) {
    const query = as.query ? `?token=${encodeURIComponent(as.query)}` : "";
    const res = await rt.fetch(`${base(instance)}/images/${id}${query}`, { headers: headers(as.bearer) });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = Buffer.from(bytes).toString();
    return { status: res.status, type: res.headers.get("content-type"), bytes, body: parse(text) };
  }
  /** MCP tools/call of `codemode` (with a progress token: the event stream's messages). */
  async function mcpCodemode(instance, code, { progressToken } = {}) {
    const params = { name: "codemode", arguments: { code } };
    if (progressToken !== undefined) params._meta = { progressToken };
    const res = await rt.fetch(`${base(instance)}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers(token) },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params }),
    });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    if ((res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
      const messages = text
        .split("\n\n")
        .filter((e) => e.trim())
        .map((e) => JSON.parse(e.split("\n").find((l) => l.startsWith("data: ")).slice(6)));
      return { messages, result: messages.at(-1).result };
    }
    return { messages: [], result: JSON.parse(text).result };
  }
  return { rpc, call, getImage, mcpCodemode };
}

/** An `execute` answer's `ExecuteOutput`, which must be completed. */
function completed(out) {
  assert.equal(out.status, "completed", JSON.stringify(out).slice(0, 2000));
  return out;
}

describe("models.*", { concurrency: true }, () => {
  describe("OpenAI-compatible provider", { concurrency: false }, () => {
    let server;
    let rt;
    let api;

    before(async () => {
      server = await startModelServer({ apiKey: KEY, delayMs: 30 });
      rt = await startRuntime({
        bindings: { CODEMODE_TOKEN: MAIN, MODELS_KEY: KEY, CODEMODE_MODELS: openaiModels(server.url) },
      });
      api = client(rt);
    });
    after(async () => {
      await rt?.dispose();
      await server?.close();
    });
    const fresh = () => {
      server.reset();
      return newInstance();
    };

    test("catalog: the configured models by task; a journaled call that asks the server nothing", async () => {
      const i = fresh();
      const out = completed(
        await api.call(i, "execute", `return [await models.catalog(), await models.catalog({task: "text-to-image"}), typeof models]`),
      );
      const [all, images, kind] = out.result;
      assert.deepEqual(all.map((m) => [m.id, m.task]), [
        ["lexicon-chat", "text-generation"],
        ["lexicon-chat", "text-classification"],
        ["png-painter", "text-to-image"],
      ]);
      for (const m of all) assert.equal(typeof m.description, "string");
      assert.deepEqual(images.map((m) => m.id), ["png-painter"]);
      assert.equal(kind, "object");
      assertMatches(out.calls.map((c) => ({ connector: c.connector, method: c.method, state: c.state })), [
        { connector: "models", method: "catalog", state: "applied" },
        { connector: "models", method: "catalog", state: "applied" },
      ]);
      assert.deepEqual(server.counts(), {});
      const bad = completed(await api.call(i, "execute", `try { await models.catalog({task: "dancing"}) } catch (e) { return e.message }`));
      assert.match(bad.result, /^models\.catalog: `task` must be one of "text-generation", "text-classification", "text-to-image", got "dancing"/);
    });

    test("classify 300 texts in 12 batches at once: 12 requests, at most (and at some point exactly) 4 in flight", { timeout: 60_000 }, async () => {
      const i = fresh();
      // Each request waits 300 ms, so that calls overlap and the bound shows.
      server.setFailure("slow:300", { times: 12 });
      const out = completed(await api.call(i, "execute", BATCH_SCRIPT));
      checkBatches(out.result, server, KEY);
      for (const r of server.requests) {
        assert.equal(r.body.response_format.type, "json_schema");
      }
      assert.equal(out.calls.length, 12);
      for (const c of out.calls) {
        assertMatches(c, { connector: "models", method: "classify", state: "applied", usage: { model: "lexicon-chat", provider: "openai" } });
        assert.ok(c.usage.inputTokens > 0 && c.usage.outputTokens > 0, JSON.stringify(c.usage));
        assert.equal(c.usage.totalTokens, c.usage.inputTokens + c.usage.outputTokens);
        assert.ok(c.usage.durationMs >= 250, `usage.durationMs ${c.usage.durationMs}`);
      }
      // A single text: one list, best first.
      const one = completed(await api.call(i, "execute", `return await models.classify({text: "I love this, it is wonderful"})`));
      assert.deepEqual(one.result.map((s) => s.label), ["positive", "negative"]);
      assert.ok(one.result[0].score > one.result[1].score);
    });

    test("a model call, then an approval: paused; approving replays without asking the provider again", { timeout: 30_000 }, async () => {
      const i = fresh();
      const prompt = "The deploy finished at noon. All checks passed. Nobody was paged. The queue drained by one.";
      const code = `const s = await models.generateText({prompt: ${JSON.stringify(prompt)}, maxTokens: 50});
        const n = await notes.createNote({text: s.text});
        return {text: s.text, note: n.text, usage: s.usage};`;
      const paused = await api.call(i, "execute", code);
      assert.equal(paused.status, "paused", JSON.stringify(paused));
      assertMatches(paused.pending, [{ connector: "notes", method: "createNote", args: { text: summarize(prompt) } }]);
      assertMatches(paused.calls[0], { seq: 0, connector: "models", method: "generateText", state: "applied", usage: { model: "lexicon-chat", provider: "openai" } });
      const atPause = server.counts();
      assert.deepEqual(atPause, { [CHAT]: 1 });
      assert.equal(server.requests[0].body.max_tokens, 50);

      const done = completed(await api.call(i, "approveExecution", paused.executionId, { by: "ana" }));
      assert.deepEqual(server.counts(), atPause, "the model was not asked again on the replay");
      assert.equal(done.result.text, summarize(prompt));
      assert.equal(done.result.note, summarize(prompt));
      assertMatches(done.result.usage, { model: "lexicon-chat", provider: "openai" });
      for (const k of ["inputTokens", "outputTokens", "totalTokens", "durationMs"]) {
        assert.equal(typeof done.result.usage[k], "number", `usage.${k}: ${JSON.stringify(done.result.usage)}`);
      }
      assertMatches(done.calls.map((c) => [c.connector, c.method, c.state]), [
        ["models", "generateText", "applied"],
        ["notes", "createNote", "applied"],
      ]);
      assert.deepEqual(done.calls[0].usage, paused.calls[0].usage, "the journaled usage is replayed");
      assertMatches(done.calls[1].decision, { kind: "approved", by: "ana" });

      // A generated image is kept when its call returns: served while the run is paused, and the
      // replay hands back the same image without generating it again.
      server.reset();
      const gated = await api.call(i, "execute", `const [r] = await models.generateImages({prompt: "a gated fox", width: 64, height: 64});
        await notes.createNote({text: r.id}); image(r); return r.id`);
      assert.equal(gated.status, "paused", JSON.stringify(gated));
      const imageId = `${gated.executionId}.g0i0`;
      const whilePaused = await api.getImage(i, imageId);
      assert.equal(whilePaused.status, 200, JSON.stringify(whilePaused.body));
      assert.deepEqual(whilePaused.bytes, paintPng("a gated fox", { width: 64, height: 64 }));
      const resumed = completed(await api.call(i, "approveExecution", gated.executionId));
      assert.equal(resumed.result, imageId);
      assertMatches(resumed.images, [{ id: imageId, url: `images/${imageId}` }]);
      assert.deepEqual(server.counts(), { [IMAGES]: 1 });
    });

    test("image(): generated and literal images in the report, `images`, GET, MCP; tokens; deleted with the run", { timeout: 30_000 }, async () => {
      const i = fresh();
      const other = newInstance();
      const literal = paintPng("a literal square", { width: 32, height: 16 });
      const literalJpeg = paintJpeg("a literal photo", { width: 24, height: 24 });
      const code = `const [fox] = await models.generateImages({prompt: "a red fox", width: 64, height: 80});
        image(fox);
        image(new Uint8Array(${JSON.stringify([...literal])}));
        image(${JSON.stringify(toBase64(literalJpeg))}, {mimeType: "image/jpeg"});
        return fox;`;
      const out = completed(await api.call(i, "execute", code));
      const id = out.executionId;
      const fox = paintPng("a red fox", { width: 64, height: 80, index: 0 });
      assert.deepEqual(server.counts(), { [IMAGES]: 1 });
      assertMatches(server.requests[0].body, { model: "png-painter", prompt: "a red fox", n: 1, size: "64x80", response_format: "b64_json" });
      assert.deepEqual(out.result, { type: "image", id: `${id}.g0i0`, mimeType: "image/png", width: 64, height: 80, bytes: fox.length });
      const expected = [
        { id: `${id}.g0i0`, mimeType: "image/png", width: 64, height: 80, data: fox },
        { id: `${id}.o1`, mimeType: "image/png", width: 32, height: 16, data: literal },
        { id: `${id}.o2`, mimeType: "image/jpeg", width: 24, height: 24, data: literalJpeg },
      ];
      assert.deepEqual(
        out.images,
        expected.map(({ id: imageId, mimeType, width, height, data }) => ({
          type: "image", id: imageId, mimeType, width, height, bytes: data.length, url: `images/${imageId}`,
        })),
      );
      assertMatches(out.calls, [{ connector: "models", method: "generateImages", state: "applied", usage: { model: "png-painter", provider: "openai" } }]);
      for (const [n, e] of expected.entries()) {
        const size = `${e.width}×${e.height}`;
        assert.ok(out.report.includes(`image ${n + 1}/3: images/${e.id} (${e.mimeType}, ${size})`), out.report);
      }
      // The stored record lists them too, without their bytes.
      const stored = await api.call(i, "execution", id);
      assert.ok(!JSON.stringify(stored).includes(toBase64(literal)), "the record holds no image bytes");

      // GET: the bytes and their type, for the main token, scoped tokens of this instance (Bearer or ?token=).
      const issue = async (scope, instance) => (await api.call(i, "issueToken", { scope, ttlSeconds: 600, instance })).token;
      const read = await issue("read", i);
      const approve = await issue("approve", i);
      const full = await issue("full", i);
      const elsewhere = await issue("full", other);
      for (const e of expected) {
        const got = await api.getImage(i, e.id);
        assert.equal(got.status, 200, JSON.stringify(got.body));
        assert.equal(got.type, e.mimeType);
        assert.deepEqual(got.bytes, e.data, `${e.id}: the bytes handed back`);
      }
      const png = decodePng((await api.getImage(i, `${id}.g0i0`, { query: read })).bytes);
      assert.deepEqual([png.width, png.height], [64, 80]);
      assert.equal(jpeg.decode((await api.getImage(i, `${id}.o2`, { bearer: approve })).bytes).width, 24);
      assert.equal((await api.getImage(i, `${id}.o1`, { bearer: full })).status, 200);
      const forbidden = await api.getImage(i, `${id}.g0i0`, { bearer: elsewhere });
      assert.equal(forbidden.status, 403, JSON.stringify(forbidden.body));
      assert.equal(forbidden.body.error.code, "FORBIDDEN");
      assert.equal((await api.getImage(i, `${id}.g0i0`, { query: elsewhere })).status, 403);
      assert.equal((await api.getImage(i, `${id}.g0i0`, {})).status, 401, "no token");
      const missing = await api.getImage(i, `${id}.g9i9`);
      assert.equal(missing.status, 404);
      assert.equal(missing.body.error.code, "NOT_FOUND");
      // Another instance does not serve this one's images.
      assert.equal((await api.getImage(other, `${id}.g0i0`)).status, 404);

      // image(ref) of an image kept earlier (another run of the instance) hands back the same bytes.
      const again = completed(await api.call(i, "execute", `image(${JSON.stringify(out.result)}); return 1`));
      assertMatches(again.images, [{ id: `${id}.g0i0`, url: `images/${id}.g0i0` }]);

      // MCP: the report, then each image as image content; a progress frame for the model call.
      const mcp = await api.mcpCodemode(i, code, { progressToken: "p-images" });
      const { content, structuredContent } = mcp.result;
      completed(structuredContent);
      assert.equal(content.length, 4, JSON.stringify(content).slice(0, 500));
      assert.deepEqual(content[0], { type: "text", text: structuredContent.report });
      assert.deepEqual(content.slice(1).map((c) => [c.type, c.mimeType]), [["image", "image/png"], ["image", "image/png"], ["image", "image/jpeg"]]);
      assert.deepEqual(new Uint8Array(Buffer.from(content[1].data, "base64")), fox);
      assert.deepEqual(new Uint8Array(Buffer.from(content[2].data, "base64")), literal);
      assert.deepEqual(new Uint8Array(Buffer.from(content[3].data, "base64")), literalJpeg);
      const progress = mcp.messages.filter((m) => m.method === "notifications/progress");
      assertMatches(progress.map((p) => p.params), [{ progressToken: "p-images", progress: 1, message: "models.generateImages applied" }]);

      // Deleted with their execution.
      assert.equal(await api.call(i, "deleteExecution", id), true);
      for (const e of expected) assert.equal((await api.getImage(i, e.id)).status, 404, `${e.id} after deleteExecution`);
      assert.equal((await api.getImage(i, `${structuredContent.executionId}.g0i0`)).status, 200, "the other run's images stay");
      // And with retention: pruning the finished runs deletes theirs.
      assert.ok((await api.call(i, "pruneExecutions", 0)) >= 2);
      assert.equal((await api.getImage(i, `${structuredContent.executionId}.g0i0`)).status, 404, "after pruneExecutions");
    });

    test("errors reject the call's promise with clear text, and store no image", { timeout: 30_000 }, async () => {
      const i = fresh();
      /** Runs `body` (which awaits one model call) and returns [error name, message] or the value. */
      const attempt = async (body) => {
        const out = completed(await api.call(i, "execute", `try { return await (async () => { ${body} })() } catch (e) { return [e.name, e.message] }`));
        return out;
      };
      const unknown = await attempt(`return await models.generateText({model: "x", prompt: "hi"})`);
      assert.match(unknown.result[1], /unknown model `x`/, unknown.result[1]);
      assertMatches(unknown.calls, [{ connector: "models", method: "generateText", state: "error" }]);
      assert.deepEqual(server.counts(), {}, "an unknown model is refused before any request");

      const cases = [
        ["500", /the model provider answered HTTP 500: The server had an error/],
        ["429", /rate-limiting requests \(HTTP 429, retry after 1 s\)/],
        ["garbage", /the provider's answer is malformed/],
        ["notimage", /is not a PNG, JPEG, GIF or WebP image/],
      ];
      for (const [mode, pattern] of cases) {
        server.setFailure(mode, { times: 1 });
        const out = await attempt(`const refs = await models.generateImages({prompt: "a fox", n: 2, width: 64, height: 64}); refs.forEach((r) => image(r)); return refs`);
        assert.ok(Array.isArray(out.result) && typeof out.result[1] === "string", `${mode}: ${JSON.stringify(out.result)}`);
        assert.match(out.result[1], pattern, `${mode}: ${out.result[1]}`);
        assert.match(out.result[1], /^models\.generateImages: /);
        assertMatches(out.calls, [{ connector: "models", method: "generateImages", state: "error" }]);
        assert.equal(out.images?.length ?? 0, 0, `${mode}: images ${JSON.stringify(out.images)}`);
        for (const n of [0, 1]) {
          assert.equal((await api.getImage(i, `${out.executionId}.g0i${n}`)).status, 404, `${mode}: image ${n} was stored`);
        }
      }
      // A failed text call is as clear.
      server.setFailure("500", { times: 1 });
      const text500 = await attempt(`return await models.classify({texts: ["a", "b"]})`);
      assert.match(text500.result[1], /^models\.classify: the model provider answered HTTP 500/);

      // image() of what is not an image: TypeError, nothing stored, the run goes on.
      const notBase64 = completed(await api.call(i, "execute", `try { image("not bytes") } catch (e) { return [e.name, e.message] }`));
      assert.deepEqual(notBase64.result[0], "TypeError");
      assert.match(notBase64.result[1], /^image\(\): /);
      const notImage = completed(
        await api.call(i, "execute", `const out = []; for (const x of [btoa("just some text here"), new TextEncoder().encode("GIF8 no"), new ArrayBuffer(64)]) {
          try { image(x) } catch (e) { out.push([e.name, e.message]) } } return out`),
      );
      assert.deepEqual(notImage.result, Array(3).fill(["TypeError", "image(): image data is not a PNG, JPEG, GIF or WebP image (recognised by its bytes)"]));
      assert.deepEqual(notImage.images ?? [], []);
      assert.equal((await api.getImage(i, `${notImage.executionId}.o0`)).status, 404);
      const png = paintPng("x", { width: 8, height: 8 });
      const mismatch = completed(
        await api.call(i, "execute", `try { image(new Uint8Array(${JSON.stringify([...png])}), {mimeType: "image/jpeg"}) } catch (e) { return [e.name, e.message] }`),
      );
      assert.equal(mismatch.result[0], "TypeError");
      assert.match(mismatch.result[1], /mimeType "image\/jpeg" does not match the bytes, which are image\/png/);

      // Over 4 MiB: refused (catchable), nothing stored.
      const big = completed(
        await api.call(i, "execute", `const b = new Uint8Array(4 * 1024 * 1024 + 1);
          b.set(new Uint8Array(${JSON.stringify([...png.subarray(0, 33)])}));
          try { image(b) } catch (e) { return [e.name, e.message] }`),
      );
      assert.ok(["TypeError", "RangeError"].includes(big.result[0]), JSON.stringify(big.result));
      assert.match(big.result[1], /^image\(\): image is 4194305 bytes; at most 4194304/);
      assert.deepEqual(big.images ?? [], []);
      assert.equal((await api.getImage(i, `${big.executionId}.o0`)).status, 404);

      // 16 images a run: the 17th is a RangeError, the 16 are kept.
      const many = completed(
        await api.call(i, "execute", `const png = new Uint8Array(${JSON.stringify([...png])});
          for (let n = 0; n < 16; n++) image(png);
          try { image(png) } catch (e) { return [e.name, e.message] }`),
      );
      assert.deepEqual(many.result, ["RangeError", "image(): a run hands back at most 16 images"]);
      assert.equal(many.images.length, 16);

      // A failed run stores its literal images nowhere.
      const failed = await api.call(i, "execute", `image(new Uint8Array(${JSON.stringify([...png])})); throw new Error("boom")`);
      assert.equal(failed.status, "error");
      assert.equal((await api.getImage(i, `${failed.executionId}.o0`)).status, 404);
    });

    test("`// @options: {\"models\": false}` leaves the global out", async () => {
      const i = fresh();
      const off = completed(await api.call(i, "execute", `// @options: {"models": false}\nreturn [typeof models, typeof image]`));
      assert.deepEqual(off.result, ["undefined", "function"]);
      const on = completed(await api.call(i, "execute", `return typeof models`));
      assert.equal(on.result, "object");
    });
  });

  describe("Workers AI provider (the wrapped AI binding)", { concurrency: false }, () => {
    let ai;
    let rt;
    let api;
    const LLAMA = "@cf/meta/llama-3.1-8b-instruct";
    const DISTILBERT = "@cf/huggingface/distilbert-sst-2-int8";
    const FLUX = "@cf/black-forest-labs/flux-1-schnell";
    const SDXL = "@cf/stabilityai/stable-diffusion-xl-base-1.0";

    before(async () => {
      ai = await workersAiBinding({ delayMs: 30, fluxSize: 64 });
      rt = await startRuntime({
        bindings: { CODEMODE_MODELS: JSON.stringify({ provider: "workers-ai" }) },
        wrappedBindings: ai.wrappedBindings,
        workers: ai.workers,
      });
      api = client(rt, null);
    });
    after(() => rt?.dispose());

    test("catalog: the built-in models", async () => {
      const out = completed(await api.call(newInstance(), "execute", `return await models.catalog()`));
      assert.deepEqual(out.result.map((m) => [m.id, m.task]), [
        [LLAMA, "text-generation"],
        [DISTILBERT, "text-classification"],
        [LLAMA, "text-classification"],
        [FLUX, "text-to-image"],
        [SDXL, "text-to-image"],
      ]);
    });

    test("classify without labels: DistilBERT once per text; with labels: llama once, in JSON mode", async () => {
      ai.reset();
      const i = newInstance();
      const texts = ["What a wonderful, delightful day", "An awful, horrible mess", "It is fine I guess"];
      const plain = completed(await api.call(i, "execute", `return await models.classify({texts: ${JSON.stringify(texts)}})`));
      assert.deepEqual(ai.counts(), { [DISTILBERT]: 3 });
      assert.deepEqual(ai.requests().map((r) => r.inputs), texts.map((text) => ({ text })));
      plain.result.forEach((scores, n) => {
        const expected = classify(texts[n], ["negative", "positive"]);
        const best = expected.positive >= expected.negative ? ["POSITIVE", "NEGATIVE"] : ["NEGATIVE", "POSITIVE"];
        assert.deepEqual(scores.map((s) => s.label), best, `text ${n}`);
        assert.ok(Math.abs(scores.find((s) => s.label === "POSITIVE").score - expected.positive) < 1e-9);
      });
      assertMatches(plain.calls, [{ connector: "models", method: "classify", state: "applied", usage: { model: DISTILBERT, provider: "workers-ai" } }]);

      ai.reset();
      const labels = ["urgent", "normal", "low"];
      const tickets = ["server down, customers can't pay, fix now", "small typo on the about page"];
      const labelled = completed(await api.call(i, "execute", `return await models.classify({texts: ${JSON.stringify(tickets)}, labels: ${JSON.stringify(labels)}})`));
      assert.deepEqual(ai.counts(), { [LLAMA]: 1 });
      const [request] = ai.requests();
      assert.equal(request.inputs.response_format.type, "json_schema");
      assert.deepEqual(JSON.parse(request.inputs.messages.at(-1).content), { labels, texts: tickets });
      assert.deepEqual(labelled.result.map((r) => r[0].label), ["urgent", "low"]);
      assertMatches(labelled.calls[0].usage, { model: LLAMA, provider: "workers-ai" });
      assert.ok(labelled.calls[0].usage.inputTokens > 0, JSON.stringify(labelled.calls[0].usage));

      // DistilBERT has its own labels.
      const refused = completed(
        await api.call(i, "execute", `try { await models.classify({model: "${DISTILBERT}", text: "x", labels: ["a", "b"]}) } catch (e) { return e.message }`),
      );
      assert.match(refused.result, /classifies into its own labels/);
    });

    test("generateText: {text, usage} from llama", async () => {
      ai.reset();
      const prompt = "Billing is down for everyone. Support is swamped. Fix it first. Then write the report.";
      const out = completed(await api.call(newInstance(), "execute", `return await models.generateText({prompt: ${JSON.stringify(prompt)}, system: "Summarize."})`));
      assert.equal(out.result.text, summarize(prompt));
      assertMatches(out.result.usage, { model: LLAMA, provider: "workers-ai" });
      assert.equal(out.result.usage.totalTokens, out.result.usage.inputTokens + out.result.usage.outputTokens);
      assert.deepEqual(ai.requests()[0].inputs.messages, [
        { role: "system", content: "Summarize." },
        { role: "user", content: prompt },
      ]);
    });

    test("generateImages: flux answers a JPEG (its own size), SDXL a PNG stream of the asked width", async () => {
      ai.reset();
      const i = newInstance();
      const code = `const f = await models.generateImages({prompt: "a lighthouse"});
        const s = await models.generateImages({model: "${SDXL}", prompt: "a lighthouse", width: 320, height: 256, n: 2});
        for (const r of [...f, ...s]) image(r);
        return [f, s];`;
      const out = completed(await api.call(i, "execute", code));
      const [[flux], [sdxl0, sdxl1]] = out.result;
      assertMatches(flux, { type: "image", mimeType: "image/jpeg", width: 64, height: 64 });
      assertMatches(sdxl0, { type: "image", mimeType: "image/png", width: 320, height: 256 });
      assert.equal(sdxl1.id, `${out.executionId}.g1i1`);
      assert.deepEqual(ai.counts(), { [FLUX]: 1, [SDXL]: 2 });
      assert.deepEqual(ai.requests()[0].inputs, { prompt: "a lighthouse" }, "flux takes no size");
      assert.deepEqual(ai.requests()[1].inputs, { prompt: "a lighthouse", width: 320, height: 256 });
      assert.equal(out.images.length, 3);
      const jpg = await api.getImage(i, flux.id);
      assert.equal(jpg.type, "image/jpeg");
      assert.deepEqual([...jpg.bytes.subarray(0, 3)], [0xff, 0xd8, 0xff]);
      assert.equal(jpeg.decode(jpg.bytes).width, 64);
      const png = await api.getImage(i, sdxl0.id);
      assert.equal(png.type, "image/png");
      assert.deepEqual(png.bytes, paintPng("a lighthouse", { width: 320, height: 256 }));
      assert.deepEqual([decodePng(png.bytes).width, decodePng(png.bytes).height], [320, 256]);
    });

    test("a binding failure and an unknown model reject the call", async () => {
      ai.reset();
      const i = newInstance();
      ai.setFailure("capacity", { times: 1 });
      const out = completed(await api.call(i, "execute", `const out = [];
        for (const model of [undefined, "@cf/nope/nothing"]) {
          try { await models.generateText({model, prompt: "hi"}) } catch (e) { out.push(e.message) } }
        return out`));
      assert.match(out.result[0], /^models\.generateText: Workers AI \(@cf\/meta\/llama-3\.1-8b-instruct\) failed: 3040: /);
      assert.match(out.result[1], /unknown model `@cf\/nope\/nothing`/);
    });
  });

  describe("restart mid-run", { concurrency: false }, () => {
    const storage = persistedRuntime("models-restart");
    let server;
    before(async () => {
      server = await startModelServer({ apiKey: KEY, delayMs: 200 });
    });
    after(() => server?.close());

    test("workerd stopped while a model request is in flight: the run resumes on the alarm, no answered request is asked again", { timeout: 90_000 }, async (t) => {
      const bindings = { MODELS_KEY: KEY, CODEMODE_MODELS: openaiModels(server.url) };
      let rt = await storage.start({ bindings });
      const i = newInstance();
      const [a, b, c] = ["First news. It is good.", "Second news: the server is down, fix now.", "Third news. All done."];
      const code = `const a = await models.generateText({prompt: ${JSON.stringify(a)}});
        const b = await models.classify({text: ${JSON.stringify(b)}, labels: ["urgent", "low"]});
        const c = await models.generateText({prompt: ${JSON.stringify(c)}});
        return [a.text, b[0].label, c.text];`;
      rt.rpc(i, "execute", code).catch(() => {});
      const waitFor = async (pred, ms, what) => {
        const deadline = Date.now() + ms;
        while (!pred()) {
          if (Date.now() > deadline) assert.fail(`${what} within ${ms} ms; requests: ${JSON.stringify(server.requests.map((r) => r.body?.messages?.at(-1)?.content))}`);
          await sleep(10);
        }
      };
      // The first request is answered normally (its mode was taken on arrival); the second is slow.
      await waitFor(() => server.requests.length >= 1, 20_000, "the first request");
      server.setFailure("slow:5000", { times: 1 });
      await waitFor(() => server.requests.length >= 2, 20_000, "the second request");
      const stopped = Date.now();
      await storage.stop();
      t.diagnostic("stopped workerd while the classify request was in flight");

      rt = await storage.start({ bindings });
      const plain = client(rt, null);
      const id = (await plain.call(i, "executionHistory", 1))[0].id;
      let state;
      for (;;) {
        state = await plain.call(i, "execution", id);
        if (state.status !== "running") break;
        if (Date.now() - stopped > 75_000) assert.fail(`still running: ${JSON.stringify(state)}`);
        await sleep(250);
      }
      t.diagnostic(`resumed and finished ${Date.now() - stopped} ms after the stop`);
      assert.equal(state.status, "completed", JSON.stringify(state));
      assert.deepEqual(state.result, [summarize(a), "urgent", summarize(c)]);
      assertMatches(state.calls.map((x) => [x.seq, x.method, x.state, x.usage?.model]), [
        [0, "generateText", "applied", "lexicon-chat"],
        [1, "classify", "applied", "lexicon-chat"],
        [2, "generateText", "applied", "lexicon-chat"],
      ]);
      // Who was asked what: the answered first request once; the one in flight at the stop
      // (never journaled) once more on the resume; the third once.
      const asked = server.requests.map((r) => r.body.messages.at(-1).content);
      const count = (p) => asked.filter((m) => m.includes(p)).length;
      assert.deepEqual([count(a), count(b), count(c)], [1, 2, 1], JSON.stringify(asked));
      // Nothing runs it again.
      const before = server.requests.length;
      await sleep(1000);
      assertMatches(await plain.call(i, "execution", id), { status: "completed" });
      assert.equal(server.requests.length, before);
    });
  });

  describe("configuration", { concurrency: false }, () => {
    test("a bad CODEMODE_MODELS fails every request with INVALID_CONFIG naming it", async () => {
      for (const value of ['{"provider": "nope"}', "not json", JSON.stringify({ provider: "openai", baseUrl: "http://127.0.0.1:1/v1", apiKey: { secret: "ABSENT" }, models: [{ id: "m", task: "text-generation" }] })]) {
        const rt = await startRuntime({ bindings: { CODEMODE_MODELS: value } });
        try {
          const api = client(rt, null);
          for (const method of ["execute", "executionHistory"]) {
            const answer = await api.rpc(newInstance(), method, ...(method === "execute" ? ["return 1"] : []));
            assert.equal(answer.body?.error?.code, "INVALID_CONFIG", `${value} / ${method}: ${JSON.stringify(answer)}`);
            assert.match(answer.body.error.message, /CODEMODE_MODELS/);
            assert.ok(answer.status >= 500, `HTTP ${answer.status}`);
          }
        } finally {
          await rt.dispose();
        }
      }
    });

    test("workers-ai through a binding of another name (`binding`)", async () => {
      const ai = await workersAiBinding({ name: "ai-named", binding: "MY_AI", delayMs: 0 });
      const rt = await startRuntime({
        bindings: { CODEMODE_MODELS: JSON.stringify({ provider: "workers-ai", binding: "MY_AI" }) },
        wrappedBindings: ai.wrappedBindings,
        workers: ai.workers,
      });
      try {
        const out = completed(await client(rt, null).call(newInstance(), "execute", `return (await models.classify({text: "What a wonderful day"}))[0].label`));
        assert.equal(out.result, "POSITIVE");
        assert.deepEqual(ai.counts(), { "@cf/huggingface/distilbert-sst-2-int8": 1 });
      } finally {
        await rt.dispose();
      }
    });

    test("requireApproval [\"generateImages\"]: an image call pauses; approving asks the provider once", { timeout: 30_000 }, async () => {
      const server = await startModelServer({ apiKey: KEY });
      const rt = await startRuntime({
        bindings: { MODELS_KEY: KEY, CODEMODE_MODELS: openaiModels(server.url, { requireApproval: ["generateImages"] }) },
      });
      try {
        const api = client(rt, null);
        const i = newInstance();
        const out = await api.call(i, "execute", `const t = await models.generateText({prompt: "One. Two. Three. Four."});
          const [img] = await models.generateImages({prompt: t.text, width: 64, height: 64}); image(img); return img.id`);
        assert.equal(out.status, "paused", JSON.stringify(out));
        assertMatches(out.pending, [{ connector: "models", method: "generateImages", args: { prompt: summarize("One. Two. Three. Four."), width: 64, height: 64 } }]);
        assert.deepEqual(server.counts(), { [CHAT]: 1 });
        const done = completed(await api.call(i, "approveExecution", out.executionId));
        assert.deepEqual(server.counts(), { [CHAT]: 1, [IMAGES]: 1 });
        assert.equal(done.result, `${out.executionId}.g1i0`);
        assertMatches(done.images, [{ id: done.result, mimeType: "image/png", width: 64, height: 64 }]);
        const got = await api.getImage(i, done.result, {});
        assert.deepEqual(got.bytes, paintPng(summarize("One. Two. Three. Four."), { width: 64, height: 64 }));
      } finally {
        await rt.dispose();
        await server.close();
      }
    });
  });
});
