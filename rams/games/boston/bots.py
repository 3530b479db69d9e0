"""A heuristic for Boston (RULES §10.4): bid by counting sure tricks for each trump and the
safety of a null, ask for a partner at five or six when short, set aside the most dangerous
card, duck high cards in a null and take tricks in a trump game.
"""

from __future__ import annotations

import random
from typing import Any

from rams.actions import Say
from rams.cards import ACE, JACK, KING, QUEEN, Card, rank_of, suit_of
from rams.games.boston.bids import NULLS, Aside, Bid, Invite
from rams.games.plain.deal import PlainView
from rams.games.plain.heuristic import PlainHeuristic, TrickReader, highest, lowest, take_tricks

__all__ = ["bid_choice", "heuristic", "null_danger", "sure_tricks", "tricks_needed"]

PASS = Say("pass")
ALONE = Say("alone")
ACCEPT = Say("accept")
DECLINE = Say("decline")
TOGETHER = Say("together")
REJECT = Say("reject")


def sure_tricks(hand: tuple[Card, ...], trump: int) -> float:
    """Tricks a hand can count on with ``trump`` as trumps: aces and guarded kings in the
    plain suits; in trumps its honours and every trump beyond the third."""
    total = 0.0
    for s in range(4):
        ranks = sorted((rank_of(c) for c in hand if suit_of(c) == s), reverse=True)
        if s == trump:
            total += max(0, len(ranks) - 3)
            total += sum(
                {ACE: 1.0, KING: 0.8, QUEEN: 0.5, JACK: 0.3}.get(r, 0.0)
                for r in ranks[: min(3, len(ranks))]
            )
            continue
        if ranks and ranks[0] == ACE:
            total += 1.0
            if len(ranks) > 1 and ranks[1] == KING:
                total += 0.9
        elif ranks and ranks[0] == KING and len(ranks) >= 2:
            total += 0.6
    return total


def null_danger(hand: tuple[Card, ...]) -> int:
    """How many cards could be forced to take a trick in a null: in each suit the cards from
    the ten up beyond the low cards (2 to 5) that guard them, and a suit with no card under
    the 8 at all."""
    danger = 0
    for s in range(4):
        ranks = sorted(rank_of(c) for c in hand if suit_of(c) == s)
        low = sum(1 for r in ranks if r <= 3)
        high = sum(1 for r in ranks if r >= 7)
        danger += max(0, high - low)
        if ranks and ranks[0] >= 6:
            danger += 1
    return danger


def tricks_needed(bid: Bid) -> float:
    """The sure tricks a hand needs to bid a trump game: five or six may count on a
    partner's help (B5)."""
    return bid.tricks - (1.5 if bid.tricks <= 6 else 0)


def bid_choice(view: PlainView, legal: list[Any]) -> Any:
    """The highest bid the hand supports, if it is legal now; else pass (B3, B4)."""
    turned = _turned_suit(view)
    options: list[tuple[int, Bid]] = []
    # (Each suit's sure tricks and each null's safety once: the auction's inference asks
    # this of many sampled hands.)
    counted: dict[int, float] = {}
    nulls: dict[bool, tuple[int, int]] = {}
    for bid in (a for a in legal if isinstance(a, Bid)):
        if bid.is_null:
            # The small games set their most dangerous card aside (B6); the open ones
            # show the hand, so they want it safer still.
            small = bid.contract.startswith("small")
            if small not in nulls:
                hand = view.hand
                if small:
                    hand = tuple(c for c in hand if c != max(hand, key=rank_of))
                nulls[small] = (null_danger(hand), max(rank_of(c) for c in hand))
            danger, top = nulls[small]
            ceiling = {"small-null": 12, "big-null": 9, "small-open": 7, "big-open": 6}
            safe = danger == 0 and top <= ceiling[bid.contract]
            if safe:
                options.append((bid.value(turned), bid))
            continue
        if bid.suit not in counted:
            counted[bid.suit] = sure_tricks(view.hand, bid.suit)
        if counted[bid.suit] >= tricks_needed(bid):
            options.append((bid.value(turned), bid))
    if not options:
        return PASS
    return (
        min(options, key=lambda o: (o[0], o[1].contract))[1]
        if _cautious(view)
        else max(options, key=lambda o: o[0])[1]
    )


def _cautious(view: PlainView) -> bool:
    """Bid the cheapest supported game while others are still bidding."""
    return len(view.extra.get("passed", ())) < 2


def _turned_suit(view: PlainView) -> int:
    from rams.cards import parse_card

    return parse_card(view.extra["turned"]) // 13


def partner_choice(view: PlainView, legal: list[Any]) -> Any:
    """B5: alone with enough sure tricks; else invite the player who bid the same suit, or
    the first who may be asked. Answer an invitation or an offer by one's own tricks."""
    extra = view.extra
    if ACCEPT in legal:
        if DECLINE in legal:  # invited: accept with two sure tricks in the declarer's trump
            contract = Bid(str(extra["contract"]).removeprefix("bid "))
            return ACCEPT if sure_tricks(view.hand, contract.suit) >= 2 else DECLINE
        return ACCEPT  # a «together» offer: a partner only helps
    contract = Bid(str(extra["contract"]).removeprefix("bid "))
    invites = [a for a in legal if isinstance(a, Invite)]
    if sure_tricks(view.hand, contract.suit) >= contract.tricks + 0.5 or not invites:
        return ALONE
    return invites[0]


def _prelude(view: PlainView, legal: list[Any]) -> Any:
    if any(isinstance(a, Bid) for a in legal) or legal == [PASS]:
        return bid_choice(view, legal)
    asides = [a for a in legal if isinstance(a, Aside)]
    if asides:
        return Aside(highest(view, [a.card for a in asides]))  # the most dangerous card
    return partner_choice(view, legal)


def _together(view: PlainView, offers: list[Any]) -> Any:
    """«Играю вместе» with three sure tricks in the declarer's trump."""
    contract = view.extra.get("contract")
    if TOGETHER not in offers or contract is None:
        return None
    bid = Bid(str(contract).removeprefix("bid "))
    return TOGETHER if sure_tricks(view.hand, bid.suit) >= 3 else None


_prelude.out_of_turn = _together  # type: ignore[attr-defined]


def play_card(view: PlainView, cards: list[Card]) -> Card:
    """Nulls: the declarer ducks with his highest losing card; the others make him take a
    trick. Trump games: take tricks (declarer's side and defenders alike)."""
    extra = view.extra
    contract = extra.get("contract")
    declarer = extra.get("declarer")
    if contract is None or str(contract).removeprefix("bid ") not in NULLS:
        return take_tricks(view, cards)
    reader = TrickReader(view)
    if view.seat == declarer:
        losing = [c for c in cards if not reader.takes(c)] if reader.position > 1 else []
        if losing:
            return highest(view, losing)
        if reader.position == 1:
            # Lead where the others hold the most cards above mine: they must top it.
            return max(cards, key=lambda c: (reader.higher_out(c).bit_count(), -rank_of(c)))
        return lowest(view, cards)
    # A defender: under the declarer's card if he has played; low before him, so that he
    # must win with what he plays.
    return lowest(view, cards)


def heuristic(rng: random.Random) -> PlainHeuristic:
    return PlainHeuristic(rng, _prelude, play_card, "heuristic")
