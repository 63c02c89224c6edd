const original = { name: "cfg", list: [1, 2, { deep: true }], when: new Date("2024-03-15T10:30:00Z"), tags: new Set(["a", "b"]), index: new Map([["x", 1]]) };
const copy = structuredClone(original);
copy.list[2].deep = false;
copy.tags.add("c");
return {
  originalDeep: original.list[2].deep,
  copyDeep: copy.list[2].deep,
  dateIsDate: copy.when instanceof Date && copy.when !== original.when,
  iso: copy.when.toISOString(),
  tags: [...original.tags].join() + " / " + [...copy.tags].join(),
  map: copy.index.get("x"),
};
