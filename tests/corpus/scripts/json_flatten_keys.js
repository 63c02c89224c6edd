const nested = { app: { name: "svc", db: { host: "localhost", port: 5432, pool: { min: 2, max: 10 } } }, debug: true, tags: ["x", "y"] };
const flatten = (obj, prefix = "") => Object.entries(obj).reduce((acc, [k, v]) => {
  const key = prefix ? `${prefix}.${k}` : k;
  if (v && typeof v === "object" && !Array.isArray(v)) Object.assign(acc, flatten(v, key));
  else acc[key] = v;
  return acc;
}, {});
const flat = flatten(nested);
const unflatten = f => Object.entries(f).reduce((acc, [path, v]) => {
  const keys = path.split(".");
  keys.slice(0, -1).reduce((o, k) => (o[k] ??= {}), acc)[keys.at(-1)] = v;
  return acc;
}, {});
return { flat, roundtrip: JSON.stringify(unflatten(flat)) === JSON.stringify(nested) };
