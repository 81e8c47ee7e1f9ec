#!/usr/bin/env bash
# Sets up a fresh machine: a virtual environment with the pinned Python packages.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "Python 3.11 or newer is needed (found $("$PY" --version))" >&2
  exit 1
fi
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
# Front-end packages pinned by package-lock.json: Pyodide, which runs the engine in the
# browser (and in tests/test_pyodide.py under Node).
if command -v npm >/dev/null 2>&1; then
  npm ci --no-audit --no-fund --loglevel=error
else
  echo "npm not found: Pyodide is not installed, and its tests will be skipped" >&2
fi
