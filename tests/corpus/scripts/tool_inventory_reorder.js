const stock = [
  { sku: "BOLT-M6", onHand: 120, reorderPoint: 200, leadDays: 5, dailyUse: 30 },
  { sku: "NUT-M6", onHand: 900, reorderPoint: 300, leadDays: 5, dailyUse: 25 },
  { sku: "WASHER-8", onHand: 40, reorderPoint: 100, leadDays: 12, dailyUse: 10 },
  { sku: "SCREW-4", onHand: 0, reorderPoint: 50, leadDays: 3, dailyUse: 8 },
];
const today = new Date("2024-03-15T00:00:00Z");
return stock
  .filter(s => s.onHand < s.reorderPoint)
  .map(s => {
    const daysLeft = s.dailyUse ? Math.floor(s.onHand / s.dailyUse) : Infinity;
    const stockout = new Date(today.getTime() + daysLeft * 86400000).toISOString().slice(0, 10);
    return { sku: s.sku, daysLeft, stockout, urgent: daysLeft < s.leadDays, order: s.reorderPoint * 2 - s.onHand };
  })
  .sort((a, b) => a.daysLeft - b.daysLeft);
