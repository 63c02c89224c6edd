const d = await codemode.run("double", 21);
const l = await codemode.run("listAll", null);
return [d, l, await codemode.run("guarded", 5)]