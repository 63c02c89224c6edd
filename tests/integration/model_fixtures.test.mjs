// Self-test of the model fixtures (fixtures/model_server.mjs, fixtures/workers_ai.mjs): their
// shapes, and that their answers are computed (sentiment and urgency order, token counts, decodable
// images of the asked size), checked with the packages themselves rather than with model_kit.
// Needs no build of the runtime: the Workers AI binding runs in a probe Worker of its own.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Miniflare } from "miniflare";
import { encode, encodeChat } from "gpt-tokenizer/encoding/cl100k_base";
import { decode as decodePng } from "fast-png";
import jpeg from "jpeg-js";
import { startModelServer } from "./fixtures/model_server.mjs";
import { workersAiBinding } from "./fixtures/workers_ai.mjs";

const KEY = "sk-test-fixture";
const PLAIN = { disallowedSpecial: new Set() };
const URGENT_TEXT = "server down, customers can't pay, fix now";
const TYPO_TEXT = "small typo on the about page";

/** The classification request exactly as the Rust client sends it. */
function classificationBody(labels, texts, model = "lexicon-chat") {
  const properties = Object.fromEntries(labels.map((l) => [l, { type: "number" }]));
  return {
    model,
    messages: [
      { role: "system", content: "Score each text against each label; answer JSON only." },
      { role: "user", content: JSON.stringify({ labels, texts }) },
    ],
    temperature: 0,
    response_format: {
      type: "json_schema",
      json_schema: {
        name: "classification",
        strict: true,
        schema: {
          type: "object",
          properties: {
            results: {
              type: "array",
              items: { type: "object", properties, required: labels, additionalProperties: false },
            },
          },
          required: ["results"],
          additionalProperties: false,
        },
      },
    },
  };
}

function assertDistribution(scores, labels, where) {
  assert.deepEqual(Object.keys(scores), labels, `${where}: keys`);
  for (const [l, s] of Object.entries(scores)) assert.ok(s >= 0 && s <= 1, `${where}: ${l} = ${s}`);
  const sum = Object.values(scores).reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - 1) < 1e-9, `${where}: scores sum to ${sum}`);
}

const top = (scores) => Object.entries(scores).sort((a, b) => b[1] - a[1])[0][0];

describe("model_server: an OpenAI-compatible server", () => {
  let server;
  /** fetch on the server: JSON in, {status, headers, text, json} out. */
  async function api(path, { method, body, key = KEY } = {}) {
    const res = await fetch(`${server.url}${path}`, {
      method: method ?? (body === undefined ? "GET" : "POST"),
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  before(async () => {
    server = await startModelServer({ apiKey: KEY, delayMs: 30 });
  });
  after(() => server?.close());

  test("GET /v1/models lists the three models in OpenAI's list shape", async () => {
    const { status, json } = await api("/models");
    assert.equal(status, 200);
    assert.equal(json.object, "list");
    assert.deepEqual(json.data.map((m) => m.id), ["lexicon-chat", "lexicon-chat-mini", "png-painter"]);
    for (const m of json.data) {
      assert.equal(m.object, "model");
      assert.equal(typeof m.created, "number");
      assert.equal(typeof m.owned_by, "string");
    }
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  test("a wrong or missing API key gets 401 with an OpenAI error body", async () => {
    for (const key of ["sk-wrong", null]) {
      const { status, json } = await api("/models", { key });
      assert.equal(status, 401);
      assert.equal(json.error.type, "invalid_request_error");
      assert.equal(typeof json.error.message, "string");
      assert.equal(json.error.code, key ? "invalid_api_key" : null);
    }
  });

  test("classification: sentiment labels score a positive text positive and a negative one negative", async () => {
    const labels = ["positive", "negative"];
    const body = classificationBody(labels, ["I love this, it is wonderful", "This is terrible and I hate it"]);
    const { status, json } = await api("/chat/completions", { body });
    assert.equal(status, 200, JSON.stringify(json));
    assert.match(json.id, /^chatcmpl-/);
    assert.equal(json.object, "chat.completion");
    assert.equal(json.model, "lexicon-chat");
    assert.equal(typeof json.created, "number");
    assert.equal(json.choices.length, 1);
    const [choice] = json.choices;
    assert.equal(choice.index, 0);
    assert.equal(choice.message.role, "assistant");
    assert.equal(choice.finish_reason, "stop");
    const { results } = JSON.parse(choice.message.content);
    assert.equal(results.length, 2);
    results.forEach((r, i) => assertDistribution(r, labels, `results[${i}]`));
    assert.ok(results[0].positive > results[0].negative, JSON.stringify(results));
    assert.ok(results[1].negative > results[1].positive, JSON.stringify(results));
    assert.ok(results[0].positive > results[1].positive, JSON.stringify(results));
    // usage, counted again here with the tokenizer itself (ChatML for the prompt).
    assert.equal(json.usage.prompt_tokens, encodeChat(body.messages, "gpt-4", PLAIN).length);
    assert.equal(json.usage.completion_tokens, encode(choice.message.content, PLAIN).length);
    assert.equal(json.usage.total_tokens, json.usage.prompt_tokens + json.usage.completion_tokens);
  });

  test("classification: urgency labels put an outage above a typo", async () => {
    const labels = ["urgent", "normal", "low"];
    const { status, json } = await api("/chat/completions", { body: classificationBody(labels, [URGENT_TEXT, TYPO_TEXT]) });
    assert.equal(status, 200, JSON.stringify(json));
    const [outage, typo] = JSON.parse(json.choices[0].message.content).results;
    assertDistribution(outage, labels, "outage");
    assertDistribution(typo, labels, "typo");
    assert.equal(top(outage), "urgent", JSON.stringify(outage));
    assert.equal(top(typo), "low", JSON.stringify(typo));
    assert.ok(outage.urgent > typo.urgent && typo.low > outage.low, JSON.stringify({ outage, typo }));
  });

  test("text generation: an extractive summary, cut to max_tokens with finish_reason length", async () => {
    const text = "The deploy finished at noon. All checks passed. Nobody was paged. The queue drained by one.";
    const messages = [{ role: "user", content: text }];
    const full = await api("/chat/completions", { body: { model: "lexicon-chat", messages } });
    assert.equal(full.status, 200);
    const answer = full.json.choices[0].message.content;
    assert.equal(full.json.choices[0].finish_reason, "stop");
    assert.ok(answer.length > 0 && text.startsWith(answer), `a leading part of the text: ${answer}`);
    assert.ok(answer.endsWith("."), `whole sentences: ${answer}`);
    assert.ok(answer.length < text.length / 2, `a summary, not the text: ${answer}`);
    assert.equal(full.json.usage.completion_tokens, encode(answer, PLAIN).length);

    const cut = await api("/chat/completions", { body: { model: "lexicon-chat", messages, max_tokens: 3 } });
    const short = cut.json.choices[0].message.content;
    assert.equal(cut.json.choices[0].finish_reason, "length");
    assert.equal(cut.json.usage.completion_tokens, 3);
    assert.equal(encode(short, PLAIN).length, 3);
    assert.ok(answer.startsWith(short) && short.length < answer.length, `${short} / ${answer}`);
    assert.equal(cut.json.usage.prompt_tokens, encodeChat(messages, "gpt-4", PLAIN).length);
  });

  test("an unknown model is 404 model_not_found; a long prompt overflows lexicon-chat-mini", async () => {
    const missing = await api("/chat/completions", { body: { model: "x", messages: [{ role: "user", content: "hi" }] } });
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.json.error, {
      message: "The model `x` does not exist",
      type: "invalid_request_error",
      param: null,
      code: "model_not_found",
    });
    const long = "word ".repeat(400);
    const over = await api("/chat/completions", { body: { model: "lexicon-chat-mini", messages: [{ role: "user", content: long }] } });
    assert.equal(over.status, 400);
    assert.equal(over.json.error.code, "context_length_exceeded");
    const fits = await api("/chat/completions", { body: { model: "lexicon-chat", messages: [{ role: "user", content: long }] } });
    assert.equal(fits.status, 200);
  });

  test("images: n PNGs of the asked size, painted from the prompt", async () => {
    const { status, json } = await api("/images/generations", {
      body: { model: "png-painter", prompt: "a red fox", n: 2, size: "64x48", response_format: "b64_json" },
    });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(typeof json.created, "number");
    assert.equal(json.usage, undefined);
    assert.equal(json.data.length, 2);
    const pngs = json.data.map((d) => Buffer.from(d.b64_json, "base64"));
    for (const png of pngs) {
      const img = decodePng(png);
      assert.equal(img.width, 64);
      assert.equal(img.height, 48);
    }
    assert.notDeepEqual(pngs[0], pngs[1], "each image of a request differs");
    const again = await api("/images/generations", { body: { model: "png-painter", prompt: "a red fox", size: "64x48" } });
    assert.deepEqual(Buffer.from(again.json.data[0].b64_json, "base64"), pngs[0], "the same prompt paints the same image");
    const other = await api("/images/generations", { body: { model: "png-painter", prompt: "a blue whale", size: "64x48" } });
    assert.notDeepEqual(Buffer.from(other.json.data[0].b64_json, "base64"), pngs[0], "another prompt paints another image");
    const byDefault = await api("/images/generations", { body: { prompt: "a red fox" } });
    const img = decodePng(Buffer.from(byDefault.json.data[0].b64_json, "base64"));
    assert.deepEqual([img.width, img.height], [256, 256]);
    const tooBig = await api("/images/generations", { body: { prompt: "a red fox", size: "2048x2048" } });
    assert.equal(tooBig.status, 400);
    assert.equal(tooBig.json.error.param, "size");
  });

  test("failure modes: 500, 429 with retry-after, garbage, slow; for `times` requests", async () => {
    const ask = () => api("/models");
    server.setFailure("500");
    let r = await ask();
    assert.equal(r.status, 500);
    assert.equal(r.json.error.type, "server_error");
    r = await ask();
    assert.equal(r.status, 500, "the mode lasts until it is changed");

    server.setFailure("429");
    r = await ask();
    assert.equal(r.status, 429);
    assert.equal(r.headers.get("retry-after"), "1");
    assert.equal(r.json.error.code, "rate_limit_exceeded");

    server.setFailure("garbage");
    r = await ask();
    assert.equal(r.status, 200);
    assert.equal(r.text, "<html>oops");
    assert.equal(r.json, undefined, "not JSON");

    server.setFailure("slow:250");
    const t0 = Date.now();
    r = await ask();
    assert.equal(r.status, 200);
    assert.ok(Date.now() - t0 >= 240, `answered after ${Date.now() - t0} ms`);

    server.setFailure("notimage");
    r = await api("/images/generations", { body: { prompt: "a red fox", n: 2, size: "64x48" } });
    assert.equal(r.status, 200);
    assert.equal(r.json.data.length, 2);
    assert.equal(Buffer.from(r.json.data[0].b64_json, "base64").toString(), "this is not an image, only text");
    assert.equal((await ask()).status, 200, "notimage leaves other paths alone");

    server.setFailure("500", { times: 1 });
    assert.equal((await ask()).status, 500);
    assert.equal((await ask()).status, 200);
    server.setFailure(null);
    assert.equal((await api("/nowhere")).status, 404);
    assert.throws(() => server.setFailure("teapot"));
  });

  test("requests, counts and concurrency are recorded", async () => {
    server.reset();
    const body = { model: "lexicon-chat", messages: [{ role: "user", content: "One. Two." }] };
    await api("/chat/completions", { body });
    await api("/chat/completions", { body });
    assert.equal(server.maxConcurrent("/v1/chat/completions"), 1, "one after the other");
    await Promise.all(Array.from({ length: 5 }, () => api("/chat/completions", { body })));
    assert.ok(server.maxConcurrent("/v1/chat/completions") >= 3, JSON.stringify(server.maxConcurrent()));
    await api("/models");
    assert.deepEqual(server.counts(), { "/v1/chat/completions": 7, "/v1/models": 1 });
    assert.equal(server.requests.length, 8);
    const first = server.requests[0];
    assert.equal(first.method, "POST");
    assert.equal(first.path, "/v1/chat/completions");
    assert.deepEqual(first.body, body);
    assert.equal(first.headers.authorization, `Bearer ${KEY}`);
    assert.equal(typeof first.at, "number");
  });
});

// A Worker that calls env.AI (or env.AI_TEXT: the same fake answering JSON mode as text) and
// describes the result as JSON: a ReadableStream as {stream: true, base64}, an error as {error}.
const PROBE = `
function base64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
async function describe(value) {
  if (value instanceof ReadableStream) {
    const bytes = new Uint8Array(await new Response(value).arrayBuffer());
    return { stream: true, base64: base64(bytes) };
  }
  return { value };
}
async function one(env, { binding = "AI", model, inputs, options, op = "run", params }) {
  try {
    if (op === "models") return { value: await env[binding].models(params) };
    return await describe(await env[binding].run(model, inputs, options));
  } catch (e) {
    return { error: { name: e.name, message: e.message, isError: e instanceof Error } };
  }
}
export default {
  async fetch(request, env) {
    const body = await request.json();
    if (Array.isArray(body)) return Response.json(await Promise.all(body.map((b) => one(env, b))));
    return Response.json(await one(env, body));
  },
};`;

describe("workers_ai: the wrapped AI binding inside workerd", () => {
  let mf;
  let ai;
  const LLAMA = "@cf/meta/llama-3.1-8b-instruct";
  const call = async (body) => (await mf.dispatchFetch("http://localhost/", { method: "POST", body: JSON.stringify(body) })).json();

  before(async () => {
    ai = await workersAiBinding({ delayMs: 30, fluxSize: 64 });
    const { AI } = ai.wrappedBindings;
    mf = new Miniflare({
      workers: [
        {
          name: "probe",
          modules: true,
          script: PROBE,
          compatibilityDate: "2026-04-01",
          wrappedBindings: { ...ai.wrappedBindings, AI_TEXT: { ...AI, bindings: { ...AI.bindings, JSON_RESPONSE: "string" } } },
        },
        ...ai.workers,
      ],
    });
    await mf.ready;
  });
  after(() => mf?.dispose());

  test("text generation: {messages} and {prompt} give {response, usage}", async () => {
    const text = "Billing is down for everyone. Support is swamped. Fix it first.";
    const messages = [{ role: "system", content: "Summarize." }, { role: "user", content: text }];
    const { value } = await call({ model: LLAMA, inputs: { messages } });
    assert.equal(typeof value.response, "string");
    assert.ok(value.response.length > 0 && text.startsWith(value.response), value.response);
    assert.deepEqual(value.usage, {
      prompt_tokens: encodeChat(messages, "gpt-4", PLAIN).length,
      completion_tokens: encode(value.response, PLAIN).length,
      total_tokens: encodeChat(messages, "gpt-4", PLAIN).length + encode(value.response, PLAIN).length,
    });
    const cut = await call({ model: LLAMA, inputs: { prompt: text, max_tokens: 2 } });
    assert.equal(cut.value.usage.completion_tokens, 2);
    assert.equal(cut.value.usage.prompt_tokens, encode(text, PLAIN).length);
    assert.ok(value.response.startsWith(cut.value.response));
  });

  test("text generation in JSON mode: the classification answer, as an object (or as text)", async () => {
    const { response_format } = classificationBody(["urgent", "normal", "low"], []);
    const inputs = {
      messages: [{ role: "user", content: JSON.stringify({ labels: ["urgent", "normal", "low"], texts: [URGENT_TEXT, TYPO_TEXT] }) }],
      // Workers AI's form: json_schema is the schema itself.
      response_format: { type: "json_schema", json_schema: response_format.json_schema.schema },
    };
    const asObject = await call({ model: LLAMA, inputs });
    const [outage, typo] = asObject.value.response.results;
    assert.equal(top(outage), "urgent");
    assert.equal(top(typo), "low");
    const asText = await call({ binding: "AI_TEXT", model: LLAMA, inputs });
    assert.equal(typeof asText.value.response, "string");
    assert.deepEqual(JSON.parse(asText.value.response), asObject.value.response);
  });

  test("text generation streamed: server-sent events that add up to the answer", async () => {
    const inputs = { prompt: "Streams arrive in pieces. Then they end." };
    const whole = await call({ model: LLAMA, inputs });
    const streamed = await call({ model: LLAMA, inputs: { ...inputs, stream: true } });
    assert.equal(streamed.stream, true);
    const events = Buffer.from(streamed.base64, "base64").toString("utf8").split("\n\n").filter(Boolean);
    assert.equal(events.at(-1), "data: [DONE]");
    const parsed = events.slice(0, -1).map((e) => JSON.parse(e.replace(/^data: /, "")));
    assert.equal(parsed.map((e) => e.response).join(""), whole.value.response);
    assert.ok(parsed.length > 2, "one event per token");
    assert.deepEqual(parsed.at(-1).usage, whole.value.usage);
  });

  test("text classification: [{NEGATIVE}, {POSITIVE}] from the lexicon", async () => {
    const model = "@cf/huggingface/distilbert-sst-2-int8";
    const [good, bad] = await call([
      { model, inputs: { text: "What a wonderful, delightful day" } },
      { model, inputs: { text: "An awful, horrible mess" } },
    ]);
    for (const r of [good.value, bad.value]) {
      assert.deepEqual(r.map((x) => x.label), ["NEGATIVE", "POSITIVE"]);
      assert.ok(Math.abs(r[0].score + r[1].score - 1) < 1e-9);
    }
    assert.ok(good.value[1].score > good.value[0].score && bad.value[0].score > bad.value[1].score);
    const missing = await call({ model, inputs: {} });
    assert.match(missing.error.message, /^5006: /);
  });

  test("text to image: flux's base64 JPEG and SDXL's PNG stream, of the asked size", async () => {
    const flux = await call({ model: "@cf/black-forest-labs/flux-1-schnell", inputs: { prompt: "a lighthouse", steps: 2 } });
    const jpg = Buffer.from(flux.value.image, "base64");
    assert.deepEqual([...jpg.subarray(0, 3)], [0xff, 0xd8, 0xff], "a JPEG");
    const decoded = jpeg.decode(jpg, { useTArray: true });
    assert.deepEqual([decoded.width, decoded.height], [64, 64]);

    const sdxl = await call({ model: "@cf/stabilityai/stable-diffusion-xl-base-1.0", inputs: { prompt: "a lighthouse", width: 320, height: 256 } });
    assert.equal(sdxl.stream, true, "a ReadableStream, as the binding returns it");
    const png = decodePng(Buffer.from(sdxl.base64, "base64"));
    assert.deepEqual([png.width, png.height], [320, 256]);
    const other = await call({ model: "@cf/stabilityai/stable-diffusion-xl-base-1.0", inputs: { prompt: "a windmill", width: 320, height: 256 } });
    assert.notEqual(other.base64, sdxl.base64);
  });

  test("models(), an unknown model, failures, and what the binding saw", async () => {
    ai.reset();
    const { value: all } = await call({ op: "models" });
    assert.equal(all.length, 5);
    for (const m of all) {
      assert.match(m.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.equal(typeof m.description, "string");
      assert.deepEqual(Object.keys(m.task), ["id", "name", "description"]);
    }
    assert.deepEqual(new Set(all.map((m) => m.task.name)), new Set(["Text Generation", "Text Classification", "Text-to-Image"]));
    const { value: images } = await call({ op: "models", params: { task: "Text-to-Image" } });
    assert.deepEqual(images.map((m) => m.name).sort(), ["@cf/black-forest-labs/flux-1-schnell", "@cf/stabilityai/stable-diffusion-xl-base-1.0"]);

    const unknown = await call({ model: "@cf/nope/nothing", inputs: { prompt: "hi" } });
    assert.deepEqual(unknown.error, { name: "AiError", message: "5007: No such model @cf/nope/nothing or task", isError: true });

    ai.setFailure("capacity", { times: 1 });
    const busy = await call({ model: LLAMA, inputs: { prompt: "Hello there." } });
    assert.match(busy.error.message, /^3040: /);
    assert.equal((await call({ model: LLAMA, inputs: { prompt: "Hello there." } })).value.response, "Hello there.");

    await call(Array.from({ length: 4 }, () => ({ model: LLAMA, inputs: { prompt: "Side by side." } })));
    assert.ok(ai.maxConcurrent(LLAMA) >= 2, JSON.stringify(ai.maxConcurrent()));
    assert.deepEqual(ai.counts(), { "@cf/nope/nothing": 1, [LLAMA]: 6 });
    const runs = ai.requests().filter((r) => r.model === LLAMA);
    assert.deepEqual(runs[0].inputs, { prompt: "Hello there." });
    assert.equal(ai.requests().filter((r) => r.model === null).length, 2, "two models() calls");
  });
});
