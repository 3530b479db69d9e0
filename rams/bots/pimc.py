"""The one PIMC search of every game (Perfect-Information Monte Carlo): for a card to play,
deal the hidden cards again and again in ways that fit what the seat has seen, weigh each
such world by how likely it is, solve each world with every card known, and play the card
with the best weighted average for the seat.

The loop is :func:`rams.bots.sampling.sample_values`; :class:`SearchBot` is the bot around
it, and it knows no game. A game hands it its pieces (:class:`CardSearch`), as its family's
bots' module builds its searching bots (:attr:`rams.games.protocol.Family.bots`):

- **which decisions are searched** (:meth:`CardSearch.cards`: the cards to choose among; any
  other decision goes to the bot's ``before_play`` bot, which is also asked out of turn);
- **a card without search** where the game plays one (:meth:`CardSearch.first`);
- **the sampler, its inference and the solver with the game's scoring**
  (:meth:`CardSearch.round`: a :class:`Round` draws a weighted world and values each card in
  it; with ``points`` the values are what the game writes for the seat, for the analysis);
- **the card picked** from the values, with the game's tie-break (:meth:`CardSearch.pick`).

Rams' pieces are in :mod:`rams.games.rams.search`, the plain games' in
:mod:`rams.games.plain.search` (with each game's scoring in its own ``search`` module).
Decisions before play are simulated by the one simulation, :mod:`rams.bots.simulate`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from rams.actions import Play
from rams.bots.sampling import Sampling, Tally
from rams.cards import Card
from rams.games.protocol import AnyBot
from rams.games.seatview import SeatView

__all__ = ["CardSearch", "Round", "SearchBot"]

V = TypeVar("V", bound=SeatView)
V_contra = TypeVar("V_contra", bound=SeatView, contravariant=True)
W = TypeVar("W")


@dataclass
class Round(Generic[W]):
    """One decision's search: ``draw()`` deals a world that fits the view with its weight
    (None: no world on this try), ``value(world)`` each card's value there, higher better
    for the seat (nothing: the world could not be valued, and is left out); at most
    ``tries`` draws in all (None: as many as the samples). A decision that costs more a
    world than most sets its own ``samples`` (at most the bot's) and ``seconds`` (when
    the bot is timed: the longer of the two)."""

    draw: Callable[[], tuple[W, float] | None]
    value: Callable[[W], Mapping[Card, float]]
    tries: int | None = None
    samples: int | None = None
    seconds: float | None = None


class CardSearch(Protocol[V_contra]):
    """A game's pieces of the one PIMC search (the module's docstring)."""

    def cards(self, view: V_contra) -> list[Card] | None:
        """The cards the search chooses among, or None at a decision it leaves to
        ``before_play`` (any decision but card play; with one card, the card is played)."""
        ...

    def first(self, bot: SearchBot[Any], view: V_contra, cards: list[Card]) -> Card | None:
        """A card played without search (None: search)."""
        ...

    def round(self, bot: SearchBot[Any], view: V_contra, points: bool) -> Round[Any]:
        """The sampler, its weights and the solver for one decision of ``bot``."""
        ...

    def pick(
        self, bot: SearchBot[Any], view: V_contra, cards: list[Card], tally: Tally[Card]
    ) -> Card:
        """The card played, from the weighted sums of the worlds' values."""
        ...


class SearchBot(Sampling, Generic[V]):
    """PIMC card play with a game's ``search`` pieces: up to ``samples`` worlds, drawn until
    ``seconds`` have passed when timed (None: the sample count alone decides, so that a seed
    gives the same choices anywhere); ``before_play`` decides everything else."""

    sees_all = False

    def __init__(
        self,
        rng: random.Random,
        search: CardSearch[V],
        before_play: AnyBot,
        samples: int,
        seconds: float | None,
        name: str,
    ) -> None:
        super().__init__(rng, samples, seconds, name)
        self.search = search
        self.before_play = before_play
        self.last_samples = 0  # the worlds the last search drew (0: none could be dealt)

    def act(self, view: V) -> Any:
        """A card by search; a lone legal action as it is; anything else by
        ``before_play``."""
        cards = self.search.cards(view)
        if cards is None or len(cards) < 2:
            legal = view.legal_actions
            if len(legal) == 1:
                return legal[0]
            return self.before_play.act(view)
        return Play(self.choose(view, cards))

    def act_out_of_turn(self, view: V, offers: list[Any]) -> Any:
        """An offer out of turn, as ``before_play`` takes it (the first, if it has no say)."""
        decide = getattr(self.before_play, "act_out_of_turn", None)
        return decide(view, offers) if decide is not None else offers[0]

    def choose(self, view: V, cards: list[Card]) -> Card:
        """The card to play of ``cards``."""
        first = self.search.first(self, view, cards)
        if first is not None:
            return first
        return self.search.pick(self, view, cards, self.tally(view, cards, False))

    def card_values(self, view: V, cards: list[Card], points: bool = False) -> dict[Card, float]:
        """Each card's weighted mean value over the worlds (all zeros when none was dealt,
        ``last_samples`` 0), searched at any length of the hands: what the bot plays for,
        or with ``points`` what the game writes for the seat (the analysis)."""
        return self.tally(view, cards, points).means()

    def tally(self, view: V, cards: list[Card], points: bool) -> Tally[Card]:
        """The search itself: the weighted sums of each card's values over the worlds."""
        found = self.search.round(self, view, points)
        tally = self.sample(
            cards, found.draw, found.value, tries=found.tries, samples=found.samples,
            seconds=found.seconds,
        )  # fmt: skip
        self.last_samples = tally.samples
        return tally
