"""Where each card of a Rams deck goes (D2, D3, K1, V2), and decks built by hand: the
inverse of dealing, for tests and worked examples.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rams.cards import Card, Cards, pack, parse_card, parse_cards
from rams.errors import RulesError
from rams.games.rams.rules import Rules
from rams.words import Joined, Phrase

__all__ = ["arrange_deck", "deck_layout", "deck_problem"]


def deck_layout(rules: Rules, dealer: int) -> list[int | str]:
    """Where each card of the deck goes, top first (D2, D3, K1, V2): a 0-based seat, or
    ``"talon"``, ``"turned"``, ``"stock"``, ``"unused"``.

    >>> deck_layout(Rules.preset("classic", 3), dealer=2)[:8]
    [0, 0, 0, 1, 1, 1, 2, 2]
    """
    n = rules.players
    order: list[int | str] = [(dealer + i) % n for i in range(1, n + 1)]
    if rules.talon:
        order = [(dealer + 1) % n, dealer, "talon"]
    layout: list[int | str] = []
    for size in rules.packets:
        for who in order:
            layout += [who] * size
    rest = rules.pack_size - len(layout)
    if not rules.turned_card_in_hand:
        layout.append("turned")
        rest -= 1
    layout += ["unused" if rules.talon else "stock"] * rest
    return layout


def arrange_deck(
    rules: Rules,
    dealer: int,
    hands: dict[int, str | Sequence[Card]] | None = None,
    turned: str | Card | None = None,
    stock: str | Sequence[Card] = (),
    talon: str | Sequence[Card] = (),
) -> list[Card]:
    """A deck that deals the given cards (the inverse of D2): ``hands`` by 0-based seat,
    the ``turned`` card, the top of the ``stock`` in order, the duel's ``talon``. Every
    other place gets the remaining cards of the pack in ascending order.

    >>> from rams.cards import cards_str
    >>> r = Rules.preset("classic", 3)
    >>> deck = arrange_deck(r, 2, {0: "AS KS QS JS TS"}, turned="7H", stock="AH")
    >>> cards_str(deck[:3]), cards_str(deck[15:17])
    ('AS KS QS', '7H AH')
    """

    def read(x: str | Sequence[Card]) -> list[Card]:
        return parse_cards(x) if isinstance(x, str) else list(x)

    layout = deck_layout(rules, dealer)
    wanted: dict[int | str, list[Card]] = {
        seat: read(cards) for seat, cards in (hands or {}).items()
    }
    if turned is not None:
        wanted["turned"] = [parse_card(turned)] if isinstance(turned, str) else [turned]
    wanted["stock"] = read(stock)
    wanted["talon"] = read(talon)
    used = [c for cards in wanted.values() for c in cards]
    if len(set(used)) != len(used):
        raise RulesError("rams.rules.placed_twice", ("pack",))
    spare = [c for c in pack(rules.pack_size) if c not in set(used)]
    if len(spare) + len(used) != rules.pack_size:
        raise RulesError("rams.rules.placed_not_in_pack", ("pack",))
    deck = []
    for place in layout:
        queue = wanted.get(place)
        deck.append(queue.pop(0) if queue else spare.pop(0))
    left = [place for place, cards in wanted.items() if cards]
    if left:
        raise RulesError("rams.rules.too_many_for", ("packets",), place=repr(left[0]))
    return deck


def deck_problem(deck: Iterable[Card], expected: Sequence[Card], size: int) -> RulesError:
    """What is wrong with a deck that is not the pack, once each (N2, D1)."""
    got = list(deck)
    missing = sorted(set(expected) - set(got))
    extra = sorted(set(got) - set(expected))
    dupes = sorted({c for c in got if got.count(c) > 1})
    parts = []
    if missing:
        parts.append(Phrase("rams.deck.missing", cards=Cards(missing)))
    if extra:
        parts.append(Phrase("rams.deck.extra", cards=Cards(extra)))
    if dupes:
        parts.append(Phrase("rams.deck.repeated", cards=Cards(dupes)))
    if not parts:
        parts.append(Phrase("rams.deck.count", count=len(got)))
    return RulesError("rams.rules.bad_deck", ("pack",), size=size, problems=Joined(parts))
