"""A learned evaluator for the decisions before play: play or pass, the exchange, the turned
trump, Pam and the duel's talon — where most points are won or lost.

A decision leaves the player with some cards and some cards still to draw; the evaluator
predicts the points he will write off in the deal from there (positive is good), with a
ridge regression over hand features and their pairwise products, one model per preset.
The weights are learned offline from self-play rollouts by ``scripts/train_evaluator.py``
and shipped as ``rams/games/rams/data/evaluator.json``.

- **play or pass** (E1): play when the predicted gain of playing over passing is positive;
- **exchange** (E4): the discard with the best predicted value;
- **turned trump** (E5), **Pam** (M3): the hand with the best predicted value after the swap;
- **talon** (V2): take it when a fresh five-card hand is worth more than the one held.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from rams.cards import ACE, JACK, KING, QUEEN, TEN, Card, rank_of, suit_of
from rams.games.protocol import Bot
from rams.games.rams.actions import GO, KEEP, PASS, PLAY_IN, SELL, TAKE, Action, Exchange, Swap
from rams.games.rams.deal import PAM
from rams.games.rams.heuristic import HeuristicBot
from rams.games.rams.rules import Rules
from rams.games.rams.view import Observation, Phase

__all__ = ["BASE_FEATURES", "EvaluatorBot", "Model", "features", "load_models"]

BASE_FEATURES = (
    "trumps",
    "trump_ace",
    "trump_king",
    "trump_queen",
    "trump_jack",
    "trump_ten",
    "side_aces",
    "side_kings",
    "side_queens",
    "ace_value",
    "pam",
    "longest_side",
    "voids",
    "to_draw",
    "to_draw_sq",
    "players",
    "playing",
    "position",
    "dealer",
    "turned_rank",
    "record",
    "stock",
    "jack_pair",
)


def features(
    view: Observation, kept: Sequence[Card], to_draw: int, playing: int | None = None
) -> list[float]:
    """Base features of a decision that keeps ``kept`` and draws ``to_draw`` cards."""
    rules = view.rules
    trump = view.trump if view.trump is not None else -1
    n = rules.players
    pam = PAM if rules.pamfil else -1
    trumps = [c for c in kept if suit_of(c) == trump and c != pam]
    ranks = {rank_of(c) for c in trumps}
    side = [c for c in kept if suit_of(c) != trump and c != pam]
    by_suit = [sum(1 for c in side if suit_of(c) == s) for s in range(4) if s != trump]
    ace_value = sum(rules.ace_value(suit_of(c), max(trump, 0)) for c in kept if rank_of(c) == ACE)
    jacks = [c for c in kept if rank_of(c) == JACK]
    colours = {suit_of(c) // 2 for c in jacks}
    pair = len(jacks) >= 2 and (len(jacks) > len(colours))
    assert view.seat is not None  # (a bot, a hand: always a seat)
    order = (view.seat - view.dealer - 1) % n
    if playing is None:  # before the exchange: those who have said play so far
        playing = sum(1 for c in view.calls if c == "play")
    turned = view.turned
    may_take = view.seat == view.dealer and turned is not None and rules.dealer_trump != "forbidden"
    return [
        len(trumps) / 5,
        float(ACE in ranks),
        float(KING in ranks),
        float(QUEEN in ranks),
        float(JACK in ranks),
        float(TEN in ranks),
        sum(1 for c in side if rank_of(c) == ACE) / 2,
        sum(1 for c in side if rank_of(c) == KING) / 2,
        sum(1 for c in side if rank_of(c) == QUEEN) / 2,
        ace_value / 20,
        float(pam in kept),
        max(by_suit, default=0) / 5,
        sum(1 for k in by_suit if k == 0) / 3,
        to_draw / 5,
        (to_draw / 5) ** 2,
        n / 7,
        playing / n,
        order / max(n - 1, 1),
        float(view.seat == view.dealer),
        (rank_of(turned) / 12) if may_take and turned is not None else 0.0,
        view.records[view.seat] / rules.start_score,
        view.stock_count / 20,
        float(pair),
    ]


def expand(base: Sequence[float]) -> list[float]:
    """The model's inputs: a constant, the base features and their pairwise products."""
    out = [1.0, *base]
    k = len(base)
    for i in range(k):
        for j in range(i, k):
            out.append(base[i] * base[j])
    return out


@dataclass(frozen=True)
class Model:
    """A linear model over :func:`expand`: predicted points."""

    weights: tuple[float, ...]

    def predict(self, base: Sequence[float]) -> float:
        """The predicted points of a decision with these base features."""
        x = expand(base)
        return sum(w * v for w, v in zip(self.weights, x, strict=True))


@cache
def load_models() -> dict[str, dict[str, Model]]:
    """The shipped models: preset → {"declare": …, "exchange": …}."""
    try:
        text = resources.files("rams.games.rams").joinpath("data/evaluator.json").read_text("utf-8")
    except FileNotFoundError:
        return {}
    data = json.loads(text)
    if data.get("features") != list(BASE_FEATURES):
        return {}
    return {
        preset: {kind: Model(tuple(w)) for kind, w in models.items()}
        for preset, models in data["models"].items()
    }


class EvaluatorBot:
    """Decisions before play by the learned evaluator; card play by ``play_bot`` (the
    heuristic by default). Falls back to the heuristic where no model was trained."""

    name = "evaluator"

    def __init__(
        self, rng: random.Random, play_bot: Bot[Observation, Action] | None = None
    ) -> None:
        self.rng = rng
        self.heuristic = HeuristicBot(rng)
        self.play_bot = play_bot if play_bot is not None else self.heuristic

    def _models(self, rules: Rules) -> dict[str, Model] | None:
        return load_models().get(rules.preset_name)

    def ranked_exchanges(self, view: Observation) -> list[Exchange]:
        """E4: the legal exchanges, the best predicted first (the model must have one)."""
        models = self._models(view.rules)
        assert models is not None and "exchange" in models
        exchange = models["exchange"]
        playing = len(view.active)

        def value(a: Exchange) -> float:
            kept = [c for c in view.hand if c not in a.cards]
            return float(exchange.predict(features(view, kept, len(a.cards), playing)))

        options = [a for a in view.legal_actions if isinstance(a, Exchange)]
        return sorted(options, key=value, reverse=True)

    def act(self, view: Observation) -> Action:
        """The evaluator's choice before play; card play and Даве elsewhere."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        models = self._models(view.rules)
        phase = view.phase
        if models is None or view.dave_pending is not None:
            return self.heuristic.act(view)
        if phase is Phase.DECLARE and PASS in legal and "declare" in models:
            gain = models["declare"].predict(features(view, view.hand, 0))
            return PLAY_IN if gain > 0 else PASS
        exchange = models.get("exchange")
        if exchange is None:
            return self.heuristic.act(view)
        if phase is Phase.EXCHANGE:
            return self.ranked_exchanges(view)[0]
        if phase is Phase.DEALER_TRUMP:
            new = view.turned
            options: list[tuple[float, Action]] = []
            for a in legal:
                if isinstance(a, Swap) and new is not None:
                    hand = [c for c in view.hand if c != a.card] + [new]
                    options.append((exchange.predict(features(view, hand, 0)), a))
                elif a == KEEP:
                    options.append((exchange.predict(features(view, view.hand, 0)), a))
            if options:
                return max(options, key=lambda o: o[0])[1]
        if phase is Phase.TALON:
            keep = exchange.predict(features(view, view.hand, 0, 2))
            fresh = exchange.predict(features(view, [], 5, 2))
            if TAKE in legal and fresh > keep:
                return TAKE
            return SELL if SELL in legal else GO
        if phase is Phase.PLAY:
            return self.play_bot.act(view)
        return self.heuristic.act(view)
