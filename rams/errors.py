"""The few error types of the package, all subclasses of `ValueError`.

An error names its problem by a key of the text catalogue (:mod:`rams.words`) and the values
it is about; its message, ``str(error)``, is the catalogue's English with the values in the
engine's notation (seats ``p1``, cards ``AS``), and :meth:`RamsError.words` says the same in
any language, for a table with the players' names. Where a rule forbids something, the
message starts with the clause id of ``RULES.md`` that does (``P4``, ``E2``, …).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rams.words import text

__all__ = ["IllegalActionError", "NotationError", "RamsError", "RecordError", "RulesError"]


def _text(key: str, lang: str, names: Sequence[str] | None, fields: dict[str, Any]) -> str:
    return text(key, lang, names=names, **fields)


def _restore(cls: type[RamsError], state: dict[str, Any]) -> RamsError:
    error = cls.__new__(cls)
    error.__dict__.update(state)
    error.args = (error.key,)
    return error


class RamsError(ValueError):
    """Base of every error the engine raises on bad input: a catalogue ``key`` and its
    ``fields``. The message is worded only when it is read (legal-move generation builds
    errors it never shows)."""

    def __init__(self, key: str, /, **fields: Any) -> None:
        self.key = key
        self.fields = fields
        super().__init__(key)

    def __str__(self) -> str:
        return self.words("en")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (type(self), dict(self.__dict__)))

    def words(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """The message in ``lang``, seats by ``names`` when given."""
        return _text(self.key, lang, names, self.fields)


class NotationError(RamsError):
    """A card, a list of cards or an action that cannot be read (N1, §12)."""


class RulesError(RamsError):
    """An unknown preset or option, a bad value, or options that clash (§9)."""

    def __init__(self, key: str, options: tuple[str, ...] = (), /, **fields: Any) -> None:
        super().__init__(key, **fields)
        #: The option names the error is about, e.g. ``("dave", "talon")``.
        self.options = options


class IllegalActionError(RamsError):
    """An action the rules do not allow in this state; the message starts with the clause id.

    ``reason`` is the message without the clause; :meth:`why` is the reason in any
    language."""

    def __init__(self, clause: str, key: str, /, **fields: Any) -> None:
        super().__init__(key, **fields)
        self.clause = clause

    @property
    def reason(self) -> str:
        """The message without the clause, in English."""
        return self.why("en")

    def why(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """The reason (without the clause) in ``lang``, seats by ``names`` when given."""
        return _text(self.key, lang, names, self.fields)

    def words(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return f"{self.clause}: {self.why(lang, names)}"


class RecordError(RamsError):
    """A game record that is malformed or breaks a rule (§12).

    ``deal`` and ``action`` are 1-based positions (None when the problem is outside a
    deal, or concerns a deal's deck or dealer). A record error often carries the engine's
    error that replaying met (the field ``cause``): :meth:`of` makes one.
    """

    def __init__(
        self, key: str, deal: int | None = None, action: int | None = None, /, **fields: Any
    ) -> None:
        super().__init__(key, **fields)
        self.deal = deal
        self.action = action

    @property
    def reason(self) -> str:
        """The message without the place, in English."""
        return _text(self.key, "en", None, self.fields)

    @classmethod
    def of(
        cls, cause: RamsError, deal: int | None = None, action: int | None = None
    ) -> RecordError:
        """The record error of an engine error met while replaying (deal, action 1-based)."""
        return cls("record.cause", deal, action, cause=cause)

    @property
    def cause(self) -> RamsError | None:
        """The engine's error that replaying met, if any."""
        cause = self.fields.get("cause")
        return cause if isinstance(cause, RamsError) else None

    def _where(self, lang: str) -> str:
        if self.deal is None:
            return _text("record.where_record", lang, None, {})
        if self.action is None:
            return _text("record.where_deal", lang, None, {"deal": self.deal})
        return _text("record.where_action", lang, None, {"deal": self.deal, "action": self.action})

    def words(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return f"{self._where(lang)}: {_text(self.key, lang, names, self.fields)}"
