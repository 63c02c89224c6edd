// examples/chat, the guide's app (../shared/seeds/000_6d67437939fa3413.txt) as a reader builds it
// with this package: `vite dev` with the Cloudflare plugin runs its Worker (the guide's Chat agent
// and NotesConnector on codemode-runtime) in workerd, with the agents' state persisted in a temp
// dir ($CHAT_PERSIST_TO, the plugin's persistState), and its React page is driven in headless
// Debian Chromium (playwright-core, no browser download), through the page only:
// a message → the scripted model's program pauses on createNote → the panel shows the call →
// Approve → the model's answer names the note; Reject with a reason → the answer quotes it; Roll
// back → the note is gone (the next run lists none); Save as snippet → the snippet list; the dev
// server stopped and started again while a run is paused → Approve completes it, the note written
// once; with CODEMODE_MODELS pointed at a local OpenAI-compatible server (fixtures/model_server.mjs),
// "Sort my notes" → a run that classifies the notes (models.classify) and paints them
// (models.generateImages) → the model reads the report and the image, the chat's tool output and
// the run in the history show the image (<img> loaded at its generated size). Also type-checks the
// example (its two tsconfigs). Leaves test-output/examples-chat.png and examples-chat-images.png.
//
// Needs packages/codemode built (scripts/build-package.sh, run by `npm test`); does not build.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";
import { freePort } from "./fixtures/mcp_server.mjs";
import { paintPng } from "./fixtures/model_kit.mjs";
import { startModelServer } from "./fixtures/model_server.mjs";
import { REPO_ROOT } from "./harness.mjs";
import { remember, spawnWranglerDev, undoAll, waitUntilServing } from "./wrangler_process.mjs";

const EXAMPLE = path.join(REPO_ROOT, "examples", "chat");
const VITE = path.join(REPO_ROOT, "node_modules", ".bin", "vite");
const TSC = path.join(REPO_ROOT, "node_modules", ".bin", "tsc");
const PACKAGE_DIR = path.join(REPO_ROOT, "packages", "codemode");
const SCREENSHOT = path.join(REPO_ROOT, "test-output", "examples-chat.png");
const IMAGES_SCREENSHOT = path.join(REPO_ROOT, "test-output", "examples-chat-images.png");
const MODELS_KEY = "sk-examples-chat";
const CHROMIUM = "/usr/bin/chromium";
// As inspector.test.mjs: without the background-networking flags Chromium keeps trying to reach
// Google's hosts, which this machine's closed network refuses.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const READY_TIMEOUT_MS = 180_000;
const T = { timeout: 120_000 };
const WAIT = { timeout: 30_000 };
const EXECUTION = "([0-9a-f-]{36})";

let state; // the agents' persisted state, kept across restarts of the dev server
let port;
let origin;
let dev;
let stopDev;
let browser;
let profile;
let models; // the OpenAI-compatible server CODEMODE_MODELS points to
const errors = [];

/**
 * `vite dev` in examples/chat on `port` (its own process group, stopped by `stopDev`), its state
 * in `state`; waits until the Worker answers.
 */
async function startDev() {
  const started = spawnWranglerDev(VITE, ["dev", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], {
    cwd: EXAMPLE,
    // CODEMODE_MODELS as the example reads it (README: a var); wrangler takes the process's
    // environment as the Worker's vars when told to (and there is no .dev.vars).
    env: { CHAT_PERSIST_TO: state, CI: "true", CLOUDFLARE_INCLUDE_PROCESS_ENV: "true", CODEMODE_MODELS: modelsDeclaration() },
  });
  dev = started;
  stopDev = remember(() => started.stop());
  // A plain GET of a Chat agent (`/agents/*` goes to the Worker first): the agent answers that it
  // serves no HTTP, so the Worker, its router and the Chat class (with codemode-runtime) loaded.
  const response = await waitUntilServing(dev, `${origin}/agents/chat/probe`, {
    readyTimeoutMs: READY_TIMEOUT_MS,
    fetchTimeoutMs: 60_000,
  });
  const body = await response.text();
  assert.equal(`${response.status} ${body}`, "404 Not implemented", dev.tail());
}

/** The example's CODEMODE_MODELS: the local server's chat and image models, with its key. */
function modelsDeclaration() {
  return JSON.stringify({
    provider: "openai",
    baseUrl: models.url,
    apiKey: MODELS_KEY,
    models: [
      { id: "lexicon-chat", task: ["text-generation", "text-classification"] },
      { id: "png-painter", task: "text-to-image" },
    ],
  });
}

/** Waits until the `<img>`s of `selector` have loaded; returns each figure's id, size and caption. */
async function loadedImages(page, selector) {
  await page.waitForFunction(
    (sel) => {
      const imgs = [...document.querySelectorAll(`${sel} img`)];
      return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
    },
    selector,
    WAIT,
  );
  return page.$$eval(`${selector}`, (figures) =>
    figures.map((f) => {
      const img = f.querySelector("img");
      return { id: f.dataset.id, src: img.getAttribute("src"), width: img.naturalWidth, height: img.naturalHeight, caption: f.querySelector("figcaption").textContent };
    }),
  );
}

/** The page of conversation `name`, connected to its agent. */
async function openChat(name) {
  const page = await browser.newPage();
  page.on("pageerror", (e) => errors.push(`${name}: ${e}`));
  page.on("dialog", (d) => {
    errors.push(`${name}: unexpected dialog: ${d.message()}`);
    d.dismiss();
  });
  await page.goto(`${origin}/?conversation=${encodeURIComponent(name)}`);
  await page.waitForSelector('#connection[data-state="connected"]', WAIT);
  assert.equal(await page.textContent("#connection"), `connected to chat/${name}`);
  return page;
}

/** The model's answers shown so far (the text of each assistant message). */
function answers(page) {
  return page.$$eval('.message[data-role="assistant"] p.text', (ps) => ps.map((p) => p.textContent));
}

/** Waits for the model's answer after the `count` shown before; returns its text. */
async function nextAnswer(page, count) {
  try {
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('.message[data-role="assistant"] p.text').length > n &&
        document.querySelector("#streaming")?.getAttribute("data-streaming") === "false",
      count,
      WAIT,
    );
  } catch (error) {
    const shown = await page.textContent("main").catch((e) => `(no page: ${e})`);
    assert.fail(`no answer after ${count}: ${error.message}\nthe page: ${shown}\nthe dev server:\n${dev.tail(3000)}`);
  }
  const all = await answers(page);
  assert.equal(all.length, count + 1, `one answer: ${JSON.stringify(all.slice(count))}`);
  return all.at(-1);
}

/** Types `text` into the chat, sends it, and returns the model's answer. */
async function say(page, text) {
  const count = (await answers(page)).length;
  await page.fill("#message", text);
  await page.click("#send");
  return nextAnswer(page, count);
}

/** The answer of a run paused on createNote `text`: its execution id and the notes it saw. */
function paused(answer, text) {
  const expected = new RegExp(
    `^notes\\.createNote\\(${escape(JSON.stringify({ text }))}\\) needs your approval \\(execution ${EXECUTION}\\)\\. Notes saved before it: (\\d+)\\.$`,
  );
  const match = answer.match(expected);
  assert.ok(match, `not the paused answer for ${JSON.stringify(text)}: ${answer}`);
  return { execution: match[1], before: Number(match[2]) };
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const action = (execution) => `.pending-action[data-execution="${execution}"][data-seq="1"]`;
const run = (execution) => `.execution[data-id="${execution}"]`;

/** Clicks `button` of the pending createNote of `execution`; returns the model's answer. */
async function decide(page, execution, button) {
  const count = (await answers(page)).length;
  await page.click(`${action(execution)} button.${button}`);
  const answer = await nextAnswer(page, count);
  await page.waitForSelector(action(execution), { state: "detached", ...WAIT });
  return answer;
}

/** Sends `text`, checks the panel shows the paused createNote, approves it; returns the execution. */
async function noteApproved(page, text, notesBefore) {
  const { execution, before } = paused(await say(page, text), text);
  assert.equal(before, notesBefore);
  await page.waitForSelector(action(execution), WAIT);
  const done = await decide(page, execution, "approve");
  assert.equal(done, `Done: saved the note ${JSON.stringify(text)}; notes now: ${notesBefore + 1}.`);
  await page.waitForSelector(`${run(execution)}[data-status="completed"]`, WAIT);
  return execution;
}

describe("examples/chat: the guide's app in vite dev (Cloudflare plugin, workerd), driven in Chromium", () => {
  before(async () => {
    assert.ok(existsSync(path.join(PACKAGE_DIR, "dist", "index.js")), "packages/codemode is not built: bash scripts/build-package.sh");
    assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: run scripts/setup.sh (it installs Debian's chromium)`);
    mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    assert.ok(!existsSync(path.join(EXAMPLE, ".dev.vars")), "examples/chat/.dev.vars would replace the vars this test sets");
    models = await startModelServer({ apiKey: MODELS_KEY });
    remember(() => models.close());
    state = mkdtempSync(path.join(os.tmpdir(), "codemode-chat-state-"));
    remember(() => rmSync(state, { recursive: true, force: true }));
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    await startDev();
    profile = mkdtempSync(path.join(os.tmpdir(), "codemode-chat-browser-"));
    remember(() => rmSync(profile, { recursive: true, force: true }));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 900 },
    });
    remember(() => browser.close());
  }, { timeout: READY_TIMEOUT_MS + 60_000 });

  after(async () => {
    await undoAll();
  });

  test("the example type-checks (tsc: the Worker, and the page with vite.config.ts)", T, () => {
    for (const config of ["tsconfig.json", "tsconfig.client.json"]) {
      execFileSync(TSC, ["-p", path.join(EXAMPLE, config)], { cwd: EXAMPLE, stdio: "inherit" });
    }
  });

  test("a message → paused on createNote → the panel shows it → Approve → the answer names the note; Save as snippet", T, async () => {
    const page = await openChat(`approve-${Date.now()}`);
    assert.equal(await page.textContent("#pending"), "none");
    const text = "Buy oat milk";
    const { execution, before } = paused(await say(page, text), text);
    assert.equal(before, 0);

    // The panel: the pending call, and the run paused in the history with the call it made.
    await page.waitForSelector(action(execution), WAIT);
    assert.equal(await page.textContent(`${action(execution)} .call`), `notes.createNote({"text":"${text}"})`);
    await page.waitForSelector(`${run(execution)}[data-status="paused"]`, WAIT);
    assert.equal(await page.textContent(`${run(execution)} .calls li[data-seq="0"]`), "#0 notes.listNotes({}) — applied → 0 note(s)");
    assert.equal(await page.getAttribute(`${run(execution)} .calls li[data-seq="1"]`, "data-state"), "pending");

    const done = await decide(page, execution, "approve");
    assert.equal(done, `Done: saved the note "${text}"; notes now: 1.`);
    // The decision, as the conversation shows it, and the run in the history.
    const told = await page.$$eval('.message[data-role="panel"] p.text', (ps) => ps.map((p) => p.textContent));
    assert.deepEqual(told, [`Approved the paused call of execution ${execution}.`]);
    await page.waitForSelector(`${run(execution)}[data-status="completed"]`, WAIT);
    assert.equal(await page.getAttribute(`${run(execution)} .calls li[data-seq="1"]`, "data-state"), "applied");
    assert.equal(await page.textContent("#pending"), "none");

    // Save the completed run as a snippet: it shows in the snippet list.
    assert.equal(await page.textContent("#snippets"), "none");
    await page.fill(`${run(execution)} input.snippet-name`, "save_note");
    await page.click(`${run(execution)} button.save`);
    await page.waitForSelector('.snippet[data-name="save_note"]', WAIT);
    assert.equal(
      await page.textContent('.snippet[data-name="save_note"]'),
      `save_note Saved from the chat (execution ${execution})`,
    );
    assert.equal(await page.$("#error"), null, "no failed call to the agent");
    assert.equal(await page.$("#chat-error"), null, "no failed chat turn");
    await page.screenshot({ path: SCREENSHOT });
    await page.close();
  });

  test("Reject with a reason → the model's answer carries the reason; no note written", T, async () => {
    const page = await openChat(`reject-${Date.now()}`);
    const text = "Call the bank";
    const { execution } = paused(await say(page, text), text);
    await page.waitForSelector(action(execution), WAIT);
    const reason = "not today: the bank is closed";
    await page.fill(`${action(execution)} input.reason`, reason);
    const answer = await decide(page, execution, "reject");
    assert.equal(answer, `Not saved: rejected by a human: ${reason}.`);
    await page.waitForSelector(`${run(execution)}[data-status="rejected"]`, WAIT);
    assert.equal(
      await page.textContent(`${run(execution)} .calls li[data-seq="1"]`),
      `#1 notes.createNote({"text":"${text}"}) — rejected (rejected: ${reason})`,
    );
    // A rejected run offers neither rollback nor saving.
    assert.equal(await page.$(`${run(execution)} button.rollback`), null);
    assert.equal(await page.$(`${run(execution)} button.save`), null);
    // Nothing was written: the next run lists no notes.
    assert.equal(paused(await say(page, "Call the bank tomorrow"), "Call the bank tomorrow").before, 0);
    await page.close();
  });

  test("Roll back removes the note: the run is rolled_back, its createNote reverted, the next run lists no notes", T, async () => {
    const page = await openChat(`rollback-${Date.now()}`);
    const execution = await noteApproved(page, "Water the plants", 0);
    await page.click(`${run(execution)} button.rollback`);
    await page.waitForSelector(`${run(execution)}[data-status="rolled_back"]`, WAIT);
    assert.equal(await page.getAttribute(`${run(execution)} .calls li[data-seq="1"]`, "data-state"), "reverted");
    assert.equal(await page.$(`${run(execution)} button.rollback`), null, "a rolled-back run offers no rollback");

    const { execution: next, before } = paused(await say(page, "Feed the cat"), "Feed the cat");
    assert.equal(before, 0, "the rolled-back note is gone");
    await page.waitForSelector(`${run(next)}[data-status="paused"]`, WAIT);
    assert.equal(await page.textContent(`${run(next)} .calls li[data-seq="0"]`), "#0 notes.listNotes({}) — applied → 0 note(s)");
    await page.close();
  });

  test("the dev server (workerd) restarted while a run is paused: Approve completes it, createNote applied once", { timeout: READY_TIMEOUT_MS + 120_000 }, async () => {
    const name = `restart-${Date.now()}`;
    let page = await openChat(name);
    const text = "Renew the passport";
    const { execution } = paused(await say(page, text), text);
    await page.waitForSelector(action(execution), WAIT);
    await page.close();

    const stopped = Date.now();
    await stopDev();
    assert.ok(dev.exitInfo, "the dev server exited");
    await startDev();
    const restartedIn = Date.now() - stopped;

    page = await openChat(name);
    // The conversation and the paused run are where they were.
    await page.waitForSelector(action(execution), WAIT);
    assert.deepEqual(
      await page.$$eval('.message[data-role="user"] p.text', (ps) => ps.map((p) => p.textContent)),
      [text],
    );
    const done = await decide(page, execution, "approve");
    assert.equal(done, `Done: saved the note "${text}"; notes now: 1.`);
    await page.waitForSelector(`${run(execution)}[data-status="completed"]`, WAIT);

    // Written once: the next run lists exactly that note.
    const next = paused(await say(page, "Book the dentist"), "Book the dentist");
    assert.equal(next.before, 1);
    await page.waitForSelector(`${run(next.execution)}[data-status="paused"]`, WAIT);
    assert.equal(
      await page.textContent(`${run(next.execution)} .calls li[data-seq="0"]`),
      `#0 notes.listNotes({}) — applied → 1 note(s): ${text}`,
    );
    await page.close();
    assert.ok(restartedIn < READY_TIMEOUT_MS, `restarted in ${restartedIn} ms`);
  });

  test("CODEMODE_MODELS set: \"Sort my notes\" → models.classify + models.generateImages; the model sees the image; the chat and the history show it", T, async () => {
    const page = await openChat(`models-${Date.now()}`);
    await noteApproved(page, "Pay the overdue rent today", 0);
    await noteApproved(page, "Correct a small typo someday", 1);
    models.reset();

    const answer = await say(page, "Sort my notes");
    // The report's output line, and the one image the tool's toModelOutput showed the model.
    assert.equal(answer, "Done: Pay the overdue rent today: urgent; Correct a small typo someday: low. I see 1 image (image/png).");
    assert.deepEqual(models.counts(), { "/v1/chat/completions": 1, "/v1/images/generations": 1 });

    // Under the tool call in the chat: the generated image, loaded at its size.
    const [shown, ...more] = await loadedImages(page, '.message[data-role="assistant"] .run-image');
    assert.deepEqual(more, [], "one image in the conversation");
    assert.deepEqual({ width: shown.width, height: shown.height, caption: shown.caption }, { width: 128, height: 96, caption: "image/png, 128×96" });
    const [execution] = shown.id.split(".");
    assert.match(execution, new RegExp(`^${EXECUTION}$`));
    // Served by the agent (onRequest): the bytes the model server painted.
    const served = await fetch(new URL(shown.src, origin));
    assert.equal(served.status, 200);
    assert.equal(served.headers.get("content-type"), "image/png");
    const painted = paintPng("a sketch of these notes: Pay the overdue rent today, Correct a small typo someday", { width: 128, height: 96 });
    assert.deepEqual(new Uint8Array(await served.arrayBuffer()), painted);
    const missing = await fetch(new URL(shown.src.replace(/\.g\d+i\d+$/, ".g9i9"), origin));
    assert.equal(missing.status, 404);
    assert.equal((await missing.json()).error.code, "NOT_FOUND");

    // The run in the history: its calls, and the same image.
    await page.waitForSelector(`${run(execution)}[data-status="completed"]`, WAIT);
    assert.deepEqual(
      await page.$$eval(`${run(execution)} .calls li`, (lis) => lis.map((li) => li.textContent.replace(/ → .*$/, ""))),
      [
        "#0 notes.listNotes({}) — applied",
        `#1 models.classify({"texts":["Pay the overdue rent today","Correct a small typo someday"],"labels":["urgent","normal","low"]}) — applied`,
        `#2 models.generateImages({"prompt":"a sketch of these notes: Pay the overdue rent today, Correct a small typo someday","width":128,"height":96}) — applied`,
      ],
    );
    const listed = await loadedImages(page, `${run(execution)} .run-image`);
    assert.deepEqual(listed.map((i) => [i.id, i.width, i.height, i.caption]), [[shown.id, 128, 96, "image/png, 128×96"]]);
    assert.equal(await page.$("#error"), null, "no failed call to the agent");
    assert.equal(await page.$("#chat-error"), null, "no failed chat turn");
    await page.screenshot({ path: IMAGES_SCREENSHOT, fullPage: true });
    await page.close();
  });

  test("no uncaught errors in the page", () => {
    assert.deepEqual(errors, []);
  });
});
