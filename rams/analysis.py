"""Разбор партии: the strong bot rates each decision one seat made in a finished game.

At each decision of the seat with more than one legal action, every choice is valued from
what the seat knew then — its observation (:meth:`deal.observation`), the one gate of
hidden information — by the strong bot's own sampling of the hidden cards, never by the
real ones. A :class:`Rating` gives the choice played, the best one and what the played one
cost (the loss, never negative). Values are the points the game writes for that seat,
higher better:

- **Rams**: minus the seat's record at the end of the deal (§7: the record is written off,
  lower is better for the player, so its negative here); the strong bot's bonus for winning
  the game (S6) is left out. Card play by PIMC over the exact solver
  (:meth:`rams.bots.pimc.SearchBot.card_values` with :mod:`rams.games.rams.search`'s
  pieces), play or pass, the exchange (the
  evaluator's four best and the one played, where the evaluator has a model for the
  rules), the turned trump and the duel's talon by simulation
  (:meth:`rams.games.rams.search.SimulatedDeclare.choice_values`, E1–E5, V2).
- **Ramsch**: minus the penalty points written (F7).
- **The trump deals (kony)**: the seat's tricks (T5).
- **Whist**: 2 points a trick of the seat's side (W6's trick points; the honours left out),
  the named trump (W4) included.
- **Boston**: what the declarer's side writes (B11), negated for the others; the bids (B3,
  B4) and the partner's choices (B5) included.

The plain games' cards by the same :meth:`~rams.bots.pimc.SearchBot.card_values` with
:mod:`rams.games.plain.search`'s pieces, and their contracts by the one simulation's
:meth:`rams.bots.simulate.SimulatingBot.decision_values`. Decisions
no bot simulates (Даве, Pam's swap, the claim, the trump deals' naming of the trump, the
out-of-turn «Играю вместе») are not rated.

Every decision draws its samples from its own seed (the master seed, the deal, the step),
so a decision's rating does not depend on the others: with a Ray address the decisions are
rated as Ray tasks (:mod:`rams.parallel`), with the same ratings.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from rams import games
from rams.actions import Play
from rams.bots.families import of
from rams.cards import SUITS, Cards
from rams.parallel import run_in_order
from rams.record import Record
from rams.words import Seat, Suit, has, text

__all__ = ["Rating", "analyse", "decisions", "evaluate", "report"]


@dataclass(frozen=True, slots=True)
class Rating:
    """One decision rated: the deal (1-based), the action's position in it (1-based), the
    phase, the action played and its value, the best action and its value."""

    deal: int
    step: int
    phase: str
    played: Any
    played_value: float
    best: Any
    best_value: float

    @property
    def loss(self) -> float:
        """What the played action cost against the best (≥ 0), in the family's points."""
        return self.best_value - self.played_value

    def to_json(self) -> dict[str, Any]:
        """A JSON object (actions in record notation)."""
        return {
            "deal": self.deal,
            "step": self.step,
            "phase": self.phase,
            "played": str(self.played),
            "played_value": round(self.played_value, 3),
            "best": str(self.best),
            "best_value": round(self.best_value, 3),
            "loss": round(self.loss, 3),
        }


def decisions(record: Record, seat: int) -> Iterator[tuple[int, int, Any, Any]]:
    """Every decision of ``seat`` in the record with more than one legal action, as
    (deal, step, the seat's view just before it, the action played); replaying checks
    every rule (:meth:`Record.steps`)."""
    for state in record.steps():
        dr = record.deals[state.deal_index]
        following = 0 if state.action_index is None else state.action_index + 1
        if following >= len(dr.actions) or dr.actions[following][0] != seat:
            continue
        deal = state.game.deal
        view = deal.observation(seat)
        action = dr.actions[following][1]
        if view.to_move != seat or len(view.legal_actions) < 2:
            continue
        if action not in view.legal_actions:  # (out of turn: not a decision rated here)
            continue
        yield state.deal_index + 1, following + 1, view, action


def analyse(
    record: Record,
    seat: int,
    samples: int = 32,
    rng: random.Random | None = None,
    on_decision: Callable[[int, int], None] | None = None,
    ray: str | None = None,
) -> list[Rating]:
    """The ratings of ``seat``'s decisions (0-based seat), each from ``samples`` sampled
    deals; ``on_decision(done, total)`` after each (a progress bar). With ``ray`` (an
    address) every decision is a Ray task; the ratings are the same."""
    if not 0 <= seat < len(record.players):
        raise ValueError(f"no seat {seat!r} in a game of {len(record.players)}")
    base = (rng or random.Random(0)).getrandbits(63)
    family = record.rules.family
    todo = [(family, samples, base, *d) for d in decisions(record, seat)]
    out: list[Rating] = []
    for done, rating in enumerate(run_in_order(_rate, todo, 1, ray), start=1):
        if rating is not None:
            out.append(rating)
        if on_decision is not None:
            on_decision(done, len(todo))
    return out


def _rate(args: tuple[str, int, int, int, int, Any, Any]) -> Rating | None:
    """One decision (deal, step, view, action played) rated; None where it cannot be."""
    family, samples, base, deal, step, view, action = args
    values = evaluate(view, family, samples, random.Random(f"{base}:{deal}:{step}"), action)
    if values is None or action not in values or len(values) < 2:
        return None
    best = max(values, key=lambda a: values[a])
    if values[best] - values[action] <= 1e-9:
        best = action  # (ties: what was played)
    phase = getattr(view.phase, "value", str(view.phase))
    return Rating(deal, step, str(phase), action, values[action], best, values[best])


def evaluate(
    view: Any, family: str, samples: int, rng: random.Random, action: Any = None
) -> dict[Any, float] | None:
    """The value of each choice of the seat whose view this is (its observation: what it
    knows, never the hidden cards), from ``samples`` sampled deals — what :func:`analyse`
    rates a decision by, and the web table's hints show before the decision; None where
    no bot values that decision. ``action`` (one played) is valued too where the strong
    bot would only value its best few (the Rams exchange)."""
    found = games.family(family)
    values: dict[Any, float] | None = of(found).evaluate(found, view, samples, rng, action)
    return values


def action_words(action: Any, lang: str, names: list[str], card_key: str, key: str) -> str:
    """A card as the catalogue writes cards (``card_key``); another action in words where
    it has them (an exchange, the trump's swap, a trump, an invitation, a bid; ``key``),
    else in record notation — for ``rams analyse`` and the replay page."""

    if isinstance(action, Play):
        return text(card_key, lang, names=names, cards=Cards((action.card,)))
    cards = getattr(action, "cards", None)
    if isinstance(cards, tuple):
        words = (
            text("analysis.exchange", lang, names=names, cards=Cards(cards))
            if cards
            else text("analysis.stand_pat", lang)
        )
        return text(key, lang, action=words)
    kind = type(action).__name__
    if kind == "Swap":
        swap = Cards((action.card,))
        return text(key, lang, action=text("analysis.swap", lang, names=names, cards=swap))
    if kind == "Trump":
        words = text("analysis.trump", lang, suit=Suit(action.suit))
        return text(key, lang, action=words)
    if kind == "Invite":
        words = text("analysis.invite", lang, names=names, who=Seat(action.seat))
        return text(key, lang, action=words)
    if kind == "Bid":
        contract = str(action).removeprefix("bid ")
        if not action.is_null:
            contract = f"{action.tricks} ({text(f'suit.{SUITS[action.suit]}', lang)})"
        words = text("analysis.bid", lang, contract=contract)
        return text(key, lang, action=words)
    word = getattr(action, "word", None)
    if isinstance(word, str) and has(f"analysis.say.{word}"):
        return text(key, lang, action=text(f"analysis.say.{word}", lang))
    return text(key, lang, action=str(action))


def report(
    ratings: list[Rating], family: str, names: list[str], lang: str, threshold: float = 0.5
) -> list[str]:
    """A seat's rated decisions in words, as ``rams analyse`` prints them and the terminal
    shows them at the end of a game: what the points are in this game, a line per decision
    that cost more than ``threshold`` points (what was played, what was better, about how
    much it cost), then the total.
    """
    lines = [text(f"analysis.unit_{family}", lang)]
    costly = [r for r in ratings if r.loss > threshold]
    for r in costly:
        key = "analysis.costly" if r.loss >= 0.5 else "analysis.costly_small"
        played = action_words(r.played, lang, names, "analysis.played_card", "analysis.chose")
        best = action_words(r.best, lang, names, "analysis.best_card", "analysis.best_choice")
        said = text(key, lang, deal=r.deal, step=r.step, played=played, best=best,
                    loss=round(r.loss))  # fmt: skip
        lines.append(said)
    lost = round(sum(r.loss for r in costly))
    if costly:
        lines.append(
            text("analysis.total", lang, count=len(ratings), costly=len(costly), loss=lost)
        )
    else:
        lines.append(text("analysis.clean", lang, count=len(ratings), threshold=threshold))
    return lines
