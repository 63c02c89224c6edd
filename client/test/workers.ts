// Type-level test with @cloudflare/workers-types: the client takes a service binding (Fetcher)
// and a Durable Object namespace as they are typed in a Worker.

import { CodemodeClient, codemodeTool, type ExecuteOutput } from "../src/index.js";

interface Env {
  CODEMODE: Fetcher;
  CODEMODE_OBJECTS: DurableObjectNamespace;
  CODEMODE_TOKEN: string;
}

export default {
  async fetch(_request: Request, env: Env): Promise<Response> {
    const viaBinding = new CodemodeClient(env.CODEMODE, { token: env.CODEMODE_TOKEN }).instance("chat");
    const viaObjects = new CodemodeClient(env.CODEMODE_OBJECTS).instance("chat");
    const out: ExecuteOutput = await viaBinding.execute("return 1");
    const tool = await codemodeTool(viaObjects);
    return Response.json({ status: out.status, description: tool.description });
  },
} satisfies ExportedHandler<Env>;
