"""Every page in every language, as a reader's browser gets it (issue 11).

Each page of the navigation, in each of the five languages, and each language's 404
page, is loaded once at 1280 px, in the mode the page before it was left in (the first
in dark mode, from the system's preference). There it is checked with every axe-core
rule; then narrowed to a 360 px phone; then switched to the other mode by its dark-mode
toggle, as a reader does, and checked with axe's rules of colour (nothing else differs
between the modes). On every page: no console error, no failed request, no answer of
400 or more (but a 404 page's own), no redirect; zero axe-core violations in light and
in dark mode; nothing wider than the phone; no sum broken across lines; the chrome in
the page's language (dark-mode toggle, heading links, the current language in the menu,
the search dialog's name) and one name per page (menu entry, tab title and heading).
The pages are reached through the language menu, one language after another, as a
reader switches: en → fr → pl → de → da for one page, en → da → de → pl → fr for the
next, so every language is left and reached, with no redirect.

Then search, typed into the page: accent-free queries find the pages that the words
with their accents find, in each language that has accents.

One build, one browser, each page loaded once: the 40 pages take about a minute of
CPU (axe-core's colour-contrast rule is half of it), so a minute or so on an idle
two-core machine and three or four on a busy one (``pytest -s`` prints the time).
"""

from __future__ import annotations

import http.client
import importlib.util
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml
from conftest import COLOUR_RULES, axe_violations, settle, wider_than

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "pl", "de", "da")
NOT_FOUND = "404"  # each language's 404 page, reached at LANG/no-such-page/
# The language menu's order of switching, one page after another in turn.
ORDERS = (("en", "fr", "pl", "de", "da"), ("en", "da", "de", "pl", "fr"))
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}
# Pages whose heading is not their menu entry: the home page, named for the site, and the
# practice page, whose heading says against whom.
HEADING_IS_NOT_MENU_ENTRY = ("index", "practice")
REDIRECTS = (301, 302, 303, 307, 308)


# ---------------------------------------------------------------------------------------
# What mkdocs.yml says each language's chrome is
# ---------------------------------------------------------------------------------------


class _Loader(yaml.SafeLoader):
    """mkdocs.yml, its Python tags (the slugify function) read as nothing."""


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


@dataclass(frozen=True)
class Chrome:
    site_name: str
    nav: dict[str, str]  # English menu entry -> this language's
    toggles: tuple[str, ...]  # the dark-mode toggle's names, light then dark
    permalink: str
    not_found: str


def chrome_words() -> dict[str, Chrome]:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    out = {}
    for language in i18n["languages"]:
        lang = language["locale"]
        words = config["extra"]["chrome"][lang]
        out[lang] = Chrome(
            site_name=language.get("site_name", config["site_name"]),
            nav=language.get("nav_translations") or {},
            toggles=(words["dark_mode"], words["light_mode"]),
            permalink=words["permalink"],
            not_found=words["not_found"],
        )
    return out


CHROME = chrome_words()
# The site's pages, from its navigation: their slugs, and their English menu entries.
NAV_TITLES = {
    src.removesuffix(".md"): title
    for entry in yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)["nav"]
    for title, src in entry.items()
}
SLUGS = tuple(NAV_TITLES)


def menu_entry(slug: str, lang: str) -> str:
    english = NAV_TITLES[slug]
    return CHROME[lang].nav.get(english, english)


def path_of(slug: str, lang: str) -> str:
    prefix = "" if lang == "en" else f"{lang}/"
    if slug == NOT_FOUND:
        return f"{prefix}no-such-page/"
    return prefix + ("" if slug == "index" else f"{slug}/")


# ---------------------------------------------------------------------------------------
# The visits
# ---------------------------------------------------------------------------------------


@dataclass
class Visit:
    """What one page showed and did."""

    url: str
    status: int | None = None
    problems: list[str] = field(default_factory=list)  # requests, console, redirects
    axe: dict[str, list[str]] = field(default_factory=dict)  # per mode
    wide: list[str] = field(default_factory=list)
    broken_sums: list[str] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)


_FACTS = """() => {
  const text = (el) => (el ? el.textContent.trim().replace(/\\s+/g, " ") : null);
  const toggles = [...document.querySelectorAll("[data-md-component=palette] .md-option")];
  return {
    lang: document.documentElement.lang,
    title: document.title,
    h1: ((h1) => h1 && [...h1.childNodes].filter((n) => !n.classList?.contains("headerlink"))
      .map((n) => n.textContent).join("").trim())(document.querySelector(".md-content h1")),
    menu: text(document.querySelector(".md-sidebar--primary .md-nav__link--active")),
    toggle_labels: toggles.map((el) => el.getAttribute("aria-label")),
    toggle_titles: toggles.map((el) => el.nextElementSibling?.getAttribute("title") ?? null),
    permalinks: [...new Set([...document.querySelectorAll(".headerlink")]
      .map((el) => el.title))],
    current: [...document.querySelectorAll(".md-select__link[aria-current]")]
      .map((el) => el.hreflang),
    search_name: document.querySelector(".md-search[role=dialog]")?.getAttribute("aria-label"),
  };
}"""

_BROKEN_SUMS = """() => [...document.querySelectorAll(".md-content .sum")]
  .filter((el) => el.getClientRects().length > 1).map((el) => el.textContent)"""

# A sum left where a line may break: digits and operators with spaces, in the text of
# the page, outside the spans hooks/chrome.py wraps sums in.
_LOOSE_SUMS = r"""() => {
  const sum = /\d+(?:\s+[+\-−×÷=→]\s+\(?\d+\)?)+/;
  const walker = document.createTreeWalker(document.querySelector(".md-content"),
    NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest(".sum, script, style, svg, pre, code")) continue;
    const m = node.textContent.match(sum);
    if (m) found.push(m[0]);
  }
  return found;
}"""

# Each language link of the menu: its language, where it leads, and whether it opens
# itself (so Material's script does not take the click over).
_SWITCHES = """() => [...document.querySelectorAll(".md-select__link")]
  .map((a) => [a.hreflang, a.href, a.target])"""

_PRINT_BREAK = """() => [...document.querySelectorAll("figure.domino-figure")]
  .map((el) => getComputedStyle(el).breakInside)"""

SCHEMES = {"default": "light", "slate": "dark"}  # Material's scheme names
_SCHEME = "document.body.dataset.mdColorScheme"


class Recorder:
    """Collects what a browser context did, visit by visit."""

    def __init__(self, context: Any, page: Any) -> None:
        self.lines: list[str] = []
        context.on("console", self._console)
        context.on("requestfailed", self._failed)
        context.on("response", self._response)
        page.on("pageerror", lambda e: self.lines.append(f"pageerror: {e}"))
        page.on("worker", lambda w: w.on("console", self._console))
        self.statuses: dict[str, int] = {}

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.lines.append(f"console: {message.text} ({message.location.get('url', '')})")

    def _failed(self, request: Any) -> None:
        # The request for the engine's shared worker script never finishes in the page's
        # view (playwright#7107, crbug 851323): it is told aborted when the page goes.
        # The worker did load if the engine started, which _check looks at.
        worker = request.url.split("?")[0].endswith("/assets/js/engine-worker.js")
        if not (worker and request.failure == "net::ERR_ABORTED"):
            self.lines.append(f"failed: {request.url} {request.failure}")

    def _response(self, response: Any) -> None:
        self.statuses[response.url] = response.status
        if response.status in REDIRECTS:
            self.lines.append(f"redirect {response.status}: {response.url}")
        elif response.status >= 400:
            self.lines.append(f"HTTP {response.status}: {response.url}")

    def take(self) -> list[str]:
        lines, self.lines = self.lines, []
        return lines


def _switch_language(page: Any, lang: str) -> None:
    """Open the language menu and choose ``lang``, as a reader does."""
    page.hover(".md-select")
    with page.expect_navigation():
        page.click(f".md-select__link[hreflang={lang}]")


def _switch_scheme(page: Any) -> str:
    """Press the dark-mode toggle, as a reader does; returns the new mode."""
    before = page.evaluate(_SCHEME)
    page.click("[data-md-component=palette] label:not([hidden])")
    page.wait_for_function(
        f"(before) => {_SCHEME} !== before"
        " && !document.body.hasAttribute('data-md-color-switching')",
        arg=before,
    )
    return SCHEMES[page.evaluate(_SCHEME)]


def _check(page: Any, recorder: Recorder, visit: Visit) -> None:
    """Check the page just loaded (its "load" event fired) at 1280 px in the mode it
    opened in (every axe rule), at 360 px, and in the other mode (axe's rules of
    colour: nothing else differs)."""
    if page.url != visit.url:
        visit.problems.append(f"landed on {page.url}")
    # An app's page settles first: what its script draws from the engine's first answer
    # (the puzzle of the day) is in, so axe does not read a page that changes under it.
    settle(page)
    if page.evaluate("document.documentElement.dataset.engine") == "failed":
        visit.problems.append("the engine failed to start")
    mode = SCHEMES[page.evaluate(_SCHEME)]
    visit.axe[mode] = axe_violations(page, ["html"])
    visit.facts = page.evaluate(_FACTS)
    visit.broken_sums = page.evaluate(_BROKEN_SUMS)
    visit.facts["loose_sums"] = page.evaluate(_LOOSE_SUMS)
    visit.facts["sums"] = page.locator(".md-content .sum").count()
    visit.facts["switches"] = page.evaluate(_SWITCHES)
    page.set_viewport_size(PHONE)
    visit.wide = wider_than(page, "body", PHONE["width"])
    visit.facts["phone_scroll_width"] = page.evaluate("document.scrollingElement.scrollWidth")
    visit.broken_sums += page.evaluate(_BROKEN_SUMS)
    page.set_viewport_size(DESKTOP)
    other = _switch_scheme(page)
    visit.axe[other] = axe_violations(page, ["html"], only=COLOUR_RULES)
    # What the page fetched after its load (Material's sitemaps, the search index and
    # its worker's files) is in by now, or soon: no request for half a second.
    settle(page)
    visit.status = recorder.statuses.get(visit.url)
    visit.problems += recorder.take()


@pytest.fixture(scope="module")
def visits(browser: Any, site_url: str) -> Iterator[dict[tuple[str, str], Visit]]:
    """Every page in every language, and each language's 404 page (see the module's
    doc). The first page opens in dark mode, from the system's preference; the toggle
    then keeps each page's choice for the next, so pages open in either mode in turn."""
    found: dict[tuple[str, str], Visit] = {}
    started = time.monotonic()
    context = browser.new_context(color_scheme="dark", viewport=DESKTOP)
    page = context.new_page()
    recorder = Recorder(context, page)
    for n, slug in enumerate((*SLUGS, NOT_FOUND)):
        order = ORDERS[n % len(ORDERS)]
        for k, lang in enumerate(order):
            visit = found[(lang, slug)] = Visit(site_url + path_of(slug, lang))
            try:
                if k == 0 or slug == NOT_FOUND:
                    page.goto(visit.url)
                else:
                    _switch_language(page, lang)
                _check(page, recorder, visit)
                if (lang, slug) == ("en", "block"):
                    page.emulate_media(media="print")
                    visit.facts["print_break"] = page.evaluate(_PRINT_BREAK)
                    page.emulate_media(media="screen")
            except Exception as error:  # recorded, so the other pages are still seen
                visit.problems.append(f"{type(error).__name__}: {error}")
                recorder.take()
    context.close()
    print(f"\n{len(found)} pages in {time.monotonic() - started:.0f} s")
    yield found


PAGES = [(lang, slug) for slug in (*SLUGS, NOT_FOUND) for lang in LANGS]
MODES = ("light", "dark")


def _id(case: tuple[str, ...]) -> str:
    return "-".join(case)


@pytest.mark.parametrize("case", PAGES, ids=_id)
def test_page_loads_cleanly(visits: dict[tuple[str, str], Visit], case: Any) -> None:
    """No console error, no failed request, no error answer, no redirect (language
    switches included): the only 404 is a 404 page's own."""
    visit = visits[case]
    expected = 404 if case[1] == NOT_FOUND else 200
    assert visit.status == expected, f"{visit.url}: {visit.status}"
    problems = [p for p in visit.problems if not (expected == 404 and visit.url in p)]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", PAGES, ids=_id)
def test_page_has_no_axe_violations(
    visits: dict[tuple[str, str], Visit], case: Any, mode: str
) -> None:
    found = visits[case].axe.get(mode)
    assert found == [], "\n".join(found or [f"not checked in {mode} mode"])


@pytest.mark.parametrize("case", PAGES, ids=_id)
def test_page_fits_a_360px_phone(visits: dict[tuple[str, str], Visit], case: Any) -> None:
    visit = visits[case]
    assert visit.wide == [], f"wider than {PHONE['width']} px: {visit.wide[:10]}"
    assert visit.facts["phone_scroll_width"] <= PHONE["width"]


@pytest.mark.parametrize("case", PAGES, ids=_id)
def test_language_links_lead_to_the_page_without_a_redirect(
    visits: dict[tuple[str, str], Visit], case: Any
) -> None:
    """Every link of the language menu, not only the ones clicked, opens itself and
    leads to the page in that language, answered at once (200, no redirect)."""
    _, slug = case
    switches = visits[case].facts["switches"]
    assert sorted(s[0] for s in switches) == sorted(LANGS)
    for other, href, target in switches:
        assert target == "_self", href
        parts = urlsplit(href)
        expected = path_of("index" if slug == NOT_FOUND else slug, other)
        assert parts.path == "/" + expected, href
        connection = http.client.HTTPConnection(parts.netloc, timeout=10)
        connection.request("HEAD", parts.path)
        assert connection.getresponse().status == 200, href
        connection.close()


@pytest.mark.parametrize("case", PAGES, ids=_id)
def test_sums_stay_on_one_line(visits: dict[tuple[str, str], Visit], case: Any) -> None:
    """Every sum of the page's text is kept whole, and none breaks, at 1280 or 360 px."""
    assert visits[case].facts["loose_sums"] == []
    assert visits[case].broken_sums == []


def test_the_rules_pages_have_sums(visits: dict[tuple[str, str], Visit]) -> None:
    """The check above has sums to look at (a page without any passes it trivially)."""
    assert visits[("en", "block")].facts["sums"] > 3


@pytest.mark.parametrize("case", PAGES, ids=_id)
def test_chrome_is_in_the_pages_language(visits: dict[tuple[str, str], Visit], case: Any) -> None:
    lang, slug = case
    facts, words = visits[case].facts, CHROME[lang]
    assert facts["lang"] == lang
    assert facts["toggle_labels"] == list(words.toggles)
    # Each toggle's button names what it switches to: the light scheme's, shown in
    # light mode, has the first name.
    assert facts["toggle_titles"] == list(words.toggles)
    assert facts["permalinks"] in ([], [words.permalink])
    if slug not in ("index", NOT_FOUND):
        assert facts["permalinks"] == [words.permalink]
    assert facts["current"] == [lang], "the language menu marks the page's language"
    assert facts["search_name"]


@pytest.mark.parametrize("case", PAGES, ids=_id)
def test_one_name_per_page(visits: dict[tuple[str, str], Visit], case: Any) -> None:
    """The tab title is the menu entry and the site's name; the heading is the menu
    entry, but on the home and practice pages."""
    lang, slug = case
    facts, site = visits[case].facts, CHROME[lang].site_name
    if slug == NOT_FOUND:
        assert facts["h1"] == CHROME[lang].not_found
        assert facts["title"] == f"{CHROME[lang].not_found} - {site}"
        return
    entry = menu_entry(slug, lang)
    assert facts["menu"] == entry
    assert facts["title"] == f"{entry} - {site}"
    if slug not in HEADING_IS_NOT_MENU_ENTRY:
        assert facts["h1"] == entry


def test_figures_are_not_split_in_print(visits: dict[tuple[str, str], Visit]) -> None:
    breaks = visits[("en", "block")].facts["print_break"]
    assert breaks and set(breaks) == {"avoid"}


# ---------------------------------------------------------------------------------------
# The 404 pages, from the server
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_page_gets_its_languages_404_page(site_url: str, lang: str) -> None:
    prefix = "" if lang == "en" else f"{lang}/"
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(f"{site_url}{prefix}no/such/page.html", timeout=10)
    assert caught.value.code == 404
    body = caught.value.read().decode("utf-8")
    assert f'<html lang="{lang}"' in body
    assert f"<h1>{CHROME[lang].not_found}</h1>" in body


# ---------------------------------------------------------------------------------------
# Search without accents
# ---------------------------------------------------------------------------------------

# A word of the pages with its accents, and typed without them.
QUERIES = {
    "fr": ("décompte", "decompte"),
    "pl": ("łańcuch", "lancuch"),
    "de": ("dänischen", "danischen"),
    "da": ("første", "forste"),
}


_RESULTS_SHOWN = """(placeholder) => {
  const meta = document.querySelector(".md-search-result__meta");
  return Boolean(meta) && meta.textContent.trim() !== placeholder;
}"""


_PLACEHOLDER_SHOWN = """(placeholder) =>
  document.querySelector(".md-search-result__meta")?.textContent.trim() === placeholder"""


def _search(page: Any, query: str) -> list[str]:
    """The pages (paths) Material's search lists for ``query``."""
    placeholder = page.evaluate(
        "JSON.parse(document.getElementById('__config').textContent)"
        ".translations['search.result.placeholder']"
    )
    box = page.locator(".md-search__input")
    box.click()
    box.fill("")
    box.press("End")  # Material searches on a key's release, not on "input"
    page.wait_for_function(_PLACEHOLDER_SHOWN, arg=placeholder)
    box.fill(query)
    box.press("End")
    page.wait_for_function(_RESULTS_SHOWN, arg=placeholder)
    links = page.eval_on_selector_all(
        ".md-search-result__item > .md-search-result__link",
        "(links) => links.map((a) => new URL(a.href).pathname)",
    )
    return sorted(set(links))


@pytest.mark.parametrize("lang", sorted(QUERIES))
def test_search_finds_pages_without_accents(page: Any, site_url: str, lang: str) -> None:
    accented, plain = QUERIES[lang]
    page.goto(site_url + path_of("index", lang))
    page.wait_for_load_state("networkidle")
    with_accents = _search(page, accented)
    without = _search(page, plain)
    assert with_accents, f"{accented!r} finds nothing in {lang}"
    assert without == with_accents
    assert all(p.startswith(f"/{lang}/") for p in without), without


# ---------------------------------------------------------------------------------------
# The keyboard
# ---------------------------------------------------------------------------------------

_FOCUSED = """() => {
  const el = document.activeElement;
  const box = (e) => { const r = e.getBoundingClientRect(); return r.width * r.height; };
  // Material's dark-mode toggle is a radio button of no size whose label shows the focus.
  const shown = el.matches(".md-option") ? el.nextElementSibling : el;
  return [el.tagName + "." + el.className, box(el) > 0 || (shown && box(shown) > 0
    && getComputedStyle(shown).visibility === "visible")];
}"""


def test_every_tab_stop_of_the_header_shows(page: Any, site_url: str) -> None:
    """From the top of a page to its first link in the menu, the Tab key never lands on
    something that cannot be seen (the search's empty results box once did)."""
    page.goto(site_url + path_of("block", "fr"))
    stops = []
    for _ in range(20):
        page.keyboard.press("Tab")
        name, shown = page.evaluate(_FOCUSED)
        stops.append(name)
        assert shown, f"Tab stop {len(stops)} cannot be seen: {stops}"
        if "md-nav__link" in name:
            break
    assert any("md-search__input" in s for s in stops), stops


# ---------------------------------------------------------------------------------------
# The build step that keeps sums whole (no browser needed, but it belongs here)
# ---------------------------------------------------------------------------------------


def _chrome_hook() -> Any:
    spec = importlib.util.spec_from_file_location("chrome_hook", ROOT / "hooks" / "chrome.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sums_are_wrapped_in_the_text_only() -> None:
    wrap = _chrome_hook().wrap_sums
    page = (
        '<p title="7 + 8 = 15">scores 10\n+ 2 = 12, then 9 + 9 = 18 → 20 and (7 + 8) × 2 = 30;'
        " [1|4] is 1-4, rounds 1 - 2</p>"
        '<script type="application/json">{"s": "3 + 4 = 7"}</script><svg><text>5 + 5</text></svg>'
        "<select><option>1 + 1</option></select><code>2 + 2</code>"
    )
    out = wrap(page)
    assert out.count('<span class="sum">') == 4
    assert '<span class="sum">10\n+ 2 = 12</span>' in out
    assert '<span class="sum">9 + 9 = 18 → 20</span>' in out
    assert '<span class="sum">(7 + 8) × 2 = 30</span>' in out
    assert '<span class="sum">1 - 2</span>' in out
    for kept in ('title="7 + 8 = 15"', '"3 + 4 = 7"', "<text>5 + 5</text>", "<option>1 + 1<"):
        assert kept in out
    assert "<code>2 + 2</code>" in out and "1-4" in out
