const d = new Date("2024-03-15T10:30:00Z");
return { full: d.toLocaleString(), date: d.toLocaleDateString(), time: d.toLocaleTimeString() };
