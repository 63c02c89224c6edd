const order = [];
queueMicrotask(() => order.push("microtask 1"));
Promise.resolve().then(() => order.push("promise"));
queueMicrotask(() => order.push("microtask 2"));
order.push("sync");
await null;
await null;
return order;
