const node = { name: "root", children: [] };
node.children.push({ name: "leaf", parent: node });
node.self = node;
const copy = structuredClone(node);
let fnError = null;
try { structuredClone({ f() {} }); } catch (e) { fnError = e.name; }
const bytes = structuredClone(new Uint8Array([1, 2, 3]));
const re = structuredClone(/ab+c/gi);
return { selfCycle: copy.self === copy, parentCycle: copy.children[0].parent === copy, distinct: copy !== node, fnError, bytes: Array.from(bytes), re: `${re.source}/${re.flags}` };
