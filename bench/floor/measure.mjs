// Sequential GETs of each URL, interleaved round by round so all see the same machine noise;
// prints the median and tenth percentile of each, in ms. usage: node measure.mjs URL... [--n 300] [--json FILE]
import { writeFileSync } from "node:fs";
const args = process.argv.slice(2);
const flag = (k, d) => { const i = args.indexOf(k); return i >= 0 ? args.splice(i, 2)[1] : d; };
const n = Number(flag("--n", 300)), json = flag("--json");
const urls = args;
const samples = urls.map(() => []);
for (let round = 0; round < n; round++) {
  for (const [i, url] of urls.entries()) {
    const t0 = performance.now();
    await (await fetch(url)).text();
    samples[i].push(performance.now() - t0);
  }
}
const rows = urls.map((url, i) => {
  const s = samples[i].sort((a, b) => a - b);
  return { url, medianMs: s[n >> 1], p10Ms: s[Math.floor(n / 10)] };
});
for (const r of rows) console.log(`${r.medianMs.toFixed(2).padStart(7)} ms median  ${r.p10Ms.toFixed(2).padStart(7)} ms p10  ${r.url}`);
if (json) writeFileSync(json, JSON.stringify({ n, rows, at: new Date().toISOString() }, null, 2));
