"""The one exception type of the engine, and its messages in every language.

Every bad input (an illegal move, a malformed record, an unknown option, a corrupt saved
game, an argument of the wrong type, an unknown language) raises :class:`DominoError`.
It carries a message code and its parameters, so the same error can be told in any of
the site's languages; ``str(error)`` is English. An operation that raises leaves every
state it was given unchanged.

A parameter that carries the caller's own value is passed as it was given (``"150"``,
``True``, ``None``, a list): the message shows it as JSON, with its kind when that is not
the expected one (``"150" (text)``), and at most its first 40 characters. This module
renders every message, in one place (:func:`error_message`), from the templates of
:mod:`engine.lang` filled through :func:`engine.lang.fill` (so plural fields work in
them); a message asked for in an unknown language is told in English.
"""

from __future__ import annotations

import contextlib
import json
import math
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.lang import TABLES, fill


@dataclass(frozen=True)
class Seat:
    """A seat named in a message: ``index`` counts from 0, as records and the API do; a
    reader is told it counted from 1, as every screen counts seats (``None``, no seat, is
    told as ``null``)."""

    index: int | None


@dataclass(frozen=True)
class SheetPlayer:
    """A player of a score sheet named in a message as the sheet names them: by the name
    typed, or "Seat N" (``scorepad.seat``, ``seats`` counted from 0) for one not named; a
    side of two partners by both, joined as ``scorepad.team`` joins them ("Anna & Bo")."""

    seats: tuple[int, ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class Term:
    """A word of the language tables named in a message: ``key`` is its key
    (``error.shape.int``), told in the message's language."""

    key: str


class DominoError(ValueError):
    """Bad input to the engine: ``code`` names the problem, ``params`` its details."""

    field: str | None = None
    """The form control the error concerns (its element id), where a page asked with a
    form: a practice setting's error names ``practice-seed``, ``practice-players``, …"""

    cause: DominoError | None = None
    """The error this one reports on (a bad seed in a saved game): told in the same
    language, it fills this one's ``{detail}``."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(code)

    def __str__(self) -> str:
        return self.message("en")

    def at(self, field: str) -> DominoError:
        """This error, told at the form control ``field``."""
        self.field = field
        return self

    def because(self, cause: DominoError) -> DominoError:
        """This error, its ``{detail}`` told by ``cause`` in whatever language it is told."""
        self.cause = cause
        return self

    @classmethod
    def about(cls, code: str, detail: str, **params: Any) -> DominoError:
        """The error ``code`` whose ``{detail}`` is the error ``detail`` (with ``params``),
        so that both are told in the same language (see :meth:`because`)."""
        return cls(code).because(cls(detail, **params))

    def message(self, lang: str = "en") -> str:
        """The error told in ``lang`` (``en``, ``fr``, ``pl``, ``de`` or ``da``)."""
        detail = None if self.cause is None else self.cause.message(lang).removesuffix(".")
        return error_message(lang, self.code, self.params, detail)


GIVEN_CAP = 40
"""At most this many characters of a caller's value are echoed in a message, then "…"."""
PARAM_CAP = 200
"""At most this many characters of any other parameter are shown, then "…"."""

_GIVEN: dict[str, dict[str, str | None]] = {
    # code: {parameter carrying the caller's own value: the kind it should have}.
    # Such a value is shown as JSON ("150", true, null), followed by its kind in the
    # reader's language when that kind is not the expected one (None: always).
    "bad_tile": {"tile": "text"},
    "bad_half": {"value": "int"},
    "no_half": {"value": "int"},
    "bad_play": {"play": "text"},
    "bad_move": {"move": None},
    "bad_end": {"end": "text"},
    "bad_seat": {"seat": "int"},
    "bad_players": {"players": "int"},
    "unknown_preset": {"preset": "text"},
    "bad_options": {"options": "object"},
    "unknown_option": {"option": "text"},
    "bad_option_value": {"value": None},
    "unknown_language": {"lang": "text"},
    "save_version": {"version": "int"},
    "bad_argument": {"value": None},
    "unknown_level": {"level": "text"},
    "request_unknown_method": {"method": "text"},
    "request_not_choice": {"answer": "text"},
    "task_field": {"field": "text"},
    "unknown_puzzle": {"puzzle": "text"},
    "bad_date": {"date": "text"},
    "streak_puzzle_done": {"puzzle": "text"},
    "record_not_int": {"value": None},
    "record_not_list": {"value": None},
    "record_not_bool": {"value": None},
    "record_not_tiles": {"value": None},
    "record_first_leader": {"value": None},
    "example_unknown_kind": {"kind": "text"},
    "example_field": {"value": None},
    "cli_not_whole": {"value": "text"},
    "bad_seed": {"seed": "int"},
    "review_seed": {"seed": "int"},
}


def error_message(
    lang: str, code: str, params: Mapping[str, Any], detail: str | None = None
) -> str:
    """An error message in ``lang`` (English for an unknown language).

    ``detail``, the message of the error this one reports on, already in ``lang``, fills
    the field ``{detail}`` as it is. A :class:`Seat` is told counted from 1, a
    :class:`SheetPlayer` as the score sheet names them, a
    :class:`Term` in the language's word. End names are
    translated; a caller's value is shown as JSON with its kind when it
    is not the expected one (``"150" (text)``), cut after :data:`GIVEN_CAP` characters;
    the engine's own words (tiles as [a|b], lists of allowed values) are shown as they
    are, cut after :data:`PARAM_CAP`. Never raises, whatever the parameters hold.
    """
    known = lang if isinstance(lang, str) and lang in TABLES else "en"
    table = TABLES[known]
    given = _GIVEN.get(code, {})
    filled: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, Seat):
            index = value.index
            filled[name] = index + 1 if type(index) is int else _show_plain(index)
        elif isinstance(value, SheetPlayer):
            filled[name] = _sheet_player(known, value)
        elif isinstance(value, Term):
            filled[name] = table.get(value.key, TABLES["en"].get(value.key, value.key))
        elif name in given:
            filled[name] = _show_given(value, given[name], table)
        elif type(value) is int and abs(value) < 10**12:
            filled[name] = value  # a count, which a plural field may need as a number
        elif name == "end" and isinstance(value, str) and f"end.{value}" in table:
            filled[name] = table[f"end.{value}"]
        else:
            filled[name] = _show_plain(value)
    if detail is not None:
        filled["detail"] = detail
    template = table.get(f"error.{code}")
    if template is None:
        return f"{code}: {filled}"
    try:
        return fill(known, template, **filled)
    except (KeyError, IndexError, ValueError):
        return f"{template} ({filled})"


def _sheet_player(lang: str, player: SheetPlayer) -> str:
    table = TABLES[lang]
    shown = [
        _cap(name.strip(), PARAM_CAP)
        if isinstance(name, str) and name.strip()
        else fill(lang, table["scorepad.seat"], seat=seat + 1)
        for seat, name in zip(player.seats, player.names, strict=False)
    ]
    if len(shown) == 2:
        return fill(lang, table["scorepad.team"], a=shown[0], b=shown[1])
    return ", ".join(shown)


_KINDS: tuple[tuple[type, str], ...] = (
    (bool, "bool"),  # before int: a bool is an int in Python
    (int, "int"),
    (float, "float"),
    (str, "text"),
    (list, "list"),
    (tuple, "list"),
    (dict, "object"),
)


def _kind(value: object) -> str | None:
    """The JSON kind of ``value`` (a key ``error.kind.<kind>``), ``None`` if it has none."""
    if value is None:
        return "null"
    for cls, kind in _KINDS:
        if isinstance(value, cls):
            return kind
    return None


def echo(value: object) -> str:
    """A caller's own value as a message shows it: as JSON (text in quotes, ``null``,
    ``true``), at most its first :data:`GIVEN_CAP` characters, then "…"; every character
    a reader can read is kept, the rest written as JSON escapes. The one place a value
    that came from a reader is put into words."""
    if isinstance(value, str) and len(value) > GIVEN_CAP:
        # Cut inside the quotes: "abc… (no closing quote, as the text goes on).
        return _cap(json.dumps(value[:GIVEN_CAP], ensure_ascii=False)[:-1] + "…", 10 * GIVEN_CAP)
    if isinstance(value, str):
        return _cap(json.dumps(value, ensure_ascii=False), 10 * GIVEN_CAP)
    return _cap(_json(value, GIVEN_CAP), GIVEN_CAP)


def _show_given(value: object, expected: str | None, table: Mapping[str, str]) -> str:
    shown = echo(value)
    kind = _kind(value)
    if kind is not None and kind == expected:
        return shown
    word = table.get(f"error.kind.{kind}") if kind else _cap(type(value).__name__, GIVEN_CAP)
    return f"{shown} ({word})" if word else shown


def _show_plain(value: object) -> str:
    if isinstance(value, str):
        return _cap(value[: PARAM_CAP + 1], PARAM_CAP)
    if value is None or isinstance(value, bool | int | float):
        return _cap(_json(value, PARAM_CAP), PARAM_CAP)
    try:
        text = str(value)
    except Exception:  # a caller's object whose str() fails: name its type instead
        text = f"<{type(value).__name__}>"
    return _cap(text[: PARAM_CAP + 1], PARAM_CAP)


class _Full(Exception):
    """The rendering is long enough: stop walking the value."""


_MAX_DEPTH = 8
_MAX_INT_BITS = 14_000  # about 4,200 digits: under Python's limit for int → str


def _json(value: object, budget: int) -> str:
    """``value`` as JSON, as far as the first ``budget`` characters or so; nesting past a
    few levels is shown as […] or {…}, and what JSON cannot hold as its Python repr."""
    parts: list[str] = []
    size = 0

    def emit(text: str) -> None:
        nonlocal size
        parts.append(text)
        size += len(text)
        if size > budget:
            raise _Full

    def walk(v: object, depth: int) -> None:
        if v is None:
            emit("null")
        elif isinstance(v, bool):
            emit("true" if v else "false")
        elif isinstance(v, int):
            emit(_int_text(v))
        elif isinstance(v, float):
            emit(json.dumps(v))  # NaN and Infinity as Python's json writes them
        elif isinstance(v, str):
            emit(json.dumps(v[: budget + 1], ensure_ascii=False))
        elif isinstance(v, list | tuple):
            if depth >= _MAX_DEPTH and v:
                emit("[…]")
                return
            emit("[")
            for i, item in enumerate(v):
                if i:
                    emit(", ")
                walk(item, depth + 1)
            emit("]")
        elif isinstance(v, dict):
            if depth >= _MAX_DEPTH and v:
                emit("{…}")
                return
            emit("{")
            for i, (key, item) in enumerate(v.items()):
                if i:
                    emit(", ")
                walk(key, depth + 1)
                emit(": ")
                walk(item, depth + 1)
            emit("}")
        else:
            try:
                text = repr(v)[: budget + 1]
            except Exception:  # a caller's object whose repr() fails: name its type
                text = f"<{type(v).__name__}>"
            emit(text)

    with contextlib.suppress(_Full):
        walk(value, 0)
    return "".join(parts)


def _int_text(n: int) -> str:
    """A whole number in digits; one too long for Python to write, as ≈7.25e5000."""
    if n.bit_length() <= _MAX_INT_BITS:
        try:
            return str(n)
        except ValueError:  # a lower limit set with sys.set_int_max_str_digits
            pass
    bits = n.bit_length() - 64
    size = math.log10(abs(n) >> bits) + bits * math.log10(2)
    exponent = math.floor(size)
    mantissa = round(10 ** (size - exponent), 2)
    if mantissa >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{'-' if n < 0 else ''}≈{mantissa:g}e{exponent}"


def _cap(text: str, cap: int) -> str:
    """``text`` cut after ``cap`` characters (then "…"), with every character that does
    not print (controls, format and direction marks, unpaired surrogates, line and
    paragraph separators, …) written as a JSON escape, so that a message always encodes,
    prints and reads in order; spaces of every width (the no-break spaces of French
    typography among them) are kept as they are."""
    if len(text) <= cap and text.isprintable():
        return text
    out: list[str] = []
    size = 0
    for c in text[: cap + 1]:
        piece = c if _readable(c) else _escape(c)
        size += len(piece)
        if size > cap:
            return "".join(out) + "…"
        out.append(piece)
    return "".join(out)


def _readable(c: str) -> bool:
    """Whether a reader can read ``c`` as it is: it prints, or it is a space."""
    return c.isprintable() or unicodedata.category(c) == "Zs"


def _escape(c: str) -> str:
    code = ord(c)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
