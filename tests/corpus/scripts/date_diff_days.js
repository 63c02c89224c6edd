const a = new Date("2024-03-15T10:30:00Z");
const b = new Date("2024-12-25T00:00:00Z");
const ms = b - a;
const days = Math.floor(ms / 86400000);
const hours = Math.floor((ms % 86400000) / 3600000);
return { ms, days, hours, weeks: +(days / 7).toFixed(1), summary: `${days} days, ${hours} hours until Christmas` };
