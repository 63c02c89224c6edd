const series = { jan: 1200, feb: 1380, mar: 1150, apr: 1610 };
const months = Object.keys(series);
return months.slice(1).map((m, i) => {
  const prev = series[months[i]], cur = series[m];
  const change = ((cur - prev) / prev) * 100;
  return `${m}: ${change >= 0 ? "+" : ""}${change.toFixed(1)}%`;
});
