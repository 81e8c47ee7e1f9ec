"""The scorepad: rounds played with real tiles, scored by the engine.

Players at a real table enter each round; the engine scores it, keeps the running totals
and says when the match is won. Everything is one JSON-able *sheet*, which a page keeps
in ``localStorage`` and can export and import::

    {"version": 1, "preset": "block-dk", "options": {"rounding": true}, "players": 3,
     "names": ["Ana", "", "Bo"],
     "rounds": [{"went_out": 0, "pips": [0, 7, 8], "last_double": false},
                {"went_out": null, "pips": [3, 7, ["1-2", "6-6"]]}]}

- ``went_out``: the seat (0 to players - 1) that went out, or ``null`` for a blocked round.
- ``pips``: one entry per seat, the pips left in that hand: a whole number from 0 to 168,
  or a list of tiles (``"a-b"``) whose pips the engine adds. No tile may be entered twice
  in a round, and the seat that went out has nothing left (``0`` or ``[]``).
- ``last_double`` (optional): the seat went out with a double. It counts only under the
  ``double_finish`` option (``block-dk``); ``true`` anywhere else (without the option, or
  in a blocked round) is an error, never silently ignored. ``false`` is always accepted.
- ``play_points`` (optional, All Fives): what each side scored in play during the round,
  multiples of five; the round's points are these plus the end of round score. In a
  game that scores nothing in play, only a list of zeros is accepted.
- ``names``: one per seat, at most 40 characters; an empty name shows as "Seat 1", ….

Every function is pure: it checks what it is given, returns new values and never mutates
its arguments, so a bad import or a refused correction leaves the caller's sheet as it
was. Every problem is a :class:`~engine.core.errors.DominoError` whose parameters name the
round (``round``, counted from 1) and the field (``field``); a ``seat`` in a message is
counted from 1 as on the page (seat index 0 is "seat 1"). The helpers return the sheet in
its canonical form (tiles written ``"low-high"``, ``last_double`` present exactly when the
rules have ``double_finish``, ``play_points`` exactly when they score in play), which
:func:`export_sheet` and :func:`import_sheet` round-trip unchanged. The scores come from
:func:`engine.core.scoring.breakdown`, the running totals and the end of the match from
:class:`engine.core.match.Ledger`. What the scorepad shows of a sheet is
:func:`engine.presentation.views.scorepad.score_sheet`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.boundary import excess, is_whole, read_json
from engine.core.errors import DominoError, Seat, SheetPlayer, echo
from engine.core.kernel import play_score, round_points
from engine.core.match import Ledger
from engine.core.rules import Rules
from engine.core.scoring import ScoreBreakdown, breakdown
from engine.core.tiles import Tile

VERSION = 1
"""The sheet format this engine reads and writes."""

MAX_NAME = 40
"""The longest name, in characters."""

MAX_PIPS = 168
"""The pips of the whole double-six set: no hand, nor all hands together, hold more."""

MAX_PLAY_POINTS = 1000
"""The most a side may enter as scored in play in one round (All Fives)."""

MAX_FIELD = 200
"""The longest text a form's field may hold (28 tiles, written out, take about 112)."""

MAX_ROUNDS = 500
"""The most rounds a sheet holds: a real match to 100 or 150 points takes a few dozen
(only rounds that nobody scores, a tie for the lowest hand, add none), so this is far
above any, and keeps a stored or imported sheet quick to read."""

SHEET_KEYS = ("version", "preset", "options", "players", "names", "rounds")
ROUND_KEYS = ("went_out", "pips", "last_double", "play_points")
_REQUIRED_ROUND_KEYS = ("went_out", "pips")

Hand = int | tuple[Tile, ...]
"""One seat's entry in a round: its pips left, or the tiles left in its hand."""


@dataclass(frozen=True)
class Entry:
    """One round as entered: who went out (or ``None``: blocked) and each seat's hand."""

    went_out: int | None
    hands: tuple[Hand, ...]
    last_double: bool = False
    play_points: tuple[int, ...] = ()
    """Points each side scored in play (All Fives); empty when the game scores none."""

    @property
    def pips(self) -> tuple[int, ...]:
        """The pips left per seat, tiles added up."""
        return tuple(h if isinstance(h, int) else sum(t.pips for t in h) for h in self.hands)

    def to_dict(self, rules: Rules) -> dict[str, Any]:
        """The round in the sheet's canonical JSON form."""
        out: dict[str, Any] = {
            "went_out": self.went_out,
            "pips": [h if isinstance(h, int) else [t.code for t in h] for h in self.hands],
        }
        if rules.policy.end.double_finish:
            out["last_double"] = self.last_double
        if rules.policy.play.scores:
            out["play_points"] = list(self.play_points)
        return out


@dataclass(frozen=True)
class Sheet:
    """A checked score sheet: the rules, the players, their names and the rounds entered.

    Build one with :func:`check_sheet`; every round in it is valid and none comes after
    the end of the match.
    """

    rules: Rules
    players: int
    names: tuple[str, ...]
    rounds: tuple[Entry, ...]

    @property
    def target(self) -> int:
        """Points that end the match."""
        return self.rules.target(self.players)

    def scores(self) -> list[ScoreBreakdown]:
        """Each round's score, step by step (from :func:`engine.core.scoring.breakdown`)."""
        return [_score(self.rules, entry) for entry in self.rounds]

    def to_dict(self) -> dict[str, Any]:
        """The sheet in its canonical JSON form (new lists and dicts throughout)."""
        record = self.rules.to_record()
        return {
            "version": VERSION,
            "preset": record["preset"],
            "options": record["options"],
            "players": self.players,
            "names": list(self.names),
            "rounds": [entry.to_dict(self.rules) for entry in self.rounds],
        }


def _score(rules: Rules, entry: Entry) -> ScoreBreakdown:
    return breakdown(rules, entry.pips, entry.went_out, last_double=entry.last_double)


def side_points(rules: Rules, players: int, entry: Entry, score: ScoreBreakdown) -> list[int]:
    """What each side scores in the round (:func:`engine.core.kernel.round_points`): its
    points in play, and the winner the hands."""
    play = entry.play_points or (0,) * rules.sides(players)
    return round_points(play, score.end.winner, score.points)


def ledger(rules: Rules, players: int, rounds: Sequence[Entry]) -> Ledger:
    """The running totals after each of ``rounds``."""
    totals = Ledger(rules, players)
    for entry in rounds:
        totals.add(side_points(rules, players, entry, _score(rules, entry)))
    return totals


def check_entry(entry: object, rules: Rules, players: int, number: int) -> Entry:
    """Round ``number`` (counted from 1) of a sheet with these rules and players, checked.

    ``went_out`` is ``None`` or a seat; ``pips`` has one entry per seat, each a whole
    number from 0 to 168 or a list of tiles; no tile appears twice in the round; the hands
    together hold at most 168 pips; the seat that went out has nothing left; a true
    ``last_double`` needs the ``double_finish`` option and a seat that went out;
    ``play_points`` (per side, multiples of five) only count in All Fives.
    """
    if not isinstance(entry, dict):
        raise DominoError("round_not_object", round=number)
    for key in entry:
        if key not in ROUND_KEYS:
            raise DominoError("round_unknown_field", round=number, field=echo(key))
    for key in _REQUIRED_ROUND_KEYS:
        if key not in entry:
            raise DominoError("round_missing_field", round=number, field=key)
    went_out = entry["went_out"]
    if went_out is not None and (not is_whole(went_out) or not 0 <= went_out < players):
        raise DominoError(
            "round_went_out",
            round=number,
            field="went_out",
            value=echo(went_out),
            last=players - 1,
        )
    pips = entry["pips"]
    if not isinstance(pips, list) or len(pips) != players:
        raise DominoError("round_pips", round=number, field="pips", players=players)
    hands: list[Hand] = []
    seen: set[Tile] = set()
    for seat, value in enumerate(pips):
        if is_whole(value) and 0 <= value <= MAX_PIPS:
            hands.append(value)
            continue
        if not isinstance(value, list):
            raise DominoError(
                "round_pip_value",
                round=number,
                field="pips",
                seat=Seat(seat),
                value=echo(value),
                max=MAX_PIPS,
            )
        tiles: list[Tile] = []
        for item in value:
            try:
                tile = Tile.parse(item)
            except DominoError:
                raise DominoError(
                    "round_bad_tile", round=number, field="pips", seat=Seat(seat), tile=echo(item)
                ) from None
            if tile in seen:
                raise DominoError(
                    "round_duplicate_tile",
                    round=number,
                    field="pips",
                    seat=Seat(seat),
                    tile=str(tile),
                )
            seen.add(tile)
            tiles.append(tile)
        hands.append(tuple(tiles))
    result = Entry(went_out, tuple(hands))
    total = sum(result.pips)
    if total > MAX_PIPS:
        raise DominoError("round_pips_total", round=number, field="pips", total=total, max=MAX_PIPS)
    if went_out is not None:
        left = hands[went_out]
        if left not in (0, ()):
            shown = str(left) if isinstance(left, int) else ", ".join(str(t) for t in left)
            raise DominoError(
                "round_went_out_pips", round=number, field="pips", seat=Seat(went_out), left=shown
            )
    last_double = entry.get("last_double", False)
    if not isinstance(last_double, bool):
        raise DominoError(
            "round_last_double", round=number, field="last_double", value=echo(last_double)
        )
    if last_double:
        if not rules.policy.end.double_finish:
            raise DominoError("round_double_finish_off", round=number, field="last_double")
        if went_out is None:
            raise DominoError("round_double_blocked", round=number, field="last_double")
    if "play_points" in entry:
        play = _check_play_points(entry["play_points"], rules, players, number)
    else:
        play = (0,) * rules.sides(players) if rules.policy.play.scores else ()
    return Entry(went_out, tuple(hands), last_double, play)


def _check_play_points(value: object, rules: Rules, players: int, number: int) -> tuple[int, ...]:
    """Points scored in play per side: multiples of five, only in games that score in play
    (a list of zeros is accepted, and dropped, in the others)."""
    sides = rules.sides(players)
    if (
        not isinstance(value, list)
        or len(value) != sides
        or not all(is_whole(p) and 0 <= p <= MAX_PLAY_POINTS and play_score(p) == p for p in value)
    ):
        raise DominoError(
            "round_play_points",
            round=number,
            field="play_points",
            sides=sides,
            max=MAX_PLAY_POINTS,
            value=echo(value),
        )
    if not rules.policy.play.scores:
        if any(value):
            raise DominoError("round_no_play_points", round=number, field="play_points")
        return ()
    return tuple(value)


def _check_version(version: object) -> None:
    if not is_whole(version):
        raise DominoError("sheet_bad_version", field="version", version=echo(version))
    if version < VERSION:
        raise DominoError("sheet_version_old", field="version", version=version, expected=VERSION)
    if version > VERSION:
        raise DominoError("sheet_version_new", field="version", version=version, expected=VERSION)


def _check_names(names: object, players: int) -> tuple[str, ...]:
    if not isinstance(names, list) or len(names) != players:
        raise DominoError("sheet_names", field="names", players=players)
    for seat, name in enumerate(names):
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise DominoError("sheet_name", field="names", seat=Seat(seat), max=MAX_NAME)
    return tuple(names)


def check_sheet(sheet: object) -> Sheet:
    """The sheet, checked: its fields and their types, the preset and options (as
    :meth:`Rules.from_record`), 2 to 4 players (4 in partnerships), one name per seat of
    at most 40 characters, and every round (see :func:`check_entry`); a round after the
    one that ended the match is an error. ``sheet`` itself is never changed.
    """
    if isinstance(sheet, Sheet):
        return sheet
    if not isinstance(sheet, dict):
        raise DominoError("sheet_not_object")
    if fault := excess(sheet):
        raise DominoError(f"sheet_{fault[0]}", limit=fault[1])
    if "version" not in sheet:
        raise DominoError("sheet_missing_field", field="version")
    _check_version(sheet["version"])
    for key in sheet:
        if key not in SHEET_KEYS:
            raise DominoError("sheet_unknown_field", field=echo(key))
    for key in SHEET_KEYS:
        if key not in sheet:
            raise DominoError("sheet_missing_field", field=key)
    rules = Rules.from_record(sheet["preset"], sheet["options"])
    players = rules.check_players(sheet["players"])
    names = _check_names(sheet["names"], players)
    rounds = sheet["rounds"]
    if not isinstance(rounds, list):
        raise DominoError("sheet_rounds", field="rounds")
    if len(rounds) > MAX_ROUNDS:
        raise DominoError("sheet_round_limit", count=len(rounds), max=MAX_ROUNDS)
    entries: list[Entry] = []
    totals = Ledger(rules, players)
    for index, raw in enumerate(rounds):
        if totals.over_after is not None:
            raise DominoError("round_after_match", round=index + 1, over=index)
        entry = check_entry(raw, rules, players, index + 1)
        totals.add(side_points(rules, players, entry, _score(rules, entry)))
        entries.append(entry)
    return Sheet(rules, players, names, tuple(entries))


def new_sheet(
    preset: object = "block",
    options: object = None,
    players: object = 2,
    names: object = None,
) -> dict[str, Any]:
    """A new, empty sheet, checked; ``names`` defaults to an empty name per seat."""
    if names is None and is_whole(players):
        names = [""] * max(0, min(players, 4))
    sheet = {
        "version": VERSION,
        "preset": preset,
        "options": {} if options is None else options,
        "players": players,
        "names": names,
        "rounds": [],
    }
    return check_sheet(sheet).to_dict()


def add_round(sheet: object, entry: object) -> dict[str, Any]:
    """The sheet with ``entry`` added as its next round; refused once the match is over."""
    checked = check_sheet(sheet)
    number = len(checked.rounds) + 1
    if ledger(checked.rules, checked.players, checked.rounds).over_after is not None:
        raise DominoError("round_after_match", round=number, over=number - 1)
    if number > MAX_ROUNDS:
        raise DominoError("sheet_round_limit", count=number, max=MAX_ROUNDS)
    new = check_entry(entry, checked.rules, checked.players, number)
    return _replace(checked, (*checked.rounds, new)).to_dict()


def set_round(sheet: object, index: object, entry: object) -> dict[str, Any]:
    """The sheet with round ``index`` (counted from 0) replaced by ``entry``: a correction
    of a past round; the totals after it follow. A correction that would end the match
    before the last round entered is refused (remove the later rounds first).
    """
    checked = check_sheet(sheet)
    count = len(checked.rounds)
    if not is_whole(index):
        raise DominoError("round_index", round=echo(index), count=count)
    if not 0 <= index < count:
        raise DominoError("round_index", round=index + 1, count=count)
    new = check_entry(entry, checked.rules, checked.players, index + 1)
    rounds = list(checked.rounds)
    rounds[index] = new
    over = ledger(checked.rules, checked.players, rounds).over_after
    if over is not None and over < count - 1:
        raise DominoError("correction_ends_match", round=index + 1, over=over + 1)
    return _replace(checked, tuple(rounds)).to_dict()


def remove_last_round(sheet: object) -> dict[str, Any]:
    """The sheet without its last round; an error when it has none."""
    checked = check_sheet(sheet)
    if not checked.rounds:
        raise DominoError("sheet_no_rounds")
    return _replace(checked, checked.rounds[:-1]).to_dict()


def _replace(sheet: Sheet, rounds: tuple[Entry, ...]) -> Sheet:
    return Sheet(sheet.rules, sheet.players, sheet.names, rounds)


def export_sheet(sheet: object) -> str:
    """The checked sheet as JSON text, which :func:`import_sheet` reads back unchanged."""
    return json.dumps(check_sheet(sheet).to_dict(), ensure_ascii=False, indent=2) + "\n"


def import_sheet(data: object) -> dict[str, Any]:
    """A sheet read from JSON text and checked: text that is not JSON, a sheet of another
    ``version`` and any invalid content are errors."""
    if not isinstance(data, str):
        raise DominoError("sheet_bad_json", at=1, column=1)
    return check_sheet(read_json(data, "sheet")).to_dict()


_NUMBER = re.compile(r"-?\d+(\.\d+)?")
_SEAT_TEXT = re.compile(r"[0-9]{1,3}")
_TILE_SEPARATORS = re.compile(r"[\s,;]+")


def _form_text(value: object, number: int, field: str, seat: int, sides: int) -> str | None:
    """A field's text, stripped; ``None`` when it is not text at all. Text longer than
    :data:`MAX_FIELD` is refused before it is read."""
    if not isinstance(value, str):
        return None
    if len(value) > MAX_FIELD:
        if field == "pips":
            raise DominoError(
                "round_pip_value",
                round=number,
                field=field,
                seat=Seat(seat),
                value=echo(value),
                max=MAX_PIPS,
            )
        raise DominoError(
            "round_play_points",
            round=number,
            field=field,
            sides=sides,
            max=MAX_PLAY_POINTS,
            value=echo(value),
        )
    return value.strip()


def _form_number(text: str) -> int | float | str:
    """Digits as a number (``7``; ``7.5`` and ``-3`` too, which the checks then refuse);
    any other text as it is."""
    if _NUMBER.fullmatch(text):
        return float(text) if "." in text else int(text)
    return text


def read_form(sheet: object, form: object, index: object = None) -> dict[str, Any]:
    """A round's entry read from the scorepad's form as the reader typed it, for
    :func:`add_round` (or, with ``index``, :func:`set_round`); the checks are theirs.

    ``form`` is ``{"went_out": "" | "0" … , "pips": [text per seat], "play_points":
    [text per side], "last_double": bool}``. ``went_out`` empty is a blocked round. A hand
    written in digits is its pips (``12``), any other text the list of its tiles,
    separated by spaces, commas or semicolons (``1-2 6-6``); the hand of the seat that
    went out may be left empty. Points in play left empty are 0; they are read only in
    games that score in play, and ``last_double`` only under the double finish and when a
    seat went out. A text longer than :data:`MAX_FIELD` is an error.
    """
    checked = check_sheet(sheet)
    rules, players = checked.rules, checked.players
    number = index + 1 if is_whole(index) else len(checked.rounds) + 1
    sides = rules.sides(players)
    if not isinstance(form, dict):
        raise DominoError("round_not_object", round=number)
    out = form.get("went_out")
    went_out: object = out
    if out is None or (isinstance(out, str) and out.strip() == ""):
        went_out = None
    elif isinstance(out, str) and _SEAT_TEXT.fullmatch(out.strip()):
        went_out = int(out.strip())  # other text, "²" or 5,000 digits, is checked as it is
    texts = form.get("pips")
    if not isinstance(texts, list) or len(texts) != players:
        raise DominoError("round_pips", round=number, field="pips", players=players)
    pips: list[object] = []
    for seat, raw in enumerate(texts):
        text_ = _form_text(raw, number, "pips", seat, sides)
        if text_ is None:
            pips.append(raw)
        elif text_ == "" and seat == went_out:
            pips.append(0)
        elif text_ == "" or _NUMBER.fullmatch(text_):
            pips.append(_form_number(text_))
        else:
            pips.append([t for t in _TILE_SEPARATORS.split(text_) if t])
    entry: dict[str, Any] = {"went_out": went_out, "pips": pips}
    if rules.policy.play.scores:
        play = form.get("play_points")
        if isinstance(play, list) and len(play) == sides:
            values: list[object] = []
            for side, raw in enumerate(play):
                text_ = _form_text(raw, number, "play_points", side, sides)
                values.append(raw if text_ is None else _form_number(text_) if text_ else 0)
            entry["play_points"] = values
        else:
            entry["play_points"] = play
    if rules.policy.end.double_finish:
        entry["last_double"] = went_out is not None and form.get("last_double") is True
    return entry


FIELD_WENT_OUT = "scorepad-went-out"
"""The entry form's control for the seat that went out (its element id)."""
FIELD_LAST_DOUBLE = "scorepad-last-double"
"""The entry form's control for a last tile that was a double."""


def pips_field(seat: int) -> str:
    """The entry form's field for the hand of ``seat`` (counted from 0)."""
    return f"scorepad-pips-{seat}"


def play_field(side: int) -> str:
    """The entry form's field for the points ``side`` (counted from 0) scored in play."""
    return f"scorepad-play-{side}"


def setup_error(error: DominoError) -> DominoError:
    """``error``, met starting a sheet from the scorepad's set-up form (:func:`new_sheet`),
    at the control it concerns: partnerships without four players at the partnerships
    option, a number of players the game does not take at the players' control."""
    if error.code == "partnerships_need_four":
        return error.at("scorepad-option-partnerships")
    if error.code == "bad_players":
        return error.at("scorepad-players")
    return error


_FORM_HAND_CODES = ("round_pip_value", "round_bad_tile", "round_duplicate_tile")


def form_error(error: DominoError, sheet: object, form: object) -> DominoError:
    """``error``, met reading a round typed in the scorepad's entry form (:func:`read_form`)
    or checking it (:func:`add_round`, :func:`set_round`), as that form tells it: at the
    field it concerns (:attr:`DominoError.field`, the control's element id), its player
    named as the sheet names them (:class:`~engine.core.errors.SheetPlayer`: the name
    typed, or "Seat N"), and without the round, which heads the form. A problem of one hand is told
    at that hand's field, of the points in play at the first side's field that is wrong,
    of the hands' total at the first hand that can be typed in. An error of no field (the
    match is over, a sheet that is not one) is returned as it is."""
    try:
        checked = check_sheet(sheet)
    except DominoError:
        return error
    players, names, rules = checked.players, checked.names, checked.rules
    seat = error.params.get("seat")
    index = seat.index if isinstance(seat, Seat) else None
    fields = form if isinstance(form, dict) else {}
    if error.code in _FORM_HAND_CODES and isinstance(index, int) and 0 <= index < players:
        params = {k: v for k, v in error.params.items() if k not in ("round", "field", "seat")}
        code = "form_" + error.code.removeprefix("round_")
        if code == "form_pip_value" and params.get("value") == echo(""):
            code, params = "form_pip_empty", {}  # a hand left empty
        player = SheetPlayer((index,), (names[index],))
        return DominoError(code, player=player, **params).at(pips_field(index))
    if error.code == "round_pips_total":
        out = fields.get("went_out")
        typed = [s for s in range(players) if not (isinstance(out, str) and out.strip() == str(s))]
        return error.at(pips_field(typed[0] if typed else 0))
    if error.code == "round_play_points":
        texts = fields.get("play_points")
        texts = texts if isinstance(texts, list) else []
        side = index if isinstance(index, int) else _wrong_play_side(texts)
        if side is None or not 0 <= side < min(len(texts), rules.sides(players)):
            return error.at(play_field(0))
        seats = rules.seats(side, players)
        player = SheetPlayer(seats, tuple(names[s] for s in seats))
        return DominoError(
            "form_play_points", player=player, value=echo(texts[side]), max=MAX_PLAY_POINTS
        ).at(play_field(side))
    if error.code in ("round_went_out", "round_went_out_pips"):
        return error.at(FIELD_WENT_OUT)
    if error.code in ("round_last_double", "round_double_finish_off", "round_double_blocked"):
        return error.at(FIELD_LAST_DOUBLE)
    return error


def _wrong_play_side(texts: list[object]) -> int | None:
    """The first side whose points in play, as typed, are not a multiple of 5 from 0 to
    :data:`MAX_PLAY_POINTS` (empty is 0), or ``None``."""
    for side, raw in enumerate(texts):
        if not isinstance(raw, str):
            return side
        text_ = raw.strip()
        value = _form_number(text_) if text_ else 0
        if not (is_whole(value) and 0 <= value <= MAX_PLAY_POINTS and play_score(value) == value):
            return side
    return None


def form_of(entry: Entry, rules: Rules) -> dict[str, Any]:
    """A round as the entry form shows it, which :func:`read_form` reads back as the same
    round: the seat that went out (``""`` when blocked), each hand's pips in digits or its
    tiles separated by spaces (the seat that went out: empty), and, where the rules count
    them, the points in play and the last double."""
    out = entry.went_out
    form: dict[str, Any] = {
        "went_out": "" if out is None else str(out),
        "pips": [
            ""
            if seat == out
            else str(hand)
            if isinstance(hand, int)
            else " ".join(t.code for t in hand)
            for seat, hand in enumerate(entry.hands)
        ],
    }
    if rules.policy.play.scores:
        form["play_points"] = [str(p) for p in entry.play_points]
    if rules.policy.end.double_finish:
        form["last_double"] = entry.last_double
    return form


__all__ = [
    "FIELD_LAST_DOUBLE",
    "FIELD_WENT_OUT",
    "MAX_FIELD",
    "MAX_NAME",
    "MAX_PIPS",
    "MAX_PLAY_POINTS",
    "MAX_ROUNDS",
    "VERSION",
    "Entry",
    "Sheet",
    "add_round",
    "check_entry",
    "check_sheet",
    "export_sheet",
    "form_error",
    "form_of",
    "import_sheet",
    "ledger",
    "new_sheet",
    "pips_field",
    "play_field",
    "read_form",
    "remove_last_round",
    "set_round",
    "setup_error",
    "side_points",
]
