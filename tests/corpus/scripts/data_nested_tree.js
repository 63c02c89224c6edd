const rows = [
  { id: 1, parent: null, name: "root" },
  { id: 2, parent: 1, name: "docs" },
  { id: 3, parent: 1, name: "src" },
  { id: 4, parent: 3, name: "lib.rs" },
  { id: 5, parent: 3, name: "main.rs" },
  { id: 6, parent: 2, name: "README.md" },
];
const nodes = new Map(rows.map(r => [r.id, { name: r.name, children: [] }]));
let tree = null;
for (const r of rows) {
  if (r.parent === null) tree = nodes.get(r.id);
  else nodes.get(r.parent).children.push(nodes.get(r.id));
}
const paths = [];
const walk = (node, prefix) => {
  const path = prefix ? `${prefix}/${node.name}` : node.name;
  if (node.children.length === 0) paths.push(path);
  node.children.forEach(c => walk(c, path));
};
walk(tree, "");
return { tree, paths };
