"""The checks of the pages' numbers, figures and worked examples: pure functions of the
pages' text and the engine (a plain module, not a hook; no MkDocs state).

``hooks/domino.py`` runs :func:`check_pages` on every page before a build renders any,
and a fence's check (:func:`described_problems`) when it draws one the source check did
not read; ``hooks/lessons.py`` reads its tasks' tiles and arithmetic with
:func:`tile_refs` and :func:`arithmetic_problems`; ``hooks/numbers.py`` reads the
numbers themselves.

Which rule covers which number
------------------------------

Before a build renders a page, :func:`check_pages` reads every page of ``docs/`` in every
language and lists what is wrong; a fence the engine cannot render adds its own
problem. Every problem names its file, and its example id or figure.

1. **Worked examples** (``example``): the JSON must be an example of its kind, every
   field known and of the right type (``engine.features.examples.validate``: ``"pips": 5``,
   ``"totals": []`` or ``"raw": "12"`` are errors), and the engine must give its documented
   results (``engine.features.examples.check``). The prose must write every documented
   result number, and may write only numbers of the data or of the engine's arithmetic; a
   tile it names must be one of the data's (or, at a round's end, a tile whose pips are one
   of the hands'). Arithmetic in the prose (numbers joined by ``+ − × = →``) is read step by
   step: each ``=`` must hold, and each step must be one of the engine's
   (``engine.features.examples.example_steps``), operand by operand and in order, so
   ``7 + 8 − 7`` fails where the engine has ``7 + 8 − 3`` although 7 is in the data. The
   prose of a round's end must write every step of ``engine.core.scoring.breakdown``: the
   teams' sums of a blocked round in partnerships, the raw sum when it adds two numbers or
   more (``14 + 9 + 3 = 26``), the rounding (``26 → 25``) and the doubling
   (``10 × 2 = 20``).
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
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from engine.core.errors import DominoError
from engine.core.rules import PRESETS as _PRESETS
from engine.core.rules import Rules as _Rules
from engine.core.rules import round_to_five as _round_to_five
from engine.core.scoring import ScoreStep as _Step
from engine.core.tiles import Tile as _Tile
from engine.features import examples as _examples
from engine.features.examples import check as _engine_check
from engine.features.examples import evaluate as _engine_evaluate
from engine.features.examples import example_steps as _engine_steps
from engine.presentation.views.rounds import round_steps as _round_steps
from engine.presentation.views.tryit import try_view as _try_view
from hooks import kit
from hooks import numbers as _numbers

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

FENCE_NAMES = ("domino", "example", "round", "try", "rules-table")
"""The fences these checks read (``hooks/domino.py`` draws them)."""
FIGURE_KEYS = ("plays", "caption", "example", "preset")
TRY_KEYS = ("plays", "hand", "caption", "preset")
RULES_TABLE_KEYS = ("preset",)

# ---------------------------------------------------------------------------------------
# Worked examples: parsing and checking
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
    arithmetic (``steps``, :func:`engine.features.examples.example_steps`), every number of a
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


def parse_figure(source: str) -> list[dict[str, str]]:
    """The steps of a ``domino`` fence: each with plays, caption and optionally
    example (JSON) and preset. Steps are separated by lines ``---``; a preset given in
    the first step holds for every step."""
    steps: list[dict[str, str]] = []
    for block in re.split(r"^---[ \t]*$", source.strip(), flags=re.MULTILINE):
        what = f"step {len(steps) + 1} of the figure"
        fields = kit.fence_fields(block, FIGURE_KEYS, ("plays", "caption"), what)
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
    the engine's (:func:`engine.features.examples.example_steps`): the open ends' counts added, or a
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
# Rules tables, try-it figures and rounds: reading them
# ---------------------------------------------------------------------------------------


def parse_rules_table(source: str) -> list[str]:
    """The presets of a ``rules-table`` fence (``preset: block``, or several:
    ``preset: draw all-fives``)."""
    fields = kit.fence_fields(source, RULES_TABLE_KEYS, ("preset",), "the rules table")
    presets = fields["preset"].split()
    for name in presets:
        if name not in _PRESETS:
            raise ValueError(f"unknown preset {name!r} (presets: {', '.join(_PRESETS)})")
    if len(set(presets)) != len(presets):
        raise ValueError("a preset is given twice")
    return presets


def parse_try(source: str) -> dict[str, str]:
    """The fields of a ``try`` fence: ``plays``, ``hand``, ``caption`` and ``preset``
    (``block`` if not given)."""
    fields = kit.fence_fields(source, TRY_KEYS, ("plays", "hand", "caption"), "the try-it figure")
    fields.setdefault("preset", "block")
    return fields


def parse_round(source: str) -> Any:
    """The game record of a ``round`` fence (the format of ``python -m engine replay``)."""
    try:
        return json.loads(source)
    except json.JSONDecodeError as e:
        raise ValueError(f"the round is not valid JSON: {e}") from None


# ---------------------------------------------------------------------------------------
# Checking the sources: every page in every language
# ---------------------------------------------------------------------------------------


def describe(name: str, body: str) -> str:
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
            fields = parse_try(body)
            _try_view(fields["preset"], fields["plays"].split(), fields["hand"].split(), lang,
                      fields["caption"])  # fmt: skip
            return caption_problems(fields, hand=fields["hand"].split())
        if name == "round":
            _round_steps(parse_round(body), lang)
        elif name == "rules-table":
            parse_rules_table(body)
    except Exception as e:  # bad fence text and the engine's errors alike
        return [f"cannot be read: {e}"]
    return []


def described_problems(name: str, body: str, lang: str) -> list[str]:
    """:func:`fence_problems`, each naming the fence (:func:`describe`)."""
    return [f"{describe(name, body)}: {p}" for p in fence_problems(name, body, lang)]


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
    problems = [
        f"line {line}, {p}"
        for name, body, line in kit.page_fences(markdown)
        if name in FENCE_NAMES
        for p in described_problems(name, body, lang)
    ]
    return problems + prose_problems(markdown)


def check_pages(pages: dict[str, str]) -> list[str]:
    """Everything wrong with a set of pages (file name under docs/ → Markdown): each
    page on its own, then each page's translations against each other. Returns lines
    ``file: problem``."""
    problems = []
    groups: dict[str, dict[str, str]] = {}
    for path in sorted(pages):
        page, lang = kit.page_language(path)
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
    return check_pages(kit.read_docs(docs_dir))
