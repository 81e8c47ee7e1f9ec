"""MkDocs build hook: engine-drawn figures, engine-checked worked examples, and one
search index per language.

In a page, a figure is a fenced block of language ``domino``::

    ```domino
    plays: 1-4 1-1@left
    caption: Lay [1|1] on the 1 end.
    preset: block            (optional; all-fives for the spinner)
    ```

and a worked example a fenced block of language ``example``: one line of JSON (the
inputs and the documented result, the same in every language), a line ``---``, then the
example told in the page's language::

    ```example
    {"id": "blocked-3-7-8", "kind": "round-end", "players": 3, "pips": [3, 7, 8], ...}
    ---
    Hands of 3, 7 and 8 pips: the holder of 3 scores 7 + 8 − 3 = 12.
    ```

The engine draws every figure (``engine.figures.figure_svg``) and recomputes every
example (``engine.examples.check``). A figure the engine cannot draw, an example whose
documented result the engine contradicts, or prose whose numbers do not match the
example's data is logged as a warning, so ``mkdocs build --strict`` fails.

mkdocs-static-i18n builds every language into the same site, and Material's search then
loads one merged index for all of them (mixed results, merged stop-word lists). After the
last language is built, this hook writes one index per language
(``search/search_index.json`` for English, ``fr/search/search_index.json`` …), each with
that language's own search settings, and points each page's search at its language's
root.
"""

from __future__ import annotations

import html
import json
import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import markdown as _markdown
from mkdocs.plugins import event_priority, get_plugin_logger

# The engine lives at the repository root. MkDocs restores sys.path once a hook module
# is loaded, so the engine is imported now, not when a page is rendered.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.examples import check as _engine_check  # noqa: E402
from engine.figures import figure_svg as _figure_svg  # noqa: E402
from engine.lang import text as _engine_text  # noqa: E402

log = get_plugin_logger("domino")

DEFAULT_LANG = "en"


# Result fields whose numbers must be written in the example's prose ("the result
# numbers must occur in the prose"). Seats of winners and booleans are not numbers a
# reader looks for; every other documented result is.
RESULT_NUMBER_FIELDS = (
    "value",
    "open",
    "end_counts",
    "count",
    "score",
    "points",
    "rounded",
    "hand",
    "stock",
    "target",
    "next",
)

# Fields of the example JSON that are not data (their digits are not example numbers).
NOT_DATA_FIELDS = ("id", "kind")

_NUMBER = re.compile(r"\d+")

# The page being rendered: custom fence formatters get no page, so on_page_markdown
# records it here (MkDocs renders one page at a time).
_page: dict[str, str] = {"lang": DEFAULT_LANG, "src": "?"}


# ---------------------------------------------------------------------------------------
# Worked examples: parsing and checking (shared with tests/test_site.py)
# ---------------------------------------------------------------------------------------


class ExampleError(ValueError):
    """A worked-example block that cannot be read."""


def parse_example(source: str) -> tuple[dict[str, Any], str]:
    """The JSON spec and the prose of an ``example`` fence's body."""
    head, sep, prose = source.strip().partition("\n---")
    if not sep:
        raise ExampleError("an example needs a JSON line, a line ---, then the prose")
    try:
        spec = json.loads(head)
    except json.JSONDecodeError as e:
        raise ExampleError(f"the JSON line is not valid JSON: {e}") from None
    if not isinstance(spec, dict) or not isinstance(spec.get("id"), str):
        raise ExampleError("the JSON line must be an object with an id")
    prose = prose.strip()
    if not prose:
        raise ExampleError(f"{spec['id']}: the example has no prose")
    return spec, prose


def data_numbers(value: Any) -> list[int]:
    """Every number in an example's data: ints, and the digits of strings ("6-6" gives
    6 and 6), at any depth; booleans and null are not numbers."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, str):
        return [int(n) for n in _NUMBER.findall(value)]
    if isinstance(value, dict):
        return [n for k, v in value.items() if k not in NOT_DATA_FIELDS for n in data_numbers(v)]
    if isinstance(value, Iterable):
        return [n for v in value for n in data_numbers(v)]
    return []


def prose_numbers(text: str) -> list[int]:
    """Every number written in digits in the prose."""
    return [int(n) for n in _NUMBER.findall(text)]


def number_problems(spec: dict[str, Any], prose: str) -> list[str]:
    """Where the prose and the data of an example disagree about numbers.

    Every number of the prose must be a number of the data, and every number of a
    documented result (RESULT_NUMBER_FIELDS) must be written in the prose.
    """
    ident = spec.get("id", "?")
    in_data = set(data_numbers(spec))
    in_prose = prose_numbers(prose)
    problems = [
        f"{ident}: the prose says {n}, which is not in the example's data"
        for n in dict.fromkeys(in_prose)
        if n not in in_data
    ]
    for field in RESULT_NUMBER_FIELDS:
        if field in spec:
            for n in dict.fromkeys(data_numbers(spec[field])):
                if n not in in_prose:
                    problems.append(
                        f"{ident}: the result {field} = {n} is not written in the prose"
                    )
    return problems


def example_problems(spec: dict[str, Any], prose: str) -> list[str]:
    """Everything wrong with a worked example: the engine's disagreements with its
    documented result, then the prose/data number mismatches."""
    return list(_engine_check(spec)) + number_problems(spec, prose)


# ---------------------------------------------------------------------------------------
# Fence formatters
# ---------------------------------------------------------------------------------------


def _problem(message: str) -> None:
    log.warning(f"{_page['src']}: {message}")


def _error_box(message: str) -> str:
    return (
        '<div class="admonition failure domino-error"><p class="admonition-title">'
        f"Build error</p><p>{html.escape(message)}</p></div>"
    )


def parse_figure(source: str) -> dict[str, str]:
    """The fields (plays, caption, preset) of a ``domino`` fence's body."""
    fields: dict[str, str] = {}
    for line in source.strip().splitlines():
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or key not in ("plays", "caption", "preset"):
            raise ValueError(f"unknown figure line {line.strip()!r}")
        if key in fields:
            raise ValueError(f"the figure gives {key} twice")
        fields[key] = value.strip()
    for key in ("plays", "caption"):
        if not fields.get(key):
            raise ValueError(f"the figure has no {key}")
    return fields


# The engine draws a tile 64 units long; on the page a unit is 1.5 CSS pixels, so a
# tile is about as long as a line of text is high times five.
FIGURE_SCALE = 1.5

_SVG_SIZE = re.compile(r'^(<svg\b[^>]*?\swidth=")([\d.]+)("[^>]*?\sheight=")([\d.]+)(")')


def _scale_svg(svg: str, factor: float) -> str:
    """The SVG with its displayed width and height (not its drawing) scaled."""

    def scale(m: re.Match[str]) -> str:
        w, h = (round(float(v) * factor, 2) for v in (m.group(2), m.group(4)))
        return f"{m.group(1)}{w:g}{m.group(3)}{h:g}{m.group(5)}"

    return _SVG_SIZE.sub(scale, svg, count=1)


def render_figure(source: str, lang: str) -> str:
    """The ``<figure>`` of a ``domino`` fence, drawn by the engine."""
    fields = parse_figure(source)
    caption = fields["caption"]
    svg = _figure_svg(fields["plays"].split(), lang, caption, preset=fields.get("preset", "block"))
    svg = _scale_svg(svg, FIGURE_SCALE)
    return (
        f'<figure class="domino-figure">\n{svg}\n'
        f"<figcaption>{html.escape(caption, quote=False)}</figcaption>\n</figure>"
    )


_prose_md = _markdown.Markdown(extensions=["attr_list"])


def render_example(spec: dict[str, Any], prose: str, lang: str) -> str:
    """The visible box of a worked example, with its data in ``data-example``."""
    data = json.dumps(spec, ensure_ascii=False, separators=(", ", ": "))
    _prose_md.reset()
    body = _prose_md.convert(prose)
    label = _engine_text(lang, "example_label")
    return (
        f'<div class="admonition example worked-example" '
        f'data-example-id="{html.escape(spec["id"])}" data-example="{html.escape(data)}">\n'
        f'<p class="admonition-title">{html.escape(label)}</p>\n'
        f'<div class="worked-example__text">\n{body}\n</div>\n</div>'
    )


def domino_fence(
    source: str, language: str, class_name: str, options: Any, md: Any, **kw: Any
) -> str:
    try:
        return render_figure(source, _page["lang"])
    except Exception as e:  # the engine's errors and bad fence text alike
        _problem(f"bad domino figure ({e}):\n{source.strip()}")
        return _error_box(f"Bad figure: {e}")


def example_fence(
    source: str, language: str, class_name: str, options: Any, md: Any, **kw: Any
) -> str:
    try:
        spec, prose = parse_example(source)
    except ExampleError as e:
        _problem(f"bad worked example: {e}")
        return _error_box(f"Bad worked example: {e}")
    for message in example_problems(spec, prose):
        _problem(f"worked example {message}")
    return render_example(spec, prose, _page["lang"])


CUSTOM_FENCES = [
    {"name": "domino", "class": "domino", "format": domino_fence},
    {"name": "example", "class": "example", "format": example_fence},
]


# ---------------------------------------------------------------------------------------
# MkDocs events
# ---------------------------------------------------------------------------------------


def on_config(config: Any) -> Any:
    i18n = _i18n(config)
    if i18n is not None and i18n.default_language != DEFAULT_LANG:
        log.warning(f"this hook expects {DEFAULT_LANG} as the default language at the site root")
    # static-i18n runs on_config once per language on the same config: add the fences
    # once only.
    superfences = config.mdx_configs.setdefault("pymdownx.superfences", {})
    fences = superfences.setdefault("custom_fences", [])
    known = {f["name"] for f in fences}
    for fence in CUSTOM_FENCES:
        if fence["name"] not in known:
            fences.append(fence)
    return config


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    _page["lang"] = getattr(page.file, "locale", None) or DEFAULT_LANG
    _page["src"] = page.file.src_uri
    return markdown


@event_priority(-100)  # after static-i18n (50), which resets the links for each page
def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """Make every language link (switcher and hreflang) point at this page's own
    translation, by a relative URL.

    static-i18n (which runs before this hook) already does so for every page but the
    home pages, which it leaves at absolute links ("/fr/") that break when the site is
    served below a path.
    """
    alternates = getattr(page.file, "alternates", None) or {}
    # static-i18n sets config.extra.alternate as an attribute, which the templates read
    # before the item of the same name.
    for alt in getattr(config.extra, "alternate", None) or []:
        target = alternates.get(alt.get("lang"))
        if target is not None:
            alt["link"] = target.url or "./"
    return context


def _language_base(base: str, lang: str) -> str:
    """The relative URL of ``lang``'s root, from a page whose site root is ``base``."""
    if lang == DEFAULT_LANG:
        return base
    return f"{base.rstrip('/')}/{lang}/"


_CONFIG_SCRIPT = re.compile(
    r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.DOTALL
)


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Point the page's search at its own language: Material loads
    ``search/search_index.json`` relative to the ``base`` of its ``__config``."""
    lang = getattr(page.file, "locale", None) or DEFAULT_LANG

    def patch(m: re.Match[str]) -> str:
        data = json.loads(m.group(2))
        data["base"] = _language_base(data["base"], lang)
        return m.group(1) + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + m.group(3)

    return _CONFIG_SCRIPT.sub(patch, output, count=1)


# Per-language search settings, recorded while each language is built.
_search_settings: dict[str, dict[str, Any]] = {}


def _i18n(config: Any) -> Any:
    return config.plugins.get("i18n")


def _search(config: Any) -> Any:
    return config.plugins.get("material/search") or config.plugins.get("search")


def search_settings(config: Any, lang: str) -> dict[str, Any]:
    """The search settings Material would use for a site in ``lang`` alone.

    Material's translations give each language its lunr language and pipeline. A
    language without a lunr stemmer (Polish) falls back to English: then no English
    stemmer or stop-word list may touch it, so its pipeline is empty (words are only
    split, lower-cased and prefix-matched).
    """
    plugin = _search(config)
    langs = [
        code.strip()
        for code in plugin._translate(config, "search.config.lang").split(",")
        if code.strip()
    ]
    pipeline = [
        p.strip()
        for p in plugin._translate(config, "search.config.pipeline").split(",")
        if p.strip()
    ]
    if lang not in langs:
        pipeline = []
    return {
        "lang": langs or ["en"],
        "separator": plugin.config.separator,
        "pipeline": pipeline,
        "fields": plugin.config.fields,
    }


def on_env(env: Any, config: Any, files: Any) -> Any:
    # Once per language build, after static-i18n has switched the theme's language.
    i18n = _i18n(config)
    if i18n is not None and _search(config) is not None:
        _search_settings[i18n.current_language] = search_settings(config, i18n.current_language)
    return env


@event_priority(-200)  # after static-i18n's (-100), which builds the other languages
def on_post_build(config: Any) -> None:
    i18n = _i18n(config)
    if i18n is None or _search(config) is None or i18n.building:
        return  # not the end of the outer build yet
    languages = [DEFAULT_LANG] + [x for x in i18n.build_languages if x != DEFAULT_LANG]
    counts = split_search_index(config.site_dir, languages)
    log.info(
        "search index entries per language: " + ", ".join(f"{k} {v}" for k, v in counts.items())
    )


def split_search_index(site_dir: str, languages: list[str]) -> dict[str, int]:
    """Rewrite the merged ``search/search_index.json`` as one index per language.

    Returns the number of entries written per language.
    """
    path = os.path.join(site_dir, "search", "search_index.json")
    with open(path, encoding="utf-8") as f:
        merged = json.load(f)
    docs: dict[str, list[dict[str, Any]]] = {lang: [] for lang in languages}
    others = [lang for lang in languages if lang != DEFAULT_LANG]
    for doc in merged["docs"]:
        lang = next((x for x in others if doc["location"].startswith(f"{x}/")), DEFAULT_LANG)
        if lang != DEFAULT_LANG:
            doc = {**doc, "location": doc["location"][len(lang) + 1 :]}
        docs[lang].append(doc)
    counts = {}
    for lang in languages:
        settings = _search_settings.get(lang, merged["config"])
        index = {"config": settings, "docs": docs[lang]}
        out = (
            path
            if lang == DEFAULT_LANG
            else os.path.join(site_dir, lang, "search", "search_index.json")
        )
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "w", encoding="utf-8") as f:
            json.dump(index, f, ensure_ascii=False, separators=(",", ":"))
        counts[lang] = len(docs[lang])
    return counts
