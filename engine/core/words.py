"""The engine's words in a reader's language: the tables of :mod:`engine.lang`, looked up
for a language checked first.

:mod:`engine.lang` is data (the tables, and the grammar that fills them in) and checks
nothing. Every word the engine tells goes through :func:`strings` or :func:`text`, which
refuse an unknown language with a :class:`~engine.core.errors.DominoError`; :func:`check_lang`
is that check, the engine's only one (the records, the lessons, the views and the web entry
point call it too, to refuse a language before any work).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import DominoError
from engine.lang import LANGUAGES, TABLES, Subject, fill, subject_fields, subject_key


def check_lang(lang: object) -> str:
    """``lang``, once it is one of :data:`engine.lang.LANGUAGES`; anything else (an
    unknown code, a value that is not text) is the error ``unknown_language``."""
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    raise DominoError("unknown_language", lang=lang)


def strings(lang: object) -> Mapping[str, str]:
    """The table of ``lang``; an unknown language is an error, never a silent fallback."""
    return TABLES[check_lang(lang)]


def text(lang: str, key: str, /, **params: Any) -> str:
    """The string ``key`` of ``lang`` with its fields filled in."""
    return fill(lang, strings(lang)[key], **params)


def say(lang: str, key: str, subject: Subject, /, **params: Any) -> str:
    """The variant of ``key`` that agrees with ``subject`` (see :mod:`engine.lang`),
    filled in with the subject's fields and ``params``."""
    fields = {**subject_fields(check_lang(lang), subject), **params}
    return fill(lang, strings(lang)[subject_key(key, subject)], **fields)
