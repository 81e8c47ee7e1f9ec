"""A practice match against the computer, kept as one JSON-able save.

Seat 0 is the reader; every other seat is a computer player of the level chosen for it.
A save holds the settings, the seed and the tiles played in each round, nothing more:
the deals (from the seed), the draws and passes, the scores and whose turn it is are
replayed from it. So a save can be kept in the browser and reloaded, shared by its link
(:func:`link`, read back by :func:`settings_of`), undone move by move, and written out as
a game record that ``python -m engine replay`` scores the same::

    {"version": 1, "preset": "block", "options": {}, "players": 3,
     "levels": ["club", "expert"], "seed": 42, "rounds": [["1-4", "4-4@right"]]}

A round ends by itself when its last tile is played or nobody can play; the next one
starts only when the reader asks (:func:`next_round`), so a finished round's score can
be read first. A save that is not one (corrupt, or of another version) raises
:class:`~engine.core.errors.DominoError` (``bad_save``, ``save_version``), never anything else;
a bad setting for a new match raises an error that names its form control
(:attr:`~engine.core.errors.DominoError.field`). What the page shows of a save is
:func:`engine.presentation.views.practice.game_view`: the page decides no rule and builds no
sentence or move itself.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import quote, unquote_plus

from engine.core import boundary
from engine.core.boundary import excess, is_whole
from engine.core.errors import DominoError, Seat, echo
from engine.core.match import Match
from engine.core.records import round_record
from engine.core.rules import Rules, needs_players, option_choices
from engine.core.state import Move, RoundState
from engine.core.words import check_lang
from engine.players import LEVELS, Hint, hint, make_player

SAVE_VERSION = 1
"""The version of the save format; a save of another version is refused."""

SAVE_KEYS = ("version", "preset", "options", "players", "levels", "seed", "rounds")
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


def _bad(code: str, **params: Any) -> DominoError:
    """A bad save, told in the reader's language: ``code`` says what is wrong with it."""
    return _bad_because(DominoError(code, **params))


def _bad_because(cause: DominoError) -> DominoError:
    return DominoError("bad_save").because(cause)


FIELD_PRESET = "practice-preset"
FIELD_PLAYERS = "practice-players"
FIELD_SEED = "practice-seed"


def option_field(option: str) -> str:
    """The id of the set-up form's control of ``option``."""
    return f"practice-option-{option}"


def level_field(seat: int) -> str:
    """The id of the set-up form's control of computer seat ``seat``'s level (from 1)."""
    return f"practice-level-{seat}"


def shown_list(values: list[Any]) -> str:
    """Names from a caller's object (its keys), as a message shows them."""
    return ", ".join(echo(v) for v in values[:8]) + (", …" if len(values) > 8 else "")


def check_level(seat: int, level: object) -> str:
    """Computer seat ``seat``'s level, checked (``level_field(seat)`` on error)."""
    if isinstance(level, str) and level in LEVELS:
        return level
    raise DominoError("bad_level", seat=Seat(seat), level=echo(level)).at(level_field(seat))


def setting_seed(seed: object) -> int:
    """A seed, checked (:func:`engine.core.boundary.check_seed`), told at its form control."""
    try:
        return boundary.check_seed(seed)
    except DominoError as e:
        raise e.at(FIELD_SEED) from None


def _setting_rules(preset: object, options: object) -> Rules:
    """The rules of a setting's game and options, as :meth:`Rules.from_record` checks
    them, its refusal told as a setting's, at the form control it concerns."""
    try:
        return Rules.from_record(preset, options)
    except DominoError as e:
        if e.code == "unknown_preset":
            raise DominoError("link_game", preset=echo(preset)).at(FIELD_PRESET) from None
        if e.code == "unknown_option":
            option = e.params["option"]
            raise DominoError("link_no_option", option=echo(option)).at(FIELD_PRESET) from None
        if e.code == "bad_option_value":
            field = option_field(e.params["option"])
            raise DominoError("link_option", value=echo(e.params["value"])).at(field) from None
        raise e.at(FIELD_PRESET) from None


def check_setting(
    preset: object, options: object, players: object, levels: object, seed: object
) -> Rules:
    """The rules of a practice match's settings; the first bad setting raises, told in
    plain words of each language and naming its form control (:attr:`DominoError.field`)."""
    if options is None:  # a record may leave its options out; a setting names them all
        raise DominoError("bad_options", options=options).at(FIELD_PRESET)
    rules = _setting_rules(preset, options)
    choices = option_choices(rules.preset)
    if not is_whole(players) or not 2 <= players <= 4:
        raise DominoError("bad_players", players=players).at(FIELD_PLAYERS)
    for option, value in rules.options.items():
        need = needs_players(option)
        if need is not None and value != choices[option][0] and players != need:
            raise DominoError("partnerships_need_four", players=players).at(option_field(option))
    if not isinstance(levels, list):
        raise DominoError("missing_level", seat=Seat(1)).at(level_field(1))
    for seat in range(1, players):
        if seat > len(levels):
            raise DominoError("missing_level", seat=Seat(seat)).at(level_field(seat))
        check_level(seat, levels[seat - 1])
    if len(levels) > players - 1:
        raise DominoError("level_count", count=len(levels), players=players).at(FIELD_PLAYERS)
    setting_seed(seed)
    return rules


def _check_settings(save: dict[str, Any]) -> Rules:
    try:
        return check_setting(
            save["preset"], save["options"], save["players"], save["levels"], save["seed"]
        )
    except DominoError as e:
        raise _bad_because(e) from None


def new_save(
    preset: str, options: dict[str, Any], players: int, levels: list[str], seed: int
) -> dict[str, Any]:
    """A new match: the first round dealt from ``seed``, nothing played yet. A bad
    setting raises with its form control named (see :func:`check_setting`)."""
    check_setting(preset, options, players, levels, seed)
    save = {
        "version": SAVE_VERSION,
        "preset": preset,
        "options": dict(options),
        "players": players,
        "levels": list(levels),
        "seed": seed,
        "rounds": [[]],
    }
    load_game(save)
    return save


def load_game(save: object) -> Game:
    """Replay a save; anything wrong with it raises ``bad_save`` or ``save_version``."""
    if not isinstance(save, dict):
        raise _bad("save_not_object")
    if fault := excess(save):
        raise _bad(f"save_{fault[0]}", limit=fault[1])
    if save.get("version") != SAVE_VERSION:
        raise DominoError("save_version", version=save.get("version"), expected=SAVE_VERSION)
    unknown = sorted((k for k in save if k not in SAVE_KEYS), key=str)
    missing = [k for k in SAVE_KEYS if k not in save]
    if unknown or missing:
        if unknown:
            raise _bad("save_unknown_fields", fields=shown_list(unknown))
        raise _bad("save_missing_fields", fields=shown_list(missing))
    rules = _check_settings(save)
    rounds = save["rounds"]
    if not isinstance(rounds, list) or not rounds:
        raise _bad("save_rounds")
    game = Game(copy.deepcopy(save), rules, Match(rules, save["players"], rng=save["seed"]))
    for k, plays in enumerate(rounds):
        if not isinstance(plays, list):
            raise _bad("save_round_list", round=k + 1)
        try:
            state = game.match.start_round()
            movers = []
            for play in plays:
                if state.is_terminal:
                    raise DominoError("extra_play")
                movers.append(state.current_player)
                state.apply(Move.parse(play))
        except DominoError as e:
            cause = DominoError("save_round", round=k + 1).because(e)
            raise _bad_because(cause) from None
        game.rounds.append(state)
        game.movers.append([m for m in movers if m is not None])
        if state.is_terminal:
            game.match.record(state)
        elif k < len(rounds) - 1:
            raise _bad("save_round_open", round=k + 1)
    return game


def _with_play(game: Game, move: Move) -> dict[str, Any]:
    state = game.state.clone()
    move = state.check(move)
    save = copy.deepcopy(game.save)
    save["rounds"][-1].append(str(move))
    return save


def play(save: object, move: object) -> dict[str, Any]:
    """The save after the reader plays ``move`` (``"a-b"`` or ``"a-b@end"``)."""
    game = load_game(save)
    if game.phase != "play":
        raise DominoError("round_over", tile=str(move))
    seat = game.state.current_player
    if seat != YOU:
        raise DominoError("not_your_turn", seat=Seat(seat), other=Seat(YOU))
    return _with_play(game, Move.parse(move))


def computer_seed(seed: int, seat: int, round_index: int) -> int:
    """The seed of a computer seat's player in a round: the same save, the same moves."""
    return (seed * 31 + round_index) * 5 + seat


def computer_move(save: object) -> tuple[dict[str, Any], Move]:
    """The save after the computer seat to move plays, and the move it chose."""
    game = load_game(save)
    seat = game.state.current_player
    if game.phase != "play" or seat is None or seat == YOU:
        raise DominoError(
            "not_your_turn", seat=Seat(YOU if seat is None else seat), other=Seat(seat)
        )
    level = game.save["levels"][seat - 1]
    player = make_player(level, seed=computer_seed(game.save["seed"], seat, len(game.rounds)))
    move = player(game.state.observation(seat))
    return _with_play(game, move), game.state.check(move)


def expert_hint(game: Game, lang: str) -> Hint:
    """The Expert's move for the reader in ``game``, and why; an error unless it is the
    reader's turn in a round under way."""
    if game.phase != "play" or game.state.current_player != YOU:
        raise DominoError("not_your_turn", seat=Seat(game.state.current_player), other=Seat(YOU))
    return hint(game.state, lang)


def undo(save: object) -> dict[str, Any]:
    """The save before the reader's last play, and before the computer's replies to it."""
    game = load_game(save)
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
    game = load_game(save)
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
    game = load_game(save)
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


MAX_QUERY = 2048
"""A practice link's query is read only up to this many bytes."""


def _link_value(value: object) -> str:
    """An option's value as a link writes it: ``true``, ``null``, ``150``, ``total``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def link(save: dict[str, Any]) -> str:
    """The query string (no "?") of a save's whole setting: game, players, the options
    that differ from the game's own, the computer seats' levels and the seed."""
    choices = option_choices(save["preset"])
    parts = [("game", save["preset"]), ("players", str(save["players"]))]
    for option, allowed in choices.items():
        value = save["options"].get(option, allowed[0])
        if value != allowed[0] or type(value) is not type(allowed[0]):
            parts.append((option, _link_value(value)))
    parts.append(("levels", ",".join(save["levels"])))
    parts.append(("seed", str(save["seed"])))
    return "&".join(f"{k}={quote(v, safe=',')}" for k, v in parts)


def settings_of(query: object, lang: str) -> dict[str, Any]:
    """The setting a practice link carries, read from its ``query`` (``location.search``
    without "?"): ``settings`` (``preset``, ``options``, ``players``, ``levels``,
    ``seed``; ``None`` where the link gives none or a bad one) and ``errors``, one per bad
    value, at its form control's id, told in ``lang``. A query over :data:`MAX_QUERY`
    bytes is one error and read no further; unknown parameters are ignored.

    ``options`` holds every option of the game: those the link leaves out at the game's
    own value (a link names only those that differ), a bad one left out."""
    check_lang(lang)
    settings: dict[str, Any] = {
        "preset": None,
        "options": {},
        "players": None,
        "levels": None,
        "seed": None,
    }
    errors: list[dict[str, str]] = []

    def fail(e: DominoError) -> None:
        errors.append({"field": e.field or FIELD_PRESET, "message": e.message(lang)})

    if not isinstance(query, str):
        raise DominoError.about("bad_request", "request_query")
    if len(query) > MAX_QUERY or len(query.encode("utf-8", "surrogatepass")) > MAX_QUERY:
        fail(DominoError("link_too_long", limit=MAX_QUERY).at(FIELD_PRESET))
        return {"settings": settings, "errors": errors}
    given: dict[str, list[str]] = {}
    for pair in query.split("&"):
        if not pair:
            continue
        key, _, value = pair.partition("=")
        given.setdefault(unquote_plus(key), []).append(unquote_plus(value))

    def one(key: str, field: str) -> str | None:
        values = given.get(key)
        if values is None:
            return None
        if len(values) > 1:
            fail(DominoError("link_repeated").at(field))
            return None
        return values[0]

    preset = one("game", FIELD_PRESET)
    if preset is not None:
        try:
            check_setting(preset, {}, 2, ["club"], 0)
            settings["preset"] = preset
        except DominoError as e:
            fail(e)
    players = one("players", FIELD_PLAYERS)
    if players is not None:
        number = _whole(players)
        try:
            Rules().check_players(players if number is None else number)
            settings["players"] = number
        except DominoError as e:
            fail(e.at(FIELD_PLAYERS))
    if settings["preset"] is not None:
        choices = option_choices(settings["preset"])
        for option, allowed in choices.items():
            raw = one(option, option_field(option))
            if raw is None:
                if len(given.get(option, ())) <= 1:
                    settings["options"][option] = allowed[0]
                continue
            chosen = next((a for a in allowed if _link_value(a) == raw), _MISSING)
            need = needs_players(option)
            if chosen is _MISSING:
                fail(DominoError("link_option", value=echo(raw)).at(option_field(option)))
            elif (
                need is not None
                and chosen != allowed[0]
                and settings["players"] not in (None, need)
            ):
                fail(
                    DominoError("partnerships_need_four", players=settings["players"]).at(
                        option_field(option)
                    )
                )
            else:
                settings["options"][option] = chosen
    levels = one("levels", level_field(1))
    if levels is not None:
        names = levels.split(",") if levels else []
        count = settings["players"] - 1 if settings["players"] is not None else len(names)
        kept: list[str | None] = []
        for seat in range(1, count + 1):
            if seat > len(names):
                fail(DominoError("missing_level", seat=Seat(seat)).at(level_field(seat)))
                kept.append(None)
                continue
            try:
                kept.append(check_level(seat, names[seat - 1]))
            except DominoError as e:
                fail(e)
                kept.append(None)
        if len(names) > count:
            fail(DominoError("level_count", count=len(names), players=count + 1).at(FIELD_PLAYERS))
        settings["levels"] = kept
    seed = one("seed", FIELD_SEED)
    if seed is not None:
        whole = _whole(seed)
        try:
            settings["seed"] = setting_seed(seed if whole is None else whole)
        except DominoError as e:
            fail(e)
    return {"settings": settings, "errors": errors}


_MISSING = object()


def _whole(value: str) -> int | None:
    """A whole number written in at most 12 ASCII digits, else ``None``."""
    if value.isascii() and value.isdigit() and len(value) <= 12:
        return int(value)
    return None
