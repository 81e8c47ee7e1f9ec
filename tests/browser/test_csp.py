"""The site under its own strict Content Security Policy (issue 18).

hooks/csp.py writes the policy into the built site's ``_headers`` (each inline script's
sha256, ``'wasm-unsafe-eval'``, nothing from other hosts); scripts/site_server.py sends
it when asked (``serve(directory, headers=True)``). Here the session's build is served so,
and every page in every language (and each language's 404 page) loads with no
``securitypolicyviolation`` event and no console error (Chromium logs each refusal there,
the workers' too); the search, the colour-scheme toggle, the service worker and the
engine (a try-it move on a rules page) work under it. A script the policy does not name
is refused, so the listening is not deaf.

The ``_headers`` file is checked against the built pages by a parser of its own (Python's
``html.parser``, not the hook's).

The other browser tests are served without the policy (``serve``'s default), because the
policy refuses what their shared helpers do, not what the site does: conftest.py's
``axe_violations`` injects axe-core with ``page.add_script_tag`` (an inline script), and
``wait_for_engine`` (like a few tests) polls a ``wait_for_function`` *expression*, which
Playwright evaluates with ``eval()``. Under the policy the first needs axe's source run
by ``page.evaluate`` and the second a function (``"() => ..."``, as ``ENGINE_SETTLED``
here); then ``site_url`` can serve with ``headers=True``.
"""

from __future__ import annotations

import base64
import hashlib
import urllib.error
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, settle
from test_site_pages import LANGS, NOT_FOUND, SLUGS, path_of

from hooks import csp
from scripts.site_server import headers_for, read_headers, serve

# Every securitypolicyviolation event of the page, kept where the test can read it.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(
  `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`));
"""
VIOLATIONS = "window.__violations"
PAGES = [(lang, slug) for slug in (*SLUGS, NOT_FOUND) for lang in LANGS]
SCHEME = "document.body.dataset.mdColorScheme"


@pytest.fixture(scope="module")
def csp_url(site_dir: Path) -> Iterator[str]:
    """The session's site, served with the headers of its ``_headers`` file."""
    server, url = serve(site_dir, headers=True)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture
def csp_page(page: Any) -> Any:
    """The ``page`` fixture, listening for violations of the policy from its first line."""
    page.add_init_script(LISTEN)
    return page


def _policy(site_dir: Path) -> str:
    rules = read_headers((site_dir / "_headers").read_text(encoding="utf-8"))
    found = [v for k, v in headers_for(rules, "/") if k == "Content-Security-Policy"]
    assert len(found) == 1, found
    return found[0]


# ---------------------------------------------------------------------------------------
# The policy, from the built pages
# ---------------------------------------------------------------------------------------


class _Scripts(HTMLParser):
    """The text of each inline script a browser runs (no ``src``, a JavaScript type)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.found: list[str] = []
        self._open: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            named = dict(attrs)
            runs = (named.get("type") or "").lower() in ("", "module", "text/javascript")
            self._open = [] if runs and "src" not in named else None

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._open is not None:
            self.found.append("".join(self._open))
            self._open = None


def test_headers_name_every_inline_scripts_hash(site_dir: Path) -> None:
    value = _policy(site_dir)
    directives = {d.split()[0]: d.split()[1:] for d in value.split("; ")}
    pages = sorted(site_dir.rglob("*.html"))
    assert len(pages) == len(PAGES)  # every page of every language, and the 404 pages
    hashes = set()
    for page in pages:
        parser = _Scripts()
        parser.feed(page.read_text(encoding="utf-8"))
        assert parser.found, f"{page} has no inline script (Material's palette, at least)"
        for text in parser.found:
            digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            hashes.add(f"'sha256-{digest}'")
    script_src = directives["script-src"]
    assert script_src[:2] == ["'self'", "'wasm-unsafe-eval'"]
    assert set(script_src[2:]) == hashes  # each inline script's, and nothing else
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
    assert directives["default-src"] == ["'self'"]
    assert directives["worker-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    sources = [s for d in directives.values() for s in d]
    assert not [s for s in sources if "//" in s or s in ("*", "https:", "http:", "blob:")]


def test_hook_finds_the_scripts_a_browser_runs() -> None:
    html = (
        '<script>a()</script><script type="module">b()</script>'
        '<script id="__config" type="application/json">{"c": 1}</script>'
        '<script src="d.js"></script><SCRIPT type="text/javascript">e()</SCRIPT >'
    )
    assert csp.inline_scripts(html) == ["a()", "b()", "e()"]
    assert csp.script_hash("") == "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"
    # What no hash allows is found (the build warns, so --strict fails).
    refused = '<a href=" JavaScript:x()">a</a><svg onload="y()"></svg><a href="/b">b</a>'
    assert csp.refused_markup(refused) == ["<a href=javascript:...>", "<svg onload=...>"]
    assert csp.refused_markup("<script>if (a<b) onclick = 1</script><p title=on>") == []


def test_built_pages_have_nothing_the_policy_refuses(site_dir: Path) -> None:
    found = {
        str(page): csp.refused_markup(page.read_text(encoding="utf-8"))
        for page in site_dir.rglob("*.html")
    }
    assert {page: markup for page, markup in found.items() if markup} == {}


def test_server_sends_the_headers_only_when_asked(site_dir: Path) -> None:
    value = _policy(site_dir)
    for headers, expected in ((True, value), (False, None)):
        server, url = serve(site_dir, headers=headers)
        try:
            for path in ("", "fr/practice/", "assets/js/engine-worker.js", "sw.js"):
                with urllib.request.urlopen(url + path) as answer:
                    assert answer.headers["Content-Security-Policy"] == expected, path
            # A missing page (its language's 404 page) gets them too.
            with pytest.raises(urllib.error.HTTPError) as missing:
                urllib.request.urlopen(url + "de/no-such-page/")
            assert missing.value.headers["Content-Security-Policy"] == expected
            # The file itself is not a page of the site, as on a static host.
            if headers:
                with pytest.raises(urllib.error.HTTPError) as hidden:
                    urllib.request.urlopen(url + "_headers")
                assert hidden.value.code == 404
        finally:
            server.shutdown()
            server.server_close()


def test_headers_file_rules() -> None:
    rules = read_headers("# a comment\n/*\n  A: 1\n\n/fr/:page/\n  B: two: 2\n/x\n")
    assert headers_for(rules, "/") == [("A", "1")]
    assert headers_for(rules, "/fr/block/") == [("A", "1"), ("B", "two: 2")]
    assert headers_for(rules, "/fr/block/x/") == [("A", "1")]
    with pytest.raises(ValueError, match="line 1"):
        read_headers("  A: 1\n")
    with pytest.raises(ValueError, match="line 2"):
        read_headers("/*\n  no colon\n")


# ---------------------------------------------------------------------------------------
# The pages, in Chromium, under the policy
# ---------------------------------------------------------------------------------------


def test_a_script_the_policy_does_not_name_is_refused(
    csp_page: Any, page_log: Any, csp_url: str
) -> None:
    """The listening hears: an inline script added to a page is refused and reported."""
    csp_page.goto(csp_url + "pl/glossary/")
    csp_page.evaluate(
        """() => { const s = document.createElement("script");
          s.textContent = "window.__ran = true"; document.head.append(s); }"""
    )
    csp_page.wait_for_function(f"() => {VIOLATIONS}.length > 0")
    assert csp_page.evaluate("window.__ran") is None
    assert csp_page.evaluate(VIOLATIONS)[0].startswith("script-src-elem blocked inline")


def test_every_page_loads_under_the_policy(
    csp_page: Any, page_log: Any, csp_url: str, site_dir: Path
) -> None:
    value = _policy(site_dir)
    problems = {}
    for lang, slug in PAGES:
        url = csp_url + path_of(slug, lang)
        answer = csp_page.goto(url)
        settle(csp_page)
        assert answer is not None and answer.headers["content-security-policy"] == value
        # A 404 page's own status is the one console error it may log.
        own = f"status of 404 (File not found) ({url})"
        errors = [e for e in page_log.errors() if not (slug == NOT_FOUND and e.endswith(own))]
        seen = csp_page.evaluate(VIOLATIONS) + errors
        page_log.console_errors.clear()
        # Material's scripts ran (its palette script, hashed, and its bundle).
        if csp_page.evaluate(f"{SCHEME} === undefined"):
            seen.append("no colour scheme set")
        if seen:
            problems[f"{lang}/{slug}"] = seen
    assert problems == {}


def test_search_and_colour_scheme_work_under_the_policy(
    csp_page: Any, page_log: Any, csp_url: str
) -> None:
    csp_page.goto(csp_url + "fr/", wait_until="networkidle")
    box = csp_page.locator(".md-search__input")
    box.click()
    box.fill("pioche")
    box.press("End")  # Material searches on a key's release
    results = csp_page.locator(".md-search-result__item > .md-search-result__link")
    results.first.wait_for()
    assert all(href.startswith("/fr/") for href in _paths(results))
    box.press("Escape")

    before = csp_page.evaluate(SCHEME)
    csp_page.click("[data-md-component=palette] label:not([hidden])")
    csp_page.wait_for_function(f"(before) => {SCHEME} !== before", arg=before)
    # The choice is kept (Material's hashed palette script reads it on the next page).
    csp_page.goto(csp_url + "fr/block/", wait_until="networkidle")
    assert csp_page.evaluate(SCHEME) != before

    # The service worker (its own script, under the same policy) installed.
    assert csp_page.evaluate("navigator.serviceWorker.ready.then((r) => Boolean(r.active))")
    assert csp_page.evaluate(VIOLATIONS) == []
    assert page_log.errors() == []


def _paths(links: Any) -> list[str]:
    found: list[str] = links.evaluate_all("(links) => links.map((a) => new URL(a.href).pathname)")
    return found


# The engine's state once it is settled. A function, not an expression: Playwright polls
# an expression with eval(), which the policy (rightly) refuses.
ENGINE_SETTLED = """() => ["ready", "failed"].includes(document.documentElement.dataset.engine)
  && document.documentElement.dataset.engine"""


def test_engine_starts_under_the_policy(csp_page: Any, page_log: Any, csp_url: str) -> None:
    """A try-it move on a rules page: the engine's worker, Pyodide's WebAssembly and the
    engine's drawing (SVG with style attributes) all under the policy."""
    csp_page.goto(csp_url + "de/block/", wait_until="networkidle")
    root = csp_page.locator(".domino-try")
    root.get_by_role("button", name="[4|4]").click()
    state = csp_page.wait_for_function(ENGINE_SETTLED, timeout=ENGINE_TIMEOUT_MS).json_value()
    assert state == "ready", page_log.errors()
    root.locator('.domino-end[data-end="right"]').click()
    root.locator("figure svg .domino-last[data-tile='4-4']").wait_for()
    assert any(u.endswith("/engine-worker.js") for u in page_log.engine_requests())
    assert csp_page.evaluate(VIOLATIONS) == []
    assert page_log.errors() == []
