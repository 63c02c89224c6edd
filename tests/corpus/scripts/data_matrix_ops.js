const A = [[1, 2], [3, 4]];
const B = [[5, 6], [7, 8]];
const multiply = (x, y) => x.map(row => y[0].map((_, j) => row.reduce((s, v, k) => s + v * y[k][j], 0)));
const transpose = m => m[0].map((_, i) => m.map(row => row[i]));
const det = m => m[0][0] * m[1][1] - m[0][1] * m[1][0];
return { product: multiply(A, B), transposed: transpose(B), det: det(A) };
