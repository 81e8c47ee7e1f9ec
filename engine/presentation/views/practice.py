"""What the practice page shows: :func:`view`, everything of a practice match in the
page's language.

The match is :mod:`engine.features.practice`'s (its save, replayed); this module only tells it:
the table drawn wide and for a phone, the seats and whose turn it is, the reader's tiles
with every placement each may take (and in All Fives what it would score), the log of
the round (:func:`engine.presentation.views.rounds.narration`, of what the reader's seat sees), the
scores, the finished rounds, the link that deals this match again, and at the end of a
round or the match what it came to. The page decides no rule and builds no sentence or
move itself.
"""

from __future__ import annotations

import functools
from typing import Any

from engine.core.boundary import is_whole
from engine.core.errors import DominoError
from engine.core.layout import End, Layout
from engine.core.policy import LayoutPolicy
from engine.core.records import round_record
from engine.core.state import Event, Move, RoundState
from engine.core.tiles import Tile
from engine.core.words import check_lang, say, strings, text
from engine.features.practice import YOU, Game, expert_hint, link, load_game
from engine.lang import Subject, reader_seat
from engine.presentation.description import place_label
from engine.presentation.figures import HAND_SIZE, PAGE_SIZE, layout_svg
from engine.presentation.places import end_places
from engine.presentation.svg import Fit
from engine.presentation.views import tile_view
from engine.presentation.views.rounds import (
    join,
    narration,
    round_steps,
    side_subject,
    tell,
    tell_end,
    tell_ending,
    tell_result,
)

FEED = 3
"""How many of the round's latest log entries the table shows beside the board."""

FITS: tuple[Fit, ...] = ("wide", "narrow")
"""The two drawings of the table. What names an end by its place on a drawing comes
twice: under its own key for the wide drawing and under ``<key>_narrow`` for the
narrow one."""


def seat_name(game: Game, seat: int, lang: str) -> str:
    """ "You", or a computer seat with its level ("Seat 2 (Club)")."""
    if seat == YOU:
        return text(lang, "practice.you", seat=reader_seat(seat))
    level = strings(lang)[f"level.{game.save['levels'][seat - 1]}"]
    return text(lang, "practice.seat", seat=reader_seat(seat), level=level)


def _side_name(game: Game, side: int, lang: str) -> str:
    return join([seat_name(game, s, lang) for s in game.rules.seats(side, game.players)], lang)


def _who(seat: int) -> str:
    return "you" if seat == YOU else "seat"


def _subject(seat: int) -> Subject:
    """A seat as the subject of a sentence: the reader, or a computer seat."""
    return Subject(_who(seat), (reader_seat(seat),))


def _log(game: Game, state: RoundState, lang: str) -> list[dict[str, Any]]:
    """Every event of the round told once, in order, as the reader's seat sees it: plays
    (and what each scored; the last tile of a seat that goes out told with it), a run of
    draws told once (the reader's tiles named, another seat's only counted) with the pass
    that follows it, passes (other seats' in a row together, the reader's apart), and
    the end."""
    entries: list[dict[str, Any]] = []

    def add(kind: str, seat: int | None, line: str, events: int) -> None:
        entries.append(
            {"n": len(entries), "kind": kind, "seat": seat, "text": line, "events": events}
        )

    for told in narration(state.observation(YOU).events, state.went_out, apart=YOU, live=True):
        seat = told.event.seat
        line = tell(told, lang, f"practice.log.{told.kind}.{_who(seat)}")
        events = 0 if told.kind == "score" else len(told.seats) or told.run + told.passed
        add("play" if told.kind == "lead" else told.kind, seat, line, events)
    if state.is_terminal:
        add("end", None, _end_summary(game, state, lang), 0)
    return entries


def _end_summary(game: Game, state: RoundState, lang: str) -> str:
    """The round's end in two sentences: how it ended and who scores what."""
    lines = [tell_ending(state, lang), tell_result(state, lang, YOU)]
    if state.rules.policy.play.scores:
        lines.append(_fives_sum(game, state, lang))
    return " ".join(line for line in lines if line)


def _fives_sum(game: Game, state: RoundState, lang: str) -> str:
    """All Fives: each side's points of the round, play and end added up (``45 + 20 =
    65``), as the score table's round column has them."""
    result = state.result()
    end = result.end
    parts = []
    for side, play_points in enumerate(state.play_points):
        name = _side_name(game, side, lang)
        if side == end.winner:
            parts.append(
                text(
                    lang,
                    "practice.fives.side_win",
                    name=name,
                    play=play_points,
                    end=end.points,
                    total=result.points[side],
                )
            )
        else:
            parts.append(text(lang, "practice.fives.side_play", name=name, play=play_points))
    return text(lang, "practice.fives.sum", sides=strings(lang)["list.sep"].join(parts))


def end_text(game: Game, state: RoundState, lang: str) -> str:
    """How a finished round ended, the hands left and the score with its arithmetic;
    in All Fives also the points scored in play added to the end's."""
    told = tell_end(state, lang, YOU)
    if state.rules.policy.play.scores:
        told = f"{told} {_fives_sum(game, state, lang)}"
    return told


def _hand_lines(game: Game, state: RoundState, lang: str) -> list[dict[str, Any]]:
    s = strings(lang)
    return [
        {
            "seat": seat,
            "name": seat_name(game, seat, lang),
            "tiles": [str(t) for t in hand],
            "text": text(
                lang,
                "practice.hand_line",
                name=seat_name(game, seat, lang),
                tiles=" ".join(str(t) for t in hand) or s["practice.hand_empty"],
            ),
        }
        for seat, hand in enumerate(state.hands)
    ]


def _drawn(state: RoundState) -> set[Tile]:
    """The tiles the reader drew since their last play of the round."""
    drawn: set[Tile] = set()
    for event in state.events:
        if event.seat != YOU:
            continue
        if event.kind == "play":
            drawn.clear()
        elif event.kind == "draw" and event.tile is not None:
            drawn.add(event.tile)
    return drawn


def _placements(
    state: RoundState,
    tile: Tile,
    legal: list[Move],
    places: dict[Fit, dict[End, str]],
    lang: str,
) -> list[dict[str, Any]]:
    """Every legal placement of ``tile``: its end, move, score (All Fives) and texts, the
    end named by its place on each drawing (``label``, ``text``; ``label_narrow``,
    ``text_narrow``)."""
    layout = state.layout
    play = state.rules.policy.play
    out = []
    for move in legal:
        if move.tile != tile:
            continue
        score = play.layout_points(layout.place(tile, move.end)) if play.scores else None
        shown: dict[str, Any] = {
            "end": None if move.end is None else move.end.value,
            "move": str(move),
            "score": score,
        }
        for fit in FITS:
            if move.end is None:
                label = text(lang, "practice.lead", tile=tile)
                key = "practice.lead"
            else:
                open_end = layout.end(move.end)
                assert open_end is not None
                label = place_label(places[fit][move.end], open_end.value, lang)
                key = "practice.end"
            if score is None:
                shown_text = label
            elif score:
                shown_text = text(lang, f"{key}.scores", label=label, points=score)
            else:
                shown_text = text(lang, f"{key}.no_score", label=label)
            suffix = "_narrow" if fit == "narrow" else ""
            shown["label" + suffix] = label
            shown["text" + suffix] = shown_text
        out.append(shown)
    return out


def _tile_label(tile: Tile, your_turn: bool, playable: bool, drawn: bool, lang: str) -> str:
    if not your_turn:
        return text(lang, "practice.tile.drawn", tile=tile) if drawn else str(tile)
    key = "playable" if playable else "unplayable"
    return text(lang, f"practice.tile.{'drawn_' if drawn else ''}{key}", tile=tile)


def _open_ends(state: RoundState, lang: str) -> dict[str, Any] | None:
    if not state.rules.policy.play.scores:
        return None
    layout = state.layout
    count = layout.count()
    if not layout.tiles:
        told = ""  # the open-ends line says the table is empty
    elif layout.fives_score():
        told = text(lang, "practice.open_ends.scores", count=count)
    else:
        told = text(lang, "practice.open_ends.count", count=count)
    return {"count": count, "text": told}


def ends_line(layout: Layout, places: dict[End, str], lang: str) -> str:
    """The open ends, each by its place on a drawing (``places``, as
    :func:`~engine.presentation.places.end_places` gives them), and the number each
    takes, in every game: "Open ends: top left 3, right 5." (in :attr:`Layout.ends`
    order)."""
    if not layout.tiles:
        return strings(lang)["practice.ends_line.empty"]
    ends = [text(lang, f"practice.ends_line.{places[e.end]}", value=e.value) for e in layout.ends]
    s = strings(lang)
    return text(lang, "practice.ends_line", ends=s["practice.ends_line.sep"].join(ends))


def table_name(layout: Layout, round_number: int, ends: str, lang: str) -> str:
    """The short accessible name of a drawing of the table: the round, how many tiles
    lie on it and its open ends (``ends``, that drawing's :func:`ends_line`). The
    tile-by-tile description stays the drawing's description."""
    return text(lang, "practice.table_name", round=round_number, count=len(layout.tiles), ends=ends)


def _last_action(turn: list[Event], lead: bool, lang: str) -> str:
    """One seat's turn (its draws, then the play or pass that ended it, if any) in a
    few words: "drew 2 tiles and passed". ``lead``: the play is the round's first."""
    final = turn[-1]
    draws = sum(e.kind == "draw" for e in turn)
    if final.kind == "play":
        key = "lead" if lead and not draws else "draw_play" if draws else "play"
        if final.score:
            key += ".scores"
    elif final.kind == "pass":
        key = "draw_pass" if draws else "pass"
    else:
        key = "draw"
    end = strings(lang)[f"end.to.{final.end}"] if final.end is not None else ""
    return text(
        lang, f"practice.last.{key}", tile=final.tile, end=end, count=draws, points=final.score
    )


def last_actions(state: RoundState, lang: str) -> list[str]:
    """Each seat's last turn of the round as the reader's seat saw it ("" for a seat
    that has not played yet): the draws of a turn are told with the play or pass that
    ended it."""
    events = state.observation(YOU).events
    lead = next((k for k, e in enumerate(events) if e.kind == "play"), -1)
    out = [""] * len(state.hands)
    k = len(events) - 1
    while k >= 0:
        seat = events[k].seat
        start = k
        while start > 0 and events[start - 1].seat == seat and events[start - 1].kind == "draw":
            start -= 1
        if not out[seat]:
            out[seat] = _last_action(list(events[start : k + 1]), k == lead, lang)
        k = start - 1
    return out


def _last_tile(state: RoundState, lang: str) -> dict[str, Any] | None:
    """The tile laid last and who laid it."""
    play = next((e for e in reversed(state.events) if e.kind == "play"), None)
    if play is None:
        return None
    return {
        "tile": str(play.tile),
        "seat": play.seat,
        "text": text(
            lang,
            f"practice.last_tile.{_who(play.seat)}",
            tile=play.tile,
            seat=reader_seat(play.seat),
        ),
    }


def _last_move(log: list[dict[str, Any]], lang: str) -> str:
    """The round's last move as the log tells it (a play with what it scored)."""
    moves = [e for e in log if e["kind"] != "end"]
    if not moves:
        return strings(lang)["practice.last_move.none"]
    told = moves[-2:] if moves[-1]["kind"] == "score" else moves[-1:]
    return " ".join(e["text"] for e in told)


def _notes(game: Game, state: RoundState, lang: str) -> list[str]:
    """What this moment needs said: in the Danish house rules' first round, before the
    lead, why that tile must open and who holds it."""
    notes = []
    opening = state.opening
    if opening is not None and not state.layout.tiles:
        kind = "double" if opening.is_double else "heaviest"
        who = _who(state.leader)
        notes.append(
            text(lang, f"practice.note.{kind}.{who}", tile=opening, seat=reader_seat(state.leader))
        )
    return notes


def _draw(
    layout: Layout, lang: str, caption: str, last: bool, fit: Fit, name: str | None = None
) -> str:
    """The table drawn ``fit="wide"`` or ``"narrow"`` (for a phone); ``name`` its short
    accessible name, when it has one."""
    return layout_svg(
        layout,
        lang,
        caption,
        size=PAGE_SIZE,
        highlight_last=last and bool(layout.tiles),
        fit=fit,
        name=name,
    )


def _history(game: Game, lang: str) -> list[dict[str, Any]]:
    """Every finished round, oldest first: its last table, hands and points."""
    sides = game.rules.sides(game.players)
    out = []
    for k, (state, result) in enumerate(zip(game.rounds, game.match.results, strict=False)):
        caption = text(lang, "practice.history.table", round=k + 1)
        wide, narrow = _cached_svgs(game, k, lang, caption)
        out.append(
            {
                "round": k + 1,
                "title": text(lang, "practice.history.title", round=k + 1),
                "text": end_text(game, state, lang),
                "layout": wide,
                "layout_narrow": narrow,
                "hands": _hand_lines(game, state, lang),
                "points": [result.points[side] for side in range(sides)],
                "totals": list(game.match.history[k]),
            }
        )
    return out


@functools.lru_cache(maxsize=64)
def _svgs_of(
    rule: LayoutPolicy, plays: tuple[str, ...], lang: str, caption: str
) -> tuple[str, str]:
    layout = rule.from_plays(list(plays))
    return _draw(layout, lang, caption, False, "wide"), _draw(
        layout, lang, caption, False, "narrow"
    )


def _cached_svgs(game: Game, k: int, lang: str, caption: str) -> tuple[str, str]:
    """A finished round's table, drawn once per language (the worker keeps the drawings
    between moves: a finished round never changes)."""
    state = game.rounds[k]
    plays = tuple(str(Move(e.tile, e.end)) for e in state.events if e.kind == "play" and e.tile)
    return _svgs_of(game.rules.policy.layout, plays, lang, caption)


def game_view(save: object, lang: str) -> dict[str, Any]:
    """Everything the practice page shows, told in ``lang``: the table, the reader's
    tiles with every placement each may take (and in All Fives what it would score), the
    other seats, the log of the round, the scores, the finished rounds, the link that
    deals this match again, and at the end of a round or the match what it came to."""
    check_lang(lang)
    game = load_game(save)
    state = game.state
    s = strings(lang)
    turn = state.current_player
    your_turn = turn == YOU
    legal = state.legal_moves() if your_turn else []
    drawn = _drawn(state)
    places = {fit: end_places(state.layout, fit) for fit in FITS}
    hand = []
    for tile in sorted(state.hand(YOU)):
        playable = any(m.tile == tile for m in legal)
        hand.append(
            {
                **tile_view(tile, HAND_SIZE),
                "playable": playable,
                "drawn": tile in drawn,
                "label": _tile_label(tile, your_turn, playable, tile in drawn, lang),
                "ends": _placements(state, tile, legal, places, lang) if playable else [],
            }
        )
    sides = game.rules.sides(game.players)
    if state.is_terminal:  # the round is in the match's ledger already
        round_points = list(state.result().points)
        totals = list(game.match.totals)
    else:
        round_points = list(state.play_points)
        totals = game.match.ledger.after(round_points)
    caption = text(lang, "practice.table", round=len(game.rounds))
    ends = {fit: ends_line(state.layout, places[fit], lang) for fit in FITS}
    table = table_name(state.layout, len(game.rounds), ends["wide"], lang)
    table_narrow = table_name(state.layout, len(game.rounds), ends["narrow"], lang)
    wide = _draw(state.layout, lang, caption, True, "wide", table)
    narrow = _draw(state.layout, lang, caption, True, "narrow", table_narrow)
    lasts = last_actions(state, lang)
    log = _log(game, state, lang)
    seats = []
    for seat in range(game.players):
        name = seat_name(game, seat, lang)
        count = len(state.hand(seat))
        key = f"practice.seat_line.turn.{_who(seat)}" if seat == turn else "practice.seat_line"
        seats.append(
            {
                "seat": seat,
                "name": name,
                "tiles": count,
                "turn": seat == turn,
                "text": text(lang, key, name=name, count=count),
                "last": lasts[seat],
            }
        )
    finished = any(r.is_terminal for r in game.rounds)
    out: dict[str, Any] = {
        "phase": game.phase,
        "round": len(game.rounds),
        "seed": game.save["seed"],
        "turn": turn,
        "you": YOU,  # the reader's seat (from 0): the one a round's review judges
        "your_turn": your_turn,
        "turn_text": (
            s["practice.your_turn"]
            if your_turn
            else text(lang, "practice.thinking", name=seat_name(game, turn, lang))
            if turn is not None
            else ""
        ),
        "whose_turn": (
            strings(lang)["practice.whose_turn.none"]
            if turn is None
            else text(lang, f"practice.whose_turn.{_who(turn)}", seat=reader_seat(turn))
        ),
        "layout": wide,
        "layout_narrow": narrow,
        "table_name": table,
        "table_name_narrow": table_narrow,
        "ends_line": ends["wide"],
        "ends_line_narrow": ends["narrow"],
        "last_tile": _last_tile(state, lang),
        "last_move": _last_move(log, lang),
        "hand": hand,
        "seats": seats,
        "boneyard": state.boneyard_size if game.rules.policy.deal.boneyard else None,
        "open_ends": _open_ends(state, lang),
        "log": log,
        "feed": [e["text"] for e in log[-FEED:]],
        "sides": [
            {
                "name": _side_name(game, side, lang),
                "round": round_points[side],
                "total": totals[side],
            }
            for side in range(sides)
        ],
        "target": game.match.target,
        "can_undo": any(YOU in movers for movers in game.movers),
        "can_download": finished,
        "download_note": "" if finished else s["practice.download_note"],
        "notes": _notes(game, state, lang),
        "link": link(game.save),
        "history": _history(game, lang),
        "round_end": None,
        "match_end": None,
    }
    if state.is_terminal:
        result = state.result()
        next_seat = result.next_leader
        out["round_end"] = {
            "text": end_text(game, state, lang),
            "hands": _hand_lines(game, state, lang),
            "next": (
                say(lang, "practice.next_leader", _subject(next_seat))
                if not game.match.is_over
                else ""
            ),
        }
    if game.match.is_over:
        outcome = game.match.outcome
        if outcome.drawn:
            out["match_end"] = s["practice.match_drawn"]
        else:
            assert outcome.winner is not None
            out["match_end"] = say(
                lang,
                "practice.match_won",
                side_subject(game.rules, game.players, outcome.winner, YOU),
                points=game.match.totals[outcome.winner],
            )
    return out


def hint_view(save: object, lang: str) -> dict[str, str]:
    """The Expert's move for the reader (``move``), and why: ``text`` names its end by
    its place on the wide drawing, ``text_narrow`` on the narrow one."""
    check_lang(lang)
    game = load_game(save)
    given = expert_hint(game, lang)
    out = {"move": str(given.move)}
    for fit in FITS:
        end = None
        if given.move.end is not None:
            place = end_places(game.state.layout, fit)[given.move.end]
            end = strings(lang)[f"place.{place}"]
        out["text_narrow" if fit == "narrow" else "text"] = given.in_language(lang, end)
    return out


def steps_view(save: object, round_index: object, lang: str) -> dict[str, Any]:
    """A finished round of the match (``round_index`` counted from 0), move by move as
    :func:`~engine.presentation.views.rounds.round_steps` tells a round: from the deal to
    the score, each step's table (drawn wide and for a phone, the tile just laid
    marked) and what happened in it."""
    check_lang(lang)
    game = load_game(save)
    finished = [state for state in game.rounds if state.is_terminal]
    if not is_whole(round_index):
        raise DominoError("bad_argument", name="round", value=round_index)
    if not 0 <= round_index < len(finished):
        raise DominoError("review_round", round=round_index, count=len(finished))
    steps = []
    for step in round_steps(round_record(finished[round_index]), lang):
        wide, narrow = (
            layout_svg(
                step.layout, lang, step.text, size=PAGE_SIZE, highlight_last=step.last, fit=fit
            )
            for fit in FITS
        )
        steps.append({"text": step.text, "layout": wide, "layout_narrow": narrow})
    return {"round": round_index + 1, "steps": steps}
