function clear(x) { x.length = 0; return x; }
clear([1]); const y = clear([3, 4, 5]);
const out = [y.length];
for (const bad of [-1, 1.5, NaN, 2 ** 32, "2", {valueOf() { return 3; }}]) {
  try { const z = [1, 2, 3, 4]; z.length = bad; out.push(z.length); } catch (e) { out.push(e.name); }
}
const s = [1, 2, 3]; Object.defineProperty(s, "length", {writable: false});
try { s.push(4); } catch (e) { out.push(e.name); }
return [out, "abcd".at(-1e21), [1, 2].at(-(2 ** 53)), [].at(Infinity)];
