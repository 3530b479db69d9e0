"""Helpers for rule tests: build a deal from hands written by hand, play record lines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rams.actions import parse_line
from rams.cards import Card
from rams.deal import Deal, Standing, arrange_deck
from rams.rules import Rules


def make_deal(
    preset: str,
    players: int,
    *,
    dealer: int,
    hands: dict[int, str] | None = None,
    turned: str | None = None,
    stock: str = "",
    talon: str = "",
    records: Sequence[int] | None = None,
    stake: int = 1,
    dave_offerer: int | None = None,
    **overrides: Any,
) -> Deal:
    """A deal of ``preset`` with the given hands (0-based seats), turned card and stock top.

    Unspecified places get the remaining cards in ascending order (7S 8S … for 32 cards).
    """
    rules = Rules.preset(preset, players, **overrides)
    deck = arrange_deck(rules, dealer, dict(hands or {}), turned, stock, talon)
    standing = None
    if records is not None:
        standing = Standing(tuple(records), stake, dave_offerer)
    return Deal(rules, dealer, deck, standing)


def run(deal: Deal, *lines: str) -> Deal:
    """Apply record lines (``"p1 play"``, ``"p2 AS"``) in order; returns the deal."""
    for line in lines:
        seat, action = parse_line(line)
        deal.apply(action, seat)
    return deal


def cards(deal: Deal, seat: int) -> list[Card]:
    """The cards a seat holds (test access to the full state)."""
    return deal.hand(seat)
