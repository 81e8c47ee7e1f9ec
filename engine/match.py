"""A match: rounds until a side reaches the target.

The target is checked only after a round is fully scored; points over it are kept. Once
any side is at or past the target, the highest total wins; a tie for it ends the match
drawn. Who leads each round follows the rules (one seat clockwise, or the last winner).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.errors import DominoError
from engine.rules import Rules, check_seat
from engine.state import RoundResult, RoundState, deal, required_opening
from engine.tiles import Tile


@dataclass(frozen=True)
class MatchOutcome:
    """Whether the match is over, and who won."""

    over: bool
    winner: int | None
    drawn: bool


def match_outcome(rules: Rules, players: int, totals: Sequence[int]) -> MatchOutcome:
    """The match's state given the totals per side after a round."""
    target = rules.target(players)
    if max(totals) < target:
        return MatchOutcome(False, None, False)
    top = max(totals)
    if list(totals).count(top) > 1:
        return MatchOutcome(True, None, True)
    return MatchOutcome(True, list(totals).index(top), False)


class Match:
    """Scores, the next leader, and the rounds played so far."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        first_leader: int | None = None,
        *,
        rng: random.Random | int | None = None,
    ) -> None:
        """A new match. Without ``first_leader`` the first leader is drawn by lot
        (``rng``); in ``block-dk`` the first round's leader comes from the deal."""
        rules.check_players(players)
        self.rules = rules
        self.players = players
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        if first_leader is not None:
            check_seat(first_leader, players)
        if first_leader is None and rules.first_lead == "lot":
            first_leader = self.rng.randrange(players)
        self.first_leader = first_leader
        self.totals = [0] * rules.sides(players)
        self.history: list[list[int]] = []
        self.results: list[RoundResult] = []
        self.leaders: list[int] = []
        self._next_leader = first_leader

    @property
    def target(self) -> int:
        return self.rules.target(self.players)

    @property
    def outcome(self) -> MatchOutcome:
        if not self.results:
            return MatchOutcome(False, None, False)
        return match_outcome(self.rules, self.players, self.totals)

    @property
    def is_over(self) -> bool:
        return self.outcome.over

    @property
    def first_round(self) -> bool:
        return not self.results

    def expected_leader(self, hands: Sequence[Iterable[Tile]]) -> int:
        """Who must lead the next round, given its deal."""
        if self.first_round:
            required = required_opening(self.rules, hands)
            if required is not None:
                if self.first_leader is not None and self.first_leader != required[0]:
                    raise DominoError("wrong_leader", seat=self.first_leader, expected=required[0])
                return required[0]
        assert self._next_leader is not None
        return self._next_leader

    def start_round(
        self,
        hands: Sequence[Iterable[Tile]] | None = None,
        boneyard: Iterable[Tile] = (),
        leader: int | None = None,
    ) -> RoundState:
        """The next round: dealt from ``rng`` unless ``hands`` (and ``boneyard``) are given.

        A ``leader`` other than the one the rules call for is an error.
        """
        if self.is_over:
            raise DominoError("match_over", rounds=len(self.results))
        if hands is None:
            dealt, stock = deal(self.rules, self.players, self.rng)
            hands, boneyard = dealt, (stock if self.rules.draw else ())
        hand_lists = [list(h) for h in hands]
        expected = self.expected_leader(hand_lists)
        if leader is not None and leader != expected:
            raise DominoError("wrong_leader", seat=leader, expected=expected)
        return RoundState(
            self.rules,
            self.players,
            expected,
            hand_lists,
            boneyard,
            first_round=self.first_round,
        )

    def record(self, state: RoundState) -> RoundResult:
        """Adds a finished round to the scores."""
        result = state.result()
        for side, p in enumerate(result.points):
            self.totals[side] += p
        self.history.append(list(self.totals))
        self.results.append(result)
        self.leaders.append(state.leader)
        self._next_leader = result.next_leader
        return result
