const order = [];
Promise.resolve().then(() => order.push("then1")).then(() => order.push("then2"));
(async () => { order.push("async-start"); await null; order.push("async-after-await"); })();
order.push("sync");
await new Promise(r => r());
await null;
await null;
return order;
