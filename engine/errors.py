"""The one exception type of the engine.

Every bad input (an illegal move, a malformed record, an unknown option, a corrupt saved
game, an argument of the wrong type) raises :class:`DominoError`. It carries a message
code and its parameters, so the same error can be told in any of the site's languages;
``str(error)`` is English. An operation that raises leaves every state it was given
unchanged.

A parameter that carries the caller's own value is passed as it was given (``"150"``,
``True``, ``None``, a list): the message shows it as JSON, with its kind when that is not
the expected one (``"150" (text)``), and at most its first 40 characters
(:func:`engine.lang.error_message` does this, in one place, for every error).
"""

from __future__ import annotations

from typing import Any


class DominoError(ValueError):
    """Bad input to the engine: ``code`` names the problem, ``params`` its details."""

    field: str | None = None
    """The form control the error concerns (its element id), where a page asked with a
    form: a practice setting's error names ``practice-seed``, ``practice-players``, …"""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.message("en"))

    cause: DominoError | None = None
    """The error this one reports on (a bad seed in a saved game): its message, in the
    same language, is this one's ``detail``."""

    def at(self, field: str) -> DominoError:
        """This error, told at the form control ``field``."""
        self.field = field
        return self

    def because(self, cause: DominoError) -> DominoError:
        """This error, its ``detail`` told by ``cause`` in whatever language it is told."""
        self.cause = cause
        return self

    @classmethod
    def about(cls, code: str, detail: str, **params: Any) -> DominoError:
        """The error ``code`` whose ``detail`` is the error ``detail`` (with ``params``),
        so that both are told in the same language (see :meth:`because`)."""
        cause = cls(detail, **params)
        return cls(code, detail=cause.message("en").removesuffix(".")).because(cause)

    def message(self, lang: str = "en") -> str:
        """The error told in ``lang`` (``en``, ``fr``, ``pl``, ``de`` or ``da``)."""
        from engine.lang import error_message

        params = self.params
        if self.cause is not None:
            params = {**params, "detail": self.cause.message(lang).removesuffix(".")}
        return error_message(lang, self.code, params)
