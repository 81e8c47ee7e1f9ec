"""Your puzzles: decisions from the reader's own reviewed rounds, kept to be tried again.

A decision of the reader's seat in a reviewed round becomes one of the reader's puzzles
when the review marked the move made a mistake or a blunder and one move was clearly
best (:func:`engine.features.review.clearly_best`): :func:`make` judges the decision
again as the review did (the same seed and budget, so a judgement just made is not made
again) and refuses any other (``yours_not_clear``). A puzzle keeps the round's record
(:func:`engine.core.records.round_record`: the deal and the tiles played, one round
alone, whatever match it came from), the seat, the decision's number among the seat's
decisions, the reader's date it was kept, and how the reader's first try of it ended
(:data:`engine.features.review.OUTCOMES`; ``None`` until then). It is played as the
review's replays are (``review_retry`` on its record, round 0): a move within the
"good" tolerance is accepted.

The page keeps them in the reader's store (:func:`yours_data`, read back by :func:`load_yours`):
at most :data:`MAX_YOURS`, the latest, each once (:func:`yours_id`: the same round, seat
and decision, the same puzzle). Stored data this site did not write is the error
``bad_progress``, and nothing of it is kept.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.core.boundary import digest, is_whole
from engine.core.errors import DominoError
from engine.core.records import RoundRecord, replay_round, round_record
from engine.core.rules import check_seat
from engine.features import review as rv
from engine.features.puzzles import parse_date, read_day

VERSION = 1
"""The version of the stored form."""

MAX_YOURS = 50
"""The most puzzles kept: the latest (with the matches, a profile stays well within
:data:`engine.core.boundary.MAX_STORE`)."""


@dataclass(frozen=True, slots=True)
class Yours:
    """One of the reader's puzzles."""

    id: str
    """Its mark (:func:`yours_id`)."""
    date: str
    """The reader's date when it was kept (``YYYY-MM-DD``)."""
    record: dict[str, Any]
    """The round's record (JSON data, as :func:`engine.core.records.round_record`
    writes it)."""
    seat: int
    """The reader's seat in the round (from 0)."""
    index: int
    """The decision's number among the seat's decisions (from 0)."""
    outcome: str | None = None
    """How the first try ended (:data:`engine.features.review.OUTCOMES`), or None."""

    @property
    def preset(self) -> str:
        return str(self.record["preset"])

    @property
    def players(self) -> int:
        return int(self.record["players"])

    def to_data(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "date": self.date,
            "record": self.record,
            "seat": self.seat,
            "index": self.index,
            "outcome": self.outcome,
        }


def yours_id(record: dict[str, Any], seat: int, index: int) -> str:
    """The mark of a puzzle: a digest of its round's record, seat and decision."""
    return digest([record, seat, index])


def make(record: object, round: object, seat: object, index: object, date: object) -> Yours:
    """Decision ``index`` of ``seat`` in round ``round`` of ``record`` (a round or match
    record, as the review reads it) as one of the reader's puzzles, kept on the reader's
    ``date``: only a decision the review marks a mistake or a blunder with one move
    clearly best (else ``yours_not_clear``)."""
    day = parse_date(date).isoformat()
    state, _, _ = rv.load_round(record, round)
    me = check_seat(seat, state.players)
    d = rv.pick(rv.decisions(state, me), me, index)
    if not rv.clearly_best(rv.judge_decision(d, seed=0, budget=rv.BUDGET)):
        raise DominoError("yours_not_clear")
    rec = round_record(state)
    return Yours(yours_id(rec, me, d.index), day, rec, me, d.index)


def keep(kept: tuple[Yours, ...], entry: Yours) -> tuple[Yours, ...]:
    """``kept`` with ``entry``: a puzzle already there stays as it is; a new one comes
    last, the earliest dropped past :data:`MAX_YOURS`."""
    if any(y.id == entry.id for y in kept):
        return kept
    return (*kept, entry)[-MAX_YOURS:]


def find(kept: tuple[Yours, ...], ident: object) -> Yours:
    """The puzzle of ``kept`` marked ``ident`` (else ``yours_unknown``)."""
    for y in kept:
        if y.id == ident:
            return y
    raise DominoError("yours_unknown")


def ended(kept: tuple[Yours, ...], ident: object, outcome: object) -> tuple[Yours, ...]:
    """``kept`` with how puzzle ``ident``'s try ended: the first ending counts."""
    if outcome not in rv.OUTCOMES:
        raise DominoError("bad_argument", name="outcome", value=str(outcome)[:20])
    found = find(kept, ident)
    if found.outcome is not None:
        return kept
    return tuple(replace(y, outcome=str(outcome)) if y.id == ident else y for y in kept)


def yours_data(kept: tuple[Yours, ...]) -> dict[str, Any]:
    """The puzzles as the pages store them (what :func:`load_yours` reads)."""
    return {"version": VERSION, "puzzles": [y.to_data() for y in kept]}


KEYS = {"id", "date", "record", "seat", "index", "outcome"}


def load_yours(data: object) -> tuple[Yours, ...]:
    """The puzzles of stored ``data`` (``None``: none yet). Each is checked whole: its
    record replayed to the round's end, its seat and decision found in it, its mark that
    of its record, seat and decision. Data this site did not write is the error
    ``bad_progress``."""
    if data is None:
        return ()
    try:
        return _load(data)
    except (TypeError, ValueError, KeyError, DominoError) as e:
        raise DominoError("bad_progress") from e


def _load(data: object) -> tuple[Yours, ...]:
    if not isinstance(data, dict) or set(data) != {"version", "puzzles"}:
        raise ValueError("not the stored form")
    if data["version"] != VERSION:
        raise ValueError("another version")
    found = data["puzzles"]
    if not isinstance(found, list) or len(found) > MAX_YOURS:
        raise ValueError("puzzles is a list")
    out: list[Yours] = []
    for y in found:
        if not isinstance(y, dict) or set(y) != KEYS:
            raise ValueError("a puzzle's fields")
        ident, day, rec = y["id"], y["date"], y["record"]
        seat, index, outcome = y["seat"], y["index"], y["outcome"]
        if read_day(day) is None:
            raise ValueError("a puzzle's date")
        if outcome is not None and outcome not in rv.OUTCOMES:
            raise ValueError("a puzzle's outcome")
        if not is_whole(seat) or not is_whole(index):
            raise ValueError("a puzzle's seat or decision")
        record = RoundRecord.parse(rec)
        state = replay_round(record)
        me = check_seat(seat, state.players)
        rv.pick(rv.decisions(state, me), me, index)
        canonical = record.to_json()
        if ident != yours_id(canonical, me, index) or any(y.id == ident for y in out):
            raise ValueError("a puzzle's id")
        out.append(Yours(ident, day, canonical, me, index, outcome))
    return tuple(out)


__all__ = [
    "MAX_YOURS",
    "VERSION",
    "Yours",
    "ended",
    "find",
    "keep",
    "load_yours",
    "make",
    "yours_data",
    "yours_id",
]
