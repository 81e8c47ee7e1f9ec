"""Learning from one's mistakes: a reviewed decision replayed from what the seat knew
(engine.features.review.retry, the view retry_view and the web method review_retry), and
what a summary says of the replays (learn_view)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_review import call, random_round

from engine.core.errors import DominoError
from engine.core.records import round_record
from engine.core.state import Move
from engine.core.words import strings
from engine.features import review as rv
from engine.lang import LANGUAGES
from engine.presentation.views.review import check_items, summary_view

BUDGET = 8
"""A small budget keeps the judgements quick; the rules do not depend on it."""


def judged_round(preset: str, players: int, seed: int) -> tuple[Any, list[rv.Judgement]]:
    state = random_round(preset, players, seed)
    found = rv.decisions(state, 0)
    return state, [rv.judge_decision(d, seed=1, budget=BUDGET) for d in found]


@pytest.mark.parametrize(("preset", "players", "seed"), [("block", 2, 5), ("all-fives", 3, 2)])
def test_a_move_is_accepted_when_it_is_within_the_good_tolerance(
    preset: str, players: int, seed: int
) -> None:
    """Every legal move of every decision, its twins on the same position included, is
    accepted exactly when the review marks it best or good."""
    _state, judged = judged_round(preset, players, seed)
    assert judged
    seen = {True: 0, False: 0}
    for j in judged:
        d = j.decision
        for move in d.observation.legal_moves():
            tried = rv.retry(d, move, seed=1, budget=BUDGET)
            assert tried.judgement is j  # kept, not judged again
            assert tried.valued.move in d.moves
            assert tried.accepted == (tried.valued.loss <= rv.MARKS[1][1] + 0.05)
            assert tried.accepted == (tried.valued.mark in ("best", "good"))
            seen[tried.accepted] += 1
    # The rounds chosen have both kinds.
    assert seen[True] and seen[False]


def test_a_judgement_kept_is_the_one_that_would_be_made() -> None:
    state = random_round("block", 2, 5)
    d = rv.decisions(state, 0)[1]
    first = rv.judge_decision(d, seed=2, budget=BUDGET)
    rv._judged.clear()
    again = rv.judge_decision(d, seed=2, budget=BUDGET)
    assert again is not first and again == first
    # Another seed or budget is another judgement.
    assert rv.judge_decision(d, seed=3, budget=BUDGET) is not again
    assert rv.judge_decision(d, seed=2, budget=BUDGET - 1) is not again
    # The memory is bounded.
    for seed in range(rv.JUDGED_KEPT + 5):
        rv.judge_decision(d, seed=seed, budget=1)
    assert len(rv._judged) == rv.JUDGED_KEPT


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_move_that_could_not_be_made_is_refused_in_the_readers_language(lang: str) -> None:
    state = random_round("block", 2, 5)
    record = round_record(state)
    args = {"record": record, "seat": 0, "index": 0, "budget": BUDGET}
    asked = call("review_retry", args, lang)["value"]
    legal = {c["move"] for c in asked["choices"]}
    hand = rv.decisions(state, 0)[0].observation.hand
    unheld = next(m for m in ("6-6", "5-6", "0-0", "1-1") if Move.parse(m).tile not in hand)
    for bad in (unheld, "x", 7, "9-9"):
        reply = call("review_retry", {**args, "move": bad}, lang)
        assert reply["ok"] is False, bad
        assert reply["code"] == "review_retry_move", reply
    template = strings(lang)["error.review_retry_move"]
    said = call("review_retry", {**args, "move": unheld}, lang)["error"]
    assert template.split("{move}")[1][:8] in said
    assert unheld not in legal
    bad_action = call("review_retry", {**args, "action": "undo"}, lang)
    assert bad_action["ok"] is False


def test_the_view_asks_without_telling_then_tells_each_way() -> None:
    state, judged = judged_round("block", 2, 5)
    record = round_record(state)
    j = next(j for j in judged if j.mark in rv.REPLAYED)
    d = j.decision
    args = {"record": record, "seat": 0, "index": d.index, "seed": 1, "budget": BUDGET}
    asked = call("review_retry", args)["value"]
    assert [c["move"] for c in asked["choices"]] == [str(m) for m in d.moves]
    assert asked["outcome"] is None and asked["text"] == ""
    text = json.dumps(asked)
    assert "value" not in asked and str(j.better.move) not in json.dumps(asked["prompt"])
    assert asked["mark"]["id"] == j.mark
    assert "Mistake" in text or "Blunder" in text or "mistake" in text or "blunder" in text
    for i, v in enumerate(j.values):
        tried = call("review_retry", {**args, "move": str(v.move)})["value"]
        assert tried["accepted"] == (v.mark in ("best", "good")), i
        assert tried["outcome"] == ("found" if tried["accepted"] else None)
        assert tried["tried_mark"]["id"] == v.mark
        if not tried["accepted"]:
            # The best move is not named; the loss and both values are.
            assert str(j.better.move) not in tried["text"]
            assert "ask to be shown" in tried["text"]
    shown = call("review_retry", {**args, "action": "show"})["value"]
    assert shown["outcome"] == "shown" and shown["best"] == str(j.better.move)
    assert shown["text"].startswith("The best move here was ")
    skipped = call("review_retry", {**args, "action": "skip"})["value"]
    assert skipped["outcome"] == "skipped" and skipped["text"]


def item(index: int, loss: float, **more: Any) -> dict[str, Any]:
    return {"round": 0, "index": index, "move": "1-4@left", "best": "0-0", "loss": loss, **more}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_summary_lists_the_mistakes_and_how_each_replay_ended(lang: str) -> None:
    items = [
        item(0, 0.0),
        item(1, 5.0),  # an inaccuracy: not replayed
        item(2, 5.1, retry="found"),
        item(3, 12.0, retry="shown"),
        item(4, 7.0),
        item(5, 30.0, retry="skipped"),
    ]
    learn = summary_view(items, lang)["learn"]
    assert learn["indices"] == [2, 3, 4, 5]
    assert learn["count"] == 4
    assert learn["ended"] == {"found": 1, "shown": 1, "skipped": 1}
    assert "3" in learn["ended_text"] and "4" in learn["ended_text"]
    assert learn["title"] == strings(lang)["review.learn.title"]
    # None replayed yet: no tally; nothing to replay: said so.
    assert summary_view([*items[:2], item(4, 7.0)], lang)["learn"]["ended_text"] == ""
    none = summary_view(items[:2], lang)["learn"]
    assert none["indices"] == [] and none["count_text"] == strings(lang)["review.learn.none"]
    # A match's summary (several rounds) has none.
    assert summary_view([item(0, 7.0), {**item(0, 7.0), "round": 1}], lang)["learn"] is None


def test_an_outcome_is_kept_with_the_items_and_a_false_one_refused() -> None:
    assert check_items([item(2, 7.0, retry="shown")])[0]["retry"] == "shown"
    assert "retry" not in check_items([item(2, 7.0)])[0]
    for bad in ("won", None, 1, ["found"]):
        with pytest.raises(DominoError):
            check_items([item(2, 7.0, retry=bad)])


def test_a_clear_mistake_can_be_one_of_the_readers_own_puzzles() -> None:
    """A mistake or blunder where one move beats every other by more than CLEAR points
    (beyond twice the sampling error) qualifies; a decision played well never does."""
    state = random_round("block", 2, 18)
    d = rv.decisions(state, 0)[5]
    j = rv.judge_decision(d, seed=0, budget=BUDGET)
    assert j.mark == "mistake" and rv.clearly_best(j)
    view = call(
        "review_judge", {"record": round_record(state), "seat": 0, "index": 5, "budget": BUDGET}
    )
    assert view["value"]["yours"] is True
    for seed in range(12):
        for j in judged_round("block", 2, seed)[1]:
            others = [v for i, v in enumerate(j.values) if i != j.best]
            if rv.clearly_best(j):
                assert j.mark in rv.REPLAYED
                assert all(v.loss > rv.CLEAR + 2 * v.error for v in others)
            elif j.mark in rv.REPLAYED:
                assert any(v.loss <= rv.CLEAR + 2 * v.error for v in others)
            # A decision played well is never one of them.
            assert not (j.mark in ("best", "good") and rv.clearly_best(j))
