const d = new Date("2024-03-15T10:30:00Z");
return {
  iso: d.toISOString(),
  json: JSON.stringify({ at: d }),
  ms: d.getTime(),
  parts: [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()],
  weekday: d.getUTCDay(),
};
