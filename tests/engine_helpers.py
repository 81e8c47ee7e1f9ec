"""Shared helpers for the engine tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
