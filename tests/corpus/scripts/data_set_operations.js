const a = new Set(["read", "write", "delete", "admin"]);
const b = new Set(["read", "write", "share"]);
const union = new Set([...a, ...b]);
const intersection = [...a].filter(x => b.has(x));
const difference = [...a].filter(x => !b.has(x));
const symmetric = [...union].filter(x => !(a.has(x) && b.has(x)));
return { union: [...union], intersection, difference, symmetric };
