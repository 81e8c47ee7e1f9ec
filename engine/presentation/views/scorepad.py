"""What the scorepad shows: :func:`score_sheet`, a sheet's rounds scored, its running
totals and the state of its match, in the page's language.

The sheet, its checks and its arithmetic are :mod:`engine.features.scorepad`'s; this module only
tells them, and names the seats and sides.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.match import Ledger, MatchOutcome
from engine.core.scoring import side_pips
from engine.core.words import check_lang, say, text
from engine.features.scorepad import Sheet, check_sheet, form_of, side_points
from engine.lang import Subject
from engine.presentation.views.rounds import join


def seat_names(sheet: Sheet, lang: str) -> list[str]:
    """Each seat's display name: the player's name, or "Seat N" for an empty one."""
    return [
        name.strip() or text(lang, "scorepad.seat", seat=seat + 1)
        for seat, name in enumerate(sheet.names)
    ]


def side_names(sheet: Sheet, lang: str) -> list[str]:
    """Each side's display name: the seat's name, and the two partners' names joined
    in partnerships."""
    names = seat_names(sheet, lang)
    if not sheet.rules.partnerships:
        return names
    teams = [sheet.rules.seats(side, sheet.players) for side in range(2)]
    return [text(lang, "scorepad.team", a=names[a], b=names[b]) for a, b in teams]


def side_subjects(sheet: Sheet, lang: str) -> list[Subject]:
    """Each side as the subject of a sentence: a player by the name typed, or a seat by
    its number when no name was; a team by its two players' names ("Seat N" for one not
    named), or by its seats' numbers when neither partner was named."""
    rules, players = sheet.rules, sheet.players
    display = seat_names(sheet, lang)
    out = []
    for side in range(rules.sides(players)):
        seats = rules.seats(side, players)
        names = tuple(sheet.names[s].strip() for s in seats)
        numbers = tuple(s + 1 for s in seats)
        team = len(seats) > 1
        if not any(names):
            out.append(Subject("team" if team else "seat", numbers))
        else:
            shown = tuple(display[s] for s in seats)
            out.append(Subject("names" if team else "name", numbers, shown))
    return out


def _outcome_view(outcome: MatchOutcome) -> dict[str, Any]:
    return {"over": outcome.over, "winner": outcome.winner, "drawn": outcome.drawn}


def score_sheet(sheet: object, lang: str = "en") -> dict[str, Any]:
    """What the scorepad shows, in ``lang``: each round scored with its arithmetic, the
    running totals, the target and the state of the match, and what the round entry form
    asks for. Every word is already in ``lang``: a page draws the view as it is.

    ``{"preset", "options", "players", "target",
    "seats": [{"seat", "name", "pips_label"}],
    "sides": [{"name", "seats", "play_label"}],
    "rounds": [{"round", "went_out", "blocked", "pips", "play_points", "winner", "points",
    "gains", "score", "arithmetic", "result", "totals", "title", "correct", "correct_title",
    "form"}],
    "totals", "outcome": {"over", "winner", "drawn"}, "status",
    "entry": {"round", "title", "play_points", "last_double"}}``. A seat's ``name`` is
    the name typed, or "Seat N" for an empty one. A side is a seat, or a team in
    partnerships (0 = seats 0 and 2); ``points`` (play and end of round together),
    ``gains`` (``"+12"``, or ``""`` for a side that scored nothing) and ``totals`` are per
    side; ``score`` is the end of round score that ``arithmetic`` computes;
    ``play_points`` is empty in games that score nothing in play. ``correct`` names a
    round's correction button, ``correct_title`` heads the form that corrects it, ``title``
    heads the round on the sheet ("Round 2"), ``form`` is the round as the entry form
    shows it for a correction (:func:`form_of`).
    ``entry`` is the next round's form: its number and heading, whether it asks for the
    points scored in play (games that score in play) and for the last double (the
    double finish).
    """
    check_lang(lang)
    checked = check_sheet(sheet)
    rules, players = checked.rules, checked.players
    names = side_names(checked, lang)
    subjects = side_subjects(checked, lang)
    running = Ledger(rules, players)
    rounds: list[dict[str, Any]] = []
    for number, (entry, score) in enumerate(
        zip(checked.rounds, checked.scores(), strict=True), start=1
    ):
        points = side_points(rules, players, entry, score)
        running.add(points)
        winner = score.end.winner
        if winner is None:
            result = text(lang, "scorepad.result.none")
        elif entry.went_out is None:
            # Blocked: the round says so, and the winner's own hand, which the sum of the
            # others' (scored by total) does not show.
            own = side_pips(rules, entry.pips)[winner]
            key = "scorepad.result.blocked"
            result = say(lang, key, subjects[winner], pips=own, points=score.points)
        else:
            result = say(lang, "scorepad.result", subjects[winner], points=score.points)
        rounds.append(
            {
                "round": number,
                "went_out": entry.went_out,
                "blocked": entry.went_out is None,
                "pips": list(entry.pips),
                "play_points": list(entry.play_points),
                "winner": winner,
                "points": points,
                "gains": [text(lang, "scorepad.gain", points=p) if p > 0 else "" for p in points],
                "score": score.points,
                "arithmetic": score.render(lang),
                "result": result,
                "totals": list(running.totals),
                "title": text(lang, "page.scorepad.round", round=number),
                "correct": text(lang, "page.scorepad.correct_round", round=number),
                "correct_title": text(lang, "page.scorepad.entry_fix", round=number),
                "form": form_of(entry, rules),
            }
        )
    outcome = running.outcome
    totals = running.totals
    record = rules.to_record()
    return {
        "preset": record["preset"],
        "options": record["options"],
        "players": players,
        "target": checked.target,
        "seats": [
            {"seat": seat, "name": name, "pips_label": text(lang, "page.scorepad.pips", name=name)}
            for seat, name in enumerate(seat_names(checked, lang))
        ],
        "sides": [
            {
                "name": name,
                "seats": list(rules.seats(side, players)),
                "play_label": text(lang, "page.scorepad.play_points", name=name),
            }
            for side, name in enumerate(names)
        ],
        "rounds": rounds,
        "totals": totals,
        "outcome": _outcome_view(outcome),
        "status": _status(checked, names, totals, outcome, lang),
        "entry": {
            "round": len(rounds) + 1,
            "title": text(lang, "page.scorepad.entry_new", round=len(rounds) + 1),
            "play_points": rules.policy.play.scores,
            "last_double": rules.policy.end.double_finish,
        },
    }


def _status(
    sheet: Sheet, names: Sequence[str], totals: Sequence[int], outcome: MatchOutcome, lang: str
) -> str:
    """One line on the match: its target while it goes on, then its winner or the draw."""
    if not outcome.over:
        return text(lang, "scorepad.match.on", target=sheet.target)
    top = max(totals)
    if outcome.winner is not None:
        return say(
            lang, "scorepad.match.won", side_subjects(sheet, lang)[outcome.winner], points=top
        )
    tied = [names[side] for side, t in enumerate(totals) if t == top]
    return text(lang, "scorepad.match.drawn", names=join(tied, lang), points=top)
