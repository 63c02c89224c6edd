const d = new Date("2024-03-15 10:30:00");
return { valid: !isNaN(d), iso: isNaN(d) ? null : d.toISOString() };
