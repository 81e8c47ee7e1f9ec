"""On paper: every rules page and the glossary, in every language, printed to PDF by
Chromium on A4 and on Letter (docs/assets/print.css), and read back with pypdf.

On each printed page:

- the number of sheets lies in the range ``SHEETS`` gives the page (measured when the
  print style was written, with room for edits of the text): a count out of range means
  that something reached the paper that should not (the navigation, a panel) or that
  something went missing (a stepper's steps);
- every step of every stepper is printed, in order, with its caption (the captions as
  the page's markup has them, step count included), each caption whole on one sheet;
- every table is whole on one sheet;
- none of the screen's chrome is printed: the header's title, the search box, the
  language menu, the navigation and contents sidebars, the footer's previous and next
  links, the skip link, the back-to-top button, a stepper's buttons, a try-it figure's
  instructions and buttons (``chrome_texts``).

Under print media (``page.emulate_media(media="print")``) the computed styles are
checked too: the chrome and the controls hidden, every step shown, figures, tables,
steps, admonitions and try-it figures kept whole (``break-inside: avoid``) and headings
kept with what follows (``break-after: avoid``). A page opened in the dark scheme (from
the system's preference, as a reader's browser opens it) must print the light look:
light paper and tiles, dark text, pips and outlines, and the tile just played told from
the others by its outline's width, not only by its colour.

The PDFs are printed with ``print_background=True``, as a browser's print dialog does with
"Background graphics" ticked. That is the stricter case: a dark panel or page colour left
over from the dark scheme reaches the paper only then, and a reader who leaves the box
unticked (the browsers' default) gets a subset of it (no admonition tints). Backgrounds
take no room, so the sheets and the text are the same either way.

PDF text is compared with whitespace removed (``squeeze``): pypdf breaks lines where the
sheet does and may split or join words at spaces. Text a positioned element paints (an
admonition's title) comes out after the rest of its sheet, so only the order of the
captions, which are in the flow, is checked.
"""

from __future__ import annotations

import io
import re
import unicodedata
from typing import Any

import pytest

PAGES = ("block", "house-rules", "draw-and-all-fives", "glossary")
LANGS = ("en", "fr", "pl", "de", "da")
SIZES = ("A4", "Letter")

SHEETS: dict[str, tuple[int, int]] = {
    "block": (6, 11),
    "house-rules": (7, 12),
    "draw-and-all-fives": (10, 17),
    "glossary": (1, 4),
}
"""The sheets each page may take, the same range on A4 and Letter and in every language.
Measured when the print style was written (A4, Letter; the five languages within a
sheet of each other): the Block rules 8, 8-9; the house rules 9, 10; Draw and All Fives
13, 13-14; the glossary 2, 2. Each range is that count with about a quarter of it, and
at least two sheets, either way, for edits of the text: the navigation printed beside
the Block rules takes them to 12-13 sheets, and steppers that print one step each take
them to 5 on A4."""


def url(site_url: str, name: str, lang: str) -> str:
    return site_url + ("" if lang == "en" else f"{lang}/") + f"{name}/"


def squeeze(text: str) -> str:
    """``text`` as compared with a PDF's: NFKC (a ligature such as "ﬁ" is "fi"), without
    whitespace of any kind (the typographic spaces of French too) or soft hyphens."""
    text = unicodedata.normalize("NFKC", text)
    return "".join(c for c in text if not c.isspace() and c != "\u00ad")


TEXT_OBJECTS = re.compile(rb"\bBT\b.*?\bET\b|/[^\s/\[\]<>()]+\s+Do\b", re.S)
"""A content stream's text objects (``BT`` ... ``ET``; Chromium writes their strings in
hex, so no "ET" inside one) and its form invocations (``/Name Do``), in their order."""


def sheets_text(pdf: bytes) -> list[str]:
    """The squeezed text of each sheet of ``pdf``, read by pypdf.

    pypdf parses every operator of a sheet before it reads the text, and the figures'
    paths are most of them: each sheet's content, and each form's it draws, is first
    cut down to its text objects and form invocations (``TEXT_OBJECTS``), which leaves
    the text and its order as they were and halves the time."""
    from pypdf import PdfReader
    from pypdf.generic import DecodedStreamObject, NameObject

    def text_only(data: bytes) -> bytes:
        return b"\n".join(TEXT_OBJECTS.findall(data))

    texts = []
    for sheet in PdfReader(io.BytesIO(pdf)).pages:
        contents = DecodedStreamObject()
        contents.set_data(text_only(sheet.get_contents().get_data()))
        sheet[NameObject("/Contents")] = contents
        for form in (sheet["/Resources"].get("/XObject") or {}).values():
            form = form.get_object()
            if form.get("/Subtype") == "/Form":
                form.set_data(text_only(form.get_data()))
        texts.append(squeeze(sheet.extract_text()))
    return texts


def find_in_order(sheets: list[str], needles: list[str]) -> list[str]:
    """Problems: each of ``needles`` must be found whole on one sheet, after the one
    before it."""
    problems: list[str] = []
    sheet, at = 0, 0
    for needle in needles:
        while sheet < len(sheets):
            found = sheets[sheet].find(needle, at)
            if found >= 0:
                at = found + len(needle)
                break
            sheet, at = sheet + 1, 0
        else:
            where = (
                "split across sheets or out of order" if needle in "".join(sheets) else "missing"
            )
            problems.append(f"{where}: {needle!r}")
            sheet, at = 0, 0  # the rest are looked for from the start again
    return problems


# The captions of every step of every stepper, in order: as the markup has them (text),
# and as laid out (shown: innerText leaves out a part not printed; a caption not laid
# out at all gives its whole text, and _PRINT_STYLES reports its step).
_CAPTIONS = """() => [...document.querySelectorAll('.domino-stepper')].map((stepper) =>
  [...stepper.querySelectorAll(':scope > ol > .domino-step')].map((step) => {
    const caption = step.querySelector('figcaption');
    return { text: caption ? caption.textContent : '', shown: caption ? caption.innerText : '' };
  }))"""

# The texts of the tables, as the markup has them.
_TABLES = "() => [...document.querySelectorAll('.md-content table')].map((t) => t.innerText)"

# What the screen's chrome says (read with the screen's styles), by what it is: texts
# that a sheet would show if the chrome were printed, and that the pages' own text
# never has. (Chromium paints buttons and positioned boxes after the flow around them,
# so each button is a text of its own, and the footer's titles are read without the
# "Previous" and "Next" above them.)
_CHROME = """() => {
  const text = (el) => (el ? el.textContent : '');
  const all = (selector) => [...document.querySelectorAll(selector)].map(text);
  const found = {
    'header title (the site name)': text(document.querySelector('.md-header__topic')),
    'search box': document.querySelector('.md-search__input')?.placeholder ?? '',
    'language menu': all('.md-select__link').join(' '),
    'contents sidebar': [text(document.querySelector('.md-nav--secondary > .md-nav__title')),
      ...all('.md-nav--secondary > .md-nav__list > .md-nav__item > .md-nav__link').slice(0, 2)]
      .join(' '),
    'skip link': all('.md-skip').join(' '),
    'back to top': all('.md-top').join(' '),
    'try-it instructions': text(document.querySelector('.domino-try__intro')),
    'try-it reset': text(document.querySelector('.domino-try__reset')),
    'try-it invitation': text(document.querySelector('p:has(+ .domino-try)')),
  };
  const footer = all('.md-footer__title .md-ellipsis');
  if (footer.length > 1) found['footer'] = footer.join(' ');
  const first = (selector) => [...document.querySelectorAll(selector)].slice(0, 2);
  for (const [i, button] of first('.domino-stepper__controls button').entries())
    found[`stepper button ${i + 1}`] = text(button);
  for (const [i, button] of first('.domino-try__ends button').entries())
    found[`try-it end ${i + 1}`] = text(button);
  // The navigation sidebar: each two neighbouring entries that are not this page.
  const items = [...document.querySelectorAll('.md-nav--primary > .md-nav__list > .md-nav__item')];
  items.forEach((item, i) => {
    const next = items[i + 1];
    if (!next || [item, next].some((x) => x.classList.contains('md-nav__item--active'))) return;
    found[`navigation ${i + 1}-${i + 2}`] =
      text(item.querySelector('.md-nav__link')) + ' ' + text(next.querySelector('.md-nav__link'));
  });
  return found;
}"""


CHROME_PRESENT = (
    ".md-header",
    ".md-search",
    ".md-select",
    "[data-md-component=palette]",
    ".md-sidebar--primary",
    ".md-sidebar--secondary",
    ".md-footer",
    ".md-top",
    ".md-skip",
)
"""The chrome every page has (so that a renamed class cannot pass unseen)."""

HIDDEN_IN_PRINT = (
    *CHROME_PRESENT,
    ".md-tabs",
    "#offline-update",
    ".domino-stepper__controls",
    ".domino-try__intro",
    ".domino-try__ends",
    ".domino-try__reset",
    ".domino-try__status",
)

KEPT_WHOLE = (
    "figure",
    "table",
    ".domino-step",
    ".domino-hands",
    ".admonition",
    ".domino-try",
)

# Under print media: what shows that should not, what should show and does not, and
# what may be split across sheets.
_PRINT_STYLES = """([present, hidden, whole]) => {
  const problems = [];
  const shows = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  for (const selector of present)
    if (!document.querySelector(selector)) problems.push(`no ${selector} in the page`);
  for (const selector of hidden)
    for (const el of document.querySelectorAll(selector))
      if (shows(el)) problems.push(`${selector} is printed`);
  for (const step of document.querySelectorAll('.domino-step')) {
    const parts = [step, step.querySelector('figure'), step.querySelector('figcaption')];
    if (!parts.every((el) => el && shows(el)))
      problems.push(`step ${step.dataset.step}: not printed with its figure and caption`);
  }
  for (const tray of document.querySelectorAll('.domino-try__tray'))
    if (!shows(tray)) problems.push('a try-it figure: its tiles are not printed');
  for (const selector of whole)
    for (const el of document.querySelectorAll(`.md-content ${selector}`)) {
      const value = getComputedStyle(el).breakInside;
      if (value !== 'avoid') problems.push(`${selector}: break-inside ${value}`);
    }
  for (const h of document.querySelectorAll('.md-content :is(h1, h2, h3, h4)')) {
    const value = getComputedStyle(h).breakAfter;
    if (value !== 'avoid') problems.push(`${h.tagName} "${h.textContent}": break-after ${value}`);
  }
  return problems;
}"""


def chrome_texts(page: Any) -> dict[str, str]:
    """The squeezed texts of the screen's chrome (see ``_CHROME``), the empty ones left
    out; read with the screen's styles."""
    found: dict[str, str] = page.evaluate(_CHROME)
    return {name: squeeze(text) for name, text in found.items() if squeeze(text)}


def open_page(page: Any, site_url: str, name: str, lang: str) -> None:
    page.goto(url(site_url, name, lang))
    # figures.js has made every stepper live (one step at a time on screen).
    page.wait_for_function(
        "document.querySelectorAll('.domino-stepper:not(.is-live), .domino-try:not(.is-live)')"
        ".length === 0"
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PAGES)
def test_page_prints_whole_and_without_the_chrome(
    page: Any, site_url: str, name: str, lang: str
) -> None:
    """See the module's doc: the styles under print media, then each paper size's PDF;
    every problem found is reported, not only the first."""
    open_page(page, site_url, name, lang)
    chrome = chrome_texts(page)
    assert {"search box", "language menu", "skip link"} <= chrome.keys()
    page.emulate_media(media="print")
    problems: list[str] = page.evaluate(
        _PRINT_STYLES, [CHROME_PRESENT, HIDDEN_IN_PRINT, KEPT_WHOLE]
    )
    steppers = page.evaluate(_CAPTIONS)
    for s, stepper in enumerate(steppers, 1):
        for n, step in enumerate(stepper, 1):
            if not squeeze(step["text"]):
                problems.append(f"stepper {s}, step {n}: no caption")
            elif squeeze(step["shown"]) != squeeze(step["text"]):
                problems.append(f"stepper {s}, step {n}: the caption is printed in part")
    captions = [squeeze(step["text"]) for stepper in steppers for step in stepper]
    if name != "glossary" and len(captions) < 10:
        problems.append(f"{len(captions)} step captions: the rules pages have steppers")
    tables = [squeeze(text) for text in page.evaluate(_TABLES)]
    low, high = SHEETS[name]
    for size in SIZES:
        sheets = sheets_text(page.pdf(format=size, print_background=True))
        if not low <= len(sheets) <= high:
            problems.append(f"{size}: {len(sheets)} sheets, not {low}-{high}")
        problems += [f"{size}: step caption {p}" for p in find_in_order(sheets, captions)]
        for table in tables:
            if not any(table in sheet for sheet in sheets):
                problems.append(f"{size}: a table not whole on one sheet: {table[:60]!r}")
        text = "".join(sheets)
        problems += [f"{size}: printed: {what}" for what, words in chrome.items() if words in text]
    assert not problems, "\n".join(problems)


# Under print media, what would not read on white paper in black and white: the root's
# scheme, dark backgrounds, text under 4.5:1 against the paper, tiles that are not light,
# pips under 4.5:1, outlines and open-end markers under 3:1 (WCAG's contrasts for text
# and for graphics), and a tile just played whose outline is not at least twice as thick
# as the others'. Colours with transparency are taken over white.
_PAPER = """() => {
  const problems = [];
  const rgba = (value) => {
    const m = /rgba?\\(([^)]*)\\)/.exec(value);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
    return [r, g, b, a];
  };
  const luminance = (value) => {
    const c = rgba(value);
    if (!c) return null;
    const linear = (x) => {
      const v = (c[3] * x + (1 - c[3]) * 255) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2]);
  };
  const contrast = (value) => 1.05 / (luminance(value) + 0.05);
  const name = (el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`;
  const shows = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const root = getComputedStyle(document.documentElement).colorScheme;
  if (root !== 'light') problems.push(`root color-scheme: ${root}`);
  const body = getComputedStyle(document.body).backgroundColor;
  if (!(luminance(body) > 0.95)) problems.push(`body background ${body}`);
  for (const el of document.querySelectorAll('.md-container *')) {
    if (el instanceof SVGElement || !shows(el)) continue;
    const style = getComputedStyle(el);
    const bg = rgba(style.backgroundColor);
    if (bg && bg[3] > 0 && !(luminance(style.backgroundColor) >= 0.6))
      problems.push(`dark background ${style.backgroundColor}: ${name(el)}`);
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (own && !(contrast(style.color) >= 4.5))
      problems.push(`pale text ${style.color}: ${name(el)} ${el.textContent.trim().slice(0, 30)}`);
  }
  const svgs = [...document.querySelectorAll('.md-content svg.domino-layout')].filter(shows);
  for (const svg of svgs) {
    // One of each kind a figure draws: they all take their paint from the same rules.
    const first = (selector) => [svg.querySelector(selector)].filter(Boolean);
    for (const rect of first('.domino-tiles rect')) {
      const { fill, stroke } = getComputedStyle(rect);
      if (!(luminance(fill) >= 0.8)) problems.push(`tile face ${fill}`);
      if (!(contrast(stroke) >= 3)) problems.push(`tile outline ${stroke}`);
    }
    for (const pip of first('.domino-pips circle')) {
      const { fill } = getComputedStyle(pip);
      if (!(contrast(fill) >= 4.5)) problems.push(`pip ${fill}`);
    }
    const markers = [
      ...first('.domino-markers rect').map((el) => getComputedStyle(el).stroke),
      ...first('.domino-markers text').map((el) => getComputedStyle(el).fill),
    ];
    for (const paint of markers)
      if (!(contrast(paint) >= 3)) problems.push(`open-end marker ${paint}`);
    const last = svg.querySelector('.domino-last rect');
    const other = svg.querySelector('.domino-tiles > :not(.domino-last) rect');
    if (last && other) {
      const [a, b] = [last, other].map((r) => parseFloat(getComputedStyle(r).strokeWidth));
      if (!(a >= 2 * b)) problems.push(`the tile just played is outlined ${a}, the others ${b}`);
    }
  }
  return [...new Set(problems)];
}"""


DARK_CASES = [
    ("block", "en"),
    ("house-rules", "fr"),
    ("draw-and-all-fives", "pl"),
    ("glossary", "de"),
    ("block", "da"),
]
"""Each page once, and each language once: the print style's colours are the same for
every language, and the pages' figures, tables and admonitions alike in all five."""


@pytest.mark.parametrize(("name", "lang"), DARK_CASES)
def test_the_dark_scheme_prints_the_light_look(
    browser: Any, site_url: str, name: str, lang: str
) -> None:
    """A reader whose system prefers dark gets Material's dark scheme on screen; the
    printed page has the light look all the same (see ``_PAPER``)."""
    context = browser.new_context(color_scheme="dark")
    try:
        page = context.new_page()
        open_page(page, site_url, name, lang)
        assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
        if name != "glossary":
            assert page.locator("svg.domino-layout").count() > 0
        page.emulate_media(media="print")
        problems = page.evaluate(_PAPER)
        assert not problems, "\n".join(problems)
    finally:
        context.close()
