const apiResult = {
  rows: [
    { id: "a", payload: '{"kind":"click","meta":{"x":10,"y":20}}' },
    { id: "b", payload: '{"kind":"view","meta":{"path":"/home"}}' },
    { id: "c", payload: "not json" },
    { id: "d", payload: '{"kind":"click","meta":{"x":3,"y":4}}' },
  ],
};
const parsed = apiResult.rows.map(r => {
  try { return { id: r.id, ...JSON.parse(r.payload) }; } catch { return { id: r.id, kind: "invalid" }; }
});
const clicks = parsed.filter(p => p.kind === "click");
return { kinds: parsed.map(p => p.kind), clickCentroid: { x: clicks.reduce((s, c) => s + c.meta.x, 0) / clicks.length, y: clicks.reduce((s, c) => s + c.meta.y, 0) / clicks.length } };
