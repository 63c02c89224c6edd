const chunk = (arr, n) => arr.reduce((out, x, i) => (i % n ? out[out.length - 1].push(x) : out.push([x]), out), []);
const zip = (...arrays) => arrays[0].map((_, i) => arrays.map(a => a[i]));
const letters = ["a", "b", "c", "d", "e", "f", "g"];
return {
  chunks: chunk(letters, 3),
  zipped: zip([1, 2, 3], ["x", "y", "z"], [true, false, true]),
};
