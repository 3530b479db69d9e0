"""The actions of the plain trick games beside a card (:class:`rams.actions.Play`) and a
word (:class:`rams.actions.Say`): naming the trump (Whist's W4, the trump deals' T3); and
:class:`Told`, an action as a field of a refusal's text.

>>> str(Trump(3)), parse_trump("trump h")
('trump H', Trump(suit=3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rams.actions import Play, Say
from rams.actions import Told as SharedTold
from rams.cards import SUITS, Cards
from rams.errors import NotationError
from rams.words import Suit, has, text

__all__ = ["Told", "Trump", "parse_trump"]


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


class Told(SharedTold):
    """A plain game's action as a field of a text: «сыграть Т♠», «назначить козырь: пики»,
    «сказать «Пас»» on a screen. A family's own action words itself by its
    ``told(lang, names)`` (Boston's bids)."""

    __slots__ = ()

    def on_screen(self, lang: str, names: Sequence[str] | None) -> str:
        a = self.action
        if isinstance(a, Play):
            return text("plain.told.card", lang, names=names, card=Cards((a.card,)))
        if isinstance(a, Trump):
            return text("plain.told.trump", lang, suit=Suit(a.suit))
        if isinstance(a, Say):
            key = f"plain.act.{a.word}"
            said = text(key, lang) if has(key) else a.word
            return text("plain.told.say", lang, word=said)
        told = getattr(a, "told", None)
        if callable(told):
            return str(told(lang, names))
        return str(a)
