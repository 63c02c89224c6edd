const result = await Promise.resolve(5)
  .then(x => x * 2)
  .then(x => { if (x > 5) throw new Error("too big"); return x; })
  .catch(e => `recovered from ${e.message}`)
  .finally(() => "ignored")
  .then(v => v.toUpperCase());
return result;
