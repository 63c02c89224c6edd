const toCamel = s => s.toLowerCase().replace(/[-_\s]+(.)?/g, (_, c) => (c ? c.toUpperCase() : ""));
const toSnake = s => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[-\s]+/g, "_").toLowerCase();
const toTitle = s => s.split(" ").map(w => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(" ");
const toKebab = s => toSnake(s).replaceAll("_", "-");
return {
  camel: ["user_id", "created-at", "HTTP status code"].map(toCamel),
  snake: ["userId", "createdAt", "XMLHttpRequest"].map(toSnake),
  title: toTitle("the QUICK brown fox"),
  kebab: toKebab("backgroundColor"),
};
