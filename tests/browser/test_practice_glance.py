"""The practice table at a glance (issue 39): choosing an end keeps the table (the board
keeps its size, each numbered end button lies inside the board and covers no tile,
Cancel stays whole) on the longest layouts of every game at 360 px; the table's short
accessible name and its open-ends line, pinned by an ARIA snapshot in every game; the
keys that choose, hint and say the ends, the last move and whose turn it is; the hint's
tile and end marked.

The saves are built here: every seat's moves chosen to lengthen the longest arm, stopped
at the reader's last turn with a tile that fits two ends or more.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import axe_violations, only_this_host
from playwright.sync_api import expect
from test_practice_page import READY, ROOT, STORAGE_KEY, drawn, url, words

from engine.core.layout import End
from engine.core.state import Move
from engine.core.words import strings
from engine.features import practice
from engine.presentation.places import end_places
from engine.presentation.views.practice import game_view as practice_view
from engine.presentation.views.practice import hint_view, steps_view

SHOTS = Path("/tmp/shots")
WHOLE_TILE_PX = 20  # a tile's long side, at least, while the whole drawing is shown
TARGET_PX = 44

GAMES = [("block", 2), ("block-dk", 3), ("draw", 2), ("all-fives", 4)]
PHONE = (360, 740)
WIDE = (1280, 800)


def long_choice(preset: str, players: int) -> dict[str, Any]:
    """A save at the reader's turn, with a tile that fits two ends or more, on the
    longest table found in seeded playouts that lengthen the longest arm."""
    best: tuple[int, dict[str, Any]] | None = None
    for seed in range(40):
        save = practice.new_save(preset, {}, players, ["beginner"] * (players - 1), seed)
        state = practice.load_game(save).state
        rng = random.Random(seed)
        moves: list[str] = []
        while not state.is_terminal:
            legal = state.legal_moves()
            if state.current_player == practice.YOU:
                tiles = [m.tile for m in legal]
                if any(tiles.count(t) > 1 for t in tiles):
                    size = len(state.layout.tiles)
                    if best is None or size > best[0]:
                        best = (size, {**save, "rounds": [list(moves)]})
            arms = state.layout.arms
            count = {e: arms.count(e) for e in End}
            most = max(count[m.end] if m.end else 0 for m in legal)
            move: Move = rng.choice([m for m in legal if (count[m.end] if m.end else 0) == most])
            state.apply(move)
            moves.append(str(move))
    assert best is not None
    return best[1]


def open_save(browser: Any, page_log: Any, site_url: str, lang: str, save: dict, **context: Any):
    ctx = browser.new_context(**context)
    page = ctx.new_page()
    page_log.watch(ctx, page)
    page.goto(url(site_url, lang))
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [STORAGE_KEY, json.dumps(save)])
    page.goto(url(site_url, lang))
    page.locator(ROOT).evaluate("el => { el.dataset.pace = '0'; }")
    page.wait_for_function(READY, timeout=120_000)
    return ctx, page


# Where the board, the drawn tiles, the end buttons and Cancel are, and what covers each.
GEOMETRY = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const board = document.querySelector('.practice__board');
  const b = board.getBoundingClientRect();
  const tiles = [...board.querySelectorAll('svg [data-tile]')].flatMap((g) => {
    const r = g.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < b.left || x > b.right || y < b.top || y > b.bottom) return [];  // panned away
    const hit = document.elementFromPoint(x, y);
    return [{ code: g.dataset.tile, hit: hit ? (g.contains(hit) ? 'tile' : hit.className.baseVal
      ?? hit.className) : null, long: Math.max(r.width, r.height) }];
  });
  const targets = [...board.querySelectorAll('.practice__end-target')].map((b) => ({
    end: b.dataset.end, text: b.textContent, box: box(b) }));
  const cancel = document.querySelector('.practice__cancel');
  const c = cancel.getBoundingClientRect();
  const cHit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
  return { board: box(board), tiles, targets, cancel: box(cancel),
    whole: document.querySelector('.practice__table').classList.contains('is-whole'),
    count: board.querySelectorAll('svg [data-tile]').length,
    cancelShown: !!cHit && cancel.contains(cHit), height: innerHeight, width: innerWidth };
}"""


def inside(inner: list[float], outer: list[float]) -> bool:
    return (
        inner[0] >= outer[0] - 0.5
        and inner[1] >= outer[1] - 0.5
        and inner[2] <= outer[2] + 0.5
        and inner[3] <= outer[3] + 0.5
    )


@pytest.mark.parametrize(
    ("preset", "players", "size"),
    [(preset, players, PHONE) for preset, players in GAMES]
    + [("draw", 2, WIDE), ("all-fives", 4, WIDE)],
)
def test_choosing_an_end_keeps_the_table(
    browser: Any, page_log: Any, site_url: str, preset: str, players: int, size: tuple[int, int]
) -> None:
    """On the longest table of each game, at 360×740 by touch (and of two at 1280×800 by
    mouse): the board keeps its size while an end is chosen, or, where the ends lie
    farther apart than it (four-player All Fives on a phone), grows down and shows the
    whole drawing with legible tiles; every end button is inside the board, numbered
    and named as the list is, where its name says, and covers no tile; Cancel is whole;
    a tap or a click on a button plays there."""
    save = long_choice(preset, players)
    lang = "de" if players % 2 else "pl"
    touch = size == PHONE
    width, height = size
    ctx, page = open_save(
        browser,
        page_log,
        site_url,
        lang,
        save,
        viewport={"width": width, "height": height},
        has_touch=touch,
        color_scheme="dark" if (preset == "draw") == touch else "light",
    )
    press = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    try:
        view = practice_view(save, lang)
        before = page.evaluate(GEOMETRY)
        tile = next(t for t in view["hand"] if len(t["ends"]) > 1)
        press(page.locator(f'.practice__tile[data-tile="{tile["code"]}"]'))
        page.locator(".practice__end-target").first.wait_for()
        during = page.evaluate(GEOMETRY)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"ends-{preset}-{players}-{lang}-{width}.png"))
        if during["whole"]:
            # The ends lie farther apart than the board: the board grows down over the
            # lines under it and the hand (it never moves or shrinks), and the whole
            # drawing is shown in it, every tile at a legible size.
            assert during["board"][:3] == before["board"][:3]
            assert during["board"][3] > before["board"][3]
            assert len(during["tiles"]) == during["count"]
            assert min(t["long"] for t in during["tiles"]) >= WHOLE_TILE_PX
        else:
            assert during["board"] == before["board"]
        assert len(during["targets"]) == len(tile["ends"])
        for n, (target, end) in enumerate(zip(during["targets"], tile["ends"], strict=True), 1):
            assert target["end"] == end["end"]
            assert target["text"].split(" ")[0] == str(n), target
            assert inside(target["box"], during["board"]), (target, during["board"])
            left, top, right, bottom = target["box"]
            assert right - left >= TARGET_PX and bottom - top >= TARGET_PX
        assert during["tiles"], during  # some of the table is in view
        assert [t["hit"] for t in during["tiles"]] == ["tile"] * len(during["tiles"]), during
        assert during["cancelShown"] and inside(during["cancel"], [0, 0, width, height])
        sfx = drawn(page, view)
        listed = page.locator(".practice__end-button")
        assert [re.sub(r"\s+", " ", t).strip() for t in listed.all_inner_texts()] == [
            f"{n} {e['text' + sfx]}" for n, e in enumerate(tile["ends"], 1)
        ]
        # Each end is named by where its button lies on the drawing shown: one named
        # top… above one named bottom…, one named …left left of one named …right.
        layout = practice.load_game(save).state.layout
        places = end_places(layout, "narrow" if sfx else "wide")
        at = {t["end"]: t["box"] for t in during["targets"]}
        for a, b in itertools.permutations(at, 2):
            pa, pb = places[End(a)], places[End(b)]
            if pa.startswith("top") and pb.startswith("bottom"):
                assert at[a][1] + at[a][3] < at[b][1] + at[b][3], (pa, pb, at)
            if pa.endswith("left") and pb.endswith("right"):
                assert at[a][0] + at[a][2] < at[b][0] + at[b][2], (pa, pb, at)
        assert axe_violations(page, [ROOT]) == []
        # The last end's button plays there.
        chosen = tile["ends"][-1]
        press(page.locator(f'.practice__end-target[data-end="{chosen["end"]}"]'))
        played_past(page, save)
        played = json.loads(page.evaluate("k => localStorage.getItem(k)", STORAGE_KEY))
        assert played["rounds"][0][len(save["rounds"][0])] == chosen["move"]
        only_this_host(page_log, site_url)
    finally:
        ctx.close()


def mid_round(preset: str, players: int, seed: int = 5, choice: bool = True) -> dict[str, Any]:
    """A save at the reader's turn a few moves into the round (every seat playing its
    first legal move), with a tile that fits two ends or more if ``choice``."""
    save = practice.new_save(preset, {}, players, ["beginner"] * (players - 1), seed)
    state = practice.load_game(save).state
    moves: list[str] = []
    found = None
    while not state.is_terminal and len(moves) < 40:
        legal = state.legal_moves()
        if state.current_player == practice.YOU and len(state.layout.tiles) >= 3:
            tiles = [m.tile for m in legal]
            if not choice or any(tiles.count(t) > 1 for t in tiles):
                found = {**save, "rounds": [list(moves)]}
                break
        state.apply(legal[0])
        moves.append(str(legal[0]))
    assert found is not None, (preset, players, seed)
    return found


def played_past(page: Any, save: dict[str, Any]) -> None:
    """Waits until the stored match holds a move more than ``save``."""
    page.wait_for_function(
        "([k, n]) => JSON.parse(localStorage.getItem(k)).rounds[0].length > n",
        arg=[STORAGE_KEY, len(save["rounds"][0])],
    )


def quoted(text: str) -> str:
    """``text`` as a double-quoted string of an ARIA snapshot's YAML."""
    return json.dumps(text, ensure_ascii=False)


def yaml_key(entry: str) -> str:
    """A snapshot entry (``img "name"``) as one YAML scalar: a name may hold ": "."""
    return "'" + entry.replace("'", "''") + "'"


@pytest.mark.parametrize(
    ("preset", "players", "lang", "scheme"),
    [
        ("block", 2, "de", "light"),
        ("block-dk", 3, "fr", "dark"),
        ("draw", 4, "de", "dark"),
        ("all-fives", 3, "fr", "light"),
    ],
)
def test_the_table_is_named_in_short_and_its_open_ends_are_shown(
    browser: Any, page_log: Any, site_url: str, preset: str, players: int, lang: str, scheme: str
) -> None:
    """What a screen reader gets of the table during a turn is its short name (the round,
    the tiles, the open ends); the open ends are a line on screen in every game, then who
    laid the last tile. Pinned as a whole by ARIA snapshots in deep-equal mode."""
    save = mid_round(preset, players, choice=False)
    ctx, page = open_save(
        browser, page_log, site_url, lang, save, viewport={"width": 1280, "height": 800},
        color_scheme=scheme,
    )  # fmt: skip
    try:
        view = practice_view(save, lang)
        sfx = drawn(page, view)
        board = strings(lang)["page.practice.table"]
        expect(page.locator(".practice__board")).to_match_aria_snapshot(
            f"- region {quoted(board)}:\n"
            "  - /children: deep-equal\n"
            f"  - {yaml_key('img ' + quoted(view['table_name' + sfx]))}\n"
        )
        fives = view["open_ends"]["text"] if view["open_ends"] else ""
        ends = f"{view['ends_line' + sfx]} {fives}".strip()
        feed = words(lang)["feed"]
        page.evaluate("() => { document.querySelector('.practice__status').textContent = ''; }")
        expect(page.locator(".practice__callouts")).to_match_aria_snapshot(
            "- /children: deep-equal\n"
            "- status\n"  # the page's status line, said nothing now
            f"- paragraph: {quoted(ends)}\n"
            f"- paragraph: {quoted(view['last_tile']['text'])}\n"
            f"- heading {quoted(feed)} [level=3]\n"
            f"- list {quoted(feed)}:\n"
            + "".join(f"  - listitem: {quoted(line)}\n" for line in view["feed"])
        )
        assert len(view["table_name"]) < 120
        assert axe_violations(page, [ROOT]) == []
        only_this_host(page_log, site_url)
    finally:
        ctx.close()


@pytest.mark.parametrize(("lang", "scheme"), [("de", "light"), ("pl", "dark")])
def test_the_keys_choose_hint_undo_and_say_the_table(
    browser: Any, page_log: Any, site_url: str, lang: str, scheme: str
) -> None:
    """By keyboard alone at 1280×800: "?" opens the list of keys (Escape closes it); E,
    L, W and T say the open ends, the last move, whose turn it is and the whole table;
    H gives the hint, its tile and end marked; a tile's number opens its end choice and
    an end's number plays there; U takes it back."""
    save = mid_round("block", 2)
    ctx, page = open_save(
        browser, page_log, site_url, lang, save, viewport={"width": 1280, "height": 800},
        color_scheme=scheme,
    )  # fmt: skip
    w = words(lang)
    try:
        view = practice_view(save, lang)
        page.locator(".practice__tile.is-playable").first.focus()
        page.keyboard.press("?")
        dialog = page.locator(".practice__keys")
        expect(dialog).to_be_visible()
        assert dialog.locator("h2").inner_text() == w["keys_title"]
        lines = dialog.locator("li").all_inner_texts()
        assert len(lines) == 9 and all(line.split(" ", 1)[1] for line in lines)
        assert f"H {w['keys.hint']}" in lines
        assert axe_violations(page, [".practice__keys"]) == []
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()

        fives = view["open_ends"]["text"] if view["open_ends"] else ""
        ends = f"{view['ends_line' + drawn(page, view)]} {fives}".strip()
        for key, text in [
            ("e", ends),
            ("l", view["last_move"]),
            ("w", view["whose_turn"]),
            ("t", page.locator(".practice__layout svg desc").text_content()),
            ("e", ends),  # the same again is said again
        ]:
            page.keyboard.press(key)
            expect(page.locator(".practice__status")).to_have_text(text)

        # The hint: its text, its tile marked in the hand and its end on the table.
        page.keyboard.press("h")
        hint = page.locator(".practice__hint")
        expect(hint).to_be_visible()
        reply = hint_view(save, lang)
        assert hint.inner_text() == reply["text" + drawn(page, view)]
        code = reply["move"].split("@")[0]
        marked = page.locator(".practice__tile.is-hinted")
        expect(marked).to_have_count(1)
        assert marked.get_attribute("data-tile") == code
        assert marked.get_attribute("aria-describedby") == "practice-hint"
        if "@" in reply["move"]:
            end = reply["move"].split("@")[1]
            expect(page.locator(f'.domino-markers [data-end="{end}"].is-hinted')).to_have_count(1)

        # A tile by its number, then an end by its number.
        tile = next(t for t in view["hand"] if len(t["ends"]) > 1)
        page.keyboard.press(str(view["hand"].index(tile) + 1))
        expect(page.locator(".practice__ends")).to_be_visible()
        page.keyboard.press("2")
        played_past(page, save)
        page.wait_for_function(READY)
        played = json.loads(page.evaluate("k => localStorage.getItem(k)", STORAGE_KEY))
        assert played["rounds"][0][len(save["rounds"][0])] == tile["ends"][1]["move"]
        page.keyboard.press("u")
        page.wait_for_function(
            "([k, n]) => JSON.parse(localStorage.getItem(k)).rounds[0].length === n",
            arg=[STORAGE_KEY, len(save["rounds"][0])],
        )
        only_this_host(page_log, site_url)
    finally:
        ctx.close()


def test_the_hint_is_marked_on_a_phone(browser: Any, page_log: Any, site_url: str) -> None:
    """At 360×740 by touch, in the dark: the hint's tile is marked in the hand, its end on
    the table, both in view, and the marks go with the next move."""
    save = mid_round("all-fives", 2)
    ctx, page = open_save(
        browser, page_log, site_url, "fr", save, viewport={"width": 360, "height": 740},
        has_touch=True, color_scheme="dark",
    )  # fmt: skip
    try:
        page.locator(".practice__hint-button").tap()
        marked = page.locator(".practice__tile.is-hinted")
        expect(marked).to_have_count(1)
        box = marked.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 740
        reply = hint_view(save, "fr")
        assert marked.get_attribute("data-tile") == reply["move"].split("@")[0]
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "hint-fr-360-dark.png"))
        assert axe_violations(page, [ROOT]) == []
        marked.tap()
        if page.locator(".practice__ends").is_visible():
            page.locator(".practice__end-button").first.tap()
        played_past(page, save)
        page.wait_for_function(READY)
        expect(page.locator(".is-hinted")).to_have_count(0)
        only_this_host(page_log, site_url)
    finally:
        ctx.close()


@pytest.mark.parametrize(("lang", "scheme"), [("da", "light"), ("fr", "dark")])
def test_the_link_is_copied_or_shown_and_the_pace_is_kept(
    browser: Any, page_log: Any, site_url: str, lang: str, scheme: str
) -> None:
    """The menu copies the match's link (a fresh browser opening it gets the match's
    settings), shows it selected where the clipboard is refused, and keeps the pace the
    reader chose across a reload; a kept pace the menu does not offer is ignored."""
    save = mid_round("block-dk", 3)
    w = words(lang)
    ctx, page = open_save(
        browser, page_log, site_url, lang, save, viewport={"width": 1280, "height": 800},
        color_scheme=scheme, permissions=["clipboard-read", "clipboard-write"],
    )  # fmt: skip
    try:
        page.locator(".practice__menu summary").click()
        page.locator(".practice__copy-link").click()
        expect(page.locator(".practice__status")).to_have_text(w["link_copied"])
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == page.url and "seed=5" in copied
        assert page.locator(".practice__link").is_hidden()

        # The pace: chosen in the menu, kept across a reload.
        page.locator(".practice__menu summary").click()
        pace = page.locator("#practice-pace")
        assert pace.locator("option").all_inner_texts() == [
            w[f"pace.{name}"] for name in ("slow", "normal", "quick", "instant")
        ]
        pace.select_option("1600")
        assert page.locator(ROOT).get_attribute("data-pace") == "1600"
        assert axe_violations(page, [ROOT]) == []
        page.reload()
        page.wait_for_function(READY, timeout=120_000)
        assert page.locator("#practice-pace").input_value() == "1600"
        assert page.locator(ROOT).get_attribute("data-pace") == "1600"
        page.evaluate("localStorage.setItem('domino-practice-pace', '99999')")
        page.reload()
        page.wait_for_function(READY, timeout=120_000)
        assert page.locator("#practice-pace").input_value() == "800"
        assert page.locator(ROOT).get_attribute("data-pace") == "800"
    finally:
        ctx.close()

    # A fresh browser opens the copied link: the form holds the match's settings.
    fresh = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = fresh.new_page()
    page_log.watch(fresh, page)
    try:
        page.goto(copied)
        expect(page.locator(".practice__status")).to_have_text(w["link_ready"], timeout=120_000)
        assert page.locator("#practice-preset").input_value() == "block-dk"
        assert page.locator("#practice-players").input_value() == "3"
        assert page.locator("#practice-seed").input_value() == "5"
    finally:
        fresh.close()

    # Where the clipboard is refused, the link is shown selected, to copy by hand.
    ctx, page = open_save(
        browser, page_log, site_url, lang, save, viewport={"width": 360, "height": 740},
        has_touch=True, color_scheme=scheme,
    )  # fmt: skip
    try:
        page.evaluate(
            "Object.defineProperty(navigator, 'clipboard', {value: {writeText: () =>"
            " Promise.reject(new DOMException('refused', 'NotAllowedError'))}})"
        )
        page.locator(".practice__menu summary").tap()
        page.locator(".practice__copy-link").tap()
        expect(page.locator(".practice__status")).to_have_text(w["link_manual"])
        field = page.locator("#practice-link")
        expect(field).to_be_visible()
        assert field.input_value() == page.url
        assert field.evaluate(
            "el => document.activeElement === el && el.selectionStart === 0"
            " && el.selectionEnd === el.value.length"
        )
        assert axe_violations(page, [ROOT]) == []
        only_this_host(page_log, site_url)
    finally:
        ctx.close()


def finished_round(preset: str, players: int, seed: int = 3) -> dict[str, Any]:
    """A save whose first round is over (every seat playing its first legal move)."""
    save = practice.new_save(preset, {}, players, ["beginner"] * (players - 1), seed)
    state = practice.load_game(save).state
    moves: list[str] = []
    while not state.is_terminal:
        move = state.legal_moves()[0]
        state.apply(move)
        moves.append(str(move))
    return {**save, "rounds": [moves]}


@pytest.mark.parametrize(
    ("lang", "size", "touch"), [("de", (1280, 800), False), ("pl", (360, 740), True)]
)
def test_a_finished_round_is_stepped_through_move_by_move(
    browser: Any, page_log: Any, site_url: str, lang: str, size: tuple[int, int], touch: bool
) -> None:
    """From the rounds played, a finished round is shown step by step as the engine
    tells it, from the deal to the score, forward and back, by keyboard or touch."""
    save = finished_round("all-fives", 2)
    width, height = size
    ctx, page = open_save(
        browser, page_log, site_url, lang, save, viewport={"width": width, "height": height},
        has_touch=touch, color_scheme="dark" if touch else "light",
    )  # fmt: skip
    w = words(lang)
    press = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    try:
        steps = practice_steps_of(save, lang)
        past = page.locator(".practice__past").first
        press(past.locator("summary"))
        press(past.locator(".practice__steps-open"))
        caption = past.locator(".practice__steps-text")
        expect(caption).to_have_text(steps[0])
        count = past.locator(".practice__steps-count")
        next_button = past.locator(".practice__steps-next")
        prev_button = past.locator(".practice__steps-prev")
        assert prev_button.is_disabled()
        for k in range(1, len(steps)):
            press(next_button) if touch else page.keyboard.press("Enter")
            expect(caption).to_have_text(steps[k])
            expect(count).to_have_text(
                w["steps_count"].replace("{step}", str(k + 1)).replace("{count}", str(len(steps)))
            )
        assert next_button.is_disabled()
        # At the score, focus went back to the button still usable.
        if not touch:
            assert prev_button.evaluate("el => document.activeElement === el")
        press(prev_button)
        expect(caption).to_have_text(steps[-2])
        # The table drawn is that step's.
        drawn = steps_view(save, 0, lang)["steps"][-2]["layout"].count("data-tile=")
        assert past.locator(".practice__steps svg [data-tile]").count() == drawn > 0
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"steps-{lang}-{width}.png"))
        assert axe_violations(page, [ROOT]) == []
        only_this_host(page_log, site_url)
    finally:
        ctx.close()


def practice_steps_of(save: dict[str, Any], lang: str) -> list[str]:
    """What the engine tells of each step of the save's first round."""
    return [step["text"] for step in steps_view(save, 0, lang)["steps"]]
