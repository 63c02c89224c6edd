const inputs = ["2024-03-15", "2024-03-15T10:30", "2024-03-15T10:30:00.000Z", "2024-03", "2024", "2024-03-15T10:30:00.123456Z"];
return inputs.map(s => {
  const d = new Date(s);
  return [s, isNaN(d) ? null : d.toISOString()];
});
