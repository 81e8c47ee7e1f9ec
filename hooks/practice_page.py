"""MkDocs build hook: the practice page's app, drawn from a ``practice`` fence.

In ``docs/practice*.md`` a fenced block of language ``practice`` (its body empty) becomes
the practice game: the set-up form, the table, the reader's tiles, the buttons, the
score and the round's log. Every visible word comes from the engine's language tables
(``engine.lang``, keys ``page.practice.*``, ``level.*``, and the set-up words it shares
with the scorepad, ``game.*`` and ``option.*``, see ``hooks/app_forms.py``), in the page's
language; the words the page's script shows later (messages, counts, phase names) are
handed to it in the root's ``data-words``. The script (``assets/js/practice.js``) plays
the game with the rules engine in the reader's browser; without script, only a line
saying so shows.

The set-up form shows each option of the Danish house rules
(``engine.rules.option_choices("block-dk")``) in plain words: a missing translation of an
option or of one of its values is a build warning (so ``mkdocs build --strict`` fails),
never an engine name on the page.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from mkdocs.plugins import get_plugin_logger

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.lang import text as _text  # noqa: E402
from engine.players import LEVELS as _LEVELS  # noqa: E402
from engine.practice import MAX_SEED as _MAX_SEED  # noqa: E402
from hooks.app_forms import (  # noqa: E402
    OPTIONS_PRESET,
    FencePage,
    game_select,
    option_selects,
    page_words,
    players_select,
    script_url,
    select,
    word,
)
from hooks.app_forms import e as _e  # noqa: E402

log = get_plugin_logger("practice")

PREFIX = "page.practice."
SCRIPT = "assets/js/practice.js"
PACE_MS = 800
"""The pause between two of the computer's moves shown one at a time."""


def _word(lang: str, key: str) -> str:
    return word(lang, key)


def _select(ident: str, label: str, options: list[tuple[str, str]], **attrs: str) -> str:
    return select(ident, label, options, "practice__field", **attrs)


def render_setup(lang: str) -> str:
    """The set-up form: game, its options, players, levels, seed, Start."""
    w = lambda key: _word(lang, PREFIX + key)  # noqa: E731
    fields = [game_select(lang, "practice-preset", "practice__field", name="preset")]
    options = option_selects(lang, "practice", "practice__field", "practice-partners-note")
    options = [
        field.replace(
            "</select></p>",
            f'</select><span class="practice__help" id="practice-partners-note">'
            f"{_e(w('partners_need_four'))}</span></p>",
        )
        if 'data-option="partnerships"' in field
        else field
        for field in options
    ]
    fields.append(
        f'<fieldset class="practice__options" data-preset="{OPTIONS_PRESET}">'
        f"<legend>{_e(_word(lang, 'game.options'))}</legend>{''.join(options)}</fieldset>"
    )
    fields.append(players_select(lang, "practice-players", "practice__field"))
    levels = [(level, _word(lang, f"level.{level}")) for level in _LEVELS]
    for seat in (1, 2, 3):
        fields.append(
            _select(
                f"practice-level-{seat}",
                _text(lang, PREFIX + "seat_level", seat=seat + 1),
                levels,
                data_seat=str(seat),
            ).replace('class="practice__field"', f'class="practice__field" data-seat="{seat}"', 1)
        )
    fields.append(
        f'<p class="practice__field"><label for="practice-seed">{_e(w("seed"))}</label>'
        f'<input id="practice-seed" type="number" inputmode="numeric" min="0" '
        f'max="{_MAX_SEED}" step="1" required aria-describedby="practice-seed-help">'
        f'<span class="practice__help" id="practice-seed-help">{_e(w("seed_help"))}</span></p>'
    )
    return (
        '<form class="practice__setup" novalidate>'
        f"<h2>{_e(w('setup'))}</h2>{''.join(fields)}"
        '<p class="practice__actions">'
        '<button type="submit" class="domino-button domino-button--primary practice__start">'
        f"{_e(w('start'))}</button></p></form>"
    )


def _button(cls: str, key: str, lang: str, primary: bool = False) -> str:
    kind = "domino-button domino-button--primary" if primary else "domino-button"
    return f'<button type="button" class="{kind} {cls}">{_e(_word(lang, PREFIX + key))}</button>'


def render_game(lang: str) -> str:
    """The game: turn, buttons, table, the reader's tiles, the end-of-round panel, the
    seats, the score and the log. The script fills them from the engine's view."""
    w = lambda key: _word(lang, PREFIX + key)  # noqa: E731
    toolbar = "".join(
        [
            _button("practice__hint-button", "hint", lang),
            _button("practice__undo", "undo", lang),
            _button("practice__skip", "skip", lang),
            _button("practice__download", "download", lang),
            _button("practice__new", "new_game", lang),
        ]
    )
    return (
        '<div class="practice__game" hidden>'
        '<p class="practice__round"></p>'
        '<p class="practice__turn" aria-live="polite"></p>'
        f'<div class="practice__toolbar">{toolbar}</div>'
        '<p class="practice__hint" aria-live="polite" hidden></p>'
        '<div class="practice__end" hidden tabindex="-1">'
        '<h2 class="practice__end-title"></h2>'
        '<p class="practice__end-text"></p>'
        f"<h3>{_e(w('hands'))}</h3>"
        '<ul class="practice__hands"></ul>'
        '<p class="practice__next"></p>'
        '<p class="practice__match"></p>'
        '<p class="practice__actions">'
        + _button("practice__next-round", "next_round", lang, primary=True)
        + _button("practice__new-game", "new_game", lang, primary=True)
        + "</p></div>"
        f'<h2 class="practice__table-title">{_e(w("table"))}</h2>'
        '<div class="practice__layout"></div>'
        f'<h2 id="practice-tiles-title">{_e(w("your_tiles"))}</h2>'
        '<div class="practice__tiles" role="group" aria-labelledby="practice-tiles-title"></div>'
        '<div class="practice__ends" role="group" aria-labelledby="practice-which-end" hidden>'
        '<p id="practice-which-end" class="practice__which-end"></p>'
        '<div class="practice__end-buttons"></div>'
        + _button("practice__cancel", "cancel", lang)
        + "</div>"
        f"<h2>{_e(w('seats'))}</h2>"
        '<ul class="practice__seats"></ul>'
        '<p class="practice__boneyard" hidden></p>'
        f"<h2>{_e(w('score'))}</h2>"
        '<div class="practice__score-wrap"><table class="practice__score">'
        '<caption class="practice__target"></caption>'
        f'<thead><tr><th scope="col">{_e(w("side"))}</th>'
        f'<th scope="col">{_e(w("this_round"))}</th>'
        f'<th scope="col">{_e(w("total"))}</th></tr></thead>'
        "<tbody></tbody></table></div>"
        f"<h2>{_e(w('log'))}</h2>"
        '<ol class="practice__log"></ol>'
        "</div>"
    )


def render_practice(source: str, lang: str, page_url: str) -> str:
    """The practice app in ``lang``: hidden until its script runs."""
    if source.strip():
        raise ValueError("the practice block takes no lines")
    data = page_words(lang, PREFIX)
    words = json.loads(data)
    return (
        f'<div class="practice" data-phase="setup" data-busy="false" data-pace="{PACE_MS}" '
        f'data-max-seed="{_MAX_SEED}" data-words="{_e(data)}">'
        f'<p class="practice__noscript">{_e(words["needs_script"])}</p>'
        '<div class="practice__app" hidden>'
        '<p class="practice__status" role="status" aria-live="polite"></p>'
        + render_setup(lang)
        + render_game(lang)
        + '<p class="practice__phase domino-sr-only" aria-live="polite"></p>'
        "</div></div>"
        f'<script type="module" src="{script_url(page_url, SCRIPT)}"></script>'
    )


PAGE = FencePage("practice", render_practice, log.warning)


def on_config(config: Any) -> Any:
    return PAGE.register(config)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    PAGE.track(page)
    return markdown
