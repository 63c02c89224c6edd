const target = { a: 1 };
Object.defineProperty(target, "hidden", { value: 42, enumerable: false });
const proto = { greet() { return "hi"; } };
const child = Object.create(proto, { name: { value: "kid", enumerable: true } });
return {
  keys: Object.keys(target),
  names: Object.getOwnPropertyNames(target),
  hidden: target.hidden,
  childKeys: Object.keys(child),
  inherited: child.greet(),
  hasOwn: [Object.hasOwn(child, "name"), Object.hasOwn(child, "greet")],
  entries: Object.entries({ x: 1, y: [2] }),
  values: Object.values("ab"),
};
