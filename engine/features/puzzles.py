"""Puzzles: one position, every hand known, one best move, proven by the exact solver.

A puzzle is a position of a round in which every hand is known, and in the draw games the
order of the boneyard too: the input of :func:`engine.players.solver.solve`. The seat to move has
exactly one legal move that reaches the position's value, and every other legal move is
worth at least :data:`MARGIN` points less. A value is the solver's (see
:mod:`engine.players.solver`): the side's points for the round minus the other sides' under best
play, and with three or four players the others playing together against it.

A puzzle is stored as the start of a round record (:mod:`engine.core.records`): the game, the
deal (``hands`` as dealt, the ``boneyard`` in drawing order) and the tiles laid so far
(``plays``; the forced draws and passes are replayed), with what the engine found: the
``answer``, the ``values`` of every legal move, each side's ``points`` at the end of the
winning line, the ``theme``, the ``difficulty`` and the ``rating`` (with its
``deviation``). ``engine/features/puzzles.json`` holds them
(:func:`load`); ``scripts/make_puzzles.py`` writes it with :func:`generate`, and the build
checks every puzzle with :func:`problems`, so a puzzle the engine no longer proves, or one
changed by hand, fails the build.

Where puzzles come from (:func:`generate`). Seeded deals of every game and player count
of :data:`SETUPS` are played forward by the computer players of :mod:`engine.players`
(each seat a Club or an Expert, as the deal's seed says). Every position on the way with
at most :data:`MAX_TILES` tiles in hands and two legal moves or more is examined
(:func:`examine`); a position the solver cannot finish within :data:`NODE_LIMIT`
positions is left out, so that the reader's browser judges any puzzle quickly. Each deal
gives at most one puzzle, chosen so that the themes and difficulties are spread.

Themes (:func:`theme_of`). ``S`` is the side to move, ``b`` the best move, and the winning
line is ``b`` then best play to the end of the round. The first rule that holds, in this
order, names the theme:

- ``pass`` (count what a pass revealed): earlier in the round a seat of another side
  passed while the open ends took the values ``V``, so it holds none of them (hands only
  shrink once a seat passes); after ``b`` the round goes on and every open end takes a
  value of ``V``, and after some other legal move one does not.
- ``double`` (lay the double while you can): ``b`` lays a double, and after some other
  legal move that double is still in the mover's hand when the round ends.
- ``fives`` (make the ends a multiple of five): in All Fives, ``b`` scores in play, more
  than any other legal move.
- ``keep`` (keep a number the others lack): after ``b`` the round goes on and an open end
  takes a value that no other side holds, nor the boneyard, while ``S`` still holds a tile
  with it; after some other legal move no open end does.
- ``block`` (block the others): the winning line ends in a blocked round that ``S`` wins.
- ``out`` (go out first): the winning line ends with a seat of ``S`` going out.
- ``losses`` (cut your losses): ``S`` does not win the round even with best play; ``b``
  gives away the fewest points.

Difficulty (:func:`difficulty_of`), from the winning line and the tempting moves. A move is
*tempting* when it is wrong and the Club player's rule of thumb
(:func:`engine.players.club_score`, from what the mover's seat can see) rates it at least as
high as ``b``. With ``own`` the plays of ``S`` in the winning line (``b`` included) and
``tempting`` the tempting moves, ``own + 2 × tempting`` is at most 3 for ``easy``, at most
6 for ``medium``, and more for ``hard``.

Rating (:func:`rating_of`): how hard the answer is to find, on the scale the reader's
own rating uses (:mod:`engine.features.rating`, Glicko-2). The puzzle plays one game
against each of :data:`PROBES`, solvers of a known rating and limited means, and wins the
games where the probe misses the answer; its rating is a newcomer's (1500, deviation
350) after those games, rounded. The probes, weakest first:

- *a guess* (1000) finds it by chance: it scores one in the number of legal moves;
- *the rule of thumb* (1250) finds it when no move is tempting;
- *one, two and three moves ahead* (1500, 1750, 2000) find it when the winning line has
  at most that many plays of the side to move, and otherwise as the rule of thumb does;
- *a search of 300 and of 3,000 positions* (1750, 2250) find it when the exact solver
  proves it within that many positions, and otherwise as the rule of thumb does.

So a puzzle the rule of thumb solves rates about 1150, and one that needs a long line,
a large search and beats the rule of thumb about 2150; the easy, medium and hard
puzzles rate, on average, in that order (``tests/test_puzzles.py``).

The puzzle of the day (:func:`daily`) is picked by the date alone: the days since
:data:`EPOCH` count through the puzzles in a fixed shuffled order, so every reader gets the
same puzzle on the same date, offline too.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.boundary import is_whole
from engine.core.errors import DominoError
from engine.core.rules import Rules
from engine.core.state import Move, RoundState
from engine.core.tiles import Tile
from engine.features.rating import Rating, rate
from engine.players import Club, Expert, Player, club_score, features, knowledge
from engine.players.solver import MoveValue, NodeLimit, Solution, Solver

MARGIN = 10
"""Every move but the answer is worth at least this many points less (a value counts the
side's points minus the others': in All Fives, where points come in fives, two steps)."""

MAX_TILES = 16
"""The generator examines positions with at most this many tiles in hands."""

NODE_LIMIT = 12_000
"""A position whose solve searches more positions than this is no puzzle: the reader's
browser solves again the puzzle it judges, and must answer at once (dev/benchmarks.md
gives the times)."""

THEMES: tuple[str, ...] = ("pass", "double", "fives", "keep", "block", "out", "losses")
"""The themes, in the order their rules are tried (see the module's docstring)."""

DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")

PROBE_DEVIATION = 60.0
"""How sure each probe's rating is taken to be."""

PROBES: tuple[tuple[str, int, int], ...] = (
    ("guess", 0, 1000),
    ("thumb", 0, 1250),
    ("ahead", 1, 1500),
    ("ahead", 2, 1750),
    ("ahead", 3, 2000),
    ("search", 300, 1750),
    ("search", 3000, 2250),
)
"""The solvers a puzzle's rating is measured against (see the module's docstring):
each its kind, its means (the side's moves it sees ahead; the positions it may search)
and its rating."""

EPOCH = datetime.date(2026, 1, 1)
"""The first day of the puzzles of the day: it gets the first of :func:`daily_order`."""

DATA = Path(__file__).with_name("puzzles.json")
"""The puzzles, as :func:`generate` makes them and ``scripts/make_puzzles.py`` writes them."""

VERSION = 1
"""The version of the data file's form."""


@dataclass(frozen=True)
class Setup:
    """A game and player count the generator deals; ``label`` starts its puzzles' ids."""

    label: str
    preset: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def rules(self) -> Rules:
        return Rules.make(self.preset, **self.options)


SETUPS: tuple[Setup, ...] = (
    Setup("block-2", "block", 2),
    Setup("block-3", "block", 3),
    Setup("block-4", "block", 4),
    Setup("block-dk-2", "block-dk", 2),
    Setup("block-dk-3", "block-dk", 3),
    Setup("block-dk-4p", "block-dk", 4, {"partnerships": True}),
    Setup("draw-2", "draw", 2),
    Setup("draw-3", "draw", 3),
    Setup("draw-4", "draw", 4),
    Setup("all-fives-2", "all-fives", 2),
    Setup("all-fives-3", "all-fives", 3),
    Setup("all-fives-4", "all-fives", 4),
)
"""Every game with 2, 3 and 4 players (the Danish house rules with four players in
partnerships)."""


# ---------------------------------------------------------------------------------------
# A puzzle
# ---------------------------------------------------------------------------------------


def _codes(tiles: Sequence[Tile]) -> tuple[str, ...]:
    return tuple(t.code for t in tiles)


@dataclass(frozen=True)
class Puzzle:
    """A stored puzzle: the position (a round record's start) and what the engine found."""

    id: str
    preset: str
    options: dict[str, Any]
    players: int
    leader: int
    hands: tuple[tuple[str, ...], ...]
    """The hands as dealt."""
    boneyard: tuple[str, ...]
    """The undealt tiles in drawing order (draw games only)."""
    plays: tuple[str, ...]
    """The tiles laid so far, in record notation; draws and passes are replayed."""
    answer: str
    """The one best move, ``"a-b@end"``."""
    values: dict[str, int]
    """Every legal move's value for the side to move (the solver's)."""
    points: tuple[int, ...]
    """Each side's points for the round at the end of the winning line."""
    theme: str
    difficulty: str
    rating: int
    """How hard the answer is to find (:func:`rating_of`), on the reader's scale."""
    deviation: int
    """How sure that rating is."""

    @property
    def rules(self) -> Rules:
        return Rules.from_record(self.preset, self.options)

    @property
    def value(self) -> int:
        """The position's value: the answer's."""
        return self.values[self.answer]

    def state(self) -> RoundState:
        """The position, replayed (a new state each time)."""
        hands = [[Tile.parse(c) for c in hand] for hand in self.hands]
        boneyard = [Tile.parse(c) for c in self.boneyard]
        state = RoundState(self.rules, self.players, self.leader, hands, boneyard)
        for play in self.plays:
            state.apply(Move.parse(play))
        return state

    @classmethod
    def of(cls, data: object) -> Puzzle:
        """A puzzle from its JSON data; data of the wrong form is a ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError("a puzzle is a JSON object")
        known = {f for f in cls.__dataclass_fields__}
        if set(data) != known:
            missing = sorted(known - set(data))
            extra = sorted(set(data) - known)
            raise ValueError(f"a puzzle's fields: missing {missing}, unknown {extra}")

        def strs(value: object, name: str) -> tuple[str, ...]:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"{name} must be a list of texts")
            return tuple(value)

        def whole(value: object, name: str) -> int:
            if not is_whole(value):
                raise ValueError(f"{name} must be a whole number")
            return value

        values = data["values"]
        if not isinstance(values, dict) or not values:
            raise ValueError("values must map each legal move to its value")
        for name in ("id", "preset", "answer", "theme", "difficulty"):
            if not isinstance(data[name], str):
                raise ValueError(f"{name} must be a text")
        if not isinstance(data["options"], dict):
            raise ValueError("options must be an object")
        hands = data["hands"]
        if not isinstance(hands, list):
            raise ValueError("hands must be a list of hands")
        return cls(
            id=data["id"],
            preset=data["preset"],
            options=dict(data["options"]),
            players=whole(data["players"], "players"),
            leader=whole(data["leader"], "leader"),
            hands=tuple(strs(h, "each hand") for h in hands),
            boneyard=strs(data["boneyard"], "boneyard"),
            plays=strs(data["plays"], "plays"),
            answer=data["answer"],
            values={str(k): whole(v, f"the value of {k}") for k, v in values.items()},
            points=tuple(whole(p, "points") for p in _list(data["points"], "points")),
            theme=data["theme"],
            difficulty=data["difficulty"],
            rating=whole(data["rating"], "rating"),
            deviation=whole(data["deviation"], "deviation"),
        )

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as JSON data (what :meth:`of` reads)."""
        return {
            "id": self.id,
            "preset": self.preset,
            "options": dict(self.options),
            "players": self.players,
            "leader": self.leader,
            "hands": [list(h) for h in self.hands],
            "boneyard": list(self.boneyard),
            "plays": list(self.plays),
            "answer": self.answer,
            "values": dict(self.values),
            "points": list(self.points),
            "theme": self.theme,
            "difficulty": self.difficulty,
            "rating": self.rating,
            "deviation": self.deviation,
        }


def _list(value: object, name: str) -> list[object]:
    if not isinstance(value, list):
        raise ValueError(f"{name} must be a list")
    return value


# ---------------------------------------------------------------------------------------
# What the engine finds in a position
# ---------------------------------------------------------------------------------------


Facts = dict[str, Any]
"""What makes a theme's rule hold in a position, for its explanation (a seat, values, a
tile, a move...)."""


@dataclass(frozen=True)
class Finding:
    """A position that is a puzzle: its solution, its one best move, theme and difficulty."""

    solution: Solution
    answer: MoveValue
    theme: str
    facts: Facts
    """What makes the theme's rule hold (see :data:`THEME_RULES`)."""
    difficulty: str
    own: int
    """The side's plays in the winning line, the answer included."""
    tempting: tuple[Move, ...]
    """The wrong moves the Club player's rule of thumb rates at least as high."""
    rating: Rating
    """How hard the answer is to find (:func:`rating_of`)."""

    @property
    def values(self) -> dict[str, int]:
        return {str(m.move): m.value for m in self.solution.moves}


class Lines:
    """A solved position and where each of its moves leads, each worked out once: the
    state right after the move and at the end of its line (best play from there)."""

    def __init__(self, state: RoundState, solution: Solution) -> None:
        self.state = state
        self.solution = solution
        self.rules = state.rules
        self.seat = solution.seat
        self.side = solution.side
        self.best = next(m for m in solution.moves if m.value == solution.value)
        self.wrong = [m for m in solution.moves if m is not self.best]
        self._after: dict[str, RoundState] = {}
        self._end: dict[str, RoundState] = {}

    def ours(self, seat: int) -> bool:
        """Whether ``seat`` is on the side to move."""
        return self.rules.side_of(seat) == self.side

    def after(self, mv: MoveValue) -> RoundState:
        """The round right after the move (its forced draws and passes too)."""
        key = str(mv.move)
        if key not in self._after:
            state = self.state.clone()
            state.apply(mv.move)
            self._after[key] = state
        return self._after[key]

    def end(self, mv: MoveValue) -> RoundState:
        """The round at the end of the move's line."""
        key = str(mv.move)
        if key not in self._end:
            state = self.state.clone()
            for play in mv.line:
                if state.current_player != play.seat:
                    raise AssertionError("a line plays out of turn")
                state.apply(play.move)
            self._end[key] = state
        return self._end[key]

    def scored(self, mv: MoveValue) -> int:
        """What the move itself scores in play (All Fives)."""
        after = self.after(mv)
        return next(e.score for e in reversed(after.events) if e.kind == "play")

    def open_values(self, mv: MoveValue) -> set[int]:
        return set(self.after(mv).layout.open_values())

    def wins(self, mv: MoveValue | None = None) -> bool:
        """Whether the side to move wins the round at the end of the move's line (the
        best move's unless told): a line that loses or ties is no winning line."""
        return self.end(self.best if mv is None else mv).result().winner == self.side


def revealed(state: RoundState) -> dict[int, frozenset[int]]:
    """The values each seat has shown it lacks by passing: those the open ends took when
    it passed (a seat that passes draws nothing more, so it lacks them for good)."""
    layout = state.rules.policy.layout.empty()
    lacked: dict[int, frozenset[int]] = {}
    for event in state.events:
        if event.kind == "play":
            assert event.tile is not None
            layout = layout.place(event.tile, event.end)
        elif event.kind == "pass":
            lacked[event.seat] = lacked.get(event.seat, frozenset()) | set(layout.open_values())
    return lacked


def _pass(lines: Lines) -> Facts | None:
    """A seat of another side passed on values that are all the answer leaves open."""
    if lines.after(lines.best).is_terminal:
        return None
    shown = lines.open_values(lines.best)
    for seat, values in sorted(revealed(lines.state).items()):
        if lines.ours(seat) or not shown <= values:
            continue
        if any(not lines.open_values(m) <= values for m in lines.wrong):
            return {"seat": seat, "values": sorted(values), "open": sorted(shown)}
    return None


def _double(lines: Lines) -> Facts | None:
    """The answer lays a double that another move leaves in hand to the end."""
    tile = lines.best.move.tile
    if not tile.is_double:
        return None
    for m in lines.wrong:
        if tile in lines.end(m).hand(lines.seat):
            return {"tile": tile, "other": m.move}
    return None


def _fives(lines: Lines) -> Facts | None:
    """In All Fives the answer scores in play, more than any other move."""
    if not lines.rules.policy.play.scores:
        return None
    scored = lines.scored(lines.best)
    if scored > 0 and all(lines.scored(m) < scored for m in lines.wrong):
        return {"count": lines.after(lines.best).layout.count(), "score": scored}
    return None


def _kept(lines: Lines, mv: MoveValue) -> int | None:
    """An open value after ``mv`` that the side alone still holds (none when the round
    is over): the lowest such."""
    after = lines.after(mv)
    if after.is_terminal:
        return None
    ours = [t for s in range(after.players) if lines.ours(s) for t in after.hand(s)]
    theirs = [t for s in range(after.players) if not lines.ours(s) for t in after.hand(s)]
    theirs += after.boneyard
    for v in sorted(lines.open_values(mv)):
        if any(t.has(v) for t in ours) and not any(t.has(v) for t in theirs):
            return v
    return None


def _keep(lines: Lines) -> Facts | None:
    """The answer leaves open a value the side alone holds; another move does not."""
    value = _kept(lines, lines.best)
    if value is None or all(_kept(lines, m) is not None for m in lines.wrong):
        return None
    return {"value": value}


def _wins(lines: Lines) -> bool:
    return lines.wins()


def _block(lines: Lines) -> Facts | None:
    """The winning line ends in a blocked round the side wins."""
    return {} if _wins(lines) and lines.end(lines.best).went_out is None else None


def _out(lines: Lines) -> Facts | None:
    """The winning line ends with a seat of the side going out."""
    went_out = lines.end(lines.best).went_out
    return {"seat": went_out} if _wins(lines) and went_out is not None else None


def _losses(lines: Lines) -> Facts | None:
    """The side does not win the round, whatever it plays."""
    return None if _wins(lines) else {}


THEME_RULES: dict[str, Callable[[Lines], Facts | None]] = {
    "pass": _pass,
    "double": _double,
    "fives": _fives,
    "keep": _keep,
    "block": _block,
    "out": _out,
    "losses": _losses,
}
"""Each theme's rule, in the order of :data:`THEMES`: the facts that make it hold in a
solved position, or ``None``."""


def theme_of(lines: Lines) -> tuple[str, Facts]:
    """The first theme whose rule holds (see the module's docstring), and its facts."""
    for theme in THEMES:
        facts = THEME_RULES[theme](lines)
        if facts is not None:
            return theme, facts
    raise AssertionError("every round is won or not")  # pragma: no cover


def tempting_moves(lines: Lines) -> tuple[Move, ...]:
    """The wrong moves that the Club player's rule of thumb rates at least as high as the
    answer, from what the mover's seat can see."""
    obs = lines.state.observation(lines.seat)
    know = knowledge(obs)

    def rating(mv: MoveValue) -> float:
        return club_score(features(obs, mv.move, know), lines.rules)

    bar = rating(lines.best)
    return tuple(m.move for m in lines.wrong if rating(m) >= bar)


def difficulty_of(own: int, tempting: int) -> str:
    """``easy``, ``medium`` or ``hard``, from the side's plays in the winning line and the
    number of tempting moves (see the module's docstring)."""
    score = own + 2 * tempting
    return "easy" if score <= 3 else "medium" if score <= 6 else "hard"


def rating_of(moves: int, tempting: int, own: int, nodes: int) -> Rating:
    """A puzzle's rating from its number of legal ``moves``, of ``tempting`` moves, of
    the side's plays in the winning line (``own``) and of the positions the exact solver
    searched (``nodes``): a newcomer's rating after a game against each of
    :data:`PROBES`, won where the probe misses the answer."""
    thumb = 1.0 if tempting == 0 else 0.0
    games = []
    for kind, means, strength in PROBES:
        if kind == "guess":
            found = 1.0 / moves
        elif kind == "thumb":
            found = thumb
        elif kind == "ahead":
            found = 1.0 if own <= means else thumb
        else:
            found = 1.0 if nodes <= means else thumb
        games.append((Rating(strength, PROBE_DEVIATION), 1.0 - found))
    return rate(Rating(), games)


def examine(state: RoundState, *, node_limit: int | None = NODE_LIMIT) -> Finding | None:
    """What makes the position a puzzle, or ``None`` when it is none: the seat to move
    has fewer than two legal moves, more than one move reaches the best value, another
    move comes within :data:`MARGIN` of it, or the solve searches more than
    ``node_limit`` positions. ``state`` is not changed."""
    if state.current_player is None or len(state.legal_moves()) < 2:
        return None
    try:
        solution = Solver(state.rules, state.players, node_limit=node_limit).solve(state)
    except NodeLimit:
        return None
    values = sorted((m.value for m in solution.moves), reverse=True)
    if values[0] - values[1] < MARGIN:
        return None
    lines = Lines(state, solution)
    own = sum(1 for play in lines.best.line if lines.ours(play.seat))
    tempting = tempting_moves(lines)
    theme, facts = theme_of(lines)
    return Finding(
        solution=solution,
        answer=lines.best,
        theme=theme,
        facts=facts,
        difficulty=difficulty_of(own, len(tempting)),
        own=own,
        tempting=tempting,
        rating=rating_of(len(solution.moves), len(tempting), own, solution.nodes),
    )


# ---------------------------------------------------------------------------------------
# Checking stored puzzles (the build)
# ---------------------------------------------------------------------------------------


def puzzle_problems(puzzle: Puzzle) -> list[str]:
    """What is wrong with a stored puzzle, each line naming it: a position the rules do
    not allow, or anything it states that the engine does not find (the answer the one
    best move, by :data:`MARGIN`; every legal move's value; the points of the winning
    line; the theme; the difficulty; the rating). Empty if nothing is."""
    name = f"puzzle {puzzle.id}"
    try:
        state = puzzle.state()
    except DominoError as e:
        return [f"{name}: its position is not allowed: {e}"]
    if state.is_terminal:
        return [f"{name}: the round is over"]
    finding = examine(state, node_limit=None)
    if finding is None:
        solution = Solver(state.rules, state.players).solve(state)
        best = ", ".join(str(m) for m in solution.best)
        return [
            f"{name}: no move is the best by {MARGIN} points or more "
            f"(the solver's best: {best}, worth {solution.value})"
        ]
    found: list[str] = []
    answer = str(finding.answer.move)
    if puzzle.answer != answer:
        found.append(f"{name}: the answer is {answer}, not {puzzle.answer}")
    if puzzle.values != finding.values:
        found.append(
            f"{name}: the moves' values are {json.dumps(finding.values)}, "
            f"not {json.dumps(puzzle.values)}"
        )
    if puzzle.points != finding.answer.points:
        found.append(
            f"{name}: the winning line ends with the points {list(finding.answer.points)}, "
            f"not {list(puzzle.points)}"
        )
    if puzzle.theme != finding.theme:
        found.append(f"{name}: the theme is {finding.theme}, not {puzzle.theme}")
    if puzzle.difficulty != finding.difficulty:
        found.append(f"{name}: the difficulty is {finding.difficulty}, not {puzzle.difficulty}")
    rated = (round(finding.rating.rating), round(finding.rating.deviation))
    if (puzzle.rating, puzzle.deviation) != rated:
        found.append(
            f"{name}: the rating is {rated[0]} (deviation {rated[1]}), "
            f"not {puzzle.rating} ({puzzle.deviation})"
        )
    return found


def read(text: str) -> tuple[Puzzle, ...]:
    """The puzzles of a data file's text; a file of the wrong form is a ``ValueError``."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError(f"the puzzles' file must be an object of version {VERSION}")
    if data.get("margin") != MARGIN:
        raise ValueError(f"the puzzles' file must state the margin {MARGIN}")
    entries = data.get("puzzles")
    if not isinstance(entries, list):
        raise ValueError("the puzzles' file must list its puzzles")
    puzzles = tuple(Puzzle.of(p) for p in entries)
    ids = [p.id for p in puzzles]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise ValueError(f"puzzle ids used twice: {', '.join(twice)}")
    return puzzles


def write(puzzles: Sequence[Puzzle]) -> str:
    """The data file's text: one puzzle a line, so that a change shows as one line."""
    lines = ",\n".join(
        json.dumps(p.to_dict(), ensure_ascii=False, separators=(",", ":")) for p in puzzles
    )
    return f'{{"version": {VERSION}, "margin": {MARGIN}, "puzzles": [\n{lines}\n]}}\n'


def check_text(text: str) -> list[str]:
    """Every problem of a data file's text: its form, then each puzzle's."""
    try:
        puzzles = read(text)
    except (ValueError, KeyError) as e:
        return [f"the puzzles cannot be read: {e}"]
    found: list[str] = []
    for puzzle in puzzles:
        found += puzzle_problems(puzzle)
    return found


@functools.lru_cache(maxsize=1)
def load_puzzles() -> tuple[Puzzle, ...]:
    """The site's puzzles (:data:`DATA`), read through the module's loader: from the
    file beside it, or from the archive the engine is imported from (in the browser)."""
    loader: Any = __spec__.loader  # a directory's or a zip archive's: both read data
    return read(loader.get_data(str(DATA)).decode("utf-8"))


def by_id(ident: object) -> Puzzle:
    """The site's puzzle ``ident``; an unknown one is an error."""
    for puzzle in load_puzzles():
        if puzzle.id == ident:
            return puzzle
    raise DominoError("unknown_puzzle", puzzle=ident)


def daily_order(puzzles: Sequence[Puzzle]) -> list[Puzzle]:
    """The puzzles in the order the days go through them: shuffled once, by a fixed seed,
    so that one day's game and theme seldom repeat the day before's."""
    order = sorted(puzzles, key=lambda p: p.id)
    random.Random("domino-block puzzles of the day").shuffle(order)
    return order


def daily(day: datetime.date | str, puzzles: Sequence[Puzzle] | None = None) -> Puzzle:
    """The puzzle of the day ``day`` (a date, or ``"YYYY-MM-DD"``): the same for every
    reader on that date."""
    date = day if isinstance(day, datetime.date) else parse_date(day)
    order = daily_order(load_puzzles() if puzzles is None else puzzles)
    return order[(date - EPOCH).days % len(order)]


def parse_date(text: object) -> datetime.date:
    """A date written ``YYYY-MM-DD``; anything else is an error."""
    if isinstance(text, str) and len(text) == 10:
        with contextlib.suppress(ValueError):
            return datetime.date.fromisoformat(text)
    raise DominoError("bad_date", date=text)


# ---------------------------------------------------------------------------------------
# The reader's streak
# ---------------------------------------------------------------------------------------

MAX_DAYS = 400
"""The most days a reader's progress keeps: the latest on which the day's puzzle was solved."""


@dataclass(frozen=True)
class Streak:
    """A reader's puzzles of the day: the ``days`` to keep (``YYYY-MM-DD``, in order), the
    streak's ``count``, and whether the puzzle just solved was ``counted``."""

    days: tuple[str, ...]
    count: int
    counted: bool


def read_day(text: object) -> datetime.date | None:
    """The date ``text`` writes as ``YYYY-MM-DD`` (exactly so), else None."""
    if isinstance(text, str) and len(text) == 10:
        with contextlib.suppress(ValueError):
            date = datetime.date.fromisoformat(text)
            if date.isoformat() == text:
                return date
    return None


def streak(days: object, today: object, solved: object = None) -> Streak:
    """The reader's streak of puzzles of the day, the rule the puzzles page shows.

    ``days`` are the dates (``YYYY-MM-DD``) the reader's progress keeps: those on which the
    reader solved that date's own puzzle of the day; ``today`` is the reader's date; with
    ``solved``, the reader has just solved the puzzle of the day of that date.

    - A day counts only if its own puzzle was solved on that day: ``solved`` is added
      (``counted``) when it is ``today``; the puzzle of an earlier day solved later, or
      any other puzzle, adds nothing.
    - The streak counts the days kept in a row back from today, or from yesterday while
      today's puzzle is not solved yet; the first day missed ends it, so a streak whose
      last day is before yesterday is 0 (reset), and begins again at 1 with the next day
      solved.
    - The latest :data:`MAX_DAYS` days are kept, each once, in order; a text that is not
      a date is not kept (it never counts).

    ``days`` must be a list of texts (``bad_request``), ``today`` and ``solved`` dates
    (``bad_date``).
    """
    if not isinstance(days, list) or not all(isinstance(d, str) for d in days):
        raise DominoError.about("bad_request", "request_strings", name="days")
    date = parse_date(today)
    kept = {d for d in days if read_day(d) is not None}
    counted = False
    if solved is not None:
        counted = parse_date(solved) == date
        if counted:
            kept.add(date.isoformat())
    ordered = tuple(sorted(kept)[-MAX_DAYS:])
    held = set(ordered)
    one = datetime.timedelta(days=1)
    day = date if date.isoformat() in held else date - one
    count = 0
    while day.isoformat() in held:
        count += 1
        day -= one
    return Streak(ordered, count, counted)


# ---------------------------------------------------------------------------------------
# Making puzzles
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    """A puzzle found in a deal, before the generator chooses among them."""

    deal: int
    puzzle: Puzzle
    finding: Finding


def deal_players(setup: Setup, seed: int) -> list[Player]:
    """The computer players of one deal: each seat a Club or an Expert, as the seed says
    (the Expert without its clock, so that a seed always gives the same round)."""
    rng = random.Random(f"puzzles/{setup.label}/{seed}/players")
    return [
        Expert(seed=seed * 4 + s, time_limit=None) if rng.random() < 0.5 else Club()
        for s in range(setup.players)
    ]


def candidates(setup: Setup, seed: int) -> Iterator[Candidate]:
    """Every puzzle of one seeded deal of ``setup``, played forward by the computer
    players (:func:`deal_players`), in the order the round reaches them."""
    rules = setup.rules
    rng = random.Random(f"puzzles/{setup.label}/{seed}")
    state = RoundState.new(rules, setup.players, rng=rng)
    dealt = tuple(_codes(h) for h in state.dealt)
    boneyard = _codes(state.boneyard)
    players = deal_players(setup, seed)
    plays: list[str] = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if sum(len(h) for h in state.hands) <= MAX_TILES:
            finding = examine(state)
            if finding is not None:
                puzzle = Puzzle(
                    id="",
                    preset=setup.preset,
                    options=dict(rules.to_record()["options"]),
                    players=setup.players,
                    leader=state.leader,
                    hands=dealt,
                    boneyard=boneyard,
                    plays=tuple(plays),
                    answer=str(finding.answer.move),
                    values=finding.values,
                    points=finding.answer.points,
                    theme=finding.theme,
                    difficulty=finding.difficulty,
                    rating=round(finding.rating.rating),
                    deviation=round(finding.rating.deviation),
                )
                yield Candidate(seed, puzzle, finding)
        move = players[seat](state.observation(seat))
        state.apply(move)
        plays.append(str(move))


def choose(
    found: Sequence[Candidate],
    count: int,
    themes: dict[str, int],
    levels: dict[str, int] | None = None,
) -> list[Candidate]:
    """``count`` candidates of one setup, at most one a deal, spreading themes and
    difficulties: each pick is the candidate whose theme has been picked least (over
    every setup so far, ``themes``, which this updates), then whose difficulty has (in
    this setup, counting ``levels`` already there), then the earliest found."""
    chosen: list[Candidate] = []
    used: set[int] = set()
    levels = {d: (levels or {}).get(d, 0) for d in DIFFICULTIES}
    pool = list(found)
    while len(chosen) < count:
        pool = [c for c in pool if c.deal not in used]
        if not pool:
            break
        pick = min(
            pool,
            key=lambda c: (themes.get(c.puzzle.theme, 0), levels[c.puzzle.difficulty]),
        )
        chosen.append(pick)
        used.add(pick.deal)
        themes[pick.puzzle.theme] = themes.get(pick.puzzle.theme, 0) + 1
        levels[pick.puzzle.difficulty] += 1
    return chosen


def _deal_of(puzzle: Puzzle) -> tuple[Any, ...]:
    """What the puzzle's deal was: the hands dealt, the boneyard and the leader."""
    return (puzzle.hands, puzzle.boneyard, puzzle.leader)


def generate(
    per_setup: int = 13,
    deals: int = 60,
    setups: Sequence[Setup] = SETUPS,
    *,
    keep: Sequence[Puzzle] = (),
    progress: Callable[[str], None] | None = None,
) -> list[Puzzle]:
    """``per_setup`` puzzles of each setup, from its first ``deals`` seeded deals (fewer
    if they do not hold so many), each named ``LABEL-NN``, in setup order. The puzzles
    of ``keep`` stay as they are, first of their setup: the others come from deals none
    of them was found in, numbered after them, the themes and difficulties spread
    counting the kept ones."""
    themes: dict[str, int] = {}
    for p in keep:
        themes[p.theme] = themes.get(p.theme, 0) + 1
    out: list[Puzzle] = []
    for setup in setups:
        kept = [p for p in keep if p.id.rsplit("-", 1)[0] == setup.label]
        dealt = {_deal_of(p) for p in kept}
        found = [
            c
            for seed in range(deals)
            for c in candidates(setup, seed)
            if _deal_of(c.puzzle) not in dealt
        ]
        levels: dict[str, int] = {}
        for p in kept:
            levels[p.difficulty] = levels.get(p.difficulty, 0) + 1
        more = choose(found, per_setup - len(kept), themes, levels)
        out += kept
        for k, c in enumerate(sorted(more, key=lambda c: c.deal), start=len(kept) + 1):
            out.append(_named(c.puzzle, f"{setup.label}-{k:02d}"))
        if progress is not None:
            progress(f"{setup.label}: {len(found)} candidates, {len(kept)} kept, {len(more)} new")
    return out


def _named(puzzle: Puzzle, ident: str) -> Puzzle:
    data = puzzle.to_dict()
    data["id"] = ident
    return Puzzle.of(data)
