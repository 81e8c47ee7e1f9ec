"""Fuzzing the engine's doors: random JSON lines, records close to good ones, random
tile texts and random error parameters.

Whatever comes in, the engine answers with a result or a documented error: a replayed
line answers ``{"ok": false, "error": ...}`` (never raises), tile parsing raises only
``DominoError``, and every message is short and encodes as UTF-8.
"""

from __future__ import annotations

import copy
import json
import re
import string
from typing import Any

from engine_helpers import load
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import DominoError, Tile
from engine.core.records import replay, replay_line
from engine.core.words import strings
from engine.lang import LANGUAGES

# Modest counts: the whole suite runs on two cores, and these fuzz tests stay within
# about 15 seconds together.


def fuzz(examples: int) -> settings:
    return settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


RECORDS = [entry["record"] for entry in load("example_records.json").values()]
MATCHES = [
    {
        "preset": r["preset"],
        "options": r["options"],
        "players": r["players"],
        "first_leader": r["leader"],
        "rounds": [{k: r[k] for k in ("leader", "hands", "boneyard", "plays") if k in r}],
    }
    for r in RECORDS
]
FIELDS = sorted(
    {"preset", "options", "players", "leader", "hands", "boneyard", "plays", "first_round"}
    | {"first_leader", "rounds", "target", "draw", "hand_size", "partnerships", "rounding"}
)

# JSON values, with the engine's own words and numbers among them so that random
# records now and then come near good ones.
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-(10**60), 10**60)
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["1-4", "6-6", "0-0", "1-1@left", "4-4@right", "2-2@up", "block"])
    | st.sampled_from(["block-dk", "draw", "all-fives", "total", 0, 1, 2, 3, 4, 7, 61, 2.0])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text(max_size=6) | st.sampled_from(FIELDS), inner, max_size=5)
    ),
    max_leaves=20,
)


@st.composite
def near_records(draw: st.DrawFn) -> Any:
    """A good round or match record with one to three of its parts replaced by random
    JSON (a field, a hand, a tile, a play, an option, ...) or removed."""
    record = copy.deepcopy(draw(st.sampled_from(RECORDS + MATCHES)))
    for _ in range(draw(st.integers(1, 3))):
        parent: Any = record
        key: Any = draw(st.sampled_from(sorted(record)))
        while isinstance(parent[key], dict | list) and parent[key] and draw(st.booleans()):
            parent = parent[key]
            keys = sorted(parent) if isinstance(parent, dict) else range(len(parent))
            key = draw(st.sampled_from(keys))
        if isinstance(parent, dict) and draw(st.integers(0, 4)) == 0:
            del parent[key]
            if not parent:
                break
        else:
            parent[key] = draw(JSON)
    return record


def check_answer(answer: dict[str, Any] | None) -> None:
    assert answer is not None
    assert isinstance(answer["ok"], bool)
    if not answer["ok"]:
        assert isinstance(answer["error"], str) and answer["error"]
        assert len(answer["error"]) < 600
    json.dumps(answer, ensure_ascii=False).encode("utf-8")  # prints as an answer line


@fuzz(250)
@given(st.one_of(JSON, near_records()), st.sampled_from(LANGUAGES))
def test_replaying_random_json_answers_and_never_raises(record, lang):
    try:
        line = json.dumps(record)
    except ValueError:  # an integer too long for Python to write; not a line we can send
        check_answer(replay(record, lang))
        return
    answer = replay_line(line, lang)
    check_answer(answer)
    assert answer == replay(json.loads(line), lang)


@fuzz(200)
@given(st.text() | st.binary())
def test_replaying_random_lines_answers_and_never_raises(line):
    answer = replay_line(line)
    if answer is not None:
        check_answer(answer)


TILE_TEXT = st.builds(
    lambda a, b, sep, w, brackets: (
        f"{w[0]}{'[' if brackets else ''}{w[1]}{a}{w[2]}{sep}{w[3]}{b}{w[4]}"
        f"{']' if brackets else ''}{w[5]}"
    ),
    st.integers(0, 6),
    st.integers(0, 6),
    st.sampled_from("-|"),
    st.lists(st.text(" \t\n\u00a0\u3000", max_size=3), min_size=6, max_size=6),
    st.booleans(),
)


@fuzz(200)
@given(st.text() | TILE_TEXT)
def test_tile_parsing_reads_a_tile_or_raises_a_domino_error(text):
    # The reference: white space stripped, optional brackets, two ASCII digits 0-6.
    expected = re.fullmatch(r"\[?\s*([0-6])\s*[-|]\s*([0-6])\s*\]?", text.strip())
    try:
        tile = Tile.parse(text)
    except DominoError as e:
        assert expected is None and e.code == "bad_tile"
        for lang in LANGUAGES:
            message = e.message(lang)
            message.encode("utf-8")
            assert len(message) < 600
    else:
        assert expected is not None
        assert tile == Tile.of(int(expected.group(1)), int(expected.group(2)))


@fuzz(100)
@given(TILE_TEXT)
def test_every_way_of_writing_a_tile_is_read(text):
    digits = [int(c) for c in text if c in "0123456"]
    assert Tile.parse(text) == Tile.of(*digits)


ERROR_CODES = sorted(
    key.removeprefix("error.")
    for key in strings("en")
    if key.startswith("error.") and not key.startswith("error.kind.")
)


@fuzz(150)
@given(st.sampled_from(ERROR_CODES), st.data())
def test_any_error_with_any_parameters_is_told_briefly_and_encodes(code, data):
    fields = [f for _, f, _, _ in string.Formatter().parse(strings("en")[f"error.{code}"]) if f]
    long_text = st.integers(41, 1000).map(lambda n: "\ud800\x00é" * n)
    params = {f: data.draw(JSON | st.binary(max_size=8) | long_text) for f in fields}
    error = DominoError(code, **params)
    for lang in LANGUAGES:
        message = error.message(lang)
        message.encode("utf-8")
        assert len(message) < 1500 and not message.startswith(f"{code}:")
