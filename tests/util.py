"""Helpers for rule tests: build a deal from hands written by hand, play record lines, expect
refusals, write decks and records."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from rams.cards import Card, cards_str, parse_card, parse_cards
from rams.errors import IllegalActionError
from rams.games.rams.actions import parse_line
from rams.games.rams.deal import Deal, Standing, arrange_deck
from rams.games.rams.rules import Rules

# Three players, dealer p3: everyone plays and stands pat, the dealer keeps the turned card.
ALL_PLAY_P3_DEALS = (
    "p1 play",
    "p2 play",
    "p3 play",
    "p1 exchange",
    "p2 exchange",
    "p3 exchange",
    "p3 keep",
)


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


# Cards ------------------------------------------------------------------------------------


def c(text: str) -> Card:
    """One card in any accepted spelling (``"AS"``, ``"10h"``, ``"Т♠"``)."""
    return parse_card(text)


def cs(text: str) -> list[Card]:
    """Cards separated by spaces or commas, in the order written."""
    return parse_cards(text)


def sorted_cards(text: str) -> str:
    """Cards written in any order, in record notation and ascending, as :func:`hand_str`
    writes a hand."""
    return cards_str(sorted(parse_cards(text)))


def hand_str(deal: Deal, seat: int) -> str:
    """The cards ``seat`` holds in record notation, in the engine's order (ascending, N3)."""
    return cards_str(deal.hand(seat))


def legal(deal: Deal, seat: int | None = None) -> set[str]:
    """The legal actions of ``seat`` (default: the seat to act) in record notation."""
    return {str(a) for a in deal.legal_actions(seat)}


# Refusals ---------------------------------------------------------------------------------


def snapshot(deal: Deal) -> tuple[Any, ...]:
    """Everything a refused action must leave as it was."""
    seats = range(deal.n)
    return (
        deal.phase,
        deal.to_move,
        deal.winner,
        deal.stake,
        tuple(deal.records),
        tuple(deal.actions),
        len(deal.events),
        tuple(tuple(deal.hand(s)) for s in seats),
        tuple(deal.legal_actions()),
        tuple(tuple(deal.legal_actions(s)) for s in seats),
        deal.stock_count,
        deal.turned,
        deal.trump,
        tuple(deal.calls),
        tuple(deal.active),
        tuple(deal.tricks_taken),
    )


def clause_ids(clause: str) -> list[str]:
    """The clause ids an error names: ``"E4, X1"`` gives ``["E4", "X1"]``."""
    return clause.split(", ")


def refuse(
    deal: Deal, line: str, clauses: str | Iterable[str], *, any_named: bool = False
) -> IllegalActionError:
    """Apply ``line``: it must raise IllegalActionError and leave the deal as it was.

    The error's clause must be ``clauses`` (or one of them). With ``any_named`` an error that
    names several clauses (``"E4, X1"``) passes when one of those it names is in ``clauses``.
    """
    allowed = {clauses} if isinstance(clauses, str) else set(clauses)
    seat, action = parse_line(line)
    before = snapshot(deal)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(action, seat)
    named = info.value.clause
    if any_named:
        assert set(clause_ids(named)) & allowed, str(info.value)
    else:
        assert named in allowed, str(info.value)
    assert snapshot(deal) == before
    return info.value


# Decks and records ------------------------------------------------------------------------


def deck_str(
    preset: str,
    players: int,
    dealer: int,
    hands: dict[int, str],
    turned: str | None = None,
    stock: str = "",
    talon: str = "",
    **overrides: Any,
) -> str:
    """A whole deck, top first, that deals these cards: the ``deck`` of a hand-built record."""
    rules = Rules.preset(preset, players, **overrides)
    return cards_str(arrange_deck(rules, dealer, dict(hands), turned, stock, talon))


def record_text(
    rules: Any,
    players: int,
    deals: Sequence[dict[str, Any] | tuple[int, str, list[str]]],
) -> str:
    """A §12 record (JSON) for players P1, P2, …

    Each deal is a record's deal object, or a (0-based dealer, deck, action lines) tuple.
    """
    return json.dumps(
        {
            "format": "rams-record/1",
            "rules": rules,
            "players": [f"P{i + 1}" for i in range(players)],
            "deals": [
                {"dealer": d[0] + 1, "deck": d[1], "actions": d[2]} if isinstance(d, tuple) else d
                for d in deals
            ],
        }
    )
