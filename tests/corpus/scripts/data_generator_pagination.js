function* paginate(items, pageSize) {
  for (let i = 0; i < items.length; i += pageSize) {
    yield { page: i / pageSize + 1, items: items.slice(i, i + pageSize) };
  }
}
const ids = Array.from({ length: 11 }, (_, i) => `item-${i + 1}`);
const pages = [];
for (const page of paginate(ids, 4)) pages.push(page);
return { pageCount: pages.length, last: pages.at(-1) };
