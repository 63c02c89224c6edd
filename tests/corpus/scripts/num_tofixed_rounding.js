const values = [1.005, 2.345, 0.1 + 0.2, 123.456789, -1.5, 1e21, 0.000001234];
return values.map(v => ({
  fixed2: v.toFixed(2),
  precision3: v.toPrecision(3),
  rounded: Math.round(v * 100) / 100,
  epsilonRound: Math.round((v + Number.EPSILON) * 100) / 100,
}));
