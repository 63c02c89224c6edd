const a = Array.from({length: 64}, (_, i) => (i * 37) % 64);
let n = 0;
a.sort(() => (n++ % 3) - 1);
a.sort((x, y) => (x < y ? 1 : -1));
a.sort(() => NaN);
a.sort((x, y) => { if (n++ > 40) a.length = 3; return x - y; });
[3, 1, 2].toSorted((x, y) => y - x);
new Float64Array([3, NaN, -0, 0, 1]).sort((x, y) => Math.random() - 0.5);
return a;
