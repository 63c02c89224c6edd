// The inspector page (web/index.html, served at GET /) in headless Debian Chromium driven by
// playwright-core (no browser download): run a script that pauses, approve it by clicking, reject
// another, roll one back, save a snippet through the inline form and delete it, live updates from
// other clients, the contract's auth (CODEMODE_TOKEN with ?token=, or typed into the page), and a
// run's images (models.generateImages against a local OpenAI-compatible server, and image() of
// literal bytes) shown as <img>s fetched with the page's ?token=.
// Leaves a screenshot in test-output/inspector.png.

import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";
import { REPO_ROOT, newInstance, startRuntime } from "./harness.mjs";
import { startModelServer } from "./fixtures/model_server.mjs";
import { paintPng, toBase64 } from "./fixtures/model_kit.mjs";

const T = { timeout: 120_000 };
const CHROMIUM = "/usr/bin/chromium";
// docs: .library machine notes; without the background-networking flags Chromium keeps trying
// to reach Google's hosts, which this machine's closed network refuses.
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
const TOKEN = "inspector-secret";
const SCREENSHOT = path.join(REPO_ROOT, "test-output", "inspector.png");
const WAIT = { timeout: 15_000 };

/** A fresh Chromium profile and context; `errors` collects uncaught page errors. */
async function launchBrowser() {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: run scripts/setup.sh (it installs Debian's chromium)`);
  const profile = mkdtempSync(path.join(os.tmpdir(), "codemode-inspector-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1200, height: 900 },
  });
  const errors = [];
  context.on("page", (page) => page.on("pageerror", (e) => errors.push(String(e))));
  return {
    context,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens the page and waits until it is connected to `instance`. */
async function openInspector(browser, origin, query) {
  const page = await browser.context.newPage();
  page.on("dialog", (d) => {
    browser.errors.push(`unexpected dialog: ${d.message()}`);
    d.dismiss();
  });
  await page.goto(`${origin}/?${new URLSearchParams(query)}`);
  return page;
}

async function expectConnected(page, instance) {
  await page.waitForSelector('#connection[data-state="connected"]', WAIT);
  assert.equal(await page.textContent("#connection"), `connected to codemode/${instance}`);
}

/** Types `code` into the Run box, clicks Run, waits for the outcome; returns {status, executionId}. */
async function runScript(page, code) {
  await page.fill("#code", code);
  await page.click("#run");
  await page.waitForSelector('#run-status[data-execution]:not([data-status="running"])', WAIT);
  return page.$eval("#run-status", (e) => ({ status: e.dataset.status, executionId: e.dataset.execution }));
}

const execution = (id) => `.execution[data-id="${id}"]`;
const CREATE = (text) => `const n = await notes.createNote({ text: ${JSON.stringify(text)} }); return n.text;`;

describe("inspector page (no token, loopback)", () => {
  let rt;
  let browser;
  let origin;
  before(async () => {
    rt = await startRuntime();
    origin = `http://127.0.0.1:${rt.port}`;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await rt?.dispose();
  });

  test("GET / serves web/index.html as it is in the tree (a stale build/ fails here: rebuild the Worker)", T, async () => {
    const res = await fetch(`${origin}/`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type"), /^text\/html/);
    assert.equal(await res.text(), readFileSync(path.join(REPO_ROOT, "web", "index.html"), "utf8"));
  });

  test("pause → approve by clicking → completed; reject another; roll one back", T, async () => {
    const instance = newInstance();
    const page = await openInspector(browser, origin, { instance });
    await expectConnected(page, instance);
    assert.equal(await page.textContent("#pending"), "none");

    // Pause, then approve.
    const first = await runScript(page, CREATE("from the page"));
    assert.equal(first.status, "paused");
    assert.match(await page.textContent("#run-report"), /^Script paused/);
    const action = `.pending-action[data-execution="${first.executionId}"][data-seq="0"]`;
    await page.waitForSelector(action, WAIT);
    assert.match(await page.textContent(action), /notes\.createNote\(\{"text":"from the page"\}\)/);
    await page.waitForSelector(`${execution(first.executionId)}[data-status="paused"]`, WAIT);
    await page.click(`${action} button.approve`);
    await page.waitForSelector(`${execution(first.executionId)}[data-status="completed"]`, WAIT);
    await page.waitForSelector(action, { state: "detached", ...WAIT });
    assert.equal(await page.textContent("#pending"), "none");
    assert.match(await page.textContent("#notice-text"), /Approved notes\.createNote: the run is completed/);
    assert.equal(
      await page.getAttribute(`${execution(first.executionId)} .calls li[data-seq="0"]`, "data-state"),
      "applied",
    );
    assert.equal((await rt.call(instance, "execution", first.executionId)).status, "completed");

    // Pause another, then reject.
    const second = await runScript(page, CREATE("never written"));
    assert.equal(second.status, "paused");
    await page.click(`.pending-action[data-execution="${second.executionId}"] button.reject`);
    await page.waitForSelector(`${execution(second.executionId)}[data-status="rejected"]`, WAIT);
    assert.equal((await rt.call(instance, "execution", second.executionId)).status, "rejected");

    // Roll the approved one back: its note is deleted.
    await page.click(`${execution(first.executionId)} button.rollback`);
    await page.waitForSelector(`${execution(first.executionId)}[data-status="rolled_back"]`, WAIT);
    assert.match(await page.textContent("#notice-text"), /1 reverted, 0 failed/);
    assert.equal(
      await page.getAttribute(`${execution(first.executionId)} .calls li[data-seq="0"]`, "data-state"),
      "reverted",
    );
    assert.deepEqual((await rt.call(instance, "execute", "return await notes.listNotes()")).result, []);
    // A rolled-back run offers neither rollback nor saving.
    assert.equal(await page.$(`${execution(first.executionId)} button.rollback`), null);
    assert.equal(await page.$(`${execution(first.executionId)} button.save`), null);
    assert.deepEqual(browser.errors, []);
    await page.close();
  });

  test("a run's timeline: timer and call bars, live from progress frames; reject with a reason, shown escaped", T, async () => {
    const instance = newInstance();
    const page = await openInspector(browser, origin, { instance });
    await expectConnected(page, instance);
    await page.fill("#by", "ana");
    const run = await runScript(
      page,
      `console.log("waiting first"); await new Promise((r) => setTimeout(r, 300)); ${CREATE("needs a ticket")}`,
    );
    assert.equal(run.status, "paused");
    // Live: the progress frames drew the timer (fired) and the call (waiting for approval).
    await page.waitForSelector(`#live[data-execution="${run.executionId}"] .bar.timer[data-seq="0"][data-state="applied"]`, WAIT);
    await page.waitForSelector(`#live .bar[data-seq="1"][data-state="pending"]`, WAIT);
    assert.match(await page.textContent("#live"), /waiting first/);
    // The execution's timeline from its record: the timer's bar spans its 300 ms.
    const timer = `${execution(run.executionId)} .timeline .bar.timer[data-seq="0"]`;
    await page.waitForSelector(timer, WAIT);
    assert.match(await page.textContent(timer), /#0 setTimeout 300 ms — applied/);
    // Reject with a reason that looks like markup: stored as given, shown as text.
    const reason = "<b>the text must mention the ticket id</b>";
    await page.fill(`.pending-action[data-execution="${run.executionId}"] input.reason`, reason);
    await page.click(`.pending-action[data-execution="${run.executionId}"] button.reject`);
    await page.waitForSelector(`${execution(run.executionId)}[data-status="rejected"]`, WAIT);
    const decision = `${execution(run.executionId)} .decision[data-seq="1"]`;
    await page.waitForSelector(decision, WAIT);
    assert.equal(await page.textContent(decision), `#1 rejected by ana: ${reason}`);
    assert.equal(await page.$(`${decision} b`), null, "the reason is text, not markup");
    const state = await rt.call(instance, "execution", run.executionId);
    assert.deepEqual(state.calls[1].decision.by, "ana");
    assert.equal(state.calls[1].decision.reason, reason);
    assert.match(state.report, /rejected by ana: <b>the text must mention the ticket id<\/b>/);
    assert.deepEqual(browser.errors, []);
    await page.close();
  });

  test("save a snippet with the inline form, see an error inline, delete the snippet", T, async () => {
    const instance = newInstance();
    const page = await openInspector(browser, origin, { instance });
    await expectConnected(page, instance);
    const run = await runScript(page, "return 6 * 7");
    assert.equal(run.status, "completed");
    const row = execution(run.executionId);
    await page.waitForSelector(`${row}[data-status="completed"]`, WAIT);
    // The run's peak heap (issue 26) shows beside it, as the execution record has it.
    const peak = Number(await page.getAttribute(`${row} .heap`, "data-peak-heap"));
    assert.ok(peak > 0, `the inspector shows a peak heap of ${peak}`);
    assert.match(await page.textContent(`${row} .heap`), /^peak heap \d+\.\d MiB$/);

    // An invalid name: the server's INVALID_NAME shows in the error banner, the form stays.
    await page.click(`${row} button.save`);
    await page.fill(`${row} .save-form input[name="name"]`, "not a name!");
    await page.click(`${row} .save-form button.save-confirm`);
    await page.waitForSelector("#error:not([hidden])", WAIT);
    assert.match(await page.textContent("#error-text"), /^INVALID_NAME: /);
    await page.click("#error-dismiss");
    assert.equal(await page.isHidden("#error"), true);

    // The typed draft survives a live re-render caused by another client's change.
    await page.fill(`${row} .save-form input[name="name"]`, "the-answer");
    await page.fill(`${row} .save-form input[name="description"]`, "Returns 42");
    const other = await rt.call(instance, "execute", "return 'from another client'");
    await page.waitForSelector(`${execution(other.executionId)}[data-status="completed"]`, WAIT);
    assert.equal(await page.inputValue(`${row} .save-form input[name="name"]`), "the-answer");
    assert.equal(await page.inputValue(`${row} .save-form input[name="description"]`), "Returns 42");
    await page.click(`${row} .save-form button.save-confirm`);
    await page.waitForSelector('.snippet[data-name="the-answer"]', WAIT);
    await page.waitForSelector(`${row} .save-form`, { state: "detached", ...WAIT });
    assert.match(await page.textContent('.snippet[data-name="the-answer"]'), /Returns 42/);
    const saved = await rt.call(instance, "snippets");
    assert.deepEqual(
      saved.map((s) => [s.name, s.description, s.code]),
      [["the-answer", "Returns 42", "return 6 * 7"]],
    );

    await page.click('.snippet[data-name="the-answer"] button.delete');
    await page.waitForSelector('.snippet[data-name="the-answer"]', { state: "detached", ...WAIT });
    assert.equal(await page.textContent("#snippets"), "none saved");
    assert.deepEqual(await rt.call(instance, "snippets"), []);
    assert.deepEqual(browser.errors, []);
    await page.close();
  });

  test("other clients' changes appear live; a screenshot of the page", T, async () => {
    const instance = newInstance();
    const page = await openInspector(browser, origin, { instance });
    await expectConnected(page, instance);

    // Some history made by other clients over HTTP, which the open page picks up from the pushes.
    const done = await rt.call(instance, "execute", 'console.log("listing"); return (await notes.listNotes()).length');
    await rt.call(instance, "saveSnippet", "count-notes", "How many notes there are", done.executionId);
    const approved = await rt.call(instance, "execute", CREATE("approved from the API"));
    await rt.call(instance, "approveExecution", approved.executionId);
    const rejected = await rt.call(instance, "execute", CREATE("rejected from the API"));
    await rt.call(instance, "rejectExecution", rejected.executionId, 0);
    const failed = await rt.call(instance, "execute", "throw new Error('no such thing')");
    const waiting = await rt.call(instance, "execute", CREATE("waiting for you"));
    assert.equal(waiting.status, "paused");

    await page.waitForSelector(`.pending-action[data-execution="${waiting.executionId}"]`, WAIT);
    await page.waitForSelector('.snippet[data-name="count-notes"]', WAIT);
    for (const [x, status] of [
      [done, "completed"],
      [approved, "completed"],
      [rejected, "rejected"],
      [failed, "error"],
      [waiting, "paused"],
    ]) {
      await page.waitForSelector(`${execution(x.executionId)}[data-status="${status}"]`, WAIT);
    }
    // Newest first, like executionHistory.
    const order = await page.$$eval(".execution", (xs) => xs.map((x) => x.dataset.id));
    assert.deepEqual(order, [waiting, failed, rejected, approved, done].map((x) => x.executionId));

    // The picture shows an open "save as snippet" form too.
    await page.click(`${execution(approved.executionId)} button.save`);
    await page.fill(`${execution(approved.executionId)} .save-form input[name="name"]`, "write-note");
    await page.fill(`${execution(approved.executionId)} .save-form input[name="description"]`, "Writes one note");
    await page.fill("#code", CREATE("a note from the inspector"));
    mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    assert.ok(readFileSync(SCREENSHOT).length > 10_000, "the screenshot has content");
    assert.deepEqual(browser.errors, []);
    await page.close();
  });
});

describe("inspector page with CODEMODE_TOKEN set", () => {
  let rt;
  let browser;
  let origin;
  before(async () => {
    rt = await startRuntime({ bindings: { CODEMODE_TOKEN: TOKEN } });
    origin = `http://127.0.0.1:${rt.port}`;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await rt?.dispose();
  });

  test("?token= in the page URL connects and runs", T, async () => {
    const instance = newInstance();
    const page = await openInspector(browser, origin, { instance, token: TOKEN });
    await expectConnected(page, instance);
    const run = await runScript(page, "return 'with a token'");
    assert.equal(run.status, "completed");
    await page.waitForSelector(`${execution(run.executionId)}[data-status="completed"]`, WAIT);
    assert.deepEqual(browser.errors, []);
    await page.close();
  });

  test("without a token the page says UNAUTHORIZED; typing the token and Connect works", T, async () => {
    const instance = newInstance();
    const page = await openInspector(browser, origin, { instance });
    await page.waitForSelector('#connection[data-state="unauthorized"]', WAIT);
    assert.match(await page.textContent("#connection"), /^UNAUTHORIZED: /);

    await page.fill("#token", "wrong");
    await page.click("#connect");
    await page.waitForSelector('#connection[data-state="connecting"]', WAIT).catch(() => {});
    await page.waitForSelector('#connection[data-state="unauthorized"]', WAIT);
    assert.match(await page.textContent("#connection"), /^UNAUTHORIZED: the token is wrong/);

    await page.fill("#token", TOKEN);
    await page.click("#connect");
    await expectConnected(page, instance);
    const run = await runScript(page, CREATE("authorized"));
    assert.equal(run.status, "paused");
    await page.click(`.pending-action[data-execution="${run.executionId}"] button.approve`);
    await page.waitForSelector(`${execution(run.executionId)}[data-status="completed"]`, WAIT);
    assert.deepEqual(browser.errors, []);
    await page.close();
  });
});

/** Waits until every `<img>` under `selector` has loaded; returns [{src, naturalWidth, naturalHeight, caption}]. */
async function loadedImages(page, selector) {
  await page.waitForFunction(
    (sel) => {
      const imgs = [...document.querySelectorAll(`${sel} img`)];
      return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
    },
    selector,
    WAIT,
  );
  return page.$$eval(`${selector} figure.image`, (figures) =>
    figures.map((f) => {
      const img = f.querySelector("img");
      return { id: f.dataset.id, src: img.getAttribute("src"), naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, caption: f.querySelector("figcaption").textContent };
    }),
  );
}

describe("inspector page: a run's images (CODEMODE_MODELS on a local OpenAI-compatible server, CODEMODE_TOKEN set)", () => {
  let rt;
  let browser;
  let origin;
  let models;
  before(async () => {
    models = await startModelServer({ apiKey: "sk-inspector" });
    const declaration = {
      provider: "openai",
      baseUrl: models.url,
      apiKey: "sk-inspector",
      models: [
        { id: "lexicon-chat", task: ["text-generation", "text-classification"] },
        { id: "png-painter", task: "text-to-image" },
      ],
    };
    rt = await startRuntime({ bindings: { CODEMODE_TOKEN: TOKEN, CODEMODE_MODELS: JSON.stringify(declaration) } });
    origin = `http://127.0.0.1:${rt.port}`;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await rt?.dispose();
    await models?.close();
  });

  test("a generated image and a literal one show in the run box and in the run's history entry, each with its type and size", T, async () => {
    const instance = newInstance();
    const page = await openInspector(browser, origin, { instance, token: TOKEN });
    await expectConnected(page, instance);
    const literal = paintPng("a literal badge", { width: 20, height: 10 });
    const run = await runScript(
      page,
      `const [picture] = await models.generateImages({ prompt: "a lighthouse at dusk", width: 96, height: 64 });
image(picture);
image(${JSON.stringify(toBase64(literal))});
text("painted");
return picture.id;`,
    );
    assert.equal(run.status, "completed", await page.textContent("#run-report"));
    assert.match(await page.textContent("#run-report"), /^image 1\/2: images\/\S+ \(image\/png, 96×64\)$/m);

    const generated = paintPng("a lighthouse at dusk", { width: 96, height: 64 });
    const expected = [
      { width: 96, height: 64, caption: `image/png, 96×64, ${generated.length} bytes` },
      { width: 20, height: 10, caption: `image/png, 20×10, ${literal.length} bytes` },
    ];
    const shown = await loadedImages(page, "#run-images");
    assert.deepEqual(shown.map((i) => ({ width: i.naturalWidth, height: i.naturalHeight, caption: i.caption })), expected);
    for (const image of shown) {
      const src = new URL(image.src);
      assert.equal(src.pathname, `/agents/codemode/${instance}/images/${image.id}`);
      assert.equal(src.searchParams.get("token"), TOKEN, "an <img> carries the page's token");
    }
    // The same bytes as the runtime serves them (the page's URL without the token is refused).
    const served = await fetch(shown[0].src);
    assert.equal(served.headers.get("content-type"), "image/png");
    assert.deepEqual(new Uint8Array(await served.arrayBuffer()), generated);
    const bare = new URL(shown[0].src);
    bare.searchParams.delete("token");
    const refused = await fetch(bare);
    assert.equal(refused.status, 401);
    await refused.arrayBuffer();

    // The run's entry in the history: the same two images (read from the stored run's report).
    const row = `${execution(run.executionId)}[data-status="completed"]`;
    await page.waitForSelector(row, WAIT);
    const listed = await loadedImages(page, row);
    assert.deepEqual(
      listed.map((i) => ({ id: i.id, width: i.naturalWidth, height: i.naturalHeight })),
      shown.map((i) => ({ id: i.id, width: i.naturalWidth, height: i.naturalHeight })),
    );
    assert.match(listed[0].caption, /^image\/png, 96×64/);
    assert.deepEqual(browser.errors, []);
    await page.close();
  });
});
