"""The search index holds the apps' pages by their prose only, never their controls.

The practice, scorepad and lessons pages are apps drawn at build time; their controls,
status lines and headings ("Cancel", "Task 1 of 5 Done", "Your tiles") carry
``data-search-exclude`` (``hooks.kit.SEARCH_EXCLUDE``) and ``hooks/search_fold.py``
leaves them out of the index. Checked on the built site, in every language, against the
words of the engine's language tables, which the pages draw their controls from: none is
in the index entries of its page (a word the page's own Markdown uses is prose there, and
not looked for), while the pages' prose (their opening paragraph, every lesson task's
question) is still found, and a task's hint (which gives the answer away) is not.
"""

from __future__ import annotations

import html
import itertools
import json
import re
import string
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from engine.core.words import strings
from engine.lang import LANGUAGES, fill
from hooks.lessons import parse_task
from hooks.search_fold import EXCLUDE, strip_excluded

if TYPE_CHECKING:
    from conftest import BuiltSite

ROOT = Path(__file__).resolve().parent.parent

# Each app's page, the element its controls are drawn in, and the keys of the words it
# draws from. The lessons keep, as prose, the round a task tells (whose tiles, the
# boneyard, the hands left): those keys are not controls (nor the tray's "Your tiles",
# which "Your tiles (seat 2)" holds).
APPS: dict[str, dict[str, Any]] = {
    "scorepad": {
        "root": "scorepad",
        "keys": ("page.scorepad.", "game.label", "game.players", "game.options", "option."),
        "prose": (),
    },
    "learn": {
        "root": "lessons",
        "keys": ("lesson.", "try.intro", "try.ends"),
        "prose": (
            "lesson.your_tiles",
            "lesson.seat_tiles",
            "lesson.boneyard",
            "lesson.set_aside",
            "lesson.hands_left",
            "lesson.hand_empty",
        ),
    },
    "progress": {
        "root": "progress",
        "keys": ("progress_page.",),
        "prose": (),
    },
    "practice": {
        "root": "practice",
        "keys": ("page.practice.", "game.label", "game.players", "game.options", "option."),
        "prose": (),
    },
}

# Fields a word is filled with at build time are counts and numbers; a word with any
# other field (a name, a tile) is filled by the page's script, never in the built HTML.
NUMBER_FIELDS = {"n", "total", "done", "seat", "round", "count", "points", "target"}
NUMBERS = range(9)


@pytest.fixture(scope="session")
def site(built_site: BuiltSite) -> Path:
    """The session's built site (tests/conftest.py; test_site.py reports a failed strict
    build)."""
    return built_site.dir


def index(site: Path, lang: str) -> list[dict[str, str]]:
    prefix = site if lang == "en" else site / lang
    docs: list[dict[str, str]] = json.loads(
        (prefix / "search" / "search_index.json").read_text(encoding="utf-8")
    )["docs"]
    return docs


def plain(value: str) -> str:
    """An index entry's text without its tags, its entities read, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def entries(site: Path, lang: str, page: str) -> list[str]:
    """The titles and texts of the page's index entries."""
    found = [e for e in index(site, lang) if e["location"].split("#")[0] == f"{page}/"]
    assert found, f"{lang}: no index entry for {page}/"
    return [plain(e["title"]) + " | " + plain(e["text"]) for e in found]


def markdown(page: str, lang: str) -> str:
    name = f"{page}.md" if lang == "en" else f"{page}.{lang}.md"
    return (ROOT / "docs" / name).read_text(encoding="utf-8")


def control_words(app: dict[str, Any], lang: str, page_text: str) -> set[str]:
    """The app's words in ``lang``, filled with small numbers where they take numbers;
    less the words the page's Markdown uses itself."""
    table = strings(lang)
    words: set[str] = set()
    for key, template in table.items():
        if not key.startswith(app["keys"]) or key in app["prose"]:
            continue
        fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
        if not fields <= NUMBER_FIELDS:
            continue
        names = sorted(fields)
        for values in itertools.product(NUMBERS, repeat=len(names)):
            words.add(fill(lang, template, **dict(zip(names, values, strict=True))).strip())
    return {w for w in words if w and w not in page_text}


def holds(text: str, word: str) -> bool:
    """Whether ``text`` holds ``word`` as a word at least on one side: the index runs the
    texts of neighbouring cells together ("AnulujGraczTa rundaRazem")."""
    w = re.escape(word)
    return re.search(rf"(?<!\w){w}|{w}(?!\w)", text) is not None


def built_page(site: Path, lang: str, page: str) -> str:
    prefix = site if lang == "en" else site / lang
    return (prefix / page / "index.html").read_text(encoding="utf-8")


def marked(site: Path, lang: str, page: str, root: str) -> bool:
    """Whether the app's root element on the built page carries the exclusion."""
    pattern = rf'<div class="{root}"[^>]*\s{EXCLUDE}[\s=>]'
    return re.search(pattern, built_page(site, lang, page)) is not None


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", list(APPS))
def test_the_index_holds_no_control_of_the_apps(site: Path, lang: str, page: str) -> None:
    app = APPS[page]
    assert marked(site, lang, page, app["root"]), (
        f'the {page} page\'s root <div class="{app["root"]}"> does not carry {EXCLUDE}'
    )
    words = control_words(app, lang, markdown(page, lang))
    assert len(words) > 10, words  # the test looks for something
    found = {
        (word, entry[:80]) for entry in entries(site, lang, page) for word in words
        if holds(entry, word)
    }  # fmt: skip
    assert not found, sorted(found)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", list(APPS))
def test_the_apps_pages_prose_is_still_found(site: Path, lang: str, page: str) -> None:
    source = markdown(page, lang)
    opening = next(
        block
        for block in re.split(r"\n\s*\n", source)
        if block.strip() and not block.lstrip().startswith(("#", "```"))
    )
    text = " ".join(entries(site, lang, page))
    assert " ".join(opening.split()) in text


TASK = re.compile(r"^```lesson-task\n(.*?)^```", re.M | re.S)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_question_is_found_and_no_hint(site: Path, lang: str) -> None:
    source = markdown("learn", lang)
    tasks = [parse_task(body) for body in TASK.findall(source)]
    assert len(tasks) > 30
    prose = " ".join(TASK.sub("", source).split())
    text = " ".join(entries(site, lang, "learn"))
    hints = 0
    for task in tasks:
        assert " ".join(task.texts["question"].split()) in text, task.id
        hint = " ".join(task.texts["hint"].split())
        if hint not in prose:  # a hint may repeat the lesson's own words
            hints += 1
            assert hint not in text, task.id
    assert hints > 30


def test_a_marked_element_is_left_out_whole_and_only_it() -> None:
    """Material's own parser skips a marked element only until an element of the same tag
    inside it closes; the hook leaves out the whole element, and nothing around it."""
    page = (
        "<p>before</p>"
        f'<div class="app" {EXCLUDE}><div>inner</div><p>after inner<div>deep</div></p>'
        f"<input {EXCLUDE}><h2 id='x'>Heading</h2>tail</div>"
        f"<p>between <span {EXCLUDE}>hidden</span> and <br {EXCLUDE}/>after</p>"
        "<svg><path d='M0 0'/></svg><p>end</p>"
    )
    assert strip_excluded(page) == (
        "<p>before</p><p>between  and after</p><svg><path d='M0 0'/></svg><p>end</p>"
    )
    assert strip_excluded("<p>no mark</p>") == "<p>no mark</p>"
    # An element left open runs to the end of the page.
    assert strip_excluded(f"<p>kept</p><div {EXCLUDE}><p>open") == "<p>kept</p>"
