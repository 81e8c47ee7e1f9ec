"""MkDocs build hook: the scorepad page's app, drawn from a ``scorepad`` fence.

In ``docs/scorepad*.md`` a fenced block of language ``scorepad`` (its body empty) becomes
the scorepad: a score sheet for rounds played with real tiles. The set-up form (the game,
the options of the Danish house rules in plain words, 2 to 4 players, optional names),
the sheet's table, the round entry form and the tools are written here, every visible
word from the engine's language tables (``engine.lang``, keys ``page.scorepad.*``) in the
page's language; the words the script shows later (labels of per-seat fields, messages)
are handed to it in the root's ``data-words``. The script (``assets/js/scorepad.js``)
has the rules engine in the reader's browser score every round (``engine.scorepad``
through ``engine.web``); without script, only a line saying so shows.

A missing word (an option or one of its values included) is a build warning, so
``mkdocs build --strict`` fails, never an engine name on the page.
"""

from __future__ import annotations

import html
import json
import sys
from pathlib import Path
from typing import Any

from mkdocs.plugins import get_plugin_logger

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.lang import strings as _strings  # noqa: E402
from engine.lang import text as _text  # noqa: E402
from engine.rules import PRESETS as _PRESETS  # noqa: E402
from engine.rules import option_choices as _option_choices  # noqa: E402
from engine.scorepad import MAX_NAME as _MAX_NAME  # noqa: E402

log = get_plugin_logger("scorepad")

DEFAULT_LANG = "en"
PREFIX = "page.scorepad."
SCRIPT = "assets/js/scorepad.js"
OPTIONS_PRESET = "block-dk"
"""The preset whose options the set-up form shows."""
SEATS = (1, 2, 3, 4)

# The page being rendered: custom fence formatters get no page (one page at a time).
_page: dict[str, str] = {"lang": DEFAULT_LANG, "src": "?", "url": ""}


class MissingWords(ValueError):
    """A word the page needs is not in the language's table."""


def _word(lang: str, key: str) -> str:
    table = _strings(lang)
    if PREFIX + key not in table:
        raise MissingWords(f"the language table {lang} has no {PREFIX + key!r}")
    return table[PREFIX + key]


def _e(value: str) -> str:
    return html.escape(value)


def value_key(value: Any) -> str:
    """The last part of an option value's word key: ``none``, ``true``, ``false``, or the
    value itself (``7``, ``total``)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def value_words(lang: str, option: str, value: Any) -> str:
    """An option value in plain words: its own key, or the option's ``value`` pattern
    (``{points} points`` for a target)."""
    table = _strings(lang)
    key = f"{PREFIX}option.{option}.{value_key(value)}"
    if key in table:
        return table[key]
    pattern = f"{PREFIX}option.{option}.value"
    if pattern in table:
        return table[pattern].format(points=value)
    raise MissingWords(f"the language table {lang} has no {key!r}")


def _select(ident: str, label: str, options: list[tuple[str, str]], **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{_e(v)}"' for k, v in attrs.items())
    opts = "".join(f'<option value="{_e(v)}">{_e(words)}</option>' for v, words in options)
    return (
        f'<p class="scorepad__field"><label for="{ident}">{_e(label)}</label>'
        f'<select id="{ident}"{extra}>{opts}</select></p>'
    )


def _button(cls: str, key: str, lang: str, primary: bool = False, submit: bool = False) -> str:
    kind = "domino-button domino-button--primary" if primary else "domino-button"
    kind_attr = "submit" if submit else "button"
    return f'<button type="{kind_attr}" class="{kind} {cls}">{_e(_word(lang, key))}</button>'


def render_setup(lang: str) -> str:
    """The set-up form: the game, its options, the players and their names, Start."""
    w = lambda key: _word(lang, key)  # noqa: E731
    presets = [(p, w(f"preset.{p}")) for p in _PRESETS]
    fields = [_select("scorepad-preset", w("game"), presets)]
    options = []
    for name, values in _option_choices(OPTIONS_PRESET).items():
        choices = [(json.dumps(v), value_words(lang, name, v)) for v in values]
        attrs = {"data_option": name}
        if name == "partnerships":
            attrs["aria_describedby"] = "scorepad-partners-note"
        options.append(_select(f"scorepad-option-{name}", w(f"option.{name}"), choices, **attrs))
    options.append(
        f'<p class="scorepad__help" id="scorepad-partners-note">{_e(w("partners_need_four"))}</p>'
    )
    fields.append(
        f'<fieldset class="scorepad__options" data-preset="{OPTIONS_PRESET}">'
        f"<legend>{_e(w('options'))}</legend>{''.join(options)}</fieldset>"
    )
    fields.append(_select("scorepad-players", w("players"), [(str(n), str(n)) for n in (2, 3, 4)]))
    names = "".join(
        f'<p class="scorepad__field" data-seat="{seat}">'
        f'<label for="scorepad-name-{seat}">{_e(_text(lang, PREFIX + "name_label", seat=seat))}'
        f'</label><input id="scorepad-name-{seat}" type="text" maxlength="{_MAX_NAME}" '
        'autocomplete="off"></p>'
        for seat in SEATS
    )
    fields.append(
        f'<fieldset class="scorepad__names"><legend>{_e(w("names"))}</legend>{names}</fieldset>'
    )
    return (
        '<form class="scorepad__setup" novalidate>'
        f"<h2>{_e(w('setup'))}</h2>{''.join(fields)}"
        '<p class="scorepad__actions">'
        + _button("scorepad__start", "start", lang, primary=True, submit=True)
        + _button("scorepad__back", "back", lang)
        + "</p></form>"
    )


def render_sheet(lang: str) -> str:
    """The sheet: the match's line, the rounds' table, the entry form and the tools. The
    script fills the table and the per-seat fields from the engine's view."""
    w = lambda key: _word(lang, key)  # noqa: E731
    entry = (
        '<form class="scorepad__entry" novalidate>'
        '<h3 class="scorepad__entry-title" tabindex="-1"></h3>'
        '<p class="scorepad__field"><label for="scorepad-went-out">'
        f'{_e(w("went_out"))}</label><select id="scorepad-went-out"></select></p>'
        f'<fieldset class="scorepad__hands"><legend>{_e(w("pips_help"))}</legend>'
        '<div class="scorepad__hand-fields"></div></fieldset>'
        f'<fieldset class="scorepad__play" hidden><legend>{_e(w("play_help"))}</legend>'
        '<div class="scorepad__play-fields"></div></fieldset>'
        '<p class="scorepad__field scorepad__double" hidden>'
        '<input id="scorepad-last-double" type="checkbox">'
        f'<label for="scorepad-last-double">{_e(w("last_double"))}</label></p>'
        '<p class="scorepad__actions">'
        + _button("scorepad__add", "add", lang, primary=True, submit=True)
        + _button("scorepad__cancel", "cancel", lang)
        + "</p></form>"
    )
    tools = (
        f'<div class="scorepad__tools" role="group" aria-label="{_e(w("tools"))}">'
        + _button("scorepad__remove", "remove_last", lang)
        + _button("scorepad__export", "export", lang)
        + _button("scorepad__new", "new_sheet", lang)
        + "</div>"
    )
    return (
        '<div class="scorepad__sheet" hidden>'
        f"<h2>{_e(w('sheet'))}</h2>"
        '<p class="scorepad__match" aria-live="polite"></p>'
        '<div class="scorepad__table-wrap" role="region" tabindex="0" '
        f'aria-label="{_e(w("table_caption"))}">'
        '<table class="scorepad__table">'
        f'<caption class="domino-sr-only">{_e(w("table_caption"))}</caption>'
        "<thead><tr></tr></thead><tbody></tbody></table></div>"
        f'<p class="scorepad__empty">{_e(w("no_rounds"))}</p>'
        '<p class="scorepad__over" hidden>'
        + _e(w("match_over"))
        + "</p>"
        + entry
        + tools
        + "</div>"
    )


def script_url(page_url: str) -> str:
    """The page's relative URL of the app's script (``../assets/js/scorepad.js``)."""
    depth = len([part for part in page_url.split("/") if part])
    return "../" * depth + SCRIPT


def render_scorepad(source: str, lang: str, page_url: str) -> str:
    """The scorepad app in ``lang``: hidden until its script runs."""
    if source.strip():
        raise ValueError("the scorepad block takes no lines")
    table = _strings(lang)
    words = {k[len(PREFIX) :]: v for k, v in table.items() if k.startswith(PREFIX)}
    # An empty name shows as the engine shows it ("Seat 2"), in the per-seat fields too.
    words["seat"] = table["scorepad.seat"]
    data = json.dumps(words, ensure_ascii=False, separators=(",", ":"))
    return (
        f'<div class="scorepad" data-phase="setup" data-busy="false" data-words="{_e(data)}">'
        f'<p class="scorepad__noscript">{_e(words["needs_script"])}</p>'
        f'<div class="scorepad__app" hidden aria-label="{_e(words["label"])}" role="region">'
        '<p class="scorepad__status" role="status" aria-live="polite"></p>'
        + render_setup(lang)
        + render_sheet(lang)
        + '<p class="scorepad__field scorepad__import-field">'
        f'<label for="scorepad-import">{_e(words["import"])}</label>'
        '<input id="scorepad-import" class="scorepad__import" type="file" '
        'accept=".json,application/json"></p>'
        "</div></div>"
        f'<script type="module" src="{script_url(page_url)}"></script>'
    )


def scorepad_fence(
    source: str, language: str, class_name: str, options: Any, md: Any, **kw: Any
) -> str:
    try:
        return render_scorepad(source, _page["lang"], _page["url"])
    except Exception as e:  # a missing word or a bad block alike
        log.warning(f"{_page['src']}: bad scorepad block ({e})")
        return (
            '<div class="admonition failure"><p class="admonition-title">Build error</p>'
            f"<p>{_e(str(e))}</p></div>"
        )


FENCE = {"name": "scorepad", "class": "scorepad", "format": scorepad_fence}


def on_config(config: Any) -> Any:
    # static-i18n runs on_config once per language on the same config: add the fence once.
    superfences = config.mdx_configs.setdefault("pymdownx.superfences", {})
    fences = superfences.setdefault("custom_fences", [])
    if FENCE["name"] not in {f["name"] for f in fences}:
        fences.append(FENCE)
    return config


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    _page["lang"] = getattr(page.file, "locale", None) or DEFAULT_LANG
    _page["src"] = page.file.src_uri
    _page["url"] = page.url
    return markdown
