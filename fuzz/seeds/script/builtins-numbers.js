return [
  (1e-101).toPrecision(3), (1.25).toExponential(1), (123.456).toFixed(100), (0.000001).toString(36),
  Number("-inf"), Number("0x1_0"), parseInt("1234567890123456789"), parseFloat(".5e-"),
  10 ** -5, 10 ** 26, Math.hypot(0.1, 0.2), Math.tanh(-3.3), Math.cbrt(-0.3), Math.acosh(1.0000004458013168),
  Math.pow(2, -1074), Math.fround(5e-324), Math.clz32(-0), Math.atan2(-0, -0), Math.sign(-0),
  new Int8Array([1e21, -129, 255.9, NaN])[0], new Uint8ClampedArray([-5, 300, 1.5, 2.5]),
  BigInt.asIntN(2 ** 40, 5n), BigInt.asUintN(64, -1n), (2n ** 64n).toString(36),
];
