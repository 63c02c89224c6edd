#!/usr/bin/env bash
# `npm start`: set up, then serve the runtime locally with `wrangler dev` on 127.0.0.1:8787
# (PORT overrides the port; extra arguments go to wrangler, e.g. --persist-to DIR).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh
exec wrangler dev --ip 127.0.0.1 --port "${PORT:-8787}" "$@"
