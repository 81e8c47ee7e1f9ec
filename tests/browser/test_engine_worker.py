"""The engine in the reader's browser: engine-client.js starts the worker (Pyodide and the
engine's bytecode, all from the site itself), and its answers are the engine's, errors told
in the request's language. A reading page that starts nothing loads no Pyodide.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import dedicated_engine

from engine.core.boundary import MAX_LINE
from engine.presentation import web

CLIENT = "assets/js/engine-client.js"

# Imports the client as a page script would (window.engine keeps the module) and,
# if asked, starts the engine.
IMPORT = """async ([url, start]) => {
  window.engine = await import(url);
  if (start) window.engine.startEngine();
}"""

# The reply to one call: {value} or {code, message}.
CALL = """async ([method, args, lang]) => {
  try {
    return { value: await window.engine.callEngine(method, args, lang) };
  } catch (error) {
    return { code: error.code, message: error.message, isError: error instanceof Error };
  }
}"""


def test_reading_page_loads_no_engine(page: Any, page_log: Any, site_url: str) -> None:
    page.goto(site_url + "fr/block/", wait_until="networkidle")
    assert page.evaluate("document.documentElement.dataset.engine") is None
    # Importing the client starts nothing either.
    page.evaluate(IMPORT, [site_url + CLIENT, False])
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.dataset.engine") is None
    assert page.evaluate("typeof window.engine.startEngine") == "function"
    assert page_log.engine_requests() == []
    assert page_log.errors() == []


@pytest.mark.parametrize("worker", ["shared", "dedicated"])
def test_engine_answers_in_the_pages_language(
    page: Any, page_log: Any, site_url: str, wait_engine_ready: Any, worker: str
) -> None:
    if worker == "dedicated":
        dedicated_engine(page.context)
    page.goto(site_url + "fr/block/")
    page.evaluate(IMPORT, [site_url + CLIENT, True])
    assert page.evaluate("document.documentElement.dataset.engine") in ("loading", "ready")
    wait_engine_ready(page)

    reply = page.evaluate(CALL, ["ping", {}, "fr"])
    assert reply["value"]["python"][:2] >= [3, 11]
    assert reply["value"]["languages"] == ["en", "fr", "pl", "de", "da"]
    assert reply["value"]["bytecode"] is True  # the build's .pyc, the wheel without sources

    # An unknown method: the engine's own error, told in French, as CPython tells it.
    expected = json.loads(web.call(json.dumps({"method": "no_such", "args": {}, "lang": "fr"})))
    reply = page.evaluate(CALL, ["no_such", {}, "fr"])
    assert reply == {"code": "bad_request", "message": expected["error"], "isError": True}
    assert expected["code"] == "bad_request"
    en = json.loads(web.call(json.dumps({"method": "no_such", "args": {}, "lang": "en"})))
    assert reply["message"] != en["error"]

    # Requests are numbered: concurrent calls each get their own answer.
    replies = page.evaluate(
        """() => Promise.all(["fr", "de", "en"].map(
          (lang) => window.engine.callEngine("no_such", {}, lang).catch((e) => e.message)))"""
    )
    assert replies[0] == expected["error"]
    assert replies[2] == en["error"] and len(set(replies)) == 3

    # A request too long for the engine to read is still told in the page's language:
    # the worker writes `lang` first, where the engine looks for it.
    big = {"record_text": "x" * (MAX_LINE + 10)}
    told = {
        lang: json.loads(
            web.call(json.dumps({"lang": lang, "method": "review_decisions", "args": big}))
        )
        for lang in ("fr", "en")
    }
    reply = page.evaluate(CALL, ["review_decisions", big, "fr"])
    assert reply == {"code": "bad_json", "message": told["fr"]["error"], "isError": True}
    assert told["fr"]["error"] != told["en"]["error"]

    # Starting again changes nothing.
    assert page.evaluate("window.engine.startEngine()") == "ready"
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"

    hosts = {urlsplit(url).hostname for url in page_log.requests}
    assert hosts == {"127.0.0.1"}, page_log.requests
    assert any(url.endswith("/engine-worker.js") for url in page_log.engine_requests())
    if worker == "shared":  # its own fetches are not seen here
        assert page_log.errors() == []
        return
    assert any("/python_stdlib.zip?v=" in url for url in page_log.requests)
    # The engine came as bytecode: its sources (the wheel) were never downloaded.
    assert any("/assets/engine/" in url and "-pyc-" in url for url in page_log.requests)
    assert not any(".whl" in url for url in page_log.requests)
    assert page_log.errors() == []


def test_engine_imports_from_source_without_its_bytecode(
    page: Any, page_log: Any, site_url: str, wait_engine_ready: Any
) -> None:
    # The bytecode cannot be had: the engine starts all the same, from its sources.
    dedicated_engine(page.context)  # whose fetches the route sees
    page.context.route("**/assets/engine/*-pyc-*.zip*", lambda route: route.abort())
    page.goto(site_url + "pl/block/")
    page.evaluate(IMPORT, [site_url + CLIENT, True])
    wait_engine_ready(page)
    reply = page.evaluate(CALL, ["try_move", {"plays": ["1-4"], "hand": ["4-6"], "tile": "4-6",
                                              "end": "right"}, "pl"])  # fmt: skip
    assert reply["value"]["plays"] == ["1-4", "4-6@right"]
    assert page.evaluate(CALL, ["ping", {}, "pl"])["value"]["bytecode"] is False
    assert any(".whl" in url for url in page_log.requests)  # the wheel, instead
    # The aborted request is the only error the page logged.
    assert all("pyc" in e for e in page_log.errors()), page_log.errors()


def test_failed_start_is_reported(page: Any, page_log: Any, site_url: str) -> None:
    # The engine's manifest cannot be had: the page learns it, and every call says so.
    dedicated_engine(page.context)  # whose fetches the route sees
    page.context.route("**/assets/engine/manifest.json", lambda route: route.abort())
    page.goto(site_url + "de/")
    page.evaluate(IMPORT, [site_url + CLIENT, True])
    page.wait_for_function("document.documentElement.dataset.engine === 'failed'", timeout=120_000)
    reply = page.evaluate(CALL, ["ping", {}, "de"])
    assert reply["code"] == "engine_failed" and reply["message"], reply


def test_the_warm_up_runs_while_the_page_asks_nothing_and_requests_are_answered_meanwhile(
    page: Any, page_log: Any, site_url: str, wait_engine_ready: Any
) -> None:
    page.goto(site_url + "da/")
    page.evaluate(IMPORT, [site_url + CLIENT, False])
    page.evaluate("window.engine.warmEngine()")  # starts the engine too
    assert page.evaluate("document.documentElement.dataset.engineWarm") == "warming"
    wait_engine_ready(page)
    # Requests sent while the warm-up is under way get the engine's own answers.
    args = {"plays": ["1-4"], "hand": ["4-6"], "tile": "4-6", "end": "right"}
    expected = json.loads(web.call(json.dumps({"method": "try_move", "args": args, "lang": "da"})))
    for _ in range(3):
        assert page.evaluate(CALL, ["try_move", args, "da"]) == {"value": expected["value"]}
    page.wait_for_function(
        "document.documentElement.dataset.engineWarm === 'done'", timeout=120_000
    )
    # Once over, it is over: asking again starts nothing.
    page.evaluate("window.engine.warmEngine()")
    assert page.evaluate("document.documentElement.dataset.engineWarm") == "done"
    assert page.evaluate(CALL, ["try_move", args, "da"]) == {"value": expected["value"]}
    assert page_log.errors() == []


def test_the_review_page_warms_the_engine_up_on_the_readers_first_move(
    page: Any, page_log: Any, site_url: str, wait_engine_ready: Any
) -> None:
    page.goto(site_url + "pl/review/")
    assert page.evaluate("document.documentElement.dataset.engineWarm") is None
    page.locator("#review-text").focus()
    wait_engine_ready(page)
    page.wait_for_function(
        "document.documentElement.dataset.engineWarm === 'done'", timeout=120_000
    )
    assert page_log.errors() == []
