"""MkDocs build hook: the site's chrome in each page's language, its sitemaps and 404
pages, and sums kept on one line.

mkdocs-static-i18n builds each language in turn into the same site (English first, at
the root), running every hook once per language. This hook:

- **Words of the chrome** (``extra.chrome.LANG`` in ``mkdocs.yml``): as each language's
  build starts, the heading links' title (``toc``'s ``permalink_title``: Markdown
  extensions cannot be set per language in static-i18n) and the dark-mode toggle's two
  names. They are kept apart from static-i18n's per-language ``extra`` and ``theme``
  overrides: those restore the original by reference after a language is built, which
  let one language's words, and one page's language links, leak into the next build.
- **404 pages**: every language's build writes ``404.html`` at the site's root, so the
  last language built would win. The hook keeps each language's own (its heading, menu
  and search in that language: ``overrides/404.html``) and writes it to ``404.html``
  (English) and ``LANG/404.html``; ``scripts/site_server.py`` serves the one of the
  requested path's language.
- **Sitemaps**: Material's script fetches ``sitemap.xml`` beside every ``<link
  rel=alternate hreflang>`` of a page, and those name the page's own translations
  (``fr/block/``). So each page gets a sitemap of its own (``fr/block/sitemap.xml``: the
  page and its alternates), each language's root one of its pages (``fr/sitemap.xml``),
  and the site's root one of every page in every language, each page with its
  ``hreflang`` alternates (and ``x-default``, the English page), under ``site_url``.
  Pages carry no ``<link rel=canonical>``: it would name ``site_url``'s host, a
  placeholder until the site has a home, in every page, which names no other host.
- **Sums**: an arithmetic run in a page's text (``10 + 2 = 12``, ``9 + 9 = 18 → 20``) is
  wrapped in ``<span class="sum">``, which ``docs/assets/site.css`` keeps on one line.
"""

from __future__ import annotations

import copy
import gzip
import os
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urljoin
from xml.sax.saxutils import quoteattr

from mkdocs.plugins import event_priority, get_plugin_logger

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit

from hooks import kit
from hooks.kit import DEFAULT_LANG

log = get_plugin_logger("chrome")

# Per build of the whole site: the 404 page of each language, and every page's URL with
# its translations' URLs (site-relative, as MkDocs gives them: "fr/block/").
_not_found: dict[str, str] = {}
_pages: dict[str, dict[str, str]] = {}


def _chrome(config: Any) -> dict[str, str]:
    """The chrome's words (``extra.chrome``) in the language being built."""
    chrome = config.extra.get("chrome") or {}
    words = chrome.get(kit.language(config)) or chrome.get(DEFAULT_LANG) or {}
    return dict(words)


# ---------------------------------------------------------------------------------------
# MkDocs events
# ---------------------------------------------------------------------------------------


def on_pre_build(config: Any) -> None:
    if kit.outer_build(config):
        _not_found.clear()
        _pages.clear()


@event_priority(-110)  # after static-i18n (-100), which sets the language being built
def on_config(config: Any) -> Any:
    words = _chrome(config)
    if words.get("permalink"):
        toc = config.mdx_configs.setdefault("toc", {})
        toc["permalink_title"] = words["permalink"]
    # The toggle shown in the light scheme switches to dark, and the other back.
    palette = config.theme.get("palette")
    if isinstance(palette, list):
        for option, key in zip(palette, ("dark_mode", "light_mode"), strict=False):
            if option.get("toggle") and words.get(key):
                option["toggle"]["name"] = words[key]
    return config


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    # No canonical link: see the module's docstring.
    page.canonical_url = None
    alternates = getattr(page.file, "alternates", None) or {}
    _pages[page.url] = {lang: f.url for lang, f in alternates.items() if f is not None}
    _pages[page.url].setdefault(kit.language(config), page.url)
    return context


def on_post_page(output: str, page: Any, config: Any) -> str:
    return wrap_sums(output)


def on_pre_template(template: Any, template_name: str, config: Any) -> Any:
    if template_name == "404.html":
        # The language menu of a 404 page leads to each language's home. static-i18n
        # leaves the previous page's links in `extra.alternate` (an attribute, which
        # templates read before the item), so a 404 page built after the pages of
        # another language would link that language's last page.
        i18n = kit.i18n(config)
        homes = getattr(i18n, "extra_alternate", None)
        if homes:
            config.extra["alternate"] = copy.deepcopy(homes)
            config.extra.alternate = config.extra["alternate"]
    return template


@event_priority(-200)  # after every other hook's changes to the page
def on_post_template(output: str, template_name: str, config: Any) -> str:
    if template_name != "404.html":
        return output
    lang = kit.language(config)
    if lang != DEFAULT_LANG:
        # The 404 page's links are absolute from the site's root ("/"): its search must
        # load its own language's index, below "/LANG/".
        def edit(data: dict[str, Any]) -> bool:
            data["base"] = f"{data['base'].rstrip('/')}/{lang}/"
            return True

        output = kit.edit_config(output, edit)
    _not_found[lang] = output
    return output


@event_priority(-150)  # after static-i18n (-100), which builds the other languages
def on_post_build(config: Any) -> None:
    if not kit.outer_build(config):
        return
    for lang, output in _not_found.items():
        folder = config.site_dir if lang == DEFAULT_LANG else os.path.join(config.site_dir, lang)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "404.html"), "w", encoding="utf-8") as f:
            f.write(output)
    count = write_sitemaps(config.site_dir, config.site_url or "/", _pages)
    log.info(f"404 pages: {', '.join(_not_found)}; sitemaps: {count}")


# ---------------------------------------------------------------------------------------
# Sitemaps
# ---------------------------------------------------------------------------------------

SITEMAP_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
    ' xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
)


def sitemap(site_url: str, urls: list[str], pages: dict[str, dict[str, str]]) -> str:
    """A sitemap of ``urls`` (site-relative), each with its ``hreflang`` alternates."""
    out = [SITEMAP_HEAD]
    for url in urls:
        out.append(f"  <url>\n    <loc>{_escape(urljoin(site_url, url))}</loc>\n")
        alternates = pages.get(url, {})
        for lang in sorted(alternates, key=lambda x: (x != DEFAULT_LANG, x)):
            href = quoteattr(urljoin(site_url, alternates[lang]))
            out.append(f'    <xhtml:link rel="alternate" hreflang="{lang}" href={href}/>\n')
        if DEFAULT_LANG in alternates:
            href = quoteattr(urljoin(site_url, alternates[DEFAULT_LANG]))
            out.append(f'    <xhtml:link rel="alternate" hreflang="x-default" href={href}/>\n')
        out.append("  </url>\n")
    out.append("</urlset>\n")
    return "".join(out)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_sitemaps(site_dir: str, site_url: str, pages: dict[str, dict[str, str]]) -> int:
    """Write a sitemap in every page's folder, listing the pages at or below it: the
    site's root lists every page, a language's root its language's pages, any other
    page itself. Returns the number of sitemaps written."""
    site_url = site_url if site_url.endswith("/") else site_url + "/"
    ordered = sorted(pages, key=lambda u: (u.count("/"), u))
    for folder in ordered:
        urls = [u for u in ordered if u.startswith(folder)]
        text = sitemap(site_url, urls, pages)
        path = os.path.join(site_dir, folder, "sitemap.xml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        if folder == "":
            with open(path + ".gz", "wb") as f:
                f.write(gzip.compress(text.encode("utf-8"), mtime=0))
    return len(ordered)


# ---------------------------------------------------------------------------------------
# Sums on one line
# ---------------------------------------------------------------------------------------

# Elements whose text is not the page's prose, or is laid out already.
_SKIP = re.compile(r"<(script|style|svg|textarea|select|pre|code|title)\b.*?</\1\s*>", re.DOTALL)
_TAG = re.compile(r"(<[^>]*>)")
_NUMBER = r"\(?\d+(?:[.,]\d+)?\)?"
# Two or more numbers joined by operators with spaces around them: "7 + 8 − 3 = 12",
# "9 × 2 = 18", "18 → 20". A hyphen between numbers without spaces ("1-4") is a tile.
SUM = re.compile(rf"{_NUMBER}(?:\s+[+\-−×÷=→]\s+{_NUMBER})+")


def _wrap_text(text: str) -> str:
    return SUM.sub(lambda m: f'<span class="sum">{m.group(0)}</span>', text)


def wrap_sums(html: str) -> str:
    """``html`` with every sum in its text (not in tags, scripts, drawings or code)
    wrapped in ``<span class="sum">``."""
    out = []
    last = 0
    for m in _SKIP.finditer(html):
        out.append(_wrap_outside_tags(html[last : m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(_wrap_outside_tags(html[last:]))
    return "".join(out)


def _wrap_outside_tags(html: str) -> str:
    parts = _TAG.split(html)
    # Even items are text, odd ones tags.
    return "".join(p if i % 2 else _wrap_text(p) for i, p in enumerate(parts))
