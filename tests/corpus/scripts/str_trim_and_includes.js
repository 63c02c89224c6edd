const raw = ["  alpha  ", "\tbeta\n", "gamma ", " delta"];
const cleaned = raw.map(s => s.trim());
return {
  cleaned,
  starts: cleaned.filter(s => s.startsWith("g")),
  ends: cleaned.filter(s => s.endsWith("a")),
  contains: cleaned.filter(s => s.includes("lt")),
  trimStart: raw.map(s => s.trimStart().length),
  trimEnd: raw.map(s => s.trimEnd().length),
};
