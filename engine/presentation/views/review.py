"""What a page shows of a round's review (:mod:`engine.features.review`), in the reader's language.

The review page and the practice page's "Review this round" ask the engine through
:mod:`engine.presentation.web`, one decision at a time so that they can show progress and stop
between two: ``review_decisions`` lists the decisions, ``review_judge`` judges one,
``review_summary`` sums up the judged ones. Every word comes from the language tables
(``review.*``, and the ``puzzle.*`` words of a move and a game); seats in the data
count from 0 as records do (``seat``), in the words from 1 as readers do. Numbers of
points are given as numbers (``loss``, ``value``: floats, to a tenth of a point) and as
words (``*_text``, with the language's decimal sign).

:func:`decisions_view` (``review_decisions`` ``{record_text, seat, round?}``)::

    {"seat": 0, "players": 2, "round": 0, "rounds": 1,
     "game": "Block, 2 players", "title": "Review of seat 1",
     "intro": "Seat 1 made 7 moves in this round: 4 decisions to review …",
     "count": 4, "forced": 3,
     "decisions": [
       {"index": 0, "ply": 0, "move": "3-4@left", "label": "Decision 1 of 4",
        "played": "[3|4] on the left end",
        "caption": "Decision 1 of 4: seat 1 to play, holding … Played: …",
        "hand": [{"code": "3-4", "name": "[3|4]", "svg": "<svg…"}, …],
        "moves": ["3-4@left", "5-5@right", …],
        "svg": "<svg…", "svg_narrow": "<svg…", "empty": ""}, …]}

``record_text`` is the record as the reader gave it, JSON text that the engine reads
(:func:`engine.core.records.read_record`: bounded in size and depth before it is parsed; text
that is not JSON is told by its line and column, in the reader's language); a page that
holds the record already parsed (the practice page's) sends it as ``record`` instead.
``svg`` draws the table as it was at the decision (``""`` on an empty table, told by
``empty``); ``moves`` are the distinct legal moves, in record notation.

:func:`judge_view` (``review_judge`` ``{record_text, seat, round?, index, seed?,
budget?}``)::

    {"index": 0, "move": "3-4@left", "best": "5-5@right",
     "mark": {"id": "mistake", "name": "Mistake"},
     "loss": 6.8, "error": 1.3, "loss_text": "6.8 points",
     "method": "solved", "exact": false, "deals": 80,
     "method_text": "Estimated from 80 sampled deals that fit what you knew, each played
                     to the end with perfect play. Sampling error: about 1.3 points.",
     "verdict": "[3|4] on the left end: a mistake, 6.8 points below [5|5] on the right end.",
     "reason": "[5|5] on the right end was better: it scores 10 points …",
     "values": [{"move": "5-5@right", "label": "[5|5] on the right end", "value": 4.2,
                 "text": "[5|5] on the right end: +4.2", "loss": 0.0,
                 "mark": {"id": "best", "name": "Best"}, "best": true, "played": false},
                …],
     "known": {"unseen": 16, "boneyard": 0, "text": "You could not see 16 tiles …",
               "seats": [{"seat": 1, "label": "Seat 2", "tiles": 3, "lacks": [4, 6],
                          "text": "Seat 2 (3 tiles): holds no 4 or 6."}]},
     "caption": "The engine's choice: [5|5] on the right end.",
     "svg": "<svg…", "svg_narrow": "<svg…",
     "played_caption": "Played: [3|4] on the left end.",
     "played_svg": "<svg…", "played_svg_narrow": "<svg…",
     "item": {"round": 0, "index": 0, "move": "3-4@left", "best": "5-5@right",
              "loss": 6.8, "error": 1.3, "mark": "mistake"}}

``method`` is ``exact`` (every consistent deal solved: ``error`` 0), ``solved`` or
``played`` (see :mod:`engine.features.review`); ``error`` is the standard error of ``loss`` (of
the runner-up's loss when the move made was the best). ``values`` are sorted best first;
``svg`` is the table after the engine's choice, that tile marked, ``played_svg`` after
the move made (the same layout when it was the choice); ``verdict`` tells the mark (a
move marked best that is not the engine's choice is "as good as the engine's choice …
(within 0.5 points)": the tolerance of the mark ``best``, which a value of the list
within it of the best says too), and ``reason`` (empty when the move made is marked
best) why the choice was better.
``item`` is what ``review_summary`` takes back; ``yours`` whether the decision can be
one of the reader's own puzzles (:func:`engine.features.review.clearly_best`).
``known.seats`` lists each other seat: ``lacks``, the numbers its passes and draws
showed it could not hold.

:func:`summary_view` (``review_summary`` ``{items: [item, …]}``, the items of judged
decisions of one round or of several rounds of a match)::

    {"count": 4, "good": 3, "share": 0.75,
     "share_text": "3 of 4 decisions marked best or good (75%).",
     "marks": [{"id": "best", "name": "Best", "count": 2}, …],
     "key_title": "Key moments",
     "key": [{"round": 0, "index": 0, "mark": {"id": "mistake", "name": "Mistake"},
              "loss": 6.8, "text": "Round 1, decision 1: [3|4] on the left end, a
              mistake (6.8 points); better: [5|5] on the right end."}],
     "rounds": [{"round": 0, "count": 4, "good": 3, "share": 0.75,
                 "text": "Round 1: 3 of 4 decisions best or good (75%)."}]}

``rounds`` has one entry per round the items come from (a match's summary, round by
round; ``share`` over all of them is the match's). An item's mark is taken again from its
loss, and its other fields beyond those shown above are not read.

A refused request (a bad record, seat, round or index; an unknown language) is the
engine's error, told in the reader's language, as every method's (:mod:`engine.presentation.web`).
:func:`review_view` is a whole round at once, without the drawings, and
:func:`review_text` the same as text (both for ``python -m engine review``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.boundary import MAX_ITEMS, is_number, is_whole
from engine.core.errors import DominoError
from engine.core.layout import Layout
from engine.core.rules import Rules, check_seat
from engine.core.state import Move, RoundState
from engine.core.tiles import ALL_TILES, Tile
from engine.core.words import check_lang, strings, text
from engine.features import review as rv
from engine.lang import reader_seat
from engine.players.expert import Search
from engine.players.hints import hint_facts, join_reasons
from engine.presentation import graph
from engine.presentation.figures import TRAY_SIZE
from engine.presentation.views import tile_view
from engine.presentation.views.puzzles import drawings, move_label


def decimal(value: float, lang: str) -> str:
    """A number of points to a tenth, with the language's decimal sign (``6.8``,
    ``6,8``) and a minus sign for a negative one."""
    shown = f"{abs(value):.1f}".replace(".", strings(lang)["review.decimal"])
    return f"−{shown}" if round(value, 1) < 0 else shown


def signed_decimal(value: float, lang: str) -> str:
    """A value with its sign: ``+4.2``, ``−3.0``, ``0.0``."""
    shown = decimal(value, lang)
    return f"+{shown}" if round(value, 1) > 0 else shown


def points(value: float, lang: str) -> str:
    """A number of points in words, to a tenth: "6.8 points", "1,5 point" (the noun's
    form for a decimal number: in French and Danish the singular below 2)."""
    one = lang in ("fr", "da") and abs(round(value, 1)) < 2
    key = "review.points.one" if one else "review.points"
    return text(lang, key, value=decimal(value, lang))


def mark_view(mark: str, lang: str) -> dict[str, str]:
    return {"id": mark, "name": strings(lang)[f"review.mark.{mark}"]}


def round_game(rules: Rules, players: int, lang: str) -> str:
    """The game of a round, with its players (``Block, 2 players``)."""
    name = strings(lang)[f"game.{rules.preset}"]
    key = "puzzle.game.partners" if rules.partnerships else "puzzle.game"
    return text(lang, key, game=name, players=players)


def _tiles(tiles: Sequence[Tile], lang: str) -> str:
    return ", ".join(str(t) for t in tiles) or strings(lang)["round.nothing"]


def _caption(d: rv.Decision, label: str, lang: str) -> str:
    """What a decision's table says: the decision, the seat to play and its hand, and
    the move made."""
    return text(
        lang,
        "review.caption",
        decision=label,
        seat=reader_seat(d.seat),
        tiles=_tiles(d.observation.hand, lang),
        move=move_label(d.move, lang),
    )


def _better(j: rv.Judgement, lang: str) -> dict[str, str]:
    """The table after the engine's choice, that tile marked, and its caption."""
    caption = text(lang, "review.better", move=move_label(j.better.move, lang))
    layout = _after(j.decision.observation.layout, j.better.move)
    return {**drawings(layout, lang, caption, last=True), "caption": caption}


def _seat(value: object, state: RoundState) -> int:
    return check_seat(value, state.players)


def _either(items: Sequence[str], lang: str) -> str:
    """``a, b or c`` in ``lang`` (French: ``a, b ni c``, after a negation)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + strings(lang)["review.or"] + items[-1]


def decisions_view(record: object, seat: object, round: object, lang: str) -> dict[str, Any]:
    """The decisions of ``seat`` (from 0) in round ``round`` of ``record`` (see the
    module's docstring)."""
    check_lang(lang)
    state, k, count = rv.load_round(record, round)
    me = _seat(seat, state)
    return _decisions(state, me, k, count, rv.decisions(state, me), lang, drawn=True)


def _decisions(
    state: RoundState,
    me: int,
    k: int,
    count: int,
    found: Sequence[rv.Decision],
    lang: str,
    *,
    drawn: bool,
) -> dict[str, Any]:
    """The view of the decisions ``found``; without the drawings unless ``drawn``."""
    moves = sum(1 for e in state.events if e.kind == "play" and e.seat == me)
    forced = moves - len(found)
    who = reader_seat(me)
    if found:
        intro = text(lang, "review.intro", seat=who, moves=moves, count=len(found), forced=forced)
    else:
        intro = text(lang, "review.none", seat=who, moves=moves)
    items = []
    for d in found:
        label = text(lang, "review.decision", n=d.index + 1, total=len(found))
        played = move_label(d.move, lang)
        hand = d.observation.hand
        caption = _caption(d, label, lang)
        layout = d.observation.layout
        items.append(
            {
                "index": d.index,
                "ply": d.ply,
                "move": str(d.move),
                "label": label,
                "played": played,
                "caption": caption,
                "hand": [tile_view(t, TRAY_SIZE) if drawn else t.code for t in hand],
                "moves": [str(m) for m in d.moves],
                **(drawings(layout, lang, caption) if drawn else {}),
                "empty": strings(lang)["empty_table"] if not layout.tiles else "",
            }
        )
    title_key = "review.title.round" if count > 1 else "review.title"
    return {
        "seat": me,
        "players": state.players,
        "round": k,
        "rounds": count,
        "game": round_game(state.rules, state.players, lang),
        "title": text(lang, title_key, seat=who, round=k + 1),
        "intro": intro,
        "count": len(found),
        "forced": forced,
        "decisions": items,
    }


def _known(j: rv.Judgement, lang: str) -> dict[str, Any]:
    k = j.known
    state_rules = j.decision.observation.rules
    players = j.decision.observation.players
    seats: list[dict[str, Any]] = []
    said_all: list[str] = []
    for s in k.seats:
        label = _other(state_rules, players, j.decision.seat, s.seat, lang)
        if s.lacks:
            said = text(
                lang,
                "review.known.lacks",
                seat=label,
                tiles=s.tiles,
                values=_either([str(v) for v in s.lacks], lang),
            )
        else:
            said = text(lang, "review.known.any", seat=label, tiles=s.tiles)
        said_all.append(said)
        seats.append(
            {"seat": s.seat, "label": label, "tiles": s.tiles, "lacks": list(s.lacks), "text": said}
        )
    if k.boneyard:
        unseen = text(lang, "review.known.unseen.boneyard", count=k.unseen, boneyard=k.boneyard)
    else:
        unseen = text(lang, "review.known.unseen", count=k.unseen)
    return {
        "unseen": k.unseen,
        "boneyard": k.boneyard,
        "text": " ".join([unseen, *said_all]),
        "seats": seats,
    }


def _other(rules: Rules, players: int, me: int, seat: int, lang: str) -> str:
    if rules.partnerships and rules.side_of(seat) == rules.side_of(me):
        return text(lang, "review.partner", seat=reader_seat(seat))
    return text(lang, "review.seat", seat=reader_seat(seat))


def _method(j: rv.Judgement, lang: str) -> str:
    if j.exact:
        return text(lang, "review.method.exact", count=j.deals)
    key = "review.method.solved" if j.method == "solved" else "review.method.played"
    said = text(lang, key, count=j.deals)
    if round(j.error, 1) > 0:
        said += " " + text(lang, "review.error", error=points(j.error, lang))
    return said


def _after(layout: Layout, move: Move) -> Layout:
    return layout.place(move.tile, move.end)


def judge_view(
    record: object,
    seat: object,
    round: object,
    index: object,
    lang: str,
    *,
    seed: object = 0,
    budget: object = None,
) -> dict[str, Any]:
    """Decision ``index`` of ``seat`` judged (see the module's docstring); ``budget``
    ``None`` is :data:`engine.features.review.BUDGET`."""
    check_lang(lang)
    budget = rv.BUDGET if budget is None else budget
    state, k, _ = rv.load_round(record, round)
    me = _seat(seat, state)
    return _judged(
        rv.judge_decision(state, me, index, seed=seed, budget=budget), k, lang, drawn=True
    )


def _judged(j: rv.Judgement, k: int, lang: str, *, drawn: bool) -> dict[str, Any]:
    """The view of a judgement of round ``k``; without the drawings unless ``drawn``."""
    d = j.decision
    better = j.better
    said, best_said = move_label(d.move, lang), move_label(better.move, lang)
    mark = mark_view(j.mark, lang)
    tolerance = points(rv.MARKS[0][1], lang)
    if j.mark == "best" and j.best == d.played:
        verdict = text(lang, "review.verdict.best", move=said)
        reason = ""
    elif j.mark == "best":
        # Marked best, yet not the engine's choice: the two are equal within the mark's
        # tolerance, and the verdict says so beside the engine's choice it shows.
        verdict = text(
            lang, "review.verdict.equal", move=said, better=best_said, tolerance=tolerance
        )
        reason = ""
    else:
        verdict = text(
            lang,
            "review.verdict",
            move=said,
            mark=strings(lang)[f"review.mark.{j.mark}.a"],
            loss=points(j.loss, lang),
            better=best_said,
        )
        reason = text(lang, "review.reason", move=best_said, reason=_reason(j, lang))
    values = [
        {
            "move": str(v.move),
            "label": move_label(v.move, lang),
            "value": rv.round_loss(v.value),
            "text": text(
                lang,
                "review.value.equal" if v.mark == "best" and i != j.best else "puzzle.value",
                move=move_label(v.move, lang),
                value=signed_decimal(v.value, lang),
                tolerance=tolerance,
            ),
            "loss": rv.round_loss(v.loss),
            "mark": mark_view(v.mark, lang),
            "best": i == j.best,
            "played": i == d.played,
        }
        # Best value first; on a tie the move judged best (the move made) before the others.
        for i, v in sorted(
            enumerate(j.values), key=lambda iv: (-iv[1].value, iv[0] != j.best, iv[0])
        )
    ]
    layout = d.observation.layout
    caption = text(lang, "review.better", move=best_said)
    played_caption = text(lang, "review.played", move=said)
    if drawn:
        made = drawings(_after(layout, d.move), lang, played_caption, last=True)
        figures = {
            **_better(j, lang),
            "played_svg": made["svg"],
            "played_svg_narrow": made["svg_narrow"],
        }
    else:
        figures = {}
    return {
        "index": d.index,
        "move": str(d.move),
        "best": str(better.move),
        "mark": mark,
        "loss": rv.round_loss(j.loss),
        "error": rv.round_loss(j.error),
        "loss_text": points(j.loss, lang),
        "method": j.method,
        "exact": j.exact,
        "deals": j.deals,
        "method_text": _method(j, lang),
        "verdict": verdict,
        "reason": reason,
        "values": values,
        "known": _known(j, lang),
        "caption": caption,
        "played_caption": played_caption,
        **figures,
        "item": j.item(k),
        "yours": rv.clearly_best(j),
    }


def _reason(j: rv.Judgement, lang: str) -> str:
    """Why the better move is better, in a phrase or two (the hints' reasons)."""
    d = j.decision
    search = Search(d.moves, tuple(v.value for v in j.values), 0, j.best)
    facts = [f for f in hint_facts(d.observation, search) if f.key != "hint.only"][:2]
    parts = [text(lang, f.key, **f.params) for f in facts]
    return join_reasons(parts or [text(lang, "review.worth", loss=points(j.loss, lang))], lang)


MAX_LOSS = 10_000
"""More points than any round of any game can score: no decision loses more."""


def check_items(items: object) -> list[dict[str, Any]]:
    """The items of judged decisions a page passes back, checked: each names a round and
    a decision of it, whole numbers from 0, a decision below the 28 tiles a seat could
    lay at most and no decision twice; a move and the best move; a loss is a number from
    0 to :data:`MAX_LOSS` (not NaN, not infinite), and the move made's ``value``, where an
    item has one (items kept before it was given have none), a number from
    ``-MAX_LOSS`` to :data:`MAX_LOSS`; ``retry``, where an item has one, how its
    decision's replay ended (:data:`engine.features.review.OUTCOMES`)."""
    refused = DominoError.about("bad_request", "review_items")
    if not isinstance(items, list) or len(items) > MAX_ITEMS:
        raise refused
    out = []
    seen: set[tuple[int, int]] = set()
    for item in items:
        if not isinstance(item, dict):
            raise refused
        r, i, loss = item.get("round", 0), item.get("index"), item.get("loss")
        if not (is_whole(r) and is_whole(i) and r >= 0 and 0 <= i < len(ALL_TILES)):
            raise refused
        if (r, i) in seen:
            raise refused
        seen.add((r, i))
        # Compared, not converted: a 400-digit whole number is refused, not an overflow.
        if not is_number(loss) or not 0 <= loss <= MAX_LOSS:
            raise refused
        try:
            move, best = Move.parse(item.get("move")), Move.parse(item.get("best"))
        except DominoError:
            raise refused from None
        checked = {"round": r, "index": i, "move": str(move), "best": str(best), "loss": loss}
        if "value" in item:
            value = item["value"]
            if not is_number(value) or not -MAX_LOSS <= value <= MAX_LOSS:
                raise refused
            checked["value"] = value
        if "retry" in item:
            if item["retry"] not in rv.OUTCOMES:
                raise refused
            checked["retry"] = item["retry"]
        out.append(checked)
    return out


def check_kept(kept: object) -> dict[str, Any]:
    """The rounds of a match reviewed that a page keeps, checked: the one rule for stored
    review items (the practice page keeps them past a reload and asks this on reading
    them back). ``kept`` is ``{"match": key, "rounds": [[round, items], …]}``: ``match``
    a text (the match's key), ``rounds`` at most :data:`~engine.core.boundary.MAX_ITEMS`
    pairs; anything else is a ``bad_request`` error (``review_items``).

    Each pair is a round (a whole number from 0) and the items of its judged decisions,
    which :func:`check_items` accepts and which are all of that round. A pair that is not,
    a round already given, and a round whose items would take the rounds before it past
    :data:`~engine.core.boundary.MAX_ITEMS` items in all (what one summary reads) is
    dropped alone. Returns ``{"match", "rounds", "dropped"}``: the rounds kept, each item
    as :func:`check_items` gives it back, and how many pairs were dropped."""
    refused = DominoError.about("bad_request", "review_items")
    if not isinstance(kept, dict) or not isinstance(kept.get("match"), str):
        raise refused
    rounds = kept.get("rounds")
    if not isinstance(rounds, list) or len(rounds) > MAX_ITEMS:
        raise refused
    out: list[list[Any]] = []
    seen: set[int] = set()
    total = 0
    for entry in rounds:
        found = _kept_round(entry)
        if found is None or found[0] in seen or total + len(found[1]) > MAX_ITEMS:
            continue
        seen.add(found[0])
        total += len(found[1])
        out.append(found)
    return {"match": kept["match"], "rounds": out, "dropped": len(rounds) - len(out)}


def _kept_round(entry: object) -> list[Any] | None:
    """A kept ``[round, items]`` pair, checked; ``None`` if it cannot be used."""
    if not isinstance(entry, list) or len(entry) != 2:
        return None
    r, items = entry
    if not is_whole(r) or r < 0:
        return None
    try:
        checked = check_items(items)
    except DominoError:
        return None
    if any(x["round"] != r for x in checked):
        return None
    return [r, checked]


def summary_view(items: object, lang: str) -> dict[str, Any]:
    """The summary of judged decisions (see the module's docstring)."""
    check_lang(lang)
    checked = check_items(items)
    s = rv.summarize(checked)
    several = len({x["round"] for x in checked}) > 1
    key = []
    for x in s.key:
        where = (
            text(lang, "review.key.where.round", round=x["round"] + 1, n=x["index"] + 1)
            if several
            else text(lang, "review.key.where", n=x["index"] + 1)
        )
        key.append(
            {
                "round": x["round"],
                "index": x["index"],
                "mark": mark_view(x["mark"], lang),
                "loss": rv.round_loss(x["loss"]),
                "text": text(
                    lang,
                    "review.key",
                    where=where,
                    move=move_label(Move.parse(x["move"]), lang),
                    mark=strings(lang)[f"review.mark.{x['mark']}.a"],
                    loss=points(x["loss"], lang),
                    better=move_label(Move.parse(x["best"]), lang),
                ),
            }
        )
    rounds = []
    for r in sorted({x["round"] for x in checked}):
        part = rv.summarize([x for x in checked if x["round"] == r])
        rounds.append(
            {
                "round": r,
                "count": part.count,
                "good": part.good,
                "share": part.share,
                "text": text(
                    lang,
                    "review.share.round",
                    round=r + 1,
                    good=part.good,
                    count=part.count,
                    percent=round(100 * part.share),
                ),
            }
        )
    return {
        "graph": graph_view(checked, lang),
        "learn": learn_view(checked, lang),
        "count": s.count,
        "good": s.good,
        "share": s.share,
        "share_text": text(
            lang, "review.share", good=s.good, count=s.count, percent=round(100 * s.share)
        ),
        "marks": [{**mark_view(m, lang), "count": n} for m, n in s.marks.items()],
        "key_title": strings(lang)["review.key.title"],
        "key": key,
        "rounds": rounds,
    }


def graph_view(items: list[dict[str, Any]], lang: str) -> dict[str, Any] | None:
    """The graph of one round's judged decisions (:mod:`engine.presentation.graph`) and the
    same figures as a table's rows, in ``lang``; None for the decisions of several rounds
    or items kept without their values. Each row: the decision's ``index`` and number
    ``n``, the move made, the expected margin after it, its loss and mark, and whether it
    is the turning point, which ``turn_text`` tells."""
    if not items or len({x["round"] for x in items}) > 1 or any("value" not in x for x in items):
        return None
    ordered = sorted(items, key=lambda x: x["index"])
    drawn = [
        graph.GraphPoint(x["index"], x["value"], x["loss"], rv.mark_of(x["loss"])) for x in ordered
    ]
    turned = graph.turning_point(drawn)
    scale = graph.ticks(drawn)
    rows = []
    for k, (x, p) in enumerate(zip(ordered, drawn, strict=True)):
        rows.append(
            {
                "index": p.index,
                "n": p.index + 1,
                "decision": text(lang, "review.key.where", n=p.index + 1),
                "move": move_label(Move.parse(x["move"]), lang),
                "value": signed_decimal(p.value, lang),
                "loss": points(p.loss, lang),
                "mark": mark_view(p.mark, lang),
                "turn": turned is not None and turned[0] == k,
            }
        )
    turn_text = ""
    if turned is not None:
        row = rows[turned[0]]
        turn_text = text(
            lang, f"review.graph.turn.{turned[1]}", n=row["n"], move=row["move"], loss=row["loss"]
        )
    s = strings(lang)
    return {
        "title": s["review.graph.title"],
        "about": s["review.graph.about"],
        "svg": graph.graph_svg(drawn, [signed_decimal(v, lang) for v in scale]),
        "columns": [
            s[f"review.graph.column.{c}"] for c in ("decision", "move", "value", "loss", "mark")
        ],
        "rows": rows,
        "turn_text": turn_text,
    }


def learn_view(items: list[dict[str, Any]], lang: str) -> dict[str, Any] | None:
    """What a summary says of replaying one round's mistakes: the decisions to replay
    (:func:`engine.features.review.to_replay`), how many of them ended each way, and the
    words; None for the decisions of several rounds."""
    if not items or len({x["round"] for x in items}) > 1:
        return None
    marked = rv.to_replay(items)
    ended = {o: sum(1 for x in marked if x.get("retry") == o) for o in rv.OUTCOMES}
    replayed = sum(ended.values())
    s = strings(lang)
    tolerance = points(rv.MARKS[1][1], lang)
    return {
        "title": s["review.learn.title"],
        "about": text(lang, "review.learn.about", tolerance=tolerance),
        "indices": [x["index"] for x in marked],
        "count": len(marked),
        "count_text": (
            text(lang, "review.learn.count", count=len(marked))
            if marked
            else s["review.learn.none"]
        ),
        "ended": ended,
        "ended_text": (
            text(lang, "review.learn.tally", count=replayed, total=len(marked), **ended)
            if replayed
            else ""
        ),
    }


def retry_view(
    record: object,
    seat: object,
    round: object,
    index: object,
    lang: str,
    *,
    move: object = None,
    action: object = None,
    seed: object = 0,
    budget: object = None,
    drawn: bool = False,
) -> dict[str, Any]:
    """Decision ``index`` of ``seat`` replayed, judged as :func:`judge_view` judges it
    (the same ``seed`` and ``budget``; a judgement made already is not made again). With
    neither ``move`` nor ``action``: the question, the moves to choose from (the
    distinct legal moves, in the order of the legal moves, with no value). With
    ``move``: that move tried, ``accepted`` when it is within the "good" tolerance of
    the best, and told either way (a move not accepted is told its loss and value beside
    the best's value, the best not named). With ``action`` ``"show"``: the best move and
    why; ``"skip"``: the decision left. ``outcome`` is how the replay ended
    (:data:`engine.features.review.OUTCOMES`), ``None`` while it goes on. With
    ``drawn``, the replay stands on its own: the ``game``, the table as it was
    (``caption``, ``svg``, ``svg_narrow``; ``empty`` on an empty table), what the seat
    knew then (``known``, its words) and after ``"show"`` the table after the best move
    (``better``: ``{svg, svg_narrow, caption}``; else ``None``)."""
    check_lang(lang)
    budget = rv.BUDGET if budget is None else budget
    if action not in (None, "show", "skip"):
        raise DominoError("bad_argument", name="action", value=str(action)[:20])
    state, _, _ = rv.load_round(record, round)
    me = _seat(seat, state)
    found = rv.decisions(state, me)
    d = rv.pick(found, me, index)
    j = rv.judge_decision(d, seed=seed, budget=budget)
    label = text(lang, "review.decision", n=d.index + 1, total=len(found))
    said = move_label(d.move, lang)
    out: dict[str, Any] = {
        "index": d.index,
        "label": label,
        "mark": mark_view(j.mark, lang),
        "prompt": text(
            lang,
            "review.learn.prompt",
            move=said,
            mark=strings(lang)[f"review.mark.{j.mark}.a"],
            loss=points(j.loss, lang),
        ),
        "choices": [{"move": str(m), "label": move_label(m, lang)} for m in d.moves],
        "outcome": None,
        "text": "",
    }
    tolerance = points(rv.MARKS[1][1], lang)
    if move is not None:
        tried = rv.retry(d, move, seed=j.seed, budget=j.budget)
        v = tried.valued
        key = "review.learn.best" if v.mark == "best" else "review.learn.good"
        if not tried.accepted:
            key = "review.learn.bad"
        out.update(
            tried=str(v.move),
            accepted=tried.accepted,
            tried_mark=mark_view(v.mark, lang),
            text=text(
                lang,
                key,
                move=move_label(v.move, lang),
                mark=strings(lang)[f"review.mark.{v.mark}.a"],
                loss=points(v.loss, lang),
                tolerance=tolerance,
                value=signed_decimal(v.value, lang),
                best=signed_decimal(j.better.value, lang),
            ),
            outcome="found" if tried.accepted else None,
        )
    elif action == "show":
        best_said = move_label(j.better.move, lang)
        out.update(
            best=str(j.better.move),
            outcome="shown",
            text=text(lang, "review.learn.shown", move=best_said, reason=_reason(j, lang)),
        )
    elif action == "skip":
        out.update(outcome="skipped", text=strings(lang)["review.learn.skipped"])
    if drawn:
        layout = d.observation.layout
        caption = _caption(d, label, lang)
        out.update(
            game=round_game(state.rules, state.players, lang),
            caption=caption,
            **drawings(layout, lang, caption),
            empty=strings(lang)["empty_table"] if not layout.tiles else "",
            known=_known(j, lang)["text"],
            better=_better(j, lang) if action == "show" else None,
        )
    return out


def review_view(
    record: object,
    seat: object,
    round: object,
    lang: str,
    *,
    seed: object = 0,
    budget: object = None,
    drawn: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """A whole round reviewed at once (the command line's ``review``): ``decisions``
    (:func:`decisions_view`), ``judged`` (one :func:`judge_view` each) and ``summary``
    (:func:`summary_view`), without the drawings unless ``drawn``. ``progress(done,
    total)`` is told after each decision."""
    check_lang(lang)
    seed = rv.review_seed(seed)
    budget = rv.check_budget(rv.BUDGET if budget is None else budget)
    state, k, count = rv.load_round(record, round)
    me = _seat(seat, state)
    found = rv.decisions(state, me)
    judged = []
    for d in found:
        judged.append(_judged(rv.judge_decision(d, seed=seed, budget=budget), k, lang, drawn=drawn))
        if progress is not None:
            progress(len(judged), len(found))
    return {
        "decisions": _decisions(state, me, k, count, found, lang, drawn=drawn),
        "judged": judged,
        "summary": summary_view([j["item"] for j in judged], lang),
    }


def review_text(found: dict[str, Any], lang: str) -> str:
    """A :func:`review_view` as plain text, a line a sentence or so, for the command
    line."""
    listed = found["decisions"]
    lines = [listed["title"], listed["game"], listed["intro"]]
    sep = strings(lang)["list.sep"]
    for d, j in zip(listed["decisions"], found["judged"], strict=True):
        lines += ["", d["caption"], "  " + j["verdict"]]
        if j["reason"]:
            lines.append("  " + j["reason"])
        values = sep.join(v["text"] for v in j["values"])
        lines.append("  " + text(lang, "review.values", values=values))
        lines += ["  " + j["known"]["text"], "  " + j["method_text"]]
    summary = found["summary"]
    if summary["key"]:
        lines += ["", summary["key_title"], *("  " + k["text"] for k in summary["key"])]
    if summary["count"]:
        lines += ["", summary["share_text"]]
    return "\n".join(lines) + "\n"
