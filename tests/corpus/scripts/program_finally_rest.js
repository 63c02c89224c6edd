// Whole-program findings of the program fuzzer (issue 24), expected values from Node.
const out = {};
// A catch block that throws, then a finally block with its own try/catch: the catch block's error
// still leaves the statement (it was lost, and the script returned undefined).
const log = [];
try {
  try { throw 0; } catch (e) { throw 1; } finally { try { missing; } catch (e) { log.push("inner " + e.name); } }
} catch (e) { log.push("outer " + e); }
function rethrows() {
  try {
    try { throw new Error("first"); } catch (e) { throw new Error("second"); } finally { try { null.x; } catch {} }
  } catch (e) { return e.message; }
  return "lost";
}
log.push(rethrows());
async function awaited() {
  try {
    try { await Promise.reject(0); } catch (e) { await Promise.reject(new Error("again")); } finally { try { throw 5; } catch {} }
  } catch (e) { return e.message; }
  return "lost";
}
log.push(await awaited());
// A generator's return() still runs both finally blocks.
function* g() {
  try { try { yield 1; } catch (e) { throw e; } finally { try { throw 2; } catch {} log.push("finally"); } } finally { log.push("outer finally"); }
}
const it = g();
it.next();
log.push(JSON.stringify(it.return(9)));
out.finallyAfterCatchThrow = log;
// A rest element after the iterator said done does not call next() again.
const steps = [];
const three = { [Symbol.iterator]() { let i = 0; return { next() { steps.push(i); return { value: i * 10, done: i++ >= 1 }; } }; } };
const [first, second, ...rest] = three;
out.restAfterDone = [steps, first, second, rest];
return out;
