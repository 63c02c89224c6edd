return {
  maxSafe: Number.MAX_SAFE_INTEGER,
  unsafe: Number.MAX_SAFE_INTEGER + 2,
  isSafe: Number.isSafeInteger(2 ** 53),
  epsilon: Number.EPSILON > 0,
  floatSum: 0.1 + 0.2,
  equal: Math.abs(0.1 + 0.2 - 0.3) < Number.EPSILON,
  divZero: String(1 / 0),
  negZero: Object.is(-0, 0),
  nanStr: String(NaN),
  intDiv: Math.trunc(-7 / 2),
  mod: -7 % 3,
};
