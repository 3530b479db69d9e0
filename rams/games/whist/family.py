"""Whist as the registry sees it (:class:`rams.games.protocol.Family`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rams.games.plain.actions import parse_trump
from rams.games.plain.family import PlainFamily
from rams.games.protocol import Family
from rams.games.whist.game import SIDES, WhistMatch, WhistRules
from rams.words import text

__all__ = ["FAMILY", "WhistFamily"]


class WhistFamily(PlainFamily):
    """Вист (RULES §10.3): two sides; the dealer's ``trump S`` or ``delegate`` (W4)."""

    name = "whist"
    rules_class = WhistRules
    match_class = WhistMatch
    kernel = "sides"
    early_tricks = "heuristic"  # (measured in Whist over 200 duplicate deals: +0.37
    # points a deal [+0.16, +0.58] against searching the first tricks by playouts)
    WORDS = frozenset({"delegate"})
    sides: tuple[tuple[int, ...], ...] | None = SIDES

    def parse_word(self, text_: str) -> Any:
        if text_.strip().lower().startswith("trump"):
            return parse_trump(text_)
        return super().parse_word(text_)

    def screen_lines(self, view: Any, names: Sequence[str], lang: str) -> list[str]:
        a, b = (f"{names[x]}+{names[y]}" for x, y in SIDES)
        return [text("whist.screen.sides", lang, a=a, b=b)]


FAMILY: Family = WhistFamily()
