// The program AST of the program fuzzer: a tree of templates, so that one renderer and one
// shrinker serve every construct the generator (gen.mjs) makes.
//
//   S(tag, ...parts)  a statement (or a class member, a switch case, a pattern element)
//   E(tag, ...parts)  an expression; the shrinker may replace it by one of its sub-expressions
//                     or by a literal, so every compound expression renders in parentheses
//   O(tag, ...parts)  an optional group (an else branch, a finally, a default value, a label,
//                     a logging statement inside a helper): the shrinker may drop it
//   V(value)          a literal (lib.mjs `lit`), shrunk like the built-in families' arguments
//   B / SL / CL / XL  lists: a braced block, bare statements (the program), a case clause's
//                     statements, a comma-separated list (arguments, elements, pattern)
// A part that is a string is raw source. `tag` names the generator feature that made the node
// (the signature of a finding is the set of tags its minimal program still uses). A node with
// `keep` is never deleted (the guard that bounds a `while (true)`).
import { lit, shrinkValue } from "../lib.mjs";

export const S = (tag, ...p) => ({ t: "S", tag, p });
export const E = (tag, ...p) => ({ t: "E", tag, p });
export const O = (tag, ...p) => ({ t: "O", tag, p });
export const V = (v) => ({ t: "V", v });
export const B = (items) => ({ t: "L", kind: "block", items });
export const SL = (items) => ({ t: "L", kind: "stmts", items });
export const CL = (items) => ({ t: "L", kind: "case", items });
export const XL = (items, min = 0) => ({ t: "L", kind: "exprs", items, min });
export const keep = (n) => ({ ...n, keep: true });

const STMT_LISTS = new Set(["block", "stmts", "case"]);

/** Source text of a node; `ind` is the indentation of the line it starts on. */
export function render(n, ind = "") {
  if (typeof n === "string") return n;
  switch (n.t) {
    case "V": return lit(n.v);
    case "S": case "E": case "O": {
      let s = "";
      for (const x of n.p) s += render(x, ind);
      return s;
    }
    case "L": {
      if (n.kind === "exprs") return n.items.map((x) => render(x, ind)).join(", ");
      if (n.kind === "stmts") return n.items.map((x) => render(x, ind)).join("\n" + ind);
      const i2 = ind + "  ";
      if (n.kind === "case") return n.items.map((x) => "\n" + i2 + render(x, i2)).join("");
      if (!n.items.length) return "{}";
      return "{\n" + n.items.map((x) => i2 + render(x, i2)).join("\n") + "\n" + ind + "}";
    }
  }
  throw new Error(`render: bad node ${JSON.stringify(n).slice(0, 100)}`);
}

/** The same program on one line (for reports): blocks as `{ a; b; }`. */
export function renderCompact(n) {
  if (typeof n === "string") return n;
  switch (n.t) {
    case "V": return lit(n.v);
    case "S": case "E": case "O": return n.p.map(renderCompact).join("");
    case "L":
      if (n.kind === "exprs") return n.items.map(renderCompact).join(", ");
      if (n.kind === "stmts") return n.items.map(renderCompact).join(" ");
      if (n.kind === "case") return n.items.map((x) => " " + renderCompact(x)).join("");
      return n.items.length ? "{ " + n.items.map(renderCompact).join(" ") + " }" : "{}";
  }
  throw new Error("renderCompact: bad node");
}

const kids = (n) => (!n || typeof n !== "object" ? [] : n.t === "L" ? n.items : n.t === "V" ? [] : n.p);

/** The feature tags a tree still uses. */
export function tagsOf(n, out = new Set()) {
  if (!n || typeof n !== "object") return out;
  if (n.tag && n.tag !== "base") out.add(n.tag);
  for (const k of kids(n)) tagsOf(k, out);
  return out;
}

/** Statement count (for reports and the size cap). */
export function size(n) {
  if (!n || typeof n !== "object") return 0;
  return (n.t === "S" ? 1 : 0) + kids(n).reduce((a, k) => a + size(k), 0);
}

function setAt(n, path, v, i = 0) {
  if (i === path.length) return v;
  const c = { ...n };
  const key = n.t === "L" ? "items" : "p";
  c[key] = n[key].slice();
  c[key][path[i]] = setAt(n[key][path[i]], path, v, i + 1);
  return c;
}

function walk(n, path, out) {
  if (typeof n !== "object") return;
  out.push([n, path]);
  kids(n).forEach((k, i) => walk(k, [...path, i], out));
}

/** The statement lists directly inside statement `s` (through optional groups and expressions,
 * not through other statements): what unwrapping `s` may put in its place. */
function innerLists(s) {
  const out = [];
  const go = (n) => {
    if (typeof n !== "object" || n.t === "V") return;
    if (n.t === "L") {
      if (STMT_LISTS.has(n.kind)) {
        // a switch: the statements of one clause at a time
        if (n.items.some((x) => x.clause)) { for (const c of n.items) if (c.clause) out.push(...innerLists(c)); }
        else out.push(n.items.filter((x) => !x.keep)); // a loop's guard goes with the loop
        return;
      }
      n.items.forEach(go);
      return;
    }
    if (n.t === "S") { out.push([n]); return; } // a labelled statement: the statement itself
    n.p.forEach(go);
  };
  s.p.forEach(go);
  return out;
}

/** Direct sub-expressions of expression `e` (through optional groups and expression lists). */
function subExprs(e) {
  const out = [];
  const go = (n) => {
    if (typeof n !== "object") return;
    if (n.t === "E" || n.t === "V") { out.push(n); return; }
    if (n.t === "L") { if (n.kind === "exprs") n.items.forEach(go); return; }
    if (n.t === "O") n.p.forEach(go);
  };
  e.p.forEach(go);
  return out;
}

/** Candidate trees one step simpler than `root`, biggest steps first: whole statements deleted
 * (halves of a list, then one at a time), statements unwrapped (a loop, `if`, `try`, block,
 * label... replaced by the statements inside it), optional groups dropped, expressions replaced by
 * a sub-expression or a literal, literals shrunk. */
export function* shrinkCandidates(root) {
  const nodes = [];
  walk(root, [], nodes);
  const lists = nodes.filter(([n]) => n.t === "L");
  // 1. deletions
  for (const [n, path] of lists) {
    const len = n.items.length;
    const min = n.min || 0;
    const deletable = (k) => !n.items[k].keep;
    if (len >= 4) {
      const h = Math.floor(len / 2);
      for (const [a, b] of [[0, h], [h, len]]) {
        const idx = [...Array(b - a).keys()].map((k) => a + k);
        if (len - idx.length >= min && idx.every(deletable)) yield setAt(root, path, { ...n, items: n.items.filter((_, k) => k < a || k >= b) });
      }
    }
  }
  for (const [n, path] of lists) {
    if (n.items.length <= (n.min || 0)) continue;
    for (let k = 0; k < n.items.length; k++) {
      if (n.items[k].keep) continue;
      yield setAt(root, path, { ...n, items: n.items.filter((_, j) => j !== k) });
    }
  }
  // 2. unwrapping
  for (const [n, path] of lists) {
    if (!STMT_LISTS.has(n.kind)) continue;
    for (let k = 0; k < n.items.length; k++) {
      const s = n.items[k];
      if (s.t !== "S" || s.keep) continue;
      for (const inner of innerLists(s)) {
        yield setAt(root, path, { ...n, items: [...n.items.slice(0, k), ...inner, ...n.items.slice(k + 1)] });
      }
    }
  }
  // 3. optional groups
  for (const [n, path] of nodes) if (n.t === "O") yield setAt(root, path, "");
  // 4. expressions: a sub-expression in their place, or a literal
  for (const [n, path] of nodes) {
    if (n.t !== "E") continue;
    for (const sub of subExprs(n)) yield setAt(root, path, sub);
    if (!n.noLit) yield setAt(root, path, V(0));
  }
  // 5. literals
  for (const [n, path] of nodes) {
    if (n.t !== "V") continue;
    if (n.v === 0 || n.v === "" || n.v === 0n) continue; // (shrinkValue takes 0 to 1)
    for (const v of shrinkValue(n.v).slice(0, 3)) yield setAt(root, path, V(v));
  }
}
