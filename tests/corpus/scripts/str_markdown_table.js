const data = [
  { tool: "search", calls: 14, avgMs: 120.4 },
  { tool: "describe", calls: 3, avgMs: 15.0 },
  { tool: "createNote", calls: 7, avgMs: 48.25 },
];
const cols = Object.keys(data[0]);
const table = [
  `| ${cols.join(" | ")} |`,
  `| ${cols.map(() => "---").join(" | ")} |`,
  ...data.map(r => `| ${cols.map(c => (typeof r[c] === "number" ? r[c].toFixed(c === "avgMs" ? 1 : 0) : r[c])).join(" | ")} |`),
].join("\n");
return table;
