"""Cards, packs and notation (RULES §1).

A card is a small int, ``suit * 13 + rank``: ranks ``0..12`` are ``2 … A`` (N1) and suits
``0..3`` are ♠ ♣ ♦ ♥ in the order of N3. A set of cards (a hand, a pack) is an int bitmask.
Enums and strings appear only at the edges: parsing and display.

>>> parse_card("10h"), card_str(parse_card("Т♠")), card_str(parse_card("T♠"))
(47, 'AS', 'TS')
>>> card_str(parse_card("дп"), lang="ru")
'Д♠'
>>> cards_str(cards_of(pack_mask(32))[:3])
'7S 8S 9S'

Cards as a field of a text of the catalogue (:mod:`rams.words`) are :class:`Cards`:

>>> from rams.words import Seat, text
>>> text("rams.illegal.not_held", "ru", names=["Аня", "Борис"], who=Seat(1), cards=Cards((12,)))
'у игрока Борис нет Т♠'
>>> text("rams.illegal.not_held", "en", who=Seat(1), cards=Cards((12, 47)))
'p2 does not hold AS TH'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rams.errors import NotationError

__all__ = [
    "ACE",
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "HIGHER",
    "JACK",
    "KING",
    "LOWER",
    "PACK_SIZES",
    "QUEEN",
    "RANKS",
    "SPADES",
    "SUITS",
    "SUIT_MASKS",
    "TEN",
    "Card",
    "Cards",
    "bit",
    "card",
    "card_str",
    "cards_of",
    "cards_str",
    "mask_of",
    "pack",
    "pack_mask",
    "parse_card",
    "parse_cards",
    "rank_of",
    "suit_of",
    "suit_str",
]

Card = int
"""A card: ``suit * 13 + rank``."""

#: Rank letters, low to high (N1). ``T`` is the ten.
RANKS = "23456789TJQKA"
#: Suit letters in the order of N3: ♠ < ♣ < ♦ < ♥.
SUITS = "SCDH"
SUIT_SYMBOLS = "♠♣♦♥"
SPADES, CLUBS, DIAMONDS, HEARTS = range(4)
TEN, JACK, QUEEN, KING, ACE = 8, 9, 10, 11, 12

#: Bitmask of each suit's 13 cards.
SUIT_MASKS: tuple[int, int, int, int] = (
    0x1FFF,
    0x1FFF << 13,
    0x1FFF << 26,
    0x1FFF << 39,
)

_RU_RANKS = {TEN: "10", JACK: "В", QUEEN: "Д", KING: "К", ACE: "Т"}
_EN_RANKS = {TEN: "10"}

# Accepted spellings (N1). Cyrillic «Т» (U+0422) is the ace, Latin T the ten: the tables are
# keyed by code point, so the two never meet.
_RANK_INPUT: dict[str, int] = {r: i for i, r in enumerate(RANKS)}
_RANK_INPUT.update({"10": TEN, "Т": ACE, "К": KING, "Д": QUEEN, "В": JACK})
_SUIT_INPUT: dict[str, int] = {s: i for i, s in enumerate(SUITS)}
_SUIT_INPUT.update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})
_SUIT_INPUT.update({"♤": SPADES, "♧": CLUBS, "♢": DIAMONDS, "♡": HEARTS})
# Russian suit initials: пики, трефы, бубны, черви.
_SUIT_INPUT.update({"П": SPADES, "Т": CLUBS, "Б": DIAMONDS, "Ч": HEARTS})

#: The packs of N2 and K1, by size.
PACK_SIZES = (30, 32, 36, 52)


#: For each card, the bitmask of the higher cards of its suit (overtrumping, heading).
HIGHER: tuple[int, ...] = tuple(
    sum(1 << (13 * (c // 13) + r) for r in range(c % 13 + 1, 13)) for c in range(52)
)
#: For each card, the bitmask of the lower cards of its suit.
LOWER: tuple[int, ...] = tuple(
    sum(1 << (13 * (c // 13) + r) for r in range(c % 13)) for c in range(52)
)


def card(rank: int, suit: int) -> Card:
    """The card of a rank index (0 = 2 … 12 = A) and a suit index (0 = ♠ … 3 = ♥)."""
    return suit * 13 + rank


def suit_of(c: Card) -> int:
    """The suit index of a card."""
    return c // 13


def rank_of(c: Card) -> int:
    """The rank index of a card: 0 for a two, 12 for an ace."""
    return c % 13


def bit(c: Card) -> int:
    """The one-card bitmask of ``c``."""
    return 1 << c


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of some cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _suit_cards(suit: int) -> tuple[tuple[Card, ...], ...]:
    """The cards of every 13-bit pattern of ``suit``, by the pattern: the patterns below
    ``1 << r`` doubled by the rank ``r`` each time (a fifth of the time of testing each bit
    of each pattern, which a command's start paid)."""
    patterns: list[tuple[Card, ...]] = [()]
    for r in range(13):
        c = (13 * suit + r,)
        patterns += [p + c for p in patterns]
    return tuple(patterns)


# For each suit, the cards of every 13-bit pattern of that suit (cards_of without a bit
# loop): built once cards_of has been asked _EARLY times (a command that asks for a few
# cards, a record's replay, does not pay the 32 768 patterns' few milliseconds), the cards
# found bit by bit till then.
_SUIT_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] | None = None
_EARLY = 1000
_early = 0


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, in ascending order (by suit, then rank: N3).

    >>> cards_of(0b101), cards_of(1 << 51 | 1 << 13)
    ([0, 2], [13, 51])
    """
    try:
        s0, s1, s2, s3 = _SUIT_CARDS  # type: ignore[misc]
    except TypeError:  # (not built yet: no cost to the calls once it is)
        return _cards_of_early(mask)
    out = list(s0[mask & 0x1FFF])
    if mask >> 13:
        out += s1[(mask >> 13) & 0x1FFF]
        out += s2[(mask >> 26) & 0x1FFF]
        out += s3[(mask >> 39) & 0x1FFF]
    return out


def _cards_of_early(mask: int) -> list[Card]:
    """:func:`cards_of` before its table is built (bit by bit), which builds it at the
    :data:`_EARLY`-th call."""
    global _SUIT_CARDS, _early
    _early += 1
    if _early >= _EARLY:
        _SUIT_CARDS = tuple(_suit_cards(s) for s in range(4))
    mask &= (1 << 52) - 1
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def parse_card(text: str) -> Card:
    """Read one card in any accepted spelling (N1): ``AS``, ``10h``, ``Т♠``, ``дп``.

    >>> parse_card("QD") == parse_card("Д♦") == parse_card("qd")
    True
    """
    t = text.strip().upper()
    if len(t) < 2:
        raise NotationError("notation.not_a_card", text=repr(text))
    rank = _RANK_INPUT.get(t[:-1])
    suit = _SUIT_INPUT.get(t[-1])
    if rank is None or suit is None:
        raise NotationError("notation.not_a_card", text=repr(text))
    return card(rank, suit)


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas; an empty string gives no cards."""
    return [parse_card(t) for t in text.replace(",", " ").split()]


def card_str(c: Card, lang: str = "record") -> str:
    """Write a card in ``record`` notation (``TS``), or for display in ``en`` (``10♠``, ``A♠``)
    or ``ru`` (``10♠``, ``Т♠``)."""
    rank, suit = rank_of(c), suit_of(c)
    if lang == "record":
        return RANKS[rank] + SUITS[suit]
    names = _RU_RANKS if lang == "ru" else _EN_RANKS
    return names.get(rank, RANKS[rank]) + SUIT_SYMBOLS[suit]


def cards_str(cards: Iterable[Card], lang: str = "record") -> str:
    """Write cards separated by spaces."""
    return " ".join(card_str(c, lang) for c in cards)


def card_codes(cards: Iterable[Card]) -> list[str]:
    """Cards as a list of record codes (``["AS", "TD"]``): how the wire sends them."""
    return [card_str(c) for c in cards]


def suit_str(suit: int, lang: str = "record") -> str:
    """Write a suit: its letter in records, its symbol on screen."""
    return SUITS[suit] if lang == "record" else SUIT_SYMBOLS[suit]


class Cards(tuple[Card, ...]):
    """Cards as a field of a text (:mod:`rams.words`): record notation in the engine's own
    English text (``AS 8D``), symbols on a screen (``Т♠ 8♦`` in Russian)."""

    __slots__ = ()

    def words(self, lang: str, names: Sequence[str] | None = None) -> str:
        notation = "record" if names is None and lang == "en" else lang
        return " ".join(card_str(c, notation) for c in self)


def _build_pack(size: int) -> tuple[Card, ...]:
    lowest = {32: 5, 36: 4, 52: 0, 30: 5}[size]
    cards = [card(r, s) for s in range(4) for r in range(lowest, 13)]
    if size == 30:
        # K1: the 36-card pack without the four sixes, the 7♠ and the 7♣.
        cards.remove(card(5, SPADES))
        cards.remove(card(5, CLUBS))
    return tuple(cards)


_PACKS = {size: _build_pack(size) for size in PACK_SIZES}
_PACK_MASKS = {size: mask_of(cards) for size, cards in _PACKS.items()}


def pack(size: int) -> tuple[Card, ...]:
    """The cards of a pack (N2, K1) in ascending order; sizes 30, 32, 36, 52."""
    try:
        return _PACKS[size]
    except KeyError:
        raise NotationError("notation.no_pack", size=size, sizes=PACK_SIZES) from None


def pack_mask(size: int) -> int:
    """The bitmask of a pack."""
    pack(size)
    return _PACK_MASKS[size]
