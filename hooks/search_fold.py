"""MkDocs build hook: accent-free search ("decompte" finds "décompte", "lancuch" finds
"łańcuch").

Material builds its search index in the reader's browser, in a worker, from the page
language's ``search_index.json`` (``hooks/languages.py`` writes one per language). This
hook points every page (and every 404 page) at ``assets/js/search-worker.js`` instead of
Material's worker; that script runs Material's own worker (named after its ``#``) and
folds accents in the words of the index, before Material's stemmer and stop words see
them, and in every query. The text shown in the results is untouched, and a query typed
with its accents finds the same pages as before.

Prose only: an element carrying ``data-search-exclude`` (``hooks.kit.SEARCH_EXCLUDE``),
and everything in it, is left out of the index; the apps (practice, scorepad, lessons)
mark their controls, status lines and headings so, and a search finds their pages' prose
only. Material's own parser skips such an element only until the first element of the
same tag inside it closes (it compares elements by tag name), so this hook hands the
search plugin each page without them (:func:`strip_excluded`); the page keeps them.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority, get_plugin_logger

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit

from hooks import kit
from hooks.kit import SEARCH_EXCLUDE

log = get_plugin_logger("search_fold")

MATERIAL_WORKERS = "assets/javascripts/workers/"
OUR_WORKER = "assets/js/search-worker.js"

EXCLUDE = SEARCH_EXCLUDE
"""The attribute that leaves an element out of the search index."""

VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)


class _Excluded(HTMLParser):
    """The (start, end) offsets in a page's HTML of each outermost element that carries
    :data:`EXCLUDE`, its end tag included."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=False)
        self.source = source
        self.lines = [0]
        for line in source.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.spans: list[tuple[int, int]] = []
        self.tag = ""  # the open excluded element's tag, "" outside one
        self.depth = 0  # how many elements of that tag are open, itself included
        self.start = 0

    def _here(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def _tag_end(self, at: int) -> int:
        return self.source.index(">", at) + 1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.tag:
            self.depth += tag == self.tag
        elif any(name == EXCLUDE for name, _ in attrs):
            at = self._here()
            if tag in VOID:
                self.spans.append((at, self._tag_end(at)))
            else:
                self.tag, self.depth, self.start = tag, 1, at

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self.tag and any(name == EXCLUDE for name, _ in attrs):
            at = self._here()
            self.spans.append((at, self._tag_end(at)))

    def handle_endtag(self, tag: str) -> None:
        if self.tag and tag == self.tag:
            self.depth -= 1
            if self.depth == 0:
                self.spans.append((self.start, self._tag_end(self._here())))
                self.tag = ""


def strip_excluded(source: str) -> str:
    """``source`` (a page's HTML) without the elements that carry :data:`EXCLUDE`, and all
    they hold; an excluded element left open runs to the end."""
    if EXCLUDE not in source:
        return source
    parser = _Excluded(source)
    parser.feed(source)
    parser.close()
    if parser.tag:
        parser.spans.append((parser.start, len(source)))
    kept, at = [], 0
    for start, end in parser.spans:
        kept.append(source[at:start])
        at = end
    kept.append(source[at:])
    return "".join(kept)


def _search_index(config: Any) -> Any:
    plugin = config.plugins.get("material/search") or config.plugins.get("search")
    return getattr(plugin, "search_index", None)


def _index_prose_only(index: Any) -> None:
    """Have Material's search index read each page without its excluded elements: its
    ``add_entry_from_context`` (the one place it reads ``page.content``) sees the stripped
    HTML, and the page gets its own back before it is rendered."""
    if getattr(index, "_prose_only", False):
        return
    add = index.add_entry_from_context

    def add_prose(page: Any) -> None:
        content = page.content
        page.content = strip_excluded(content) if content else content
        try:
            add(page)
        finally:
            page.content = content

    index.add_entry_from_context = add_prose
    index._prose_only = True


def worker_url(material: str) -> str:
    """Our worker's URL for Material's worker URL (relative or absolute alike):
    ``../assets/javascripts/workers/search.X.min.js`` →
    ``../assets/js/search-worker.js#search.X.min.js``."""
    prefix, found, name = material.rpartition(MATERIAL_WORKERS)
    if not found or "/" in name:
        raise ValueError(f"not Material's search worker: {material!r}")
    return f"{prefix}{OUR_WORKER}#{name}"


def use_folding_worker(output: str) -> str:
    """``output`` (a page) with its search configured to use our worker."""

    def edit(data: dict[str, Any]) -> bool:
        if "search" not in data:
            return False
        data["search"] = worker_url(data["search"])
        return True

    return kit.edit_config(output, edit)


@event_priority(100)  # before Material's search plugin indexes the page
def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    index = _search_index(config)
    if index is not None:
        _index_prose_only(index)
    return context


def on_post_page(output: str, page: Any, config: Any) -> str:
    return use_folding_worker(output)


def on_post_template(output: str, template_name: str, config: Any) -> str:
    if template_name.endswith(".html"):
        return use_folding_worker(output)
    return output
