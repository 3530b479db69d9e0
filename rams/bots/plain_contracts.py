"""Decisions before play by simulation, for the games whose family gives them (issue 13:
Whist's named trump, Boston's bid and partner — each game's ``search`` module says its
choices and how the game scores them: :class:`Decisions`).

Each decision samples the hidden hands from what the seat has seen
(:func:`rams.bots.plain_search.sample_world`), plays every choice it could make out on each
sample, and takes the choice whose average score, as the game writes it, is best. A sample
is played out as ``hard`` plays: the game's heuristic for every seat (each seeing only its
own view) while the hands are long, then the double-dummy solver (:mod:`rams.fast.dd`) once
no hand holds more than :data:`~rams.bots.plain_search.DD_CARDS` cards (a null to its end
by the heuristic: it is short).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rams.bots.families import part
from rams.bots.plain import PlainHeuristic
from rams.bots.plain_search import DD_CARDS, World, _seen, sample_world
from rams.bots.sampling import sample_values
from rams.cards import cards_of
from rams.fast import dd
from rams.games.plain.deal import PlainDeal, PlainView
from rams.games.plain.family import plain_family
from rams.tricks import SUIT, T_FOLLOW

__all__ = ["ContractBot", "Decisions", "play_out"]

Prelude = Sequence[tuple[int, Any]]
Choices = dict[Any, Callable[[World], float]]


class Decisions:
    """A game's decisions before play as :class:`ContractBot` simulates them: how a sampled
    deal is dealt and who declares it, which choices a view offers and how each scores."""

    #: The game's points for one unit of a choice's score (Whist: 2 a trick, W6).
    scale = 1.0

    def deal(self, view: PlainView, dealer: int, deck: list[int]) -> PlainDeal:
        """A deal of the view's game with ``deck``, to play a sample out on."""
        raise NotImplementedError

    def side(self, deal: PlainDeal) -> tuple[tuple[int, ...], bool]:
        """The declaring side of a deal whose contract is fixed, and whether it plays a
        null."""
        raise NotImplementedError

    def act(self, bot: ContractBot, view: PlainView, legal: list[Any]) -> Any:
        """The action at a decision the game simulates, else None (the inner bot's)."""
        return None

    def choices(self, bot: ContractBot, view: PlainView, legal: list[Any]) -> Choices | None:
        """Each choice's score on a sampled deal, at a decision the game simulates."""
        return None

    def act_out_of_turn(self, bot: ContractBot, view: PlainView, offers: list[Any]) -> Any:
        return bot.inner.act_out_of_turn(view, offers)


def play_out(
    view: PlainView,
    world: World,
    prelude: Prelude,
    model: PlainHeuristic,
    decisions: Decisions | None = None,
) -> list[int]:
    """The tricks each seat takes when ``world``'s deal is played after ``prelude`` (the
    ``(seat, action)`` pairs that fix the contract): ``model`` for every seat, then the
    double-dummy solver for the ending (the declaring side's tricks there are written to
    the declarer; the others' are not counted). ``decisions``: the game's (its family's
    when None)."""
    if decisions is None:
        decisions = getattr(part(plain_family(view.family), "search"), "DECISIONS", None)
        assert decisions is not None
    hands = [list(cards_of(h)) for h in world.hands]
    n, dealer = len(hands), view.dealer
    deck = [hands[(dealer + 1 + i) % n][i // n] for i in range(len(hands[0]) * n)]
    deal = decisions.deal(view, dealer, deck)
    for seat, action in prelude:
        deal.apply(action, seat)
    team, null = decisions.side(deal)
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


class ContractBot:
    """``inner`` (the game's search bot) for card play; the decisions before play by
    simulation over ``samples`` sampled deals (at least four; fewer than ``samples`` when
    ``seconds`` run out), as the game's ``decisions`` say."""

    sees_all = False

    def __init__(
        self,
        rng: random.Random,
        inner: Any,
        model: PlainHeuristic,
        samples: int = 16,
        seconds: float | None = 0.6,
        decisions: Decisions | None = None,
    ) -> None:
        self.rng = rng
        self.inner = inner
        self.model = model
        self.samples = samples
        self.seconds = seconds
        self.decisions = decisions or Decisions()
        self.name: str = inner.name
        self._offers: dict[tuple[Any, ...], Any] = {}
        self._played: dict[tuple[Any, ...], int] = {}  # a decision's play-outs

    def act(self, view: PlainView) -> Any:
        chosen = self.decisions.act(self, view, list(view.legal_actions))
        return chosen if chosen is not None else self.inner.act(view)

    def act_out_of_turn(self, view: PlainView, offers: list[Any]) -> Any:
        return self.decisions.act_out_of_turn(self, view, offers)

    # Sampling and scoring -----------------------------------------------------------------

    def decision_values(self, view: PlainView) -> dict[Any, float] | None:
        """Each choice's average score over the sampled deals in the points the game writes
        (Whist: 2 a trick of the seat's side, W6's trick points, the honours left out;
        Boston: what the declarer's side writes, B11), or None at a decision this bot does
        not simulate."""
        choices = self.decisions.choices(self, view, list(view.legal_actions))
        if not choices:
            return None
        scale = self.decisions.scale
        return {a: scale * v for a, v in self._averages(view, choices).items()}

    def _simulate(self, view: PlainView, choices: Choices) -> Any:
        """The choice whose score, averaged over the sampled deals, is the highest (ties to
        the first)."""
        averages = self._averages(view, choices)
        return max(averages, key=lambda c: averages[c])

    def _averages(self, view: PlainView, choices: Choices) -> dict[Any, float]:
        """Each choice's score averaged over the sampled deals."""
        seen = _seen(view)
        worlds = []  # (kept while the decision lasts: the memo of play-outs is by world)

        def draw() -> tuple[World, float]:
            worlds.append(sample_world(view, self.rng, seen))
            return worlds[-1], 1.0

        def value(world: World) -> dict[Any, float]:
            return {choice: score(world) for choice, score in choices.items()}

        tally = sample_values(choices, draw, value, self.samples, self.seconds, at_least=4)
        self._played.clear()
        return tally.means()
