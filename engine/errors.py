"""The one exception type of the engine.

Every bad input (an illegal move, a malformed record, an unknown option, a corrupt saved
game) raises :class:`DominoError`. It carries a message code and its parameters, so the
same error can be told in any of the site's languages; ``str(error)`` is English. An
operation that raises leaves every state it was given unchanged.
"""

from __future__ import annotations

from typing import Any


class DominoError(ValueError):
    """Bad input to the engine: ``code`` names the problem, ``params`` its details."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        """The error told in ``lang`` (``en``, ``fr``, ``pl``, ``de`` or ``da``)."""
        from engine.lang import error_message

        return error_message(lang, self.code, self.params)
