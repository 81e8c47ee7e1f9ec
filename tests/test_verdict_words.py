"""The puzzles', the review's and the hints' sentences say what is true (issue 37): the
puzzle's history shows every pass and draw its explanation relies on, a line that does
not win is no "winning line", a move marked best beside a different engine's choice is
said to be as good as it within the review's tolerance, a hint's count of deals is
explained, and the templates read as each language writes."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine import RoundState, Rules
from engine.core.records import round_record
from engine.core.state import Move
from engine.core.words import strings, text
from engine.features import review as rv
from engine.features.puzzles import THEMES, by_id, load_puzzles, theme_of
from engine.lang import LANGUAGES, fill
from engine.players import hints
from engine.presentation import web
from engine.presentation.views import puzzles as view
from engine.presentation.views.review import points, summary_view
from engine.presentation.views.rounds import ROUND_WORDS, Told, narration, tell

DOCS = Path(__file__).resolve().parent.parent / "docs"


def answer(puzzle: Any, lang: str) -> dict[str, Any]:
    move = Move.parse(puzzle.answer)
    end = move.end.value if move.end is not None else ""
    return view.judge_move(puzzle, move.tile.code, end, lang)


# -- the puzzle's history ----------------------------------------------------------------


def told(state: RoundState) -> list[Told]:
    """The round so far as a puzzle tells it: the reader's passes apart from others'."""
    return list(narration(state.events, apart=state.current_player))


def say(t: Told, state: RoundState, lang: str) -> str:
    """``t`` in the puzzle's words: the reader's own in the second person."""
    mine = t.event.seat == state.current_player
    return tell(t, lang, (view.YOUR_WORDS if mine else ROUND_WORDS)[t.kind])


def passes_and_draws(state: RoundState, lang: str) -> list[str]:
    """Every pass and draw of the round so far (a draw with the play it led to)."""
    return [say(t, state, lang) for t in told(state) if t.kind in ("pass", "draw") or t.drew]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_pass_and_draw_of_every_puzzle_is_in_its_history_in_order(lang: str) -> None:
    missing = []
    for puzzle in load_puzzles():
        shown = " ".join(view.puzzle_view(puzzle, lang)["history"])
        at = 0
        for sentence in passes_and_draws(puzzle.state(), lang):
            found = shown.find(sentence, at)
            if found < 0:
                missing.append(f"{puzzle.id}: {sentence!r}")
                break
            at = found + len(sentence)
    assert not missing, "\n".join(missing)


def test_the_pass_an_explanation_names_was_shown_before_the_question() -> None:
    for puzzle in load_puzzles():
        if puzzle.theme != "pass":
            continue
        _, facts = theme_of(view.solved(puzzle))
        history = view.puzzle_view(puzzle, "en")["history"]
        # A pass is told alone, among other seats' passes, or after the seat's draws.
        state = puzzle.state()
        passed = [
            say(t, state, "en")
            for t in told(state)
            if (t.kind == "pass" and facts["seat"] in (t.seats or (t.event.seat,)))
            or (t.kind == "draw" and t.passed and t.event.seat == facts["seat"])
        ]
        assert passed and all(any(p in line for line in history) for p in passed), puzzle.id


def test_block_2_12_shows_seat_1_passing_after_the_six_plays() -> None:
    puzzle = by_id("block-2-12")
    history = view.puzzle_view(puzzle, "en")["history"]
    # Six plays, then the pass the explanation relies on (the old history stopped at six).
    assert len(history) == 7
    told = [t for t in narration(puzzle.state().events) if t.kind == "pass"]
    assert [t.event.seat for t in told] == [0]
    assert history[-1] == tell(told[0], "en", ROUND_WORDS["pass"])
    assert "Seat 1" in history[-1]
    why = answer(puzzle, "en")["why"]
    assert why.startswith("Seat 1 passed when the open ends took 5 and 6")


# -- a line that does not win ----------------------------------------------------------


def test_a_puzzle_that_cannot_be_won_shows_the_best_line_not_the_winning_line() -> None:
    losing = [p for p in load_puzzles() if p.theme == "losses"]
    assert losing
    for puzzle in losing[:3]:
        assert not view.solved(puzzle).wins()
        for lang in LANGUAGES:
            got = answer(puzzle, lang)
            assert got["line"] == strings(lang)["puzzle.line.best"], (puzzle.id, lang)
            assert got["line"] != strings(lang)["puzzle.line.winning"]
    english = answer(losing[0], "en")
    assert english["line"] == "The best line"
    assert "cannot be won" in english["why"]


def test_a_winning_puzzle_shows_the_winning_line() -> None:
    puzzle = by_id("block-2-12")
    assert view.solved(puzzle).wins()
    assert answer(puzzle, "en")["line"] == "The winning line"
    assert answer(puzzle, "fr")["line"] == "La suite gagnante"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_line_is_labelled_by_whether_it_wins_for_every_theme(lang: str) -> None:
    for theme in THEMES:
        for puzzle in [p for p in load_puzzles() if p.theme == theme][:2]:
            wins = view.solved(puzzle).wins()
            key = "puzzle.line.winning" if wins else "puzzle.line.best"
            assert answer(puzzle, lang)["line"] == strings(lang)[key], (puzzle.id, lang)
    assert strings(lang)["puzzle.line.winning"] != strings(lang)["puzzle.line.best"]


# -- the review: equal within its tolerance ------------------------------------------------


def a_round() -> tuple[RoundState, dict[str, Any]]:
    state = RoundState.new(Rules.make("block"), 2, 0, rng=5)
    rng = random.Random(5)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_moves()))
    return state, round_record(state)


def near_tie(state: RoundState, seat: int, gap: float) -> rv.Judgement:
    """A judgement of the seat's first decision in which another move is the engine's
    choice, ``gap`` points ahead of the move made, and a third move 0.2 behind it."""
    d = rv.decisions(state, seat)[0]
    judged = rv.judge_decision(d, seed=0, budget=4)
    other = next(i for i in range(len(d.moves)) if i != d.played)
    top = 5.0
    means = [top - 7.0] * len(d.moves)
    means[other] = top
    means[d.played] = top - gap
    third = next((i for i in range(len(d.moves)) if i not in (other, d.played)), None)
    if third is not None:
        means[third] = top - 0.2
    values = tuple(
        rv.Valued(m, means[i], top - means[i], 0.0, rv.mark_of(rv.round_loss(top - means[i])))
        for i, m in enumerate(d.moves)
    )
    return dataclasses.replace(judged, values=values, best=other)


def judged_view(
    monkeypatch: pytest.MonkeyPatch, gap: float, lang: str
) -> tuple[dict[str, Any], rv.Judgement]:
    state, record = a_round()
    j = near_tie(state, 0, gap)
    monkeypatch.setattr(rv, "judge_decision", lambda *a, **k: j)
    reply = json.loads(
        web.call(
            json.dumps(
                {
                    "method": "review_judge",
                    "args": {"record": record, "seat": 0, "index": 0, "budget": 4},
                    "lang": lang,
                }
            )
        )
    )
    assert reply["ok"], reply
    return reply["value"], j


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_move_marked_best_beside_another_engines_choice_is_said_to_be_as_good(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    got, j = judged_view(monkeypatch, 0.3, lang)
    made = view.move_label(j.decision.move, lang)
    choice = view.move_label(j.better.move, lang)
    tolerance = points(rv.MARKS[0][1], lang)
    assert got["mark"]["id"] == "best" and got["best"] != got["move"]
    # The old verdict: "[a|b] on the left end: the best move." beside "The engine's
    # choice: [c|d]".
    assert got["verdict"] != text(lang, "review.verdict.best", move=made)
    assert got["verdict"] == text(
        lang, "review.verdict.equal", move=made, better=choice, tolerance=tolerance
    )
    assert choice in got["verdict"] and tolerance in got["verdict"]
    assert choice in got["caption"]
    # Every other move marked best in the list says it is equal within the tolerance.
    for v in got["values"]:
        if v["mark"]["id"] == "best" and not v["best"]:
            assert tolerance in v["text"], v
        else:
            assert tolerance not in v["text"], v


def test_the_english_verdict_of_an_equal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    got, j = judged_view(monkeypatch, 0.4, "en")
    choice = view.move_label(j.better.move, "en")
    assert got["verdict"].endswith(
        f": as good as the engine's choice, {choice} (within 0.5 points)."
    )
    assert "the best move" not in got["verdict"]
    assert got["reason"] == ""
    equal = [v for v in got["values"] if v["mark"]["id"] == "best" and not v["best"]]
    tail = "as good as the best (within 0.5 points)"
    assert equal and all(v["text"].endswith(tail) for v in equal)


def test_on_a_tie_the_move_judged_best_heads_the_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tie goes to the move made (it is the best); the list named an earlier move of the
    same value first, "as good as the best", before the best itself."""
    state, record = a_round()
    d = next(d for d in rv.decisions(state, 0) if d.played > 0)
    judged = rv.judge_decision(d, seed=0, budget=4)
    values = tuple(
        rv.Valued(
            m,
            3.0 if i in (0, d.played) else -4.0,
            0.0 if i in (0, d.played) else 7.0,
            0.0,
            "best" if i in (0, d.played) else "blunder",
        )
        for i, m in enumerate(d.moves)
    )
    j = dataclasses.replace(judged, values=values, best=d.played)
    monkeypatch.setattr(rv, "judge_decision", lambda *a, **k: j)
    reply = json.loads(
        web.call(
            json.dumps(
                {
                    "method": "review_judge",
                    "args": {"record": record, "seat": 0, "index": d.index, "budget": 4},
                    "lang": "en",
                }
            )
        )
    )
    listed = reply["value"]["values"]
    assert listed[0]["best"] and listed[0]["played"]
    assert listed[1]["text"].endswith("as good as the best (within 0.5 points)")


def test_a_move_beyond_the_tolerance_keeps_its_mark_and_the_best_move_its_verdict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    got, _ = judged_view(monkeypatch, 1.5, "en")
    assert got["mark"]["id"] == "good"
    assert "1.5 points worse than" in got["verdict"]
    state, _ = a_round()
    d = rv.decisions(state, 0)[0]
    made = rv.judge_decision(d, seed=0, budget=4)
    if made.best == d.played:  # the move made was the engine's choice: "the best move"
        assert made.mark == "best"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_review_page_states_the_tolerance_where_the_marks_are_explained(lang: str) -> None:
    page = (DOCS / ("review.md" if lang == "en" else f"review.{lang}.md")).read_text("utf-8")
    _, _, after = page.partition(f"| {strings(lang)['review.mark.blunder']} |")
    assert after, lang
    said = {
        "en": "as good as the engine's choice",
        "fr": "aussi bon que le choix du moteur",
        "pl": "równie dobry jak wybór silnika",
        "de": "so gut wie die Wahl der Engine",
        "da": "lige så godt som motorens valg",
    }[lang]
    assert said in re.sub(r"\s+", " ", after.split("\n\n", 2)[1])
    assert "0.5" in after.split("\n\n", 2)[1] or "0,5" in after.split("\n\n", 2)[1]


# -- hints -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hints_count_is_told_with_its_noun_never_bare_in_brackets(lang: str) -> None:
    for key, params in (("hint.search", {"deals": 400}), ("hint.variety", {"count": 5})):
        said = text(lang, key, **params)
        assert not re.search(r"\(\d+\)", said), (lang, key, said)
        assert str(next(iter(params.values()))) in said
    assert "400 simulated deals" in text("en", "hint.search", deals=400)
    assert "400 simulierte Verteilungen" in text("de", "hint.search", deals=400)


SEAT_PRONOUN = {"en": "it ", "fr": "il ", "pl": "ono ", "de": "er ", "da": "den "}
"""A pronoun that, after "seat 3 has shown …", reads as the seat."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reason_after_a_seats_reason_does_not_start_with_a_pronoun_for_the_seat(
    lang: str,
) -> None:
    # The reasons that can follow hint.shut.* or hint.lacks.* (hints.hint_facts' order).
    after = {
        "hint.partner": {},
        "hint.sheds": {"pips": 11},
        "hint.double": {},
        "hint.follow": {},
        "hint.variety": {"count": 4},
        "hint.search": {"deals": 400},
    }
    for key, params in after.items():
        said = text(lang, key, **params)
        assert not said.startswith(SEAT_PRONOUN[lang]), (lang, key, said)
    joined = hints.join_reasons(
        [text("en", "hint.shut.seat", seat=3), text("en", "hint.sheds", pips=11)], "en"
    )
    assert "and it gets rid" not in joined
    assert joined.endswith("and you get rid of a tile worth 11 pips")
    after_comma = [text("en", "hint.variety", count=4), text("en", "hint.search", deals=400)]
    assert "would leave, and this move" in hints.join_reasons(after_comma, "en")


def test_german_reasons_start_with_a_capital_after_the_colon_and_close_a_clause() -> None:
    parts = [text("de", "hint.shut.seat", seat=3), text("de", "hint.sheds", pips=11)]
    joined = hints.join_reasons(parts, "de")
    assert joined.startswith("Sitz 3 hat gezeigt")
    assert "anlegen kann, und du wirst" in joined
    one = hints.join_reasons([text("de", "hint.points", points=10)], "de")
    assert one.startswith("Der Zug bringt 10 Punkte")
    said = fill("de", strings("de")["hint.play"], tile="[5|5]", reason=one)
    assert said.startswith("Leg [5|5]: Der Zug")


def test_polish_closes_a_subordinate_clause_with_a_comma_before_i() -> None:
    parts = [text("pl", "hint.lacks.seat", seat=2, value=4), text("pl", "hint.double")]
    assert "wartością 4, i dubla" in hints.join_reasons(parts, "pl")
    simple = [text("pl", "hint.only"), text("pl", "hint.points", points=10)]
    said = "to twój jedyny dozwolony ruch i zdobywasz nim 10 punktów"
    assert hints.join_reasons(simple, "pl") == said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_says_one_colon(lang: str) -> None:
    """The reasons follow the hint's colon: none of them holds another."""
    for key, template in strings(lang).items():
        if key.startswith("hint.") and key not in ("hint.play", "hint.play_end"):
            assert ":" not in re.sub(r"\{[^}]*\}", "", template), (lang, key, template)
    said = hints.join_reasons([text(lang, "hint.out"), text(lang, "hint.points", points=10)], lang)
    assert fill(lang, strings(lang)["hint.play"], tile="[5|5]", reason=said).count(":") == 1


# -- typography and agreement of the puzzle.*, review.* and hint.* words ------------------


def test_french_counts_the_decisions_after_the_number_of_good_ones() -> None:
    items = [
        {"round": 0, "index": i, "move": "1-4@left", "best": "0-0", "loss": loss}
        for i, loss in enumerate([0.0, 1.0, 0.3, 6.0])
    ]
    said = summary_view(items, "fr")["share_text"]
    assert "3 décisions sur 4" in said
    assert "sur 4\u00a0décisions" not in said and "sur 4 décisions" not in said
    assert said.endswith("(75\u202f%).")


def test_french_difficulty_agrees_with_its_noun() -> None:
    said = text("fr", "page.puzzles.level", level=strings("fr")["puzzle.level.medium"])
    assert said == "Difficulté\u00a0: Moyenne"


@pytest.mark.parametrize("lang", ["da"])
def test_danish_review_page_quotes_with_danish_marks(lang: str) -> None:
    page = (DOCS / f"review.{lang}.md").read_text("utf-8")
    # Danish quotes with “…” or »…« (tests/test_language.py), never German „…“.
    assert "„" not in page
