"""The engine's way in: what enters from a reader's page, store, file, link or command
line is bounded and read here, once, and turned into plain checked values.

- JSON text is read by :func:`read_json` only after it is known to be at most
  :data:`MAX_LINE` characters long and nested at most :data:`MAX_DEPTH` deep; JSON data
  already parsed (a request's arguments, a save) is bounded by :func:`excess`.
- A whole number is :func:`is_whole`: an ``int`` that is not ``True`` or ``False``; a
  seed is :func:`check_seed`.

Every refusal is a :class:`~engine.core.errors.DominoError` whose code names the problem and
what was being read (``record_too_deep``, ``sheet_bad_json``, …), so that it is told in
the reader's words; nothing here echoes the JSON reader's own (English) messages. Below
this module the engine takes checked values.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Iterable
from typing import TypeGuard

from engine.core.errors import DominoError

MAX_LINE = 1 << 20
"""The longest JSON text the engine reads, 1 MiB: a request, a record, a score sheet, a
line or a pretty-printed document of ``python -m engine replay`` (in bytes for a line
given as bytes, in characters for text; a line's end not counted, a document's counted)."""

MAX_DEPTH = 64
"""The deepest nesting of JSON arrays and objects the engine reads from a reader's page,
store or file (a request, a saved game, a score sheet), checked before the text is parsed:
a good one nests under 10 deep, and Pyodide's JSON reader runs out of stack far deeper."""

MAX_ITEMS = 1000
"""The most items any one list of a request may hold (the most rounds of a score sheet is
:data:`engine.features.scorepad.MAX_ROUNDS`)."""

MAX_SEED = 2**31 - 1
"""The largest seed (of a practice match's deals, of a review's sampled deals)."""


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an ``int``, and not ``True`` or ``False``
    (which Python counts as ints, and JSON does not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> TypeGuard[int | float]:
    """Whether ``value`` is a number: an ``int`` or a ``float``, and not ``True`` or
    ``False``."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def check_seed(seed: object, code: str = "bad_seed") -> int:
    """A seed, checked: a whole number from 0 to :data:`MAX_SEED`; else the error
    ``code`` (``bad_seed``: a practice match's deals; ``review_seed``: a review's)."""
    if is_whole(seed) and 0 <= seed <= MAX_SEED:
        return seed
    raise DominoError(code, seed=seed, max=MAX_SEED)


_TEXT_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_depth(text: str) -> int:
    """How deeply the JSON ``text`` nests arrays and objects, counted outside its strings
    without parsing it (a text that is not JSON gets a count all the same)."""
    depth = deepest = 0
    for c in _NOT_BRACKET.sub("", _TEXT_STRING.sub("", text)):
        depth += 1 if c in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def max_digits() -> int:
    """The most digits of a number Python reads from text (its own limit)."""
    return sys.get_int_max_str_digits() or MAX_LINE


def digest(data: object) -> str:
    """A mark of JSON ``data``: the first 16 hex digits of the SHA-256 of its canonical
    text (keys sorted, no spaces, ASCII), so the same data has the same mark."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def read_json(text: str, what: str, *, first_line: int = 1, **where: object) -> object:
    """The JSON data ``text`` holds, read once it is bounded; ``what`` names what is read
    (``record``, ``sheet``, ``request``, ``line``, ``document``) and so the error codes:

    - ``{what}_too_long`` (``limit``): over :data:`MAX_LINE` characters;
    - ``{what}_too_deep`` (``limit``): nested deeper than :data:`MAX_DEPTH`;
    - ``{what}_bad_json`` (``at``, ``column``): not JSON, broken at line ``at`` (counted
      from ``first_line``, the line where ``text`` begins in its file) and ``column``;
    - ``{what}_number_too_long`` (``limit``): a number of more digits than Python reads.

    ``where`` adds parameters to every error (``line``: where a document begins).
    """
    if len(text) > MAX_LINE:
        raise DominoError(f"{what}_too_long", limit=MAX_LINE, **where)
    if json_depth(text) > MAX_DEPTH:
        raise DominoError(f"{what}_too_deep", limit=MAX_DEPTH, **where)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        at = first_line + e.lineno - 1
        raise DominoError(f"{what}_bad_json", at=at, column=e.colno, **where) from None
    except RecursionError:  # not reached below MAX_DEPTH; kept for a smaller stack
        raise DominoError(f"{what}_too_deep", limit=MAX_DEPTH, **where) from None
    except ValueError:  # a number of more digits than int() converts
        raise DominoError(f"{what}_number_too_long", limit=max_digits(), **where) from None


def unfinished_json(text: str) -> bool:
    """Whether ``text`` (bounded as :func:`read_json` bounds it) is good JSON as far as
    it goes but stops before its value is complete: ``{``, or ``{"preset": "block",``."""
    if len(text) > MAX_LINE or json_depth(text) > MAX_DEPTH:
        return False
    try:
        json.loads(text)
    except json.JSONDecodeError as e:
        return e.pos >= len(text)  # the reader ran out of text, and found nothing wrong
    except (RecursionError, ValueError):
        return False
    return False


def whole_object(text: str) -> bool:
    """Whether ``text`` (bounded as :func:`read_json` bounds it) is one whole JSON
    object."""
    try:
        return isinstance(read_json(text, "line"), dict)
    except DominoError:
        return False


def bounded(value: object, depth: int = MAX_DEPTH, items: int = MAX_ITEMS) -> str | None:
    """What is too big in ``value`` (JSON data already parsed): ``"depth"`` if it nests
    deeper than ``depth``, ``"items"`` if a list or object holds more than ``items``,
    else ``None``. Walks ``value`` without recursion."""
    todo: list[tuple[object, int]] = [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict):
            children: Iterable[object] = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if level > depth:
            return "depth"
        if len(item) > items:
            return "items"
        todo.extend((child, level + 1) for child in children)
    return None


def excess(value: object, depth: int = MAX_DEPTH) -> tuple[str, int] | None:
    """What JSON data ``value`` has too much of, as an error code's ending and the limit
    to tell: ``("too_deep", MAX_DEPTH)`` if it nests deeper than ``depth``,
    ``("too_many", MAX_ITEMS)`` if a list or object holds more than MAX_ITEMS; else
    ``None``."""
    fault = bounded(value, depth, MAX_ITEMS)
    if fault is None:
        return None
    return ("too_deep", MAX_DEPTH) if fault == "depth" else ("too_many", MAX_ITEMS)


MAX_STORE = 256 * 1024
"""The longest text a page keeps in the reader's browser or reads from a file: 256 KiB."""
