const candidates = [
  { name: "alpha", latency: 120, cost: 0.8, accuracy: 0.91 },
  { name: "beta", latency: 80, cost: 1.2, accuracy: 0.88 },
  { name: "gamma", latency: 200, cost: 0.5, accuracy: 0.95 },
];
const weights = { latency: -0.002, cost: -0.5, accuracy: 3 };
const scored = candidates.map(c => ({
  name: c.name,
  score: Object.entries(weights).reduce((s, [k, w]) => s + c[k] * w, 0),
}));
scored.sort((a, b) => b.score - a.score);
return scored.map(s => ({ ...s, score: Number(s.score.toFixed(4)) }));
