#!/usr/bin/env python3
"""Build the rules site and print, per page and language, what a reader's browser loads
before any interaction.

Usage: .venv/bin/python scripts/bench_site.py [--site DIR] [--json]

Without --site, the site is built (``mkdocs build --strict``) into a temporary directory
and the build time is printed; with --site, an existing build is measured.

What is counted for a page, as a browser with an empty cache loads it (checked against
headless Chromium's network log):
- the HTML of the page (figures are inline SVG inside it);
- every style sheet (<link rel="stylesheet">) and script (<script src>) it names;
- images it names: <img src>, the favicon (<link rel="icon">), and url() files in the
  style sheets that are not inline data;
- Material's search, which starts as the page loads: its worker script, the lunr
  language scripts the worker imports for the page's language (none for English and
  Polish), and the page's own language search index;
- the sitemap.xml that Material fetches for each <link rel="alternate" hreflang> of the
  page, to map pages between languages: those that exist are counted as files; the
  others are 404 probes, listed apart (their size is the host's error page).
Not counted: HTTP headers, and anything loaded only on an interaction (a click, typing
in the search box). Sizes are raw bytes, and gzip -6 bytes as a server that compresses
would send them.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import benchlog

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "fr", "pl", "de", "da")
PAGES = ("index", "block", "house-rules", "draw-and-all-fives")
ORIGIN = "http://site.test"


class _Refs(HTMLParser):
    """The resources a page names in its markup."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.files: list[str] = []
        self.alternates: list[str] = []
        self.config = ""
        self._in_config = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        rel = a.get("rel", "").split()
        if tag == "link" and ("stylesheet" in rel or "icon" in rel):
            self.files.append(a["href"])
        elif tag == "link" and "alternate" in rel and "hreflang" in a:
            self.alternates.append(a["href"])
        elif tag in ("script", "img") and a.get("src"):
            self.files.append(a["src"])
        self._in_config = tag == "script" and a.get("id") == "__config"

    def handle_data(self, data: str) -> None:
        if self._in_config:
            self.config += data

    def handle_endtag(self, tag: str) -> None:
        self._in_config = False


@dataclass
class PageLoad:
    page: str
    lang: str
    files: dict[str, int] = field(default_factory=dict)  # URL path -> raw bytes
    gzipped: int = 0
    probes: list[str] = field(default_factory=list)  # 404 sitemap probes

    @property
    def raw(self) -> int:
        return sum(self.files.values())


def page_url(page: str, lang: str) -> str:
    prefix = "/" if lang == "en" else f"/{lang}/"
    return prefix if page == "index" else f"{prefix}{page}/"


def _file(site: Path, url_path: str) -> Path:
    path = site / url_path.lstrip("/")
    return path / "index.html" if url_path.endswith("/") else path


def _css_urls(css: str) -> list[str]:
    found = re.findall(r"""url\(\s*['"]?([^'")\s]+)""", css)
    return [u for u in found if not u.startswith(("data:", "#"))]


def measure(site: Path, page: str, lang: str) -> PageLoad:
    load = PageLoad(page, lang)
    url = ORIGIN + page_url(page, lang)

    def add(target: str) -> bool:
        path_ = urlsplit(target).path
        file = _file(site, path_)
        if urlsplit(target).netloc != urlsplit(ORIGIN).netloc or not file.is_file():
            return False
        if path_ not in load.files:
            data = file.read_bytes()
            load.files[path_] = len(data)
            load.gzipped += len(gzip.compress(data, 6))
            if file.suffix == ".css":
                for ref in _css_urls(data.decode("utf-8")):
                    add(urljoin(target, ref))
        return True

    add(url)
    refs = _Refs()
    refs.feed(_file(site, page_url(page, lang)).read_text(encoding="utf-8"))
    for ref in refs.files:
        add(urljoin(url, ref))
    # Material's search: worker, its lunr language scripts, the language's index.
    config = json.loads(refs.config)
    worker = urljoin(url, config["search"])
    add(worker)
    base = urljoin(url, config["base"].rstrip("/") + "/")
    index_url = urljoin(base, "search/search_index.json")
    add(index_url)
    index = json.loads(_file(site, urlsplit(index_url).path).read_text(encoding="utf-8"))
    langs = [x for x in index["config"]["lang"] if x != "en"]
    if langs:
        add(urljoin(worker, "../lunr/min/lunr.stemmer.support.min.js"))
        for x in langs:
            add(urljoin(worker, f"../lunr/min/lunr.{x}.min.js"))
        if len(index["config"]["lang"]) > 1:
            add(urljoin(worker, "../lunr/min/lunr.multi.min.js"))
    # Material fetches sitemap.xml beside each hreflang alternate.
    for href in refs.alternates:
        sitemap = urljoin(urljoin(url, href), "sitemap.xml")
        if not add(sitemap):
            load.probes.append(urlsplit(sitemap).path)
    return load


def build(site: Path) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)]
    start = time.monotonic()
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if proc.returncode != 0:
        sys.exit(f"mkdocs build --strict failed:\n{proc.stdout}{proc.stderr}")
    return seconds


def kb(n: int) -> str:
    return f"{n / 1024:.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="measure this built site; do not build")
    parser.add_argument("--json", action="store_true", help="print JSON, not a table")
    benchlog.add_flag(parser)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or Path(tmp) / "site"
        seconds = None if args.site else build(site)
        loads = [measure(site, page, lang) for page in PAGES for lang in LANGUAGES]
    pages = [
        {"url": page_url(x.page, x.lang), "raw_bytes": x.raw, "gzip_bytes": x.gzipped}
        for x in loads
    ]
    benchlog.log("bench_site.py", [{"build_s": seconds}, *pages], labels=("url",), args=args)

    if args.json:
        print(
            json.dumps(
                {
                    "build_seconds": seconds,
                    "pages": [
                        {
                            "url": page_url(x.page, x.lang),
                            "raw_bytes": x.raw,
                            "gzip_bytes": x.gzipped,
                            "files": x.files,
                            "sitemap_404_probes": x.probes,
                        }
                        for x in loads
                    ],
                },
                indent=2,
            )
        )
        return 0

    if seconds is not None:
        print(f"build (mkdocs build --strict, 5 languages): {seconds:.2f} s")
    print(f"{'page':28} {'files':>5} {'raw KiB':>8} {'gzip KiB':>8} {'html KiB':>8} {'404s':>4}")
    for x in loads:
        html = x.files[page_url(x.page, x.lang)]
        print(
            f"{page_url(x.page, x.lang):28} {len(x.files):5} {kb(x.raw):>8} "
            f"{kb(x.gzipped):>8} {kb(html):>8} {len(x.probes):4}"
        )
    print(
        "files: HTML, CSS, scripts, favicon, search worker and lunr scripts, the language's "
        "search index, sitemaps that exist; 404s: sitemap probes Material makes for hreflang "
        "alternates (host's error page)."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
