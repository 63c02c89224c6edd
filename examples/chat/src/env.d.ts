// What `wrangler types` would write for wrangler.jsonc.
interface Env {
  Chat: DurableObjectNamespace;
  LOADER: unknown;
  /** Where the sandbox's `models.*` calls go (README.md: Models and images); unset, scripts have no `models`. */
  CODEMODE_MODELS?: string | import("codemode-runtime").CodemodeModels;
}
