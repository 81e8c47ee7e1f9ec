"""A whole round told step by step, from the deal to the score.

The round comes as a game record (the format of ``python -m engine replay``). The first
step is the deal; every play is a step, told together with the draws and passes that
came before it; the last step is the end of the round and its score, with the arithmetic
of :meth:`~engine.scoring.ScoreBreakdown.render`. Every word comes from the language
tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.lang import reader_seat
from engine.layout import Layout
from engine.records import replay_round
from engine.state import Event, RoundState
from engine.tiles import Tile
from engine.words import strings, text


@dataclass(frozen=True)
class Step:
    """One step: the table after it, what happened, and the tile just played."""

    layout: Layout
    text: str
    last: bool
    """Whether the step laid a tile (the last tile of ``layout``)."""
    hands: tuple[tuple[Tile, ...], ...] | None = None
    """The hands to show beside the table: all of them at the deal, what is left at the
    end (the seat that went out holds nothing)."""


def join(items: Sequence[str], lang: str) -> str:
    """``a, b and c`` in ``lang``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + strings(lang)["list.and"] + items[-1]


def _tiles(tiles: Sequence[Tile], lang: str) -> str:
    return ", ".join(str(t) for t in sorted(tiles)) or strings(lang)["round.nothing"]


def _sorted(hands: Sequence[Sequence[Tile]]) -> tuple[tuple[Tile, ...], ...]:
    return tuple(tuple(sorted(hand)) for hand in hands)


def tell_event(event: Event, lang: str, first: bool) -> str:
    """A play, draw or pass told in ``lang``; ``first`` tells the round's opening play."""
    if event.kind == "pass":
        return text(lang, "round.passes", seat=reader_seat(event.seat))
    if event.kind == "draw":
        return text(lang, "round.draws", seat=reader_seat(event.seat), tile=event.tile)
    if first:
        return text(lang, "round.leads", seat=reader_seat(event.seat), tile=event.tile)
    end = strings(lang)[f"end.to.{event.end}"]
    return text(lang, "round.plays", seat=reader_seat(event.seat), tile=event.tile, end=end)


def _deal(state: RoundState, lang: str) -> str:
    hands = ". ".join(
        text(lang, "round.hand", seat=reader_seat(seat), tiles=_tiles(hand, lang))
        for seat, hand in enumerate(state.dealt)
    )
    undealt = state.rules.stock_size(state.players)
    stock = text(lang, "round.boneyard" if state.rules.draw else "round.set_aside", count=undealt)
    return text(lang, "round.deal", hands=hands, stock=stock)


def tell_end(state: RoundState, lang: str) -> str:
    """How a finished round ended, the hands left, and the score with its arithmetic."""
    lines = []
    went_out = state.went_out
    if went_out is not None:
        lines.append(text(lang, "round.went_out", seat=reader_seat(went_out)))
    else:
        lines.append(text(lang, "round.blocked"))
    left = [
        text(lang, "round.left_hand", seat=reader_seat(seat), tiles=_tiles(hand, lang), pips=pips)
        for seat, (hand, pips) in enumerate(zip(state.hands, state.pips(), strict=True))
        if seat != went_out
    ]
    lines.append(text(lang, "round.left", hands=strings(lang)["list.sep"].join(left)))
    lines.append(tell_result(state, lang))
    return " ".join(lines)


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


def round_steps(record: object, lang: str = "en") -> list[Step]:
    """The steps of the round ``record`` describes, told in ``lang``.

    A bad record raises :class:`~engine.errors.DominoError`, as replaying it would.
    """
    strings(lang)  # an unknown language is an error before any work
    state = replay_round(record)
    layout = Layout.empty(state.rules.spinner)
    steps = [Step(layout, _deal(state, lang), last=False, hands=_sorted(state.dealt))]
    told: list[str] = []
    played = 0
    for event in state.events:
        told.append(tell_event(event, lang, first=played == 0 and event.kind == "play"))
        if event.kind != "play":
            continue
        assert event.tile is not None
        layout = layout.place(event.tile, event.end)
        played += 1
        if event.score:
            count = layout.count()
            told.append(text(lang, "round.play_scores", seat=reader_seat(event.seat), count=count))
        steps.append(Step(layout, " ".join(told), last=True))
        told = []
    final = " ".join([*told, tell_end(state, lang)])
    steps.append(Step(layout, final, last=False, hands=_sorted(state.hands)))
    return steps
