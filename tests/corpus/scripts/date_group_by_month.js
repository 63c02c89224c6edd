const events = [
  { at: "2024-01-15T08:00:00Z", type: "signup" },
  { at: "2024-01-20T12:30:00Z", type: "purchase" },
  { at: "2024-02-02T09:15:00Z", type: "signup" },
  { at: "2024-02-28T23:59:00Z", type: "purchase" },
  { at: "2024-03-01T00:00:00Z", type: "purchase" },
];
const byMonth = {};
for (const e of events) {
  const key = e.at.slice(0, 7);
  byMonth[key] ??= { signup: 0, purchase: 0 };
  byMonth[key][e.type]++;
}
return byMonth;
