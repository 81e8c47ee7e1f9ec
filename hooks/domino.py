"""MkDocs build hook: engine-drawn figures (still, in steps, whole rounds, try-it),
engine-checked worked examples, engine-written rules tables, the numbers of every page
checked, and one search index per language.

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

A ``round`` fence holds a round's game record (the format of ``python -m engine
replay``); the engine tells it step by step, from the deal to the score's arithmetic, in
the page's language. A ``try`` fence (``plays``, ``hand``, ``caption``, ``preset``) is a
figure where the reader lays tiles from a small tray; the engine in the browser judges
each move (``engine.web.try_move``). A ``rules-table`` fence (``preset:`` one preset or
several, e.g. ``preset: draw all-fives``) is the deal and target table of those games,
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

Which rule covers which number
------------------------------

Before a build renders a page, :func:`check_docs` reads every page of ``docs/`` in every
language and lists what is wrong; a fence the engine cannot render adds its own
problem. Every problem names its file, and its example id or figure.

1. **Worked examples** (``example``): the JSON must be an example of its kind, every
   field known and of the right type (``engine.examples.validate``: ``"pips": 5``,
   ``"totals": []`` or ``"raw": "12"`` are errors), and the engine must give its
   documented results (``engine.examples.check``). The prose must write every
   documented result number, and may write only numbers of the data or of the
   engine's arithmetic; a tile it names must be one of the data's (or, at a round's
   end, a tile whose pips are one of the hands'). Arithmetic in the prose (numbers
   joined by ``+ − × = →``) is read step by step: each ``=`` must hold, and each step
   must be one of the engine's (``engine.examples.steps``), operand by operand and in
   order, so ``7 + 8 − 7`` fails where the engine has ``7 + 8 − 3`` although 7 is in
   the data. The prose of a round's end must write every step of
   ``engine.scoring.breakdown``: the teams' sums of a blocked round in partnerships,
   the raw sum when it adds two numbers or more (``14 + 9 + 3 = 26``), the rounding
   (``26 → 25``) and the doubling (``10 × 2 = 20``).
2. **Figures** (``domino``, ``try``): a caption may name only tiles of the figure (of
   its layout, or of a try-it figure's hand) and state only numbers of the figure: its
   open values and, in All Fives, what an end counts, the count and the score. Its
   arithmetic must be the engine's: the open ends' counts added (``3 + 2 = 5``) or a
   double end's halves (``5 + 5``). A step's ``example`` documents results (open
   values, counts, score) that the engine must give and the caption must state. A
   ``round`` is told by the engine from its record, numbers and all.
3. **Rules tables** (``rules-table``): every number in them comes from the presets.
4. **Every number, once more, across the languages** (``hooks.numbers``): the five
   translations of a page must state the same numbers: the multiset of the numbers of
   its prose (headings, paragraphs, lists, tables, boxes), captions and example prose
   is the same in every language. Numbers are compared by value: digits in the
   language's own notation (``1,5`` and ``1.5``, ``1 000`` and ``1,000``, ``20.`` and
   ``20th``), the words for three to twelve in their inflected forms (``seven``,
   ``sept``, ``siedmiu``, ``we troje``, ``zu dritt``, ``syv``; Polish ``jedynka`` for a
   half's 1), tiles as tiles (``double six`` is [6|6]).
   Every fence's data (example JSON, plays, hands, presets, records, rules tables) must
   be the same in every language, fence by fence. So a number changed in one language
   fails even where the engine cannot tell, as in a rule paragraph ("61 with three or
   four"); the problem names the language that differs from the others and the
   section and lines where it does.
5. **Prose arithmetic** outside examples must add up (an ``=`` holds, a ``→`` rounds
   to five).

Exempt, and why: a numbered list's markers (``1.``: the list's order, not a stated
number); a link's target and an HTML tag's attributes (addresses, not text); a
heading's ``{#anchor}``; the name of the double-six set (a name, like "Sixty-One" or
"All Fives"); and among words, those for one (``un``, ``ein``, ``en`` are also
articles, and "one of" is no count), those for two ("both", "either end", "les deux",
"obie", "beide", "begge" stand for one another as each language likes), ordinals
("second" is also a unit of time, Danish "anden" also means "other") and
"once"/"twice": too idiomatic to compare word for word. Written in digits, one and two
count like any number. Nothing else is exempt: a year or a section number written in
digits is compared across the languages like any number, so it must be the same in
all five.

Failing the build
-----------------

With ``--strict`` (which ``mkdocs.yml`` sets) the build ends with one
``PluginError`` that lists every problem: an error, not a warning, so ``-q`` (which
hides warnings, and with them strict mode's count) cannot let a wrong page through.
Without strict mode each problem is a warning, and a fence that cannot be rendered is
an error box on the page.

Search
------

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
from typing import Any, ClassVar

import markdown as _markdown
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority, get_plugin_logger

# The engine lives at the repository root. MkDocs restores sys.path once a hook module
# is loaded, so the engine is imported now, not when a page is rendered.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import examples as _examples  # noqa: E402
from engine.errors import DominoError  # noqa: E402
from engine.examples import check as _engine_check  # noqa: E402
from engine.examples import evaluate as _engine_evaluate  # noqa: E402
from engine.examples import steps as _engine_steps  # noqa: E402
from engine.figures import LIST_SIZE as _LIST_SIZE  # noqa: E402
from engine.figures import PAGE_SIZE as _PAGE_SIZE  # noqa: E402
from engine.figures import figure_svg as _figure_svg  # noqa: E402
from engine.figures import layout_svg as _layout_svg  # noqa: E402
from engine.figures import tile_svg as _tile_svg  # noqa: E402
from engine.lang import LANGUAGES as _LANGUAGES  # noqa: E402
from engine.lang import reader_seat as _reader_seat  # noqa: E402
from engine.rules import PRESETS as _PRESETS  # noqa: E402
from engine.rules import Rules as _Rules  # noqa: E402
from engine.rules import round_to_five as _round_to_five  # noqa: E402
from engine.scoring import Step as _Step  # noqa: E402
from engine.tiles import Tile as _Tile  # noqa: E402
from engine.views.rounds import round_steps as _round_steps  # noqa: E402
from engine.views.tryit import try_view as _try_view  # noqa: E402
from engine.words import strings as _engine_strings  # noqa: E402
from engine.words import text as _engine_text  # noqa: E402
from hooks import numbers as _numbers  # noqa: E402

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
_TILE_REF = re.compile(r"\[\s*([0-6])\s*\|\s*([0-6])\s*\]")

# The page being rendered: custom fence formatters get no page, so on_page_markdown
# records it here (MkDocs renders one page at a time).
_page: dict[str, str] = {"lang": DEFAULT_LANG, "src": "?"}


# ---------------------------------------------------------------------------------------
# Problems: collected over the whole build, reported at its end
# ---------------------------------------------------------------------------------------


class _Build:
    """What the build found wrong so far (every language's build adds to it)."""

    strict: ClassVar[bool] = True
    problems: ClassVar[list[str]] = []
    told: ClassVar[bool] = False
    checked: ClassVar[set[tuple[str, str]]] = set()
    """The fences the source check read, as ``(name, body)``: a fence rendered that it
    did not read (written in a way it does not recognise) is checked when rendered."""

    @classmethod
    def reset(cls, strict: bool) -> None:
        cls.strict = strict
        cls.problems = []
        cls.told = False
        cls.checked = set()

    @classmethod
    def report(cls, line: str) -> None:
        """One problem, ``file: what is wrong``: a warning at once without strict mode;
        in strict mode, part of the error that ends the build."""
        if line in cls.problems:
            return
        cls.problems.append(line)
        if not cls.strict:
            log.warning(line)

    @classmethod
    def summary(cls) -> str:
        count = len(cls.problems)
        return (
            f"{count} problem{'s' if count != 1 else ''} in the pages' numbers, figures "
            "and worked examples (hooks/domino.py):\n  " + "\n  ".join(cls.problems)
        )


def _problem(message: str) -> None:
    _Build.report(f"{_page['src']}: {message}")


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
    """Every number written in digits in the prose, tiles left out ([6|6] names a tile:
    see :func:`tile_refs`)."""
    return [int(n) for n in _NUMBER.findall(_TILE_REF.sub(" ", text))]


def tile_refs(text: str) -> list[str]:
    """The tiles a text names, as ``"a-b"`` (low half first)."""
    return [
        "-".join(map(str, sorted((int(m.group(1)), int(m.group(2))))))
        for m in _TILE_REF.finditer(text)
    ]


def _step_numbers(steps: Iterable[_Step]) -> set[int]:
    return {abs(n) for s in steps for n in (*s.operands, s.result)}


def number_problems(
    spec: dict[str, Any], prose: str, steps: Sequence[_Step] | None = None
) -> list[str]:
    """Where the prose and the data of an example disagree about numbers.

    Every number of the prose must be a number of the data or of the engine's
    arithmetic (``steps``, :func:`engine.examples.steps`), every number of a
    documented result (RESULT_NUMBER_FIELDS) must be written in the prose, and a tile
    the prose names must be one of the data's, or one whose pips are a hand's.
    """
    ident = spec.get("id", "?")
    if steps is None:
        steps = _engine_steps(spec)
    allowed = set(data_numbers(spec)) | _step_numbers(steps)
    in_prose = prose_numbers(prose)
    problems = [
        f"{ident}: the prose says {n}, which is not in the example's data"
        for n in dict.fromkeys(in_prose)
        if n not in allowed
    ]
    tiles = {
        "-".join(map(str, sorted(map(int, _NUMBER.findall(v)))))
        for k, v in _strings_in(spec)
        if k in ("tile", "plays")
    }
    pips = set(spec.get("pips") or []) if isinstance(spec.get("pips"), list) else set()
    for tile in dict.fromkeys(tile_refs(prose)):
        if tile not in tiles and _Tile.parse(tile).pips not in pips:
            problems.append(f"{ident}: the prose names [{tile.replace('-', '|')}], "
                            "which is not a tile of the example")  # fmt: skip
    for field in RESULT_NUMBER_FIELDS:
        if field in spec:
            for n in dict.fromkeys(data_numbers(spec[field])):
                if n not in in_prose:
                    problems.append(
                        f"{ident}: the result {field} = {n} is not written in the prose"
                    )
    return problems


def _strings_in(spec: dict[str, Any]) -> list[tuple[str, str]]:
    out = []
    for k, v in spec.items():
        for item in v if isinstance(v, list) else [v]:
            if isinstance(item, str):
                out.append((k, item.partition("@")[0]))
    return out


def arithmetic_problems(
    ident: str, prose: str, steps: Sequence[_Step], every_step: bool
) -> list[str]:
    """Where the arithmetic written in ``prose`` differs from the engine's ``steps``.

    Each step written must add up and be one of the engine's, operand by operand, in
    order (a result may be left out: ``5 + 5``). With ``every_step``, each of the
    engine's steps must also be written, result included.
    """
    problems: list[str] = []
    written: list[_numbers.Written] = []
    for chain in _numbers.chains(prose):
        try:
            written.extend(_numbers.chain_steps(chain))
        except _numbers.ArithmeticError_ as e:
            problems.append(f"{ident}: {e}")
    engine = ", ".join(s.notation() for s in steps) or "none"
    for w in written:
        if not any(_matches(w, s) for s in steps):
            problems.append(
                f"{ident}: the prose works out {w.text!r}, which is not the engine's "
                f"arithmetic ({engine})"
            )
    if every_step:
        for s in steps:
            if not any(_matches(w, s) and w.result is not None for w in written):
                problems.append(
                    f"{ident}: the prose does not show the step {s.notation()} "
                    f"(the engine's arithmetic: {engine})"
                )
    return problems


def _matches(w: _numbers.Written, s: _Step) -> bool:
    kind = "sum" if s.kind == "side" else s.kind
    return (
        w.kind == kind and w.operands == s.operands and (w.result is None or w.result == s.result)
    )


def example_problems(spec: dict[str, Any], prose: str) -> list[str]:
    """Everything wrong with a worked example: a malformed spec, the engine's
    disagreements with its documented result, the prose/data number mismatches and
    the prose's arithmetic against the engine's."""
    problems = list(_engine_check(spec))
    try:
        steps = _engine_steps(spec)
    except DominoError:  # a spec the engine rejects: check() has said why
        return problems
    # The prose counts seats from 1, as readers do; the data from 0, as records do.
    problems += number_problems(_examples.as_read(spec), prose, steps)
    problems += arithmetic_problems(
        spec.get("id", "?"), prose, steps, every_step=spec.get("kind") == "round-end"
    )
    return problems


# ---------------------------------------------------------------------------------------
# Figures: parsing and checking
# ---------------------------------------------------------------------------------------


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


def caption_problems(step: dict[str, str], hand: Sequence[str] = ()) -> list[str]:
    """Where a step's caption disagrees with the figure the engine draws.

    The caption may name only tiles of the layout (or of ``hand``, a try-it figure's
    tray) and state only numbers of the figure: its open values and, where plays score
    (All Fives), what an end counts, the count and the score. Its arithmetic must be
    the engine's (:func:`engine.examples.steps`): the open ends' counts added, or a
    double end's halves. With an ``example``, the engine must give its documented
    results and the caption must state them.
    """
    spec = step_spec(step)
    caption = step["caption"]
    ident = spec["id"]
    problems = []
    if "example" in step:
        problems += _engine_check(spec)
    results = _engine_evaluate(spec)
    facts = set(results["open"])
    if _Rules.make(step["preset"]).fives:  # counts and scores in play are All Fives'
        facts |= set(results["end_counts"]) | {results["count"], results["score"]}
    steps = _engine_steps(spec)
    facts |= _step_numbers(steps)
    problems += [
        f"the caption {caption!r} says {n}, which is not a number of the figure "
        f"(open values {results['open']}"
        + (f", count {results['count']}" if _Rules.make(step["preset"]).fives else "")
        + ")"
        for n in dict.fromkeys(prose_numbers(caption))
        if n not in facts
    ]
    on_figure = {
        "-".join(map(str, sorted(map(int, _NUMBER.findall(p.partition("@")[0])))))
        for p in [*spec["plays"], *hand]
    }
    problems += [
        f"the caption {caption!r} names [{t.replace('-', '|')}], which is not on the figure"
        for t in dict.fromkeys(tile_refs(caption))
        if t not in on_figure
    ]
    if "example" in step:
        problems += number_problems(spec, caption, steps)
    problems += arithmetic_problems(ident, caption, steps, every_step=False)
    return list(dict.fromkeys(problems))


# ---------------------------------------------------------------------------------------
# Rules tables
# ---------------------------------------------------------------------------------------

RULES_TABLE_KEYS = ("preset",)
PLAYER_COUNTS = (2, 3, 4)


def parse_rules_table(source: str) -> list[str]:
    """The presets of a ``rules-table`` fence (``preset: block``, or several:
    ``preset: draw all-fives``)."""
    fields = parse_fields(source, RULES_TABLE_KEYS, ("preset",), "the rules table")
    presets = fields["preset"].split()
    for name in presets:
        if name not in _PRESETS:
            raise ValueError(f"unknown preset {name!r} (presets: {', '.join(_PRESETS)})")
    if len(set(presets)) != len(presets):
        raise ValueError("a preset is given twice")
    return presets


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
# Checking the sources: every page in every language
# ---------------------------------------------------------------------------------------

_FENCE_START = re.compile(r"^([ \t]*)```([\w-]+)[ \t]*$")


def page_fences(markdown: str) -> list[tuple[str, str, int]]:
    """The fences of a page: ``(name, body, line of the opening)``, those indented in a
    box too."""
    out = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE_START.match(lines[i])
        if m:  # (a fence in a box is indented: its body loses the indent)
            indent = len(m.group(1))
            start, body = i, []
            i += 1
            while i < len(lines) and lines[i].strip() != "```":
                body.append(lines[i][indent:] if lines[i][:indent].isspace() else lines[i])
                i += 1
            out.append((m.group(2), "\n".join(body), start + 1))
        i += 1
    return out


def _describe(name: str, body: str) -> str:
    """How a problem names a fence: its example id, or its plays."""
    m = re.search(r'"id":\s*"([^"]+)"', body)
    if name == "example" and m:
        return f"worked example {m.group(1)}"
    plays = re.search(r"^plays:(.*)$", body, re.M)
    if plays:
        return f"{name} figure {plays.group(1).strip()!r}"
    return f"{name} fence"


def fence_problems(name: str, body: str, lang: str) -> list[str]:
    """What is wrong with one fence of a page in ``lang``."""
    try:
        if name == "example":
            spec, prose = parse_example(body)
            # The problem already names the example: its id need not come twice.
            prefix = f"{spec['id']}: "
            return [p.removeprefix(prefix) for p in example_problems(spec, prose)]
        if name == "domino":
            found = []
            for step in parse_figure(body):
                found += [f"step {step['plays']!r}: {p}" for p in caption_problems(step)]
            return found
        if name == "try":
            fields = parse_fields(body, TRY_KEYS, ("plays", "hand", "caption"), "the try-it figure")
            fields.setdefault("preset", "block")
            _try_view(fields["preset"], fields["plays"].split(), fields["hand"].split(), lang,
                      fields["caption"])  # fmt: skip
            return caption_problems(fields, hand=fields["hand"].split())
        if name == "round":
            render_round(body, lang)
        elif name == "rules-table":
            parse_rules_table(body)
    except Exception as e:  # bad fence text and the engine's errors alike
        return [f"cannot be read: {e}"]
    return []


def prose_problems(markdown: str) -> list[str]:
    """Arithmetic in the prose (outside fences) that does not add up, or a ``→`` that
    is not a rounding to five."""
    problems = []
    for section in _numbers.page_parts(markdown):
        for text in section.texts:
            if text.where != "prose":
                continue
            for chain in _numbers.chains(text.text):
                try:
                    steps = _numbers.chain_steps(chain)
                except _numbers.ArithmeticError_ as e:
                    problems.append(f"line {text.line}: {e}")
                    continue
                for w in steps:
                    if w.kind == "round" and w.result != _round_to_five(w.operands[0]):
                        problems.append(
                            f"line {text.line}: {w.text!r}: {w.operands[0]} rounds to "
                            f"{_round_to_five(w.operands[0])}, not {w.result}"
                        )
    return problems


def page_problems(markdown: str, lang: str) -> list[str]:
    """Everything wrong with one page in one language, fence by fence."""
    problems = []
    for name, body, line in page_fences(markdown):
        if name not in FENCE_NAMES:
            continue
        _Build.checked.add((name, body.strip()))
        for p in fence_problems(name, body, lang):
            problems.append(f"line {line}, {_describe(name, body)}: {p}")
    return problems + prose_problems(markdown)


def page_language(path: str) -> tuple[str, str]:
    """``("block", "fr")`` for ``block.fr.md``; ``("block", "en")`` for ``block.md``."""
    stem = path[: -len(".md")]
    base, _, suffix = stem.rpartition(".")
    if base and suffix in _LANGUAGES:
        return base, suffix
    return stem, DEFAULT_LANG


def check_pages(pages: dict[str, str]) -> list[str]:
    """Everything wrong with a set of pages (file name under docs/ → Markdown): each
    page on its own, then each page's translations against each other. Returns lines
    ``file: problem``."""
    problems = []
    groups: dict[str, dict[str, str]] = {}
    for path in sorted(pages):
        page, lang = page_language(path)
        groups.setdefault(page, {})[lang] = path
        problems += [f"{path}: {p}" for p in page_problems(pages[path], lang)]
    for paths in groups.values():
        if len(paths) < 2:
            continue
        texts = {lang: pages[path] for lang, path in paths.items()}
        problems += [f"{f}: {m}" for f, m in _numbers.language_problems(texts, paths)]
    return problems


def check_docs(docs_dir: str | Path) -> list[str]:
    """:func:`check_pages` for every Markdown page of ``docs_dir``."""
    root = Path(docs_dir)
    pages = {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*.md"))
    }
    return check_pages(pages)


# ---------------------------------------------------------------------------------------
# Fence formatters
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
        f"{html.escape(_engine_text(lang, 'round.seat', seat=_reader_seat(seat)))}</span>"
        f'<span class="domino-hand__tiles">{"".join(_tile_svg(t, _LIST_SIZE) for t in hand)}'
        "</span></div>"
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


def _unchecked(name: str, source: str) -> None:
    """Check a fence now if the source check did not read it."""
    if (name, source.strip()) in _Build.checked:
        return
    _Build.checked.add((name, source.strip()))
    for p in fence_problems(name, source, _page["lang"]):
        _problem(f"{_describe(name, source)}: {p}")


def _fence(render: Callable[[str, str], str], what: str) -> Callable[..., str]:
    """A superfences formatter: ``render(source, lang)``, or, when the engine or the fence
    text is at fault, a build problem and an error box in the page."""

    def format(source: str, language: str, class_name: str, *args: Any, **kw: Any) -> str:
        _unchecked(language, source)
        try:
            return render(source, _page["lang"])
        except Exception as e:  # the engine's errors and bad fence text alike
            _problem(f"bad {what} ({e}):\n{source.strip()}")
            return _error_box(f"Bad {what}: {e}")

    return format


domino_fence = _fence(render_figure, "domino figure")
round_fence = _fence(render_round, "round")
try_fence = _fence(render_try, "try-it figure")
rules_table_fence = _fence(render_rules_table, "rules table")


def example_fence(
    source: str, language: str, class_name: str, options: Any, md: Any, **kw: Any
) -> str:
    _unchecked("example", source)
    try:
        spec, prose = parse_example(source)
        return render_example(spec, prose, _page["lang"])
    except Exception as e:  # a box that cannot be read at all
        _problem(f"bad worked example ({e}):\n{source.strip()}")
        return _error_box(f"Bad worked example: {e}")


CUSTOM_FENCES = [
    {"name": "domino", "class": "domino", "format": domino_fence},
    {"name": "example", "class": "example", "format": example_fence},
    {"name": "round", "class": "round", "format": round_fence},
    {"name": "try", "class": "try", "format": try_fence},
    {"name": "rules-table", "class": "rules-table", "format": rules_table_fence},
]
FENCE_NAMES = tuple(f["name"] for f in CUSTOM_FENCES)


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


def _outer_build(config: Any) -> bool:
    """Whether this is the outer build (static-i18n builds the other languages inside
    the default language's ``on_post_build``), or a build without static-i18n."""
    i18n = _i18n(config)
    return i18n is None or not i18n.building


def on_pre_build(config: Any) -> None:
    """Check every page in every language before any is rendered (once per build)."""
    if not _outer_build(config):
        return
    _Build.reset(bool(config.strict))
    for line in check_docs(config.docs_dir):
        _Build.report(line)


def on_build_error(error: Exception) -> None:
    """A build stopped by something else still shows what this hook found."""
    if _Build.problems and _Build.strict and not _Build.told:
        _Build.told = True
        log.error(_Build.summary())


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
    if not _outer_build(config):
        return  # not the end of the outer build yet
    if _Build.problems and _Build.strict:
        # An error, not warnings: `mkdocs build --strict -q` hides warnings, and so
        # never counts them.
        _Build.told = True
        raise PluginError(_Build.summary())
    i18n = _i18n(config)
    if i18n is None or _search(config) is None:
        return
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
