"""Shared helpers for the engine tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SHARED = ROOT.parent / "shared"


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m engine ARGS`` from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def replay_cli(records: list[object]) -> list[dict]:
    """Results of ``python -m engine replay`` for ``records`` (one per line)."""
    stdin = "".join(json.dumps(r) + "\n" for r in records)
    proc = run_cli("replay", stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def load(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


# Rule sets the engine tests play through: every preset at every player count, and the
# block-dk options alone and together.
RULE_CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("block", {}, 2),
    ("block", {}, 3),
    ("block", {}, 4),
    ("block-dk", {}, 2),
    ("block-dk", {}, 3),
    ("block-dk", {}, 4),
    ("block-dk", {"partnerships": True}, 4),
    ("block-dk", {"partnerships": True, "hand_size": 7, "blocked_scoring": "difference"}, 4),
    ("block-dk", {"partnerships": True, "draw": True, "hand_size": 7}, 4),
    ("block-dk", {"draw": True, "rounding": True, "double_finish": True}, 2),
    ("block-dk", {"draw": True, "blocked_scoring": "difference", "rounding": True}, 3),
    ("block-dk", {"hand_size": 7, "double_finish": True, "target": 61}, 3),
    ("draw", {}, 2),
    ("draw", {}, 3),
    ("draw", {}, 4),
    ("all-fives", {}, 2),
    ("all-fives", {}, 3),
    ("all-fives", {}, 4),
]
RULE_IDS = [f"{p}-{n}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for p, o, n in RULE_CONFIGS]

# The seven placement figures of seeds 000–002, as plays, in the seeds' order.
SEED_FIGURE_PLAYS: list[list[str]] = [
    ["1-4"],
    ["1-4", "1-1@left"],
    ["3-6", "6-6@right"],
    ["0-0"],
    ["1-4", "1-1@left", "4-4@right"],
    ["1-4", "1-1@left", "4-4@right", "3-4@right"],
    ["2-2"],
]
