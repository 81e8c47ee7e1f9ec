"""How long ``engine.presentation.web.call`` takes on hostile requests: the fuzz test's mutated
requests (tests/test_web_fuzz.py), timed one by one.

Prints, per method, how many requests were sent and the slowest call, then the calls
on the largest good score sheet and the ten slowest calls overall (issue 18 aims at no
call over 1 s in CPython). Nothing is asserted: speed is measured here, not in tests.

    python scripts/bench_web_fuzz.py [--examples 100]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import benchlog  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from test_web_fuzz import SEED_CASES, SEEDS, mutated, request_text  # noqa: E402

from engine.features.scorepad import MAX_ROUNDS  # noqa: E402
from engine.lang import LANGUAGES  # noqa: E402
from engine.presentation import web  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100, help="requests per seed")
    benchlog.add_flag(parser)
    args = parser.parse_args()
    examples = args.examples
    times: list[tuple[float, str, str]] = []
    for method, k in SEED_CASES:
        seed = SEEDS[method][k]

        @settings(
            max_examples=examples,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(data=st.data(), lang=st.sampled_from(LANGUAGES))
        def run(data: st.DataObject, lang: str) -> None:
            text = request_text(method, data.draw(mutated(seed)), lang)  # noqa: B023
            start = time.perf_counter()
            reply = web.call(text)
            times.append((time.perf_counter() - start, method, reply[:100]))  # noqa: B023

        before = len(times)
        run()
        slowest = max(times[before:])
        print(f"{method:22} {len(times) - before:5} calls, slowest {slowest[0] * 1000:8.1f} ms")
    print("\nThe largest good sheet (MAX_ROUNDS rounds of 4 hands of tiles):")
    sheet = json.loads(web.call(request_text("scorepad_new", {"players": 4})))["value"]["sheet"]
    hands = [["0-1", "2-3"], ["1-2", "0-3"], ["0-0", "0-6"], ["1-1", "2-2"]]
    entry = {"went_out": None, "pips": hands}  # a tie for the lowest hand: nobody scores
    sheet["rounds"] = [entry] * (MAX_ROUNDS - 1)
    for method in ("scorepad_view", "scorepad_add", "scorepad_export"):
        text = request_text(method, {"sheet": sheet, "entry": entry})
        start = time.perf_counter()
        reply = web.call(text)
        print(f"{(time.perf_counter() - start) * 1000:8.1f} ms  {method:22} {reply[:60]}")
    slowest: dict[str, float] = {}
    for seconds, method, _ in times:
        slowest[method] = max(slowest.get(method, 0.0), round(seconds * 1000, 1))
    rows = [{"method": m, "slowest_call_ms": ms} for m, ms in slowest.items()]
    benchlog.log("bench_web_fuzz.py", rows, labels=("method",), args=args)
    print("\nSlowest calls:")
    for seconds, method, reply in sorted(times, reverse=True)[:10]:
        print(f"{seconds * 1000:8.1f} ms  {method:22} {reply}")


if __name__ == "__main__":
    main()
