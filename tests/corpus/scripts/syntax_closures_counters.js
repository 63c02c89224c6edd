function makeCounter(start = 0) {
  let count = start;
  return { inc: () => ++count, dec: () => --count, get value() { return count; } };
}
const a = makeCounter();
const b = makeCounter(10);
a.inc(); a.inc(); b.dec();
const adders = [1, 2, 3].map(n => x => x + n);
return { a: a.value, b: b.value, adders: adders.map(f => f(10)) };
