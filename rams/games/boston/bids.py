"""Boston's actions and bids (B3–B6): what a bid is worth, how it is written.

>>> Bid("6H").value(turned_suit=0), Bid("6C").value(turned_suit=0), Bid("small-null").value(0)
(6, 7, 15)
>>> str(parse_boston("bid 13S")), str(parse_boston("invite p3")), str(parse_boston("aside 5C"))
('bid 13S', 'invite p3', 'aside 5C')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rams.actions import Say
from rams.cards import SUIT_SYMBOLS, SUITS, Card, card_str, parse_card
from rams.errors import NotationError
from rams.words import Seat, text

__all__ = [
    "BIDS",
    "NULLS",
    "TRICKS",
    "WORDS",
    "Aside",
    "Bid",
    "BidField",
    "Invite",
    "bid_words",
    "parse_boston",
    "suit_class",
]

#: B3: the trick counts a trump game may bid (no 10–12).
TRICKS = (5, 6, 7, 8, 9, 13)
#: B3: each trick count's value in the first, second and third suit class.
TRUMP_VALUES = {5: (3, 2, 1), 6: (8, 7, 6), 7: (13, 12, 11), 8: (18, 17, 16), 9: (23, 22, 21),
                13: (50, 49, 48)}  # fmt: skip
#: B3: the null games and their values.
NULLS = {"small-null": 15, "big-null": 25, "small-open": 35, "big-open": 45}
#: The words of Boston (B4, B5).
WORDS = frozenset({"pass", "alone", "accept", "decline", "together", "reject"})


def suit_class(suit: int, turned_suit: int) -> int:
    """B2: 0 for the first class (the turned card's suit), 1 for the second (the other suit
    of its colour: ♠ with ♣, ♦ with ♥), 2 for the third (the other colour)."""
    if suit == turned_suit:
        return 0
    return 1 if suit // 2 == turned_suit // 2 else 2


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid (B3): ``6H`` (six tricks, hearts trumps) or a null game, ``small-null``."""

    contract: str

    def __post_init__(self) -> None:
        if self.contract in NULLS:
            return
        count, suit = self.contract[:-1], self.contract[-1:]
        if suit not in SUITS or not count.isdigit() or int(count) not in TRICKS:
            raise NotationError("boston.notation.bid", text=repr(self.contract), clause="B3")

    @property
    def is_null(self) -> bool:
        return self.contract in NULLS

    @property
    def tricks(self) -> int:
        """The tricks a trump game must take (0 for a null game)."""
        return 0 if self.is_null else int(self.contract[:-1])

    @property
    def suit(self) -> int:
        """The trump suit (-1 for a null game)."""
        return -1 if self.is_null else SUITS.index(self.contract[-1])

    def value(self, turned_suit: int) -> int:
        """B3: what the game is worth, by its suit's class."""
        if self.is_null:
            return NULLS[self.contract]
        return TRUMP_VALUES[self.tricks][suit_class(self.suit, turned_suit)]

    def __str__(self) -> str:
        return f"bid {self.contract}"

    def told(self, lang: str, names: Sequence[str] | None = None) -> str:
        """As a refusal says it: «заявить 6 ♥»."""
        return text("boston.told.bid", lang, bid=bid_words(self.contract, lang))


@dataclass(frozen=True, slots=True)
class Invite:
    """The declarer invites a partner (B5): ``invite p3``."""

    seat: int

    def __str__(self) -> str:
        return f"invite p{self.seat + 1}"

    def told(self, lang: str, names: Sequence[str] | None = None) -> str:
        """As a refusal says it: «позвать в партнёры игрока Веру»."""
        return text("boston.told.invite", lang, names=names, who=Seat(self.seat))


@dataclass(frozen=True, slots=True)
class Aside:
    """The declarer of a small null sets a card aside (B6): ``aside 5C``."""

    card: Card

    def __str__(self) -> str:
        return f"aside {card_str(self.card)}"

    def told(self, lang: str, names: Sequence[str] | None = None) -> str:
        """As a refusal says it: «отложить 5♣»."""
        return text("boston.told.aside", lang, card=card_str(self.card, lang))


#: Every bid, in the order of the action ids: the trump games by tricks and suit, then the
#: nulls.
BIDS: tuple[Bid, ...] = (
    *(Bid(f"{n}{s}") for n in TRICKS for s in SUITS),
    *(Bid(name) for name in NULLS),
)


def parse_boston(text: str) -> Bid | Invite | Aside | Say:
    """A Boston action as a record writes it (B13), other than a card."""
    word, _, rest = text.strip().partition(" ")
    word = word.lower()
    rest = rest.strip()
    if word == "bid" and rest:
        return Bid(rest.lower() if rest.lower() in NULLS else rest.upper())
    if word == "invite" and rest[:1] in "pP" and rest[1:].isdigit() and int(rest[1:]) >= 1:
        return Invite(int(rest[1:]) - 1)
    if word == "aside" and rest:
        return Aside(parse_card(rest))
    if word in WORDS and not rest:
        return Say(word)
    raise NotationError("plain.notation.unknown", text=repr(text), clause="B13")


def bid_words(contract: str, lang: str) -> str:
    """A bid as people say it: «6♥», «малый нуль»."""
    if contract in NULLS:
        return text(f"boston.bid.{contract}", lang)
    return text(
        "boston.bid.trump",
        lang,
        tricks=contract[:-1],
        symbol=SUIT_SYMBOLS["SCDH".index(contract[-1])],
    )


class BidField:
    """A bid as a field of a text, worded in the text's language."""

    def __init__(self, contract: str) -> None:
        self.contract = contract

    def words(self, lang: str, names: Sequence[str] | None = None) -> str:
        return bid_words(self.contract, lang)
