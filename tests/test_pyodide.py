"""The engine runs in Pyodide, as it will in the reader's browser, and gives the same
answers there as in CPython: records replayed, descriptions, figures, players and hints.

Pyodide comes from the npm package (package.json, installed by scripts/setup.sh) and runs
under Node here.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest
from engine_helpers import DATA, ROOT

NODE = shutil.which("node")
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"

# Skipped only outside CI, on a machine without Node or before scripts/setup.sh ran.
pytestmark = pytest.mark.skipif(
    (NODE is None or not PYODIDE.is_file()) and not os.environ.get("CI"),
    reason="needs Node and the npm package pyodide (scripts/setup.sh installs it)",
)

# Everything here runs in both interpreters; the answers must be identical.
PROGRAM = """
import json, sys
from engine import Layout, Rules, RoundState, describe
from engine.figures import figure_svg
from engine.players import Expert, Club, Beginner, hint, play_match
from engine.records import replay
from engine.kernel import random_rounds

records = json.loads(RECORDS)
out = {
    "python": sys.version_info[:2],
    "replays": [replay(entry["record"], "pl") for entry in records.values()],
    "bad": replay({"preset": "block", "players": 2, "leader": 0, "hands": [], "plays": []}, "da"),
    "describe": describe(Layout.from_plays(["1-4", "1-1@left", "4-4@right"]), "fr"),
    "svg": figure_svg(["5-5", "5-3@left", "5-2@right"], "de", "Spinner", "all-fives"),
    "hint": hint(RoundState.new(Rules.make("draw"), 3, 0, rng=2), "fr").text,
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


def run_pyodide() -> dict:
    records = (DATA / "example_records.json").read_text(encoding="utf-8")
    code = f"RECORDS = {records!r}\n" + PROGRAM
    assert NODE is not None, "Node is needed to run Pyodide"
    proc = subprocess.run(
        [NODE, str(ROOT / "tests" / "pyodide_run.mjs"), str(ROOT)],
        input=code,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def test_engine_answers_the_same_in_pyodide():
    here = run_cpython()
    there = run_pyodide()
    assert there["python"][0] == 3 and there["python"][1] >= 11
    for key in here:
        if key != "python":
            assert there[key] == here[key], key
    assert all(r["ok"] for r in there["replays"])
    assert there["bad"]["ok"] is False and "hænder" in there["bad"]["error"]
    assert there["svg"].startswith("<svg") and "Angelegt [2|5]" in there["svg"]
