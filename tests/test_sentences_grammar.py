"""Sentences with grammar (issue 37): a sentence agrees with its subject, says a result
before its working, and tells each thing once, in every language.

- **Subjects.** The reader is second person ("You lead the next round", fr « Vous
  entamez… », de "Du eröffnest…"), a team is plural ("Seats 2 and 4 win…") or, the
  reader's, "Your team (seats 1 and 3) wins…"; the scorepad names its players
  (:class:`engine.lang.Subject`).
- **A blocked round between teams** says the score first, then the hands compared.
- **Told once.** Going out is said with the last tile; a run of draws by one seat is one
  sentence, naming the tiles only to the seat that may see them.

Each expectation is written out here, not read from the tables, so that each fails on
the text it replaced ("You (seat 1) leads the next round.", "…score teams 12 + 11 = 23
against 7 + 5 = 12: 23.", "Seat 2 lays their last tile and goes out.", five "draws"
sentences for five draws).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.records import round_record
from engine.core.rules import Rules
from engine.core.state import RoundState
from engine.core.words import say, strings, text
from engine.features import practice
from engine.lang import LANGUAGES, Subject, fill, join_words
from engine.players.hints import join_reasons
from engine.presentation.views.practice import game_view
from engine.presentation.views.rounds import narration, round_steps, tell
from engine.presentation.views.scorepad import score_sheet

AND = {"en": " and ", "fr": " et ", "pl": " i ", "de": " und ", "da": " og "}


def walk(preset: str, options: dict, players: int, seed: int, moves: int = 3000) -> Iterator[Any]:
    """A practice match against beginners, the reader playing its first legal move:
    every save on the way, with its view in English."""
    save = practice.new_save(preset, options, players, ["beginner"] * (players - 1), seed=seed)
    for _ in range(moves):
        view = game_view(save, "en")
        yield save, view
        if view["phase"] == "match-over":
            return
        if view["phase"] == "round-over":
            save = practice.next_round(save)
        elif view["your_turn"]:
            tile = next(t for t in view["hand"] if t["playable"])
            save = practice.play(save, tile["ends"][0]["move"])
        else:
            save, _ = practice.computer_move(save)


def finished_round(
    preset: str, players: int, wanted: Any, options: dict | None = None
) -> RoundState:
    """A round of random moves that ends as ``wanted(state)`` asks."""
    rules = Rules.make(preset, **(options or {}))
    for seed in range(2000):
        rng = random.Random(seed)
        state = RoundState.new(rules, players=players, rng=seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_moves()))
        if wanted(state):
            return state
    raise AssertionError("no such round")


# --- the reader and the seats as subjects ----------------------------------------------

NEXT = {
    "en": ("You lead the next round.", "Seat {seat} leads the next round."),
    "fr": ("Vous entamez la manche suivante.", "Le siège {seat} entame la manche suivante."),
    "pl": ("Otwierasz następną rundę.", "Następną rundę otwiera miejsce {seat}."),
    "de": ("Du eröffnest die nächste Runde.", "Sitz {seat} eröffnet die nächste Runde."),
    "da": ("Du lægger ud i næste runde.", "Plads {seat} lægger ud i næste runde."),
}


def test_the_next_leader_is_told_as_you_or_as_a_seat():
    seen = set()
    for save, view in walk("block", {}, 3, seed=3):
        if view["phase"] != "round-over" or not view["round_end"]["next"]:
            continue
        game = practice.load_game(save)
        leader = game.state.result().next_leader
        seen.add(leader == 0)
        for lang in LANGUAGES:
            you, seat = NEXT[lang]
            expected = you if leader == 0 else seat.format(seat=leader + 1)
            assert game_view(save, lang)["round_end"]["next"] == expected
        if len(seen) == 2:
            break
    assert seen == {True, False}


MATCH_WON_TEAM = {
    "en": (
        "Your team (seats 1 and 3) wins the match with {p} points.",
        "Seats 2 and 4 win the match with {p} points.",
    ),
    "fr": (
        "Votre équipe (sièges 1 et 3) gagne la partie avec {p} points.",
        "Les sièges 2 et 4 gagnent la partie avec {p} points.",
    ),
    "pl": (
        "Twoja drużyna (miejsca 1 i 3) wygrywa partię z wynikiem {p} pkt.",
        "Partię wygrywają miejsca 2 i 4 z wynikiem {p} pkt.",
    ),
    "de": (
        "Dein Team (Sitze 1 und 3) gewinnt die Partie mit {p} Punkten.",
        "Die Sitze 2 und 4 gewinnen die Partie mit {p} Punkten.",
    ),
    "da": (
        "Dit hold (plads 1 og 3) vinder partiet med {p} point.",
        "Plads 2 og 4 vinder partiet med {p} point.",
    ),
}

ROUND_WON_TEAM = {
    "en": ("Your team (seats 1 and 3) wins the round", "Seats 2 and 4 win the round"),
    "fr": ("Votre équipe (sièges 1 et 3) gagne la manche", "Les sièges 2 et 4 gagnent la manche"),
    "pl": ("Twoja drużyna (miejsca 1 i 3) wygrywa rundę", "Miejsca 2 i 4 wygrywają rundę"),
    "de": ("Dein Team (Sitze 1 und 3) gewinnt die Runde", "Die Sitze 2 und 4 gewinnen die Runde"),
    "da": ("Dit hold (plads 1 og 3) vinder runden", "Plads 2 og 4 vinder runden"),
}


def test_a_team_wins_in_the_plural_and_the_readers_team_is_your_team():
    options = {"partnerships": True, "target": 61}
    rounds_told = set()
    for save, view in walk("block-dk", options, 4, seed=7):
        if view["phase"] == "play":
            continue
        game = practice.load_game(save)
        winner = game.state.result().end.winner
        for lang in LANGUAGES:
            told = game_view(save, lang)
            if winner is not None:
                assert ROUND_WON_TEAM[lang][winner] in told["round_end"]["text"]
                rounds_told.add(winner)
            if view["phase"] == "match-over":
                side = game.match.outcome.winner
                points = game.match.totals[side]
                assert told["match_end"] == MATCH_WON_TEAM[lang][side].format(p=points)
    assert view["phase"] == "match-over"
    assert rounds_told == {0, 1}


def test_a_seat_and_the_reader_win_the_match_in_their_own_person():
    subjects = {"you": Subject("you", (1,)), "seat": Subject("seat", (2,))}
    expected = {
        "en": ("You win the match with 104 points.", "Seat 2 wins the match with 104 points."),
        "fr": (
            "Vous gagnez la partie avec 104 points.",
            "Le siège 2 gagne la partie avec 104 points.",
        ),
        "pl": (
            "Wygrywasz partię z wynikiem 104 pkt.",
            "Partię wygrywa miejsce 2 z wynikiem 104 pkt.",
        ),
        "de": (
            "Du gewinnst die Partie mit 104 Punkten.",
            "Sitz 2 gewinnt die Partie mit 104 Punkten.",
        ),
        "da": ("Du vinder partiet med 104 point.", "Plads 2 vinder partiet med 104 point."),
    }
    for lang in LANGUAGES:
        you, seat = (say(lang, "practice.match_won", s, points=104) for s in subjects.values())
        assert (you, seat) == expected[lang]


def test_the_scorepad_names_its_players_and_a_team_is_plural():
    sheet = {
        "version": 1, "preset": "block-dk", "options": {"partnerships": True}, "players": 4,
        "names": ["", "", "", ""],
        "rounds": [{"went_out": 3, "pips": [10, 2, 4, 0]}],
    }  # fmt: skip
    by_seats = {
        "en": "Seats 2 and 4 win the round and score 14.",
        "fr": "Les sièges 2 et 4 remportent la manche et marquent 14.",
        "pl": "Miejsca 2 i 4 wygrywają rundę i zdobywają 14 pkt.",
        "de": "Die Sitze 2 und 4 gewinnen die Runde und erhalten 14.",
        "da": "Plads 2 og 4 vinder runden og får 14.",
    }
    by_names = {
        "en": "Bo and Di win the round and score 14.",
        "fr": "Bo et Di remportent la manche et marquent 14.",
        "pl": "Bo i Di wygrywają rundę i zdobywają 14 pkt.",
        "de": "Bo und Di gewinnen die Runde und erhalten 14.",
        "da": "Bo og Di vinder runden og får 14.",
    }
    named = {**sheet, "names": ["Ana", "Bo", "", "Di"]}
    for lang in LANGUAGES:
        assert score_sheet(sheet, lang)["rounds"][0]["result"] == by_seats[lang]
        assert score_sheet(named, lang)["rounds"][0]["result"] == by_names[lang]


def test_names_are_joined_by_each_languages_rule():
    assert join_words("en", ["1", "2", "3"]) == "1, 2 and 3"
    assert join_words("pl", ["Ana", "Bo"]) == "Ana i Bo"
    assert join_words("de", ["Ana"]) == "Ana"
    with pytest.raises(ValueError):
        Subject("they")


# --- the team score: the result first, the working after it ----------------------------

TEAM_BLOCKED = {
    "en": "Seats {s} win the round and score {p}: their hands hold {own} against the other"
    " team's {other}{then}.",
    "fr": "Les sièges {s} gagnent la manche et marquent {p}\u00a0: leurs mains totalisent {own}"
    " points, celles de l’autre équipe {other}{then}.",
    "pl": "Miejsca {s} wygrywają rundę i zdobywają {p} pkt: mają w rękach {own}, a druga drużyna"
    " {other}{then}.",
    "de": "Die Sitze {s} gewinnen die Runde und erhalten {p} Punkte: Die beiden haben zusammen"
    " {own} Augen auf der Hand, das andere Team {other}{then}.",
    "da": "Plads {s} vinder runden og får {p}: de har {own} på hånden, det andet hold"
    " {other}{then}.",
}
THEN = {
    "en": ", so {w}",
    "fr": ", donc {w}",
    "pl": ", więc {w}",
    "de": ", also {w}",
    "da": ", så {w}",
}


@pytest.mark.parametrize("scoring", ["total", "difference"])
def test_a_blocked_team_round_says_the_score_then_the_hands_compared(scoring):
    options = {"partnerships": True, "blocked_scoring": scoring}

    def blocked_with_a_winner(state: RoundState) -> bool:
        return state.went_out is None and state.score_breakdown().end.winner is not None

    state = finished_round("block-dk", 4, blocked_with_a_winner, options)
    score = state.score_breakdown()
    winner = score.end.winner
    assert winner is not None
    pips = state.pips()
    sums = [(pips[0], pips[2]), (pips[1], pips[3])]
    own, other = sums[winner], sums[1 - winner]
    notation = [f"{a} + {b} = {a + b}" for a, b in (own, other)]
    for lang in LANGUAGES:
        final = round_steps(round_record(state), lang)[-1].text
        then = ""
        if scoring == "difference":
            working = f"{sum(other)} − {sum(own)} = {sum(other) - sum(own)}"
            then = THEN[lang].format(w=working)
        seats = AND[lang].join(str(s + 1) for s in (winner, winner + 2))
        p = score.end.points
        expected = TEAM_BLOCKED[lang].format(
            s=seats, p=p, own=notation[0], other=notation[1], then=then
        )
        assert final.endswith(expected), (lang, final)
        assert f": {p}." not in final and "teams" not in final


# --- told once ---------------------------------------------------------------------------

OUT_SEAT = {
    "en": "Seat {seat} lays {tile} on the {end} end and goes out.",
    "fr": "Le siège {seat} pose {tile} à l’extrémité {end} et fait domino.",
    "pl": "Miejsce {seat} dokłada ostatni klocek, {tile}, do {end} końca i kończy rundę.",
    "de": "Sitz {seat} legt {tile} an das {end} Ende und macht Domino.",
    "da": "Plads {seat} lægger {tile} ved den {end} ende og går ud.",
}
OUT_YOU = {
    "en": "You lay {tile} on the {end} end and go out.",
    "fr": "Vous posez {tile} à l’extrémité {end} et faites domino.",
    "pl": "Dokładasz ostatni klocek, {tile}, do {end} końca i kończysz rundę.",
    "de": "Du legst {tile} an das {end} Ende und machst Domino.",
    "da": "Du lægger {tile} ved den {end} ende og går ud.",
}
LAST_TILE = {
    "en": "last tile",
    "fr": "dernier domino",
    "pl": "ostatni klocek i",
    "de": "den letzten Stein",
    "da": "sidste brik",
}


def test_going_out_is_told_once_with_the_last_tile():
    state = finished_round("block", 3, lambda s: s.went_out is not None)
    last = state.events[-1]
    for lang in LANGUAGES:
        steps = round_steps(round_record(state), lang)
        end = strings(lang)[f"end.to.{last.end}"]
        said = OUT_SEAT[lang].format(seat=last.seat + 1, tile=last.tile, end=end)
        assert steps[-2].text.endswith(said)
        texts = " ".join(step.text for step in steps)
        assert texts.count(said) == 1
        assert LAST_TILE[lang] not in steps[-1].text


def test_the_practice_log_tells_the_reader_going_out_in_the_second_person():
    found = 0
    for save, view in walk("block", {}, 2, seed=1):
        if view["phase"] == "play" or practice.load_game(save).state.went_out != 0:
            continue
        state = practice.load_game(save).state
        last = state.events[-1]
        for lang in LANGUAGES:
            log = [e["text"] for e in game_view(save, lang)["log"]]
            end = strings(lang)[f"end.to.{last.end}"]
            assert log[-2] == OUT_YOU[lang].format(tile=last.tile, end=end)
            assert not any(LAST_TILE[lang] in line for line in log)
        # The reader is "you" throughout, never "Seat 1".
        assert not any("Seat 1" in e["text"] for e in view["log"])
        found += 1
        if found == 2:
            break
    assert found


DRAWS_SEAT = {
    "en": "Seat {seat} cannot play and draws {n} tiles.",
    "fr": "Le siège {seat} ne peut pas jouer et pioche {n} dominos.",
    "pl": "Miejsce {seat} nie może zagrać i dobiera {n} klocki.",
    "de": "Sitz {seat} kann nicht legen und zieht {n} Steine.",
    "da": "Plads {seat} kan ikke lægge og trækker {n} brikker.",
}
DRAWS_YOU = {
    "en": "You cannot play and draw {tiles}.",
    "fr": "Vous ne pouvez pas jouer et piochez {tiles}.",
    "pl": "Nie możesz zagrać i dobierasz {tiles}.",
    "de": "Du kannst nicht legen und ziehst {tiles}.",
    "da": "Du kan ikke lægge og trækker {tiles}.",
}


def runs(state: RoundState) -> list[tuple[int, list[Any]]]:
    """Each run of draws by one seat: the seat and its tiles."""
    out: list[tuple[int, list[Any]]] = []
    previous = None
    for event in state.events:
        if event.kind == "draw":
            if previous is not None and previous[:2] == ("draw", event.seat):
                out[-1][1].append(event.tile)
            else:
                out.append((event.seat, [event.tile]))
        previous = event
    return out


def test_a_run_of_draws_is_told_once_in_a_rounds_steps():
    def drew_three(state: RoundState) -> bool:
        return any(len(tiles) >= 3 for _, tiles in runs(state))

    state = finished_round("draw", 2, drew_three)
    text = " ".join(step.text for step in round_steps(round_record(state), "en"))
    assert text.count("cannot play") == len(runs(state))
    for seat, tiles in runs(state):
        named = join_words("en", [str(t) for t in tiles])
        assert f"Seat {seat + 1} cannot play and draws {named}" in text
    told = list(narration(state.events))
    assert len([t for t in told if t.kind == "draw" or t.drew]) == len(runs(state))


def test_a_seat_that_draws_then_plays_is_told_in_one_sentence() -> None:
    """ "Seat 1 cannot play and draws [3|6]. Seat 1 lays [3|6] on the left end." told the
    seat twice, and the tile; the tile that fits is the last drawn, laid at once."""
    state = finished_round("draw", 2, lambda s: len(runs(s)) > 0)
    steps = [step.text for step in round_steps(round_record(state), "en")]
    merged = 0
    for k, event in enumerate(state.events[1:-1], start=1):
        if event.kind == "draw" and state.events[k + 1][:2] == ("play", event.seat):
            tile = state.events[k + 1].tile
            assert tile == event.tile  # the last drawn is the one laid
            seat = event.seat + 1
            assert not any(f"Seat {seat} lays {tile}" in s for s in steps)
            merged += 1
    assert merged
    said = " ".join(steps)
    assert "then lays it on the" in said or "then lays the last one on the" in said


def test_a_run_of_draws_is_told_once_in_the_practice_log_naming_only_the_readers_tiles():
    seen = {"you": False, "seat": False}
    for save, view in walk("draw", {}, 2, seed=2):
        state = practice.load_game(save).state
        long = [(seat, tiles) for seat, tiles in runs(state) if len(tiles) >= 3]
        if not long:
            continue
        for lang in LANGUAGES:
            log = [e["text"] for e in game_view(save, lang)["log"]]
            for seat, tiles in long:
                if seat == 0:
                    named = join_words(lang, [str(t) for t in tiles])
                    assert DRAWS_YOU[lang].format(tiles=named) in log
                    seen["you"] = True
                elif len(tiles) in (3, 4):  # Polish "klocki" is the form of 2 to 4
                    assert DRAWS_SEAT[lang].format(seat=seat + 1, n=len(tiles)) in log
                    seen["seat"] = True
        if all(seen.values()) or view["phase"] == "match-over":
            break
    assert all(seen.values()), seen


# -- a draw and the pass after it, passes in a row ---------------------------------------


def test_a_seat_that_draws_and_still_cannot_play_is_told_once() -> None:
    def drew_then_passed(state: RoundState) -> bool:
        pairs = itertools.pairwise(state.events)
        return any(a[:2] == ("draw", b.seat) and b.kind == "pass" for a, b in pairs)

    state = finished_round("draw", 2, drew_then_passed)
    told = [t for t in narration(state.events) if t.kind == "draw" and t.passed]
    assert told
    for lang in LANGUAGES:
        text = " ".join(step.text for step in round_steps(round_record(state), lang))
        s = strings(lang)
        for t in told:
            seat, named = t.event.seat + 1, join_words(lang, [str(tile) for tile in t.tiles])
            once = fill(lang, s["round.draws.pass"], seat=seat, tiles=named)
            twice = " ".join(
                (fill(lang, s["round.draws"], seat=seat, tiles=named), s["round.passes"])
            ).format(seat=seat)
            assert once in text and twice not in text, lang
    en = " ".join(step.text for step in round_steps(round_record(state), "en"))
    assert "and still has to pass." in en


def test_passes_in_a_row_are_one_sentence_and_the_readers_own_pass_is_apart() -> None:
    def everyone_passed(state: RoundState) -> bool:
        return state.went_out is None and state.players == 4

    state = finished_round("block", 4, everyone_passed)
    tail = list(itertools.takewhile(lambda e: e.kind == "pass", reversed(state.events)))
    assert len(tail) == 4  # every seat passes before a block
    seats = [e.seat + 1 for e in reversed(tail)]
    named = join_words("en", [str(s) for s in seats])
    passes = list(narration(state.events))
    assert tell(passes[-1], "en", "round.passes") == f"Seats {named} cannot play and pass."
    assert all(t.kind != "pass" for t in passes[-2:-1])
    # A round's steps end with the block, which says it once: "Seats 4, 1, 2 and 3 cannot
    # play and pass. Nobody can play: …" told the passes twice.
    final = round_steps(round_record(state), "en")[-1].text
    assert final.startswith("Nobody can play: the round is blocked.")
    assert "cannot play" not in final.removeprefix("Nobody can play")
    # Told to the reader, who is seat 0: the reader's pass is a sentence of its own.
    told = list(narration(state.events, apart=0, since=len(state.events) - 4))
    assert [s for t in told for s in (t.seats or (t.event.seat,))] == [s - 1 for s in seats]
    assert [t.seats for t in told if t.event.seat == 0] == [()]
    assert len(told) == 2 + (seats[0] != 1 and seats[-1] != 1)


# --- numbers and lists the native reads found ------------------------------------------

ONE_POINT_TARGET = {
    "en": "Playing to 1 point.",
    "fr": "Partie en 1 point.",
    "pl": "Partia toczy się do 1 pkt.",
    "de": "Gespielt wird auf 1 Punkt.",
    "da": "Partiet spilles til 1 point.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_match_target_agrees_with_its_number(lang: str) -> None:
    """ "Playing to 1 points", « Partie en 1 points », "auf 1 Punkte" were the old text."""
    assert text(lang, "scorepad.match.on", target=1) == ONE_POINT_TARGET[lang]


def test_a_doubled_score_says_going_out_with_a_double_in_french() -> None:
    """« pour un domino fait avec un double » read as a tile made of a double."""
    said = text("fr", "score.doubled", sum="13", points="13 × 2 = 26")
    assert said == "13, doublé pour avoir fait domino avec un double\u00a0: 13 × 2 = 26"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_three_reasons_have_one_and_before_the_last(lang: str) -> None:
    """Reasons were joined by "and" pair by pair (« a et b et c »)."""
    said = join_reasons(["a", "b", "c"], lang)
    assert said.lower() == "a, b" + strings(lang)["hint.and"] + "c"
    assert said.count(strings(lang)["hint.and"].strip()) == 1
