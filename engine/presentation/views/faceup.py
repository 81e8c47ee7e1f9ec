"""What a page shows of a reviewed decision turned face up (:mod:`engine.features.faceup`),
in the reader's language.

Beside the review's judgement from what the seat knew (``review_judge``), the page can
turn every hand face up: each distinct move of the decision valued exactly with every
tile known, and its best line to the end of the round. The engine answers one move per
request (``review_face_up``), so that the page shows progress and can stop between two:
step 0 first, then each next step with the ``found`` of the reply before it, until
``done``. Every word comes from the language tables (``face_up.*``, and the ``review.*``
and ``puzzle.*`` words of seats, moves and sides); seats in the data count from 0 as
records do, in the words from 1. A value is the solver's, a whole number with its sign in
the words (``+12``, ``−3``).

:func:`face_up_view` (``review_face_up`` ``{record_text, seat, round?, index, step?,
found?}``; ``step`` 0 and ``found`` ``[]`` unless told): step 0 of a 2-player Block
decision of three moves (a round dealt from seed 3 and played by Club players)::

    {"index": 0, "step": 0, "total": 3, "progress": "Moves solved: 1 of 3",
     "move": "0-6@left", "label": "[0|6] on the left end", "value": -11, "exact": true,
     "text": "[0|6] on the left end: −11 with every tile known",
     "line": [{"seat": 0, "name": "You (seat 1)", "move": "0-6@left",
               "label": "[0|6] on the left end"},
              {"seat": 1, "name": "Seat 2", "move": "0-3@left",
               "label": "[0|3] on the left end"}, …],
     "line_text": "Best play to the end of the round: You (seat 1): [0|6] on the left
                   end; Seat 2: [0|3] on the left end; …; Seat 2: [2|2] on the left end.",
     "points": [0, 11],
     "points_text": "Points for the round at the end of this line: seat 1, 0 points;
                     seat 2, 11 points.",
     "found": [-11], "done": false,
     "title": "Face up: every tile known", "about": "Every hand is turned face up: …",
     "hands": [{"seat": 0, "name": "You (seat 1)",
                "tiles": [{"code": "0-1", "name": "[0|1]", "svg": "<svg…"}, …],
                "text": "You (seat 1): [0|1], [0|5], [0|6], [1|6], [4|4], [4|6], [5|5]"},
               {"seat": 1, "name": "Seat 2", …}],
     "boneyard": null, "boneyard_text": "The other 14 tiles are set aside."}

Step 0 alone adds ``title``, ``about``, ``hands`` (every seat's hand at the decision,
face up) and the boneyard: ``boneyard`` its tiles in drawing order in the games that
draw (else ``null``) and ``boneyard_text``. The last step (``done``) adds ``best``, the
moves with the best value (record notation), ``ranked``, the steps best value first (on
a tie in the order solved), and ``best_text``. A move more than
:data:`~engine.features.faceup.SPREAD` points below the best may only be shown to be so:
``exact`` false, ``value`` a bound below the best less the spread, ``text`` "… more than
40 points below the best", ``line`` the move alone, ``line_text``, ``points`` and
``points_text`` empty. A bad ``step`` or ``found`` is a ``bad_request`` error, refused
before anything is solved.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.rules import check_seat
from engine.core.state import RoundState
from engine.core.tiles import Tile
from engine.core.words import check_lang, strings, text
from engine.features import faceup as fu
from engine.features import review as rv
from engine.lang import join_words, reader_seat
from engine.players.solver import MoveValue
from engine.presentation.figures import TRAY_SIZE
from engine.presentation.views import tile_view
from engine.presentation.views.puzzles import move_label, signed_whole


def face_up_view(
    record: object,
    seat: object,
    round: object,
    index: object,
    step: object,
    found: object,
    lang: str,
) -> dict[str, Any]:
    """Step ``step`` of decision ``index`` of ``seat`` (from 0) in round ``round`` of
    ``record``, turned face up, given ``found`` from the step before (see the module's
    docstring)."""
    check_lang(lang)
    state, _, _ = rv.load_round(record, round)
    me = check_seat(seat, state.players)
    d = rv.decision(state, me, index)
    done = fu.solve_step(state, d, step, found)
    at = fu.at_decision(state, d) if done.step == 0 else None
    return _view(state, d, done, at, lang)


def _view(
    state: RoundState,
    d: rv.Decision,
    done: fu.FaceUpStep,
    at: RoundState | None,
    lang: str,
) -> dict[str, Any]:
    """The view of one step; with ``at`` (the round at the decision), step 0's hands."""
    solved = done.solved
    label = move_label(solved.move, lang)
    if solved.exact:
        said = text(lang, "face_up.value", move=label, value=signed_whole(solved.value))
    else:
        said = text(lang, "face_up.below", move=label, spread=fu.SPREAD)
    line = [
        {
            "seat": p.seat,
            "name": _name(state, d.seat, p.seat, lang),
            "move": str(p.move),
            "label": move_label(p.move, lang),
        }
        for p in solved.line
    ]
    reply: dict[str, Any] = {
        "index": d.index,
        "step": done.step,
        "total": done.total,
        "progress": text(lang, "face_up.progress", done=done.step + 1, total=done.total),
        "move": str(solved.move),
        "label": label,
        "value": solved.value,
        "exact": solved.exact,
        "text": said,
        "line": line,
        "line_text": _line_text(line, solved, lang),
        "points": list(solved.points),
        "points_text": _points_text(state, solved, lang),
        "found": list(done.found),
        "done": done.done,
    }
    if at is not None:
        reply.update(_first(at, d.seat, lang))
    if done.done:
        best = [d.moves[i] for i in done.best]
        top = max(done.found)
        reply["best"] = [str(m) for m in best]
        # The steps best first (a bounded value lies below every exact one).
        reply["ranked"] = sorted(range(done.total), key=lambda k: (-done.found[k], k))
        reply["best_text"] = text(
            lang,
            "face_up.best",
            moves=join_words(lang, [move_label(m, lang) for m in best]),
            value=signed_whole(top),
        )
    return reply


def _name(state: RoundState, me: int, seat: int, lang: str) -> str:
    """A seat as the review names it: the reader's own, a partner, another seat."""
    if seat == me:
        return text(lang, "face_up.you", seat=reader_seat(seat))
    rules = state.rules
    if rules.partnerships and rules.side_of(seat) == rules.side_of(me):
        return text(lang, "face_up.partner", seat=reader_seat(seat))
    return text(lang, "face_up.seat", seat=reader_seat(seat))


def _line_text(line: list[dict[str, Any]], solved: MoveValue, lang: str) -> str:
    if not solved.exact:
        return ""
    plays = [text(lang, "face_up.play", seat=p["name"], move=p["label"]) for p in line]
    return text(lang, "face_up.line", plays=strings(lang)["list.sep"].join(plays))


def _points_text(state: RoundState, solved: MoveValue, lang: str) -> str:
    """Each side's points at the end of the line, as the puzzles name sides."""
    if not solved.exact:
        return ""
    rules = state.rules
    sides = []
    for side, points in enumerate(solved.points):
        if rules.partnerships:
            a, b = rules.seats(side, state.players)
            who = text(lang, "puzzle.side.team", a=reader_seat(a), b=reader_seat(b))
        else:
            who = text(lang, "puzzle.side.seat", seat=reader_seat(side))
        sides.append(text(lang, "puzzle.side.points", side=who, points=points))
    return text(lang, "face_up.points", scores=strings(lang)["list.sep"].join(sides))


def _tiles(tiles: Sequence[Tile], lang: str) -> str:
    return ", ".join(str(t) for t in tiles) or strings(lang)["round.nothing"]


def _first(at: RoundState, me: int, lang: str) -> dict[str, Any]:
    """What step 0 adds: the title, what the values are, every hand and the boneyard."""
    s = strings(lang)
    rules = at.rules
    draws = rules.policy.deal.boneyard
    about = [
        s["face_up.about.boneyard" if draws else "face_up.about.hands"],
        text(lang, "face_up.about.value", spread=fu.SPREAD),
    ]
    if not rules.partnerships and at.players > 2:
        about.append(s["puzzle.question.others"])
    hands = []
    for seat in range(at.players):
        name = _name(at, me, seat, lang)
        tiles = at.hand(seat)
        hands.append(
            {
                "seat": seat,
                "name": name,
                "tiles": [tile_view(t, TRAY_SIZE) for t in tiles],
                "text": text(lang, "face_up.hand", seat=name, tiles=_tiles(tiles, lang)),
            }
        )
    if not draws:
        stock = text(lang, "round.set_aside", count=rules.stock_size(at.players))
    elif at.boneyard:
        stock = text(lang, "puzzle.boneyard", tiles=_tiles(at.boneyard, lang))
    else:
        stock = s["puzzle.boneyard_empty"]
    return {
        "title": s["face_up.title"],
        "about": " ".join(about),
        "hands": hands,
        "boneyard": [tile_view(t, TRAY_SIZE) for t in at.boneyard] if draws else None,
        "boneyard_text": stock,
    }
