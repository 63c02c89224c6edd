const matrix = [
  [3, 8, 1],
  [9, -2, 7],
  [4, 6, 5],
];
let found = null;
outer: for (let r = 0; r < matrix.length; r++) {
  for (let c = 0; c < matrix[r].length; c++) {
    if (matrix[r][c] < 0) {
      found = { row: r, col: c, value: matrix[r][c] };
      break outer;
    }
  }
}
let skipped = 0;
rows: for (const row of matrix) {
  for (const v of row) if (v > 8) { skipped++; continue rows; }
}
return { found, skipped };
