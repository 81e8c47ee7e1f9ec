"""Every number on every page is checked, and a wrong one fails the quiet strict build.

The checks (``hooks/checks.py``, whose docstring says which rule covers which number)
read the sources of every page in every language before the build renders any
(``check_docs``; ``hooks/domino.py`` runs them), and the build's one list of problems
(``hooks/kit.py``) ends a strict build with one error listing every one. Here:

- the parts: numbers read in each language's notation and words, arithmetic read step
  by step and compared with the engine's, operand by operand;
- the pages as they are pass;
- one number changed, in prose, in a table, in a caption and in a worked example, in
  each language, is caught: by the checking functions on three pages, and end to end
  by ``mkdocs build --strict -q`` (which hides warnings) on a small site of the Block
  page, built for English and the changed language only (the checks read every
  language's source whatever is built; about 2 s a build, run two at a time).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from small_site import quiet_strict_build, run_all, small_site  # noqa: E402

from engine.lang import LANGUAGES  # noqa: E402
from hooks import checks as hook  # noqa: E402  (the checks hooks/domino.py runs)
from hooks import kit, numbers  # noqa: E402

DOCS = ROOT / "docs"


def file_name(page: str, lang: str) -> str:
    return f"{page}.md" if lang == "en" else f"{page}.{lang}.md"


def sources(page: str) -> dict[str, str]:
    """The five translations of a page: file name → Markdown."""
    return {
        file_name(page, lang): (DOCS / file_name(page, lang)).read_text("utf-8")
        for lang in LANGUAGES
    }


# ---------------------------------------------------------------------------------------
# Reading numbers
# ---------------------------------------------------------------------------------------


def values(text: str, lang: str) -> list[object]:
    return [f.token for f in numbers.tokens(text, lang)]


def test_numbers_are_read_by_value_in_each_languages_notation() -> None:
    assert values("1.5 points, 1,000 tiles, the 20th round", "en") == [Fraction(3, 2), 1000, 20]
    assert values("1,5 point, 1\u202f000 dominos, la 20e manche", "fr") == [
        Fraction(3, 2),
        1000,
        20,
    ]
    assert values("1,5 Punkte, 1.000 Steine, die 20. Runde", "de") == [Fraction(3, 2), 1000, 20]
    assert values("1,5 point, 1.000 brikker", "da") == [Fraction(3, 2), 1000]
    # A list is not a decimal: "3, 7 and 8" are three numbers.
    assert values("hands of 3, 7 and 8", "en") == [3, 7, 8]


def test_numbers_written_as_words_count_by_value() -> None:
    assert values("With two players each takes seven tiles; with three or four, five.", "en") == [
        7, 3, 4, 5,
    ]  # fmt: skip
    assert values("we troje lub we czworo, po siedem klocków, do jedynki", "pl") == [3, 4, 7, 1]
    assert values("zu dritt und zu viert, keine Fünferwertung", "de") == [3, 4, 5]
    assert values("med tre eller fire spillere, syv brikker", "da") == [3, 4, 7]
    # Words for one and two are too idiomatic to compare (articles, "both", "les deux").
    assert values("one of the two ends; both ends; un domino; les deux; beide Enden", "en") == []


def test_tiles_and_the_names_of_the_set() -> None:
    assert values("[6|4] and [4|6]", "en") == ["[4|6]", "[4|6]"]
    # The double-six set is a name; "double six" alone is the tile [6|6].
    assert values("a double-six set; Double six, [6|6], is worth 12.", "en") == [
        "[6|6]", "[6|6]", 12,
    ]  # fmt: skip
    assert values("un jeu double-six ; le double six compte 12", "fr") == ["[6|6]", 12]
    assert values("Doppelsechs-Satz; Doppel-Sechs, also [6|6]", "de") == ["[6|6]", "[6|6]"]
    assert values("komplet z\n  dublem sześć; dubel sześć", "pl") == ["[6|6]"]


def test_what_is_not_a_stated_number() -> None:
    page = (
        '# T\n\n1. See [the rules](block.md#2-players).\n2. <span data-x="5">Go</span>.\n'
        "\n## Heading {#part-3}\n"
    )
    texts = [t.text for s in numbers.page_parts(page) for t in s.texts]
    assert [v for t in texts for v in values(t, "en")] == []


# ---------------------------------------------------------------------------------------
# Arithmetic, step by step
# ---------------------------------------------------------------------------------------


def steps_of(text: str) -> list[tuple[str, tuple[int, ...], int | None]]:
    return [
        (w.kind, w.operands, w.result)
        for chain in numbers.chains(text)
        for w in numbers.chain_steps(chain)
    ]


def test_arithmetic_is_read_step_by_step() -> None:
    assert steps_of("scores 7 + 8 − 3 = 12 points") == [("sum", (7, 8, -3), 12)]
    assert steps_of("9 + 9 = 18 → 20") == [("sum", (9, 9), 18), ("round", (18,), 20)]
    assert steps_of("first 12 → 10, × 2 = 20") == [("round", (12,), 10), ("double", (10, 2), 20)]
    assert steps_of("[6|6] is worth 6 + 6 = 12") == [("sum", (6, 6), 12)]
    assert steps_of("its free side 5 + 5, so the total is 10") == [("sum", (5, 5), None)]
    assert steps_of("hands of 3, 7 and 8; tile 1-4") == []
    with pytest.raises(numbers.ArithmeticError_, match="does not add up"):
        steps_of("7 + 8 − 7 = 12")


ROUND_END = {"id": "blocked-3-7-8", "kind": "round-end", "preset": "block", "players": 3,
             "pips": [3, 7, 8], "went_out": None, "winner": 0, "points": 12}  # fmt: skip


def test_the_prose_arithmetic_is_the_engines_operand_by_operand() -> None:
    prose = "Hands of 3, 7 and 8: the holder of 3 scores {} = 12 points."
    assert hook.example_problems(ROUND_END, prose.format("7 + 8 − 3")) == []
    # 7 is in the data, but not the engine's operand: the step is not the engine's.
    wrong = hook.example_problems(ROUND_END, prose.format("7 + 8 − 7"))
    assert any("does not add up" in p for p in wrong), wrong
    swapped = hook.example_problems(ROUND_END, prose.format("8 + 7 − 3"))
    assert any("'8 + 7 − 3 = 12', which is not the engine's" in p for p in swapped), swapped


def test_a_rounds_end_shows_every_step_of_the_breakdown() -> None:
    spec = {"id": "dk-rounding", "kind": "round-end", "preset": "block-dk",
            "options": {"rounding": True}, "players": 4, "pips": [0, 14, 9, 3],
            "went_out": 0, "winner": 0, "points": 25}  # fmt: skip
    hidden = hook.example_problems(spec, "Hands of 14, 9 and 3 pips: you score 25.")
    assert any("does not show the step 14 + 9 + 3 = 26" in p for p in hidden), hidden
    assert any("does not show the step 26 → 25" in p for p in hidden), hidden
    shown = "Hands of 14, 9 and 3 pips: you score 14 + 9 + 3 = 26 → 25."
    assert hook.example_problems(spec, shown) == []
    teams = {"id": "dk-partnerships", "kind": "round-end", "preset": "block-dk",
             "options": {"partnerships": True}, "players": 4, "pips": [3, 10, 4, 2],
             "went_out": None, "winner": 0, "points": 12}  # fmt: skip
    hidden = hook.example_problems(teams, "One team holds 3 and 4, the other 10 + 2 = 12.")
    assert any("does not show the step 3 + 4 = 7" in p for p in hidden), hidden


def test_a_caption_states_only_what_its_figure_shows() -> None:
    def problems(plays: str, caption: str, preset: str = "block") -> list[str]:
        return hook.caption_problems({"plays": plays, "caption": caption, "preset": preset})

    assert problems("1-4 1-1@left", "Lay [1|1] on the 1 end; the free values are 1 and 4.") == []
    assert problems("1-4 1-1@left", "Lay [1|1] on the 1 end; the free values are 1 and 3.")
    assert problems("1-4 1-1@left", "Lay [1|2] on the 1 end.")  # not a tile of the figure
    spinner = "5-5 3-5@left 2-5@right"
    assert problems(spinner, "The total is 3 + 2 = 5, which scores 5.", "all-fives") == []
    assert problems(spinner, "The total is 3 + 2 = 5, which scores 10.", "all-fives")
    assert problems(spinner, "The total is 2 + 3 = 5.", "all-fives")  # not the ends' order


# ---------------------------------------------------------------------------------------
# The pages as they are, and a number changed in one language
# ---------------------------------------------------------------------------------------


def test_every_page_passes_every_check() -> None:
    assert hook.check_docs(DOCS) == []


TABLE = "| Players | Tiles |\n|---|---|\n| 2 | 7 |\n| 3 | 5 |\n"


def with_table(text: str) -> str:
    """The page with a hand-written table after its first paragraph of prose (the same
    in every language, as a translator would copy it)."""
    return re.sub(
        r"^(## [^\n]*\n\n[^\n]+(?:\n[^\n]+)*\n)", rf"\1\n{TABLE}", text, count=1, flags=re.M
    )


def _bump(text: str, start: int, end: int) -> str:
    """``text`` with the first number in digits between start and end (not inside a
    tile) raised by one."""
    for m in re.finditer(r"\[\d\|\d\]|\d+", text[start:end]):
        if m.group().startswith("["):
            continue
        a, b = start + m.start(), start + m.end()
        return text[:a] + str(int(m.group()) + 1) + text[b:]
    raise AssertionError("no number to change")


def change(text: str, where: str) -> str:
    """``text`` with one number changed by one: in a paragraph of prose, in the
    hand-written table, in a figure's caption, or in a worked example's prose."""
    if where == "table":
        at = text.index(TABLE) + TABLE.index("| 3 |")
        return _bump(text, at + 4, at + len("| 3 | 5 |"))
    if where == "caption":
        m = re.search(r"^caption: .*\d.*$", text, re.M)
        assert m
        return _bump(text, m.start() + len("caption: "), m.end())
    if where == "example":
        m = re.search(
            r'^```example\n\{[^\n]*"(?:points|value|rounded)"[^\n]*\n---\n(.*?)^```',
            text,
            re.M | re.S,
        )
        assert m
        return _bump(text, m.start(1), m.end(1))
    # Prose: the first paragraph (not a heading, list item, table or fence) with a number.
    fence = False
    offset = 0
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            fence = not fence
        elif (
            not fence
            and re.search(r"\d", re.sub(r"\[\d\|\d\]|\]\([^)]*\)", "", line))
            and not re.match(r"\s*(#|-|\d+\.|\|)", line)
        ):
            return _bump(text, offset, offset + len(line))
        offset += len(line)
    raise AssertionError("no prose with a number")


PLACES = ("prose", "table", "caption", "example")


@pytest.mark.parametrize("page", ["block", "house-rules", "draw-and-all-fives"])
def test_a_number_changed_anywhere_in_one_language_is_caught(page: str) -> None:
    pages = {name: with_table(text) for name, text in sources(page).items()}
    assert hook.check_pages(pages) == []  # the table, the same in every language, passes
    for lang in LANGUAGES:
        name = file_name(page, lang)
        for where in PLACES:
            if where == "caption" and "caption: " not in pages[name]:
                continue
            changed = {**pages, name: change(pages[name], where)}
            assert changed[name] != pages[name]
            problems = hook.check_pages(changed)
            assert any(p.startswith(f"{name}: ") for p in problems), (
                f"a number changed in the {where} of {name} went unnoticed"
            )


def test_a_malformed_example_is_a_problem_that_names_the_file_and_the_example() -> None:
    pages = sources("block")
    name = file_name("block", "fr")
    spec = re.search(r'\{"id": "domino-5-5"[^\n]*\}', pages[name])
    assert spec
    for bad, says in (
        (spec.group().replace('"pips": [0, 5, 5]', '"pips": 5'), "pips must be a list"),
        (spec.group().replace('"points": 10', '"points": "10"'), "points must be"),
        (spec.group().replace('"players": 3', '"player": 3'), "has no field player"),
    ):
        problems = hook.check_pages({**pages, name: pages[name].replace(spec.group(), bad)})
        mine = [
            p for p in problems if p.startswith(f"{name}: ") and "worked example domino-5-5" in p
        ]
        assert any(says in p for p in mine), problems


# ---------------------------------------------------------------------------------------
# End to end: the quiet strict build fails
# ---------------------------------------------------------------------------------------


@pytest.mark.site
def test_the_quiet_strict_build_fails_on_each_changed_number(tmp_path: Path) -> None:
    """For each language, a number changed in prose, in a table, in a caption and in an
    example: ``mkdocs build --strict -q`` exits non-zero and names the file (-q hides
    warnings, so this holds only because the hook ends the build with an error). The
    unchanged site, and the same with a hand-written table in every language, build."""
    pages = {name: with_table(text) for name, text in sources("block").items()}
    cases: list[tuple[str, str, dict[str, str]]] = [
        ("clean", "en", sources("block")),
        ("table", "da", pages),
    ]
    for lang in LANGUAGES:
        name = file_name("block", lang)
        for where in PLACES:
            cases.append((where, lang, {**pages, name: change(pages[name], where)}))

    def job(
        k: int, lang: str, case_pages: dict[str, str]
    ) -> Callable[[], subprocess.CompletedProcess[str]]:
        config = small_site(tmp_path / f"site{k}", case_pages, build=("en", lang))
        return lambda: quiet_strict_build(config)

    results = run_all([job(k, lang, p) for k, (_, lang, p) in enumerate(cases)])
    for (where, lang, _), proc in zip(cases[:2], results[:2], strict=True):
        assert proc.returncode == 0, f"{where} {lang}:\n{proc.stdout}{proc.stderr}"
    for (where, lang, _), proc in zip(cases[2:], results[2:], strict=True):
        out = proc.stdout + proc.stderr
        assert proc.returncode != 0, f"a number changed in the {where} of {lang} built"
        assert f"  {file_name('block', lang)}: " in out, out
        assert "problem" in out and "Aborted with a BuildError" in out, out


def test_a_fence_in_a_box_is_checked_too() -> None:
    page = (
        "# T\n\n!!! note\n    ```example\n"
        '    {"id": "tile-values", "kind": "tile-value", "tile": "6-6", "value": 13}\n'
        "    ---\n    [6|6] is worth 13.\n    ```\n"
    )
    problems = hook.page_problems(page, "en")
    assert any("tile-values" in p and "value is documented as 13" in p for p in problems)


def test_a_fence_the_source_check_did_not_read_is_checked_when_rendered() -> None:
    from hooks import domino  # noqa: F401  (registers its fences)

    kit.start(strict=True, pages={})
    kit.set_page(kit.Page(lang="en", src="odd.md"))
    bad = '{"id": "tile-values", "kind": "tile-value", "tile": "6-6", "value": 13}\n---\n12.'
    kit.FENCES["example"].format(bad, "example", "example", None, None)
    assert any(p.startswith("odd.md: worked example tile-values: ") for p in kit.problems())
