"""What the pages show of the reader's own puzzles (:mod:`engine.features.yours`), in the
reader's language.

The practice page keeps a decision of a reviewed round as one of them when its
judgement says so (``review_judge``'s ``yours``): :func:`add_view` (``yours_add``
``{yours, record, round?, seat, index, date}``) answers ``{"yours": …, "added": true,
"count": 3, "said": "1 decision of this round is now among your puzzles (3 in all) …"}``,
the puzzles to keep (``added`` false: it was kept already). The puzzles
page lists them (:func:`list_view`, ``yours_list`` ``{yours}``)::

    {"count": 3, "found": 1, "title": "Your puzzles", "about": "…",
     "text": "3 puzzles of your own, 1 found.",
     "items": [{"id": "0f3c…", "label": "Block, 2 players, decision 4, kept 2026-12-04",
                "outcome": "found", "outcome_text": "Found"}, …]}

(``text`` says there are none yet when there are none), and plays one
(:func:`play_view`, ``yours_play`` ``{yours, id, move?, action?}``): what
``review_retry`` answers for the decision (:func:`engine.presentation.views.review.
retry_view`: the question, the moves, a move tried, ``show``, ``skip``), with the table
as it was (``svg``, ``svg_narrow``, ``caption``; ``empty`` on an empty table), what the
reader knew then (``known``), after ``show`` the table after the best move
(``better``: ``{svg, svg_narrow, caption}``), and ``yours``: once the try has ended,
the puzzles to keep with how it ended (the first ending counts), else ``None``.
"""

from __future__ import annotations

from typing import Any

from engine.core.records import RoundRecord
from engine.core.words import check_lang, strings, text
from engine.features import review as rv
from engine.features import yours
from engine.presentation.views.review import points, retry_view, round_game


def add_view(
    kept: object,
    record: object,
    round: object,
    seat: object,
    index: object,
    date: object,
    lang: str = "en",
) -> dict[str, Any]:
    """The kept puzzles ``kept`` with decision ``index`` of ``seat`` in round ``round``
    of ``record`` (:func:`engine.features.yours.make`), and ``said``: how many of the
    round's decisions are kept now, of how many in all."""
    check_lang(lang)
    found = yours.load_yours(kept)
    entry = yours.make(record, round, seat, index, date)
    now = yours.keep(found, entry)
    here = sum(1 for y in now if y.record == entry.record)
    return {
        "yours": yours.yours_data(now),
        "added": now != found,
        "count": len(now),
        "said": text(lang, "yours.kept", count=here, total=len(now)),
    }


def list_view(kept: object, lang: str) -> dict[str, Any]:
    """The kept puzzles, listed (see the module's docstring)."""
    check_lang(lang)
    found = yours.load_yours(kept)
    s = strings(lang)
    solved = sum(1 for y in found if y.outcome == "found")
    items = []
    for y in found:
        record = RoundRecord.parse(y.record)  # checked whole already: read, not replayed
        items.append(
            {
                "id": y.id,
                "label": text(
                    lang,
                    "yours.item",
                    game=round_game(record.rules, record.players, lang),
                    n=y.index + 1,
                    date=y.date,
                ),
                "outcome": y.outcome,
                "outcome_text": s[f"yours.outcome.{y.outcome or 'new'}"],
            }
        )
    return {
        "count": len(found),
        "found": solved,
        "title": s["yours.title"],
        "about": text(lang, "yours.about", tolerance=points(rv.MARKS[1][1], lang)),
        "text": (
            text(lang, "yours.count", count=len(found), found=solved) if found else s["yours.none"]
        ),
        "items": items,
    }


def play_view(
    kept: object, ident: object, lang: str, *, move: object = None, action: object = None
) -> dict[str, Any]:
    """Puzzle ``ident`` of the kept puzzles played (see the module's docstring)."""
    check_lang(lang)
    found = yours.load_yours(kept)
    y = yours.find(found, ident)
    out = retry_view(y.record, y.seat, 0, y.index, lang, move=move, action=action, drawn=True)
    out.update(id=y.id, yours=None)
    if out["outcome"] is not None:
        out["yours"] = yours.yours_data(yours.ended(found, y.id, out["outcome"]))
    return out
