// `npm run bench`, the models part: what a model call costs the runtime beyond the provider's own
// answer. The local OpenAI-compatible server of the tests (tests/integration/fixtures/
// model_server.mjs, no added delay) answers `generateText`; its own answer time is measured from
// Node on the same loopback, and each run does CALLS sequential calls, so
//
//   overhead per call = (execute of CALLS model calls − execute of `return 1`) / CALLS − answer time
//
// is the journal append, the delivery, the call's record and its report line, plus workerd's
// outbound fetch. The same loop over `notes.listNotes()` (a connector with no network) gives the
// runtime's own share per call without the fetch, and a bare Worker that makes the same CALLS
// requests with workerd's own `fetch` gives that fetch's cost (workerd's outbound HTTP is not
// Node's keep-alive client the answer time is measured with). The target: ≤ 1 ms a call.
// Samples alternate (model run, notes run, trivial run, bare fetches) so that load on the machine
// hits all alike.
//
// Usage: node bench/models.mjs [--quick] [--out FILE] (default bench/results/latest-models.json)

import { writeFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import path from "node:path";
import { REPO_ROOT, base, newInstance, startRuntime } from "../tests/integration/harness.mjs";
import { startModelServer } from "../tests/integration/fixtures/model_server.mjs";

const args = process.argv.slice(2);
const QUICK = args.includes("--quick") || process.env.BENCH_QUICK === "1";
const outIndex = args.indexOf("--out");
const OUT = outIndex >= 0 ? path.resolve(args[outIndex + 1]) : path.join(REPO_ROOT, "bench/results/latest-models.json");
const CALLS = 50;
const ROUNDS = QUICK ? 3 : 15;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function timed(fn) {
  const t0 = performance.now();
  const value = await fn();
  return [performance.now() - t0, value];
}

async function main() {
  const server = await startModelServer({ delayMs: 0 });
  const models = JSON.stringify({
    provider: "openai",
    baseUrl: server.url,
    models: [{ id: "lexicon-chat", task: ["text-generation", "text-classification"] }],
  });
  const rt = await startRuntime({ bindings: { CODEMODE_MODELS: models } });
  try {
    const instance = newInstance();
    const rpc = async (code) => {
      const res = await rt.fetch(`${base(instance)}/rpc`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ method: "execute", args: [code] }),
      });
      const body = await res.json();
      if (body.result?.status !== "completed") throw new Error(`run did not complete: ${JSON.stringify(body).slice(0, 400)}`);
      return body.result;
    };
    const prompt = "Summarise: the deploy finished. Two alarms fired overnight.";
    const modelScript = `let n = 0; for (let i = 0; i < ${CALLS}; i++) n += (await models.generateText({prompt: ${JSON.stringify(prompt)}, maxTokens: 8})).text.length; return n`;
    const direct = async () =>
      fetch(`${server.url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "lexicon-chat", messages: [{ role: "user", content: prompt }], max_tokens: 8 }),
      }).then((r) => r.json());
    // Warm up: the object, the VM, both paths.
    await rpc("return 1");
    await rpc(modelScript);
    for (let i = 0; i < 20; i++) await direct();
    const notesScript = `let n = 0; for (let i = 0; i < ${CALLS}; i++) n += (await notes.listNotes()).length; return n`;
    const bare = new Miniflare({
      modules: true,
      compatibilityDate: "2026-04-01",
      script: `export default { async fetch(request) {
        const { url, body, n } = await request.json();
        for (let i = 0; i < n; i++) await (await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body })).json();
        return new Response("ok");
      } };`,
    });
    const chatBody = JSON.stringify({ model: "lexicon-chat", messages: [{ role: "user", content: prompt }], max_tokens: 8 });
    const bareFetches = (n) =>
      bare.dispatchFetch("http://bare/", { method: "POST", body: JSON.stringify({ url: `${server.url}/chat/completions`, body: chatBody, n }) }).then((r) => r.text());
    await bareFetches(CALLS);
    const samples = { model: [], notes: [], trivial: [], answer: [], bare: [], bareZero: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const [m] = await timed(() => rpc(modelScript));
      samples.notes.push((await timed(() => rpc(notesScript)))[0]);
      const [t] = await timed(() => rpc("return 1"));
      const answers = [];
      for (let i = 0; i < CALLS; i++) answers.push((await timed(direct))[0]);
      samples.bare.push((await timed(() => bareFetches(CALLS)))[0]);
      samples.bareZero.push((await timed(() => bareFetches(0)))[0]);
      samples.model.push(m);
      samples.trivial.push(t);
      samples.answer.push(median(answers));
    }
    const perCall = (median(samples.model) - median(samples.trivial)) / CALLS;
    const answer = median(samples.answer);
    const notesPerCall = (median(samples.notes) - median(samples.trivial)) / CALLS;
    const workerdFetch = (median(samples.bare) - median(samples.bareZero)) / CALLS;
    await bare.dispose();
    const result = {
      date: new Date().toISOString(),
      calls: CALLS,
      rounds: ROUNDS,
      executeWithCallsMs: median(samples.model),
      trivialExecuteMs: median(samples.trivial),
      perCallMs: perCall,
      providerAnswerMs: answer,
      overheadPerCallMs: perCall - answer,
      connectorCallMs: notesPerCall,
      workerdFetchMs: workerdFetch,
      overheadBeyondWorkerdFetchMs: perCall - workerdFetch,
      targetMs: 1,
      requestsSeen: server.counts(),
    };
    console.log(
      `models: ${CALLS} sequential generateText calls ${result.executeWithCallsMs.toFixed(1)} ms, return 1 ${result.trivialExecuteMs.toFixed(1)} ms → ${perCall.toFixed(3)} ms a call; the server's own answer (from Node) ${answer.toFixed(3)} ms → overhead ${result.overheadPerCallMs.toFixed(3)} ms a call ; the same request by workerd's own fetch ${workerdFetch.toFixed(3)} ms → the runtime's share ${(perCall - workerdFetch).toFixed(3)} ms a call (target ≤ 1 ms); a notes.listNotes call (no network) ${notesPerCall.toFixed(3)} ms`,
    );
    writeFileSync(OUT, JSON.stringify(result, null, 2) + "\n");
    console.log(`models: written to ${path.relative(REPO_ROOT, OUT)}`);
  } finally {
    await rt.dispose();
    await server.close();
  }
}

await main();
