"""The practice view the page draws from (issue 17): the log tells every event once, in
order; drawn tiles are marked; every placement offered is a legal move that scores what
it says; the All Fives round end adds play and end points; the seats say whose turn it
is; the Danish house rules' first round says why its tile opens; finished rounds stay
readable; and a link carries the whole setting, a bad value told at its field."""

from __future__ import annotations

import itertools
import json
import re
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_practice import play_match, reader_move

from engine import DominoError
from engine.core.boundary import MAX_SEED
from engine.core.records import round_record
from engine.core.rules import PRESETS, needs_players, option_choices
from engine.core.state import Move, RoundState
from engine.core.tiles import Tile
from engine.core.words import strings, text
from engine.features import practice
from engine.lang import LANGUAGES
from engine.players import LEVELS
from engine.presentation.description import place_label
from engine.presentation.figures import HAND_SIZE, PAGE_SIZE, layout_svg, tile_svg
from engine.presentation.places import end_places
from engine.presentation.views.practice import game_view as practice_view
from engine.presentation.views.practice import hint_view
from engine.presentation.views.rounds import round_steps
from engine.presentation.web import call

if TYPE_CHECKING:
    from conftest import Pyodide

MATCHES = [
    ("block", {}, 2, ["club"]),
    ("block", {}, 4, ["club", "beginner", "club"]),
    ("block-dk", {}, 3, ["club", "club"]),
    ("block-dk", {"partnerships": True, "draw": True}, 4, ["club", "beginner", "club"]),
    ("draw", {}, 3, ["beginner", "club"]),
    ("all-fives", {}, 2, ["club"]),
    ("all-fives", {}, 4, ["beginner", "club", "beginner"]),
]


def ask(method: str, args: dict, lang: str = "en") -> dict:
    return json.loads(call(json.dumps({"method": method, "args": args, "lang": lang})))


@pytest.fixture(scope="module", params=MATCHES, ids=lambda m: f"{m[0]}-{m[2]}")
def match(request) -> tuple[dict, list[dict]]:
    preset, options, players, levels = request.param
    return play_match(practice.new_save(preset, options, players, levels, seed=23))


def expected_kinds(state: RoundState) -> list[tuple[str, int | None]]:
    """Each event's kind and seat, a run of draws by one seat told once (with the pass
    that follows it by the same seat), and passes in a row by seats other than the
    reader's told once (by the first of them)."""
    kinds: list[tuple[str, int | None]] = []
    last: tuple[str, int] | None = None  # the previous event told
    for event in state.events:
        now = (event.kind, event.seat)
        if event.kind == "draw" and last == now:
            continue
        if event.kind == "pass" and last == ("draw", event.seat):
            last = ("drew and passed", event.seat)  # a pass after it starts a new entry
            continue
        if (
            event.kind == "pass"
            and last is not None
            and last[0] == "pass"
            and 0
            not in (
                last[1],
                event.seat,
            )
        ):
            last = now
            continue
        kinds.append(now)
        last = now
        if event.kind == "play" and event.score:
            kinds.append(("score", event.seat))
    if state.is_terminal:
        kinds.append(("end", None))
    return kinds


def told_events(state: RoundState, log: list[dict]) -> list[tuple[dict, list]]:
    """Each entry of ``log`` that tells events, with the events it tells."""
    out, k = [], 0
    for entry in log:
        if entry["events"]:
            out.append((entry, state.events[k : k + entry["events"]]))
            k += entry["events"]
    assert k == len(state.events)
    return out


def test_the_log_tells_every_event_of_the_round_once_in_order(match):
    save, views = match
    game = practice.load_game(save)
    finals = [v for v in views if v["phase"] != "play"]
    assert len(finals) == len(game.rounds)
    for state, view in zip(game.rounds, finals, strict=True):
        log = view["log"]
        assert [(e["kind"], e["seat"]) for e in log] == expected_kinds(state)
        assert [e["n"] for e in log] == list(range(len(log)))
        assert len({e["text"] for e in log if e["kind"] != "score"}) > 1
        for entry, events in told_events(state, log):
            assert (events[0].kind, events[0].seat) == (entry["kind"], entry["seat"])
            if entry["kind"] == "draw":  # the seat's draws, and its pass after them
                assert [e.seat for e in events] == [entry["seat"]] * len(events)
                assert all(e.kind == "draw" for e in events[:-1])
            else:  # a play, or passes by one seat or by several seats not the reader's
                assert {e.kind for e in events} == {entry["kind"]}
                assert len(events) == 1 or (
                    entry["kind"] == "pass" and 0 not in {e.seat for e in events}
                )
            for event in events:
                if event.kind == "play" or (event.kind == "draw" and event.seat == 0):
                    assert str(event.tile) in entry["text"]
                elif event.kind == "draw":  # another seat's tile is never named
                    assert "[" not in entry["text"]
    # During play the log grows by whole entries: each view's log starts the next one's.
    for before, after in itertools.pairwise(views):
        if before["round"] == after["round"]:
            assert after["log"][: len(before["log"])] == before["log"]


@pytest.mark.slow  # seven whole 4-player matches: the full run's
def test_drawn_marks_exactly_the_tiles_drawn_since_the_readers_last_play():
    seen = 0
    for seed in range(5, 12):
        save = practice.new_save("draw", {}, 4, ["club"] * 3, seed=seed)
        save, views = play_match(save)
        game = practice.load_game(save)
        for view in views:
            if not view["your_turn"]:
                continue
            state = _state_at(game, view)
            events = state.events
            last = max((i for i, e in enumerate(events) if e.seat == 0 and e.kind == "play"),
                       default=-1)  # fmt: skip
            drawn = {str(e.tile) for e in events[last + 1 :] if e.seat == 0 and e.kind == "draw"}
            assert {t["name"] for t in view["hand"] if t["drawn"]} == drawn
            for tile in view["hand"]:
                word = strings("en")["practice.tile.drawn"].split("{tile}")[1]
                assert (word in tile["label"]) == tile["drawn"]
                assert tile["label"].startswith(tile["name"])
            seen += bool(drawn)
    assert seen > 3


def _state_at(game: practice.Game, view: dict) -> RoundState:
    """The round state a view of the reader's turn shows, rebuilt from its log length."""
    k = view["round"] - 1
    full = game.rounds[k]
    target = sum(e["events"] for e in view["log"])
    save = json.loads(json.dumps(game.save))
    save["rounds"] = save["rounds"][: k + 1]
    plays = [e for e in full.events[:target] if e.kind == "play"]
    save["rounds"][k] = save["rounds"][k][: len(plays)]
    state = practice.load_game(save).state
    assert len(state.events) == target
    return state


@pytest.mark.parametrize(("preset", "players"), [("all-fives", 2), ("all-fives", 3), ("draw", 2)])
def test_every_placement_offered_is_legal_and_scores_what_it_says(preset, players):
    levels = ["club"] * (players - 1)
    checked = 0
    for seed in range(3):
        save = practice.new_save(preset, {}, players, levels, seed=seed)
        for _ in range(400):
            view = practice_view(save, "en")
            if view["phase"] == "match-over" or view["round"] > 2:
                break
            if view["phase"] == "round-over":
                save = practice.next_round(save)
                continue
            if not view["your_turn"]:
                save, _ = practice.computer_move(save)
                continue
            layout = practice.load_game(save).state.layout
            for tile in view["hand"]:
                assert bool(tile["ends"]) == tile["playable"]
                for end in tile["ends"]:
                    after = practice.load_game(practice.play(save, end["move"])).state
                    event = next(e for e in reversed(after.events) if e.kind == "play")
                    assert (event.seat, str(event.tile)) == (0, tile["name"])
                    assert end["end"] == (None if event.end is None else event.end.value)
                    for fit, sfx in (("wide", ""), ("narrow", "_narrow")):
                        # An end is named by its place on each drawing of the table.
                        if event.end is not None:
                            place = end_places(layout, fit)[event.end]
                            value = layout.end(event.end).value
                            assert end["label" + sfx] == place_label(place, value, "en")
                        if preset == "all-fives":
                            assert end["score"] == event.score
                            key = "lead" if end["end"] is None else "end"
                            told = strings("en")[
                                f"practice.{key}.{'scores' if end['score'] else 'no_score'}"
                            ].format(label=end["label" + sfx], points=end["score"])
                            assert end["text" + sfx] == told
                        else:
                            assert end["score"] is None
                            assert end["text" + sfx] == end["label" + sfx]
                    checked += 1
                for sfx in ("", "_narrow"):  # the ends a tile may take are told apart
                    assert len({e["label" + sfx] for e in tile["ends"]}) == len(tile["ends"])
            save = practice.play(save, reader_move(view))
    assert checked > 20


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_all_fives_round_end_adds_play_and_end_points(lang):
    save, views = play_match(practice.new_save("all-fives", {}, 3, ["club", "club"], seed=4), lang)
    game = practice.load_game(save)
    ends = [v for v in views if v["phase"] != "play"]
    assert len(ends) == len(game.rounds) >= 2
    for view, state in zip(ends, game.rounds, strict=True):
        told = view["round_end"]["text"]
        end = state.score_breakdown().end
        sums = re.findall(r"(\d+) \+ (\d+) = (\d+)", told)
        for side, entry in enumerate(view["sides"]):
            assert entry["round"] == state.result().points[side]
        if end.winner is not None:
            play, at_end = state.play_points[end.winner], end.points
            total = view["sides"][end.winner]["round"]
            assert (str(play), str(at_end), str(total)) in sums
            assert play + at_end == total
        assert view["log"][-1]["kind"] == "end"
        assert view["log"][-1]["text"].split()[-1] in told
    # The history keeps each round's text, points and the totals after it.
    history = ends[-1]["history"]
    assert [h["round"] for h in history] == list(range(1, len(game.rounds) + 1))
    for h, view in zip(history, ends, strict=True):
        assert h["text"] == view["round_end"]["text"]
        assert h["points"] == [s["round"] for s in view["sides"]]
        assert h["totals"] == [s["total"] for s in view["sides"]]
        assert h["layout"].startswith("<svg") and h["layout_narrow"].startswith("<svg")
        assert [x["text"] for x in h["hands"]] == [x["text"] for x in view["round_end"]["hands"]]


def test_hand_lines_and_seat_lines_are_whole_sentences_of_the_language():
    _, views = play_match(practice.new_save("block", {}, 3, ["club", "expert"], seed=2), "fr")
    end = next(v for v in views if v["phase"] != "play")
    for line in end["round_end"]["hands"]:
        assert line["text"].startswith(line["name"] + "\u00a0: ")
        assert all(t in line["text"] for t in line["tiles"])
        if not line["tiles"]:
            assert line["text"].endswith(strings("fr")["practice.hand_empty"])
    for view in views:
        turns = [s["seat"] for s in view["seats"] if s["turn"]]
        assert turns == ([] if view["turn"] is None else [view["turn"]])
        for seat in view["seats"]:
            assert seat["text"].startswith(seat["name"]) and str(seat["tiles"]) in seat["text"]


def test_the_open_ends_are_counted_in_all_fives_only():
    fives = practice_view(practice.new_save("all-fives", {}, 2, ["club"], seed=1), "de")
    # An empty table: the open-ends line says so; there is no sum to tell.
    assert fives["open_ends"] == {"count": 0, "text": ""}
    assert fives["ends_line"] == strings("de")["practice.ends_line.empty"]
    save, views = play_match(practice.new_save("all-fives", {}, 2, ["club"], seed=1), "de")
    game = practice.load_game(save)
    last = next(v for v in views if v["phase"] != "play")
    assert last["open_ends"]["count"] == game.rounds[0].layout.count()
    assert str(last["open_ends"]["count"]) in last["open_ends"]["text"]
    assert (
        practice_view(practice.new_save("block", {}, 2, ["club"], seed=1), "de")["open_ends"]
        is None
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_danish_first_round_says_why_its_tile_opens(lang):
    for seed in range(40):
        save = practice.new_save("block-dk", {}, 2, ["club"], seed=seed)
        state = practice.load_game(save).state
        view = practice_view(save, lang)
        assert len(view["notes"]) == 1
        note = view["notes"][0]
        assert str(state.opening) in note
        if state.leader == 0:
            assert view["your_turn"]
            lead = strings(lang)["practice.lead"].format(tile=state.opening)
            assert [t["ends"] for t in view["hand"] if t["playable"]] == [
                [
                    {
                        "end": None,
                        "label": lead,
                        "label_narrow": lead,
                        "move": state.opening.code,
                        "score": None,
                        "text": lead,
                        "text_narrow": lead,
                    }
                ]
            ]
        else:
            assert str(state.leader + 1) in note
        # Once the tile is down, or in a later round, nothing more is said.
        played = save
        while practice_view(played, "en")["log"] == []:
            played = (
                practice.play(played, reader_move(view))
                if practice_view(played, "en")["your_turn"]
                else practice.computer_move(played)[0]
            )
        assert practice_view(played, lang)["notes"] == []
    assert practice_view(practice.new_save("block", {}, 2, ["club"], seed=1), lang)["notes"] == []


def test_the_download_says_why_it_waits_for_a_finished_round():
    save = practice.new_save("block", {}, 2, ["club"], seed=3)
    view = practice_view(save, "pl")
    assert (
        not view["can_download"]
        and view["download_note"] == strings("pl")["practice.download_note"]
    )
    save, views = play_match(save)
    over = next(v for v in views if v["phase"] != "play")
    assert over["can_download"] and over["download_note"] == ""
    later = [v for v in views if v["round"] == 2]
    assert later and all(v["can_download"] for v in later)


def test_partnerships_need_four_players_as_the_rules_say():
    assert needs_players("partnerships") == 4
    assert needs_players("rounding") is None
    for players in (2, 3):
        with pytest.raises(DominoError) as e:
            practice.new_save(
                "block-dk", {"partnerships": True}, players, ["club"] * (players - 1), 1
            )
        assert e.value.code == "partnerships_need_four"
        assert e.value.field == "practice-option-partnerships"


# -- the link ------------------------------------------------------------------------


@st.composite
def setups(draw) -> tuple[str, dict, int, list[str], int]:
    preset = draw(st.sampled_from(PRESETS))
    options = {}
    for option, allowed in option_choices(preset).items():
        if draw(st.booleans()):
            options[option] = draw(st.sampled_from(allowed))
    need = 4 if options.get("partnerships") else None
    players = need or draw(st.integers(2, 4))
    levels = draw(st.lists(st.sampled_from(LEVELS), min_size=players - 1, max_size=players - 1))
    seed = draw(st.integers(0, MAX_SEED))
    return preset, options, players, levels, seed


def settings_of_save(save: dict) -> dict:
    options = {o: save["options"].get(o, a[0]) for o, a in option_choices(save["preset"]).items()}
    return {
        "preset": save["preset"],
        "options": options,
        "players": save["players"],
        "levels": save["levels"],
        "seed": save["seed"],
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), st.sampled_from(LANGUAGES))
def test_a_link_gives_back_the_same_settings(setup, lang):
    save = practice.new_save(*setup)
    query = practice.link(save)
    assert "?" not in query and query.isascii() and len(query) < 200
    read = practice.settings_of(query, lang)
    assert read == {"settings": settings_of_save(save), "errors": []}
    again = practice.new_save(*(read["settings"][k] for k in ("preset", "options", "players",
                                                             "levels", "seed")))  # fmt: skip
    assert practice_view(again, "en")["hand"] == practice_view(save, "en")["hand"]


def test_the_view_carries_its_link_naming_only_options_that_differ():
    save = practice.new_save(
        "block-dk", {"partnerships": True, "rounding": False}, 4, ["club", "expert", "club"], 42
    )
    link = practice_view(save, "en")["link"]
    assert link == "game=block-dk&players=4&partnerships=true&levels=club,expert,club&seed=42"
    reply = ask("practice_settings", {"query": link}, "da")["value"]
    assert reply["errors"] == [] and reply["settings"]["options"]["partnerships"] is True
    assert reply["settings"]["options"]["rounding"] is False


GOOD = "game=block-dk&players=4&partnerships=true&levels=club,expert,club&seed=42"
TAMPERED = [
    ("game=block&players=2&levels=club&seed=abc", ["practice-seed"], "bad_seed"),
    ("game=block&players=2&levels=club&seed=2147483648", ["practice-seed"], "bad_seed"),
    ("game=block&players=2&levels=club&seed=-4", ["practice-seed"], "bad_seed"),
    ("game=chess&players=2&levels=club&seed=4", ["practice-preset"], "link_game"),
    ("game=block-dk&players=4&target=999&levels=club,club,club&seed=4",
     ["practice-option-target"], "link_option"),
    ("game=block-dk&players=2&rounding=yes&levels=club&seed=4",
     ["practice-option-rounding"], "link_option"),
    ("game=block&players=7&levels=club&seed=4", ["practice-players"], "bad_players"),
    ("game=block&players=two&levels=club&seed=4", ["practice-players"], "bad_players"),
    ("game=block-dk&players=3&partnerships=true&levels=club,club&seed=4",
     ["practice-option-partnerships"], "partnerships_need_four"),
    ("game=block&players=3&levels=club,grandmaster&seed=4", ["practice-level-2"], "bad_level"),
    ("game=block&players=4&levels=club&seed=4",
     ["practice-level-2", "practice-level-3"], "missing_level"),
    ("game=block&players=2&levels=club,club,club&seed=4", ["practice-players"], "level_count"),
    ("game=block&players=2&levels=club&seed=4&seed=5", ["practice-seed"], "link_repeated"),
    ("game=block&game=draw&players=2&levels=club&seed=4", ["practice-preset"], "link_repeated"),
    ("game=block&players=2&levels=cl%C3%BCb&seed=4", ["practice-level-1"], "bad_level"),
    ("game=block&players=2&levels=club&seed=%E4%BA%8C", ["practice-seed"], "bad_seed"),
    ("game=block&players=2&levels=club&seed=٤٢", ["practice-seed"], "bad_seed"),
    ("seed=4&" + "x=1&" * 600, ["practice-preset"], "link_too_long"),
]  # fmt: skip
ENGLISH = {"seed", "whole", "number", "must", "game", "does", "value", "choices", "players",
           "level", "levels", "missing", "setting", "more", "once", "none", "used", "too",
           "read", "keeps", "your", "names", "partnerships", "need", "exactly", "computer",
           "seats", "gives", "than", "which", "this", "not", "from", "fewer", "but"}  # fmt: skip
"""Words of the English messages that no other language's message may hold."""


@pytest.mark.parametrize(("query", "fields", "code"), TAMPERED)
def test_a_tampered_link_is_told_at_its_field_in_each_language(query, fields, code):
    replies = {lang: practice.settings_of(query, lang) for lang in LANGUAGES}
    for lang, reply in replies.items():
        assert [e["field"] for e in reply["errors"]] == fields, (lang, reply)
    for k in range(len(fields)):
        en = replies["en"]["errors"][k]["message"]
        for lang in LANGUAGES[1:]:
            message = replies[lang]["errors"][k]["message"]
            assert message != en
            words = set(re.findall(r"\w+", message.lower()))
            assert not words & ENGLISH - set(re.findall(r"[a-z]+", query.lower())), (lang, message)
    # The message is the engine's own for that code.
    en_template = strings("en")[f"error.{code}"]
    assert en_template.split("{")[0] in replies["en"]["errors"][0]["message"]
    # Good values are kept: the seed survives a bad game, the game a bad seed.
    settings_read = replies["en"]["settings"]
    if code != "link_too_long" and "seed=4" in query and code != "link_repeated":
        assert settings_read["seed"] == 4
    if query.startswith("game=block&") and code != "link_repeated":
        assert settings_read["preset"] == "block"


def test_unknown_parameters_are_ignored_and_missing_ones_left_to_the_form():
    reply = practice.settings_of("utm_source=x&game=draw&zz=%FF&seed=9&", "fr")
    assert reply == {
        "settings": {"preset": "draw", "options": {}, "players": None, "levels": None, "seed": 9},
        "errors": [],
    }
    assert practice.settings_of("", "en")["errors"] == []
    with pytest.raises(DominoError):
        practice.settings_of(["game=block"], "en")
    assert practice.settings_of("a" * 2048, "en")["errors"] == []
    assert len(practice.settings_of("a" * 2049, "en")["errors"]) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_new_game_is_told_wholly_in_the_language_at_its_field(lang):
    base = {"preset": "block", "players": 2, "levels": ["club"], "seed": 1}
    cases = [
        ({"seed": -1}, "practice-seed", "bad_seed"),
        ({"seed": "12"}, "practice-seed", "bad_seed"),
        ({"seed": 2**31}, "practice-seed", "bad_seed"),
        ({"preset": "go"}, "practice-preset", "link_game"),
        ({"players": 9}, "practice-players", "bad_players"),
        ({"levels": ["club", "club"]}, "practice-players", "level_count"),
        ({"levels": ["nobody"]}, "practice-level-1", "bad_level"),
        ({"players": 3}, "practice-level-2", "missing_level"),
        ({"preset": "block-dk", "options": {"target": 5}}, "practice-option-target", "link_option"),
    ]
    for change, field, code in cases:
        reply = ask("practice_new", {**base, **change}, lang)
        assert reply["ok"] is False
        assert (reply["code"], reply["field"]) == (code, field)
        if lang != "en":
            english = ask("practice_new", {**base, **change}, "en")["error"]
            assert reply["error"] != english
            words = set(re.findall(r"\w+", reply["error"].lower()))
            assert not words & (ENGLISH - {"go", "nobody"}), reply["error"]
    assert ask("practice_view", {"save": {}}, lang).get("field") is None


def test_the_table_comes_drawn_for_a_phone_as_well():
    save, views = play_match(practice.new_save("all-fives", {}, 2, ["club"], seed=8))
    game = practice.load_game(save)
    view = next(v for v in views if v["phase"] != "play")
    caption = strings("en")["practice.table"].format(round=1)
    layout = game.rounds[0].layout
    args = {"size": PAGE_SIZE, "highlight_last": True, "name": view["table_name"]}
    assert view["layout"] == layout_svg(layout, "en", caption, **args)
    assert view["layout_narrow"] == layout_svg(layout, "en", caption, fit="narrow", **args)
    assert view["layout_narrow"] != view["layout"]


PYODIDE_PROGRAM = """
import json
from engine.features import practice
from engine.presentation.views.practice import game_view as practice_view
from engine.presentation.views.practice import hint_view
from engine.presentation.views.rounds import round_steps
from engine.presentation.web import call
save = practice.new_save("all-fives", {}, 3, ["club", "beginner"], seed=12)
views = []
for _ in range(60):
    view = practice_view(save, "pl")
    views.append(view)
    if view["phase"] != "play":
        break
    if view["your_turn"]:
        tile = next(t for t in view["hand"] if t["playable"])
        save = practice.play(save, tile["ends"][0]["move"])
    else:
        save, _ = practice.computer_move(save)
link = views[-1]["link"] + "&seed=x"
result = json.dumps({"views": views, "settings": json.loads(call(json.dumps(
    {"method": "practice_settings", "args": {"query": link}, "lang": "de"})))})
result
"""


def test_the_practice_view_is_the_same_in_pyodide(pyodide: Pyodide) -> None:
    """The worker computes the view in Pyodide: the same view there as here."""
    scope: dict = {}
    exec(PYODIDE_PROGRAM, scope)
    here = json.loads(scope["result"])
    there = json.loads(pyodide.run(PYODIDE_PROGRAM))
    assert there == here
    assert there["settings"]["value"]["errors"][0]["field"] == "practice-seed"
    assert len(there["views"]) > 5 and there["views"][-1]["history"]


def test_every_drawing_in_one_view_has_ids_of_its_own():
    """The page shows the table (wide and narrow) and the finished rounds at once."""
    _, views = play_match(practice.new_save("block", {}, 2, ["club"], seed=6))
    view = views[-1]
    drawings = [view["layout"], view["layout_narrow"]]
    for h in view["history"]:
        drawings += [h["layout"], h["layout_narrow"]]
    assert len(view["history"]) >= 2
    ids = [i for d in drawings for i in re.findall(r'\bid="([^"]+)"', d)]
    assert ids and len(ids) == len(set(ids))


SAVE_ENGLISH = {"saved", "game", "fields", "list", "plays", "round", "must", "whole", "number",
                "unknown", "tile", "write", "lacks", "over", "yet", "another"}  # fmt: skip


@pytest.mark.parametrize(
    "change",
    [
        lambda s: "not a save",
        lambda s: {**s, "extra": 1},
        lambda s: {k: v for k, v in s.items() if k != "levels"},
        lambda s: {**s, "seed": -1},
        lambda s: {**s, "levels": ["grandmaster"]},
        lambda s: {**s, "players": 3},
        lambda s: {**s, "preset": "chess"},
        lambda s: {**s, "rounds": [["9-9"]]},
        lambda s: {**s, "rounds": [["6-6", "6-6"]]},
        lambda s: {**s, "rounds": "[]"},
        lambda s: {**s, "rounds": ["1-2"]},
        lambda s: {**s, "rounds": [[], []]},
    ],
)
def test_a_corrupt_save_is_told_wholly_in_the_pages_language(change):
    save = practice.new_save("block", {}, 2, ["club"], seed=1)
    replies = {lang: ask("practice_view", {"save": change(save)}, lang) for lang in LANGUAGES}
    assert {r["code"] for r in replies.values()} == {"bad_save"}
    en = replies["en"]["error"]
    assert en.startswith(strings("en")["error.bad_save"].split("(")[0]) and "." not in en[-3:-1]
    for lang in LANGUAGES[1:]:
        message = replies[lang]["error"]
        assert message != en
        assert not set(re.findall(r"\w+", message.lower())) & SAVE_ENGLISH, (lang, message)


FIELDS = (
    {"practice-preset", "practice-players", "practice-seed"}
    | {f"practice-level-{seat}" for seat in (1, 2, 3)}
    | {f"practice-option-{o}" for o in option_choices("block-dk")}
)
KEYS = ["game", "players", "levels", "seed", *option_choices("block-dk"), "zz"]
VALUES = ["block", "block-dk", "all-fives", "draw", "4", "3", "2", "true", "false", "null",
          "7", "150", "total", "club,expert", "club", "0", "2147483647", "", "%", "%FF", "é",
          "+"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(KEYS) | st.text(max_size=8),
            st.sampled_from(VALUES) | st.text(max_size=12),
        ),
        max_size=12,
    ),
    st.sampled_from(LANGUAGES),
)
def test_any_query_is_read_without_fail_and_its_errors_name_a_control(pairs, lang):
    query = "&".join(f"{k}={v}" for k, v in pairs)
    reply = json.loads(call(json.dumps({"method": "practice_settings", "args": {"query": query},
                                        "lang": lang})))  # fmt: skip
    assert reply["ok"], reply
    value = reply["value"]
    for error in value["errors"]:
        assert error["field"] in FIELDS and error["message"]
    read = value["settings"]
    # What was read whole makes a game: the values kept are good ones.
    whole = None not in (read["preset"], read["players"], read["levels"], read["seed"])
    if whole and None not in read["levels"] and len(read["levels"]) == read["players"] - 1:
        practice.new_save(read["preset"], read["options"], read["players"], read["levels"],
                          read["seed"])  # fmt: skip


def test_the_readers_tiles_are_drawn_at_the_hands_size():
    view = practice_view(practice.new_save("block", {}, 2, ["club"], seed=2), "en")
    assert [t["svg"] for t in view["hand"]] == [
        tile_svg(Tile.parse(t["code"]), HAND_SIZE) for t in view["hand"]
    ]


def expected_last(events: list, lang: str) -> list[str]:
    """Each seat's last turn of ``events`` told as its seat line's second line: a turn is
    a seat's events in a row (its draws, then the play or pass that ends it), read from
    the start of the round."""
    turns: dict[int, list] = {}
    for k, event in enumerate(events):
        same_turn = k > 0 and events[k - 1].seat == event.seat and events[k - 1].kind == "draw"
        turns[event.seat] = [*turns[event.seat], event] if same_turn else [event]
    first_play = next((e for e in events if e.kind == "play"), None)
    out = []
    for seat in range(max(turns, default=0) + 1):
        turn = turns.get(seat)
        if not turn:
            out.append("")
            continue
        final, draws = turn[-1], sum(e.kind == "draw" for e in turn)
        end = strings(lang)[f"end.to.{final.end}"] if final.end else ""
        if final.kind == "pass":
            key = "draw_pass" if draws else "pass"
        elif final.kind == "draw":
            key = "draw"
        else:
            key = "draw_play" if draws else "lead" if final is first_play else "play"
            key += ".scores" if final.score else ""
        out.append(
            text(lang, f"practice.last.{key}", tile=final.tile, end=end, count=draws,
                 points=final.score)
        )  # fmt: skip
    return out


def test_every_seat_shows_its_last_turn_and_the_last_tile_its_layer(match):
    """After every move each seat's line ends with what it did last (its draws told
    with the play or pass after them), the last tile names who laid it, and the feed is
    the log's last three entries."""
    save, views = match
    game = practice.load_game(save)
    kinds = set()
    for view in views:
        if view["phase"] == "play" and not view["your_turn"]:
            continue
        state = _state_at(game, view) if view["phase"] == "play" else game.rounds[view["round"] - 1]
        events = list(state.observation(0).events)
        lasts = [seat["last"] for seat in view["seats"]]
        wanted = expected_last(events, "en")
        assert lasts == wanted + [""] * (len(lasts) - len(wanted))
        kinds |= {e.kind for e in events}
        plays = [e for e in events if e.kind == "play"]
        if plays:
            who = "you" if plays[-1].seat == 0 else "seat"
            assert view["last_tile"] == {
                "tile": str(plays[-1].tile),
                "seat": plays[-1].seat,
                "text": text("en", f"practice.last_tile.{who}", tile=plays[-1].tile,
                             seat=plays[-1].seat + 1),
            }  # fmt: skip
        else:
            assert view["last_tile"] is None
        assert view["feed"] == [e["text"] for e in view["log"][-3:]]
    assert "play" in kinds


def test_a_draw_game_tells_draws_and_passes_in_the_seat_lines():
    _, views = play_match(practice.new_save("draw", {}, 3, ["club", "club"], seed=23))
    lines = {seat["last"] for view in views for seat in view["seats"]}
    s = strings("en")
    for key in ("practice.last.draw_play", "practice.last.draw_pass"):
        head = s[key].split("{count")[0]
        tail = s[key].split("}")[-1]
        assert any(line.startswith(head) and line.endswith(tail) for line in lines), key


@pytest.mark.parametrize(("preset", "players"), [("block", 2), ("block-dk", 3), ("draw", 4),
                                                 ("all-fives", 4)])  # fmt: skip
def test_the_table_is_named_in_short_and_described_in_full(preset, players):
    """The table's accessible name is the round, the number of tiles and the open ends
    with their values; the tile-by-tile description is only its description."""
    levels = ["club"] * (players - 1)
    save, views = play_match(practice.new_save(preset, {}, players, levels, seed=7), "fr")
    game = practice.load_game(save)
    longest = 0
    for view in views:
        if view["phase"] != "play" or not view["your_turn"]:
            continue
        layout = _state_at(game, view).layout
        for fit, suffix in (("wide", ""), ("narrow", "_narrow")):
            name = view["table_name" + suffix]
            longest = max(longest, len(name))
            places = end_places(layout, fit)
            ends = text("fr", "practice.ends_line", ends=", ".join(
                text("fr", f"practice.ends_line.{places[e.end]}", value=e.value)
                for e in layout.ends
            )) if layout.tiles else strings("fr")["practice.ends_line.empty"]  # fmt: skip
            assert view["ends_line" + suffix] == ends
            assert name == text(
                "fr", "practice.table_name", round=view["round"], count=len(layout.tiles), ends=ends
            )
            svg = view["layout" + suffix]
            fid = re.search(r'<title id="([^"]+)-title">', svg).group(1)
            assert f'aria-labelledby="{fid}-title" aria-describedby="{fid}-desc"' in svg
            assert f'<title id="{fid}-title">{name}</title>' in svg
            desc = re.search(r"<desc[^>]*>([^<]*)</desc>", svg).group(1)
            assert all(str(t) in desc for t in layout.tiles)
    # Short however long the round: four open ends and their values at most.
    assert 0 < longest <= 120, longest


def test_whose_turn_and_the_last_move_are_told_on_demand():
    save = practice.new_save("all-fives", {}, 3, ["club", "club"], seed=4)
    view = practice_view(save, "de")
    who = "you" if view["your_turn"] else "seat"
    assert view["whose_turn"] == text("de", f"practice.whose_turn.{who}", seat=view["turn"] + 1)
    assert view["last_move"] == strings("de")["practice.last_move.none"]
    save, views = play_match(save, "de")
    scored = [v for v in views if v["log"] and v["log"][-1]["kind"] == "score"]
    assert scored, "no play scored"
    for view in scored:  # a play that scores is told with its score
        assert view["last_move"] == " ".join(e["text"] for e in view["log"][-2:])
    final = views[-1]
    assert final["whose_turn"] == strings("de")["practice.whose_turn.none"]
    moves = [e for e in final["log"] if e["kind"] != "end"]
    told = moves[-2:] if moves[-1]["kind"] == "score" else moves[-1:]
    assert final["last_move"] == " ".join(e["text"] for e in told)


def test_a_finished_round_is_told_step_by_step_as_the_rounds_pages_tell_one():
    save, _ = play_match(practice.new_save("all-fives", {}, 3, ["club", "club"], seed=9), "pl")
    game = practice.load_game(save)
    for k, state in enumerate(game.rounds):
        steps = ask("practice_steps", {"save": save, "round": k}, "pl")["value"]
        told = round_steps(round_record(state), "pl")
        assert steps["round"] == k + 1
        assert [s["text"] for s in steps["steps"]] == [s.text for s in told]
        # Each step draws its own table, the tile just laid marked.
        for step, shown in zip(told, steps["steps"], strict=True):
            assert shown["layout"].count("data-tile=") == len(step.layout.tiles)
            assert ("domino-last" in shown["layout"]) == step.last
            assert shown["layout_narrow"].count("data-tile=") == len(step.layout.tiles)
    bad_rounds = [
        (len(game.rounds), "review_round"),
        (-1, "review_round"),
        ("0", "bad_argument"),
        (True, "bad_argument"),
    ]
    for bad, code in bad_rounds:
        for lang in ("de", "da"):
            reply = ask("practice_steps", {"save": save, "round": bad}, lang)
            assert reply["code"] == code and reply["error"]
            assert reply["error"] != ask("practice_steps", {"save": save, "round": bad})["error"]


def test_the_hint_names_its_end_by_its_place_on_each_drawing():
    """Where the hinted tile fits more than one end, the hint names its end as the end
    choice does: by its place on the drawing (``text``: wide, ``text_narrow``: narrow)."""
    differs = 0
    for seed in range(12):
        save = practice.new_save("all-fives", {}, 2, ["beginner"], seed=seed)
        for _ in range(30):
            view = practice_view(save, "pl")
            if view["phase"] != "play":
                break
            if not view["your_turn"]:
                save, _ = practice.computer_move(save)
                continue
            state = practice.load_game(save).state
            reply = hint_view(save, "pl")
            move = Move.parse(reply["move"])
            assert move in state.legal_moves()
            fits = [m for m in state.legal_moves() if m.tile == move.tile]
            for fit, sfx in (("wide", ""), ("narrow", "_narrow")):
                told = reply["text" + sfx]
                assert told.startswith(("Zagraj ", "Dołóż ")) and str(move.tile) in told
                if len(fits) == 1:
                    assert told.startswith("Zagraj ")
                    continue
                said = strings("pl")[f"place.{end_places(state.layout, fit)[move.end]}"]
                assert told.startswith(f"Dołóż {move.tile} na {said} koniec: ")
                differs += said != strings("pl")[f"end.{move.end.value}"]
            save = practice.play(save, reader_move(view))
    assert differs  # some hinted end lies elsewhere than its arm's name says
