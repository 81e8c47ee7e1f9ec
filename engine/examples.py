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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import DominoError
from engine.layout import Layout, parse_play
from engine.match import match_outcome
from engine.rules import Rules
from engine.scoring import RoundEnd, next_leader, score_round_end
from engine.tiles import Tile

Spec = dict[str, Any]


def _rules(spec: Spec) -> Rules:
    return Rules.from_record(spec.get("preset", "block"), spec.get("options", {}))


def _tile_value(spec: Spec) -> Spec:
    return {"value": Tile.parse(spec["tile"]).pips}


def _layout(spec: Spec) -> Spec:
    rules = _rules(spec)
    layout = Layout.empty(rules.spinner)
    for play in spec["plays"]:
        tile, end = parse_play(play)
        layout = layout.place(tile, end)
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
    if len(pips) != spec.get("players", len(pips)):
        raise DominoError("bad_record", detail="pips must list every seat")
    went_out = spec.get("went_out")
    end = score_round_end(rules, pips, went_out, last_double=bool(spec.get("last_double")))
    return {"winner": end.winner, "points": end.points}


def _rounding(spec: Spec) -> Spec:
    rules = _rules(spec)
    if not rules.rounding:
        raise DominoError("bad_record", detail="these rules do not round")
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
    return {"next": next_leader(rules, players, spec["leader"], end)}


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
    """Every result field of ``spec``'s kind, computed by the engine from its inputs."""
    kind = spec.get("kind")
    if kind not in KINDS:
        raise DominoError("bad_record", detail=f"unknown example kind {kind!r}")
    try:
        return KINDS[kind](spec)
    except KeyError as e:
        raise DominoError("bad_record", detail=f"the field {e.args[0]!r} is missing") from None


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
