"""Game records as typed values: read once (RoundRecord.parse, MatchRecord.parse,
parse_record), then replayed; a bad record is told as before the values existed."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest
from engine_helpers import load

from engine import DominoError, Match, Move, Rules, Tile
from engine.core import records
from engine.core.records import (
    MatchRecord,
    MatchRound,
    PlayError,
    RoundRecord,
    parse_record,
    replay,
    replay_match,
    replay_round,
    round_record,
)

EXAMPLES = load("example_records.json")
BASE = EXAMPLES["blocked-3-7-8"]["record"]
PLAYS = BASE["plays"]


def match_record() -> dict:
    """Three rounds of block for two, each seat laying its first legal move."""
    rules = Rules.make("block")
    match = Match(rules, 2, 0, rng=3)
    rounds = []
    for _ in range(3):
        state = match.start_round()
        while not state.is_terminal:
            state.apply(state.legal_moves()[0])
        match.record(state)
        rec = round_record(state)
        rounds.append({k: rec[k] for k in ("leader", "hands", "plays")})
    return {**rules.to_record(), "players": 2, "first_leader": 0, "rounds": rounds}


MATCH = match_record()
R0, R1 = MATCH["rounds"][0], MATCH["rounds"][1]


def changed(record: dict, **fields: object) -> dict:
    """A copy of ``record`` with ``fields`` set (``...``: removed)."""
    out = copy.deepcopy(record)
    for name, value in fields.items():
        if value is ...:
            del out[name]
        else:
            out[name] = value
    return out


def without(record: dict, name: str) -> dict:
    return {k: v for k, v in record.items() if k != name}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_an_example_record_round_trips_through_its_typed_value(name: str) -> None:
    data = EXAMPLES[name]["record"]
    parsed = RoundRecord.parse(data)
    assert parsed == parse_record(data)
    assert round_record(replay_round(parsed)) == data
    assert parsed.to_json() == data
    assert RoundRecord.of(replay_round(parsed)) == parsed
    assert json.dumps(round_record(replay_round(parsed))) == json.dumps(data)


def test_the_typed_values_hold_typed_fields() -> None:
    parsed = RoundRecord.parse(BASE)
    assert parsed.rules == Rules.make("block") and parsed.players == 3 and parsed.leader == 1
    assert parsed.hands[0] == tuple(Tile.parse(t) for t in BASE["hands"][0])
    assert parsed.boneyard == () and parsed.first_round is False
    assert parsed.plays[1] == Move.parse("0-5@right") and len(parsed.plays) == len(PLAYS)
    match = MatchRecord.parse(MATCH)
    assert isinstance(parse_record(MATCH), MatchRecord)
    assert match.first_leader == 0 and len(match.rounds) == 3
    assert all(isinstance(r, MatchRound) for r in match.rounds)
    assert match.rounds[1].plays == tuple(Move.parse(p) for p in R1["plays"])
    assert match.to_json() == MATCH
    again = replay_match(match)
    assert again.leaders == [0, 1, 0] and again.history == [[3, 0], [3, 3], [3, 15]]


def test_the_typed_values_are_frozen() -> None:
    parsed = RoundRecord.parse(BASE)
    match = MatchRecord.parse(MATCH)
    for value, field in ((parsed, "leader"), (parsed, "plays"), (match, "rounds")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        match.rounds[0].leader = 1  # type: ignore[misc]
    assert isinstance(parsed.hands, tuple) and isinstance(parsed.hands[0], tuple)
    assert isinstance(parsed.plays, tuple) and isinstance(match.rounds, tuple)


def test_the_replay_takes_typed_values_only() -> None:
    # JSON data is refused with bad_argument: it must be read by parse first.
    for value in (BASE, MATCH, None, RoundRecord.parse(BASE).to_json()):
        with pytest.raises(DominoError) as info:
            replay_round(value)  # type: ignore[arg-type]
        assert info.value.code == "bad_argument"
        assert info.value.message("en").startswith("The argument record cannot be")
        with pytest.raises(DominoError) as info:
            replay_match(value)  # type: ignore[arg-type]
        assert info.value.code == "bad_argument"
    with pytest.raises(DominoError, match="argument record"):
        replay_round(MatchRecord.parse(MATCH))  # type: ignore[arg-type]
    with pytest.raises(DominoError, match="argument record"):
        replay_match(RoundRecord.parse(BASE))  # type: ignore[arg-type]


SHAPE_FAULTS = [
    (None, "record_round_not_object"),
    (changed(BASE, bogus=1), "record_unknown_field"),
    (changed(BASE, preset="nope"), "unknown_preset"),
    (changed(BASE, players=...), "record_missing_field"),
    (changed(BASE, players=True), "record_not_int"),
    (changed(BASE, leader="x"), "record_not_int"),
    (changed(BASE, first_round=1), "record_not_bool"),
    (changed(BASE, hands="0-1"), "record_not_list"),
    (changed(BASE, hands=[["0-1"], "1-1"]), "record_not_tiles"),
    (changed(BASE, hands=[["9-9"]]), "bad_tile"),
    (changed(BASE, boneyard={}), "record_not_tiles"),
    (changed(MATCH, first_leader="0"), "record_first_leader"),
    (changed(MATCH, rounds=[5]), "record_round_not_object"),
    (changed(MATCH, rounds=[without(R0, "leader")]), "record_missing_field"),
]


@pytest.mark.parametrize(("data", "code"), SHAPE_FAULTS)
def test_a_shape_fault_is_found_by_parse_before_any_replay(
    data: object, code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Faults read before the deal: parsing raises without dealing any round (of a match,
    # it sets up the match alone, to tell a first leader out of range first).
    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("replayed")

    monkeypatch.setattr(records, "RoundState", no_replay)
    monkeypatch.setattr(records.Match, "start_round", no_replay)
    with pytest.raises(DominoError) as info:
        parse_record(data)
    assert info.value.code == code


@pytest.mark.parametrize(
    ("data", "code", "index"),
    [
        (changed(BASE, plays=...), "record_missing_field", None),
        (changed(BASE, plays="2-5"), "record_not_list", None),
        (changed(BASE, plays=[*PLAYS[:2], 5]), "bad_play", 2),
        (changed(BASE, plays=[*PLAYS[:2], "2-5@nowhere"]), "bad_end", 2),
    ],
)
def test_a_bad_play_field_or_play_text_is_found_by_parse(
    data: dict, code: str, index: int | None
) -> None:
    # A fault among the plays is raised at parse time too (parsing replays the part read
    # before it, to tell the record's first fault: see test_the_first_fault_...).
    with pytest.raises(DominoError) as info:
        RoundRecord.parse(data)
    assert info.value.code == code
    assert getattr(info.value, "index", None) == index


def test_a_legal_but_wrong_record_parses_and_fails_at_replay() -> None:
    # What only the rules can tell (an illegal play, a play after the end, an unfinished
    # round, a deal the rules forbid) is the replay's.
    for data, code, index in (
        (changed(BASE, plays=[PLAYS[0], PLAYS[0], *PLAYS[2:]]), "not_in_hand", 1),
        (changed(BASE, plays=[*PLAYS, PLAYS[0]]), "extra_play", len(PLAYS)),
        (changed(BASE, plays=PLAYS[:-1]), "record_incomplete", None),
        (changed(BASE, leader=7), "bad_seat", None),
    ):
        parsed = RoundRecord.parse(data)
        with pytest.raises(DominoError) as info:
            replay_round(parsed)
        assert info.value.code == code
        assert getattr(info.value, "index", None) == index


# Pinned from replay() before the typed values existed (the same record answered the same).
TOLD = [
    (
        changed(BASE, leader=...),
        "Bad record: the field leader is missing.",
        "Enregistrement incorrect\u00a0: le champ leader manque.",
        None,
        None,
    ),
    (
        changed(BASE, leader="x"),
        'Bad record: the field leader must be a whole number, not "x" (text).',
        "Enregistrement incorrect\u00a0: le champ leader doit être un nombre entier, "
        'pas "x" (texte).',
        None,
        None,
    ),
    (
        changed(BASE, hands=[["9-9", *BASE["hands"][0][1:]], *BASE["hands"][1:]]),
        'Unknown tile "9-9": write a tile as a-b with values from 0 to 6.',
        'Domino inconnu "9-9"\u00a0: écrivez un domino a-b avec des valeurs de 0 à 6.',
        None,
        None,
    ),
    (
        changed(BASE, bogus=1),
        "Bad record: there is no field bogus in a record.",
        "Enregistrement incorrect\u00a0: un enregistrement n’a pas de champ bogus.",
        None,
        None,
    ),
    (
        None,
        "Bad record: a round record must be a JSON object.",
        "Enregistrement incorrect\u00a0: l’enregistrement d’une manche doit être un objet JSON.",
        None,
        None,
    ),
    (
        changed(BASE, plays=[*PLAYS[:2], "x", *PLAYS[3:]]),
        'Unknown tile "x": write a tile as a-b with values from 0 to 6.',
        'Domino inconnu "x"\u00a0: écrivez un domino a-b avec des valeurs de 0 à 6.',
        2,
        None,
    ),
    (
        changed(MATCH, rounds=[R0, without(R1, "hands"), *MATCH["rounds"][2:]]),
        "Bad record: the field hands is missing.",
        "Enregistrement incorrect\u00a0: le champ hands manque.",
        None,
        1,
    ),
    (
        changed(MATCH, rounds=[R0, {**R1, "plays": [R1["plays"][0], "x"]}]),
        'Unknown tile "x": write a tile as a-b with values from 0 to 6.',
        'Domino inconnu "x"\u00a0: écrivez un domino a-b avec des valeurs de 0 à 6.',
        1,
        1,
    ),
]

# Two faults: the first in reading order is told, a replay fault before a shape fault
# included (pinned from replay() before the typed values existed).
FIRST_FAULT = [
    (  # the deal's leader is out of range, and there are no plays
        changed(BASE, plays=..., leader=5),
        "There is no seat 6 with 3 players.",
        "Il n’y a pas de siège 6 avec 3 joueurs.",
        None,
        None,
    ),
    (  # play 1 is illegal, play 2 cannot be read
        changed(BASE, plays=[PLAYS[0], PLAYS[0], "x", *PLAYS[3:]]),
        "Seat 3 is to play and does not hold [2|5].",
        "C’est au siège 3 de jouer, et il n’a pas [2|5].",
        1,
        None,
    ),
    (  # the round is over, then a play that cannot be read
        changed(BASE, plays=[*PLAYS, "nope"]),
        "The round was already over, so the plays from here on do not belong to it.",
        "La manche était déjà terminée\u202f; les coups à partir d’ici sont en trop.",
        len(PLAYS),
        None,
    ),
    (  # the first leader is out of range, and the rounds are not a list
        changed(MATCH, rounds=5, first_leader=9),
        "There is no seat 10 with 2 players.",
        "Il n’y a pas de siège 10 avec 2 joueurs.",
        None,
        None,
    ),
    (  # round 0 has an illegal play, round 1 is not an object
        changed(MATCH, rounds=[{**R0, "plays": [R0["plays"][0], *R0["plays"]]}, 5]),
        "Seat 2 is to play and does not hold [0|1].",
        "C’est au siège 2 de jouer, et il n’a pas [0|1].",
        1,
        0,
    ),
    (  # round 1 names the wrong leader and has no plays
        changed(MATCH, rounds=[R0, without({**R1, "leader": 1 - R1["leader"]}, "plays")]),
        "Seat 1 cannot lead this round: the rules give the lead to seat 2.",
        "Le siège 1 ne peut pas entamer cette manche\u00a0: la règle donne l’entame au siège 2.",
        None,
        1,
    ),
]


@pytest.mark.parametrize(("data", "en", "fr", "play", "round"), TOLD + FIRST_FAULT)
def test_a_bad_record_is_told_as_before(
    data: object, en: str, fr: str, play: int | None, round: int | None
) -> None:
    answer = replay(data, "en")
    expected = {"ok": False, "error": en, "play": play}
    if round is not None:
        expected["round"] = round
    assert answer == expected
    assert replay(data, "fr")["error"] == fr
    # Parsing alone, or parsing then replaying, raises the same error.
    with pytest.raises(DominoError) as info:
        parsed = parse_record(data)
        if isinstance(parsed, MatchRecord):
            replay_match(parsed)
        else:
            replay_round(parsed)
    assert info.value.message("en") == en and info.value.message("fr") == fr
    if play is not None or round is not None:
        assert isinstance(info.value, PlayError)
        assert (info.value.index, info.value.round_index) == (play, round)


@pytest.mark.parametrize(("data", "en", "fr", "play", "round"), FIRST_FAULT)
def test_parse_tells_a_replay_fault_found_before_a_shape_fault(
    data: object, en: str, fr: str, play: int | None, round: int | None
) -> None:
    with pytest.raises(DominoError) as info:
        parse_record(data)
    assert info.value.message("en") == en
