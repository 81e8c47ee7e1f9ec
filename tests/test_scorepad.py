"""The scorepad: rounds entered at a real table, scored by the engine."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine import DominoError
from engine.core.errors import Seat
from engine.core.words import strings
from engine.features.scorepad import (
    MAX_NAME,
    add_round,
    check_sheet,
    export_sheet,
    import_sheet,
    new_sheet,
    remove_last_round,
    set_round,
)
from engine.lang import LANGUAGES
from engine.presentation.views.scorepad import score_sheet

ROOT = Path(__file__).resolve().parent.parent


def sheet_with(preset: str, options: dict[str, Any], players: int, *rounds: dict) -> dict:
    sheet = new_sheet(preset, options, players)
    for entry in rounds:
        sheet = add_round(sheet, entry)
    return sheet


def one_round(preset: str, options: dict[str, Any], entry: dict, lang: str = "en") -> dict:
    players = len(entry["pips"])
    return score_sheet(sheet_with(preset, options, players, entry), lang)["rounds"][0]


# The worked examples of RULES.md, as entered on the scorepad:
# (id, preset, options, entry, winner side, end score, arithmetic in English)
WORKED = [
    ("blocked-3-7-8", "block", {}, {"went_out": None, "pips": [3, 7, 8]}, 0, 12, "7 + 8 − 3 = 12"),
    (
        "blocked-3-3-8",
        "block",
        {},
        {"went_out": None, "pips": [3, 3, 8]},
        None,
        0,
        "a tie for the lowest hand: 0",
    ),
    ("domino-5-5", "block", {}, {"went_out": 0, "pips": [0, 5, 5]}, 0, 10, "5 + 5 = 10"),
    ("domino-0-8", "block", {}, {"went_out": 0, "pips": [0, ["0-0"], 8]}, 0, 8, "0 + 8 = 8"),
    ("domino-zero", "block", {}, {"went_out": 0, "pips": [0, 0]}, 0, 0, "0"),
    (
        "dk-domino-14-9-3",
        "block-dk",
        {},
        {"went_out": 0, "pips": [0, 14, 9, 3]},
        0,
        26,
        "14 + 9 + 3 = 26",
    ),
    (
        "dk-blocked-total",
        "block-dk",
        {},
        {"went_out": None, "pips": [8, 15, 20]},
        0,
        35,
        "15 + 20 = 35",
    ),
    (
        "dk-blocked-diff",
        "block-dk",
        {"blocked_scoring": "difference"},
        {"went_out": None, "pips": [8, 15, 20]},
        0,
        27,
        "15 + 20 − 8 = 27",
    ),
    (
        "dk-rounding",
        "block-dk",
        {"rounding": True},
        {"went_out": 0, "pips": [0, 14, 9, 3]},
        0,
        25,
        "14 + 9 + 3 = 26, rounded to 25",
    ),
    (
        "dk-double-finish",
        "block-dk",
        {"double_finish": True},
        {"went_out": 0, "pips": [0, 9], "last_double": True},
        0,
        18,
        "9, doubled for going out with a double: 9 × 2 = 18",
    ),
    (
        "dk-double-finish",
        "block-dk",
        {"rounding": True, "double_finish": True},
        {"went_out": 0, "pips": [0, 12], "last_double": True},
        0,
        20,
        "12, rounded to 10, doubled for going out with a double: 10 × 2 = 20",
    ),
    (
        "dk-double-finish-not-double",
        "block-dk",
        {"double_finish": True},
        {"went_out": 0, "pips": [0, 9], "last_double": False},
        0,
        9,
        "9",
    ),
    (
        "dk-partnerships",
        "block-dk",
        {"partnerships": True},
        {"went_out": 0, "pips": [0, 6, 4, 5]},
        0,
        11,
        "6 + 5 = 11",
    ),
    (
        "dk-partnerships",
        "block-dk",
        {"partnerships": True},
        {"went_out": None, "pips": [3, 10, 4, 2]},
        0,
        12,
        "the winners' hands 3 + 4 = 7 against 10 + 2 = 12: 12",
    ),
    (
        "fives-rounding",
        "all-fives",
        {},
        {"went_out": None, "pips": [4, 9, 9]},
        0,
        20,
        "9 + 9 = 18, rounded to 20",
    ),
    (
        "fives-rounding",
        "all-fives",
        {},
        {"went_out": None, "pips": [4, 4, 9]},
        None,
        0,
        "a tie for the lowest hand: 0",
    ),
]


@pytest.mark.parametrize(
    ("preset", "options", "entry", "winner", "score", "arithmetic"),
    [w[1:] for w in WORKED],
    ids=[w[0] for w in WORKED],
)
def test_worked_examples_come_out_of_the_scorepad(
    preset, options, entry, winner, score, arithmetic
):
    row = one_round(preset, options, entry)
    assert (row["winner"], row["score"], row["arithmetic"]) == (winner, score, arithmetic)
    expected = [0] * len(row["points"])
    if winner is not None:
        expected[winner] = score
    assert row["points"] == expected
    assert row["totals"] == expected


@pytest.mark.parametrize(
    ("raw", "rounded"), [(1, 0), (2, 0), (3, 5), (4, 5), (12, 10), (13, 15), (18, 20), (19, 20)]
)
def test_dk_rounding_cases(raw, rounded):
    row = one_round("block-dk", {"rounding": True}, {"went_out": 0, "pips": [0, raw]})
    assert row["score"] == rounded
    assert row["arithmetic"] == f"{raw}, rounded to {rounded}"


def _documented_round_ends() -> list[dict]:
    found: dict[str, dict] = {}
    for page in sorted((ROOT / "docs").glob("*.md")):
        for block in re.findall(r"```example\n(.*?)```", page.read_text("utf-8"), re.S):
            for line in block.splitlines():
                if '"round-end"' in line:
                    spec = json.loads(line)
                    found[json.dumps(spec, sort_keys=True)] = spec
    return list(found.values())


DOCUMENTED = _documented_round_ends()


def test_the_site_documents_round_ends():
    assert len(DOCUMENTED) >= 10


@pytest.mark.parametrize("spec", DOCUMENTED, ids=[s["id"] for s in DOCUMENTED])
def test_every_documented_round_end_scores_the_same_on_the_scorepad(spec):
    entry = {"went_out": spec.get("went_out"), "pips": spec["pips"]}
    if spec.get("last_double"):
        entry["last_double"] = True
    row = one_round(spec.get("preset", "block"), spec.get("options", {}), entry)
    assert (row["winner"], row["score"]) == (spec["winner"], spec["points"])


def test_the_arithmetic_speaks_every_language():
    entry = {"went_out": 0, "pips": [0, 12], "last_double": True}
    texts = {
        lang: one_round("block-dk", {"rounding": True, "double_finish": True}, entry, lang)[
            "arithmetic"
        ]
        for lang in LANGUAGES
    }
    assert (
        texts["fr"]
        == "12, arrondi à 10, doublé pour avoir fait domino avec un double\u00a0: 10 × 2 = 20"
    )
    assert len(set(texts.values())) == 5


def test_tiles_give_the_same_scores_as_pips():
    by_pips = sheet_with("block", {}, 3, {"went_out": None, "pips": [3, 7, 8]})
    by_tiles = sheet_with(
        "block", {}, 3, {"went_out": None, "pips": [["1-2"], ["3-4"], ["6-2", "[0|0]"]]}
    )
    a, b = score_sheet(by_pips), score_sheet(by_tiles)
    assert a["rounds"][0]["arithmetic"] == b["rounds"][0]["arithmetic"] == "7 + 8 − 3 = 12"
    assert a["totals"] == b["totals"] == [12, 0, 0]
    # Tiles are kept, written low-high.
    assert by_tiles["rounds"][0]["pips"] == [["1-2"], ["3-4"], ["2-6", "0-0"]]


def test_names_and_teams():
    sheet = new_sheet("block-dk", {"partnerships": True}, 4, ["Ana", "Bo", "", "Di"])
    view = score_sheet(sheet, "de")
    assert [s["name"] for s in view["sides"]] == ["Ana & Sitz 3", "Bo & Di"]
    assert [s["seats"] for s in view["sides"]] == [[0, 2], [1, 3]]
    view = score_sheet(new_sheet("block", {}, 2, ["  ", "Bo"]), "fr")
    assert [s["name"] for s in view["sides"]] == ["Siège 1", "Bo"]


def test_partnership_totals_add_up_per_team():
    sheet = sheet_with(
        "block-dk",
        {"partnerships": True},
        4,
        {"went_out": 0, "pips": [0, 6, 4, 5]},
        {"went_out": 3, "pips": [10, 2, 4, 0]},
        {"went_out": None, "pips": [3, 10, 4, 2]},
    )
    view = score_sheet(sheet)
    assert [r["points"] for r in view["rounds"]] == [[11, 0], [0, 14], [12, 0]]
    assert [r["totals"] for r in view["rounds"]] == [[11, 0], [11, 14], [23, 14]]
    # A team is a plural subject, named by its seats when neither partner has a name.
    assert view["rounds"][1]["result"] == "Seats 2 and 4 win the round and score 14."


def test_a_match_reaches_its_target():
    sheet = sheet_with(
        "block",
        {},
        2,
        {"went_out": 0, "pips": [0, 60]},
        {"went_out": 1, "pips": [30, 0]},
        {"went_out": 0, "pips": [0, 44]},
    )
    sheet = {**sheet, "names": ["Ana", "Bo"]}
    view = score_sheet(sheet)
    assert view["target"] == 100
    assert view["totals"] == [104, 30]
    assert view["outcome"] == {"over": True, "winner": 0, "drawn": False}
    assert view["status"] == "Ana wins the match with 104 points."
    assert score_sheet(sheet, "pl")["status"] == "Ana wygrywa partię z wynikiem 104 pkt."
    with pytest.raises(DominoError) as info:
        add_round(sheet, {"went_out": 1, "pips": [5, 0]})
    assert info.value.code == "round_after_match"
    assert info.value.params["round"] == 4
    assert "after round 3" in str(info.value)


def test_a_match_goes_on_below_the_target():
    sheet = sheet_with("block-dk", {"target": 61}, 3, {"went_out": 0, "pips": [0, 30, 30]})
    view = score_sheet(sheet)
    assert view["outcome"] == {"over": False, "winner": None, "drawn": False}
    assert view["target"] == 61
    assert view["status"] == "Playing to 61 points."
    assert score_sheet(new_sheet("all-fives"), "en")["status"] == "Playing to 150 points."


def test_all_fives_play_points_and_a_tie_at_the_top():
    # Only one side scores the end of a round, so a tie at the top needs points in play.
    sheet = sheet_with(
        "all-fives",
        {},
        2,
        {"went_out": 0, "pips": [0, 40], "play_points": [50, 45]},
        {"went_out": 1, "pips": [40, 0], "play_points": [60, 20]},
    )
    assert sheet["rounds"][0]["play_points"] == [50, 45]
    view = score_sheet({**sheet, "names": ["Ana", "Bo"]})
    assert [r["points"] for r in view["rounds"]] == [[90, 45], [60, 60]]
    assert view["totals"] == [150, 105]
    assert view["outcome"]["winner"] == 0
    tie = sheet_with(
        "all-fives",
        {},
        2,
        {"went_out": 0, "pips": [0, 40], "play_points": [50, 45]},
        {"went_out": 1, "pips": [40, 0], "play_points": [60, 65]},
    )
    view = score_sheet({**tie, "names": ["Ana", "Bo"]})
    assert view["totals"] == [150, 150]
    assert view["outcome"] == {"over": True, "winner": None, "drawn": True}
    assert view["status"] == "The match is drawn: Ana and Bo share the top score with 150 points."
    assert all("{" not in score_sheet(tie, lang)["status"] for lang in LANGUAGES)
    # Without play points the round is worth its end score alone.
    plain = sheet_with("all-fives", {}, 2, {"went_out": 0, "pips": [0, 13]})
    assert plain["rounds"][0]["play_points"] == [0, 0]
    assert score_sheet(plain)["totals"] == [15, 0]


def test_last_double_false_is_accepted_and_dropped_without_the_option():
    sheet = sheet_with("block", {}, 2, {"went_out": 0, "pips": [0, 9], "last_double": False})
    assert sheet["rounds"][0] == {"went_out": 0, "pips": [0, 9]}
    dk = sheet_with("block-dk", {"double_finish": True}, 2, {"went_out": 0, "pips": [0, 9]})
    assert dk["rounds"][0] == {"went_out": 0, "pips": [0, 9], "last_double": False}


# --- Bad input: (what to change, the code, a parameter that must be there) ---------------

GOOD: dict[str, Any] = {
    "version": 1,
    "preset": "block-dk",
    "options": {"rounding": True, "double_finish": True},
    "players": 3,
    "names": ["Ana", "", "Bo"],
    "rounds": [
        {"went_out": 0, "pips": [0, 7, 8], "last_double": False},
        {"went_out": None, "pips": [3, 7, ["1-2", "6-6"]], "last_double": False},
    ],
}


def changed(path: tuple, value: Any) -> dict:
    sheet = copy.deepcopy(GOOD)
    target = sheet
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return sheet


DELETE = object()

BAD_SHEETS = [
    ((), None, "sheet_not_object", {}),
    (("version",), DELETE, "sheet_missing_field", {"field": "version"}),
    (("version",), "1", "sheet_bad_version", {"version": '"1"'}),
    (("version",), True, "sheet_bad_version", {}),
    (("version",), 0, "sheet_version_old", {"version": 0, "expected": 1}),
    (("version",), 2, "sheet_version_new", {"version": 2, "expected": 1}),
    (("colour",), "red", "sheet_unknown_field", {"field": '"colour"'}),
    (("rounds",), DELETE, "sheet_missing_field", {"field": "rounds"}),
    (("preset",), "poker", "unknown_preset", {}),
    (("options",), [], "bad_options", {}),
    (("options",), {"spinner": True}, "unknown_option", {"option": "spinner"}),
    (("options",), {"rounding": 1}, "bad_option_value", {"option": "rounding"}),
    (("players",), 5, "bad_players", {"players": 5}),
    (("players",), "3", "bad_players", {}),
    (("options",), {"partnerships": True}, "partnerships_need_four", {"players": 3}),
    (("names",), "Ana", "sheet_names", {"field": "names", "players": 3}),
    (("names",), ["Ana", "Bo"], "sheet_names", {"players": 3}),
    (("names", 1), 7, "sheet_name", {"seat": Seat(1)}),
    (("names", 2), "x" * (MAX_NAME + 1), "sheet_name", {"seat": Seat(2), "max": MAX_NAME}),
    (("rounds",), {}, "sheet_rounds", {"field": "rounds"}),
    (("rounds", 1), [], "round_not_object", {"round": 2}),
    (("rounds", 1, "who"), 1, "round_unknown_field", {"round": 2, "field": '"who"'}),
    (("rounds", 0, "pips"), DELETE, "round_missing_field", {"round": 1, "field": "pips"}),
    (("rounds", 0, "went_out"), DELETE, "round_missing_field", {"field": "went_out"}),
    (("rounds", 0, "went_out"), 3, "round_went_out", {"round": 1, "last": 2}),
    (("rounds", 0, "went_out"), -1, "round_went_out", {"field": "went_out"}),
    (("rounds", 0, "went_out"), True, "round_went_out", {"value": "true"}),
    (("rounds", 0, "went_out"), "0", "round_went_out", {}),
    (("rounds", 0, "pips"), [0, 7], "round_pips", {"round": 1, "players": 3}),
    (("rounds", 0, "pips"), "0 7 8", "round_pips", {"field": "pips"}),
    (("rounds", 0, "pips", 1), 169, "round_pip_value", {"round": 1, "seat": Seat(1), "max": 168}),
    (("rounds", 0, "pips", 1), -1, "round_pip_value", {"seat": Seat(1)}),
    (("rounds", 0, "pips", 2), 7.5, "round_pip_value", {"seat": Seat(2)}),
    (("rounds", 0, "pips", 2), "8", "round_pip_value", {"value": '"8"'}),
    (("rounds", 0, "pips", 2), False, "round_pip_value", {}),
    (("rounds", 1, "pips", 2), ["1-2", "7-7"], "round_bad_tile", {"round": 2, "tile": '"7-7"'}),
    (("rounds", 1, "pips", 2), ["1-2", 12], "round_bad_tile", {"seat": Seat(2)}),
    (("rounds", 1, "pips", 2), ["1-2", "2-1"], "round_duplicate_tile", {"tile": "[1|2]"}),
    (("rounds", 1, "pips", 1), ["6-6"], "round_duplicate_tile", {"round": 2, "seat": Seat(2)}),
    (("rounds", 1, "pips"), [100, 60, 9], "round_pips_total", {"total": 169, "max": 168}),
    (
        ("rounds", 0, "pips", 0),
        4,
        "round_went_out_pips",
        {"round": 1, "seat": Seat(0), "left": "4"},
    ),
    (("rounds", 0, "pips", 0), ["0-0"], "round_went_out_pips", {"left": "[0|0]"}),
    (("rounds", 0, "last_double"), "yes", "round_last_double", {"value": '"yes"'}),
    (("rounds", 0, "last_double"), None, "round_last_double", {"field": "last_double"}),
    (("rounds", 1, "last_double"), True, "round_double_blocked", {"round": 2}),
    (("rounds", 0, "play_points"), [5, 0, 0], "round_no_play_points", {"round": 1}),
    (("rounds", 0, "play_points"), [0, 0], "round_play_points", {"sides": 3}),
    (("rounds", 0, "play_points"), [0, 3, 0], "round_play_points", {"max": 1000}),
    (("rounds", 0, "play_points"), None, "round_play_points", {"field": "play_points"}),
]


@pytest.mark.parametrize(
    ("path", "value", "code", "params"),
    BAD_SHEETS,
    ids=[f"{c}-{'.'.join(map(str, p))}" for p, _, c, _ in BAD_SHEETS],
)
def test_bad_sheets_raise_a_clear_error_in_every_language(path, value, code, params):
    sheet = None if not path else changed(path, value)
    before = copy.deepcopy(sheet)
    for attempt in (check_sheet, score_sheet, export_sheet, remove_last_round):
        with pytest.raises(DominoError) as info:
            attempt(sheet)
        assert info.value.code == code
        assert params.items() <= info.value.params.items()
        assert sheet == before
    assert_told_everywhere(info.value)
    with pytest.raises(DominoError) as info:
        import_sheet(json.dumps(sheet))
    assert info.value.code == code


def assert_told_everywhere(error: DominoError) -> None:
    messages = {lang: error.message(lang) for lang in LANGUAGES}
    for lang, message in messages.items():
        assert f"error.{error.code}" in strings(lang)
        assert not message.startswith(f"{error.code}:"), (lang, message)
        assert "{" not in message, (lang, message)
    assert len(set(messages.values())) == 5, messages


def test_a_double_finish_where_the_rules_have_none():
    sheet = sheet_with("block-dk", {}, 2)
    entry = {"went_out": 0, "pips": [0, 9], "last_double": True}
    with pytest.raises(DominoError) as info:
        add_round(sheet, entry)
    assert info.value.code == "round_double_finish_off"
    assert info.value.params == {"round": 1, "field": "last_double"}
    assert_told_everywhere(info.value)
    assert entry == {"went_out": 0, "pips": [0, 9], "last_double": True}


def test_the_good_sheet_is_good():
    view = score_sheet(GOOD)
    assert [r["arithmetic"] for r in view["rounds"]] == ["7 + 8 = 15", "7 + 15 = 22, rounded to 20"]
    assert view["totals"] == [35, 0, 0]
    assert [s["name"] for s in view["sides"]] == ["Ana", "Seat 2", "Bo"]


def test_a_round_after_the_end_of_the_match_is_an_error():
    sheet = copy.deepcopy(GOOD)
    sheet["rounds"].insert(0, {"went_out": 1, "pips": [60, 0, 45]})
    before = copy.deepcopy(sheet)
    with pytest.raises(DominoError) as info:
        check_sheet(sheet)
    assert info.value.code == "round_after_match"
    assert info.value.params == {"round": 2, "over": 1}
    assert_told_everywhere(info.value)
    assert sheet == before


def test_unknown_language():
    with pytest.raises(DominoError) as info:
        score_sheet(GOOD, "xx")
    assert info.value.code == "unknown_language"


# --- Export and import -------------------------------------------------------------------


def test_export_and_import_round_trip_exactly():
    sheet = import_sheet(json.dumps(GOOD))
    text = export_sheet(sheet)
    assert import_sheet(text) == sheet
    assert export_sheet(import_sheet(text)) == text
    assert json.loads(text)["names"] == ["Ana", "", "Bo"]
    # Names and tiles keep their characters.
    named = {**sheet, "names": ["Zoë", "Łucja", "Søren"]}
    assert import_sheet(export_sheet(named)) == named
    fives = sheet_with("all-fives", {}, 2, {"went_out": 0, "pips": [0, 13], "play_points": [10, 5]})
    assert import_sheet(export_sheet(fives)) == fives


@pytest.mark.parametrize(
    ("text", "code", "params"),
    [
        ("", "sheet_bad_json", {"at": 1, "column": 1}),
        ('{"version": 1,\n "preset": }', "sheet_bad_json", {"at": 2, "column": 12}),
        ("[1, 2", "sheet_bad_json", {}),
        ("[1, 2]", "sheet_not_object", {}),
        ("null", "sheet_not_object", {}),
        ("[" * 100000, "sheet_too_deep", {"limit": 64}),
        ("9" * 5000, "sheet_number_too_long", {}),
        (None, "sheet_bad_json", {}),
        (json.dumps({**GOOD, "version": 0}), "sheet_version_old", {"version": 0}),
        (json.dumps({**GOOD, "version": 2}), "sheet_version_new", {"version": 2}),
        (json.dumps({**GOOD, "players": "3"}), "bad_players", {}),
        (json.dumps({**GOOD, "rounds": "none"}), "sheet_rounds", {}),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 20 else None,
)
def test_corrupt_imports_are_errors(text, code, params):
    with pytest.raises(DominoError) as info:
        import_sheet(text)
    assert info.value.code == code
    assert params.items() <= info.value.params.items()
    assert_told_everywhere(info.value)


# --- Editing: add, correct, remove -------------------------------------------------------


def test_helpers_never_mutate_their_inputs():
    sheet = import_sheet(json.dumps(GOOD))
    frozen = copy.deepcopy(sheet)
    entry = {"went_out": 2, "pips": [4, ["0-1", "2-2"], []], "last_double": True}
    entry_before = copy.deepcopy(entry)
    added = add_round(sheet, entry)
    corrected = set_round(added, 0, {"went_out": 1, "pips": [5, 0, 5]})
    removed = remove_last_round(corrected)
    assert sheet == frozen and entry == entry_before
    assert len(added["rounds"]) == 3 and added["rounds"][2]["pips"][1] == ["0-1", "2-2"]
    assert corrected["rounds"][0]["went_out"] == 1
    assert removed["rounds"] == corrected["rounds"][:2]
    # The results share no list with their inputs.
    added["rounds"][0]["pips"][1] = 99
    assert sheet == frozen


def test_set_round_recomputes_the_totals():
    sheet = sheet_with(
        "block",
        {},
        3,
        {"went_out": 0, "pips": [0, 10, 10]},
        {"went_out": None, "pips": [3, 7, 8]},
        {"went_out": 2, "pips": [5, 5, 0]},
    )
    assert [r["totals"] for r in score_sheet(sheet)["rounds"]] == [
        [20, 0, 0],
        [32, 0, 0],
        [32, 0, 10],
    ]
    fixed = set_round(sheet, 0, {"went_out": 1, "pips": [10, 0, 10]})
    view = score_sheet(fixed)
    assert [r["totals"] for r in view["rounds"]] == [[0, 20, 0], [12, 20, 0], [12, 20, 10]]
    assert fixed["rounds"][1:] == sheet["rounds"][1:]


def test_a_correction_that_ends_the_match_early_is_refused():
    sheet = sheet_with(
        "block",
        {},
        2,
        {"went_out": 0, "pips": [0, 50]},
        {"went_out": 1, "pips": [20, 0]},
        {"went_out": 0, "pips": [0, 30]},
    )
    before = copy.deepcopy(sheet)
    with pytest.raises(DominoError) as info:
        set_round(sheet, 0, {"went_out": 0, "pips": [0, 100]})
    assert info.value.code == "correction_ends_match"
    assert info.value.params == {"round": 1, "over": 1}
    assert_told_everywhere(info.value)
    # A correction of round 2 that lets round 2 end the match is refused too.
    with pytest.raises(DominoError) as info:
        set_round(sheet, 1, {"went_out": 0, "pips": [0, 50]})
    assert info.value.params == {"round": 2, "over": 2}
    assert sheet == before
    # Ending the match at the last round is a fine correction.
    done = set_round(sheet, 2, {"went_out": 0, "pips": [0, 60]})
    assert score_sheet(done)["outcome"] == {"over": True, "winner": 0, "drawn": False}


@pytest.mark.parametrize(
    ("index", "params"),
    [(3, {"round": 4, "count": 3}), (-1, {"round": 0}), ("1", {"round": '"1"'}), (True, {})],
)
def test_set_round_needs_an_existing_round(index, params):
    sheet = sheet_with(
        "block",
        {},
        2,
        {"went_out": 0, "pips": [0, 5]},
        {"went_out": 0, "pips": [0, 5]},
        {"went_out": 0, "pips": [0, 5]},
    )
    with pytest.raises(DominoError) as info:
        set_round(sheet, index, {"went_out": 0, "pips": [0, 5]})
    assert info.value.code == "round_index"
    assert params.items() <= info.value.params.items()
    assert_told_everywhere(info.value)


def test_bad_entries_name_their_round():
    sheet = sheet_with("block", {}, 2, {"went_out": 0, "pips": [0, 5]})
    with pytest.raises(DominoError) as info:
        add_round(sheet, {"went_out": 0, "pips": [0, "x"]})
    assert info.value.params["round"] == 2
    assert str(info.value).startswith("Round 2, seat 2:")
    with pytest.raises(DominoError) as info:
        set_round(sheet, 0, {"went_out": 0, "pips": [3, 5]})
    assert info.value.code == "round_went_out_pips"
    assert info.value.params["round"] == 1


def test_remove_last_round():
    sheet = sheet_with("block", {}, 2, {"went_out": 0, "pips": [0, 5]})
    empty = remove_last_round(sheet)
    assert empty["rounds"] == [] and len(sheet["rounds"]) == 1
    with pytest.raises(DominoError) as info:
        remove_last_round(empty)
    assert info.value.code == "sheet_no_rounds"
    assert_told_everywhere(info.value)


def test_new_sheet():
    assert new_sheet() == {
        "version": 1,
        "preset": "block",
        "options": {},
        "players": 2,
        "names": ["", ""],
        "rounds": [],
    }
    assert new_sheet("block-dk", {"partnerships": True}, 4)["names"] == ["", "", "", ""]
    for args, code in [
        (("block", {}, 5), "bad_players"),
        (("block", {}, 3, ["a"]), "sheet_names"),
        (("nope",), "unknown_preset"),
        (("block", {"rounding": True}), "unknown_option"),
    ]:
        with pytest.raises(DominoError) as info:
            new_sheet(*args)
        assert info.value.code == code


def test_names_are_shown_as_typed_and_a_checked_sheet_is_accepted():
    sheet = sheet_with("block", {}, 2, {"went_out": 0, "pips": [0, 5]})
    sheet = {**sheet, "names": ["{seat} Ana", "Bo"]}
    view = score_sheet(sheet)
    assert view["rounds"][0]["result"] == "{seat} Ana wins the round and scores 5."
    assert score_sheet(check_sheet(sheet)) == view
    with pytest.raises(DominoError) as info:
        import_sheet('{"version": NaN}')
    assert info.value.code == "sheet_bad_version"


def test_the_pages_worker_reaches_the_scorepad_through_engine_web():
    """The scorepad page's calls, as JSON: a round scored with its arithmetic, a correction,
    export and import, and a bad import told in the page's language, changing nothing."""
    from engine.presentation.web import call

    def ask(method: str, args: dict, lang: str = "de") -> dict:
        return json.loads(call(json.dumps({"method": method, "args": args, "lang": lang})))

    made = ask("scorepad_new", {"preset": "block", "players": 3, "names": ["Ana", "", "Bo"]})
    assert made["ok"], made
    sheet = made["value"]["sheet"]
    added = ask("scorepad_add", {"sheet": sheet, "entry": {"went_out": None, "pips": [3, 7, 8]}})
    assert added["value"]["view"]["rounds"][0]["arithmetic"] == "7 + 8 − 3 = 12"
    assert added["value"]["view"]["totals"] == [12, 0, 0]
    sheet = added["value"]["sheet"]
    fixed = ask("scorepad_set", {"sheet": sheet, "index": 0,
                                 "entry": {"went_out": 0, "pips": [0, 5, 5]}})  # fmt: skip
    assert fixed["value"]["view"]["totals"] == [10, 0, 0]
    text = ask("scorepad_export", {"sheet": fixed["value"]["sheet"]})["value"]
    back = ask("scorepad_import", {"text": text})
    assert back["value"]["sheet"] == fixed["value"]["sheet"]
    bad = ask("scorepad_import", {"text": "{not json"})
    assert bad["ok"] is False and bad["code"] == "sheet_bad_json"
    assert bad["error"] and not bad["error"].startswith("sheet_bad_json")
    assert (
        bad["error"]
        != json.loads(
            call(
                json.dumps(
                    {"method": "scorepad_import", "args": {"text": "{not json"}, "lang": "en"}
                )
            )
        )["error"]
    )
    assert ask("scorepad_view", {})["code"] == "bad_request"
    assert ask("scorepad_remove_last", {"sheet": sheet})["value"]["view"]["rounds"] == []


# --- The page's view and its form: the engine decides, the page draws -------------------


def test_the_view_names_every_seat_in_the_pages_language():
    sheet = new_sheet("block-dk", {"partnerships": True}, 4, ["Ana", "", " ", "Bo"])
    for lang in LANGUAGES:
        view = score_sheet(sheet, lang)
        seat = strings(lang)["scorepad.seat"]
        names = ["Ana", seat.format(seat=2), seat.format(seat=3), "Bo"]
        assert [s["name"] for s in view["seats"]] == names
        assert [s["seat"] for s in view["seats"]] == [0, 1, 2, 3]
        pips = strings(lang)["page.scorepad.pips"]
        assert [s["pips_label"] for s in view["seats"]] == [pips.format(name=n) for n in names]
        team = strings(lang)["scorepad.team"]
        assert [s["name"] for s in view["sides"]] == [
            team.format(a=names[0], b=names[2]),
            team.format(a=names[1], b=names[3]),
        ]


@pytest.mark.parametrize(
    ("preset", "options", "play", "double"),
    [
        ("block", {}, False, False),
        ("draw", {}, False, False),
        ("all-fives", {}, True, False),
        ("block-dk", {}, False, False),
        ("block-dk", {"double_finish": True}, False, True),
    ],
)
def test_the_view_says_what_the_entry_form_asks(preset, options, play, double):
    sheet = new_sheet(preset, options, 3)
    for lang in LANGUAGES:
        entry = score_sheet(sheet, lang)["entry"]
        assert entry == {
            "round": 1,
            "title": strings(lang)["page.scorepad.entry_new"].format(round=1),
            "play_points": play,
            "last_double": double,
        }


def test_each_round_of_the_view_carries_its_gains_and_its_correction_words():
    sheet = sheet_with("block", {}, 3, {"went_out": None, "pips": [3, 7, 8]})
    sheet = add_round(sheet, {"went_out": 1, "pips": [2, 0, 4]})
    view = score_sheet(sheet, "fr")
    assert [r["gains"] for r in view["rounds"]] == [["+12", "", ""], ["", "+6", ""]]
    fr = strings("fr")
    assert view["rounds"][1]["correct"] == fr["page.scorepad.correct_round"].format(round=2)
    assert view["rounds"][1]["correct_title"] == fr["page.scorepad.entry_fix"].format(round=2)
    assert view["entry"]["round"] == 3


def test_the_form_is_read_by_the_engine():
    from engine.features.scorepad import read_form

    sheet = new_sheet("block", {}, 3)
    form = {"went_out": "", "pips": [" 3 ", "1-2, 6-6;0-0", "2-3  4-4"]}
    assert read_form(sheet, form) == {
        "went_out": None,
        "pips": [3, ["1-2", "6-6", "0-0"], ["2-3", "4-4"]],
    }
    # The seat that went out may be left empty; an empty hand of another seat stays
    # empty, and the check names it.
    assert read_form(sheet, {"went_out": "1", "pips": ["", "", "4"]})["pips"] == ["", 0, 4]
    with pytest.raises(DominoError) as info:
        add_round(sheet, read_form(sheet, {"went_out": "1", "pips": ["", "", "4"]}))
    assert (info.value.code, info.value.params["seat"]) == ("round_pip_value", Seat(0))
    # Numbers the checks refuse are read as numbers, so the message shows them as typed.
    for typed, code in (("-3", "round_pip_value"), ("7.5", "round_pip_value")):
        with pytest.raises(DominoError) as info:
            add_round(sheet, read_form(sheet, {"went_out": "0", "pips": ["", typed, "4"]}))
        assert info.value.code == code and info.value.params["value"] == typed


def test_the_form_reads_play_points_and_the_last_double_only_where_they_count():
    from engine.features.scorepad import read_form

    fives = new_sheet("all-fives", {}, 2)
    form = {"went_out": "0", "pips": ["", "12"], "play_points": ["15", " "], "last_double": True}
    assert read_form(fives, form) == {"went_out": 0, "pips": [0, 12], "play_points": [15, 0]}
    with pytest.raises(DominoError) as info:
        add_round(fives, read_form(fives, {**form, "play_points": ["7", "0"]}))
    assert info.value.code == "round_play_points"
    dk = new_sheet("block-dk", {"double_finish": True}, 2)
    assert read_form(dk, form) == {"went_out": 0, "pips": [0, 12], "last_double": True}
    blocked = {"went_out": "", "pips": ["3", "4"], "last_double": True}
    assert read_form(dk, blocked)["last_double"] is False
    assert "last_double" not in read_form(new_sheet("block", {}, 2), form)


def test_a_form_too_long_or_of_the_wrong_shape_is_refused_before_it_is_read():
    from engine.features.scorepad import MAX_FIELD, read_form

    sheet = new_sheet("block", {}, 2)
    for form, code in (
        ({"went_out": "", "pips": ["1-2 " * MAX_FIELD, "3"]}, "round_pip_value"),
        ({"went_out": "", "pips": ["3"]}, "round_pips"),
        ("3 4", "round_not_object"),
    ):
        with pytest.raises(DominoError) as info:
            read_form(sheet, form)
        assert info.value.code == code
        assert info.value.message("pl") != info.value.message("en")
    fives = new_sheet("all-fives", {}, 2)
    with pytest.raises(DominoError) as info:
        read_form(fives, {"went_out": "", "pips": ["3", "4"], "play_points": ["5" * 300, ""]})
    assert info.value.code == "round_play_points"
    assert len(info.value.message("en")) < 400  # the value is echoed cut short


def test_the_pages_worker_sends_the_form_and_gets_the_engines_message():
    from engine.presentation.web import call

    def ask(method: str, args: dict, lang: str = "pl") -> dict:
        return json.loads(call(json.dumps({"method": method, "args": args, "lang": lang})))

    sheet = ask("scorepad_new", {"preset": "block", "players": 3})["value"]["sheet"]
    form = {"went_out": "", "pips": ["3", "7", "8"]}
    added = ask("scorepad_add", {"sheet": sheet, "form": form})["value"]
    assert added["view"]["totals"] == [12, 0, 0]
    assert added["message"] == strings("pl")["page.scorepad.added"].format(round=1)
    form = {"went_out": "2", "pips": ["3", "9", ""]}
    fixed = ask("scorepad_set", {"sheet": added["sheet"], "index": 0, "form": form})["value"]
    assert fixed["sheet"]["rounds"] == [{"went_out": 2, "pips": [3, 9, 0]}]
    assert fixed["message"] == strings("pl")["page.scorepad.corrected"].format(round=1)
    removed = ask("scorepad_remove_last", {"sheet": fixed["sheet"]})["value"]
    assert removed["message"] == strings("pl")["page.scorepad.removed"]
    bad = ask("scorepad_add", {"sheet": sheet, "form": {"went_out": "", "pips": ["x", "", ""]}})
    assert bad["ok"] is False and bad["code"] == "form_bad_tile"
    assert bad["field"] == "scorepad-pips-0"
    # A round sent as it is kept (not a form) is told as the sheet's JSON has it.
    bad = ask("scorepad_add", {"sheet": sheet, "entry": {"went_out": None, "pips": [3, 7, 200]}})
    assert bad["code"] == "round_pip_value" and "field" not in bad


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_form_error_is_told_at_its_field_naming_the_player_as_the_sheet_does(lang):
    """Issue 38, item 8: a hand typed as "tolv" is refused at that hand's field (the
    element id the page marks), naming "Anna" as the sheet does, or "Seat 2" (counted from
    1) for a seat not named; a side of partners by both names; no round, which heads the
    form, and no seat counted from 0."""
    from engine.presentation.web import call

    def ask(method: str, args: dict) -> dict:
        return json.loads(call(json.dumps({"method": method, "args": args, "lang": lang})))

    words = strings(lang)
    sheet = new_sheet("block", {}, 3, ["Anna", "", "Bo"])
    seat_2 = words["scorepad.seat"].format(seat=2)

    def refused(pips: list[str], went_out: str = "", method: str = "scorepad_add") -> dict:
        args: dict[str, Any] = {"sheet": sheet, "form": {"went_out": went_out, "pips": pips}}
        reply = ask(method, args)
        assert reply["ok"] is False, reply
        return reply

    bad = refused(["tolv", "3", "4"])
    assert (bad["code"], bad["field"]) == ("form_bad_tile", "scorepad-pips-0")
    assert bad["error"].startswith("Anna") and '"tolv"' in bad["error"]
    bad = refused(["3", "200", "4"])
    assert (bad["code"], bad["field"]) == ("form_pip_value", "scorepad-pips-1")
    assert bad["error"].startswith(seat_2) and "200" in bad["error"]
    bad = refused(["3", "4", ""])
    assert (bad["code"], bad["field"]) == ("form_pip_empty", "scorepad-pips-2")
    assert bad["error"].startswith("Bo")
    bad = refused(["1-2", "1-2 3-3", ""], went_out="2")
    assert (bad["code"], bad["field"]) == ("form_duplicate_tile", "scorepad-pips-1")
    assert bad["error"].startswith(seat_2) and "[1|2]" in bad["error"]
    bad = refused(["100", "100", "1"])
    assert (bad["code"], bad["field"]) == ("round_pips_total", "scorepad-pips-0")
    bad = refused(["", "100", "100"], went_out="0")
    assert bad["field"] == "scorepad-pips-1"  # the first hand that can be typed in
    # A correction is told the same way.
    sheet = add_round(sheet, {"went_out": None, "pips": [1, 2, 3]})
    args = {"sheet": sheet, "index": 0, "form": {"went_out": "", "pips": ["1", "tolv", "3"]}}
    bad = ask("scorepad_set", args)
    assert (bad["code"], bad["field"]) == ("form_bad_tile", "scorepad-pips-1")
    # Points in play: the first side whose points are wrong; partners by both names.
    teams = new_sheet("all-fives", {}, 2, ["", "Cy"])
    form = {"went_out": "", "pips": ["1", "2"], "play_points": ["5", "7"]}
    bad = ask("scorepad_add", {"sheet": teams, "form": form})
    assert (bad["code"], bad["field"]) == ("form_play_points", "scorepad-play-1")
    assert bad["error"].startswith("Cy") and '"7"' in bad["error"]
    for code in ("form_bad_tile", "form_pip_value", "form_pip_empty", "form_duplicate_tile"):
        assert "{round}" not in words[f"error.{code}"] and "{player}" in words[f"error.{code}"]


def test_a_set_up_error_is_told_at_its_control():
    from engine.presentation.web import handle

    def field(args: dict) -> object:
        reply = handle({"method": "scorepad_new", "args": args, "lang": "da"})
        assert reply["ok"] is False
        return reply.get("field")

    options = {"partnerships": True}
    assert field({"preset": "block-dk", "options": options, "players": 3}) == (
        "scorepad-option-partnerships"
    )
    assert field({"preset": "block", "players": 5}) == "scorepad-players"
    assert field({"preset": "nope", "players": 2}) is None


def test_a_player_is_named_as_the_sheet_names_them():
    from engine.core.errors import SheetPlayer, error_message

    told = error_message("da", "form_pip_empty", {"player": SheetPlayer((0, 2), ("Anna", " "))})
    assert told.startswith("Anna & Plads 3:")
    told = error_message("en", "form_pip_empty", {"player": SheetPlayer((1,), ("",))})
    assert told.startswith("Seat 2:")


def test_the_form_a_correction_shows_reads_back_as_the_same_round():
    from engine.features.scorepad import read_form

    sheets = [
        sheet_with(
            "block",
            {},
            3,
            {"went_out": None, "pips": [3, 7, 8]},
            {"went_out": 1, "pips": [["6-1", "2-2"], 0, 5]},
        ),
        sheet_with(
            "block-dk",
            {"double_finish": True, "rounding": True},
            2,
            {"went_out": 0, "pips": [0, ["3-3", "6-6"]], "last_double": True},
        ),
        sheet_with("all-fives", {}, 2, {"went_out": 1, "pips": [12, 0], "play_points": [15, 40]}),
    ]
    for sheet in sheets:
        view = score_sheet(sheet, "da")
        for index, (kept, shown) in enumerate(zip(sheet["rounds"], view["rounds"], strict=True)):
            form = shown["form"]
            assert all(isinstance(t, str) for t in form["pips"]), form
            assert set_round(sheet, index, read_form(sheet, form, index)) == sheet
            assert read_form(sheet, form, index)["pips"] == [
                0 if seat == kept["went_out"] else hand for seat, hand in enumerate(kept["pips"])
            ]
    assert score_sheet(sheets[1])["rounds"][0]["form"] == {
        "went_out": "0",
        "pips": ["", "3-3 6-6"],
        "last_double": True,
    }


BLOCKED_WORD = {
    "en": "blocked",
    "fr": "bloquée",
    "pl": "zablokowana",
    "de": "gesperrt",
    "da": "blokeret",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_blocked_round_says_so_and_shows_the_winners_own_hand(lang: str) -> None:
    """Issue 39: "5 + 8 + 11 = 24 / Carl wins the round and scores 24" read like a round
    won by going out, and the sum (scored by total) left Carl's own 3 pips out."""
    sheet = new_sheet("block-dk", {}, 4, ["Anna", "", "Carl", "Bo"])
    blocked = score_sheet(add_round(sheet, {"went_out": None, "pips": [5, 8, 3, 11]}), lang)
    row = blocked["rounds"][0]
    assert row["arithmetic"] == "5 + 8 + 11 = 24"
    assert BLOCKED_WORD[lang] in row["result"] and "Carl" in row["result"]
    assert re.search(r"\b3\b", row["result"]) and "24" in row["result"]
    # A round won by going out says nothing of a block.
    out = score_sheet(add_round(sheet, {"went_out": 2, "pips": [5, 8, 0, 11]}), lang)
    assert BLOCKED_WORD[lang] not in out["rounds"][0]["result"]
    # Partners: both named, their hands together.
    teams = new_sheet("block-dk", {"partnerships": True}, 4, ["Anna", "Bo", "Carl", "Dan"])
    row = score_sheet(add_round(teams, {"went_out": None, "pips": [5, 8, 3, 11]}), lang)
    result = row["rounds"][0]["result"]
    assert BLOCKED_WORD[lang] in result and "Anna" in result and "Carl" in result
    assert re.search(r"\b8\b", result) and "19" in result
