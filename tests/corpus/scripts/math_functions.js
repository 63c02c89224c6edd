return {
  round: [Math.round(2.5), Math.round(-2.5), Math.round(2.4)],
  floorCeil: [Math.floor(-1.1), Math.ceil(-1.1), Math.trunc(-1.9)],
  sign: [Math.sign(-3), Math.sign(0), Math.sign(7)],
  hypot: Math.hypot(3, 4),
  cbrt: Math.cbrt(27),
  log: [Math.log10(1000), Math.log2(1024), +Math.log(Math.E).toFixed(10)],
  trig: [+Math.sin(Math.PI / 2).toFixed(10), +Math.cos(Math.PI).toFixed(10), +Math.atan2(1, 1).toFixed(6)],
  clz: Math.clz32(1),
  fround: Math.fround(5.5),
  maxEmpty: Math.max(),
};
