"""MkDocs build hook: the review page's app, drawn from a ``review`` fence.

In ``docs/review*.md`` a fenced block of language ``review`` (its body empty) becomes the
review: a form to open a record file (the practice page's download, or any round or
match record) or paste one, the choice of the seat to review (and of the round, in a
match record), and the review panel (``hooks/review_panel.py``, which the practice page
draws too). The script (``assets/js/review.js``) has the rules engine in the reader's
browser read the record and review it; without script, only a line saying so shows.

Every visible word comes from the engine's language tables (``review_page.*``), in the
page's language; the words the script shows later go in the root's ``data-words``. What
the reader opens or pastes is bounded before it is read (``store.js``, by the engine's
``MAX_STORE`` and ``MAX_DEPTH``), then sent as text to the engine, which parses and
checks it: its message tells a bad record in the page's language (a text that is not
JSON by the line and column where it breaks); a refused record changes nothing on the
page. A ``review`` fence with lines in it is a build problem (``hooks/kit.py``).
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit, engine

from hooks import kit
from hooks.app_forms import script_url
from hooks.kit import SEARCH_EXCLUDE
from hooks.review_panel import render_panel, words

FENCE = "review"
SCRIPT = "assets/js/review.js"
PANEL_ID = "review-panel"


def _e(value: object) -> str:
    return html.escape(str(value))


def render_form(lang: str) -> str:
    """The record (a file or a pasted text), then, once the engine has read one, the
    seat and the round to review."""
    w = words(lang)
    field = "review-page__field"
    return (
        '<form class="review-page__form" novalidate>'
        f'<h2 id="review-record-title">{_e(w["record"])}</h2>'
        f'<p class="{field}"><label for="review-file">{_e(w["file"])}</label>'
        '<input id="review-file" type="file" accept=".json,.jsonl,.txt,application/json,'
        'text/plain" aria-describedby="review-file-help">'
        f'<span class="review-page__help" id="review-file-help">{_e(w["file_help"])}</span></p>'
        f'<p class="{field} review-page__paste"><label for="review-text">{_e(w["paste"])}</label>'
        '<textarea id="review-text" rows="5" spellcheck="false" autocomplete="off" '
        'autocapitalize="off" aria-describedby="review-text-help"></textarea>'
        f'<span class="review-page__help" id="review-text-help">{_e(w["paste_help"])}</span></p>'
        '<p class="review-page__actions">' + kit.button("review-page__read", w["read"]) + "</p>"
        '<p class="review-page__status" role="status" aria-live="polite"></p>'
        '<div class="review-page__choice" hidden>'
        '<p class="review-page__game"></p>'
        f'<p class="{field}"><label for="review-seat">{_e(w["seat"])}</label>'
        '<select id="review-seat"></select></p>'
        f'<p class="{field} review-page__round" hidden>'
        f'<label for="review-round">{_e(w["round"])}</label>'
        '<select id="review-round"></select></p>'
        '<p class="review-page__actions">'
        + kit.button("review-page__start", w["start"], primary=True, submit=True)
        + "</p>"
        "</div></form>"
    )


def render(body: str, lang: str, page_url: str) -> str:
    """A ``review`` fence: the app, hidden until its script runs. Search skips it
    (``data-search-exclude``): the page is indexed by its prose, not its controls."""
    if body.strip():
        raise ValueError("the review block takes no lines")
    w = words(lang)
    return (
        f'<div class="review-page" {SEARCH_EXCLUDE} data-busy="false">'
        f'<p class="review-page__noscript">{_e(w["needs_script"])}</p>'
        '<div class="review-page__app" hidden>'
        + render_form(lang)
        + render_panel(lang, PANEL_ID)
        + "</div></div>"
        f'<script type="module" src="{script_url(page_url, SCRIPT)}"></script>'
    )


kit.fence(FENCE, "review block", lambda body, page: render(body, page.lang, page.url))
