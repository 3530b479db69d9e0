"""Whist as the registry sees it (:class:`rams.games.protocol.Family`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rams.games.plain.actions import parse_trump
from rams.games.plain.deal import PlainView
from rams.games.plain.family import PlainFamily
from rams.games.plain.match import PlainMatch
from rams.games.plain.rules import PlainRules
from rams.games.protocol import Family
from rams.games.whist.game import SIDES, WhistMatch, WhistRules
from rams.words import Phrase

if TYPE_CHECKING:
    from rams.sheets import Column

__all__ = ["FAMILY", "WhistFamily"]


class WhistFamily(PlainFamily):
    """Вист (RULES §10.3): two sides; the dealer's ``trump S`` or ``delegate`` (W4)."""

    name = "whist"
    rules_class = WhistRules
    match_class = WhistMatch
    kernel = "sides"
    record_clause = "W10"
    early_tricks = "solver"  # (issue 28, 300 duplicate deals: +0.37 points a deal [+0.17,
    # +0.56] against the heuristic's card in the first tricks, which had measured +0.37
    # [+0.16, +0.58] against searching them by playouts)
    WORDS = frozenset({"delegate"})
    sides: tuple[tuple[int, ...], ...] | None = SIDES

    def parse_word(self, text_: str) -> Any:
        if text_.strip().lower().startswith("trump"):
            return parse_trump(text_, "W4")
        return super().parse_word(text_)

    def sheet_columns(self, match: Any) -> list[Column]:
        """By sides (W1): each side's points in the game in play, its games won in the
        rubber in play, and its rubber points (W7, W8)."""
        from rams.sheets import Column

        return [
            Column(match.side_name(side), SIDES[side], kind)
            for kind in ("points", "games", "rubbers")
            for side in (0, 1)
        ]

    def sheet_note(self, match: Any, deal: int) -> Phrase | None:
        """A game won (W7), and a rubber with its bonus (W8)."""
        info = match.summary()["deals"][deal]
        game = info.get("game")
        if game is None:
            return None
        won = game["winner"]
        fields = {
            "side": match.side_name(won),
            "score": f"{game['score'][won]}:{game['score'][1 - won]}",
            "value": game["value"],
        }
        rubber = info.get("rubber")
        if rubber is not None:
            return Phrase("whist.sheet.rubber", bonus=rubber["bonus"], **fields)
        return Phrase("whist.sheet.game", **fields)

    def standing_scores(self, match: Any) -> list[int]:
        """Each seat's side's rubber points (W8)."""
        points: list[int] = match.points
        return [points[0 if s in SIDES[0] else 1] for s in range(4)]


FAMILY: Family[PlainRules, Any, PlainView, PlainMatch] = WhistFamily()
