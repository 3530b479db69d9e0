"""How ``hard`` values Boston's cards (:mod:`rams.games.plain.search`, the bots' one search):
the contract made or set and the overtricks (B11), by the double-dummy solver once the hands
are short; and its bids and partner (B3–B5) by the one simulation of decisions before
play."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from rams.actions import Say
from rams.bots.simulate import SimulatingBot
from rams.cards import SUITS, cards_of, parse_card
from rams.games.boston.bids import Bid, Invite
from rams.games.boston.bots import (
    ACCEPT,
    ALONE,
    DECLINE,
    PASS,
    REJECT,
    TOGETHER,
    sure_tricks,
    tricks_needed,
)
from rams.games.boston.game import PARTNER_EXTRA, BostonDeal
from rams.games.plain import search as plain_search
from rams.games.plain.deal import Kind, PlainDeal, PlainView
from rams.games.plain.heuristic import PlainHeuristic
from rams.games.plain.search import ContractBot, PlainDecisions, World, play_out

__all__ = ["DECISIONS", "BostonDecisions", "Evaluator"]


class Evaluator(plain_search.Evaluator):
    """The contract made (a hundred) and the tricks beyond it, for the declaring side; the
    opposite for the others. With ``points``: what the declarer's side writes (B11),
    negated for the others."""

    double_dummy = True

    def __init__(self, view: PlainView, points: bool = False) -> None:
        super().__init__(view, points)
        extra = view.extra
        declarer = extra["declarer"]
        partner = extra.get("partner")
        self.team = (declarer,) if partner is None else (declarer, partner)
        contract = Bid(str(extra["contract"]).removeprefix("bid "))
        self.null = contract.is_null
        self.need = contract.tricks + (PARTNER_EXTRA if partner is not None else 0)
        self.value = contract.value(parse_card(str(extra["turned"])) // 13)

    def side_utility(self, future: int) -> float:
        got = sum(self.view.tricks_taken[s] for s in self.team) + future
        if self.points:
            if self.null:
                written = self.value if got == 0 else -self.value
            else:
                written = self.value + 2 * (got - self.need) if got >= self.need else -self.value
            return float(written if self.me in self.team else -written)
        value = 100.0 * (got == 0) - got if self.null else 100.0 * (got >= self.need) + got
        return value if self.me in self.team else -value


Choices = dict[Any, Callable[[World], float]]


class BostonDecisions(PlainDecisions):
    """B3, B11: a trump game of ``k`` tricks is worth its value and 2 a trick above ``k``
    when the declarer's side takes them, else minus its value; a null its value when the
    declarer takes no trick, else minus it. The auction bids the best legal game when it is
    worth more than passing (nothing). With a partner the side needs three tricks more
    (B5): the declarer plays alone or invites whoever adds most; an invited player accepts,
    and any other says «Играю вместе», when the side's game is worth something to him (the
    partner writes what the declarer writes, B11); the declarer accepts an offer worth more
    than playing alone."""

    def prelude(self, view: PlainView) -> list[tuple[int, Any]]:
        """B4, B5: the bids and passes, then the partner's words (up to the card set
        aside, B6, which the others do not see)."""
        out: list[tuple[int, Any]] = []
        for e in view.events:
            if e.seat is None:
                continue
            if e.kind is Kind.PASS:
                out.append((e.seat, PASS))
            elif e.kind is Kind.BID:
                out.append((e.seat, Bid(e.detail)))
            elif e.kind is Kind.PARTNER and e.detail != "partner":
                out.append((e.seat, Invite(e.number) if e.detail == "invite" else Say(e.detail)))
            elif e.kind in (Kind.ASIDE, Kind.CARD):
                break
        return out

    def fits(self, model: PlainHeuristic, view: PlainView, action: Any) -> bool:
        """B4: a bid fits a hand that supports it (the heuristic would bid it, were it the
        only bid legal: how high it bids first depends on how the others have bid); any
        other action, the model's choice."""
        if isinstance(action, Bid):
            only = dataclasses.replace(view, legal_actions=(action, PASS))
            return bool(model.act(only) == action)
        return super().fits(model, view, action)

    def distance(self, model: PlainHeuristic, view: PlainView, action: Any) -> float:
        """B4: a trump game's bid is the sure tricks the hand lacks for it
        (:func:`~rams.games.boston.bots.tricks_needed`) from fitting."""
        if isinstance(action, Bid) and not action.is_null:
            return max(0.0, tricks_needed(action) - sure_tricks(view.hand, action.suit))
        return super().distance(model, view, action)

    def deal(self, view: PlainView, dealer: int, deck: list[int]) -> PlainDeal:
        return BostonDeal(view.rules, dealer, deck, turned=parse_card(view.extra["turned"]))

    def side(self, deal: PlainDeal) -> tuple[tuple[int, ...], bool]:
        assert isinstance(deal, BostonDeal)
        assert deal.contract is not None and deal.declarer is not None
        team = (deal.declarer,) if deal.partner is None else (deal.declarer, deal.partner)
        return team, deal.contract.is_null

    def act(self, bot: SimulatingBot[Any], view: PlainView) -> Any:
        """B5: an invited player accepts a game worth something to him; everything else by
        simulation (:meth:`choices`)."""
        legal = list(view.legal_actions)
        if DECLINE in legal and not any(isinstance(a, Bid) for a in legal):  # invited
            assert isinstance(bot, ContractBot) and view.seat is not None
            declarer = int(view.extra["declarer"])
            return ACCEPT if self._value(bot, view, (declarer, view.seat)) > 0 else DECLINE
        return super().act(bot, view)

    def choices(self, bot: ContractBot, view: PlainView, legal: list[Any]) -> Choices | None:
        if any(isinstance(a, Bid) for a in legal):
            return self._bid_choices(bot, view, legal)
        if ALONE in legal or ACCEPT in legal:
            return self._partner_choices(bot, view, legal)
        return None

    def act_out_of_turn(self, bot: SimulatingBot[Any], view: PlainView, offers: list[Any]) -> Any:
        """«Играю вместе» (B5) when playing with the declarer is worth something to me
        (decided once a contract: the offer is open while the declarer chooses)."""
        if TOGETHER not in offers:
            return super().act_out_of_turn(bot, view, offers)
        assert isinstance(bot, ContractBot) and view.seat is not None
        key = (view.seat, view.dealer, view.extra["contract"], view.extra["declarer"],
               view.hand)  # fmt: skip
        if key not in bot._offers:
            declarer = int(view.extra["declarer"])
            value = self._value(bot, view, (declarer, view.seat))
            bot._offers = {key: TOGETHER if value > 0 else None}
        return bot._offers[key]

    def _value(self, bot: ContractBot, view: PlainView, team: tuple[int, ...]) -> float:
        """The average score of the contract played by ``team`` (B11)."""
        worlds = bot.worlds(view, min(bot.samples, 8))
        score = self._score(bot, view, Bid(_contract(view)), team)
        value = sum(score(w) for w in worlds) / len(worlds)
        bot._played.clear()
        return value

    def _score(
        self,
        bot: ContractBot,
        view: PlainView,
        bid: Bid,
        team: tuple[int, ...],
        overcalls: bool = False,
    ) -> Callable[[World], float]:
        """B11: what the declarer writes when ``team`` plays ``bid`` on a sampled deal; with
        ``overcalls`` (the seat's own bid) nothing on a deal where the auction goes past it
        (:meth:`_holds`)."""
        declarer = team[0]
        turned = parse_card(view.extra["turned"]) // 13
        value = bid.value(turned)
        # The play does not depend on how many tricks are bid: every trump game of a suit
        # is played out once a sample, as a five (which may have a partner).
        played = bid if bid.is_null else Bid(f"5{SUITS[bid.suit]}")
        prelude: list[tuple[int, Any]] = [
            (s, played if s == declarer else PASS) for s in _auction_order(view.dealer)
        ]
        if not bid.is_null:
            prelude += (
                [(declarer, ALONE)]
                if len(team) == 1
                else [(declarer, Invite(team[1])), (team[1], ACCEPT)]
            )
        need = bid.tricks + (PARTNER_EXTRA if len(team) > 1 else 0)

        def score(world: World) -> float:
            if overcalls and not self._holds(bot, view, bid, world):
                return 0.0  # B11: outbid, the bidder writes nothing
            key = (id(world), played, team)
            if key not in bot._played:
                taken = play_out(view, world, prelude, bot.model, self)
                bot._played[key] = sum(taken[s] for s in team)
            got = bot._played[key]
            if bid.is_null:
                return float(value if got == 0 else -value)
            return float(value + 2 * (got - need) if got >= need else -value)

        return score

    def _holds(self, bot: ContractBot, view: PlainView, bid: Bid, world: World) -> bool:
        """B4: whether the seat's ``bid`` wins the auction on a sampled deal: the auction so
        far replayed, then the bid, then each seat still in bidding as the model (the
        heuristic's auction) would on that deal, and the seat itself passing when its turn
        comes again (the choice scored is this bid). Remembered while the decision lasts."""
        key = (id(world), "holds", bid)
        held = bot._played.get(key)
        if held is None:
            hands = [list(cards_of(h)) for h in world.hands]
            deck = [hands[(view.dealer + 1 + i) % 4][i // 4] for i in range(len(hands[0]) * 4)]
            deal = BostonDeal(
                view.rules, view.dealer, deck, turned=parse_card(view.extra["turned"])
            )
            for who, action in self.prelude(view):
                deal.apply(action, who)
            deal.apply(bid, view.seat)
            while deal.contract is None and not deal.is_over:
                seat = deal.to_move
                assert seat is not None
                deal.apply(
                    PASS if seat == view.seat else bot.model.act(deal.observation(seat)), seat
                )
            held = int(deal.declarer == view.seat)
            bot._played[key] = held
        return bool(held)

    def _bid_choices(self, bot: ContractBot, view: PlainView, legal: list[Any]) -> Choices:
        """B3, B4: a pass (nothing) and each legal game, played alone (with the bot's
        ``overcalls``: where the others would not outbid it, :meth:`_holds`)."""
        assert view.seat is not None
        choices: Choices = {PASS: lambda w: 0.0}
        for bid in legal:
            if isinstance(bid, Bid):
                choices[bid] = self._score(bot, view, bid, (view.seat,), bot.overcalls)
        return choices

    def _partner_choices(self, bot: ContractBot, view: PlainView, legal: list[Any]) -> Choices:
        """B5: the invited player's answer; the declarer's answer to «Играю вместе»; alone
        or each invitation."""
        assert view.seat is not None
        me = view.seat
        bid = Bid(_contract(view))
        declarer = int(view.extra["declarer"])
        if DECLINE in legal:  # invited: declining writes nothing
            return {
                ACCEPT: self._score(bot, view, bid, (declarer, me)),
                DECLINE: lambda w: 0.0,
            }
        if REJECT in legal:  # an offer to play together
            other = int(view.extra["offered"])
            return {
                REJECT: self._score(bot, view, bid, (me,)),
                ACCEPT: self._score(bot, view, bid, (me, other)),
            }
        choices: Choices = {ALONE: self._score(bot, view, bid, (me,))}
        for a in legal:
            if isinstance(a, Invite):
                choices[a] = self._score(bot, view, bid, (me, a.seat))
        return choices


def _contract(view: PlainView) -> str:
    return str(view.extra["contract"]).removeprefix("bid ")


def _auction_order(dealer: int) -> list[int]:
    """B4: from the dealer's left, clockwise."""
    return [(dealer + 1 + k) % 4 for k in range(4)]


DECISIONS = BostonDecisions()
