"""The players' strength on fixed seeds: each figure beside its threshold.

Measures rather than asserts one move: how the levels score against each other, and
how much the Expert's model of how players choose tells of the hands the others hold.
Everything is seeded and nothing is timed, so a figure is the same on every machine; at
the default sizes these are the thresholds the strength tier checks
(tests/test_strength.py, marked ``strength``, run by the full ``scripts/test.sh``).

    .venv/bin/python scripts/bench_strength.py              every check, default sizes
    .venv/bin/python scripts/bench_strength.py --only club-vs-beginner --deals 400

Checks:

- ``club-vs-beginner``, ``expert-vs-beginner``: 2-player Block, ``--deals`` seeded deals
  (40), each played twice with the seats swapped; the first level's points over the
  Beginner's must exceed 1.5 (the Expert with a small budget, 1,500 playouts' work, and
  no clock).
- ``model-block``, ``model-draw``, ``model-all-fives``: ``--rounds`` seeded rounds (12)
  between two Experts that do not use the model; at each decision where the model weighs
  deals, the log-weight of the hands really held less the mean over 40 deals sampled
  alike: the mean gain must exceed 0.1, the share of decisions with a gain above 0.6,
  and more than 40 decisions must be weighed.

Exits 1 when a figure misses its threshold.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchlog, when imported as scripts.*

import benchlog

from engine.core.kernel import to_mask
from engine.core.rules import Rules
from engine.core.state import RoundState
from engine.players import Beginner, Club, Expert, Player, Sampler, knowledge, play_round
from engine.players.beliefs import choice_weigher, model_for

DEALS = 40
"""Seeded deals per duel (each played twice, the seats swapped)."""
ROUNDS = 12
"""Seeded rounds per game for the model's check."""
SAMPLED = 40
"""Deals sampled alike at each decision, against the real one."""


@dataclass(frozen=True)
class Figure:
    """A measured ``value`` and the ``threshold`` it must exceed."""

    name: str
    value: float
    threshold: float

    @property
    def ok(self) -> bool:
        return self.value > self.threshold

    def line(self) -> str:
        verdict = "ok" if self.ok else "MISSED"
        return f"  {self.name:<40} {self.value:>9.3f}   > {self.threshold:<7g} {verdict}"


def small_expert(seed: int) -> Expert:
    """An Expert with a small budget and no clock: fast and fully deterministic."""
    return Expert(seed=seed, work=1500, time_limit=None)


def duel(
    rules: Rules, a: Callable[[int], Player], b: Callable[[int], Player], deals: int
) -> tuple[int, int]:
    """The points of ``a`` and ``b`` over ``deals`` seeded 2-player deals, each played
    twice with the seats swapped (fresh players of seed ``k`` for deal ``k``)."""
    totals = [0, 0]
    for k in range(deals):
        for hero in (0, 1):
            seats = [a(k), b(k)] if hero == 0 else [b(k), a(k)]
            seed = 1000 + k
            state = RoundState.new(rules, 2, rng=random.Random(seed), first_round=seed % 2 == 0)
            result = play_round(state, seats)
            totals[0] += result.points[hero]
            totals[1] += result.points[1 - hero]
    return totals[0], totals[1]


def outscores_beginner(name: str, level: Callable[[int], Player], deals: int) -> list[Figure]:
    """``level``'s points over the Beginner's in 2-player Block."""
    ours, beginner = duel(Rules.make("block"), level, lambda k: Beginner(seed=k), deals)
    return [Figure(f"{name} / Beginner points ({ours}/{beginner})", ours / beginner, 1.5)]


def model_is_informative(preset: str, rounds: int) -> list[Figure]:
    """Against the Expert without the model, the model is informative: the hands the
    others really hold weigh more, on average, than deals sampled without it."""
    rules = Rules.make(preset)
    model = model_for(rules, 2)
    assert model is not None, f"{preset} has no model of choices"
    players = [Expert(seed=s, work=1500, time_limit=None, choice_belief=0.0) for s in (1, 2)]
    gains = []
    for seed in range(rounds):
        rng = random.Random(seed)
        state = RoundState.new(rules, 2, rng=rng)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            obs = state.observation(seat)
            know = knowledge(obs)
            weigh = choice_weigher(know, model, 1.0)
            if weigh is not None:
                real = math.log(weigh([to_mask(h) for h in state.hands]))
                sampler = Sampler(know)
                sampled = [math.log(weigh(sampler.deal(rng)[0])) for _ in range(SAMPLED)]
                gains.append(real - sum(sampled) / len(sampled))
            state.apply(players[seat](obs))
    count = len(gains)
    return [
        Figure("decisions weighed", count, 40),
        Figure("mean log-weight gain of the real deal", sum(gains) / max(count, 1), 0.1),
        Figure("share of decisions it gains", sum(g > 0 for g in gains) / max(count, 1), 0.6),
    ]


def checks(deals: int = DEALS, rounds: int = ROUNDS) -> dict[str, Callable[[], list[Figure]]]:
    """Every check by name, at the sizes given (the defaults: the strength tier's)."""
    found: dict[str, Callable[[], list[Figure]]] = {
        "club-vs-beginner": lambda: outscores_beginner("Club", lambda k: Club(), deals),
        "expert-vs-beginner": lambda: outscores_beginner("Expert", small_expert, deals),
    }
    for preset in ("block", "draw", "all-fives"):
        found[f"model-{preset}"] = lambda p=preset: model_is_informative(p, rounds)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="a check's name (repeatable)")
    parser.add_argument("--deals", type=int, default=DEALS, help="deals per duel (40)")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="rounds per model (12)")
    benchlog.add_flag(parser)
    args = parser.parse_args(argv)
    found = checks(args.deals, args.rounds)
    names = args.only or list(found)
    unknown = [n for n in names if n not in found]
    if unknown:
        parser.error(f"unknown check {unknown}: the checks are {', '.join(found)}")
    missed = 0
    rows = []
    for name in names:
        start = time.perf_counter()
        figures = found[name]()
        print(f"{name} ({time.perf_counter() - start:.1f} s)")
        for figure in figures:
            print(figure.line())
            missed += not figure.ok
            rows.append({"check": figure.name, "value": figure.value})
    benchlog.log("bench_strength.py", rows, labels=("check",), args=args)
    print("every figure meets its threshold" if not missed else f"{missed} figures missed")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
