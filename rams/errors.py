"""The few error types of the package, all subclasses of `ValueError`.

Each message names the bad value and, where a rule forbids it, the clause id of
``RULES.md`` that does (``P4``, ``E2``, …).
"""

from __future__ import annotations

__all__ = ["IllegalActionError", "NotationError", "RamsError", "RecordError", "RulesError"]


class RamsError(ValueError):
    """Base of every error the engine raises on bad input."""


class NotationError(RamsError):
    """A card, a list of cards or an action that cannot be read (N1, §12)."""


class RulesError(RamsError):
    """An unknown preset or option, a bad value, or options that clash (§9)."""

    def __init__(self, message: str, options: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        #: The option names the error is about, e.g. ``("dave", "talon")``.
        self.options = options


class IllegalActionError(RamsError):
    """An action the rules do not allow in this state; the message starts with the clause id."""

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{clause}: {message}")
        self.clause = clause
        self.reason = message


class RecordError(RamsError):
    """A game record that is malformed or breaks a rule (§12).

    ``deal`` and ``action`` are 1-based positions (None when the problem is outside a
    deal, or concerns a deal's deck or dealer).
    """

    def __init__(self, message: str, deal: int | None = None, action: int | None = None) -> None:
        if deal is None:
            where = "record"
        elif action is None:
            where = f"deal {deal}"
        else:
            where = f"deal {deal}, action {action}"
        super().__init__(f"{where}: {message}")
        self.deal = deal
        self.action = action
        self.reason = message
