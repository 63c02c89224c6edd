return JSON.stringify({
  undef: undefined,
  fn() {},
  nan: NaN,
  inf: -Infinity,
  nul: null,
  arr: [undefined, () => 1, NaN],
  date: new Date(Date.UTC(2024, 2, 15)),
  nested: { toJSON() { return "custom"; } },
  sym: Symbol("x"),
  map: new Map([["a", 1]]),
  set: new Set([1]),
});
