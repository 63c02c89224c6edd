const posts = [
  { title: "Intro to Rust", tags: ["rust", "beginner"] },
  { title: "Async JS", tags: ["javascript", "async", "beginner"] },
  { title: "WASM on the edge", tags: ["rust", "wasm", "cloudflare"] },
];
const tagCounts = posts
  .flatMap(p => p.tags)
  .reduce((m, t) => m.set(t, (m.get(t) || 0) + 1), new Map());
return [...tagCounts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
