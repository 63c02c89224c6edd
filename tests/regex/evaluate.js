// One case of tests/regex/cases.json, evaluated the same way by Node (scripts/regex-expected.mjs)
// and by the sandbox (tests/regex.rs). Returns a JSON-able value; match arrays are spread so that
// only their elements (undefined → null) and the index count.
(c) => {
  const re = () => new RegExp(c.pattern, c.flags || "");
  const spread = (m) => m === null ? null : { match: [...m], index: m.index, groups: m.groups ? { ...m.groups } : null };
  switch (c.op) {
    case "test": return c.inputs.map((s) => re().test(s));
    case "exec": return c.inputs.map((s) => spread(re().exec(s)));
    case "match": return c.inputs.map((s) => { const m = s.match(re()); return m === null ? null : [...m]; });
    case "matchAll": return c.inputs.map((s) => [...s.matchAll(re())].map(spread));
    case "replace": return c.inputs.map((s) => s.replace(re(), c.replacement));
    case "split": return c.inputs.map((s) => s.split(re()));
    case "search": return c.inputs.map((s) => s.search(re()));
    default: throw new Error("unknown op " + c.op);
  }
}
