"""How long the review of a whole round takes: the median and worst time over seeded
rounds per preset and player count, in CPython and (with ``--pyodide``) in Pyodide under
Node, as the reader's browser runs it in its worker.

Each round is dealt from a seed and played by Club players at every seat (a round as a
practice round goes); seat 1 (seat 0 in the data) is reviewed as the pages review it,
through :mod:`engine.presentation.web`: ``review_decisions`` once, then ``review_judge`` for each
decision (each reply with its drawings), then ``review_summary``. A row also gives the
decisions per round, the slowest decision, the summary with the round's graph (aim:
within 100 ms of the last decision), how the decisions were valued (exact,
sampled deals solved, sampled deals played out) and the sampling error of the sampled
ones, in points (a judgement's ``error``). Times are CPU time (steadier on a shared
machine than the clock): CPython's, and in Pyodide the Node process's.

    .venv/bin/python scripts/bench_review.py [--rounds 10] [--pyodide] [--json]
        [--only all-fives:4] [--budget 48]
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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
AIMS = {"block:2": 3.0, "all-fives:4": 6.0}
"""The issue's aims in the browser, seconds a round."""


def measure(setups: list[list[Any]], rounds: int, budget: int | None) -> list[dict[str, Any]]:
    """Review ``rounds`` seeded rounds per setup through the web methods; one row per
    setup. (Run as it stands in CPython and, its source sent over, in Pyodide.)"""
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
        times: list[float] = []
        slowest: list[float] = []
        counts: list[int] = []
        methods: dict[str, int] = {"exact": 0, "solved": 0, "played": 0}
        errors: list[float] = []
        summaries: list[float] = []
        for seed in range(rounds):
            state = RoundState.new(rules, players, seed % players, rng=seed)
            play_round(state, [Club() for _ in range(players)])
            record = round_record(state)
            start = clock()
            listed = call("review_decisions", {"record": record, "seat": 0})
            items = []
            worst = 0.0
            for d in listed["decisions"]:
                t = clock()
                args: dict[str, Any] = {"record": record, "seat": 0, "index": d["index"]}
                if budget is not None:
                    args["budget"] = budget
                judged = call("review_judge", args)
                worst = max(worst, clock() - t)
                methods[judged["method"]] += 1
                if not judged["exact"]:
                    errors.append(judged["error"])
                items.append(judged["item"])
            t = clock()
            call("review_summary", {"items": items})  # the summary and the round's graph
            summaries.append(clock() - t)
            times.append(clock() - start)
            slowest.append(worst)
            counts.append(len(items))
        rows.append(
            {
                "setup": label,
                "rounds": rounds,
                "median_s": round(statistics.median(times), 2),
                "worst_s": round(max(times), 2),
                "decisions": round(statistics.mean(counts), 1),
                "worst_decision_s": round(max(slowest), 2),
                "worst_summary_ms": round(1000 * max(summaries), 1),
                "median_error": round(statistics.median(errors), 1) if errors else 0.0,
                "worst_error": max(errors, default=0.0),
                **methods,
            }
        )
    return rows


def in_pyodide(setups: list[list[Any]], rounds: int, budget: int | None) -> list[dict[str, Any]]:
    """:func:`measure` run in Pyodide under Node (``tests/pyodide_run.mjs``)."""
    code = (
        "from typing import Any\n"
        + inspect.getsource(measure)
        + f"\nimport json\njson.dumps(measure({setups!r}, {rounds!r}, {budget!r}))\n"
    )
    rows: list[dict[str, Any]] = run_in_pyodide(code)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="seeded rounds per setup")
    parser.add_argument("--only", action="append", help="setups to run, e.g. draw:2")
    parser.add_argument("--budget", type=int, help="deals sampled per decision")
    parser.add_argument("--pyodide", action="store_true", help="also run in Pyodide")
    parser.add_argument("--json", action="store_true", help="one JSON object per row")
    benchlog.add_flag(parser)
    args = parser.parse_args(argv)
    setups = [list(s) for s in SETUPS if not args.only or s[0] in args.only]
    if not setups:
        parser.error("nothing to run")
    runs = [("cpython", measure(setups, args.rounds, args.budget))]
    if args.pyodide:
        runs.append(("pyodide", in_pyodide(setups, args.rounds, args.budget)))
    rows = [{"engine": engine, **row} for engine, part in runs for row in part]
    benchlog.log("bench_review.py", rows, labels=("setup",), args=args)
    if args.json:
        for engine, rows in runs:
            for row in rows:
                print(json.dumps({"engine": engine, **row}))
        return 0
    print(
        "| engine | setup | rounds | median s | worst s | decisions a round "
        "| slowest decision s | summary and graph, worst ms | exact / solved / played "
        "| sampling error, median / worst |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for engine, rows in runs:
        for r in rows:
            print(
                f"| {engine} | {r['setup']} | {r['rounds']} | {r['median_s']} | {r['worst_s']} "
                f"| {r['decisions']} | {r['worst_decision_s']} | {r['worst_summary_ms']} "
                f"| {r['exact']} / {r['solved']} / {r['played']} "
                f"| {r['median_error']} / {r['worst_error']} |"
            )
    for engine, rows in runs:
        for r in rows:
            if r["setup"] in AIMS:
                print(
                    f"{engine}: {r['setup']} worst {r['worst_s']} s "
                    f"(aim in the browser: {AIMS[r['setup']]} s)"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
