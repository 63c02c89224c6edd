// Whole-program findings of the program fuzzer (issue 24), expected values from Node.
const out = {};
// An object key of a compound assignment or update is converted twice (get, then set), as V8 does.
const log = [];
const key = { toString() { log.push("key"); return "q"; } };
const o = { q: 0 };
o[key] += 1;
o[key] ||= 5;
o[key]++;
o[key] = 10;
out.keyConversions = [log.length, o.q];
// 0 divided by a negative integer is -0.
const z = 0, m = -1;
out.negativeZero = [Object.is(z / m, -0), Object.is(0 / -1, -0), Object.is(-0 / 1, -0), Object.is(6 / -3, -2)];
// Writing a let/const before its declaration is a ReferenceError (the temporal dead zone).
const tdz = [];
try { early = 1; } catch (e) { tdz.push(e.name); }
let early = 0;
try { fixed = 1; } catch (e) { tdz.push(e.name); }
const fixed = 0;
function inner() {
  try { later = 2; } catch (e) { tdz.push(e.name); }
  let later = 3;
  return later;
}
tdz.push(inner(), early, fixed);
out.tdz = tdz;
return out;
