const invoices = [
  { customer: "acme", amount: 1200.5, paid: true },
  { customer: "globex", amount: 830, paid: false },
  { customer: "acme", amount: 99.5, paid: false },
  { customer: "initech", amount: 450, paid: true },
  { customer: "globex", amount: 170, paid: true },
];
const totals = invoices.reduce((acc, inv) => {
  const entry = acc[inv.customer] || { billed: 0, outstanding: 0 };
  entry.billed += inv.amount;
  if (!inv.paid) entry.outstanding += inv.amount;
  acc[inv.customer] = entry;
  return acc;
}, {});
return totals;
