"""Actions every game shares: playing a card, and actions that are one word; record lines.

An action does not carry its seat: the record line ``p2 AS`` is the seat ``1`` and the
action ``Play(AS)``. Actions are immutable, hashable and compare by value; ``str`` is the
record notation (§12). Each game family adds its own actions (Rams' exchange and swap,
Boston's bids) and reads its record lines with its own parser, using :func:`split_line`.

>>> str(Play(parse_card("TD"))), str(Say("pass")), split_line("p3 swap 7C")
('TD', 'pass', (2, 'swap 7C'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rams.cards import Card, card_str, parse_card
from rams.errors import NotationError

__all__ = ["Play", "Say", "Told", "format_line", "play", "split_line"]


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick."""

    card: Card

    def __str__(self) -> str:
        return card_str(self.card)


@dataclass(frozen=True, slots=True, eq=False)
class Say:
    """An action that is one word (``pass``, ``claim``, ``accept``…); which words a game
    knows is its family's to say."""

    word: str

    def __post_init__(self) -> None:
        if not self.word or not self.word.isascii() or not self.word.replace("-", "").isalpha():
            raise NotationError("notation.not_a_word", word=repr(self.word))

    def __str__(self) -> str:
        return self.word

    # Equality by word, with a fast path for the shared constants (compared in hot loops).
    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is Say and self.word == other.word)

    def __hash__(self) -> int:
        return hash(self.word)


_PLAYS = tuple(Play(c) for c in range(52))


def play(card: Card) -> Play:
    """The shared `Play` value of a card (no allocation in hot loops)."""
    return _PLAYS[card]


def play_of(text: str) -> Play | None:
    """The card play a word names (``AS``, ``Т♠``), or None if it names no card."""
    try:
        return _PLAYS[parse_card(text)]
    except NotationError:
        return None


def split_line(text: str) -> tuple[int, str]:
    """A record line ``pN ACTION`` split into the 0-based seat and the action's text (N4)."""
    seat_text, _, rest = text.strip().partition(" ")
    number = seat_text[1:]
    if (
        len(seat_text) < 2
        or seat_text[0] not in "pP"
        or not (number.isascii() and number.isdigit())
        or len(number) > 2
    ):
        raise NotationError("notation.no_seat", text=repr(text[:40]))
    seat = int(number) - 1
    if seat < 0:
        raise NotationError("notation.seat_zero", text=repr(text))
    return seat, rest


def format_line(seat: int, action: object) -> str:
    """Write a record line: ``p2 exchange 7S 8D``."""
    return f"p{seat + 1} {action}"


class Told:
    """An action as a field of a text (what a refusal says a player may not do): its record
    notation in the engine's own English text (``AS``, ``trump S``), and on a screen the
    words a family gives it (:meth:`on_screen`: «сыграть Т♠», «сказать «Пас»»)."""

    __slots__ = ("action",)

    def __init__(self, action: Any) -> None:
        self.action = action

    def __str__(self) -> str:
        return str(self.action)

    def words(self, lang: str, names: Sequence[str] | None = None) -> str:
        if lang == "en" and names is None:
            return str(self.action)
        return self.on_screen(lang, names)

    def on_screen(self, lang: str, names: Sequence[str] | None) -> str:
        """The action in words on a screen in ``lang`` (a family's)."""
        raise NotImplementedError
