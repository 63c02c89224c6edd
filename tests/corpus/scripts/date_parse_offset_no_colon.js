const d = new Date("2024-03-15T10:30:00+0000");
const e = new Date("2024-03-15T10:30:00+05:30");
return { noColon: isNaN(d) ? "Invalid Date" : d.toISOString(), withColon: e.toISOString() };
