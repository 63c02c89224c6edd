#!/usr/bin/env bash
# wrangler.toml's build command: the release Worker into build/ (index.js + index_bg.wasm).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
export_build_tools
worker-build --release --no-opt
