"""Rated puzzles: the reader's puzzle rating, the next puzzle near it, and the streak.

Every puzzle has a rating (:attr:`Puzzle.rating <engine.features.puzzles.Puzzle.rating>`,
set by the engine from how hard the answer is to find), and so does the reader, on the
same scale (:mod:`engine.features.rating`, Glicko-2; a newcomer 1500). Nothing of it
leaves the reader's browser: the puzzles page keeps a :class:`Rated` in its store, and
:func:`load` reads and checks it (:func:`to_data` writes it).

- **A first attempt rates.** The reader's first move in a puzzle is a game against the
  puzzle's rating, won if it is the answer (:func:`attempt`); asking for the answer
  before any move is a loss. Later attempts at the same puzzle change nothing. The
  puzzles' ratings do not move: they are the engine's, the same for every reader.
- **The next puzzle** (:func:`next_puzzle`): of the puzzles in the themes the reader
  picked (every theme if none), those not attempted yet; of them the one rated nearest
  the reader, on a tie the lower rated, then the first in the puzzles' file. None once
  every one has been attempted.
- **The streak** (:class:`Run`): puzzles in rising rating, the first among the
  :data:`RUN_CHOICE` lowest rated of all, each next one among the :data:`RUN_CHOICE`
  lowest rated at least as high as the last, none twice, picked by the run's seed. A
  wrong move ends the run; one puzzle of a run may be skipped; the run's score is the
  puzzles solved, and the best score is kept. A streak does not rate.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.boundary import MAX_ITEMS, is_number, is_whole
from engine.core.errors import DominoError
from engine.features.puzzles import Puzzle, parse_date, read_day
from engine.features.rating import Rating, rate

MAX_ATTEMPTS = MAX_ITEMS
"""The most attempts kept: the latest ones (as many as a request's list may hold)."""

RUN_CHOICE = 3
"""A streak's next puzzle is one of this many, the lowest rated it may be."""

MAX_ID = 80
"""The longest puzzle id kept."""


@dataclass(frozen=True, slots=True)
class Attempt:
    """A first attempt at a puzzle: which, whether it was solved, the reader's date and
    the reader's rating after it (rounded)."""

    puzzle: str
    solved: bool
    date: str
    rating: int


@dataclass(frozen=True, slots=True)
class Run:
    """A streak under way: its ``seed``, the puzzles ``solved`` in it (in order), the one
    ``skipped`` (``None`` while the skip is unused) and whether it is ``over``."""

    seed: int
    solved: tuple[str, ...] = ()
    skipped: str | None = None
    over: bool = False

    @property
    def score(self) -> int:
        """The puzzles solved in the run."""
        return len(self.solved)


@dataclass(frozen=True, slots=True)
class Rated:
    """What the reader's browser keeps of rated puzzles."""

    rating: Rating = field(default_factory=Rating)
    attempts: tuple[Attempt, ...] = ()
    best_streak: int = 0
    run: Run | None = None

    def attempted(self, ident: str) -> bool:
        return any(a.puzzle == ident for a in self.attempts)


def attempt(rated: Rated, puzzle: Puzzle, solved: bool, date: object) -> Rated:
    """``rated`` after the reader's move in ``puzzle`` on ``date`` (``YYYY-MM-DD``),
    ``solved`` if it was the answer: only a first attempt changes anything."""
    if rated.attempted(puzzle.id):
        return rated
    after = rate(rated.rating, [(Rating(puzzle.rating, puzzle.deviation), 1.0 if solved else 0.0)])
    made = Attempt(puzzle.id, bool(solved), parse_date(date).isoformat(), round(after.rating))
    return replace(rated, rating=after, attempts=(*rated.attempts, made)[-MAX_ATTEMPTS:])


def next_puzzle(
    rated: Rated, puzzles: Sequence[Puzzle], themes: Iterable[str] = ()
) -> Puzzle | None:
    """The puzzle to try next (see the module's docstring), or None."""
    wanted = set(themes)
    tried = {a.puzzle for a in rated.attempts}
    left = [
        (k, p)
        for k, p in enumerate(puzzles)
        if p.id not in tried and (not wanted or p.theme in wanted)
    ]
    if not left:
        return None
    me = rated.rating.rating
    return min(left, key=lambda kp: (abs(kp[1].rating - me), kp[1].rating, kp[0]))[1]


def start_run(rated: Rated, seed: int) -> Rated:
    """``rated`` with a new streak under way (the one before, if any, given up)."""
    return replace(rated, run=Run(seed))


def run_puzzle(run: Run, puzzles: Sequence[Puzzle]) -> Puzzle | None:
    """The streak's next puzzle, or None when it is over or no puzzle is left."""
    if run.over:
        return None
    done = {*run.solved, *([run.skipped] if run.skipped else [])}
    by_id = {p.id: p for p in puzzles}
    floor = max((by_id[i].rating for i in run.solved if i in by_id), default=None)
    order = {p.id: k for k, p in enumerate(puzzles)}
    left = sorted(
        (p for p in puzzles if p.id not in done and (floor is None or p.rating >= floor)),
        key=lambda p: (p.rating, order[p.id]),
    )[:RUN_CHOICE]
    if not left:
        return None
    pick = random.Random(f"streak/{run.seed}/{len(done)}").randrange(len(left))
    return left[pick]


def run_answer(rated: Rated, puzzle: Puzzle, solved: bool) -> Rated:
    """``rated`` after the reader's move in the streak's puzzle ``puzzle``: one more
    solved, or the run over (and the best streak kept)."""
    run = _running(rated, puzzle)
    run = replace(run, solved=(*run.solved, puzzle.id)) if solved else replace(run, over=True)
    return replace(rated, run=run, best_streak=max(rated.best_streak, run.score))


def run_skip(rated: Rated, puzzle: Puzzle) -> Rated:
    """``rated`` with the streak's puzzle ``puzzle`` skipped; an error once the run's one
    skip is used."""
    run = _running(rated, puzzle)
    if run.skipped is not None:
        raise DominoError("streak_skip_used")
    return replace(rated, run=replace(run, skipped=puzzle.id))


def _running(rated: Rated, puzzle: Puzzle) -> Run:
    run = rated.run
    if run is None or run.over:
        raise DominoError("streak_not_running")
    if puzzle.id in run.solved or puzzle.id == run.skipped:
        raise DominoError("streak_puzzle_done", puzzle=puzzle.id)
    return run


# ---------------------------------------------------------------------------------------
# The stored form
# ---------------------------------------------------------------------------------------


def to_data(rated: Rated) -> dict[str, Any]:
    """``rated`` as the page stores it (what :func:`load` reads)."""
    r = rated.rating
    run = rated.run
    return {
        "rating": [r.rating, r.deviation, r.volatility],
        "attempts": [[a.puzzle, int(a.solved), a.date, a.rating] for a in rated.attempts],
        "best_streak": rated.best_streak,
        "run": None
        if run is None
        else {
            "seed": run.seed,
            "solved": list(run.solved),
            "skipped": run.skipped,
            "over": run.over,
        },
    }


def load(data: object) -> Rated:
    """The :class:`Rated` of stored ``data`` (``None``: a newcomer's); data this site
    did not write is the error ``bad_rated``, and nothing of it is kept."""
    if data is None:
        return Rated()
    try:
        return _load(data)
    except (TypeError, ValueError, KeyError) as e:
        raise DominoError("bad_rated") from e


def _load(data: object) -> Rated:
    if not isinstance(data, dict) or set(data) != {"rating", "attempts", "best_streak", "run"}:
        raise ValueError("not the stored form")
    numbers = data["rating"]
    if not isinstance(numbers, list) or len(numbers) != 3:
        raise ValueError("a rating is three numbers")
    if not all(is_number(v) for v in numbers):
        raise ValueError("a rating is three numbers")
    rating = Rating(*numbers)
    if not (0 < rating.rating < 4000 and rating.deviation <= 350 and rating.volatility < 1):
        raise ValueError("a rating out of bounds")
    entries = data["attempts"]
    if not isinstance(entries, list) or len(entries) > MAX_ATTEMPTS:
        raise ValueError("too many attempts")
    attempts = []
    for entry in entries:
        if not isinstance(entry, list) or len(entry) != 4:
            raise ValueError("an attempt is four values")
        ident, solved, date, after = entry
        if solved not in (0, 1) or isinstance(solved, bool) or not is_whole(after):
            raise ValueError("an attempt's result or rating")
        if read_day(date) is None:
            raise ValueError("a date is YYYY-MM-DD")
        attempts.append(Attempt(_ident(ident), bool(solved), date, after))
    best = data["best_streak"]
    if not is_whole(best) or best < 0:
        raise ValueError("the best streak is a whole number")
    return Rated(rating, tuple(attempts), best, _run(data["run"]))


def _run(data: object) -> Run | None:
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) != {"seed", "solved", "skipped", "over"}:
        raise ValueError("not a run")
    seed, solved, skipped, over = data["seed"], data["solved"], data["skipped"], data["over"]
    if not is_whole(seed) or not isinstance(solved, list) or not isinstance(over, bool):
        raise ValueError("not a run")
    if len(solved) > MAX_ATTEMPTS:
        raise ValueError("too long a run")
    return Run(
        seed,
        tuple(_ident(i) for i in solved),
        None if skipped is None else _ident(skipped),
        over,
    )


def _ident(value: object) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID:
        raise ValueError("a puzzle id is a short text")
    return value
