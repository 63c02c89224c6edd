const sales = [
  { region: "north", quarter: "Q1", amount: 100 },
  { region: "north", quarter: "Q2", amount: 150 },
  { region: "south", quarter: "Q1", amount: 80 },
  { region: "south", quarter: "Q2", amount: 95 },
  { region: "north", quarter: "Q1", amount: 20 },
  { region: "east", quarter: "Q2", amount: 60 },
];
const quarters = [...new Set(sales.map(s => s.quarter))].sort();
const pivot = {};
for (const { region, quarter, amount } of sales) {
  pivot[region] ??= Object.fromEntries(quarters.map(q => [q, 0]));
  pivot[region][quarter] += amount;
}
return pivot;
