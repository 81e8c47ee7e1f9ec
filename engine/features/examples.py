"""Worked examples: documented inputs and results, recomputed by the engine.

A worked example is a JSON object with an ``id`` (from RULES.md's table), a ``kind``,
its inputs and the documented result fields. :func:`evaluate` computes every result
field of the kind from the inputs through the public API; :func:`check` lists where the
documented result differs. Kinds (inputs → results):

- ``tile-value``: tile → value
- ``layout``: preset, plays → open, end_counts, count, score
- ``round-end``: preset, options, players, pips, went_out, last_double → winner, points
- ``rounding``: preset, options, raw → rounded
- ``deal``: preset, options, players → hand, stock, target
- ``match-end``: preset, options, players, totals → over, winner, drawn
- ``next-leader``: preset, options, players, leader, winner, blocked, pips → next

:func:`validate` checks a spec's fields and their types first (a list of pips that is
a number, totals that miss a side, a raw score written as text, a field of another kind
are all errors), so a malformed example is a :class:`DominoError` naming it, never a
crash. :func:`steps` gives the arithmetic an example's prose may show, step by step
(:class:`engine.core.scoring.ScoreStep`): for a round's end, every step of
:func:`engine.core.scoring.breakdown`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.boundary import is_whole
from engine.core.errors import DominoError, Term
from engine.core.layout import Layout
from engine.core.match import match_outcome
from engine.core.rules import Rules
from engine.core.scoring import RoundEnd, ScoreStep, breakdown, score_round_end
from engine.core.tiles import Tile
from engine.lang import reader_seat

Spec = dict[str, Any]


def _ints(v: Any) -> bool:
    return isinstance(v, list) and all(is_whole(n) and n >= 0 for n in v)


def _seat(v: Any) -> bool:
    return v is None or (is_whole(v) and v >= 0)


_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    # field: (check, the shape it must have: a word error.shape.<shape>)
    "id": (lambda v: isinstance(v, str) and bool(v), "name"),
    "kind": (lambda v: isinstance(v, str), "kind"),
    "preset": (lambda v: isinstance(v, str), "preset"),
    "options": (lambda v: isinstance(v, dict), "object"),
    "tile": (lambda v: isinstance(v, str), "tile"),
    "plays": (
        lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
        "plays",
    ),
    "players": (is_whole, "int"),
    "pips": (_ints, "ints"),
    "totals": (_ints, "ints"),
    "went_out": (_seat, "seat_or_null"),
    "last_double": (lambda v: isinstance(v, bool), "bool"),
    "raw": (lambda v: is_whole(v) and v >= 0, "int"),
    "leader": (lambda v: is_whole(v) and v >= 0, "seat"),
    "blocked": (lambda v: isinstance(v, bool), "bool"),
    "value": (is_whole, "int"),
    "open": (_ints, "ints"),
    "end_counts": (_ints, "ints"),
    "count": (is_whole, "int"),
    "score": (is_whole, "int"),
    "winner": (_seat, "seat_or_null"),
    "points": (is_whole, "int"),
    "rounded": (is_whole, "int"),
    "hand": (is_whole, "int"),
    "stock": (is_whole, "int"),
    "target": (is_whole, "int"),
    "over": (lambda v: isinstance(v, bool), "bool"),
    "drawn": (lambda v: isinstance(v, bool), "bool"),
    "next": (is_whole, "seat"),
}

_COMMON = ("id", "kind", "preset", "options")
FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    # kind: (required inputs, optional inputs, result fields)
    "tile-value": (("tile",), (), ("value",)),
    "layout": (("plays",), (), ("open", "end_counts", "count", "score")),
    "round-end": (("pips",), ("players", "went_out", "last_double"), ("winner", "points")),
    "rounding": (("raw",), (), ("rounded",)),
    "deal": (("players",), (), ("hand", "stock", "target")),
    "match-end": (("players", "totals"), (), ("over", "winner", "drawn")),
    "next-leader": (("players", "leader"), ("winner", "blocked", "pips"), ("next",)),
}
"""The fields of each kind: required inputs, optional inputs, documented results."""


def _bad(spec: Spec, code: str, **params: Any) -> DominoError:
    return DominoError(f"example_{code}", kind=spec.get("kind"), **params)


def validate(spec: object) -> Spec:
    """``spec`` itself, once its fields are known and of the right type for its kind;
    otherwise a :class:`DominoError` that says which field is wrong and how."""
    if not isinstance(spec, dict):
        raise DominoError("example_not_object")
    kind = spec.get("kind")
    if kind not in FIELDS:
        raise DominoError("example_unknown_kind", kind=kind, kinds=", ".join(FIELDS))
    required, optional, results = FIELDS[kind]
    for name in ("id", *required):
        if name not in spec:
            raise _bad(spec, "missing_field", field=name)
    known = (*_COMMON, *required, *optional, *results)
    for name, value in spec.items():
        if name not in known:
            raise _bad(spec, "unknown_field", field=name)
        check, shape = _TYPES[name]
        if not check(value):
            raise _bad(spec, "field", field=name, shape=Term(f"error.shape.{shape}"), value=value)
    if kind == "round-end" and spec.get("players", len(spec["pips"])) != len(spec["pips"]):
        raise _bad(spec, "pips_seats")
    if kind == "match-end":
        sides = _rules(spec).sides(spec["players"])
        if len(spec["totals"]) != sides:
            raise _bad(spec, "totals_sides", sides=sides, count=len(spec["totals"]))
    pips = spec.get("pips")
    if kind == "next-leader" and pips is not None and len(pips) != spec["players"]:
        raise _bad(spec, "pips_seats")
    return spec


def _rules(spec: Spec) -> Rules:
    return Rules.from_record(spec.get("preset", "block"), spec.get("options", {}))


def _tile_value(spec: Spec) -> Spec:
    return {"value": Tile.parse(spec["tile"]).pips}


def _build_layout(spec: Spec) -> Layout:
    return _rules(spec).policy.layout.from_plays(spec["plays"])


def _layout(spec: Spec) -> Spec:
    layout = _build_layout(spec)
    return {
        "open": layout.open_values(),
        "end_counts": [layout.end_count(e) for e in layout.ends],
        "count": layout.count(),
        "score": layout.fives_score(),
    }


def _round_end(spec: Spec) -> Spec:
    rules = _rules(spec)
    pips = list(spec["pips"])
    rules.check_players(spec.get("players", len(pips)))
    went_out = spec.get("went_out")
    end = score_round_end(rules, pips, went_out, last_double=bool(spec.get("last_double")))
    return {"winner": end.winner, "points": end.points}


def _rounding(spec: Spec) -> Spec:
    rules = _rules(spec)
    if not rules.policy.end.rounding:
        raise DominoError("example_no_rounding")
    return {"rounded": rules.round_score(spec["raw"])}


def _deal(spec: Spec) -> Spec:
    rules = _rules(spec)
    players = spec["players"]
    return {
        "hand": rules.hand_size(players),
        "stock": rules.stock_size(players),
        "target": rules.target(players),
    }


def _match_end(spec: Spec) -> Spec:
    rules = _rules(spec)
    out = match_outcome(rules, spec["players"], spec["totals"])
    return {"over": out.over, "winner": out.winner, "drawn": out.drawn}


def _next_leader(spec: Spec) -> Spec:
    rules = _rules(spec)
    players = spec["players"]
    winner = spec.get("winner")
    pips = spec.get("pips")
    if pips is not None:
        went_out = None if spec.get("blocked") else winner
        end = score_round_end(rules, pips, went_out, leader=spec["leader"])
    else:
        side = None if winner is None else rules.side_of(winner)
        end = RoundEnd(side, winner, 0, bool(spec.get("blocked")))
    return {"next": rules.policy.lead.next_leader(players, spec["leader"], end.seat)}


KINDS: dict[str, Callable[[Spec], Spec]] = {
    "tile-value": _tile_value,
    "layout": _layout,
    "round-end": _round_end,
    "rounding": _rounding,
    "deal": _deal,
    "match-end": _match_end,
    "next-leader": _next_leader,
}
"""Every kind of worked example and how the engine computes its results."""


def evaluate(spec: Spec) -> Spec:
    """Every result field of ``spec``'s kind, computed by the engine from its inputs
    (a malformed spec is a :class:`DominoError`, see :func:`validate`)."""
    validate(spec)
    return KINDS[spec["kind"]](spec)


def example_steps(spec: Spec) -> tuple[ScoreStep, ...]:
    """The arithmetic an example's prose may show, as the engine does it:

    - ``round-end``: every step of :func:`engine.core.scoring.breakdown` (team sums, the raw
      sum, rounding, doubling); its prose must show all of them;
    - ``tile-value``: the two halves added (``6 + 6 = 12``);
    - ``rounding``: the rounding, when it changes the score (``12 → 10``);
    - ``layout`` (All Fives): the open ends' counts added to the count, left, right,
      up, down, an empty arm left out (``3 + 2 = 5``), and each double at an end, its
      two halves added (``5 + 5 = 10``).
    """
    validate(spec)
    kind = spec["kind"]
    if kind == "round-end":
        score = breakdown(
            _rules(spec),
            spec["pips"],
            spec.get("went_out"),
            last_double=bool(spec.get("last_double")),
        )
        return score.steps()
    if kind == "tile-value":
        tile = Tile.parse(spec["tile"])
        halves = (ScoreStep("sum", (tile.low, tile.high), tile.pips),)
        return (
            halves
            if tile.is_double
            else (*halves, ScoreStep("sum", (tile.high, tile.low), tile.pips))
        )
    if kind == "rounding":
        rounded = _rounding(spec)["rounded"]
        return () if rounded == spec["raw"] else (ScoreStep("round", (spec["raw"],), rounded),)
    if kind == "layout" and _rules(spec).policy.play.scores:
        layout = _build_layout(spec)
        counts = [layout.end_count(e) for e in layout.ends]
        added = tuple(c for c in counts if c)
        found = [ScoreStep("sum", added, layout.count())] if len(added) > 1 else []
        for end, c in zip(layout.ends, counts, strict=True):
            if c and c == 2 * end.value:
                found.append(ScoreStep("sum", (end.value, end.value), c))
        return tuple(found)
    return ()


def check(spec: Spec) -> list[str]:
    """Where the documented results of ``spec`` differ from the engine's; empty if none.

    A spec that documents no result field at all is itself a mismatch.
    """
    try:
        computed = evaluate(spec)
    except DominoError as e:
        return [f"{spec.get('id')}: {e}"]
    documented = [k for k in computed if k in spec]
    if not documented:
        return [f"{spec.get('id')}: documents no result ({', '.join(computed)})"]
    return [
        f"{spec.get('id')}: {k} is documented as {spec[k]!r}, the engine gives {computed[k]!r}"
        for k in documented
        if spec[k] != computed[k]
    ]


SEAT_FIELDS: dict[str, tuple[str, ...]] = {"next-leader": ("leader", "winner", "next")}
"""The fields of each kind of example that name a seat (the others name sides or
numbers): the data counts seats from 0, as records do."""


def as_read(spec: dict[str, Any]) -> dict[str, Any]:
    """An example as its prose tells it: seats counted from 1, as readers count them."""
    fields = SEAT_FIELDS.get(str(spec.get("kind")), ())
    return {k: reader_seat(v) if k in fields and is_whole(v) else v for k, v in spec.items()}
