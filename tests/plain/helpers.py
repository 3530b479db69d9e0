"""Building positions of the plain games (RULES §10.2–10.5) by hand: decks from hands,
deals driven by record lines."""

from __future__ import annotations

from typing import Any

from rams import games
from rams.cards import card_str, cards_of, pack, parse_cards

__all__ = ["deal_of", "deck_for", "hand", "run"]


def deck_for(
    preset: str, players: int, dealer: int, hands: dict[int, str], rest: str = "", **options: Any
) -> list[int]:
    """The deck (top first) that deals ``hands`` (0-based seat → cards) one card at a time
    from the dealer's left, the dealer last; seats not given get the remaining cards in pack
    order, and ``rest`` (Ramsch's skat) lies at the bottom."""
    rules = games.family_of(preset).rules(preset, players, **options)
    size = rules.pack_size
    per = size // players
    given = {s: parse_cards(h) for s, h in hands.items()}
    tail = parse_cards(rest) if rest else []
    used = {c for cs in given.values() for c in cs} | set(tail)
    assert len(used) == sum(len(cs) for cs in given.values()) + len(tail), "a card twice"
    spare = [c for c in pack(size) if c not in used]
    for s in range(players):
        if s not in given:
            given[s], spare = spare[:per], spare[per:]
        assert len(given[s]) == per, f"seat {s} holds {len(given[s])} cards, not {per}"
    tail = tail + spare
    deck = []
    for i in range(per):
        for k in range(players):
            deck.append(given[(dealer + 1 + k) % players][i])
    return deck + tail


def deal_of(
    preset: str,
    players: int,
    dealer: int,
    hands: dict[int, str],
    rest: str = "",
    *,
    before: list[int] | None = None,
    turned: str | None = None,
    **options: Any,
) -> Any:
    """A deal of ``preset`` from hand-built hands (see :func:`deck_for`)."""
    family = games.family_of(preset)
    rules = family.rules(preset, players, **options)
    deck = deck_for(preset, players, dealer, hands, rest, **options)
    match = family.new_match(rules, first_dealer=dealer)
    extra = {} if turned is None else {"turned": parse_cards(turned)[0]}
    deal = match.start_deal(deck, dealer, **extra)
    if before is not None:
        deal.before = tuple(before)
    return deal


def run(deal: Any, *lines: str) -> Any:
    """Apply record lines (``p1 AS``, ``p2 bid 6H`` …) in turn; returns the deal."""
    family = games.family(deal.family)
    for line in lines:
        seat, action = family.parse_line(line)
        deal.apply(action, seat)
    return deal


def hand(deal: Any, seat: int) -> str:
    """The cards ``seat`` holds now, in record notation, in pack order."""
    return " ".join(card_str(c) for c in cards_of(deal.hand_of(seat)))
