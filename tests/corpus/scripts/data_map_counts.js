const events = ["login", "view", "view", "purchase", "login", "view", "logout", "view"];
const counts = new Map();
for (const e of events) counts.set(e, (counts.get(e) ?? 0) + 1);
const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 2);
return { distinct: counts.size, top, hasRefund: counts.has("refund") };
