"""The progress page in the browser, on the reader's whole path: a practice match played
to its end on the practice page, its last round reviewed there (its share of good
decisions kept with the match), and a rated puzzle solved on the puzzles page, then the
progress page drawn from them as the engine draws it in CPython
(``engine.presentation.views.progress``); the profile exported, the browser's data
cleared, the file imported and the same page back; a corrupt profile refused in the
page's language with nothing changed; the reset asked first. By keyboard in German at
1280×800 (light, every axe rule) and by touch in French on a 360×740 phone (dark, the
colour rules); no console error.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import COLOUR_RULES, axe_violations, device, wider_than
from review_helpers import expected as expected_review
from review_helpers import wait_state
from test_practice_page import READY, ROOT, STORAGE_KEY
from test_puzzles_page import ANSWER_MS, browser_day, shown, wait_judged
from test_puzzles_page import url as puzzles_url
from test_web_fuzz import finished_match

from engine.core.errors import DominoError
from engine.core.words import strings, text
from engine.features import practice, progress, puzzles, review
from engine.features import rated as R
from engine.presentation.views.progress import figures_view, import_view
from hooks import kit
from hooks.app_forms import page_words

PROGRESS = kit.PROGRESS_STORE
PRACTICE_PANEL = ".practice__end .review"
PUZZLES_STORE = kit.PUZZLES_STORE


def near_the_end() -> dict[str, Any]:
    """A match the reader wins, taken back to the reader's last move but a few."""
    save = finished_match("block", 2, 6)
    assert practice.load_game(save).match.outcome.winner == practice.YOU
    back = copy.deepcopy(save)
    while True:
        back["rounds"][-1].pop()
        game = practice.load_game(back)
        if game.phase == "play" and game.state.current_player == practice.YOU:
            return back


def words(lang: str) -> dict[str, str]:
    found: dict[str, str] = json.loads(page_words(lang, "progress_page."))
    return found


def url(site_url: str, lang: str) -> str:
    return site_url + ("" if lang == "en" else f"{lang}/") + "progress/"


def press(page: Any, locator: Any, touch: bool) -> None:
    if touch:
        locator.tap()
    else:
        locator.focus()
        page.keyboard.press("Enter")


def stores(page: Any) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(
        "(keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)]))",
        [PROGRESS, PUZZLES_STORE, kit.YOURS_STORE],
    )
    return {k: None if v is None else json.loads(v) for k, v in got.items()}


def wait_drawn(page: Any, state: str | None = None) -> None:
    page.wait_for_function(
        "(state) => { const r = document.querySelector('.progress');"
        " return r.dataset.busy === 'false' && r.dataset.state !== ''"
        " && (!state || r.dataset.state === state); }",
        arg=state,
        timeout=ANSWER_MS,
    )


def shown_page(page: Any) -> dict[str, Any]:
    """What the page shows, as a reader reads it: the summary, each table's cells, the
    streak."""
    return page.evaluate(
        """() => {
          const r = document.querySelector('.progress');
          const rows = (sel) => [...r.querySelectorAll(sel + ' tbody tr')].map(
            (tr) => [...tr.children].map((c) => c.textContent));
          return {
            summary: r.querySelector('.progress__summary').textContent,
            matches: rows('.progress__matches'),
            points: rows('.progress__points'),
            share: rows('.progress__share'),
            rating: rows('.progress__rating'),
            streak: r.querySelector('.progress__streak').textContent,
          };
        }"""
    )


def expected(kept: dict[str, Any], lang: str) -> dict[str, Any]:
    view = figures_view(kept[PROGRESS], kept[PUZZLES_STORE], lang)
    fields = {
        "matches": ["game", "opponents", "played", "won", "percent"],
        "points": ["n", "date", "game", "rounds", "value", "result"],
        "share": ["n", "date", "game", "judged", "good", "value"],
        "rating": ["date", "tried", "solved", "value"],
    }
    out = {k: [[str(r[f]) for f in fs] for r in view[k]["rows"]] for k, fs in fields.items()}
    return {"summary": view["summary"], "streak": view["streak"], **out}


def play_to_the_end(page: Any, touch: bool) -> None:
    """The reader lays the first tile that can be played (at the first end offered) each
    turn, by touch or by keyboard, until the match is over."""
    root = page.locator(ROOT)
    for _ in range(40):
        page.wait_for_function(READY, timeout=120_000)
        phase = root.get_attribute("data-phase")
        if phase == "match-over":
            return
        assert phase == "play", phase
        press(page, root.locator(".practice__tile.is-playable").first, touch)
        if root.locator(".practice__ends").is_visible():
            press(page, root.locator(".practice__end-button").first, touch)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(
    ("lang", "touch", "scheme"), [("de", False, "light"), ("fr", True, "dark")]
)
def test_a_played_match_and_a_solved_puzzle_make_the_progress_page(
    browser: Any, site_url: str, lang: str, touch: bool, scheme: str, tmp_path: Path
) -> None:
    context, page, errors = device(browser, touch, scheme)
    w = words(lang)
    try:
        # The practice page: the match's last moves, played by the reader.
        practice_url = site_url + ("" if lang == "en" else f"{lang}/") + "practice/"
        page.goto(practice_url)
        page.evaluate(
            "([k, s]) => localStorage.setItem(k, s)", [STORAGE_KEY, json.dumps(near_the_end())]
        )
        page.reload()
        play_to_the_end(page, touch)
        page.wait_for_function(
            "(k) => localStorage.getItem(k) !== null", arg=PROGRESS, timeout=ANSWER_MS
        )
        day = browser_day(page)
        final = json.loads(page.evaluate("(k) => localStorage.getItem(k)", STORAGE_KEY))
        assert stores(page)[PROGRESS] == progress.matches_data((progress.played(final, day),))
        # The last round reviewed there: its share of good decisions joins the match.
        press(page, page.locator(f"{ROOT} .practice__review"), touch)
        wait_state(page, PRACTICE_PANEL, "done")
        record = practice.match_record(final)
        last = len(record["rounds"]) - 1
        want = expected_review(record, practice.YOU, last, lang)
        summary = review.summarize(want["items"])
        page.wait_for_function(
            "([k, n]) => JSON.parse(localStorage.getItem(k)).matches[0].reviewed?.[1] === n",
            arg=[PROGRESS, summary.count],
            timeout=ANSWER_MS,
        )
        reviewed = progress.played(final, day, (summary.good, summary.count))
        assert stores(page)[PROGRESS] == progress.matches_data((reviewed,))

        # The puzzles page: a rated puzzle near the rating, solved.
        page.goto(puzzles_url(site_url, lang))
        page.wait_for_function(
            "() => !document.querySelector('.puzzles__streak-start').disabled",
            timeout=ANSWER_MS,
        )
        near = R.next_puzzle(R.Rated(), puzzles.load_puzzles())
        assert near is not None
        press(page, page.locator(".puzzles__near"), touch)
        shown(page, near.id)
        tile, _, end = near.answer.partition("@")
        press(page, page.locator(f'.puzzle__tray .domino-tile[data-tile="{tile}"]'), touch)
        press(page, page.locator(f'.puzzle__ends .domino-end[data-end="{end}"]'), touch)
        assert wait_judged(page) == "right"

        # The progress page, drawn from both.
        page.goto(url(site_url, lang))
        wait_drawn(page, "drawn")
        kept = stores(page)
        assert kept[PUZZLES_STORE]["rated"]["attempts"][0][:2] == [near.id, 1]
        before = shown_page(page)
        want = expected(kept, lang)
        assert before == want
        assert before["matches"][0][2:4] == ["1", "1"]  # one match played, won
        assert len(before["rating"]) == 1
        if touch:
            assert wider_than(page, ".md-content", 360, inside=".progress__table-wrap") == []
            for b in page.locator(".progress button:visible").all():
                box = b.bounding_box()
                assert box["height"] >= 44, b.inner_text()
        violations = axe_violations(page, [".md-content"], COLOUR_RULES if touch else None)
        assert violations == [], violations

        # Exported, the browser's data cleared, imported: the same page back.
        with page.expect_download() as info:
            press(page, page.locator(".progress__export"), touch)
        download = info.value
        path = tmp_path / download.suggested_filename
        download.save_as(path)
        assert download.suggested_filename == f"domino-profile-{day}.json"
        profile = path.read_text(encoding="utf-8")
        assert json.loads(profile)["progress"] == kept[PROGRESS]
        assert json.loads(profile)["puzzles"] == kept[PUZZLES_STORE]
        empty = {"version": 1, "puzzles": []}
        assert json.loads(profile)["yours"] == (kept[kit.YOURS_STORE] or empty)
        page.evaluate("() => localStorage.clear()")
        page.reload()
        wait_drawn(page, "empty")
        assert page.locator(".progress__summary").inner_text() == w["empty"]
        page.locator("#progress-file").set_input_files(str(path))
        said = import_view(profile, lang)["said"]
        assert said.startswith(text(lang, "progress.imported", matches=1, attempts=1))
        page.wait_for_function(
            "(said) => document.querySelector('.progress__status').textContent === said",
            arg=said,
            timeout=ANSWER_MS,
        )
        assert stores(page) == kept
        assert shown_page(page) == before

        # A corrupt profile: told in the page's language, nothing changed.
        bad = json.loads(profile)
        bad["progress"]["matches"][0]["won"] = "yes"
        broken = tmp_path / "broken.json"
        broken.write_text(json.dumps(bad), encoding="utf-8")
        page.locator("#progress-file").set_input_files(str(broken))
        with pytest.raises(DominoError) as refused:
            progress.read_profile(json.dumps(bad))
        message = f"{refused.value.message(lang)} {w['unchanged']}"
        page.wait_for_function(
            "(said) => document.querySelector('.progress__status').textContent === said",
            arg=message,
            timeout=ANSWER_MS,
        )
        assert stores(page) == kept
        assert shown_page(page) == before

        # The reset asks first: kept, then erased.
        press(page, page.locator(".progress__reset"), touch)
        dialog = page.locator(".progress__confirm")
        assert dialog.is_visible()
        assert page.locator(".progress__confirm-text").inner_text() == w["confirm"]
        assert page.evaluate("document.activeElement.classList.contains('progress__confirm-no')")
        press(page, page.locator(".progress__confirm-no"), touch)
        page.wait_for_function(
            "(said) => document.querySelector('.progress__status').textContent === said",
            arg=w["unchanged"],
        )
        assert stores(page) == kept
        press(page, page.locator(".progress__reset"), touch)
        press(page, page.locator(".progress__confirm-yes"), touch)
        wait_drawn(page, "empty")
        page.wait_for_function(
            "(said) => document.querySelector('.progress__status').textContent === said",
            arg=w["erased"],
        )
        assert stores(page) == {PROGRESS: None, PUZZLES_STORE: None, kit.YOURS_STORE: None}
        assert (
            page.locator(".progress__streak").inner_text() == strings(lang)["progress.streak.none"]
        )
        assert errors == [], errors
    finally:
        context.close()
