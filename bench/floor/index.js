export class Obj { constructor(state) { this.state = state; } async fetch(req) { return new Response("{}", { headers: { "content-type": "application/json" } }); } }
export default { async fetch(req, env) { const url = new URL(req.url); if (url.pathname === "/plain") return new Response("{}"); const id = env.OBJ.idFromName("x"); return env.OBJ.get(id).fetch(req); } };
