// Conversion and iteration order findings of the program fuzzer (issue 24); expected from Node.
const log = [];
const out = {};
// `x ** 2` converts x once.
const x = { [Symbol.toPrimitive](hint) { log.push("x:" + hint); return 3; } };
out.square = x ** 2;
// Template substitutions are converted in order, each before the next is evaluated.
const a = { toString() { log.push("a"); return "A"; } };
out.template = `${a}${log.push("b")}${a}`;
// Destructuring stops stepping an iterator once it said done.
const steps = { [Symbol.iterator]() { let i = 0; return { next() { log.push("next" + i); return { value: i, done: i++ >= 1 }; } }; } };
const [p, q, r] = steps;
out.destructured = [p, q, r];
// A return() that gives a non-object during a labelled continue: a TypeError, caught, and the
// outer loop goes on.
const bad = { [Symbol.iterator]() { return { next() { return { value: 1, done: false }; }, return() { return 1; } }; } };
const rounds = [];
L: for (const k of [1, 2]) { try { for (const y of bad) continue L; } catch (e) { rounds.push(e.name); } rounds.push(k); }
out.rounds = rounds;
out.log = log;
return out;
