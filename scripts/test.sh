#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs every check: lint, format, types, then the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/ruff check engine tests scripts hooks
.venv/bin/ruff format --check engine tests scripts hooks
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
