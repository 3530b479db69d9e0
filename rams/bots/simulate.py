"""Rams' decisions before play by simulation (E1–E5, V2): sample the hidden cards, play the
deal on from each choice, and take the choice that did best for the seat on average.

A sample is a whole deck consistent with the seat's view: its hand as it is now where its
cards were dealt, the turned card and every card shown
(:func:`rams.games.rams.dealing.deck_layout`), the rest of the pack shuffled into the
others' hands, the stock and the talon. The deal is dealt again from that deck and brought
back to the seat's decision: the calls made are made again, and a seat that has already
exchanged stands pat (its hand is dealt as it is now, so that the sampled hands are the
hands of the moment). Then, for each of the seat's choices on the same sample (common
random numbers), every seat decides before play as the learned evaluator does (the model
of the others, and of the seat itself later in the deal) and plays its cards by the exact
solver with every card known. The result is the seat's record at the end of the deal, with
the solver's bonus for winning the game (S6); the choice with the best mean is taken.

The choices: play or pass (E1–E3); the evaluator's four best exchanges (E4); keeping the
turned trump or swapping it for each card (E5); the duel's talon, when the seat decides
first (V2). Any decision it does not simulate — and any deal that does not come back to the
view (a card drawn before the calls; in the duel, anything after the talon) — goes to the
evaluator. After earlier exchanges the replayed stock is the whole stock again, its top the
sampled cards still to draw: a later seat may then draw more than the real stock holds
(rare).
"""

from __future__ import annotations

import random

from rams.bots.allseeing import AllSeeingBot
from rams.bots.evaluator import EvaluatorBot
from rams.bots.sampling import sample_values
from rams.cards import ACE, Card, pack, rank_of
from rams.errors import RamsError
from rams.fast.solver import WIN_BONUS
from rams.games.protocol import Bot
from rams.games.rams.actions import GO, KEEP, PASS, PLAY_IN, SELL, TAKE, Action, Exchange, Swap
from rams.games.rams.deal import Deal
from rams.games.rams.dealing import deck_layout
from rams.games.rams.events import EventKind
from rams.games.rams.stakes import Standing
from rams.games.rams.view import Observation, Phase
from rams.table import bot_turn

__all__ = ["SimulatedDeclare", "sample_deck"]


def sample_deck(view: Observation, rng: random.Random) -> list[Card] | None:
    """A deck that deals the seat's hand to it, the turned card and every shown card where
    they lie, and the rest of the pack at random, no ace to a seat that passed (E2); None
    if none was found."""
    assert view.seat is not None
    layout = deck_layout(view.rules, view.dealer)
    fixed: dict[int | str, list[Card]] = {view.seat: list(view.hand)}
    for s, cards in enumerate(view.known):
        if s != view.seat and cards:
            fixed[s] = list(cards)
    placed = {c for cards in fixed.values() for c in cards}
    if view.turned is not None and view.turned not in placed:
        fixed["turned"] = [view.turned]
        placed.add(view.turned)
    rest = [c for c in pack(view.rules.pack_size) if c not in placed]
    # E2: a seat that passed was dealt no ace (where the rules say so)
    passers = {s for s, call in enumerate(view.calls) if call == PASS.word and s != view.seat}
    if not view.rules.ace_forbids_pass:
        passers = set()
    for _ in range(100):
        rng.shuffle(rest)
        pile = rest[:]
        deck: list[Card] = []
        placing = {w: list(cards) for w, cards in fixed.items()}
        for where in layout:
            mine = placing.get(where)
            deck.append(mine.pop() if mine else pile.pop())
        if not any(
            rank_of(c) == ACE and where in passers for c, where in zip(deck, layout, strict=True)
        ):
            return deck
    return None


#: The exchanges a simulation compares: the learned evaluator's best few (E4).
EXCHANGES = 4


class SimulatedDeclare:
    """``hard``'s decisions, with those before play decided by simulation (``samples``
    decks, a time limit of ``seconds`` when timed)."""

    def __init__(
        self,
        rng: random.Random,
        inner: Bot[Observation, Action],
        samples: int = 16,
        seconds: float | None = 0.3,
    ) -> None:
        self.rng = rng
        self.inner = inner
        self.samples = samples
        self.seconds = seconds
        self.name = getattr(inner, "name", "hard")
        self.simulated = 0  # decisions taken by simulation (for tests and figures)
        self._all_seeing: list[AllSeeingBot] = []

    def act(self, view: Observation) -> Action:
        choices = self._choices(view)
        if len(choices) > 1:
            choice = self._simulate(view, choices)
            if choice is not None:
                self.simulated += 1
                return choice
        return self.inner.act(view)

    def _choices(self, view: Observation) -> list[Action]:
        """The choices a simulation compares at this decision (none: the evaluator's)."""
        legal = view.legal_actions
        if view.dave_pending is not None:
            return []
        if view.phase is Phase.DECLARE and PASS in legal and PLAY_IN in legal:
            return [PLAY_IN, PASS]
        if view.phase is Phase.EXCHANGE:
            evaluator = getattr(self.inner, "before_play", None)
            if not isinstance(evaluator, EvaluatorBot) or evaluator._models(view.rules) is None:
                return []
            return list(evaluator.ranked_exchanges(view)[:EXCHANGES])
        if view.phase is Phase.DEALER_TRUMP:
            return [a for a in legal if a == KEEP or isinstance(a, Swap)]
        if view.phase is Phase.TALON and not any(e.kind is EventKind.TALON for e in view.events):
            return [a for a in legal if a in (TAKE, SELL, GO)]
        return []

    def _agents(self, n: int) -> list[AllSeeingBot]:
        """The simulation's players, kept from one decision to the next."""
        if len(self._all_seeing) != n:
            self._all_seeing = [AllSeeingBot(random.Random(self.rng.getrandbits(32)))
                                for _ in range(n)]  # fmt: skip
        return self._all_seeing

    def _replay(self, view: Observation, deck: list[Card], start: tuple[int, ...]) -> Deal | None:
        """The deal dealt from ``deck`` and brought to the decision of ``view`` (the calls
        made again, an exchange already made as standing pat), or None when it does not come
        back to it."""
        deal = Deal(view.rules, view.dealer, deck, Standing(start, view.stake, view.dave_offerer))
        while deal.to_move != view.seat or deal.phase is not view.phase:
            seat = deal.to_move
            if seat is None:
                return None
            try:
                if deal.phase is Phase.DECLARE and view.calls[seat] is not None:
                    deal.apply(PLAY_IN if view.calls[seat] == PLAY_IN.word else PASS, seat)
                elif deal.phase is Phase.EXCHANGE and view.exchanged[seat] is not None:
                    deal.apply(Exchange(), seat)
                else:
                    return None
            except RamsError:
                return None
        if sorted(deal.observation(view.seat).hand) != sorted(view.hand):
            return None
        return deal

    def _simulate(self, view: Observation, choices: list[Action]) -> Action | None:
        values = self.choice_values(view, choices)
        if values is None:
            return None
        return max(choices, key=lambda c: values[c])  # (ties: the first, the evaluator's)

    def choice_values(
        self, view: Observation, choices: list[Action], win_bonus: int = WIN_BONUS
    ) -> dict[Action, float] | None:
        """Each choice's average result for the seat over the simulated deals: minus its
        record at the end of the deal (§7: the record is written off, so higher is better
        here), plus ``win_bonus`` when it wins the game (S6; 0 for the record alone); None
        when the deal could not be simulated."""
        assert view.seat is not None
        me = view.seat
        start = view.records

        def draw() -> tuple[Deal, float]:
            nonlocal start
            deck = sample_deck(view, self.rng)
            if deck is None:
                raise _Unsimulated
            deal = self._replay(view, deck, start)
            if deal is None:
                raise _Unsimulated
            now = tuple(deal.records)
            if now != view.records:  # scored at the deal (J1): start from before that
                start = tuple(2 * a - b for a, b in zip(view.records, now, strict=True))
                deal = self._replay(view, deck, start)
                if deal is None or tuple(deal.records) != view.records:
                    raise _Unsimulated
            return deal, 1.0

        def value(deal: Deal) -> dict[Action, float]:
            out: dict[Action, float] = {}
            agents = self._agents(view.rules.players)  # (made at the first play-out)
            for choice in choices:
                sim = deal.copy()
                sim.apply(choice, me)
                while bot_turn(sim, agents) != "done":
                    pass
                won = win_bonus if sim.winner == me else 0
                out[choice] = float(won - sim.records[me])
            return out

        try:
            tally = sample_values(choices, draw, value, self.samples, self.seconds)
        except _Unsimulated:
            return None
        return tally.means() if tally.samples else None


class _Unsimulated(Exception):
    """A sampled deal that does not come back to the decision: it is not simulated at all."""
