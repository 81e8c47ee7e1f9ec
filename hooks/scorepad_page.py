"""MkDocs build hook: the scorepad page's app, drawn from a ``scorepad`` fence.

In ``docs/scorepad*.md`` a fenced block of language ``scorepad`` (its body empty) becomes
the scorepad: a score sheet for rounds played with real tiles. The set-up form (the game,
the options of the Danish house rules in plain words, 2 to 4 players, optional names), the
sheet's table, the round entry form and the tools are written here, every visible word from
the engine's language tables (``engine.lang``, keys ``page.scorepad.*``, and the set-up
words it shares with the practice page, ``game.*`` and ``option.*``, see
``hooks/app_forms.py``) in the page's language; the words the script shows later (labels of
per-seat fields, messages) are handed to it in the root's ``data-words``. The script
(``assets/js/scorepad.js``) has the rules engine in the reader's browser score every round
(``engine.features.scorepad`` through ``engine.presentation.web``); without script, only a
line saying so shows.

A missing word (an option or one of its values included) is a build problem
(``hooks/kit.py``: a strict build fails, at any verbosity), never an engine name on the
page; so is a ``scorepad`` fence with lines in it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit, engine

from engine.core.words import text as _text
from engine.features.scorepad import MAX_NAME as _MAX_NAME
from hooks import kit
from hooks.app_forms import (
    OPTIONS_PRESET,
    game_select,
    option_selects,
    page_words,
    players_select,
    script_url,
    select,
    word,
)
from hooks.app_forms import e as _e
from hooks.kit import SEARCH_EXCLUDE

PREFIX = "page.scorepad."
SCRIPT = "assets/js/scorepad.js"
SEATS = (1, 2, 3, 4)


def _word(lang: str, key: str) -> str:
    return word(lang, PREFIX + key)


def _select(ident: str, label: str, options: list[tuple[str, str]], **attrs: str) -> str:
    return select(ident, label, options, "scorepad__field", **attrs)


def render_setup(lang: str) -> str:
    """The set-up form: the game, its options, the players and their names, Start."""

    def w(key: str) -> str:
        return _word(lang, key)

    fields = [game_select(lang, "scorepad-preset", "scorepad__field")]
    options = option_selects(lang, "scorepad", "scorepad__field", "scorepad-partners-note")
    options.append(
        f'<p class="scorepad__help" id="scorepad-partners-note">{_e(w("partners_need_four"))}</p>'
    )
    fields.append(
        f'<fieldset class="scorepad__options" data-preset="{OPTIONS_PRESET}">'
        f"<legend>{_e(word(lang, 'game.options'))}</legend>{''.join(options)}</fieldset>"
    )
    fields.append(players_select(lang, "scorepad-players", "scorepad__field"))
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
        + kit.button("scorepad__start", w("start"), primary=True, submit=True, id="scorepad-start")
        + kit.button("scorepad__back", w("back"))
        + "</p></form>"
    )


def render_sheet(lang: str) -> str:
    """The sheet: the match's line, the rounds' table, the entry form and the tools. The
    script fills the table and the per-seat fields from the engine's view."""

    def w(key: str) -> str:
        return _word(lang, key)

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
        + kit.button("scorepad__add", w("add"), primary=True, submit=True, id="scorepad-add")
        + kit.button("scorepad__cancel", w("cancel"))
        + "</p></form>"
    )
    tools = (
        f'<div class="scorepad__tools" role="group" aria-label="{_e(w("tools"))}">'
        + kit.button("scorepad__remove", w("remove_last"))
        + kit.button("scorepad__export", w("export"))
        + kit.button("scorepad__new", w("new_sheet"))
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
        "<thead></thead></table></div>"
        f'<p class="scorepad__empty">{_e(w("no_rounds"))}</p>'
        '<p class="scorepad__over" hidden>'
        + _e(w("match_over"))
        + "</p>"
        + entry
        + tools
        + "</div>"
    )


def render_confirm() -> str:
    """The dialog that asks before rounds are lost; the script puts its words in."""
    return (
        '<dialog class="scorepad__confirm" aria-labelledby="scorepad-confirm-text">'
        '<form method="dialog"><p class="scorepad__confirm-text" id="scorepad-confirm-text"></p>'
        '<p class="scorepad__actions">'
        '<button type="submit" value="no" class="domino-button scorepad__confirm-no"></button>'
        '<button type="submit" value="yes" '
        'class="domino-button domino-button--primary scorepad__confirm-yes"></button>'
        "</p></form></dialog>"
    )


def render_scorepad(source: str, lang: str, page_url: str) -> str:
    """The scorepad app in ``lang``: hidden until its script runs."""
    if source.strip():
        raise ValueError("the scorepad block takes no lines")
    words = json.loads(page_words(lang, PREFIX))
    data = json.dumps(words, ensure_ascii=False, separators=(",", ":"))
    return (
        # The whole app is controls, left out of the search index (hooks/search_fold.py):
        # the page's prose around it is what a search finds.
        f'<div class="scorepad" {SEARCH_EXCLUDE} data-phase="setup" data-busy="false" '
        f'data-words="{_e(data)}">'
        f'<p class="scorepad__noscript">{_e(words["needs_script"])}</p>'
        f'<div class="scorepad__app" hidden aria-label="{_e(words["label"])}" role="region">'
        '<p class="scorepad__status" role="status" aria-live="polite"></p>'
        + render_setup(lang)
        + render_sheet(lang)
        + '<p class="scorepad__field scorepad__import-field">'
        f'<label for="scorepad-import">{_e(words["import"])}</label>'
        '<input id="scorepad-import" class="scorepad__import" type="file" '
        'accept=".json,application/json"></p>' + render_confirm() + "</div></div>"
        f'<script type="module" src="{script_url(page_url, SCRIPT)}"></script>'
    )


kit.fence(
    "scorepad", "scorepad block", lambda body, page: render_scorepad(body, page.lang, page.url)
)
