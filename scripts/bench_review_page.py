#!/usr/bin/env python3
"""How long the review page takes to review a whole round in the reader's browser, through
the page's worker, and the longest main-thread task while it does (figures, not a test).

Usage: .venv/bin/python scripts/bench_review_page.py [--rounds 6] [--only block:2]
       [--repeat 1] [--site DIR] [--json] [--frames] [--trace] [--no-pause]

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
for. The engine starts once per setup, on the first record read (not timed); then the
bench waits, as a reader choosing a seat would, until the page's warm-up of the engine
is over (``<html data-engine-warm="done">``, its seconds printed), unless ``--no-pause``:
the first review then runs while the browser still compiles the engine's hot code.

Long tasks: ``PerformanceObserver`` ``longtask`` entries, registered before navigation;
those that overlap a review's window count. The aim is none over 50 ms: the engine works
in its worker, and the page only draws what it answers. With ``--frames``, each long
animation frame (``long-animation-frame``, over 50 ms) during a review is printed too,
where its time went: the scripts (each by its entry point and file, with the style and
layout they forced) and the frame's own style and layout after them.

On a shared machine a task's time by the clock is mostly the time its thread waited for a
core. ``--trace`` traces the page's main thread (Chromium's ``toplevel`` tasks) during
the reviews and gives the longest task both by the clock and in the thread's CPU time
(what the page itself spent), and how many took more than 50 ms of CPU time; and the
CPU time the engine's worker spent answering the page's requests, a round, median and
worst (what a round would take on a machine to itself, the page's share aside); and the
CPU time the browser's WebAssembly compiler spent, on its own threads, during the first
review and at most during any later one (the optimising compile of the engine's hot
code, which on two cores takes the main thread's core: what the warm-up is for).

The worker's wait: the page's requests to the engine's worker and its replies are timed
(``Worker.prototype.postMessage`` and the worker's ``message`` events, wrapped before any
page script); ``worker_idle_ms`` is, summed over a round, the time from a reply's arrival
until the next request (the worker idle, waiting on the page), at worst over the rounds.

Printed per setup: the rounds, the decisions per round (mean), the median and worst
seconds a round, the aim, the longest main-thread task during the reviews, how many
tasks passed 50 ms, and the worker's wait; ``--json`` prints one object per setup, each
round's time too. ``--repeat N`` measures each setup N times, each in a fresh browser
context (a new engine start), one row each.
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

import benchlog  # noqa: E402

from scripts.site_server import CHROMIUM, CHROMIUM_ARGS, build_site, serve  # noqa: E402

# (label, preset, players, the aim in seconds a round)
SETUPS: list[tuple[str, str, int, float]] = [
    ("block:2", "block", 2, 3.0),
    ("all-fives:4", "all-fives", 4, 6.0),
]
TIMEOUT_MS = 600_000

# Registered before any page script: every long task, with its start; every long
# animation frame, with where its time went; and the times of the requests to workers
# and of their replies.
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
window.__frames = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__frames.push({
        start: e.startTime,
        duration: e.duration,
        blocking: e.blockingDuration,
        style_layout: e.startTime + e.duration - e.styleAndLayoutStart,
        render: e.renderStart ? e.styleAndLayoutStart - e.renderStart : 0,
        scripts: e.scripts.map((s) => ({
          what: `${s.invokerType} ${s.invoker}`,
          file: (s.sourceURL || "").split("/").pop(),
          duration: s.duration,
          layout: s.forcedStyleAndLayoutDuration,
        })),
      });
    }
  }).observe({ type: "long-animation-frame", buffered: true });
} catch (error) {}
window.__asked = [];
window.__replied = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message && message.method) window.__asked.push(performance.now());
  return post.call(this, message, ...rest);
};
// A reply's time is taken before the page's handler runs (and its promise's reactions).
const handler = Object.getOwnPropertyDescriptor(Worker.prototype, "onmessage");
Object.defineProperty(Worker.prototype, "onmessage", {
  configurable: true,
  get() {
    return handler.get.call(this);
  },
  set(listener) {
    handler.set.call(this, (event) => {
      if (event.data && event.data.id !== undefined) window.__replied.push(performance.now());
      return listener.call(this, event);
    });
  },
});
"""

# Clicks Review and resolves once the panel is done: the click's and the end's times.
REVIEW = """() => new Promise((resolve) => {
  const panel = document.querySelector("#review-panel");
  const watch = new MutationObserver(() => {
    if (panel.dataset.state !== "done") return;
    watch.disconnect();
    performance.mark("review-end");
    resolve({ t0, t1: performance.now(), count: Number(panel.dataset.count) });
  });
  watch.observe(panel, { attributes: true, attributeFilter: ["data-state"] });
  performance.mark("review-start");
  const t0 = performance.now();
  document.querySelector(".review-page__start").click();
})"""


def record(preset: str, players: int, seed: int) -> dict[str, Any]:
    """A round dealt from ``seed`` and played by Club players, as a record."""
    from engine import RoundState, Rules
    from engine.core.records import round_record
    from engine.players import Club, play_round

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


def warmed(page: Any) -> float:
    """Waits, as a reader choosing a seat would, until the engine's warm-up is over
    (``<html data-engine-warm="done">``); the seconds waited."""
    start = page.evaluate("performance.now()")
    page.wait_for_function(
        "() => document.documentElement.dataset.engineWarm === 'done'", timeout=TIMEOUT_MS
    )
    waited: float = (page.evaluate("performance.now()") - start) / 1000
    return round(waited, 2)


def worker_idle(asked: list[float], replied: list[float]) -> Any:
    """A function of a window ``(t0, t1)``: the milliseconds, summed, from each reply in
    it to the next request (the worker waiting on the page; none while one is queued)."""

    def idle(t0: float, t1: float) -> float:
        total = 0.0
        events = sorted([(t, 1) for t in asked] + [(t, -1) for t in replied])
        queued = 0
        since: float | None = None
        for t, change in events:
            queued += change
            if since is not None and change == 1 and t0 <= since and t <= t1:
                total += t - since
            since = t if queued <= 0 else None
        return total

    return idle


TRACED = ["toplevel", "blink.user_timing"]


def traced_tasks(
    trace: bytes,
) -> tuple[list[tuple[float, float]], list[float], list[float]]:
    """The page's main-thread tasks during the reviews (between the marks REVIEW sets),
    each as (milliseconds of the clock, milliseconds of the thread's CPU time), and the
    CPU seconds the workers spent answering messages during each review, and the CPU
    milliseconds of the WebAssembly compiler's tasks during each review (a share of a
    task that overlaps it)."""
    found = json.loads(trace)
    events = found["traceEvents"] if isinstance(found, dict) else found
    marks = [e for e in events if e.get("name") in ("review-start", "review-end")]
    if not marks:
        return [], []
    main = (marks[0]["pid"], marks[0]["tid"])
    starts = sorted(e["ts"] for e in marks if e["name"] == "review-start")
    ends = sorted(e["ts"] for e in marks if e["name"] == "review-end")
    windows = list(zip(starts, ends, strict=False))
    threads = {
        (e["pid"], e["tid"]): e["args"]["name"]
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name"
    }
    spans = [e for e in events if e.get("ph") == "X" and "dur" in e]
    tasks = [
        (e["dur"] / 1000, e.get("tdur", 0) / 1000)
        for e in spans
        if e["name"] == "ThreadControllerImpl::RunTask"
        and (e["pid"], e["tid"]) == main
        and any(e["ts"] < t1 and e["ts"] + e["dur"] > t0 for t0, t1 in windows)
    ]
    # The workers' tasks, each worker's apart: the engine's is the one that worked most.
    busy: dict[tuple[int, int], list[float]] = {}
    for e in spans:
        where = (e["pid"], e["tid"])
        if e["name"] != "ThreadControllerImpl::RunTask" or threads.get(where) != (
            "DedicatedWorker thread"
        ):
            continue
        row = busy.setdefault(where, [0.0] * len(windows))
        for k, (t0, t1) in enumerate(windows):
            if t0 <= e["ts"] <= t1:
                row[k] += e.get("tdur", 0) / 1e6
    worker = max(busy.values(), key=sum, default=[])
    compiled = [0.0] * len(windows)
    for e in spans:
        if e["name"] != "ThreadPool_RunTask" or "wasm" not in str(e.get("args", "")):
            continue
        for k, (t0, t1) in enumerate(windows):
            inside = min(t1, e["ts"] + e["dur"]) - max(t0, e["ts"])
            if inside > 0 and e["dur"]:
                compiled[k] += e.get("tdur", 0) * inside / e["dur"] / 1000
    return tasks, worker, compiled


def bench(
    browser: Any,
    url: str,
    label: str,
    preset: str,
    players: int,
    rounds: int,
    trace: bool = False,
    pause: bool = True,
) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        context.add_init_script(LONGTASKS)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "review/")
        if trace:
            browser.start_tracing(page=page, categories=TRACED)
        times: list[float] = []
        counts: list[int] = []
        windows: list[tuple[float, float]] = []
        warm_s = None
        for seed in range(rounds):
            read(page, json.dumps(record(preset, players, seed)))
            if seed == 0 and pause:
                warm_s = warmed(page)
            done = page.evaluate(REVIEW)
            times.append((done["t1"] - done["t0"]) / 1000)
            counts.append(done["count"])
            windows.append((done["t0"], done["t1"]))
        page.wait_for_timeout(200)  # let the observer deliver the last entries
        cpu, worker, compiled = traced_tasks(browser.stop_tracing()) if trace else ([], [], [])
        tasks = page.evaluate("window.__longtasks")
        during = [d for s, d in tasks if any(s < t1 and s + d > t0 for t0, t1 in windows)]
        frames = [
            f
            for f in page.evaluate("window.__frames")
            if any(f["start"] < t1 and f["start"] + f["duration"] > t0 for t0, t1 in windows)
        ]
        idle = worker_idle(page.evaluate("window.__asked"), page.evaluate("window.__replied"))
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
            "worker_idle_ms": round(max(idle(t0, t1) for t0, t1 in windows)),
            "warm_up_s": warm_s,
            **(
                {
                    "traced_longest_ms": round(max((d for d, _ in cpu), default=0.0)),
                    "traced_longest_cpu_ms": round(max((c for _, c in cpu), default=0.0), 1),
                    "traced_over_50ms_cpu": sum(c > 50 for _, c in cpu),
                    "worker_cpu_median_s": round(statistics.median(worker), 2) if worker else 0,
                    "worker_cpu_worst_s": round(max(worker, default=0.0), 2),
                    "compile_first_ms": round(compiled[0]) if compiled else 0,
                    "compile_later_ms": round(max(compiled[1:], default=0.0)),
                }
                if trace
                else {}
            ),
            "times_s": [round(t, 2) for t in times],
            "frames": [
                {
                    "duration": round(f["duration"]),
                    "style_layout": round(f["style_layout"]),
                    "scripts": [
                        {
                            **x,
                            "duration": round(x["duration"]),
                            "layout": round(x["layout"]),
                        }
                        for x in f["scripts"]
                    ],
                }
                for f in frames
            ],
        }
    finally:
        context.close()


def report(row: dict[str, Any], *, json_lines: bool, frames: bool) -> None:
    """Prints a setup's row (and, with ``frames``, its long animation frames)."""
    if json_lines:
        print(json.dumps(row), flush=True)
        return
    print(
        f"{row['setup']:12} {row['rounds']} rounds, {row['decisions']} decisions"
        f" a round: median {row['median_s']} s, worst {row['worst_s']} s"
        f" (aim {row['aim_s']} s); longest main-thread task"
        f" {row['longest_task_ms']} ms, {row['tasks_over_50ms']} over 50 ms;"
        f" the worker waited on the page {row['worker_idle_ms']} ms a round at worst"
        + (
            f"; the warm-up was over {row['warm_up_s']} s after the first read"
            if row["warm_up_s"] is not None
            else "; reviewed at once after the first read (no pause for the warm-up)"
        ),
        flush=True,
    )
    if "traced_longest_ms" in row:
        print(
            f"  traced: the longest main-thread task {row['traced_longest_ms']} ms by the"
            f" clock; the most CPU time a task took {row['traced_longest_cpu_ms']} ms,"
            f" {row['traced_over_50ms_cpu']} tasks over 50 ms of CPU time; the engine's"
            f" worker: {row['worker_cpu_median_s']} s of CPU time a round (median),"
            f" {row['worker_cpu_worst_s']} s at worst; the WebAssembly compiler"
            f" {row['compile_first_ms']} ms of CPU time in the first review, at most"
            f" {row['compile_later_ms']} ms in a later one",
            flush=True,
        )
    if frames:
        for f in row["frames"]:
            said = "; ".join(
                f"{x['what']} ({x['file']}) {x['duration']} ms, {x['layout']} forced layout"
                for x in f["scripts"]
            )
            print(f"  frame {f['duration']} ms, style and layout {f['style_layout']} ms: {said}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6, help="seeded rounds per setup")
    parser.add_argument("--only", choices=[s[0] for s in SETUPS], help="one setup")
    parser.add_argument("--site", type=Path, help="a built site to use as it is")
    parser.add_argument("--json", action="store_true", help="one JSON object per setup")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each setup")
    parser.add_argument("--frames", action="store_true", help="print the long frames")
    parser.add_argument(
        "--no-pause",
        action="store_true",
        help="review at once after the first read, not once the engine is warmed up",
    )
    parser.add_argument(
        "--trace", action="store_true", help="trace the main thread's tasks (CPU time)"
    )
    benchlog.add_flag(parser)
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
                runs = [s for s in SETUPS if not args.only or s[0] == args.only]
                for _ in range(args.repeat):
                    for label, preset, players, _ in runs:
                        row = bench(
                            browser,
                            url,
                            label,
                            preset,
                            players,
                            args.rounds,
                            args.trace,
                            not args.no_pause,
                        )
                        row["aim_s"] = aims[label]
                        report(row, json_lines=args.json, frames=args.frames)
                        figures = {k: v for k, v in row.items() if k not in ("times_s", "frames")}
                        benchlog.log(
                            "bench_review_page.py",
                            [figures],
                            labels=("setup",),
                            args=args,
                            python="pyodide",
                        )
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
