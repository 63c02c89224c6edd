// `codemode-runtime/vite`: the reference's Vite plugin adds `export { CodemodeRuntime }` to the
// Worker entry, for its state facet. This runtime keeps its state in your object's own SQLite and
// has no facet, so the plugin does nothing; it exists so that a `vite.config` written for the
// reference (`import codemode from "@cloudflare/codemode/vite"`) builds with its import changed.

/** A Vite plugin that does nothing (see above). */
export default function codemode(): { name: string } {
  return { name: "codemode-runtime" };
}
