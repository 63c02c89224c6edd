const steps = [];
async function risky(n) {
  if (n > 2) throw new RangeError(`n too big: ${n}`);
  return n * 2;
}
for (const n of [1, 3]) {
  try {
    steps.push(`ok ${await risky(n)}`);
  } catch (e) {
    steps.push(`caught ${e.name}: ${e.message}`);
  } finally {
    steps.push(`finally ${n}`);
  }
}
return steps;
