"""Decisions before play by simulation, for the side games (issue 13): Whist's named trump
(W4) and Boston's bid (B3, B4) and partner (B5: alone or an invitation, the answer to one,
«Играю вместе» and the answer to it).

Each decision samples the hidden hands from what the seat has seen
(:func:`rams.bots.plain_search.sample_world`), plays every choice it could make out on each
sample, and takes the choice whose average score, as the game writes it, is best. A sample
is played out as ``hard`` plays: the game's heuristic for every seat (each seeing only its
own view) while the hands are long, then the double-dummy solver (:mod:`rams.fast.dd`) once
no hand holds more than :data:`~rams.bots.plain_search.DD_CARDS` cards (a null to its end
by the heuristic: it is short).

- **Whist** (W4, W6): the tricks of the seat's side with each suit as trumps. Leaving the
  trump to the partner is worth the tricks with the suit the partner names from his own
  sampled hand (his longest strong suit, as the heuristic names it).
- **Boston** (B3, B11): a trump game of ``k`` tricks is worth its value and 2 a trick above
  ``k`` when the declarer's side takes them, else minus its value; a null its value when
  the declarer takes no trick, else minus it. The auction bids the best legal game when it
  is worth more than passing (nothing). With a partner the side needs three tricks more
  (B5): the declarer plays alone or invites whoever adds most; an invited player accepts,
  and any other says «Играю вместе», when the side's game is worth something to him (the
  partner writes what the declarer writes, B11); the declarer accepts an offer worth more
  than playing alone.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from rams.actions import Say
from rams.bots.plain import PlainHeuristic, best_suit
from rams.bots.plain_search import DD_CARDS, World, _seen, sample_world
from rams.cards import SUITS, cards_of, parse_card
from rams.fast import dd
from rams.games.boston.bids import Bid, Invite
from rams.games.boston.game import PARTNER_EXTRA, BostonDeal
from rams.games.plain.actions import Trump
from rams.games.plain.deal import PlainDeal, PlainView
from rams.games.whist.game import DELEGATE, WhistDeal
from rams.tricks import SUIT, T_FOLLOW

__all__ = ["ContractBot", "play_out"]

PASS = Say("pass")
ALONE = Say("alone")
ACCEPT = Say("accept")
DECLINE = Say("decline")
TOGETHER = Say("together")
REJECT = Say("reject")

Prelude = Sequence[tuple[int, Any]]


def play_out(view: PlainView, world: World, prelude: Prelude, model: PlainHeuristic) -> list[int]:
    """The tricks each seat takes when ``world``'s deal is played after ``prelude`` (the
    ``(seat, action)`` pairs that fix the contract): ``model`` for every seat, then the
    double-dummy solver for the ending (the declaring side's tricks there are written to
    the declarer; the others' are not counted)."""
    hands = [list(cards_of(h)) for h in world.hands]
    n, dealer = len(hands), view.dealer
    deck = [hands[(dealer + 1 + i) % n][i // n] for i in range(len(hands[0]) * n)]
    deal: PlainDeal
    if view.family == "boston":
        deal = BostonDeal(view.rules, dealer, deck, turned=parse_card(view.extra["turned"]))
    else:
        deal = WhistDeal(view.rules, dealer, deck)
    for seat, action in prelude:
        deal.apply(action, seat)
    team, null = _side(deal)
    must_trump = view.rules.card_play[T_FOLLOW] != SUIT
    while not deal.is_over:
        play = deal.play
        if play is not None and not play.trick:
            held = [deal.hand_of(s) for s in range(n)]
            if max(h.bit_count() for h in held) <= DD_CARDS:
                more = dd.solve(held, deal.trump, play.to_move, team, null=null,
                                must_trump=must_trump)  # fmt: skip
                taken = list(play.taken)
                taken[team[0]] += more
                return taken
        mover = deal.to_move
        assert mover is not None
        deal.apply(model.act(deal.observation(mover)), mover)
    assert deal.play is not None
    return list(deal.play.taken)


def _side(deal: PlainDeal) -> tuple[tuple[int, ...], bool]:
    """The declaring side (Whist: the dealer's) and whether it plays a null."""
    if isinstance(deal, BostonDeal):
        assert deal.contract is not None and deal.declarer is not None
        team = (deal.declarer,) if deal.partner is None else (deal.declarer, deal.partner)
        return team, deal.contract.is_null
    return (deal.dealer, (deal.dealer + 2) % 4), False


class ContractBot:
    """``inner`` (the game's search bot) for card play; the decisions before play by
    simulation over ``samples`` sampled deals (at least four; fewer than ``samples`` when
    ``seconds`` run out)."""

    sees_all = False

    def __init__(
        self,
        rng: random.Random,
        inner: Any,
        model: PlainHeuristic,
        samples: int = 16,
        seconds: float | None = 0.6,
    ) -> None:
        self.rng = rng
        self.inner = inner
        self.model = model
        self.samples = samples
        self.seconds = seconds
        self.name: str = inner.name
        self._offers: dict[tuple[Any, ...], Any] = {}
        self._played: dict[tuple[Any, ...], int] = {}  # a decision's play-outs

    def act(self, view: PlainView) -> Any:
        legal = list(view.legal_actions)
        if view.family == "whist" and any(isinstance(a, Trump) for a in legal):
            return self._whist_trump(view, legal)
        if view.family == "boston":
            if any(isinstance(a, Bid) for a in legal):
                return self._bid(view, legal)
            if ALONE in legal or ACCEPT in legal:
                return self._partner(view, legal)
        return self.inner.act(view)

    def act_out_of_turn(self, view: PlainView, offers: list[Any]) -> Any:
        """«Играю вместе» (B5) when playing with the declarer is worth something to me
        (decided once a contract: the offer is open while the declarer chooses)."""
        if view.family != "boston" or TOGETHER not in offers:
            return self.inner.act_out_of_turn(view, offers)
        assert view.seat is not None
        key = (view.seat, view.dealer, view.extra["contract"], view.extra["declarer"],
               view.hand)  # fmt: skip
        if key not in self._offers:
            declarer = int(view.extra["declarer"])
            value = self._value(view, (declarer, view.seat))
            self._offers = {key: TOGETHER if value > 0 else None}
        return self._offers[key]

    # Sampling and scoring -----------------------------------------------------------------

    def decision_values(self, view: PlainView) -> dict[Any, float] | None:
        """Each choice's average score over the sampled deals in the points the game writes
        (Whist: 2 a trick of the seat's side, W6's trick points, the honours left out;
        Boston: what the declarer's side writes, B11), or None at a decision this bot does
        not simulate."""
        legal = list(view.legal_actions)
        choices: dict[Any, Callable[[World], float]] | None = None
        if view.family == "whist" and any(isinstance(a, Trump) for a in legal):
            choices = self._whist_choices(view, legal)
        elif view.family == "boston" and any(isinstance(a, Bid) for a in legal):
            choices = self._bid_choices(view, legal)
        elif view.family == "boston" and (ALONE in legal or ACCEPT in legal):
            choices = self._partner_choices(view, legal)
        if not choices:
            return None
        scale = 2.0 if view.family == "whist" else 1.0
        return {a: scale * v for a, v in self._averages(view, choices).items()}

    def _simulate(self, view: PlainView, choices: dict[Any, Callable[[World], float]]) -> Any:
        """The choice whose score, averaged over the sampled deals, is the highest (ties to
        the first)."""
        averages = self._averages(view, choices)
        return max(averages, key=lambda c: averages[c])

    def _averages(
        self, view: PlainView, choices: dict[Any, Callable[[World], float]]
    ) -> dict[Any, float]:
        """Each choice's score averaged over the sampled deals."""
        seen = _seen(view)
        start = time.perf_counter()
        totals = dict.fromkeys(choices, 0.0)
        worlds = []  # (kept while the decision lasts: the memo of play-outs is by world)
        for k in range(self.samples):
            if k >= 4 and self.seconds is not None and time.perf_counter() - start > self.seconds:
                break
            worlds.append(sample_world(view, self.rng, seen))
            for choice, score in choices.items():
                totals[choice] += score(worlds[-1])
        self._played.clear()
        return {c: t / len(worlds) for c, t in totals.items()}

    def _value(self, view: PlainView, team: tuple[int, ...]) -> float:
        """The average score of the contract played by ``team`` (B11)."""
        seen = _seen(view)
        worlds = [sample_world(view, self.rng, seen) for _ in range(min(self.samples, 8))]
        score = self._boston_score(view, Bid(_contract(view)), team)
        value = sum(score(w) for w in worlds) / len(worlds)
        self._played.clear()
        return value

    # Whist --------------------------------------------------------------------------------

    def _whist_trump(self, view: PlainView, legal: list[Any]) -> Any:
        """W4: the suit worth the most tricks to the seat's side, or the partner's choice."""
        return self._simulate(view, self._whist_choices(view, legal))

    def _whist_choices(
        self, view: PlainView, legal: list[Any]
    ) -> dict[Any, Callable[[World], float]]:
        """W4: each trump's tricks for the seat's side, and leaving it to the partner."""
        assert view.seat is not None
        me, partner = view.seat, (view.seat + 2) % 4
        naming = [(view.dealer, DELEGATE)] if view.seat != view.dealer else []
        cache: dict[tuple[int, int], float] = {}

        def tricks(world: World, suit: int) -> float:
            if (id(world), suit) not in cache:
                taken = play_out(view, world, [*naming, (me, Trump(suit))], self.model)
                cache[(id(world), suit)] = float(taken[me] + taken[partner])
            return cache[(id(world), suit)]

        def naming_suit(suit: int) -> Callable[[World], float]:
            return lambda world: tricks(world, suit)

        choices: dict[Any, Callable[[World], float]] = {
            a: naming_suit(a.suit) for a in legal if isinstance(a, Trump)
        }
        if DELEGATE in legal:
            choices[DELEGATE] = lambda w: tricks(w, best_suit(tuple(cards_of(w.hands[partner])))[0])
        return choices

    # Boston -------------------------------------------------------------------------------

    def _boston_score(
        self, view: PlainView, bid: Bid, team: tuple[int, ...]
    ) -> Callable[[World], float]:
        """B11: what the declarer writes when ``team`` plays ``bid`` on a sampled deal."""
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
            key = (id(world), played, team)
            if key not in self._played:
                taken = play_out(view, world, prelude, self.model)
                self._played[key] = sum(taken[s] for s in team)
            got = self._played[key]
            if bid.is_null:
                return float(value if got == 0 else -value)
            return float(value + 2 * (got - need) if got >= need else -value)

        return score

    def _bid(self, view: PlainView, legal: list[Any]) -> Any:
        """B3, B4: the legal game worth most on average, if worth more than a pass."""
        return self._simulate(view, self._bid_choices(view, legal))

    def _bid_choices(
        self, view: PlainView, legal: list[Any]
    ) -> dict[Any, Callable[[World], float]]:
        """B3, B4: a pass (nothing) and each legal game, played alone."""
        assert view.seat is not None
        choices: dict[Any, Callable[[World], float]] = {PASS: lambda w: 0.0}
        for bid in legal:
            if isinstance(bid, Bid):
                choices[bid] = self._boston_score(view, bid, (view.seat,))
        return choices

    def _partner(self, view: PlainView, legal: list[Any]) -> Any:
        """B5: alone or the invitation worth most; an invited player accepts a game worth
        something to him; the declarer accepts «Играю вместе» worth more than alone."""
        assert view.seat is not None
        me = view.seat
        declarer = int(view.extra["declarer"])
        if DECLINE in legal:  # invited
            return ACCEPT if self._value(view, (declarer, me)) > 0 else DECLINE
        return self._simulate(view, self._partner_choices(view, legal))

    def _partner_choices(
        self, view: PlainView, legal: list[Any]
    ) -> dict[Any, Callable[[World], float]]:
        """B5: the invited player's answer; the declarer's answer to «Играю вместе»; alone
        or each invitation."""
        assert view.seat is not None
        me = view.seat
        bid = Bid(_contract(view))
        declarer = int(view.extra["declarer"])
        if DECLINE in legal:  # invited: declining writes nothing
            return {
                ACCEPT: self._boston_score(view, bid, (declarer, me)),
                DECLINE: lambda w: 0.0,
            }
        if REJECT in legal:  # an offer to play together
            other = int(view.extra["offered"])
            return {
                REJECT: self._boston_score(view, bid, (me,)),
                ACCEPT: self._boston_score(view, bid, (me, other)),
            }
        choices: dict[Any, Callable[[World], float]] = {ALONE: self._boston_score(view, bid, (me,))}
        for a in legal:
            if isinstance(a, Invite):
                choices[a] = self._boston_score(view, bid, (me, a.seat))
        return choices


def _contract(view: PlainView) -> str:
    return str(view.extra["contract"]).removeprefix("bid ")


def _auction_order(dealer: int) -> list[int]:
    """B4: from the dealer's left, clockwise."""
    return [(dealer + 1 + k) % 4 for k in range(4)]
