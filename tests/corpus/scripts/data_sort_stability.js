const items = [
  { name: "pen", cat: "office" }, { name: "apple", cat: "food" }, { name: "stapler", cat: "office" },
  { name: "bread", cat: "food" }, { name: "tape", cat: "office" }, { name: "milk", cat: "food" },
];
const byCat = [...items].sort((a, b) => (a.cat < b.cat ? -1 : a.cat > b.cat ? 1 : 0));
const nums = [10, 1, 5, 100, 25];
return { byCat: byCat.map(i => i.name), lexical: [...nums].sort(), numeric: [...nums].sort((a, b) => a - b) };
