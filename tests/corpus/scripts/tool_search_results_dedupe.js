const results = [
  { url: "https://example.com/a?utm_source=x", title: "Guide to Workers", score: 0.91 },
  { url: "https://example.com/a", title: "Guide to Workers", score: 0.88 },
  { url: "https://EXAMPLE.com/b/", title: "Durable Objects", score: 0.75 },
  { url: "https://example.com/b", title: "Durable Objects (mirror)", score: 0.8 },
  { url: "https://other.org/c#section", title: "Boa engine", score: 0.6 },
];
const canonical = u => u.toLowerCase().replace(/[?#].*$/, "").replace(/\/$/, "");
const best = new Map();
for (const r of results) {
  const key = canonical(r.url);
  if (!best.has(key) || best.get(key).score < r.score) best.set(key, { ...r, url: key });
}
return [...best.values()].sort((a, b) => b.score - a.score).map(r => `${r.score.toFixed(2)} ${r.title} — ${r.url}`);
