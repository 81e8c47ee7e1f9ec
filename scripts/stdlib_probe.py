"""Every kind of request the pages send to ``engine.presentation.web.call``, to find what it
imports.

Run inside Pyodide by ``scripts/pack_stdlib.mjs`` (the build packs into the reader's
standard library only the modules loaded once this has run: see hooks/web_assets.py),
and runnable in CPython: ``python scripts/stdlib_probe.py`` prints the replies counted
per method. :func:`run` makes, in each of the five languages, the requests of every
method in ``engine.presentation.web.METHODS`` (good ones, and ones the engine refuses with each kind
of error), plays whole practice matches of every preset with every computer level
through the pages' own methods (hint, play, computer, undo, next round, record), fills
and corrects a score sheet, answers a lesson task of every kind and question, runs the
worker's warm-up, and sends
text that is not a request at all (not JSON, too long, too deep, a number too long, not
an object, an unknown method or language). A method that never answers ``ok`` is an
error: a new method must be given its requests here, or the build fails.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from engine.core.boundary import MAX_DEPTH, MAX_LINE
from engine.core.rules import PRESETS
from engine.lang import LANGUAGES
from engine.players import LEVELS
from engine.presentation import web

# A round's position for the lesson tasks that ask about one (2 players, 7 tiles each).
ROUND = {
    "players": 2,
    "hands": [[f"0-{b}" for b in range(7)], [f"1-{b}" for b in range(1, 7)] + ["2-2"]],
    "plays": ["0-0"],
    "seat": 1,
}
FIVES = {"preset": "all-fives", "plays": ["5-5"]}
# A lesson task of every kind, goal and question, with an answer (right or wrong); the
# engine refuses some as tasks (a question that needs a finished round): its error path.
TASKS: list[tuple[dict[str, Any], str]] = [
    ({"kind": "move", "plays": ["2-6"], "hand": ["2-4", "1-6", "3-5"]}, "2-4@left"),
    ({"kind": "move", "plays": ["2-6"], "hand": ["2-4", "1-6"]}, "1-6@left"),
    ({"kind": "move", "goal": "score", **FIVES, "hand": ["5-0", "2-3"]}, "5-0@left"),
    ({"kind": "move", "goal": "spinner", **FIVES, "hand": ["5-0", "5-1"]}, "5-1@up"),
    ({"kind": "move", "goal": "most", **FIVES, "hand": ["5-0", "5-1"]}, "5-1@left"),
    *(
        ({"kind": "number", "ask": ask, **ROUND}, "10")
        for ask in ("pips 1", "ends", "open left", "draws", "score")
    ),
    ({"kind": "number", "ask": "play-score", **FIVES, "hand": ["5-0"]}, "15"),
    ({"kind": "number", "ask": "count", **FIVES, "hand": ["5-0"]}, "10"),
    ({"kind": "choice", "ask": "turn", "choices": ["play", "draw", "pass"], **ROUND}, "play"),
    ({"kind": "choice", "ask": "winner", "choices": ["0", "1", "nobody"], **ROUND}, "0"),
    ({"kind": "choice", "ask": "fits 0-1", "choices": ["left", "right", "none"], **ROUND}, "left"),
]


class Probe:
    """Sends requests through ``engine.presentation.web.call`` as the worker does, counting
    replies."""

    def __init__(self) -> None:
        self.ok: Counter[str] = Counter()
        self.refused: Counter[str] = Counter()

    def text(self, request: str) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(web.call(request))
        return reply

    def ask(self, method: str, args: Any, lang: str) -> dict[str, Any]:
        request = json.dumps({"method": method, "args": args, "lang": lang}, ensure_ascii=False)
        reply = self.text(request)
        (self.ok if reply["ok"] else self.refused)[method] += 1
        return reply

    def value(self, method: str, args: Any, lang: str) -> Any:
        reply = self.ask(method, args, lang)
        assert reply["ok"], (method, reply)
        return reply["value"]


def practice_match(
    probe: Probe, lang: str, preset: str, level: str, seed: int, moves: int = 30
) -> None:
    """A match through the practice page's methods, to its end or for ``moves`` calls."""
    new = {"preset": preset, "players": 3 if level == "club" else 2, "seed": seed}
    reply = probe.value("practice_new", {**new, "levels": [level] * (new["players"] - 1)}, lang)
    save, view = reply["save"], reply["view"]
    for turn in range(moves):
        if view["phase"] == "match-over":
            break
        if view["phase"] == "round-over":
            probe.value("practice_record", {"save": save}, lang)
            probe.value("practice_steps", {"save": save, "round": view["round"] - 1}, lang)
            reply = probe.value("practice_next_round", {"save": save}, lang)
        elif view["your_turn"]:
            # The first ready move the view offers; now and then the Expert's hint.
            if turn % 9 == 0:
                move = probe.value("practice_hint", {"save": save}, lang)["move"]
            else:
                move = next(t for t in view["hand"] if t["playable"])["ends"][0]["move"]
            reply = probe.value("practice_play", {"save": save, "move": move}, lang)
            if turn % 5 == 0:  # taken back, and played again
                probe.value("practice_undo", {"save": reply["save"]}, lang)
        else:
            reply = probe.value("practice_computer", {"save": save}, lang)
        save, view = reply["save"], reply["view"]
    probe.value("practice_view", {"save": save}, lang)
    probe.ask("practice_record", {"save": save}, lang)
    probe.ask("practice_play", {"save": save, "move": "9-9"}, lang)  # refused
    probe.ask("practice_steps", {"save": save, "round": 99}, lang)  # refused


def scorepad(probe: Probe, lang: str, preset: str) -> None:
    """A sheet filled, corrected, exported, imported and cut back, as the scorepad does."""
    sheet = probe.value(
        "scorepad_new", {"preset": preset, "players": 3, "names": ["Ann", "Bo", "Cy"]}, lang
    )["sheet"]
    form = {"went_out": "1", "pips": ["5", "0", "1-2 3-4"]}
    sheet = probe.value("scorepad_add", {"sheet": sheet, "form": form}, lang)["sheet"]
    entry = {"went_out": None, "pips": [3, 4, 5]}
    sheet = probe.value("scorepad_add", {"sheet": sheet, "entry": entry}, lang)["sheet"]
    sheet = probe.value("scorepad_set", {"sheet": sheet, "index": 0, "form": form}, lang)["sheet"]
    probe.value("scorepad_view", {"sheet": sheet}, lang)
    text = probe.value("scorepad_export", {"sheet": sheet}, lang)
    probe.value("scorepad_import", {"text": text}, lang)
    probe.value("scorepad_remove_last", {"sheet": sheet}, lang)
    probe.ask("scorepad_import", {"text": text[:-5]}, lang)  # refused: cut short
    probe.ask("scorepad_add", {"sheet": sheet, "form": {"went_out": "x", "pips": ["²"]}}, lang)


def bad_texts(probe: Probe, lang: str) -> None:
    """Text that is not a good request: each answered with an error, in ``lang``."""
    for text in (
        "{",
        "[]",
        "x" * (MAX_LINE + 1),
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
        '{"method": "ping", "args": {"n": ' + "9" * 5000 + "}}",
        json.dumps({"method": "no_such", "args": {}, "lang": lang}),
        json.dumps({"method": "ping", "args": [], "lang": lang}),
        json.dumps({"method": "ping", "args": {}, "lang": "xx"}),
        json.dumps({"method": "ping", "args": {"a": [[[[1]]]] * 1001}, "lang": lang}),
    ):
        assert not probe.text(text)["ok"], text[:40]


def puzzle(probe: Probe, lang: str, i: int) -> None:
    """The puzzles page: a puzzle of the day and one by its id, a wrong and a right move,
    the answer shown, the streak, and requests it refuses."""
    day = probe.value("puzzle", {"date": f"2026-12-{i + 1:02d}"}, lang)
    ident = day["id"]
    probe.value("puzzle", {"id": ident, "reveal": True}, lang)
    for tile in day["tiles"]:
        for end in day["ends"] or [{"end": ""}]:
            probe.ask("puzzle", {"id": ident, "tile": tile["code"], "end": end["end"]}, lang)
    probe.ask("puzzle", {"id": "no-such-puzzle"}, lang)
    probe.ask("puzzle", {"date": "2026-13-01"}, lang)
    # The reader's streak: counted, a day solved added, and a date it refuses.
    date = f"2026-12-{i + 1:02d}"
    probe.value("puzzle_streak", {"days": ["2026-11-29", "2026-11-30"], "today": date}, lang)
    probe.value("puzzle_streak", {"days": [], "today": date, "solved": date}, lang)
    probe.ask("puzzle_streak", {"days": [], "today": "tomorrow"}, lang)
    # Rated puzzles: the next one near the rating, a move rated, a streak begun and
    # skipped into, and a stored form it refuses.
    rated = probe.value("puzzle_rated", {"rated": None, "themes": ["fives"]}, lang)
    tried = {"id": rated["next"], "tile": day["tiles"][0]["code"], "rated": rated["rated"]}
    probe.ask("puzzle", {**tried, "end": "", "today": date}, lang)
    run = probe.value("puzzle_rated", {"rated": rated["rated"], "start": i}, lang)
    probe.value("puzzle_rated", {"rated": run["rated"], "skip": run["streak"]["next"]}, lang)
    probe.ask("puzzle_rated", {"rated": {"rating": "high"}}, lang)


def review(probe: Probe, lang: str, preset: str, seed: int) -> None:
    """The review: a finished practice round's decisions listed, the first two judged
    (one with a seed and a small budget), summed up, kept and read back, and requests it
    refuses."""
    new = {"preset": preset, "players": 2, "levels": ["beginner"], "seed": seed}
    save = probe.value("practice_new", new, lang)
    save = save["save"]
    view = probe.value("practice_view", {"save": save}, lang)["view"]
    while view["phase"] == "play":
        if view["your_turn"]:
            move = next(t for t in view["hand"] if t["playable"])["ends"][0]["move"]
            reply = probe.value("practice_play", {"save": save, "move": move}, lang)
        else:
            reply = probe.value("practice_computer", {"save": save}, lang)
        save, view = reply["save"], reply["view"]
    record = probe.value("practice_record", {"save": save}, lang)
    listed = probe.value("review_decisions", {"record": record, "seat": 0, "round": 0}, lang)
    items = []
    for d in listed["decisions"][:2]:
        args = {"record": record, "seat": 0, "index": d["index"], "seed": 1, "budget": 8}
        items.append(probe.value("review_judge", args, lang)["item"])
    probe.value("review_summary", {"items": items}, lang)
    # A decision replayed: asked, a move tried, the best shown, a move refused.
    if listed["decisions"]:
        args = {"record": record, "seat": 0, "index": 0, "seed": 1, "budget": 8}
        asked = probe.value("review_retry", args, lang)
        probe.value("review_retry", {**args, "move": asked["choices"][0]["move"]}, lang)
        probe.value("review_retry", {**args, "action": "show"}, lang)
        probe.ask("review_retry", {**args, "move": "9-9"}, lang)
    # A decision turned face up, every tile known: each step of the last decision (the
    # quickest to solve), each given the found of the one before, and steps refused.
    if listed["decisions"]:
        args = {"record": record, "seat": 0, "index": listed["decisions"][-1]["index"]}
        face: dict[str, Any] = {"found": [], "done": False}
        while not face["done"]:
            asked = {**args, "step": len(face["found"]), "found": face["found"]}
            face = probe.value("review_face_up", asked, lang)
        probe.ask("review_face_up", {**args, "step": 1, "found": []}, lang)
        probe.ask("review_face_up", {**args, "step": 99}, lang)
    # The rounds reviewed as the practice page keeps them, read back, and one refused.
    kept = {"match": "m", "rounds": [[items[0]["round"] if items else 0, items]]}
    probe.value("review_kept", {"kept": kept}, lang)
    probe.ask("review_kept", {"kept": {"match": 3, "rounds": []}}, lang)
    probe.ask("review_decisions", {"record": record, "seat": 5}, lang)  # refused
    probe.ask("review_decisions", {"record": {"players": 2}, "seat": 0}, lang)
    probe.ask("review_judge", {"record": record, "seat": 0, "index": 99}, lang)
    probe.ask("review_summary", {"items": [{"index": "x"}]}, lang)


def finished_save() -> dict[str, Any]:
    """A practice match played to its end (the engine's own calls: quick)."""
    from engine.features import practice

    save = practice.new_save("block", {}, 2, ["beginner"], 7)
    while (game := practice.load_game(save)).phase != "match-over":
        if game.phase == "round-over":
            save = practice.next_round(save)
        elif game.state.current_player == practice.YOU:
            save = practice.play(save, str(game.state.legal_moves()[0]))
        else:
            save, _ = practice.computer_move(save)
    return save


def progress(probe: Probe, lang: str, save: dict[str, Any]) -> None:
    """The progress page: a finished match kept (and its review), the page drawn, the
    profile exported and imported, and bad data refused."""
    item = {"round": 0, "index": 0, "move": "1-4@left", "best": "0-0", "loss": 2.5}
    kept = probe.value(
        "progress_match", {"progress": None, "save": save, "date": "2026-12-04"}, lang
    )
    args = {"progress": kept["progress"], "save": save, "date": "2026-12-04", "items": [item]}
    kept = probe.value("progress_match", args, lang)
    puzzles = {"version": 1, "solved": ["block-2-01"], "days": ["2026-12-03"]}
    probe.value("progress_view", {"progress": kept["progress"], "puzzles": puzzles}, lang)
    found = probe.value(
        "progress_export",
        {"progress": kept["progress"], "puzzles": puzzles, "date": "2026-12-04"},
        lang,
    )
    probe.value("progress_import", {"text": found["text"]}, lang)
    probe.ask("progress_import", {"text": "{"}, lang)  # refused
    probe.ask("progress_import", {"text": '{"format": "x"}'}, lang)
    probe.ask("progress_view", {"progress": {"version": 2}}, lang)


def your_round() -> dict[str, Any]:
    """A finished 2-player Block round of random legal moves (seed 18) whose seat 1's
    sixth decision can be one of the reader's puzzles."""
    import random

    from engine import RoundState, Rules
    from engine.core.records import round_record

    state = RoundState.new(Rules.make("block"), 2, 0, rng=18)
    rng = random.Random(18)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_moves()))
    return round_record(state)


def yours(probe: Probe, lang: str, record: dict[str, Any]) -> None:
    """The reader's own puzzles: one kept, listed, played (asked, a move tried, shown),
    exported with the profile, and bad requests refused."""
    args = {"yours": None, "record": record, "seat": 0, "index": 5, "date": "2026-12-04"}
    kept = probe.value("yours_add", args, lang)["yours"]
    probe.ask("yours_add", {**args, "index": 0}, lang)  # not one: refused
    probe.value("yours_list", {"yours": kept}, lang)
    ident = kept["puzzles"][0]["id"]
    asked = probe.value("yours_play", {"yours": kept, "id": ident}, lang)
    move = asked["choices"][0]["move"]
    probe.value("yours_play", {"yours": kept, "id": ident, "move": move}, lang)
    probe.value("yours_play", {"yours": kept, "id": ident, "action": "show"}, lang)
    probe.ask("yours_play", {"yours": kept, "id": "nope"}, lang)
    probe.ask("yours_list", {"yours": {"version": 1, "puzzles": [{}]}}, lang)
    found = probe.value("progress_export", {"yours": kept, "date": "2026-12-04"}, lang)
    probe.value("progress_import", {"text": found["text"]}, lang)


def warm_up(probe: Probe, lang: str, whole: bool) -> None:
    """The worker's warm-up: every step (with ``whole``) or the first, and a step that
    is not one (refused)."""
    step = 0
    while probe.value("warm_up", {"step": step}, lang)["more"] and whole:
        step += 1
    probe.ask("warm_up", {"step": -1}, lang)


def run() -> dict[str, dict[str, int]]:
    """Every request kind, in every language; the replies per method, ``ok`` and not."""
    probe = Probe()
    save = finished_save()
    record = your_round()
    for i, lang in enumerate(LANGUAGES):
        probe.value("ping", {}, lang)
        probe.value(
            "try_move",
            {"plays": ["1-4"], "hand": ["4-4", "2-3"], "tile": "4-4", "end": "right"},
            lang,
        )
        try_fives = {"preset": "all-fives", "plays": ["5-5"], "hand": ["5-0"], "tile": "5-0"}
        probe.value("try_move", {**try_fives, "end": "left"}, lang)
        probe.ask(
            "try_move", {"plays": ["1-4"], "hand": ["2-3"], "tile": "2-3", "end": "left"}, lang
        )
        for task, answer in TASKS:
            task = {"id": f"t{len(probe.ok)}", **task}
            probe.ask("lesson_answer", {"task": task, "answer": answer}, lang)
            probe.ask("lesson_answer", {"task": task, "answer": "0"}, lang)
        probe.ask("lesson_answer", {"task": {"kind": "move"}, "answer": "1"}, lang)
        probe.value(
            "practice_settings", {"query": "game=block-dk&players=4&partnerships=true"}, lang
        )
        probe.value("practice_settings", {"query": "game=nope&players=9&seed=-1&levels=x"}, lang)
        probe.value("practice_settings", {"query": "x" * 3000}, lang)
        probe.ask("practice_new", {"preset": "block", "players": 7}, lang)
        practice_match(probe, lang, PRESETS[i % len(PRESETS)], "beginner", seed=i)
        scorepad(probe, lang, PRESETS[i % 2])  # the games scored at the end only
        puzzle(probe, lang, i)
        review(probe, lang, PRESETS[i % len(PRESETS)], seed=i)
        progress(probe, lang, save)
        yours(probe, lang, record)
        warm_up(probe, lang, whole=i == 0)
        bad_texts(probe, lang)
    # Every preset with each level once more, in English (the Expert for a few moves).
    for k, preset in enumerate(PRESETS):
        for level in LEVELS:
            practice_match(
                probe, "en", preset, level, seed=10 + k, moves=6 if level != "beginner" else 30
            )
    missing = sorted(set(web.METHODS) - set(probe.ok))
    assert not missing, f"methods the probe never got an answer from: {missing}"
    return {"ok": dict(probe.ok), "refused": dict(probe.refused)}


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
