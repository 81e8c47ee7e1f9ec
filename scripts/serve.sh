#!/usr/bin/env bash
# Sets up a fresh machine (scripts/setup.sh), builds the rules site and serves it at
# http://127.0.0.1:8000/ (English; /fr/, /pl/, /de/, /da/ for the other languages).
#   scripts/serve.sh           build with --strict into site/, then serve exactly those files
#   scripts/serve.sh --live    mkdocs serve: rebuilds and reloads the browser on every edit
# PORT=8080 scripts/serve.sh serves on another port.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
PORT=${PORT:-8000}
export NO_MKDOCS_2_WARNING=1
if [ "${1:-}" = "--live" ]; then
  exec .venv/bin/mkdocs serve --strict --dev-addr "127.0.0.1:$PORT"
fi
.venv/bin/mkdocs build --strict --clean --site-dir site
# Fixed content types: the engine's worker needs .mjs as JavaScript and .wasm as WebAssembly.
exec .venv/bin/python scripts/site_server.py site --port "$PORT"
