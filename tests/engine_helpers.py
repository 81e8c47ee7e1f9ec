"""Shared helpers for the engine tests."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

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


class Replayer:
    """``python -m engine replay`` as a caller drives it: write one line, wait for its
    answer (or fail after a timeout, should the engine wait for more input)."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "engine", "replay", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        self.answers: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.answers.put(line)

    def send(self, line: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()

    def ask(self, line: bytes) -> dict:
        self.send(line)
        return self.answer(line)

    def answer(self, after: bytes = b"") -> dict:
        """The next answer (``after``: what was last sent, to tell in a failure)."""
        try:
            answer = self.answers.get(timeout=60)
        except queue.Empty:
            self.proc.kill()
            raise AssertionError(f"no answer to {after[:60]!r}") from None
        return json.loads(answer.decode("utf-8"))

    def close(self) -> tuple[int, str]:
        assert self.proc.stdin is not None and self.proc.stderr is not None
        self.proc.stdin.close()
        code = self.proc.wait(timeout=60)
        return code, self.proc.stderr.read().decode("utf-8", "replace")


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
FAST_RULE_CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("block", {}, 2),
    ("block-dk", {"partnerships": True, "hand_size": 7, "blocked_scoring": "difference"}, 4),
    ("block-dk", {"draw": True, "rounding": True, "double_finish": True}, 2),
    ("block-dk", {"hand_size": 7, "double_finish": True, "target": 61}, 3),
    ("draw", {}, 3),
    ("all-fives", {}, 4),
]
"""The rule sets a big test of every rule set plays in the fast tier: every preset, every
player count and every block-dk option once. ``RULE_CASES`` marks the others ``slow``."""
RULE_CASES = [
    pytest.param(*c, id=i, marks=() if c in FAST_RULE_CONFIGS else pytest.mark.slow)
    for c, i in zip(RULE_CONFIGS, RULE_IDS, strict=True)
]
"""``RULE_CONFIGS`` as parameters, with ids, for ``parametrize(("preset", "options",
"players"), RULE_CASES)``: the full tier plays every rule set, the fast tier only
``FAST_RULE_CONFIGS``."""

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
