// The TypeScript client (client/): it type-checks (tsc: the package, its type tests with the DOM
// lib and with @cloudflare/workers-types, and the example agent), and it works against the built
// Worker — over a base URL from Node, over a real service binding and a real Durable Object
// namespace (`script_name`) from another Worker in workerd, and from Chromium; `codemodeTool` in
// an AI SDK generateText loop (a run's images reach the model as image-data parts, fetched with
// `instance.image(id)`); errors as CodemodeError; `npm pack` gives a package that installs and
// imports. The two-Worker agent: agent_worker.test.mjs.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import * as esbuild from "esbuild";
import { Miniflare } from "miniflare";
import { BINDING, CLASS_NAME, COMPATIBILITY_DATE, REPO_ROOT, WORKER_ENTRY, base, newInstance, startRuntime } from "./harness.mjs";
import { startModelServer } from "./fixtures/model_server.mjs";
import { paintPng, toBase64 } from "./fixtures/model_kit.mjs";

const T = { timeout: 120_000 };
const TOKEN = "client-test-token";
const CLIENT = path.join(REPO_ROOT, "client");
const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

function tsc(project) {
  try {
    execFileSync(process.execPath, [TSC, "-p", project], { cwd: REPO_ROOT, stdio: "pipe" });
  } catch (error) {
    assert.fail(`tsc -p ${project} failed:\n${error.stdout}${error.stderr}`);
  }
}

// Builds client/dist (the package's `build` script) so this file runs on its own too.
tsc(path.join(CLIENT, "tsconfig.json"));
const { CodemodeClient, CodemodeError, codemodeTool } = await import(pathToFileURL(path.join(CLIENT, "dist", "index.js")).href);

test("tsc: the client, its type tests (DOM and Workers types) and the example agent type-check", T, () => {
  tsc(path.join(CLIENT, "tsconfig.json"));
  tsc(path.join(CLIENT, "test", "tsconfig.json"));
  tsc(path.join(CLIENT, "test", "tsconfig.workers.json"));
  tsc(path.join(REPO_ROOT, "examples", "codemode-agent", "tsconfig.json"));
});

test("the type tests can fail: a wrong argument type is reported", T, () => {
  const dir = mkdtempSync(path.join(CLIENT, "test", "tmp-"));
  try {
    writeFileSync(path.join(dir, "wrong.ts"), 'import { CodemodeClient } from "../../src/index.js";\nvoid new CodemodeClient("http://x").instance("a").rejectExecution("id", "0");\n');
    writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ extends: "../../tsconfig.json", compilerOptions: { noEmit: true, rootDir: "../.." }, include: ["wrong.ts"] }));
    assert.throws(() => execFileSync(process.execPath, [TSC, "-p", dir], { stdio: "pipe" }), (error) => {
      assert.match(String(error.stdout), /TS2345/);
      return true;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("over a base URL (Node's fetch), with CODEMODE_TOKEN", () => {
  let rt;
  let client;
  before(async () => {
    rt = await startRuntime({ bindings: { CODEMODE_TOKEN: TOKEN } });
    client = new CodemodeClient(rt.url, { token: TOKEN });
  });
  after(async () => {
    await rt?.dispose();
  });

  test("every method of the contract", T, async () => {
    const instance = client.instance(newInstance());
    const tool = await instance.tool();
    assert.equal(tool.name, "codemode");
    assert.equal(tool.inputSchema.required[0], "code");

    const done = await instance.execute("text('hi'); return 40 + 2");
    assert.equal(done.status, "completed");
    assert.equal(done.result, 42);
    assert.match(done.report, /^Script completed/);

    const paused = await instance.execute('return (await notes.createNote({text: "from the client"})).id');
    assert.equal(paused.status, "paused");
    assert.deepEqual((await instance.pendingApprovals()).map((p) => p.method), ["createNote"]);
    assert.deepEqual((await instance.pendingApprovals(paused.executionId)).map((p) => p.seq), [0]);
    const approved = await instance.approveExecution(paused.executionId);
    assert.equal(approved.status, "completed");
    assert.equal(approved.result, 1);

    const rejecting = await instance.execute('await notes.createNote({text: "no"})');
    assert.equal(await instance.rejectExecution(rejecting.executionId, 0), true);
    assert.equal((await instance.execution(rejecting.executionId)).status, "rejected");

    const history = await instance.executionHistory(10);
    assert.deepEqual(history.map((e) => e.id), [rejecting.executionId, paused.executionId, done.executionId]);
    assert.equal((await instance.executionHistory()).length, 3, "limit is optional");
    assert.equal((await instance.execution(done.executionId)).result, 42);
    assert.match((await instance.executionOutput(done.executionId)).text, /hi/);
    assert.equal((await instance.search("note")).results[0].connector, "notes");
    assert.match((await instance.describe("notes.createNote")).types, /createNote/);

    const snippet = await instance.saveSnippet("answer", "The answer", done.executionId);
    assert.equal(snippet.name, "answer");
    assert.deepEqual((await instance.snippets()).map((s) => s.name), ["answer"]);
    assert.equal(await instance.deleteSnippet("answer"), true);

    const rolled = await instance.rollbackExecution(paused.executionId);
    assert.deepEqual({ reverted: rolled.reverted, failed: rolled.failed }, { reverted: 1, failed: [] });

    assert.equal(await instance.call("execute", "return 'by name'").then((o) => o.result), "by name");
    await assert.rejects(instance.callUntyped("noSuchMethod"), (e) => e instanceof CodemodeError && e.code === "UNKNOWN_METHOD");
  });

  test("refusals throw CodemodeError with the runtime's code, message and status", T, async () => {
    const instance = client.instance(newInstance());
    await assert.rejects(instance.execution("00000000-0000-4000-8000-000000000000"), (error) => {
      assert.ok(error instanceof CodemodeError);
      assert.ok(error instanceof Error);
      assert.equal(error.name, "CodemodeError");
      assert.equal(error.code, "NOT_FOUND");
      assert.equal(error.status, 404);
      assert.match(error.message, /00000000/);
      return true;
    });
    const anonymous = new CodemodeClient(rt.url).instance("x");
    await assert.rejects(anonymous.tool(), (e) => e.code === "UNAUTHORIZED" && e.status === 401);
    // A script's own failure is an output, not a throw.
    const failed = await instance.execute("throw new Error('boom')");
    assert.equal(failed.status, "error");
    assert.equal(failed.error.code, "SCRIPT_ERROR");
    // An answer that is not the runtime's JSON.
    const proxy = new CodemodeClient("http://proxy.invalid", { fetch: async () => new Response("Bad gateway", { status: 502 }) });
    await assert.rejects(proxy.instance("x").tool(), (e) => e.code === "HTTP_ERROR" && e.status === 502 && /Bad gateway/.test(e.message));
  });

  test("scoped tokens through the client: issueToken, FORBIDDEN, TOKEN_EXPIRED, the inspector link", T, async () => {
    const name = newInstance();
    const main = client.instance(name);
    const paused = await main.execute('await notes.createNote({text: "approve me"})');
    const issued = await main.issueToken({ scope: "approve", ttlSeconds: 600, instance: name, subject: "alice" });
    assert.match(issued.token, /^cmt1\./);
    assert.equal(issued.instance, name);

    const approver = new CodemodeClient(rt.url, { token: issued.token });
    await assert.rejects(approver.instance(name).execute("return 1"), (e) => e.code === "FORBIDDEN" && e.status === 403);
    await assert.rejects(approver.instance("another").pendingApprovals(), (e) => e.code === "FORBIDDEN");
    await assert.rejects(approver.instance(name).issueToken({ scope: "read", ttlSeconds: 5 }), (e) => e.code === "FORBIDDEN");
    assert.equal((await approver.instance(name).approveExecution(paused.executionId)).status, "completed");

    const short = await main.issueToken({ scope: "read", ttlSeconds: 1 });
    await new Promise((r) => setTimeout(r, 1100));
    await assert.rejects(new CodemodeClient(rt.url, { token: short.token }).instance(name).snippets(), (e) => e.code === "TOKEN_EXPIRED" && e.status === 401);

    const link = new URL(main.inspectorUrl(issued.token));
    assert.equal(link.origin, new URL(rt.url).origin);
    assert.equal(link.searchParams.get("instance"), name);
    assert.equal(link.searchParams.get("token"), issued.token);
    const page = await fetch(link);
    assert.equal(page.status, 200);
    await page.arrayBuffer();
  });

  test("codemodeTool in an AI SDK generateText loop: the model reads the report, the caller gets the ExecuteOutput", T, async () => {
    const instance = client.instance(newInstance());
    const codemode = await codemodeTool(instance);
    assert.equal(codemode.description, (await instance.tool()).description);
    const prompts = [];
    const usage = { inputTokens: { total: 1, noCache: 1 }, outputTokens: { total: 1, text: 1 } };
    const model = new MockLanguageModelV3({
      doGenerate: async ({ prompt, tools }) => {
        prompts.push({ prompt, tools });
        if (prompts.length === 1) {
          return {
            content: [{ type: "tool-call", toolCallId: "c1", toolName: "codemode", input: JSON.stringify({ code: "const n = await notes.listNotes(); return n.length + 5" }) }],
            finishReason: { unified: "tool-calls", raw: "tool-calls" }, usage, warnings: [],
          };
        }
        return { content: [{ type: "text", text: "there are 5" }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
      },
    });
    const result = await generateText({ model, prompt: "count", tools: { codemode }, stopWhen: stepCountIs(3) });
    assert.equal(result.text, "there are 5");
    // The model was offered the runtime's schema.
    const offered = prompts[0].tools.find((t) => t.name === "codemode");
    assert.equal(offered.description, codemode.description);
    assert.deepEqual(offered.inputSchema.required, ["code"]);
    assert.equal(offered.inputSchema.properties.code.type, "string");
    // The caller gets the ExecuteOutput ...
    const output = result.steps[0].toolResults[0].output;
    assert.equal(output.status, "completed");
    assert.equal(output.result, 5);
    // ... and the model read the report.
    const toolMessage = prompts[1].prompt.find((m) => m.role === "tool");
    assert.deepEqual(toolMessage.content[0].output, { type: "text", value: output.report });
    // An input without code is refused by the schema before anything runs.
    const bad = await codemode.inputSchema["~standard"].validate({ script: "x" });
    assert.ok(bad.issues?.length);
  });
});

describe("a run's images (CODEMODE_MODELS on a local OpenAI-compatible server): image(id), imageUrl, codemodeTool's image parts", () => {
  let rt;
  let client;
  let models;
  const PROMPT = "a harbour at night";
  const literal = paintPng("a literal stamp", { width: 12, height: 8 });
  const SCRIPT = `const labels = ["urgent", "normal", "low"];
const sorted = await models.classify({ texts: ["Pay the overdue rent today", "Correct a small typo someday"], labels });
const [picture] = await models.generateImages({ prompt: ${JSON.stringify(PROMPT)}, width: 80, height: 64 });
image(picture);
image(${JSON.stringify(toBase64(literal))}, { mimeType: "image/png" });
return sorted.map((scores) => scores[0].label);`;
  before(async () => {
    models = await startModelServer({ apiKey: "sk-client" });
    const declaration = {
      provider: "openai",
      baseUrl: models.url,
      apiKey: "sk-client",
      models: [
        { id: "lexicon-chat", task: ["text-generation", "text-classification"] },
        { id: "png-painter", task: "text-to-image" },
      ],
    };
    rt = await startRuntime({ bindings: { CODEMODE_TOKEN: TOKEN, CODEMODE_MODELS: JSON.stringify(declaration) } });
    client = new CodemodeClient(rt.url, { token: TOKEN });
  });
  after(async () => {
    await rt?.dispose();
    await models?.close();
  });

  test("execute → images with their URLs; instance.image(id) gives the bytes; imageUrl with ?token=; an unknown id is NOT_FOUND", T, async () => {
    const instance = client.instance(newInstance());
    const done = await instance.execute(SCRIPT);
    assert.equal(done.status, "completed", done.report);
    assert.deepEqual(done.result, ["urgent", "low"]);
    assert.deepEqual(done.calls.map((c) => [c.connector, c.method, c.state, c.usage?.model]), [
      ["models", "classify", "applied", "lexicon-chat"],
      ["models", "generateImages", "applied", "png-painter"],
    ]);
    const generated = paintPng(PROMPT, { width: 80, height: 64 });
    assert.deepEqual(
      done.images.map(({ type, mimeType, width, height, bytes }) => ({ type, mimeType, width, height, bytes })),
      [
        { type: "image", mimeType: "image/png", width: 80, height: 64, bytes: generated.length },
        { type: "image", mimeType: "image/png", width: 12, height: 8, bytes: literal.length },
      ],
    );
    for (const image of done.images) assert.equal(image.url, `images/${image.id}`);

    const [first, second] = await Promise.all(done.images.map((image) => instance.image(image.id)));
    assert.deepEqual({ ...first, data: undefined }, { id: done.images[0].id, mimeType: "image/png", bytes: generated.length, data: undefined });
    assert.deepEqual(first.data, generated);
    assert.deepEqual(second.data, literal);

    // A URL for an <img>: the instance's path, the token as ?token= (the front door takes it).
    const url = new URL(instance.imageUrl(done.images[0].id, TOKEN));
    assert.equal(url.pathname, `${base(instance.name)}/images/${done.images[0].id}`);
    const fetched = await fetch(url);
    assert.equal(fetched.status, 200);
    assert.equal(fetched.headers.get("content-type"), "image/png");
    assert.deepEqual(new Uint8Array(await fetched.arrayBuffer()), generated);
    const anonymous = await fetch(instance.imageUrl(done.images[0].id));
    assert.equal(anonymous.status, 401);
    await anonymous.arrayBuffer();

    await assert.rejects(instance.image(`${done.executionId}.g9i9`), (e) => e instanceof CodemodeError && e.code === "NOT_FOUND" && e.status === 404);
    // A scoped read token of the instance may read its images; one of another instance may not.
    const read = await instance.issueToken({ scope: "read", ttlSeconds: 600, instance: instance.name });
    assert.deepEqual((await new CodemodeClient(rt.url, { token: read.token }).instance(instance.name).image(done.images[1].id)).data, literal);
    await assert.rejects(
      new CodemodeClient(rt.url, { token: read.token }).instance("another").image(done.images[1].id),
      (e) => e instanceof CodemodeError && e.code === "FORBIDDEN",
    );
  });

  test("codemodeTool: the model reads the report and the run's images (image-data parts); a run without images stays text", T, async () => {
    const instance = client.instance(newInstance());
    const codemode = await codemodeTool(instance);
    const prompts = [];
    const usage = { inputTokens: { total: 1, noCache: 1 }, outputTokens: { total: 1, text: 1 } };
    const model = new MockLanguageModelV3({
      doGenerate: async ({ prompt }) => {
        prompts.push(prompt);
        if (prompts.length === 1) {
          return {
            content: [{ type: "tool-call", toolCallId: "c1", toolName: "codemode", input: JSON.stringify({ code: SCRIPT }) }],
            finishReason: { unified: "tool-calls", raw: "tool-calls" }, usage, warnings: [],
          };
        }
        return { content: [{ type: "text", text: "painted" }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
      },
    });
    const result = await generateText({ model, prompt: "sort and paint", tools: { codemode }, stopWhen: stepCountIs(3) });
    assert.equal(result.text, "painted");
    const output = result.steps[0].toolResults[0].output;
    assert.equal(output.status, "completed", output.report);
    assert.equal(output.images.length, 2);
    assert.equal(output.images[0].data, undefined, "the caller's output carries URLs, not bytes");
    const toolMessage = prompts[1].find((m) => m.role === "tool");
    assert.deepEqual(toolMessage.content[0].output, {
      type: "content",
      value: [
        { type: "text", text: output.report },
        { type: "image-data", data: toBase64(paintPng(PROMPT, { width: 80, height: 64 })), mediaType: "image/png" },
        { type: "image-data", data: toBase64(literal), mediaType: "image/png" },
      ],
    });
    assert.match(output.report, /^image 1\/2: images\/\S+ \(image\/png, 80×64\)$/m);

    // Without images, the report as text (as before).
    const plain = await instance.execute("return 1");
    assert.deepEqual(await codemode.toModelOutput({ output: plain }), { type: "text", value: plain.report });
  });
});

describe("from another Worker in workerd: a service binding and the Durable Object namespace", () => {
  let mf;
  before(async () => {
    const bundled = await esbuild.build({
      stdin: {
        contents: `
          import { CodemodeClient, CodemodeError } from ${JSON.stringify(path.join(CLIENT, "dist", "index.js"))};
          export default {
            async fetch(request, env) {
              const url = new URL(request.url);
              const via = url.searchParams.get("via");
              const client = via === "binding"
                ? new CodemodeClient(env.RUNTIME, { token: url.searchParams.get("token") ?? undefined })
                : new CodemodeClient(env.OBJECTS);
              const instance = client.instance(url.searchParams.get("instance"));
              try {
                const ran = await instance.execute(url.searchParams.get("code"));
                const history = await instance.executionHistory(5);
                return Response.json({ via, ran, ids: history.map((e) => e.id) });
              } catch (error) {
                return Response.json({ error: { code: error.code, status: error.status, isCodemodeError: error instanceof CodemodeError } });
              }
            },
          };`,
        resolveDir: REPO_ROOT,
        loader: "js",
      },
      bundle: true,
      format: "esm",
      write: false,
      platform: "neutral",
    });
    mf = new Miniflare({
      workers: [
        {
          name: "probe",
          modules: true,
          script: bundled.outputFiles[0].text,
          compatibilityDate: COMPATIBILITY_DATE,
          serviceBindings: { RUNTIME: "codemode-runtime" },
          durableObjects: { OBJECTS: { className: CLASS_NAME, scriptName: "codemode-runtime", useSQLite: true } },
        },
        {
          name: "codemode-runtime",
          modules: true,
          modulesRoot: REPO_ROOT,
          scriptPath: path.join(REPO_ROOT, WORKER_ENTRY),
          modulesRules: [
            { type: "ESModule", include: ["**/*.js", "**/*.mjs"] },
            { type: "CompiledWasm", include: ["**/*.wasm"] },
          ],
          compatibilityDate: COMPATIBILITY_DATE,
          durableObjects: { [BINDING]: { className: CLASS_NAME, useSQLite: true } },
          bindings: { CODEMODE_TOKEN: TOKEN },
        },
      ],
    });
    await mf.ready;
  });
  after(async () => {
    await mf?.dispose();
  });

  async function probe(params) {
    const res = await mf.dispatchFetch(`http://probe.test/?${new URLSearchParams(params)}`);
    return res.json();
  }

  test("through a service binding (Fetcher), with and without the token", T, async () => {
    const instance = newInstance();
    const ok = await probe({ via: "binding", token: TOKEN, instance, code: "return 6 * 7" });
    assert.equal(ok.ran?.result, 42, JSON.stringify(ok));
    const refused = await probe({ via: "binding", instance, code: "return 1" });
    assert.deepEqual(refused.error, { code: "UNAUTHORIZED", status: 401, isCodemodeError: true });
  });

  test("through the Durable Object namespace: the same object the Worker routes to", T, async () => {
    const instance = newInstance();
    const viaBinding = await probe({ via: "binding", token: TOKEN, instance, code: "return 'first'" });
    const viaObjects = await probe({ via: "namespace", instance, code: "return 'second'" });
    assert.equal(viaObjects.ran?.result, "second", JSON.stringify(viaObjects));
    assert.deepEqual(viaObjects.ids, [viaObjects.ran.executionId, viaBinding.ran.executionId], "one instance, two ways in");
  });
});

describe("in a browser (Chromium)", () => {
  let rt;
  let context;
  let profile;
  before(async () => {
    rt = await startRuntime({ bindings: { CODEMODE_TOKEN: TOKEN } });
  });
  after(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    await rt?.dispose();
  });

  test("the client module runs in a page and calls the runtime", T, async () => {
    const { chromium } = await import("playwright-core");
    assert.ok(existsSync("/usr/bin/chromium"), "/usr/bin/chromium is missing: run scripts/setup.sh");
    profile = mkdtempSync(path.join(tmpdir(), "codemode-client-chromium-"));
    context = await chromium.launchPersistentContext(profile, { executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox"] });
    const page = await context.newPage();
    await page.goto(`${rt.url}/`);
    const bundled = await esbuild.build({ entryPoints: [path.join(CLIENT, "dist", "index.js")], bundle: true, format: "esm", write: false, platform: "browser" });
    const answer = await page.evaluate(
      async ({ code, origin, token, instance }) => {
        const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
        const { CodemodeClient, CodemodeError } = await import(url);
        const runtime = new CodemodeClient(origin, { token }).instance(instance);
        const ran = await runtime.execute("return [1, 2, 3].map((n) => n * 2)");
        let refused;
        try {
          await new CodemodeClient(origin, { token: "wrong" }).instance(instance).tool();
        } catch (error) {
          refused = { code: error.code, status: error.status, isCodemodeError: error instanceof CodemodeError };
        }
        return { result: ran.result, refused };
      },
      { code: bundled.outputFiles[0].text, origin: rt.url, token: TOKEN, instance: newInstance() },
    );
    assert.deepEqual(answer, { result: [2, 4, 6], refused: { code: "UNAUTHORIZED", status: 401, isCodemodeError: true } });
  });
});

test("npm pack: an installable package with the built module and its types, no dependencies", { timeout: 180_000 }, () => {
  const work = mkdtempSync(path.join(tmpdir(), "codemode-client-pack-"));
  try {
    const packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: CLIENT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
    const files = packed[0].files.map((f) => f.path).sort();
    assert.deepEqual(files, ["README.md", "dist/cli.d.ts", "dist/cli.js", "dist/contract.d.ts", "dist/contract.js", "dist/index.d.ts", "dist/index.js", "dist/tool.d.ts", "dist/tool.js", "dist/types.d.ts", "dist/types.js", "package.json"]);
    const manifest = JSON.parse(readFileSync(path.join(CLIENT, "package.json"), "utf8"));
    assert.equal(manifest.dependencies, undefined, "no runtime dependencies");
    const project = path.join(work, "project");
    execFileSync("mkdir", ["-p", project]);
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", path.join(work, packed[0].filename)], { cwd: project, stdio: "pipe" });
    // The package's command line is installed as `codemode` (its bin).
    assert.match(execFileSync(path.join(project, "node_modules", ".bin", "codemode"), ["--help"], { encoding: "utf8" }), /^codemode: /);
    const out = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", 'import { CodemodeClient, CodemodeError, codemodeTool } from "codemode-runtime-client"; const i = new CodemodeClient("http://x").instance("a b"); console.log(JSON.stringify([typeof codemodeTool, new CodemodeError("X", "m").code, i.client.path(i.name)]));'],
      { cwd: project, encoding: "utf8" },
    );
    assert.deepEqual(JSON.parse(out), ["function", "X", "/agents/codemode/a%20b"]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
