// Abrupt exits from loops and destructurings: every iterator closed once, none left behind
// to stand in for an enclosing loop's (issue 24).
const log = [];
const iterable = (name, n = 3) => ({
  [Symbol.iterator]() {
    let i = 0;
    return {
      next() { i++; return { value: i, done: i > n }; },
      return() { log.push(`close ${name}`); return {}; },
    };
  },
});
const out = {};

// A generator that throws in a destructuring inside a for-of inside try (once a panic).
function* throws() { throw new Error("boom"); }
for (const x of [1]) { try { const [a] = throws(); } catch (e) { out.caught = e.message; } }

// A labeled break out of a for-of nested in a while (once an endless loop).
const ks = [];
for (const k of ["a", "b"]) { L: while (true) { for (const x of [1, 2]) break L; } ks.push(k); }
out.labeledBreak = ks.join();

// A throw out of a nested for-in, caught inside the outer for-in (once ended the outer loop).
const ins = [];
for (const k in { a: 1, b: 2 }) { try { for (const j in { x: 1 }) throw 1; } catch (e) {} ins.push(k); }
out.forInThrow = ins.join();

// break out of two for-of loops closes both, inner first.
outer: for (const a of iterable("outer")) { for (const b of iterable("inner")) { break outer; } }
// continue of the outer loop closes the inner one.
let turns = 0;
again: for (const a of iterable("outer2", 2)) { for (const b of iterable("inner2")) { turns++; continue again; } }
out.turns = turns;
// A throw through two for-of loops closes both.
try { for (const a of iterable("t-outer")) { for (const b of iterable("t-inner")) { throw 1; } } } catch (e) {}
// return() of a generator suspended inside a for-of closes the loop's iterator.
function* walk() { for (const x of iterable("gen")) { yield x; } }
const g = walk();
g.next();
out.genReturn = JSON.stringify(g.return(5));
// ... and inside a for-of inside try/finally, the finally runs after the close.
function* walkFinally() { try { for (const x of iterable("gen2")) { yield x; } } finally { log.push("finally"); } }
const g2 = walkFinally();
g2.next();
g2.return(1);
// An iterator whose next() throws is not closed; the loop around it goes on.
const badNext = { [Symbol.iterator]() { return { next() { throw new Error("next"); }, return() { log.push("closed a throwing iterator"); return {}; } }; } };
const rounds = [];
for (const r of [1, 2]) { try { for (const x of badNext) {} } catch (e) { rounds.push(r + e.message); } }
out.rounds = rounds.join();
// Destructuring whose iterator's value getter throws.
const badValue = { [Symbol.iterator]() { return { next() { return { done: false, get value() { throw new Error("value"); } }; }, return() { log.push("closed bad value"); return {}; } }; } };
for (const r of [1, 2]) { try { const [a, b] = badValue; } catch (e) { rounds.push(e.message); } }
out.rounds2 = rounds.join();
// A return() that throws while a break closes the inner loop: the inner loop's own handler
// sees its record, the finally runs, then the outer loop is closed.
const throwingReturn = (n) => ({ [Symbol.iterator]() { return { next() { return { value: 1, done: false }; }, return() { log.push("ret" + n); throw "e" + n; } }; } });
try {
  L1: for (const a of throwingReturn(1)) { try { for (const b of throwingReturn(2)) { break L1; } } finally { log.push("fin"); } }
} catch (e) { log.push("caught " + e); }
out.log = log;
return out;
