"""How long a reviewed decision takes to solve face up, every tile known (aim, in the
browser's engine: any decision of a 2-player round within 1 s, of a 3- or 4-player round
within 3 s; a page shows progress and Stop between two steps for anything longer).

Each round is dealt from a seed and played by Club players at every seat (a round as a
practice round goes); every decision of seat 1 (seat 0 in the data) is solved as the
review page asks for it, through :mod:`engine.presentation.web`: ``review_face_up``
step by step, each step given the ``found`` of the one before, until ``done``. A row
gives, per preset and player count, the decisions solved, the worst and mean time of a
whole decision (all its steps, each a request: the record read and replayed each
time), the worst single step, the mean of each decision's slowest step, and how many
decisions passed the aim (counted against the CPython time in CPython's rows, against
Pyodide's in Pyodide's). Times are CPU time (steadier on a shared machine than the
clock): CPython's, and in Pyodide (``--pyodide``, under Node) the Node process's.

    .venv/bin/python scripts/bench_faceup.py [--rounds 10] [--pyodide] [--json]
        [--only draw:4]
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import benchlog  # noqa: E402

from scripts.pyodide_node import run_in_pyodide  # noqa: E402

# (label, preset, options, players)
SETUPS: list[tuple[str, str, dict[str, Any], int]] = [
    ("block:2", "block", {}, 2),
    ("block:3", "block", {}, 3),
    ("block:4", "block", {}, 4),
    ("block-dk:2", "block-dk", {}, 2),
    ("block-dk-partners:4", "block-dk", {"partnerships": True}, 4),
    ("draw:2", "draw", {}, 2),
    ("draw:3", "draw", {}, 3),
    ("draw:4", "draw", {}, 4),
    ("all-fives:2", "all-fives", {}, 2),
    ("all-fives:3", "all-fives", {}, 3),
    ("all-fives:4", "all-fives", {}, 4),
]


def aim(players: int) -> float:
    """The aim for a whole decision in the browser, in seconds."""
    return 1.0 if players == 2 else 3.0


def measure(setups: list[list[Any]], rounds: int) -> list[dict[str, Any]]:
    """Solve every decision of seat 0 face up in ``rounds`` seeded rounds per setup,
    through the web method, step by step; one row per setup. (Run as it stands in
    CPython and, its source sent over, in Pyodide.)"""
    import json
    import statistics
    import sys
    import time

    from engine import RoundState, Rules
    from engine.core.records import round_record
    from engine.players import Club, play_round
    from engine.presentation import web

    def clock() -> float:
        """CPU seconds: the process's own (Node's, in Pyodide)."""
        if sys.platform == "emscripten":
            import js  # type: ignore[import-not-found]

            used = js.process.cpuUsage()
            return float(used.user + used.system) / 1e6
        return time.process_time()

    def call(method: str, args: dict[str, Any]) -> Any:
        reply = json.loads(web.call(json.dumps({"method": method, "args": args, "lang": "en"})))
        assert reply["ok"], reply
        return reply["value"]

    rows = []
    for label, preset, options, players in setups:
        rules = Rules.make(preset, **options)
        limit = 1.0 if players == 2 else 3.0
        decisions: list[float] = []
        slowest: list[float] = []
        moves = 0
        exact = 0
        for seed in range(rounds):
            state = RoundState.new(rules, players, seed % players, rng=seed)
            play_round(state, [Club() for _ in range(players)])
            record = round_record(state)
            listed = call("review_decisions", {"record": record, "seat": 0})
            for d in listed["decisions"]:
                found: list[int] = []
                whole = worst = 0.0
                done = False
                step = 0
                while not done:
                    args = {"record": record, "seat": 0, "index": d["index"]}
                    t = clock()
                    reply = call("review_face_up", {**args, "step": step, "found": found})
                    spent = clock() - t
                    whole += spent
                    worst = max(worst, spent)
                    found, done = reply["found"], reply["done"]
                    moves += 1
                    exact += reply["exact"]
                    step += 1
                decisions.append(whole)
                slowest.append(worst)
        rows.append(
            {
                "setup": label,
                "rounds": rounds,
                "decisions": len(decisions),
                "moves": moves,
                "exact_share": round(exact / moves, 3) if moves else 1.0,
                "decision_worst_s": round(max(decisions, default=0.0), 3),
                "decision_mean_s": round(statistics.mean(decisions), 3) if decisions else 0.0,
                "step_worst_s": round(max(slowest, default=0.0), 3),
                "step_mean_s": round(statistics.mean(slowest), 3) if slowest else 0.0,
                "within_aim": sum(1 for s in decisions if s <= limit),
            }
        )
    return rows


def in_pyodide(setups: list[list[Any]], rounds: int) -> list[dict[str, Any]]:
    """:func:`measure` run in Pyodide under Node (``tests/pyodide_run.mjs``)."""
    code = (
        "from typing import Any\n"
        + inspect.getsource(measure)
        + f"\nimport json\njson.dumps(measure({setups!r}, {rounds!r}))\n"
    )
    rows: list[dict[str, Any]] = run_in_pyodide(code)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="seeded rounds per setup")
    parser.add_argument("--only", action="append", help="setups to run, e.g. draw:4")
    parser.add_argument("--pyodide", action="store_true", help="also run in Pyodide")
    parser.add_argument("--json", action="store_true", help="one JSON object per row")
    benchlog.add_flag(parser)
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be 1 or more")
    setups = [list(s) for s in SETUPS if not args.only or s[0] in args.only]
    if not setups:
        parser.error("nothing to run")
    runs = [("cpython", measure(setups, args.rounds))]
    if args.pyodide:
        runs.append(("pyodide", in_pyodide(setups, args.rounds)))
    rows = [{"engine": engine, **row} for engine, part in runs for row in part]
    benchlog.log("bench_faceup.py", rows, labels=("setup",), args=args)
    if args.json:
        for row in rows:
            print(json.dumps(row))
        return 0
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"machine load (1, 5, 15 min): {load} on {os.cpu_count()} cores")
    print(
        "| engine | setup | rounds | decisions | moves | exact share "
        "| decision worst / mean s | slowest step worst / mean s | decisions within the aim |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['engine']} | {r['setup']} | {r['rounds']} | {r['decisions']} | {r['moves']} "
            f"| {r['exact_share']} | {r['decision_worst_s']} / {r['decision_mean_s']} "
            f"| {r['step_worst_s']} / {r['step_mean_s']} "
            f"| {r['within_aim']} of {r['decisions']} |"
        )
    by_setup = {s[0]: s[3] for s in SETUPS}
    for r in rows:
        limit = aim(by_setup[r["setup"]])
        verdict = "holds" if r["decision_worst_s"] <= limit else "missed"
        print(
            f"{r['engine']}: {r['setup']} worst decision {r['decision_worst_s']} s "
            f"(aim in the browser: {limit} s): {verdict}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
