"""Bad input: every mistake is one clear DominoError, and nothing changes."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest
from engine_helpers import ROOT, Replayer, load, replay_cli, run_cli

from engine import DominoError, Match, Move, RoundState, Rules, Tile
from engine.core.boundary import MAX_LINE
from engine.core.records import (
    error_answer,
    replay,
    replay_line,
    replay_match,
    replay_round,
    round_record,
)
from engine.core.rules import check_seat, option_choices
from engine.lang import LANGUAGES

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
        ([], "1-1", "Seat 1 is to play and does not hold [1|1]"),
        (["1-4"], "0-2", "Seat 2 is to play and does not hold [0|2]"),
        (["1-4"], "5-5", "[5|5] fits no open end (the open ends take 1, 4)"),
        (["1-4"], "1-1@right", "[1|1] does not fit the right end, which needs a 4"),
        (["1-4"], "1-1@up", "The top end is not open, so [1|1] cannot go there"),
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
    assert messages["fr"] == "[1|1] ne va pas à l’extrémité droite, qui demande un 4."
    assert messages["de"].startswith("[1|1] passt nicht an das rechte Ende")
    assert "[1|1]" in messages["pl"] and "prawy" in messages["pl"]
    assert messages["da"].startswith("[1|1] passer ikke til den højre ende")
    assert len(set(messages.values())) == 5


def test_every_message_exists_in_every_language():
    from engine.core.words import strings

    keys = set(strings("en"))
    for lang in LANGUAGES:
        assert set(strings(lang)) == keys, lang
        for key in keys:
            # The same fields, each used once or more as the sentence needs.
            fields_en = set(_fields(strings("en")[key]))
            assert set(_fields(strings(lang)[key])) == fields_en, (lang, key)


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
    assert "Seat 3 holds 4 tiles; this game deals 5" in bad(altered(hands=hands))["error"]
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
        "error": "[1|1] does not fit the right end, which needs a 4.",
        "play": 1,
    }
    assert replay(record, "fr")["error"].startswith("[1|1] ne va pas à l’extrémité droite")


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
        ({"players": 5}, "2, 3 or 4 players, not 5"),
        ({"leader": 3}, "There is no seat 4 with 3 players"),
        ({"boneyard": ["0-0"]}, "no boneyard"),
        ({"colour": "red"}, "there is no field colour in a record"),
        ({"plays": "1-4"}, 'the field plays must be a list, not "1-4" (text)'),
    ],
)
def test_bad_records(changes, message):
    assert message in bad(altered(**changes))["error"]


def test_missing_fields():
    for field in ("players", "leader", "hands", "plays"):
        rec = copy.deepcopy(BASE)
        del rec[field]
        assert f"the field {field} is missing" in bad(rec)["error"]


def test_draw_game_needs_the_whole_boneyard():
    record = load("example_records.json")["fives-rounding"]["record"]
    rec = dict(record, boneyard=record["boneyard"][:-1])
    assert "The boneyard holds 13 tiles" in bad(rec)["error"]


def test_malformed_json_lines_do_not_stop_the_replay():
    good = json.dumps(BASE)
    lines = [good, "{not json", "", "[1, 2]", json.dumps(altered(leader=9)), good]
    results = [r for line in lines if (r := replay_line(line)) is not None]
    assert [r["ok"] for r in results] == [True, False, False, False, True]
    assert results[1]["error"].startswith("This line is not valid JSON")
    assert "must be a JSON object" in results[2]["error"]
    assert results[0] == results[4]
    # The command line answers the same, one line per record, in order.
    proc = run_cli("replay", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 1  # some lines were errors
    assert [json.loads(line) for line in proc.stdout.splitlines()] == results


def test_replay_reads_a_file_and_speaks_the_asked_language(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text("{oops\n", encoding="utf-8")
    proc = run_cli("replay", str(path), "--lang", "de")
    assert proc.returncode == 1
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
    with pytest.raises(DominoError, match="the rules give the lead to seat 2"):
        RoundState(rules, 3, 0, hands, first_round=True)
    state = RoundState(rules, 3, 1, hands, first_round=True)
    assert state.legal_moves() == [Move(T("5-5"))]
    before = snapshot(state)
    with pytest.raises(DominoError, match="must lead with \\[5\\|5\\]"):
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
    expected = (record["leader"] + 1) % 3 + 1  # counted from 1
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
    match.ledger.add([100, 3])  # a round that reached the target
    match.results.append(object())  # type: ignore[arg-type]
    with pytest.raises(DominoError, match="already over"):
        match.start_round()


def test_partnership_leads_and_team_scores():
    rules = Rules.make("block-dk", partnerships=True, blocked_scoring="difference")
    from engine.core.scoring import score_round_end

    end = score_round_end(rules, [5, 9, 2, 4], None, leader=3)
    # Teams: seats 0+2 hold 7, seats 1+3 hold 13; team 0 wins 13 − 7 = 6.
    assert (end.winner, end.points, end.seat) == (0, 6, 2)
    assert rules.policy.lead.next_leader(4, 3, end.seat) == 2  # the partner with fewer pips
    tie = score_round_end(rules, [3, 9, 3, 4], None, leader=0)
    assert tie.seat == 2  # equal pips: first clockwise from the leader's left (1, 2, …)
    tie = score_round_end(rules, [3, 9, 3, 4], None, leader=2)
    assert tie.seat == 0
    out = score_round_end(rules, [0, 9, 30, 4], 0)
    assert (out.winner, out.points) == (0, 13)  # a partner's tiles never count
    assert rules.policy.lead.next_leader(4, 1, out.seat) == 0


def test_cli_results_match_in_process_results():
    records = [entry["record"] for entry in load("example_records.json").values()]
    assert replay_cli(records) == [replay(r) for r in records]


# -- at the edges: the command line never dies on a line ---------------------------

GOOD_LINE = json.dumps(BASE)
DIGITS = sys.get_int_max_str_digits()  # the longest number Python's int() reads
GOOD_ANSWER = replay(BASE)


def told(code: str, lang: str = "en", **params: object) -> dict:
    return error_answer(DominoError(code, **params), lang)


def test_each_line_is_answered_as_it_is_read_and_no_line_stops_the_replay():
    nasty = [
        (b"[" * 100_000, told("line_too_deep", "fr", limit=64)),
        (b'{"players": ' + b"7" * 5000 + b"}", told("line_number_too_long", "fr", limit=DIGITS)),
        (b'"\\ud800"', told("record_round_not_object", "fr")),
        (b'{"preset": "\\ud800"}', None),
        (b"x" * (2 << 20), told("line_too_long", "fr", limit=MAX_LINE)),
        (b"\xff\xfe{}", told("line_not_utf8", "fr")),
        (b"{oops", None),
        (json.dumps({**BASE, "hands": [["1-4" * 300_000]]}).encode(), None),
    ]
    good = replay(BASE, "fr")
    replayer = Replayer("--lang", "fr")
    try:
        assert replayer.ask(GOOD_LINE.encode()) == good
        for line, expected in nasty:
            answer = replayer.ask(line)
            assert answer["ok"] is False and answer["play"] is None
            if expected is not None:
                assert answer == expected
            assert len(answer["error"]) < 200
            replayer.send(b"  ")  # a blank line has no answer …
            assert replayer.ask(GOOD_LINE.encode()) == good  # … so this is the next one
    finally:
        code, stderr = replayer.close()
    assert code == 1 and stderr == ""  # 1: some lines were errors


def test_an_unpaired_surrogate_is_told_as_an_escape():
    replayer = Replayer()
    try:
        answer = replayer.ask(b'{"preset": "\\ud800"}')
    finally:
        assert replayer.close() == (1, "")
    assert answer["error"].startswith('Unknown preset "\\ud800": choose one of')


def test_a_line_at_the_limit_is_read_and_one_byte_more_is_too_long():
    padded = GOOD_LINE.encode() + b" " * (MAX_LINE - len(GOOD_LINE))
    assert len(padded) == MAX_LINE
    assert replay_line(padded) == GOOD_ANSWER
    assert replay_line(padded + b"\r\n") == GOOD_ANSWER
    assert replay_line(padded.decode() + "\n") == GOOD_ANSWER
    assert replay_line(padded + b" ") == told("line_too_long", limit=MAX_LINE)
    assert replay_line(padded.decode() + " ") == told("line_too_long", limit=MAX_LINE)
    proc = run_cli("replay", stdin=f"{padded.decode()}\r\n{padded.decode()} \n{GOOD_LINE}\n")
    assert proc.returncode == 1
    assert [json.loads(line) for line in proc.stdout.splitlines()] == [
        GOOD_ANSWER,
        told("line_too_long", limit=MAX_LINE),
        GOOD_ANSWER,
    ]


def test_replay_line_answers_every_bad_line_in_process():
    assert replay_line("  \n") is None and replay_line(b"\n") is None
    assert replay_line("[" * 100_000) == told("line_too_deep", limit=64)
    assert replay_line("9" * 5000) == told("line_number_too_long", limit=DIGITS)
    assert replay_line(b"\xc3(") == told("line_not_utf8")
    assert replay_line(None)["error"] == "The argument line cannot be null (no value)."
    answers = [replay_line(x) for x in [GOOD_LINE, "[" * 100_000, b"\xff", 5, GOOD_LINE.encode()]]
    assert [a is not None and a["ok"] for a in answers] == [True, False, False, False, True]


def test_the_records_functions_raise_only_domino_errors_on_wrong_arguments():
    for bad_lang in ("xx", None, ["en"]):
        with pytest.raises(DominoError) as info:
            replay(BASE, bad_lang)
        assert info.value.code == "unknown_language"
        with pytest.raises(DominoError):
            replay_line(GOOD_LINE, bad_lang)
    for bad_record in (None, 5, "x", [], {"rounds": 5}):
        with pytest.raises(DominoError):
            replay_round(bad_record)
        with pytest.raises(DominoError):
            replay_match(bad_record)
    with pytest.raises(DominoError, match="The argument state cannot be null"):
        round_record(None)


def test_a_missing_or_unreadable_or_non_utf8_file_is_a_usage_error(tmp_path):
    missing = tmp_path / "missing.jsonl"
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(f'{GOOD_LINE}\n\n{{"preset": "caf\xe9"}}\n'.encode("latin-1"))
    cases = [
        ([str(missing), "--lang", "de"], f"Die Datei {missing} gibt es nicht."),
        ([str(latin)], f"The file {latin} is not UTF-8 text (line 3)."),
        ([str(latin), "--lang", "pl"], f"Plik {latin} nie jest tekstem UTF-8 (wiersz 3)."),
        ([str(tmp_path), "--lang", "fr"], f"{tmp_path} est un dossier, pas un fichier."),
    ]
    for args, message in cases:
        proc = run_cli("replay", *args)
        assert proc.returncode == 2, proc.stderr
        assert proc.stdout == ""  # nothing answered before the usage error
        # One line, in the chosen language: no usage block, no argparse English.
        assert proc.stderr == f"python -m engine replay: {message}\n"


def test_a_file_is_read_line_by_line_from_a_pipe_too(tmp_path):
    # A pipe cannot be checked whole first: its bad lines answer as standard input's do.
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "/dev/stdin"],
        input=GOOD_LINE.encode() + b"\n\xff\n" + GOOD_LINE.encode() + b"\n",
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert proc.returncode == 1, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert answers == [GOOD_ANSWER, told("line_not_utf8"), GOOD_ANSWER]


def test_help_is_plain_text():
    for args in ([], ["replay"], ["describe"]):
        proc = run_cli(*args, "--help")
        assert proc.returncode == 0
        assert "usage: python -m engine" in proc.stdout
        assert (
            "``" not in proc.stdout and ":func:" not in proc.stdout and ":data:" not in proc.stdout
        )


# -- tiles: linear parsing, ASCII digits, capped echoes -------------------------------


def test_tile_parsing_is_linear_in_the_length_of_the_text():
    # Quadratic parsing (as before) would take hours on these; linear, milliseconds.
    spaces = " " * 1_000_000
    assert Tile.parse(f"{spaces}[{spaces}1{spaces}-{spaces}4{spaces}]{spaces}") == Tile.of(1, 4)
    for bad in (spaces + "x", "[" + spaces + "x", "1" + spaces + "x", "1-4" + spaces + "x"):
        with pytest.raises(DominoError):
            Tile.parse(bad)


@pytest.mark.parametrize("text", ["１-４", "１|４", "٣-٤", "1-４", "७-१", "²-³", "1-4-", "", " "])
def test_only_ascii_digits_make_a_tile(text):
    with pytest.raises(DominoError) as info:
        Tile.parse(text)
    assert info.value.code == "bad_tile"
    assert str(info.value).startswith(f"Unknown tile {json.dumps(text, ensure_ascii=False)}:")


@pytest.mark.parametrize(
    ("text", "tile"),
    [("1-4", (1, 4)), (" [ 6 | 0 ] ", (0, 6)), ("\t3-3\n", (3, 3)), ("[2-5]", (2, 5))],
)
def test_tiles_are_written_as_before(text, tile):
    assert Tile.parse(text) == Tile.of(*tile)


def test_an_error_echoes_at_most_the_start_of_a_long_value():
    with pytest.raises(DominoError) as info:
        Tile.parse("x" * 1_000_000)
    for lang in LANGUAGES:
        message = info.value.message(lang)
        assert '"' + "x" * 40 + "…" in message and "x" * 41 not in message
        assert len(message) < 150
    # Every parameter is capped, the engine's own words too (less tightly).
    long = DominoError("record_missing_field", field="y" * 1_000_000).message("de")
    assert len(long) < 300 and "y" * 200 + "… fehlt." in long
    # A record's long value is capped in the answer line as well.
    answer = replay(dict(BASE, hands=[["1-4" * 100_000]]))
    assert len(answer["error"]) < 150 and answer["error"].startswith('Unknown tile "1-41-4')


def test_messages_always_encode_whatever_the_value():
    values = [
        *("\ud800", "a\x00b", "\u202e", "\U0001f600", b"\xff", object(), Tile.of(1, 4)),
        *(
            10**100_000,
            -(10**5000),
            float("nan"),
            [[[[[[[[[[[[1]]]]]]]]]]]],
            {"k": {"\udfff": None}},
        ),
    ]
    for value in values:
        for code, param in [
            ("bad_seat", "seat"),
            ("bad_option_value", "value"),
            ("record_missing_field", "field"),
        ]:
            error = DominoError(code, **{param: value, "players": 3, "option": "x", "allowed": "1"})
            for lang in LANGUAGES:
                message = error.message(lang)
                message.encode("utf-8")
                assert len(message) < 400
    assert DominoError("bad_seat", seat="\ud800", players=2).message() == (
        'There is no seat "\\ud800" (text) with 2 players.'
    )
    assert "≈1e100000" in DominoError("bad_seat", seat=10**100_000, players=2).message()


# -- the API: wrong types are DominoErrors that show the value given ----------------------


@pytest.mark.parametrize(
    ("call", "shown"),
    [
        (lambda: Tile.of("1", 2), '"1" (text)'),
        (lambda: Tile.of(True, 2), "true (true or false)"),
        (lambda: Tile.of(2, False), "false (true or false)"),
        (lambda: Tile.of(2.0, 1), "2.0 (decimal number)"),
        (lambda: Tile.of(None, 1), "null (no value)"),
        (lambda: Tile.of([1], 2), "[1] (list)"),
        (lambda: Tile.of(9, 1), "not 9."),
        (lambda: Tile.of(10**5000, 1), "not ≈1e5000."),
        (lambda: Tile("1", 2), '"1" (text)'),
        (lambda: Tile(4, 1), "write 1, 4, not 4, 1"),
        (lambda: Tile.parse(14), "14 (whole number)"),
        (lambda: Tile.parse(None), "null (no value)"),
        (lambda: Tile.parse({"low": 1}), '{"low": 1} (object)'),
        (lambda: Tile.of(1, 4).other(5), "[1|4] has no half 5."),
        (lambda: Tile.of(1, 4).other("1"), '[1|4] has no half "1" (text).'),
        (
            lambda: Rules.make("block-dk", target="150"),
            'cannot be "150" (text): allowed are 100, 150',
        ),
        (lambda: Rules.make("block-dk", target=True), "cannot be true (true or false): allowed"),
        (lambda: Rules.make("block-dk", target=150.0), "cannot be 150.0 (decimal number)"),
        (
            lambda: Rules.make("block-dk", draw=1),
            "cannot be 1 (whole number): allowed are false, true",
        ),
        (lambda: Rules.make("block-dk", draw=None), "cannot be null (no value)"),
        (lambda: Rules.make("block-dk", hand_size=[7]), "cannot be [7] (list)"),
        (lambda: Rules.make(None), "Unknown preset null (no value)"),
        (lambda: Rules.make(["block"]), 'Unknown preset ["block"] (list)'),
        (lambda: Rules.make("Block"), 'Unknown preset "Block": choose one of'),
        (lambda: Rules.from_record("block", "target=150"), 'not "target=150" (text).'),
        (lambda: Rules.from_record("block", [["target", 150]]), 'not [["target", 150]] (list).'),
        (lambda: Rules.from_record("block-dk", {1: 2}), "has no option 1 (whole number)."),
        (lambda: option_choices(None), "Unknown preset null"),
        (lambda: option_choices(["draw"]), 'Unknown preset ["draw"] (list)'),
        (lambda: check_seat("1", 3), 'There is no seat "1" (text) with 3 players.'),
        (lambda: check_seat(1.0, 3), "no seat 1.0 (decimal number) with 3"),
        (lambda: check_seat(True, 3), "no seat true (true or false) with 3"),
        (lambda: check_seat(-1, 3), "There is no seat -1 with 3 players."),
        (lambda: check_seat(0, "3"), 'players, not "3" (text)'),
        (lambda: check_seat(0, None), "players, not null (no value)"),
        (lambda: Rules.make("block").check_players(3.0), "players, not 3.0 (decimal number)"),
        (lambda: Rules.make("block").hand_size("2"), 'players, not "2" (text)'),
        (lambda: Rules.make("block").target(None), "players, not null (no value)"),
    ],
)
def test_a_wrong_argument_is_a_domino_error_showing_the_json_value(call, shown):
    with pytest.raises(DominoError) as info:
        call()
    assert shown in str(info.value)


def test_the_kind_of_a_wrong_value_is_told_in_every_language():
    with pytest.raises(DominoError) as info:
        Rules.make("block-dk", target="150")
    messages = {lang: info.value.message(lang) for lang in LANGUAGES}
    assert messages == {
        "en": 'The option target cannot be "150" (text): allowed are 100, 150, 250, 61.',
        "fr": (
            'L’option target ne peut pas valoir "150" (texte)\u00a0: '
            "valeurs permises 100, 150, 250, 61."
        ),
        "pl": 'Opcja target nie może mieć wartości "150" (tekst): dozwolone są 100, 150, 250, 61.',
        "de": 'Die Option target kann nicht "150" (Text) sein: Erlaubt sind 100, 150, 250, 61.',
        "da": 'Indstillingen target kan ikke være "150" (tekst): tilladt er 100, 150, 250, 61.',
    }
    # A record's options are told the same way.
    result = replay(altered(preset="block-dk", options={"target": "150"}))
    assert result["error"] == messages["en"]
    result = replay(altered(preset="block-dk", options={"rounding": 1}), "de")
    assert result["error"].startswith("Die Option rounding kann nicht 1 (ganze Zahl) sein")


def test_the_engines_own_words_are_shown_as_they_are():
    error = DominoError("no_fit", tile="[5|5]", ends="1, 4")
    assert str(error) == "[5|5] fits no open end (the open ends take 1, 4)."
    error = DominoError("no_match", tile="[2|5]", end="left", value=1)
    assert error.message("fr").startswith("[2|5]") and "gauche" in error.message("fr")


# -- errors raised by the API do not speak of a record -------------------------------

RECORD_WORDS = ("record", "enregistrement", "zapis", "datensatz", "optegnelse")


@pytest.mark.parametrize(
    ("code", "params"),
    [
        ("hand_count", {"count": 3, "players": 2}),
        ("hand_size", {"seat": 1, "count": 4, "expected": 5}),
        ("duplicate_tile", {"tile": "[1|4]"}),
        ("boneyard_size", {"count": 3, "expected": 14}),
        ("no_boneyard", {"count": 3}),
        ("wrong_leader", {"seat": 0, "expected": 1}),
        ("record_incomplete", {"seat": 1}),
    ],
)
def test_deal_errors_are_right_for_a_record_and_for_an_api_call(code, params):
    for lang in LANGUAGES:
        message = DominoError(code, **params).message(lang).lower()
        assert not any(word in message for word in RECORD_WORDS), (lang, message)


def test_a_deal_given_to_the_api_is_told_without_a_record():
    hands = two_player_state().hands
    with pytest.raises(DominoError) as info:
        RoundState(Rules.make("block"), 2, 0, [*hands, hands[0]])
    assert str(info.value) == "3 hands were given for 2 players."
    with pytest.raises(DominoError) as info:
        RoundState(Rules.make("block"), 2, 0, hands, [T("0-0"), T("1-2")])
    assert str(info.value) == "This game has no boneyard, but 2 tiles were given for one."
