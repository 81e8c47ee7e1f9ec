"""Game records: JSON objects describing a round or a match, and their replay.

A round record::

    {"preset": "block", "options": {}, "players": 3, "leader": 0,
     "hands": [["1-4", "0-0", ...], ...], "boneyard": ["2-3", ...],
     "plays": ["1-4", "1-1@left", "4-4@right", ...]}

``plays`` lists only the tiles played: draws and passes are forced and carried out by the
engine. ``boneyard`` (draw games only) lists the undealt tiles in drawing order. The
optional ``"first_round": true`` applies the first-round lead (``block-dk``: the highest
double opens). A match record has ``preset``, ``options``, ``players``, ``first_leader``
and ``rounds`` (round records without preset, options and players).
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.boundary import MAX_LINE, is_whole, read_json, unfinished_json
from engine.core.errors import DominoError, Seat
from engine.core.match import Match
from engine.core.rules import Rules
from engine.core.state import Move, RoundState
from engine.core.tiles import Tile
from engine.core.words import check_lang

ROUND_KEYS = {"preset", "options", "players", "leader", "hands", "boneyard", "plays", "first_round"}
MATCH_KEYS = {"preset", "options", "players", "first_leader", "rounds"}
MATCH_ROUND_KEYS = {"leader", "hands", "boneyard", "plays"}


class PlayError(DominoError):
    """A :class:`DominoError` raised by the play at ``index`` of a record."""

    def __init__(self, error: DominoError, index: int | None, round_index: int | None = None):
        super().__init__(error.code, **error.params)
        self.cause = error.cause
        self.index = index
        self.round_index = round_index


_KIND_CODES: dict[type, str] = {int: "record_not_int", list: "record_not_list"}


def _field(record: dict[str, Any], name: str, kind: type) -> Any:
    if name not in record:
        raise DominoError("record_missing_field", field=name)
    value = record[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DominoError(_KIND_CODES[kind], field=name, value=value)
    return value


def _check_keys(record: object, allowed: set[str], what: str) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise DominoError(f"record_{what}_not_object")
    unknown = sorted(set(record) - allowed)
    if unknown:
        raise DominoError("record_unknown_field", field=unknown[0])
    return record


def _tiles(value: object, field: str) -> list[Tile]:
    if not isinstance(value, list):
        raise DominoError("record_not_tiles", field=field, value=value)
    return [Tile.parse(t) for t in value]


def _hands(record: dict[str, Any]) -> list[list[Tile]]:
    hands = _field(record, "hands", list)
    return [_tiles(h, "hands") for h in hands]


def _rules(record: dict[str, Any]) -> tuple[Rules, int]:
    rules = Rules.from_record(record.get("preset", "block"), record.get("options", {}))
    players = rules.check_players(_field(record, "players", int))
    return rules, players


def _play_round(state: RoundState, plays: object, round_index: int | None = None) -> RoundState:
    if not isinstance(plays, list):
        raise DominoError("record_not_list", field="plays", value=plays)
    for i, play in enumerate(plays):
        try:
            if state.is_terminal:
                raise DominoError("extra_play")
            state.apply(Move.parse(play))
        except PlayError:
            raise
        except DominoError as e:
            raise PlayError(e, i, round_index) from None
    if not state.is_terminal:
        raise DominoError("record_incomplete", seat=Seat(state.current_player))
    return state


def replay_round(record: object) -> RoundState:
    """The finished round a round record describes; raises on any bad input."""
    rec = _check_keys(record, ROUND_KEYS, "round")
    rules, players = _rules(rec)
    leader = _field(rec, "leader", int)
    first_round = rec.get("first_round", False)
    if not isinstance(first_round, bool):
        raise DominoError("record_not_bool", field="first_round", value=first_round)
    state = RoundState(
        rules,
        players,
        leader,
        _hands(rec),
        _tiles(rec.get("boneyard", []), "boneyard"),
        first_round=first_round,
    )
    return _play_round(state, _field(rec, "plays", list))


def replay_match(record: object) -> Match:
    """The match a match record describes, with every round checked and scored."""
    rec = _check_keys(record, MATCH_KEYS, "match")
    rules, players = _rules(rec)
    first = rec.get("first_leader")
    if first is not None and (not is_whole(first)):
        raise DominoError("record_first_leader", value=first)
    if first is None and rules.policy.lead.by_lot:
        raise DominoError("record_missing_field", field="first_leader")
    match = Match(rules, players, first)
    rounds = _field(rec, "rounds", list)
    for k, rnd in enumerate(rounds):
        try:
            r = _check_keys(rnd, MATCH_ROUND_KEYS, "round")
            state = match.start_round(
                _hands(r), _tiles(r.get("boneyard", []), "boneyard"), _field(r, "leader", int)
            )
            match.record(_play_round(state, _field(r, "plays", list), k))
        except PlayError:
            raise
        except DominoError as e:
            raise PlayError(e, None, k) from None
    return match


def round_result(state: RoundState) -> dict[str, Any]:
    """The JSON result of a replayed round."""
    result = state.result()
    return {
        "ok": True,
        "winner": result.winner,
        "blocked": result.blocked,
        "points": list(result.points),
        "pips": list(result.pips),
    }


def match_result(match: Match) -> dict[str, Any]:
    """The JSON result of a replayed match."""
    outcome = match.outcome
    return {
        "ok": True,
        "totals": [list(t) for t in match.history],
        "leaders": list(match.leaders),
        "winner": outcome.winner,
        "drawn": outcome.drawn,
        "rounds_played": len(match.results),
    }


def replay(record: object, lang: str = "en") -> dict[str, Any]:
    """Replays one record (round or match) into its JSON result; never raises on bad
    input, answering ``{"ok": false, "error": ..., "play": ...}`` instead. (An unknown
    ``lang`` is the caller's mistake, not the record's: it raises.)"""
    check_lang(lang)
    try:
        if isinstance(record, dict) and "rounds" in record:
            return match_result(replay_match(record))
        return round_result(replay_round(record))
    except PlayError as e:
        out: dict[str, Any] = {"ok": False, "error": e.message(lang), "play": e.index}
        if e.round_index is not None:
            out["round"] = e.round_index
        return out
    except DominoError as e:
        return error_answer(e, lang)


def read_record(text: object) -> object:
    """A record read from JSON ``text`` (a page's paste or file, ``python -m engine
    review``'s file), bounded before it is parsed: at most :data:`MAX_LINE` characters
    (``record_too_long``), nested at most :data:`MAX_DEPTH` deep (``record_too_deep``).
    Text that is not JSON is ``record_bad_json``, told by the line and the column where
    it breaks (the JSON reader's own words are English: they are not told); a number of
    more digits than Python converts is ``record_number_too_long``. What it reads is JSON
    data, not yet a checked record: :func:`replay_round` and :func:`replay_match` check
    it."""
    if not isinstance(text, str):
        raise DominoError("bad_argument", name="text", value=text)
    return read_json(text, "record")


def error_answer(error: DominoError, lang: str = "en") -> dict[str, Any]:
    """The answer to a line that cannot be replayed: ``{"ok": false, "error": ...,
    "play": null}``, the error told in ``lang``."""
    return {"ok": False, "error": error.message(lang), "play": None}


def replay_line(line: str | bytes, lang: str = "en") -> dict[str, Any] | None:
    """The answer to one JSON Lines input line, ``None`` for a blank line.

    Never raises on a bad line: a line that is too long (over :data:`MAX_LINE`), not
    UTF-8, not JSON, nested too deeply for the JSON reader, holding a number of more
    digits than Python converts, or not a good record, answers with its error.
    """
    check_lang(lang)
    if isinstance(line, bytes | bytearray):
        body = bytes(line).rstrip(b"\r\n")
        if len(body) > MAX_LINE:
            return error_answer(DominoError("line_too_long", limit=MAX_LINE), lang)
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            return error_answer(DominoError("line_not_utf8"), lang)
    elif isinstance(line, str):
        text = line.rstrip("\r\n")
        if len(text) > MAX_LINE:
            return error_answer(DominoError("line_too_long", limit=MAX_LINE), lang)
    else:
        return error_answer(DominoError("bad_argument", name="line", value=line), lang)
    if not text.strip():
        return None
    try:
        record = read_json(text, "line")
    except DominoError as e:
        return error_answer(e, lang)
    return replay(record, lang)


_JSON_SPACE = b" \t\r\n"
_STRING = re.compile(rb'"(?:[^"\\\r\n]|\\.)*"?')


def opens_document(line: bytes) -> bool:
    """Whether ``line`` is the first line of a JSON document written over several lines:
    it begins with ``{`` or ``[`` and is good JSON as far as it goes, but stops before the
    value is complete (``{``, or ``{"preset": "block",`` of a pretty-printed record)."""
    body = bytes(line).strip(_JSON_SPACE)
    if body[:1] not in (b"{", b"["):
        return False
    try:
        return unfinished_json(body.decode("utf-8"))
    except UnicodeDecodeError:
        return False


def open_brackets(line: bytes) -> int:
    """How many more ``{`` and ``[`` than ``}`` and ``]`` ``line`` holds outside its JSON
    strings: the change of nesting depth over the line. (A string left open at the end of
    the line ends there: JSON strings never hold a line end.)"""
    bare = _STRING.sub(b"", bytes(line))
    return bare.count(b"{") + bare.count(b"[") - bare.count(b"}") - bare.count(b"]")


def replay_document(text: str | bytes, lang: str = "en", line: int = 1) -> dict[str, Any]:
    """The answer to one JSON document written over several lines (a pretty-printed
    record) that begins on input line ``line``; like :func:`replay_line`, it never raises
    on bad input, and its errors name the line where the document begins."""
    check_lang(lang)
    if not is_whole(line) or line < 1:
        raise DominoError("bad_argument", name="line", value=line)
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_LINE:
            return error_answer(DominoError("document_too_long", line=line, limit=MAX_LINE), lang)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            return error_answer(DominoError("document_not_utf8", line=line), lang)
    elif not isinstance(text, str):
        return error_answer(DominoError("bad_argument", name="text", value=text), lang)
    try:
        record = read_json(text, "document", first_line=line, line=line)
    except DominoError as e:
        return error_answer(e, lang)
    return replay(record, lang)


def round_record(state: RoundState) -> dict[str, Any]:
    """The record of a round (finished or not): the deal and the tiles played so far."""
    if not isinstance(state, RoundState):
        raise DominoError("bad_argument", name="state", value=state)
    rec: dict[str, Any] = state.rules.to_record()
    rec.update(
        players=state.players,
        leader=state.leader,
        hands=[[t.code for t in h] for h in state.dealt],
        plays=[str(Move(e.tile, e.end)) for e in state.events if e.kind == "play" and e.tile],
    )
    if state.rules.policy.deal.boneyard:
        drawn = [e.tile.code for e in state.events if e.kind == "draw" and e.tile]
        rec["boneyard"] = drawn + [t.code for t in state.boneyard]
    if state.opening is not None:
        rec["first_round"] = True
    return rec
