"""A round told: its events one by one, its end and score, and the whole round step by
step.

:func:`narration` is the one reading of a round's events that every telling of them
shares (the practice page's log and a round's steps): the first play is the lead, a play
that scores in All Fives is followed by its score, and a draw knows how many tiles its
seat has drawn in a row. :func:`tell` puts one of them into words with the string a
telling chooses for it.

:func:`round_steps` tells a whole round from a game record (the format of ``python -m
engine replay``), as the ``round`` fences show it: the first step is the deal; every play
is a step, told together with the draws and passes that came before it; the last step is
the end of the round and its score, with the arithmetic of
:meth:`~engine.core.scoring.ScoreBreakdown.render`. Every word comes from the language tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from engine.core.layout import Layout
from engine.core.records import RoundRecord, replay_round
from engine.core.state import Event, RoundState
from engine.core.tiles import Tile
from engine.core.words import check_lang, strings, text
from engine.lang import reader_seat

Kind = Literal["lead", "play", "draw", "pass", "score"]


class Told(NamedTuple):
    """One thing the narration of a round tells about one of its events."""

    kind: Kind
    """``lead`` (the round's first play), ``play``, ``draw``, ``pass``, or ``score``:
    what the play just told scored in All Fives."""
    event: Event
    run: int = 1
    """For a draw: the tiles its seat has drawn in a row so far, this one included."""


def narration(events: Iterable[Event]) -> Iterator[Told]:
    """What a round's events tell, in order (see the module's docstring)."""
    played = False
    previous: Event | None = None
    run = 0
    for event in events:
        if event.kind == "draw":
            again = previous is not None and previous[:2] == ("draw", event.seat)
            run = run + 1 if again else 1
            yield Told("draw", event, run)
        elif event.kind == "pass":
            yield Told("pass", event)
        else:
            yield Told("play" if played else "lead", event)
            played = True
            if event.score:
                yield Told("score", event)
        previous = event


def tell(told: Told, lang: str, key: str) -> str:
    """``told`` in ``lang``, in the words of the string ``key``. Its fields: ``seat``
    (counted from 1, as readers count), ``tile``, ``end`` (the end a tile was laid on,
    as ``end.to.*`` words it) and ``count`` (what a play scored; for a draw, the tiles
    drawn in a row)."""
    event = told.event
    count = event.score if told.kind == "score" else told.run
    end = strings(lang)[f"end.to.{event.end}"] if event.end is not None else ""
    return text(lang, key, seat=reader_seat(event.seat), tile=event.tile, end=end, count=count)


ROUND_WORDS: dict[Kind, str] = {
    "lead": "round.leads",
    "play": "round.plays",
    "draw": "round.draws",
    "pass": "round.passes",
    "score": "round.play_scores",
}
"""The words a round's steps tell each kind of event with."""


def join(items: Sequence[str], lang: str) -> str:
    """``a, b and c`` in ``lang``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + strings(lang)["list.and"] + items[-1]


def _tiles(tiles: Sequence[Tile], lang: str) -> str:
    return ", ".join(str(t) for t in sorted(tiles)) or strings(lang)["round.nothing"]


def _sorted(hands: Sequence[Sequence[Tile]]) -> tuple[tuple[Tile, ...], ...]:
    return tuple(tuple(sorted(hand)) for hand in hands)


def _deal(state: RoundState, lang: str) -> str:
    hands = ". ".join(
        text(lang, "round.hand", seat=reader_seat(seat), tiles=_tiles(hand, lang))
        for seat, hand in enumerate(state.dealt)
    )
    undealt = state.rules.stock_size(state.players)
    key = "round.boneyard" if state.rules.policy.deal.boneyard else "round.set_aside"
    stock = text(lang, key, count=undealt)
    return text(lang, "round.deal", hands=hands, stock=stock)


def tell_ending(state: RoundState, lang: str) -> str:
    """How a finished round ended: a seat went out, or the round is blocked."""
    if state.went_out is not None:
        return text(lang, "round.went_out", seat=reader_seat(state.went_out))
    return text(lang, "round.blocked")


def tell_end(state: RoundState, lang: str) -> str:
    """How a finished round ended, the hands left, and the score with its arithmetic."""
    went_out = state.went_out
    left = [
        text(lang, "round.left_hand", seat=reader_seat(seat), tiles=_tiles(hand, lang), pips=pips)
        for seat, (hand, pips) in enumerate(zip(state.hands, state.pips(), strict=True))
        if seat != went_out
    ]
    hands = text(lang, "round.left", hands=strings(lang)["list.sep"].join(left))
    return " ".join([tell_ending(state, lang), hands, tell_result(state, lang)])


def tell_result(state: RoundState, lang: str) -> str:
    """Who wins a finished round and what the end scores, with its arithmetic."""
    score = state.score_breakdown()
    end = score.end
    if end.winner is None:
        return text(lang, "round.no_winner")
    if state.rules.partnerships:
        a, b = state.rules.seats(end.winner, state.players)
        return text(
            lang, "round.wins.team", a=reader_seat(a), b=reader_seat(b), score=score.render(lang)
        )
    return text(lang, "round.wins.seat", seat=reader_seat(end.winner), score=score.render(lang))


@dataclass(frozen=True)
class RoundStep:
    """One step: the table after it, what happened, and the tile just played."""

    layout: Layout
    text: str
    last: bool
    """Whether the step laid a tile (the last tile of ``layout``)."""
    hands: tuple[tuple[Tile, ...], ...] | None = None
    """The hands to show beside the table: all of them at the deal, what is left at the
    end (the seat that went out holds nothing)."""


def round_steps(record: object, lang: str = "en") -> list[RoundStep]:
    """The steps of the round ``record`` describes, told in ``lang``.

    ``record`` is a :class:`~engine.core.records.RoundRecord` or JSON data that
    :meth:`~engine.core.records.RoundRecord.parse` reads; a bad record raises
    :class:`~engine.core.errors.DominoError`, as parsing or replaying it would.
    """
    check_lang(lang)  # before any work
    if not isinstance(record, RoundRecord):
        record = RoundRecord.parse(record)
    state = replay_round(record)
    layout = state.rules.policy.layout.empty()
    steps = [RoundStep(layout, _deal(state, lang), last=False, hands=_sorted(state.dealt))]
    told: list[str] = []
    for item in narration(state.events):
        told.append(tell(item, lang, ROUND_WORDS[item.kind]))
        event = item.event
        if item.kind in ("lead", "play"):
            assert event.tile is not None
            layout = layout.place(event.tile, event.end)
        # A play's step ends with it, or with its score when it scored.
        if item.kind == "score" or (item.kind in ("lead", "play") and not event.score):
            steps.append(RoundStep(layout, " ".join(told), last=True))
            told = []
    final = " ".join([*told, tell_end(state, lang)])
    steps.append(RoundStep(layout, final, last=False, hands=_sorted(state.hands)))
    return steps
