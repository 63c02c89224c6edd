// The run's seeded random numbers (Math.random, crypto).

// ---- sfc32 seeded per execution: Math.random (and crypto's values) are identical on every
// replay of a run.
let a = 0, b = 0, c = 0, d = 1;
function nextUint32() {
  a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
  const t = (a + b | 0) + d | 0;
  d = d + 1 | 0;
  a = b ^ b >>> 9;
  b = c + (c << 3) | 0;
  c = c << 21 | c >>> 11;
  c = c + t | 0;
  return t >>> 0;
}
const next = () => nextUint32() / 4294967296;
function seed(seedHigh, seedLow) {
  a = seedHigh >>> 0; b = seedLow >>> 0; c = (seedHigh ^ 0x9e3779b9) >>> 0; d = 1;
  for (let i = 0; i < 15; i++) next();
}
keep(function random() { return next(); }, "random", Math);
