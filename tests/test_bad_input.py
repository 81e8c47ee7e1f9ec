"""Bad input: every mistake is one clear DominoError, and nothing changes."""

from __future__ import annotations

import copy
import json

import pytest
from engine_helpers import load, replay_cli, run_cli

from engine import DominoError, Match, Move, RoundState, Rules, Tile
from engine.lang import LANGUAGES
from engine.records import replay, replay_lines

T = Tile.parse
BASE = load("example_records.json")["blocked-3-7-8"]["record"]


def snapshot(state: RoundState) -> tuple:
    return (
        state.hands,
        state.boneyard,
        state.layout,
        tuple(state.events),
        state.current_player,
        tuple(state.play_points),
    )


def two_player_state() -> RoundState:
    hands = [
        [T(t) for t in ("1-4", "4-4", "0-2", "0-3", "0-5", "0-6", "2-6")],
        [T(t) for t in ("1-1", "3-4", "5-5", "5-6", "6-6", "2-2", "3-3")],
    ]
    return RoundState(Rules.make("block"), 2, 0, hands)


@pytest.mark.parametrize(
    ("moves", "bad", "message"),
    [
        ([], "1-1", "Seat 0 is to play and does not hold [1|1]"),
        (["1-4"], "0-2", "Seat 1 is to play and does not hold [0|2]"),
        (
            ["1-4"],
            "5-5",
            "Seat 1 cannot place [5|5]: it fits no open end (the open ends take 1, 4)",
        ),
        (["1-4"], "1-1@right", "Seat 1 cannot place [1|1] at the right end, which needs a 4"),
        (["1-4"], "1-1@up", "Seat 1 cannot place [1|1] at the top end: that end is not open"),
        (["1-4"], "1-1@middle", 'Unknown end "middle"'),
        (["1-4"], "9-1", 'Unknown tile "9-1"'),
        (["1-4"], "banana", 'Unknown tile "banana"'),
    ],
)
def test_illegal_moves_raise_and_change_nothing(moves, bad, message):
    state = two_player_state()
    for m in moves:
        state.apply(m)
    before = snapshot(state)
    with pytest.raises(DominoError) as info:
        state.apply(bad)
    assert message in str(info.value)
    assert snapshot(state) == before
    state.apply(state.legal_moves()[0])  # and play goes on


def test_errors_speak_every_language():
    state = two_player_state()
    state.apply("1-4")
    with pytest.raises(DominoError) as info:
        state.apply("1-1@right")
    messages = {lang: info.value.message(lang) for lang in LANGUAGES}
    assert messages["fr"] == (
        "Le siège 1 ne peut pas poser [1|1] à l’extrémité droite, qui demande un 4."
    )
    assert messages["de"].startswith("Sitz 1 kann [1|1] nicht an das rechte Ende legen")
    assert "[1|1]" in messages["pl"] and "prawy" in messages["pl"]
    assert messages["da"].startswith("Plads 1 kan ikke lægge [1|1] til den højre ende")
    assert len(set(messages.values())) == 5


def test_every_message_exists_in_every_language():
    from engine.lang import strings

    keys = set(strings("en"))
    for lang in LANGUAGES:
        assert set(strings(lang)) == keys, lang
        for key in keys:
            fields_en = sorted(_fields(strings("en")[key]))
            assert sorted(_fields(strings(lang)[key])) == fields_en, (lang, key)


def _fields(template: str) -> list[str]:
    import string

    return [f for _, f, _, _ in string.Formatter().parse(template) if f]


def test_round_over_refuses_more_moves():
    state = two_player_state()
    while not state.is_terminal:
        state.apply(state.legal_moves()[0])
    before = snapshot(state)
    with pytest.raises(DominoError, match="already over"):
        state.apply(Move(T("6-6")))
    assert snapshot(state) == before
    assert state.legal_moves() == []


def bad(record: dict) -> dict:
    result = replay(record)
    assert result["ok"] is False
    return result


def altered(**changes) -> dict:
    rec = copy.deepcopy(BASE)
    rec.update(changes)
    return rec


def test_unknown_tile_in_a_hand():
    hands = copy.deepcopy(BASE["hands"])
    hands[1][2] = "7-7"
    assert bad(altered(hands=hands)) == {
        "ok": False,
        "error": 'Unknown tile "7-7": write a tile as a-b with values from 0 to 6.',
        "play": None,
    }


def test_duplicated_tile():
    hands = copy.deepcopy(BASE["hands"])
    hands[1][0] = hands[0][0]
    a, b = hands[0][0].split("-")
    assert f"[{min(a, b)}|{max(a, b)}] appears more than once" in bad(altered(hands=hands))["error"]


def test_wrong_hand_size():
    hands = copy.deepcopy(BASE["hands"])
    hands[2] = hands[2][:4]
    assert "Seat 2 holds 4 tiles; this game deals 5" in bad(altered(hands=hands))["error"]
    assert "3 hands were given for 4 players" in bad(altered(players=4))["error"]


def test_illegal_play_names_the_play():
    plays = list(BASE["plays"])
    plays[3] = plays[0]
    result = bad(altered(plays=plays))
    assert result["play"] == 3 and "does not hold" in result["error"]


def test_wrong_end():
    record = {
        "preset": "block", "players": 2, "leader": 0,
        "hands": [["1-4", "4-4", "0-2", "0-3", "0-5", "0-6", "2-6"],
                  ["1-1", "3-4", "5-5", "5-6", "6-6", "2-2", "3-3"]],
        "plays": ["1-4", "1-1@right"],
    }  # fmt: skip
    result = bad(record)
    assert result == {
        "ok": False,
        "error": "Seat 1 cannot place [1|1] at the right end, which needs a 4.",
        "play": 1,
    }
    assert replay(record, "fr")["error"].startswith("Le siège 1 ne peut pas poser [1|1]")


def test_extra_and_missing_plays():
    assert bad(altered(plays=[*BASE["plays"], "0-0"]))["play"] == len(BASE["plays"])
    result = bad(altered(plays=BASE["plays"][:-1]))
    assert result["play"] is None and "stop before the round is over" in result["error"]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"preset": "muggins"}, 'Unknown preset "muggins"'),
        ({"options": {"rounding": True}}, 'The preset block has no option "rounding"'),
        (
            {"preset": "block-dk", "options": {"target": 99}},
            "The option target cannot be 99 (whole number)",
        ),
        (
            {"preset": "block-dk", "options": {"draw": 1}},
            "The option draw cannot be 1 (whole number)",
        ),
        ({"preset": "block-dk", "options": {"partnerships": True}}, "exactly 4 players, not 3"),
        ({"players": 5}, "5 players"),
        ({"leader": 3}, "There is no seat 3 with 3 players"),
        ({"boneyard": ["0-0"]}, "no boneyard"),
        ({"colour": "red"}, "unknown field 'colour'"),
        ({"plays": "1-4"}, "the field 'plays' has the wrong type"),
    ],
)
def test_bad_records(changes, message):
    assert message in bad(altered(**changes))["error"]


def test_missing_fields():
    for field in ("players", "leader", "hands", "plays"):
        rec = copy.deepcopy(BASE)
        del rec[field]
        assert f"the field '{field}' is missing" in bad(rec)["error"]


def test_draw_game_needs_the_whole_boneyard():
    record = load("example_records.json")["fives-rounding"]["record"]
    rec = dict(record, boneyard=record["boneyard"][:-1])
    assert "The boneyard holds 13 tiles" in bad(rec)["error"]


def test_malformed_json_lines_do_not_stop_the_replay():
    good = json.dumps(BASE)
    lines = [good, "{not json", "", "[1, 2]", json.dumps(altered(leader=9)), good]
    results = list(replay_lines(lines))
    assert [r["ok"] for r in results] == [True, False, False, False, True]
    assert results[1]["error"].startswith("This line is not valid JSON")
    assert "must be a JSON object" in results[2]["error"]
    assert results[0] == results[4]
    # The command line answers the same, one line per record, in order.
    proc = run_cli("replay", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0
    assert [json.loads(line) for line in proc.stdout.splitlines()] == results


def test_replay_reads_a_file_and_speaks_the_asked_language(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text("{oops\n", encoding="utf-8")
    proc = run_cli("replay", str(path), "--lang", "de")
    assert json.loads(proc.stdout)["error"].startswith("Diese Zeile ist kein gültiges JSON")


def test_describe_rejects_an_illegal_layout():
    proc = run_cli("describe", "--lang", "fr", "1-4", "2-2")
    assert proc.returncode == 2
    assert proc.stderr.strip() == "[2|2] ne va à aucune extrémité ouverte (elles demandent 1, 4)."
    proc = run_cli("describe", "1-4", "1-4")
    assert proc.returncode == 2 and "already on the table" in proc.stderr


# -- leaders -------------------------------------------------------------------------


def test_dk_first_round_highest_double_leads_with_it():
    rules = Rules.make("block-dk")
    hands = [
        [T(t) for t in ("0-1", "0-2", "0-3", "0-4", "4-4")],
        [T(t) for t in ("1-2", "1-3", "1-4", "5-5", "2-3")],
        [T(t) for t in ("2-4", "3-4", "0-0", "1-1", "2-5")],
    ]
    with pytest.raises(DominoError, match="the rules give the lead to seat 1"):
        RoundState(rules, 3, 0, hands, first_round=True)
    state = RoundState(rules, 3, 1, hands, first_round=True)
    assert state.legal_moves() == [Move(T("5-5"))]
    before = snapshot(state)
    with pytest.raises(DominoError, match="must open with \\[5\\|5\\]"):
        state.apply("1-2")
    assert snapshot(state) == before
    # Not the first round: any tile.
    assert len(RoundState(rules, 3, 0, hands).legal_moves()) == 5


def test_dk_first_round_without_doubles_heaviest_tile_leads():
    rules = Rules.make("block-dk")
    hands = [
        [T(t) for t in ("0-1", "0-2", "0-3", "0-4", "1-5")],
        [T(t) for t in ("1-2", "1-3", "1-4", "0-6", "2-3")],
        [T(t) for t in ("2-4", "3-4", "2-5", "0-5", "1-6")],
    ]
    # [3|4] and [2|5] and [1|6] all weigh 7: the higher high half wins, [1|6].
    state = RoundState(rules, 3, 2, hands, first_round=True)
    assert state.legal_moves() == [Move(T("1-6"))]


def test_match_checks_each_leader():
    record = load("example_records.json")["blocked-3-7-8"]["record"]
    rnd = {k: record[k] for k in ("leader", "hands", "plays")}
    match = {"preset": "block", "options": {}, "players": 3,
             "first_leader": record["leader"], "rounds": [rnd, rnd]}  # fmt: skip
    result = replay(match)
    assert result["ok"] is False and result["round"] == 1 and result["play"] is None
    expected = (record["leader"] + 1) % 3
    assert f"the rules give the lead to seat {expected}" in result["error"]
    one = replay(dict(match, rounds=[rnd]))
    assert one == {
        "ok": True,
        "totals": [[12, 0, 0]],
        "leaders": [record["leader"]],
        "winner": None,
        "drawn": False,
        "rounds_played": 1,
    }


def test_match_refuses_rounds_after_the_end():
    rules = Rules.make("block")
    match = Match(rules, 2, 0)
    match.totals = [100, 3]
    match.results.append(object())  # type: ignore[arg-type]
    with pytest.raises(DominoError, match="already over"):
        match.start_round()


def test_partnership_leads_and_team_scores():
    rules = Rules.make("block-dk", partnerships=True, blocked_scoring="difference")
    from engine.scoring import next_leader, score_round_end

    end = score_round_end(rules, [5, 9, 2, 4], None, leader=3)
    # Teams: seats 0+2 hold 7, seats 1+3 hold 13; team 0 wins 13 − 7 = 6.
    assert (end.winner, end.points, end.seat) == (0, 6, 2)
    assert next_leader(rules, 4, 3, end) == 2  # the partner with fewer pips
    tie = score_round_end(rules, [3, 9, 3, 4], None, leader=0)
    assert tie.seat == 2  # equal pips: first clockwise from the leader's left (1, 2, …)
    tie = score_round_end(rules, [3, 9, 3, 4], None, leader=2)
    assert tie.seat == 0
    out = score_round_end(rules, [0, 9, 30, 4], 0)
    assert (out.winner, out.points) == (0, 13)  # a partner's tiles never count
    assert next_leader(rules, 4, 1, out) == 0


def test_cli_results_match_in_process_results():
    records = [entry["record"] for entry in load("example_records.json").values()]
    assert replay_cli(records) == [replay(r) for r in records]
