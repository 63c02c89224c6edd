// Deleting from maps and sets: the order of what is left, deleting while iterating, an LRU
// cache evicting its oldest key.
const m = new Map();
for (let i = 0; i < 40; i++) m.set('k' + i, i);
for (let i = 0; i < 40; i += 3) m.delete('k' + i);
m.set('k0', 'back');
const afterDeletes = [...m.keys()].join(',');

// Deleting the entry being visited and the ones ahead of it, and adding behind it.
const seen = [];
const n = new Map([[1, 'a'], [2, 'b'], [3, 'c'], [4, 'd'], [5, 'e']]);
for (const [k] of n) {
  seen.push(k);
  n.delete(k);
  if (k === 1) n.delete(3);
  if (k < 3) n.set(k + 10, 'x');
}
const visited = seen.join(',');

// An iterator made before the deletes goes on where it was.
const s = new Set(Array.from({ length: 30 }, (_, i) => i));
const it = s.values();
const first = [it.next().value, it.next().value];
for (let i = 0; i < 28; i++) s.delete(i);
s.add(100);
const rest = [...it];

// An LRU cache of 50 entries over 5,000 reads.
const cache = new Map();
let hits = 0;
for (let i = 0; i < 5000; i++) {
  const key = (i * i + 3 * i) % 131 % 70;
  if (cache.has(key)) {
    hits++;
    const v = cache.get(key);
    cache.delete(key);
    cache.set(key, v);
  } else {
    cache.set(key, i);
    if (cache.size > 50) cache.delete(cache.keys().next().value);
  }
}

// Emptied, then filled again; forEach after many deletes.
const big = new Set();
for (let i = 0; i < 1000; i++) big.add(i);
for (let i = 0; i < 1000; i++) if (i % 10 !== 7) big.delete(i);
let sum = 0;
big.forEach((v) => { sum += v; });
const empty = new Map([[1, 1]]);
empty.delete(1);
empty.set(2, 2);

return {
  afterDeletes, size: m.size, visited, remaining: [...n.entries()].join(';'),
  first, rest, setSize: s.size, hits, cacheSize: cache.size,
  oldest: [...cache.keys()].slice(0, 5), bigSize: big.size, sum,
  refilled: [...empty], emptySize: empty.size,
};
