const stamps = ["2024-03-15T10:30:00Z", "2023-12-31T23:59:59Z", "2024-01-01T00:00:00Z", "2024-02-29T12:00:00Z"];
const dates = stamps.map(s => new Date(s)).sort((a, b) => a - b);
const earliest = new Date(Math.min(...dates));
const latest = new Date(Math.max(...dates));
return { sorted: dates.map(d => d.toISOString()), span: (latest - earliest) / 86400000, earliest: earliest.toISOString() };
