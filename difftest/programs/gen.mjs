// The program generator of the program fuzzer: seeded, grammar-driven, building the AST of
// ast.mjs. A program is the body of a function (it may `return`); it records what it does in a
// trace `T` and returns `[T, <final values of its variables>, <closures' values>]`, so a difference
// in control flow, evaluation order or a value shows up in the comparison.
//
// Swarm generation: each program enables a random subset of the FEATURES below and uses only
// those (besides plain statements and expressions); every node carries the feature that made it,
// so a finding's signature is the set of features its minimal program still needs.
//
// Programs terminate: every loop is bounded (a counter in its condition, or a guard statement the
// shrinker never removes), generators yield finitely, functions only call functions defined before
// them, and no program uses Math.random, the clock, or anything whose answer is not specified.
import { S, E, O, V, B, SL, CL, XL, keep } from "./ast.mjs";

export const FEATURES = [
  "loops", "labels", "breakcont", "trycatch", "functions", "generators", "iterables", "closures",
  "compound", "update", "evalorder", "accessors", "protochange", "destructuring", "spread",
  "switch", "conversions", "async", "classes", "exits",
];

const SMALL = [0, 1, 2, 3, -1, 1, 2];
const WEIRD = [undefined, null, true, false, "", "5", "a", " 2 ", "0x1f", "1e3", -0, NaN, Infinity, 0.5, -1, 2 ** 31, 2 ** 53];
const BIG = [1n, -2n, 0n, 3n];
const BINOPS = ["+", "+", "-", "*", "/", "%", "**", "&", "|", "^", "<<", ">>", ">>>", "==", "===", "!=", "!==", "<", ">", "<=", ">=", "&&", "||", "??"];
const COMPOUND = ["+=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "??=", "??=", "||=", "||=", "&&=", "&&="];
const CATCH = (lbl) => S("trycatch", `T.push(${lbl}, e instanceof Error ? e.name : e);`);

function pickW(r, opts) {
  let total = 0;
  for (const [w] of opts) total += w;
  let x = r.next() * total;
  for (const [w, f] of opts) if ((x -= w) < 0) return f;
  return opts[opts.length - 1][1];
}

/** A scope: what the code being generated may use. Arrays are copied when a block opens. */
function scope0() {
  return {
    vars: [], // assignable variables
    ro: [], // readable only (loop variables, consts)
    objs: [], // {name, refs, keys, tag}: objects whose properties (refs: `o.p`, `A[0]`) are read and written
    fns: [], // {name, arity}: callable, defined before
    iters: [], // iterable expressions' names (user iterables)
    gens: [], // generator function names
    agens: [], // async generator function names
    asyncs: [], // async function names
    loop: false, brk: false, labels: [], fn: "top", gen: false, async: false, cls: null,
    depth: 0, iter: 1, loops: 0,
  };
}
const child = (sc, o = {}) => ({
  ...sc,
  vars: [...sc.vars], ro: [...sc.ro], objs: [...sc.objs], fns: [...sc.fns], iters: [...sc.iters],
  gens: [...sc.gens], agens: [...sc.agens], asyncs: [...sc.asyncs], labels: [...sc.labels],
  depth: sc.depth + 1, ...o,
});
/** The scope of an arrow function's expression body: no `await`, no `yield`. */
const plain = (sc) => ({ ...sc, async: false, gen: false });
/** The scope of a new function body: it sees the variables, not the loops and labels. */
const fnScope = (sc, o = {}) => child(sc, { loop: false, brk: false, labels: [], fn: "fn", gen: false, async: false, ...o });

export class Gen {
  constructor(r, feats) {
    this.r = r;
    this.f = feats;
    this.n = 0;
    this.p = 0;
    this.budget = 0;
  }
  has(f) { return f === "base" || this.f.has(f); }
  id(prefix) { return prefix + ++this.n; }
  lbl() { return `"p${++this.p}"`; }
  small() { return V(this.r.pick(SMALL)); }
  weird() {
    const r = this.r;
    return V(r.chance(0.08) ? r.pick(BIG) : r.pick(WEIRD));
  }
  prim() { return this.r.chance(0.55) ? this.small() : this.weird(); }

  // ---------------------------------------------------------------- expressions
  leaf(sc) {
    const r = this.r;
    const names = [...sc.vars, ...sc.ro];
    if (names.length && r.chance(0.55)) return E("base", r.pick(names));
    if (sc.objs.length && r.chance(0.2)) {
      const o = r.pick(sc.objs);
      return E(o.tag || "base", r.pick(o.refs));
    }
    return this.prim();
  }

  /** An assignable reference: a variable, a property, a private field of the class being made. */
  target(sc) {
    const r = this.r, c = [];
    for (const v of sc.vars) c.push(v, v);
    for (const o of sc.objs) c.push(...o.refs);
    for (const o of sc.objs.slice(0, 2)) c.push(`${o.name}[${JSON.stringify(o.keys[0])}]`);
    if (sc.cls) c.push(...sc.cls.targets);
    // now and then a const or a for-of/for-in variable (a TypeError, or not); never a loop counter
    const ro = sc.ro.filter((v) => !/^i\d/.test(v));
    if (ro.length && r.chance(0.05)) c.push(r.pick(ro));
    return c.length ? r.pick(c) : null;
  }

  expr(sc, d = 0) {
    const r = this.r;
    if (d >= 2 || r.chance(0.3)) return this.leaf(sc);
    const o = [];
    const add = (w, feat, fn) => { if (this.has(feat)) o.push([w, fn]); };
    const sub = () => this.expr(sc, d + 1);
    add(4, "base", () => E("base", "(", sub(), ` ${r.pick(BINOPS)} `, sub(), ")"));
    add(1, "base", () => E("base", "(", r.pick(["-", "+", "!", "~", "typeof ", "void "]), sub(), ")"));
    add(1, "base", () => E("base", "(", sub(), " ? ", sub(), " : ", sub(), ")"));
    add(1, "base", () => E("base", "[", XL(r.arr(r.int(0, 3), sub)), "]"));
    add(1, "base", () => E("base", "`", r.pick(["", "<"]), "${", sub(), "}-${", sub(), "}`"));
    if (sc.fns.length) add(3, "functions", () => { const f = r.pick(sc.fns); return E("functions", `${f.name}(`, XL(r.arr(r.int(0, f.arity), sub)), ")"); });
    add(3, "evalorder", () => E("evalorder", `(T.push(${this.lbl()}), `, sub(), ")"));
    add(1, "evalorder", () => E("evalorder", "(", sub(), ", ", sub(), ")"));
    const t = this.target(sc);
    if (t) {
      add(3, "update", () => E("update", "(", ...(r.chance(0.5) ? [r.pick(["++", "--"]), t] : [t, r.pick(["++", "--"])]), ")"));
      add(3, "compound", () => this.compoundExpr(sc, t, d));
      add(1, "base", () => E("base", `(${t} = `, sub(), ")"));
    }
    add(3, "conversions", () => this.convObj(sc));
    if (sc.async) add(3, "async", () => E("async", "(await ", this.awaitable(sc), ")"));
    if (sc.gen) add(3, "generators", () => E("generators", "(yield ", sub(), ")"));
    add(1, "spread", () => E("spread", "[...", this.iterable(sc), "]"));
    if (sc.objs.length) add(1, "base", () => { const ob = r.pick(sc.objs); return E("base", `${ob.name}?.[`, V(r.pick(ob.keys)), "]"); });
    add(1, "closures", () => E("closures", "(() => ", this.expr(plain(sc), d + 1), ")()"));
    return pickW(r, o)();
  }

  compoundExpr(sc, t, d = 0) {
    const r = this.r;
    const op = r.pick(COMPOUND);
    // exponent and shift amounts small; never x *= x (BigInt growth)
    const rhs = op === "**=" || op.includes("<<") || op.includes(">>") || op === "*=" ? this.small() : this.expr(sc, d + 1);
    return E("compound", `(${t} ${op} `, rhs, ")");
  }

  /** An object with a conversion method (valueOf, toString, Symbol.toPrimitive), logging or throwing. */
  convObj(sc) {
    const r = this.r, l = this.lbl();
    const v = this.prim();
    switch (r.int(0, 6)) {
      case 0: return E("conversions", "({ valueOf() { ", O("conversions", `T.push(${l}); `), "return ", v, "; } })");
      case 1: return E("conversions", "({ toString() { ", O("conversions", `T.push(${l}); `), "return ", V(r.pick(["7", "x", ""])), "; } })");
      case 2: return E("conversions", "({ [Symbol.toPrimitive](h) { ", O("conversions", `T.push(${l}, h); `), "return ", v, "; } })");
      case 3: return E("conversions", `({ valueOf() { throw ${l}; } })`);
      case 4: return E("conversions", "({ valueOf() { return {}; }, toString() { ", O("conversions", `T.push(${l}); `), "return ", V("3"), "; } })");
      case 5: return E("conversions", `({ toString() { throw ${l}; }, valueOf() { return `, v, "; } })");
      default: return E("conversions", "({ valueOf: null, toString() { return ", V("4"), "; } })");
    }
  }

  /** Something to iterate: an array, a string, a Set or Map, a user iterable, a generator. */
  iterable(sc, loop = false) {
    const r = this.r, o = [];
    const add = (w, feat, fn) => { if (this.has(feat)) o.push([w, fn]); };
    add(4, "base", () => E("base", "[", XL(r.arr(r.int(1, 3), () => this.expr(sc, 1)), 1), "]"));
    add(1, "base", () => V(r.pick(["ab", "x", "\ud83d\ude00y"])));
    // (not for a loop: its body may grow the array)
    if (!loop && sc.objs.some((o) => o.name === "A")) add(1, "base", () => E("base", "A"));
    add(1, "base", () => E("base", "new Set([", XL(r.arr(r.int(1, 3), () => this.small())), "])"));
    add(1, "base", () => E("base", "new Map([[", this.small(), ", ", this.prim(), "]])"));
    add(1, "base", () => E("base", "Object.entries({ a: ", this.small(), ", b: ", this.prim(), " })"));
    if (sc.iters.length) add(6, "iterables", () => E("iterables", r.pick(sc.iters)));
    if (sc.gens.length) add(6, "generators", () => E("generators", `${r.pick(sc.gens)}(`, XL(r.chance(0.5) ? [this.small()] : []), ")"));
    return pickW(r, o)();
  }

  /** Something to await. */
  awaitable(sc) {
    const r = this.r, o = [];
    const l = this.lbl();
    o.push([2, () => this.expr(sc, 1)]);
    o.push([2, () => E("async", "Promise.resolve(", this.prim(), ")")]);
    o.push([1, () => E("async", "Promise.reject(", this.small(), ")")]);
    o.push([2, () => E("async", "{ then(res) { ", O("async", `T.push(${l}); `), "res(", this.small(), "); } }")]);
    o.push([1, () => E("async", "new Promise((res) => { ", O("async", `T.push(${l}); `), "res(", this.small(), "); })")]);
    if (sc.asyncs.length) o.push([3, () => E("async", `${r.pick(sc.asyncs)}()`)]);
    return pickW(r, o)();
  }

  // ---------------------------------------------------------------- statements
  block(sc, lo = 1, hi = 3, o = {}) {
    const s = child(sc, o);
    return B(this.stmts(s, this.r.int(lo, hi)));
  }
  stmts(sc, n) {
    const out = [];
    for (let i = 0; i < n && this.budget > 0; i++) out.push(...[this.stmt(sc)].flat());
    return out;
  }
  label(sc, loop) {
    if (!this.has("labels") || !this.r.chance(0.45)) return null;
    return { name: this.id("L"), loop };
  }
  labelPart(L) { return L ? O("labels", `${L.name}: `) : ""; }

  stmt(sc) {
    this.budget--;
    const r = this.r, o = [];
    const add = (w, feat, fn) => { if (this.has(feat)) o.push([w, fn]); };
    const deep = sc.depth < 4;
    const l = () => this.lbl();
    add(4, "base", () => S("base", `T.push(${l()}, `, this.expr(sc), ");"));
    const t = this.target(sc);
    if (t) add(2, "base", () => S("base", `${t} = `, this.expr(sc), ";"));
    add(1, "base", () => this.sLet(sc));
    if (deep) add(2, "base", () => S("base", "if (", this.expr(sc), ") ", this.block(sc), r.chance(0.4) ? O("base", " else ", this.block(sc)) : ""));
    if (deep) add(1, "base", () => this.sBlock(sc));
    if (deep && sc.iter <= 3) {
      for (const k of ["for", "while", "do", "forin", "forof", "forof", "whiletrue"]) add(k === "forof" ? 2 : 1.5, "loops", () => this.sLoop(sc, k));
    }
    if (deep && this.has("labels")) add(1, "labels", () => this.sLabelBlock(sc));
    if (sc.loop || sc.brk) add(3, "breakcont", () => this.sJump(sc, false));
    if (sc.labels.length) add(3, "labels", () => this.sJump(sc, true));
    if (deep) add(3, "trycatch", () => this.sTry(sc));
    add(1, "trycatch", () => S("trycatch", ...(r.chance(0.6) ? ["if (", this.expr(sc, 1), ") "] : []), "throw ", r.chance(0.7) ? V(`t${this.p}`) : E("trycatch", `new ${r.pick(["Error", "TypeError", "RangeError"])}("x")`), ";"));
    if (sc.fn === "fn") add(2, "functions", () => S("functions", "return ", this.expr(sc), ";"));
    if (sc.fn === "top" && this.finals) add(0.5, "functions", () => S("functions", "return [T, ", this.finals, "];"));
    if (sc.depth < 3 && sc.fns.length < 4) add(2, "functions", () => this.sFunction(sc));
    if (sc.fns.length) add(2, "functions", () => { const f = r.pick(sc.fns); return S("functions", `T.push(${l()}, ${f.name}(`, XL(r.arr(f.arity, () => this.expr(sc, 1))), "));"); });
    if (sc.gen) {
      add(4, "generators", () => S("generators", "yield ", this.expr(sc, 1), ";"));
      add(2, "generators", () => S("generators", `T.push(${l()}, yield `, this.expr(sc, 1), ");"));
      add(1, "generators", () => S("generators", "yield* ", this.iterable(sc), ";"));
    }
    if (sc.depth < 3 && sc.gens.length < 3) add(2, "generators", () => this.sGenerator(sc));
    if (sc.gens.length) add(3, "generators", () => this.sGenUse(sc));
    if (sc.iters.length < 3) add(2, "iterables", () => this.sIterable(sc));
    if (sc.iters.length || sc.gens.length) add(2, "iterables", () => this.sIterUse(sc));
    add(2, "closures", () => S("closures", "F.push(() => ", this.expr(plain(sc), 1), ");"));
    if (deep && sc.iter <= 3) add(1, "closures", () => this.sClosureLoop(sc));
    if (t) {
      add(4, "compound", () => S("compound", `T.push(${l()}, `, this.compoundExpr(sc, t), `, ${t});`));
      add(2, "compound", () => S("compound", this.compoundExpr(sc, t), ";"));
      add(1, "compound", () => { const t2 = this.target(sc); return S("compound", `${t2} = `, this.compoundExpr(sc, t), ";"); });
      add(4, "update", () => this.sUpdate(sc, t));
      add(3, "evalorder", () => this.sEvalOrder(sc, t));
    }
    add(2, "accessors", () => this.sAccessorObj(sc));
    if (sc.fn === "top" && sc.depth <= 1) add(2, "protochange", () => this.sProtoChange(sc));
    add(3, "destructuring", () => this.sDestructure(sc));
    add(2, "spread", () => this.sSpread(sc));
    if (deep) add(2, "switch", () => this.sSwitch(sc));
    add(2, "conversions", () => S("conversions", `T.push(${l()}, `, this.convUse(sc), ");"));
    if (sc.async) {
      add(3, "async", () => S("async", `T.push(${l()}, await `, this.awaitable(sc), ");"));
      add(1, "async", () => S("async", "await ", this.awaitable(sc), ";"));
      if (deep && sc.iter <= 3) add(1, "async", () => this.sForAwait(sc));
    }
    if (sc.depth < 3 && sc.asyncs.length < 3) add(1.5, "async", () => this.sAsyncFn(sc));
    if (sc.asyncs.length) add(2, "async", () => this.sAsyncUse(sc));
    if (sc.depth < 2 && !sc.cls) add(1.5, "classes", () => this.sClass(sc));
    if (sc.depth < 3 && sc.iter <= 3) add(4, "exits", () => this.sExits(sc));
    return pickW(r, o)();
  }

  sLet(sc) {
    const r = this.r, kw = r.pick(["let", "let", "const", "var"]), v = this.id("v");
    const s = S("base", `${kw} ${v} = `, this.expr(sc), ";");
    (kw === "const" ? sc.ro : sc.vars).push(v);
    return s;
  }
  sBlock(sc) {
    const s = child(sc);
    if (this.has("trycatch") && this.r.chance(0.2)) { // a read in the temporal dead zone
      const v = this.id("v"), l = this.lbl();
      const read = this.r.pick([`T.push(${l}, ${v});`, `T.push(${l}, typeof ${v});`, `${v} = 1;`, `T.push(${l}, (() => ${v})());`]);
      return S("trycatch", B([S("trycatch", "try ", B([S("trycatch", read)]), " catch (e) ", B([CATCH(this.lbl())])), S("trycatch", `${this.r.pick(["let", "const"])} ${v} = `, this.small(), ";"), S("trycatch", `T.push(${this.lbl()}, ${v});`)]));
    }
    const first = this.sLet(s);
    return S("base", B([first, ...this.stmts(s, this.r.int(1, 3))]));
  }

  sLoop(sc, kind) {
    const r = this.r;
    const L = this.label(sc, true);
    const n = r.int(1, 3);
    const inner = (o = {}) => child(sc, { loop: true, brk: true, labels: L ? [...sc.labels, L] : sc.labels, iter: sc.iter * n, loops: sc.loops + 1, ...o });
    const body = (s, extra = []) => B([...extra, ...this.stmts(s, r.int(1, 3))]);
    switch (kind) {
      case "for": {
        const i = this.id("i"), kw = r.pick(["let", "let", "var"]);
        const s = inner();
        s.ro.push(i);
        return S("loops", this.labelPart(L), `for (${kw} ${i} = 0; ${i} < ${n}; ${i}++) `, body(s));
      }
      case "while": {
        const g = this.id("g"), s = inner();
        return S("loops", `let ${g} = 0; `, this.labelPart(L), `while (${g}++ < ${n}`, r.chance(0.4) ? O("loops", " && ", this.expr(sc, 1)) : "", ") ", body(s));
      }
      case "whiletrue": {
        const g = this.id("g"), s = inner();
        const guard = keep(S("loops", `if (${g}++ >= ${n}) break;`));
        if (r.chance(0.5)) return S("loops", `let ${g} = 0; `, this.labelPart(L), "while (true) ", body(s, [guard]));
        return S("loops", `let ${g} = 0; `, this.labelPart(L), "for (;;) ", body(s, [guard]));
      }
      case "do": {
        const g = this.id("g"), s = inner();
        return S("loops", `let ${g} = 0; `, this.labelPart(L), "do ", body(s), ` while (++${g} < ${n});`);
      }
      case "forin": {
        const k = this.id("k"), s = inner();
        const objs = [
          () => E("base", "{ b: ", this.small(), ", a: ", this.prim(), ", 1: ", this.small(), " }"),
          () => E("base", "[", XL([this.small(), this.prim()]), "]"),
          () => V("xy"),
          () => E("base", "Object.create({ z: 1 }, { y: { value: 2, enumerable: true } })"),
        ];
        const bind = r.chance(0.15) && sc.vars.length ? r.pick(sc.vars) : `${r.pick(["const", "let", "var"])} ${k}`;
        if (bind.endsWith(k)) s.ro.push(k);
        if (r.chance(0.2)) {
          const o = this.id("o");
          return S("loops", `const ${o} = { a: 1, b: 2, c: 3 }; `, this.labelPart(L), `for (${bind} in ${o}) `, body(s, [S("loops", `delete ${o}.b;`)]));
        }
        return S("loops", this.labelPart(L), `for (${bind} in `, r.pick(objs)(), ") ", body(s));
      }
      default: { // for-of
        const x = this.id("x"), s = inner();
        let bind;
        const c = r.int(0, 9);
        if (c < 5) { bind = `${r.pick(["const", "let", "var"])} ${x}`; s.ro.push(x); }
        else if (c < 7 && this.has("destructuring")) { const y = this.id("y"); bind = `const [${x}, ${y} = 5]`; s.ro.push(x, y); }
        else if (c < 8 && this.has("destructuring")) { bind = `const { length: ${x} }`; s.ro.push(x); }
        else if (sc.vars.length) bind = r.pick(sc.vars);
        else { bind = `const ${x}`; s.ro.push(x); }
        return S("loops", this.labelPart(L), `for (${bind} of `, this.iterable(sc, true), ") ", body(s));
      }
    }
  }

  /** A source for the loops of sExits: a logging iterable (declared first when there is none), a
   * generator, an array, an object for for-in. */
  exitSource(sc, pre) {
    const r = this.r;
    const k = r.int(0, 5);
    if (k <= 1) {
      if (!sc.iters.length || r.chance(0.3)) pre.push(this.sIterable(sc));
      return { kw: "of", src: E("exits", r.pick(sc.iters)) };
    }
    if (k === 2 && sc.gens.length) return { kw: "of", src: E("exits", `${r.pick(sc.gens)}()`) };
    if (k === 3) return { kw: "in", src: E("exits", "{ a: 1, b: 2 }") };
    return { kw: "of", src: E("exits", "[", XL([this.small(), this.small()]), "]") };
  }

  /** Nested loops of every kind left in every way (break, continue, labelled, throw, return), with
   * try/catch/finally around the inner loop or the exit: what closes iterators and unwinds. */
  sExits(sc) {
    const r = this.r, l = () => this.lbl(), pre = [];
    switch (r.int(0, 3)) {
      case 0: case 1: {
        const Lo = { name: this.id("L"), loop: true };
        const xo = this.id("x"), xi = this.id("x"), n = r.int(2, 3);
        let outerHead;
        const ok = r.int(0, 3);
        const o = ok === 0 ? null : this.exitSource(sc, pre);
        if (ok === 0) outerHead = [`for (let ${xo} = 0; ${xo} < ${n}; ${xo}++) `];
        else outerHead = [`for (const ${xo} ${o.kw} `, o.src, ") "];
        const ik = r.int(0, 3);
        const exits = ["break;", "continue;", `break ${Lo.name};`, `continue ${Lo.name};`, `throw ${l()};`];
        if (sc.fn === "fn") exits.push("return 1;");
        if (sc.fn === "top" && this.finals) exits.push("return [T, \"ret\"];");
        const exit = r.pick(exits);
        const g = this.id("g");
        let exitStmt = S("exits", ...(r.chance(0.6) ? ["if (", r.chance(0.5) ? E("exits", xi) : this.expr(sc, 1), ") "] : []), exit);
        if (r.chance(0.35)) exitStmt = S("exits", "try ", B([exitStmt]), " finally ", B([S("exits", `T.push(${l()});`), ...(r.chance(0.2) ? [S("exits", r.pick(["break;", "continue;", `continue ${Lo.name};`]))] : [])]));
        const innerBody = B([S("exits", `T.push(${l()}, ${xo}, ${xi});`), exitStmt]);
        let inner;
        if (ik === 0) inner = S("exits", `let ${g} = 0; `, "while (true) ", B([keep(S("exits", `if (${g}++ >= 2) break;`)), S("exits", `const ${xi} = ${g};`), ...innerBody.items]));
        else { const i = this.exitSource(sc, pre); inner = S("exits", `for (const ${xi} ${i.kw} `, i.src, ") ", innerBody); }
        if (r.chance(0.4)) inner = S("exits", "try ", B([inner]), r.chance(0.6) ? O("exits", " catch (e) ", B([CATCH(l())])) : "", " finally ", B([S("exits", `T.push(${l()});`)]));
        const outer = S("exits", O("exits", `${Lo.name}: `), ...outerHead, B([inner, S("exits", `T.push(${l()}, ${xo});`)]));
        const wrapped = exit.startsWith("throw") ? S("exits", "try ", B([outer]), " catch (e) ", B([CATCH(l())])) : outer;
        return [...pre, wrapped];
      }
      case 2: { // a generator suspended inside a loop or a try, then resumed, returned or thrown into
        const gn = this.id("g"), it = this.id("it"), x = this.id("x");
        const src = this.exitSource(sc, pre);
        let loop = S("exits", `for (const ${x} ${src.kw} `, src.src, ") ", B([S("exits", `T.push(${l()}, ${x});`), S("exits", "yield ", E("exits", x), ";")]));
        if (r.chance(0.4)) loop = S("exits", "try ", B([loop]), " finally ", B([S("exits", `T.push(${l()});`), ...(r.chance(0.3) ? [S("exits", "yield ", this.small(), ";")] : [])]));
        const steps = [];
        for (let k = r.int(2, 4); k > 0; k--) {
          const m = r.pick(["next", "next", "return", "throw"]);
          const call = S("exits", `T.push(${l()}, ${it}.${m}(`, this.small(), "));");
          steps.push(m === "throw" ? S("exits", "try ", B([call]), " catch (e) ", B([CATCH(l())])) : call);
        }
        return [...pre, S("exits", `function* ${gn}() `, B([loop, S("exits", `T.push(${l()});`)])), S("exits", `const ${it} = ${gn}();`), ...steps];
      }
      default: { // destructuring from a generator or an iterator that throws, in a loop
        const gn = this.id("g"), a = this.id("v"), b = this.id("v");
        const body = r.pick([[S("exits", "throw ", this.small(), ";")], [S("exits", "yield ", this.small(), ";"), S("exits", "throw ", this.small(), ";")],
          [S("exits", "yield ", this.small(), ";")], [S("exits", "try ", B([S("exits", "yield ", this.small(), ";"), S("exits", "yield ", this.small(), ";")]), " finally ", B([S("exits", `T.push(${l()});`)]))]]);
        const pat = r.pick([`[${a}]`, `[${a}, ${b}]`, `[, ${a}]`, `[${a}, ...${b}]`]);
        const x = this.id("x");
        return [S("exits", `function* ${gn}() `, B(body)),
          S("exits", `for (const ${x} of [1, 2]) `, B([S("exits", "try ", B([S("exits", `const ${pat} = ${gn}();`), S("exits", `T.push(${l()}, ${x});`)]), " catch (e) ", B([CATCH(l())]))]))];
      }
    }
  }

  sLabelBlock(sc) {
    const L = { name: this.id("L"), loop: false };
    const s = child(sc, { labels: [...sc.labels, L] });
    return S("labels", `${L.name}: `, B(this.stmts(s, this.r.int(1, 3))));
  }

  sJump(sc, labelled) {
    const r = this.r, o = [];
    if (!labelled && sc.loop) o.push("break;", "continue;");
    else if (!labelled && sc.brk) o.push("break;");
    if (labelled) for (const L of sc.labels) { o.push(`break ${L.name};`); if (L.loop) o.push(`continue ${L.name};`); }
    if (!o.length) return S("base", `T.push(${this.lbl()});`);
    const j = r.pick(o);
    const tag = j.includes(" L") ? "labels" : "breakcont";
    if (r.chance(0.6)) return S(tag, "if (", this.expr(sc, 1), `) ${j}`);
    return S(tag, j);
  }

  sTry(sc) {
    const r = this.r;
    const k = r.int(0, 2); // 0: catch, 1: finally, 2: both
    const parts = ["try ", this.block(sc)];
    if (k !== 1) {
      const s = child(sc);
      const bind = r.chance(0.85) ? " (e)" : "";
      parts.push(O("trycatch", ` catch${bind} `, B([...(bind ? [CATCH(this.lbl())] : []), ...this.stmts(s, r.int(0, 2))])));
    }
    if (k !== 0) parts.push(O("trycatch", " finally ", this.block(sc, 1, 2)));
    return S("trycatch", ...parts);
  }

  sFunction(sc) {
    const r = this.r, f = this.id("f"), arity = r.int(0, 2);
    const params = r.arr(arity, () => this.id("a"));
    const s = fnScope(sc, { iter: Math.min(sc.iter * 3, 9) });
    s.vars.push(...params);
    const kind = r.int(0, 3);
    let pstr = params.join(", ");
    if (this.has("destructuring") && arity && r.chance(0.3)) {
      const d = this.id("d");
      pstr = `${params[0]}, [${d} = ${params[0]}] = []`;
      s.ro.push(d);
    }
    const extra = [];
    if (arity && r.chance(0.3)) {
      switch (r.int(0, 3)) {
        case 0: pstr += `, g = () => ${params[0]}`; extra.push(S("functions", `var ${params[0]} = `, this.small(), ";"), S("functions", `T.push(${this.lbl()}, ${params[0]}, g());`)); break;
        case 1: if (kind !== 0 && pstr === params.join(", ")) extra.push(S("functions", "arguments[0] = ", this.small(), ";"), S("functions", `T.push(${this.lbl()}, ${params[0]}, arguments.length);`)); break;
        case 2: pstr += `, ...rest`; extra.push(S("functions", `T.push(${this.lbl()}, rest);`)); break;
        default: pstr += `, z = ${params[0]}++`; extra.push(S("functions", `T.push(${this.lbl()}, ${params[0]}, z);`));
      }
    }
    const body = B([...extra, ...this.stmts(s, r.int(1, 3)), S("functions", "return ", this.expr(s, 1), ";")]);
    sc.fns.push({ name: f, arity });
    if (kind === 0) return S("functions", `const ${f} = (${pstr}) => `, body, ";");
    return S("functions", `function ${f}(${pstr}) `, body);
  }

  sGenerator(sc) {
    const r = this.r, g = this.id("g");
    const s = fnScope(sc, { gen: true, iter: Math.min(sc.iter * 3, 9) });
    const l = this.lbl();
    const body = [O("generators", `T.push(${l});`), ...this.stmts(s, r.int(1, 3))];
    if (r.chance(0.8)) body.splice(r.int(1, body.length), 0, S("generators", "yield ", this.small(), ";"));
    if (r.chance(0.4)) body.push(S("generators", "try ", B([S("generators", "yield ", this.small(), ";")]), " finally ", B([S("generators", `T.push(${this.lbl()});`), ...(r.chance(0.3) ? [S("generators", "yield ", this.small(), ";")] : [])])));
    if (r.chance(0.5)) body.push(S("generators", "return ", this.small(), ";"));
    sc.gens.push(g);
    return S("generators", `function* ${g}(a) `, B(body));
  }

  sGenUse(sc) {
    const r = this.r, g = r.pick(sc.gens), it = this.id("it");
    const l = () => this.lbl();
    const steps = [];
    for (let i = r.int(1, 4); i > 0; i--) {
      const m = r.pick(["next", "next", "return", "throw"]);
      const call = S("generators", `T.push(${l()}, ${it}.${m}(`, this.small(), "));");
      steps.push(m === "throw" ? S("generators", "try ", B([call]), " catch (e) ", B([CATCH(l())])) : call);
    }
    return [S("generators", `const ${it} = ${g}();`), ...steps];
  }

  sIterable(sc) {
    const r = this.r, it = this.id("it"), n = r.int(1, 3);
    const l = () => this.lbl();
    const ret = r.pick([["return {};"], ["return {};"], ["return 1;"], [`throw ${l()};`]]);
    const next = [O("iterables", `T.push(${l()}, i); `)];
    if (r.chance(0.15)) next.push(O("iterables", `if (i === 1) throw ${l()}; `));
    const result = r.chance(0.25)
      ? [`const d = i++ >= ${n}; return { get done() { `, O("iterables", `T.push(${l()}, d); `), "return d; }, get value() { ", O("iterables", `T.push(${l()}); `), "return i; } }; }"]
      : r.chance(0.1) ? [`if (i++ === ${n}) return `, V(r.pick([1, null, "x"])), `; return { value: i, done: i > ${n} }; }`]
      : [`return { value: i * 10, done: i++ >= ${n} }; }`];
    const parts = [`const ${it} = { [Symbol.iterator]() { `, O("iterables", `T.push(${l()}); `), "let i = 0; return { next() { ", ...next, ...result];
    if (r.chance(0.85)) parts.push(O("iterables", ", return() { ", O("iterables", `T.push(${l()}); `), ...ret, " }"));
    if (r.chance(0.2)) parts.push(O("iterables", `, throw(v) { T.push(${l()}, v); return { done: true, value: v }; }`));
    parts.push(" }; } };");
    sc.iters.push(it);
    return S("iterables", ...parts);
  }

  sIterUse(sc) {
    const r = this.r, l = () => this.lbl();
    const src = this.iterable(sc);
    switch (r.int(0, 4)) {
      case 0: { // early exit from for-of
        const x = this.id("x");
        const exit = r.pick(["break;", `throw ${l()};`, "continue;"]);
        const loop = S("iterables", `for (const ${x} of `, src, ") ", B([S("iterables", `T.push(${l()}, ${x});`), S("iterables", `if (${x} >= `, this.small(), `) ${exit}`)]));
        return exit.startsWith("throw") ? S("iterables", "try ", B([loop]), " catch (e) ", B([CATCH(l())])) : loop;
      }
      case 1: { // destructuring from an iterator
        const a = this.id("v"), b = this.id("v");
        sc.ro.push(a, b);
        return S("iterables", `const [${a}, `, O("iterables", `${b} = (T.push(${l()}), 7)`), "] = ", src, ";");
      }
      case 2: return S("iterables", `T.push(${l()}, Array.from(`, src, "));");
      case 3: { // nested, labelled exit
        const x = this.id("x"), y = this.id("x"), L = this.id("L");
        return S("iterables", `${L}: for (const ${x} of `, src, ") ", B([S("iterables", `for (const ${y} of `, this.iterable(sc), ") ", B([S("iterables", `T.push(${l()}, ${x}, ${y});`), S("iterables", r.pick([`break ${L};`, `continue ${L};`, "break;"]))]))]));
      }
      default: return S("iterables", `T.push(${l()}, [...`, src, "]);");
    }
  }

  sClosureLoop(sc) {
    const r = this.r, i = this.id("i"), n = r.int(1, 3);
    switch (r.int(0, 4)) {
      case 0: return S("closures", `for (${r.pick(["let", "var"])} ${i} = 0; ${i} < ${n}; ${i}++) `, B([S("closures", `F.push(() => ${i});`)]));
      case 1: return S("closures", `for (let ${i} = 0, f = () => ${i}; ${i} < ${n}; ${i}++) `, B([S("closures", `F.push(f, () => ${i});`)]));
      case 2: return S("closures", `for (let ${i} = 0; ${i} < ${n}; ${i}++) `, B([S("closures", `F.push(() => ${i});`), O("closures", `${i}++;`)]));
      case 3: { const x = this.id("x"); return S("closures", `for (${r.pick(["const", "let", "var"])} ${x} of `, this.iterable(plain(sc)), ") ", B([S("closures", `F.push(() => ${x});`)])); }
      default: {
        const c = this.id("c");
        return S("closures", `for (let ${i} = 0; ${i} < ${n}; ${i}++) `, B([S("closures", `let ${c} = ${i}; `), S("closures", `F.push(() => ${c}++ + ${i});`)]));
      }
    }
  }

  sUpdate(sc, t) {
    const r = this.r, l = this.lbl();
    const ops = r.arr(r.int(1, 3), () => r.pick([`${t}++`, `${t}--`, `++${t}`, `--${t}`]));
    const pre = r.chance(0.6) ? [S("update", `${t} = `, r.chance(0.7) ? this.weird() : this.convObj(sc), ";")] : [];
    return [...pre, S("update", `T.push(${l}, `, XL(ops.map((x) => E("update", x))), `, ${t});`)];
  }

  sEvalOrder(sc, t) {
    const r = this.r, l = this.lbl();
    const x = () => this.expr(sc, 1);
    switch (r.int(0, 7)) {
      case 0: return S("evalorder", `T.push(${l}, ${t} * (${t}++, `, this.small(), "));");
      case 1: return S("evalorder", `T.push(${l}, ${t} + (${t} = `, x(), "));");
      case 2: return S("evalorder", `T.push(${l}, (${t} = `, x(), `) + ${t});`);
      case 3: return S("evalorder", `${t} ${r.pick(["+=", "-=", "**=", "||=", "??="])} (${t} = `, this.small(), ");");
      case 4: return S("evalorder", `T.push(${l}, [${t}, ${t}++, ${t}, `, E("evalorder", `(${t} = `, x(), ")"), `, ${t}]);`);
      case 5: {
        if (!sc.objs.length) return S("evalorder", `T.push(${l}, ${t} - (${t} = `, x(), "));");
        const o = r.pick(sc.objs), p = JSON.stringify(r.pick(o.keys));
        const key = r.chance(0.5) ? `(T.push(${this.lbl()}), ${p})` : `{ toString() { T.push(${this.lbl()}); return ${p}; } }`;
        if (r.chance(0.3)) return S("evalorder", `[${o.name}[${key}]] = [(T.push(${this.lbl()}), `, x(), ")];");
        return S("evalorder", `${o.name}[${key}] ${r.pick(["=", "+=", "??=", "||=", "-="])} (T.push(${this.lbl()}), `, x(), ");");
      }
      case 6: return S("evalorder", `T.push(${l}, ${t} ** (${t} = `, this.small(), `), ${t} < (${t} = `, x(), "));");
      default: {
        if (!sc.fns.length) return S("evalorder", `T.push(${l}, (T.push(${this.lbl()}), ${t}) + (T.push(${this.lbl()}), `, x(), "));");
        const f = r.pick(sc.fns);
        return S("evalorder", `T.push(${l}, ${f.name}(${t}, ${t}++, ${t}));`);
      }
    }
  }

  sAccessorObj(sc) {
    const r = this.r, o = this.id("o");
    const lg = this.lbl(), ls = this.lbl();
    const v = this.prim();
    const setter = r.chance(0.85) ? O("accessors", ", set p(v) { ", O("accessors", `T.push(${ls}, v); `), "this._v = v; }") : "";
    sc.objs.push({ name: o, refs: [`${o}.p`], keys: ["p"], tag: "accessors" });
    return S("accessors", `const ${o} = { _v: `, v, ", get p() { ", O("accessors", `T.push(${lg}); `), "return this._v; }", setter, " };");
  }

  sProtoChange(sc) {
    const r = this.r, pr = this.id("pr"), ob = this.id("ob"), rd = this.id("rd"), l = () => this.lbl();
    const out = [];
    const pv = this.small();
    switch (r.int(0, 3)) {
      case 0: out.push(S("protochange", `const ${pr} = { p: `, pv, " };"), S("protochange", `const ${ob} = Object.create(${pr});`)); break;
      case 1: out.push(S("protochange", `const ${pr} = { p: `, pv, " };"), S("protochange", `const ${ob} = { __proto__: ${pr}, q: 1 };`)); break;
      case 2: out.push(S("protochange", `class ${pr} { get p() { return `, pv, "; } }"), S("protochange", `const ${ob} = new ${pr}();`)); break;
      default: out.push(S("protochange", `const ${pr} = { p: `, pv, " };"), S("protochange", `const ${ob} = Object.create(Object.create(${pr}));`));
    }
    const P = out[0].p[0].startsWith("class") ? `${pr}.prototype` : pr;
    const op = r.pick([
      ["o.p", false], ["o.p", false], ['o["p"]', false], ["o.p = v", true], ["o.p += v", true], ["o.p++", true],
      ['"p" in o', false], ["o?.p", false], ["(({ p: v } = o), v)", false],
    ]);
    out.push(S("protochange", `function ${rd}(o, v) { return ${op[0]}; }`));
    const n = r.int(1, 3);
    out.push(S("protochange", `for (let i = 0; i < ${n}; i++) T.push(${l()}, ${rd}(${ob}, i));`));
    const muts = [
      `Object.defineProperty(${P}, "p", { get() { return "x"; }, configurable: true });`,
      `Object.defineProperty(${P}, "p", { value: 7, writable: false });`,
      `Object.defineProperty(${P}, "p", { set(v) { T.push("set", v); }, configurable: true });`,
      `Object.setPrototypeOf(${ob}, { p: "y" });`,
      `Object.setPrototypeOf(${ob}, null);`,
      `delete ${P}.p;`,
      `${P}.p = 8;`,
      `${ob}.p = 9;`,
      `Object.defineProperty(${ob}, "p", { get() { return "g"; }, configurable: true });`,
      `Object.freeze(${P});`,
      `Object.preventExtensions(${ob});`,
    ];
    for (let k = r.int(1, 2); k > 0; k--) out.push(S("protochange", r.pick(muts)));
    out.push(S("protochange", `for (let i = 0; i < ${r.int(1, 2)}; i++) T.push(${l()}, ${rd}(${ob}, i));`));
    out.push(O("protochange", `T.push(${l()}, ${ob}.p, Object.keys(${ob}));`));
    return out.map((x) => (x.t === "O" ? S("protochange", x) : x));
  }

  /** A pattern element: a binding with an optional default. */
  pElem(sc, names, name) {
    const n = name || this.id("v");
    names.push(n);
    return this.r.chance(0.45) ? S("destructuring", n, O("destructuring", " = ", this.expr(sc, 1))) : S("destructuring", n);
  }
  sDestructure(sc) {
    const r = this.r, names = [];
    const src = () => this.iterable(sc);
    switch (r.int(0, 5)) {
      case 0: { // array pattern with hole, default, rest
        const els = [this.pElem(sc, names)];
        if (r.chance(0.3)) els.push(S("destructuring", ""));
        els.push(this.pElem(sc, names));
        if (r.chance(0.3)) { const z = this.id("v"); names.push(z); els.push(S("destructuring", `...${z}`)); }
        const kw = r.pick(["const", "let", "var"]);
        const s = S("destructuring", `${kw} [`, XL(els), "] = ", src(), ";");
        (kw === "const" ? sc.ro : sc.vars).push(...names);
        return s;
      }
      case 1: { // object pattern with defaults, nested, rest
        const a = this.id("v"), b = this.id("v"), c = this.id("v");
        const els = [S("destructuring", `p: ${a}`, O("destructuring", " = ", this.expr(sc, 1))), S("destructuring", `q: [${b} = `, this.small(), "] = []")];
        const rest = r.chance(0.4);
        if (rest) els.push(S("destructuring", `...${c}`));
        const srcObj = E("destructuring", "{ p: ", this.prim(), ", r: ", this.prim(), r.chance(0.5) ? ", q: [undefined]" : "", " }");
        const src = r.chance(0.8) ? srcObj : this.expr(sc, 1);
        sc.ro.push(a, b, ...(rest ? [c] : []));
        return S("destructuring", "const { ", XL(els), " } = ", src, ";");
      }
      case 2: { // assignment pattern to existing targets: swap
        if (sc.vars.length < 2) return S("destructuring", `T.push(${this.lbl()}, (([a, b = 2]) => [a, b])(`, src(), "));");
        const [x, y] = [r.pick(sc.vars), r.pick(sc.vars)];
        return S("destructuring", `[${x}, ${y}] = [${y}, ${x}];`);
      }
      case 3: { // assignment to properties and variables, with defaults
        const t1 = this.target(sc), t2 = this.target(sc);
        if (!t1 || !t2) return S("destructuring", `T.push(${this.lbl()}, (({ p = 1, ...q }) => [p, q])({ q: `, this.prim(), " }));");
        return S("destructuring", `({ p: ${t1}, q: ${t2} = `, this.expr(sc, 1), " } = { p: ", this.prim(), " });");
      }
      case 4: { // array assignment from an iterator
        const t1 = this.target(sc);
        if (!t1) return S("destructuring", `T.push(${this.lbl()}, [...`, src(), "]);");
        return S("destructuring", `[${t1}`, O("destructuring", `, ${this.target(sc) || t1}`), "] = ", src(), ";");
      }
      default: { // computed keys with side effects, order of evaluation
        const a = this.id("v");
        sc.ro.push(a);
        return S("destructuring", `const { [(T.push(${this.lbl()}), "p")]: ${a} = (T.push(${this.lbl()}), 1) } = `, E("destructuring", "{ p: ", this.prim(), " }"), ";");
      }
    }
  }

  sSpread(sc) {
    const r = this.r, l = this.lbl();
    switch (r.int(0, 4)) {
      case 0: return S("spread", `T.push(${l}, [`, O("spread", this.expr(sc, 1), ", "), "...", this.iterable(sc), "]);");
      case 1: return S("spread", `T.push(${l}, Math.max(...`, this.iterable(sc), "));");
      case 2: {
        const o = sc.objs.length ? r.pick(sc.objs).name : "{ a: 1 }";
        return S("spread", `T.push(${l}, { ...${o}, `, O("spread", "z: ", this.expr(sc, 1)), " });");
      }
      case 3: return S("spread", `T.push(${l}, { b: 1, 2: 1, ...{ a: `, this.expr(sc, 1), ", 1: 2, b: 3 }, 0: ", this.small(), ", __proto__: null, ...", V(r.pick(["xy", ""])), " });");
      default: return S("spread", `T.push(${l}, ((...a) => a)(...`, this.iterable(sc), ", ...", E("spread", "[", this.expr(sc, 1), "]"), "));");
    }
  }

  sSwitch(sc) {
    const r = this.r;
    const L = this.label(sc, false);
    const s = child(sc, { brk: true, labels: L ? [...sc.labels, L] : sc.labels });
    const cases = [];
    const n = r.int(1, 4);
    const dpos = r.chance(0.6) ? r.int(0, n) : -1;
    for (let k = 0; k <= n; k++) {
      const body = this.stmts(s, r.int(0, 2));
      if (r.chance(0.5)) body.push(S("switch", "break;"));
      if (k === dpos) cases.push({ ...S("switch", "default:", CL(body)), clause: true });
      else if (k < n) cases.push({ ...S("switch", "case ", r.chance(0.3) ? E("switch", `(T.push(${this.lbl()}), `, this.small(), ")") : this.prim(), ":", CL(body)), clause: true });
    }
    return S("switch", this.labelPart(L), "switch (", this.expr(sc, 1), ") ", B(cases));
  }

  convUse(sc) {
    const r = this.r, c = () => this.convObj(sc);
    switch (r.int(0, 7)) {
      case 0: return E("conversions", "(", c(), " + ", c(), ")");
      case 1: return E("conversions", "(", c(), " < ", c(), ")");
      case 2: return E("conversions", "`${", c(), "}`");
      case 3: return E("conversions", "({ p: 1, 3: 2, x: 3 })[", c(), "]");
      case 4: return E("conversions", "String(", c(), ")");
      case 5: return E("conversions", "(", c(), " == ", this.prim(), ")");
      case 6: return E("conversions", "[", c(), ", ", c(), "].join()");
      default: return E("conversions", "(", c(), " * ", this.expr(sc, 1), ")");
    }
  }

  sForAwait(sc) {
    const r = this.r, x = this.id("x");
    const s = child(sc, { loop: true, brk: true, iter: sc.iter * 3 });
    s.ro.push(x);
    const src = sc.agens.length && r.chance(0.6) ? E("async", `${r.pick(sc.agens)}()`) : E("async", "[", XL([this.awaitable(sc), this.small()]), "]");
    return S("async", `for await (const ${x} of `, src, ") ", B(this.stmts(s, r.int(1, 2))));
  }

  sAsyncFn(sc) {
    const r = this.r, f = this.id("af"), l = this.lbl();
    if (r.chance(0.25)) { // an async generator
      const s = fnScope(sc, { async: true, gen: true, iter: Math.min(sc.iter * 3, 9) });
      sc.agens.push(f);
      return S("async", `async function* ${f}() `, B([S("async", "yield ", this.small(), ";"), S("async", "await null;"), ...this.stmts(s, r.int(0, 2)), S("async", "yield ", this.small(), ";")]));
    }
    const s = fnScope(sc, { async: true, iter: Math.min(sc.iter * 3, 9) });
    const body = [O("async", `T.push(${l});`), S("async", `T.push(${this.lbl()}, await `, this.awaitable(s), ");"), ...this.stmts(s, r.int(0, 2)), S("async", "return ", this.expr(s, 1), ";")];
    sc.asyncs.push(f);
    return r.chance(0.3) ? S("async", `const ${f} = async () => `, B(body), ";") : S("async", `async function ${f}() `, B(body));
  }

  sAsyncUse(sc) {
    const r = this.r, f = r.pick(sc.asyncs), l = () => this.lbl();
    if (sc.async && r.chance(0.3)) {
      const g = r.pick(sc.asyncs);
      const all = `Promise.${r.pick(["all", "allSettled", "race", "any"])}([${f}(), ${g}(), `;
      return S("async", "try ", B([S("async", `T.push(${l()}, await ${all}`, this.awaitable(sc), "]));")]), " catch (e) ", B([CATCH(l())]), O("async", " finally ", B([S("async", `T.push(${l()}, await `, this.small(), ");")])));
    }
    if (!sc.async || r.chance(0.3)) return S("async", `${f}().then((v) => T.push(${l()}, v), (e) => T.push(${l()}, e instanceof Error ? e.name : e));`);
    const p = this.id("pr");
    const other = sc.asyncs.length > 1 && r.chance(0.5) ? `${r.pick(sc.asyncs)}()` : "null";
    return [S("async", `const ${p} = ${f}();`), S("async", `T.push(${l()});`), S("async", `T.push(${l()}, await ${other});`),
      S("async", "try ", B([S("async", `T.push(${l()}, await ${p});`)]), " catch (e) ", B([CATCH(l())]))];
  }

  sClass(sc) {
    const r = this.r, C = this.id("C"), inst = this.id("c"), l = () => this.lbl();
    const members = [];
    const cls = { targets: ["this.#x", "this.#x", "this.y"] };
    members.push(S("classes", "#x = ", this.prim(), ";"));
    members.push(S("classes", "y = ", this.small(), ";"));
    if (r.chance(0.5)) members.push(S("classes", "static s = ", this.prim(), ";"));
    if (r.chance(0.3)) members.push(S("classes", `static { T.push(${l()}); }`));
    if (r.chance(0.5)) members.push(S("classes", "constructor(v) { ", O("classes", `T.push(${l()}, v); `), "this.#x = v; }"));
    members.push(S("classes", "get x() { ", O("classes", `T.push(${l()}); `), "return this.#x; }"));
    if (r.chance(0.7)) members.push(S("classes", "set x(v) { ", O("classes", `T.push(${l()}, v); `), "this.#x = v; }"));
    if (r.chance(0.4)) { members.push(S("classes", "get #z() { return this.#x; }"), S("classes", "set #z(v) { this.#x = v; }")); cls.targets.push("this.#z"); }
    if (r.chance(0.4)) members.push(S("classes", "static has(o) { return #x in o; }"));
    if (r.chance(0.4)) members.push(S("classes", "#m() { return this.#x; }"), S("classes", "m() { return this.#m(); }"));
    if (r.chance(0.3)) members.push(S("classes", "static #c = 0;"), S("classes", `static count() { return ${C}.#c++; }`));
    const ms = fnScope(sc, { cls, iter: 3 });
    ms.vars.push("v");
    members.push(S("classes", "bump(v) ", B([...this.stmts(ms, r.int(1, 3)), S("classes", "return this.#x;")])));
    const out = [S("classes", `class ${C} `, B(members))];
    let K = C;
    if (r.chance(0.35)) {
      const D = this.id("D");
      out.push(S("classes", `class ${D} extends ${C} `, B([
        S("classes", `w = (T.push(${l()}), 1);`),
        S("classes", "constructor(v) { ", O("classes", `T.push(${l()}); `), "super(v); }"),
        S("classes", "get x() { return super.x; }"),
        S("classes", "set x(v) { super.x = v; }"),
        O("classes", "inc() { super.x += 1; return super.x; }"),
      ])));
      K = D;
    }
    out.push(S("classes", `const ${inst} = new ${K}(`, this.prim(), ");"));
    sc.objs.push({ name: inst, refs: [`${inst}.x`, `${inst}.y`], keys: ["x", "y"], tag: "classes" });
    const uses = [
      () => S("classes", `T.push(${l()}, ${inst}.x, ${inst}.y);`),
      () => S("classes", `${inst}.x ${r.pick(COMPOUND)} `, this.small(), ";"),
      () => S("classes", `T.push(${l()}, ${inst}.x++, ++${inst}.x);`),
      () => S("classes", `T.push(${l()}, ${inst}.bump(`, this.prim(), "));"),
      () => S("classes", `T.push(${l()}, ${inst});`),
    ];
    if (members.some((m) => m.p[0] === "static has(o) { return #x in o; }")) uses.push(() => S("classes", `T.push(${l()}, ${C}.has(${inst}), ${C}.has({}));`));
    if (members.some((m) => m.p[0] === "m() { return this.#m(); }")) uses.push(() => S("classes", `T.push(${l()}, ${inst}.m());`));
    if (members.some((m) => m.p[0] === "static #c = 0;")) uses.push(() => S("classes", `T.push(${l()}, ${C}.count(), ${C}.count());`));
    if (K !== C) uses.push(() => S("classes", `T.push(${l()}, ${inst}.inc());`));
    for (let k = r.int(1, 3); k > 0; k--) out.push(r.pick(uses)());
    return out;
  }
}

/** A whole program: `{root, feats, async}`. */
export function generate(r, o = {}) {
  const feats = new Set(o.features || FEATURES.filter(() => r.chance(0.3)));
  if (!o.features && feats.size === 0) feats.add(r.pick(FEATURES));
  const g = new Gen(r, feats);
  const sc = scope0();
  sc.async = feats.has("async") && r.chance(0.8);
  g.budget = r.int(5, 16);
  const items = [S("base", "const T = [];")];
  if (feats.has("closures")) items.push(S("closures", "const F = [];"));
  // state: variables of every kind, starting from odd values
  const names = ["a", "b", "c", "d"].slice(0, r.int(2, 4));
  for (const n of names) {
    const kw = r.pick(["let", "let", "var", "var", "const"]);
    const init = feats.has("conversions") && r.chance(0.25) ? g.convObj(sc) : g.prim();
    items.push(S("base", `${kw} ${n} = `, init, ";"));
    (kw === "const" ? sc.ro : sc.vars).push(n);
  }
  if (r.chance(0.5)) {
    items.push(S("base", "const o = { p: ", g.prim(), ", q: ", g.small(), " };"));
    sc.objs.push({ name: "o", refs: ["o.p", "o.q"], keys: ["p", "q"] });
  }
  if (r.chance(0.35)) {
    items.push(S("base", "const A = [", g.prim(), ", , ", g.small(), "];"));
    sc.objs.push({ name: "A", refs: ["A[0]", "A[1]", "A.length"], keys: [0, 1, "length"] });
  }
  // closures over the state (what makes a variable captured, not a register)
  if (feats.has("closures") || feats.has("compound") || r.chance(0.3)) {
    const cap = names.filter(() => r.chance(0.6));
    if (cap.length) items.push(S("closures", `function h() { return [${cap.join(", ")}]; }`));
  }
  const finals = XL([...names.map((n) => E("base", n)), ...sc.objs.map((o) => E("base", o.name)),
    ...(feats.has("closures") ? [E("closures", "F.map((f) => { try { return f(); } catch (e) { return e instanceof Error ? e.name : e; } })")] : []), ...(items.some((s) => s.p[0].startsWith?.("function h")) ? [E("closures", "h()")] : [])]);
  g.finals = finals;
  const body = [];
  while (g.budget > 0) body.push(...[g.stmt(sc)].flat());
  if (r.chance(0.8)) items.push(S("base", "try ", B(body), " catch (e) ", B([S("base", 'T.push("uncaught", e instanceof Error ? e.name : e);')])));
  else items.push(...body);
  items.push(S("base", "return [T, ", finals, "];"));
  return { root: SL(items), feats: [...feats].sort(), async: sc.async };
}
