const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, x));
const lerp = (a, b, t) => a + (b - a) * t;
const normalize = (x, lo, hi) => (x - lo) / (hi - lo);
return {
  clamped: [-5, 0, 50, 101, 250].map(v => clamp(v, 0, 100)),
  lerped: [0, 0.25, 0.5, 1].map(t => lerp(10, 20, t)),
  normalized: [15, 20, 35].map(v => +normalize(v, 10, 40).toFixed(3)),
};
