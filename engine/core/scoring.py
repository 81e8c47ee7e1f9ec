"""Scoring at the end of a round, step by step.

Going out ("domino"): the winner's side scores every pip left in the opponents' hands.
Blocked: hands are compared only now; the side with the strictly lowest pip sum wins and
scores the opponents' pips (``total``) or those minus its own (``difference``); a tie for
the lowest means nobody scores. Rounding to five and the double finish apply last. The
rules themselves are the kernel's (:func:`engine.core.kernel.end_terms`) and the game's end
and lead policies (:class:`engine.core.policy.EndPolicy`, :class:`engine.core.policy.LeadPolicy`,
which names the seat that leads next); this module shows every step of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.kernel import end_terms
from engine.core.rules import Rules
from engine.core.words import text


@dataclass(frozen=True)
class RoundEnd:
    """How a round ended and what it was worth at the end (play points not included)."""

    winner: int | None
    """The winning side, or ``None`` when a blocked round had no unique lowest hand."""
    seat: int | None
    """The seat that went out, or that holds the winning lowest hand (leads next)."""
    points: int
    """What the winning side scores for the hands (after rounding and doubling)."""
    blocked: bool


def side_pips(rules: Rules, pips: Sequence[int]) -> list[int]:
    """Pip sums per side (per team in partnerships)."""
    sums = [0] * rules.sides(len(pips))
    for seat, p in enumerate(pips):
        sums[rules.side_of(seat)] += p
    return sums


@dataclass(frozen=True)
class PipTerm:
    """One side's pips in a round's arithmetic: added (an opponent) or taken away (the
    winner's own, when a blocked round is scored by difference)."""

    sign: int
    """+1 or -1."""
    pips: tuple[int, ...]
    """The pips of each seat of the side (two seats for a team, else one)."""

    @property
    def total(self) -> int:
        return sum(self.pips)


@dataclass(frozen=True)
class ScoreStep:
    """One step of a round's arithmetic, in the notation every language shares.

    ``kind`` is ``"side"`` (a team's two hands added, for a blocked round in
    partnerships), ``"sum"`` (the winner's raw score: the opponents' pips added and, by
    difference, their own taken away), ``"round"`` (to five) or ``"double"`` (for going
    out with a double). ``operands`` are signed: ``(15, 20, -8)`` reads ``15 + 20 − 8``;
    a rounding step has the one operand it rounds, a doubling step the score and 2.
    ``taken`` marks the operands taken away when the sign alone cannot say it: a
    winner's own hand of 0 pips, subtracted, reads ``6 − 0 = 6``.
    """

    kind: str
    operands: tuple[int, ...]
    result: int
    taken: tuple[bool, ...] = ()

    def notation(self) -> str:
        """``7 + 8 − 3 = 12``, ``26 → 25`` or ``10 × 2 = 20``."""
        if self.kind == "round":
            return f"{self.operands[0]} → {self.result}"
        if self.kind == "double":
            return f"{self.operands[0]} × {self.operands[1]} = {self.result}"
        taken = self.taken or tuple(n < 0 for n in self.operands)
        parts = [str(self.operands[0])]
        for n, minus in zip(self.operands[1:], taken[1:], strict=True):
            parts.append(f"− {abs(n)}" if minus else f"+ {n}")
        return f"{' '.join(parts)} = {self.result}"


@dataclass(frozen=True)
class ScoreBreakdown:
    """How a round's end score is reached, step by step.

    The winner adds the opponents' pips (``terms`` with sign +1) and, in a blocked round
    scored by difference, takes away their own (sign -1): that is ``raw``. The rules may
    then round it to five (``rounded``) and double it for a double finish (``doubled``).
    A blocked round with a tie for the lowest hand has no terms and scores nothing.
    ``sides`` holds each side's pips when a blocked round compares teams (partnerships),
    whose sums are then steps of their own (:meth:`steps`).
    """

    end: RoundEnd
    terms: tuple[PipTerm, ...]
    raw: int
    rounded: int | None
    doubled: int | None
    sides: tuple[PipTerm, ...] = ()

    @property
    def points(self) -> int:
        return self.end.points

    def arithmetic(self) -> str:
        """The sum as written on a score sheet: ``7 + 8 − 3 = 12`` (teams in brackets)."""
        if not self.terms:
            return "0"
        parts = []
        for i, term in enumerate(self.terms):
            value = (
                f"({' + '.join(map(str, term.pips))})" if len(term.pips) > 1 else str(term.total)
            )
            op = "" if i == 0 else (" + " if term.sign > 0 else " − ")
            parts.append(op + value)
        text = "".join(parts)
        if len(self.terms) > 1 or len(self.terms[0].pips) > 1:
            text += f" = {self.raw}"
        return text

    def operands(self) -> tuple[int, ...]:
        """The signed operands of the raw sum: each opponent's pips (a team's two hands
        one by one), or, once a blocked round has compared team sums, those sums."""
        if self.sides:
            return tuple(t.sign * t.total for t in self.terms)
        return tuple(t.sign * p for t in self.terms for p in t.pips)

    def taken(self) -> tuple[bool, ...]:
        """For each of :meth:`operands`, whether it is taken away (the winner's own pips,
        by difference), 0 included."""
        if self.sides:
            return tuple(t.sign < 0 for t in self.terms)
        return tuple(t.sign < 0 for t in self.terms for _ in t.pips)

    def steps(self) -> tuple[ScoreStep, ...]:
        """Every step from the hands to the score, in order: the team sums a blocked
        round compares, the raw sum (when it adds more than one number), the rounding
        (when it changes the score) and the doubling."""
        steps = [ScoreStep("side", side.pips, side.total) for side in self.sides]
        if not self.terms:
            return tuple(steps)
        operands = self.operands()
        if len(operands) > 1:
            steps.append(ScoreStep("sum", operands, self.raw, self.taken()))
        score = self.raw
        if self.rounded is not None and self.rounded != self.raw:
            steps.append(ScoreStep("round", (self.raw,), self.rounded))
            score = self.rounded
        if self.doubled is not None:
            steps.append(ScoreStep("double", (score, 2), self.doubled))
        return tuple(steps)

    def working(self, lang: str = "en") -> str:
        """The computation from the scored hands on, in one line of ``lang``: ``7 + 8 −
        3 = 12``, ``9 + 9 = 18, rounded to 20``, ``… doubled for going out with a
        double: 10 × 2 = 20``; a tie, ``a tie for the lowest hand: 0``. A blocked round
        between teams starts from the teams' sums (:meth:`team_hands`)."""
        if not self.terms:
            return text(lang, "score.tie")
        steps = self.steps()
        sums = [s for s in steps if s.kind == "sum"]
        line = sums[0].notation() if sums else str(self.raw)
        if self.rounded is not None and self.rounded != self.raw:
            line = text(lang, "score.rounded", sum=line, points=self.rounded)
        doubling = [s for s in steps if s.kind == "double"]
        if doubling:
            line = text(lang, "score.doubled", sum=line, points=doubling[0].notation())
        return line

    def team_hands(self) -> tuple[str, str] | None:
        """A blocked round between teams: the two teams' hands added up (``3 + 4 = 7``),
        the winning team's first (side 0's first in a tie); else ``None``."""
        if len(self.sides) != 2:
            return None
        a, b = (ScoreStep("side", side.pips, side.total).notation() for side in self.sides)
        return (b, a) if self.end.winner == 1 else (a, b)

    def render(self, lang: str = "en") -> str:
        """The whole computation in one line of ``lang``, every step shown
        (:meth:`working`). A blocked round in partnerships compares the teams' hands
        first, the winners': ``the winners' hands 3 + 4 = 7 against 10 + 2 = 12: 12``;
        in a tie ``teams 3 + 4 = 7 against 5 + 2 = 7: a tie for the lowest hand: 0``.
        (A round's telling says the result first: :func:`~engine.presentation.views.
        rounds.tell_result`.)"""
        line = self.working(lang)
        hands = self.team_hands()
        if hands is None:
            return line
        own, other = hands
        if self.end.winner is None:
            return text(lang, "score.teams.tie", a=own, b=other, score=line)
        return text(lang, "score.teams.won", own=own, other=other, score=line)


def breakdown(
    rules: Rules,
    pips: Sequence[int],
    went_out: int | None,
    *,
    last_double: bool = False,
    leader: int = 0,
) -> ScoreBreakdown:
    """Score a finished round from the pips left per seat, with every step shown.

    ``went_out`` is the seat that played its last tile, or ``None`` for a blocked round;
    ``last_double`` says whether that last tile was a double; ``leader`` (the round's
    leader) breaks a tie between partners for the next lead.
    """
    players = len(pips)
    sums = side_pips(rules, pips)
    seats = [rules.seats(side, players) for side in range(len(sums))]
    out_side = None if went_out is None else rules.side_of(went_out)
    policy = rules.policy
    side, signed = end_terms(sums, out_side, policy.end.by_difference)
    # A blocked round between teams compares the teams' sums: each is a step.
    sides = (
        tuple(PipTerm(1, tuple(pips[s] for s in members)) for members in seats)
        if went_out is None and any(len(members) > 1 for members in seats)
        else ()
    )
    if side is None:
        return ScoreBreakdown(RoundEnd(None, None, 0, blocked=True), (), 0, None, None, sides)
    terms = tuple(PipTerm(sign, tuple(pips[s] for s in seats[i])) for i, sign in signed)
    # Who leads next, where the winner does: the seat that went out, or of a blocked
    # round's winning side the seat the lead policy names.
    seat = went_out if went_out is not None else policy.lead.winning_seat(pips, seats[side], leader)
    raw = sum(t.sign * t.total for t in terms)
    double_out = went_out is not None and last_double
    points = policy.end.points(raw, double_out)
    rounded = policy.end.rounded(raw)
    doubled = policy.end.doubled(policy.end.round_score(raw), double_out)
    end = RoundEnd(side, seat, points, blocked=went_out is None)
    return ScoreBreakdown(end, terms, raw, rounded, doubled, sides)


def score_round_end(
    rules: Rules,
    pips: Sequence[int],
    went_out: int | None,
    *,
    last_double: bool = False,
    leader: int = 0,
) -> RoundEnd:
    """Score a finished round from the pips left per seat (see :func:`breakdown`)."""
    return breakdown(rules, pips, went_out, last_double=last_double, leader=leader).end
