"""Ramsch as the registry sees it (:class:`rams.games.protocol.Family`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rams.games.plain.family import PlainFamily
from rams.games.protocol import Family
from rams.games.ramsch.game import RamschMatch, RamschRules
from rams.words import Phrase, text

__all__ = ["FAMILY", "RamschFamily"]


class RamschFamily(PlainFamily):
    """Fikhman's «Рамс» (RULES §10.2): a card-play-only game; every action is a card."""

    name = "ramsch"
    rules_class = RamschRules
    match_class = RamschMatch
    kernel = "points"

    def screen_lines(self, view: Any, names: Sequence[str], lang: str) -> list[str]:
        points = view.extra.get("card_points", [])
        shown = ", ".join(f"{names[s]} {p}" for s, p in enumerate(points))
        return [text("ramsch.screen.points", lang, points=shown)]

    def sheet_note(self, match: Any, deal: int) -> Phrase | None:
        """A void deal (F7.1) is noted on the sheet."""
        return Phrase("ramsch.sheet.void") if match.deals[deal].void else None


FAMILY: Family = RamschFamily()
