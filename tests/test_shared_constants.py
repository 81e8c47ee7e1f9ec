"""One source for the bounds and names that Python and the pages' JavaScript share.

The engine owns its bounds (``engine/core/boundary.py``'s ``MAX_*``, a practice link's
``engine.features.practice.MAX_QUERY``, the puzzles' ``engine.features.puzzles.MAX_DAYS``, a
drawn tile's long side); the build owns the engine's cache's name (``hooks/kit.py``'s
``ENGINE_CACHE``). The build hands them to the scripts (``hooks/offline.py``: every page's
``#offline-script``; ``hooks/practice_page.py``: the practice root; the engine's
``manifest.json``; ``scripts/build_sw.mjs``'s argument), and no script writes one itself:
the fast tests scan every page script and build script for the values written as literals
(alone, or as ``256 * 1024``, ``1 << 20``, ``2 ** 31 - 1``), and for the name in their
strings; the ``site`` test reads them back from a built site.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from engine.core import boundary
from engine.core.words import strings
from engine.features import practice, puzzles
from engine.lang import LANGUAGES
from engine.presentation import svg
from hooks import kit, offline, practice_page, web_assets

if TYPE_CHECKING:
    from conftest import BuiltSite

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted([*ROOT.glob("docs/assets/js/*.js"), *ROOT.glob("scripts/*.mjs")])


def engine_bounds() -> dict[str, int]:
    """Every bound of the engine a page or a build script might need, by name: each
    ``MAX_*`` of ``engine.core.boundary`` (one appended there is scanned for too), and the
    few others the pages use."""
    found = {
        f"boundary.{name}": value
        for name, value in vars(boundary).items()
        if name.startswith("MAX_") and isinstance(value, int)
    }
    found["practice.MAX_QUERY"] = practice.MAX_QUERY
    found["tile length (2 * svg.UNIT)"] = 2 * svg.UNIT
    max_days = getattr(puzzles, "MAX_DAYS", None)
    if isinstance(max_days, int):
        found["puzzles.MAX_DAYS"] = max_days
    return found


# ---------------------------------------------------------------------------------------
# A JavaScript scanner: the code without its comments, and its strings apart
# ---------------------------------------------------------------------------------------

_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^")


def split_js(source: str) -> tuple[str, list[str]]:
    """``source`` with its comments, strings and regular expressions blanked out (each a
    space), and the strings' contents apart (a template's whole text is one string)."""
    code: list[str] = []
    texts: list[str] = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        two = source[i : i + 2]
        if two == "//":
            j = source.find("\n", i)
            i = n if j < 0 else j
            code.append(" ")
        elif two == "/*":
            j = source.find("*/", i + 2)
            i = n if j < 0 else j + 2
            code.append(" ")
        elif c in "'\"`":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            texts.append(source[i + 1 : j])
            i = j + 1
            code.append(" ")
        elif c == "/" and "".join(code).rstrip()[-1:] in _REGEX_AFTER | {""}:
            j, in_class = i + 1, False
            while j < n and (in_class or source[j] != "/") and source[j] != "\n":
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                j += 1
            i = j + 1
            code.append(" ")
        else:
            code.append(c)
            i += 1
    return "".join(code), texts


_NUMBER = r"(?:0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)"
_LITERAL = re.compile(rf"(?<![\w$.]){_NUMBER}(?![\w$])")
_RUN = re.compile(rf"(?<![\w$.]){_NUMBER}(?:\s*(?:\*\*|\*|<<|\+|-)\s*{_NUMBER})*(?![\w$])")


def numbers_written(code: str) -> set[int | float]:
    """Every number ``code`` writes: each literal, and each run of literals joined by
    ``*``, ``**``, ``<<``, ``+`` or ``-`` (``256 * 1024``, ``2 ** 31 - 1``), worked out."""
    found: set[int | float] = set()
    for m in _LITERAL.finditer(code):
        found.add(_value(m.group()))
    for m in _RUN.finditer(code):
        expression = m.group().replace("_", "")
        if re.fullmatch(r"[\d\s*<+\-.xXa-fA-FeE]+", expression):
            found.add(eval(expression, {"__builtins__": {}}))  # digits and operators only
    return found


def _value(literal: str) -> int | float:
    text = literal.replace("_", "")
    if text[:2] in ("0x", "0X"):
        return int(text, 16)
    value = float(text)
    return int(value) if value.is_integer() else value


def test_the_scanner_finds_a_bound_however_it_is_written() -> None:
    code, texts = split_js(
        "const A = 256 * 1024; // 64 in a comment\n"
        'const B = "2048"; /* 1000 */ const C = 1 << 20, D = 2 ** 31 - 1;\n'
        "const E = /\\d{64}/.test(x) ? 64 : 0x40; const F = `domino-block-engine`;\n"
    )
    written = numbers_written(code)
    assert {256 * 1024, 1 << 20, 2**31 - 1, 64} <= written
    assert 1000 not in written and 2048 not in written  # a comment's, a string's
    assert texts == ["2048", "domino-block-engine"]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_script_writes_a_bound_of_the_engine(script: Path) -> None:
    """The pages' scripts and the build's get every bound of the engine from the build;
    none writes one as a number of its own."""
    code, _ = split_js(script.read_text(encoding="utf-8"))
    written = numbers_written(code)
    found = [f"{name} = {value}" for name, value in engine_bounds().items() if value in written]
    assert not found, f"{script.relative_to(ROOT)} writes {', '.join(found)}"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_script_names_the_engines_cache(script: Path) -> None:
    code, texts = split_js(script.read_text(encoding="utf-8"))
    assert not any(kit.ENGINE_CACHE in t for t in texts), script.relative_to(ROOT)
    assert kit.ENGINE_CACHE not in code, script.relative_to(ROOT)


def test_the_bounds_scanned_for_are_the_engines() -> None:
    """The values the scan looks for are the engine's own, and one of each kind."""
    bounds = engine_bounds()
    assert bounds["boundary.MAX_DEPTH"] == boundary.MAX_DEPTH == 64
    assert bounds["boundary.MAX_STORE"] == boundary.MAX_STORE == 256 * 1024
    assert {"boundary.MAX_LINE", "boundary.MAX_ITEMS", "boundary.MAX_SEED"} <= set(bounds)
    assert bounds["practice.MAX_QUERY"] == practice.MAX_QUERY


# ---------------------------------------------------------------------------------------
# What the build hands the scripts
# ---------------------------------------------------------------------------------------


def attributes(html: str, selector: str) -> dict[str, str]:
    """The attributes of the first element of ``html`` whose start tag matches the
    regular expression ``selector``."""
    tag = re.search(rf"<[a-z]+[^>]*{selector}[^>]*>", html)
    assert tag, selector
    return dict(re.findall(r'\s([\w-]+)="([^"]*)"', tag.group()))


def test_every_page_gets_the_stores_bounds_and_the_caches_name() -> None:
    found = attributes(offline.head_tags("../", "fr"), 'id="offline-script"')
    assert found["data-max-store"] == str(boundary.MAX_STORE)
    assert found["data-max-depth"] == str(boundary.MAX_DEPTH)
    assert found["data-engine-cache"] == kit.ENGINE_CACHE


def test_the_practice_page_gets_its_bounds() -> None:
    found = attributes(f"<div {practice_page.bounds()}>", "data-max-seed")
    assert found["data-max-seed"] == str(boundary.MAX_SEED)
    assert found["data-max-query"] == str(practice.MAX_QUERY)
    assert found["data-tile-length"] == str(2 * svg.UNIT)


def test_the_engines_manifest_names_its_cache(tmp_path: Path) -> None:
    wheel, bytecode = tmp_path / "engine.whl", tmp_path / "engine-pyc.zip"
    wheel.write_bytes(b"wheel")
    bytecode.write_bytes(b"bytecode")
    web_assets.write_manifest(tmp_path, wheel, bytecode, "0.0.0", "0" * 64)
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["cache"] == kit.ENGINE_CACHE


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_words_that_state_the_store_bound_state_the_engines(lang: str) -> None:
    """The words that tell a reader the size bound (a file or a paste too large) name the
    engine's, in KiB."""
    words = strings(lang)
    for key in ("page.scorepad.import_size", "review_page.file_size", "review_page.paste_size"):
        kib = boundary.MAX_STORE // 1024
        assert re.search(rf"(?<!\d){kib}(?!\d)", words[key]), (lang, key)


@pytest.mark.site
def test_the_built_site_carries_the_engines_values(built_site: BuiltSite) -> None:
    """The built pages, the engine's manifest and the service worker carry the engine's
    bounds and the cache's name, as the build's Python has them."""
    site = built_site.dir
    for page in ("index.html", "de/practice/index.html", "fr/puzzles/index.html"):
        html = (site / page).read_text(encoding="utf-8")
        found = attributes(html, 'id="offline-script"')
        assert found["data-max-store"] == str(boundary.MAX_STORE), page
        assert found["data-max-depth"] == str(boundary.MAX_DEPTH), page
        assert found["data-engine-cache"] == kit.ENGINE_CACHE, page
    practice_html = (site / "pl/practice/index.html").read_text(encoding="utf-8")
    found = attributes(practice_html, 'class="practice"')
    assert found["data-max-seed"] == str(boundary.MAX_SEED)
    assert found["data-max-query"] == str(practice.MAX_QUERY)
    assert found["data-tile-length"] == str(2 * svg.UNIT)
    manifest = json.loads((site / "assets/engine/manifest.json").read_text(encoding="utf-8"))
    assert manifest["cache"] == kit.ENGINE_CACHE
    sw = (site / "sw.js").read_text(encoding="utf-8")
    assert re.search(rf'cacheName:\s*"{re.escape(kit.ENGINE_CACHE)}"', sw), "sw.js's cache"
