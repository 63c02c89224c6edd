const d = new Date(Date.UTC(2024, 0, 31));
d.setUTCMonth(1);
const e = new Date(Date.UTC(2024, 11, 31, 23, 0));
e.setUTCHours(25);
const f = new Date(0);
f.setUTCFullYear(2024, 5, 15);
return [d.toISOString(), e.toISOString(), f.toISOString(), new Date(8.64e15 + 1).getTime()];
