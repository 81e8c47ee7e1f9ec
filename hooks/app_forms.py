"""What the practice and scorepad pages' hooks share (a plain module, not a hook).

Both pages are apps drawn at build time from a fence, every word from the engine's
language tables in the page's language: the set-up words of every game form (the games,
``game.*``, and the Danish house rules' options with their values in plain words,
``option.*``) and a few HTML helpers. A word missing from a table is an error
(:class:`MissingWords`): the fence cannot be drawn, which is a build problem
(``hooks/kit.py``), so ``mkdocs build --strict`` fails, at any verbosity, rather than
showing an engine name.
"""

from __future__ import annotations

import html
import json
from typing import Any

from engine.core.rules import PRESETS, option_choices
from engine.core.words import strings
from engine.lang import fill

OPTIONS_PRESET = "block-dk"
"""The preset whose options the set-up forms show."""


class MissingWords(ValueError):
    """A word a page needs is not in the language's table."""


def word(lang: str, key: str) -> str:
    """The word ``key`` of ``lang``'s table; a missing one is :class:`MissingWords`."""
    table = strings(lang)
    if key not in table:
        raise MissingWords(f"the language table {lang} has no {key!r}")
    return table[key]


def e(value: str) -> str:
    return html.escape(value)


def value_key(value: Any) -> str:
    """The last part of an option value's word key: ``none``, ``true``, ``false``, or
    the value itself (``7``, ``total``)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def value_words(lang: str, option: str, value: Any) -> str:
    """An option value in plain words: its own key, or the option's ``value`` pattern
    (``{points} points`` for a target)."""
    table = strings(lang)
    key = f"option.{option}.{value_key(value)}"
    if key in table:
        return table[key]
    pattern = f"option.{option}.value"
    if pattern in table:
        return fill(lang, table[pattern], points=value)
    raise MissingWords(f"the language table {lang} has no {key!r}")


def select(ident: str, label: str, options: list[tuple[str, str]], cls: str, **attrs: str) -> str:
    """A labelled ``<select>`` in a ``<p class=cls>``; ``options`` are (value, words)."""
    extra = "".join(f' {k.replace("_", "-")}="{e(v)}"' for k, v in attrs.items())
    opts = "".join(f'<option value="{e(v)}">{e(words)}</option>' for v, words in options)
    return (
        f'<p class="{cls}"><label for="{ident}">{e(label)}</label>'
        f'<select id="{ident}"{extra}>{opts}</select></p>'
    )


def game_select(lang: str, ident: str, cls: str, **attrs: str) -> str:
    """The choice of game, each by its name in ``lang``."""
    games = [(p, word(lang, f"game.{p}")) for p in PRESETS]
    return select(ident, word(lang, "game.label"), games, cls, **attrs)


def option_selects(lang: str, prefix: str, cls: str, note_id: str) -> list[str]:
    """One ``<select>`` per option of the Danish house rules, values in plain words; the
    partnerships choice is described by the element ``note_id``."""
    fields = []
    for name, values in option_choices(OPTIONS_PRESET).items():
        choices = [(json.dumps(v), value_words(lang, name, v)) for v in values]
        attrs = {"data_option": name}
        if name == "partnerships":
            attrs["aria_describedby"] = note_id
        fields.append(
            select(f"{prefix}-option-{name}", word(lang, f"option.{name}"), choices, cls, **attrs)
        )
    return fields


def players_select(lang: str, ident: str, cls: str) -> str:
    """The number of players, 2 to 4."""
    return select(ident, word(lang, "game.players"), [(str(n), str(n)) for n in (2, 3, 4)], cls)


def script_url(page_url: str, script: str) -> str:
    """The page's relative URL of a site script (``../assets/js/app.js``)."""
    depth = len([part for part in page_url.split("/") if part])
    return "../" * depth + script


def page_words(lang: str, prefix: str) -> str:
    """The JSON of a page's words for its script: every key under ``prefix``, without it."""
    words = {k[len(prefix) :]: v for k, v in strings(lang).items() if k.startswith(prefix)}
    return json.dumps(words, ensure_ascii=False, separators=(",", ":"))
