// Deleting an object's keys: in insertion order from a large object used as a dictionary,
// deleting and re-adding, accessors among data properties, symbols, and a read through a
// function that keeps reading the same key while the ones before it go.
const pending = {};
for (let i = 0; i < 20000; i++) pending['job' + i] = { id: i, done: false };
let processed = 0;
for (let i = 0; i < 20000 - 3; i++) {
  processed += pending['job' + i].id % 7;
  delete pending['job' + i];
}
pending.extra = { id: -1 };
const left = Object.keys(pending);

const mixed = {};
for (let i = 0; i < 100; i++) {
  mixed['k' + i] = i;
  if (i % 3 === 0) Object.defineProperty(mixed, 'g' + i, { get() { return i * 2; }, enumerable: true, configurable: true });
}
for (let i = 0; i < 100; i += 2) delete mixed['k' + i];
Object.defineProperty(mixed, 'k1', { get() { return 'now an accessor'; }, configurable: true, enumerable: true });
for (let i = 0; i < 60; i += 3) delete mixed['g' + i];
mixed.added = 5;
Object.defineProperty(mixed, 'k3', { value: 'data again', writable: true, enumerable: true, configurable: true });

const s = Symbol('s');
const small = { a: 1, b: 2, c: 3 };
small[s] = 4;
small.d = 5;
delete small.b;
delete small.a;

const churn = {};
for (let i = 0; i < 2000; i++) churn['x' + i] = i;
let total = 0;
for (let r = 0; r < 20; r++) {
  for (let i = 0; i < 2000; i += 2) delete churn['x' + i];
  for (let i = 0; i < 2000; i += 2) churn['x' + i] = r;
  for (const k in churn) total += churn[k];
}

const cached = {};
for (let i = 0; i < 40; i++) cached['k' + i] = i;
const read = () => cached.k39;
let sum = 0;
for (let i = 0; i < 38; i++) {
  delete cached['k' + i];
  sum += read();
}
Object.freeze(cached);

return {
  processed, left, lastJob: pending.job19999, gone: 'job5' in pending,
  mixedKeys: Object.keys(mixed).join(), mixedValues: Object.values(mixed).join(), mixedJson: JSON.stringify(mixed),
  smallKeys: Reflect.ownKeys(small).map(String), smallEntries: Object.entries(small), spread: { ...small },
  total, churnFirst: Object.keys(churn).slice(0, 4), churnSize: Object.keys(churn).length,
  sum, frozen: Object.isFrozen(cached), cachedKeys: Object.keys(cached), descriptor: Object.getOwnPropertyDescriptor(cached, 'k39'),
};
