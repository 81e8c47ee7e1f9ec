"""The rounds of a match reviewed that the practice page keeps past a reload: the engine's
:func:`engine.presentation.views.review.check_kept` is the one rule for what a stored entry may hold
(the page asks it through the web method ``review_kept`` and drops what it refuses)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.boundary import MAX_ITEMS
from engine.core.errors import DominoError
from engine.presentation import web
from engine.presentation.views.review import check_kept, summary_view


def item(round: int, index: int = 0, **changes: Any) -> dict[str, Any]:
    """One judged decision as ``review_judge`` gives it (``Judgement.item``)."""
    found = {
        "round": round,
        "index": index,
        "move": "1-4@left",
        "best": "0-0",
        "loss": 2.5,
        "error": 1.5,
        "mark": "mistake",
    }
    return {**found, **changes}


def checked(x: dict[str, Any]) -> dict[str, Any]:
    return {k: x[k] for k in ("round", "index", "move", "best", "loss")}


GOOD = {"match": "preset=block&seed=3", "rounds": [[1, [item(1), item(1, 2)]], [0, [item(0)]]]}


def test_a_kept_entry_is_given_back_as_the_engine_reads_its_items() -> None:
    found = check_kept(GOOD)
    assert found == {
        "match": GOOD["match"],
        "rounds": [[1, [checked(item(1)), checked(item(1, 2))]], [0, [checked(item(0))]]],
        "dropped": 0,
    }
    # What it gives back sums up as the items kept would.
    every = [x for _, items in found["rounds"] for x in items]
    assert summary_view(every, "en") == summary_view([item(1), item(1, 2), item(0)], "en")
    # A round reviewed with no decision to judge, and no round at all, are kept too.
    assert check_kept({"match": "", "rounds": [[0, []]]})["rounds"] == [[0, []]]
    assert check_kept({"match": "m", "rounds": []}) == {"match": "m", "rounds": [], "dropped": 0}


def test_what_the_summary_does_not_read_is_not_asked_for() -> None:
    """An item's mark and error are worked out again from its loss: an item without them
    is kept (the page's own check once asked for both)."""
    bare = {k: v for k, v in item(0).items() if k not in ("mark", "error")}
    assert check_kept({"match": "m", "rounds": [[0, [bare]]]})["rounds"] == [[0, [bare]]]


@pytest.mark.parametrize(
    "kept",
    [
        None,
        [],
        {"rounds": []},
        {"match": 3, "rounds": []},
        {"match": "m"},
        {"match": "m", "rounds": {"0": []}},
        {"match": "m", "rounds": [[r, []] for r in range(MAX_ITEMS + 1)]},
    ],
)
def test_a_kept_entry_the_engine_cannot_read_is_refused(kept: object) -> None:
    with pytest.raises(DominoError) as e:
        check_kept(kept)
    assert e.value.code == "bad_request"
    assert e.value.cause is not None and e.value.cause.code == "review_items"


@pytest.mark.parametrize(
    "bad",
    [
        [0],
        [0, [], 1],
        {"round": 0, "items": []},
        [-1, []],
        [True, []],
        [1.0, []],
        [2, [item(0)]],  # an item of another round
        [0, item(0)],
        [0, [item(0, -1)]],
        [0, [item(0, 28)]],  # no seat lays more than the 28 tiles
        [0, [item(0, 10**21)]],
        [0, [item(0, 1e21)]],
        [0, [item(0, 1), item(0, 1)]],  # a decision twice
        [0, [item(0, loss=-0.5)]],
        [0, [item(0, loss="2.5")]],
        [0, [item(0, loss=10**400)]],
        [0, [item(0, move="4-1 left")]],
        [0, [item(0, move="zz")]],
        [0, [item(0, best=None)]],
        [0, [item(0)] * (MAX_ITEMS + 1)],
        [1, []],  # a round given twice: the second is dropped
    ],
)
def test_a_kept_round_the_engine_cannot_use_is_dropped_alone(bad: object) -> None:
    """The other rounds stay: nothing good is lost with a bad one."""
    kept = {"match": "m", "rounds": [[1, [item(1)]], bad, [3, [item(3, 4)]]]}
    assert check_kept(kept) == {
        "match": "m",
        "rounds": [[1, [checked(item(1))]], [3, [checked(item(3, 4))]]],
        "dropped": 1,
    }


def test_the_kept_rounds_hold_at_most_what_one_summary_reads() -> None:
    """Rounds are kept in order while their items number at most MAX_ITEMS in all."""
    per_round = 20
    count = MAX_ITEMS // per_round + 3
    kept = {
        "match": "m",
        "rounds": [[r, [item(r, i) for i in range(per_round)]] for r in range(count)],
    }
    found = check_kept(kept)
    assert [r for r, _ in found["rounds"]] == list(range(MAX_ITEMS // per_round))
    assert found["dropped"] == 3
    every = [x for _, items in found["rounds"] for x in items]
    assert len(every) <= MAX_ITEMS
    assert summary_view(every, "pl")["count"] == len(every)


def ask(args: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    request = {"method": "review_kept", "args": args, "lang": lang}
    reply: dict[str, Any] = json.loads(web.call(json.dumps(request)))
    return reply


def test_the_page_asks_the_engine() -> None:
    assert ask({"kept": GOOD}) == {"ok": True, "value": check_kept(GOOD)}
    dropped = ask({"kept": {"match": "m", "rounds": [[0, [item(0, 99)]]]}})
    assert dropped == {"ok": True, "value": {"match": "m", "rounds": [], "dropped": 1}}
    refused = ask({"kept": {"match": 3, "rounds": []}}, "de")
    assert refused["ok"] is False and refused["code"] == "bad_request"
    assert ask({})["code"] == "bad_request"


def test_how_a_replayed_mistake_ended_is_kept_with_its_item() -> None:
    entry = {"match": "m", "rounds": [[0, [item(0, retry="found"), item(0, 1, retry="shown")]]]}
    found = check_kept(entry)
    assert [x["retry"] for x in found["rounds"][0][1]] == ["found", "shown"]
    # A round whose item names an ending the engine does not know is dropped, alone.
    bad = {"match": "m", "rounds": [[0, [item(0, retry="won")]], [1, [item(1)]]]}
    assert check_kept(bad)["rounds"] == [[1, [checked(item(1))]]]
