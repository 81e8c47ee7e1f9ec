"""What the hooks share (a plain module, not a hook): the build's one list of problems,
the one registry of fences, the page being rendered, and reading the pages' sources.

MkDocs loads each hook file of ``mkdocs.yml`` by its path, as a module of its own
(named ``hooks/domino.py``), with only the hooks' folder on ``sys.path`` while it loads.
A hook imports this module by its package name, ``hooks.kit``, after putting the
repository on ``sys.path``: so there is one copy of it, the same for every hook and for
the tests, whatever loads them. No hook imports another hook.

- **Fences**: a hook registers each of its fences once, at import, with :func:`fence`:
  its name, how a problem names it, how it is drawn and, if it has one, its check.
  ``hooks/pipeline.py`` (first in ``mkdocs.yml``) gives them all to superfences, tells
  them the page being rendered (``kit.PAGE``: custom fence formatters get no page, and
  MkDocs renders one page at a time), and reads every page's source before a build
  (:func:`start`). A fence that cannot be drawn is a problem and, on the page, an error
  box; a fence the source checks did not read (written in a form :func:`page_fences`
  does not know) is checked when it is drawn.
- **Problems**: every check of every hook reports here (:func:`report`, or
  :func:`problem` for the page being rendered). Without strict mode each is a warning
  at once. In strict mode (``mkdocs.yml`` sets it) the outer build ends with one
  ``PluginError`` naming every problem (:func:`finish`): an error, not warnings, so
  ``mkdocs build --strict -q``, which hides warnings and with them strict mode's count,
  fails all the same.
- **HTML the hooks share**: the error box, the pages' buttons (:func:`button`), the
  reader's tiles and the open ends as buttons (a try-it figure's and a lesson's), and
  Material's ``__config`` of a built page (:func:`edit_config`).
- **Missing tools**: a step that needs Node or an npm package (the engine's web assets,
  the service worker) fails a build under CI for want of them, and is left out of a
  local one with a warning (:func:`tools_missing`).
- **Languages**: mkdocs-static-i18n builds the other languages inside the default
  language's ``on_post_build``, running every hook again; :func:`outer_build` tells the
  outer build (the one whose end is the whole site's) from those.
"""

from __future__ import annotations

import html
import json
import logging
import os
import re
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.pages import Page as MkDocsPage

from engine.core.words import text
from engine.lang import LANGUAGES

log = get_plugin_logger("checks")

DEFAULT_LANG = "en"
"""The site's default language, built at the root (the others below ``/LANG/``)."""

ENGINE_CACHE = "domino-block-engine"
"""The Cache Storage that keeps the engine's files in the reader's browser: written by the
engine's worker (named in the engine's ``manifest.json``, ``hooks/web_assets.py``), read by
the service worker (``scripts/build_sw.mjs``) and by ``offline.js`` (its script element's
``data-engine-cache``), both from ``hooks/offline.py``."""

PUZZLES_STORE = "domino-puzzles-progress"
"""Where the puzzles page keeps the reader's progress (the progress page reads it too)."""

PROGRESS_STORE = "domino-progress"
"""Where the practice page keeps the reader's finished matches (the progress page reads
them)."""

YOURS_STORE = "domino-your-puzzles"
"""Where the practice page keeps the reader's own puzzles (the puzzles page plays them,
the progress page exports them)."""

SEARCH_EXCLUDE = "data-search-exclude"
"""The attribute that leaves an element, and everything in it, out of the search index:
an app's controls, status lines and headings (``hooks/search_fold.py`` strips them
before Material's search plugin reads the page; the page itself keeps them)."""


# ---------------------------------------------------------------------------------------
# The pages' sources
# ---------------------------------------------------------------------------------------

_FENCE_START = re.compile(r"^([ \t]*)```([\w-]+)[ \t]*$")


def page_blocks(markdown: str) -> Iterator[tuple[str | None, str, int]]:
    """A page, line by line, a fence at a time: ``(name, body, line of the opening)``
    for a fence, those indented in a box too (their body loses the indent), and
    ``(None, text, line)`` for a line outside fences."""
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE_START.match(lines[i])
        if not m:
            yield None, lines[i], i + 1
            i += 1
            continue
        indent = len(m.group(1))
        start, body = i, []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i][indent:] if lines[i][:indent].isspace() else lines[i])
            i += 1
        yield m.group(2), "\n".join(body), start + 1
        i += 1


def page_fences(markdown: str) -> list[tuple[str, str, int]]:
    """The fences of a page: ``(name, body, line of the opening)`` (:func:`page_blocks`)."""
    return [(name, body, line) for name, body, line in page_blocks(markdown) if name]


def fence_fields(
    text: str, keys: Collection[str] | Callable[[str], bool], required: Iterable[str], what: str
) -> dict[str, str]:
    """The ``key: value`` lines of a fence (blank lines skipped): every key one of
    ``keys`` (or one it accepts), none twice, every ``required`` one given; else a
    ``ValueError`` naming ``what`` ("the try-it figure")."""
    known = keys if callable(keys) else keys.__contains__
    fields: dict[str, str] = {}
    for line in text.strip().splitlines():
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or not known(key):
            raise ValueError(f"unknown line {line.strip()!r} in {what}")
        if key in fields:
            raise ValueError(f"{what} gives {key} twice")
        fields[key] = value.strip()
    for key in required:
        if not fields.get(key):
            raise ValueError(f"{what} has no {key}")
    return fields


def page_language(path: str) -> tuple[str, str]:
    """``("block", "fr")`` for ``block.fr.md``; ``("block", "en")`` for ``block.md``."""
    stem = path.removesuffix(".md")
    base, _, suffix = stem.rpartition(".")
    if base and suffix in LANGUAGES:
        return base, suffix
    return stem, DEFAULT_LANG


def read_docs(docs_dir: str | Path) -> dict[str, str]:
    """Every Markdown page below ``docs_dir``: its path there (``block.fr.md``) → its text."""
    root = Path(docs_dir)
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*.md"))
    }


# ---------------------------------------------------------------------------------------
# The page being rendered, and the fences
# ---------------------------------------------------------------------------------------


@dataclass
class Page:
    """The page being rendered: its language, source file, URL and Markdown."""

    lang: str = DEFAULT_LANG
    src: str = "?"
    url: str = ""
    markdown: str = ""


PAGE = Page()
"""The page being rendered (set by :func:`track` as each page's Markdown is read)."""


def page_lang(page: MkDocsPage) -> str:
    """The language of a MkDocs page (static-i18n's ``file.locale``)."""
    return getattr(page.file, "locale", None) or DEFAULT_LANG


def track(page: MkDocsPage, markdown: str) -> None:
    """Remember the page about to be rendered."""
    set_page(Page(page_lang(page), page.file.src_uri, page.url, markdown))


def set_page(page: Page) -> None:
    """Set the page being rendered (:func:`track` does, and tests that render alone)."""
    global PAGE
    PAGE = page


@dataclass(frozen=True)
class Fence:
    """A custom fence: ``name`` (```` ```name ````), ``what`` a problem calls it ("domino
    figure"), ``render(body, page)`` its HTML, and ``check(body, lang)`` what is wrong
    with it, each problem naming the fence (for a fence the source checks did not read)."""

    name: str
    what: str
    render: Callable[[str, Page], str]
    check: Callable[[str, str], list[str]] | None = None

    def format(self, source: str, language: str, class_name: str, *args: Any, **kw: Any) -> str:
        """The superfences formatter: the fence's HTML, or a problem and an error box."""
        seen = (self.name, source.strip(), PAGE.lang)
        try:
            if self.check is not None and seen not in _build.read:
                _build.read.add(seen)
                for line in self.check(source, PAGE.lang):
                    problem(line)
            return self.render(source, PAGE)
        except Exception as e:  # the engine's errors, bad fence text and missing words alike
            body = source.strip()
            problem(f"bad {self.what} ({e})" + (f":\n{body}" if body else ""))
            return error_box(f"Bad {self.what}: {e}")


FENCES: dict[str, Fence] = {}
"""Every hook's fences, by name."""


def fence(
    name: str,
    what: str,
    render: Callable[[str, Page], str],
    check: Callable[[str, str], list[str]] | None = None,
) -> Fence:
    """Register a fence (see :class:`Fence`). A hook loaded again (each MkDocs config
    loads its hooks anew) registers its fences again: the last loaded is used."""
    FENCES[name] = Fence(name, what, render, check)
    return FENCES[name]


def add_fences(config: MkDocsConfig) -> MkDocsConfig:
    """Give superfences every registered fence, once (static-i18n runs ``on_config``
    again for each language, on the same config)."""
    superfences = config.mdx_configs.setdefault("pymdownx.superfences", {})
    fences = superfences.setdefault("custom_fences", [])
    known = {f["name"] for f in fences}
    fences.extend(
        {"name": f.name, "class": f.name, "format": f.format}
        for f in FENCES.values()
        if f.name not in known
    )
    return config


def error_box(message: str) -> str:
    """What a page shows where a fence could not be drawn (a build without strict mode)."""
    return (
        '<div class="admonition failure domino-error"><p class="admonition-title">'
        f"Build error</p><p>{html.escape(message)}</p></div>"
    )


def button(
    cls: str,
    label: str,
    *,
    primary: bool = False,
    submit: bool = False,
    hidden: bool = False,
    **attrs: str,
) -> str:
    """One of the pages' buttons (``domino-button``; with ``primary``, the page's main
    action), of its own class ``cls``, saying ``label``: its form's submit button with
    ``submit``; ``hidden`` until the page's script shows it; ``attrs`` its other
    attributes, ``_`` written ``-`` (``data_choice="two"`` is ``data-choice="two"``)."""
    kind = "domino-button domino-button--primary" if primary else "domino-button"
    extra = "".join(f' {k.replace("_", "-")}="{html.escape(v)}"' for k, v in attrs.items())
    return (
        f'<button type="{"submit" if submit else "button"}" class="{kind} {cls}"{extra}'
        f"{' hidden' if hidden else ''}>{html.escape(label)}</button>"
    )


def confirm_dialog(prefix: str) -> str:
    """The modal dialog an app asks in before a change that loses what the reader has
    (``page-kit.js``'s ``confirmFirst`` fills its question and its two buttons, "no"
    first): classes ``{prefix}__confirm``, ``-text``, ``-actions``, ``-no`` and ``-yes``."""
    return (
        f'<dialog class="{prefix}__confirm" aria-labelledby="{prefix}-confirm-text">'
        f'<form method="dialog"><p class="{prefix}__confirm-text" id="{prefix}-confirm-text">'
        f'</p><p class="{prefix}__confirm-actions">'
        f'<button type="submit" value="no" class="domino-button {prefix}__confirm-no"></button>'
        '<button type="submit" value="yes" '
        f'class="domino-button domino-button--primary {prefix}__confirm-yes"></button>'
        "</p></form></dialog>"
    )


def tile_buttons(tiles: list[dict[str, str]], lang: str) -> str:
    """The reader's tiles as toggle buttons (a try-it figure's tray, a lesson's hand):
    ``tiles`` are the engine's (``code``, ``name``, ``svg``)."""
    return "".join(
        f'<button type="button" class="domino-tile" data-tile="{t["code"]}" '
        f'aria-pressed="false" aria-label="{html.escape(t["name"])}" '
        f'data-picked="{html.escape(text(lang, "try.picked", tile=t["name"]))}">'
        f"{t['svg']}</button>"
        for t in tiles
    )


def end_buttons(ends: list[dict[str, Any]]) -> str:
    """The open ends to lay a tile on, as buttons: ``ends`` are the engine's (``end``,
    ``label``)."""
    return "".join(
        f'<button type="button" class="domino-button domino-end" data-end="{e["end"]}">'
        f"{html.escape(e['label'])}</button>"
        for e in ends
    )


_CONFIG_SCRIPT = re.compile(
    r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.DOTALL
)


def edit_config(output: str, edit: Callable[[dict[str, Any]], bool]) -> str:
    """``output`` (a built page) with Material's ``__config`` (where its search index and
    search worker are) changed by ``edit``, which says whether it changed anything."""

    def patch(m: re.Match[str]) -> str:
        data = json.loads(m.group(2))
        if not edit(data):
            return m.group(0)
        return m.group(1) + json.dumps(data, ensure_ascii=False) + m.group(3)

    return _CONFIG_SCRIPT.sub(patch, output, count=1)


# ---------------------------------------------------------------------------------------
# Problems
# ---------------------------------------------------------------------------------------


class _Build:
    """What one build found wrong so far (every language's build adds to it)."""

    def __init__(self) -> None:
        self.strict = True
        self.problems: list[str] = []
        self.told = False
        self.read: set[tuple[str, str, str]] = set()
        """The fences of the pages' sources, as ``(name, body, language)``: the ones the
        source checks read (they read the pages with :func:`page_fences`)."""
        self.docs: dict[str, str] = {}


_build = _Build()


def start(strict: bool, pages: dict[str, str]) -> None:
    """A new build, of ``pages`` (the sources, path → Markdown: :func:`read_docs`): no
    problems yet."""
    global _build
    _build = _Build()
    _build.strict = strict
    _build.docs = dict(pages)
    _build.read = {
        (name, body.strip(), page_language(path)[1])
        for path, text in _build.docs.items()
        for name, body, _ in page_fences(text)
        if name in FENCES
    }


def docs() -> dict[str, str]:
    """The pages' sources read when the build started (path → Markdown)."""
    return _build.docs


def problems() -> list[str]:
    """The problems found so far, each ``file: what is wrong``."""
    return list(_build.problems)


def report(line: str) -> None:
    """One problem, ``file: what is wrong``: a warning at once without strict mode; in
    strict mode, part of the error that ends the build."""
    if line in _build.problems:
        return
    _build.problems.append(line)
    if not _build.strict:
        log.warning(line)


def problem(message: str) -> None:
    """A problem of the page being rendered."""
    report(f"{PAGE.src}: {message}")


def summary() -> str:
    count = len(_build.problems)
    lines = (p.replace("\n", "\n    ") for p in _build.problems)
    return f"{count} problem{'s' if count != 1 else ''} in the pages:\n  " + "\n  ".join(lines)


def finish() -> None:
    """The end of the outer build: in strict mode, one error naming every problem."""
    if _build.problems and _build.strict:
        _build.told = True
        raise PluginError(summary())


def tell() -> None:
    """A build stopped by something else still shows what the checks found."""
    if _build.problems and _build.strict and not _build.told:
        _build.told = True
        log.error(summary())


def tools_missing(step: str, missing: str | None, without: str, logger: logging.Logger) -> bool:
    """Whether ``step`` ("service worker") is to be left out for want of its tools:
    ``missing`` says what is missing (``None``: nothing is). Under CI (``CI`` set) a
    missing tool fails the build with the reason, for a CI build ships every file; a
    local build warns on ``logger`` that the step is left out and what that means
    (``without``), and goes on."""
    if missing is None:
        return False
    if os.environ.get("CI"):
        raise PluginError(f"{step}: {missing}")
    logger.warning(f"{step} left out ({without}): {missing}")
    return True


# ---------------------------------------------------------------------------------------
# Languages
# ---------------------------------------------------------------------------------------


def i18n(config: MkDocsConfig) -> Any:
    """The mkdocs-static-i18n plugin, or None."""
    return config.plugins.get("i18n")


def outer_build(config: MkDocsConfig) -> bool:
    """Whether this is the outer build (static-i18n builds the other languages inside
    the default language's ``on_post_build``), or a build without static-i18n."""
    plugin = i18n(config)
    return plugin is None or not plugin.building


def language(config: MkDocsConfig) -> str:
    """The language being built."""
    plugin = i18n(config)
    if plugin is None:
        return DEFAULT_LANG
    return str(plugin.current_language or plugin.default_language or DEFAULT_LANG)
