#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs every check: lint, format, types, then the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/ruff check engine tests scripts hooks
.venv/bin/ruff format --check engine tests scripts hooks
.venv/bin/mypy
# The JavaScript as the Python: ESLint (eslint.config.mjs) and Prettier's check
# (prettier.config.mjs), both pinned by package-lock.json.
if [ -x node_modules/.bin/eslint ] && [ -x node_modules/.bin/prettier ]; then
  node_modules/.bin/eslint .
  node_modules/.bin/prettier --check --log-level=warn "docs/assets/js/*.js" "scripts/*.mjs" "tests/*.mjs" "*.mjs"
elif [ -n "${CI:-}" ]; then
  echo "npm packages not installed: CI must run ESLint and Prettier" >&2
  exit 1
else
  echo "npm packages not installed: ESLint and Prettier are not run" >&2
fi
.venv/bin/python -m pytest "$@"
