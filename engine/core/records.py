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

A record is JSON data until :meth:`RoundRecord.parse`, :meth:`MatchRecord.parse` or
:func:`parse_record` reads it into frozen, typed values, checking its shape;
:func:`replay_round` and :func:`replay_match` take those values only, and check the deal
and the plays against the rules. :func:`replay` is the door for JSON data: it parses,
replays and answers in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
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


def _tiles(value: object, field: str) -> tuple[Tile, ...]:
    if not isinstance(value, list):
        raise DominoError("record_not_tiles", field=field, value=value)
    return tuple(Tile.parse(t) for t in value)


def _hands(record: dict[str, Any]) -> tuple[tuple[Tile, ...], ...]:
    hands = _field(record, "hands", list)
    return tuple(_tiles(h, "hands") for h in hands)


def _rules(record: dict[str, Any]) -> tuple[Rules, int]:
    rules = Rules.from_record(record.get("preset", "block"), record.get("options", {}))
    players = rules.check_players(_field(record, "players", int))
    return rules, players


def _earliest(error: DominoError, before: Callable[[], object]) -> DominoError:
    """The first fault of a record in reading order: ``error``, found while parsing,
    unless ``before`` (replaying the part of the record read before it) fails first."""
    try:
        before()
    except DominoError as earlier:
        return earlier
    return error


def _parse_plays(
    record: dict[str, Any],
    before: Callable[[tuple[Move, ...] | None], object],
    round_index: int | None,
) -> tuple[Move, ...]:
    """The plays of ``record`` as moves. A missing or bad ``plays`` is told unless
    ``before(None)`` (the deal) fails first; a play that is not a move (a
    :class:`PlayError` at its index) unless ``before(moves)`` (the plays before it) does."""
    try:
        plays = _field(record, "plays", list)
    except DominoError as e:
        error = e if round_index is None else PlayError(e, None, round_index)
        raise _earliest(error, partial(before, None)) from None
    moves: list[Move] = []
    for i, play in enumerate(plays):
        try:
            moves.append(Move.parse(play))
        except DominoError as e:
            read = tuple(moves)
            raise _earliest(PlayError(e, i, round_index), partial(before, read)) from None
    return tuple(moves)


@dataclass(frozen=True)
class RoundRecord:
    """A round record, read: the rules, the deal and the tiles played, typed.

    Made from JSON data by :meth:`parse` only, which checks the record's shape; whether
    the deal is one the rules allow and every play is legal is for :func:`replay_round`.
    """

    rules: Rules
    players: int
    leader: int
    """The seat that leads (from 0)."""
    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's dealt hand."""
    boneyard: tuple[Tile, ...]
    """The undealt tiles in drawing order (draw games; empty otherwise)."""
    plays: tuple[Move, ...]
    """The tiles played, in order: draws and passes are forced and left out."""
    first_round: bool = False
    """Whether the first-round lead applies (``block-dk``: the highest double opens)."""

    @classmethod
    def parse(cls, data: object) -> RoundRecord:
        """The round record JSON ``data`` describes. Raises :class:`DominoError` on a
        record of the wrong shape (not an object, a field unknown, missing or of the
        wrong type, a tile or play that cannot be read; a bad play is a
        :class:`PlayError` at its index), told as :func:`replay` tells it: when the
        deal or a play before the fault is one the rules refuse, that is the error."""
        rec = _check_keys(data, ROUND_KEYS, "round")
        rules, players = _rules(rec)
        leader = _field(rec, "leader", int)
        first_round = rec.get("first_round", False)
        if not isinstance(first_round, bool):
            raise DominoError("record_not_bool", field="first_round", value=first_round)
        head = cls(
            rules,
            players,
            leader,
            _hands(rec),
            _tiles(rec.get("boneyard", []), "boneyard"),
            (),
            first_round,
        )

        def before(read: tuple[Move, ...] | None) -> object:
            state = _deal(head)
            return state if read is None else _play(state, read, None, cut=True)

        return replace(head, plays=_parse_plays(rec, before, None))

    @classmethod
    def of(cls, state: RoundState) -> RoundRecord:
        """The record of a round (finished or not): its deal and the tiles played so far."""
        if not isinstance(state, RoundState):
            raise DominoError("bad_argument", name="state", value=state)
        boneyard: tuple[Tile, ...] = ()
        if state.rules.policy.deal.boneyard:
            drawn = [e.tile for e in state.events if e.kind == "draw" and e.tile]
            boneyard = (*drawn, *state.boneyard)
        return cls(
            state.rules,
            state.players,
            state.leader,
            tuple(tuple(h) for h in state.dealt),
            boneyard,
            tuple(Move(e.tile, e.end) for e in state.events if e.kind == "play" and e.tile),
            state.opening is not None,
        )

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data, as :meth:`parse` reads it (``boneyard`` in draw games
        only, ``first_round`` only when true)."""
        rec: dict[str, Any] = self.rules.to_record()
        rec.update(
            players=self.players,
            leader=self.leader,
            hands=[[t.code for t in h] for h in self.hands],
            plays=[str(m) for m in self.plays],
        )
        if self.rules.policy.deal.boneyard:
            rec["boneyard"] = [t.code for t in self.boneyard]
        if self.first_round:
            rec["first_round"] = True
        return rec


@dataclass(frozen=True)
class MatchRound:
    """One round of a :class:`MatchRecord`: its leader, deal and plays (the rules and the
    players are the match's)."""

    leader: int
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    plays: tuple[Move, ...]


@dataclass(frozen=True)
class MatchRecord:
    """A match record, read: the rules, the players, the first leader and each round.

    Made from JSON data by :meth:`parse` only; :func:`replay_match` checks the deals,
    the leaders and the plays against the rules and scores the rounds.
    """

    rules: Rules
    players: int
    first_leader: int | None
    """The first round's leader (from 0); ``None`` in ``block-dk``, where the deal names it."""
    rounds: tuple[MatchRound, ...]

    @classmethod
    def parse(cls, data: object) -> MatchRecord:
        """The match record JSON ``data`` describes. Raises :class:`DominoError` on a
        record of the wrong shape, a fault inside round ``k`` being a :class:`PlayError`
        of ``round_index`` ``k``; as :meth:`RoundRecord.parse`, a fault the replay finds
        earlier in the record (a round before, the deal of the same round, a play before)
        is the error told."""
        rec = _check_keys(data, MATCH_KEYS, "match")
        rules, players = _rules(rec)
        first = rec.get("first_leader")
        if first is not None and (not is_whole(first)):
            raise DominoError("record_first_leader", value=first)
        if first is None and rules.policy.lead.by_lot:
            raise DominoError("record_missing_field", field="first_leader")
        head = cls(rules, players, first, ())
        try:
            items = _field(rec, "rounds", list)
        except DominoError as e:
            raise _earliest(e, partial(_replay_match, head)) from None
        rounds: list[MatchRound] = []
        for k, item in enumerate(items):
            done = replace(head, rounds=tuple(rounds))
            try:
                r = _check_keys(item, MATCH_ROUND_KEYS, "round")
                hands = _hands(r)
                boneyard = _tiles(r.get("boneyard", []), "boneyard")
                start = MatchRound(_field(r, "leader", int), hands, boneyard, ())
            except DominoError as e:
                raise _earliest(PlayError(e, None, k), partial(_replay_match, done)) from None
            plays = _parse_plays(r, partial(_replay_match, done, start), k)
            rounds.append(replace(start, plays=plays))
        return replace(head, rounds=tuple(rounds))

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data, as :meth:`parse` reads it."""
        rec: dict[str, Any] = self.rules.to_record()
        rec.update(players=self.players, first_leader=self.first_leader, rounds=[])
        for rnd in self.rounds:
            item: dict[str, Any] = {
                "leader": rnd.leader,
                "hands": [[t.code for t in h] for h in rnd.hands],
                "plays": [str(m) for m in rnd.plays],
            }
            if self.rules.policy.deal.boneyard:
                item["boneyard"] = [t.code for t in rnd.boneyard]
            rec["rounds"].append(item)
        return rec


def parse_record(data: object) -> RoundRecord | MatchRecord:
    """The record JSON ``data`` describes: a match record when it is an object with
    ``rounds``, else a round record. Raises as :meth:`RoundRecord.parse` and
    :meth:`MatchRecord.parse` do."""
    if isinstance(data, dict) and "rounds" in data:
        return MatchRecord.parse(data)
    return RoundRecord.parse(data)


def _deal(record: RoundRecord) -> RoundState:
    return RoundState(
        record.rules,
        record.players,
        record.leader,
        record.hands,
        record.boneyard,
        first_round=record.first_round,
    )


def _play(
    state: RoundState, plays: tuple[Move, ...], round_index: int | None, cut: bool = False
) -> RoundState:
    """``state`` once ``plays`` are laid; a round left unfinished is an error, unless
    ``cut`` (the plays are those read before a bad one: the round may go on, but must not
    be over)."""
    for i, move in enumerate(plays):
        try:
            if state.is_terminal:
                raise DominoError("extra_play")
            state.apply(move)
        except DominoError as e:
            raise PlayError(e, i, round_index) from None
    if cut:
        if state.is_terminal:
            raise PlayError(DominoError("extra_play"), len(plays), round_index)
    elif not state.is_terminal:
        raise DominoError("record_incomplete", seat=Seat(state.current_player))
    return state


def replay_round(record: RoundRecord) -> RoundState:
    """The finished round ``record`` describes. Raises :class:`DominoError` on a deal the
    rules forbid, a round left unfinished, and (a :class:`PlayError` at its index) a play
    that is not legal or comes after the end; anything but a :class:`RoundRecord` (JSON
    data included: :meth:`RoundRecord.parse` reads it) is ``bad_argument``."""
    if not isinstance(record, RoundRecord):
        raise DominoError("bad_argument", name="record", value=record)
    return _play(_deal(record), record.plays, None)


def _replay_match(
    record: MatchRecord,
    cut: MatchRound | None = None,
    read: tuple[Move, ...] | None = None,
    kept: dict[int, RoundState | None] | None = None,
) -> Match:
    """The match ``record`` describes; with ``cut``, then the next round as far as it was
    read before a fault: its deal, and with ``read`` the plays before the bad one (see
    :func:`_play`). Each round whose index is a key of ``kept`` is stored there, played."""
    match = Match(record.rules, record.players, record.first_leader)
    for k, rnd in enumerate((*record.rounds, *((cut,) if cut else ()))):
        try:
            state = match.start_round(rnd.hands, rnd.boneyard, rnd.leader)
            if k == len(record.rounds):  # the round cut short
                if read is not None:
                    _play(state, read, k, cut=True)
            else:
                match.record(_play(state, rnd.plays, k))
                if kept is not None and k in kept:
                    kept[k] = state
        except PlayError:
            raise
        except DominoError as e:
            raise PlayError(e, None, k) from None
    return match


def replay_match(record: MatchRecord) -> Match:
    """The match ``record`` describes, every round checked and scored. Raises
    :class:`DominoError` as :func:`replay_round` does, a fault inside round ``k`` being a
    :class:`PlayError` of ``round_index`` ``k``; anything but a :class:`MatchRecord` is
    ``bad_argument``."""
    if not isinstance(record, MatchRecord):
        raise DominoError("bad_argument", name="record", value=record)
    return _replay_match(record)


def replay_match_round(record: MatchRecord, k: int) -> tuple[Match, RoundState | None]:
    """The match ``record`` describes, replayed once as :func:`replay_match` does, and its
    round ``k`` (from 0) as played, ``None`` if the record has no such round."""
    if not isinstance(record, MatchRecord):
        raise DominoError("bad_argument", name="record", value=record)
    kept: dict[int, RoundState | None] = {k: None}
    match = _replay_match(record, kept=kept)
    return match, kept[k]


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
        parsed = parse_record(record)
        if isinstance(parsed, MatchRecord):
            return match_result(replay_match(parsed))
        return round_result(replay_round(parsed))
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
    data, not yet a checked record: :func:`parse_record` reads that."""
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
    """The record of a round (finished or not): the deal and the tiles played so far, as
    JSON data (:meth:`RoundRecord.to_json` of :meth:`RoundRecord.of`)."""
    return RoundRecord.of(state).to_json()
