"""The practice page in the browser: a whole round played by clicks up to the score's
arithmetic, undo, reload, a corrupt save, the seeded deal, the hint, the downloaded
record replayed by the engine, and accessibility in light and dark on a phone.

Each test starts the engine once (a cold start takes seconds). The computer's moves are
shown at the page's pace; the tests set ``data-pace`` to 0, except where the reader's
"show at once" button is tested.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import axe_violations, held_engine, only_this_host, wider_than

from engine import DominoError
from engine.core.records import replay
from engine.core.words import strings
from engine.presentation.views.practice import game_view as practice_view
from scripts.site_server import end_engine

STORAGE_KEY = "domino-practice-save"
ROOT = ".practice"
REPO = Path(__file__).resolve().parents[2]

# The reader may act: the engine is idle, and it is the reader's turn or the round is over.
READY = """() => {
  const root = document.querySelector('.practice');
  if (root.dataset.busy !== 'false' || root.dataset.phase === 'setup') return false;
  return root.dataset.phase !== 'play' || !!root.querySelector('.practice__tile.is-playable');
}"""


def url(site_url: str, lang: str, query: str = "") -> str:
    return site_url + ("" if lang == "en" else f"{lang}/") + "practice/" + query


def words(lang: str) -> dict[str, str]:
    prefix = "page.practice."
    return {k[len(prefix) :]: v for k, v in strings(lang).items() if k.startswith(prefix)}


def open_page(page: Any, site_url: str, lang: str, query: str = "", pace: int = 0) -> Any:
    page.goto(url(site_url, lang, query))
    root = page.locator(ROOT)
    root.evaluate("(el, pace) => { el.dataset.pace = String(pace); }", pace)
    return root


def start_game(root: Any, lang: str, *, players: int = 2, preset: str = "block") -> None:
    w = words(lang)
    root.get_by_label(strings(lang)["game.label"], exact=True).select_option(preset)
    root.get_by_label(strings(lang)["game.players"], exact=True).select_option(str(players))
    root.get_by_role("button", name=w["start"]).click()


def wait_ready(page: Any) -> str:
    """Waits until the reader may act; the page's phase."""
    page.wait_for_function(READY, timeout=120_000)
    return page.locator(ROOT).get_attribute("data-phase")


def hand(root: Any) -> list[str]:
    return root.locator(".practice__tile").evaluate_all(
        "bs => bs.map(b => b.getAttribute('aria-label').split(',')[0])"
    )


def drawn(page: Any, view: dict[str, Any]) -> str:
    """The suffix of ``view``'s words for the open ends on the drawing the board shows:
    ``"_narrow"`` for the narrow drawing, else ``""`` (each names the ends by their
    places on it)."""
    fid = page.locator(".practice__layout svg > title").get_attribute("id")
    narrow = f'id="{fid}"' in view["layout_narrow"] and f'id="{fid}"' not in view["layout"]
    return "_narrow" if narrow else ""


def saved(page: Any) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')"))


def play_one(root: Any) -> None:
    """The reader lays the first tile that can be played, at the first end offered."""
    root.locator(".practice__tile.is-playable").first.click()
    ends = root.locator(".practice__end-button")
    if root.locator(".practice__ends").is_visible():
        ends.first.click()


def play_round(page: Any, root: Any) -> str:
    """Plays by clicks up to the end of the round; the phase then."""
    for _ in range(60):
        phase = wait_ready(page)
        if phase != "play":
            return phase
        play_one(root)
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_whole_round_by_clicks_up_to_the_score_and_its_record(
    page: Any, page_log: Any, site_url: str, lang: str
) -> None:
    w = words(lang)
    root = open_page(page, site_url, lang, "?seed=4242")
    assert root.get_attribute("data-phase") == "setup"
    assert root.get_by_label(w["seed"]).input_value() == "4242"
    # The Danish options show in plain words, only for the Danish house rules.
    options = root.locator(".practice__options")
    assert not options.is_visible()
    root.get_by_label(strings(lang)["game.label"], exact=True).select_option("block-dk")
    assert options.is_visible()
    assert "blocked_scoring" not in options.inner_text()
    assert strings(lang)["option.blocked_scoring.difference"] in options.inner_text()
    start_game(root, lang, players=3)
    assert play_round(page, root) == "round-over"

    save = saved(page)
    assert save["seed"] == 4242 and save["preset"] == "block" and save["players"] == 3
    expected = practice_view(save, lang)
    panel = root.locator(".practice__end")
    assert panel.is_visible()
    assert root.locator(".practice__end-text").inner_text() == expected["round_end"]["text"]
    assert root.locator(".practice__next").inner_text() == expected["round_end"]["next"]
    for h in expected["round_end"]["hands"]:
        assert h["name"] in root.locator(".practice__hands").inner_text()
    totals = [
        int(t) for t in root.locator(".practice__score tbody td:nth-child(3)").all_inner_texts()
    ]
    assert totals == [s["total"] for s in expected["sides"]]

    # The record downloads as one line of JSON that the command line replays to the
    # same totals (it is in the menu, with the rarer actions).
    root.locator(".practice__menu summary").click()
    with page.expect_download() as info:
        root.get_by_role("button", name=w["download"]).click()
    assert info.value.suggested_filename == "domino-block-seed-4242-round-1.json"
    path = Path(info.value.path())
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n") and text.count("\n") == 1
    record = json.loads(text)
    result = replay(record)
    assert result["ok"], result
    assert result["totals"][-1] == totals
    cli = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
        check=False,
    )
    assert cli.returncode == 0, cli.stderr
    (answer,) = [json.loads(line) for line in cli.stdout.splitlines() if line.strip()]
    assert answer["ok"] and answer["totals"][-1] == totals, answer
    assert root.locator(".practice__status").inner_text() == w["downloaded"]

    # The next round is dealt; the round played can be opened again, its layout drawn.
    root.get_by_role("button", name=w["next_round"]).click()
    page.wait_for_function("document.querySelector('.practice').dataset.phase === 'play'")
    assert saved(page)["rounds"][-1] == [] or len(saved(page)["rounds"]) == 2
    assert root.locator(".practice__status").inner_text() == ""  # the download's is stale
    past = root.locator(".practice__past")
    assert past.count() == 1
    past.locator("summary").click()
    past.locator("svg [data-tile]").first.wait_for()  # drawn when first opened
    assert past.locator("svg [data-tile]").count() == len(save["rounds"][0])
    assert expected["round_end"]["text"] in past.inner_text()
    assert axe_violations(page, [ROOT]) == []  # the round reopened, its drawing's own ids
    only_this_host(page_log, site_url)


def test_undo_reload_and_the_seeded_deal(
    browser: Any, page: Any, page_log: Any, site_url: str
) -> None:
    w = words("fr")
    root = open_page(page, site_url, "fr", "?seed=123")
    start_game(root, "fr")
    wait_ready(page)
    assert "seed=123" in page.url
    first = hand(root)
    undo = root.get_by_role("button", name=w["undo"])
    assert undo.is_disabled()
    play_one(root)
    wait_ready(page)
    assert len(hand(root)) < len(first) or root.get_attribute("data-phase") != "play"
    assert undo.is_enabled()
    undo.click()
    wait_ready(page)
    assert hand(root) == first
    assert undo.is_disabled()

    # A reload keeps the game: the same hand, the same phase.
    play_one(root)
    phase = wait_ready(page)
    kept = hand(root)
    page.reload()
    assert wait_ready(page) == phase
    assert hand(root) == kept
    assert root.locator(".practice__status").inner_text() == w["restored"]
    if phase == "play":  # the next move makes "your game is back" stale
        play_one(root)
        wait_ready(page)
        assert root.locator(".practice__status").inner_text() == ""

    # The same seed in the address deals the same hand in another browser.
    context = browser.new_context()
    try:
        other = context.new_page()
        other.goto(url(site_url, "fr", "?seed=123"))
        other_root = other.locator(ROOT)
        other_root.evaluate("el => { el.dataset.pace = '0'; }")
        start_game(other_root, "fr")
        wait_ready(other)
        assert hand(other_root) == first
    finally:
        context.close()
    only_this_host(page_log, site_url)


@pytest.mark.parametrize(
    ("lang", "kept", "error"),
    [
        ("pl", "{not json", DominoError("bad_save").because(DominoError("save_not_object"))),
        ("da", '{"version": 0}', DominoError("save_version", version=0, expected=1)),
    ],
)
def test_a_corrupt_save_gives_a_message_and_a_new_game(
    page: Any, page_log: Any, site_url: str, lang: str, kept: str, error: DominoError
) -> None:
    w = words(lang)
    page.goto(url(site_url, lang))
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, kept])
    page.reload()
    status = page.locator(".practice__status")
    page.wait_for_function(
        "document.querySelector('.practice').dataset.phase === 'setup' &&"
        " document.querySelector('.practice__status').textContent.length > 0 &&"
        " document.documentElement.dataset.engine === 'ready'"
    )
    assert status.inner_text() == f"{error.message(lang)} {w['save_lost']}"
    assert page.locator(".practice__setup").is_visible()
    assert page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')") is None
    # The set-up form works: a new game starts.
    start_game(page.locator(ROOT), lang)
    assert wait_ready(page) == "play"
    only_this_host(page_log, site_url)


def test_the_hint_and_the_computers_moves_at_once(page: Any, page_log: Any, site_url: str) -> None:
    w = words("en")
    root = open_page(page, site_url, "en", "?seed=77", pace=60_000)
    start_game(root, "en", players=4)
    # With a slow pace (a minute a move), the reader skips the computer's moves: their
    # turn comes back at once.
    skip = root.locator(".practice__skip")
    page.wait_for_function(
        f"() => ({READY})() || document.querySelector('.practice__skip')"
        ".checkVisibility({visibilityProperty: true})"
    )
    if not skip.is_visible():
        play_one(root)
        skip.wait_for(state="visible")
    assert skip.inner_text() == w["skip"]
    root.get_by_role("button", name=w["skip"]).click()
    page.wait_for_function(READY, timeout=20_000)
    assert root.get_attribute("data-phase") == "play"
    root.get_by_role("button", name=w["hint"]).click()
    hint = root.locator(".practice__hint")
    hint.wait_for(state="visible")
    # The Expert's hint has a wall-clock budget (engine.players.expert), so on a loaded
    # machine the browser's answer may differ from CPython's: it names a tile to play.
    view = practice_view(saved(page), "en")
    playable = [t["name"] for t in view["hand"] if t["playable"]]
    assert any(hint.inner_text().startswith(f"Play {name}") for name in playable), playable
    only_this_host(page_log, site_url)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_app_has_no_axe_violations_and_fits_a_phone(
    browser: Any, site_url: str, scheme: str
) -> None:
    context = browser.new_context(
        color_scheme=scheme, viewport={"width": 360, "height": 780}, has_touch=True
    )
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        root = open_page(page, site_url, "de" if scheme == "dark" else "en", "?seed=9")
        found = {}

        def check(state: str) -> None:
            violations = axe_violations(page, [ROOT])
            if violations:
                found[state] = violations
            wide = wider_than(page, ROOT, 360, ".practice__board, .practice__score-wrap")
            assert wide == [], f"{state}: {wide[:5]}"

        check("setup")
        lang = "de" if scheme == "dark" else "en"
        root.get_by_label(strings(lang)["game.label"], exact=True).select_option("all-fives")
        root.get_by_role("button", name=words(lang)["start"]).tap()
        wait_ready(page)
        check("play")
        assert play_round(page, root) == "round-over"
        check("round-over")
        assert not found, json.dumps(found, indent=1, ensure_ascii=False)
        assert errors == []
    finally:
        context.close()


def test_a_failed_start_says_why_and_start_tries_again(
    page: Any, page_log: Any, site_url: str
) -> None:
    """A start that fails (here: no start within a 1 ms time-out) is told with its reason
    in the page's language, not the page's own "cannot be played here"; pressing Start
    again starts the engine afresh and deals."""
    root = open_page(page, site_url, "da")
    page.evaluate("document.documentElement.dataset.engineTimeout = '1'")
    start_game(root, "da")
    page.wait_for_function("document.documentElement.dataset.engine === 'failed'")
    status = page.locator(".practice__status")
    assert status.inner_text() == strings("da")["engine.timeout"]
    assert root.get_attribute("data-phase") == "setup"
    page.evaluate("delete document.documentElement.dataset.engineTimeout")
    root.get_by_role("button", name=words("da")["start"]).click()
    assert wait_ready(page) == "play"
    assert status.inner_text() == ""
    only_this_host(page_log, site_url)


@pytest.mark.parametrize(
    ("viewport", "scheme"),
    [
        pytest.param({"width": 360, "height": 740}, "light", id="phone-light"),
        pytest.param({"width": 1280, "height": 800}, "dark", id="desktop-dark"),
    ],
)
def test_a_reload_says_the_match_is_coming_back_while_the_engine_starts(
    browser: Any, site_url: str, viewport: dict[str, int], scheme: str
) -> None:
    """Issue 38, item 9: while the engine starts after a reload, the page says the saved
    match is coming back (in the page's language, in view, for as long as it lasts) and
    shows no set-up form that looks like a fresh start; then the match comes back.
    Issue 41: the table as it was last drawn (the engine's view of that very save, kept
    beside it) is on screen at once, before the engine has started; a move waits."""
    lang = "de"
    w = words(lang)
    context = browser.new_context(viewport=viewport, color_scheme=scheme, service_workers="block")
    try:
        page = context.new_page()
        root = open_page(page, site_url, lang)
        start_game(root, lang)
        wait_ready(page)
        kept = hand(root)
        board = root.locator(".practice__layout").inner_html()
        end_engine(context, page)  # a later visit: the engine starts again
        held, release = held_engine(context)
        page.reload()
        page.wait_for_function("document.querySelector('.practice__app:not([hidden])')")
        page.wait_for_timeout(1500)  # the engine's files are asked for, and held
        assert held, "the page did not start the engine to restore its match"
        status = root.locator(".practice__status")
        for _ in range(2):
            assert status.inner_text() == w["restoring"]
            box = status.bounding_box()
            assert box is not None and box["y"] >= 0
            assert box["y"] + box["height"] <= viewport["height"]
            assert root.locator(".practice__setup").is_hidden()
            assert root.locator("input:visible, select:visible").count() == 0
            assert root.locator(".practice__app").get_attribute("aria-busy") == "true"
            # The table as it was, from the browser's storage, the engine still held.
            assert root.locator(".practice__game").is_visible()
            assert hand(root) == kept
            assert root.locator(".practice__layout").inner_html() == board
            page.wait_for_timeout(500)
        violations = axe_violations(page, [ROOT])
        assert violations == [], violations
        # A tile pressed now waits for the engine: nothing is played, nothing is lost.
        root.locator(".practice__tile.is-playable").first.click()
        assert hand(root) == kept
        release()
        root.evaluate("el => { el.dataset.pace = '0'; }")
        wait_ready(page)
        assert hand(root) == kept
        assert status.inner_text() == w["restored"]
        assert root.locator(".practice__app").get_attribute("aria-busy") is None
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["de", "da"])
def test_a_shared_link_says_the_form_is_its_and_what_to_press(
    page: Any, page_log: Any, site_url: str, lang: str
) -> None:
    """Issue 39: a link opened the set-up filled in, and nothing told the recipient to
    press Start. The line names the button as it reads."""
    w = words(lang)
    assert w["start"] in w["link_ready"]
    root = open_page(page, site_url, lang, "?game=draw&players=3&levels=club,club&seed=5")
    status = root.locator(".practice__status")
    page.wait_for_function(
        "(t) => document.querySelector('.practice__status').textContent === t",
        arg=w["link_ready"],
        timeout=120_000,
    )
    assert root.get_by_label(w["seed"]).input_value() == "5"
    assert status.is_visible()
    # A deal number alone fills the form without the engine: said at once.
    root = open_page(page, site_url, lang, "?seed=77")
    assert status.inner_text() == w["link_ready"]
    # A bare address says nothing of a link.
    root = open_page(page, site_url, lang)
    assert status.inner_text() == ""
    assert page_log.errors() == []
