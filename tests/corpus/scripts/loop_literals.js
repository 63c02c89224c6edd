// Number literals inside loop bodies (the engine loads them once before the loop): nested loops
// sharing and not sharing literals, floats beside integers of the same value, literals as call
// arguments and array elements, labels, generators, and a loop that runs zero times.
let a = 0, b = 0, c = "", d = [];
for (let i = 0; i < 20; i++) {
  a += i % 7 + 2.5 * (i & 3);
  for (let j = 0; j < 3; j++) b += (i * 3 + j) % 7 - 1e3 / 8;
  if (i % 5 === 0) c += String(i / 2);
}
outer: for (let i = 0; i < 4; i++) {
  for (let j = 0; j < 4; j++) {
    if (j === 2) continue outer;
    d.push(i * 10 + j, Math.max(i, 2), 7 === 7.0, 1 / 3);
  }
}
function* gen() { for (let k = 0; k < 5; k++) yield k * 1.5 + 0.25; }
const g = [...gen()];
let none = 0; for (let i = 0; i < 0; i++) none += 99;
let big = 0; for (let i = 0; i < 3; i++) big += 2147483647 + 9007199254740991 * 0 + 0.1;
let neg = []; for (let i = 0; i < 3; i++) neg.push(i - 1, -1 * i, i * -0.5);
const lists = []; for (let i = 0; i < 3; i++) lists.push([1, 2, i + 1].map((x) => x * 2 + 1));
return { a, b, c, d, g, none, big, neg, lists };
