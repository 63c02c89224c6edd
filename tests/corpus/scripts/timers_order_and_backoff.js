// Timers as models use them: a sleep helper, retry with backoff, setInterval polling, and the
// order of timers against promise jobs (microtasks first, then timers by due time, then by order
// set).
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = [];
setTimeout(() => log.push("timer 20"), 20);
setTimeout(() => log.push("timer 0 a"), 0);
setTimeout((x) => log.push("timer 0 " + x), 0, "b");
Promise.resolve().then(() => log.push("microtask"));
queueMicrotask(() => log.push("queued microtask"));
const cleared = setTimeout(() => log.push("never"), 5);
clearTimeout(cleared);
let attempts = 0;
async function flaky() {
  attempts++;
  if (attempts < 3) throw new Error("busy");
  return "ok after " + attempts;
}
let result, delay = 10;
for (;;) {
  try { result = await flaky(); break; } catch { await sleep(delay); delay *= 2; }
}
let polls = 0;
await new Promise((resolve) => {
  const id = setInterval(() => { polls++; if (polls === 3) { clearInterval(id); resolve(); } }, 15);
});
await sleep(30);
return { log, result, polls };
