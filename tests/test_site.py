"""The rules site in five languages, built once per session with ``mkdocs build --strict``.

Checked on the built site, for every page in every language: the strict build passes; the
page is a real translation (its own source file, ``<html lang>``, text unlike the English);
the language switcher and the ``hreflang`` alternates lead to the same page in each
language; nothing is requested from another host; search has one index per language with
only that language's pages, and finds that language's words (Polish included) with
Material's own search code; every worked example agrees with the engine and its prose
states its numbers; every example id of RULES.md is on the site in every language; the
engine draws every figure. A changed number in one language turns the checks red.

What "nothing is requested from another host" means here:
- HTML: no ``src``, ``href``, ``srcset``, ``poster``, ``data``, ``action`` or ``url()``
  names another host, except ``<a href>`` links to Pagat (pagat.com), the source of the
  Block rules: a reader may follow them, the page never loads them.
- CSS: no ``url()`` or ``@import`` names another host.
- JavaScript: the only scripts are Material's own, byte for byte. Material's bundle can
  load a script from a CDN in three cases, each ruled out here: a page with a Mermaid
  diagram (none), a ``repo_url`` (unset), and a browser without ``ResizeObserver`` (none
  released since 2020).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core.words import strings  # noqa: E402
from engine.features.examples import as_read, check  # noqa: E402
from engine.lang import LANGUAGES  # noqa: E402
from hooks import checks, domino, kit  # noqa: E402

if TYPE_CHECKING:
    from conftest import BuiltSite

PAGES = (
    "index",
    "block",
    "house-rules",
    "draw-and-all-fives",
    "learn",
    "puzzles",
    "review",
    "practice",
    "progress",
    "scorepad",
    "glossary",
)
DEFAULT = "en"
SITE = "http://site.test"  # a stand-in origin to resolve relative links against
RULES_SHARED = ROOT.parent / "shared" / "RULES.md"
RULES_COPY = ROOT / "dev" / "rules.md"
ALLOWED_LINK_HOSTS = ("pagat.com", "www.pagat.com")


# ---------------------------------------------------------------------------------------
# A small HTML tree (the standard library's parser; no third-party package)
# ---------------------------------------------------------------------------------------

BLOCK = {
    "address",
    "article",
    "aside",
    "blockquote",
    "br",
    "dd",
    "desc",
    "details",
    "div",
    "dl",
    "dt",
    "figcaption",
    "figure",
    "footer",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "summary",
    "table",
    "td",
    "th",
    "title",
    "tr",
    "ul",
}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Node:
    def __init__(self, tag: str, attrs: dict[str, str], parent: Node | None) -> None:
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children: list[Node | str] = []

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def iter(self, tag: str | None = None, cls: str | None = None) -> Iterator[Node]:
        for child in self.children:
            if isinstance(child, Node):
                if (tag is None or child.tag == tag) and (cls is None or cls in child.classes):
                    yield child
                yield from child.iter(tag, cls)

    def first(self, tag: str | None = None, cls: str | None = None) -> Node:
        found = next(self.iter(tag, cls), None)
        assert found is not None, f"no <{tag} class={cls}>"
        return found

    def text(self, skip: tuple[str, ...] = ("script", "style")) -> str:
        """The text inside, with a space wherever a block element begins or ends."""
        parts: list[str] = []
        for child in self.children:
            if isinstance(child, str):
                parts.append(child)
            elif child.tag not in skip:
                inner = child.text(skip)
                parts.append(f" {inner} " if child.tag in BLOCK else inner)
        return "".join(parts)


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.current.children.append(Node(tag, {k: v or "" for k, v in attrs}, self.current))

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.current
        while node is not None and node is not self.root and node.tag != tag:
            node = node.parent
        if node is not None and node is not self.root and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse_html(text: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(text)
    builder.close()
    return builder.root


@functools.cache
def parse_file(path: Path) -> Node:
    return parse_html(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------
# Worked examples in rendered HTML
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    spec: dict[str, Any]
    prose: str

    @property
    def id(self) -> str:
        return str(self.spec["id"])


def caption_text(figure: Node) -> str:
    """A figure's caption without the step count of a stepper ("Step 2 of 4")."""
    caption = figure.first("figcaption")
    text = " ".join(caption.text().split())
    counts = list(caption.iter("span", "domino-step__count"))
    if counts:
        count = " ".join(counts[0].text().split())
        assert text.startswith(count), text
        text = text[len(count) :].strip()
    return text


def examples_in(tree: Node) -> list[Example]:
    """Every worked example of a rendered page, in an example box or in a figure's
    step: its data and its prose (the box's text, or the step's caption)."""
    found = []
    for node in tree.iter():
        if "data-example" not in node.attrs:
            continue
        if "worked-example" in node.classes:
            prose = " ".join(node.first("div", "worked-example__text").text().split())
        else:
            prose = caption_text(node if node.tag == "figure" else node.first("figure"))
        found.append(Example(json.loads(node.attrs["data-example"]), prose))
    return found


def example_problems(examples: list[Example]) -> list[str]:
    """The engine's disagreements and the prose/data number mismatches of examples."""
    return [p for ex in examples for p in checks.example_problems(ex.spec, ex.prose)]


# ---------------------------------------------------------------------------------------
# Building
# ---------------------------------------------------------------------------------------


def warnings_in(log: str) -> list[str]:
    return [line for line in log.splitlines() if re.match(r"\s*(WARNING|ERROR)\b", line)]


@dataclass
class Site:
    dir: Path
    strict_passed: bool
    seconds: float
    log: str = field(repr=False)

    def page_path(self, page: str, lang: str) -> Path:
        prefix = self.dir if lang == DEFAULT else self.dir / lang
        return (prefix if page == "index" else prefix / page) / "index.html"

    def tree(self, page: str, lang: str) -> Node:
        return parse_file(self.page_path(page, lang))


def page_url(page: str, lang: str) -> str:
    """The page's URL path below the site root, e.g. /fr/block/."""
    prefix = "/" if lang == DEFAULT else f"/{lang}/"
    return prefix if page == "index" else f"{prefix}{page}/"


def resolve(page: str, lang: str, href: str) -> str:
    """The URL path that a relative link on the page leads to."""
    return urlsplit(urljoin(SITE + page_url(page, lang), href)).path


def page_of(url_path: str) -> tuple[str, str] | None:
    """The (page, language) at a URL path, if it is one of the site's pages."""
    for lang in LANGUAGES:
        for page in PAGES:
            if page_url(page, lang) == url_path:
                return page, lang
    return None


@pytest.fixture(scope="session")
def site(built_site: BuiltSite) -> Site:
    """The whole site, built once per session with ``mkdocs build --strict`` (the
    ``built_site`` of tests/conftest.py, which the browser tests share).

    A strict build stops at the first language with a warning; then the site is built
    again without --strict, so that the other tests can still show what is wrong.
    """
    return Site(built_site.dir, built_site.strict_passed, built_site.seconds, built_site.log)


def _config_json(tree: Node) -> str:
    for script in tree.iter("script"):
        if script.attrs.get("id") == "__config":
            return script.text(skip=())
    raise AssertionError("no __config script")


def article_text(tree: Node) -> str:
    """The readable text of a page's article (no scripts, styles or figure markup)."""
    return tree.first("article").text(skip=("script", "style", "svg"))


ALL_PAGES = [(page, lang) for page in PAGES for lang in LANGUAGES]


def page_id(value: Any) -> str:
    return "-".join(value) if isinstance(value, tuple) else str(value)


# ---------------------------------------------------------------------------------------
# The build
# ---------------------------------------------------------------------------------------


def test_strict_build_passes_without_warnings(site: Site) -> None:
    assert site.strict_passed and not warnings_in(site.log), "\n".join(
        warnings_in(site.log) or site.log.splitlines()[-20:]
    )


def test_navigation_instant_is_off_and_nav_has_every_page(site: Site) -> None:
    for page, lang in ALL_PAGES:
        tree = site.tree(page, lang)
        config = json.loads(_config_json(tree))
        assert "navigation.instant" not in config["features"]
        nav = tree.first("nav", "md-nav--primary")
        links = {a.attrs["href"] for a in nav.iter("a", "md-nav__link") if "href" in a.attrs}
        targets = {page_of(resolve(page, lang, h)) or ("?", h) for h in links}
        assert targets == {(p, lang) for p in PAGES}, (
            f"{page_url(page, lang)}: the nav leads to {links}"
        )


APPS = ("practice", "learn", "scorepad", "puzzles", "review", "progress")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_leads_to_every_app_in_its_text(site: Site, lang: str) -> None:
    """Beside the menu (on a phone only behind its button), the home page's own list of
    where to go names every page a reader does something on (issue 39)."""
    article = site.tree("index", lang).first("article")
    links = {a.attrs["href"] for a in article.iter("a") if "href" in a.attrs}
    targets = {page_of(resolve("index", lang, h)) for h in links}
    assert {(app, lang) for app in APPS} <= targets, links


# ---------------------------------------------------------------------------------------
# Languages
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("page", "lang"), ALL_PAGES, ids=page_id)
def test_page_is_a_real_translation(site: Site, page: str, lang: str) -> None:
    source = ROOT / "docs" / (f"{page}.md" if lang == DEFAULT else f"{page}.{lang}.md")
    assert source.is_file(), f"{source.relative_to(ROOT)} is missing"
    path = site.page_path(page, lang)
    assert path.is_file(), f"{page_url(page, lang)} was not built"
    tree = site.tree(page, lang)
    assert tree.first("html").attrs.get("lang") == lang
    if lang != DEFAULT:
        text = article_text(tree)
        english = article_text(site.tree(page, DEFAULT))
        assert text != english
        # Not an English page under another language's flag: few of its words are
        # the English page's words.
        words = set(re.findall(r"[^\W\d_]{4,}", text.lower()))
        english_words = set(re.findall(r"[^\W\d_]{4,}", english.lower()))
        shared = len(words & english_words) / max(1, len(words))
        assert shared < 0.5, f"{page_url(page, lang)} shares {shared:.0%} of its words with English"


@pytest.mark.parametrize(("page", "lang"), ALL_PAGES, ids=page_id)
def test_language_switcher_leads_to_the_same_page(site: Site, page: str, lang: str) -> None:
    links = {
        a.attrs.get("hreflang"): a.attrs["href"]
        for a in site.tree(page, lang).iter("a", "md-select__link")
    }
    assert set(links) == set(LANGUAGES)
    for other, href in links.items():
        assert resolve(page, lang, href) == page_url(page, other), (
            f"{lang} {page}: {other} → {href}"
        )
        assert site.page_path(page, other).is_file()


@pytest.mark.parametrize(("page", "lang"), ALL_PAGES, ids=page_id)
def test_page_has_hreflang_alternates_for_every_language(site: Site, page: str, lang: str) -> None:
    head = site.tree(page, lang).first("head")
    alternates = {
        link.attrs["hreflang"]: link.attrs["href"]
        for link in head.iter("link")
        if link.attrs.get("rel") == "alternate" and "hreflang" in link.attrs
    }
    assert set(alternates) == set(LANGUAGES)
    for other, href in alternates.items():
        assert resolve(page, lang, href) == page_url(page, other)


# ---------------------------------------------------------------------------------------
# Nothing from another host
# ---------------------------------------------------------------------------------------

URL_ATTRS = ("src", "href", "srcset", "poster", "data", "action", "formaction", "xlink:href")
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]+)|@import\s+(?:url\()?\s*['"]?([^'")\s;]+)""")


def _external(url: str) -> str | None:
    """The host a URL names, if it is not this site (data: and relative URLs are)."""
    url = url.strip()
    if url.startswith("//"):
        url = "http:" + url
    parts = urlsplit(url)
    if parts.scheme in ("http", "https"):
        return parts.hostname or "?"
    return None


def _built_files(site: Site, *suffixes: str) -> list[Path]:
    return sorted(p for p in site.dir.rglob("*") if p.suffix in suffixes and p.is_file())


def test_html_requests_nothing_from_another_host(site: Site) -> None:
    problems = []
    for path in _built_files(site, ".html"):
        tree = parse_file(path)
        for node in tree.iter():
            for attr in URL_ATTRS:
                for url in node.attrs.get(attr, "").split(","):
                    host = _external(url.split()[0] if url.split() else "")
                    if host is None:
                        continue
                    if node.tag == "a" and attr == "href" and host in ALLOWED_LINK_HOSTS:
                        continue
                    problems.append(
                        f"{path.relative_to(site.dir)}: <{node.tag} {attr}={url.strip()}>"
                    )
            for match in CSS_URL.finditer(node.attrs.get("style", "")):
                if _external(match.group(1) or match.group(2)):
                    problems.append(f"{path.relative_to(site.dir)}: style {match.group(0)}")
        for style in tree.iter("style"):
            for match in CSS_URL.finditer(style.text(skip=())):
                if _external(match.group(1) or match.group(2)):
                    problems.append(f"{path.relative_to(site.dir)}: <style> {match.group(0)}")
    assert not problems, "\n".join(problems)


def test_css_requests_nothing_from_another_host(site: Site) -> None:
    problems = [
        f"{path.relative_to(site.dir)}: {m.group(0)}"
        for path in _built_files(site, ".css")
        for m in CSS_URL.finditer(path.read_text(encoding="utf-8"))
        if _external(m.group(1) or m.group(2))
    ]
    assert not problems, "\n".join(problems)


def test_no_web_fonts_anywhere(site: Site) -> None:
    for path in _built_files(site, ".html", ".css", ".js"):
        text = path.read_text(encoding="utf-8")
        for host in ("fonts.googleapis.com", "fonts.gstatic.com", "use.typekit.net"):
            assert host not in text, f"{path.relative_to(site.dir)} names {host}"


def _material_assets() -> Path:
    import material

    return Path(material.__file__).parent / "templates"


def _script_source(rel: Path) -> Path:
    """Where a built script comes from: the site's own scripts (``docs/assets/js``),
    Pyodide's npm package (``assets/pyodide``), or Material's theme."""
    if rel.parts[:2] == ("assets", "js"):
        return ROOT / "docs" / rel
    if rel.parts[:2] == ("assets", "pyodide"):
        return ROOT / "node_modules" / "pyodide" / rel.name
    return _material_assets() / rel


def test_scripts_are_known_and_load_nothing_remote(site: Site) -> None:
    """Every script is Material's, Pyodide's or the site's own, unchanged; the site's own
    scripts name no other host (Pyodide's default CDN is never used: the worker gives
    it the site's own URLs, which tests/browser checks)."""
    for path in _built_files(site, ".js", ".mjs"):
        rel = path.relative_to(site.dir)
        if rel == Path("sw.js"):
            continue  # generated by workbox-build: test_the_service_worker_is_workboxs
        original = _script_source(rel)
        assert original.is_file(), f"{rel} is not a script of Material, Pyodide or the site"
        assert path.read_bytes() == original.read_bytes(), f"{rel} differs from {original}"
        if rel.parts[:2] == ("assets", "js"):
            assert not re.search(r"https?://", path.read_text(encoding="utf-8")), rel
    for page, lang in ALL_PAGES:
        tree = site.tree(page, lang)
        for script in tree.iter("script"):
            if "src" in script.attrs:
                target = resolve(page, lang, script.attrs["src"])
                assert (site.dir / target.lstrip("/")).is_file(), target
            else:
                assert "http" not in script.text(skip=()), f"{page_url(page, lang)}: inline script"
        # The three cases in which Material's bundle loads a remote script:
        assert not list(tree.iter(cls="mermaid")), "a Mermaid diagram loads Mermaid from a CDN"
        assert not list(tree.iter(cls="md-source")), "a repo_url makes Material call GitHub's API"


def test_the_service_worker_is_workboxs(site: Site) -> None:
    """sw.js is generated by workbox-build with its runtime inlined: it loads no script
    but the site's own sw-precache.js (no CDN) and names no host but in Workbox's own
    warning text; every precached URL is a file of the site, under a revision and the
    Subresource Integrity of its bytes (the browser refuses any other), and the table
    sw-precache.js checks every read against, at the top of sw.js, is the same; Pyodide
    and the engine's wheel are not precached."""
    text = (site.dir / "sw.js").read_text(encoding="utf-8")
    assert re.findall(r"importScripts\(([^)]*)\)", text) == ['"assets/js/sw-precache.js"']
    assert set(re.findall(r"https?://[^\s\"'`]+", text)) <= {"https://bit.ly/wb-precache"}
    # Material's files, whose names carry their hash, have it as their revision (null).
    entry = r'\{url:"([^"]+)",revision:("[0-9a-f]+"|null),integrity:"sha256-([A-Za-z0-9+/=]+)"\}'
    entries = re.findall(entry, text)
    precache = re.findall(r'\{url:"[^"]+",revision:', text)
    assert len(entries) == len(precache), "a precache entry without its integrity"
    urls = {url for url, _, _ in entries}
    assert "index.html" in urls and "fr/block/index.html" in urls, sorted(urls)[:20]
    assert "assets/engine/manifest.json" in urls
    for url, _, integrity in entries:
        assert (site.dir / url).is_file(), url
        digest = base64.b64encode(hashlib.sha256((site.dir / url).read_bytes()).digest())
        assert digest.decode() == integrity, url
        assert not url.startswith("assets/pyodide/") and not url.endswith((".whl", ".zip"))
    first, _ = text.split("\n", 1)
    assert first.startswith("self.PRECACHE = ") and first.endswith(";")
    table = json.loads(first.removeprefix("self.PRECACHE = ").removesuffix(";"))
    assert table["cache"] == "domino-block-precache-v2"
    revisions = {url: None if rev == "null" else rev.strip('"') for url, rev, _ in entries}
    assert table["files"] == {
        url: [revisions[url], f"sha256-{integrity}"] for url, _, integrity in entries
    }


# ---------------------------------------------------------------------------------------
# Search
# ---------------------------------------------------------------------------------------


def search_index(site: Site, lang: str) -> dict[str, Any]:
    prefix = site.dir if lang == DEFAULT else site.dir / lang
    return json.loads((prefix / "search" / "search_index.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_index_holds_only_its_own_languages_pages(site: Site, lang: str) -> None:
    index = search_index(site, lang)
    root = page_url("index", lang)
    pages = set()
    for doc in index["docs"]:
        url = urlsplit(urljoin(SITE + root, doc["location"])).path
        found = page_of(url)
        assert found is not None and found[1] == lang, f"{lang} index: {doc['location']}"
        pages.add(found[0])
    assert pages == set(PAGES)
    # One language per index: no merged stop-word lists or stemmers of other languages.
    assert len(index["config"]["lang"]) == 1
    if lang != "pl":
        assert index["config"]["lang"] == [lang]


def test_polish_search_uses_no_english_stemmer_or_stop_words(site: Site) -> None:
    config = search_index(site, "pl")["config"]
    assert config["pipeline"] == [], "an English stemmer or stop-word list would mangle Polish"
    docs = search_index(site, "pl")["docs"]
    text = " ".join(f"{doc['title']} {doc['text']}" for doc in docs).lower()
    page = article_text(site.tree("block", "pl")).lower()
    polish = [w for w in re.findall(r"[^\W\d_]+", page) if re.search("[ąćęłńóśźż]", w)]
    assert len(polish) > 20
    assert all(w in text for w in polish)


@pytest.mark.parametrize(("page", "lang"), ALL_PAGES, ids=page_id)
def test_page_search_loads_its_languages_index(site: Site, page: str, lang: str) -> None:
    config = json.loads(_config_json(site.tree(page, lang)))
    base = urljoin(SITE + page_url(page, lang), config["base"])
    base = base if base.endswith("/") else base + "/"
    assert urlsplit(base).path == page_url("index", lang)
    assert (
        site.dir / urlsplit(urljoin(base, "search/search_index.json")).path.lstrip("/")
    ).is_file()


NODE_SEARCH = r"""
// Material's own search worker under Node: argv = worker dir, index file, queries...
const fs = require("fs"), path = require("path"), vm = require("vm");
const [dir, indexFile, ...queries] = process.argv.slice(1);  // node -e: no script path
const worker = fs.readdirSync(dir).find(f => /^search\..*\.min\.js$/.test(f));
const out = [], listeners = [];
const ctx = {
  console: { log() {}, warn() {}, error: console.error }, setTimeout, clearTimeout,
  importScripts: (...urls) => urls.forEach(u =>
    vm.runInContext(fs.readFileSync(path.join(dir, u), "utf8"), ctx, { filename: u })),
  postMessage: m => out.push(m),
  addEventListener: (type, fn) => listeners.push(fn),
};
ctx.self = ctx;
vm.createContext(ctx);
vm.runInContext(fs.readFileSync(path.join(dir, worker), "utf8"), ctx, { filename: worker });
const index = JSON.parse(fs.readFileSync(indexFile, "utf8"));
index.options = { suggest: false };
(async () => {
  const send = async data => { for (const fn of listeners) await fn({ data }); };
  await send({ type: 0, data: index });           // SETUP
  const results = {};
  for (const q of queries) {
    out.length = 0;
    await send({ type: 2, data: q });             // QUERY
    const m = out.find(m => m.type === 3);        // RESULT
    results[q] = m ? m.data.items.map(group => group[0].location.split("#")[0]) : null;
  }
  process.stdout.write(JSON.stringify(results));
})();
"""


def run_search(site: Site, lang: str, queries: list[str]) -> dict[str, list[str]]:
    """Search a language's index with Material's own search worker (under Node)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed: Material's search code cannot run")
    prefix = site.dir if lang == DEFAULT else site.dir / lang
    proc = subprocess.run(
        [node, "-e", NODE_SEARCH, str(site.dir / "assets/javascripts/workers"),
         str(prefix / "search/search_index.json"), *queries],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results: dict[str, list[str]] = json.loads(proc.stdout)
    return results


def _stop_words(site: Site) -> dict[str, set[str]]:
    js = site.dir / "assets/javascripts"
    worker = next((js / "workers").glob("search.*.min.js")).read_text(encoding="utf-8")
    english = re.search(r"stopWordFilter=\w+\.generateStopWordFilter\((\[[^\]]*\])\)", worker)
    assert english is not None
    words = {"en": set(json.loads(english.group(1)))}
    for lang in ("fr", "de", "da"):
        text = (js / f"lunr/min/lunr.{lang}.min.js").read_text(encoding="utf-8")
        found = re.search(r'generateStopWordFilter\("([^"]*)"\.split', text)
        assert found is not None
        words[lang] = set(found.group(1).split())
    return words


def _words(text: str) -> list[str]:
    return list(dict.fromkeys(w for w in re.findall(r"[^\W\d_]+", text.lower())))


def test_english_search_finds_words_other_languages_would_drop(site: Site) -> None:
    stop = _stop_words(site)
    foreign = (stop["fr"] | stop["de"] | stop["da"]) - stop["en"]
    text = article_text(site.tree("block", "en")) + article_text(site.tree("house-rules", "en"))
    words = [w for w in _words(text) if w in foreign and len(w) >= 3]
    assert words, "no test words"
    results = run_search(site, "en", words)
    assert {w for w, pages in results.items() if not pages} == set()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_finds_the_languages_own_words(site: Site, lang: str) -> None:
    text = article_text(site.tree("block", lang))
    letters = {"pl": "ąćęłńóśźż", "de": "äöüß", "da": "æøå", "fr": "éèêàçû", "en": "x"}[lang]
    own_stop_words = _stop_words(site).get(lang, set())  # Polish has none
    candidates = [w for w in _words(text) if len(w) >= 5 and w not in own_stop_words]
    marked = [w for w in candidates if any(c in w for c in letters)]
    words = (marked + candidates)[:12]
    results = run_search(site, lang, words)
    missing = [w for w, pages in results.items() if "block/" not in (pages or [])]
    assert not missing, f"{lang}: not found on the Block page: {missing}"
    if lang != DEFAULT and marked:
        english = run_search(site, DEFAULT, marked[:6])
        assert all(not pages for pages in english.values()), english


# ---------------------------------------------------------------------------------------
# Worked examples and figures
# ---------------------------------------------------------------------------------------


def rules_example_ids() -> list[str]:
    """The ids of RULES.md's worked-example table (../shared beside the clone, else the
    copy in dev/rules.md)."""
    path = RULES_SHARED if RULES_SHARED.is_file() else RULES_COPY
    text = path.read_text(encoding="utf-8")
    table = text[text.index("## Worked examples") :]
    ids = re.findall(r"^\|\s*([a-z][a-z0-9-]*)\s*\|", table, flags=re.MULTILINE)
    return [i for i in ids if i != "id"]


def site_examples(site: Site) -> dict[tuple[str, str], list[Example]]:
    return {(page, lang): examples_in(site.tree(page, lang)) for page, lang in ALL_PAGES}


def test_rules_table_is_read() -> None:
    ids = rules_example_ids()
    assert len(ids) >= 20 and "blocked-3-7-8" in ids and "lead-rotation" in ids


def test_rules_copy_is_current() -> None:
    if not RULES_SHARED.is_file():
        pytest.skip("../shared/RULES.md is not beside this clone")
    assert RULES_COPY.read_text(encoding="utf-8") == RULES_SHARED.read_text(encoding="utf-8")


@pytest.mark.parametrize(("page", "lang"), ALL_PAGES, ids=page_id)
def test_worked_examples_agree_with_the_engine(site: Site, page: str, lang: str) -> None:
    mismatches = [p for ex in examples_in(site.tree(page, lang)) for p in check(ex.spec)]
    assert not mismatches, "\n".join(mismatches)


@pytest.mark.parametrize(("page", "lang"), ALL_PAGES, ids=page_id)
def test_worked_example_prose_states_the_examples_numbers(site: Site, page: str, lang: str) -> None:
    # The prose counts seats from 1 and the data from 0: read the data as the prose does.
    problems = [
        p
        for ex in examples_in(site.tree(page, lang))
        for p in checks.number_problems(as_read(ex.spec), ex.prose)
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rules_example_is_on_the_site(site: Site, lang: str) -> None:
    on_site = {ex.id for page in PAGES for ex in examples_in(site.tree(page, lang))}
    missing = [i for i in rules_example_ids() if i not in on_site]
    assert not missing, f"{lang}: missing examples {missing}"


@pytest.mark.parametrize(
    ("page", "lang"), [pl for pl in ALL_PAGES if pl[1] != DEFAULT], ids=page_id
)
def test_example_data_is_the_same_in_every_language(site: Site, page: str, lang: str) -> None:
    def data(lang: str) -> set[str]:
        return {json.dumps(ex.spec, sort_keys=True) for ex in examples_in(site.tree(page, lang))}

    english, here = data(DEFAULT), data(lang)
    if here != english:
        pytest.fail(
            f"{page_url(page, lang)}: the example data differs from the English page's\n"
            "only in English:\n  " + "\n  ".join(sorted(english - here)) + "\n"
            f"only in {lang}:\n  " + "\n  ".join(sorted(here - english))
        )


FIGURES = {
    "block": [
        "1-4",
        "1-4 1-1@left",
        "3-6 6-6@right",
        "0-0",
        "1-4 1-1@left 4-4@right",
        "1-4 1-1@left 4-4@right 3-4@right",
        "2-2",
    ]
}


def figure_sources(page: str, lang: str) -> list[dict[str, str]]:
    """The steps of every ``domino`` figure of a page's Markdown, in order."""
    source = ROOT / "docs" / (f"{page}.md" if lang == DEFAULT else f"{page}.{lang}.md")
    fences = re.findall(r"^```domino\n(.*?)^```", source.read_text(encoding="utf-8"), re.M | re.S)
    return [step for body in fences for step in checks.parse_figure(body)]


def _inside(node: Node, cls: str) -> bool:
    parent = node.parent
    while parent is not None:
        if cls in parent.classes:
            return True
        parent = parent.parent
    return False


def domino_figures(tree: Node) -> list[Node]:
    """The figures of a page's ``domino`` fences (not of whole rounds or try-it)."""
    return [
        f
        for f in tree.iter("figure", "domino-figure")
        if not _inside(f, "domino-round") and not _inside(f, "domino-try")
    ]


@pytest.mark.parametrize(("page", "lang"), ALL_PAGES, ids=page_id)
def test_figures_are_drawn_by_the_engine_in_the_pages_language(
    site: Site, page: str, lang: str
) -> None:
    sources = figure_sources(page, lang)
    figures = domino_figures(site.tree(page, lang))
    assert len(figures) == len(sources)
    title = re.escape(strings(lang)["title"]).replace(re.escape("{tile}"), r"\[\d\|\d\]")
    for source, figure in zip(sources, figures, strict=True):
        svg = figure.first("svg")
        assert re.fullmatch(title, svg.first("title").text()), svg.first("title").text()
        caption = caption_text(figure)
        assert caption == " ".join(source["caption"].split())
        assert " ".join(svg.first("desc").text().split()).startswith(caption)
    if page in FIGURES:
        assert [" ".join(s["plays"].split()) for s in sources] == FIGURES[page]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_all_fives_page_shows_the_spinner_opening_to_four_arms(site: Site, lang: str) -> None:
    sources = figure_sources("draw-and-all-fives", lang)
    spinners = [s for s in sources if s.get("preset") == "all-fives"]
    assert any("@up" in s["plays"] and "@down" in s["plays"] for s in spinners), spinners


# ---------------------------------------------------------------------------------------
# The number rule, and a changed number turning the checks red
# ---------------------------------------------------------------------------------------


def test_number_rule() -> None:
    spec = {"id": "blocked-3-7-8", "kind": "round-end", "players": 3, "pips": [3, 7, 8],
            "went_out": None, "winner": 0, "points": 12}  # fmt: skip
    assert checks.number_problems(spec, "3, 7 and 8: the holder of 3 scores 7 + 8 − 3 = 12.") == []
    assert checks.number_problems(spec, "3, 7 and 9: the holder of 3 scores 12.")  # 9 not in data
    assert checks.number_problems(spec, "3, 7 and 8: the holder of 3 wins.")  # 12 not written
    tile = {"id": "tile-values", "kind": "tile-value", "tile": "6-6", "value": 12}
    assert checks.number_problems(tile, "[6|6] is worth 12.") == []
    data = {"id": "x-9", "open": [1, 4], "over": True, "winner": None}
    assert checks.data_numbers(data) == [1, 4]


@functools.lru_cache(maxsize=1)
def _markdown_setup() -> tuple[list[Any], dict[str, Any]]:
    from mkdocs.config import load_config

    config = load_config(str(ROOT / "mkdocs.yml"))  # loads the hooks: their fences register
    kit.add_fences(config)
    return list(config.markdown_extensions), dict(config.mdx_configs)


def render_page(source: Path, lang: str) -> tuple[str, list[str]]:
    """One page rendered as the site build renders it (same Markdown extensions, same
    hook), without building the site: its HTML and what the hook found while
    rendering (a fence it could not render)."""
    import markdown

    extensions, configs = _markdown_setup()
    md = markdown.Markdown(extensions=extensions, extension_configs=configs)
    kit.start(strict=True, pages={})  # no source read: every fence is checked as drawn
    kit.set_page(kit.Page(lang=lang, src=source.name))
    html = md.convert(source.read_text(encoding="utf-8"))
    return html, kit.problems()


def check_page(source: Path, lang: str) -> list[str]:
    """Everything wrong with one page, as the build sees it (its own checks and what
    rendering it finds), and as the suite sees its worked examples."""
    html, rendering = render_page(source, lang)
    found = checks.page_problems(source.read_text(encoding="utf-8"), lang)
    return found + rendering + example_problems(examples_in(parse_html(html)))


BAD_PAGE = """# Bad

```domino
plays: 1-4 5-5@left
caption: [5|5] cannot go on the 1.
```

```domino
plays: 1-4
```

```example
{"id": "blocked-3-7-8", "kind": "round-end", "pips": [3, 7, 8], "went_out": null, "points": 13}
---
The holder of 3 scores 7 + 8 − 3 = 13.
```

```example
{"id": "tile-values", "kind": "tile-value" "tile": "6-6"}
---
Not JSON.
```
"""


def test_a_bad_figure_or_example_is_a_build_problem(tmp_path: Path) -> None:
    source = tmp_path / "bad.md"
    source.write_text(BAD_PAGE, encoding="utf-8")
    html, rendering = render_page(source, "fr")
    assert len([w for w in rendering if "bad domino figure" in w]) == 2, rendering
    assert any("bad worked example" in w and "not valid JSON" in w for w in rendering)
    assert html.count("domino-error") == 3
    found = "\n".join(checks.page_problems(BAD_PAGE, "fr"))
    assert "worked example blocked-3-7-8: " in found
    assert "blocked-3-7-8: points is documented as 13, the engine gives 12" in found
    assert "does not show the step 7 + 8 − 3 = 12" in found
    assert "'7 + 8 − 3 = 13' does not add up: 12, not 13" in found
    assert found.count("domino figure") == 2 and "not valid JSON" in found


BAD_LIVE_FIGURES = """# Bad live figures

```domino
plays: 1-4
caption: [1|4] opens the line. Its ends take a 1 and a 5, not a 7.
example: {"id": "place-1-4", "open": [1, 5]}
---
plays: 1-4 1-1@left
caption: Lay [1|1] on the 1 end; the free values are 1 and 6.
```

```domino
plays: 0-0
caption: A blank matches only a blank.
---
preset: all-fives
plays: 2-2
caption: A preset in a later step.
```

```domino
plays: 5-5 0-5@left
caption: The total is 10, which scores 10.
example: {"id": "fives-spinner", "plays": ["5-5"], "count": 10}
```

```round
{"preset": "block", "players": 2, "leader": 0, "hands": [["1-4"], ["2-3"]], "plays": []}
```

```try
plays: 1-4 1-1@left
hand: 4-4 1-4
caption: The open ends take a 1 and a 4.
```

```try
plays: 1-4
hand: 4-4
caption: The open ends take a 1 and a 9.
```
"""


def test_a_wrong_step_caption_round_or_try_it_figure_is_a_build_problem(tmp_path: Path) -> None:
    source = tmp_path / "bad-live.md"
    source.write_text(BAD_LIVE_FIGURES, encoding="utf-8")
    html, rendering = render_page(source, "de")
    text = "\n".join(checks.page_problems(BAD_LIVE_FIGURES, "de") + rendering)
    # The documented open values are wrong, and the caption says a number not in them.
    assert "place-1-4: open is documented as [1, 5], the engine gives [1, 4]" in text
    assert "place-1-4: the prose says 7, which is not in the example's data" in text
    # A step without an example may only state numbers of its figure.
    assert "says 6, which is not a number of the figure" in text
    assert "give the preset in the first step only" in text
    assert "a step's example takes plays from the step" in text
    assert "bad round" in text and "holds 1 tile;" in text  # one tile each is no deal
    assert "try figure '1-4 1-1@left'" in text and "[1|4]" in text  # a tray tile already laid
    assert "says 9, which is not a number of the figure" in text
    assert html.count("domino-error") == 4, rendering
    assert html.count('class="domino-stepper"') == 1  # the first figure is still drawn


def test_a_stepper_draws_every_step_in_order_with_its_count() -> None:
    source = "plays: 1-4\ncaption: [1|4] opens.\n---\nplays: 1-4 4-4@right\ncaption: [4|4] joins."
    out = domino.render_figure(source, "fr")
    tree = parse_html(out)
    steps = list(tree.iter("li", "domino-step"))
    assert [s.attrs["data-step"] for s in steps] == ["1", "2"]
    assert [caption_text(s.first("figure")) for s in steps] == ["[1|4] opens.", "[4|4] joins."]
    counts = [" ".join(s.first("span", "domino-step__count").text().split()) for s in steps]
    assert counts == ["Étape 1 sur 2", "Étape 2 sur 2"]
    # The tile each step lays is marked; a still figure marks none.
    assert [s.first("g", "domino-last").attrs["data-tile"] for s in steps] == ["1-4", "4-4"]
    still = parse_html(domino.render_figure("plays: 1-4\ncaption: [1|4] opens.", "fr"))
    assert not list(still.iter("g", "domino-last"))
    assert not list(still.iter("div", "domino-stepper"))


def _change_number(text: str, where: str) -> str:
    """``text`` with one documented result number changed by one, in the prose or in
    the JSON of the first example that documents points, value, rounded or target."""
    blocks = list(re.finditer(r"^```example\n(.*?)\n---\n(.*?)^```", text, re.M | re.S))
    for block in blocks:
        spec = json.loads(block.group(1))
        for key in ("points", "value", "rounded", "target"):
            n = spec.get(key)
            if not isinstance(n, int) or isinstance(n, bool) or n < 10:
                continue
            if where == "json":
                changed = block.group(1).replace(f'"{key}": {n}', f'"{key}": {n + 1}', 1)
                start, end = block.span(1)
            else:
                changed = re.sub(rf"\b{n}\b", str(n + 1), block.group(2), count=1)
                start, end = block.span(2)
            if changed != text[start:end]:
                return text[:start] + changed + text[end:]
    raise AssertionError("no example with a result number to change")


@pytest.mark.parametrize(
    ("page", "lang", "where"),
    [
        ("block", "pl", "prose"),
        ("house-rules", "de", "json"),
        ("draw-and-all-fives", "en", "prose"),
    ],
)
def test_a_changed_number_in_one_language_turns_the_check_red(
    tmp_path: Path, page: str, lang: str, where: str
) -> None:
    name = f"{page}.md" if lang == DEFAULT else f"{page}.{lang}.md"
    source = ROOT / "docs" / name
    assert check_page(source, lang) == []
    changed = tmp_path / name
    changed.write_text(_change_number(source.read_text(encoding="utf-8"), where), encoding="utf-8")
    problems = check_page(changed, lang)
    assert problems, f"changing a number in the {where} of {name} went unnoticed"


@pytest.mark.parametrize(("page", "lang"), ALL_PAGES, ids=page_id)
def test_no_built_page_names_a_seat_zero(site: Site, page: str, lang: str) -> None:
    # Everything a reader can see or hear: text, hidden panels, labels, titles of
    # figures and the words handed to the page's script (scripts and styles dropped).
    from test_language import seat_zero

    raw = site.page_path(page, lang).read_text(encoding="utf-8")
    raw = re.sub(r"<(script|style)\b.*?</\1>", " ", raw, flags=re.S | re.I)
    said = html.unescape(re.sub(r"<[^>]+>", " ", raw))
    shown = html.unescape(" ".join(re.findall(r"=\"([^\"]*)\"", raw)))
    found = seat_zero(lang).findall(said + " " + shown)
    assert not found, found[:5]
