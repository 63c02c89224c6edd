async function* pages() {
  for (let p = 1; p <= 3; p++) {
    await null;
    yield { page: p, items: [p * 10, p * 10 + 1] };
  }
}
const all = [];
for await (const page of pages()) all.push(...page.items);
return all;
