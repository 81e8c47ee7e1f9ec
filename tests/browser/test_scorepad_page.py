"""The scorepad page in the browser: worked examples of the rules (``blocked-3-7-8``, the
Danish rounding and the double finish) entered through the page in two languages and checked
against ``engine.presentation.views.scorepad.score_sheet``; a bad entry, a correction, a
reload, a corrupt saved sheet, export then import, a bad import; the questions asked before
rounds are lost (a new sheet, an import, removing a round), by keyboard; four players'
totals in view on a 360 px phone in every language; and accessibility in light and dark.

Each test loads few pages: every load with a sheet starts the engine (seconds, cold).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import axe_violations, held_engine, only_this_host, wider_than

from engine import DominoError
from engine.core.words import strings
from engine.features import scorepad
from engine.lang import LANGUAGES
from engine.presentation.views.scorepad import score_sheet
from scripts.site_server import end_engine

STORAGE_KEY = "domino-scorepad-sheet"
ROOT = ".scorepad"
ENGINE_MS = 120_000

IDLE = "document.querySelector('.scorepad').dataset.busy === 'false'"


def url(site_url: str, lang: str) -> str:
    return site_url + ("" if lang == "en" else f"{lang}/") + "scorepad/"


def words(lang: str) -> dict[str, str]:
    prefix = "page.scorepad."
    return {k[len(prefix) :]: v for k, v in strings(lang).items() if k.startswith(prefix)}


def saved(page: Any) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')"))


def status(page: Any) -> str:
    return str(page.locator(".scorepad__status").inner_text())


def wait_idle(page: Any) -> None:
    page.wait_for_function(IDLE, timeout=ENGINE_MS)


def new_sheet(
    page: Any,
    lang: str,
    *,
    preset: str,
    players: int,
    options: dict[str, Any] | None = None,
    names: tuple[str, ...] = (),
) -> None:
    """Fills the set-up form and starts the sheet."""
    w = words(lang)
    root = page.locator(ROOT)
    root.get_by_label(strings(lang)["game.label"], exact=True).select_option(preset)
    for option, value in (options or {}).items():
        root.locator(f"#scorepad-option-{option}").select_option(json.dumps(value))
    root.get_by_label(strings(lang)["game.players"], exact=True).select_option(str(players))
    for seat, name in enumerate(names, start=1):
        root.get_by_label(w["name_label"].format(seat=seat), exact=True).fill(name)
    root.get_by_role("button", name=w["start"]).click()
    page.wait_for_function(
        f"{IDLE} && document.querySelector('.scorepad').dataset.phase === 'sheet'",
        timeout=ENGINE_MS,
    )


def enter_round(
    page: Any,
    went_out: int | None,
    hands: list[str],
    *,
    last_double: bool = False,
    play: list[int] | None = None,
) -> None:
    """Fills the round entry form (as it stands: a new round or a correction) and sends it."""
    root = page.locator(ROOT)
    root.locator("#scorepad-went-out").select_option("" if went_out is None else str(went_out))
    for seat, hand in enumerate(hands):
        field = root.locator(f"#scorepad-pips-{seat}")
        if seat != went_out:
            field.fill(hand)
    for side, points in enumerate(play or []):
        root.locator(f"#scorepad-play-{side}").fill(str(points))
    if last_double:
        root.locator("#scorepad-last-double").check()
    root.locator(".scorepad__add").click()
    wait_idle(page)


def note_at(page: Any, control: str) -> str | None:
    """The message said at the control of id ``control``: the text of the note that
    describes it (aria-describedby), or None."""
    text: str | None = page.evaluate(
        """(id) => {
            const control = document.getElementById(id);
            const ids = (control.getAttribute('aria-describedby') || '').split(' ');
            const note = ids.map((i) => document.getElementById(i))
                .find((n) => n && n.classList.contains('scorepad__error'));
            return note ? note.textContent : null;
        }""",
        control,
    )
    return text


def form_message(sheet: Any, form: dict[str, Any], lang: str, index: int | None = None) -> str:
    """The engine's message for a round typed as ``form`` on ``sheet``, as the page asks."""
    from engine.presentation.web import handle

    args = {"sheet": sheet, "form": form}
    method = "scorepad_add" if index is None else "scorepad_set"
    if index is not None:
        args["index"] = index
    reply = handle({"method": method, "args": args, "lang": lang})
    assert reply["ok"] is False, reply
    return str(reply["error"])


def table(page: Any) -> list[list[str]]:
    """The rounds' table as shown: per round, its heading, its scoring and each side's
    cell (a round is a <tbody>: its heading's row, its totals', then its scoring's)."""
    return page.locator(".scorepad__table tbody").evaluate_all(
        """bodies => bodies.map(b => [
            b.rows[0].innerText.trim(),
            b.querySelector('.scorepad__told').innerText.trim(),
            ...[...b.rows[1].cells].map(c => c.innerText.trim()),
        ])"""
    )


def expected_table(sheet: Any, lang: str) -> list[list[str]]:
    """The table the engine's view of ``sheet`` gives."""
    view = score_sheet(sheet, lang)
    rows = []
    for r in view["rounds"]:
        cells = [r["title"], f"{r['arithmetic']}\n{r['result']}"]
        for total, points in zip(r["totals"], r["points"], strict=True):
            cells.append(f"{total} +{points}" if points > 0 else str(total))
        rows.append(cells)
    return rows


def confirm(page: Any, lang: str, action: str, *, go: bool) -> None:
    """Answers the dialog that asks before rounds are lost (``action``: ``new``, ``import``
    or ``remove``): it is open, modal, says the page's words, and opens on "keep"."""
    w = words(lang)
    dialog = page.locator(".scorepad__confirm")
    dialog.wait_for(state="visible")
    assert page.evaluate("document.querySelector('.scorepad__confirm').matches(':modal')")
    assert dialog.locator(".scorepad__confirm-text").inner_text() == w[f"confirm_{action}"]
    keep = w["confirm_remove_no"] if action == "remove" else w["confirm_keep"]
    assert page.evaluate("document.activeElement.textContent") == keep
    if go:
        dialog.get_by_role("button", name=w[f"confirm_{action}_yes"]).click()
    else:
        page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")


def test_blocked_3_7_8_a_correction_a_bad_entry_reload_export_and_import(
    page: Any, page_log: Any, site_url: str
) -> None:
    lang = "en"
    w = words(lang)
    page.goto(url(site_url, lang))
    root = page.locator(ROOT)
    assert root.get_attribute("data-phase") == "setup"
    assert page.evaluate("document.documentElement.dataset.engine") is None
    new_sheet(page, lang, preset="block", players=3)
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"

    # blocked-3-7-8: blocked; 3, 7, 8 → the holder of 3 scores 7 + 8 − 3 = 12.
    enter_round(page, None, ["3", "7", "8"])
    sheet = saved(page)
    assert sheet["rounds"] == [{"went_out": None, "pips": [3, 7, 8]}]
    view = score_sheet(sheet, lang)
    assert view["rounds"][0]["arithmetic"] == "7 + 8 − 3 = 12"
    assert view["totals"] == [12, 0, 0]
    assert table(page) == expected_table(sheet, lang)
    assert "7 + 8 − 3 = 12" in table(page)[0][1]
    assert status(page) == w["added"].format(round=1)
    assert root.locator(".scorepad__match").inner_text() == view["status"]

    # A bad entry: the engine's message at the field, and nothing changes.
    enter_round(page, 1, ["2-3 x", "", "4"])
    form = {"went_out": "1", "pips": ["2-3 x", "", "4"]}
    assert note_at(page, "scorepad-pips-0") == form_message(sheet, form, lang)
    assert status(page) == ""
    assert saved(page) == sheet

    # A second round (tiles for one hand), then a correction of the first.
    enter_round(page, 1, ["1-2 6-6", "", "5"])
    root.get_by_role("button", name=w["correct_round"].format(round=1)).click()
    assert root.locator(".scorepad__entry-title").inner_text() == w["entry_fix"].format(round=1)
    assert root.locator("#scorepad-pips-1").input_value() == "7"
    enter_round(page, 2, ["3", "9", ""])
    sheet = saved(page)
    assert sheet["rounds"][0] == {"went_out": 2, "pips": [3, 9, 0]}
    assert sheet["rounds"][1] == {"went_out": 1, "pips": [["1-2", "6-6"], 0, 5]}
    assert score_sheet(sheet, lang)["totals"] == [0, 20, 12]
    assert table(page) == expected_table(sheet, lang)
    assert status(page) == w["corrected"].format(round=1)

    # A reload keeps the sheet.
    page.reload()
    page.wait_for_function(
        f"{IDLE} && document.querySelector('.scorepad').dataset.phase === 'sheet'",
        timeout=ENGINE_MS,
    )
    assert status(page) == w["restored"]
    assert table(page) == expected_table(sheet, lang)

    # Export gives the engine's JSON; after a change, importing it gives the same sheet.
    with page.expect_download() as info:
        root.get_by_role("button", name=w["export"]).click()
    exported = Path(info.value.path()).read_text(encoding="utf-8")
    assert exported == scorepad.export_sheet(sheet)
    # Removing a round asks first: Escape keeps it, and the focus comes back.
    remove = root.get_by_role("button", name=w["remove_last"])
    remove.click()
    confirm(page, lang, "remove", go=False)
    assert saved(page) == sheet and len(table(page)) == 2
    assert page.evaluate("document.activeElement.classList.contains('scorepad__remove')")
    remove.click()
    confirm(page, lang, "remove", go=True)
    # The engine's answer, not only an idle page: the request may not have left yet.
    page.wait_for_function(
        "document.querySelector('.scorepad__status').textContent === " + json.dumps(w["removed"]),
        timeout=ENGINE_MS,
    )
    assert len(saved(page)["rounds"]) == 1
    # An import over a sheet with rounds asks first; "keep" changes nothing.
    upload = [
        {"name": "scorepad.json", "mimeType": "application/json", "buffer": exported.encode()}
    ]
    fewer = saved(page)
    root.get_by_label(w["import"]).set_input_files(files=upload)
    confirm(page, lang, "import", go=False)
    assert saved(page) == fewer and len(table(page)) == 1
    root.get_by_label(w["import"]).set_input_files(files=upload)
    confirm(page, lang, "import", go=True)
    page.wait_for_function(
        "document.querySelector('.scorepad__status').textContent === " + json.dumps(w["imported"]),
        timeout=ENGINE_MS,
    )
    assert saved(page) == sheet
    assert table(page) == expected_table(sheet, lang)

    # A bad file: a clear message, and nothing changes (and nothing asked: the engine reads
    # the file before the page asks to replace the sheet).
    bad = '{"version": 1, "preset": "block"'
    root.get_by_label(w["import"]).set_input_files(
        files=[{"name": "bad.json", "mimeType": "application/json", "buffer": bad.encode()}]
    )
    page.wait_for_function(
        f"{IDLE} && document.querySelector('.scorepad__status').textContent !== "
        + json.dumps(w["imported"]),
        timeout=ENGINE_MS,
    )
    try:
        scorepad.import_sheet(bad)
    except DominoError as e:
        message = e.message(lang)
    assert note_at(page, "scorepad-import") == f"{message} {w['unchanged']}"
    assert saved(page) == sheet
    assert table(page) == expected_table(sheet, lang)
    only_this_host(page_log, site_url)


def test_danish_rounding_and_double_finish_then_a_corrupt_save(
    page: Any, page_log: Any, site_url: str
) -> None:
    lang = "da"
    w = words(lang)
    page.goto(url(site_url, lang))
    new_sheet(
        page,
        lang,
        preset="block-dk",
        players=3,
        options={"rounding": True, "double_finish": True},
        names=("Ana", "", "Bo"),
    )
    root = page.locator(ROOT)
    # Ana goes out with a double: 14 + 15 = 29, rounded to 30, doubled: 60.
    enter_round(page, 0, ["", "14", "1-2 6-6"], last_double=True)
    # Blocked: 8, 13, 20 → the holder of 8 scores 33, rounded up to 35 (no doubling).
    enter_round(page, None, ["8", "13", "20"])
    sheet = saved(page)
    # Every option is on the sheet, as chosen in the set-up.
    assert sheet["options"]["rounding"] is True and sheet["options"]["double_finish"] is True
    assert sheet["options"]["target"] == 100
    assert sheet["rounds"][0]["last_double"] is True
    view = score_sheet(sheet, lang)
    assert [r["score"] for r in view["rounds"]] == [60, 35]
    assert view["totals"] == [95, 0, 0]
    assert table(page) == expected_table(sheet, lang)
    assert "Ana" in table(page)[0][1] and "60" in table(page)[0][1]
    # The last-double box is for a seat that went out only.
    root.locator("#scorepad-went-out").select_option("")
    assert root.locator("#scorepad-last-double").is_hidden()

    # The next round wins the match: the page says so and takes no more rounds.
    enter_round(page, 0, ["", "3", "4"])
    sheet = saved(page)
    view = score_sheet(sheet, lang)
    assert view["outcome"]["over"] and view["outcome"]["winner"] == 0
    assert root.locator(".scorepad__match").inner_text() == view["status"]
    assert root.get_attribute("data-over") == "true"
    assert root.locator(".scorepad__entry").is_hidden()
    assert root.locator(".scorepad__over").inner_text() == w["match_over"]

    # A new sheet over one with rounds asks first: Escape keeps the sheet, "Back" shows it.
    root.get_by_role("button", name=w["new_sheet"]).click()
    root.get_by_role("button", name=w["start"]).click()
    confirm(page, lang, "new", go=False)
    assert saved(page) == sheet and root.get_attribute("data-phase") == "setup"
    root.get_by_role("button", name=w["back"]).click()
    assert root.get_attribute("data-phase") == "sheet" and table(page) == expected_table(
        sheet, lang
    )

    # A corrupt saved sheet: the engine's message, a new sheet's set-up, nothing broken.
    corrupt = dict(sheet, players=5)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, json.dumps(corrupt)])
    page.reload()
    page.wait_for_function(
        f"{IDLE} && document.querySelector('.scorepad__status').textContent.length > 0"
        " && document.documentElement.dataset.engine === 'ready'",
        timeout=ENGINE_MS,
    )
    try:
        scorepad.check_sheet(corrupt)
    except DominoError as e:
        message = e.message(lang)
    assert status(page) == f"{message} {w['save_lost']}"
    assert root.get_attribute("data-phase") == "setup"
    assert root.locator(".scorepad__setup").is_visible()
    assert page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')") is None
    new_sheet(page, lang, preset="draw", players=2)
    assert saved(page)["preset"] == "draw"
    only_this_host(page_log, site_url)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_app_has_no_axe_violations_and_fits_a_phone(
    browser: Any, site_url: str, scheme: str
) -> None:
    lang = "de" if scheme == "dark" else "en"
    context = browser.new_context(
        color_scheme=scheme, viewport={"width": 360, "height": 780}, has_touch=True
    )
    errors: list[str] = []
    hosts: set[str] = set()
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on(
            "console",
            lambda m: (
                errors.append(f"{m.text} ({m.location.get('url', '')})")
                if m.type == "error"
                else None
            ),
        )
        context.on("request", lambda r: hosts.add(urlsplit(r.url).netloc))
        page.goto(url(site_url, lang))
        found = {}

        def check(state: str) -> None:
            violations = axe_violations(page, [ROOT])
            if violations:
                found[state] = violations
            wide = wider_than(page, ROOT, 360, ".scorepad__table-wrap")
            assert wide == [], f"{state}: {wide[:5]}"
            assert page.evaluate("document.documentElement.scrollWidth") <= 360

        w = words(lang)
        page.locator(ROOT).get_by_label(strings(lang)["game.label"], exact=True).select_option(
            "block-dk"
        )
        check("setup")
        names = ("Zoë Winterbottom-Smythe", "", "Bo")
        hands = ["", "1-2 3-4 5-6", "6-6 5-5", "12"]
        if scheme == "light":  # All Fives: points scored in play, per side
            new_sheet(page, lang, preset="all-fives", players=4, names=names)
            enter_round(page, 0, hands, play=[15, 10, 0, 5])
        else:  # the Danish house rules in partnerships: two teams of two
            options = {"partnerships": True, "blocked_scoring": "difference"}
            new_sheet(page, lang, preset="block-dk", players=4, options=options, names=names)
            enter_round(page, 0, hands)
        sheet = saved(page)
        assert table(page) == expected_table(sheet, lang)
        view = score_sheet(sheet, lang)
        heads = page.locator(".scorepad__table thead th.scorepad__side").all_inner_texts()
        assert heads == [side["name"] for side in view["sides"]]
        check("sheet")
        root = page.locator(ROOT)
        root.get_by_role("button", name=w["correct_round"].format(round=1)).tap()
        check("correction")
        assert not found, json.dumps(found, indent=1, ensure_ascii=False)
        # Less Material's known sitemap 404s (see conftest.PageLog.errors).
        assert [e for e in errors if not e.endswith("/sitemap.xml)")] == []
        assert hosts == {urlsplit(site_url).netloc}
    finally:
        context.close()


def four_player_sheet() -> Any:
    """An All Fives sheet of four players with long names and three-digit totals."""
    names = ["Zoë Winterbottom-Smythe", "", "Maximilian", ""]
    sheet = scorepad.new_sheet("all-fives", {}, 4, names)
    entry = {"went_out": 1, "pips": [["6-6", "5-5", "4-4"], 0, 12, ["5-6", "3-3"]]}
    for play in ([55, 35, 40, 45], [30, 45, 25, 40]):
        sheet = scorepad.add_round(sheet, {**entry, "play_points": play})
    return sheet


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_four_players_totals_are_in_view_on_a_phone_in_every_language(
    browser: Any, site_url: str, scheme: str
) -> None:
    """At 360 px, a sheet of four players shows every side's name and running total
    without a sideways scroll, in all five languages; the dialog that asks before a round
    is removed fits too; no axe violation, no console error."""
    sheet = four_player_sheet()
    context = browser.new_context(
        color_scheme=scheme, viewport={"width": 360, "height": 740}, has_touch=True
    )
    errors: list[str] = []
    found: dict[str, list[str]] = {}
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on(
            "console",
            lambda m: (
                errors.append(f"{m.text} ({m.location.get('url', '')})")
                if m.type == "error"
                else None
            ),
        )
        page.goto(url(site_url, "en"))
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, json.dumps(sheet)])
        for lang in LANGUAGES:
            page.goto(url(site_url, lang))
            page.wait_for_function(
                f"{IDLE} && document.querySelector('.scorepad').dataset.phase === 'sheet'",
                timeout=ENGINE_MS,
            )
            view = score_sheet(sheet, lang)
            assert table(page) == expected_table(sheet, lang)
            heads = page.locator(".scorepad__table thead th.scorepad__side")
            assert heads.all_inner_texts() == [side["name"] for side in view["sides"]]
            # No sideways scroll: the table is no wider than its box, nor the page.
            sizes = page.evaluate(
                """() => { const w = document.querySelector('.scorepad__table-wrap');
                return [w.scrollWidth, w.clientWidth, document.documentElement.scrollWidth]; }"""
            )
            assert sizes[0] <= sizes[1] and sizes[2] <= 360, (lang, sizes)
            # Every side's name and latest total lies inside the viewport's width.
            last = page.locator(".scorepad__table tbody").last.locator("tr").nth(1)
            cells = [*heads.all(), *last.locator("td.scorepad__total").all()]
            assert len(cells) == 8
            for cell in cells:
                cell.scroll_into_view_if_needed()
                box = cell.bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, (lang, box)
            totals = [c.split()[0] for c in table(page)[-1][2:]]
            assert totals == [str(t) for t in view["totals"]]
            violations = axe_violations(page, [ROOT])
            if violations:
                found[lang] = violations
            # The question before a round is removed: in the page's words, within the
            # phone's width, and kept by Escape.
            page.locator(".scorepad__remove").tap()
            confirm_box = page.locator(".scorepad__confirm").bounding_box()
            assert confirm_box and confirm_box["x"] >= 0
            assert confirm_box["x"] + confirm_box["width"] <= 360
            violations = axe_violations(page, [".scorepad__confirm"])
            if violations:
                found[f"{lang} dialog"] = violations
            confirm(page, lang, "remove", go=False)
            assert saved(page) == sheet
        assert not found, json.dumps(found, indent=1, ensure_ascii=False)
        # Less Material's known sitemap 404s (see conftest.PageLog.errors).
        assert [e for e in errors if not e.endswith("/sitemap.xml)")] == []
    finally:
        context.close()


# --- Issue 38, items 8 and 9: messages at their field, and the restoring state ------------

VIEWPORTS = [
    pytest.param({"width": 360, "height": 740}, "light", id="phone-light"),
    pytest.param({"width": 1280, "height": 800}, "dark", id="desktop-dark"),
]

SEEN = """(id) => {
    // The element's box is inside the window, and what shows at its centre is itself
    // (not the site's fixed header, nor anything else over it).
    const el = document.getElementById(id);
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return inside && !!top && el.contains(top);
}"""


def in_view(page: Any, element_id: str) -> bool:
    return bool(page.evaluate(SEEN, element_id))


def told_at(page: Any, control: str, message: str) -> None:
    """``message`` is said next to the control of id ``control``, once, in view: the note
    that describes it follows it, the control is marked invalid and has the focus."""
    assert note_at(page, control) == message
    note = f"{control}-error"
    facts = page.evaluate(
        """([id, note]) => {
            const c = document.getElementById(id), n = document.getElementById(note);
            const a = c.getBoundingClientRect(), b = n.getBoundingClientRect();
            return {
                next: c.nextElementSibling === n,
                gap: b.top - a.bottom,
                invalid: c.getAttribute('aria-invalid'),
                focused: document.activeElement === c,
                times: document.body.innerText.split(n.textContent).length - 1,
            };
        }""",
        [control, note],
    )
    assert facts["next"] and 0 <= facts["gap"] < 40, facts
    assert facts["invalid"] == "true" and facts["focused"], facts
    assert facts["times"] == 1, facts  # said once: not in the status line too
    assert in_view(page, control) and in_view(page, note)


@pytest.mark.parametrize(("viewport", "scheme"), VIEWPORTS)
def test_a_reload_says_the_sheet_is_coming_back_then_errors_are_told_at_their_field(
    browser: Any, site_url: str, viewport: dict[str, int], scheme: str
) -> None:
    """Issue 38, item 9 then item 8, in Danish: while the engine starts, a reload with a
    saved sheet says the sheet is coming back and offers no set-up nor import to type in;
    then a hand typed as "tolv" for Anna is refused next to her field, naming Anna (not
    "plads 1"), the field marked and focused, in view; a broken import file is refused at
    the import control. No axe violation in any of these states."""
    lang = "da"
    w = words(lang)
    context = browser.new_context(viewport=viewport, color_scheme=scheme, service_workers="block")
    try:
        page = context.new_page()
        page.goto(url(site_url, lang))
        sheet = scorepad.add_round(
            scorepad.new_sheet("block", {}, 3, ["Anna", "", "Bo"]),
            {"went_out": None, "pips": [3, 7, 8]},
        )
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, json.dumps(sheet)])
        held, release = held_engine(context)
        page.reload()
        page.wait_for_function("document.querySelector('.scorepad__app:not([hidden])')")
        page.wait_for_timeout(1500)  # the engine's files are asked for, and held
        assert held, "the page did not start the engine to restore its sheet"
        root = page.locator(ROOT)
        found: dict[str, list[str]] = {}

        def check(state: str) -> None:
            violations = axe_violations(page, [ROOT])
            if violations:
                found[state] = violations

        # Restoring: said, in view, for as long as it lasts; nothing to type in.
        for _ in range(2):
            assert root.get_attribute("data-phase") == "restoring"
            assert status(page) == w["restoring"]
            assert (
                page.evaluate(
                    "document.querySelector('.scorepad__status').getBoundingClientRect().bottom"
                )
                <= viewport["height"]
            )
            assert root.locator(".scorepad__setup").is_hidden()
            assert root.locator(".scorepad__sheet").is_hidden()
            assert root.locator("input:visible, select:visible, button:visible").count() == 0
            assert root.locator(".scorepad__app").get_attribute("aria-busy") == "true"
            page.wait_for_timeout(500)
        page.evaluate("document.querySelector('.scorepad__status').id = 'scorepad-status-t'")
        assert in_view(page, "scorepad-status-t")
        check("restoring")
        release()
        page.wait_for_function(
            f"{IDLE} && document.querySelector('.scorepad').dataset.phase === 'sheet'",
            timeout=ENGINE_MS,
        )
        assert status(page) == w["restored"]
        assert table(page) == expected_table(sheet, lang)
        assert root.locator(".scorepad__app").get_attribute("aria-busy") is None

        # A hand typed as "tolv": at Anna's field, naming Anna.
        form = {"went_out": "2", "pips": ["tolv", "5", ""]}
        root.locator("#scorepad-went-out").select_option("2")
        root.locator("#scorepad-pips-0").fill("tolv")
        root.locator("#scorepad-pips-1").fill("5")
        page.evaluate("window.scrollTo(0, 0)")  # the field and its message well off screen
        root.locator("#scorepad-add").focus()
        page.keyboard.press("Enter")
        wait_idle(page)
        message = form_message(sheet, form, lang)
        assert message.startswith("Anna:") and "plads 1" not in message.lower()
        told_at(page, "scorepad-pips-0", message)
        assert status(page) == ""
        assert saved(page) == sheet
        check("field error")
        # Corrected, the mark goes; the round is added.
        root.locator("#scorepad-pips-0").fill("12")
        assert root.locator("#scorepad-pips-0").get_attribute("aria-invalid") is None
        assert note_at(page, "scorepad-pips-0") is None
        root.locator("#scorepad-add").click()
        page.wait_for_function(
            "document.querySelector('.scorepad__status').textContent === "
            + json.dumps(w["added"].format(round=2)),
            timeout=ENGINE_MS,
        )
        sheet = saved(page)
        assert sheet["rounds"][1] == {"went_out": 2, "pips": [12, 5, 0]}

        # A broken import file: at the import control, the sheet unchanged.
        bad = '{"version": 1, "preset": "block"'
        page.evaluate("window.scrollTo(0, 0)")
        root.locator("#scorepad-import").set_input_files(
            files=[{"name": "bad.json", "mimeType": "application/json", "buffer": bad.encode()}]
        )
        page.wait_for_function(
            "document.getElementById('scorepad-import-error')", timeout=ENGINE_MS
        )
        wait_idle(page)
        with pytest.raises(DominoError) as info:
            scorepad.import_sheet(bad)
        told_at(page, "scorepad-import", f"{info.value.message(lang)} {w['unchanged']}")
        assert saved(page) == sheet
        check("import error")
        assert not found, json.dumps(found, indent=1, ensure_ascii=False)
    finally:
        context.close()


def test_a_saved_sheet_the_engine_could_not_read_back_is_not_replaced_without_asking(
    browser: Any, site_url: str
) -> None:
    """The engine fails to start while a saved sheet comes back: the set-up is offered
    with the reason, and the saved sheet stays in the store; a new sheet started then
    asks first, as it would over a sheet shown (issue 38: nothing a reader has is lost)."""
    lang = "de"
    w = words(lang)
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(url(site_url, lang))
        sheet = scorepad.add_round(
            scorepad.new_sheet("block", {}, 2, ["Anna", "Bo"]), {"went_out": 0, "pips": [0, 9]}
        )
        kept = json.dumps(sheet)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, kept])
        context.route("**/assets/{pyodide,engine}/**", lambda route: route.abort())
        context.route("**/assets/js/engine-worker.js", lambda route: route.abort())
        page.reload()
        page.wait_for_function(
            "document.querySelector('.scorepad').dataset.phase === 'setup'", timeout=ENGINE_MS
        )
        assert status(page), "the failed start says nothing"
        root = page.locator(ROOT)
        root.locator(".scorepad__start").click()
        dialog = root.locator(".scorepad__confirm")
        dialog.wait_for(state="visible")
        assert root.locator(".scorepad__confirm-text").text_content() == w["confirm_new"]
        root.locator(".scorepad__confirm-no").click()
        assert dialog.is_hidden()
        assert page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')") == kept
    finally:
        context.close()


def wait_sheet(page: Any) -> None:
    """Waits until the engine has answered with the sheet (the page idle, showing it)."""
    page.wait_for_function(
        f"{IDLE} && document.querySelector('.scorepad').dataset.phase === 'sheet'",
        timeout=ENGINE_MS,
    )


def test_a_saved_sheet_is_on_screen_before_the_engine_has_started(
    browser: Any, site_url: str
) -> None:
    """Issue 41: on a later visit (the engine's worker gone), the sheet's table as last
    shown (the engine's view of that very sheet, kept beside it) is on screen at once,
    the engine held back; nothing to type in or press until the engine has read the
    sheet, and then the same table. A kept view of another sheet is never shown."""
    lang = "fr"
    w = words(lang)
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(url(site_url, lang))
        new_sheet(page, lang, preset="block", players=3, names=("Anna", "", "Bo"))
        enter_round(page, None, ["3", "7", "8"])
        sheet = saved(page)
        shown = table(page)
        assert shown == expected_table(sheet, lang)
        assert "7 + 8 − 3 = 12" in shown[0][1]
        end_engine(context, page)
        held, release = held_engine(context)
        page.reload()
        root = page.locator(ROOT)
        page.wait_for_function("document.querySelector('.scorepad__table tbody')")
        page.wait_for_timeout(1000)  # the engine's files are asked for, and held
        assert held, "the page did not start the engine to read its sheet back"
        assert root.get_attribute("data-phase") == "restoring"
        assert status(page) == w["restoring"]
        assert table(page) == shown
        assert root.locator(".scorepad__sheet").is_visible()
        assert root.locator("input:visible, select:visible, button:visible").count() == 0
        assert root.locator(".scorepad__app").get_attribute("aria-busy") == "true"
        assert axe_violations(page, [ROOT]) == []
        release()
        wait_sheet(page)
        assert status(page) == w["restored"]
        assert table(page) == shown
        assert root.locator("#scorepad-add").is_visible()

        # The sheet changed behind the page (its view kept is of the old one): not shown.
        other = {**sheet, "names": ["Cleo", "", "Bo"]}
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, json.dumps(other)])
        end_engine(context, page)
        held, release = held_engine(context)
        page.reload()
        page.wait_for_timeout(1000)
        assert held
        assert root.get_attribute("data-phase") == "restoring"
        assert root.locator(".scorepad__sheet").is_hidden()
        release()
        wait_sheet(page)
        assert table(page) == expected_table(other, lang)
    finally:
        context.close()
