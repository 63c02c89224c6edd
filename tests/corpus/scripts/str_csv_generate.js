const records = [
  { sku: "A-1", desc: "Blue pen, fine", qty: 10, price: 1.5 },
  { sku: "B-2", desc: 'Notebook "A5"', qty: 3, price: 4 },
  { sku: "C-3", desc: "Eraser", qty: 0, price: 0.75 },
];
const esc = v => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const headers = Object.keys(records[0]);
const csv = [headers.join(","), ...records.map(r => headers.map(h => esc(r[h])).join(","))].join("\n");
return csv;
