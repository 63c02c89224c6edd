const pages = [
  { data: [{ id: 1, v: "a" }, { id: 2, v: "b" }], next: "cursor-2" },
  { data: [{ id: 3, v: "c" }, { id: 2, v: "b2" }], next: "cursor-3" },
  { data: [{ id: 4, v: "d" }], next: null },
];
const fetchPage = async cursor => pages[cursor ? Number(cursor.split("-")[1]) - 1 : 0];
const all = new Map();
let cursor = null, calls = 0;
do {
  const page = await fetchPage(cursor);
  calls++;
  for (const row of page.data) all.set(row.id, row);
  cursor = page.next;
} while (cursor);
return { calls, rows: [...all.values()] };
