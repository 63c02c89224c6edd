const a = 123456789012345678901234567890n;
const b = 987654321n;
return {
  sum: (a + b).toString(),
  product: (a * b).toString(),
  quotient: (a / b).toString(),
  remainder: (a % b).toString(),
  pow: (2n ** 100n).toString(),
  fromNumber: BigInt(Number.MAX_SAFE_INTEGER) + 2n + "",
  asUint: BigInt.asUintN(8, 257n).toString(),
  typeofB: typeof b,
};
