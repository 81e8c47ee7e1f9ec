"""The reader's progress (engine.features.progress): a finished practice match as the
progress page counts it, the kept matches read back strictly, the profile exported and
imported whole, and what the page shows (engine.presentation.views.progress)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_web_fuzz import MATCH, PUZZLES, YOURS, finished_match

from engine.core.boundary import MAX_DEPTH, MAX_LINE
from engine.core.errors import DominoError
from engine.core.words import strings
from engine.features import practice, progress, rated, review
from engine.lang import LANGUAGES
from engine.presentation import web
from engine.presentation.views.progress import export_view, figures_view, import_view

DAY = "2026-12-04"


def call(method: str, args: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(
        web.call(json.dumps({"method": method, "args": args, "lang": lang}))
    )
    return reply


@pytest.mark.parametrize(("preset", "players", "seed"), [("block", 2, 7), ("all-fives", 3, 4)])
def test_a_finished_match_is_counted_as_its_save_says(preset: str, players: int, seed: int) -> None:
    save = finished_match(preset, players, seed)
    game = practice.load_game(save)
    entry = progress.played(save, DAY)
    side = game.rules.side_of(practice.YOU)
    assert entry.preset == preset and entry.players == players and entry.date == DAY
    assert entry.levels == tuple(save["levels"])
    assert len(entry.rounds) == len(game.match.results)
    assert sum(entry.rounds) == game.match.totals[side]
    assert entry.won == (game.match.outcome.winner == side)
    assert entry.reviewed is None and entry.share is None
    # The same save is the same match; another is another.
    assert progress.played(json.loads(json.dumps(save)), "2027-01-01").id == entry.id
    assert progress.played(finished_match(preset, players, seed + 1), DAY).id != entry.id


def test_a_match_not_over_is_refused() -> None:
    save = practice.new_save("block", {}, 2, ["beginner"], 3)
    with pytest.raises(DominoError) as e:
        progress.played(save, DAY)
    assert e.value.code == "progress_not_over"
    with pytest.raises(DominoError) as e:
        progress.played(MATCH, "04/12/2026")
    assert e.value.code == "bad_date"


def test_a_match_told_again_keeps_one_entry_and_takes_its_review() -> None:
    first = progress.played(MATCH, DAY)
    kept = progress.add((), first)
    assert progress.add(kept, progress.played(MATCH, "2026-12-05")) == kept
    reviewed = progress.add(kept, progress.played(MATCH, "2026-12-05", (3, 4)))
    assert len(reviewed) == 1 and reviewed[0].reviewed == (3, 4) and reviewed[0].date == DAY
    # Not told again without its review: the review stays.
    assert progress.add(reviewed, first) == reviewed
    # At most MAX_MATCHES, the latest kept.
    many = tuple(
        progress.Played(f"{k:016x}", DAY, "block", 2, ("club",), k % 2 == 0, False, (k,))
        for k in range(progress.MAX_MATCHES)
    )
    more = progress.add(many, first)
    assert len(more) == progress.MAX_MATCHES and more[-1] == first and more[0] == many[1]


def stored() -> dict[str, Any]:
    return progress.matches_data((progress.played(MATCH, DAY, (3, 4)),))


def test_kept_matches_read_back_as_written() -> None:
    data = stored()
    assert progress.matches_data(progress.load_matches(json.loads(json.dumps(data)))) == data
    assert progress.load_matches(None) == ()


def corrupt() -> list[tuple[str, Any]]:
    good = stored()
    m = good["matches"][0]

    def changed(**fields: Any) -> dict[str, Any]:
        return {"version": 1, "matches": [{**m, **fields}]}

    return [
        ("another version", {**good, "version": 2}),
        ("an extra field", {**good, "more": 1}),
        ("matches not a list", {"version": 1, "matches": {}}),
        ("too many", {"version": 1, "matches": [m] * (progress.MAX_MATCHES + 1)}),
        ("twice", {"version": 1, "matches": [m, m]}),
        ("a bad id", changed(id="XYZ")),
        ("a bad date", changed(date="2026-13-01")),
        ("a bad game", changed(preset="chess")),
        ("five players", changed(players=5, levels=["club"] * 4)),
        ("a level too many", changed(levels=["club", "club"])),
        ("an unknown level", changed(levels=["master"])),
        ("won and drawn", changed(won=True, drawn=True)),
        ("won not a boolean", changed(won=1)),
        ("no rounds", changed(rounds=[])),
        ("points out of range", changed(rounds=[10**6])),
        ("points not whole", changed(rounds=[1.5])),
        ("a review of more good than judged", changed(reviewed=[5, 4])),
        ("a review of one number", changed(reviewed=[5])),
        (
            "a missing field",
            {"version": 1, "matches": [{k: v for k, v in m.items() if k != "won"}]},
        ),
    ]


@pytest.mark.parametrize(("what", "data"), corrupt(), ids=[w for w, _ in corrupt()])
def test_kept_matches_this_site_did_not_write_are_refused(what: str, data: Any) -> None:
    with pytest.raises(DominoError) as e:
        progress.load_matches(data)
    assert e.value.code == "bad_progress", what


def test_the_puzzles_progress_is_checked_as_the_puzzles_page_keeps_it() -> None:
    assert progress.check_puzzles(None) is None
    assert progress.check_puzzles(PUZZLES) == PUZZLES
    form = rated.to_data(rated.Rated())
    full = {**PUZZLES, "rated": form, "themes": ["fives"]}
    assert progress.check_puzzles(full) == full
    for bad in (
        {**PUZZLES, "version": 2},
        {**PUZZLES, "solved": ["Not an id!"]},
        {**PUZZLES, "days": ["yesterday"]},
        {**PUZZLES, "themes": ["luck"]},
        {**PUZZLES, "rated": {"rating": "high"}},
        {**PUZZLES, "more": True},
        [],
    ):
        with pytest.raises(DominoError) as e:
            progress.check_puzzles(bad)
        assert e.value.code == "bad_progress", bad


def test_a_profile_exported_is_imported_the_same() -> None:
    puzzles = {**PUZZLES, "rated": rated.to_data(rated.Rated())}
    found = export_view(stored(), puzzles, DAY)
    assert found["name"] == f"domino-profile-{DAY}.json"
    assert found["text"].endswith("\n") and "\n" not in found["text"][:-1]
    back = import_view(found["text"], "en")
    assert back["progress"] == stored() and back["puzzles"] == puzzles
    assert back["yours"] == {"version": 1, "puzzles": []}
    assert back["said"] == "Profile imported: 1 match and 0 rated puzzles."
    # With the reader's own puzzles, told too.
    mine = import_view(export_view(stored(), puzzles, DAY, YOURS)["text"], "en")
    assert mine["yours"] == YOURS
    assert mine["said"] == "Profile imported: 1 match and 0 rated puzzles. Your own puzzles: 1."
    # An empty browser's profile too.
    empty = import_view(export_view(None, None, DAY)["text"], "en")
    assert empty["progress"] == {"version": 1, "matches": []} and empty["puzzles"] is None
    # A profile exported before the reader's own puzzles were kept has none.
    older = json.loads(found["text"])
    del older["yours"]
    assert import_view(json.dumps(older), "en")["yours"] == {"version": 1, "puzzles": []}


def bad_files() -> list[tuple[str, str, str]]:
    """A bad profile file's text, the error's code and its detail's code (or "")."""
    good = json.loads(export_view(stored(), PUZZLES, DAY)["text"])
    return [
        ("x" * (MAX_LINE + 1), "profile_too_long", ""),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "profile_too_deep", ""),
        ('{"format":\n  oops}', "profile_bad_json", ""),
        (json.dumps({"matches": list(range(2000))}), "profile_too_many", ""),
        (json.dumps([1, 2]), "bad_profile", "profile_not_one"),
        (json.dumps({**good, "format": "chess"}), "bad_profile", "profile_not_one"),
        (json.dumps({**good, "version": 9}), "bad_profile", "profile_version"),
        (json.dumps({**good, "extra": 1}), "bad_profile", "profile_not_one"),
        (json.dumps({**good, "exported": "today"}), "bad_profile", "profile_date"),
        (json.dumps({**good, "progress": {"version": 1}}), "bad_profile", "profile_matches"),
        (json.dumps({**good, "puzzles": {"version": 1}}), "bad_profile", "profile_puzzles"),
        (json.dumps({**good, "yours": {"version": 1}}), "bad_profile", "profile_yours"),
        (json.dumps({**good, "yours": None, "x": 1}), "bad_profile", "profile_not_one"),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_profile_is_told_in_the_readers_language(lang: str) -> None:
    for text, code, detail in bad_files():
        with pytest.raises(DominoError) as e:
            progress.read_profile(text)
        assert e.value.code == code
        assert (e.value.cause.code if e.value.cause else "") == detail
        if len(text) > MAX_LINE:
            continue  # a request so long is refused whole before any method reads it
        reply = call("progress_import", {"text": text}, lang)
        assert reply["ok"] is False and reply["code"] == code, (text[:40], reply)
        # The message holds the detail's words, in the same language.
        if detail:
            said = strings(lang)[f"error.{detail}"].split("{")[0].strip()
            assert said[:12] in reply["error"], (reply["error"], said)
    broken = call("progress_import", {"text": '{"format":\n  oops}'}, lang)["error"]
    assert "2" in broken and "3" in broken  # line 2, column 3


def entries() -> tuple[progress.Played, ...]:
    a = progress.played(finished_match("block", 2, 1), "2026-12-01", (1, 4))
    b = progress.played(finished_match("block", 2, 2), "2026-12-02")
    c = progress.played(finished_match("all-fives", 3, 4), "2026-12-03", (5, 5))
    return (a, b, c)


def test_the_page_shows_every_match_and_attempt_as_kept() -> None:
    played = entries()
    attempts = [
        ["block-2-01", 1, "2026-12-01", 1560],
        ["block-2-02", 0, "2026-12-01", 1520],
        ["block-2-03", 1, "2026-12-03", 1590],
    ]
    form = {"rating": [1590.0, 100.0, 0.06], "attempts": attempts, "best_streak": 4, "run": None}
    view = figures_view(progress.matches_data(played), {**PUZZLES, "rated": form}, "en")
    assert view["counts"] == {
        "matches": 3,
        "won": sum(m.won for m in played),
        "attempts": 3,
    }
    assert not view["empty"]
    rows = view["matches"]["rows"]
    assert [(r["game"], r["opponents"], r["played"]) for r in rows] == [
        ("Block, 2 players", "Beginner", 2),
        ("All Fives, 3 players", "Beginner", 1),
    ]
    points = view["points"]["rows"]
    assert [r["n"] for r in points] == [1, 2, 3]
    assert [r["value"] for r in points] == [f"{m.per_round:.1f}" for m in played]
    assert [r["rounds"] for r in points] == [len(m.rounds) for m in played]
    # The share: only the matches reviewed, numbered as in the points' table.
    share = view["share"]["rows"]
    assert [(r["n"], r["judged"], r["good"], r["value"]) for r in share] == [
        (1, 4, 1, "25%"),
        (3, 5, 5, "100%"),
    ]
    # The rating: the day's last rating, each day tried.
    rating = view["rating"]["rows"]
    assert [(r["date"], r["tried"], r["solved"], r["value"]) for r in rating] == [
        ("2026-12-01", 2, 1, "1520"),
        ("2026-12-03", 1, 1, "1590"),
    ]
    assert view["streak"] == "Best puzzle streak: 4 puzzles solved in a row."
    for name in ("points", "share", "rating"):
        chart = view[name]
        assert chart["svg"].startswith("<svg") and chart["none"] == ""
        assert chart["svg"].count("<circle") == len(chart["rows"])
        assert len(chart["columns"]) == len(chart["rows"][0])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_empty_browser_is_told_what_would_fill_the_page(lang: str) -> None:
    view = figures_view(None, None, lang)
    s = strings(lang)
    assert view["empty"]
    assert view["matches"]["none"] == s["progress.matches.none"]
    assert view["share"]["none"] == s["progress.share.none"]
    assert view["rating"]["none"] == s["progress.rating.none"]
    assert view["streak"] == s["progress.streak.none"]
    for name in ("points", "share", "rating"):
        assert view[name]["svg"] == "" and view[name]["rows"] == []
        assert view[name]["title"] == s[f"progress.{name}.title"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_the_page_is_in_each_language(lang: str) -> None:
    view = figures_view(progress.matches_data(entries()), PUZZLES, lang)
    text = json.dumps(view, ensure_ascii=False)
    assert "{" not in view["summary"] and "progress." not in text
    decimal = strings(lang)["review.decimal"]
    assert all(decimal in r["value"] for r in view["points"]["rows"])


def test_the_practice_page_tells_a_match_and_its_review() -> None:
    item = {"round": 0, "index": 0, "move": "1-4@left", "best": "0-0", "loss": 0.3}
    bad = {**item, "index": 1, "loss": 12.0}
    reply = call(
        "progress_match", {"progress": None, "save": MATCH, "date": DAY, "items": [item, bad]}
    )
    kept = reply["value"]["progress"]
    assert kept["matches"][0]["reviewed"] == [1, 2]
    summary = review.summarize([item, bad])
    assert (summary.good, summary.count) == (1, 2)
    again = call("progress_match", {"progress": kept, "save": MATCH, "date": "2026-12-09"})
    assert again["value"]["progress"] == kept
    refused = call("progress_match", {"progress": {"version": 3}, "save": MATCH, "date": DAY})
    assert refused["code"] == "bad_progress"
