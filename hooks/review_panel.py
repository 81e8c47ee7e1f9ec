"""The review of a round as the pages show it (a plain module, not a hook).

Two pages show a round's review: the review page (``hooks/review_page.py``, a record the
reader opens or pastes) and the practice page (``hooks/practice_page.py``, "Review this
round" at a round's end). Both draw the same panel, empty, with :func:`render_panel`, and
its script (``assets/js/review-panel.js``) fills it from the engine's review in the reader's
browser (``engine.presentation.views.review`` through ``engine.presentation.web``:
``review_decisions``, then one ``review_judge`` per decision, then ``review_summary``): the
title and the game, a progress bar while the decisions are judged (with a button that stops
it and one that goes on), the decisions one at a time (the table then, the tiles in hand,
the mark and the verdict, the reason, the move made and the engine's choice drawn, what was
known, every move's value, how it was valued), and the summary of the round (its graph, and
"learn from your mistakes": each decision marked a mistake or a blunder replayed, one move
tried at a time, ``review_retry``) and of the match.

Every word comes from the engine: the panel's own (``review_page.*``, handed to the
script in the panel's ``data-words``, filled with a plain ``{name}`` replace: no plural
fields) and those of the review itself (``review.*``, in the engine's answers).
"""

from __future__ import annotations

import html
import json

from engine.core.words import strings
from hooks import kit

PREFIX = "review_page."
"""The language tables' keys of the review's page words."""


def _e(value: object) -> str:
    return html.escape(str(value))


def words(lang: str) -> dict[str, str]:
    """Every ``review_page.*`` word of ``lang``, without the prefix (a missing one is a
    ``KeyError`` when the panel is drawn: a build problem)."""
    table = strings(lang)
    return {k[len(PREFIX) :]: v for k, v in table.items() if k.startswith(PREFIX)}


def words_json(lang: str) -> str:
    return json.dumps(words(lang), ensure_ascii=False, separators=(",", ":"))


def render_panel(lang: str, ident: str, level: int = 2) -> str:
    """The review panel, hidden and empty, its ids under ``ident``; its title a heading
    of ``level`` (2 on the review page, 3 inside the practice page's end of a round),
    its parts' headings one level below (``data-level``, for those the script writes)."""
    w = words(lang)
    h, sub = f"h{level}", f"h{level + 1}"
    return (
        f'<section class="review" id="{ident}" aria-labelledby="{ident}-title" '
        f'data-state="" data-busy="false" data-level="{level + 1}" '
        f'data-words="{_e(words_json(lang))}" hidden>'
        f'<{h} class="review__title" id="{ident}-title" tabindex="-1"></{h}>'
        '<p class="review__game"></p>'
        '<p class="review__intro"></p>'
        '<div class="review__progress" hidden>'
        f'<label class="review__progress-label" for="{ident}-progress">{_e(w["judging"])}</label>'
        f'<progress class="review__bar" id="{ident}-progress" max="1" value="0"></progress>'
        '<span class="review__count"></span>'
        f"{kit.button('review__cancel', w['cancel'])}"
        "</div>"
        '<p class="review__stopped" hidden><span class="review__stopped-text"></span> '
        f"{kit.button('review__resume', w['resume'])}</p>"
        f'<div class="review__decisions" role="group" aria-label="{_e(w["steps"])}" hidden>'
        '<div class="review__nav">'
        f"{kit.button('review__prev', w['prev'])}"
        '<span class="review__where" aria-hidden="true"></span>'
        f"{kit.button('review__next', w['next'], primary=True)}"
        "</div>"
        '<div class="review__step"></div>'
        '<p class="review__live domino-sr-only" aria-live="polite"></p>'
        "</div>"
        '<div class="review__summary" hidden>'
        f'<{sub} class="review__summary-title">{_e(w["summary"])}</{sub}>'
        '<p class="review__share"></p>'
        '<ul class="review__marks"></ul>'
        '<div class="review__key" hidden>'
        f'<p class="review__key-title"></p><ul class="review__key-list"></ul></div>'
        '<div class="review__graph" hidden>'
        '<p class="review__graph-title"></p><p class="review__graph-about"></p>'
        '<div class="review__graph-drawing"></div><p class="review__graph-turn"></p>'
        '<div class="review__graph-table-wrap"><table class="review__graph-table">'
        "<thead><tr></tr></thead><tbody></tbody></table></div></div>"
        '<div class="review__learn" hidden>'
        '<p class="review__learn-title"></p><p class="review__learn-about"></p>'
        '<p class="review__learn-count"></p><p class="review__learn-tally"></p>'
        f"{kit.button('review__learn-start', w['learn_start'], primary=True)}"
        f'<div class="review__retry" id="{ident}-retry" tabindex="-1" hidden>'
        '<p class="review__retry-where"></p>'
        '<div class="review__retry-step"></div>'
        f'<div class="review__retry-moves" role="group" aria-label="{_e(w["learn_moves"])}">'
        "</div>"
        '<p class="review__retry-said" role="status" aria-live="polite"></p>'
        '<div class="review__retry-nav">'
        f"{kit.button('review__retry-show', w['learn_show'])}"
        f"{kit.button('review__retry-skip', w['learn_skip'])}"
        f"{kit.button('review__retry-next', w['learn_next'], primary=True, hidden=True)}"
        f"{kit.button('review__retry-end', w['learn_end'])}"
        "</div></div></div>"
        "</div>"
        '<div class="review__match" hidden>'
        f'<{sub} class="review__match-title">{_e(w["match"])}</{sub}>'
        '<p class="review__match-share"></p>'
        '<ul class="review__match-rounds"></ul>'
        '<p class="review__match-count"></p>'
        "</div>"
        '<p class="review__said domino-sr-only" role="status" aria-live="polite"></p>'
        "</section>"
    )
