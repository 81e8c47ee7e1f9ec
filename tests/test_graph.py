"""The graph of a reviewed round (engine/presentation/graph.py) and its place in the
review's summary (engine/presentation/views/review.py): the turning point, the scale,
one tappable point per decision marked by shape, and the table of the same figures."""

from __future__ import annotations

import itertools
import json
import math
import xml.etree.ElementTree as ET

import pytest

from engine.core.words import strings, text
from engine.features import review as rv
from engine.lang import LANGUAGES
from engine.presentation import graph
from engine.presentation.views.review import graph_view, points, signed_decimal, summary_view
from engine.presentation.web import call

SVG = "{http://www.w3.org/2000/svg}"


def pts(*values: float, losses: tuple[float, ...] = ()) -> list[graph.GraphPoint]:
    losses = losses or (0.0,) * len(values)
    return [
        graph.GraphPoint(k, v, loss, rv.mark_of(loss))
        for k, (v, loss) in enumerate(zip(values, losses, strict=True))
    ]


def test_the_turning_point_is_the_last_change_of_sign_else_the_costliest_error():
    assert graph.turning_point(pts(2, -1, 3, 4)) == (2, "won")
    assert graph.turning_point(pts(-2, 3, -1, -5)) == (2, "lost")
    assert graph.turning_point(pts(3, 5)) == (0, "won")  # from 0 before the first
    costly = pts(5, 4, 6, losses=(0, 12, 7))
    assert [p.mark for p in costly] == ["best", "blunder", "mistake"]
    assert graph.turning_point(costly) == (0, "won")  # above 0 from the first on
    # Ahead all along from a margin above 0: the costliest error is the one told.
    flat = [graph.GraphPoint(k, v, loss, rv.mark_of(loss)) for k, (v, loss) in
            enumerate([(0.0, 0.0), (0.0, 12.0), (0.0, 7.0)])]  # fmt: skip
    assert graph.turning_point(flat) == (1, "costly")
    assert graph.turning_point(pts(0, 0, 0)) is None
    assert graph.turning_point([]) is None


@pytest.mark.parametrize("values", [(3.5, -12.2, 40), (0.2, 0.4), (-55, -80, -3), (0,)])
def test_the_scale_covers_every_point_and_zero_in_round_steps(values):
    scale = graph.ticks(pts(*values))
    assert scale[0] <= min(*values, 0) and scale[-1] >= max(*values, 0)
    steps = {round(b - a, 9) for a, b in itertools.pairwise(scale)}
    assert len(steps) == 1
    step = steps.pop()
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 9) in (1, 2, 5)
    assert 0 in scale and 2 <= len(scale) <= 7


def test_one_tappable_point_per_decision_marked_by_shape_and_the_turn_ringed():
    drawn = pts(1.5, -3, -8, 2, losses=(0, 3, 12, 0))
    scale = graph.ticks(drawn)
    svg = graph.graph_svg(drawn, [str(v) for v in scale])
    root = ET.fromstring(svg)
    assert root.get("aria-hidden") == "true"
    groups = root.findall(f"{SVG}g")
    assert [g.get("data-index") for g in groups] == ["0", "1", "2", "3"]
    assert [g.get("data-mark") for g in groups] == ["best", "inaccuracy", "blunder", "best"]
    shapes = [g[-1].tag.removeprefix(SVG) for g in groups]
    assert shapes == ["circle", "rect", "polygon", "circle"]
    for g in groups:  # a fingertip's target under each point
        target = g[0]
        assert float(target.get("width")) >= graph.TARGET
    turned = [g.get("data-index") for g in groups if g.find(f"{SVG}circle[@class]") is not None]
    assert turned == ["3"]  # the last change of sign: above 0 after decision 4
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert labels == [str(v) for v in scale] + ["1", "2", "3", "4"]  # the scale, the numbers
    assert all(float(t.get("font-size")) >= 10 for t in root.iter(f"{SVG}text"))
    with pytest.raises(ValueError):
        graph.graph_svg(drawn, ["0"])


def item(index: int, value: float, loss: float, move: str = "1-4@left") -> dict:
    return {"round": 0, "index": index, "move": move, "best": "0-0", "value": value, "loss": loss}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_summary_gives_the_graph_and_its_table(lang):
    items = [item(0, 2.0, 0.0), item(1, -4.5, 6.5, "2-4@right"), item(2, -9.0, 1.0)]
    found = summary_view(items, lang)["graph"]
    s = strings(lang)
    assert found["title"] == s["review.graph.title"]
    assert len(found["columns"]) == 5
    assert [r["index"] for r in found["rows"]] == [0, 1, 2]
    row = found["rows"][1]
    assert row["value"] == signed_decimal(-4.5, lang)
    assert row["loss"] == points(6.5, lang)
    assert row["mark"]["id"] == "mistake" and row["turn"]
    assert found["turn_text"] == text(
        lang, "review.graph.turn.lost", n=2, move=row["move"], loss=row["loss"]
    )
    assert found["svg"].count('class="review-graph__point"') == 3


def test_no_graph_for_several_rounds_or_items_kept_without_values():
    assert summary_view([item(0, 1, 0), {**item(1, 1, 0), "round": 1}], "en")["graph"] is None
    old = [{k: v for k, v in item(0, 1, 0).items() if k != "value"}]
    assert summary_view(old, "en")["graph"] is None
    assert graph_view([], "en") is None


@pytest.mark.parametrize("value", [float("nan"), True, "3", 1e9])
def test_a_value_out_of_bounds_is_refused(value):
    request = {"method": "review_summary", "args": {"items": [item(0, 0, 0)]}, "lang": "da"}
    request["args"]["items"][0]["value"] = value
    reply = json.loads(call(json.dumps(request)))
    assert not reply["ok"] and reply["code"] == "bad_request"
