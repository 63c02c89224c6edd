const daily = [120, 95, 143, 88, 201, 176, 99];
let running = 0;
const cumulative = daily.map(v => (running += v));
const movingAvg = daily.map((_, i, a) => {
  const window = a.slice(Math.max(0, i - 2), i + 1);
  return +(window.reduce((s, x) => s + x, 0) / window.length).toFixed(1);
});
return { cumulative, movingAvg, best: daily.indexOf(Math.max(...daily)) };
