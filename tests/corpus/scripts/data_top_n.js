const products = [
  { name: "Laptop", sales: 340, revenue: 339660 },
  { name: "Mouse", sales: 1250, revenue: 31250 },
  { name: "Monitor", sales: 410, revenue: 102090 },
  { name: "Keyboard", sales: 980, revenue: 68600 },
  { name: "Webcam", sales: 220, revenue: 15400 },
  { name: "Headset", sales: 560, revenue: 44800 },
];
const topByRevenue = products.toSorted((a, b) => b.revenue - a.revenue).slice(0, 3).map(p => p.name);
const topBySales = [...products].sort((a, b) => b.sales - a.sales).slice(0, 3).map(p => p.name);
return { topByRevenue, topBySales, totalRevenue: products.reduce((s, p) => s + p.revenue, 0) };
