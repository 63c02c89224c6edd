async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0, active = 0, maxActive = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      active++;
      maxActive = Math.max(maxActive, active);
      results[i] = await fn(items[i]);
      active--;
    }
  }
  await Promise.all(Array.from({ length: limit }, worker));
  return { results, maxActive };
}
return await mapLimit([1, 2, 3, 4, 5, 6, 7], 3, async x => { await null; return x * x; });
