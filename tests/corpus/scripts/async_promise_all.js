const fetchUser = async id => ({ id, name: `user${id}` });
const fetchOrders = async id => Array.from({ length: id }, (_, i) => ({ id: `${id}-${i}`, amount: (i + 1) * 10 }));
const ids = [1, 2, 3];
const users = await Promise.all(ids.map(fetchUser));
const orders = await Promise.all(ids.map(fetchOrders));
return users.map((u, i) => ({ ...u, orders: orders[i].length, spent: orders[i].reduce((s, o) => s + o.amount, 0) }));
