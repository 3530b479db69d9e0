"""The four trump deals as the registry sees them (:class:`rams.games.protocol.Family`)."""

from __future__ import annotations

from typing import Any

from rams.games.kony.game import KonyMatch, KonyRules
from rams.games.plain.actions import parse_trump
from rams.games.plain.family import PlainFamily
from rams.games.protocol import Family

__all__ = ["FAMILY", "KonyFamily"]


class KonyFamily(PlainFamily):
    """«Четыре кона» (RULES §10.5)."""

    name = "kony"
    rules_class = KonyRules
    match_class = KonyMatch
    kernel = "tricks"

    def parse_word(self, text: str) -> Any:
        return parse_trump(text)


FAMILY: Family = KonyFamily()
