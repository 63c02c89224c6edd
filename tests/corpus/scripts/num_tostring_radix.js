const n = 255;
return {
  bin: n.toString(2),
  oct: n.toString(8),
  hex: n.toString(16).toUpperCase(),
  base36: (123456789).toString(36),
  parsed: parseInt("zz", 36),
  frac: (0.5).toString(2),
  exp: (123456).toExponential(2),
  big: (2n ** 64n).toString(),
};
