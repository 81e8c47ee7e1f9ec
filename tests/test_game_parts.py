"""Every game in the presets table has all of its parts (dev/guides/add-a-game.md): its
policy in the table of games, its name and options in five languages, perft cases
checked by the independent oracle, puzzle setups, a page in every language that shows
it, and a place in the browser's standard-library probe. A game added to
``engine.core.rules`` without one of them fails here.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from engine_helpers import ROOT
from test_perft import oracle_rules

from engine.core import policy
from engine.core.rules import PRESETS, option_choices
from engine.features import puzzles
from engine.lang import LANGUAGES, TABLES
from hooks.app_forms import MissingWords, value_words

sys.path.insert(0, str(ROOT / "scripts"))
import stdlib_probe

PERFT = json.loads((ROOT / "tests" / "data" / "perft.json").read_text(encoding="utf-8"))
GUIDE = (ROOT / "dev" / "guides" / "add-a-game.md").read_text(encoding="utf-8")


def page_language(page: Path) -> str:
    """The language of a page: ``block.fr.md`` is French, ``block.md`` English."""
    parts = page.name.split(".")
    return parts[1] if len(parts) == 3 else "en"


@pytest.mark.parametrize("preset", PRESETS)
def test_a_game_has_its_policy(preset: str) -> None:
    game = policy.GAMES.get(preset)
    assert isinstance(game, policy.GamePolicy), (
        f"no policy for {preset} in engine.core.policy.GAMES"
    )
    parts = {
        "deal": policy.DealPolicy,
        "layout": policy.LayoutPolicy,
        "play": policy.PlayPolicy,
        "end": policy.EndPolicy,
        "lead": policy.LeadPolicy,
        "match": policy.MatchPolicy,
    }
    for name, kind in parts.items():
        assert isinstance(getattr(game, name), kind), (preset, name)
    for players in (2, 3, 4):  # every player count is dealt and has a target
        assert 0 <= game.deal.stock_size(players) < 28
        assert game.match.target(players) > 0


def test_the_table_of_games_is_the_presets() -> None:
    assert set(policy.GAMES) == set(PRESETS)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_game_has_its_words_in_every_language(preset: str) -> None:
    missing = []
    for lang in LANGUAGES:
        table = TABLES[lang]
        if f"game.{preset}" not in table:
            missing.append(f"{lang}: game.{preset}")
        for option, values in option_choices(preset).items():
            if f"option.{option}" not in table:
                missing.append(f"{lang}: option.{option}")
            for value in values:
                try:
                    value_words(lang, option, value)  # as the forms look a value's words up
                except MissingWords as e:
                    missing.append(str(e))
    assert missing == []


@pytest.mark.parametrize("preset", PRESETS)
def test_a_game_has_perft_cases_for_every_player_count(preset: str) -> None:
    counts = {case["players"] for case in PERFT if case["preset"] == preset}
    assert counts == {2, 3, 4}, counts
    for players in (2, 3, 4):
        oracle_rules(preset, {}, players)  # the oracle knows the game (else it raises)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_game_has_puzzles(preset: str) -> None:
    setups = [s for s in puzzles.SETUPS if s.preset == preset]
    assert setups, f"no puzzle setup for {preset} in engine.features.puzzles.SETUPS"


@pytest.mark.parametrize("preset", PRESETS)
def test_a_game_is_on_a_page_in_every_language(preset: str) -> None:
    # A rules table naming it (preset: draw all-fives), or a figure or example of it.
    name = re.escape(preset)
    fence = re.compile(rf'^preset: (?:[\w-]+ )*{name}(?: [\w-]+)*$|"preset": "{name}"', re.M)
    for lang in LANGUAGES:
        pages = [p for p in (ROOT / "docs").glob("*.md") if page_language(p) == lang]
        assert pages, lang
        assert any(fence.search(p.read_text(encoding="utf-8")) for p in pages), (preset, lang)


def test_the_browser_probe_plays_every_game() -> None:
    # The probe decides which standard modules the browser gets: it must run every game.
    assert tuple(stdlib_probe.PRESETS) == PRESETS


def test_the_guide_names_every_part_checked_here() -> None:
    parts = (
        "engine/core/rules.py",
        "engine/core/policy.py",
        "engine/lang/",
        "tests/test_perft.py",
        "perft.json",
        "engine/features/puzzles.py",
        "scripts/stdlib_probe.py",
        "docs/NAME.md",
    )
    for part in parts:
        assert part in GUIDE, part


def test_the_checks_fail_for_a_game_without_its_parts() -> None:
    fake = "five-up"  # a made-up game: none of the parts above exists for it
    assert fake not in policy.GAMES
    assert f"game.{fake}" not in TABLES["en"]
    assert not [c for c in PERFT if c["preset"] == fake]
    assert not [s for s in puzzles.SETUPS if s.preset == fake]
    with pytest.raises(KeyError):
        oracle_rules(fake, {}, 2)
