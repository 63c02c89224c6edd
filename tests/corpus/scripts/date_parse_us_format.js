const d = new Date("03/15/2024");
return { valid: !isNaN(d), iso: isNaN(d) ? null : d.toISOString() };
