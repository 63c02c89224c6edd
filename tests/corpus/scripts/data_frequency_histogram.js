const scores = [72, 85, 91, 64, 78, 88, 95, 59, 83, 77, 69, 90];
const buckets = {};
for (const s of scores) {
  const lo = Math.floor(s / 10) * 10;
  const label = `${lo}-${lo + 9}`;
  buckets[label] = (buckets[label] || 0) + 1;
}
const bars = Object.keys(buckets)
  .sort()
  .map(k => `${k.padEnd(6)}${"#".repeat(buckets[k])}`);
return bars.join("\n");
