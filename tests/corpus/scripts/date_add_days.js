const addDays = (date, n) => {
  const d = new Date(date);
  d.setUTCDate(d.getUTCDate() + n);
  return d;
};
const start = new Date("2024-01-30T00:00:00Z");
return [1, 2, 30, 365, -31].map(n => addDays(start, n).toISOString().slice(0, 10));
