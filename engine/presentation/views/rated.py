"""What the puzzles page shows of the reader's rated puzzles (:mod:`engine.features.rated`):
the reader's rating, the next puzzle near it within the themes picked, the streak, and
what a move or a revealed answer did to them.

The page keeps the stored form (:func:`engine.features.rated.to_data`) and sends it with
each request as ``rated``; every reply carries the form to keep next. Data the page kept
but the engine cannot read is the error ``bad_rated``: nothing is changed, and the page
keeps it as it was.
"""

from __future__ import annotations

from typing import Any

from engine.core.boundary import MAX_SEED, is_whole
from engine.core.errors import DominoError
from engine.core.words import strings, text
from engine.features import rated as R
from engine.features.puzzles import THEMES, Puzzle, by_id, load_puzzles

PROVISIONAL = 110.0
"""A rating whose deviation is above this is provisional (as Lichess shows it)."""


def rating_text(rated: R.Rated, lang: str) -> str:
    """The reader's rating in words, provisional while still unsure."""
    r = rated.rating
    key = "rated.rating.provisional" if r.deviation > PROVISIONAL else "rated.rating"
    return text(lang, key, rating=round(r.rating))


def _themes(args: dict[str, Any]) -> list[str]:
    themes = args.get("themes", [])
    if not isinstance(themes, list) or not all(t in THEMES for t in themes):
        raise DominoError.about("bad_request", "request_themes", themes=", ".join(THEMES))
    return themes


def _streak(rated: R.Rated, lang: str) -> dict[str, Any]:
    run = rated.run
    best = text(lang, "rated.streak.best", count=rated.best_streak)
    if run is None:
        return {"running": False, "next": None, "score": 0, "skip": False, "text": best}
    following = R.run_puzzle(run, load_puzzles())
    if run.over or following is None:
        key = "rated.streak.over" if run.over else "rated.streak.none_left"
        said = text(lang, key, count=run.score)
        return {"running": False, "next": None, "score": run.score, "skip": False,
                "text": f"{said} {best}"}  # fmt: skip
    skip = run.skipped is None
    said = text(lang, "rated.streak.score", count=run.score)
    said += " " + strings(lang)["rated.streak.skip_left" if skip else "rated.streak.no_skip"]
    return {
        "running": True,
        "next": following.id,
        "score": run.score,
        "skip": skip,
        "text": f"{said} {best}",
    }


def rated_view(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The reader's rated puzzles (the method ``puzzle_rated``): from ``rated`` (the stored
    form, or ``None`` for a newcomer), with ``start`` (a whole number: a new streak with
    that seed) or ``skip`` (the streak's puzzle to skip) applied first. The reply: the
    form to keep (``rated``), the rating (``rating``, ``rating_text``), the ``next``
    puzzle near it within ``themes`` (every theme if none) or ``None`` with
    ``next_text`` saying why, and the ``streak`` (``running``, its ``next`` puzzle,
    ``score``, whether a ``skip`` is left, and its ``text``)."""
    strings(lang)
    rated = R.load(args.get("rated"))
    themes = _themes(args)
    if "start" in args:
        seed = args["start"]
        if not is_whole(seed) or not 0 <= seed <= MAX_SEED:
            raise DominoError.about("bad_request", "request_seed")
        rated = R.start_run(rated, seed)
    if "skip" in args:
        rated = R.run_skip(rated, by_id(args["skip"]))
    following = R.next_puzzle(rated, load_puzzles(), themes)
    return {
        "rated": R.to_data(rated),
        "rating": round(rated.rating.rating),
        "rating_text": rating_text(rated, lang),
        "next": None if following is None else following.id,
        "next_text": "" if following is not None else strings(lang)["rated.none_left"],
        "streak": _streak(rated, lang),
    }


def after_move(
    args: dict[str, Any], puzzle: Puzzle, solved: bool, lang: str
) -> dict[str, Any] | None:
    """What the reader's move (``solved`` if it was the answer; a revealed answer is not)
    did to the rated puzzles whose stored form the request carries as ``rated``: in a
    streak (``streak`` true) one more solved or the streak over, else the first attempt
    rated (on the reader's date ``today``). ``None`` when the request carries no
    ``rated``."""
    if "rated" not in args:
        return None
    before = R.load(args["rated"])
    if args.get("streak") is True:
        after = R.run_answer(before, puzzle, solved)
        change = ""
    else:
        after = R.attempt(before, puzzle, solved, args.get("today"))
        if after is before:
            change = text(lang, "rated.change.none", rating=round(after.rating.rating))
        else:
            delta = round(after.rating.rating) - round(before.rating.rating)
            key = "rated.change.up" if delta >= 0 else "rated.change.down"
            change = text(lang, key, change=abs(delta), rating=round(after.rating.rating))
    return {
        "rated": R.to_data(after),
        "rating": round(after.rating.rating),
        "rating_text": rating_text(after, lang),
        "change": change,
        "streak": _streak(after, lang),
    }
