// What `wrangler types` would write for wrangler.jsonc.
interface Env {
  Chat: DurableObjectNamespace;
  LOADER: unknown;
}
