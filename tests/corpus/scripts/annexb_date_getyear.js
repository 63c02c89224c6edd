const d = new Date("2024-03-15T10:30:00Z");
return { year: d.getYear(), full: d.getFullYear() };
