"""Lessons: small tasks on a position, judged by the engine.

A lesson page (``docs/learn*.md``) holds one fence per task; the build hook
(``hooks/lessons.py``) reads it into a task's data, and the page's script sends that data
with the reader's answer to :func:`judge` (through :mod:`engine.presentation.web`). No rule
is written here: every answer is worked out by asking the rest of the engine
(:class:`Layout` and its kernel board for fits and the All Fives count, :class:`RoundState`
for legal moves, the forced draws and passes, and the end of a round,
:mod:`engine.core.scoring` for the score).

A task is a JSON object::

    {"id": "matching-fit", "kind": "move", "preset": "block", "plays": ["1-4"],
     "hand": ["2-5", "4-6", "0-3"], "goal": "any"}

The position takes one of two forms:

- a **table**: ``plays`` (the layout, in record notation) and ``hand`` (the reader's
  tiles, none of them on the table); the reader is to play;
- a **round**: a round record's ``players``, ``leader``, ``hands`` (as dealt),
  ``boneyard`` (draw games) and ``plays`` (the tiles laid so far, in order), replayed by
  :class:`RoundState` with every forced draw and pass; ``seat`` is the reader's seat.

Kinds of task, and what the engine works out:

- ``move`` (a tile and an open end): the legal moves that meet ``goal``: ``any`` (every
  legal move), ``score`` (the play scores in All Fives), ``most`` (it scores the most
  any legal move scores, and more than nothing), ``spinner`` (it opens the spinner's
  short sides). An answer is ``"a-b@end"``.
- ``choice`` (one of ``choices``), by ``ask``: ``turn`` (what the reader does after the
  last play: ``play``, ``draw`` or ``pass``; a round), ``winner`` (who wins the finished
  round: ``seat-N``, ``team-N`` in partnerships, or ``nobody``), ``fits TILE`` (which
  open end takes the tile: ``left``, ``right``, ``up``, ``down``, or ``none``).
- ``number`` (a whole number), by ``ask``: ``score`` (what the finished round scores at
  its end), ``pips N`` (the pips in seat N's hand), ``count`` (the All Fives count of
  the open ends), ``play-score`` (what the tile laid last scored in All Fives), ``ends``
  (how many open ends there are), ``open END`` (the value that end takes), ``draws``
  (how many tiles the reader draws after the last play).

:func:`right_answers` lists the right answers, :func:`problems` checks a task and its
accepted answers (the build uses it: the accepted answers must be exactly the right
ones), and :func:`steps` the arithmetic an explanation may write. What a task shows is
:func:`engine.presentation.views.lessons.task_view`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.boundary import excess, is_whole
from engine.core.errors import DominoError, Seat
from engine.core.kernel import next_seat, to_mask
from engine.core.layout import END_ORDER, Layout, parse_end, parse_play
from engine.core.rules import Rules
from engine.core.scoring import ScoreStep
from engine.core.state import Event, Move, RoundState, legal_moves_of
from engine.core.tiles import Tile
from engine.core.words import check_lang, strings, text
from engine.features.examples import example_steps as example_steps

KINDS: tuple[str, ...] = ("move", "choice", "number")
GOALS: tuple[str, ...] = ("any", "score", "most", "spinner")
CHOICE_ASKS: tuple[str, ...] = ("turn", "winner", "fits")
NUMBER_ASKS: tuple[str, ...] = ("score", "pips", "count", "play-score", "ends", "open", "draws")
TURN_CHOICES: tuple[str, ...] = ("play", "draw", "pass")
NO_END = "none"
NOBODY = "nobody"

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_NUMBER = re.compile(r"[0-9]{1,4}")
_SEAT = re.compile(r"[0-3]")
_COMMON = ("id", "kind", "preset", "options", "plays")
_TABLE = ("hand",)
_ROUND = ("players", "leader", "hands", "boneyard", "seat")
_BY_KIND = {"move": ("goal",), "choice": ("ask", "choices"), "number": ("ask",)}


def _bad(detail: str, **params: Any) -> DominoError:
    """A ``bad_task`` error, its detail the message ``detail`` (``error.task_*``)."""
    return DominoError.about("bad_task", detail, **params)


def _strs(value: object, name: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _bad("task_strings", name=name)
    return tuple(value)


def _whole(value: object, name: str) -> int:
    if not is_whole(value) or value < 0:
        raise _bad("task_whole", name=name)
    return value


@dataclass(frozen=True)
class Task:
    """A task's data, checked for form (not yet for its position: see :func:`position`)."""

    id: str
    kind: str
    preset: str = "block"
    options: dict[str, Any] = field(default_factory=dict)
    plays: tuple[str, ...] = ()
    hand: tuple[str, ...] | None = None
    players: int | None = None
    leader: int = 0
    hands: tuple[tuple[str, ...], ...] = ()
    boneyard: tuple[str, ...] = ()
    seat: int | None = None
    goal: str = "any"
    ask: str = ""
    arg: str = ""
    choices: tuple[str, ...] = ()

    @property
    def is_round(self) -> bool:
        return self.players is not None

    @property
    def rules(self) -> Rules:
        return Rules.from_record(self.preset, self.options)

    @classmethod
    def of(cls, data: object) -> Task:
        """A task from its JSON data; a field that is unknown, missing or of the wrong
        type is a ``bad_task`` error."""
        if isinstance(data, Task):
            return data
        if not isinstance(data, dict):
            raise _bad("task_not_object")
        if fault := excess(data):
            raise _bad(f"task_{fault[0]}", limit=fault[1])
        kind = data.get("kind")
        if kind not in KINDS:
            raise _bad("task_kind", kinds=", ".join(KINDS))
        is_round = "players" in data
        allowed = {*_COMMON, *(_ROUND if is_round else _TABLE), *_BY_KIND[kind]}
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise _bad("task_field", kind=kind, field=unknown[0])
        ident = data.get("id")
        if not isinstance(ident, str) or not _ID.fullmatch(ident):
            raise _bad("task_id")
        preset = data.get("preset", "block")
        options = data.get("options", {})
        if not isinstance(preset, str) or not isinstance(options, dict):
            raise _bad("task_preset")
        fields: dict[str, Any] = {
            "id": ident,
            "kind": kind,
            "preset": preset,
            "options": dict(options),
            "plays": _strs(data.get("plays", []), "plays"),
        }
        if is_round:
            fields["players"] = _whole(data["players"], "players")
            fields["leader"] = _whole(data.get("leader", 0), "leader")
            hands = data.get("hands")
            if not isinstance(hands, list):
                raise _bad("task_hands")
            fields["hands"] = tuple(_strs(h, "each hand") for h in hands)
            fields["boneyard"] = _strs(data.get("boneyard", []), "boneyard")
            if data.get("seat") is not None:
                fields["seat"] = _whole(data["seat"], "seat")
        else:
            fields["hand"] = _strs(data.get("hand", []), "hand")
        if kind == "move":
            goal = data.get("goal", "any")
            if goal not in GOALS:
                raise _bad("task_goal", goals=", ".join(GOALS))
            fields["goal"] = goal
        else:
            ask = data.get("ask")
            names = CHOICE_ASKS if kind == "choice" else NUMBER_ASKS
            if not isinstance(ask, str) or ask.split(" ")[0] not in names:
                raise _bad("task_ask", asks=", ".join(names))
            name, _, arg = ask.partition(" ")
            fields["ask"], fields["arg"] = name, arg.strip()
            if kind == "choice":
                choices = _strs(data.get("choices"), "choices")
                if not choices or len(set(choices)) != len(choices):
                    raise _bad("task_choices")
                fields["choices"] = choices
        return cls(**fields)

    def to_data(self) -> dict[str, Any]:
        """The task as JSON data (what :meth:`of` reads)."""
        data: dict[str, Any] = {"id": self.id, "kind": self.kind, "preset": self.preset}
        if self.options:
            data["options"] = dict(self.options)
        data["plays"] = list(self.plays)
        if self.is_round:
            data.update(players=self.players, leader=self.leader)
            data["hands"] = [list(h) for h in self.hands]
            if self.boneyard:
                data["boneyard"] = list(self.boneyard)
            if self.seat is not None:
                data["seat"] = self.seat
        else:
            data["hand"] = list(self.hand or ())
        if self.kind == "move":
            data["goal"] = self.goal
        else:
            data["ask"] = f"{self.ask} {self.arg}".strip()
        if self.kind == "choice":
            data["choices"] = list(self.choices)
        return data


# ---------------------------------------------------------------------------------------
# The position
# ---------------------------------------------------------------------------------------


@dataclass
class Position:
    """A task's position as the engine sees it."""

    task: Task
    rules: Rules
    layout: Layout
    hand: list[Tile]
    """The reader's tiles as the task shows them (for ``turn`` and ``draws``, before the
    forced draws that follow the last play)."""
    state: RoundState | None = None
    seat: int | None = None
    forced: list[Event] = field(default_factory=list)
    """What the engine carried out after the last play: draws and passes."""

    def legal(self) -> list[Move]:
        """The reader's legal moves."""
        if self.state is not None:
            return self.state.legal_moves()
        return legal_moves_of(to_mask(self.hand), self.layout.board, None)

    def after(self, move: Move) -> tuple[Layout, int]:
        """The layout once the reader has laid ``move``, and what the play scored (All
        Fives); raises the engine's error if the move is not legal."""
        if self.state is not None:
            state = self.state.clone()
            state.apply(move)
            play = next(e for e in reversed(state.events) if e.kind == "play")
            return state.layout, play.score
        if move.tile not in self.hand:
            raise DominoError("not_in_tray", tile=str(move.tile))
        layout = self.layout.place(move.tile, move.end)
        return layout, self.rules.policy.play.layout_points(layout)


def _tiles(codes: Sequence[str]) -> list[Tile]:
    return [Tile.parse(c) for c in codes]


def position(task: Task | dict[str, Any]) -> Position:
    """The position of ``task``, replayed by the engine; raises the engine's error (or a
    ``bad_task`` one) if it is not a position the rules allow."""
    task = Task.of(task)
    rules = task.rules
    if not task.is_round:
        layout = rules.policy.layout.from_plays(list(task.plays))
        hand = _tiles(task.hand or ())
        for tile in hand:
            if tile in layout.tiles or hand.count(tile) > 1:
                raise DominoError("already_placed", tile=str(tile))
        return Position(task, rules, layout, hand)
    assert task.players is not None
    state = RoundState(
        rules,
        task.players,
        task.leader,
        [_tiles(h) for h in task.hands],
        _tiles(task.boneyard),
    )
    for play in task.plays:
        state.apply(Move.parse(play))
    plays = [k for k, e in enumerate(state.events) if e.kind == "play"]
    forced = state.events[plays[-1] + 1 :] if plays else []
    seat = task.seat
    if seat is not None and not 0 <= seat < task.players:
        raise DominoError("bad_seat", seat=Seat(seat), players=task.players)
    shown: list[Tile] = []
    if seat is not None:
        drawn = [e.tile for e in forced if e.kind == "draw" and e.seat == seat]
        shown = state.hand(seat)
        if task.kind != "move":
            shown = [t for t in shown if t not in drawn]
    return Position(task, rules, state.layout, shown, state, seat, list(forced))


# ---------------------------------------------------------------------------------------
# Right answers
# ---------------------------------------------------------------------------------------


def _need_round(pos: Position, finished: bool | None) -> RoundState:
    if pos.state is None:
        raise _bad("task_needs_round", ask=pos.task.ask)
    if finished is True and not pos.state.is_terminal:
        raise _bad("task_needs_finished", ask=pos.task.ask)
    if finished is False and pos.state.is_terminal:
        raise _bad("task_round_over")
    return pos.state


def _reader(pos: Position) -> int:
    if pos.seat is None:
        raise _bad("task_no_seat")
    return pos.seat


def _check_mover(pos: Position) -> None:
    """A move task: the reader is the seat to play."""
    if pos.state is not None:
        state = _need_round(pos, finished=False)
        seat = _reader(pos)
        if state.current_player != seat:
            raise _bad("task_not_to_play", seat=Seat(seat), current=Seat(state.current_player))
    elif not pos.hand:
        raise _bad("task_no_hand")


def _check_turn(pos: Position) -> int:
    """A ``turn`` or ``draws`` task: the reader acts right after the last play."""
    state = _need_round(pos, finished=None)
    seat = _reader(pos)
    plays = [e for e in state.events if e.kind == "play"]
    if not pos.task.plays or not plays:
        raise _bad("task_no_play")
    expected = next_seat(plays[-1].seat, state.players)
    if seat != expected:
        raise _bad("task_turn_seat", seat=Seat(expected))
    return seat


def _meets(pos: Position, goal: str, move: Move, best: int) -> tuple[bool, Layout, int]:
    layout, score = pos.after(move)
    if goal == "score":
        return score > 0, layout, score
    if goal == "most":
        return score > 0 and score == best, layout, score
    if goal == "spinner":
        return layout.board.opened and not pos.layout.board.opened, layout, score
    return True, layout, score


def _best(pos: Position, moves: Sequence[Move]) -> int:
    return max((pos.after(m)[1] for m in moves), default=0)


def _right_moves(pos: Position) -> list[str]:
    _check_mover(pos)
    goal = pos.task.goal
    if goal in ("score", "most") and not pos.rules.policy.play.scores:
        raise _bad("task_goal_fives", goal=goal)
    if goal == "spinner" and not pos.rules.policy.layout.has_spinner:
        raise _bad("task_goal_spinner")
    moves = pos.legal()
    best = _best(pos, moves)
    return [str(m) for m in moves if _meets(pos, goal, m, best)[0]]


def _fits(pos: Position) -> list[str]:
    tile = Tile.parse(pos.task.arg)
    if tile in pos.layout.tiles:
        raise DominoError("already_placed", tile=str(tile))
    if not pos.layout.tiles:
        raise _bad("task_ask_table", ask="fits")
    return [e.value for e in pos.layout.fitting_ends(tile)] or [NO_END]


def _turn(pos: Position) -> list[str]:
    seat = _check_turn(pos)
    for event in pos.forced:
        if event.seat == seat:
            return [event.kind]
    assert pos.state is not None
    if pos.state.current_player == seat:
        return ["play"]
    raise _bad("task_no_action", seat=Seat(seat))  # pragma: no cover


def _winner(pos: Position) -> list[str]:
    state = _need_round(pos, finished=True)
    winner = state.result().winner
    return [NOBODY if winner is None else _side_answer(state.rules, winner)]


def _side_answer(rules: Rules, side: int) -> str:
    """A side as a ``winner`` choice: ``seat-N``, or ``team-N`` in partnerships."""
    return f"{'team' if rules.partnerships else 'seat'}-{side}"


def _choice_universe(pos: Position) -> tuple[str, ...]:
    ask = pos.task.ask
    if ask == "turn":
        return TURN_CHOICES
    if ask == "fits":
        return (*(e.value for e in END_ORDER), NO_END)
    sides = pos.rules.sides(pos.task.players or 0)
    return (*(_side_answer(pos.rules, side) for side in range(sides)), NOBODY)


_CHOICES: dict[str, Callable[[Position], list[str]]] = {
    "turn": _turn,
    "winner": _winner,
    "fits": _fits,
}


def _seat_arg(pos: Position) -> int:
    state = _need_round(pos, finished=None)
    if not _SEAT.fullmatch(pos.task.arg) or int(pos.task.arg) >= state.players:
        raise _bad("task_pips_seat", last=state.players - 1)
    return int(pos.task.arg)


def _fives(pos: Position) -> Layout:
    if not pos.rules.policy.play.scores:
        raise _bad("task_ask_fives", ask=pos.task.ask)
    if not pos.layout.tiles:
        raise _bad("task_ask_table", ask=pos.task.ask)
    return pos.layout


def _open(pos: Position) -> int:
    end = pos.layout.end(parse_end(pos.task.arg))
    if end is None:
        raise DominoError("end_closed", end=pos.task.arg, tile="?")
    return end.value


def _draws(pos: Position) -> int:
    seat = _check_turn(pos)
    return sum(1 for e in pos.forced if e.kind == "draw" and e.seat == seat)


_NUMBERS: dict[str, Callable[[Position], int]] = {
    "score": lambda pos: _need_round(pos, finished=True).score_breakdown().points,
    "pips": lambda pos: _need_round(pos, finished=None).pips()[_seat_arg(pos)],
    "count": lambda pos: _fives(pos).count(),
    "play-score": lambda pos: _fives(pos).fives_score(),
    "ends": lambda pos: len(pos.layout.ends),
    "open": _open,
    "draws": _draws,
}


def right_answers(task: Task | dict[str, Any], pos: Position | None = None) -> list[str]:
    """Every right answer to ``task``, as the page writes answers: moves ``"a-b@end"``
    (in the order of :meth:`RoundState.legal_moves`), choice names, or one number."""
    task = Task.of(task)
    pos = pos or position(task)
    if task.kind == "move":
        return _right_moves(pos)
    if task.kind == "choice":
        return _CHOICES[task.ask](pos)
    return [str(_NUMBERS[task.ask](pos))]


# ---------------------------------------------------------------------------------------
# Judging an answer
# ---------------------------------------------------------------------------------------


def _parse_move(answer: object) -> Move:
    if not isinstance(answer, str):
        raise DominoError("bad_move", move=answer)
    tile, end = parse_play(answer)
    return Move(tile, end)


def normal(task: Task, answer: object) -> str:
    """An answer in the page's notation (``"6-1@left"`` is ``"1-6@left"``, ``" 12 "``
    is ``"12"``); an answer that is none of the task's kind is an error."""
    if task.kind == "move":
        return str(_parse_move(answer))
    if task.kind == "number":
        if not isinstance(answer, str) or not _NUMBER.fullmatch(answer.strip()):
            raise DominoError("bad_answer", answer=answer)
        return str(int(answer.strip()))
    if not isinstance(answer, str) or answer not in task.choices:
        raise DominoError.about("bad_request", "request_not_choice", answer=answer)
    return answer


def judge_answer(task: Task | dict[str, Any], answer: object, lang: str) -> dict[str, Any]:
    """Whether ``answer`` is right, and the engine's own reason when it is not, told in
    ``lang``: the error of an illegal move, or why a legal move misses the goal. The
    page adds the explanations its author wrote. A malformed answer is an error."""
    check_lang(lang)
    task = Task.of(task)
    pos = position(task)
    given = normal(task, answer)
    right = right_answers(task, pos)
    reply: dict[str, Any] = {"right": given in right, "answer": given, "reason": ""}
    if task.kind != "move" or given in right:
        return reply
    move = _parse_move(given)
    try:
        _check_mover(pos)
        best = _best(pos, pos.legal())
        met, layout, score = _meets(pos, task.goal, move, best)
    except DominoError as e:
        reply["reason"] = e.message(lang)
        return reply
    if met:  # a legal move that meets the goal, written with an end too few or too many
        key = "lesson.missed.end_needed" if move.end is None else "lesson.missed.no_end"
        reply["reason"] = text(lang, key, tile=str(move.tile))
        return reply
    end = strings(lang)[f"end.to.{move.end or 'left'}"]
    values = {"tile": str(move.tile), "end": end, "count": layout.count(), "score": score}
    reply["reason"] = text(lang, f"lesson.missed.{task.goal}", **values)
    return reply


# ---------------------------------------------------------------------------------------
# Checking a task (the build)
# ---------------------------------------------------------------------------------------


def task_problems(task: Task | dict[str, Any], accepted: Sequence[str]) -> list[str]:
    """What is wrong with a task and its ``accepted`` answers: a position the rules do
    not allow, an accepted answer that is not right, or a right answer not accepted
    (for a move task, the accepted moves must be exactly the legal moves that meet the
    goal). Empty if nothing is."""
    try:
        task = Task.of(task)
        pos = position(task)
        right = right_answers(task, pos)
    except DominoError as e:
        return [f"the task or its position is not allowed: {e}"]
    found: list[str] = []
    if task.kind == "choice":
        universe = _choice_universe(pos)
        found += [
            f"the choice {c!r} is no answer to {task.ask!r} (answers: {', '.join(universe)})"
            for c in task.choices
            if c not in universe
        ]
        found += [
            f"the right answer {r!r} is not among the choices"
            for r in right
            if r not in task.choices
        ]
    if not right:
        found.append("no answer is right: the reader has no legal move that meets the goal")
    given: list[str] = []
    for a in accepted:
        try:
            given.append(normal(task, a) if task.kind != "choice" else a)
        except DominoError as e:
            found.append(f"the accepted answer {a!r} cannot be read: {e}")
    if not accepted:
        found.append("the task accepts no answer")
    if task.kind == "number" and len(accepted) > 1:
        found.append("a number task accepts one number")
    for a in given:
        if a in right:
            continue
        why = ""
        if task.kind == "move":
            why = judge_answer(task, a, "en")["reason"]
        found.append(
            f"the accepted answer {a!r} is wrong"
            + (f" ({why})" if why else "")
            + f"; the engine's right answers: {', '.join(right) or 'none'}"
        )
    found += [
        f"the right answer {r!r} is missing from the accepted answers"
        for r in right
        if r not in given
    ]
    return found


def layout_plays(layout: Layout) -> list[str]:
    """The plays that lay out ``layout``, each naming its end (``"1-4"``, ``"4-4@right"``)."""
    return [
        tile.code if arm is None else f"{tile.code}@{arm.value}"
        for tile, arm in zip(layout.tiles, layout.arms, strict=True)
    ]


def task_steps(task: Task | dict[str, Any]) -> tuple[ScoreStep, ...]:
    """The arithmetic an explanation of ``task`` may write, as the engine does it: the
    score's steps (:meth:`engine.core.scoring.ScoreBreakdown.steps`), each hand's pips added
    and each of its tiles' halves, and in All Fives the open ends' counts added, on the
    table and, for a move task, after each right move."""
    task = Task.of(task)
    pos = position(task)
    found: list[ScoreStep] = []
    if pos.state is not None:
        if pos.state.is_terminal:
            found += pos.state.score_breakdown().steps()
        for hand in pos.state.hands:
            if len(hand) > 1:
                found.append(
                    ScoreStep("sum", tuple(t.pips for t in hand), sum(t.pips for t in hand))
                )
            found += [ScoreStep("sum", (t.low, t.high), t.pips) for t in hand]
    if pos.rules.policy.play.scores:
        layouts = [pos.layout] if pos.layout.tiles else []
        if task.kind == "move":
            layouts += [pos.after(Move.parse(m))[0] for m in right_answers(task, pos)]
        spec = {"id": task.id, "kind": "layout", "preset": task.preset}
        for layout in layouts:
            found += example_steps({**spec, "plays": layout_plays(layout)})
    return tuple(dict.fromkeys(found))


def tiles_of(task: Task | dict[str, Any]) -> set[str]:
    """Every tile of the task's position, as ``"a-b"``: on the table, in the reader's
    hand, dealt, or in the boneyard (an explanation may name only these)."""
    task = Task.of(task)
    codes = [parse_play(p)[0].code for p in task.plays]
    codes += [Tile.parse(t).code for t in (task.hand or ())]
    codes += [Tile.parse(t).code for h in task.hands for t in h]
    codes += [Tile.parse(t).code for t in task.boneyard]
    if task.ask == "fits":
        codes.append(Tile.parse(task.arg).code)
    return set(codes)
