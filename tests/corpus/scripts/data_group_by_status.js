const orders = [
  { id: "o-1001", customer: "alice", status: "shipped", total: 42.5 },
  { id: "o-1002", customer: "bob", status: "pending", total: 19.99 },
  { id: "o-1003", customer: "alice", status: "delivered", total: 120 },
  { id: "o-1004", customer: "carol", status: "pending", total: 7.25 },
  { id: "o-1005", customer: "dave", status: "shipped", total: 64 },
];
const byStatus = {};
for (const order of orders) {
  (byStatus[order.status] ??= []).push(order.id);
}
return byStatus;
