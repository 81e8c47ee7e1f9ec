"""What the progress page shows (:mod:`engine.features.progress`), in the reader's language.

The page sends what the reader's browser keeps: the practice page's finished matches
(``progress``, :func:`engine.features.progress.load_matches` reads it) and the puzzles page's
progress (``puzzles``, :func:`engine.features.progress.check_puzzles`); either may be
``None``. :func:`figures_view` answers every figure of the page, each chart drawn by
the engine (:mod:`engine.presentation.charts`) with a table of the same figures::

    {"empty": false,
     "summary": "3 matches finished, 2 won. …",
     "matches": {"title": …, "columns": [...], "rows": [{"game": "Block, 2 players",
                 "opponents": "Club", "played": 2, "won": 1, "percent": "50%"}],
                 "none": …},
     "points": {"title", "about", "svg", "columns", "rows": [{"n": 1, "date": …,
                "game": …, "rounds": 3, "value": "12.3", "result": "Won"}], "none": ""},
     "share": {… "rows": [{"n", "date", "game", "judged", "good", "value": "75%"}]},
     "rating": {… "rows": [{"date", "tried", "solved", "value": "1532"}]},
     "streak": "Best puzzle streak: 4 puzzles solved in a row.",
     "counts": {"matches": 3, "won": 2, "attempts": 5}}

A chart with nothing to draw yet has no ``svg`` and no rows, and ``none`` says what
would draw it (the matches' table too). A chart's rows are its points in order: the
matches oldest first, the rated puzzles' days (the rating after the day's last attempt).
Numbers are written with the language's decimal sign. The profile: :func:`export_view`
(the file's text and name) and :func:`import_view` (what the page is to keep, and a
sentence saying what came in).
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.rules import PRESETS
from engine.core.words import check_lang, strings, text
from engine.features import progress, rated, yours
from engine.features.puzzles import parse_date
from engine.players import LEVELS
from engine.presentation import charts
from engine.presentation.views.review import decimal

CHART = "progress-chart"
"""The charts' class (the page's CSS colours them)."""


def _game(m: progress.Played, lang: str) -> str:
    return text(lang, "puzzle.game", game=strings(lang)[f"game.{m.preset}"], players=m.players)


def _opponents(m: progress.Played, lang: str) -> str:
    names = strings(lang)
    found = sorted(set(m.levels), key=LEVELS.index)
    return ", ".join(names[f"level.{x}"] for x in found)


def _percent(share: float, lang: str) -> str:
    return text(lang, "progress.percent", percent=round(100 * share))


def _result(m: progress.Played, lang: str) -> str:
    key = "won" if m.won else "drawn" if m.drawn else "lost"
    return strings(lang)[f"progress.result.{key}"]


def _columns(lang: str, *names: str) -> list[str]:
    s = strings(lang)
    return [s[f"progress.column.{n}"] for n in names]


def _matches(played: tuple[progress.Played, ...], lang: str) -> dict[str, Any]:
    groups: dict[tuple[str, int, str], list[progress.Played]] = {}
    for m in played:
        groups.setdefault((m.preset, m.players, _opponents(m, lang)), []).append(m)
    rows = []
    for (_, _, opponents), ms in sorted(
        groups.items(), key=lambda kv: (PRESETS.index(kv[0][0]), kv[0][1], kv[0][2])
    ):
        won = sum(m.won for m in ms)
        rows.append(
            {
                "game": _game(ms[0], lang),
                "opponents": opponents,
                "played": len(ms),
                "won": won,
                "percent": _percent(won / len(ms), lang),
            }
        )
    s = strings(lang)
    return {
        "title": s["progress.matches.title"],
        "columns": _columns(lang, "game", "opponents", "played", "won", "percent"),
        "rows": rows,
        "none": "" if rows else s["progress.matches.none"],
    }


def _none(lang: str, name: str, columns: list[str], none: str) -> dict[str, Any]:
    """A chart with nothing to draw yet: its title and what to do."""
    s = strings(lang)
    return {
        "title": s[f"progress.{name}.title"],
        "about": "",
        "svg": "",
        "columns": columns,
        "rows": [],
        "none": none,
    }


def _chart(
    lang: str,
    name: str,
    columns: list[str],
    values: list[float],
    scale: tuple[list[float], list[str]],
    foot: list[str],
    rows: list[dict[str, Any]],
) -> dict[str, Any]:
    """A chart of ``values`` over ``scale`` (its ticks and their labels), each value
    labelled ``foot``, and the table of the same figures."""
    s = strings(lang)
    return {
        "title": s[f"progress.{name}.title"],
        "about": s[f"progress.{name}.about"],
        "svg": charts.line_chart(values, scale[0], scale[1], foot, CHART),
        "columns": columns,
        "none": "",
        "rows": rows,
    }


def _points(played: tuple[progress.Played, ...], lang: str) -> dict[str, Any]:
    columns = _columns(lang, "match", "date", "game", "rounds", "per_round", "result")
    if not played:
        return _none(lang, "points", columns, strings(lang)["progress.matches.none"])
    ticks = charts.scale([*(m.per_round for m in played), 0.0])
    rows = [
        {
            "n": k + 1,
            "date": m.date,
            "game": _game(m, lang),
            "rounds": len(m.rounds),
            "value": decimal(m.per_round, lang),
            "result": _result(m, lang),
        }
        for k, m in enumerate(played)
    ]
    return _chart(
        lang,
        "points",
        columns,
        [m.per_round for m in played],
        (ticks, [decimal(v, lang) for v in ticks]),
        [str(r["n"]) for r in rows],
        rows,
    )


def _share(played: tuple[progress.Played, ...], lang: str) -> dict[str, Any]:
    columns = _columns(lang, "match", "date", "game", "judged", "good", "percent")
    reviewed = [(k, m, m.reviewed) for k, m in enumerate(played) if m.reviewed and m.reviewed[1]]
    if not reviewed:
        return _none(lang, "share", columns, strings(lang)["progress.share.none"])
    ticks = [0.0, 25.0, 50.0, 75.0, 100.0]
    rows = [
        {
            "n": k + 1,
            "date": m.date,
            "game": _game(m, lang),
            "judged": judged,
            "good": good,
            "value": _percent(good / judged, lang),
        }
        for k, m, (good, judged) in reviewed
    ]
    return _chart(
        lang,
        "share",
        columns,
        [100 * good / judged for _, _, (good, judged) in reviewed],
        (ticks, [_percent(v / 100, lang) for v in ticks]),
        [str(r["n"]) for r in rows],
        rows,
    )


def _rating(form: rated.Rated, lang: str) -> dict[str, Any]:
    columns = _columns(lang, "date", "tried", "solved", "rating")
    days: dict[str, list[rated.Attempt]] = {}
    for a in form.attempts:
        days.setdefault(a.date, []).append(a)
    if not days:
        return _none(lang, "rating", columns, strings(lang)["progress.rating.none"])
    order = sorted(days)
    values = [float(days[d][-1].rating) for d in order]
    ticks = charts.scale(values, 10.0)
    rows = [
        {
            "date": d,
            "tried": len(days[d]),
            "solved": sum(a.solved for a in days[d]),
            "value": str(days[d][-1].rating),
        }
        for d in order
    ]
    # Along the foot month-day: the year is in the table.
    foot = [d[5:] for d in order]
    return _chart(
        lang, "rating", columns, values, (ticks, [str(round(v)) for v in ticks]), foot, rows
    )


def figures_view(progress_data: object, puzzles_data: object, lang: str) -> dict[str, Any]:
    """Every figure of the progress page (see the module's docstring); stored data the
    engine cannot read is its error (``bad_progress``, ``bad_rated``)."""
    check_lang(lang)
    played = progress.load_matches(progress_data)
    puzzles = progress.check_puzzles(puzzles_data)
    form = rated.load(None if puzzles is None else puzzles.get("rated"))
    s = strings(lang)
    won = sum(m.won for m in played)
    parts = [text(lang, "progress.summary", matches=len(played), won=won)]
    if form.attempts:
        parts.append(text(lang, "progress.summary.rating", rating=round(form.rating.rating)))
    best = form.best_streak
    return {
        "empty": not played and not form.attempts and not best,
        "summary": " ".join(parts),
        "matches": _matches(played, lang),
        "points": _points(played, lang),
        "share": _share(played, lang),
        "rating": _rating(form, lang),
        "streak": text(lang, "progress.streak", best=best) if best else s["progress.streak.none"],
        "counts": {"matches": len(played), "won": won, "attempts": len(form.attempts)},
    }


def export_view(
    progress_data: object, puzzles_data: object, date: object, yours_data: object = None
) -> dict[str, Any]:
    """The profile file to download: its ``text`` (one line of JSON) and ``name``,
    with the reader's ``date``; stored data the engine cannot read is its error."""
    played = progress.load_matches(progress_data)
    puzzles = progress.check_puzzles(puzzles_data)
    data = progress.profile_data(played, puzzles, date, yours.load_yours(yours_data))
    day = parse_date(date).isoformat()
    return {
        "text": json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n",
        "name": f"domino-profile-{day}.json",
    }


def import_view(text_: object, lang: str) -> dict[str, Any]:
    """A profile file's text read and checked (:func:`engine.features.progress.
    read_profile`): what the page is to keep (``progress``, ``puzzles``: ``None`` to
    keep nothing there; ``yours``, the reader's own puzzles) and ``said``, what came
    in."""
    check_lang(lang)
    played, puzzles, own = progress.read_profile(text_)
    form = rated.load(None if puzzles is None else puzzles.get("rated"))
    said = text(lang, "progress.imported", matches=len(played), attempts=len(form.attempts))
    if own:
        said += " " + text(lang, "progress.imported.yours", count=len(own))
    return {
        "progress": progress.matches_data(played),
        "puzzles": puzzles,
        "yours": yours.yours_data(own),
        "said": said,
    }
