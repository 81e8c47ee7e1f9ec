"""What the review page's and the practice page's browser tests share
(``test_review_page.py``, ``test_practice_review.py``): the review panel
(``hooks/review_panel.py``, ``docs/assets/js/review-panel.js``) read as the reader sees it,
and the same review made by the engine in CPython (``engine.presentation.views.review``,
with the defaults the pages use: seed 0, the default budget), to compare them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.core.words import strings
from engine.features import practice
from engine.presentation.views import review as review_views

REVIEW_MS = 300_000  # a whole round judged in the worker, after the engine's start
REPO = Path(__file__).resolve().parents[2]


def spaced(value: str | None) -> str:
    return " ".join((value or "").split())


def words(lang: str) -> dict[str, str]:
    prefix = "review_page."
    return {k[len(prefix) :]: v for k, v in strings(lang).items() if k.startswith(prefix)}


def page_record(lang: str) -> str:
    """The record written by hand on the review page of ``lang`` (its JSON block)."""
    name = "review.md" if lang == "en" else f"review.{lang}.md"
    text = (REPO / "docs" / name).read_text(encoding="utf-8")
    return text.split("```json\n", 1)[1].split("```", 1)[0]


def expected(record: Any, seat: int, round: int | None, lang: str) -> dict[str, Any]:
    """The review the pages must show: the decisions, each judged, and the summary."""
    listed = review_views.decisions_view(record, seat, round, lang)
    judged = [review_views.judge_view(record, seat, round, i, lang) for i in range(listed["count"])]
    items = [j["item"] for j in judged]
    summary = review_views.summary_view(items, lang) if items else None
    return {"listed": listed, "judged": judged, "summary": summary, "items": items}


def wait_state(page: Any, panel: str, state: str, timeout: float = REVIEW_MS) -> None:
    page.wait_for_function(
        "([sel, state]) => document.querySelector(sel).dataset.state === state",
        arg=[panel, state],
        timeout=timeout,
    )


def texts(page: Any, selector: str) -> list[str]:
    return [spaced(t) for t in page.locator(selector).all_inner_texts()]


def shown_step(page: Any, panel: str) -> dict[str, Any]:
    """The decision the panel shows, as a reader reads it."""
    step = page.locator(f"{panel} .review__decision")
    values = step.locator(".review__value-list li")
    return {
        "index": int(step.get_attribute("data-index") or -1),
        "label": spaced(step.locator(".review__label").inner_text()),
        "caption": spaced(
            step.locator(".review__before figcaption, .review__caption").first.text_content()
        ),
        "verdict": spaced(step.locator(".review__verdict").text_content()),
        "reason": spaced(step.locator(".review__reason").text_content())
        if step.locator(".review__reason").count()
        else "",
        "known": spaced(step.locator(".review__known").text_content()),
        "method": spaced(step.locator(".review__method").text_content()),
        "values": [spaced(values.nth(k).text_content()) for k in range(values.count())],
        "figures": texts(page, f"{panel} .review__moves figcaption"),
        "mark": step.get_attribute("data-mark"),
    }


def read_review(page: Any, panel: str, *, step: bool = True) -> dict[str, Any]:
    """Everything a finished review shows: its head, every decision (stepped through by
    the Next button, from the first), the round's summary and the match's."""
    wait_state(page, panel, "done")
    root = page.locator(panel)
    shown: dict[str, Any] = {
        "title": spaced(root.locator(".review__title").inner_text()),
        "game": spaced(root.locator(".review__game").inner_text()),
        "intro": spaced(root.locator(".review__intro").inner_text()),
        "count": int(root.get_attribute("data-count") or -1),
        "judged": int(root.get_attribute("data-judged") or -1),
        "share": spaced(root.locator(".review__share").text_content()),
        "marks": texts(page, f"{panel} .review__marks li"),
        "key": texts(page, f"{panel} .review__key-list li"),
        "match": spaced(root.locator(".review__match-share").text_content()),
        "match_rounds": texts(page, f"{panel} .review__match-rounds li"),
        "match_count": spaced(root.locator(".review__match-count").text_content()),
        "match_shown": root.locator(".review__match").is_visible(),
        "graph_shown": root.locator(".review__graph").is_visible(),
        "graph_points": root.locator(".review__graph-drawing .review-graph__point").count(),
        "graph_rows": texts(page, f"{panel} .review__graph-table tbody tr"),
        "graph_turn": spaced(root.locator(".review__graph-turn").text_content()),
        "steps": [],
    }
    if step and shown["count"] > 0:
        first = root.locator(".review__prev")
        while not first.is_disabled():
            first.click()
        for k in range(shown["count"]):
            shown["steps"].append(shown_step(page, panel))
            if k < shown["count"] - 1:
                root.locator(".review__next").click()
    return shown


def assert_same(shown: dict[str, Any], want: dict[str, Any], lang: str) -> None:
    """The page shows the engine's review word for word and number for number."""
    listed, judged, summary = want["listed"], want["judged"], want["summary"]
    assert shown["title"] == spaced(listed["title"])
    assert shown["game"] == spaced(listed["game"])
    assert shown["intro"] == spaced(listed["intro"])
    assert shown["count"] == shown["judged"] == listed["count"]
    w = words(lang)
    for got, d, j in zip(shown["steps"], listed["decisions"], judged, strict=True):
        assert got["index"] == d["index"]
        assert got["label"] == spaced(d["label"])
        assert got["caption"] == spaced(d["caption"])
        assert got["mark"] == j["mark"]["id"]
        assert got["verdict"] == spaced(f"{j['mark']['name']} {j['verdict']}")
        assert got["reason"] == spaced(j["reason"])
        assert got["known"] == spaced(j["known"]["text"])
        assert got["method"] == spaced(j["method_text"])
        assert got["values"] == [spaced(f"{v['mark']['name']} {v['text']}") for v in j["values"]]
        figures = [spaced(j["played_caption"])]
        if j["best"] != j["move"]:
            figures.append(spaced(j["caption"]))
        assert got["figures"] == figures
    if summary is None:
        assert shown["share"] == ""
        return
    assert shown["share"] == spaced(summary["share_text"])
    assert shown["marks"] == [
        spaced(w["mark_count"].replace("{mark}", m["name"]).replace("{count}", str(m["count"])))
        for m in summary["marks"]
    ]
    assert shown["key"] == [spaced(f"{k['mark']['name']} {k['text']}") for k in summary["key"]]
    # The round's graph: a point per decision judged, and the same figures in its table.
    graph = summary["graph"]
    assert shown["graph_shown"] == (graph is not None)
    if graph is not None:
        assert shown["graph_points"] == len(graph["rows"]) == listed["count"]
        assert shown["graph_rows"] == [
            spaced(f"{r['decision']} {r['move']} {r['value']} {r['loss']} {r['mark']['name']}")
            for r in graph["rows"]
        ]
        assert shown["graph_turn"] == spaced(graph["turn_text"])


def finished_match(preset: str, players: int, seed: int, rounds: int) -> dict[str, Any]:
    """A practice save with ``rounds`` rounds finished, the reader playing the engine's
    first legal move and the computer its own."""
    save = practice.new_save(preset, {}, players, ["club"] * (players - 1), seed)
    done = 0
    while True:
        game = practice.load_game(save)
        if game.phase != "play":
            done += 1
            if done == rounds or game.phase == "match-over":
                return save
            save = practice.next_round(save)
        elif game.state.current_player == practice.YOU:
            save = practice.play(save, str(game.state.legal_moves()[0]))
        else:
            save, _ = practice.computer_move(save)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1)
