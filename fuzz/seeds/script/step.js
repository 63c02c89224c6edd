const r = await codemode.step("roll", () => Math.random());
const n = await notes.createNote({text: String(r)});
return [r, n, new Date().toISOString()]