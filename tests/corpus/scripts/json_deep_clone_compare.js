const original = { user: { name: "Ann", roles: ["admin", "dev"] }, when: "2024-03-15" };
const clone = JSON.parse(JSON.stringify(original));
clone.user.roles.push("ops");
const deepEqual = (a, b) => {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || !a || !b) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every(k => deepEqual(a[k], b[k]));
};
return { originalRoles: original.user.roles, cloneRoles: clone.user.roles, equal: deepEqual(original, clone), selfEqual: deepEqual(original, JSON.parse(JSON.stringify(original))) };
