"""Boston (RULES §10.4): rules, deal and match.

>>> BostonRules.preset("boston").deals
4
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from rams.actions import Say
from rams.cards import SUIT_MASKS, Card, Cards, cards_of
from rams.errors import IllegalActionError
from rams.events import Event
from rams.games.boston.bids import BIDS, Aside, Bid, BidField, Invite
from rams.games.plain.deal import Kind, Phase, PlainDeal
from rams.games.plain.match import PlainMatch
from rams.games.plain.rules import PlainPreset, PlainRules, option
from rams.tricks import SUIT, trick_rules
from rams.words import Seat

__all__ = ["BostonDeal", "BostonMatch", "BostonRules"]

PASS, ALONE, ACCEPT, DECLINE, TOGETHER, REJECT = (
    Say(w) for w in ("pass", "alone", "accept", "decline", "together", "reject")
)
#: B5: partners must take this many tricks more than bid.
PARTNER_EXTRA = 3


@dataclass(frozen=True)
class BostonRules(PlainRules):
    """The options of Boston (B12)."""

    family: ClassVar[str] = "boston"
    PRESETS: ClassVar[Mapping[str, PlainPreset]] = {
        "boston": PlainPreset("boston", "004", (4, 4)),
    }

    players: int = option(4, "B1", "int", low=4, high=4)
    deals: int = option(4, "B12", "int", low=1, high=1000)

    @property
    def pack_size(self) -> int:
        """The 52-card pack (B1)."""
        return 52

    @cached_property
    def card_play(self) -> tuple[int, ...]:
        """Follow suit, else any card; no duty to trump (B8)."""
        return trick_rules(follow=SUIT)


class BostonDeal(PlainDeal):
    """A deal: the auction (B4), the partner (B5), the set-aside card (B6), the play."""

    family = "boston"
    DEAL_CLAUSE = "B1"
    PACK_CLAUSE = "B1"
    PLAY_CLAUSES: ClassVar[dict[str, str]] = dict.fromkeys(
        ("free", "free_lead", "follow", "held", "turn"), "B8"
    )

    def _setup(self, turned: Card | None = None, **extra: Any) -> None:
        super()._setup(**extra)
        if turned is None:
            raise IllegalActionError("B1", "boston.illegal.no_turned")
        self.turned = turned
        self.bids: list[tuple[int, Bid]] = []
        self.passed: set[int] = set()
        self.contract: Bid | None = None
        self.declarer: int | None = None
        self.partner: int | None = None
        self.refused: set[int] = set()  # declined the invitation, or rejected (B5)
        self.invited: int | None = None  # the seat asked, answering
        self.offered: int | None = None  # the seat that said «Играю вместе», answered
        self.opened = False

    def _copy_into(self, other: Any) -> None:
        other.bids = list(self.bids)
        other.passed = set(self.passed)
        other.refused = set(self.refused)

    def record_fields(self) -> dict[str, Any]:
        return {"turned": self.turned}

    def _begin(self) -> None:
        self.events.append(Event(Kind.TURNED, None, (self.turned,), clause="B1"))
        self.phase = Phase.AUCTION
        self.to_move = (self.dealer + 1) % 4

    # The auction (B3, B4) ---------------------------------------------------------------

    @property
    def turned_suit(self) -> int:
        return self.turned // 13

    def value(self, bid: Bid) -> int:
        """B3: a bid's value in this deal."""
        return bid.value(self.turned_suit)

    def _highest(self) -> int:
        return self.value(self.bids[-1][1]) if self.bids else 0

    def _prelude_legal(self, seat: int) -> list[Any]:
        if self.phase is Phase.AUCTION:
            floor = self._highest()
            return [b for b in BIDS if self.value(b) > floor] + [PASS]
        if self.phase is Phase.PARTNER:
            if self.invited is not None or self.offered is not None:
                return [ACCEPT, DECLINE] if self.invited is not None else [ACCEPT, REJECT]
            others = [s for s in range(4) if s != self.declarer and s not in self.refused]
            return [ALONE, *(Invite(s) for s in others)]
        if self.phase is Phase.ASIDE:
            return [Aside(c) for c in cards_of(self.hands[seat])]
        return []

    def out_of_turn(self, seat: int) -> list[Any]:
        """B5: «Играю вместе» — while the declarer is to choose his partner, any other
        player who has not declined or been rejected may offer himself."""
        if (
            self.phase is Phase.PARTNER
            and self.invited is None
            and self.offered is None
            and seat != self.declarer
            and seat not in self.refused
        ):
            return [TOGETHER]
        return []

    def _prelude_apply(self, seat: int, action: Any) -> None:
        if self.phase is Phase.AUCTION:
            self._auction(seat, action)
        elif self.phase is Phase.PARTNER:
            self._choose_partner(seat, action)
        elif self.phase is Phase.ASIDE:
            self.hands[seat] &= ~(1 << action.card)
            self.events.append(Event(Kind.ASIDE, seat, secret=(action.card,), clause="B6"))
            self._start()

    def _auction(self, seat: int, action: Any) -> None:
        if action == PASS:
            self.passed.add(seat)
            self.events.append(Event(Kind.PASS, seat, clause="B4"))
        else:
            self.bids.append((seat, action))
            self.events.append(Event(Kind.BID, seat, detail=action.contract, clause="B4"))
        leader = self.bids[-1][0] if self.bids else None
        still = [s for s in range(4) if s not in self.passed]
        if not still:
            self.void = True
            self.events.append(Event(Kind.VOID, detail="all_pass", clause="B4"))
            self._finish()
            return
        if leader is not None and still == [leader]:
            self.declarer = leader
            self.contract = self.bids[-1][1]
            self.events.append(
                Event(Kind.CONTRACT, leader, detail=self.contract.contract, clause="B4")
            )
            self._after_auction()
            return
        nxt = (seat + 1) % 4
        while nxt in self.passed:
            nxt = (nxt + 1) % 4
        self.to_move = nxt

    def _after_auction(self) -> None:
        contract = self.contract
        assert contract is not None and self.declarer is not None
        self.to_move = self.declarer
        if not contract.is_null and contract.tricks in (5, 6):
            self.phase = Phase.PARTNER
        elif contract.contract in ("small-null", "small-open"):
            self.phase = Phase.ASIDE
        else:
            self._start()

    def _choose_partner(self, seat: int, action: Any) -> None:
        word = action.word if isinstance(action, Say) else "invite"
        other = action.seat if isinstance(action, Invite) else seat
        if action == TOGETHER:
            self.offered = seat
        elif self.invited is not None:
            other = self.invited
            self.invited = None
            if action == DECLINE:
                self.refused.add(other)
            else:
                self.partner = other
            self.to_move = self.declarer
        elif self.offered is not None:
            other = self.offered
            self.offered = None
            if action == REJECT:
                self.refused.add(other)
            else:
                self.partner = other
        elif isinstance(action, Invite):
            self.invited = action.seat
            self.to_move = action.seat
        self.events.append(Event(Kind.PARTNER, seat, detail=word, number=other, clause="B5"))
        if action == ALONE or self.partner is not None:
            if self.partner is not None:
                self.events.append(
                    Event(Kind.PARTNER, self.declarer, detail="partner", number=self.partner)
                )
            self._start()

    def _start(self) -> None:
        contract = self.contract
        assert contract is not None and self.declarer is not None
        suit = contract.suit
        if suit >= 0:
            self._start_play(self.declarer, trump=suit, trump_mask=SUIT_MASKS[suit])
        else:
            self._start_play(self.declarer)
        if contract.contract == "small-open":
            self._open()

    def _open(self) -> None:
        assert self.declarer is not None
        self.opened = True
        cards = tuple(cards_of(self.hand_of(self.declarer)))
        self.events.append(Event(Kind.OPEN, self.declarer, cards, clause="B9"))

    def _action_clause(self, action: Any) -> str | None:
        """The clause of each kind of Boston action: bids B4, the partner's words B5, the
        set-aside card B6."""
        if isinstance(action, Bid) or action == PASS:
            return "B4"
        if isinstance(action, Invite) or action in (ALONE, ACCEPT, DECLINE, TOGETHER, REJECT):
            return "B5"
        if isinstance(action, Aside):
            return "B6"
        return None

    def _over_clause(self) -> str:
        """B10: a null ends when the declarer takes a trick; B6: the small nulls after the
        twelfth; B4: four passes; else the thirteenth trick (B10)."""
        contract = self.contract
        if contract is None:
            return "B4"
        if contract.is_null and self.play is not None and self.declarer is not None:
            took = self.play.taken[self.declarer]
            return "B6" if not took and contract.contract.startswith("small") else "B10"
        return "B10"

    def _turn_clause(self) -> str:
        return {Phase.AUCTION: "B4", Phase.PARTNER: "B5", Phase.ASIDE: "B6"}.get(self.phase, "B7")

    def _refusal(self, seat: int, action: Any) -> IllegalActionError:
        if self.phase is Phase.AUCTION and isinstance(action, Bid):
            return IllegalActionError(
                "B3", "boston.illegal.low_bid", who=Seat(seat), bid=BidField(action.contract),
                value=self.value(action), highest=self._highest(),
            )  # fmt: skip
        if self.phase is Phase.PARTNER and isinstance(action, Invite):
            return IllegalActionError("B5", "boston.illegal.invite", who=Seat(action.seat))
        if self.phase is Phase.ASIDE and isinstance(action, Aside):
            return IllegalActionError(
                "B6", "plain.illegal.not_held", who=Seat(seat), cards=Cards((action.card,))
            )
        return self._wrong_kind(seat, action)

    def action_table(self) -> tuple[Any, ...]:
        return _TABLE

    # Play and scoring (B6–B11) ----------------------------------------------------------

    def _trick_taken(self, winner: int) -> bool:
        contract = self.contract
        assert contract is not None and self.play is not None and self.declarer is not None
        if contract.is_null and winner == self.declarer:
            return True  # B10
        if contract.contract == "big-open" and len(self.play.tricks) == 1:
            self._open()
        return not self.play.hands[self.declarer]  # B6: the small nulls end after twelve

    def _shown(self) -> tuple[tuple[Card, ...], ...]:
        shown: list[tuple[Card, ...]] = [() for _ in range(4)]
        if self.opened and self.declarer is not None:
            shown[self.declarer] = tuple(cards_of(self.hand_of(self.declarer)))
        return tuple(shown)

    def _score(self) -> None:
        contract = self.contract
        if contract is None or self.declarer is None or self.play is None:
            return
        value = self.value(contract)
        taken = self.play.taken
        if contract.is_null:
            delta = value if taken[self.declarer] == 0 else -value
            self.scores[self.declarer] = delta
        else:
            team = [self.declarer] + ([self.partner] if self.partner is not None else [])
            need = contract.tricks + (PARTNER_EXTRA if self.partner is not None else 0)
            got = sum(taken[s] for s in team)
            delta = value + 2 * (got - need) if got >= need else -value
            for s in team:
                self.scores[s] = delta
        for seat, d in enumerate(self.scores):
            if d:
                total = self.before[seat] + d
                self.events.append(Event(Kind.SCORE, seat, delta=d, record=total, clause="B11"))

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        from rams.cards import card_str

        return {
            "turned": card_str(self.turned),
            "bids": [[s, str(b), self.value(b)] for s, b in self.bids],
            "passed": sorted(self.passed),
            "contract": None if self.contract is None else str(self.contract),
            "value": None if self.contract is None else self.value(self.contract),
            "declarer": self.declarer,
            "partner": self.partner,
            "invited": self.invited,
            "offered": self.offered,
            "refused": sorted(self.refused),
        }

    def summary(self) -> dict[str, Any]:
        """B13: ``contract``, ``declarer``, ``partner``, ``tricks`` per seat, ``scores``,
        ``totals``."""
        return {
            "contract": None if self.contract is None else self.contract.contract,
            "declarer": self.declarer,
            "partner": self.partner,
            "tricks": list(self.play.taken) if self.play is not None else [0] * 4,
            "scores": list(self.scores),
            "totals": [b + s for b, s in zip(self.before, self.scores, strict=True)],
        }


_TABLE: tuple[Any, ...] = (
    *BIDS,
    PASS,
    ALONE,
    ACCEPT,
    DECLINE,
    TOGETHER,
    REJECT,
    *(Invite(s) for s in range(4)),
    *(Aside(c) for c in range(52)),
)


class BostonMatch(PlainMatch):
    """``deals`` deals; the highest total wins, ties share (B12)."""

    END_CLAUSE = "B12"
    deal_class = BostonDeal

    def deal_limit(self) -> int:
        return int(self.rules.deals)

    @staticmethod
    def draw_extra(rng: random.Random) -> dict[str, Any]:
        """B1: the card turned from the second pack."""
        return {"turned": rng.randrange(52)}
