"""The reader's progress, kept in the reader's browser and nowhere else: the practice
matches finished, how well the reader played in those reviewed, and the puzzles.

**The matches** (:class:`Played`). When a practice match is over, the practice page
hands its save to :func:`played` and keeps the entry in its store (:func:`add`, read
back by :func:`load_matches`, written by :func:`matches_data`): the reader's date, the
game, the number of players, the computer seats' levels, whether the reader's side won
the match (or it was drawn), the side's points in each round, and, once rounds of it are
reviewed, how many of the reader's decisions in them were judged and how many of those
were marked best or good (:data:`engine.features.review.GOOD_MARKS`). A match is known by
its save (:func:`match_id`: the same save, the same match), so telling the same match
twice changes nothing but its review; at most :data:`MAX_MATCHES` are kept, the latest.

**The profile** is the whole of it in one file: the matches, the puzzles page's
progress (the puzzles solved, the days the puzzle of the day was solved, the rated
puzzles' form, :mod:`engine.features.rated`, and the themes chosen) and the reader's own
puzzles (:mod:`engine.features.yours`; a profile written before they were kept has
none). :func:`profile_data`
writes it; :func:`read_profile` reads a reader's file, bounded before it is parsed
(:func:`engine.core.boundary.read_json`) and checked whole: a file that is not one is an
error in the reader's language (``bad_profile``, with what is wrong), and the page then
changes nothing.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace
from typing import Any

from engine.core.boundary import digest, excess, is_whole, read_json
from engine.core.errors import DominoError
from engine.core.rules import PRESETS
from engine.features import practice, rated, yours
from engine.features.puzzles import THEMES, parse_date, read_day
from engine.players import LEVELS

VERSION = 1
"""The version of the matches' stored form."""

MAX_MATCHES = 500
"""The most matches kept: the latest."""

PROFILE_FORMAT = "domino-block-profile"
PROFILE_VERSION = 1

PUZZLE_ID = re.compile(r"[a-z0-9-]{1,80}")
"""What a puzzle's id may be (the puzzles page keeps the ids it knows)."""

ID = re.compile(r"[0-9a-f]{16}")

MAX_ROUNDS = 200
"""More rounds than any match to its target can take."""

MAX_POINTS = 10_000
"""More points than any round can score."""


@dataclass(frozen=True, slots=True)
class Played:
    """A finished practice match, as the progress page counts it."""

    id: str
    """The match's mark (:func:`match_id`)."""
    date: str
    """The reader's date when it ended (``YYYY-MM-DD``)."""
    preset: str
    players: int
    levels: tuple[str, ...]
    """The computer seats' levels, in seat order."""
    won: bool
    """The reader's side won the match."""
    drawn: bool
    """The match ended in a tie for the lead."""
    rounds: tuple[int, ...]
    """The reader's side's points in each round."""
    reviewed: tuple[int, int] | None = None
    """Of the reader's decisions in the rounds reviewed, those marked best or good and
    all of them; None while no round is reviewed."""

    @property
    def per_round(self) -> float:
        """The side's points per round."""
        return sum(self.rounds) / len(self.rounds) if self.rounds else 0.0

    @property
    def share(self) -> float | None:
        """The share of the reviewed decisions marked best or good."""
        if self.reviewed is None or not self.reviewed[1]:
            return None
        return self.reviewed[0] / self.reviewed[1]

    def to_data(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "date": self.date,
            "preset": self.preset,
            "players": self.players,
            "levels": list(self.levels),
            "won": self.won,
            "drawn": self.drawn,
            "rounds": list(self.rounds),
            "reviewed": None if self.reviewed is None else list(self.reviewed),
        }


def match_id(save: dict[str, Any]) -> str:
    """The mark of a match: a digest of its save (the settings, the seed and every tile
    played), so a match told twice is known again."""
    return digest(save)


def played(save: object, date: object, reviewed: tuple[int, int] | None = None) -> Played:
    """The entry of the practice match ``save``, over (else ``progress_not_over``), ended
    on the reader's ``date``; ``reviewed`` as :attr:`Played.reviewed`."""
    game = practice.load_game(save)
    if game.phase != "match-over":
        raise DominoError("progress_not_over")
    day = parse_date(date).isoformat()
    side = game.rules.side_of(practice.YOU)
    totals = [0, *(t[side] for t in game.match.history)]
    outcome = game.match.outcome
    return Played(
        id=match_id(game.save),
        date=day,
        preset=game.rules.preset,
        players=game.players,
        levels=tuple(game.save["levels"]),
        won=outcome.winner == side,
        drawn=outcome.drawn,
        rounds=tuple(b - a for a, b in itertools.pairwise(totals)),
        reviewed=_reviewed(reviewed),
    )


def _reviewed(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError("reviewed is two whole numbers")
    good, judged = value
    if not (is_whole(good) and is_whole(judged) and 0 <= good <= judged <= 28 * MAX_ROUNDS):
        raise ValueError("reviewed is two whole numbers")
    return (good, judged)


def add(matches: tuple[Played, ...], entry: Played) -> tuple[Played, ...]:
    """``matches`` with ``entry``: a match already there keeps its entry, with the new
    review if ``entry`` has one; a new one comes last, the earliest dropped past
    :data:`MAX_MATCHES`."""
    for k, m in enumerate(matches):
        if m.id == entry.id:
            if entry.reviewed is None or entry.reviewed == m.reviewed:
                return matches
            return (*matches[:k], replace(m, reviewed=entry.reviewed), *matches[k + 1 :])
    return (*matches, entry)[-MAX_MATCHES:]


def matches_data(matches: tuple[Played, ...]) -> dict[str, Any]:
    """The matches as the practice page stores them (what :func:`load_matches` reads)."""
    return {"version": VERSION, "matches": [m.to_data() for m in matches]}


def load_matches(data: object) -> tuple[Played, ...]:
    """The matches of stored ``data`` (``None``: none yet); data this site did not write
    is the error ``bad_progress``, and nothing of it is kept."""
    if data is None:
        return ()
    try:
        return _load(data)
    except (TypeError, ValueError, KeyError) as e:
        raise DominoError("bad_progress") from e


KEYS = {"id", "date", "preset", "players", "levels", "won", "drawn", "rounds", "reviewed"}


def _load(data: object) -> tuple[Played, ...]:
    if not isinstance(data, dict) or set(data) != {"version", "matches"}:
        raise ValueError("not the stored form")
    if data["version"] != VERSION:
        raise ValueError("another version")
    found = data["matches"]
    if not isinstance(found, list) or len(found) > MAX_MATCHES:
        raise ValueError("matches is a list")
    out: list[Played] = []
    seen: set[str] = set()
    for m in found:
        if not isinstance(m, dict) or set(m) != KEYS:
            raise ValueError("a match's fields")
        ident, day, preset, players = m["id"], m["date"], m["preset"], m["players"]
        if not isinstance(ident, str) or not ID.fullmatch(ident) or ident in seen:
            raise ValueError("a match's id")
        seen.add(ident)
        if read_day(day) is None or preset not in PRESETS:
            raise ValueError("a match's date or game")
        if not is_whole(players) or not 2 <= players <= 4:
            raise ValueError("a match's players")
        levels = m["levels"]
        if not isinstance(levels, list) or len(levels) != players - 1:
            raise ValueError("a match's levels")
        if not all(isinstance(x, str) and x in LEVELS for x in levels):
            raise ValueError("a match's levels")
        won, drawn, rounds = m["won"], m["drawn"], m["rounds"]
        if not isinstance(won, bool) or not isinstance(drawn, bool) or (won and drawn):
            raise ValueError("a match's outcome")
        if not isinstance(rounds, list) or not 1 <= len(rounds) <= MAX_ROUNDS:
            raise ValueError("a match's rounds")
        if not all(is_whole(p) and -MAX_POINTS <= p <= MAX_POINTS for p in rounds):
            raise ValueError("a match's points")
        out.append(
            Played(
                ident,
                day,
                preset,
                players,
                tuple(levels),
                won,
                drawn,
                tuple(rounds),
                _reviewed(m["reviewed"]),
            )
        )
    return tuple(out)


# ---------------------------------------------------------------------------------------
# The puzzles page's progress, and the profile
# ---------------------------------------------------------------------------------------


def check_puzzles(data: object) -> dict[str, Any] | None:
    """The puzzles page's stored progress (``None``: none), checked as the page keeps it:
    ``{"version": 1, "solved": [ids], "days": ["YYYY-MM-DD"], "rated"?: the rated
    puzzles' form (:func:`engine.features.rated.load`), "themes"?: [themes]}``; anything
    else is ``bad_progress``. Given back as checked."""
    if data is None:
        return None
    try:
        if not isinstance(data, dict) or data.get("version") != 1:
            raise ValueError("not the stored form")
        if not set(data) <= {"version", "solved", "days", "rated", "themes"}:
            raise ValueError("unknown fields")
        solved, days = data.get("solved"), data.get("days")
        if not isinstance(solved, list) or not isinstance(days, list):
            raise ValueError("solved and days are lists")
        if not all(isinstance(i, str) and PUZZLE_ID.fullmatch(i) for i in solved):
            raise ValueError("a puzzle's id")
        if not all(read_day(d) is not None for d in days):
            raise ValueError("a day")
        out: dict[str, Any] = {"version": 1, "solved": solved, "days": days}
        if "rated" in data:
            out["rated"] = rated.to_data(rated.load(data["rated"]))
        if "themes" in data:
            themes = data["themes"]
            if not isinstance(themes, list) or not all(t in THEMES for t in themes):
                raise ValueError("a theme")
            out["themes"] = themes
        return out
    except (TypeError, ValueError, DominoError) as e:
        raise DominoError("bad_progress") from e


def profile_data(
    matches: tuple[Played, ...],
    puzzles: dict[str, Any] | None,
    date: object,
    own: tuple[yours.Yours, ...] = (),
) -> dict[str, Any]:
    """The profile the reader exports on ``date``: what :func:`read_profile` reads."""
    return {
        "format": PROFILE_FORMAT,
        "version": PROFILE_VERSION,
        "exported": parse_date(date).isoformat(),
        "progress": matches_data(matches),
        "puzzles": puzzles,
        "yours": yours.yours_data(own),
    }


PROFILE_KEYS = {"format", "version", "exported", "progress", "puzzles"}
"""A profile's parts; ``yours`` may follow them."""


def read_profile(
    text: object,
) -> tuple[tuple[Played, ...], dict[str, Any] | None, tuple[yours.Yours, ...]]:
    """The matches, the puzzles' progress and the reader's own puzzles of a profile
    file's ``text``: bounded
    before it is parsed (``profile_too_long``, ``profile_too_deep``; text that is not
    JSON is ``profile_bad_json``, by its line and column), then checked whole
    (``bad_profile``, because of what is wrong)."""
    if not isinstance(text, str):
        raise DominoError("bad_argument", name="text", value=str(text)[:20])
    data = read_json(text, "profile")
    fault = excess(data)
    if fault is not None:
        raise DominoError(f"profile_{fault[0]}", limit=fault[1])
    if not isinstance(data, dict) or data.get("format") != PROFILE_FORMAT:
        raise DominoError("bad_profile").because(DominoError("profile_not_one"))
    if data.get("version") != PROFILE_VERSION:
        raise DominoError("bad_profile").because(
            DominoError("profile_version", version=str(data.get("version"))[:12])
        )
    if set(data) - {"yours"} != PROFILE_KEYS:
        raise DominoError("bad_profile").because(DominoError("profile_not_one"))
    found: dict[str, Any] = {}
    for read, part, why in (
        (parse_date, "exported", "profile_date"),
        (load_matches, "progress", "profile_matches"),
        (check_puzzles, "puzzles", "profile_puzzles"),
        (yours.load_yours, "yours", "profile_yours"),
    ):
        try:
            found[part] = read(data.get(part))
        except DominoError:
            raise DominoError("bad_profile").because(DominoError(why)) from None
    return found["progress"], found["puzzles"], found["yours"]
