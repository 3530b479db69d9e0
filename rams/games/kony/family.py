"""The four trump deals as the registry sees them (:class:`rams.games.protocol.Family`)."""

from __future__ import annotations

from typing import Any

from rams.games.kony.game import KonyMatch, KonyRules
from rams.games.plain.actions import parse_trump
from rams.games.plain.deal import PlainView
from rams.games.plain.family import PlainFamily
from rams.games.plain.match import PlainMatch
from rams.games.plain.rules import PlainRules
from rams.games.protocol import Family
from rams.words import Phrase, Seat, Suit

__all__ = ["FAMILY", "KonyFamily"]


class KonyFamily(PlainFamily):
    """«Четыре кона» (RULES §10.5)."""

    name = "kony"
    rules_class = KonyRules
    match_class = KonyMatch
    kernel = "tricks"
    record_clause = "T6"

    def parse_word(self, text: str) -> Any:
        return parse_trump(text, "T3")

    def sheet_note(self, match: Any, deal: int) -> Phrase | None:
        """The trump of the deal and who named it (T3: each player names once)."""
        d = match.deals[deal]
        if d.trump < 0:
            return None
        return Phrase("kony.sheet.trump", suit=Suit(d.trump), who=Seat((d.dealer + 1) % d.n))


FAMILY: Family[PlainRules, Any, PlainView, PlainMatch] = KonyFamily()
