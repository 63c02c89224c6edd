const contacts = [
  { email: "a@x.io", name: "Ann", updated: "2024-01-05" },
  { email: "b@x.io", name: "Bo", updated: "2024-02-01" },
  { email: "a@x.io", name: "Ann Smith", updated: "2024-03-10" },
  { email: "c@x.io", name: "Cy", updated: "2023-12-24" },
  { email: "b@x.io", name: "Bo", updated: "2023-11-30" },
];
const latest = new Map();
for (const c of contacts) {
  const prev = latest.get(c.email);
  if (!prev || c.updated > prev.updated) latest.set(c.email, c);
}
return [...latest.values()].map(({ email, name }) => `${name} <${email}>`);
