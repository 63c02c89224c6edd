const f = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const totals = { subtotal: 1499.5, tax: 119.96, shipping: 0, total: 1619.46 };
return Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, f.format(v)]));
