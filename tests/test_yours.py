"""The reader's own puzzles (engine.features.yours, engine.presentation.views.yours): a
decision of a reviewed round kept only when the review says one move was clearly best
after a mistake or a blunder, a round of a match kept as a round record of its own,
each kept once, read back strictly, played as the review's replays are, and how its
first try ended kept."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from test_web_fuzz import YOUR_ROUND, YOURS, finished_match, random_round

from engine.core.errors import DominoError
from engine.core.records import round_record
from engine.core.words import strings
from engine.features import practice, yours
from engine.features import review as rv
from engine.lang import LANGUAGES
from engine.presentation import web
from engine.presentation.views.review import retry_view
from engine.presentation.views.yours import add_view, list_view, play_view

DAY = "2026-12-04"


def call(method: str, args: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(
        web.call(json.dumps({"method": method, "args": args, "lang": lang}))
    )
    return reply


def first_id() -> str:
    ident: str = YOURS["puzzles"][0]["id"]
    return ident


@pytest.mark.parametrize(("seed", "index"), [(7, 2), (8, 4), (17, 3), (18, 5)])
def test_a_decision_is_kept_exactly_when_one_move_was_clearly_best(seed: int, index: int) -> None:
    state = random_round("block", 2, seed)
    record = round_record(state)
    for d in rv.decisions(state, 0):
        j = rv.judge_decision(d, seed=0, budget=rv.BUDGET)
        if rv.clearly_best(j):
            entry = yours.make(record, None, 0, d.index, DAY)
            assert (entry.seat, entry.index, entry.date, entry.outcome) == (0, d.index, DAY, None)
            assert entry.record == record and entry.id == yours.yours_id(record, 0, d.index)
            # What the review's judge said of it.
            judged = call("review_judge", {"record": record, "seat": 0, "index": d.index})
            assert judged["value"]["yours"] is True
        else:
            with pytest.raises(DominoError) as e:
                yours.make(record, None, 0, d.index, DAY)
            assert e.value.code == "yours_not_clear"
    assert rv.clearly_best(rv.judge_decision(rv.decision(state, 0, index), seed=0))


def test_a_round_of_a_match_is_kept_as_a_round_of_its_own() -> None:
    save = finished_match("block", 2, 5)
    record = practice.match_record(save)
    state, _, _ = rv.load_round(record, 16)
    entry = yours.make(record, 16, practice.YOU, 0, DAY)
    assert entry.record == round_record(state)
    assert "rounds" not in entry.record
    # Played from its own record: the same decision, judged the same.
    alone = rv.load_round(entry.record)[0]
    a = rv.judge_decision(rv.decision(state, practice.YOU, 0), seed=0)
    b = rv.judge_decision(rv.decision(alone, practice.YOU, 0), seed=0)
    assert a.values == b.values and a.mark == b.mark


def test_each_decision_is_kept_once_and_the_latest_are_kept() -> None:
    entry = yours.make(YOUR_ROUND, None, 0, 5, DAY)
    kept = yours.keep((), entry)
    assert yours.keep(kept, yours.make(YOUR_ROUND, None, 0, 5, "2026-12-05")) == kept
    added = add_view(yours.yours_data(kept), YOUR_ROUND, None, 0, 5, DAY)
    assert added == {
        "yours": yours.yours_data(kept),
        "added": False,
        "count": 1,
        "said": "1 decision of this round is now among your puzzles (1 in all), to be tried"
        " again from what you knew then.",
    }
    other = round_record(random_round("block", 2, 7))
    two = add_view(added["yours"], other, None, 0, 2, DAY, "de")
    assert two["added"] is True and two["count"] == 2
    assert two["said"].startswith("1 Entscheidung dieser Runde") and "(2 insgesamt)" in two["said"]
    many = tuple(yours.Yours(f"{k:016x}", DAY, YOUR_ROUND, 0, 5) for k in range(yours.MAX_YOURS))
    more = yours.keep(many, entry)
    assert len(more) == yours.MAX_YOURS and more[-1] == entry and more[0] == many[1]


def test_the_first_ending_counts() -> None:
    kept = yours.load_yours(YOURS)
    shown = yours.ended(kept, first_id(), "shown")
    assert shown[0].outcome == "shown"
    assert yours.ended(shown, first_id(), "found") == shown
    with pytest.raises(DominoError) as e:
        yours.ended(kept, "0" * 16, "found")
    assert e.value.code == "yours_unknown"
    with pytest.raises(DominoError):
        yours.ended(kept, first_id(), "won")


def test_kept_puzzles_read_back_as_written() -> None:
    kept = yours.load_yours(YOURS)
    assert yours.yours_data(kept) == YOURS
    assert yours.load_yours(None) == ()
    ended = yours.yours_data(yours.ended(kept, first_id(), "skipped"))
    assert yours.yours_data(yours.load_yours(json.loads(json.dumps(ended)))) == ended


def bad_kept() -> list[tuple[str, Any]]:
    """Kept puzzles this site did not write, each with what is wrong."""
    good = YOURS["puzzles"][0]

    def one(**change: Any) -> dict[str, Any]:
        return {"version": 1, "puzzles": [{**copy.deepcopy(good), **change}]}

    played = copy.deepcopy(good["record"])
    played["plays"][3] = "6-6"
    other = copy.deepcopy(good["record"])
    other["leader"] = 1
    return [
        ("not an object", [1]),
        ("another version", {**YOURS, "version": 2}),
        ("a field too many", {**YOURS, "x": 1}),
        ("puzzles not a list", {"version": 1, "puzzles": {}}),
        ("too many", {"version": 1, "puzzles": [good] * (yours.MAX_YOURS + 1)}),
        ("the same twice", {"version": 1, "puzzles": [good, good]}),
        ("a puzzle's field missing", {"version": 1, "puzzles": [{"id": good["id"]}]}),
        ("a bad date", one(date="yesterday")),
        ("an unknown ending", one(outcome="won")),
        ("a seat out of range", one(seat=2)),
        ("a seat not a number", one(seat="0")),
        ("a decision out of range", one(index=40)),
        ("an illegal play", one(record=played)),
        ("a record not its mark's", one(record=other)),
        ("a mark not its record's", one(id="0" * 16)),
    ]


@pytest.mark.parametrize(("what", "data"), bad_kept(), ids=[w for w, _ in bad_kept()])
def test_kept_puzzles_this_site_did_not_write_are_refused(what: str, data: Any) -> None:
    with pytest.raises(DominoError) as e:
        yours.load_yours(data)
    assert e.value.code == "bad_progress", what
    reply = call("yours_list", {"yours": data}, "de")
    assert reply["ok"] is False and reply["code"] == "bad_progress"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_list_says_each_puzzle_and_how_it_ended(lang: str) -> None:
    s = strings(lang)
    assert list_view(None, lang)["text"] == s["yours.none"]
    assert list_view(None, lang)["items"] == []
    found = yours.yours_data(yours.ended(yours.load_yours(YOURS), first_id(), "found"))
    shown = list_view(found, lang)
    assert (shown["count"], shown["found"]) == (1, 1)
    assert shown["title"] == s["yours.title"]
    [item] = shown["items"]
    assert item["id"] == first_id() and item["outcome"] == "found"
    assert item["outcome_text"] == s["yours.outcome.found"]
    assert DAY in item["label"] and "6" in item["label"]  # the sixth decision
    fresh = list_view(YOURS, lang)["items"][0]
    assert fresh["outcome"] is None and fresh["outcome_text"] == s["yours.outcome.new"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_puzzle_is_played_as_the_review_replays_its_decision(lang: str) -> None:
    asked = play_view(YOURS, first_id(), lang)
    replay = retry_view(YOUR_ROUND, 0, 0, 5, lang)
    assert {k: asked[k] for k in replay} == replay
    assert asked["svg"].startswith("<svg") and asked["caption"] and asked["known"]
    assert asked["yours"] is None and asked["better"] is None
    d = rv.decision(rv.load_round(YOUR_ROUND)[0], 0, 5)
    for choice in asked["choices"]:
        tried = play_view(YOURS, first_id(), lang, move=choice["move"])
        assert tried["accepted"] == rv.retry(d, choice["move"]).accepted
        assert tried["text"] == retry_view(YOUR_ROUND, 0, 0, 5, lang, move=choice["move"])["text"]
        if tried["accepted"]:
            assert tried["yours"]["puzzles"][0]["outcome"] == "found"
        else:
            assert tried["yours"] is None  # a wrong move: the try goes on
    shown = play_view(YOURS, first_id(), lang, action="show")
    assert shown["outcome"] == "shown" and shown["better"]["svg"].startswith("<svg")
    assert shown["yours"]["puzzles"][0]["outcome"] == "shown"
    skipped = play_view(shown["yours"], first_id(), lang, action="skip")
    assert skipped["yours"]["puzzles"][0]["outcome"] == "shown"  # the first ending counts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bad_requests_are_told_in_the_readers_language(lang: str) -> None:
    s = strings(lang)
    unknown = call("yours_play", {"yours": YOURS, "id": "nope"}, lang)
    assert unknown["ok"] is False and unknown["error"] == s["error.yours_unknown"]
    illegal = call("yours_play", {"yours": YOURS, "id": first_id(), "move": "6-6@left"}, lang)
    assert illegal["ok"] is False and illegal["code"] == "review_retry_move"
    args = {"yours": None, "record": YOUR_ROUND, "seat": 0, "index": 0, "date": DAY}
    refused = call("yours_add", args, lang)
    assert refused["ok"] is False and refused["error"] == s["error.yours_not_clear"]
    bad_date = call("yours_add", {**args, "index": 5, "date": "soon"}, lang)
    assert bad_date["ok"] is False
