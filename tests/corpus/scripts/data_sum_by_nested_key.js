const repos = [
  { name: "api", owner: { login: "acme" }, stats: { stars: 120, forks: 14 } },
  { name: "web", owner: { login: "acme" }, stats: { stars: 80, forks: 20 } },
  { name: "cli", owner: { login: "jdoe" }, stats: { stars: 310, forks: 41 } },
  { name: "docs", owner: { login: "jdoe" }, stats: { stars: 5 } },
];
const byOwner = {};
for (const { owner: { login }, stats: { stars = 0, forks = 0 } } of repos) {
  byOwner[login] ??= { stars: 0, forks: 0, repos: 0 };
  byOwner[login].stars += stars;
  byOwner[login].forks += forks;
  byOwner[login].repos++;
}
return byOwner;
