"""Finds real game records that end in each worked example of RULES.md.

Searches seeded random rounds for one whose end matches the example (e.g. a blocked
3-player Block round with 3, 7 and 8 pips left) and writes them, with the replay result
the engine gives, to ``tests/data/example_records.json``. The tests replay these records
through ``python -m engine replay`` and check the documented numbers; run this script
only to add an example (its output is checked in and reviewed by hand).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.core.kernel import FastRules, Trace  # noqa: E402
from engine.core.records import replay, round_record  # noqa: E402
from engine.core.rules import Rules  # noqa: E402
from engine.core.state import RoundState, kernel_round, trace_moves  # noqa: E402

Check = Callable[[RoundState], bool]


def find(rules: Rules, players: int, check: Check, first_round: bool = False) -> dict:
    fast = FastRules(rules, players)
    for seed in range(2_000_000):
        rng = random.Random(seed)
        hands, stock = fast.deal(rng.random)
        leader = seed % players
        state = kernel_round(fast, hands, stock, leader)
        trace: Trace = []
        fast.play(list(hands), leader, list(stock), rng.random, trace)
        for _, move in trace_moves(trace):
            state.apply(move)
        if check(state):
            return round_record(state)
    raise SystemExit("not found")


def pips_left(state: RoundState) -> list[int]:
    return state.pips()


def went_out(state: RoundState) -> int | None:
    r = state.result()
    return None if r.blocked else r.end.seat


def others(state: RoundState, seat: int) -> list[int]:
    return [p for s, p in enumerate(state.pips()) if s != seat]


def holds_only(state: RoundState, seat: int, code: str) -> bool:
    return [t.code for t in state.hand(seat)] == [code]


SEARCHES: dict[str, tuple[Rules, int, Check]] = {
    "tile-values": (
        Rules.make("block"),
        2,
        lambda s: any(holds_only(s, i, "6-6") for i in range(2)) and went_out(s) is not None,
    ),
    "domino-0-8": (
        Rules.make("block"),
        3,
        lambda s: (
            (w := went_out(s)) is not None
            and any(holds_only(s, i, "0-0") for i in range(3))
            and sorted(others(s, w)) == [0, 8]
        ),
    ),
    "domino-5-5": (
        Rules.make("block"),
        3,
        lambda s: (w := went_out(s)) is not None and others(s, w) == [5, 5],
    ),
    "domino-zero": (
        Rules.make("block"),
        2,
        lambda s: (w := went_out(s)) is not None and holds_only(s, 1 - w, "0-0"),
    ),
    "blocked-3-7-8": (
        Rules.make("block"),
        3,
        lambda s: went_out(s) is None and s.is_terminal and s.pips() == [3, 7, 8],
    ),
    "blocked-3-3-8": (
        Rules.make("block"),
        3,
        lambda s: s.result().blocked and sorted(s.pips()) == [3, 3, 8],
    ),
    "dk-domino-14-9-3": (
        Rules.make("block-dk"),
        4,
        lambda s: (w := went_out(s)) is not None and others(s, w) == [14, 9, 3],
    ),
    "dk-blocked-total": (
        Rules.make("block-dk"),
        3,
        lambda s: s.result().blocked and s.pips() == [8, 15, 20],
    ),
    "dk-blocked-diff": (
        Rules.make("block-dk", blocked_scoring="difference"),
        3,
        lambda s: s.result().blocked and s.pips() == [8, 15, 20],
    ),
    "dk-rounding": (
        Rules.make("block-dk", rounding=True),
        2,
        lambda s: (w := went_out(s)) is not None and others(s, w) == [13],
    ),
    "fives-rounding": (
        Rules.make("all-fives"),
        2,
        lambda s: (w := went_out(s)) is not None and others(s, w) == [12],
    ),
    "fives-openers": (
        Rules.make("all-fives"),
        2,
        lambda s: s.events[0].tile is not None and s.events[0].tile.code == "4-6",
    ),
    "fives-double-end": (
        Rules.make("all-fives"),
        2,
        lambda s: [e.tile.code for e in s.events[:2] if e.tile] == ["1-5", "5-5"],
    ),
}


def main() -> None:
    out = {}
    for name, (rules, players, check) in SEARCHES.items():
        record = find(rules, players, check)
        out[name] = {"record": record, "result": replay(record)}
        print(name, out[name]["result"], file=sys.stderr)
    path = ROOT / "tests" / "data" / "example_records.json"
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
