const delayed = (value, ticks) => {
  let p = Promise.resolve(value);
  for (let i = 0; i < ticks; i++) p = p.then(v => v);
  return p;
};
const first = await Promise.race([delayed("slow", 5), delayed("fast", 1), delayed("medium", 3)]);
const any = await Promise.any([Promise.reject(new Error("x")), delayed("second", 2), delayed("third", 4)]);
let aggregate = null;
try { await Promise.any([Promise.reject(new Error("a")), Promise.reject(new Error("b"))]); }
catch (e) { aggregate = { name: e.name, count: e.errors.length }; }
return { first, any, aggregate };
