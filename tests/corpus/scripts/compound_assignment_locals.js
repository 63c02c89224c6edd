// Compound assignments and updates on locals, the shapes the engine compiles in place: the
// left side is read before the right side runs, a right side that writes the variable, types
// that coerce or throw, and loops models write.
let a = 10; a += (a = 5, 1);
let b = 3; b *= b++ + 1;
let c = 1; c -= c-- - c;
let s = "x"; for (let i = 0; i < 3; i++) s += i;
let t = 2; t **= 10; t %= 1000; t <<= 3; t >>= 1; t >>>= 0; t |= 1; t &= 0xff; t ^= 0x0f;
let big = 10n; big += 5n; big *= 2n;
let mixed = 1; let error = null;
try { mixed += 1n; } catch (e) { error = `${e.name}: ${mixed}`; }
let o = { valueOf() { return 7; } }; let v = 1; v += o;
let n = 2147483646; n++; n++; let m = -2147483647; m--; m--;
let f = 0.5; f++; let u; u++; let nul = null; nul--;
let sum = 0; const rows = [{ v: 1 }, { v: 2 }, { v: 3 }];
for (const r of rows) sum += r.v * 2;
let acc = 0; for (let i = 0; i < 1000; i++) acc += i % 7;
let k = 5; const g = () => k; k += 1;
function inner(x) { x += x; x -= 1; return x; }
let w = 1; w += inner(w) + w;
return { a, b, c, s, t, big: String(big), error, v, n, m, f, u: String(u), nul, sum, acc, k: g(), w, x: inner("ab") };
