"""The practice match: a save replayed to the same table, the reader's and the computer's
moves, undo, hints, the end of rounds and of the match, bad saves, and the game record
that ``python -m engine replay`` scores the same."""

from __future__ import annotations

import copy
import json

import pytest
from engine_helpers import replay_cli

from engine import DominoError
from engine.core.records import replay
from engine.core.words import strings
from engine.features import practice
from engine.lang import LANGUAGES
from engine.presentation.views.practice import game_view as practice_view
from engine.presentation.views.practice import hint_view
from engine.presentation.web import call


def reader_move(view: dict) -> str:
    """The first tile the reader may play, at its first end."""
    tile = next(t for t in view["hand"] if t["playable"])
    return tile["ends"][0]["move"]


def play_match(save: dict, lang: str = "en", max_moves: int = 2000) -> tuple[dict, list[dict]]:
    """Play ``save`` to the end of its match: the reader plays its first legal move."""
    views = []
    for _ in range(max_moves):
        view = practice_view(save, lang)
        views.append(view)
        if view["phase"] == "match-over":
            return save, views
        if view["phase"] == "round-over":
            save = practice.next_round(save)
        elif view["your_turn"]:
            save = practice.play(save, reader_move(view))
        else:
            save, _ = practice.computer_move(save)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(
    ("preset", "options", "players", "levels"),
    [
        ("block", {}, 2, ["club"]),
        ("block", {}, 3, ["beginner", "club"]),
        ("block-dk", {"partnerships": True, "rounding": True}, 4, ["club", "beginner", "club"]),
        pytest.param("draw", {}, 2, ["beginner"], marks=pytest.mark.slow),  # seconds: full run
        ("all-fives", {}, 3, ["beginner", "beginner"]),
    ],
)
def test_a_whole_match_is_played_and_its_record_replays_the_same(preset, options, players, levels):
    save = practice.new_save(preset, options, players, levels, seed=11)
    save, views = play_match(save)
    game = practice.load_game(save)
    last = views[-1]
    assert last["match_end"] and last["round_end"]["text"]
    assert [s["total"] for s in last["sides"]] == game.match.totals
    assert max(game.match.totals) >= last["target"]
    # Every round-over view shows the score's arithmetic from the engine's breakdown.
    for state in game.rounds:
        assert (
            state.score_breakdown().render("en") in practice_view(save, "en")["round_end"]["text"]
            or state is not game.rounds[-1]
        )
    record = practice.match_record(save)
    result = replay(record)
    assert result["ok"], result
    assert result["totals"][-1] == game.match.totals
    assert result["winner"] == game.match.outcome.winner
    # The same through the command line, as a download would be replayed.
    assert replay_cli([record])[0] == result


def test_the_seed_deals_the_same_hands_and_another_seed_others():
    a = practice_view(practice.new_save("block", {}, 2, ["club"], seed=5), "en")
    b = practice_view(practice.new_save("block", {}, 2, ["club"], seed=5), "fr")
    c = practice_view(practice.new_save("block", {}, 2, ["club"], seed=6), "en")
    assert [t["code"] for t in a["hand"]] == [t["code"] for t in b["hand"]]
    assert [t["code"] for t in a["hand"]] != [t["code"] for t in c["hand"]]
    assert len(a["hand"]) == 7 and a["seed"] == 5


def advance_to_reader(save: dict) -> dict:
    while practice_view(save, "en")["turn"] not in (0, None):
        save, _ = practice.computer_move(save)
    return save


def test_undo_takes_back_the_readers_move_and_the_replies():
    save = advance_to_reader(practice.new_save("block", {}, 3, ["club", "club"], seed=3))
    before = practice_view(save, "en")
    assert before["your_turn"] and not before["can_undo"]
    with pytest.raises(DominoError) as e:
        practice.undo(save)
    assert e.value.code == "nothing_to_undo"
    after = advance_to_reader(practice.play(save, reader_move(before)))
    assert practice_view(after, "en")["can_undo"]
    assert len(after["rounds"][-1]) > len(save["rounds"][-1]) + 1  # the replies too
    undone = practice.undo(after)
    assert undone == save
    assert practice_view(undone, "en")["hand"] == before["hand"]


def test_the_reader_cannot_play_out_of_turn_or_an_illegal_tile():
    save = advance_to_reader(practice.new_save("block", {}, 2, ["club"], seed=8))
    view = practice_view(save, "en")
    unplayable = [t for t in view["hand"] if not t["playable"]]
    snapshot = copy.deepcopy(save)
    if unplayable:
        with pytest.raises(DominoError):
            practice.play(save, unplayable[0]["code"])
    with pytest.raises(DominoError) as e:
        practice.play(save, "9-9")
    assert e.value.code == "bad_tile"
    with pytest.raises(DominoError) as e:
        practice.computer_move(save)
    assert e.value.code == "not_your_turn"
    assert save == snapshot


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda s: "not a save", "bad_save"),
        (lambda s: {**s, "version": 0}, "save_version"),
        (lambda s: {k: v for k, v in s.items() if k != "seed"}, "bad_save"),
        (lambda s: {**s, "extra": 1}, "bad_save"),
        (lambda s: {**s, "levels": ["grandmaster"]}, "bad_save"),
        (lambda s: {**s, "seed": -1}, "bad_save"),
        (lambda s: {**s, "preset": "chess"}, "bad_save"),
        (lambda s: {**s, "rounds": [["9-9"]]}, "bad_save"),
        (lambda s: {**s, "rounds": [["6-6", "6-6"]]}, "bad_save"),
        (lambda s: {**s, "rounds": "[]"}, "bad_save"),
        (lambda s: {**s, "rounds": [[], []]}, "bad_save"),
    ],
)
def test_a_corrupt_or_old_save_is_a_clear_error(change, code):
    save = practice.new_save("block", {}, 2, ["club"], seed=1)
    bad = change(copy.deepcopy(save))
    kept = copy.deepcopy(bad)
    with pytest.raises(DominoError) as e:
        practice_view(bad, "en")
    assert e.value.code == code
    for lang in LANGUAGES:
        message = e.value.message(lang)
        assert not message.startswith(code), message
    assert bad == kept


def test_the_hint_is_a_legal_move_told_in_the_pages_language():
    save = advance_to_reader(practice.new_save("draw", {}, 2, ["club"], seed=4))
    given = hint_view(save, "de")
    assert given["text"] and given["text_narrow"]
    practice.play(save, given["move"])  # legal: no error


def test_web_methods_carry_the_save_and_tell_errors_in_the_pages_language():
    def ask(method: str, args: dict, lang: str = "pl") -> dict:
        return json.loads(call(json.dumps({"method": method, "args": args, "lang": lang})))

    reply = ask("practice_new", {"preset": "all-fives", "players": 2, "levels": ["expert"],
                                 "seed": 9})  # fmt: skip
    assert reply["ok"], reply
    save, view = reply["value"]["save"], reply["value"]["view"]
    assert view["phase"] == "play" and view["boneyard"] == 14
    assert ask("practice_view", {"save": save})["value"]["view"] == view
    bad = ask("practice_view", {"save": {**save, "version": 99}})
    assert bad["code"] == "save_version" and "99" in bad["error"]
    assert bad["error"] == DominoError("save_version", version=99, expected=1).message("pl")
    assert ask("practice_new", {"players": 5})["code"] == "bad_players"
    assert ask("practice_new", {"levels": ["nobody"]})["code"] == "bad_level"
    assert ask("practice_record", {"save": save})["code"] == "nothing_finished"
    assert ask("practice_play", {})["code"] == "bad_request"


def test_names_and_texts_exist_in_every_language():
    save = practice.new_save("block-dk", {"partnerships": True}, 4, ["club"] * 3, seed=2)
    for lang in LANGUAGES:
        view = practice_view(save, lang)
        assert view["seats"][0]["name"] == strings(lang)["practice.you"].format(seat=1)
        assert strings(lang)["level.club"] in view["seats"][1]["name"]
        assert len(view["sides"]) == 2
