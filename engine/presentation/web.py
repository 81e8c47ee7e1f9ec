"""The engine as the site's pages ask it: one JSON request in, one JSON reply out.

The browser runs the engine in a Web Worker (Pyodide); the worker hands every request
to :func:`call` and posts back what it returns. A request is
``{"method": NAME, "args": {...}, "lang": "fr"}``; the reply is ``{"ok": true, "value":
...}`` or ``{"ok": false, "error": MESSAGE, "code": CODE}``, the message told in the
request's language, with ``"field"``, the id of the form control it concerns, where there
is one (a practice setting: ``practice-seed``, ``practice-players``, …).
No rule is decided outside the engine: the pages only show what comes back, the views of
:mod:`engine.presentation.views`. This module reads the requests and hands them on.

Any JSON text gets a reply, never an exception: a request is read only when it is at most
:data:`~engine.core.boundary.MAX_LINE` characters long and nested at most
:data:`~engine.core.boundary.MAX_DEPTH` deep (``bad_json``), and none of its lists or objects
holds more than :data:`~engine.core.boundary.MAX_ITEMS` items (``bad_request``).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from engine.core.boundary import MAX_DEPTH, MAX_LINE, excess, is_whole, read_json
from engine.core.errors import DominoError
from engine.core.records import MatchRecord, RoundRecord, read_record
from engine.core.words import check_lang, text
from engine.lang import LANGUAGES
from engine.presentation.views import tryit


class _OnFirstUse:
    """A module imported when one of its names is first looked up, not with this one."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        return getattr(importlib.import_module(self._name), attr)


if TYPE_CHECKING:
    from engine.features import lessons, practice, progress, review, scorepad
    from engine.presentation.views import faceup as faceup_views
    from engine.presentation.views import practice as practice_views
    from engine.presentation.views import progress as progress_views
    from engine.presentation.views import puzzles as puzzle_views
    from engine.presentation.views import rated as rated_views
    from engine.presentation.views import review as review_views
    from engine.presentation.views import scorepad as scorepad_views
    from engine.presentation.views import yours as yours_views
else:
    # Each page's methods import what they need on their first request: a page's first
    # answer (the try-it figure's) waits for none of them.
    lessons = _OnFirstUse("engine.features.lessons")
    practice = _OnFirstUse("engine.features.practice")
    progress = _OnFirstUse("engine.features.progress")
    review = _OnFirstUse("engine.features.review")
    scorepad = _OnFirstUse("engine.features.scorepad")
    faceup_views = _OnFirstUse("engine.presentation.views.faceup")
    practice_views = _OnFirstUse("engine.presentation.views.practice")
    progress_views = _OnFirstUse("engine.presentation.views.progress")
    puzzle_views = _OnFirstUse("engine.presentation.views.puzzles")
    rated_views = _OnFirstUse("engine.presentation.views.rated")
    review_views = _OnFirstUse("engine.presentation.views.review")
    scorepad_views = _OnFirstUse("engine.presentation.views.scorepad")
    yours_views = _OnFirstUse("engine.presentation.views.yours")


def import_all() -> None:
    """Imports every module a method may need (those imported on first use): before a
    snapshot of the engine is taken, so that an engine restored from it imports none."""
    for value in list(globals().values()):
        if isinstance(value, _OnFirstUse):
            importlib.import_module(value._name)


Handler = Callable[[dict[str, Any], str], Any]

METHODS: dict[str, Handler] = {}
"""Every method a page may call, by name."""


def method(name: str) -> Callable[[Handler], Handler]:
    """Register ``fn`` as the method ``name``."""

    def register(fn: Handler) -> Handler:
        METHODS[name] = fn
        return fn

    return register


@method("ping")
def ping(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """Whether the engine answers, under which Python, and whether this module was
    imported from bytecode: sourceless or beside its source (in the browser, where Python
    writes none, only if the page unpacked the bytecode compiled at build time)."""
    sourceless = __file__.endswith(".pyc")
    return {
        "python": list(sys.version_info[:3]),
        "languages": list(LANGUAGES),
        "bytecode": sourceless or os.path.isfile(importlib.util.cache_from_source(__file__)),
    }


def bad_request(detail: str, **params: Any) -> DominoError:
    """A ``bad_request`` error, its detail the message ``detail`` (``error.request_*``)."""
    return DominoError.about("bad_request", detail, **params)


def _strings(args: dict[str, Any], name: str) -> list[str]:
    value = args.get(name, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise bad_request("request_strings", name=name)
    return value


@method("try_move")
def lay_on_figure(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """Lay ``tile`` from the reader's ``hand`` on ``end`` of the layout after ``plays``
    (:func:`engine.presentation.views.tryit.try_move`): the new view of the figure, the move
    told."""
    preset = args.get("preset", "block")
    if not isinstance(preset, str):
        raise bad_request("request_preset")
    plays, hand = _strings(args, "plays"), _strings(args, "hand")
    return tryit.try_move(preset, plays, hand, args.get("tile"), args.get("end"), lang)


@method("lesson_answer")
def lesson_answer(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The reader's ``answer`` to a lesson's ``task``, judged by the engine
    (:func:`engine.features.lessons.judge_answer`): ``right``, the answer as the page writes
    it, and the engine's ``reason`` when it is wrong. A right move comes with the layout
    after it, drawn and told as :func:`try_move` does (``view``)."""
    task = lessons.Task.of(args.get("task"))
    reply = lessons.judge_answer(task, args.get("answer"), lang)
    tile, _, end = reply["answer"].partition("@")
    if reply["right"] and task.kind == "move" and end:
        pos = lessons.position(task)
        plays = lessons.layout_plays(pos.layout)
        hand = [t.code for t in pos.hand]
        reply["view"] = tryit.try_move(task.preset, plays, hand, tile, end, lang)
    return reply


@method("puzzle")
def puzzle(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """A puzzle of the puzzles page (:func:`engine.presentation.views.puzzles.reply`): its view, by
    ``id`` or as the puzzle of the day ``date``; with ``tile`` and ``end`` (or
    ``reveal``), the reader's move judged by the solver."""
    return puzzle_views.reply(args, lang)


@method("puzzle_rated")
def puzzle_rated(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The reader's rated puzzles (:func:`engine.presentation.views.rated.rated_view`):
    the rating, the next puzzle near it within ``themes``, and the streak, from the
    stored form ``rated``; with ``start`` a new streak, with ``skip`` its puzzle
    skipped."""
    return rated_views.rated_view(args, lang)


@method("puzzle_streak")
def puzzle_streak(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The reader's streak of puzzles of the day
    (:func:`engine.presentation.views.puzzles.streak_view`, the rule
    :func:`engine.features.puzzles.streak`): ``days`` as the page keeps them, the reader's
    date ``today``, and with ``solved`` the date of the puzzle of the day just solved; the
    reply ``{"days", "count", "counted", "text"}``, ``days`` what the page keeps."""
    return puzzle_views.streak_view(args, lang)


@method("progress_view")
def progress_view(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """Every figure of the progress page, from what the reader's browser keeps: the
    practice matches finished (``progress``) and the puzzles page's progress
    (``puzzles``), either None (:func:`engine.presentation.views.progress.figures_view`)."""
    return progress_views.figures_view(args.get("progress"), args.get("puzzles"), lang)


@method("progress_match")
def progress_match(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The kept matches (``progress``) with the practice match ``save``, over, ended on
    the reader's ``date``, and how well the reader played in its rounds reviewed
    (``items``: every judged decision of the match's rounds, as ``review_summary`` takes
    them; none: not reviewed): ``{"progress": …}``, to keep
    (:func:`engine.features.progress.add`)."""
    matches = progress.load_matches(args.get("progress"))
    items = args.get("items")
    reviewed = None
    if items is not None:
        summary = review.summarize(review_views.check_items(items))
        reviewed = (summary.good, summary.count) if summary.count else None
    entry = progress.played(_save(args), args.get("date"), reviewed)
    return {"progress": progress.matches_data(progress.add(matches, entry))}


@method("progress_export")
def progress_export(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The reader's profile as one file on the reader's ``date``, from the matches
    (``progress``), the puzzles page's progress (``puzzles``) and the reader's own
    puzzles (``yours``): ``{"text", "name"}``
    (:func:`engine.presentation.views.progress.export_view`)."""
    return progress_views.export_view(
        args.get("progress"), args.get("puzzles"), args.get("date"), args.get("yours")
    )


@method("progress_import")
def progress_import(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """A profile file's ``text``, read and checked whole: ``{"progress", "puzzles",
    "yours", "said"}``, what the page is to keep (:func:`engine.presentation.views.progress.
    import_view`); a file that is not one is its error, and the page keeps what it had."""
    return progress_views.import_view(args.get("text"), lang)


@method("yours_add")
def yours_add(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The reader's puzzles kept (``yours``) with decision ``index`` of ``seat`` in
    round ``round`` of the record (as :func:`review_judge` takes it), kept on the
    reader's ``date``: only one the review says can be (its ``yours``)
    (:func:`engine.presentation.views.yours.add_view`)."""
    return yours_views.add_view(
        args.get("yours"),
        _record(args),
        args.get("round"),
        args.get("seat"),
        args.get("index"),
        args.get("date"),
        lang,
    )


@method("yours_list")
def yours_list(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The reader's puzzles kept (``yours``), listed
    (:func:`engine.presentation.views.yours.list_view`)."""
    return yours_views.list_view(args.get("yours"), lang)


@method("yours_play")
def yours_play(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The reader's puzzle ``id`` of those kept (``yours``) played: the question, or
    ``move`` tried, or ``action`` ``"show"`` or ``"skip"``, as :func:`review_retry`
    answers, with its table and the puzzles to keep once it has ended
    (:func:`engine.presentation.views.yours.play_view`)."""
    return yours_views.play_view(
        args.get("yours"), args.get("id"), lang, move=args.get("move"), action=args.get("action")
    )


def _save(args: dict[str, Any]) -> Any:
    if "save" not in args:
        raise bad_request("request_no_save")
    return args["save"]


def _practice(save: dict[str, Any], lang: str, **extra: Any) -> dict[str, Any]:
    return {"save": save, "view": practice_views.game_view(save, lang), **extra}


@method("practice_new")
def practice_new(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """A new practice match: ``preset``, ``options``, ``players``, ``levels`` (one per
    computer seat) and ``seed``."""
    save = practice.new_save(
        args.get("preset", "block"),
        args.get("options", {}),
        args.get("players", 2),
        args.get("levels", []),
        args.get("seed", 0),
    )
    return _practice(save, lang)


@method("practice_settings")
def practice_settings(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The setting a practice link's ``query`` carries (``location.search`` without
    "?"), with an error per bad value at its form control (see
    :func:`engine.features.practice.settings_of`)."""
    return practice.settings_of(args.get("query", ""), lang)


@method("practice_view")
def practice_view(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """What a saved practice match shows (a corrupt save is an error)."""
    return _practice(practice.load_game(_save(args)).save, lang)


@method("practice_play")
def practice_play(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The reader's ``move`` played."""
    return _practice(practice.play(_save(args), args.get("move")), lang)


@method("practice_computer")
def practice_computer(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The computer seat to move plays; ``move`` tells what it chose."""
    save, move = practice.computer_move(_save(args))
    return _practice(save, lang, move=str(move))


@method("practice_hint")
def practice_hint(args: dict[str, Any], lang: str) -> dict[str, str]:
    """The Expert's move for the reader, and why (its end named on each drawing)."""
    return practice_views.hint_view(_save(args), lang)


@method("practice_undo")
def practice_undo(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The reader's last move taken back, with the computer's replies to it."""
    return _practice(practice.undo(_save(args)), lang)


@method("practice_next_round")
def practice_next_round(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The next round dealt."""
    return _practice(practice.next_round(_save(args)), lang)


@method("practice_steps")
def practice_steps(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """A finished round of the match (``round``, from 0), move by move."""
    return practice_views.steps_view(_save(args), args.get("round"), lang)


@method("practice_record")
def practice_record(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The game record of the finished rounds, for ``python -m engine replay``."""
    return practice.match_record(_save(args))


def _record(args: dict[str, Any]) -> RoundRecord | MatchRecord:
    """The record of a review request, read once (:func:`engine.features.review.review_record`):
    ``record_text``, the record as the reader gave it (JSON text, read by
    :func:`engine.core.records.read_record`: bounded, then parsed, a bad one told by its line
    and column), or ``record``, one already parsed as JSON (the practice page's own record)."""
    if "record_text" in args:
        if not isinstance(args["record_text"], str):
            raise bad_request("review_record_text")
        return review.review_record(read_record(args["record_text"]))
    if "record" not in args:
        raise bad_request("review_no_record")
    return review.review_record(args["record"])


@method("review_decisions")
def review_decisions(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The decisions of ``seat`` (from 0) in a finished round of ``record_text`` (a round
    or match record as JSON text; or ``record``, already parsed; ``round`` from 0 chooses
    a match's round), each with the table drawn and the move made
    (:func:`engine.presentation.views.review.decisions_view`)."""
    return review_views.decisions_view(_record(args), args.get("seat"), args.get("round"), lang)


@method("review_judge")
def review_judge(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """Decision ``index`` of those :func:`review_decisions` lists, judged from what the seat
    knew: every move's value, the mark, the better move drawn, why, and what was known
    (:func:`engine.presentation.views.review.judge_view`); ``seed`` and ``budget``
    optional."""
    return review_views.judge_view(
        _record(args),
        args.get("seat"),
        args.get("round"),
        args.get("index"),
        lang,
        seed=args.get("seed", 0),
        budget=args.get("budget"),
    )


@method("review_retry")
def review_retry(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """Decision ``index`` replayed ("learn from your mistakes"): the question and the
    moves to choose from; with ``move``, that move tried (accepted within the "good"
    tolerance); with ``action`` ``"show"`` or ``"skip"``, the best move shown or the
    decision left (:func:`engine.presentation.views.review.retry_view`); ``seed`` and
    ``budget`` as :func:`review_judge` was given them."""
    return review_views.retry_view(
        _record(args),
        args.get("seat"),
        args.get("round"),
        args.get("index"),
        lang,
        move=args.get("move"),
        action=args.get("action"),
        seed=args.get("seed", 0),
        budget=args.get("budget"),
    )


@method("review_face_up")
def review_face_up(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """Decision ``index`` of those :func:`review_decisions` lists, turned face up: step
    ``step`` (from 0; 0 unless told), one of its moves valued exactly with every tile
    known, with its best line, given ``found``, the ``found`` of the step before
    (``[]`` unless told); step 0 adds every hand and the boneyard, the last (``done``)
    the best moves (:func:`engine.presentation.views.faceup.face_up_view`)."""
    return faceup_views.face_up_view(
        _record(args),
        args.get("seat"),
        args.get("round"),
        args.get("index"),
        args.get("step", 0),
        args.get("found", []),
        lang,
    )


@method("review_summary")
def review_summary(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The summary of judged decisions: ``items``, the ``item`` of each
    :func:`review_judge` reply (of one round, or of a match's rounds)."""
    return review_views.summary_view(args.get("items"), lang)


@method("review_kept")
def review_kept(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The rounds of a match reviewed that the page ``kept`` (``{"match", "rounds"}``),
    checked by :func:`engine.presentation.views.review.check_kept` and given back as it
    accepts them; a page drops what it refuses (``bad_request``)."""
    return review_views.check_kept(args.get("kept"))


WARM_UP: tuple[tuple[str, int, int], ...] = (("all-fives", 4, 0), ("block", 2, 1))
"""The rounds the warm-up judges, seat 1's every decision: (preset, players, seed), dealt
and played by Club players. A spinner game with play points and a line game, so both
kinds of layout are searched, sampled and drawn."""

WARM_UP_BUDGET = 20
"""The deals of a warm-up judgement: a quarter of a review's, the same code run."""


@functools.cache
def _warm_up_steps() -> tuple[tuple[dict[str, Any], int], ...]:
    """Each warm-up step: a round record and the index of the decision it judges."""
    from engine.core.records import round_record
    from engine.core.rules import Rules
    from engine.core.state import RoundState
    from engine.players import Club, play_round

    steps = []
    for preset, players, seed in WARM_UP:
        state = RoundState.new(Rules.make(preset), players, seed % players, rng=seed)
        play_round(state, [Club() for _ in range(players)])
        record = round_record(state)
        steps += [(record, i) for i in range(len(review.decisions(state, 1)))]
    return tuple(steps)


@method("warm_up")
def warm_up(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """Step ``step`` (from 0) of the warm-up: one decision of a built-in round judged and
    drawn as a review does, the answer dropped; ``more`` tells whether another step
    follows. A browser first runs WebAssembly through a quick baseline compiler and
    compiles the functions that turn out hot again, optimised, on other threads: the
    worker runs these steps while the reader has not asked anything yet, so that the
    compiling is done before the first review, not while it runs (on a two-core machine
    it took the page's main thread its core)."""
    steps = _warm_up_steps()
    step = args.get("step", 0)
    if not is_whole(step) or not 0 <= step < len(steps):
        raise bad_request("request_warm_up_step", last=len(steps) - 1)
    record, index = steps[step]
    review_views.judge_view(record, 1, None, index, lang, budget=WARM_UP_BUDGET)
    return {"step": step, "more": step + 1 < len(steps)}


def _sheet(args: dict[str, Any]) -> Any:
    if "sheet" not in args:
        raise bad_request("request_no_sheet")
    return args["sheet"]


def _scorepad(sheet: dict[str, Any], lang: str, said: str = "", **params: Any) -> dict[str, Any]:
    """The sheet, its view, and what the page tells the reader of the change (``said``: a
    ``page.scorepad.*`` word, or none)."""
    message = text(lang, "page.scorepad." + said, **params) if said else ""
    return {"sheet": sheet, "view": scorepad_views.score_sheet(sheet, lang), "message": message}


def _entry(args: dict[str, Any], sheet: Any, index: Any = None) -> Any:
    """The round sent: ``form`` (the entry form's fields as typed, read by the engine) or
    ``entry`` (a round as the sheet holds it)."""
    if "form" in args:
        return scorepad.read_form(sheet, args["form"], index)
    return args.get("entry")


@contextmanager
def _told_at_form(args: dict[str, Any], sheet: Any) -> Iterator[None]:
    """A round sent as its ``form``: an error is told as that form tells it, at its field
    and naming the player as the sheet does (:func:`scorepad.form_error`)."""
    try:
        yield
    except DominoError as e:
        if "form" not in args:
            raise
        raise scorepad.form_error(e, sheet, args["form"]) from None


@method("scorepad_new")
def scorepad_new(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """A new score sheet: ``preset``, ``options``, ``players`` and ``names``."""
    try:
        sheet = scorepad.new_sheet(
            args.get("preset", "block"),
            args.get("options"),
            args.get("players", 2),
            args.get("names"),
        )
    except DominoError as e:
        raise scorepad.setup_error(e) from None
    return _scorepad(sheet, lang)


@method("scorepad_view")
def scorepad_view(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The scores of a sheet (a bad sheet is an error)."""
    return _scorepad(scorepad.check_sheet(_sheet(args)).to_dict(), lang)


@method("scorepad_add")
def scorepad_add(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The sheet with one more round: ``form`` or ``entry``."""
    sheet = _sheet(args)
    with _told_at_form(args, sheet):
        new = scorepad.add_round(sheet, _entry(args, sheet))
    return _scorepad(new, lang, "added", round=len(new["rounds"]))


@method("scorepad_set")
def scorepad_set(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The sheet with round ``index`` (from 0) corrected to ``form`` or ``entry``."""
    sheet = _sheet(args)
    index: Any = args.get("index")
    with _told_at_form(args, sheet):
        new = scorepad.set_round(sheet, index, _entry(args, sheet, index))
    return _scorepad(new, lang, "corrected", round=index + 1)  # set_round checked the index


@method("scorepad_remove_last")
def scorepad_remove_last(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The sheet without its last round."""
    return _scorepad(scorepad.remove_last_round(_sheet(args)), lang, "removed")


@method("scorepad_export")
def scorepad_export(args: dict[str, Any], lang: str) -> str:
    """The sheet as JSON text, to save as a file."""
    return scorepad.export_sheet(_sheet(args))


@method("scorepad_import")
def scorepad_import(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """A sheet read from JSON ``text`` (an error changes nothing)."""
    return _scorepad(scorepad.import_sheet(args.get("text")), lang, "imported")


def handle(request: object) -> dict[str, Any]:
    """The reply to a request already read from JSON."""
    lang = "en"
    try:
        if not isinstance(request, dict):
            raise bad_request("request_not_object")
        lang = check_lang(request.get("lang", "en"))
        name = request.get("method")
        args = request.get("args", {})
        if not isinstance(name, str) or name not in METHODS:
            raise bad_request("request_unknown_method", method=name)
        if not isinstance(args, dict):
            raise bad_request("request_args")
        # The request object itself is one level: its args may nest one less.
        if fault := excess(args, MAX_DEPTH - 1):
            raise bad_request(f"request_{fault[0]}", limit=fault[1])
        return {"ok": True, "value": METHODS[name](args, lang)}
    except DominoError as e:
        reply = {"ok": False, "error": e.message(lang), "code": e.code}
        if e.field is not None:
            reply["field"] = e.field
        return reply


_LANG = re.compile(r'"lang"\s*:\s*"([a-z]{2})"')


def read_request(request: object) -> object:
    """The JSON ``request`` parsed, once it is known to be at most :data:`MAX_LINE`
    characters long and nested at most :data:`MAX_DEPTH` deep (checked before it is
    parsed: Pyodide's JSON reader runs out of stack far deeper than that). Text that
    cannot be read is a ``bad_json`` error."""
    if not isinstance(request, str):
        raise bad_request("request_not_text")
    try:
        return read_json(request, "request")
    except DominoError as e:
        raise DominoError("bad_json").because(e) from None


def call(request: str) -> str:
    """The JSON reply to the JSON ``request``; never raises for bad input. A request that
    cannot be read is told in the language it names, if it can be found in the text."""
    try:
        parsed = read_request(request)
    except DominoError as error:
        # Only the reading is guarded: an engine bug in handling a request must show.
        found = _LANG.search(request[:MAX_LINE]) if isinstance(request, str) else None
        lang = found.group(1) if found and found.group(1) in LANGUAGES else "en"
        reply = {"ok": False, "error": error.message(lang), "code": error.code}
    else:
        reply = handle(parsed)
    return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))
