const template = "Hello {{name}}, your order {{ order.id }} ships on {{order.date}}. {{missing}}";
const data = { name: "Ada", order: { id: "A-17", date: "March 15" } };
const get = (obj, path) => path.split(".").reduce((o, k) => o?.[k], obj);
return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (m, key) => get(data, key) ?? m);
