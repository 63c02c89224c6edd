// The guide's vite.config.ts, less its Code Mode plugin, plus React for the page:
// - agents() (the Agents SDK's plugin) compiles the `@callable()` decorators, which Vite's own
//   transform (Oxc) leaves as they are;
// - the guide's `codemode()` from "@cloudflare/codemode/vite" is not needed: it exports the
//   reference's `CodemodeRuntime` facet class from the Worker, and codemode-runtime keeps its
//   state in the Chat agent's own SQLite (no facet, nothing to export). A config copied from the
//   guide can keep the line as `import codemode from "codemode-runtime/vite"`, a plugin that
//   does nothing;
// - cloudflare() runs src/server.ts in workerd for `vite dev` and builds the Worker and the page
//   for `vite build`; its state (the agents' SQLite) is kept in .wrangler/state, or in
//   $CHAT_PERSIST_TO when set.
//
// `codemode-runtime` resolves, as it would after `npm i codemode-runtime`, through node_modules:
// in this repository the root package.json has it as `file:packages/codemode` (a link to the
// package; build it first with `npm run build:package`). Vite follows the link to
// packages/codemode, outside node_modules, so the package is served as source rather than
// pre-bundled, and the Cloudflare plugin turns its `import ... from "./codemode_bg.wasm"` into a
// compiled wasm module (a WebAssembly.Module), as wrangler does. A `resolve.alias` to
// ../../packages/codemode/dist/index.js would load the same files, but tsc would need a `paths`
// entry of its own.
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import agents from "agents/vite";
import { defineConfig } from "vite";

const persistTo = process.env.CHAT_PERSIST_TO;

export default defineConfig({
	plugins: [
		agents(),
		react(),
		cloudflare({ persistState: persistTo ? { path: persistTo } : true }),
	],
});
