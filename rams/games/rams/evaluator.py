"""A learned evaluator for the decisions before play: play or pass, the exchange, the turned
trump, Pam and the duel's talon — where most points are won or lost.

A decision leaves the player with some cards and some cards still to draw; the evaluator
predicts the points he will write off in the deal from there (positive is good). Two kinds
of model, both learned offline by ``scripts/train_evaluator.py``:

- **ridge** (``data/evaluator.json``, every preset): a ridge regression over hand features
  and their pairwise products, learned from one heuristic rollout per example;
- **trees** (``data/evaluator_trees.json``, issue 28, the presets and table sizes it was
  trained for): gradient-boosted regression trees over the same features, learned from
  labels averaged over several worlds played out by the all-seeing solver. They are plain
  arrays walked in pure Python (:class:`Trees`); where a preset or table size has none, the
  ridge model decides.

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
from typing import Any, Protocol

from rams.cards import ACE, JACK, KING, QUEEN, TEN, Card, rank_of, suit_of
from rams.games.protocol import Bot
from rams.games.rams.actions import GO, KEEP, PASS, PLAY_IN, SELL, TAKE, Action, Exchange, Swap
from rams.games.rams.deal import PAM
from rams.games.rams.heuristic import HeuristicBot
from rams.games.rams.rules import Rules
from rams.games.rams.view import Observation, Phase

__all__ = [
    "BASE_FEATURES",
    "EvaluatorBot",
    "Model",
    "Predictor",
    "Trees",
    "features",
    "load_models",
    "load_trees",
]

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


@dataclass(frozen=True)
class Trees:
    """Gradient-boosted regression trees as plain arrays: predicted points.

    The nodes of every tree lie in one set of arrays; ``roots`` holds each tree's first
    node. A node with ``feature`` −1 is a leaf worth ``value`` (the learning rate already
    applied); any other goes ``left`` when its feature is at most ``threshold``, else
    ``right``. The prediction is ``base`` plus one leaf's value from every tree.

    >>> stump = Trees(1.0, (0,), (0, -1, -1), (0.5, 0.0, 0.0), (1, -1, -1), (2, -1, -1),
    ...               (0.0, -2.0, 3.0))
    >>> stump.predict([0.25]), stump.predict([0.75])
    (-1.0, 4.0)
    """

    base: float
    roots: tuple[int, ...]
    feature: tuple[int, ...]
    threshold: tuple[float, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    value: tuple[float, ...]

    def predict(self, base: Sequence[float]) -> float:
        """The predicted points of a decision with these base features."""
        feature, threshold, left, right = self.feature, self.threshold, self.left, self.right
        total = self.base
        for node in self.roots:
            k = feature[node]
            while k >= 0:
                node = left[node] if base[k] <= threshold[node] else right[node]
                k = feature[node]
            total += self.value[node]
        return total

    def to_json(self) -> dict[str, Any]:
        """The arrays as JSON data (:meth:`from_json` reads them back)."""
        return {
            "base": self.base,
            "roots": list(self.roots),
            "feature": list(self.feature),
            "threshold": list(self.threshold),
            "left": list(self.left),
            "right": list(self.right),
            "value": list(self.value),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Trees:
        """Trees from :meth:`to_json`'s data, checked: every node's children lie in the arrays."""
        trees = cls(
            float(data["base"]),
            tuple(int(i) for i in data["roots"]),
            tuple(int(i) for i in data["feature"]),
            tuple(float(t) for t in data["threshold"]),
            tuple(int(i) for i in data["left"]),
            tuple(int(i) for i in data["right"]),
            tuple(float(v) for v in data["value"]),
        )
        size = len(trees.feature)
        arrays = (trees.threshold, trees.left, trees.right, trees.value)
        if any(len(a) != size for a in arrays) or not all(0 <= r < size for r in trees.roots):
            raise ValueError(f"trees: arrays of unequal length or a root outside {size} nodes")
        for node, k in enumerate(trees.feature):
            if k >= 0 and not (node < trees.left[node] < size and node < trees.right[node] < size):
                raise ValueError(f"trees: node {node!r} has a child outside the arrays")
        return trees


class Predictor(Protocol):
    """A model of the points a decision before play is worth (:class:`Model`, :class:`Trees`)."""

    def predict(self, base: Sequence[float]) -> float: ...


def _read(name: str) -> dict[str, Any] | None:
    try:
        text = resources.files("rams.games.rams").joinpath(f"data/{name}").read_text("utf-8")
    except FileNotFoundError:
        return None
    data: dict[str, Any] = json.loads(text)
    if data.get("features") != list(BASE_FEATURES):
        return None
    return data


@cache
def load_trees() -> dict[str, tuple[tuple[int, ...], dict[str, Trees]]]:
    """The shipped trees: preset → (the table sizes they were trained for, {"declare": …,
    "exchange": …})."""
    data = _read("evaluator_trees.json")
    if data is None:
        return {}
    return {
        preset: (
            tuple(int(n) for n in entry["players"]),
            {kind: Trees.from_json(t) for kind, t in entry["models"].items()},
        )
        for preset, entry in data["models"].items()
    }


@cache
def load_models() -> dict[str, dict[str, Model]]:
    """The shipped ridge models: preset → {"declare": …, "exchange": …}."""
    data = _read("evaluator.json")
    if data is None:
        return {}
    return {
        preset: {kind: Model(tuple(w)) for kind, w in models.items()}
        for preset, models in data["models"].items()
    }


class EvaluatorBot:
    """Decisions before play by the learned evaluator; card play by ``play_bot`` (the
    heuristic by default). With ``trees``, the boosted trees where they were trained for the
    preset and table size, the ridge model elsewhere; without, the ridge model alone. Falls
    back to the heuristic where no model was trained."""

    name = "evaluator"

    def __init__(
        self,
        rng: random.Random,
        play_bot: Bot[Observation, Action] | None = None,
        trees: bool = False,
    ) -> None:
        self.rng = rng
        self.heuristic = HeuristicBot(rng)
        self.play_bot = play_bot if play_bot is not None else self.heuristic
        self.trees = trees

    def _models(self, rules: Rules) -> dict[str, Predictor] | None:
        ridge = load_models().get(rules.preset_name)
        grown = load_trees().get(rules.preset_name) if self.trees else None
        if grown is None or rules.players not in grown[0]:
            return dict(ridge) if ridge is not None else None
        return {**(ridge or {}), **grown[1]}

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
