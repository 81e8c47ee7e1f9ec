"""MkDocs build hook: a strict Content Security Policy, in a ``_headers`` file.

After the last language is built and every other hook has written its pages (this hook's
``on_post_build`` runs after theirs, at -200 and above, and before ``hooks/offline.py``'s
service worker, at -300), it reads every built page (``**/*.html``: each page of each
language and each language's 404 page), hashes each inline script the browser runs
(Material's and the hooks'; not the ``application/json`` data blocks, which no browser
runs and no policy governs), and writes at the site's root a ``_headers`` file of the kind
static hosts read (Netlify, Cloudflare Pages: a path pattern, then indented
``Header: value`` lines) naming one policy for every path:

- ``default-src 'self'``; nothing anywhere comes from another host.
- ``script-src 'self' 'wasm-unsafe-eval'`` and each inline script's ``'sha256-…'``: no
  ``'unsafe-inline'``; WebAssembly (Pyodide, in the engine's worker) needs
  ``'wasm-unsafe-eval'``.
- ``worker-src 'self'``: the engine's worker, Material's search worker (through
  ``assets/js/search-worker.js``) and the service worker are files of the site, none a
  ``blob:`` or ``data:`` URL.
- ``style-src 'self' 'unsafe-inline'``: the domino figures are SVG with ``style``
  attributes, in the pages and drawn by the engine at each move (so their hashes cannot be
  known at build time, and hashing attributes needs ``'unsafe-hashes'`` anyway); a style
  cannot run a script, and nothing else is loosened.
- ``img-src 'self' data:``: Material's icons are ``data:`` SVGs in its CSS.
- ``connect-src``, ``font-src``, ``manifest-src`` ``'self'``; ``object-src 'none'``,
  ``base-uri 'self'``, ``form-action 'self'``, ``frame-ancestors 'none'``.

The file is not a page's asset: the service worker does not precache it
(``scripts/build_sw.mjs``'s patterns match no extension-less file), and hosts do not serve
it. ``scripts/site_server.py`` reads it and sends the headers.

What no hash can allow (an ``on…=`` event attribute, a ``javascript:`` URL) is a build
problem (``hooks/kit.py``), found in each page as it is written and in each language's
404 page, so a strict build fails, at any verbosity, rather than a reader's browser
refusing it silently.

The policy's text is made by plain functions (:func:`inline_scripts`, :func:`script_hash`,
:func:`site_hashes`, :func:`policy`, :func:`headers_text`) that a test calls without MkDocs.
"""

from __future__ import annotations

import base64
import hashlib
import re
import sys
from collections.abc import Iterable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit

from hooks import kit

HEADERS_FILE = "_headers"

# An element <script ...>...</script>, as a browser ends it (at the first "</script").
_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script[\s/>]", re.IGNORECASE | re.DOTALL)
_ATTRIBUTE = re.compile(r"""([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")
# The script types a browser runs (HTML's list of JavaScript MIME types, and "module").
_RUN_TYPES = frozenset(
    (
        *("", "module", "text/javascript", "application/javascript", "application/ecmascript"),
        *("text/ecmascript", "application/x-javascript", "text/jscript", "text/livescript"),
    )
)

DIRECTIVES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("default-src", ("'self'",)),
    ("script-src", ("'self'", "'wasm-unsafe-eval'")),  # and the inline scripts' hashes
    ("worker-src", ("'self'",)),
    ("style-src", ("'self'", "'unsafe-inline'")),
    ("img-src", ("'self'", "data:")),
    ("connect-src", ("'self'",)),
    ("font-src", ("'self'",)),
    ("manifest-src", ("'self'",)),
    ("object-src", ("'none'",)),
    ("base-uri", ("'self'",)),
    ("form-action", ("'self'",)),
    ("frame-ancestors", ("'none'",)),
)
"""The policy's directives and their sources, in order; ``script-src`` gets the hashes."""


def _attributes(text: str) -> dict[str, str]:
    found = {}
    for match in _ATTRIBUTE.finditer(text):
        name, *values = match.groups()
        found[name.lower()] = next((v for v in values if v is not None), "")
    return found


def inline_scripts(html: str) -> list[str]:
    """The text of each inline script in ``html`` that a browser runs: a ``<script>``
    without ``src`` whose type is empty, a JavaScript type, or ``module``."""
    found = []
    for match in _SCRIPT.finditer(html):
        attributes = _attributes(match.group(1))
        kind = attributes.get("type", "").strip().lower()
        if "src" not in attributes and kind in _RUN_TYPES:
            found.append(match.group(2))
    return found


class _Refused(HTMLParser):
    """Markup a policy without ``'unsafe-inline'`` refuses whatever its hashes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=...>")
            elif (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}=javascript:...>")


def refused_markup(html: str) -> list[str]:
    """The event attributes (``onclick=``) and ``javascript:`` URLs in ``html``: the
    policy refuses them, and no hash can allow them."""
    parser = _Refused()
    parser.feed(html)
    parser.close()
    return parser.found


def script_hash(text: str) -> str:
    """The CSP source that allows an inline script of this text: ``'sha256-BASE64'``."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def site_hashes(site: Path) -> list[str]:
    """The hashes of every inline script of every page (``**/*.html``) under ``site``,
    sorted, each once."""
    hashes = {
        script_hash(text)
        for page in site.rglob("*.html")
        for text in inline_scripts(page.read_text(encoding="utf-8"))
    }
    return sorted(hashes)


def policy(hashes: Iterable[str]) -> str:
    """The Content-Security-Policy header's value, allowing the inline scripts ``hashes``."""
    extra = {"script-src": tuple(hashes)}
    return "; ".join(
        " ".join((name, *sources, *extra.get(name, ()))) for name, sources in DIRECTIVES
    )


def headers_text(csp: str) -> str:
    """The ``_headers`` file: the policy ``csp`` for every path of the site."""
    return f"/*\n  Content-Security-Policy: {csp}\n"


def write_headers(site: Path) -> Path:
    """Write ``site/_headers`` from the built pages under ``site``; returns its path."""
    path = site / HEADERS_FILE
    path.write_text(headers_text(policy(site_hashes(site))), encoding="utf-8")
    return path


def _refused(output: str, where: str) -> None:
    for found in refused_markup(output):
        kit.report(f"{where}: {found} is refused by the Content Security Policy")


@event_priority(-250)  # after every other hook's changes to the page
def on_post_page(output: str, page: Any, config: Any) -> str:
    _refused(output, page.file.src_uri)
    return output


@event_priority(-250)  # after chrome's (-200), which keeps each language's 404 page
def on_post_template(output: str, template_name: str, config: Any) -> str:
    if template_name == "404.html":
        _refused(output, f"404.html ({kit.language(config)})")
    return output


@event_priority(-250)  # after the hooks that write pages (-200 and above), before offline's
def on_post_build(config: Any) -> None:
    if not kit.outer_build(config):
        return  # not the end of the outer build yet
    write_headers(Path(config.site_dir))
