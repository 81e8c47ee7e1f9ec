#!/usr/bin/env python3
"""How long the review page takes to review a whole round in the reader's browser, through
the page's worker, and the longest main-thread task while it does (figures, not a test).

Usage: .venv/bin/python scripts/bench_review_page.py [--rounds 6] [--only block:2]
       [--site DIR] [--json]

The site is built (``mkdocs build --strict``, hooks included) into a temporary directory
(or ``--site DIR`` is used as it is) and served on 127.0.0.1 as a static host serves it
(``site_server.py``: gzip), to Debian's Chromium, headless. For each setup (SETUPS: the
issue's two aims, a 2-player Block round in at most 3 s and a 4-player All Fives round in
at most 6 s), seeded rounds are dealt and played by Club players at every seat in CPython,
as ``scripts/bench_review.py`` deals them (seed ``s``, leader ``s`` mod the players), and
each round's record is pasted on the English review page and read by the engine; then
seat 1 is reviewed by the page's Review button, timed in the page from the click until
the panel's ``data-state`` is ``"done"``: the decisions listed, each judged by its own
``review_judge`` request and drawn, and the round summed up, which is what a reader waits
for. The engine starts once per setup, on the first record read (not timed).

Long tasks: ``PerformanceObserver`` ``longtask`` entries, registered before navigation;
those that overlap a review's window count. The aim is none over 50 ms: the engine works
in its worker, and the page only draws what it answers.

Printed per setup: the rounds, the decisions per round (mean), the median and worst
seconds a round, the aim, the longest main-thread task during the reviews and how many
tasks passed 50 ms; ``--json`` prints one object per setup, each round's time too.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.site_server import CHROMIUM, CHROMIUM_ARGS, build_site, serve  # noqa: E402

# (label, preset, players, the aim in seconds a round)
SETUPS: list[tuple[str, str, int, float]] = [
    ("block:2", "block", 2, 3.0),
    ("all-fives:4", "all-fives", 4, 6.0),
]
TIMEOUT_MS = 600_000

# Registered before any page script: every long task, with its start.
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""

# Clicks Review and resolves once the panel is done: the click's and the end's times.
REVIEW = """() => new Promise((resolve) => {
  const panel = document.querySelector("#review-panel");
  const watch = new MutationObserver(() => {
    if (panel.dataset.state !== "done") return;
    watch.disconnect();
    resolve({ t0, t1: performance.now(), count: Number(panel.dataset.count) });
  });
  watch.observe(panel, { attributes: true, attributeFilter: ["data-state"] });
  const t0 = performance.now();
  document.querySelector(".review-page__start").click();
})"""


def record(preset: str, players: int, seed: int) -> dict[str, Any]:
    """A round dealt from ``seed`` and played by Club players, as a record."""
    from engine import RoundState, Rules
    from engine.players import Club, play_round
    from engine.records import round_record

    state = RoundState.new(Rules.make(preset), players, seed % players, rng=seed)
    play_round(state, [Club() for _ in range(players)])
    found: dict[str, Any] = round_record(state)
    return found


def read(page: Any, text: str) -> None:
    """Pastes ``text`` and has the engine read it (its first read starts the engine)."""
    page.fill("#review-text", text)
    page.evaluate("document.querySelector('.review-page').dataset.loaded = 'false'")
    page.locator(".review-page__read").click()
    page.wait_for_function(
        "() => { const r = document.querySelector('.review-page');"
        " return r.dataset.loaded === 'true' && r.dataset.busy === 'false'; }",
        timeout=TIMEOUT_MS,
    )


def bench(
    browser: Any, url: str, label: str, preset: str, players: int, rounds: int
) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        context.add_init_script(LONGTASKS)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "review/")
        times: list[float] = []
        counts: list[int] = []
        windows: list[tuple[float, float]] = []
        for seed in range(rounds):
            read(page, json.dumps(record(preset, players, seed)))
            done = page.evaluate(REVIEW)
            times.append((done["t1"] - done["t0"]) / 1000)
            counts.append(done["count"])
            windows.append((done["t0"], done["t1"]))
        page.wait_for_timeout(200)  # let the observer deliver the last entries
        tasks = page.evaluate("window.__longtasks")
        during = [d for s, d in tasks if any(s < t1 and s + d > t0 for t0, t1 in windows)]
        if errors:
            raise RuntimeError(f"{label}: the page failed: {errors}")
        return {
            "setup": label,
            "rounds": rounds,
            "decisions": round(statistics.mean(counts), 1),
            "median_s": round(statistics.median(times), 2),
            "worst_s": round(max(times), 2),
            "longest_task_ms": round(max(during, default=0.0)),
            "tasks_over_50ms": sum(d > 50 for d in during),
            "times_s": [round(t, 2) for t in times],
        }
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6, help="seeded rounds per setup")
    parser.add_argument("--only", choices=[s[0] for s in SETUPS], help="one setup")
    parser.add_argument("--site", type=Path, help="a built site to use as it is")
    parser.add_argument("--json", action="store_true", help="one JSON object per setup")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            if build_site(site) is not None:
                print("the strict build failed; measuring the site built without it")
        server, url = serve(site)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                aims = {label: aim for label, _, _, aim in SETUPS}
                for label, preset, players, _ in SETUPS:
                    if args.only and label != args.only:
                        continue
                    row = bench(browser, url, label, preset, players, args.rounds)
                    row["aim_s"] = aims[label]
                    if args.json:
                        print(json.dumps(row), flush=True)
                    else:
                        print(
                            f"{label:12} {row['rounds']} rounds, {row['decisions']} decisions"
                            f" a round: median {row['median_s']} s, worst {row['worst_s']} s"
                            f" (aim {row['aim_s']} s); longest main-thread task"
                            f" {row['longest_task_ms']} ms, {row['tasks_over_50ms']} over 50 ms",
                            flush=True,
                        )
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
