"""MkDocs build hook: the progress page's app, drawn from a ``progress`` fence.

In ``docs/progress*.md`` a fenced block of language ``progress`` (its body empty) becomes
the reader's progress: a summary line, the practice matches by game and opponents (a
table), three charts each with a table of the same figures (points per round, the share of
decisions well played in the matches reviewed, the puzzle rating), the best puzzle streak,
and the profile: export it to one file, import one, or erase everything, asked first. The
script (``assets/js/progress.js``) reads what the browser keeps (the practice page's
finished matches, the puzzles page's progress) and has the rules engine draw every figure
and check every file; without script, only a line saying so shows.

Every visible word comes from the engine's language tables (``progress_page.*``, and the
engine's ``progress.*`` in its answers), in the page's language; the words the script
shows later go in the root's ``data-words``. A ``progress`` fence with lines in it is a
build problem (``hooks/kit.py``).
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit, engine

from engine.core.words import strings
from hooks import kit
from hooks.app_forms import page_words, script_url
from hooks.kit import SEARCH_EXCLUDE

FENCE = "progress"
SCRIPT = "assets/js/progress.js"
PREFIX = "progress_page."


def _e(value: object) -> str:
    return html.escape(str(value))


def _chart(name: str, level: str) -> str:
    """A chart's section, empty: its title, what it shows, the drawing and its table."""
    return (
        f'<section class="progress__chart progress__{name}" aria-labelledby="progress-{name}" '
        "hidden>"
        f'<{level} id="progress-{name}" class="progress__chart-title"></{level}>'
        '<p class="progress__about"></p><div class="progress__drawing"></div>'
        '<div class="progress__table-wrap"><table class="progress__table">'
        "<thead><tr></tr></thead><tbody></tbody></table></div>"
        '<p class="progress__none" hidden></p>'
        "</section>"
    )


def render(body: str, lang: str, page_url: str) -> str:
    """A ``progress`` fence: the app, hidden until its script runs. Search skips it
    (``data-search-exclude``): the page is indexed by its prose, not its figures."""
    if body.strip():
        raise ValueError("the progress block takes no lines")
    w = {k[len(PREFIX) :]: v for k, v in strings(lang).items() if k.startswith(PREFIX)}
    return (
        f'<div class="progress" {SEARCH_EXCLUDE} data-busy="false" data-state="" '
        f'data-storage="{kit.PROGRESS_STORE}" data-puzzles="{kit.PUZZLES_STORE}" '
        f'data-yours="{kit.YOURS_STORE}" '
        f'data-words="{_e(page_words(lang, PREFIX))}">'
        f'<p class="progress__noscript">{_e(w["needs_script"])}</p>'
        '<div class="progress__app" hidden>'
        '<p class="progress__status" role="status" aria-live="polite"></p>'
        '<p class="progress__summary"></p>'
        '<section class="progress__matches" aria-labelledby="progress-matches">'
        '<h2 id="progress-matches" class="progress__chart-title"></h2>'
        '<div class="progress__table-wrap"><table class="progress__table">'
        "<thead><tr></tr></thead><tbody></tbody></table></div>"
        '<p class="progress__none" hidden></p></section>'
        + _chart("points", "h2")
        + _chart("share", "h2")
        + _chart("rating", "h2")
        + '<p class="progress__streak"></p>'
        '<section class="progress__profile" aria-labelledby="progress-profile">'
        f'<h2 id="progress-profile">{_e(w["profile"])}</h2>'
        f'<p class="progress__profile-about">{_e(w["profile_about"])}</p>'
        '<p class="progress__actions">'
        + kit.button("progress__export", w["export"], primary=True)
        + "</p>"
        f'<p class="progress__field"><label for="progress-file">{_e(w["import"])}</label>'
        '<input id="progress-file" type="file" accept=".json,application/json" '
        'aria-describedby="progress-file-help">'
        f'<span class="progress__help" id="progress-file-help">{_e(w["import_help"])}</span>'
        "</p>"
        '<p class="progress__actions">'
        + kit.button("progress__reset", w["reset"])
        + "</p></section>"
        + kit.confirm_dialog("progress")
        + "</div></div>"
        f'<script type="module" src="{script_url(page_url, SCRIPT)}"></script>'
    )


kit.fence(FENCE, "progress block", lambda body, page: render(body, page.lang, page.url))
