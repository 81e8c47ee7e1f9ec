"""A round told: its events one by one, its end and score, and the whole round step by
step.

:func:`narration` is the one reading of a round's events that every telling of them
shares (the practice page's log, a round's steps and a puzzle's lines): the first play
is the lead, a play that scores in All Fives is followed by its score, a run of draws by
one seat is told once (how many tiles, and which when the telling may show them), together
with the pass that follows it when the seat still cannot play or with the play of the
tile that fits, once a round has its lead (but for a telling that grows as the round
is played); passes in a row by several seats are one sentence; and the play that goes
out is told as going out, once.
:func:`tell` puts one of them into words with the string a telling chooses for it.

:func:`round_steps` tells a whole round from a game record (the format of ``python -m
engine replay``), as the ``round`` fences show it: the first step is the deal; every play
is a step, told together with the draws and passes that came before it; the last step is
the end of the round and its score (a block said once: not also each seat's last pass),
the result first and the arithmetic of
:meth:`~engine.core.scoring.ScoreBreakdown.render` after it. A sentence about a seat or a
team agrees with it (:class:`engine.lang.Subject`): a telling for the reader
(``you``) says "You win", a team is plural. Every word comes from the language tables.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from engine.core.layout import Layout
from engine.core.records import RoundRecord, replay_round
from engine.core.rules import Rules
from engine.core.state import Event, RoundState
from engine.core.tiles import Tile
from engine.core.words import check_lang, say, strings, text
from engine.lang import Subject, join_words, reader_seat

Kind = Literal["lead", "play", "draw", "pass", "score"]


class Told(NamedTuple):
    """One thing the narration of a round tells about one or more of its events."""

    kind: Kind
    """``lead`` (the round's first play), ``play``, ``draw``, ``pass``, or ``score``:
    what the play just told scored in All Fives."""
    event: Event
    """The event told; for a draw, the run's first."""
    run: int = 1
    """For a draw: the tiles its seat drew in a row (the run is told once); for a play
    the seat drew for, those draws."""
    tiles: tuple[Tile, ...] = ()
    """For a draw (or a play the seat drew for): the tiles drawn, when the events show
    them (to the seat that drew)."""
    out: bool = False
    """For a play: it was the seat's last tile, and the seat went out with it."""
    passed: bool = False
    """For a draw: the seat still could not play and passed (the pass is told with it)."""
    seats: tuple[int, ...] = ()
    """For a pass: every seat that passed in a row (the event's first), when more than
    one did; their passes are told in one sentence."""
    drew: bool = False
    """For a play: the seat drew for it (a forced draw ends with the one tile that fits,
    the last drawn, and it is laid at once); the draws are told with the play."""


def narration(
    events: Sequence[Event],
    went_out: int | None = None,
    *,
    since: int = 0,
    apart: int | None = None,
    live: bool = False,
    blocked: bool = False,
) -> Iterator[Told]:
    """What a round's events tell, in order (see the module's docstring).

    ``went_out`` is the seat that went out, when the round ended so (its last play is
    then told as going out); ``since`` the number of events already told elsewhere:
    they are read (the lead is among them) but not told again, and a run of draws or
    passes does not reach back into them; ``apart`` a seat whose passes are told on their
    own, not among other seats' (the reader's, told in the second person); ``live`` a
    telling that grows as the round is played (the practice log): a draw is told when it
    is made, not held back to be told with the play that follows it; ``blocked`` the
    round ended blocked and the telling says so after the narration ("Nobody can play:
    the round is blocked."): the passes after the last play, which that sentence already
    says, are not told (a seat's draws before its pass still are).
    """
    last_play = max((k for k, e in enumerate(events) if e.kind == "play"), default=-1)
    played = False
    k = 0
    while k < len(events):
        event = events[k]
        told = k >= since
        if event.kind == "draw":
            end = k + 1
            while end < len(events) and events[end][:2] == ("draw", event.seat) and end != since:
                end += 1
            run = events[k:end]
            tiles = tuple(e.tile for e in run if e.tile is not None)
            passed = end < len(events) and events[end][:2] == ("pass", event.seat) and end != since
            shown = tiles if len(tiles) == len(run) else ()
            after = events[end] if end < len(events) and end != since else None
            # (That play never goes out: the seat held a tile before it drew, so one stays.)
            if (
                told
                and played
                and not live
                and after is not None
                and after[:2] == ("play", event.seat)
            ):
                yield Told("play", after, len(run), shown, drew=True)
                if after.score:
                    yield Told("score", after)
                k = end + 1
                continue
            if told:
                yield Told("draw", event, len(run), shown, passed=passed)
            k = end + passed
            continue
        if event.kind == "pass":
            end = k + 1
            if event.seat != apart:
                while (
                    end < len(events)
                    and events[end].kind == "pass"
                    and events[end].seat != apart
                    and end != since
                ):
                    end += 1
            if told and not (blocked and k > last_play):
                seats = tuple(e.seat for e in events[k:end]) if end - k > 1 else ()
                yield Told("pass", event, seats=seats)
            k = end
            continue
        out = went_out == event.seat and k == len(events) - 1
        if told:
            yield Told("play" if played else "lead", event, out=out)
            if event.score:
                yield Told("score", event)
        played = True
        k += 1


def tell(told: Told, lang: str, key: str) -> str:
    """``told`` in ``lang``, in the words of the string ``key``: ``key.out`` for the play
    that goes out, ``key.pass`` for draws the seat passes after, ``key.draw`` for a play
    the seat drew for, ``key.many`` for passes by several seats. Its fields: ``seat``
    (counted from 1, as readers count), ``seats`` (the seats that passed, joined),
    ``tile``, ``end`` (the end a tile was laid on, as ``end.to.*`` words it), ``count``
    (what a play scored; for a draw, or a play the seat drew for, the tiles drawn)
    and ``tiles`` (the tiles drawn, joined)."""
    event = told.event
    count = event.score if told.kind == "score" else told.run
    end = strings(lang)[f"end.to.{event.end}"] if event.end is not None else ""
    tiles = join_words(lang, [str(t) for t in told.tiles])
    suffix = (
        ".out"
        if told.out
        else ".pass"
        if told.passed
        else ".many"
        if told.seats
        else ".draw"
        if told.drew
        else ""
    )
    return text(
        lang,
        key + suffix,
        seats=join_words(lang, [str(reader_seat(s)) for s in told.seats]),
        seat=reader_seat(event.seat),
        tile=event.tile,
        end=end,
        count=count,
        tiles=tiles,
    )


ROUND_WORDS: dict[Kind, str] = {
    "lead": "round.leads",
    "play": "round.plays",
    "draw": "round.draws",
    "pass": "round.passes",
    "score": "round.play_scores",
}
"""The words a round's steps tell each kind of event with."""


def join(items: Sequence[str], lang: str) -> str:
    """``a, b and c`` in ``lang`` (:func:`engine.lang.join_words`)."""
    return join_words(lang, items)


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
    """How a finished round ended, when the narration has not said it: a blocked round.
    A seat that went out was told going out with its last tile (:func:`narration`), so
    nothing more is said of it here."""
    if state.went_out is not None:
        return ""
    return text(lang, "round.blocked")


def tell_end(state: RoundState, lang: str, you: int | None = None) -> str:
    """How a finished round ended (a blocked round), the hands left, and the result with
    its arithmetic (:func:`tell_result`)."""
    went_out = state.went_out
    left = [
        text(lang, "round.left_hand", seat=reader_seat(seat), tiles=_tiles(hand, lang), pips=pips)
        for seat, (hand, pips) in enumerate(zip(state.hands, state.pips(), strict=True))
        if seat != went_out
    ]
    hands = text(lang, "round.left", hands=strings(lang)["list.sep"].join(left))
    said = [tell_ending(state, lang), hands, tell_result(state, lang, you)]
    return " ".join(s for s in said if s)


def side_subject(rules: Rules, players: int, side: int, you: int | None = None) -> Subject:
    """The subject a side's sentences agree with: the reader (``you``, the reader's seat,
    or ``None`` when the telling has no reader), their team, a seat or a team of seats."""
    seats = rules.seats(side, players)
    numbers = tuple(reader_seat(s) for s in seats)
    mine = you is not None and you in seats
    if len(seats) > 1:
        return Subject("your_team" if mine else "team", numbers)
    return Subject("you" if mine else "seat", numbers)


def tell_result(state: RoundState, lang: str, you: int | None = None) -> str:
    """Who wins a finished round and what they score, then how that is computed: the
    arithmetic of :meth:`~engine.core.scoring.ScoreBreakdown.render`; a blocked round
    between teams says the score, then the teams' hands it compares (the winners'
    first) and, scored by difference or rounded, the rest of the arithmetic."""
    score = state.score_breakdown()
    end = score.end
    if end.winner is None:
        return text(lang, "round.no_winner")
    subject = side_subject(state.rules, state.players, end.winner, you)
    hands = score.team_hands()
    if hands is None:
        return say(lang, "round.wins", subject, points=end.points, score=score.render(lang))
    # A blocked round between teams: the score first, then the hands compared and, when
    # the score is not simply the other team's hands, how it follows from them.
    own, other = hands
    working = score.working(lang)
    then = "" if working == str(score.raw) else text(lang, "score.then", score=working)
    return say(
        lang, "round.wins.blocked", subject, points=end.points, own=own, other=other, then=then
    )


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
    for item in narration(state.events, state.went_out, blocked=state.went_out is None):
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
