const withDefault = (obj, fallback) => new Proxy(obj, { get: (t, k) => (k in t ? t[k] : fallback) });
const counts = withDefault({ apples: 3 }, 0);
const readonly = new Proxy({ a: 1 }, { set() { return false; } });
readonly.a = 2;
return { apples: counts.apples, pears: counts.pears, a: readonly.a, keys: Reflect.ownKeys({ b: 1, a: 2, 1: 0 }) };
