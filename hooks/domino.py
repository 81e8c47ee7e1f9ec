"""MkDocs build hook: the figures of the pages, drawn by the engine in each page's
language (still, in steps, whole rounds, try-it), its worked examples and its rules
tables; and, before any page is rendered, every page checked (``hooks/checks.py``).

Fences
------

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

A ``round`` fence holds a round's game record (the format of ``python -m engine replay``);
the engine tells it step by step, from the deal to the score's arithmetic, in the page's
language. A ``try`` fence (``plays``, ``hand``, ``caption``, ``preset``) is a figure where
the reader lays tiles from a small tray; the engine in the browser judges each move
(``engine.presentation.web.lay_on_figure``). A ``rules-table`` fence (``preset:`` one preset
or several, e.g. ``preset: draw all-fives``) is the deal and target table of those games,
per player count, written by the engine from the presets (``Rules.hand_size``,
``stock_size``, ``target``) with headers from its language tables: the translator edits
nothing in it.

A worked example is a fenced block of language ``example``: one line of JSON (the
inputs and the documented result, the same in every language), a line ``---``, then the
example told in the page's language::

    ```example
    {"id": "blocked-3-7-8", "kind": "round-end", "players": 3, "pips": [3, 7, 8], ...}
    ---
    Hands of 3, 7 and 8 pips: the holder of 3 scores 7 + 8 − 3 = 12.
    ```

Checks
------

Before a build renders a page, every page of ``docs/`` in every language is checked
(:func:`hooks.checks.check_pages`, whose docstring says which rule covers which number);
each problem goes to the build's one list (``hooks/kit.py``), which ends a strict build
with one error naming every file and example, at any verbosity. A fence the engine
cannot draw is a problem too and, without strict mode, an error box on the page.
"""

from __future__ import annotations

import html
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import markdown as _markdown
from mkdocs.config.defaults import MkDocsConfig

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # hooks.kit, engine

from engine.core.rules import Rules as _Rules
from engine.core.words import strings as _engine_strings
from engine.core.words import text as _engine_text
from engine.lang import reader_seat as _reader_seat
from engine.presentation.figures import LIST_SIZE as _LIST_SIZE
from engine.presentation.figures import PAGE_SIZE as _PAGE_SIZE
from engine.presentation.figures import figure_svg as _figure_svg
from engine.presentation.figures import layout_svg as _layout_svg
from engine.presentation.figures import tile_svg as _tile_svg
from engine.presentation.views.rounds import round_steps as _round_steps
from engine.presentation.views.tryit import try_view as _try_view
from hooks import checks, kit
from hooks.checks import parse_example, parse_figure, parse_round, parse_rules_table, parse_try

PLAYER_COUNTS = (2, 3, 4)
"""The rows of a rules table."""


# ---------------------------------------------------------------------------------------
# Drawing the fences
# ---------------------------------------------------------------------------------------


def _figure(svg: str, caption_html: str) -> str:
    return (
        f'<figure class="domino-figure">\n{svg}\n<figcaption>{caption_html}</figcaption>\n</figure>'
    )


def _example_attrs(spec: dict[str, Any] | None) -> str:
    if spec is None:
        return ""
    data = json.dumps(spec, ensure_ascii=False, separators=(", ", ": "))
    return f' data-example-id="{html.escape(spec["id"])}" data-example="{html.escape(data)}"'


def render_stepper(steps: Sequence[tuple[str, str, dict[str, Any] | None]], lang: str) -> str:
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
        svg = _figure_svg(
            step["plays"].split(),
            lang,
            step["caption"],
            preset=step["preset"],
            size=_PAGE_SIZE,
            highlight_last=len(steps) > 1,
        )
        spec = checks.step_spec(step) if "example" in step else None
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
    steps = _round_steps(parse_round(source), lang)
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
        f"{html.escape(_engine_text(lang, 'round.seat', seat=_reader_seat(seat)))}</span>"
        f'<span class="domino-hand__tiles">{"".join(_tile_svg(t, _LIST_SIZE) for t in hand)}'
        "</span></div>"
        for seat, hand in enumerate(hands)
    )
    return f'<div class="domino-hands" aria-hidden="true">{rows}</div>'


def render_try(source: str, lang: str) -> str:
    """A ``try`` fence: a figure where the reader lays tiles from a small tray on the
    layout's open ends, checked by the engine in the browser.

    Fields: ``plays`` (the layout), ``hand`` (the reader's tiles), ``caption``, and
    optionally ``preset``. The tray and the open ends appear only once the page's script
    runs; without it the figure stays a still one.
    """
    fields = parse_try(source)
    preset = fields["preset"]
    caption = fields["caption"]
    view = _try_view(preset, fields["plays"].split(), fields["hand"].split(), lang, caption)
    s = _engine_strings(lang)
    tiles = kit.tile_buttons(view["tiles"], lang)
    ends = kit.end_buttons(view["ends"])
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
        + kit.button("domino-try__reset", s["try.reset"])
        + '<p class="domino-try__status" role="status" aria-live="polite"></p></div>\n</div>'
    )


_prose_md = _markdown.Markdown(extensions=["attr_list"])


def render_worked_example(source: str, lang: str) -> str:
    """An ``example`` fence: its JSON line, a line ``---``, then its prose."""
    spec, prose = parse_example(source)
    return render_example(spec, prose, lang)


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


def rules_table_rows(preset: str) -> list[tuple[int, int, int, int]]:
    """``(players, tiles each, undealt, target)`` per player count, from the engine."""
    rules = _Rules.make(preset)
    return [(n, rules.hand_size(n), rules.stock_size(n), rules.target(n)) for n in PLAYER_COUNTS]


def render_rules_table(source: str, lang: str) -> str:
    """A ``rules-table`` fence: the deal and target of each preset, per player count,
    written by the engine in ``lang``. One preset gives one column each for the tiles
    dealt, the tiles left over (set aside, or the boneyard in games that draw) and the
    target; several presets get a column group each, under the game's name."""
    presets = parse_rules_table(source)
    s = _engine_strings(lang)

    def columns(preset: str) -> list[str]:
        undealt = "rules_table.boneyard" if _Rules.make(preset).draw else "rules_table.set_aside"
        return [s["rules_table.hand"], s[undealt], s["rules_table.target"]]

    th = '<th scope="col">{}</th>'.format
    if len(presets) == 1:
        head = "<tr>" + th(html.escape(s["rules_table.players"]))
        head += "".join(th(html.escape(c)) for c in columns(presets[0])) + "</tr>"
    else:
        head = (
            f'<tr><th scope="col" rowspan="2">{html.escape(s["rules_table.players"])}</th>'
            + "".join(
                f'<th scope="colgroup" colspan="3">{html.escape(s[f"game.{p}"])}</th>'
                for p in presets
            )
            + "</tr><tr>"
            + "".join(th(html.escape(c)) for p in presets for c in columns(p))
            + "</tr>"
        )
    tables = [rules_table_rows(p) for p in presets]
    body = ""
    for k, players in enumerate(PLAYER_COUNTS):
        cells = "".join(f"<td>{n}</td>" for rows in tables for n in rows[k][1:])
        body += f'<tr><th scope="row">{players}</th>{cells}</tr>'
    return (
        f'<table data-presets="{html.escape(" ".join(presets))}">'
        f"<thead>{head}</thead><tbody>{body}</tbody></table>"
    )


# ---------------------------------------------------------------------------------------
# The fences and the check
# ---------------------------------------------------------------------------------------


def _fence(name: str, what: str, render: Callable[[str, str], str]) -> None:
    kit.fence(
        name,
        what,
        lambda body, page: render(body, page.lang),
        check=lambda body, lang: checks.described_problems(name, body, lang),
    )


_fence("domino", "domino figure", render_figure)
_fence("example", "worked example", render_worked_example)
_fence("round", "round", render_round)
_fence("try", "try-it figure", render_try)
_fence("rules-table", "rules table", render_rules_table)


def on_pre_build(config: MkDocsConfig) -> None:
    """Check every page in every language before any is rendered (once per build)."""
    if kit.outer_build(config):
        for line in checks.check_pages(kit.docs()):
            kit.report(line)
