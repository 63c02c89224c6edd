const lines = [
  '127.0.0.1 - - [15/Mar/2024:10:30:00 +0000] "GET /api/users HTTP/1.1" 200 512',
  '10.0.0.5 - bob [15/Mar/2024:10:31:12 +0000] "POST /api/orders HTTP/1.1" 201 87',
  '10.0.0.5 - - [15/Mar/2024:10:32:45 +0000] "GET /missing HTTP/1.1" 404 0',
  "garbage line",
];
const re = /^(?<ip>\S+) \S+ (?<user>\S+) \[(?<time>[^\]]+)\] "(?<method>[A-Z]+) (?<path>\S+) [^"]*" (?<status>\d{3}) (?<bytes>\d+)$/;
const parsed = lines.map(l => l.match(re)?.groups).filter(Boolean);
const byStatus = parsed.reduce((a, p) => ({ ...a, [p.status]: (a[p.status] || 0) + 1 }), {});
return { count: parsed.length, byStatus, paths: parsed.map(p => `${p.method} ${p.path}`), bytes: parsed.reduce((s, p) => s + +p.bytes, 0) };
