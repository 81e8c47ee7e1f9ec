"""A practice match against the computer, kept as one JSON-able save.

Seat 0 is the reader; every other seat is a computer player of the level chosen for it.
A save holds the settings, the seed and the tiles played in each round, nothing more:
the deals (from the seed), the draws and passes, the scores and whose turn it is are
replayed from it. So a save can be kept in the browser and reloaded, shared by its seed,
undone move by move, and written out as a game record that ``python -m engine replay``
scores the same::

    {"version": 1, "preset": "block", "options": {}, "players": 3,
     "levels": ["club", "expert"], "seed": 42, "rounds": [["1-4", "4-4@right"]]}

A round ends by itself when its last tile is played or nobody can play; the next one
starts only when the reader asks (:func:`next_round`), so a finished round's score can
be read first. A save that is not one (corrupt, or of another version) raises
:class:`~engine.errors.DominoError` (``bad_save``, ``save_version``), never anything else.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.description import end_label
from engine.errors import DominoError
from engine.figures import PAGE_SIZE, layout_svg, tile_svg
from engine.lang import reader_seat, strings, text
from engine.match import Match
from engine.players import LEVELS, hint, make_player
from engine.records import round_record
from engine.rules import Rules
from engine.state import Move, RoundState
from engine.walkthrough import tell_end, tell_event

SAVE_VERSION = 1
"""The version of the save format; a save of another version is refused."""

SAVE_KEYS = ("version", "preset", "options", "players", "levels", "seed", "rounds")
MAX_SEED = 2**31 - 1
YOU = 0
"""The reader's seat."""

Phase = Literal["play", "round-over", "match-over"]


@dataclass
class Game:
    """A save replayed: the match, its rounds, and who played each tile."""

    save: dict[str, Any]
    rules: Rules
    match: Match
    rounds: list[RoundState] = field(default_factory=list)
    """Every round dealt so far; the last is the one in play or just finished."""
    movers: list[list[int]] = field(default_factory=list)
    """For each round, the seat that played each tile."""

    @property
    def state(self) -> RoundState:
        return self.rounds[-1]

    @property
    def phase(self) -> Phase:
        if not self.state.is_terminal:
            return "play"
        return "match-over" if self.match.is_over else "round-over"

    @property
    def players(self) -> int:
        return self.match.players


def _bad(detail: str) -> DominoError:
    return DominoError("bad_save", detail=detail)


def _check_settings(save: dict[str, Any]) -> Rules:
    rules = Rules.from_record(save["preset"], save["options"])
    players = rules.check_players(save["players"])
    levels = save["levels"]
    if not isinstance(levels, list) or len(levels) != players - 1:
        raise _bad(f"levels must name a level for each of the {players - 1} computer seats")
    for level in levels:
        if level not in LEVELS:
            raise _bad(f"unknown level {level!r}")
    seed = save["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise _bad(f"the seed must be a whole number from 0 to {MAX_SEED}")
    return rules


def new_save(
    preset: str, options: dict[str, Any], players: int, levels: list[str], seed: int
) -> dict[str, Any]:
    """A new match: the first round dealt from ``seed``, nothing played yet."""
    save = {
        "version": SAVE_VERSION,
        "preset": preset,
        "options": dict(options) if isinstance(options, dict) else options,
        "players": players,
        "levels": list(levels) if isinstance(levels, list) else levels,
        "seed": seed,
        "rounds": [[]],
    }
    try:
        _check_settings(save)
    except DominoError as e:  # a bad setting, told as such, not as a bad save
        if e.code != "bad_save":
            raise
        raise DominoError("bad_request", **e.params) from None
    load(save)
    return save


def load(save: object) -> Game:
    """Replay a save; anything wrong with it raises ``bad_save`` or ``save_version``."""
    if not isinstance(save, dict):
        raise _bad("a saved game is a JSON object")
    if save.get("version") != SAVE_VERSION:
        raise DominoError("save_version", version=save.get("version"), expected=SAVE_VERSION)
    unknown = sorted(set(save) - set(SAVE_KEYS))
    missing = [k for k in SAVE_KEYS if k not in save]
    if unknown or missing:
        raise _bad(f"unknown fields {unknown}" if unknown else f"missing fields {missing}")
    try:
        rules = _check_settings(save)
    except DominoError as e:
        if e.code == "bad_save":
            raise
        raise _bad(e.message("en")) from None
    rounds = save["rounds"]
    if not isinstance(rounds, list) or not rounds:
        raise _bad("rounds must be a list of rounds, the last one open")
    game = Game(copy.deepcopy(save), rules, Match(rules, save["players"], rng=save["seed"]))
    for k, plays in enumerate(rounds):
        if not isinstance(plays, list):
            raise _bad(f"round {k + 1} must be a list of plays")
        try:
            state = game.match.start_round()
            movers = []
            for play in plays:
                if state.is_terminal:
                    raise DominoError("extra_play")
                movers.append(state.current_player)
                state.apply(Move.parse(play))
        except DominoError as e:
            raise _bad(f"round {k + 1}: {e.message('en')}") from None
        game.rounds.append(state)
        game.movers.append([m for m in movers if m is not None])
        if state.is_terminal:
            game.match.record(state)
        elif k < len(rounds) - 1:
            raise _bad(f"round {k + 1} is not over, yet another round follows it")
    return game


def _with_play(game: Game, move: Move) -> dict[str, Any]:
    state = game.state.clone()
    move = state.check(move)
    save = copy.deepcopy(game.save)
    save["rounds"][-1].append(str(move))
    return save


def play(save: object, move: object) -> dict[str, Any]:
    """The save after the reader plays ``move`` (``"a-b"`` or ``"a-b@end"``)."""
    game = load(save)
    if game.phase != "play":
        raise DominoError("round_over", tile=str(move))
    seat = game.state.current_player
    if seat != YOU:
        raise DominoError("not_your_turn", seat=seat, other=YOU)
    return _with_play(game, Move.parse(move))


def computer_seed(seed: int, seat: int, round_index: int) -> int:
    """The seed of a computer seat's player in a round: the same save, the same moves."""
    return (seed * 31 + round_index) * 5 + seat


def computer_move(save: object) -> tuple[dict[str, Any], Move]:
    """The save after the computer seat to move plays, and the move it chose."""
    game = load(save)
    seat = game.state.current_player
    if game.phase != "play" or seat is None or seat == YOU:
        raise DominoError("not_your_turn", seat=YOU if seat is None else seat, other=seat)
    level = game.save["levels"][seat - 1]
    player = make_player(level, seed=computer_seed(game.save["seed"], seat, len(game.rounds)))
    move = player(game.state.observation(seat))
    return _with_play(game, move), game.state.check(move)


def suggest(save: object, lang: str) -> dict[str, str]:
    """The Expert's move for the reader, and why, in ``lang``."""
    game = load(save)
    if game.phase != "play" or game.state.current_player != YOU:
        raise DominoError("not_your_turn", seat=game.state.current_player, other=YOU)
    given = hint(game.state, lang)
    return {"move": str(given.move), "text": given.text}


def undo(save: object) -> dict[str, Any]:
    """The save before the reader's last play, and before the computer's replies to it."""
    game = load(save)
    for k in range(len(game.movers) - 1, -1, -1):
        mine = [i for i, seat in enumerate(game.movers[k]) if seat == YOU]
        if mine:
            out = copy.deepcopy(game.save)
            out["rounds"] = out["rounds"][: k + 1]
            out["rounds"][k] = out["rounds"][k][: mine[-1]]
            return out
    raise DominoError("nothing_to_undo")


def next_round(save: object) -> dict[str, Any]:
    """The save with the next round dealt, once the last one is over."""
    game = load(save)
    if game.phase == "play":
        raise DominoError("round_not_over")
    if game.phase == "match-over":
        raise DominoError("match_over", rounds=len(game.match.results))
    out = copy.deepcopy(game.save)
    out["rounds"].append([])
    return out


def match_record(save: object) -> dict[str, Any]:
    """The game record of the finished rounds (a match record ``python -m engine
    replay`` reads and scores the same); an error while no round is finished."""
    game = load(save)
    finished = [state for state in game.rounds if state.is_terminal]
    if not finished:
        raise DominoError("nothing_finished")
    rounds = []
    for state in finished:
        rec = round_record(state)
        for key in ("preset", "options", "players", "first_round"):
            rec.pop(key, None)
        rounds.append(rec)
    return {
        **game.rules.to_record(),
        "players": game.players,
        "first_leader": game.match.first_leader,
        "rounds": rounds,
    }


def seat_name(game: Game, seat: int, lang: str) -> str:
    """ "You", or a computer seat with its level ("Seat 2 (Club)")."""
    if seat == YOU:
        return text(lang, "practice.you", seat=reader_seat(seat))
    level = strings(lang)[f"level.{game.save['levels'][seat - 1]}"]
    return text(lang, "practice.seat", seat=reader_seat(seat), level=level)


def _side_name(game: Game, side: int, lang: str) -> str:
    seats = [s for s in range(game.players) if game.rules.side_of(s) == side]
    return strings(lang)["list.and"].join(seat_name(game, s, lang) for s in seats)


def view(save: object, lang: str) -> dict[str, Any]:
    """Everything the practice page shows, told in ``lang``: the table, the reader's
    tiles with where each may go, the other seats, the log of the round, the scores, and
    at the end of a round or the match what it came to."""
    strings(lang)
    game = load(save)
    state = game.state
    s = strings(lang)
    turn = state.current_player
    legal = state.legal_moves() if turn == YOU else []
    hand = []
    for tile in sorted(state.hand(YOU)):
        ends = [m.end.value for m in legal if m.tile == tile and m.end is not None]
        playable = any(m.tile == tile for m in legal)
        hand.append(
            {
                "code": tile.code,
                "name": str(tile),
                "svg": tile_svg(tile),
                "playable": playable,
                "ends": [
                    {"end": e.end.value, "label": end_label(e.end, e.value, lang)}
                    for e in state.layout.ends
                    if e.end.value in ends
                ],
            }
        )
    played = 0
    log = []
    for event in state.events:
        log.append(tell_event(event, lang, first=played == 0 and event.kind == "play"))
        if event.kind == "play":
            played += 1
            if event.score:
                log.append(
                    text(lang, "round.play_scores", seat=reader_seat(event.seat), count=event.score)
                )
    sides = game.rules.sides(game.players)
    round_points = list(state.play_points)
    if state.is_terminal:
        round_points = list(state.result().points)
    totals = list(game.match.totals)
    if not state.is_terminal:
        totals = [t + p for t, p in zip(totals, round_points, strict=True)]
    out: dict[str, Any] = {
        "phase": game.phase,
        "round": len(game.rounds),
        "seed": game.save["seed"],
        "turn": turn,
        "your_turn": turn == YOU,
        "turn_text": (
            s["practice.your_turn"]
            if turn == YOU
            else text(lang, "practice.thinking", name=seat_name(game, turn, lang))
            if turn is not None
            else ""
        ),
        "layout": layout_svg(
            state.layout,
            lang,
            text(lang, "practice.table", round=len(game.rounds)),
            size=PAGE_SIZE,
            highlight_last=bool(state.layout.tiles),
        ),
        "hand": hand,
        "seats": [
            {
                "seat": seat,
                "name": seat_name(game, seat, lang),
                "tiles": len(state.hand(seat)),
            }
            for seat in range(game.players)
        ],
        "boneyard": state.boneyard_size if game.rules.draw else None,
        "log": log,
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
        "round_end": None,
        "match_end": None,
    }
    if state.is_terminal:
        result = state.result()
        next_seat = result.next_leader
        out["round_end"] = {
            "text": tell_end(state, lang),
            "hands": [
                {"seat": seat, "name": seat_name(game, seat, lang), "tiles": [str(t) for t in h]}
                for seat, h in enumerate(state.hands)
            ],
            "next": (
                text(lang, "practice.next_leader", name=seat_name(game, next_seat, lang))
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
            out["match_end"] = text(
                lang,
                "practice.match_won",
                name=_side_name(game, outcome.winner, lang),
                points=game.match.totals[outcome.winner],
            )
    return out
