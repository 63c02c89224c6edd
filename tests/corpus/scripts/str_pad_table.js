const rows = [
  ["Name", "Qty", "Price"],
  ["Widget", 3, 4.5],
  ["Gadget", 12, 19.99],
  ["Thingamajig", 1, 120],
];
const widths = rows[0].map((_, i) => Math.max(...rows.map(r => String(r[i]).length)));
const lines = rows.map(r => r.map((cell, i) => (typeof cell === "number" ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]))).join(" | "));
lines.splice(1, 0, widths.map(w => "-".repeat(w)).join("-+-"));
return lines.join("\n");
