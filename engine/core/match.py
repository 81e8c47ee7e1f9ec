"""A match: rounds until a side reaches the target.

The target is checked only after a round is fully scored; points over it are kept. Once
any side is at or past the target, the highest total wins; a tie for it ends the match
drawn (the game's match policy, :class:`engine.core.policy.MatchPolicy`). Who leads each
round is its lead policy (:class:`engine.core.policy.LeadPolicy`).

:class:`Ledger` is the one account of running totals: a :class:`Match` keeps one (the
practice page's view reads it), and the scorepad builds one from a sheet's rounds
(:func:`engine.features.scorepad.ledger`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from engine.core.errors import DominoError, Seat
from engine.core.policy import MatchOutcome as MatchOutcome
from engine.core.rules import Rules, check_seat
from engine.core.state import RoundResult, RoundState, deal
from engine.core.tiles import Tile


def match_outcome(rules: Rules, players: int, totals: Sequence[int]) -> MatchOutcome:
    """The match's state given the totals per side after a round (the rule is the
    game's match policy, :meth:`engine.core.policy.MatchPolicy.outcome`)."""
    rules.check_players(players)
    return rules.policy.match.outcome(players, totals)


class Ledger:
    """Each side's running total, round after round: the one account of a match's
    points, which :class:`Match`, the scorepad's sheet and the practice page keep.

    A round adds what each side scored in it (:func:`engine.core.kernel.round_points`: play
    and end together); the match is over once a side has reached the target, and stays
    over (points are never taken away).
    """

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.totals: list[int] = [0] * rules.sides(players)
        """Each side's total so far."""
        self.history: list[list[int]] = []
        """The totals after each round."""
        self.over_after: int | None = None
        """The round (counted from 0) after which the match was over, once it is."""

    def after(self, points: Sequence[int]) -> list[int]:
        """The totals once ``points`` (per side) are added, the ledger left as it is: a
        round still in play shows its points so far added to the match's."""
        return [t + p for t, p in zip(self.totals, points, strict=True)]

    def add(self, points: Sequence[int]) -> None:
        """Adds a finished round's points per side."""
        self.totals = self.after(points)
        self.history.append(list(self.totals))
        if self.over_after is None and match_outcome(self.rules, self.players, self.totals).over:
            self.over_after = len(self.history) - 1

    @property
    def outcome(self) -> MatchOutcome:
        """Whether the match is over, and who won (not over before its first round)."""
        if not self.history:
            return MatchOutcome(False, None, False)
        return match_outcome(self.rules, self.players, self.totals)


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
        if first_leader is None and rules.policy.lead.by_lot:
            first_leader = self.rng.randrange(players)
        self.first_leader = first_leader
        self.ledger = Ledger(rules, players)
        """The running totals."""
        self.results: list[RoundResult] = []
        self.leaders: list[int] = []
        self._next_leader = first_leader

    @property
    def target(self) -> int:
        return self.rules.target(self.players)

    @property
    def totals(self) -> list[int]:
        """Each side's total so far."""
        return self.ledger.totals

    @property
    def history(self) -> list[list[int]]:
        """The totals after each round."""
        return self.ledger.history

    @property
    def outcome(self) -> MatchOutcome:
        return self.ledger.outcome

    @property
    def is_over(self) -> bool:
        return self.outcome.over

    @property
    def first_round(self) -> bool:
        return not self.results

    def expected_leader(self, hands: Sequence[Iterable[Tile]]) -> int:
        """Who must lead the next round, given its deal."""
        if self.first_round:
            required = self.rules.policy.lead.required_opening(hands)
            if required is not None:
                if self.first_leader is not None and self.first_leader != required[0]:
                    raise DominoError(
                        "wrong_leader", seat=Seat(self.first_leader), expected=Seat(required[0])
                    )
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
            hands, boneyard = dealt, self.rules.policy.deal.stock(stock)
        hand_lists = [list(h) for h in hands]
        expected = self.expected_leader(hand_lists)
        if leader is not None and leader != expected:
            raise DominoError("wrong_leader", seat=Seat(leader), expected=Seat(expected))
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
        self.ledger.add(result.points)
        self.results.append(result)
        self.leaders.append(state.leader)
        self._next_leader = result.next_leader
        return result
