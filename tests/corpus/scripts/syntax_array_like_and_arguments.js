function legacy() {
  const args = Array.prototype.slice.call(arguments);
  return { count: arguments.length, args, sum: args.reduce((a, b) => a + b, 0) };
}
const arrayLike = { 0: "a", 1: "b", length: 2 };
return { legacy: legacy(1, 2, 3), fromLike: Array.from(arrayLike), isArray: Array.isArray(arrayLike), of: Array.of(7, 8) };
