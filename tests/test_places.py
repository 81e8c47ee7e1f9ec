"""Each open end named by where it lies on a drawing (engine/presentation/places.py)."""

from __future__ import annotations

import math
import random

import pytest

from engine.core.layout import Layout
from engine.core.rules import PRESETS, Rules
from engine.core.state import RoundState
from engine.core.words import strings
from engine.lang import LANGUAGES
from engine.presentation.description import place_label
from engine.presentation.places import PLACES, end_places
from engine.presentation.svg import arrange

FITS = ("wide", "narrow")


def named(plays: list[str], fit: str, spinner: bool = False) -> dict[str, str]:
    return {e.value: p for e, p in end_places(Layout.from_plays(plays, spinner), fit).items()}


@pytest.mark.parametrize("fit", FITS)
def test_a_short_line_has_a_left_and_a_right_end(fit):
    assert named(["3-4", "4-5@right", "1-3@left"], fit) == {"left": "left", "right": "right"}
    assert end_places(Layout.empty(), fit) == {}


def test_an_arm_that_turned_back_is_named_where_it_ends():
    """The issue's case: the end the rules call ``left`` lies at the top once its arm has
    turned, here at the top right after running back over the line."""
    wide = ["1-6", "1-5@left", "2-5@left", "2-4@left", "4-4@left", "3-4@left", "1-3@left"]
    wide += ["0-1@left", "0-4@left", "4-5@left", "3-5@left", "3-3@left"]
    assert named(wide, "wide") == {"left": "top_right", "right": "bottom_right"}
    narrow = ["3-4", "2-4@right", "2-3@left", "0-2@left", "0-0@left", "0-3@left", "3-6@left"]
    narrow += ["0-6@left", "2-2@right", "0-5@left", "5-6@left"]
    assert named(narrow, "narrow") == {"left": "top_right", "right": "bottom_right"}


def test_the_ends_of_a_cross_are_named_around_the_spinner():
    plays = ["0-1", "0-0@left", "0-6@left", "1-4@right", "0-4@right", "1-6@left", "1-3@left"]
    plays += ["3-3@left", "2-3@left", "2-4@left", "4-5@left", "5-5@left"]
    assert named(plays, "wide", spinner=True) == {
        "left": "top_left",
        "right": "right",
        "up": "top",
        "down": "bottom",
    }


def _costs(arrangement, spinner):
    """Each end's distance from each place, as the module's contract defines it: in a
    cross the turn from its direction (seen from the spinner) to the place's; in a line
    how far it lies outside the place's third of the drawing, in thirds."""
    out = {}
    if spinner is not None:
        t = next(t for t in arrangement.tiles if t.index == spinner)
        cx, cy = t.x + t.width / 2, t.y + t.height / 2
        for m in arrangement.markers:
            angle = math.degrees(math.atan2(m.y - cy, m.x - cx))
            row = {}
            for k, place in enumerate(PLACES):
                if place == "middle":
                    continue
                want = math.degrees(math.atan2(k // 3 - 1, k % 3 - 1))
                turn = abs(angle - want) % 360
                row[place] = min(turn, 360 - turn)
            out[m.end] = row
    else:
        x0, y0, w, h = arrangement.bounds()
        for m in arrangement.markers:
            fx, fy = 3 * (m.x - x0) / w, 3 * (m.y - y0) / h
            row = {}
            for k, place in enumerate(PLACES):
                c, r = k % 3, k // 3
                row[place] = math.hypot(max(c - fx, 0, fx - c - 1), max(r - fy, 0, fy - r - 1))
            out[m.end] = row
    return out


def test_every_drawing_of_every_game_names_its_ends_apart_and_where_they_lie():
    """Over random rounds of every game and table size, on both drawings: no two open
    ends share a place; an end whose nearest place no other end wants is named by it;
    and no other deal (two ends swapping, or one moving to a free place) puts the ends
    nearer their places."""
    rng = random.Random(11)
    checked = shared = 0
    for preset in PRESETS:
        rules = Rules.make(preset)
        for players in (2, 3, 4):
            for _ in range(6):
                state = RoundState.new(rules, players, rng=rng)
                while not state.is_terminal:
                    state.apply(rng.choice(state.legal_moves()))
                    layout = state.layout
                    for fit in FITS:
                        places = end_places(layout, fit)
                        assert set(places) == {e.end for e in layout.ends}
                        assert len(set(places.values())) == len(places)
                        costs = _costs(arrange(layout, fit), layout.spinner)
                        nearest = {e: min(row, key=row.__getitem__) for e, row in costs.items()}
                        total = sum(costs[e][p] for e, p in places.items())
                        for e, p in places.items():
                            if list(nearest.values()).count(nearest[e]) == 1:
                                assert costs[e][p] == pytest.approx(costs[e][nearest[e]])
                            for other, q in places.items():
                                swapped = total - costs[e][p] - costs[other][q]
                                swapped += costs[e][q] + costs[other][p]
                                assert swapped >= total - 1e-9
                            for q in set(costs[e]) - set(places.values()):
                                assert total - costs[e][p] + costs[e][q] >= total - 1e-9
                        shared += len(set(nearest.values())) < len(nearest)
                        checked += 1
    assert checked > 1000
    assert shared > 0  # the deal is tried where two ends want one place


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_place_has_its_words(lang):
    s = strings(lang)
    for place in PLACES:
        assert s[f"place.{place}"] and "{value}" in s[f"practice.ends_line.{place}"]
        assert s[f"place.{place}"] in place_label(place, 4, lang)
    labels = {place_label(place, 4, lang) for place in PLACES}
    assert len(labels) == len(PLACES)
    assert len({s[f"practice.ends_line.{p}"] for p in PLACES}) == len(PLACES)
