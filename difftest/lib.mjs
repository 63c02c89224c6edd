// Shared pieces of the differential harness: the seeded PRNG, JavaScript literals for case
// arguments, and the generic shrinker's candidate steps.

/** mulberry32: a 32-bit seeded PRNG; the same seed gives the same cases on every machine. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)), // inclusive
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    chance: (p) => next() < p,
    arr: (n, f) => Array.from({ length: n }, (_, i) => f(i)),
  };
  return r;
}

/** A raw expression argument: rendered as is, never shrunk. */
export const raw = (src) => ({ $raw: src });
/** A hole in an array literal. */
export const HOLE = { $hole: true };

function strLit(s) {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34) out += '\\"';
    else if (c === 92) out += "\\\\";
    else if (c >= 32 && c < 127) out += s[i];
    else out += "\\u" + c.toString(16).padStart(4, "0");
  }
  return out + '"';
}

function numLit(x) {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "(-Infinity)";
  if (Object.is(x, -0)) return "(-0)";
  const s = String(x);
  return x < 0 ? `(${s})` : s;
}

/** JavaScript source for a case argument (ASCII only: non-ASCII and lone surrogates as escapes). */
export function lit(v) {
  switch (typeof v) {
    case "undefined": return "undefined";
    case "boolean": return String(v);
    case "number": return numLit(v);
    case "bigint": return v < 0n ? `(${v}n)` : `${v}n`;
    case "string": return strLit(v);
  }
  if (v === null) return "null";
  if (v.$raw !== undefined) return v.$raw;
  if (v.$hole) return "";
  if (Array.isArray(v)) {
    const items = v.map(lit);
    return "[" + items.join(", ") + (v.length && v[v.length - 1] && v[v.length - 1].$hole ? ",]" : "]");
  }
  return "{" + Object.keys(v).map((k) => strLit(k) + ": " + lit(v[k])).join(", ") + "}";
}

/** A stable text for an argument list, to recognise a case again (kept list, regressions). */
export function show(v) {
  return lit(v);
}

function simplerNumbers(x) {
  const out = [];
  if (Number.isNaN(x) || !Number.isFinite(x)) return [0];
  if (x !== 0) out.push(0);
  if (Math.abs(x) !== 1) out.push(Math.sign(x) || 1);
  if (x < 0) out.push(-x);
  if (!Number.isInteger(x)) out.push(Math.trunc(x));
  for (let p = 1; p < 17; p++) {
    const y = Number(x.toPrecision(p));
    if (y !== x && !out.includes(y)) { out.push(y); break; }
  }
  return out.filter((y) => !Object.is(y, x));
}

/** Every value one shrinking step simpler than `v` (smaller arrays, strings, objects, numbers). */
export function shrinkValue(v) {
  const out = [];
  if (typeof v === "number") return simplerNumbers(v);
  if (typeof v === "bigint") {
    if (v !== 0n) out.push(0n);
    if (v < 0n) out.push(-v);
    if (v > 10n || v < -10n) out.push(v / 10n);
    return out;
  }
  if (typeof v === "string") {
    if (v.length === 0) return out;
    if (v.length > 1) {
      out.push(v.slice(0, Math.floor(v.length / 2)), v.slice(Math.floor(v.length / 2)));
    }
    for (let i = 0; i < v.length && i < 24; i++) out.push(v.slice(0, i) + v.slice(i + 1));
    return out;
  }
  if (v === null || typeof v !== "object" || v.$raw !== undefined || v.$hole) return out;
  if (Array.isArray(v)) {
    if (v.length > 1) out.push(v.slice(0, Math.floor(v.length / 2)), v.slice(Math.floor(v.length / 2)));
    for (let i = 0; i < v.length && i < 24; i++) out.push([...v.slice(0, i), ...v.slice(i + 1)]);
    for (let i = 0; i < v.length && i < 12; i++) {
      for (const s of shrinkValue(v[i]).slice(0, 4)) out.push([...v.slice(0, i), s, ...v.slice(i + 1)]);
    }
    return out;
  }
  const keys = Object.keys(v);
  for (const k of keys) {
    const c = { ...v };
    delete c[k];
    out.push(c);
  }
  for (const k of keys.slice(0, 12)) {
    for (const s of shrinkValue(v[k]).slice(0, 4)) out.push({ ...v, [k]: s });
  }
  return out;
}

/** Candidate argument lists one step simpler than `args` (each argument shrunk in turn). */
export function shrinkArgs(args) {
  const out = [];
  args.forEach((a, i) => {
    for (const s of shrinkValue(a)) {
      const c = args.slice();
      c[i] = s;
      out.push(c);
    }
  });
  return out;
}
