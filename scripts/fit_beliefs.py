"""Fit the model of how players choose (``engine.players.beliefs``) to the Expert's own
play, and print its weights.

Seeded 2-player rounds between Experts without the model (the level ``playouts`` of
``scripts/bench_players.py``). At the end of each round, every choice one seat saw the
other make (``Knowledge.decisions``) is a sample: the plays the chooser had with the
tiles it really held then, and the one it made. The weights are those of the logit model
that makes the choices made most likely (maximum likelihood, by Newton steps), with the
facts computed by the engine's own code. It prints the mean log-likelihood of a choice
against a uniform choice, and the weights as a ``ChoiceModel``.

    .venv/bin/python scripts/fit_beliefs.py --preset block --rounds 1000
    .venv/bin/python scripts/fit_beliefs.py --preset draw --rounds 400
    .venv/bin/python scripts/fit_beliefs.py --preset all-fives --rounds 400
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.kernel import BIT, to_mask
from engine.core.rules import Rules
from engine.core.state import RoundState
from engine.players import knowledge, play_round
from engine.players.beliefs import ChoiceModel, plays_onto
from scripts.bench_players import CLOCK, level_player

FIELDS = [f.name for f in dataclasses.fields(ChoiceModel)]
# Facts of an option that do not depend on the rest of the hand: read through the
# engine's own scoring, one fact at a time.
FIXED = [k for k in FIELDS if k not in ("follow", "keep")]


def unit(name: str) -> ChoiceModel:
    return ChoiceModel(**{k: float(k == name) for k in FIELDS})


Sample = tuple[list[list[float]], int]


def samples(rules: Rules, rounds: int, seed: int) -> list[Sample]:
    """Each choice of the rounds: its options' facts (in the order of ``FIELDS``) and
    which was made."""
    CLOCK["time_limit"] = None
    units = {k: unit(k) for k in FIXED}
    out: list[Sample] = []
    for k in range(rounds):
        round_seed = seed * 1_000_003 + k
        seats = [level_player("playouts", round_seed * 7 + s) for s in range(2)]
        state = RoundState.new(rules, 2, rng=round_seed)
        play_round(state, seats)
        hands = [to_mask(h) for h in state.hands]
        for seat in range(2):
            for d in knowledge(state.observation(seat)).decisions:
                held = hands[d.seat] | d.later | BIT[d.tile]
                per_fact = {name: plays_onto(d, m) for name, m in units.items()}
                options, chosen = per_fact[FIXED[0]]
                rows, made = [], -1
                for i, o in enumerate(options):
                    if not held & o.bit:
                        continue
                    if i == chosen:
                        made = len(rows)
                    rest = held ^ o.bit
                    facts = {name: per_fact[name][0][i].fixed for name in FIXED}
                    facts["follow"] = (rest & o.follow).bit_count()
                    facts["keep"] = (rest & o.keep).bit_count()
                    rows.append([float(facts[name]) for name in FIELDS])
                if len(rows) > 1:
                    out.append((rows, made))
    return out


def fit(data: list[Sample], steps: int = 40) -> tuple[list[float], float]:
    """The weights of the most likely logit model, and the mean log-likelihood."""
    n = len(FIELDS)
    w = [0.0] * n
    total = 0.0
    for _ in range(steps + 1):
        grad, curv, total = [0.0] * n, [0.0] * n, 0.0
        for rows, made in data:
            scores = [sum(wi * f for wi, f in zip(w, row, strict=True)) for row in rows]
            top = max(scores)
            e = [math.exp(s - top) for s in scores]
            z = sum(e)
            total += scores[made] - top - math.log(z)
            for j in range(n):
                m1 = sum(ei * row[j] for ei, row in zip(e, rows, strict=True)) / z
                m2 = sum(ei * row[j] ** 2 for ei, row in zip(e, rows, strict=True)) / z
                grad[j] += rows[made][j] - m1
                curv[j] += m2 - m1 * m1
        w = [wi + 0.7 * g / c if c > 1e-9 else wi for wi, g, c in zip(w, grad, curv, strict=True)]
    return w, total / len(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="block", help="block, block-dk, draw or all-fives")
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--seed", type=int, default=88)
    args = parser.parse_args(argv)
    rules = Rules.make(args.preset)
    data = samples(rules, args.rounds, args.seed)
    uniform = sum(-math.log(len(rows)) for rows, _ in data) / len(data)
    w, ll = fit(data)
    print(f"{len(data)} choices; log-likelihood per choice {ll:.4f} (uniform {uniform:.4f})")
    print("ChoiceModel(" + ", ".join(f"{k}={v:.3f}" for k, v in zip(FIELDS, w, strict=True)) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
