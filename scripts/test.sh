#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs every check: lint, format, types, then the tests.
#
#   scripts/test.sh                  everything: lint and types, the fast tier, then the
#                                    slow tiers (tens of minutes)
#   scripts/test.sh --fast           lint, types and the fast tier only (minutes)
#   scripts/test.sh [--fast] ARGS    ARGS go to pytest: -k worked, -x, a path, ...
#   scripts/test.sh -m pyodide       one tier (or any marker expression): see below
#
# The tiers are pytest markers (pyproject.toml registers them; tests/conftest.py):
#   browser   the built site in Chromium (tests/browser)
#   pyodide   the engine in Pyodide under Node (one process for the session)
#   site      a built site (the whole site once a session, and small sites)
#   strength  the players' strength (the figures of scripts/bench_strength.py)
#   slow      the big engine checks beyond the fast tier's share (every rule set)
# The fast tier is every test with none of them: the engine, records, views, web,
# players, the build's checks. Plain `.venv/bin/python -m pytest` runs it too.
#
# The full command runs the fast tier, then the others, as two pytest runs; ARGS go to
# both (a path: that path's tests of each tier; -k: the matching tests of each). With -m
# in ARGS you choose the tiers: one pytest run with your marker expression, e.g.
#   scripts/test.sh -m pyodide              the Pyodide tier
#   scripts/test.sh -m "site or browser"    two tiers
#   scripts/test.sh -m ""                   every tier in one run
# Plain pytest: a path or node id without -m runs every test it names, whatever its
# tier (`.venv/bin/python -m pytest tests/browser/test_csp.py`); with -m, those of the
# path the expression selects (`pytest tests/test_players.py -m "not slow"`).
#
# The full command needs Debian's chromium for the browser tier: as root it installs it
# (apt-get update, apt-get install chromium); otherwise the browser tests are skipped and
# the run's last lines say how many did not run and why. Under CI (CI set) a missing
# browser fails the run. It prints the fast tier's time and the whole run's at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

FAST='not browser and not pyodide and not site and not strength and not slow'
SLOW='browser or pyodide or site or strength or slow'
CHROMIUM=/usr/bin/chromium

fast=0
if [ "${1:-}" = "--fast" ]; then
  fast=1
  shift
elif [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 0
fi
own_marks=0
for arg in "$@"; do
  case "$arg" in
    -m | -m?*) own_marks=1 ;;
  esac
done

# Python's bytecode and pytest's rewritten test modules are kept in __pycache__ (ignored
# by git): without them every run compiles the tests and the engine again.
unset PYTHONDONTWRITEBYTECODE

start=$SECONDS
scripts/setup.sh

# The browser tier drives Debian's Chromium (Playwright cannot download one).
install_chromium() {
  if [ -x "$CHROMIUM" ]; then
    return 0
  fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's chromium for the browser tests (apt-get)" >&2
    if apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; then
      return 0
    fi
    echo "apt-get could not install chromium" >&2
  else
    echo "$CHROMIUM is missing and cannot be installed here (not root, or no apt-get):" \
      "the browser tests will not run (as root: apt-get install chromium)" >&2
  fi
  if [ -n "${CI:-}" ]; then
    echo "CI must run the browser tests: $CHROMIUM is missing" >&2
    exit 1
  fi
}
if [ "$fast" = 0 ]; then
  install_chromium
fi

fast_start=$SECONDS
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

status=0
if [ "$own_marks" = 1 ]; then
  .venv/bin/python -m pytest "$@" || status=$?
  echo "tests (your -m): $((SECONDS - fast_start)) s; in all $((SECONDS - start)) s"
  exit "$status"
fi

fast_status=0
.venv/bin/python -m pytest -m "$FAST" "$@" || fast_status=$?
fast_seconds=$((SECONDS - fast_start))
if [ "$fast" = 1 ]; then
  echo "fast tier: ${fast_seconds} s (lint, types and tests; setup before it $((fast_start - start)) s)"
  exit "$fast_status"
fi
slow_start=$SECONDS
slow_status=0
.venv/bin/python -m pytest -m "$SLOW" "$@" || slow_status=$?
echo "fast tier: ${fast_seconds} s (lint, types and tests)"
echo "slow tiers (browser, pyodide, site, strength, slow): $((SECONDS - slow_start)) s"
echo "full run: $((SECONDS - start)) s (setup included)"
# pytest's status 5 is "no tests ran": fine for one tier that ARGS leave empty.
if [ "$fast_status" = 5 ] && [ "$slow_status" = 5 ]; then
  exit 5
fi
for one in "$fast_status" "$slow_status"; do
  if [ "$one" != 0 ] && [ "$one" != 5 ]; then
    exit "$one"
  fi
done
