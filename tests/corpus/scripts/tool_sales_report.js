const rows = [
  { date: "2024-03-11", rep: "kim", product: "pro", units: 3, unitPrice: 49 },
  { date: "2024-03-11", rep: "lee", product: "basic", units: 10, unitPrice: 9 },
  { date: "2024-03-12", rep: "kim", product: "basic", units: 4, unitPrice: 9 },
  { date: "2024-03-13", rep: "max", product: "enterprise", units: 1, unitPrice: 499 },
  { date: "2024-03-14", rep: "lee", product: "pro", units: 2, unitPrice: 49 },
  { date: "2024-03-15", rep: "kim", product: "pro", units: 5, unitPrice: 49 },
];
const revenue = r => r.units * r.unitPrice;
const byRep = Object.entries(rows.reduce((a, r) => ({ ...a, [r.rep]: (a[r.rep] ?? 0) + revenue(r) }), {}))
  .sort(([, a], [, b]) => b - a)
  .map(([rep, total], i) => `${i + 1}. ${rep.padEnd(4)} $${total.toFixed(2).padStart(8)}`);
const total = rows.reduce((s, r) => s + revenue(r), 0);
return ["Weekly sales report", "=".repeat(19), ...byRep, `Total: $${total.toFixed(2)}`, `Best day: ${Object.entries(rows.reduce((a, r) => ({ ...a, [r.date]: (a[r.date] ?? 0) + revenue(r) }), {})).sort((a, b) => b[1] - a[1])[0][0]}`].join("\n");
