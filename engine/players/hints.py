"""Hints: the Expert's move for the seat to play, and why, in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.errors import DominoError
from engine.core.state import Move, Observation, RoundState
from engine.core.words import strings
from engine.lang import fill, reader_seat
from engine.players.expert import Expert, Search
from engine.players.knowledge import knowledge
from engine.players.levels import LEVELS, features


@dataclass(frozen=True)
class Fact:
    """One reason for a move: a ``hint.*`` key of the lang tables and its fields."""

    key: str
    params: Mapping[str, Any]


@dataclass(frozen=True)
class Hint:
    """The move the Expert would play for the seat to move, and why."""

    seat: int
    move: Move
    facts: tuple[Fact, ...]
    """The reasons, most relevant first (language-neutral)."""
    lang: str
    text: str
    """The one-line hint in ``lang``."""
    show_end: bool = True
    """Whether the tile fits elsewhere too, so the hint names the end."""

    def in_language(self, lang: str, end: str | None = None) -> str:
        """The hint told in ``lang``; ``end`` the words for its end where a drawing names
        the end otherwise than its arm (as in the ``end.*`` words)."""
        return _render(self.move, self.facts, lang, self.show_end, end)


def hint(
    state_or_observation: RoundState | Observation,
    lang: str = "en",
    *,
    expert: Expert | None = None,
) -> Hint:
    """What the player to move should play, with a one-line reason in ``lang``.

    From a :class:`RoundState` the hint is for the seat to move and uses only what that
    seat may know; an observation must be of the seat to move.
    """
    strings(lang)  # an unknown language is an error before any work
    if isinstance(state_or_observation, RoundState):
        seat = state_or_observation.current_player
        if seat is None:
            raise DominoError("round_over", tile="-")
        obs = state_or_observation.observation(seat)
    else:
        obs = state_or_observation
    player = expert if expert is not None else Expert()
    search = player.search(obs)
    move = search.moves[search.best]
    facts = hint_facts(obs, search)
    show_end = sum(1 for m in obs.legal_moves() if m.tile == move.tile) > 1
    return Hint(obs.seat, move, facts, lang, _render(move, facts, lang, show_end), show_end)


def hint_facts(obs: Observation, search: Search) -> tuple[Fact, ...]:
    """Why the best move of ``search`` (the Expert's search of ``obs``) is good: the
    facts a hint can tell, in the order it tells them (it names the first two)."""
    know = knowledge(obs)
    move = search.moves[search.best]
    feats = {m: features(obs, m, know) for m in search.moves}
    f = feats[move]
    others = [g for m, g in feats.items() if m != move]
    rules = obs.rules
    out: list[Fact] = []
    if not others:
        out.append(Fact("hint.only", {}))
    if f.goes_out:
        out.append(Fact("hint.out", {}))
    if f.points:
        out.append(Fact("hint.points", {"points": f.points}))
    if f.blocks > 0:
        out.append(Fact("hint.block", {}))
    if f.shut_out:
        out.append(_who(obs, "hint.shut", f.shut_out[0], {}))
    elif f.lacking:
        # Prefer the value this move opens.
        seat, value = min(f.lacking, key=lambda sv: (sv[1] != f.new_value, sv[0]))
        out.append(_who(obs, "hint.lacks", seat, {"value": value}))
    if rules.partnerships and not f.partner_shut and any(g.partner_shut for g in others):
        out.append(Fact("hint.partner", {}))
    heaviest = max((g.pips for g in others), default=0)
    if f.pips >= heaviest and f.pips >= 6 and not f.goes_out:
        out.append(Fact("hint.sheds", {"pips": f.pips}))
    if f.double and not f.goes_out:
        out.append(Fact("hint.double", {}))
    full_follow = f.follow == len(set(f.ends)) and f.follow >= 2
    if not f.goes_out and full_follow and any(g.follow < f.follow for g in others):
        out.append(Fact("hint.follow", {}))
    if not f.goes_out and any(g.variety < f.variety for g in others):
        out.append(Fact("hint.variety", {"count": f.variety}))
    if search.samples:
        out.append(Fact("hint.search", {"deals": search.samples}))
    if not out:
        out.append(Fact("hint.sheds", {"pips": f.pips}))
    return tuple(out)


def _who(obs: Observation, key: str, seat: int, params: dict[str, Any]) -> Fact:
    if obs.players == 2:
        return Fact(key + ".opponent", params)
    return Fact(key + ".seat", {**params, "seat": reader_seat(seat)})


def join_reasons(parts: Sequence[str], lang: str) -> str:
    """Reasons told one after the other, as a hint or a review's reason says them after
    a colon: the last joined by ``hint.and``, or by ``hint.and.comma`` after a reason that
    holds a comma (its clause closed by one: "…, more than another move would leave, and …";
    Polish and German must: "…, dass er keine 4 hat, und …"), the first letter a capital
    where ``hint.capital`` is ``yes`` (German writes one after a colon when a full
    sentence follows)."""
    table = strings(lang)
    *first, last = parts or [""]
    # More than two: the language's list separator between the first ones ("a, b and c";
    # "a; b, and c" when a reason holds a comma of its own), the "and" only before the last.
    sep = table["list.sep"] if any("," in p for p in first) else ", "
    said = sep.join(first)
    if first:
        said += table["hint.and.comma" if "," in first[-1] else "hint.and"]
    said += last
    if table["hint.capital"] == "yes":
        said = said[:1].upper() + said[1:]
    return said


def _render(
    move: Move, facts: Sequence[Fact], lang: str, show_end: bool, end: str | None = None
) -> str:
    table = strings(lang)
    reason = join_reasons([fill(lang, table[f.key], **f.params) for f in facts[:2]], lang)
    if move.end is None or not show_end:
        return fill(lang, table["hint.play"], tile=str(move.tile), reason=reason)
    return fill(
        lang,
        table["hint.play_end"],
        tile=str(move.tile),
        end=table[f"end.{move.end.value}"] if end is None else end,
        reason=reason,
    )


def level_name(level: str, lang: str = "en") -> str:
    """The name of ``level`` in ``lang``."""
    if level not in LEVELS:
        raise DominoError("unknown_level", level=level, levels=", ".join(LEVELS))
    return strings(lang)[f"level.{level}"]
