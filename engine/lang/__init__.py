"""Translations: one module per language, each a plain table of strings.

A translator edits only the table of their language. Keys are shared by all languages;
``{name}`` fields are filled in by the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.lang import da, de, en, fr, pl

LANGUAGES: tuple[str, ...] = ("en", "fr", "pl", "de", "da")
"""The site's languages, English first."""

_TABLES: dict[str, Mapping[str, str]] = {
    "en": MappingProxyType(en.STRINGS),
    "fr": MappingProxyType(fr.STRINGS),
    "pl": MappingProxyType(pl.STRINGS),
    "de": MappingProxyType(de.STRINGS),
    "da": MappingProxyType(da.STRINGS),
}


def strings(lang: str) -> Mapping[str, str]:
    """The table of ``lang``; an unknown language is an error, never a silent fallback."""
    try:
        return _TABLES[lang]
    except KeyError:
        from engine.errors import DominoError

        raise DominoError("unknown_language", lang=lang) from None


def text(lang: str, key: str, **params: Any) -> str:
    """The string ``key`` of ``lang`` with its fields filled in."""
    return strings(lang)[key].format(**params)


def error_message(lang: str, code: str, params: Mapping[str, Any]) -> str:
    """An error message; end names and sides are translated, tiles shown as [a|b]."""
    table = _TABLES.get(lang, _TABLES["en"])
    filled = dict(params)
    end = filled.get("end")
    if isinstance(end, str) and f"end.{end}" in table:
        filled["end"] = table[f"end.{end}"]
    template = table.get(f"error.{code}")
    if template is None:
        return f"{code}: {params}"
    try:
        return template.format(**filled)
    except (KeyError, IndexError):
        return f"{template} ({params})"
