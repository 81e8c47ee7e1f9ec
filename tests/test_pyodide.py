"""The engine runs in Pyodide, as it will in the reader's browser, and gives the same
answers there as in CPython: records replayed, descriptions, figures, players and hints.

Pyodide comes from the npm package (package.json, installed by scripts/setup.sh) and runs
under Node here, with the standard library the site gives the reader: only the modules
Pyodide's start and the engine's requests import (hooks/web_assets.py packs it). A module
the engine starts to import that is not packed fails here: imported by the code run, or
named by an import statement anywhere in the engine (a function's own import included).
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from engine_helpers import DATA, ROOT

from hooks import web_assets

if TYPE_CHECKING:
    from conftest import Pyodide

# Every test here is in the pyodide tier; Pyodide is the session's one process
# (tests/conftest.py: skipped without Node or Pyodide, except under CI).
pytestmark = pytest.mark.pyodide

# Everything here runs in both interpreters; the answers must be identical.
PROGRAM = """
import json, sys
from engine import Layout, Rules, RoundState, describe
from engine.presentation.figures import figure_svg
from engine.players import Expert, Club, Beginner, hint, play_match
from engine.core.records import replay
from engine.core.kernel import random_rounds

records = json.loads(RECORDS)
out = {
    "python": sys.version_info[:2],
    "replays": [replay(entry["record"], "pl") for entry in records.values()],
    "bad": replay({"preset": "block", "players": 2, "leader": 0, "hands": [], "plays": []}, "da"),
    "describe": describe(Layout.from_plays(["1-4", "1-1@left", "4-4@right"]), "fr"),
    "svg": figure_svg(["5-5", "5-3@left", "5-2@right"], "de", "Spinner", "all-fives"),
    # Without the Expert's wall-clock cap, which a loaded machine reaches sooner in Pyodide.
    "hint": hint(
        RoundState.new(Rules.make("draw"), 3, 0, rng=2), "fr", expert=Expert(time_limit=None)
    ).text,
    "match": play_match(
        Rules.make("all-fives"), [Expert(seed=1, time_limit=None), Club(), Beginner(seed=2)],
        seed=5,
    ).history,
    "moves": random_rounds(Rules.make("block"), 2, 200, seed=9),
}
json.dumps(out)
"""


def run_cpython() -> dict:
    scope: dict = {"RECORDS": (DATA / "example_records.json").read_text(encoding="utf-8")}
    code = PROGRAM.strip().rsplit("\n", 1)
    exec(code[0], scope)
    return json.loads(eval(code[1], scope))


def run_pyodide(pyodide: Pyodide) -> dict:
    records = (DATA / "example_records.json").read_text(encoding="utf-8")
    return json.loads(pyodide.run(f"RECORDS = {records!r}\n" + PROGRAM))


def test_engine_answers_the_same_in_pyodide(pyodide: Pyodide) -> None:
    here = run_cpython()
    there = run_pyodide(pyodide)
    assert there["python"][0] == 3 and there["python"][1] >= 11
    for key in here:
        if key != "python":
            assert there[key] == here[key], key
    assert all(r["ok"] for r in there["replays"])
    assert there["bad"]["ok"] is False and "hænder" in there["bad"]["error"]
    assert there["svg"].startswith("<svg") and "Angelegt [2|5]" in there["svg"]


def imported_modules(source: str) -> set[str]:
    """Every module an import statement of ``source`` names (absolute ones), wherever it
    stands, with each package above it: ``from a.b import c`` names ``a``, ``a.b`` and
    ``a.b.c`` (which may be a name, not a module: kept only if it is a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            found.update(".".join(parts[: i + 1]) for i in range(len(parts)))
    return found


def test_every_module_the_engine_imports_is_in_the_readers_standard_library(
    packed_stdlib: Path,
) -> None:
    packed = packed_stdlib
    report = web_assets.stdlib_report(packed)
    available = set(report["modules"]) | set(report["built_in"])
    assert packed.stat().st_size <= 1_000_000, "the aim: at most 1 MB"
    # The command line (engine/presentation/cli.py) never runs in the browser.
    cli = {ROOT / "engine" / "__main__.py", ROOT / "engine" / "presentation" / "cli.py"}
    sources = [p for p in (ROOT / "engine").rglob("*.py") if p not in cli]
    missing: dict[str, list[str]] = {}
    for path in sources:
        for name in sorted(imported_modules(path.read_text(encoding="utf-8"))):
            top = name.split(".")[0]
            if top in ("engine", "__future__") or name in available:
                continue
            is_module = name.count(".") == 0 or _is_stdlib_module(name)
            if is_module and top in sys.stdlib_module_names:
                missing.setdefault(name, []).append(str(path.relative_to(ROOT)))
    assert missing == {}, (
        "imported by the engine but not in the standard library the site packs (add a"
        f" request that reaches them to scripts/stdlib_probe.py): {missing}"
    )
    # Every kind of request was answered; the packed modules include what it needs.
    assert set(report["probe"]["ok"]) >= {"ping", "practice_new", "scorepad_new"}
    assert {"json", "random", "dataclasses", "urllib.parse"} <= set(report["modules"])


def _is_stdlib_module(name: str) -> bool:
    """Whether ``name`` (``a.b``) is a module of the host's standard library, not a name
    defined in one (``collections.abc`` is; ``typing.Any`` is not)."""
    import importlib.util

    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False
