// The scripts of the side-by-side bench (`../shared/peer-cf/sbs-bench.mjs`), character for
// character, for the benches that run them against this runtime alone (`ab.mjs`, `profile.mjs`).
export const sbsScripts = {
  trivial: "async () => 1",
  parallel: "async () => { const rs = await Promise.all(Array.from({ length: 200 }, () => notes.listNotes())); return rs.length; }",
  sequential: "async () => { let k = 0; for (let i = 0; i < 200; i++) { k += (await notes.listNotes()).length + 1; } return k; }",
  loop: "async () => { let s = 0; for (let i = 0; i < 1000000; i++) s += i % 7; return s; }",
  // Data wrangling as models write it: build 20k records, filter, sort, group, serialize.
  data: `async () => {
  const rows = Array.from({ length: 20000 }, (_, i) => ({ id: i, name: "user" + i, score: (i * 7919) % 1000, tags: ["a", "b"] }));
  const top = rows.filter((r) => r.score > 500).sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1)).slice(0, 10);
  const groups = {};
  for (const r of rows) (groups[r.score % 10] ??= []).push(r.id);
  const json = JSON.stringify(rows);
  return { top: top.map((r) => r.id), sizes: Object.values(groups).map((g) => g.length), bytes: json.length, back: JSON.parse(json).length };
}`,
};
