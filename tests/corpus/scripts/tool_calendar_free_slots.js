const busy = [
  { start: "2024-03-15T09:00:00Z", end: "2024-03-15T10:00:00Z" },
  { start: "2024-03-15T11:30:00Z", end: "2024-03-15T12:30:00Z" },
  { start: "2024-03-15T12:00:00Z", end: "2024-03-15T13:00:00Z" },
  { start: "2024-03-15T15:00:00Z", end: "2024-03-15T16:30:00Z" },
];
const dayStart = new Date("2024-03-15T08:00:00Z"), dayEnd = new Date("2024-03-15T18:00:00Z");
const sorted = busy.map(b => ({ start: new Date(b.start), end: new Date(b.end) })).sort((a, b) => a.start - b.start);
const free = [];
let cursor = dayStart;
for (const b of sorted) {
  if (b.start > cursor) free.push([cursor, b.start]);
  if (b.end > cursor) cursor = b.end;
}
if (cursor < dayEnd) free.push([cursor, dayEnd]);
const hhmm = d => d.toISOString().slice(11, 16);
return free.filter(([s, e]) => e - s >= 30 * 60000).map(([s, e]) => `${hhmm(s)}-${hhmm(e)} (${(e - s) / 60000} min)`);
