// The package's API as the reference's users write against it: tests/types/reference_api.ts (the
// reference's guide pages' MCP and OpenAPI connectors, a connector with its hooks, an AI SDK tool
// set, the runtime's options and handle) type-checked by tsc against the reference's own .d.ts
// (`@cloudflare/codemode` 0.5.6, a dev dependency) and against this package's (`paths` maps the
// reference's entry points to packages/codemode/dist). The first proves the file is the
// reference's API; the second that ours takes the same code.
//
// Needs packages/codemode built (scripts/build-package.sh, run by `npm test`); does not build.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "./harness.mjs";

const TSC = path.join(REPO_ROOT, "node_modules", ".bin", "tsc");
const TYPES = path.join(REPO_ROOT, "tests", "types");

function typecheck(config) {
  const run = spawnSync(TSC, ["-p", path.join(TYPES, config)], { cwd: REPO_ROOT, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test("the reference's users' code type-checks against the reference's .d.ts", { timeout: 120_000 }, () => {
  const { status, output } = typecheck("tsconfig.reference.json");
  assert.equal(status, 0, output);
});

test("the same code type-checks against this package's .d.ts", { timeout: 120_000 }, () => {
  assert.ok(existsSync(path.join(REPO_ROOT, "packages", "codemode", "dist", "ai.d.ts")), "packages/codemode is not built: bash scripts/build-package.sh");
  const { status, output } = typecheck("tsconfig.ours.json");
  assert.equal(status, 0, output);
});
