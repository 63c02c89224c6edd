const people = [
  { name: "Zoe", dept: "eng", age: 31 },
  { name: "Adam", dept: "sales", age: 45 },
  { name: "Maya", dept: "eng", age: 28 },
  { name: "Liam", dept: "sales", age: 45 },
  { name: "Ivy", dept: "eng", age: 31 },
];
const sorted = [...people].sort((a, b) =>
  a.dept.localeCompare(b.dept) || b.age - a.age || a.name.localeCompare(b.name)
);
return sorted.map(p => `${p.dept}/${p.name}/${p.age}`);
