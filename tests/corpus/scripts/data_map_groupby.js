const employees = [
  { name: "A", team: "core", salary: 120 },
  { name: "B", team: "web", salary: 100 },
  { name: "C", team: "core", salary: 140 },
  { name: "D", team: "data", salary: 130 },
  { name: "E", team: "web", salary: 90 },
];
const teams = new Map();
for (const e of employees) {
  if (!teams.has(e.team)) teams.set(e.team, []);
  teams.get(e.team).push(e);
}
const summary = [];
teams.forEach((members, team) => {
  const avg = members.reduce((s, m) => s + m.salary, 0) / members.length;
  summary.push({ team, headcount: members.length, avgSalary: avg });
});
return summary;
