"""MkDocs build hook: engine-drawn figures (still, in steps, whole rounds, try-it),
engine-checked worked examples, and one search index per language.

In a page, a figure is a fenced block of language ``domino``. One step is a still figure;
steps separated by lines ``---`` make a stepper, which the page's script shows one step at
a time (every step is drawn here, so without script all steps show in order)::

    ```domino
    preset: block            (optional, first step only; all-fives for the spinner)
    plays: 1-4
    caption: [1|4] opens the line. Its ends take a 1 and a 4.
    example: {"id": "place-1-4", "open": [1, 4]}     (optional)
    ---
    plays: 1-4 1-1@left
    caption: Lay [1|1] on the 1 end.
    ```

A step's ``example`` is a ``layout`` worked example of the step's plays: the engine must
give its documented results, and the caption must state them and no other number. A step
without one may state only numbers of its layout (see :func:`caption_problems`).

A ``round`` fence holds a round's game record (the format of ``python -m engine
replay``); the engine tells it step by step, from the deal to the score's arithmetic, in
the page's language. A ``try`` fence (``plays``, ``hand``, ``caption``, ``preset``) is a
figure where the reader lays tiles from a small tray; the engine in the browser judges
each move (``engine.web.try_move``).

A worked example is a fenced block of language ``example``: one line of JSON (the
inputs and the documented result, the same in every language), a line ``---``, then the
example told in the page's language::

    ```example
    {"id": "blocked-3-7-8", "kind": "round-end", "players": 3, "pips": [3, 7, 8], ...}
    ---
    Hands of 3, 7 and 8 pips: the holder of 3 scores 7 + 8 − 3 = 12.
    ```

The engine draws every figure (``engine.figures``) and recomputes every example
(``engine.examples.check``). A figure the engine cannot draw, an example or a caption
the engine contradicts, or prose whose numbers do not match the example's data is logged
as a warning, so ``mkdocs build --strict`` fails.

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
from collections.abc import Callable, Iterable, Sequence
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
from engine.examples import evaluate as _engine_evaluate  # noqa: E402
from engine.figures import PAGE_SIZE as _PAGE_SIZE  # noqa: E402
from engine.figures import figure_svg as _figure_svg  # noqa: E402
from engine.figures import layout_svg as _layout_svg  # noqa: E402
from engine.figures import tile_svg as _tile_svg  # noqa: E402
from engine.lang import strings as _engine_strings  # noqa: E402
from engine.lang import text as _engine_text  # noqa: E402
from engine.rules import Rules as _Rules  # noqa: E402
from engine.walkthrough import round_steps as _round_steps  # noqa: E402
from engine.web import try_view as _try_view  # noqa: E402

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


FIGURE_KEYS = ("plays", "caption", "example", "preset")


def parse_fields(
    text: str, keys: tuple[str, ...], required: tuple[str, ...], what: str
) -> dict[str, str]:
    """The ``key: value`` lines of a fence (blank lines skipped): every key one of
    ``keys``, none twice, every ``required`` one given."""
    fields: dict[str, str] = {}
    for line in text.strip().splitlines():
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or key not in keys:
            raise ValueError(f"unknown line {line.strip()!r} in {what}")
        if key in fields:
            raise ValueError(f"{what} gives {key} twice")
        fields[key] = value.strip()
    for key in required:
        if not fields.get(key):
            raise ValueError(f"{what} has no {key}")
    return fields


def parse_figure(source: str) -> list[dict[str, str]]:
    """The steps of a ``domino`` fence: each with plays, caption and optionally
    example (JSON) and preset. Steps are separated by lines ``---``; a preset given in
    the first step holds for every step."""
    steps: list[dict[str, str]] = []
    for block in re.split(r"^---[ \t]*$", source.strip(), flags=re.MULTILINE):
        what = f"step {len(steps) + 1} of the figure"
        fields = parse_fields(block, FIGURE_KEYS, ("plays", "caption"), what)
        if steps and "preset" in fields:
            raise ValueError("give the preset in the first step only")
        steps.append(fields)
    preset = steps[0].get("preset", "block")
    for step in steps:
        step["preset"] = preset
    return steps


def step_spec(step: dict[str, str]) -> dict[str, Any]:
    """The worked example a figure step documents: a ``layout`` example of its plays.

    A step without ``example`` documents no result; its caption may then state only
    numbers of the layout (see :func:`caption_problems`)."""
    spec: dict[str, Any] = {"id": "figure", "kind": "layout"}
    if step.get("example"):
        try:
            documented = json.loads(step["example"])
        except json.JSONDecodeError as e:
            raise ValueError(f"the example of a step is not valid JSON: {e}") from None
        if not isinstance(documented, dict) or not isinstance(documented.get("id"), str):
            raise ValueError("the example of a step must be a JSON object with an id")
        clash = {"kind", "preset", "plays"} & documented.keys()
        if clash:
            raise ValueError(f"a step's example takes {', '.join(sorted(clash))} from the step")
        spec.update(documented)
    spec["kind"] = "layout"
    spec["preset"] = step["preset"]
    spec["plays"] = step["plays"].split()
    return spec


def caption_problems(step: dict[str, str]) -> list[str]:
    """Where a step's caption disagrees with the engine.

    With an example, the engine must give its documented results and the caption must
    state them and no other number (as for worked examples). Without one, every number
    of the caption must be a number of the layout: a value on a played tile, an open
    value, and where plays score (All Fives) what an end counts, the count, the score.
    """
    spec = step_spec(step)
    if "example" in step:
        return example_problems(spec, step["caption"])
    results = _engine_evaluate(spec)
    if not _Rules.make(step["preset"]).fives:  # counts and scores in play are All Fives'
        results = {"open": results["open"]}
    facts = set(data_numbers(spec)) | set(data_numbers(results))
    return [
        f"the caption {step['caption']!r} says {n}, which is not a number of the layout"
        for n in dict.fromkeys(prose_numbers(step["caption"]))
        if n not in facts
    ]


def _figure(svg: str, caption_html: str) -> str:
    return (
        f'<figure class="domino-figure">\n{svg}\n<figcaption>{caption_html}</figcaption>\n</figure>'
    )


def _example_attrs(spec: dict[str, Any] | None) -> str:
    if spec is None:
        return ""
    data = json.dumps(spec, ensure_ascii=False, separators=(", ", ": "))
    return f' data-example-id="{html.escape(spec["id"])}" data-example="{html.escape(data)}"'


def render_stepper(steps: list[tuple[str, str, dict[str, Any] | None]], lang: str) -> str:
    """A figure in steps: every step drawn now, in order; the page's script shows one
    at a time with previous/next buttons and the arrow keys, and reads each step out.

    ``steps`` holds each step's SVG, its caption as HTML and the example it documents.
    """
    s = _engine_strings(lang)
    total = len(steps)
    items = []
    for n, (svg, caption_html, spec) in enumerate(steps, start=1):
        count = _engine_text(lang, "stepper.count", n=n, total=total)
        items.append(
            f'<li class="domino-step" data-step="{n}"{_example_attrs(spec)}>'
            + _figure(
                svg, f'<span class="domino-step__count">{html.escape(count)}</span> {caption_html}'
            )
            + "</li>"
        )
    return (
        f'<div class="domino-stepper" role="group" '
        f'aria-label="{html.escape(s["stepper.label"])}">\n'
        # The buttons come first: steps differ in height, and buttons above them stay
        # put under the reader's finger from one step to the next.
        '<div class="domino-stepper__controls" hidden>'
        f'<button type="button" class="domino-button" data-go="prev">'
        f"{html.escape(s['stepper.prev'])}</button>"
        f'<button type="button" class="domino-button domino-button--primary" data-go="next">'
        f"{html.escape(s['stepper.next'])}</button></div>\n"
        f'<ol class="domino-stepper__steps">\n{"".join(items)}\n</ol>\n'
        '<p class="domino-stepper__live domino-sr-only" aria-live="polite"></p>\n</div>'
    )


def render_figure(source: str, lang: str) -> str:
    """A ``domino`` fence drawn by the engine: one step is a still ``<figure>``; more
    are a stepper (:func:`render_stepper`)."""
    steps = parse_figure(source)
    drawn = []
    for step in steps:
        for message in caption_problems(step):
            _problem(f"figure step {step['plays']!r}: {message}")
        svg = _figure_svg(
            step["plays"].split(),
            lang,
            step["caption"],
            preset=step["preset"],
            size=_PAGE_SIZE,
            highlight_last=len(steps) > 1,
        )
        spec = step_spec(step) if "example" in step else None
        drawn.append((svg, html.escape(step["caption"], quote=False), spec))
    if len(drawn) == 1:
        svg, caption_html, spec = drawn[0]
        figure = _figure(svg, caption_html)
        if spec is not None:
            figure = figure.replace("<figure ", f"<figure{_example_attrs(spec)} ", 1)
        return figure
    return render_stepper(drawn, lang)


def render_round(source: str, lang: str) -> str:
    """A ``round`` fence: a game record of one round, told by the engine step by step
    from the deal to the score."""
    try:
        record = json.loads(source)
    except json.JSONDecodeError as e:
        raise ValueError(f"the round is not valid JSON: {e}") from None
    steps = _round_steps(record, lang)
    drawn = []
    for step in steps:
        picture = ""
        if step.layout.tiles:
            picture = _layout_svg(
                step.layout, lang, step.text, size=_PAGE_SIZE, highlight_last=step.last
            )
        if step.hands is not None:
            picture += render_hands(step.hands, lang)
        drawn.append((picture, html.escape(step.text, quote=False), None))
    return render_stepper(drawn, lang).replace(
        'class="domino-stepper"', 'class="domino-stepper domino-round"', 1
    )


def render_hands(hands: Sequence[Sequence[Any]], lang: str) -> str:
    """The players' hands as rows of tiles, seat by seat. The caption names every tile,
    so the pictures are hidden from assistive technology."""
    rows = "".join(
        f'<div class="domino-hand"><span class="domino-hand__seat">'
        f"{html.escape(_engine_text(lang, 'round.seat', seat=seat))}</span>"
        f'<span class="domino-hand__tiles">{"".join(_tile_svg(t) for t in hand)}</span></div>'
        for seat, hand in enumerate(hands)
    )
    return f'<div class="domino-hands" aria-hidden="true">{rows}</div>'


TRY_KEYS = ("plays", "hand", "caption", "preset")


def render_try(source: str, lang: str) -> str:
    """A ``try`` fence: a figure where the reader lays tiles from a small tray on the
    layout's open ends, checked by the engine in the browser.

    Fields: ``plays`` (the layout), ``hand`` (the reader's tiles), ``caption``, and
    optionally ``preset``. The tray and the open ends appear only once the page's script
    runs; without it the figure stays a still one.
    """
    fields = parse_fields(source, TRY_KEYS, ("plays", "hand", "caption"), "the try-it figure")
    preset = fields.get("preset", "block")
    caption = fields["caption"]
    figure = {"plays": fields["plays"], "caption": caption, "preset": preset}
    for message in caption_problems(figure):
        _problem(f"try-it figure {fields['plays']!r}: {message}")
    view = _try_view(preset, fields["plays"].split(), fields["hand"].split(), lang, caption)
    s = _engine_strings(lang)
    tiles = "".join(
        f'<button type="button" class="domino-tile" data-tile="{t["code"]}" '
        f'aria-pressed="false" aria-label="{html.escape(t["name"])}" '
        f'data-picked="{html.escape(_engine_text(lang, "try.picked", tile=t["name"]))}">'
        f"{t['svg']}</button>"
        for t in view["tiles"]
    )
    ends = "".join(
        f'<button type="button" class="domino-button domino-end" data-end="{e["end"]}">'
        f"{html.escape(e['label'])}</button>"
        for e in view["ends"]
    )
    texts = {
        key.replace(".", "-").replace("_", "-"): s[key]
        for key in ("try.loading", "try.failed", "try.pick_tile", "try.reset_done")
    }
    data = "".join(f' data-{k}="{html.escape(v)}"' for k, v in texts.items())
    return (
        f'<div class="domino-try" data-preset="{html.escape(preset)}" '
        f'data-plays="{html.escape(" ".join(view["plays"]))}" '
        f'data-hand="{html.escape(" ".join(view["hand"]))}"{data}>\n'
        + _figure(view["svg"], html.escape(caption, quote=False))
        + f'\n<div class="domino-try__controls" hidden>'
        f'<p class="domino-try__intro">{html.escape(s["try.intro"])}</p>'
        f'<div class="domino-try__tray" role="group" aria-label="{html.escape(s["try.tray"])}">'
        f"{tiles}</div>"
        f'<div class="domino-try__ends" role="group" aria-label="{html.escape(s["try.ends"])}">'
        f"{ends}</div>"
        f'<button type="button" class="domino-button domino-try__reset">'
        f"{html.escape(s['try.reset'])}</button>"
        '<p class="domino-try__status" role="status" aria-live="polite"></p></div>\n</div>'
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


def _fence(render: Callable[[str, str], str], what: str) -> Callable[..., str]:
    """A superfences formatter: ``render(source, lang)``, or, when the engine or the fence
    text is at fault, a build warning and an error box in the page."""

    def format(source: str, language: str, class_name: str, *args: Any, **kw: Any) -> str:
        try:
            return render(source, _page["lang"])
        except Exception as e:  # the engine's errors and bad fence text alike
            _problem(f"bad {what} ({e}):\n{source.strip()}")
            return _error_box(f"Bad {what}: {e}")

    return format


domino_fence = _fence(render_figure, "domino figure")
round_fence = _fence(render_round, "round")
try_fence = _fence(render_try, "try-it figure")


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
    {"name": "round", "class": "round", "format": round_fence},
    {"name": "try", "class": "try", "format": try_fence},
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
