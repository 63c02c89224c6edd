const logs = [
  { t: 1, level: "info", msg: "start" },
  { t: 2, level: "warn", msg: "slow disk" },
  { t: 3, level: "error", msg: "timeout" },
  { t: 4, level: "info", msg: "retry" },
  { t: 5, level: "error", msg: "gave up" },
];
return {
  firstError: logs.find(l => l.level === "error")?.msg,
  lastError: logs.findLast(l => l.level === "error")?.msg,
  lastErrorIndex: logs.findLastIndex(l => l.level === "error"),
  anyFatal: logs.some(l => l.level === "fatal"),
  levels: [...new Set(logs.map(l => l.level))],
};
