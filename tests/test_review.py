"""The review of a round (engine.review): decisions, judgements, marks, summaries, the web
methods and the command line."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import RoundState, Rules, web
from engine import review as rv
from engine.errors import DominoError
from engine.lang import LANGUAGES
from engine.players.levels import distinct_moves
from engine.records import round_record
from engine.state import Move


def random_round(preset: str, players: int, seed: int) -> RoundState:
    """A finished round of random legal moves."""
    state = RoundState.new(Rules.make(preset), players, 0, rng=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_moves()))
    return state


def call(method: str, args: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(
        web.call(json.dumps({"method": method, "args": args, "lang": lang}))
    )
    return reply


@pytest.mark.parametrize("preset", ["block", "draw", "all-fives"])
@pytest.mark.parametrize("players", [2, 4])
def test_forced_moves_are_never_judged(preset: str, players: int) -> None:
    for seed in range(4):
        state = random_round(preset, players, seed)
        for seat in range(players):
            found = rv.decisions(state, seat)
            # Every play of the seat is either a decision or forced, and each decision
            # had a choice of two distinct moves or more.
            plays = [(k, e) for k, e in enumerate(e for e in state.events if e.kind == "play")]
            mine = [k for k, e in plays if e.seat == seat]
            assert {d.ply for d in found} <= set(mine)
            for d in found:
                assert len(d.moves) > 1
                assert d.moves == tuple(distinct_moves(d.observation))
                assert d.moves[d.played].tile == d.move.tile
            replay = RoundState(
                state.rules, players, state.leader, state.dealt, rv._original_boneyard(state)
            )
            judged = {d.ply for d in found}
            for k, e in plays:
                if e.seat == seat and k not in judged:
                    assert len(distinct_moves(replay.observation(seat))) == 1
                assert e.tile is not None
                replay.apply(Move(e.tile, e.end))


def test_the_web_methods_list_judge_and_sum_up() -> None:
    record = round_record(random_round("block", 2, 1))
    listed = call("review_decisions", {"record": record, "seat": 0})
    assert listed["ok"], listed
    decisions = listed["value"]["decisions"]
    assert decisions and all(len(d["moves"]) > 1 for d in decisions)
    items = []
    for d in decisions:
        reply = call("review_judge", {"record": record, "seat": 0, "index": d["index"]})
        assert reply["ok"], reply
        value = reply["value"]
        assert value["move"] == d["move"]
        assert value["values"][0]["best"] and value["values"][0]["move"] == value["best"]
        assert value["mark"]["id"] == rv.mark_of(value["loss"])
        items.append(value["item"])
    summary = call("review_summary", {"items": items})["value"]
    assert summary["count"] == len(decisions)
    assert summary["good"] == sum(1 for x in items if x["mark"] in ("best", "good"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_seat_or_record_is_refused_in_the_readers_language(lang: str) -> None:
    record = round_record(random_round("block", 2, 1))
    kept = json.dumps(record)
    for args in (
        {"record": record, "seat": 2},
        {"record": record, "seat": "0"},
        {"record": {**record, "plays": record["plays"][:-1]}, "seat": 0},
        {"record": record, "seat": 0, "round": 1},
        {"seat": 0},
    ):
        reply = call("review_decisions", args, lang)
        assert not reply["ok"]
        english = call("review_decisions", args, "en")["error"]
        assert lang == "en" or reply["error"] != english
    assert json.dumps(record) == kept
    with pytest.raises(DominoError):
        rv.decisions(random_round("block", 2, 1), 3)
