"""The four trump deals (RULES §10.5): rules, deal and match.

>>> rules = KonyRules.preset("kony")
>>> rules.players, rules.pack_size, rules.must_trump
(4, 32, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from rams.cards import SUIT_MASKS, SUITS
from rams.events import Event
from rams.games.plain.actions import Trump
from rams.games.plain.deal import Kind, Phase, PlainDeal
from rams.games.plain.match import PlainMatch
from rams.games.plain.rules import PlainPreset, PlainRules, option
from rams.tricks import SUIT, TRUMP, trick_rules

__all__ = ["KonyDeal", "KonyMatch", "KonyRules"]

#: Points for each trick taken (T5).
PER_TRICK = 3
#: Deals in a game (T2).
DEALS = 4


@dataclass(frozen=True)
class KonyRules(PlainRules):
    """The options of the four trump deals (T1, T4)."""

    family = "kony"
    PRESETS: ClassVar[Mapping[str, PlainPreset]] = {"kony": PlainPreset("kony", "004", (4, 4))}

    players: int = option(4, "T1", "int", low=4, high=4)
    pack_size: int = option(32, "T1", "choice", 32, 36, 52)
    must_trump: bool = option(True, "T4", "bool")

    @cached_property
    def card_play(self) -> tuple[int, ...]:
        """Follow suit; void, a trump if the option says so; no duty to head (T4)."""
        return trick_rules(follow=TRUMP if self.must_trump else SUIT)


class KonyDeal(PlainDeal):
    """A deal: the player at the dealer's left names the trump and leads (T3, T4)."""

    family = "kony"
    DEAL_CLAUSE = "T2"
    PACK_CLAUSE = "T1"
    PLAY_CLAUSES: ClassVar[dict[str, str]] = dict.fromkeys(
        ("free", "free_lead", "follow", "trump", "turn", "held"), "T4"
    )

    def _begin(self) -> None:
        self.phase = Phase.TRUMP
        self.to_move = (self.dealer + 1) % self.n

    def _prelude_legal(self, seat: int) -> list[Any]:
        return [Trump(s) for s in range(4)]

    def _prelude_apply(self, seat: int, action: Any) -> None:
        suit = action.suit
        self.events.append(Event(Kind.TRUMP, seat, number=suit, clause="T3"))
        self._start_play(seat, trump=suit, trump_mask=SUIT_MASKS[suit])

    def _action_clause(self, action: Any) -> str | None:
        return "T3" if isinstance(action, Trump) else None

    def _turn_clause(self) -> str:
        return "T3" if self.phase is Phase.TRUMP else "T4"

    def action_table(self) -> tuple[Any, ...]:
        return _TABLE

    def _score(self) -> None:
        assert self.play is not None
        self.scores = [PER_TRICK * k for k in self.play.taken]
        for seat, delta in enumerate(self.scores):
            total = self.before[seat] + delta
            self.events.append(Event(Kind.SCORE, seat, delta=delta, record=total, clause="T5"))

    def summary(self) -> dict[str, Any]:
        """T6: ``trump``, ``tricks`` and ``scores`` per seat, ``totals``."""
        taken = list(self.play.taken) if self.play is not None else [0] * self.n
        return {
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "tricks": taken,
            "scores": list(self.scores),
            "totals": [b + s for b, s in zip(self.before, self.scores, strict=True)],
        }


_TABLE: tuple[Any, ...] = tuple(Trump(s) for s in range(4))


class KonyMatch(PlainMatch):
    """Four deals; the highest total wins, ties share (T2, T5)."""

    END_CLAUSE = "T2"
    deal_class = KonyDeal

    def deal_limit(self) -> int:
        return DEALS
