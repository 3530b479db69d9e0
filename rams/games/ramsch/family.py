"""Ramsch as the registry sees it (:class:`rams.games.protocol.Family`)."""

from __future__ import annotations

from typing import Any

from rams.games.plain.deal import PlainView
from rams.games.plain.family import PlainFamily
from rams.games.plain.match import PlainMatch
from rams.games.plain.rules import PlainRules
from rams.games.protocol import Family
from rams.games.ramsch.game import RamschMatch, RamschRules
from rams.words import Phrase

__all__ = ["FAMILY", "RamschFamily"]


class RamschFamily(PlainFamily):
    """Fikhman's «Рамс» (RULES §10.2): a card-play-only game; every action is a card."""

    name = "ramsch"
    rules_class = RamschRules
    match_class = RamschMatch
    kernel = "points"
    record_clause = "F9"

    def display_lines(self, view: Any) -> tuple[Phrase, ...]:
        """No trump (F1); the jacks, when they are trumps (F5)."""
        if view.rules.jacks_trump:
            return (Phrase("ramsch.screen.jacks"),)
        return super().display_lines(view)

    def sheet_note(self, match: Any, deal: int) -> Phrase | None:
        """A void deal (F7.1) is noted on the sheet."""
        return Phrase("ramsch.sheet.void") if match.deals[deal].void else None


FAMILY: Family[PlainRules, Any, PlainView, PlainMatch] = RamschFamily()
