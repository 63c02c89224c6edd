// A property read again after the prototype changed sees the change (issue 24: the inline
// cache remembered the prototype's old slot).
const out = {};
const read = (x) => typeof x.a;
const p = { a() {} };
const o = Object.create(p);
const seen = [read(o), read(o)];
Object.defineProperty(p, "a", { get() { return "from getter"; } });
seen.push(read(o), o.a);
out.getterLater = seen.join();

const q = { a: 1, b: 2, c: 3 };
const r = Object.create(q);
const readC = (x) => x.c;
const cs = [readC(r), readC(r)];
delete q.a; cs.push(readC(r));
delete q.b; cs.push(readC(r));
delete q.c; cs.push(String(readC(r)));
out.deleted = cs.join();

class A { get v() { return 1; } }
class B extends A {}
const inst = new B();
const readV = (x) => x.v;
const vs = [readV(inst), readV(inst)];
Object.defineProperty(A.prototype, "v", { get() { return 2; } });
vs.push(readV(inst));
out.classGetter = vs.join();

// A setter on the prototype replaced by a data property: writes land on the object.
const sp = { set a(v) { this._a = v * 2; } };
const so = Object.create(sp);
const write = (x, v) => { x.a = v; };
write(so, 1);
Object.defineProperty(sp, "a", { value: 7, writable: true });
write(so, 2);
out.setterReplaced = [so._a, so.a, sp.a, Object.keys(so).join("|")].join();

// An object with many properties made read-only after a cached write.
const big = {};
for (let i = 0; i < 1100; i++) big["k" + i] = i;
const writeK5 = (x, v) => { x.k5 = v; };
writeK5(big, 2);
Object.defineProperty(big, "k5", { writable: false });
writeK5(big, 3);
const frozen = {};
for (let i = 0; i < 1100; i++) frozen["k" + i] = i;
writeK5(frozen, 2);
Object.freeze(frozen);
writeK5(frozen, 3);
out.readOnlyLater = [big.k5, frozen.k5].join();

// Typed array sort is stable: equal elements keep their order.
out.typedSort = [
  new Int32Array([0, 1]).sort(() => 0).join(),
  new Int8Array([5, 4, 3, 2, 1, 0]).sort((m, n) => (m % 2) - (n % 2)).join(),
  new Float64Array([3, 1, 2]).toSorted(() => -0).join(),
].join(" ");
return out;
