const range = (start, end, step = 1) => Array.from({ length: Math.ceil((end - start) / step) }, (_, i) => start + i * step);
const squares = range(1, 11).map(n => n * n);
const evens = range(0, 21, 2);
const grid = Array.from({ length: 3 }, (_, r) => Array.from({ length: 3 }, (_, c) => r * 3 + c));
return { squares, evens, grid, filled: new Array(4).fill("-").join("") };
