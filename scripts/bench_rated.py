"""How long the rated puzzles take (aim: under 50 ms each, in CPython and in Pyodide):
choosing the next puzzle near the reader's rating with its streak (the page's request
``puzzle_rated``, through :mod:`engine.presentation.web` as the browser's worker runs
it), and a first attempt rated and written back (:func:`engine.features.rated.attempt`
and :func:`~engine.features.rated.to_data`, the part of the request ``puzzle`` that
rates; judging the move is the solver's and is measured with the puzzles). Each is
timed with a newcomer's form and with one holding :data:`~engine.features.rated.MAX_ATTEMPTS`
attempts (the most a form keeps) and a streak under way, after one request untimed (the
modules imported, as the page's first request does). Times are CPU time: CPython's,
and in Pyodide (``--pyodide``, under Node) the Node process's.

    .venv/bin/python scripts/bench_rated.py [--runs 200] [--pyodide] [--json]
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
sys.path.insert(0, str(ROOT / "scripts"))

import benchlog  # noqa: E402

from scripts.pyodide_node import run_in_pyodide  # noqa: E402


def measure(runs: int) -> list[dict[str, Any]]:
    """The median and worst CPU time of each operation, per form size."""
    import json
    import statistics
    import time

    from engine.features import rated as R
    from engine.features.puzzles import load_puzzles
    from engine.presentation.web import call

    puzzles = load_puzzles()

    def tried(count: int) -> R.Rated:
        """A form of ``count`` attempts (the puzzles' ids, over again past the last) and
        a streak under way."""
        attempts = tuple(
            R.Attempt(puzzles[k % len(puzzles)].id, k % 3 != 0, "2026-12-04", 1500)
            for k in range(count)
        )
        return R.start_run(R.Rated(R.Rated().rating, attempts, 0, None), 7)

    # A form holds one attempt per puzzle at most (only a first attempt is kept); the
    # bound is for forms of older builds' puzzles too.
    forms = {
        "newcomer": R.Rated(),
        "every puzzle tried": tried(len(puzzles)),
        "the bound": tried(R.MAX_ATTEMPTS),
    }
    rows = []
    for name, form in forms.items():
        data = R.to_data(form)
        request = json.dumps(
            {"method": "puzzle_rated", "args": {"rated": data, "themes": ["fives"]}, "lang": "de"}
        )
        next_ms, rate_ms = [], []
        call(request)  # the modules imported, as the page's first request has done
        for k in range(runs):
            start = time.process_time()
            reply = json.loads(call(request))
            next_ms.append((time.process_time() - start) * 1000)
            assert reply["ok"], reply
            puzzle = puzzles[(k * 7) % len(puzzles)]
            start = time.process_time()
            after = R.attempt(R.load(data), puzzle, k % 2 == 0, "2026-12-05")
            R.to_data(after)
            rate_ms.append((time.process_time() - start) * 1000)
        rows.append(
            {
                "form": name,
                "attempts": len(form.attempts),
                "next_median_ms": round(statistics.median(next_ms), 2),
                "next_p95_ms": round(sorted(next_ms)[int(0.95 * len(next_ms))], 2),
                "next_worst_ms": round(max(next_ms), 2),
                "rate_median_ms": round(statistics.median(rate_ms), 2),
                "rate_p95_ms": round(sorted(rate_ms)[int(0.95 * len(rate_ms))], 2),
                "rate_worst_ms": round(max(rate_ms), 2),
            }
        )
    return rows


def in_pyodide(runs: int) -> list[dict[str, Any]]:
    """:func:`measure` run in Pyodide under Node (``tests/pyodide_run.mjs``)."""
    code = inspect.getsource(measure) + f"\nimport json\njson.dumps(measure({runs!r}))\n"
    rows: list[dict[str, Any]] = run_in_pyodide(code)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200, help="timings per operation and form")
    parser.add_argument("--pyodide", action="store_true", help="also run in Pyodide")
    parser.add_argument("--json", action="store_true", help="one JSON object per row")
    benchlog.add_flag(parser)
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    runs = [("cpython", measure(args.runs))]
    if args.pyodide:
        runs.append(("pyodide", in_pyodide(args.runs)))
    rows = [{"engine": engine, **row} for engine, part in runs for row in part]
    benchlog.log("bench_rated.py", rows, labels=("form",), args=args)
    if args.json:
        for row in rows:
            print(json.dumps(row))
        return 0
    print(
        "| engine | form | attempts | next puzzle, median / 95th / worst ms "
        "| rating, median / 95th / worst ms |"
    )
    print("|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['engine']} | {r['form']} | {r['attempts']} "
            f"| {r['next_median_ms']} / {r['next_p95_ms']} / {r['next_worst_ms']} "
            f"| {r['rate_median_ms']} / {r['rate_p95_ms']} / {r['rate_worst_ms']} |"
        )
    for engine in dict.fromkeys(r["engine"] for r in rows):
        real = [r for r in rows if r["engine"] == engine and r["form"] != "the bound"]
        worst = max(max(r["next_worst_ms"], r["rate_worst_ms"]) for r in real)
        print(f"{engine}: worst {worst} ms with at most one attempt per puzzle (aim: under 50 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
