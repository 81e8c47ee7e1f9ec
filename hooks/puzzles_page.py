"""MkDocs build hook: the puzzles page (``docs/puzzles*.md``), and every stored puzzle
checked by the exact solver before any page is rendered.

The check
---------

Before anything is rendered, the outer build checks every puzzle of
``engine/features/puzzles.json`` (:func:`engine.features.puzzles.check_text`): its position
replays, its answer is the one legal move that reaches the solver's best value and every
other is worse by the margin, every stated value and the winning line's points are the
solver's, and its theme, difficulty and rating are what their rules give. Each problem names the
file and the puzzle, and goes to the build's one list (``hooks/kit.py``), so a strict build
with a changed puzzle fails at any verbosity.

The check solves every puzzle (its time is in dev/benchmarks.md). A check that found nothing is
remembered in ``build/puzzle-check/``, under the hash of the data file and of every
engine source it depends on: a build with the same puzzles and the same engine skips it,
any change to either checks again, and a check that found a problem is never remembered.
(``DOMINO_PUZZLES``, a path, checks another file instead: the tests' changed puzzles.)

The fence
---------

A fence ``puzzles`` (its body empty) is the app: the puzzle being played (filled by the
page's script, ``assets/js/puzzles.js``, from the engine's view of the puzzle of the day
or of the one chosen), the reader's progress and streak, the reader's rated puzzles
(the rating, a puzzle near it within the themes chosen, a streak of rising rating), and
every puzzle listed by theme, easiest first, with a choice of difficulty. Every word
comes from the engine's language tables; the words the script shows later go in the
root's ``data-words``.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import sys
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit, engine

from engine.core.words import strings as _strings
from engine.core.words import text as _text
from engine.features import puzzles as _puzzles
from engine.presentation.views import puzzles as _view
from engine.presentation.views import yours as _yours_view
from hooks import kit
from hooks.app_forms import page_words, script_url
from hooks.kit import SEARCH_EXCLUDE

ROOT = Path(__file__).resolve().parent.parent
FENCE = "puzzles"
SCRIPT = "assets/js/puzzles.js"
PREFIX = "page.puzzles."
STORAGE_KEY = kit.PUZZLES_STORE
"""The ``localStorage`` key of the reader's progress, the same in every language."""
CACHE_DIR = ROOT / "build" / "puzzle-check"
DATA_ENV = "DOMINO_PUZZLES"


# ---------------------------------------------------------------------------------------
# The check
# ---------------------------------------------------------------------------------------


def data_file() -> Path:
    """The puzzles the build checks: the engine's, or the file ``DOMINO_PUZZLES`` names."""
    return Path(os.environ.get(DATA_ENV) or _puzzles.DATA)


def check_key(text: str) -> str:
    """The hash of a data file's text and of the engine's sources (its rules, solver,
    players and themes): what a remembered check is valid for."""
    digest = hashlib.sha256(text.encode("utf-8"))
    for path in sorted((ROOT / "engine").rglob("*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def check(path: Path | None = None, cache: Path | None = CACHE_DIR) -> list[str]:
    """Every problem of the puzzles at ``path``, each ``file: puzzle ID: what is wrong``;
    a check that found none is remembered in ``cache`` (``None``: not at all)."""
    path = path or data_file()
    try:
        name = path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        name = path.as_posix()
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        return [f"{name}: cannot be read ({e})"]
    stamp = cache / check_key(text) if cache is not None else None
    if stamp is not None and stamp.exists():
        return []
    found = [f"{name}: {line}" for line in _puzzles.check_text(text)]
    if not found and stamp is not None:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text("checked\n", encoding="utf-8")
    return found


def on_pre_build(config: MkDocsConfig) -> None:
    """Check every stored puzzle before any page is rendered (once, in the outer build)."""
    if kit.outer_build(config):
        for line in check():
            kit.report(line)


# ---------------------------------------------------------------------------------------
# The page
# ---------------------------------------------------------------------------------------


def _e(value: object) -> str:
    return html.escape(str(value))


def render_list(lang: str) -> str:
    """Every puzzle, by theme (in the order of the themes' rules), each theme a
    disclosure with how many of its puzzles are solved, its easiest puzzles first; each
    item a button that opens its puzzle, its game and difficulty, and a mark the script
    shows once it is solved."""
    s = _strings(lang)
    levels = _puzzles.DIFFICULTIES
    options = "".join(
        f'<option value="{level}">{_e(s[f"puzzle.level.{level}"])}</option>' for level in levels
    )
    sections = []
    for theme in _puzzles.THEMES:
        found = [p for p in _puzzles.load_puzzles() if p.theme == theme]
        found.sort(key=lambda p: levels.index(p.difficulty))
        items = "".join(
            f'<li data-puzzle="{_e(p.id)}" data-level="{p.difficulty}">'
            f'<button type="button" class="puzzles__open" data-puzzle="{_e(p.id)}">'
            f"{_e(_view.puzzle_title(p, lang))}</button> "
            f'<span class="puzzles__about">{_e(_view.game(p, lang))} · '
            f"{_e(s[f'puzzle.level.{p.difficulty}'])}</span> "
            f'<span class="puzzles__done" hidden>{_e(s[PREFIX + "done"])}</span></li>'
            for p in found
        )
        count = _text(lang, PREFIX + "solved", done=0, total=len(found))
        sections.append(
            f'<details class="puzzles__theme" data-theme="{theme}">'
            f'<summary><span class="puzzles__theme-name">{_e(s[f"puzzle.theme.{theme}"])}'
            f'</span> <span class="puzzles__count">{_e(count)}</span></summary>'
            f'<p class="puzzles__theme-about">{_e(s[f"puzzle.about.{theme}"])}</p>'
            f'<ul class="puzzles__items">{items}</ul></details>'
        )
    return (
        '<section class="puzzles__list" aria-labelledby="puzzles-list-title">'
        f'<h2 id="puzzles-list-title">{_e(s[PREFIX + "list"])}</h2>'
        '<p class="puzzles__filter"><label for="puzzles-level">'
        f"{_e(s[PREFIX + 'level_filter'])}</label>"
        f'<select id="puzzles-level"><option value="">{_e(s[PREFIX + "level_all"])}</option>'
        f"{options}</select></p>{''.join(sections)}</section>"
    )


def render_puzzle(lang: str) -> str:
    """The puzzle being played: empty until the script fills it from the engine."""
    s = _strings(lang)
    w = {k: s[PREFIX + k] for k in ("daily", "hands", "so_far", "values")}
    return (
        '<section class="puzzle" aria-labelledby="puzzle-title" data-state="" hidden>'
        f'<h2 class="puzzle__title" id="puzzle-title" tabindex="-1">{_e(w["daily"])}</h2>'
        '<p class="puzzle__meta"></p>'
        '<p class="puzzle__question"></p>'
        '<div class="puzzle__figure"></div>'
        '<div class="puzzle__answer" hidden>'
        '<p class="puzzle__hand-label" id="puzzle-hand-label"></p>'
        '<div class="domino-try__tray puzzle__tray" role="group" '
        'aria-labelledby="puzzle-hand-label"></div>'
        '<div class="domino-try__ends puzzle__ends" role="group" '
        f'aria-label="{_e(s["try.ends"])}"></div></div>'
        '<p class="puzzle__status"></p>'
        '<div class="puzzle__feedback" hidden tabindex="-1">'
        '<p class="puzzle__verdict"></p><p class="puzzle__worth"></p>'
        '<p class="puzzle__why"></p><p class="puzzle__rated" hidden></p></div>'
        '<p class="puzzle__actions">'
        + kit.button("puzzle__again", s[PREFIX + "again"], hidden=True)
        + kit.button("puzzle__show", s[PREFIX + "show"], hidden=True)
        + kit.button("puzzle__next", s[PREFIX + "next"], primary=True, hidden=True)
        + kit.button("puzzle__today", s[PREFIX + "today"], hidden=True)
        + "</p>"
        '<div class="puzzle__line" hidden><h3 class="puzzle__line-title"></h3>'
        '<div class="puzzle__steps"></div></div>'
        f'<div class="puzzle__values" hidden><h3>{_e(w["values"])}</h3>'
        '<ul class="puzzle__value-list"></ul></div>'
        f'<div class="puzzle__table"><h3>{_e(w["hands"])}</h3>'
        '<ul class="puzzle__hands"></ul>'
        '<p class="puzzle__stock"></p><p class="puzzle__scores"></p>'
        f'<details class="puzzle__history"><summary>{_e(w["so_far"])}</summary>'
        '<ol class="puzzle__events"></ol></details></div>'
        "</section>"
    )


def render_rated(lang: str) -> str:
    """The reader's rated puzzles: the rating (filled by the script from the engine), the
    themes to choose from, a puzzle near the rating, and the streak with its skip."""
    s = _strings(lang)
    boxes = "".join(
        f'<label class="puzzles__theme-choice"><input type="checkbox" name="theme" '
        f'value="{theme}"> {_e(s[f"puzzle.theme.{theme}"])}</label>'
        for theme in _puzzles.THEMES
    )
    return (
        '<section class="puzzles__rated" aria-labelledby="puzzles-rated-title">'
        f'<h2 id="puzzles-rated-title">{_e(s[PREFIX + "rated_title"])}</h2>'
        f'<p class="puzzles__rated-about">{_e(s[PREFIX + "rated_about"])}</p>'
        '<p class="puzzles__rating" aria-live="polite"></p>'
        f'<fieldset class="puzzles__themes-choice"><legend>{_e(s[PREFIX + "rated_themes"])}'
        f"</legend>{boxes}</fieldset>"
        '<p class="puzzles__rated-actions">'
        + kit.button("puzzles__near", s[PREFIX + "rated_next"], primary=True, disabled="")
        + kit.button("puzzles__streak-start", s[PREFIX + "streak_start"], disabled="")
        + kit.button("puzzles__streak-skip", s[PREFIX + "streak_skip"], hidden=True)
        + "</p>"
        f'<p class="puzzles__streak-about">{_e(s[PREFIX + "streak_about"])}</p>'
        '<p class="puzzles__streak-line" aria-live="polite"></p>'
        "</section>"
    )


def render_yours(lang: str) -> str:
    """The reader's own puzzles (:mod:`engine.features.yours`): their count and list,
    filled by the script from the engine, and the place one is played in."""
    s = _strings(lang)
    shown = _yours_view.list_view(None, lang)
    return (
        '<section class="puzzles__yours" aria-labelledby="puzzles-yours-title">'
        f'<h2 id="puzzles-yours-title">{_e(shown["title"])}</h2>'
        f'<p class="puzzles__yours-about">{_e(shown["about"])}</p>'
        f'<p class="puzzles__yours-count" aria-live="polite">{_e(shown["text"])}</p>'
        '<ul class="puzzles__yours-items"></ul>'
        '<div class="puzzles__yours-play review__retry" id="puzzles-yours-play" '
        'tabindex="-1" hidden>'
        '<div class="puzzles__yours-step"></div>'
        f'<div class="puzzles__yours-moves review__retry-moves" role="group" '
        f'aria-label="{_e(s[PREFIX + "yours_moves"])}"></div>'
        '<p class="puzzles__yours-said review__retry-said" role="status" '
        'aria-live="polite"></p>'
        '<p class="puzzles__yours-nav review__retry-nav">'
        + kit.button("puzzles__yours-show", s[PREFIX + "yours_show"])
        + kit.button("puzzles__yours-skip", s[PREFIX + "yours_skip"])
        + kit.button("puzzles__yours-back", s[PREFIX + "yours_back"])
        + "</p></div></section>"
    )


def script_words(lang: str) -> str:
    """The words the page's script shows: the page's own (``page.puzzles.*``), the
    steppers' and the try-it figures' it shares."""
    words = json.loads(page_words(lang, PREFIX))
    s = _strings(lang)
    for key in ("stepper.label", "stepper.prev", "stepper.next"):
        words[key.replace(".", "_")] = s[key]
    for key in ("try.loading", "try.failed", "try.pick_tile"):
        words[key.replace(".", "_")] = s[key]
    return json.dumps(words, ensure_ascii=False, separators=(",", ":"))


def render(body: str, lang: str, page_url: str) -> str:
    """A ``puzzles`` fence: the app, hidden until its script runs. Search skips it
    (``data-search-exclude``): the page is indexed by its prose, not its puzzles."""
    if body.strip():
        raise ValueError("the puzzles block takes no lines")
    s = _strings(lang)
    total = len(_puzzles.load_puzzles())
    ids = " ".join(p.id for p in _puzzles.load_puzzles())
    return (
        f'<div class="puzzles" {SEARCH_EXCLUDE} data-storage="{STORAGE_KEY}" '
        f'data-yours="{kit.YOURS_STORE}" '
        f'data-total="{total}" data-ids="{_e(ids)}" data-busy="false" '
        f'data-words="{_e(script_words(lang))}">'
        f'<p class="puzzles__noscript">{_e(s[PREFIX + "needs_script"])}</p>'
        '<div class="puzzles__app" hidden>'
        '<p class="puzzles__stats"><span class="puzzles__solved"></span> '
        '<span class="puzzles__streak"></span></p>'
        '<p class="puzzles__message" hidden></p>'
        + render_puzzle(lang)
        + render_rated(lang)
        + render_yours(lang)
        + render_list(lang)
        + '<p class="puzzles__live domino-sr-only" role="status" aria-live="polite"></p>'
        "</div></div>"
        f'<script type="module" src="{script_url(page_url, SCRIPT)}"></script>'
    )


kit.fence(FENCE, "puzzles block", lambda body, page: render(body, page.lang, page.url))
