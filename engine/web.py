"""The engine as the site's pages ask it: one JSON request in, one JSON reply out.

The browser runs the engine in a Web Worker (Pyodide); the worker hands every request
to :func:`call` and posts back what it returns. A request is
``{"method": NAME, "args": {...}, "lang": "fr"}``; the reply is ``{"ok": true, "value":
...}`` or ``{"ok": false, "error": MESSAGE}``, the message told in the request's language.
No rule is decided outside the engine: the pages only show what comes back.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from engine.errors import DominoError
from engine.lang import LANGUAGES

Handler = Callable[[dict[str, Any], str], Any]

METHODS: dict[str, Handler] = {}
"""Every method a page may call, by name."""


def method(name: str) -> Callable[[Handler], Handler]:
    """Register ``fn`` as the method ``name``."""

    def register(fn: Handler) -> Handler:
        METHODS[name] = fn
        return fn

    return register


@method("ping")
def ping(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """Whether the engine answers, and under which Python."""
    return {"python": list(sys.version_info[:3]), "languages": list(LANGUAGES)}


def handle(request: object) -> dict[str, Any]:
    """The reply to a request already read from JSON."""
    lang = "en"
    try:
        if not isinstance(request, dict):
            raise DominoError("bad_request", detail="a request is a JSON object")
        req_lang = request.get("lang", "en")
        if req_lang in LANGUAGES:
            lang = req_lang
        else:
            raise DominoError("unknown_language", lang=str(req_lang))
        name = request.get("method")
        args = request.get("args", {})
        if not isinstance(name, str) or name not in METHODS:
            raise DominoError("bad_request", detail=f"unknown method {name!r}")
        if not isinstance(args, dict):
            raise DominoError("bad_request", detail="args must be a JSON object")
        return {"ok": True, "value": METHODS[name](args, lang)}
    except DominoError as e:
        return {"ok": False, "error": e.message(lang), "code": e.code}


def call(request: str) -> str:
    """The JSON reply to the JSON ``request``; never raises for bad input."""
    try:
        parsed = json.loads(request)
    except (TypeError, ValueError) as e:
        parsed = e
    if isinstance(parsed, Exception):
        reply = handle(None)
    else:
        reply = handle(parsed)
    return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))
