const response = {
  total_count: 5,
  items: [
    { number: 101, title: "Crash on startup", state: "open", labels: [{ name: "bug" }, { name: "p1" }], user: { login: "ann" }, comments: 12, created_at: "2024-03-01T09:00:00Z" },
    { number: 102, title: "Add dark mode", state: "open", labels: [{ name: "enhancement" }], user: { login: "bo" }, comments: 3, created_at: "2024-03-05T12:00:00Z" },
    { number: 103, title: "Typo in docs", state: "closed", labels: [{ name: "docs" }], user: { login: "cy" }, comments: 0, created_at: "2024-02-20T08:30:00Z" },
    { number: 104, title: "Memory leak in worker", state: "open", labels: [{ name: "bug" }], user: { login: "ann" }, comments: 7, created_at: "2024-03-10T16:45:00Z" },
    { number: 105, title: "Upgrade deps", state: "closed", labels: [], user: { login: "dee" }, comments: 1, created_at: "2024-01-15T10:00:00Z" },
  ],
};
const open = response.items.filter(i => i.state === "open");
const byLabel = {};
for (const issue of open) for (const { name } of issue.labels) (byLabel[name] ??= []).push(`#${issue.number}`);
const hottest = open.reduce((a, b) => (b.comments > a.comments ? b : a));
return {
  open: open.length,
  closed: response.total_count - open.length,
  byLabel,
  hottest: `#${hottest.number} ${hottest.title} (${hottest.comments} comments)`,
  authors: [...new Set(response.items.map(i => i.user.login))],
  newest: response.items.map(i => i.created_at).sort().at(-1),
};
