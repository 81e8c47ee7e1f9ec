"""The practice page plays like a game (issue 17): one screen at 360×740 (touch) and at
1280×800, nothing covering the table, legible tiles, end markers that play, every move
announced once, a link that is the whole game, a bad link told at its field, and "New
game" that can be taken back.

Each test starts the engine once; the computer's moves are shown at once (``data-pace``
0). Screenshots of each state go to /tmp/shots/ for a person to look at.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import axe_violations, only_this_host
from test_practice_page import READY, ROOT, drawn, saved, url, wait_ready, words

from engine.core.rules import option_choices
from engine.core.words import strings
from engine.features import practice
from engine.presentation import web
from engine.presentation.views.practice import game_view as practice_view
from hooks.app_forms import OPTIONS_PRESET

SHOTS = Path("/tmp/shots")
MIN_TILE_PX = 36
TARGET_PX = 44

# The boxes of the table's parts (in CSS px of the viewport), whether each lies inside the
# viewport, and what the point at its centre shows (its own element or one inside it).
TABLE = """() => {
  const parts = {
    board: '.practice__board', hand: '.practice__hand', turn: '.practice__turn',
    seats: '.practice__seats', score: '.practice__score', ends: '.practice__open-ends',
    feed: '.practice__feed',
  };
  const lastTile = '.practice__last-tile';
  if (!document.querySelector(lastTile).hidden) parts.lastTile = lastTile;
  const out = {};
  for (const [name, selector] of Object.entries(parts)) {
    const el = document.querySelector(selector);
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    // The open ends and the last tile may run on in one paragraph: either is theirs.
    const holder = ['ends', 'lastTile'].includes(name) ? el.parentElement : el;
    out[name] = {
      inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5
        && r.right <= innerWidth + 0.5 && r.width > 0 && r.height > 0,
      uncovered: !!hit && holder.contains(hit),
      box: [r.left, r.top, r.right, r.bottom].map(Math.round),
    };
  }
  const tiles = [...document.querySelectorAll('.practice__layout svg [data-tile]')]
    .map((g) => { const r = g.getBoundingClientRect(); return Math.max(r.width, r.height); });
  out.smallest = tiles.length ? Math.min(...tiles) : null;
  out.scrollY = scrollY;
  out.said = [...document.querySelectorAll('.practice__said > *')].map((p) => p.textContent);
  out.seatLines = [...document.querySelectorAll('.practice__seats li')].map((li) => li.innerText);
  out.feedLines = [...document.querySelectorAll('.practice__feed li')].map((li) => li.innerText);
  out.lastTileText = document.querySelector('.practice__last-tile').innerText;
  const active = document.activeElement;
  out.focus = active?.classList.contains('is-playable') ? active.dataset.tile : null;
  return out;
}"""


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def new_page(browser: Any, page_log: Any, **context: Any) -> tuple[Any, Any]:
    ctx = browser.new_context(**context)
    page = ctx.new_page()
    page_log.watch(ctx, page)
    return ctx, page


def log_texts(view: dict[str, Any]) -> list[str]:
    return [e["text"] for e in view["log"]]


def told_in_order(said: list[str], texts: list[str]) -> bool:
    """Whether ``texts`` are all said, in this order (several may be one announcement)."""
    heard = " ".join(said)
    at = 0
    for line in texts:
        at = heard.find(line, at)
        if at < 0:
            return False
        at += len(line)
    return True


def ends_shown(view: dict[str, Any], sfx: str = "") -> str:
    """The visible line of the open ends, in every game (All Fives adds their sum), by
    their places on the drawing ``sfx`` names (see ``drawn``)."""
    fives = view["open_ends"]["text"] if view["open_ends"] else ""
    return f"{view['ends_line' + sfx]} {fives}".strip()


@pytest.mark.parametrize(
    ("lang", "size", "scheme", "touch"),
    [
        ("fr", (360, 740), "dark", True),
        ("de", (1280, 800), "light", False),
        ("de", (360, 740), "light", True),
        ("fr", (1280, 800), "dark", False),
    ],
)
def test_a_round_at_the_table(
    browser: Any,
    page_log: Any,
    site_url: str,
    lang: str,
    size: tuple[int, int],
    scheme: str,
    touch: bool,
) -> None:
    width, height = size
    ctx, page = new_page(
        browser,
        page_log,
        viewport={"width": width, "height": height},
        color_scheme=scheme,
        has_touch=touch,
    )
    tag = f"{lang}-{width}-{scheme}"
    try:
        page.goto(url(site_url, lang, "?seed=31"))
        root = page.locator(ROOT)
        root.evaluate("el => { el.dataset.pace = '0'; }")
        page.locator("#practice-preset").select_option("all-fives")
        page.locator("#practice-players").select_option("3")
        start = root.get_by_role("button", name=words(lang)["start"])
        start.tap() if touch else start.click()
        first_y = None
        marker_taps = 0
        turns = 0
        for _ in range(40):
            if wait_ready(page) != "play":
                break
            turns += 1
            view = practice_view(saved(page), lang)
            table = page.evaluate(TABLE)
            if turns == 1:
                shot(page, f"table-{tag}-first")
                # Round 1 has no record yet: the download says why it is disabled.
                note = page.locator("#practice-download-note")
                assert page.locator(".practice__download").is_disabled()
                assert note.text_content() == view["download_note"] != ""
            parts = ["board", "hand", "turn", "seats", "score", "ends"]
            parts += ["lastTile"] if view["last_tile"] else []
            parts += ["feed"] if view["feed"] else []
            for part in parts:
                assert table[part]["inside"], (turns, part, table[part], height)
                assert table[part]["uncovered"], (turns, part, table[part])
            assert table["smallest"] is None or table["smallest"] >= MIN_TILE_PX, table
            # Moves never move the page.
            first_y = table["scrollY"] if first_y is None else first_y
            assert table["scrollY"] == first_y
            # Focus is on the first tile that can be played.
            playable = [t["code"] for t in view["hand"] if t["playable"]]
            assert table["focus"] == playable[0]
            # Every entry of the log was announced once, in order; what came at once, in
            # one announcement.
            assert " ".join(table["said"]) == " ".join(log_texts(view))
            assert len(table["said"]) < len(view["log"]) or len(view["log"]) <= 1
            # What just happened is on screen: each seat's last action in its line, who
            # laid the last tile, the latest moves, and the open ends in every game.
            # (A phone has no room for the seats' own lines: the latest moves tell them.)
            for line, seat in zip(table["seatLines"], view["seats"], strict=True):
                wide = seat["last"] and width >= 720
                expected = [seat["text"], seat["last"]] if wide else [seat["text"]]
                assert line.split("\n") == expected, (line, seat)
            assert any(seat["last"] for seat in view["seats"]) == bool(view["log"])
            assert table["feedLines"] == view["feed"] == log_texts(view)[-3:]
            assert table["lastTileText"] == (view["last_tile"]["text"] if view["last_tile"] else "")
            sfx = drawn(page, view)
            assert root.locator(".practice__open-ends").inner_text() == ends_shown(view, sfx)

            tile = next((t for t in view["hand"] if t["playable"] and len(t["ends"]) > 1), None)
            if tile is None:
                tile = next(t for t in view["hand"] if t["playable"])
                button = root.locator(f'.practice__tile[data-tile="{tile["code"]}"]')
                button.tap() if touch else button.click()
                continue
            button = root.locator(f'.practice__tile[data-tile="{tile["code"]}"]')
            button.tap() if touch else button.click()
            # The end choice: one button per end in the list, and one over each marker.
            listed = root.locator(".practice__end-button > span:last-child").all_inner_texts()
            # Each end is named by its place on the drawing shown, no two alike.
            assert listed == [e["text" + sfx] for e in tile["ends"]]
            assert len(set(listed)) == len(listed)
            chosen = tile["ends"][-1]
            target = root.locator(f'.practice__end-target[data-end="{chosen["end"]}"]')
            target.wait_for()
            box = target.bounding_box()
            assert box["width"] >= TARGET_PX and box["height"] >= TARGET_PX
            number = tile["ends"].index(chosen) + 1
            assert target.text_content().startswith(f"{number}")
            assert target.text_content().endswith(f" {chosen['text' + sfx]}")
            if marker_taps == 0:
                shot(page, f"table-{tag}-ends")
                # The end choice, its buttons over the markers included, in this scheme.
                assert axe_violations(page, [ROOT]) == []
            before = len(saved(page)["rounds"][-1])
            target.tap() if touch else target.click()
            page.wait_for_function(
                "n => document.querySelector('.practice').dataset.busy === 'false'"
                " && JSON.parse(localStorage.getItem('domino-practice-save')).rounds.at(-1)"
                ".length > n",
                arg=before,
            )
            assert saved(page)["rounds"][-1][before] == chosen["move"]
            marker_taps += 1
        assert root.get_attribute("data-phase") in ("round-over", "match-over")
        assert turns >= 3 and marker_taps >= 1, (turns, marker_taps)
        view = practice_view(saved(page), lang)
        said = page.evaluate(TABLE)["said"]
        assert " ".join(said) == " ".join(log_texts(view))
        assert view["log"][-1]["kind"] == "end"
        # One announcement per play, draw and pass.
        for kind in ("play", "draw", "pass"):
            texts = [e["text"] for e in view["log"] if e["kind"] == kind]
            assert told_in_order(said, texts)
        shot(page, f"table-{tag}-round-over")
        end_text = root.locator(".practice__end-text").inner_text()
        assert end_text == view["round_end"]["text"]
        # All Fives: the panel adds play and end points up to the score table's round column.
        rows = root.locator(".practice__score tbody tr").evaluate_all(
            "rs => rs.map(r => [...r.cells].map(c => c.textContent.trim()))"
        )
        this_round = [int(row[1]) for row in rows]
        assert this_round == [side["round"] for side in view["sides"]]
        state = practice.load_game(saved(page)).state
        assert this_round == list(state.result().points)
        end = state.score_breakdown().end
        if end.winner is not None:
            play = state.play_points[end.winner]
            assert f"{play} + {end.points} = {this_round[end.winner]}" in end_text
        hands = root.locator(".practice__hands li").all_inner_texts()
        assert hands == [h["text"] for h in view["round_end"]["hands"]]
        only_this_host(page_log, site_url)
    finally:
        ctx.close()


def test_a_link_is_the_whole_game(browser: Any, page_log: Any, site_url: str) -> None:
    lang = "pl"
    ctx, page = new_page(browser, page_log, viewport={"width": 360, "height": 740})
    try:
        page.goto(url(site_url, lang, "?seed=808"))
        root = page.locator(ROOT)
        root.evaluate("el => { el.dataset.pace = '0'; }")
        # Partnerships come after the player count they need, and follow it.
        order = page.evaluate(
            "() => [...document.querySelectorAll('.practice__setup select')].map(s => s.id)"
        )
        assert order.index("practice-players") < order.index("practice-option-partnerships")
        page.locator("#practice-preset").select_option("block-dk")
        partnerships = page.locator("#practice-option-partnerships")
        assert partnerships.get_attribute("data-needs-players") == "4"
        assert partnerships.is_disabled()
        page.locator("#practice-players").select_option("4")
        assert partnerships.is_enabled()
        partnerships.select_option("true")
        page.locator("#practice-option-rounding").select_option("true")
        page.locator("#practice-level-2").select_option("expert")
        page.locator(".practice__start").click()
        wait_ready(page)
        first = saved(page)
        link = page.url
        assert "?" + practice_view(first, lang)["link"] in link
        hand = page.locator(".practice__tile").evaluate_all("bs => bs.map(b => b.dataset.tile)")

        # "New match" keeps the match: "Back to my match" returns to it.
        page.locator(".practice__menu summary").click()
        page.get_by_role("button", name=words(lang)["new_game"]).click()
        assert root.get_attribute("data-phase") == "setup"
        assert page.locator(".practice__status").inner_text() == words(lang)["kept_game"]
        page.get_by_role("button", name=words(lang)["back_to_game"]).click()
        assert wait_ready(page) == "play"
        assert saved(page) == first
        assert page.locator(".practice__status").inner_text() == ""
    finally:
        ctx.close()

    # The link, opened in a fresh browser, shows the same settings and deals the same.
    ctx, other = new_page(browser, page_log, viewport={"width": 1280, "height": 800})
    try:
        other.goto(link)
        other.locator(ROOT).evaluate("el => { el.dataset.pace = '0'; }")
        other.wait_for_function(
            "document.querySelector('#practice-option-partnerships').value === 'true'"
        )
        assert other.locator("#practice-preset").input_value() == "block-dk"
        assert other.locator("#practice-players").input_value() == "4"
        assert other.locator("#practice-option-rounding").input_value() == "true"
        assert other.locator("#practice-level-2").input_value() == "expert"
        assert other.locator("#practice-seed").input_value() == "808"
        other.locator(".practice__start").click()
        wait_ready(other)
        again = saved(other)
        assert {k: again[k] for k in ("preset", "options", "players", "levels", "seed")} == {
            k: first[k] for k in ("preset", "options", "players", "levels", "seed")
        }
        got = other.locator(".practice__tile").evaluate_all("bs => bs.map(b => b.dataset.tile)")
        assert got == hand

        # A tampered link: the engine's message at its field, the other settings kept.
        bad = "game=block-dk&players=4&partnerships=true&seed=12x"
        other.evaluate("localStorage.clear()")
        other.goto(url(site_url, "fr", "?" + bad))
        error = other.locator("#practice-seed-error")
        error.wait_for()
        reply = json.loads(
            web.call(
                json.dumps(
                    {"id": 1, "method": "practice_settings", "args": {"query": bad}, "lang": "fr"}
                )
            )
        )
        (expected,) = reply["value"]["errors"]
        assert expected["field"] == "practice-seed"
        assert error.inner_text() == expected["message"]
        seed = other.locator("#practice-seed")
        assert seed.get_attribute("aria-invalid") == "true"
        assert "practice-seed-error" in seed.get_attribute("aria-describedby").split()
        assert other.locator("#practice-players").input_value() == "4"
        assert other.locator("#practice-option-partnerships").input_value() == "true"
        assert other.locator(".practice__status").inner_text() in ("", words("fr")["loading"])
        # A bad seed typed by hand gets practice_new's message at the field, in French.
        seed.fill("")
        seed.fill("-5")
        other.locator(".practice__start").click()
        other.wait_for_function(
            "document.querySelector('#practice-seed-error')?.textContent.includes('-5')"
        )
        assert other.locator(ROOT).get_attribute("data-phase") == "setup"
        assert "seed" not in error.inner_text()  # no English inside the French sentence
        assert axe_violations(other, [ROOT]) == []
        shot(other, "table-fr-1280-link-error")
        only_this_host(page_log, site_url)
    finally:
        ctx.close()


def test_a_link_never_replaces_a_match_without_asking(
    browser: Any, page_log: Any, site_url: str
) -> None:
    """A match in progress, then a practice link opened in the same browser: Start asked
    nothing and replaced the match (issue 38). It asks; keeping changes nothing, going
    ahead starts the link's game."""
    lang = "fr"
    ctx, page = new_page(browser, page_log, viewport={"width": 1280, "height": 800})
    try:
        page.goto(url(site_url, lang, "?seed=31"))
        page.locator(ROOT).evaluate("el => { el.dataset.pace = '0'; }")
        page.locator(".practice__start").click()
        wait_ready(page)
        first = saved(page)
        link = "?game=draw&players=3&levels=club,club&seed=5"
        page.goto(url(site_url, lang, link))
        page.locator(ROOT).evaluate("el => { el.dataset.pace = '0'; }")
        page.wait_for_function("document.querySelector('#practice-players').value === '3'")
        dialog = page.locator(".practice__confirm")
        page.locator(".practice__start").click()
        dialog.wait_for()
        assert (
            page.locator(".practice__confirm-text").inner_text() == words(lang)["confirm_replace"]
        )
        assert page.evaluate("document.activeElement.value") == "no"
        assert axe_violations(page, [".practice__confirm"]) == []
        page.keyboard.press("Escape")
        dialog.wait_for(state="hidden")
        assert saved(page) == first
        assert page.locator(ROOT).get_attribute("data-phase") == "setup"
        # Asked again, and going ahead: the link's game.
        page.locator(".practice__start").click()
        page.get_by_role("button", name=words(lang)["confirm_replace_yes"]).click()
        wait_ready(page)
        got = saved(page)
        assert (got["preset"], got["players"], got["seed"]) == ("draw", 3, 5)
        assert page_log.errors() == []
    finally:
        ctx.close()


def test_every_option_survives_a_links_round_trip(
    browser: Any, page_log: Any, site_url: str
) -> None:
    """Each value of each rule option, written into a link as the page writes it, fills the
    form and starts that game: `blocked_scoring=difference` was read by the engine but the
    form kept "total" and the game started with no options (issue 38). Every option takes
    its values other than the rules' own, across three links (the target has four)."""
    choices = option_choices(OPTIONS_PRESET)
    ctx, page = new_page(browser, page_log, viewport={"width": 1280, "height": 800})
    try:
        for k in range(1, max(len(v) for v in choices.values())):
            options = {name: values[min(k, len(values) - 1)] for name, values in choices.items()}
            first = practice.new_save(OPTIONS_PRESET, options, 4, ["club"] * 3, 5)
            if k > 1:  # a new link over a match in progress is another test's concern
                page.evaluate("localStorage.clear()")
            page.goto(url(site_url, "de", "?" + practice_view(first, "de")["link"]))
            page.locator(ROOT).evaluate("el => { el.dataset.pace = '0'; }")
            page.wait_for_function(
                "(v) => document.querySelector('#practice-option-target').value === v",
                arg=json.dumps(options["target"]),
            )
            for name, value in options.items():
                shown = page.locator(f"#practice-option-{name}").input_value()
                assert shown == json.dumps(value), (name, shown)
            page.locator(".practice__start").click()
            wait_ready(page)
            assert saved(page)["options"] == first["options"]
        only_this_host(page_log, site_url)
        assert page_log.errors() == []
    finally:
        ctx.close()


def test_start_at_once_deals_the_link(browser: Any, page_log: Any, site_url: str) -> None:
    """Start pressed before the engine has read the link deals the link's game, not the
    form's defaults."""
    first = practice.new_save("all-fives", {}, 3, ["club", "expert"], 4242)
    ctx, page = new_page(browser, page_log, viewport={"width": 360, "height": 740})
    try:
        page.goto(url(site_url, "da", "?" + practice_view(first, "da")["link"]))
        page.locator(ROOT).evaluate("el => { el.dataset.pace = '0'; }")
        page.locator(".practice__start").click()
        wait_ready(page)
        got = saved(page)
        keys = ("preset", "options", "players", "levels", "seed")
        assert {k: got[k] for k in keys} == {k: first[k] for k in keys}
        only_this_host(page_log, site_url)
    finally:
        ctx.close()


def test_the_seed_alone_still_deals(page: Any, page_log: Any, site_url: str) -> None:
    page.goto(url(site_url, "en", "?seed=5"))
    # A deal number alone is the form's: the engine waits for the reader, as on a bare
    # address (a link with settings starts it to read them).
    page.locator(".practice__setup").wait_for()
    assert page.evaluate("document.documentElement.dataset.engine ?? null") is None
    assert page_log.engine_requests() == []
    assert page.locator("#practice-seed").input_value() == "5"
    assert page.locator("#practice-preset").input_value() == "block"
    assert page.locator(".practice__error").count() == 0
    page.evaluate("document.querySelector('.practice').dataset.pace = '0'")
    page.locator(".practice__start").click()
    page.wait_for_function(READY)
    assert saved(page)["seed"] == 5
    assert strings("en")["page.practice.restored"] not in page.locator(ROOT).inner_text()
    only_this_host(page_log, site_url)


def test_the_danish_first_lead_says_why(page: Any, page_log: Any, site_url: str) -> None:
    """Round 1 of the Danish house rules: the notes say why that tile must open; the
    reader's focus is on it, the only tile that can be played."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(url(site_url, "da", "?seed=4"))
    root = page.locator(ROOT)
    root.evaluate("el => { el.dataset.pace = '0'; }")
    page.locator("#practice-preset").select_option("block-dk")
    page.locator("#practice-players").select_option("3")
    page.locator(".practice__start").click()
    wait_ready(page)
    view = practice_view(saved(page), "da")
    assert view["notes"] and view["your_turn"]
    notes = root.locator(".practice__notes li").all_inner_texts()
    assert notes == view["notes"]
    assert page.evaluate("document.activeElement.dataset.tile") == "6-6"
    shot(page, "table-da-360-first-lead")
    page.keyboard.press("Enter")  # the focused tile is played by the keyboard
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('domino-practice-save')).rounds[0].length > 0"
    )
    wait_ready(page)
    assert saved(page)["rounds"][0][0].startswith("6-6")
    assert root.locator(".practice__notes").is_hidden() or (
        root.locator(".practice__notes li").all_inner_texts()
        == practice_view(saved(page), "da")["notes"]
    )
    only_this_host(page_log, site_url)


@pytest.mark.parametrize(
    ("lang", "size", "scheme"),
    [
        ("pl", (360, 740), "light"),
        ("da", (360, 740), "dark"),
        ("en", (360, 740), "dark"),
        ("pl", (1280, 800), "dark"),
        ("da", (1280, 800), "light"),
    ],
)
def test_four_players_fit_one_screen(
    browser: Any, page_log: Any, site_url: str, lang: str, size: tuple[int, int], scheme: str
) -> None:
    """The most the table holds (four seats, four scores, a draw game's boneyard) fits one
    screen in every language; the board keeps a useful height."""
    width, height = size
    ctx, page = new_page(
        browser, page_log, viewport={"width": width, "height": height}, color_scheme=scheme
    )
    try:
        page.goto(url(site_url, lang, "?seed=77"))
        page.locator(ROOT).evaluate("el => { el.dataset.pace = '0'; }")
        page.locator("#practice-preset").select_option("all-fives")
        page.locator("#practice-players").select_option("4")
        page.locator(".practice__start").click()
        assert wait_ready(page) == "play"
        table = page.evaluate(TABLE)
        shot(page, f"table-{lang}-{width}-{scheme}-four")
        for part in ("board", "hand", "turn", "seats", "score"):
            assert table[part]["inside"], (part, table[part])
            assert table[part]["uncovered"], (part, table[part])
        board = table["board"]["box"]
        assert board[3] - board[1] >= 100, board
        # One row of buttons, and no "Back to top" pill over the table.
        assert page.locator(".practice__toolbar").bounding_box()["height"] <= 60
        top = page.locator(".md-top")
        assert top.count() == 1
        top.evaluate("el => el.removeAttribute('hidden')")  # as Material does on scrolling up
        assert top.evaluate("el => getComputedStyle(el).display") == "none"
        only_this_host(page_log, site_url)
    finally:
        ctx.close()
