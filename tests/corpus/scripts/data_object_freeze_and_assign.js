const base = Object.freeze({ a: 1, nested: { b: 2 } });
let assignError = null;
try {
  "use strict";
  base.a = 5;
} catch (e) {
  assignError = e.constructor.name;
}
base.nested.b = 3;
const copy = Object.assign({}, base, { c: 4 });
return { base, copy, frozen: Object.isFrozen(base), nestedFrozen: Object.isFrozen(base.nested), assignError };
