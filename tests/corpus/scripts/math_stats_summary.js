const data = [12, 45, 7, 23, 56, 89, 34, 21, 45, 67, 45, 3];
const sorted = [...data].sort((a, b) => a - b);
const mean = data.reduce((a, b) => a + b, 0) / data.length;
const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
const variance = data.reduce((s, x) => s + (x - mean) ** 2, 0) / data.length;
const mode = Object.entries(data.reduce((m, x) => ({ ...m, [x]: (m[x] || 0) + 1 }), {})).sort((a, b) => b[1] - a[1])[0][0];
const percentile = p => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
return { mean: +mean.toFixed(3), median, stdDev: +Math.sqrt(variance).toFixed(3), mode: Number(mode), p90: percentile(90), min: sorted[0], max: sorted.at(-1) };
