"""The built site on 127.0.0.1, and Chromium's settings: shared by scripts/serve.sh,
the browser tests (tests/browser/conftest.py) and scripts/bench_browser.py.

    python scripts/site_server.py DIR [--port 8000] [--no-headers]

serves DIR until interrupted, with fixed content types (module scripts and WebAssembly
need the right ones, whatever the machine's MIME table says), a missing page answered
with the 404 page of its language (``/de/...``: ``de/404.html``), and the headers of the
site's ``_headers`` file (hooks/csp.py writes its Content Security Policy there) sent as
a static host sends them: ``serve(directory, headers=True)``, on by default on the command
line (``--no-headers``: without them). Text and WebAssembly are sent gzip-compressed to a
browser that accepts it, as static hosts send them (``GZIP_SUFFIXES``, level 6; not the
zip archives and images, already compressed): ``serve(directory, compress=True)``, on by
default on the command line (``--no-gzip``: as stored).
"""

from __future__ import annotations

import functools
import gzip
import io
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
HOST = "127.0.0.1"
# Chromium resolves no host but 127.0.0.1, and calls home for nothing.
CHROMIUM_ARGS = [
    f"--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE {HOST}",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def wait_until(page: Any, function: str, arg: Any = None, timeout_ms: float = 180_000) -> Any:
    """Evaluates ``function`` (JavaScript, a function or an expression, which may be or
    return a promise) in ``page`` every 50 ms until its value is truthy, and returns that
    value; raises ``TimeoutError`` after ``timeout_ms``. Playwright's ``wait_for_function``
    does not wait for a promise (it is truthy at once), so an asynchronous check (the
    Cache Storage's) needs this."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not (value := page.evaluate(function, arg)):
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true within {timeout_ms:.0f} ms: {function[:120]}")
        page.wait_for_timeout(50)
    return value


def end_engine(context: Any, page: Any) -> None:
    """Ends the engine's shared worker of ``page``'s browser context (Playwright's), as
    the browser does a while after its last page, through the DevTools protocol: the next
    page starts the engine afresh."""
    cdp = context.new_cdp_session(page)
    try:
        own = cdp.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
        ended = [
            cdp.send("Target.closeTarget", {"targetId": target["targetId"]})
            for target in cdp.send("Target.getTargets")["targetInfos"]
            if target["type"] == "shared_worker"
            and target["url"].endswith("/engine-worker.js")
            and target.get("browserContextId") == own
        ]
        if not ended:
            raise RuntimeError("no engine worker to end")
    finally:
        cdp.detach()


# Content types by extension, not from the machine's MIME table (module scripts and
# WebAssembly's streaming compile need the right ones).
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/octet-stream",
    ".zip": "application/octet-stream",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".gz": "application/gzip",
}


def build_site(site_dir: Path) -> str | None:
    """Build the site (hooks included) into ``site_dir``; ``None`` if ``--strict`` passed.

    If the strict build fails, the site is built again without ``--strict`` and the
    strict build's log is returned; a failure of that build raises ``RuntimeError``.
    """
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", "mkdocs.yml"]
    command += ["-d", str(site_dir)]
    run = functools.partial(
        subprocess.run, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900
    )
    proc = run([*command, "--strict"])
    if proc.returncode == 0:
        return None
    strict_log = proc.stderr
    shutil.rmtree(site_dir, ignore_errors=True)
    proc = run(command)
    if proc.returncode != 0:
        raise RuntimeError(f"mkdocs build failed:\n{proc.stderr[-3000:]}")
    return strict_log


# What a static host compresses (text, and WebAssembly); the zip archives and images
# are compressed already.
GZIP_SUFFIXES = frozenset(
    {".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".map", ".svg", ".xml", ".txt"}
    | {".wasm"}
)
GZIP_LEVEL = 6
_gzipped_cache: dict[tuple[str, int, int], bytes] = {}
_gzipped_lock = threading.Lock()


def gzipped(path: Path) -> bytes:
    """The file's bytes gzip-compressed (no name, no time: the same file, the same bytes),
    computed once per version of the file."""
    stat = path.stat()
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    with _gzipped_lock:
        found = _gzipped_cache.get(key)
    if found is None:
        found = gzip.compress(path.read_bytes(), GZIP_LEVEL, mtime=0)
        with _gzipped_lock:
            _gzipped_cache[key] = found
    return found


# The first segment of a path that names a language's part of the site ("/fr/...").
LANGUAGE_SEGMENT = re.compile(r"[a-z]{2}(?:-[A-Za-z0-9]+)?")


HEADERS_FILE = "_headers"
"""The site's headers, in the format of Netlify's and Cloudflare Pages' ``_headers``."""

# A rule's path pattern: ``*`` matches anything (slashes too), ``:name`` one segment.
_PLACEHOLDER = re.compile(r"(\*)|:[A-Za-z_]\w*")


def _pattern(path: str) -> re.Pattern[str]:
    parts, last = [], 0
    for match in _PLACEHOLDER.finditer(path):
        parts.append(re.escape(path[last : match.start()]))
        parts.append(".*" if match.group(1) else "[^/]+")
        last = match.end()
    parts.append(re.escape(path[last:]))
    return re.compile("".join(parts))


def read_headers(text: str) -> list[tuple[re.Pattern[str], list[tuple[str, str]]]]:
    """The rules of a ``_headers`` file: each path pattern (a line at the margin) with the
    ``Name: value`` lines indented under it. Blank lines and ``#`` comments are skipped; a
    malformed line raises ``ValueError``."""
    rules: list[tuple[re.Pattern[str], list[tuple[str, str]]]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((_pattern(line.strip()), []))
            continue
        name, colon, value = line.strip().partition(":")
        if not rules or not colon or not name.strip():
            raise ValueError(f"{HEADERS_FILE} line {number}: not a header under a path: {line!r}")
        rules[-1][1].append((name.strip(), value.strip()))
    return rules


def headers_for(
    rules: list[tuple[re.Pattern[str], list[tuple[str, str]]]], path: str
) -> list[tuple[str, str]]:
    """The headers the rules give the URL path ``path``, every matching rule's in order."""
    return [header for pattern, headers in rules if pattern.fullmatch(path) for header in headers]


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves files with fixed content types and no log lines (but one for a client that
    closes its connection mid-answer, in place of a traceback); a missing file gets the
    404 page of the path's language (``/fr/...``: ``fr/404.html``), else the root's. With
    ``headers``, every answer carries the headers the site's ``_headers`` gives its path
    (read at each request, so a rebuild is seen), and ``/_headers`` itself is not served.
    With ``compress``, a file of ``GZIP_SUFFIXES`` asked for by a client that accepts
    gzip is sent compressed (``Content-Encoding: gzip``, its ``Content-Length`` the
    compressed bytes, kept in ``gzip_body``)."""

    gzip_body: bytes | None = None

    def __init__(
        self, *args: Any, headers: bool = False, compress: bool = False, **kwargs: Any
    ) -> None:
        self.site_headers = headers
        self.compress = compress
        super().__init__(*args, **kwargs)

    def _file(self) -> Path | None:
        """The file a GET of this path answers with (a folder's index.html), if any."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not urlsplit(self.path).path.endswith("/"):
                return None  # redirected
            path = path / "index.html"
        return path if path.is_file() else None

    def send_header(self, keyword: str, value: str) -> None:
        if self.gzip_body is not None and keyword.lower() == "content-length":
            super().send_header("Content-Encoding", "gzip")
            super().send_header("Vary", "Accept-Encoding")
            value = str(len(self.gzip_body))
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        if self.site_headers:
            file = Path(self.directory) / HEADERS_FILE
            if file.is_file():
                rules = read_headers(file.read_text(encoding="utf-8"))
                for name, value in headers_for(rules, urlsplit(self.path).path):
                    self.send_header(name, value)
        super().end_headers()

    def send_head(self) -> Any:
        if self.site_headers and urlsplit(self.path).path == "/" + HEADERS_FILE:
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        self.gzip_body = None
        if self.compress and "gzip" in self.headers.get("Accept-Encoding", ""):
            file = self._file()
            if file is not None and file.suffix.lower() in GZIP_SUFFIXES:
                self.gzip_body = gzipped(file)
        body = super().send_head()
        if body is not None and self.gzip_body is not None:
            body.close()
            return io.BytesIO(self.gzip_body)
        return body

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return CONTENT_TYPES.get(Path(path).suffix.lower(), "application/octet-stream")

    def not_found_page(self) -> Path | None:
        """The 404 page for the requested path, if the site has one."""
        root = Path(self.directory)
        first = urlsplit(self.path).path.lstrip("/").split("/", 1)[0]
        if LANGUAGE_SEGMENT.fullmatch(first) and (root / first / "404.html").is_file():
            return root / first / "404.html"
        page = root / "404.html"
        return page if page.is_file() else None

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = self.not_found_page() if code == HTTPStatus.NOT_FOUND else None
        if page is None:
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(code, message)
        self.send_header("Content-Type", CONTENT_TYPES[".html"])
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def handle_one_request(self) -> None:
        """As the stock handler, but a client that closes its connection early (a page
        left, a test ended) is told in one line on stderr, not a traceback."""
        self.requestline = ""
        try:
            super().handle_one_request()
        except ConnectionError as error:  # BrokenPipeError, ConnectionResetError, ...
            during = f"during {self.requestline}" if self.requestline else "before a request"
            print(
                f"{self.client_address[0]} closed the connection {during} ({type(error).__name__})",
                file=sys.stderr,
            )
            self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(
    directory: Path, port: int = 0, headers: bool = False, compress: bool = False
) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``directory`` on 127.0.0.1 on ``port`` (0: a free one) from a daemon thread;
    with ``headers``, send the headers of its ``_headers`` file, with ``compress`` text and
    WebAssembly gzip-compressed (see ``SiteHandler``).

    Returns the server (``shutdown()`` then ``server_close()`` stop it) and its base URL,
    ending in ``/``.
    """
    handler = functools.partial(
        SiteHandler, directory=str(directory), headers=headers, compress=compress
    )
    server = ThreadingHTTPServer((HOST, port), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{HOST}:{server.server_port}/"


def main(argv: list[str] | None = None) -> int:
    import argparse
    import time

    parser = argparse.ArgumentParser(description="Serve a built site on 127.0.0.1.")
    parser.add_argument("directory", type=Path)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--no-headers",
        action="store_true",
        help=f"do not send the headers of the site's {HEADERS_FILE} file (its CSP)",
    )
    parser.add_argument(
        "--no-gzip", action="store_true", help="send every file as stored, never compressed"
    )
    args = parser.parse_args(argv)
    server, url = serve(
        args.directory, args.port, headers=not args.no_headers, compress=not args.no_gzip
    )
    print(f"Serving {args.directory}/ at {url} (Ctrl-C to stop)", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
