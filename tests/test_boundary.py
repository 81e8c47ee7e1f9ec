"""engine.core.boundary, the way in: JSON text is bounded before it is read, each refusal
names what was read, and no other module of the engine reads a reader's JSON or checks a
whole number its own way."""

from __future__ import annotations

import re

import pytest
from engine_helpers import ROOT

from engine import DominoError
from engine.core.boundary import (
    MAX_DEPTH,
    MAX_LINE,
    check_seed,
    is_whole,
    max_digits,
    read_json,
    unfinished_json,
)


@pytest.mark.parametrize(
    ("text", "code", "params"),
    [
        ("x" * (MAX_LINE + 1), "sheet_too_long", {"limit": MAX_LINE}),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "sheet_too_deep", {"limit": MAX_DEPTH}),
        ('{"a": 1,\n "b": }', "sheet_bad_json", {"at": 2, "column": 7}),
        ("9" * 5000, "sheet_number_too_long", {}),
    ],
)
def test_each_refusal_names_what_was_read(text: str, code: str, params: dict) -> None:
    with pytest.raises(DominoError) as info:
        read_json(text, "sheet")
    assert info.value.code == code
    assert params.items() <= info.value.params.items()
    if code == "sheet_number_too_long":
        assert info.value.params["limit"] == max_digits()


def test_a_document_is_told_by_the_line_it_begins_on() -> None:
    with pytest.raises(DominoError) as info:
        read_json('{\n  "players": 3x\n}', "document", first_line=10, line=10)
    assert (info.value.code, info.value.params) == (
        "document_bad_json",
        {"at": 11, "column": 15, "line": 10},
    )


def test_good_json_up_to_the_bounds_is_read() -> None:
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert read_json(nested, "record") is not None
    assert read_json(' {"a": [1, 2]} ', "record") == {"a": [1, 2]}


@pytest.mark.parametrize(
    ("text", "unfinished"),
    [("{", True), ('{"preset": "block",', True), ("[1,", True), ("{}", False),
     ("{x", False), ("[" * (MAX_DEPTH + 1), False), ("", True)],
)  # fmt: skip
def test_unfinished_json_is_json_that_stops_early(text: str, unfinished: bool) -> None:
    assert unfinished_json(text) is unfinished


def test_whole_numbers_and_seeds() -> None:
    assert [is_whole(v) for v in (0, -3, 2**70, True, False, 1.0, "1", None)] == [
        True, True, True, False, False, False, False, False,
    ]  # fmt: skip
    assert check_seed(0) == 0 and check_seed(2**31 - 1) == 2**31 - 1
    for bad in (-1, 2**31, True, "5", 5.0):
        with pytest.raises(DominoError) as info:
            check_seed(bad, "review_seed")
        assert info.value.code == "review_seed"


# -- one place each ----------------------------------------------------------------------

ENGINE = sorted((ROOT / "engine").rglob("*.py"))
WHOLE = re.compile(r"isinstance\((\w+), int\)\s*(?:and not|or) isinstance\(\1, bool\)")


def test_only_the_boundary_checks_a_whole_number() -> None:
    # engine.lang, the tables below everything (boundary's errors need them), checks a
    # plural field's count itself: it imports nothing of the engine.
    found = [str(p.relative_to(ROOT)) for p in ENGINE if WHOLE.search(p.read_text("utf-8"))]
    assert sorted(found) == ["engine/core/boundary.py", "engine/lang/__init__.py"]
    assert WHOLE.search("isinstance(v, int) and not isinstance(v, bool)")  # the check can fail


def test_only_the_boundary_reads_json_text() -> None:
    # The one other reader is puzzles.py's, of the engine's own data file, not a reader's.
    found = [str(p.relative_to(ROOT)) for p in ENGINE if "json.loads(" in p.read_text("utf-8")]
    assert sorted(found) == ["engine/core/boundary.py", "engine/features/puzzles.py"]
