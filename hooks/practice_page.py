"""MkDocs build hook: the practice page's app, drawn from a ``practice`` fence.

In ``docs/practice*.md`` a fenced block of language ``practice`` (its body empty) becomes
the practice game: the set-up form, the table, the reader's tiles, the buttons, the
score and the round's log; at a round's end, "Review this round" (from the second
round on, with a chooser of any finished round of the match) and the review panel it
fills (``hooks/review_panel.py``, the review page's too). Every visible word comes
from the engine's language tables (``engine.lang``, keys ``page.practice.*``,
``level.*``, the review's ``review_page.*``, and the set-up words it shares with the
scorepad, ``game.*`` and ``option.*``, see ``hooks/app_forms.py``), in the page's
language; the words the page's script shows later (messages, counts, phase names) are
handed to it in the root's ``data-words``. The script (``assets/js/practice.js``) plays
the game with the rules engine in the reader's browser; without script, only a line
saying so shows.

The set-up form shows each option of the Danish house rules
(``engine.core.rules.option_choices("block-dk")``) in plain words: a missing translation of an
option or of one of its values is a build problem (``hooks/kit.py``: a strict build
fails, at any verbosity), never an engine name on the page; so is a ``practice`` fence
with lines in it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit, engine

from engine.core.boundary import MAX_SEED as _MAX_SEED
from engine.core.errors import DominoError as _DominoError
from engine.core.rules import Rules as _Rules
from engine.core.words import text as _text
from engine.features.practice import MAX_QUERY as _MAX_QUERY
from engine.players import LEVELS as _LEVELS
from engine.presentation.svg import UNIT as _UNIT
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
from hooks.review_panel import render_panel
from hooks.review_panel import words as review_words

PREFIX = "page.practice."
SCRIPT = "assets/js/practice.js"
PACES = {"slow": 1600, "normal": 800, "quick": 300, "instant": 0}
"""The pauses (ms) the reader may choose between two of the computer's moves."""
PACE = "normal"
"""The pace of a reader who has not chosen one."""
REVIEW_ID = "practice-review"
"""The id of the review of a finished round (``hooks/review_panel.py``)."""
REVIEW_ROUND_ID = "practice-review-round"
"""The id of the chooser of the finished round to review."""
KEYS = [
    ("1–9", "1 2 3 4 5 6 7 8 9", "tile"),
    ("H", "h", "hint"),
    ("U", "u", "undo"),
    ("E", "e", "ends"),
    ("L", "l", "last"),
    ("W", "w", "turn"),
    ("T", "t", "table"),
    ("Esc", "Escape", "cancel"),
    ("?", "?", "help"),
]
"""The table's keyboard shortcuts: what the help lists (the key as shown), the keys
that press it (``KeyboardEvent.key``, a letter in either case) and the action the
script wires it to. The script reads them from the help panel, so they are written
once, here."""


def render_keys(lang: str) -> str:
    """The help panel of the table's keyboard shortcuts, a dialog opened by "?" or the
    menu; each line carries its keys and action for the script."""
    rows = "".join(
        f'<li data-action="{action}" data-keys="{_e(keys)}"><kbd>{_e(shown)}</kbd> '
        f"{_e(_word(lang, PREFIX + 'keys.' + action))}</li>"
        for shown, keys, action in KEYS
    )
    return (
        '<dialog class="practice__keys" aria-labelledby="practice-keys-title">'
        f'<h2 id="practice-keys-title">{_e(_word(lang, PREFIX + "keys_title"))}</h2>'
        f'<ul class="practice__keys-list">{rows}</ul>'
        '<form method="dialog"><p class="practice__confirm-actions">'
        '<button type="submit" class="domino-button domino-button--primary">'
        f"{_e(_word(lang, PREFIX + 'keys_close'))}</button></p></form></dialog>"
    )


def partnership_players() -> list[int]:
    """The player counts the engine's rules accept in partnerships (``[4]``): the form's
    partnerships control is enabled only for them (``data-needs-players``)."""
    rules = _Rules.make(OPTIONS_PRESET, partnerships=True)
    counts = []
    for players in (2, 3, 4):
        try:
            rules.check_players(players)
        except _DominoError:
            continue
        counts.append(players)
    return counts


def _word(lang: str, key: str) -> str:
    return word(lang, key)


def _select(ident: str, label: str, options: list[tuple[str, str]], **attrs: str) -> str:
    return select(ident, label, options, "practice__field", **attrs)


def render_setup(lang: str) -> str:
    """The set-up form: game, players, the game's options, levels, seed, Start. Each
    control comes after the one it depends on; the partnerships choice says which player
    counts allow it (``data-needs-players``, from the engine's rules)."""

    def w(key: str) -> str:
        return _word(lang, PREFIX + key)

    fields = [game_select(lang, "practice-preset", "practice__field", name="preset")]
    fields.append(players_select(lang, "practice-players", "practice__field"))
    needs = " ".join(str(n) for n in partnership_players())
    options = option_selects(lang, "practice", "practice__field", "practice-partners-note")
    options = [
        field.replace(
            'data-option="partnerships"',
            f'data-option="partnerships" data-needs-players="{needs}"',
        ).replace(
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
        + kit.button("practice__start", w("start"), primary=True, submit=True)
        + kit.button("practice__back", w("back_to_game"))
        + "</p></form>"
    )


def render_game(lang: str) -> str:
    """The game: one screen's table (the round and turn line, the buttons, the layout,
    the reader's tiles, the seats and the score), then the end-of-round panel (with the
    round's review, and the chooser of the round to review once two are finished), the
    finished rounds and the log. The script fills them from the engine's view."""

    def w(key: str) -> str:
        return _word(lang, PREFIX + key)

    menu = (
        '<details class="practice__menu">'
        f'<summary class="domino-button">{_e(w("menu"))}</summary>'
        '<div class="practice__menu-items">'
        + kit.button("practice__download", w("download"), aria_describedby="practice-download-note")
        + '<span class="practice__help practice__download-note" id="practice-download-note">'
        "</span>"
        + kit.button("practice__copy-link", w("copy_link"))
        + kit.button("practice__keys-button", w("keys_title"), aria_haspopup="dialog")
        + '<p class="practice__pace-field"><label for="practice-pace">'
        + f'{_e(w("pace"))}</label><select id="practice-pace">'
        + "".join(
            f'<option value="{ms}"{" selected" if name == PACE else ""}>'
            f"{_e(w('pace.' + name))}</option>"
            for name, ms in PACES.items()
        )
        + "</select></p>"
        + kit.button("practice__new", w("new_game"))
        + "</div></details>"
    )
    toolbar = (
        kit.button("practice__hint-button", w("hint"))
        + kit.button("practice__undo", w("undo"))
        + kit.button("practice__skip", w("skip"))
        + menu
    )
    return (
        '<div class="practice__game" hidden>'
        '<div class="practice__table">'
        f'<h2 id="practice-table-title" class="domino-sr-only">{_e(w("table"))}</h2>'
        '<div class="practice__bar">'
        '<p class="practice__round"></p>'
        '<p class="practice__turn" aria-live="polite"></p>'
        "</div>"
        f'<div class="practice__toolbar">{toolbar}</div>'
        '<div class="practice__board" role="region" tabindex="0" '
        'aria-labelledby="practice-table-title">'
        '<div class="practice__layout"></div></div>'
        '<div class="practice__callouts">'
        '<p class="practice__open-ends"></p>'
        '<p class="practice__last-tile" hidden></p>'
        '<ul class="practice__notes" hidden></ul>'
        '<p class="practice__hint" id="practice-hint" aria-live="polite" hidden></p>'
        '<p class="practice__link" hidden><label for="practice-link">'
        f'{_e(w("link_label"))}</label> <input id="practice-link" type="url" readonly></p>'
        # The round's newest moves, beside the lines above on a wide screen.
        '<div class="practice__feed-wrap">'
        f'<h3 id="practice-feed-title" class="domino-sr-only">{_e(w("feed"))}</h3>'
        '<ol class="practice__feed" aria-labelledby="practice-feed-title"></ol></div>'
        "</div>"
        '<div class="practice__end" hidden tabindex="-1">'
        '<h2 class="practice__end-title"></h2>'
        '<p class="practice__end-text"></p>'
        f"<h3>{_e(w('hands'))}</h3>"
        '<ul class="practice__hands"></ul>'
        '<p class="practice__next"></p>'
        '<p class="practice__match"></p>'
        '<p class="practice__actions">'
        + kit.button("practice__next-round", w("next_round"), primary=True)
        + kit.button("practice__new-game", w("new_game"), primary=True)
        + "</p>"
        # Any finished round of the match may be reviewed: the chooser shows from the
        # second round on (laid out as the review page's fields, review.css).
        '<p class="review-page__field practice__review-choice" hidden>'
        f'<label for="{REVIEW_ROUND_ID}">{_e(review_words(lang)["round"])}</label>'
        f'<select id="{REVIEW_ROUND_ID}"></select></p>'
        '<p class="practice__actions">'
        + kit.button(
            "practice__review", review_words(lang)["review_round"], aria_controls=REVIEW_ID
        )
        + "</p>"
        + render_panel(lang, REVIEW_ID, level=3)
        # Decisions of the round kept among the reader's own puzzles, with the way there.
        + '<p class="practice__yours" hidden><span class="practice__yours-text" '
        'role="status"></span> '
        f'<a class="practice__yours-link" href="../puzzles/#puzzles-yours-title">'
        f"{_e(w('yours_link'))}</a></p></div>"
        '<div class="practice__hand">'
        f'<h3 id="practice-tiles-title" class="domino-sr-only">{_e(w("your_tiles"))}</h3>'
        '<div class="practice__tiles" role="group" aria-labelledby="practice-tiles-title"></div>'
        "</div>"
        # The end choice lies over the hand and what follows it: the board keeps its size.
        '<div class="practice__ends" role="group" aria-labelledby="practice-which-end" hidden>'
        '<div class="practice__ends-head">'
        '<p id="practice-which-end" class="practice__which-end"></p>'
        + kit.button("practice__cancel", w("cancel"))
        + "</div>"
        '<div class="practice__end-buttons"></div></div>'
        '<div class="practice__info">'
        f'<h3 id="practice-seats-title" class="domino-sr-only">{_e(w("seats"))}</h3>'
        '<ul class="practice__seats" aria-labelledby="practice-seats-title"></ul>'
        '<p class="practice__boneyard" hidden></p>'
        '<div class="practice__score-wrap">'
        '<table class="practice__score">'
        f'<caption><span class="domino-sr-only">{_e(w("score"))}. </span>'
        '<span class="practice__target"></span></caption>'
        f'<thead><tr><th scope="col">{_e(w("side"))}</th>'
        f'<th scope="col">{_e(w("this_round"))}</th>'
        f'<th scope="col">{_e(w("total"))}</th></tr></thead>'
        "<tbody></tbody></table></div>"
        "</div></div>"
        f'<section class="practice__history" hidden><h2>{_e(w("history"))}</h2>'
        '<div class="practice__rounds"></div></section>'
        f"<h2>{_e(w('log'))}</h2>"
        '<ol class="practice__log"></ol>'
        "</div>"
    )


def bounds() -> str:
    """The engine's bounds and sizes the page's script needs, as the root's attributes:
    the largest seed, the longest link it reads (``engine.features.practice.MAX_QUERY``) and a
    drawn tile's long side (SVG user units)."""
    return (
        f'data-max-seed="{_MAX_SEED}" data-max-query="{_MAX_QUERY}" data-tile-length="{2 * _UNIT}"'
    )


def render_practice(source: str, lang: str, page_url: str) -> str:
    """The practice app in ``lang``: hidden until its script runs. Search skips it
    (``data-search-exclude``): the page is indexed by its prose, not its controls."""
    if source.strip():
        raise ValueError("the practice block takes no lines")
    data = page_words(lang, PREFIX)
    words = json.loads(data)
    return (
        f'<div class="practice" data-search-exclude data-phase="setup" data-busy="false" '
        f'data-pace="{PACES[PACE]}" data-progress="{kit.PROGRESS_STORE}" '
        f'data-yours="{kit.YOURS_STORE}" {bounds()} '
        f'data-words="{_e(data)}">'
        f'<p class="practice__noscript">{_e(words["needs_script"])}</p>'
        '<div class="practice__app" hidden>'
        '<p class="practice__status" role="status" aria-live="polite"></p>'
        + render_setup(lang)
        + render_game(lang)
        + '<p class="practice__phase domino-sr-only" aria-live="polite"></p>'
        '<div class="practice__said domino-sr-only" role="log" aria-live="polite"></div>'
        + kit.confirm_dialog("practice")
        + render_keys(lang)
        + "</div></div>"
        f'<script type="module" src="{script_url(page_url, SCRIPT)}"></script>'
    )


kit.fence(
    "practice", "practice block", lambda body, page: render_practice(body, page.lang, page.url)
)
