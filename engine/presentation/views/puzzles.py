"""What the puzzles page shows of a puzzle, and the engine's judgement of the reader's move.

The page (``docs/puzzles*.md``, drawn by ``hooks/puzzles_page.py``; its script
``docs/assets/js/puzzles.js``) asks the engine in the reader's browser through
:mod:`engine.presentation.web`'s method ``puzzle``: :func:`view` is the position, every hand
shown, and
:func:`judge` the reader's move solved again by :func:`engine.players.solver.solve`: whether it is
the one best move, its value against the best, and its line (the move, then every seat's
best play to the end of the round) step by step, drawn and told, with why the answer is
best in the words of its theme. A wrong move's line is the best replies that refute it.
Every word comes from the language tables (``puzzle.*``).

A value is the solver's: the side's points for the round minus the other sides', written
with its sign (``+13``, ``−12``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from engine.core.errors import DominoError
from engine.core.layout import Layout, parse_end
from engine.core.state import Move, RoundState
from engine.core.tiles import Tile
from engine.core.words import strings, text
from engine.features.puzzles import (
    Facts,
    Lines,
    Puzzle,
    by_id,
    daily,
    load_puzzles,
    streak,
    theme_of,
)
from engine.lang import reader_seat
from engine.players.solver import MoveValue, solve
from engine.presentation.description import end_label
from engine.presentation.figures import LIST_SIZE, PAGE_SIZE, TRAY_SIZE, layout_svg
from engine.presentation.views import tile_view
from engine.presentation.views.rated import after_move
from engine.presentation.views.rounds import ROUND_WORDS, Kind, join, narration, tell, tell_end


def signed_whole(value: int) -> str:
    """A value with its sign: ``+13``, ``−12`` (a minus sign), ``0``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def number(puzzle: Puzzle) -> int:
    """The puzzle's number on the page, from 1, in the order of the data file."""
    return next(k for k, p in enumerate(load_puzzles(), start=1) if p.id == puzzle.id)


def puzzle_title(puzzle: Puzzle, lang: str) -> str:
    return text(lang, "puzzle.title", n=number(puzzle))


def game(puzzle: Puzzle, lang: str) -> str:
    """The game and its player count: "All Fives, 3 players"."""
    name = strings(lang)[f"game.{puzzle.preset}"]
    key = "puzzle.game.partners" if puzzle.rules.partnerships else "puzzle.game"
    return text(lang, key, game=name, players=puzzle.players)


def move_label(move: Move, lang: str) -> str:
    """A move as the reader reads it: "[3|4] on the left end", or "[3|4] to lead"."""
    if move.end is None:
        return text(lang, "puzzle.move.lead", tile=move.tile)
    return text(lang, "puzzle.move", tile=move.tile, end=strings(lang)[f"end.to.{move.end}"])


def _tiles(tiles: Sequence[Tile], lang: str) -> str:
    return ", ".join(str(t) for t in tiles) or strings(lang)["round.nothing"]


def _seat_label(state: RoundState, seat: int, you: int, lang: str) -> str:
    if seat == you:
        return text(lang, "lesson.your_tiles", seat=reader_seat(seat))
    if state.rules.partnerships and state.rules.side_of(seat) == state.rules.side_of(you):
        return text(lang, "puzzle.partner", seat=reader_seat(seat))
    return text(lang, "round.seat", seat=reader_seat(seat))


def _question(state: RoundState, seat: int, lang: str) -> str:
    said = [text(lang, "puzzle.question", seat=reader_seat(seat))]
    if state.rules.partnerships:
        said.append(text(lang, "puzzle.question.partner", seat=reader_seat((seat + 2) % 4)))
    elif state.players > 2:
        said.append(strings(lang)["puzzle.question.others"])
    return " ".join(said)


def _stock(state: RoundState, lang: str) -> str:
    if not state.rules.policy.deal.boneyard:
        return text(lang, "round.set_aside", count=state.rules.stock_size(state.players))
    if not state.boneyard:
        return strings(lang)["puzzle.boneyard_empty"]
    return text(lang, "puzzle.boneyard", tiles=_tiles(state.boneyard, lang))


def _scores(state: RoundState, lang: str) -> str:
    """The points scored in play so far (All Fives), side by side."""
    if not state.rules.policy.play.scores:
        return ""
    sides = []
    for side, points in enumerate(state.play_points):
        if state.rules.partnerships:
            a, b = (s for s in range(state.players) if state.rules.side_of(s) == side)
            who = text(lang, "puzzle.side.team", a=reader_seat(a), b=reader_seat(b))
        else:
            who = text(lang, "puzzle.side.seat", seat=reader_seat(side))
        sides.append(text(lang, "puzzle.side.points", side=who, points=points))
    return text(lang, "puzzle.scores", scores=strings(lang)["list.sep"].join(sides))


def _history(state: RoundState, lang: str) -> list[str]:
    """The round so far, one line a play (with what it scored) and the draws and passes
    that came before it, then the draws and passes since the last play: every event is
    shown, so that what an explanation says a seat did (a pass on some values) was seen."""
    you = state.current_player
    assert you is not None  # a puzzle is a position with a seat to move
    lines, rest = _lines(_told(state, 0, you, lang))
    return [*lines, " ".join(rest)] if rest else lines


def _told(state: RoundState, start: int, you: int, lang: str) -> list[tuple[Kind, str]]:
    """The round's events from the ``start``-th on, told
    (:func:`engine.presentation.views.rounds.narration`): the reader's seat ``you`` in the
    second person, as the practice log tells it ("You lay [4|5] on the right end."), the
    other seats as a round's steps do."""
    blocked = state.is_terminal and state.went_out is None
    narrated = narration(state.events, state.went_out, since=start, apart=you, blocked=blocked)
    return [
        (t.kind, tell(t, lang, YOUR_WORDS[t.kind] if t.event.seat == you else ROUND_WORDS[t.kind]))
        for t in narrated
    ]


YOUR_WORDS: dict[Kind, str] = {kind: f"practice.log.{kind}.you" for kind in ROUND_WORDS}
"""The words a puzzle tells the reader's own events with (the practice log's)."""


def _lines(told: list[tuple[Kind, str]]) -> tuple[list[str], list[str]]:
    """``told`` cut after each play and what it scored: the lines, and what is left after
    the last play (the draws and passes that followed it)."""
    lines: list[str] = []
    said: list[str] = []
    played = False
    for kind, sentence in told:
        if played and kind != "score":
            lines.append(" ".join(said))
            said, played = [], False
        said.append(sentence)
        played = played or kind in ("lead", "play")
    if played:
        lines.append(" ".join(said))
        said = []
    return lines, said


def drawings(layout: Layout, lang: str, caption: str, *, last: bool = False) -> dict[str, str]:
    """The layout drawn for a page (``svg``) and for a phone (``svg_narrow``, its lines
    turning sooner: see :mod:`engine.presentation.svg`), told with ``caption``; ``last``
    marks the tile laid last. An empty table is no drawing."""
    if not layout.tiles:
        return {"svg": "", "svg_narrow": ""}
    return {
        "svg": layout_svg(layout, lang, caption, size=PAGE_SIZE, highlight_last=last),
        "svg_narrow": layout_svg(
            layout, lang, caption, size=PAGE_SIZE, highlight_last=last, fit="narrow"
        ),
    }


def puzzle_view(puzzle: Puzzle, lang: str) -> dict[str, Any]:
    """What the page shows of ``puzzle`` in ``lang``: its title, game, theme,
    difficulty and rating, the question, the table (drawn, with its description), the reader's
    tiles and the open ends to lay one on (on an empty table, one choice: to lead), every
    other hand, the boneyard, the points scored so far and the round so far."""
    strings(lang)
    state = puzzle.state()
    seat = state.current_player
    assert seat is not None
    s = strings(lang)
    question = _question(state, seat, lang)
    layout = state.layout
    ends: list[dict[str, Any]] = [
        {"end": e.end.value, "value": e.value, "label": end_label(e.end, e.value, lang)}
        for e in layout.ends
    ]
    picked = "try.picked"
    if not layout.tiles:
        ends = [{"end": "", "value": None, "label": s["puzzle.lead"]}]
        picked = "puzzle.picked_lead"
    hands = [
        {
            "seat": reader_seat(other),
            "label": _seat_label(state, other, seat, lang),
            "tiles": [tile_view(t, LIST_SIZE) for t in state.hand(other)],
            # The label names the seat; what a screen reader hears after it is the tiles.
            "text": _tiles(state.hand(other), lang),
        }
        for other in range(state.players)
        if other != seat
    ]
    return {
        "id": puzzle.id,
        "number": number(puzzle),
        "title": puzzle_title(puzzle, lang),
        "game": game(puzzle, lang),
        "theme": {"id": puzzle.theme, "name": s[f"puzzle.theme.{puzzle.theme}"]},
        "difficulty": {"id": puzzle.difficulty, "name": s[f"puzzle.level.{puzzle.difficulty}"]},
        "rating": {
            "value": puzzle.rating,
            "text": text(lang, "puzzle.rating", rating=puzzle.rating),
        },
        "seat": reader_seat(seat),
        "question": question,
        **drawings(layout, lang, question),
        "empty": s["empty_table"] if not layout.tiles else "",
        "hand_label": _seat_label(state, seat, seat, lang),
        "tiles": [
            {**tile_view(t, TRAY_SIZE), "picked": text(lang, picked, tile=t)}
            for t in state.hand(seat)
        ],
        "ends": ends,
        "hands": hands,
        "stock": _stock(state, lang),
        "scores": _scores(state, lang),
        "history": _history(state, lang),
    }


# ---------------------------------------------------------------------------------------
# Judging a move
# ---------------------------------------------------------------------------------------


def solved(puzzle: Puzzle) -> Lines:
    """The puzzle's position solved, with where each move leads; a puzzle of the site's
    is solved once, for every answer to it (the reader may try again)."""
    if by_id(puzzle.id) == puzzle:
        return _solved(puzzle.id)
    state = puzzle.state()
    return Lines(state, solve(state))


@functools.lru_cache(maxsize=8)
def _solved(ident: str) -> Lines:
    state = by_id(ident).state()
    return Lines(state, solve(state))


def _steps(state: RoundState, mv: MoveValue, lang: str) -> list[dict[str, str]]:
    """The move's line step by step: each play (with the draws and passes before it, and
    in All Fives what it scored), then the end of the round with its score."""
    you = state.current_player
    assert you is not None  # a puzzle is a position with a seat to move
    state = state.clone()
    start = len(state.events)
    after: list[RoundState] = []
    for play in mv.line:
        state.apply(play.move)
        after.append(state.clone())
    lines, rest = _lines(_told(state, start, you, lang))
    drawn: list[tuple[str, RoundState, bool]] = [
        (line, at, True) for line, at in zip(lines, after, strict=True)
    ]
    drawn.append((" ".join([*rest, tell_end(state, lang, you)]), state, False))
    total = len(drawn)
    steps = []
    for n, (caption, at, last) in enumerate(drawn, start=1):
        steps.append(
            {
                "count": text(lang, "stepper.count", n=n, total=total),
                "caption": caption,
                **drawings(at.layout, lang, caption, last=last),
            }
        )
    return steps


def _why(lines: Lines, theme: str, facts: Facts, lang: str) -> str:
    """Why the answer is best, in the words of its theme."""
    key = f"puzzle.why.{theme}"
    if theme == "pass":
        return text(
            lang,
            key,
            seat=reader_seat(facts["seat"]),
            values=join([str(v) for v in facts["values"]], lang),
            open=join([str(v) for v in facts["open"]], lang),
        )
    if theme == "double":
        return text(lang, key, tile=facts["tile"], other=move_label(facts["other"], lang))
    if theme in ("fives", "keep"):
        return text(lang, key, **facts)
    if theme == "out" and lines.rules.partnerships and facts["seat"] != lines.seat:
        return text(lang, "puzzle.why.out.partner", seat=reader_seat(facts["seat"]))
    return strings(lang)[key]


def judge_move(puzzle: Puzzle, tile: object, end: object, lang: str) -> dict[str, Any]:
    """The reader's move (``tile`` on ``end``; no end on an empty table) judged by the
    solver, told in ``lang``: ``right``, its ``verdict``, its value against the best
    (``worth``), its line step by step (``steps``) and, for the answer, ``why`` it is
    best and every move's value (``values``). An illegal move is the engine's error."""
    strings(lang)
    move = Move(Tile.parse(tile), parse_end(end) if end else None)
    lines = solved(puzzle)
    state = lines.state
    # The try-it figures' errors (they name no seat): a tile not in the tray, an end that
    # does not take it.
    if move.tile not in state.hand(lines.seat):
        raise DominoError("not_in_tray", tile=str(move.tile))
    if state.layout.tiles:
        state.layout.place(move.tile, move.end)
    move = state.check(move)
    mv = next(m for m in lines.solution.moves if m.move == move)
    right = mv is lines.best
    best = lines.best.value
    said = move_label(move, lang)
    reply: dict[str, Any] = {
        "id": puzzle.id,
        "move": str(move),
        "right": right,
        "steps": _steps(state, mv, lang),
    }
    if right:
        theme, facts = theme_of(lines)
        runner = max(m.value for m in lines.wrong)
        reply["verdict"] = text(lang, "puzzle.right", move=said)
        reply["worth"] = text(
            lang, "puzzle.worth.right", value=signed_whole(best), next=signed_whole(runner)
        )
        reply["why"] = _why(lines, theme, facts, lang)
        # The answer's line is a winning line only when it wins the round.
        reply["line"] = strings(lang)["puzzle.line.winning" if lines.wins() else "puzzle.line.best"]
        reply["values"] = [
            {
                "move": str(m.move),
                "text": text(
                    lang, "puzzle.value", move=move_label(m.move, lang), value=signed_whole(m.value)
                ),
                "best": m is lines.best,
            }
            for m in sorted(lines.solution.moves, key=lambda m: -m.value)
        ]
    else:
        reply["verdict"] = text(lang, "puzzle.wrong", move=said)
        reply["worth"] = text(
            lang, "puzzle.worth.wrong", value=signed_whole(mv.value), best=signed_whole(best)
        )
        reply["why"] = strings(lang)["puzzle.refuted"]
        reply["line"] = strings(lang)["puzzle.line.refutation"]
    return reply


def reply(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The answer to the page's request (:mod:`engine.presentation.web`'s method ``puzzle``): the
    :func:`view` of the puzzle ``id``, or of the puzzle of the day ``date``
    (``"YYYY-MM-DD"``); with ``tile`` and ``end`` (``""`` on an empty table) the reader's
    move judged, with ``reveal`` true the answer's (:func:`judge`, marked ``revealed``).
    A request that carries the reader's rated puzzles (``rated``, with ``today`` or
    ``streak``) gets them back after the move, as
    :func:`engine.presentation.views.rated.after_move` says (``rated``)."""
    puzzle = daily(args["date"]) if "id" not in args and "date" in args else by_id(args.get("id"))
    if args.get("reveal") is True:
        move = Move.parse(puzzle.answer)
        tile, end = move.tile.code, move.end.value if move.end is not None else ""
        judged = {**judge_move(puzzle, tile, end, lang), "revealed": True}
    elif "tile" in args:
        end = args.get("end", "")
        if not isinstance(end, str):
            raise DominoError("bad_end", end=end)
        judged = judge_move(puzzle, args["tile"], end, lang)
    else:
        return puzzle_view(puzzle, lang)
    # A move (or the answer revealed) rates, or counts in the streak, when the request
    # carries the reader's rated puzzles.
    rated = after_move(args, puzzle, judged["right"] and not judged.get("revealed"), lang)
    if rated is not None:
        judged["rated"] = rated
    return judged


def streak_view(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The reader's streak (:mod:`engine.presentation.web`'s method ``puzzle_streak``), by
    the rule of
    :func:`engine.features.puzzles.streak`: ``days`` the progress keeps, the reader's date
    ``today``, and with ``solved`` the date of the puzzle of the day just solved. The
    reply: ``{"days": [the days to keep], "count": n, "counted": bool, "text": the count
    told in lang}``."""
    found = streak(args.get("days", []), args.get("today"), args.get("solved"))
    return {
        "days": list(found.days),
        "count": found.count,
        "counted": found.counted,
        "text": text(lang, "page.puzzles.streak", count=found.count),
    }
