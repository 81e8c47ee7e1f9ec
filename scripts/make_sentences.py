"""Writes the corpus of every sentence the engine says: ``tests/data/sentences/<lang>.txt``.

One plain UTF-8 file per language, for a native editor to read in one sitting:

- **Every template** of the language's table (:data:`engine.lang.TABLES`), filled with
  representative values: a key written once per subject kind (``KEY.you``, ``KEY.seat``,
  ``KEY.team``...) through :func:`engine.core.words.say` with a subject of that kind; a
  count (a field some language writes ``{x:plural:…}``) through 0, 1, 2, 5 and 22; every
  other field from :data:`SAMPLES` by its name (:data:`KEY_SAMPLES` where a key gives a
  field another meaning); an ``error.*`` template through the engine's own
  :func:`engine.core.errors.error_message`. A field without a sample stops the script
  with its key and field named, so that no new field slips in unsampled.
- **Narrations**: the rules pages' ``round`` fences told by
  :func:`engine.presentation.views.rounds.round_steps` (as ``hooks/domino.py`` tells
  them), and a seeded practice match of each game as the practice page tells it
  (:func:`engine.presentation.views.practice.game_view`): its first round's log, round
  end and next leader, and its last round's end and the match's end.
- **Puzzles**: a few stored puzzles (each theme, one that cannot be won, one of
  partners) as :mod:`engine.presentation.views.puzzles` tells them: the question, the
  round so far, the verdicts of the right move and of a wrong one, their lines and why.
- **A reviewed round** (:mod:`engine.presentation.views.review`, a small fixed budget)
  and **hints** for a few positions (:func:`engine.players.hints.hint`, a small seeded
  Expert without a time limit).

Everything is seeded, so the files are the same on every run; ``tests/test_sentences_
corpus.py`` writes the corpus again and fails on any difference. After a change of
wording, run ``python scripts/make_sentences.py`` and commit the files: the diff is what
a native editor reads.
"""

from __future__ import annotations

import copy
import json
import re
import string
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core.errors import _GIVEN, Term, error_message  # noqa: E402
from engine.core.layout import End  # noqa: E402
from engine.core.state import Move, RoundState  # noqa: E402
from engine.core.words import say, strings, text  # noqa: E402
from engine.features import practice  # noqa: E402
from engine.features.puzzles import Puzzle, by_id  # noqa: E402
from engine.lang import LANGUAGES, SUBJECTS, TABLES, Subject, join_words  # noqa: E402
from engine.players import make_player  # noqa: E402
from engine.players.expert import Expert  # noqa: E402
from engine.players.hints import hint, join_reasons  # noqa: E402
from engine.presentation.description import end_label  # noqa: E402
from engine.presentation.views.practice import game_view  # noqa: E402
from engine.presentation.views.puzzles import judge_move, move_label, puzzle_view, solved  # noqa: E402
from engine.presentation.views.review import (  # noqa: E402
    decimal,
    points,
    review_text,
    review_view,
    signed_decimal,
)
from engine.presentation.views.rounds import round_steps  # noqa: E402

OUT = ROOT / "tests" / "data" / "sentences"
COUNTS = (0, 1, 2, 5, 22)
"""The numbers a count is told with: every plural form of the five languages (fr "one"
for 0, pl "few" for 2 and 22, "many" for 5)."""


class UnsampledField(Exception):
    """A template has a field the corpus has no sample for."""


Sample = Callable[[str], Any] | Any
"""A sample value, or a function of the language giving it."""


def _move(tile: str, end: str) -> Callable[[str], str]:
    return lambda lang: move_label(Move.parse(f"{tile}@{end}"), lang)


def _end_to(end: str) -> Callable[[str], str]:
    return lambda lang: strings(lang)[f"end.to.{end}"]


def _join(*items: str) -> Callable[[str], str]:
    return lambda lang: join_words(lang, list(items))


SAMPLES: dict[str, Sample] = {
    # Seats, players, tiles and the table.
    "seat": 2,
    "seats": _join("2", "4"),
    "current": 2,
    "a": 2,
    "b": 4,
    "name": "Anna",
    "player": "Anna",
    "names": _join("Anna", "Bo"),
    "tile": "[1|4]",
    "tiles": "[1|4], [2|6]",
    "high": 4,
    "low": 1,
    "end": _end_to("left"),
    "ends": _join("1", "4"),
    "value": 4,
    "values": _join("1", "4"),
    "open": _join("5"),
    "level": lambda lang: strings(lang)["level.club"],
    "levels": "beginner, club, expert",
    "game": lambda lang: strings(lang)["game.block"],
    "theme": lambda lang: strings(lang)["puzzle.theme.pass"],
    "lesson": "The deal",
    "label": lambda lang: end_label(End.LEFT, 4, lang),
    "side": lambda lang: text(lang, "puzzle.side.seat", seat=1),
    "scores": lambda lang: strings(lang)["list.sep"].join(
        text(lang, "puzzle.side.points", side=text(lang, "puzzle.side.seat", seat=s), points=p)
        for s, p in ((1, 15), (2, 10))
    ),
    "sides": lambda lang: strings(lang)["list.sep"].join(
        [
            text(lang, "practice.fives.side_win", name="Anna", play=15, end=10, total=25),
            text(lang, "practice.fives.side_play", name="Bo", play=5),
        ]
    ),
    "hands": lambda lang: ". ".join(
        text(lang, "round.hand", seat=s, tiles=t)
        for s, t in ((1, "[0|1], [2|6]"), (2, "[3|3], [4|5]"))
    ),
    "stock": lambda lang: text(lang, "round.boneyard", count=14),
    # Numbers.
    "count": 3,
    "step": 4,
    "players": 3,
    "total": 7,
    "n": 2,
    "done": 3,
    "round": 2,
    "rounds": 3,
    "over": 4,
    "points": 12,
    "score": 12,
    "target": 100,
    "own": 3,
    "other": 15,
    "then": lambda lang: text(lang, "score.then", score="15 − 3 = 12"),
    "sum": "7 + 6 = 13",
    "play": 15,
    "pips": 11,
    "percent": 75,
    "index": 5,
    "last": 3,
    "left": 7,
    "max": 28,
    "expected": 1,
    "version": 2,
    "budget": 5000,
    "seed": -1,
    "line": 2,
    "at": 3,
    "column": 14,
    "errno": 2,
    # The review's and the puzzles' words.
    "move": _move("1-4", "left"),
    "better": _move("5-5", "right"),
    "best": "+13",
    "next": "+5",
    "mark": lambda lang: strings(lang)["review.mark.mistake.a"],
    "loss": lambda lang: points(6.8, lang),
    "tolerance": lambda lang: points(0.5, lang),
    "error": lambda lang: points(1.3, lang),
    "where": lambda lang: text(lang, "review.key.where", n=2),
    "decision": lambda lang: text(lang, "review.decision", n=2, total=4),
    "reason": lambda lang: join_reasons(
        [text(lang, "hint.points", points=10), text(lang, "hint.sheds", pips=11)], lang
    ),
    # The errors' words (a caller's own value is shown as the engine shows it).
    "detail": lambda lang: error_message(lang, "bad_tile", {"tile": "7-7"}).removesuffix("."),
    "field": "hands",
    "fields": '"colour", "size"',
    "file": "games.json",
    "command": "python -m engine",
    "kind": "round-end",
    "kinds": "next-leader, round-end",
    "shape": Term("error.shape.int"),
    "option": "rounding",
    "options": [1, 2],
    "allowed": "false, true",
    "preset": "tiles",
    "presets": "block, block-dk, draw, all-fives",
    "puzzle": "block-9-99",
    "method": "moves",
    "answer": "maybe",
    "ask": "pips",
    "asks": "moves, pips, score",
    "goal": "fives",
    "goals": "out, fives",
    "lang": "xx",
    "date": "2026-13-01",
    "themes": "pass, double, fives, keep, block, out, losses",
    "rating": 1523,
    "change": 12,
}
"""A sample value for each field name the templates use."""

KEY_SAMPLES: dict[str, dict[str, Sample]] = {
    "error.form_bad_tile": {"tile": '"tolv"'},
    "review.learn.tally": {"count": 3, "total": 4, "found": 1, "shown": 1, "skipped": 1},
    "progress.summary": {"matches": 5, "won": 3},
    "progress.imported": {"matches": 5, "attempts": 12},
    "progress.streak": {"best": 4},
    "progress_page.exported": {"name": "domino-profile-2026-12-04.json"},
    "practice.fives.side_win": {"end": 10, "total": 25},
    "practice.seat_line": {
        "name": lambda lang: text(lang, "practice.seat", seat=2, level=strings(lang)["level.club"])
    },
    "practice.seat_line.turn.seat": {
        "name": lambda lang: text(lang, "practice.seat", seat=2, level=strings(lang)["level.club"])
    },
    "practice.seat_line.turn.you": {"name": lambda lang: text(lang, "practice.you", seat=1)},
    "practice.hand_line": {"name": lambda lang: text(lang, "practice.you", seat=1)},
    "practice.thinking": {
        "name": lambda lang: text(lang, "practice.seat", seat=2, level=strings(lang)["level.club"])
    },
    "scorepad.team": {"a": "Anna", "b": "Cleo"},
    "score.teams.tie": {"a": 12, "b": 12, "score": "0"},
    "score.teams.won": {"score": "15 − 3 = 12"},
    "score.doubled": {"sum": "13", "points": "13 × 2 = 26"},
    "score.rounded": {"points": 15},
    "round.wins.you": {"score": "7 + 5 = 12"},
    "round.wins.your_team": {"score": "7 + 5 = 12"},
    "round.wins.seat": {"score": "7 + 5 = 12"},
    "round.wins.team": {"score": "7 + 5 = 12"},
    "round.left_hand": {"tiles": "[2|6], [1|2]"},
    "puzzle.value": {"value": "+13"},
    "puzzle.worth.right": {"value": "+13"},
    "puzzle.worth.wrong": {"value": "−2"},
    "puzzle.why.double": {"tile": "[6|6]", "other": _move("1-6", "right")},
    "review.points": {"value": lambda lang: decimal(6.8, lang)},
    "review.points.one": {"value": lambda lang: decimal(1.5, lang)},
    "review.value.equal": {"value": lambda lang: signed_decimal(4.2, lang)},
    # The review names another seat as its label, and the numbers it lacks with "or".
    "review.known.any": {"seat": lambda lang: text(lang, "review.seat", seat=2)},
    "review.known.lacks": {
        "seat": lambda lang: text(lang, "review.seat", seat=2),
        "values": lambda lang: "1" + strings(lang)["review.or"] + "4",
    },
    "review.values": {
        "values": lambda lang: strings(lang)["list.sep"].join(
            text(lang, "puzzle.value", move=_move(t, e)(lang), value=signed_decimal(v, lang))
            for t, e, v in (("5-5", "right", 4.2), ("1-4", "left", -2.6))
        )
    },
    "review.caption": {"tiles": "[1|4], [2|6], [5|5]"},
    # Face up: a seat named as the review names it, a line of plays, the best moves.
    "face_up.hand": {"seat": lambda lang: text(lang, "face_up.you", seat=1)},
    "face_up.play": {"seat": lambda lang: text(lang, "review.seat", seat=2)},
    "face_up.value": {"value": "+13"},
    "face_up.line": {
        "plays": lambda lang: strings(lang)["list.sep"].join(
            text(lang, "face_up.play", seat=text(lang, key, seat=seat), move=_move(t, "left")(lang))
            for key, seat, t in (("face_up.you", 1, "1-4"), ("review.seat", 2, "4-4"))
        )
    },
    "face_up.best": {
        "moves": lambda lang: join_words(
            lang, [_move("1-4", "left")(lang), _move("5-5", "right")(lang)]
        ),
        "value": "+13",
    },
    "review_page.mark_count": {"mark": lambda lang: strings(lang)["review.mark.mistake"]},
    "review_page.read_done": {
        "game": lambda lang: text(lang, "puzzle.game", game=strings(lang)["game.block"], players=2)
    },
    "error.not_your_turn": {"seat": 1, "other": 0},
    # An error and a hint name the end as end.* words it (a language may decline it:
    # pl "lewy koniec" here, "do lewego końca" where end.to.* is said).
    "error.end_closed": {"end": "left"},
    "error.no_match": {"end": "left"},
    "hint.play_end": {"end": lambda lang: strings(lang)["end.left"]},
    "try.end": {"end": lambda lang: strings(lang)["end.left"]},
    # A tile written high half first ("4-1"): the engine names its halves as given.
    "error.tile_order": {"low": 4, "high": 1},
}
"""Samples for the keys whose field means something else than its name's sample."""

GIVEN_SAMPLES: dict[str, Any] = {
    "tile": "7-7",
    "value": "150",
    "play": "1-4@middle",
    "move": "1-4@middle",
    "end": "middle",
    "seat": 9,
    "players": 5,
    "preset": "tiles",
    "options": [1, 2],
    "option": "colour",
    "lang": "xx",
    "version": 9,
    "level": "master",
    "method": "moves",
    "answer": "maybe",
    "field": "colour",
    "puzzle": "block-9-99",
    "date": "2026-13-01",
    "kind": "spinner",
    "seed": -1,
}
"""A caller's own bad value, for the fields an error shows as it was given."""

SUBJECT_SAMPLES: dict[str, Subject] = {
    "you": Subject("you", (1,)),
    "your_team": Subject("your_team", (1, 3)),
    "seat": Subject("seat", (2,)),
    "name": Subject("name", (2,), ("Anna",)),
    "team": Subject("team", (2, 4)),
    "names": Subject("names", (2, 4), ("Bo", "Cleo")),
}
"""The subject each kind of variant is said of."""

SUBJECT_FIELDS: dict[str, frozenset[str]] = {
    "you": frozenset({"seat"}),
    "seat": frozenset({"seat"}),
    "your_team": frozenset({"seat", "seats"}),
    "team": frozenset({"seat", "seats"}),
    "name": frozenset({"name"}),
    "names": frozenset({"name"}),
}
"""The fields a subject fills in itself (the others come from the samples)."""


def fields(template: str) -> list[tuple[str, bool]]:
    """The fields of ``template`` in order, each once, and whether it is a plural."""
    found: dict[str, bool] = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name:
            found[name] = found.get(name, False) or bool(spec and spec.startswith("plural:"))
    return list(found.items())


def counted(key: str) -> set[str]:
    """The fields of ``key`` that some language writes as a plural: its counts."""
    out: set[str] = set()
    for lang in LANGUAGES:
        template = TABLES[lang].get(key)
        if template is not None:
            out |= {name for name, plural in fields(template) if plural}
    return out


def _sample(value: Sample, lang: str) -> Any:
    return value(lang) if callable(value) else value


def _subject_kind(key: str) -> str | None:
    kind = key.rsplit(".", 1)[-1]
    return kind if "." in key and kind in SUBJECTS else None


def fill_template(lang: str, key: str, template: str) -> list[tuple[str, str]]:
    """``key`` of ``lang`` filled in: ``(label, sentence)`` pairs, one per count (the
    label ``key (n)``) or one only (``key``). Raises :class:`UnsampledField` for a field
    that has no sample."""
    kind = _subject_kind(key)
    own = SUBJECT_FIELDS[kind] if kind else frozenset()
    counts = counted(key)
    code = key.removeprefix("error.") if key.startswith("error.") else None
    given = _GIVEN.get(code, {}) if code else {}
    params: dict[str, Any] = {}
    for name, _ in fields(template):
        if name in own or name in counts:
            continue
        if code and name in given and name in GIVEN_SAMPLES:
            params[name] = GIVEN_SAMPLES[name]
        elif name in KEY_SAMPLES.get(key, {}):
            params[name] = _sample(KEY_SAMPLES[key][name], lang)
        elif name in SAMPLES:
            params[name] = _sample(SAMPLES[name], lang)
        else:
            raise UnsampledField(
                f"{lang} {key}: the field {{{name}}} has no sample in scripts/make_sentences.py "
                "(add one to SAMPLES, or to KEY_SAMPLES for this key)"
            )
    present = [name for name, _ in fields(template) if name in counts]
    numbers: tuple[int | None, ...] = COUNTS if present else (None,)
    out = []
    for n in numbers:
        values = {**params, **{name: n for name in present}}
        if code is not None:
            detail = values.pop("detail", None)
            sentence = error_message(lang, code, values, detail)
        elif kind is not None:
            sentence = say(lang, key.rsplit(".", 1)[0], SUBJECT_SAMPLES[kind], **values)
        else:
            sentence = text(lang, key, **values)
        out.append((key if n is None else f"{key} ({n})", sentence))
    return out


def templates(lang: str, table: Mapping[str, str] | None = None) -> Iterator[str]:
    """Every template of ``lang``, filled, by sorted key, under a heading per group."""
    table = TABLES[lang] if table is None else table
    group = None
    for key in sorted(table):
        head = key.split(".", 1)[0]
        if head != group:
            group = head
            yield ""
            yield f"## {head}"
        for label, sentence in fill_template(lang, key, table[key]):
            yield f"{label}: {one_line(sentence)}"


def one_line(sentence: str) -> str:
    return sentence.replace("\n", " ⏎ ")


# ---------------------------------------------------------------------------------------
# Narrations
# ---------------------------------------------------------------------------------------

PAGES = ("block", "draw-and-all-fives", "house-rules")
"""The rules pages with a ``round`` fence."""

FENCE = re.compile(r"^```round\n(.*?)\n```", re.M | re.S)


def page_rounds(lang: str) -> Iterator[str]:
    """The ``round`` fences of the rules pages, told as the site tells them."""
    for page in PAGES:
        name = f"{page}.md" if lang == "en" else f"{page}.{lang}.md"
        source = (ROOT / "docs" / name).read_text(encoding="utf-8")
        for k, body in enumerate(FENCE.findall(source), start=1):
            yield ""
            yield f"## docs/{name}, round {k}"
            for n, step in enumerate(round_steps(json.loads(body), lang), start=1):
                yield f"step {n}: {one_line(step.text)}"


MATCHES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("block", {}, 2),
    ("block-dk", {}, 2),
    ("draw", {}, 2),
    ("all-fives", {}, 2),
    ("block-dk", {"partnerships": True}, 4),
)
"""The practice matches told: each game with 2 players, and partners in the Danish
house rules."""

SEED = 7
"""The practice matches' deal number."""


def _reader_move(state: RoundState) -> Move:
    """The reader's move: the first legal one in record notation's order."""
    return min(state.legal_moves(), key=str)


@cache
def played_match(preset: str, options_json: str, players: int) -> tuple[dict[str, Any], ...]:
    """The saves of a seeded practice match: at its start, at the end of its first
    round, at its end (the computer seats are Beginners; the reader plays
    :func:`_reader_move`)."""
    options = json.loads(options_json)
    levels = ["beginner"] * (players - 1)
    save = practice.new_save(preset, options, players, levels, SEED)
    start = copy.deepcopy(save)
    first: dict[str, Any] | None = None
    for _ in range(200):
        game = practice.load_game(save)
        if game.phase == "match-over":
            assert first is not None
            return start, first, save
        if game.phase == "round-over":
            first = first or copy.deepcopy(save)
            save = practice.next_round(save)
            continue
        # The round played as practice.play and practice.computer_move play it, without
        # replaying the save before each move.
        state = game.state
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            if seat == practice.YOU:
                move = _reader_move(state)
            else:
                seed = practice.computer_seed(SEED, seat, len(game.rounds))
                move = make_player(levels[seat - 1], seed=seed)(state.observation(seat))
            move = state.check(move)
            state.apply(move)
            save["rounds"][-1].append(str(move))
    raise AssertionError("the practice match did not end")


def practice_matches(lang: str) -> Iterator[str]:
    """Each practice match as the practice page tells it to the reader."""
    for preset, options, players in MATCHES:
        start, first, last = played_match(preset, json.dumps(options, sort_keys=True), players)
        game = text(lang, "puzzle.game", game=strings(lang)[f"game.{preset}"], players=players)
        yield ""
        yield f"## practice: {game}{', partnerships' if options else ''} (deal {SEED})"
        for note in game_view(start, lang)["notes"]:
            yield f"note: {one_line(note)}"
        view = game_view(first, lang)
        for entry in view["log"]:
            yield f"log {entry['kind']}: {one_line(entry['text'])}"
        yield f"round end: {one_line(view['round_end']['text'])}"
        for line in view["round_end"]["hands"]:
            yield f"hand: {one_line(line['text'])}"
        yield f"next: {one_line(view['round_end']['next'])}"
        view = game_view(last, lang)
        yield f"last round end (round {view['round']}): {one_line(view['round_end']['text'])}"
        yield f"match end: {one_line(view['match_end'])}"


# ---------------------------------------------------------------------------------------
# Puzzles, a review, hints
# ---------------------------------------------------------------------------------------

PUZZLES = (
    "block-2-01",  # out
    "block-2-02",  # double
    "block-2-03",  # losses, cannot be won
    "block-2-04",  # keep
    "block-2-05",  # block
    "block-2-12",  # pass
    "all-fives-2-01",  # fives
    "draw-2-04",  # out, with a boneyard
    "block-dk-4p-04",  # pass, partners
    "block-dk-4p-10",  # out, partners
)
"""The puzzles told: each theme, one that cannot be won, partners, a boneyard."""


def _wrong(puzzle: Puzzle) -> Move:
    """The puzzle's worst move (the first in notation's order among equals)."""
    lines = solved(puzzle)
    return min(lines.wrong, key=lambda m: (m.value, str(m.move))).move


def puzzles(lang: str) -> Iterator[str]:
    for ident in PUZZLES:
        puzzle = by_id(ident)
        view = puzzle_view(puzzle, lang)
        yield ""
        yield f"## puzzle {ident}"
        yield f"title: {view['title']}"
        yield f"game: {view['game']}"
        yield f"theme: {view['theme']['name']}"
        yield f"difficulty: {view['difficulty']['name']}"
        yield f"question: {one_line(view['question'])}"
        for hand in view["hands"]:
            yield f"hand: {hand['label']}: {one_line(hand['text'])}"
        yield f"stock: {one_line(view['stock'])}"
        if view["scores"]:
            yield f"scores: {one_line(view['scores'])}"
        for line in view["history"]:
            yield f"history: {one_line(line)}"
        answer = Move.parse(puzzle.answer)
        for label, move in (("right", answer), ("wrong", _wrong(puzzle))):
            end = move.end.value if move.end is not None else ""
            reply = judge_move(puzzle, move.tile.code, end, lang)
            yield f"{label} verdict: {one_line(reply['verdict'])}"
            yield f"{label} worth: {one_line(reply['worth'])}"
            yield f"{label} why: {one_line(reply['why'])}"
            yield f"{label} line: {one_line(reply['line'])}"
            for step in reply["steps"]:
                yield f"{label} {step['count']}: {one_line(step['caption'])}"
            for value in reply.get("values", []):
                yield f"{label} value: {one_line(value['text'])}"


REVIEW_BUDGET = 8
"""Deals the reviewed round samples per decision (small: the words, not the values)."""


def review(lang: str) -> Iterator[str]:
    """The first round of the All Fives practice match, reviewed for the reader."""
    _, first, _ = played_match("all-fives", "{}", 2)
    record = practice.match_record(first)
    found = review_view(record, 0, 0, lang, seed=0, budget=REVIEW_BUDGET)
    yield ""
    yield f"## review: seat 1, round 1 of the All Fives practice match (deal {SEED})"
    for line in review_text(found, lang).splitlines():
        if line.strip():
            yield line


def hint_expert() -> Expert:
    """A small Expert without a time limit: the same hint on every machine."""
    return Expert(seed=0, samples=16, work=2000, time_limit=None, solve_nodes=2000)


@cache
def hint_positions() -> tuple[tuple[str, RoundState], ...]:
    """The reader's first three turns in the first round of three practice matches."""
    out = []
    for preset, options, players in (MATCHES[0], MATCHES[3], MATCHES[4]):
        _, first, _ = played_match(preset, json.dumps(options, sort_keys=True), players)
        game = practice.load_game({**first, "rounds": [[]]})
        state = game.state
        turns = 0
        for play in first["rounds"][0]:
            if state.current_player == practice.YOU and len(state.legal_moves()) > 1:
                turns += 1
                out.append((f"{preset} {players}p, reader's turn {turns}", state.clone()))
                if turns == 3:
                    break
            state.apply(Move.parse(play))
    return tuple(out)


def hints(lang: str) -> Iterator[str]:
    yield ""
    yield "## hints"
    for label, state in hint_positions():
        given = hint(state, lang, expert=hint_expert())
        yield f"{label}: {one_line(given.text)}"


# ---------------------------------------------------------------------------------------
# The corpus
# ---------------------------------------------------------------------------------------


def corpus(lang: str) -> str:
    """The whole corpus of ``lang``, as its file holds it."""
    lines = [
        f"# Every sentence of the engine in {lang}",
        "# Written by scripts/make_sentences.py: run it again after a change of wording.",
        "",
        "# Templates, filled (counts 0, 1, 2, 5, 22; subjects: you = seat 1, "
        "your_team = seats 1 and 3, seat = seat 2, team = seats 2 and 4)",
        *templates(lang),
        "",
        "# Narrations: the rules pages' rounds",
        *page_rounds(lang),
        "",
        "# Narrations: practice matches (the reader is seat 1)",
        *practice_matches(lang),
        "",
        "# Puzzles",
        *puzzles(lang),
        "",
        "# A reviewed round",
        *review(lang),
        "",
        "# Hints",
        *hints(lang),
    ]
    return "\n".join(lines) + "\n"


def main() -> int:
    """Write the five files (none when a template cannot be filled)."""
    started = time.perf_counter()
    try:
        bodies = {lang: corpus(lang) for lang in LANGUAGES}
    except UnsampledField as e:
        print(f"make_sentences: {e}", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    for lang, body in bodies.items():
        path = OUT / f"{lang}.txt"
        path.write_text(body, encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {body.count(chr(10))} lines")
    print(f"{time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
