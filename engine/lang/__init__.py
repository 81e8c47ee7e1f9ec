"""Translations: one module per language, each a plain table of strings, and the
grammar that fills them in.

A translator edits only the table of their language. Keys are shared by all languages;
``{name}`` fields are filled in by the engine. A count that meets a noun takes the
noun's form for that count: ``{count:plural:# tile|# tiles}``, one form per plural
category of the language (:data:`PLURAL_FORMS`), ``#`` standing for the number.

A sentence whose subject is a player agrees with that subject. The subject is a
:class:`Subject` of one of the kinds of :data:`SUBJECTS` (the reader, a seat, a named
player, a team...), and such a sentence is not one string but one per kind, its key
ending in the kind: ``practice.next_leader.you`` ("You lead the next round."),
``practice.next_leader.seat`` ("Seat {seat} leads the next round."). Each language
writes every variant whole, in its own word order, with its own verb forms (a team is
plural: "Seats {seats} win"; the reader is second person: "You win", fr « Vous
gagnez », de "Du gewinnst"). :func:`subject_key` names the variant and
:func:`subject_fields` gives its fields: ``seat`` (the first seat, counted from 1),
``seats`` (the seats' numbers joined, "2 and 4") and ``name`` (the names joined,
"Anna and Bo"). Lists are joined by :func:`join_words`, with the language's
``list.and`` before the last item. :func:`engine.core.words.say` fills in the variant
for a subject. A key has the variants that can occur where it is said: the practice
page's have ``you``, ``seat``, ``your_team`` and ``team``; the scorepad's ``seat``,
``name``, ``team`` and ``names``; a round fence names no reader.

This package is data: it imports nothing else of the engine and checks nothing but that
a subject is of a known kind.
:mod:`engine.core.words` looks its strings up for a language it has checked, and
:mod:`engine.core.errors` tells every error from its ``error.*`` templates.
"""

from __future__ import annotations

import importlib
import string
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "fr", "pl", "de", "da")
"""The site's languages, English first."""


class _Tables(Mapping[str, Mapping[str, str]]):
    """The languages' tables, each imported the first time its words are needed (a
    reader of one language loads one table, and importing the engine loads none)."""

    def __init__(self) -> None:
        self._loaded: dict[str, Mapping[str, str]] = {}

    def __getitem__(self, lang: str) -> Mapping[str, str]:
        table = self._loaded.get(lang)
        if table is None:
            if lang not in LANGUAGES:
                raise KeyError(lang)
            module = importlib.import_module(f"engine.lang.{lang}")
            table = self._loaded[lang] = MappingProxyType(module.STRINGS)
        return table

    def __contains__(self, lang: object) -> bool:
        return lang in LANGUAGES

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


TABLES: Mapping[str, Mapping[str, str]] = _Tables()
"""Each language's table of strings, read-only (look one up with
:func:`engine.core.words.strings`, which checks the language)."""


def reader_seat(seat: int) -> int:
    """A seat as readers count it, from 1; records and the API count seats from 0."""
    return seat + 1


PLURAL_FORMS: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "fr": ("one", "other"),
    "pl": ("one", "few", "many"),
    "de": ("one", "other"),
    "da": ("one", "other"),
}
"""The forms a ``plural`` field gives in each language, in this order (CLDR's categories
for whole numbers; French "many", for exact millions, takes the "other" form)."""


def plural_category(lang: str, n: int) -> str:
    """CLDR's plural category of the whole number ``n`` in ``lang``.

    English, German and Danish: "one" for 1. French: "one" for 0 and 1, "many" for exact
    millions. Polish: "one" for 1; "few" when the last digit is 2, 3 or 4 but the last two
    are not 12, 13 or 14; "many" for every other whole number.
    """
    n = abs(n)
    if lang == "fr":
        if n in (0, 1):
            return "one"
        return "many" if n % 1_000_000 == 0 else "other"
    if lang == "pl":
        if n == 1:
            return "one"
        if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
            return "few"
        return "many"
    if lang in ("en", "de", "da"):
        return "one" if n == 1 else "other"
    raise ValueError(f"no plural rule for {lang!r}: the languages are {', '.join(LANGUAGES)}")


def plural(lang: str, n: int, forms: str) -> str:
    """The form of ``forms`` ("# tile|# tiles") that ``lang`` uses for ``n``."""
    choices = forms.split("|")
    order = PLURAL_FORMS[lang]
    if len(choices) != len(order):
        raise ValueError(f"{lang} plurals take {len(order)} forms ({'|'.join(order)}): {forms!r}")
    category = plural_category(lang, n)
    form = choices[order.index(category) if category in order else len(order) - 1]
    return form.replace("#", str(n))


class _Formatter(string.Formatter):
    """str.format, with ``{name:plural:…}`` fields told in the formatter's language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("plural:"):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"a plural field needs a whole number, not {value!r}")
            return plural(self.lang, value, format_spec[len("plural:") :])
        return str(super().format_field(value, format_spec))


_FORMATTERS = {lang: _Formatter(lang) for lang in LANGUAGES}


def fill(lang: str, template: str, /, **params: Any) -> str:
    """``template`` of ``lang`` with its fields, plural fields included, filled in."""
    return _FORMATTERS[lang].format(template, **params)


def join_words(lang: str, items: Sequence[str]) -> str:
    """``a, b and c`` in ``lang``: commas, and the table's ``list.and`` before the last
    item (no comma before it in any of the site's languages)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + TABLES[lang]["list.and"] + items[-1]


SUBJECTS: dict[str, str] = {
    "you": "the reader, alone: second person (“You lead the next round.”)",
    "your_team": "the reader and their partner: “Your team (seats {seats})”, a singular noun in "
    "every language (“Your team (seats 1 and 3) wins the match…”)",
    "seat": "one seat, by its number: third person singular (“Seat {seat} leads…”)",
    "name": "one player by the name the scorepad was given (“{name} wins the round…”)",
    "team": "two seats playing together, by their numbers: third person plural "
    "(“Seats {seats} win…”)",
    "names": "two named players playing together: third person plural (“{name} win…”)",
}
"""The kinds of subject a sentence about a player agrees with, and what each is. A key
that takes a subject has one variant per kind that can occur where it is said (a round
fence names no reader: its sentences have ``seat`` and ``team`` variants only)."""


@dataclass(frozen=True)
class Subject:
    """Who a sentence is about: a kind of :data:`SUBJECTS`, the seats (counted from 1,
    as readers count) and, for the scorepad's players, the names typed."""

    kind: str
    seats: tuple[int, ...] = ()
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in SUBJECTS:
            raise ValueError(f"no subject kind {self.kind!r}: the kinds are {', '.join(SUBJECTS)}")


def subject_key(key: str, subject: Subject) -> str:
    """The variant of ``key`` that agrees with ``subject``: ``key.kind``."""
    return f"{key}.{subject.kind}"


def subject_fields(lang: str, subject: Subject) -> dict[str, Any]:
    """The fields a variant fills in: ``seat``, ``seats`` and ``name``."""
    seats = [str(seat) for seat in subject.seats]
    return {
        "seat": subject.seats[0] if subject.seats else "",
        "seats": join_words(lang, seats),
        "name": join_words(lang, list(subject.names)),
    }
