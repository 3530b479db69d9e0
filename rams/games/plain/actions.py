"""The actions of the plain trick games beside a card (:class:`rams.actions.Play`) and a
word (:class:`rams.actions.Say`): naming the trump (Whist's W4, the trump deals' T3).

>>> str(Trump(3)), parse_trump("trump h")
('trump H', Trump(suit=3))
"""

from __future__ import annotations

from dataclasses import dataclass

from rams.cards import SUITS
from rams.errors import NotationError

__all__ = ["Trump", "parse_trump"]


@dataclass(frozen=True, slots=True)
class Trump:
    """Name the trump suit (``trump S``)."""

    suit: int

    def __str__(self) -> str:
        return f"trump {SUITS[self.suit]}"


def parse_trump(text: str, clause: str = "§12") -> Trump:
    """``trump S`` (a suit letter S, C, D or H, in either case); refused citing ``clause``,
    the game's clause that sets how a trump is named (W4, T3)."""
    word, _, rest = text.strip().partition(" ")
    letter = rest.strip().upper()
    if word.lower() != "trump" or len(letter) != 1 or letter not in SUITS:
        raise NotationError("plain.notation.trump", text=repr(text), clause=clause)
    return Trump(SUITS.index(letter))
