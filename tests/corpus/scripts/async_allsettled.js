const task = async (name, fail) => {
  await null;
  if (fail) throw new Error(`${name} failed`);
  return `${name} ok`;
};
const results = await Promise.allSettled([task("a"), task("b", true), task("c"), Promise.reject(new TypeError("bad input"))]);
return results.map(r => (r.status === "fulfilled" ? { ok: r.value } : { err: `${r.reason.name}: ${r.reason.message}` }));
