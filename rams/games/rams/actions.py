"""The actions of a Rams deal, with the record notation of §12.

Beside the shared card play and one-word actions (:mod:`rams.actions`): the exchange and
the dealer's swap. An action does not carry its seat: the record line ``p2 exchange 7S 8D``
is the seat ``1`` and the action ``Exchange((7S, 8D))``. Actions are immutable, hashable
and compare by value; ``repr`` round-trips and ``str`` is the record notation.

>>> parse_action("exchange 8d 7s")
Exchange(cards=(5, 32))
>>> str(parse_action("exchange 8d 7s")), str(parse_action("Т♦")), str(CLAIM)
('exchange 7S 8D', 'AD', 'claim')
>>> parse_line("p3 swap 7C")
(2, Swap(card=18))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rams.actions import Play, Say, format_line, play_of, split_line
from rams.actions import Told as SharedTold
from rams.cards import Card, Cards, card_str, mask_of, parse_card, parse_cards
from rams.errors import NotationError
from rams.words import text

__all__ = [
    "ACCEPT",
    "CLAIM",
    "CONCEDE",
    "DAVE",
    "GO",
    "KEEP",
    "PASS",
    "PLAY_IN",
    "SELL",
    "TAKE",
    "WORDS",
    "Action",
    "Exchange",
    "Play",
    "Say",
    "Swap",
    "format_line",
    "parse_action",
    "parse_line",
]


@dataclass(frozen=True, slots=True)
class Exchange:
    """Discard these cards and draw as many from the stock (E4); none is standing pat."""

    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        cards = tuple(sorted(self.cards))
        if len(set(cards)) != len(cards):
            raise NotationError("rams.notation.discarded_twice", cards=Cards(cards))
        object.__setattr__(self, "cards", cards)

    @property
    def mask(self) -> int:
        """The discarded cards as a bitmask."""
        return mask_of(self.cards)

    @classmethod
    def of_sorted(cls, cards: tuple[Card, ...]) -> Exchange:
        """An exchange of cards already sorted and distinct (no checks: for hot loops)."""
        e = object.__new__(cls)
        object.__setattr__(e, "cards", cards)
        return e

    def __str__(self) -> str:
        return " ".join(["exchange", *map(card_str, self.cards)])


@dataclass(frozen=True, slots=True)
class Swap:
    """The dealer discards ``card`` and takes the turned card (E5, V3, M3)."""

    card: Card

    def __str__(self) -> str:
        return f"swap {card_str(self.card)}"


Action = Play | Exchange | Swap | Say
"""Any action of a Rams-family deal."""

WORDS = ("play", "pass", "keep", "take", "sell", "go", "dave", "accept", "concede", "claim")
PLAY_IN = Say("play")  #: играю (E1)
PASS = Say("pass")  #: пас (E1)
KEEP = Say("keep")  #: the dealer leaves the turned trump (E5, X1)
TAKE = Say("take")  #: take the duel's talon (V2)
SELL = Say("sell")  #: «Продаю» (V2)
GO = Say("go")  #: «Ходи» (V2)
DAVE = Say("dave")  #: offer «Даве» (V4)
ACCEPT = Say("accept")  #: accept Даве (V4)
CONCEDE = Say("concede")  #: concede instead of accepting Даве (V4)
CLAIM = Say("claim")  #: claim the win at ≤ 0 under overshoot (S7)

_SAY = {
    w: a
    for w, a in zip(
        WORDS, (PLAY_IN, PASS, KEEP, TAKE, SELL, GO, DAVE, ACCEPT, CONCEDE, CLAIM), strict=True
    )
}


def exchange(cards: Iterable[Card]) -> Exchange:
    """An `Exchange` of some cards."""
    return Exchange(tuple(cards))


def parse_action(text: str) -> Action:
    """Read an action in record notation (§12); card spellings as in N1."""
    words = text.split()
    if not words:
        raise NotationError("rams.notation.empty")
    head = words[0].lower()
    if head == "exchange":
        return Exchange(tuple(parse_cards(" ".join(words[1:]))))
    if head == "swap":
        if len(words) != 2:
            raise NotationError("rams.notation.swap_one", text=repr(text))
        return Swap(parse_card(words[1]))
    if head in _SAY:
        if len(words) != 1:
            raise NotationError("rams.notation.no_argument", head=repr(head), text=repr(text))
        return _SAY[head]
    if len(words) == 1:
        played = play_of(words[0])
        if played is not None:
            return played
    raise NotationError("rams.notation.not_an_action", text=repr(text))


def parse_line(text: str) -> tuple[int, Action]:
    """Read a record line ``pN ACTION`` into a 0-based seat and an action (N4, §12)."""
    seat, rest = split_line(text)
    return seat, parse_action(rest)


class Told(SharedTold):
    """A Rams action as a field of a text: «Т♠», «пас» on a screen."""

    __slots__ = ()

    def on_screen(self, lang: str, names: Sequence[str] | None) -> str:
        a = self.action
        if isinstance(a, Play):
            return text("rams.act.card", lang, card=card_str(a.card, lang))
        if isinstance(a, Exchange):
            if not a.cards:
                return text("rams.act.stand_pat", lang)
            return text(
                "rams.act.exchange", lang, cards=" ".join(card_str(c, lang) for c in a.cards)
            )
        if isinstance(a, Swap):
            return text("rams.act.swap", lang, card=card_str(a.card, lang))
        return text(f"rams.act.{a}", lang)
