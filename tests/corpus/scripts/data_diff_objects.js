const before = { name: "svc", replicas: 2, image: "app:1.4", env: "prod", port: 8080 };
const after = { name: "svc", replicas: 3, image: "app:1.5", env: "prod", region: "eu" };
const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
const changes = [];
for (const k of keys) {
  if (!(k in after)) changes.push({ key: k, op: "removed", from: before[k] });
  else if (!(k in before)) changes.push({ key: k, op: "added", to: after[k] });
  else if (before[k] !== after[k]) changes.push({ key: k, op: "changed", from: before[k], to: after[k] });
}
return changes;
