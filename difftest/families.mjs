// The case generators of the differential harness, one per family of built-ins that model-written
// scripts use on data. A generator takes the PRNG and returns `{t, args}`: `t` names a template
// (TEMPLATES below) that turns the arguments into the body of the case (a function body that
// returns a value), so the shrinker can simplify the arguments and render the case again.
import { lit, raw, HOLE } from "./lib.mjs";

const SPECIAL_NUMBERS = [0, -0, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 1.005, 1.25, 1.45,
  9.995, 123.456, 1e21, 1e-7, 1e-6, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, NaN, Infinity, -Infinity,
  2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 31), 2 ** 31 - 1, 255, 256, 65535, 1e300, 1e-300, Math.PI, Math.E];

/** A number of the kinds scripts meet: specials, small integers, money-like decimals, any double. */
function num(r) {
  switch (r.int(0, 7)) {
    case 0: return r.pick(SPECIAL_NUMBERS);
    case 1: return r.int(-100, 100);
    case 2: return Math.round((r.next() - 0.5) * 2e6) / 100; // 2 decimals
    case 3: return Number(((r.next() - 0.3) * 10).toFixed(r.int(0, 6))); // short decimals
    case 4: return (r.next() - 0.5) * 10 ** r.int(-20, 25);
    case 5: return r.int(0, 1) ? r.int(-(2 ** 31), 2 ** 31) : r.int(0, 2 ** 53);
    case 6: { // any double, from random bits
      const f = new Float64Array(1), u = new Uint32Array(f.buffer);
      u[0] = (r.next() * 2 ** 32) >>> 0; u[1] = (r.next() * 2 ** 32) >>> 0;
      return f[0];
    }
    default: return r.next() * r.pick([1, 10, 100, 1000]);
  }
}
const smallNum = (r) => (r.chance(0.7) ? r.int(-20, 20) : num(r));

const ASCII = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,;:!?/'\"\\(){}[]<>@#$%^&*+=|~`\t\n";
const UNICODE = ["é", "ß", "ñ", "Σ", "ς", "İ", "ı", "ſ", "K", "ǅ", "ŉ", "ﬁ", "日本", "😀", "👍🏽", "\u0301", "\u200b", "\u00a0",
  "\ufeff", "\u2028", "\ud800", "\udc00", "\udbff\udfff", "\u0000", "\u001f", "\u007f", "Å", "Å", "ẞ", "ǰ", "\u1e9e"];
function str(r, max = 12, uni = 0.25) {
  const n = r.int(0, max);
  let s = "";
  for (let i = 0; i < n; i++) s += r.chance(uni) ? r.pick(UNICODE) : ASCII[r.int(0, ASCII.length - 1)];
  return s;
}
const word = (r) => r.pick(["a", "b", "ab", "abc", "x", "foo", "bar", "baz", "A", "B", "10", "9", "1", "", " ", "é", "Z", "a b", "a,b"]);

function jsonValue(r, depth = 0) {
  const k = r.int(0, depth > 3 ? 4 : 7);
  switch (k) {
    case 0: return null;
    case 1: return r.chance(0.5);
    case 2: return num(r);
    case 3: return str(r, 8);
    case 4: return r.int(-1000, 1000);
    case 5: return r.arr(r.int(0, 4), () => jsonValue(r, depth + 1));
    default: {
      const o = {};
      for (let i = r.int(0, 4); i > 0; i--) o[r.chance(0.3) ? String(r.int(0, 20)) : r.chance(0.5) ? word(r) : str(r, 5)] = jsonValue(r, depth + 1);
      return o;
    }
  }
}
/** A value with what JSON.stringify treats specially: undefined, -0, NaN, functions, Dates, nested. */
function anyValue(r, depth = 0) {
  switch (r.int(0, depth > 3 ? 5 : 9)) {
    case 0: return undefined;
    case 1: return null;
    case 2: return num(r);
    case 3: return str(r, 8);
    case 4: return r.chance(0.5);
    case 5: return r.pick([raw("new Date(0)"), raw("function () {}"), raw("Symbol('s')"), raw("new Map([[1, 2]])"), raw("new Set([1])"), raw("new Number(3)"), raw("new String('s')"), raw("Object(false)"), raw("{toJSON() { return 'J' }}"), raw("[,1]"), raw("new Int8Array([1, -2])")]);
    case 6: case 7: return r.arr(r.int(0, 4), () => anyValue(r, depth + 1));
    default: {
      const o = {};
      for (let i = r.int(0, 4); i > 0; i--) o[r.chance(0.3) ? String(r.int(0, 20)) : word(r) || "k"] = anyValue(r, depth + 1);
      return o;
    }
  }
}
function jsonText(r) {
  const v = jsonValue(r);
  let s = JSON.stringify(v, null, r.pick([undefined, 0, 1, 2, "\t"]));
  if (r.chance(0.3)) s = s.replace(/[^\x20-\x7e]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, r.chance(0.5) ? "0" : "0"));
  switch (r.int(0, 9)) {
    case 0: return s.slice(0, r.int(0, s.length)); // truncated
    case 1: return " \n\t" + s + " \r\n";
    case 2: return r.pick(['"\\ud800"', '"\\udc00x"', '"a\\u00e9\\n\\t\\"\\\\\\/\\b\\f\\r"', "1e400", "-1e-400", "-0", "[-0.0]", "01", "1.", ".5", "+1", "[1,]", "{\"a\":1,}", "'a'", "NaN", "\"\\x41\"", "[1e309]", "123456789012345678901234567890", "\"\u2028\"", "\"\t\"", "{\"__proto__\": 1}", "{\"a\":1,\"a\":2}", "tru", "nul", "[" .repeat(r.int(90, 140)) + "]".repeat(r.int(90, 140)), "\"" + "[".repeat(200) + "\""]);
    default: return s;
  }
}

function sortArray(r) {
  const n = r.int(0, r.chance(0.2) ? 60 : 12);
  switch (r.int(0, 4)) {
    case 0: return r.arr(n, () => smallNum(r));
    case 1: return r.arr(n, () => word(r));
    case 2: return r.arr(n, () => r.pick([r.int(-5, 15), word(r), undefined, null, NaN, -0, true, HOLE]));
    case 3: return r.arr(n, () => str(r, 4, 0.4));
    default: return r.arr(n, () => num(r));
  }
}

/** A random small regular expression from a grammar (always valid in both engines, mostly). */
let groupNames = 0;
function regexSource(r, depth = 0) {
  if (depth === 0) groupNames = 0;
  const atoms = ["a", "b", "ab", "\\d", "\\w", "\\s", "\\b", ".", "[a-c]", "[^a]", "[\\w-]", "x", "A", "S", "s", "k", "K", "\\.", "é", "\\u017f", "\\u212a", "[a-zA-Z]", "\\W", "\\D", "\\S", "^", "$", "[sk]", "ß"];
  let out = "";
  const n = r.int(1, 4);
  for (let i = 0; i < n; i++) {
    let atom;
    const k = r.int(0, 9);
    if (k < 6 || depth > 1) atom = r.pick(atoms);
    else if (k === 6) atom = "(" + regexSource(r, depth + 1) + ")";
    else if (k === 7) atom = "(?:" + regexSource(r, depth + 1) + "|" + regexSource(r, depth + 1) + ")";
    else if (k === 8) atom = "(?<n" + groupNames++ + ">" + regexSource(r, depth + 1) + ")"; // unique: Node 20 refuses duplicates
    else atom = r.pick(["(?=", "(?!", "(?<=", "(?<!"]) + regexSource(r, depth + 1) + ")";
    if (!/^[\^$]$|^\\b$|^\(\?[=!<]/.test(atom) && r.chance(0.4)) atom += r.pick(["*", "+", "?", "{2}", "{1,3}", "*?", "+?", "??", "{0,}"]);
    out += atom;
  }
  return out;
}
const regexText = (r) => r.arr(r.int(0, 14), () => r.pick(["a", "b", "c", "A", "B", "x", "1", "2", " ", "-", ".", "\n", "é", "ſ", "\u212a", "k", "s", "S", "ß", "_", "😀"])).join("");

const MATH_FAMILIES = {
  math_trig: ["sin", "cos", "tan", "asin", "acos", "atan"],
  math_hyperbolic: ["sinh", "cosh", "tanh", "asinh", "acosh", "atanh"],
  math_exp_log: ["exp", "expm1", "log", "log1p", "log10", "log2", "sqrt", "cbrt"],
  math_rounding: ["floor", "ceil", "round", "trunc", "sign", "abs", "fround", "clz32"],
};
function mathArg(r, f) {
  switch (r.int(0, 5)) {
    case 0: return num(r);
    case 1: return (r.next() * 2 - 1) * r.pick([1, 1, 2, 4, 10]);
    case 2: return f === "acosh" ? 1 + r.next() * r.pick([1e-6, 1e-3, 1, 100]) : (r.next() - 0.5) * 2 * r.pick([0.01, 1, 20, 700]);
    case 3: return r.int(-10, 10) / r.pick([2, 4, 8, 10, 3]);
    default: return (r.next() - 0.5) * r.pick([1, 10, 100, 1e4]);
  }
}

function dateTime(r) {
  switch (r.int(0, 5)) {
    case 0: return r.pick([0, -1, 1, 86400000, -62198755200000, 8.64e15, -8.64e15, 8.64e15 + 1, NaN, 951782400000, 1709164800000]);
    case 1: return r.int(-2208988800000, 4102444800000); // 1900..2100
    case 2: return r.int(-62198755200000, 253402300799999); // years 0..9999
    case 3: return r.int(-8.64e15, 8.64e15);
    default: return r.int(1262304000000, 1893456000000); // 2010..2030
  }
}
const pad = (n, w = 2) => String(n).padStart(w, "0");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTHS_LONG = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
function dateString(r) {
  const y = r.chance(0.8) ? r.int(1970, 2035) : r.int(0, 9999), mo = r.int(1, 12), d = r.int(1, r.chance(0.9) ? 28 : 31);
  const h = r.int(0, 23), mi = r.int(0, 59), s = r.int(0, 59), ms = r.int(0, 999);
  const off = r.pick(["Z", "+00:00", "+05:30", "-08:00", "+0100", "", "z"]);
  switch (r.int(0, 15)) {
    case 0: return `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
    case 1: return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}.${pad(ms, 3)}${off}`;
    case 2: return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}${off}`;
    case 3: return `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
    case 4: return `${pad(mo)}/${pad(d)}/${y}`;
    case 5: return `${mo}/${d}/${y} ${h}:${pad(mi)}`;
    case 6: return `${MONTHS[mo - 1]} ${d}, ${y}`;
    case 7: return `${d} ${MONTHS_LONG[mo - 1]} ${y}`;
    case 8: return `${DAYS[r.int(0, 6)]}, ${pad(d)} ${MONTHS[mo - 1]} ${y} ${pad(h)}:${pad(mi)}:${pad(s)} GMT`;
    case 9: return `${DAYS[r.int(0, 6)]} ${MONTHS[mo - 1]} ${pad(d)} ${y} ${pad(h)}:${pad(mi)}:${pad(s)} GMT+0000 (Coordinated Universal Time)`;
    case 10: return `${pad(y, 4)}-${pad(mo)}`;
    case 11: return `${y}`;
    case 12: return `${r.chance(0.5) ? "+" : "-"}${pad(r.int(0, 300000), 6)}-${pad(mo)}-${pad(d)}T00:00:00Z`;
    case 13: return `${MONTHS_LONG[mo - 1]} ${d}, ${y} ${r.int(1, 12)}:${pad(mi)} ${r.pick(["AM", "PM", "am", "pm"])}`;
    case 14: return r.pick(["", "garbage", "2024-13-01", "2024-02-30", "2024-02-30T25:00:00Z", "2024-1-5", "2024/03/15", "15.03.2024", "Tue Mar 05 2024", "2024-03-15T10:30:00.123456Z", "2024-03-15T24:00:00Z", "T10:00", "2024-03-15T10:30:00+05", "now", "1e3", "  2024-03-15  ", "2024-01-01 GMT-2147483648", "Jan 1 2024 UTC+2147483647", "2024-01-01T00:00:00+99:99", "99999999999999999999-01-01", "Jan 99999999999 2024", "2024-01-01 12:99999999999", "-2147483648/1/1", "Tue, 01 Jan 2024 00:00:00 +9999999999"]);
    default: return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}`;
  }
}

const TYPED = ["Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "Float32Array", "Float64Array"];
function bigint(r) {
  switch (r.int(0, 4)) {
    case 0: return BigInt(r.int(-100, 100));
    case 1: return BigInt(r.int(-(2 ** 31), 2 ** 31)) * BigInt(r.int(1, 2 ** 31));
    case 2: return r.pick([0n, -1n, 1n, 2n ** 63n, 2n ** 64n, -(2n ** 63n), 2n ** 63n - 1n, 2n ** 128n + 7n]);
    default: { let s = String(r.int(1, 9)); for (let i = r.int(0, 40); i > 0; i--) s += r.int(0, 9); return BigInt(s) * (r.chance(0.3) ? -1n : 1n); }
  }
}
function numericString(r) {
  const digits = (n) => r.arr(n, () => r.int(0, 9)).join("");
  const sp = () => r.pick(["", "", "", " ", "\t", "\n", "\u00a0", "\ufeff", "\u2003"]);
  switch (r.int(0, 11)) {
    case 0: return sp() + r.pick(["", "+", "-"]) + digits(r.int(1, 25)) + sp();
    case 1: return r.pick(["", "-", "+"]) + digits(r.int(0, 5)) + "." + digits(r.int(0, 20)) + (r.chance(0.5) ? r.pick(["e", "E"]) + r.pick(["", "+", "-"]) + r.int(0, 400) : "");
    case 2: return r.pick(["0x", "0X", "0o", "0b", "-0x", "0x-"]) + r.pick(["ff", "FF", "1f", "777", "101", "zz", "", "1_0"]);
    case 3: return r.pick(["Infinity", "-Infinity", "+Infinity", "inf", "-inf", "INFINITY", "infinity", "nan", "NaN", "1e", "e5", ".", "-", "+", "1_000", "1,000", "12px", "3.14abc", "0.0.1", "--1", "١٢", "0x", "  ", "", "1e1000", "-1e-1000", "0.000001", "1e21", "123456789012345678901234567890", "9007199254740993", "0.1e-5", "5e-324", "2.4703282292062327e-324", "1.7976931348623159e308", "00012", "-0", "0e0"]);
    case 4: return digits(r.int(15, 25));
    case 5: return r.pick(["", "-"]) + digits(r.int(1, 3)) + r.pick(["px", "%", " ", "abc", "e", "e+", ".", "..5", "_1"]);
    case 6: return (num(r)).toString();
    case 7: return num(r).toString(r.pick([2, 8, 16, 36]));
    default: return sp() + digits(r.int(1, 8)) + sp();
  }
}

function uriString(r) {
  const pieces = ["a", "Z", "0", " ", "/", "?", "#", "&", "=", "%", "%20", "%41", "%zz", "%e2%82", "%E2%82%AC", "%C3%A9", "%c0%80", "%ED%A0%80", "%F0%9F%98%80", "%", "%2", "é", "€", "😀", "\ud800", "\udc00", "+", ";", ",", ":", "@", "$", "!", "'", "(", ")", "*", "~", "-", "_", ".", "[", "]", "\n", "\u0000", "%u00e9", "%FF"];
  return r.arr(r.int(0, 8), () => r.pick(pieces)).join("");
}

function objectKeys(r) {
  return r.arr(r.int(0, 7), () => r.pick(["a", "b", "c", "z", "0", "1", "2", "10", "01", "-1", "1.5", "4294967294", "4294967295", "9007199254740993", "", "__proto__x", "length", "constructor", "é", String(r.int(0, 30))]));
}

// ------------------------------------------------------------------ generators per family

export const FAMILIES = {
  json_parse(r) {
    if (r.chance(0.2)) return { t: "json_parse_reviver", args: [jsonText(r)] };
    return { t: "json_parse", args: [jsonText(r)] };
  },
  json_stringify(r) {
    const k = r.int(0, 9);
    if (k === 0) return { t: "json_stringify_deep", args: [r.int(1, 130), r.pick(["[", "{\"a\":"])] };
    return { t: "json_stringify", args: [anyValue(r), r.pick([undefined, undefined, null, ["a", "b", "1"], raw("(k, v) => typeof v === 'number' ? v * 2 : v")]), r.pick([undefined, undefined, 0, 2, 4, 11, -1, "\t", "--", "abcdefghijkl", 3.7])] };
  },
  array_sort(r) {
    const k = r.int(0, 6);
    if (k === 0) return { t: "sort_stable", args: [r.arr(r.int(0, 30), () => r.int(0, 5))] };
    const cmp = r.pick(["", "(a, b) => a - b", "(a, b) => b - a", "(a, b) => (a < b ? -1 : a > b ? 1 : 0)", "(a, b) => String(a).length - String(b).length", "(a, b) => 0", "undefined"]);
    // A comparator must be a consistent order on the values (else the order is
    // implementation-defined: that is sort_inconsistent's business): subtraction and `<` get
    // numbers without NaN, or (`<`) strings only.
    let arr = sortArray(r);
    if (/a - b|b - a/.test(cmp) || (cmp.includes("<") && arr.some((x) => typeof x !== "string"))) {
      arr = r.arr(arr.length, () => { const x = num(r); return Number.isNaN(x) ? r.int(-9, 9) : x; });
    }
    return { t: "sort", args: [arr, cmp, r.pick(["sort", "toSorted"])] };
  },
  sort_inconsistent(r) {
    // Comparators that are not a total order: the order is implementation-defined, so the case
    // itself returns only what must hold (the same length and the same multiset) and no crash.
    return { t: "sort_inconsistent", args: [r.arr(r.int(0, r.chance(0.5) ? 200 : 40), () => (r.chance(0.1) ? NaN : r.int(0, 50))), r.pick(["() => rnd() - 0.5", "(a, b) => a > b", "(a, b) => rnd() < 0.5 ? -1 : 1", "() => NaN", "(a, b) => a % 3 - b % 5", "() => 1", "() => -1", "(a, b) => a - b"]), r.int(1, 1e6), r.pick(["sort", "toSorted"])] };
  },
  array_methods(r) {
    const m = r.pick(["slice", "splice", "indexOf", "lastIndexOf", "includes", "at", "fill", "copyWithin", "flat", "concat", "join", "with", "toSpliced", "reverse", "toReversed", "findLast", "findIndex", "entries", "keys", "lastIndexOf"]);
    const arr = r.arr(r.int(0, 8), () => r.pick([r.int(-3, 9), word(r), NaN, -0, undefined, null, HOLE, [r.int(0, 3), [r.int(0, 3)]]]));
    const argc = r.int(0, 3);
    const args = r.arr(argc, () => r.pick([r.int(-10, 10), r.int(-3, 3), 0.5, -0.5, NaN, undefined, Infinity, -Infinity, "2", "x", null, 2 ** 32, -0]));
    return { t: "array_method", args: [arr, m, args] };
  },
  array_iteration(r) {
    const arr = r.arr(r.int(0, 10), () => r.pick([r.int(-5, 20), HOLE, undefined, word(r)]));
    return { t: "array_callback", args: [arr, r.pick(["map", "filter", "reduce", "reduceRight", "some", "every", "find", "findIndex", "flatMap", "forEach", "Array.from", "group"]), r.pick(["(x, i) => x + i", "(x) => typeof x", "(a, x) => a + x", "(x, i, arr) => arr.length - i", "(x) => [x, [x]]", "(x, i) => i % 2 === 0"])] };
  },
  array_length(r) {
    return { t: "array_length", args: [r.arr(r.int(0, 6), () => r.int(0, 9)), r.arr(r.int(1, 4), () => r.pick([0, 1, 2, 5, 10, "2", "", -1, 1.5, NaN, 2 ** 32, 2 ** 32 - 1, null, true, raw("{valueOf() { return 3 }}"), "0x2", -0, 1e3])), r.int(1, 3)] };
  },
  string_methods(r) {
    const m = r.pick(["slice", "substring", "substr", "indexOf", "lastIndexOf", "includes", "startsWith", "endsWith", "split", "replace", "replaceAll", "repeat", "trim", "trimStart", "trimEnd", "at", "charAt", "charCodeAt", "codePointAt", "concat", "toUpperCase", "toLowerCase", "search", "match", "localeCompare"]);
    const argc = r.int(0, 2);
    const args = r.arr(argc, () => r.pick([r.int(-5, 12), word(r), str(r, 3), NaN, undefined, -0, 1.5, Infinity, "", null]));
    if (m === "repeat" && typeof args[0] === "number" && args[0] > 12) args[0] = 3;
    return { t: "string_method", args: [str(r, 14), m, args] };
  },
  string_unicode(r) {
    const m = r.pick(["padStart", "padEnd", "normalize", "toUpperCase", "toLowerCase", "isWellFormed", "toWellFormed", "codePoints", "fromCodePoint", "fromCharCode", "spread", "raw", "at", "localeUpper"]);
    if (m === "fromCodePoint" || m === "fromCharCode") return { t: "string_from", args: [m, r.arr(r.int(0, 5), () => r.pick([r.int(0, 0x10ffff), r.int(0, 0xffff), 0xd800, 0xdfff, -1, 0x110000, 1.5, NaN, 65, 0x1f600, 2 ** 32 + 65]))] };
    const args = m === "padStart" || m === "padEnd" ? [r.pick([r.int(-2, 20), 2 ** 31, NaN, "5", undefined]), r.pick([undefined, "", " ", "ab", "😀", "\ud800", str(r, 3)])]
      : m === "normalize" ? [r.pick(["NFC", "NFD", "NFKC", "NFKD", undefined, "nfc", ""])] : [];
    return { t: "string_method", args: [str(r, 10, 0.6), m, args] };
  },
  num_format(r) {
    const m = r.pick(["toFixed", "toPrecision", "toExponential"]);
    const digits = m === "toPrecision" ? r.pick([undefined, 0, 1, 2, 3, 5, 8, 15, 17, 21, 100, 101, r.int(1, 25)]) : r.pick([undefined, 0, 1, 2, 3, 5, 10, 20, 21, 100, 101, -1, r.int(0, 25)]);
    return { t: "num_method", args: [num(r), m, [digits]] };
  },
  num_tostring(r) {
    return { t: "num_method", args: [num(r), "toString", r.chance(0.3) ? [] : [r.pick([2, 3, 7, 8, 10, 16, 20, 32, 36, 37, 1])]] };
  },
  num_parse(r) {
    return { t: "num_parse", args: [r.pick(["Number", "parseFloat", "parseInt", "parseInt", "unary+", "Number.parseFloat"]), numericString(r), r.pick([undefined, undefined, 10, 16, 2, 8, 36, 0, 1, 37, 7])] };
  },
  int_arith(r) {
    const op = r.pick(["%", "|", "&", "^", "<<", ">>", ">>>", "*", "/", "+", "-", "**"]);
    const a = r.chance(0.5) ? r.int(-(2 ** 31), 2 ** 31) : num(r);
    const b = op === "**" ? r.pick([r.int(-5, 30), 0.5, -0.5, num(r)]) : r.chance(0.5) ? r.int(-40, 40) : num(r);
    return { t: "binop", args: [a, op, b] };
  },
  math_trig: (r) => { const f = r.pick(MATH_FAMILIES.math_trig); return { t: "math", args: [f, [mathArg(r, f)]] }; },
  math_hyperbolic: (r) => { const f = r.pick(MATH_FAMILIES.math_hyperbolic); return { t: "math", args: [f, [mathArg(r, f)]] }; },
  math_exp_log: (r) => { const f = r.pick(MATH_FAMILIES.math_exp_log); return { t: "math", args: [f, [mathArg(r, f)]] }; },
  math_rounding: (r) => { const f = r.pick(MATH_FAMILIES.math_rounding); return { t: "math", args: [f, [r.chance(0.5) ? r.int(-20, 20) / 4 : num(r)]] }; },
  math_multi(r) {
    const f = r.pick(["hypot", "hypot", "atan2", "pow", "max", "min", "imul"]);
    const n = f === "hypot" || f === "max" || f === "min" ? r.int(0, 4) : 2;
    return { t: "math", args: [f, r.arr(n, () => (f === "pow" && r.chance(0.5) ? r.pick([10, 2, 0.1, -2, r.int(-30, 30)]) : mathArg(r, f)))] };
  },
  date_fields(r) {
    const k = r.int(0, 3);
    if (k === 0) return { t: "date_utc", args: [r.arr(r.int(1, 7), (i) => (i === 0 ? r.pick([r.int(1950, 2050), r.int(0, 99), r.int(-300, 300000), 1e20, NaN]) : r.pick([r.int(-2, 62), r.int(0, 11), 1.7, -1, 1e10])))] };
    if (k === 1) return { t: "date_setters", args: [dateTime(r), r.pick(["setUTCFullYear", "setFullYear", "setMonth", "setUTCDate", "setDate", "setHours", "setUTCMinutes", "setSeconds", "setMilliseconds", "setTime", "setYear"]), r.arr(r.int(0, 3), () => r.pick([r.int(-40, 3000), NaN, 1.5, -0]))] };
    return { t: "date_getters", args: [dateTime(r)] };
  },
  date_format(r) {
    return { t: "date_format", args: [dateTime(r), r.pick(["toISOString", "toString", "toDateString", "toTimeString", "toUTCString", "toJSON", "String", "template", "toGMTString", "valueOf"])] };
  },
  date_parse(r) {
    return { t: "date_parse", args: [dateString(r), r.pick(["Date.parse", "new Date"])] };
  },
  typed_arrays(r) {
    const T = r.pick(TYPED);
    const k = r.int(0, 5);
    const vals = r.arr(r.int(0, 8), () => (r.chance(0.5) ? r.int(-300, 70000) : num(r)));
    if (k === 0) return { t: "typed_op", args: [T, vals, r.pick(["sort", "reverse", "subarray", "slice", "fill", "indexOf", "includes", "join", "set", "copyWithin", "at", "map", "filter", "lastIndexOf", "toSorted", "with"]), r.arr(r.int(0, 2), () => r.pick([r.int(-4, 6), 1.5, NaN, -0, 300, undefined]))] };
    if (k === 1) return { t: "dataview", args: [r.pick(["Int8", "Uint8", "Int16", "Uint16", "Int32", "Uint32", "Float32", "Float64", "BigInt64", "BigUint64"]), r.int(0, 8), num(r), r.chance(0.5)] };
    return { t: "typed_new", args: [T, vals] };
  },
  bigint(r) {
    const k = r.int(0, 4);
    if (k === 0) return { t: "bigint_parse", args: [r.pick([String(bigint(r)), " 12 ", "1_000", "0x1f", "0X1F", "0o17", "0b101", "-0x1", "0x-1", "1e3", "1.0", "", " ", "+5", "--5", "12n", "\n7\t", "99999999999999999999999", "0b", "-"]), r.pick(["BigInt", "asIntN", "asUintN"])] };
    if (k === 1) return { t: "bigint_tostring", args: [bigint(r), r.pick([undefined, 2, 8, 16, 36, 10])] };
    if (k === 2) return { t: "bigint_from_number", args: [r.chance(0.5) ? r.int(-1e6, 1e6) : num(r)] };
    const op = r.pick(["+", "-", "*", "/", "%", "**", "<<", ">>", "&", "|", "^", "<", "==", "asIntN", "asUintN", "mixed"]);
    return { t: "bigint_op", args: [bigint(r), op, op === "**" ? BigInt(r.int(-1, 70)) : op === "<<" || op === ">>" ? BigInt(r.int(-70, 70)) : op === "asIntN" || op === "asUintN" ? BigInt(r.int(0, 130)) : bigint(r)] };
  },
  uri(r) {
    return { t: "uri", args: [r.pick(["encodeURIComponent", "encodeURI", "decodeURIComponent", "decodeURI", "escape", "unescape"]), uriString(r)] };
  },
  regex_exec(r) {
    return { t: "regex_exec", args: [regexSource(r), r.pick(["", "g", "i", "gi", "m", "s", "u", "iu", "y", "gy", "d", "gim", "v"]), regexText(r), r.pick(["exec", "test", "match", "matchAll", "search", "lastIndex"])] };
  },
  regex_replace(r) {
    return { t: "regex_replace", args: [regexSource(r), r.pick(["", "g", "i", "gi", "gu", "y", "gm"]), regexText(r), r.pick(["replace", "split", "replaceAll"]), r.pick(["-", "[$&]", "$1", "$2$1", "$<n0>", "$`|$'", "$$", "$0", "$10", "(m, ...a) => a.length + '<' + m + '>'", "x", ""]), r.pick([undefined, 0, 1, 2, -1])] };
  },
  object_keys(r) {
    return { t: "object_keys", args: [objectKeys(r), r.pick(["keys", "entries", "assign", "spread", "json", "forin", "rest", "delete", "defineProperty", "fromEntries", "getOwnPropertyNames", "values"]), r.int(0, 3)] };
  },
  map_set(r) {
    const vals = r.arr(r.int(0, 8), () => r.pick([r.int(0, 5), String(r.int(0, 5)), NaN, -0, 0, undefined, null, "a", true]));
    return { t: "map_set", args: [r.pick(["Map", "Set", "WeakMap"]), vals, r.pick(["order", "delete_readd", "has", "size_after_clear", "spread_entries", "forEach_mutation", "get", "keys_values"])] };
  },
  destructuring(r) {
    return { t: "destructuring", args: [r.pick(["arr_holes", "obj_rest_nested", "defaults", "swap", "params_default", "computed", "iter_close", "string"]), r.arr(r.int(0, 6), () => r.pick([r.int(0, 9), undefined, null, HOLE, "s", [r.int(0, 3)]]))] };
  },
  locale_number(r) {
    const loc = r.pick(["en-US", "en-US", "de-DE", "fr-FR", "en-GB", "ja-JP", "en-IN", "es-ES", undefined]);
    const opts = r.pick([undefined, {}, { maximumFractionDigits: 2 }, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, { style: "currency", currency: "USD" }, { style: "currency", currency: "EUR" }, { style: "percent" }, { notation: "compact" }, { maximumSignificantDigits: 3 }, { useGrouping: false }, { style: "unit", unit: "kilometer" }]);
    return { t: "locale_number", args: [r.chance(0.6) ? Math.round((r.next() - 0.3) * 10 ** r.int(0, 9)) / 10 ** r.int(0, 3) : num(r), loc, opts, r.pick(["toLocaleString", "NumberFormat"])] };
  },
  locale_date(r) {
    const loc = r.pick(["en-US", "en-US", "de-DE", "en-GB", "fr-FR", "ja-JP", undefined]);
    const opts = r.pick([undefined, { timeZone: "UTC" }, { dateStyle: "medium", timeZone: "UTC" }, { dateStyle: "full", timeStyle: "short", timeZone: "UTC" }, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }, { weekday: "long", timeZone: "UTC" }, { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" }, { month: "long", timeZone: "UTC" }]);
    return { t: "locale_date", args: [r.int(0, 2e12), loc, opts, r.pick(["toLocaleDateString", "toLocaleString", "toLocaleTimeString", "DateTimeFormat"])] };
  },
  coercion(r) {
    const vals = [r.int(-3, 3), "", "0", "1", " 2 ", "a", "1e3", null, undefined, true, false, NaN, -0, [], [1], [1, 2], {}, raw("{valueOf() { return 7 }}"), raw("{toString() { return '9' }}"), raw("{[Symbol.toPrimitive](h) { return h }}"), raw("new Date(0)"), 10n, raw("[[]]"), raw("[null]")];
    return { t: "coercion", args: [r.pick(vals), r.pick(["+", "-", "*", "==", "===", "<", ">=", "+``", "??", "&&", "||", "in-template", "String", "Number", "!!", "~"]), r.pick(vals)] };
  },
  iterators(r) {
    return { t: "iterators", args: [r.pick(["gen_spread", "gen_return", "entries_destructure", "string_iter", "map_iter_mutate", "array_iter_grow", "from_iterable", "yield_star", "arguments", "keys_sparse"]), r.arr(r.int(0, 6), () => r.pick([r.int(0, 9), "x", HOLE, undefined, [r.int(0, 2), "y"]]))] };
  },
  edge_calls(r) {
    // Built-ins called with extreme integers: where an engine's index arithmetic can overflow,
    // saturate or panic. Only calls whose work stays small in V8 (no loop to a huge length).
    const X = () => r.pick([2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 53 - 1, 2 ** 53, -1, -(2 ** 31), 2 ** 31 - 1, 2 ** 31, 1e21, -1e21, NaN, Infinity, -Infinity, -0, 0.5, -0.5, 4294967294, 2 ** 30, 1.5, -(2 ** 53), 1e308, 5e-324, 0, 1, 2, 3, 100, 101, 21, 36, 37]);
    return { t: "edge_call", args: [r.int(0, EDGE_CALLS.length - 1), X(), X(), X()] };
  },
};

const EDGE_CALLS = [
  "Array(3).fill(0, X, Y)", "[1, 2, 3, 4].copyWithin(X, Y, Z)", "[1, 2, 3, 4].splice(X, Y)", "'abcd'.substring(X, Y)",
  "'abcd'.slice(X, Y)", "'abcd'.substr(X, Y)", "'abcd'.at(X)", "'abcd'.codePointAt(X)", "'abcd'.charAt(X)", "'abcd'.charCodeAt(X)",
  "(X).toString(36)", "(X).toFixed(20)", "(X).toExponential(20)", "(X).toPrecision(21)", "(X).toFixed(Y)", "(X).toPrecision(Y)",
  "(X).toExponential(Y)", "(123.456).toString(Y)", "(X).toString(Y)", "new Date(X).toISOString()", "new Date(X).toString()",
  "new Date(X, Y).getTime()", "Date.UTC(X, Y, Z)", "new Date(2020, 0, 1, 0, 0, 0, X).getTime()", "new Date(0).setFullYear(X, Y, Z)",
  "new Int8Array(4).subarray(X, Y)", "new Int8Array(4).fill(1, X, Y)", "new Int8Array(4).set([1], X)",
  "new ArrayBuffer(8).slice(X, Y).byteLength", "new DataView(new ArrayBuffer(8)).getInt32(X)", "new DataView(new ArrayBuffer(8), X)",
  "new Uint8Array(new ArrayBuffer(8), X, Y)", "BigInt.asIntN(X, 5n)", "BigInt.asUintN(X, -5n) % 1000n", "String.fromCodePoint(X)",
  "String.fromCharCode(X, Y)", "'abc'.padStart(X % 50, 'xy')", "[1, 2, 3].at(X)", "[1, 2, 3].with(X, 0)", "[1, 2, 3].lastIndexOf(1, X)",
  "[1, 2, 3].indexOf(3, X)", "[1, 2, 3].includes(1, X)", "'abcb'.indexOf('b', X)", "'abcb'.lastIndexOf('b', X)", "'abc'.startsWith('a', X)",
  "'abc'.endsWith('c', X)", "[1, 2, 3].slice(X, Y)", "[1, 2, 3].toSpliced(X, Y, 9)", "[[1, [2, [3]]]].flat(X)",
  "Array.prototype.at.call({length: X, 0: 'a'}, -1)", "Array.prototype.indexOf.call({length: X, 0: 1}, 1)",
  "Array.prototype.fill.call({length: 3}, 0, X)", "Array.prototype.slice.call({length: X, 0: 1}, 0, 2)",
  "Array.prototype.splice.call({length: 2, 0: 1, 1: 2}, X, Y)", "new Array(X).length", "Array.prototype.push.call({length: X}, 1)",
  "Array.prototype.unshift.call({length: 2}, 1)", "Array.prototype.with.call({length: 2}, X, 1)", "parseInt('123', X)",
  "'a,b,c'.split(',', X)", "'abc'.split('', X)", "BigInt(X)", "10n ** BigInt(Math.min(Math.abs(X) | 0, 300))",
  "1n << BigInt(Math.min(Math.abs(X) | 0, 3000)) >> 3n", "new Int8Array(Math.abs(X) % 1000 | 0).length", "'abc'.repeat(Math.min(Math.abs(X) | 0, 100)).length",
  "Math.round(X) + Math.trunc(Y) + Math.sign(Z)", "X % Y", "X ** Y", "(X | 0) + (Y >>> 0) + (Z >> 1)", "Number.isSafeInteger(X)",
  "[X, Y, Z].sort()", "[X, Y, Z].sort((a, b) => a - b)", "JSON.stringify([X, Y, Z])", "String([X, Y, Z])", "Object.is(X % 1, -0)",
  "encodeURIComponent(String.fromCharCode(Math.abs(X) % 65536 | 0))", "'x'.normalize(['NFC', 'NFD', 'NFKC', 'NFKD'][Math.abs(X) % 4 | 0])",
  "new Date(X).getDay() + new Date(Y).getUTCHours()", "(new Date(X)).toJSON()", "Math.max(X, Y, Z) - Math.min(X, Y, Z)",
  "new RegExp('a{' + (X >>> 0) + '}').test('aaa')", "new RegExp('a{' + (X >>> 0) + ',' + (Y >>> 0) + '}').exec('aaaa')",
  "'aaa'.match(new RegExp('a{' + (X >>> 0) + ',}'))", "new RegExp('\\\\u{' + (X >>> 0).toString(16) + '}', 'u').source",
  "(() => { const r = /a/y; r.lastIndex = X; return [r.test('aaa'), r.lastIndex] })()", "(() => { const r = /a/g; r.lastIndex = X; return ['aaa'.replace(r, 'b'), r.lastIndex] })()",
  "'abc'.replace(/b/g, '$' + (X >>> 0))", "'abc'.split(/(?:)/, X)", "new Date(0).setHours(X, Y, Z)", "new Date(0).setUTCMonth(X, Y)",
  "(X).toString(2).length", "Array.from({length: Math.abs(X) % 20 | 0}, (_, i) => i).length", "[1, [2, [3, [4]]]].flat(X)",
  "Array(3).join(String(X))", "new Float64Array(new ArrayBuffer(16), X)", "new Int16Array(new ArrayBuffer(8), X, Y)",
  "Array.prototype.copyWithin.call({length: 3, 0: 'a'}, X, Y, Z)", "escape(String.fromCharCode(X))", "decodeURIComponent('%' + ((X >>> 0) % 256).toString(16))",
  "parseFloat('1e' + X)", "Number('0x' + (X >>> 0).toString(16))", "BigInt('0x' + (X >>> 0).toString(16))",
  "new Intl.NumberFormat('en-US', {maximumFractionDigits: X}).format(1.5)", "(X).toLocaleString('en-US')",
  "new Date(Date.UTC(X, Y)).toISOString()", "[...'abc'].toSpliced(X).length", "new Array(5).fill(1).lastIndexOf(1, X)",
  "'abc'.localeCompare('abd', 'en-US', {sensitivity: ['base', 'accent', 'case', 'variant'][Math.abs(X) % 4 | 0]})",
  "(() => { const a = [1, 2, 3]; a.length = Math.min(Math.abs(X) | 0, 5); return a })()", "Object.keys('abc'.split('', X))",
  "String.prototype.at.call(X, Y)", "Array.prototype.at.call('abc', X)", "Function.prototype.apply.call(Math.max, null, [X, Y, Z])",
];

// ------------------------------------------------------------------ templates: args → case body

const L = lit;
const methodCall = (recv, m, args) => `${recv}.${m}(${args.map(L).join(", ")})`;

export const TEMPLATES = {
  json_parse: ([text]) => `return JSON.parse(${L(text)});`,
  json_parse_reviver: ([text]) => `const seen = []; const v = JSON.parse(${L(text)}, function (k, v) { seen.push(k); return typeof v === "number" ? -v : v }); return [v, seen];`,
  json_stringify: ([v, replacer, indent]) => `return JSON.stringify(${L(v)}, ${L(replacer)}, ${L(indent)});`,
  json_stringify_deep: ([depth, open]) => `let v = 1; for (let i = 0; i < ${L(depth)}; i++) v = ${open === "[" ? "[v]" : "{a: v}"}; const s = JSON.stringify(v); return [s.length, JSON.stringify(JSON.parse(s)) === s];`,
  sort: ([arr, cmp, m]) => `const a = ${L(arr)}; const r = a.${m}(${cmp}); return [r, a];`,
  sort_stable: ([keys]) => `const a = ${L(keys)}.map((k, i) => ({k, i})); a.sort((x, y) => x.k - y.k); return a.map(o => o.k + ":" + o.i).join(" ");`,
  sort_inconsistent: ([arr, cmp, seed, m]) => `let s = ${L(seed)}; const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648; const a = ${L(arr)}; const r = a.${m}(${cmp}); return [r.length, r.slice().sort((x, y) => (x !== x) - (y !== y) || (x !== x ? 0 : x - y))];`,
  array_method: ([arr, m, args]) => `const a = ${L(arr)}; let r = a.${m}(${args.map(L).join(", ")}); if (r && typeof r.next === "function") r = [...r]; return [r, a];`,
  array_callback: ([arr, m, fn]) => {
    if (m === "Array.from") return `return Array.from(${L(arr)}, ${fn});`;
    if (m === "group") return `const out = {}; ${L(arr)}.forEach((x, i) => { const k = String((${fn})(x, i, [])); (out[k] ||= []).push(x) }); return out;`;
    if (m === "reduce" || m === "reduceRight") return `const a = ${L(arr)}; return a.${m}(${fn});`;
    if (m === "forEach") return `const out = []; ${L(arr)}.forEach((...p) => out.push((${fn})(...p))); return out;`;
    return `const a = ${L(arr)}; return [a.${m}(${fn}), a];`;
  },
  array_length: ([arr, lens, rounds]) => `function set(a, n) { try { a.length = n; return [a.length, Array.from({length: Math.min(a.length, 12)}, (_, i) => i in a ? a[i] : "hole")] } catch (e) { return e.constructor.name } }
const out = []; for (let round = 0; round < ${L(rounds)}; round++) for (const n of ${L(lens)}) { const a = ${L(arr)}; out.push(set(a, n)); a.push("p"); out.push(a.length); }
return out;`,
  string_method: ([s, m, args]) => {
    if (m === "codePoints") return `const out = []; for (const c of ${L(s)}) out.push(c.codePointAt(0)); return out;`;
    if (m === "spread") return `return [...${L(s)}].map(c => c.length);`;
    if (m === "raw") return `return String.raw({raw: ${L(s)}}, 1, 2, 3);`;
    if (m === "localeUpper") return `return ${L(s)}.toLocaleUpperCase("en-US");`;
    return `return ${methodCall(L(s), m, args)};`;
  },
  string_from: ([m, codes]) => `return String.${m}(${codes.map(L).join(", ")});`,
  num_method: ([x, m, args]) => `return (${L(x)}).${m}(${args.map(L).join(", ")});`,
  num_parse: ([f, s, radix]) => {
    if (f === "unary+") return `return +${L(s)};`;
    if (f === "parseInt") return `return parseInt(${L(s)}${radix === undefined ? "" : ", " + L(radix)});`;
    return `return ${f}(${L(s)});`;
  },
  binop: ([a, op, b]) => `const a = ${L(a)}, b = ${L(b)}; return a ${op} b;`,
  math: ([f, xs]) => `return Math.${f}(${xs.map(L).join(", ")});`,
  date_utc: ([fields]) => `return [Date.UTC(${fields.map(L).join(", ")}), new Date(${fields.map(L).join(", ")}).getTime()];`,
  date_setters: ([t, m, args]) => `const d = new Date(${L(t)}); const r = d.${m}(${args.map(L).join(", ")}); return [r, d.getTime()];`,
  date_getters: ([t]) => `const d = new Date(${L(t)}); return ["getFullYear", "getMonth", "getDate", "getDay", "getHours", "getMinutes", "getSeconds", "getMilliseconds", "getUTCDay", "getTimezoneOffset", "getYear"].map(m => d[m]());`,
  date_format: ([t, m]) => {
    if (m === "String") return `return String(new Date(${L(t)}));`;
    if (m === "template") return `return \`\${new Date(${L(t)})}\`;`;
    return `return new Date(${L(t)}).${m}();`;
  },
  date_parse: ([s, f]) => (f === "new Date" ? `return new Date(${L(s)}).getTime();` : `return Date.parse(${L(s)});`),
  typed_new: ([T, vals]) => `return [new ${T}(${L(vals)}), ${T}.from(${L(vals)}, x => x * 2)];`,
  typed_op: ([T, vals, m, args]) => {
    if (m === "set") return `const a = new ${T}(${L(vals)}.length + 2); a.set(${L(vals)}, ${L(args[0] ?? 0)}); return a;`;
    if (m === "map" || m === "filter") return `const a = new ${T}(${L(vals)}); return a.${m}((x, i) => ${m === "map" ? "x * 3 + i" : "x > 0"});`;
    if (m === "sort" || m === "toSorted") return `const a = new ${T}(${L(vals)}); return [a.${m}(), a];`;
    return `const a = new ${T}(${L(vals)}); const r = a.${m}(${args.map(L).join(", ")}); return [r, a];`;
  },
  dataview: ([kind, off, x, little]) => {
    const isBig = kind.startsWith("Big");
    const v = isBig ? `BigInt(Math.trunc(${L(Number.isFinite(x) ? x : 0)}))` : L(x);
    return `const dv = new DataView(new ArrayBuffer(16)); dv.set${kind}(${L(off)}, ${v}, ${L(little)}); return [new Uint8Array(dv.buffer), dv.get${kind}(${L(off)}, ${L(!little)}), dv.get${kind}(${L(off)}, ${L(little)})];`;
  },
  bigint_parse: ([s, f]) => (f === "BigInt" ? `return BigInt(${L(s)});` : `return BigInt.${f}(64, BigInt(${L(s)}));`),
  bigint_tostring: ([b, radix]) => `return (${L(b)}).toString(${radix === undefined ? "" : L(radix)});`,
  bigint_from_number: ([x]) => `return [BigInt(${L(x)}), BigInt.asIntN(32, BigInt(Math.trunc(${L(Number.isFinite(x) ? x : 0)})))];`,
  bigint_op: ([a, op, b]) => {
    if (op === "asIntN" || op === "asUintN") return `return BigInt.${op}(Number(${L(b)}), ${L(a)});`;
    if (op === "mixed") return `return [${L(a)} < 1.5, ${L(a)} == 7, ${L(a)} + 1];`;
    return `return ${L(a)} ${op} ${L(b)};`;
  },
  uri: ([f, s]) => `return ${f}(${L(s)});`,
  regex_exec: ([src, flags, text, m]) => {
    const re = `new RegExp(${L(src)}, ${L(flags)})`;
    if (m === "exec") return `const re = ${re}; const out = []; for (let i = 0; i < 5; i++) { const r = re.exec(${L(text)}); out.push(r, re.lastIndex); if (!r || !re.global && !re.sticky) break; if (r[0] === "") re.lastIndex++; } return out;`;
    if (m === "matchAll") return `const re = ${re}; if (!re.global) return "not global"; return [...${L(text)}.matchAll(re)];`;
    if (m === "lastIndex") return `const re = ${re}; re.lastIndex = 2; return [re.test(${L(text)}), re.lastIndex, re.source, re.flags];`;
    if (m === "test") return `const re = ${re}; return [re.test(${L(text)}), re.lastIndex, re.test(${L(text)}), re.lastIndex];`;
    return `const re = ${re}; return [${L(text)}.${m}(re), re.lastIndex];`;
  },
  regex_replace: ([src, flags, text, m, rep, limit]) => {
    const re = `new RegExp(${L(src)}, ${L(flags)})`;
    const repSrc = rep.includes("=>") ? rep : L(rep);
    if (m === "split") return `return ${L(text)}.split(${re}${limit === undefined ? "" : ", " + L(limit)});`;
    return `return ${L(text)}.${m}(${re}, ${repSrc});`;
  },
  object_keys: ([keys, op, n]) => {
    const obj = `{${keys.map((k, i) => `${L(k)}: ${i}`).join(", ")}}`;
    switch (op) {
      case "keys": return `return Object.keys(${obj});`;
      case "values": return `return Object.values(${obj});`;
      case "entries": return `return Object.entries(${obj});`;
      case "assign": return `return Object.assign({z: -1, 5: -1}, ${obj}, {a: -2});`;
      case "spread": return `const o = ${obj}; return {b: -1, ...o, 3: -3, ...[9, 8]};`;
      case "json": return `return JSON.stringify(${obj});`;
      case "forin": return `const out = []; const o = Object.create({inh: 1, 0: 2}); Object.assign(o, ${obj}); for (const k in o) out.push(k); return out;`;
      case "rest": return `const {${keys.length ? L(keys[0]) + ": first, " : ""}...rest} = ${obj}; return rest;`;
      case "delete": return `const o = ${obj}; for (const k of Object.keys(o).slice(0, ${L(n)})) { delete o[k]; o[k] = "again"; } return o;`;
      case "defineProperty": return `const o = ${obj}; Object.defineProperty(o, "hidden", {value: 1}); Object.defineProperty(o, "7", {value: 2, enumerable: true}); return [Object.keys(o), Reflect.ownKeys(o), o];`;
      case "fromEntries": return `return Object.fromEntries(Object.entries(${obj}).reverse());`;
      default: return `return Object.getOwnPropertyNames(${obj});`;
    }
  },
  map_set: ([T, vals, op]) => {
    const mk = T === "Set" ? `new Set(${L(vals)})` : `new Map(${L(vals)}.map((v, i) => [v, i]))`;
    if (T === "WeakMap") return `const w = new WeakMap(); const ks = ${L(vals)}.map(v => ({v})); ks.forEach((k, i) => w.set(k, i)); return [ks.map(k => w.get(k)), w.has({}), (() => { try { w.set(1, 1); return "ok" } catch (e) { return e.constructor.name } })()];`;
    switch (op) {
      case "delete_readd": return `const c = ${mk}; const first = [...c.keys()][0]; c.delete(first); ${T === "Set" ? "c.add(first)" : "c.set(first, 'again')"}; return [...c];`;
      case "has": return `const c = ${mk}; return [c.has(-0), c.has(0), c.has(NaN), c.has("1"), c.has(undefined), c.size];`;
      case "size_after_clear": return `const c = ${mk}; const n = c.size; c.clear(); return [n, c.size, [...c]];`;
      case "spread_entries": return `const c = ${mk}; return [[...c.entries()], Array.from(c)];`;
      case "forEach_mutation": return `const c = ${mk}; const seen = []; let n = 0; c.forEach((v, k) => { seen.push(k); if (n++ < 3) ${T === "Set" ? "c.add('new' + n)" : "c.set('new' + n, n)"}; if (n === 2) c.delete(k); }); return seen;`;
      case "get": return `const c = ${mk}; return ${T === "Set" ? "[...c.values()]" : "[c.get(-0), c.get(0), c.get(NaN), c.get('a')]"};`;
      default: return `const c = ${mk}; return [[...c.keys()], [...c.values()]];`;
    }
  },
  locale_number: ([x, loc, opts, m]) => (m === "NumberFormat" ? `return new Intl.NumberFormat(${L(loc)}, ${L(opts)}).format(${L(x)});` : `return (${L(x)}).toLocaleString(${L(loc)}, ${L(opts)});`),
  locale_date: ([t, loc, opts, m]) => (m === "DateTimeFormat" ? `return new Intl.DateTimeFormat(${L(loc)}, ${L(opts)}).format(new Date(${L(t)}));` : `return new Date(${L(t)}).${m}(${L(loc)}, ${L(opts)});`),
  coercion: ([a, op, b]) => {
    const A = L(a), B = L(b);
    if (op === "+``") return `const a = ${A}; return \`\${a}|\${${B}}\`;`;
    if (op === "in-template") return `return [String([${A}, ${B}]), [${A}, ${B}].join("-")];`;
    if (op === "String" || op === "Number") return `return [${op}(${A}), ${op}(${B})];`;
    if (op === "!!" || op === "~") return `return [${op}(${A}), ${op}(${B})];`;
    return `const a = ${A}, b = ${B}; return a ${op} b;`;
  },
  iterators: ([kind, vals]) => {
    const V = L(vals);
    switch (kind) {
      case "gen_spread": return `function* g(a) { for (const x of a) { if (x === "x") continue; yield x } return "r" } return [...g(${V})];`;
      case "gen_return": return `function* g(a) { try { yield* a } finally { out.push("f") } } const out = []; const it = g(${V}); out.push(it.next().value, it.return("R"), it.next()); return out;`;
      case "entries_destructure": return `const out = []; for (const [i, v] of ${V}.entries()) out.push(i + ":" + v); return out;`;
      case "string_iter": return `return [...${L(vals.map(String).join("\ud83d\ude00"))}].length;`;
      case "map_iter_mutate": return `const m = new Map(${V}.map((v, i) => [i, v])); const out = []; for (const [k] of m) { out.push(k); if (k < 3) m.set(k + 10, 0); if (k === 1) m.delete(2) } return out;`;
      case "array_iter_grow": return `const a = ${V}; const out = []; for (const x of a) { out.push(x); if (a.length < 9) a.push("g") } return out;`;
      case "from_iterable": return `return [Array.from(new Set(${V})), Array.from({length: 3, 0: "a", 2: "c"}), Array.from("ab\u00e9")];`;
      case "yield_star": return `function* inner() { const x = yield 1; return x } function* outer() { const r = yield* inner(); yield r } const it = outer(); return [it.next(), it.next("sent"), it.next()];`;
      case "arguments": return `function f() { arguments[0] = "changed"; return [arguments.length, [...arguments]] } return f(...${V});`;
      default: return `const a = ${V}; return [Object.keys(a), [...a.keys()], a.findLastIndex(x => x === undefined)];`;
    }
  },
  edge_call: ([i, x, y, z]) => `const X = ${L(x)}, Y = ${L(y)}, Z = ${L(z)}; return ${EDGE_CALLS[Math.abs(Math.trunc(i)) % EDGE_CALLS.length]};`,
  destructuring: ([kind, vals]) => {
    switch (kind) {
      case "arr_holes": return `const [a, , b = "d", ...r] = ${L(vals)}; return [a, b, r];`;
      case "obj_rest_nested": return `const {0: a, 1: {length} = [], ...r} = ${L(vals)}; return [a, length, r];`;
      case "defaults": return `const out = []; for (const v of ${L(vals)}) { const {x = "dx", y: [z = "dz"] = []} = {x: v, y: v === null || typeof v !== "object" ? [] : v}; out.push(x, z) } return out;`;
      case "swap": return `let a = ${L(vals)}; if (a.length > 1) [a[0], a[a.length - 1]] = [a[a.length - 1], a[0]]; return a;`;
      case "params_default": return `function f(a = 1, {b, c = a} = {}, ...r) { return [a, b, c, r, arguments.length] } return f(...${L(vals)});`;
      case "computed": return `const k = ${L(vals)}; const {[k[0]]: x, ...r} = {u: 1, undefined: 2, 0: 3, s: 4, null: 5}; return [x, r];`;
      case "iter_close": return `let closed = 0; const it = {[Symbol.iterator]() { let i = 0; const v = ${L(vals)}; return {next: () => ({done: i >= v.length, value: v[i++]}), return() { closed++; return {} }} }}; const [a, b] = it; return [a, b, closed];`;
      default: return `const [a, b, ...r] = ${L(vals.map(String).join(""))}; return [a, b, r];`;
    }
  },
};

export const FAMILY_NAMES = Object.keys(FAMILIES);
