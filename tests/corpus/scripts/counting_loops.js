// Counting `for` loops, which the engine closes with one step instruction (count, `i++`, test):
// counters that are not integers (floats, strings, BigInts, objects with valueOf, values past the
// int32 range), bounds that change in the body or convert on every test, `<=`, `++i`, a counter
// changed in the body, continue, break, labels, nested loops, exceptions from a conversion, and
// loops that run zero times.
const out = {};
let s = 0; for (let i = 0; i < 10; i++) s += i; out.basic = s;
s = 0; for (let i = 0; i <= 10; ++i) s += i; out.lessOrEqualPre = s;
s = 0; for (let i = 0.5; i < 5; i++) s += i; out.floatCounter = s;
let log = []; for (let i = "3"; i < 6; i++) log.push(typeof i, i); out.stringCounter = log;
log = []; for (let i = 0n; i < 4n; i++) log.push(String(i)); out.bigintCounter = log;
log = []; for (let i = 0; i < 3n; i++) log.push(i); out.numberAgainstBigInt = log;
log = []; for (let i = 2147483645; i < 2147483650; i++) log.push(i); out.pastInt32 = log;
log = []; for (let i = -3; i <= -1; i++) log.push(i); out.negative = log;
let n = 5; log = []; for (let i = 0; i < n; i++) { log.push(i); if (i === 1) n = 3; } out.boundChanges = log;
log = []; for (let i = 0; i < 10; i++) { log.push(i); i += 2; } out.counterChanges = log;
log = []; for (let i = 0; i < 10; i++) { if (i % 3) continue; log.push(i); } out.continues = log;
log = []; for (let i = 0; i < 10; i++) { if (i === 4) break; log.push(i); } out.breaks = log;
log = [];
outer: for (let i = 0; i < 4; i++) {
  for (let j = 0; j < 4; j++) { if (j > i) continue outer; if (i === 3) break outer; log.push(`${i}${j}`); }
}
out.labels = log;
let tests = 0; const bound = { valueOf() { tests++; return 4; } };
s = 0; for (let i = 0; i < bound; i++) s += i; out.objectBound = [s, tests];
let steps = 0; const counter = { valueOf() { steps++; return 1; } };
log = []; for (let i = counter; i < 3; i++) log.push(typeof i, i); out.objectCounter = [log, steps];
try { for (let i = 0; i < { valueOf() { throw new Error("no bound"); } }; i++); out.throws = "no"; }
catch (e) { out.throws = e.message; }
let caught = [];
for (let i = 0; i < 3; i++) { try { if (i === 1) throw new Error("in body " + i); caught.push(i); } catch (e) { caught.push(e.message); } }
out.caught = caught;
s = 0; for (let i = 0; i < 0; i++) s += 100; out.zero = s;
s = 0; for (let i = 5; i < NaN; i++) s += 1; out.nanBound = s;
s = 0; for (let i = 0; i < "4"; i++) s += 1; out.stringBound = s;
s = 0; for (let i = 0; i < 3.5; i++) s += 1; out.floatBound = s;
s = 0; for (let i = 0; i < Infinity; i++) { if (i > 5) break; s += i; } out.infiniteBound = s;
const fns = []; for (let i = 0; i < 3; i++) fns.push(() => i); out.closures = fns.map((f) => f());
var v = 0; for (var k = 0; k < 4; k++) v += k; out.varCounter = [v, k];
let after; for (after = 0; after < 3; after++); out.outerCounter = after;
function sumTo(m) { let t = 0; for (let i = 1; i <= m; i++) t += i; return t; }
out.inFunction = [sumTo(0), sumTo(1), sumTo(100)];
function* evens(limit) { for (let i = 0; i < limit; i++) if (i % 2 === 0) yield i; }
out.generator = [...evens(9)];
out.async = await (async () => { let t = 0; for (let i = 0; i < 3; i++) t += await Promise.resolve(i); return t; })();
let m = 0; for (let i = 0; i < 3; i++) for (let j = 0; j <= i; j++) m += i * j; out.nested = m;
// Bounds read as `a.length` on every test: arrays that grow or shrink in the body, strings,
// array-likes, getters (counted), typed arrays, arguments, a value that turns into null.
const arr = [1, 2, 3, 4];
s = 0; for (let i = 0; i < arr.length; i++) s += arr[i]; out.arrayLength = s;
log = []; const grow = [1, 2]; for (let i = 0; i < grow.length; i++) { if (grow.length < 5) grow.push(i * 10); log.push(grow[i]); } out.grows = log;
log = []; const shrink = [1, 2, 3, 4, 5, 6]; for (let i = 0; i < shrink.length; i++) { shrink.pop(); log.push(shrink[i]); } out.shrinks = log;
log = []; const text = "héllo"; for (let i = 0; i <= text.length; i++) log.push(text[i] ?? "end"); out.stringLength = log;
log = []; const like = { length: 3, 0: "a", 1: "b", 2: "c" }; for (let i = 0; i < like.length; i++) log.push(like[i]); out.arrayLike = log;
let reads = 0; const getter = { get length() { reads++; return 3; } };
s = 0; for (let i = 0; i < getter.length; i++) s += i; out.getterLength = [s, reads];
s = 0; const typed = new Uint8Array([5, 6, 7]); for (let i = 0; i < typed.length; i++) s += typed[i]; out.typedLength = s;
out.argumentsLength = (function () { let t = 0; for (let i = 0; i < arguments.length; i++) t += arguments[i]; return t; })(1, 2, 3);
let target = [1, 2, 3]; log = [];
try { for (let i = 0; i < target.length; i++) { log.push(i); if (i === 1) target = null; } } catch (e) { log.push(e.constructor.name); }
out.becomesNull = log;
log = []; const sparse = [1, , 3]; sparse.length = 5; for (let i = 0; i < sparse.length; i++) log.push(i in sparse); out.sparse = log;
log = []; const big = []; big[2 ** 31] = 1; let count = 0; for (let i = 2 ** 31 - 3; i < big.length; i++) { if (++count > 5) break; log.push(i); } out.pastInt32Length = log;
s = 0; const rows = [{ v: 1 }, { v: 2 }, { v: 3 }]; for (let i = 0, n = rows.length; i < n; i++) s += rows[i].v; out.cachedLength = s;
s = 0; for (let i = 0; i < rows["length"]; i++) s += rows[i].v; out.bracketLength = s;
out.evalCompletion = [
  eval("for (let i = 0; i < 3; i++) { i * 2 }"),
  eval("5; for (let i = 0; i < 0; i++) { 9 }"),
  eval("7; for (let i = 0; i < 4; i++) { if (i === 2) break; i + 10 }"),
  eval("for (let i = 0; i <= 3; i++) { if (i % 2) continue; i }"),
];
return out;
