"""The benchmarks' history: every figure a bench script prints, kept as data.

Each ``scripts/bench_*.py`` calls :func:`log` once it has its figures, which appends one
JSON object a line to ``dev/benchmarks-history.jsonl``::

    {"date": "2026-12-03", "script": "bench_solver.py",
     "command": "scripts/bench_solver.py --only draw:2", "figure": "draw:2 16 worst_ms",
     "value": 380.0, "unit": "ms", "load": [1.9, 2.1, 2.0], "python": "cpython",
     "note": ""}

``load`` is the machine's load average over 1, 5 and 15 minutes when the figures were
logged (``os.getloadavg``), ``python`` the implementation that ran the figure
(``cpython``, or ``pyodide`` for a row the script ran in Pyodide under Node). A script's
``--no-history`` flag (:func:`add_flag`) skips the append, for trial runs.
``dev/benchmarks.md`` holds the aims and the latest figure of each; this file keeps
every run.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HISTORY = ROOT / "dev" / "benchmarks-history.jsonl"

UNITS = (
    ("_per_s", "/s"),
    ("_ms", "ms"),
    ("_s", "s"),
    ("_bytes", "B"),
    ("bytes", "B"),
    ("share", "ratio"),
    ("rate", "ratio"),
)
"""A figure's unit, by the end of its name (the first match wins)."""


def add_flag(parser: argparse.ArgumentParser) -> None:
    """Give a bench script's parser the ``--no-history`` flag."""
    parser.add_argument(
        "--no-history",
        action="store_true",
        help=f"do not append the figures to {HISTORY.relative_to(ROOT)}",
    )


def unit_of(name: str) -> str:
    """The unit a figure's name implies ("" when it names none)."""
    for suffix, unit in UNITS:
        if name.endswith(suffix):
            return unit
    return ""


def figures(row: Mapping[str, Any], labels: Iterable[str] = ()) -> list[tuple[str, float]]:
    """The numbers of one ``row`` as ``(name, value)``: nested objects and lists are
    flattened (``time.expert.cpu_median_ms``, ``share.0``), booleans and text left out,
    and the values of the ``labels`` keys put before each name instead of logged."""
    prefix = " ".join(str(row[k]) for k in labels if k in row)
    out: list[tuple[str, float]] = []

    def walk(value: Any, name: str) -> None:
        if isinstance(value, bool) or value is None or isinstance(value, str):
            return
        if isinstance(value, int | float):
            out.append((name, float(value)))
        elif isinstance(value, Mapping):
            for key, item in value.items():
                walk(item, f"{name}.{key}" if name else str(key))
        elif isinstance(value, list | tuple):
            for i, item in enumerate(value):
                walk(item, f"{name}.{i}")

    for key, value in row.items():
        if key not in labels:
            walk(value, str(key))
    return [(f"{prefix} {name}" if prefix else name, value) for name, value in out]


def log(
    script: str,
    rows: Iterable[Mapping[str, Any]],
    *,
    labels: Iterable[str] = (),
    args: argparse.Namespace | None = None,
    note: str = "",
    python: str | None = None,
    path: Path = HISTORY,
) -> int:
    """Append the figures of ``rows`` to the history and return how many were written.

    ``script`` is the bench script's file name; ``labels`` are the keys that say what a
    row measures (``setup``, ``preset``, ...). A row's ``engine`` (``cpython`` or
    ``pyodide``) is the implementation that ran it; without one, ``python`` (``pyodide``
    for the browser's benchmarks), else this Python's. Nothing is written when
    ``args.no_history`` is set.
    """
    if args is not None and getattr(args, "no_history", False):
        return 0
    labels = tuple(labels)
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except OSError:  # not every system has a load average
        load = None
    here = python or platform.python_implementation().lower()
    stamp = {
        "date": datetime.date.today().isoformat(),
        "script": script,
        "command": shlex.join(["scripts/" + script, *sys.argv[1:]]),
    }
    lines = []
    for row in rows:
        engine = row.get("engine")
        python = engine if engine in ("cpython", "pyodide") else here
        for name, value in figures(row, labels):
            entry = {
                **stamp,
                "figure": name,
                "value": value,
                "unit": unit_of(name),
                "load": load,
                "python": python,
                "note": note,
            }
            lines.append(json.dumps(entry, ensure_ascii=False))
    if lines:
        with path.open("a", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    return len(lines)
