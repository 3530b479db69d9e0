"""Train the evaluator of rams.games.rams.evaluator, and ship its models.

**Ridge** (``--model ridge``, the default; what ``hard`` decides with where no trees were
trained, and ``hardold`` everywhere): for every preset, bot-only deals are played by the
heuristic bot; at sampled decisions before play, the deal is copied and played out once from
each option with heuristic players, and the option's points (the record the player writes off in
the rest of the deal) become a training example: for play or pass, the points of playing minus
those of passing; for the exchange, the turned trump and the talon, the points of the option
taken. A ridge regression over the features of rams.games.rams.evaluator is fitted per preset
and decision.

    .venv/bin/python scripts/train_evaluator.py [--samples 40000] [--seed 1] [--workers 2]

writes rams/games/rams/data/evaluator.json and prints each model's fit (R² on held-out samples).

**Trees** (``--model trees``, issue 28): deals are driven to their decisions before play by the
ridge evaluator. At a sampled decision (seven in ten) the options labelled are play and pass; at
the exchange the ridge's best discard and two others at random (so that poor options are seen
too); at the turned trump and the talon every choice. Each labelled option is worth the mean,
over ``--worlds`` worlds, of the points the player writes off from there: a world deals the
cards the player has not seen at random, consistently with what he knows (his hand, the turned
trump, every card shown, no ace to a seat that passed where E2 says so:
``rams.games.rams.search.sample_deck``) and brings that deal back to the decision (``replay``);
every option is played out on the same worlds (so play or pass's label, their difference, is
paired). The play-outs are by the all-seeing bot in every seat: its card play is the compiled
exact solver's with every card known — the nearest cheap stand-in for ``hard``'s own card play —
and its later decisions before play (the others', and the player's own after this one) are the
ridge evaluator's. The label is points only (no bonus for winning the game). Gradient-boosted
regression trees (squared loss, NumPy only: depth ``--depth``, ``--trees`` trees, shrinkage
``--rate``) are fitted per preset and decision on the table sizes ``--players`` and exported as
plain arrays.

    nice -n 10 .venv/bin/python scripts/train_evaluator.py --model trees \
        --presets classic --players 3,4 --samples 2000 --worlds 5 --seed 1 [--examples DIR]

writes rams/games/rams/data/evaluator_trees.json (``--examples``: keeps the examples there, and
fits again from them without collecting), showing its progress, and prints each model's held-out
R² beside a ridge fitted to the same labels (R² is not the judge: play is,
``benchmarks/preplay_share.py``, the share of the gap before play closed, and
``benchmarks/strength.py --table ridge-allseeing-4``). Deterministic by seed, one process;
``--samples 2000 --worlds 5`` takes about 3 minutes of CPU for classic at 3 and 4 players."""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from rams.cards import pack
from rams.games.rams.actions import GO, KEEP, PASS, PLAY_IN, SELL, TAKE, Action, Exchange, Swap
from rams.games.rams.deal import Deal, Standing
from rams.games.rams.evaluator import (
    BASE_FEATURES,
    EvaluatorBot,
    Predictor,
    Trees,
    expand,
    features,
)
from rams.games.rams.heuristic import HeuristicBot
from rams.games.rams.rules import PRESETS, Rules
from rams.games.rams.search import AllSeeingBot, replay, sample_deck
from rams.games.rams.view import Observation, Phase
from rams.table import bot_turn

DATA = Path(__file__).resolve().parent.parent / "rams" / "games" / "rams" / "data"
OUT = DATA / "evaluator.json"
OUT_TREES = DATA / "evaluator_trees.json"


def random_deal(rules: Rules, rng: random.Random) -> Deal:
    """A deal of ``rules`` shuffled from ``rng``, its dealer at random, each record the start
    score or (four times in ten) a random one below it, as in a game under way."""
    n = rules.players
    deck = list(pack(rules.pack_size))
    rng.shuffle(deck)
    start = rules.start_score
    records = tuple(
        start if rng.random() < 0.6 else rng.randint(max(1, start // 10), start) for _ in range(n)
    )
    return Deal(rules, rng.randrange(n), deck, Standing(records))


def rollout(deal: Deal, seat: int, action: Action, rng: random.Random) -> float:
    """Points ``seat`` writes off from here when he takes ``action`` and all play heuristic."""
    d = deal.copy()
    d.apply(action, seat)
    bots = [HeuristicBot(random.Random(rng.getrandbits(32))) for _ in range(d.n)]
    while not d.is_over:
        s = d.to_move
        assert s is not None
        d.apply(bots[s].act(d.observation(s)), s)
    return float(deal.records[seat] - d.records[seat])


def collect(
    preset: str, samples: int, seed: int
) -> dict[str, tuple[list[list[float]], list[float]]]:
    rng = random.Random(f"train:{preset}:{seed}")
    low, high = PRESETS[preset].players
    data: dict[str, tuple[list[list[float]], list[float]]] = {
        "declare": ([], []),
        "exchange": ([], []),
    }
    while len(data["exchange"][1]) < samples and (
        len(data["declare"][1]) < samples or not Rules.preset(preset, low).passing
    ):
        n = rng.randint(low, high)
        rules = Rules.preset(preset, n)
        deal = random_deal(rules, rng)
        bots = [HeuristicBot(random.Random(rng.getrandbits(32))) for _ in range(n)]
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            view = deal.observation(seat)
            legal = view.legal_actions
            if deal.phase is Phase.DECLARE and PASS in legal and rng.random() < 0.7:
                gain = rollout(deal, seat, PLAY_IN, rng) - rollout(deal, seat, PASS, rng)
                data["declare"][0].append(features(view, view.hand, 0))
                data["declare"][1].append(gain)
            elif deal.phase is Phase.EXCHANGE and rng.random() < 0.7:
                options = [a for a in legal if isinstance(a, Exchange)]
                a = (
                    options[rng.randrange(len(options))]
                    if rng.random() < 0.6
                    else bots[seat].act(view)
                )
                assert isinstance(a, Exchange)
                kept = [c for c in view.hand if c not in a.cards]
                x = features(view, kept, len(a.cards), len(view.active))
                data["exchange"][0].append(x)
                data["exchange"][1].append(rollout(deal, seat, a, rng))
            elif deal.phase is Phase.DEALER_TRUMP and rng.random() < 0.7:
                a = legal[rng.randrange(len(legal))]
                if isinstance(a, Swap) and view.turned is not None:
                    kept = [c for c in view.hand if c != a.card] + [view.turned]
                elif a == KEEP:
                    kept = list(view.hand)
                else:
                    kept = []
                if kept:
                    data["exchange"][0].append(features(view, kept, 0))
                    data["exchange"][1].append(rollout(deal, seat, a, rng))
            elif deal.phase is Phase.TALON and rng.random() < 0.9:
                a = legal[rng.randrange(len(legal))]
                take = a == TAKE
                x = features(view, [] if take else list(view.hand), 5 if take else 0, 2)
                data["exchange"][0].append(x)
                data["exchange"][1].append(rollout(deal, seat, a, rng))
            deal.apply(bots[seat].act(view), seat)
    return data


def fit(xs: list[list[float]], ys: list[float], ridge: float) -> tuple[list[float], float]:
    """Ridge regression on the expanded features; returns the weights and held-out R²."""
    x = np.array([expand(f) for f in xs])
    y = np.array(ys)
    cut = int(len(y) * 0.8)

    def solve(xa: np.ndarray, ya: np.ndarray) -> np.ndarray:
        reg = ridge * np.eye(xa.shape[1])
        reg[0, 0] = 0.0
        return np.linalg.solve(xa.T @ xa + reg, xa.T @ ya)

    w = solve(x[:cut], y[:cut])
    resid = y[cut:] - x[cut:] @ w
    r2 = 1 - float(resid.var()) / max(float(y[cut:].var()), 1e-9)
    return solve(x, y).tolist(), r2


def train(args: tuple[str, int, int]) -> tuple[str, dict[str, list[float]], dict[str, float], int]:
    preset, samples, seed = args
    data = collect(preset, samples, seed)
    models: dict[str, list[float]] = {}
    scores: dict[str, float] = {}
    for kind, (xs, ys) in data.items():
        if len(ys) >= 500:
            models[kind], scores[kind] = fit(xs, ys, ridge=1.0)
    return preset, models, scores, sum(len(v[1]) for v in data.values())


# Trees (issue 28): labels averaged over worlds played out by the all-seeing solver ---------

Examples = dict[str, tuple[list[list[float]], list[float]]]


class Remembered:
    """A model whose predictions are remembered by their features (the same values, fewer
    sums: an exchange's discards often leave hands with the same features)."""

    def __init__(self, model: Predictor) -> None:
        self.model = model
        self.seen: dict[tuple[float, ...], float] = {}

    def predict(self, base: Sequence[float]) -> float:
        key = tuple(base)
        found = self.seen.get(key)
        if found is None:
            found = self.seen[key] = self.model.predict(base)
        return found


class RememberingEvaluator(EvaluatorBot):
    """The ridge evaluator, deciding as it does, its predictions remembered."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self._remembered: dict[str, dict[str, Predictor] | None] = {}

    def _models(self, rules: Rules) -> dict[str, Predictor] | None:
        name = rules.preset_name
        if name not in self._remembered:
            models = super()._models(rules)
            self._remembered[name] = (
                None if models is None else {k: Remembered(m) for k, m in models.items()}
            )
        return self._remembered[name]


def seeing(rng: random.Random) -> AllSeeingBot:
    """An all-seeing player of the play-outs: the solver's card play, the ridge evaluator's
    decisions before play."""
    bot = AllSeeingBot(rng)
    bot.before_play = RememberingEvaluator(rng)
    return bot


def world(view: Observation, rng: random.Random) -> Deal | None:
    """A deal consistent with what ``view``'s seat knows, brought back to its decision (the
    records as in the view, also where the deal was scored at the deal: J1); None if the
    drawn deck does not come back to it."""
    deck = sample_deck(view, rng)
    if deck is None:
        return None
    deal = replay(view, deck, view.records)
    if deal is not None and tuple(deal.records) != tuple(view.records):
        start = tuple(2 * a - b for a, b in zip(view.records, deal.records, strict=True))
        deal = replay(view, deck, start)
        if deal is None or tuple(deal.records) != tuple(view.records):
            return None
    return deal


def world_values(
    view: Observation,
    options: list[Action],
    worlds: int,
    rng: random.Random,
    agents: list[AllSeeingBot],
) -> list[float] | None:
    """Each option's points for ``view``'s seat (the record written off from here), the mean
    over ``worlds`` worlds, every option played out on the same worlds by ``agents``; None
    if no world came back to the decision (up to three tries a world)."""
    me = view.seat
    assert me is not None
    totals = [0.0] * len(options)
    found = 0
    for _ in range(3 * worlds):
        if found == worlds:
            break
        deal = world(view, rng)
        if deal is None:
            continue
        for i, option in enumerate(options):
            sim = deal.copy()
            sim.apply(option, me)
            while bot_turn(sim, agents) != "done":
                pass
            totals[i] += deal.records[me] - sim.records[me]
        found += 1
    return [t / found for t in totals] if found else None


def labelled(
    view: Observation, driver: EvaluatorBot, rng: random.Random
) -> tuple[str, list[Action], list[list[float]]] | None:
    """The decision's kind, the options to label and each option's features (for play or
    pass, one example: playing against passing); None for a decision not labelled."""
    legal = view.legal_actions
    if view.dave_pending is not None:
        return None
    if view.phase is Phase.DECLARE and PASS in legal and PLAY_IN in legal:
        return "declare", [PLAY_IN, PASS], [features(view, view.hand, 0)]
    if view.phase is Phase.EXCHANGE:
        ranked = driver.ranked_exchanges(view)
        if len(ranked) < 2:
            return None
        rest = ranked[1:]
        chosen = [ranked[0], *rng.sample(rest, min(2, len(rest)))]
        xs = []
        for a in chosen:
            kept = [c for c in view.hand if c not in a.cards]
            xs.append(features(view, kept, len(a.cards), len(view.active)))
        return "exchange", list(chosen), xs
    if view.phase is Phase.DEALER_TRUMP:
        options: list[Action] = []
        xs = []
        for a in legal:
            if isinstance(a, Swap) and view.turned is not None:
                kept = [c for c in view.hand if c != a.card] + [view.turned]
            elif a == KEEP:
                kept = list(view.hand)
            else:
                continue
            options.append(a)
            xs.append(features(view, kept, 0))
        return ("exchange", options, xs) if len(options) >= 2 else None
    if view.phase is Phase.TALON:
        options = [a for a in legal if a in (TAKE, SELL, GO)]
        xs = [
            features(view, [], 5, 2) if a == TAKE else features(view, list(view.hand), 0, 2)
            for a in options
        ]
        return ("exchange", options, xs) if len(options) >= 2 else None
    return None


def collect_worlds(
    preset: str,
    players: list[int],
    samples: int,
    worlds: int,
    seed: int,
    progress: bool = False,
) -> Examples:
    """Examples of play or pass and of the other decisions before play (``samples`` of each
    kind per table size), their labels averaged over ``worlds`` worlds (the module's
    docstring). Deterministic by seed."""
    rng = random.Random(f"trees:{preset}:{seed}")
    data: Examples = {"declare": ([], []), "exchange": ([], [])}
    started = time.process_time()
    for n in players:
        rules = Rules.preset(preset, n)
        agents = [seeing(random.Random(rng.getrandbits(32))) for _ in range(n)]
        driver = RememberingEvaluator(random.Random(rng.getrandbits(32)))
        counts = {"declare": 0 if rules.passing else samples, "exchange": 0}
        while min(counts.values()) < samples:
            deal = random_deal(rules, rng)
            while not deal.is_over and deal.phase is not Phase.PLAY:
                seat = deal.to_move
                assert seat is not None
                view = deal.observation(seat)
                found = labelled(view, driver, rng) if len(view.legal_actions) > 1 else None
                if found is not None and counts[found[0]] < samples and rng.random() < 0.7:
                    kind, options, xs = found
                    values = world_values(view, options, worlds, rng, agents)
                    if values is not None:
                        if kind == "declare":
                            xs, values = xs, [values[0] - values[1]]
                        data[kind][0].extend(xs)
                        data[kind][1].extend(values)
                        counts[kind] += len(values)
                        if progress and counts[kind] % 100 < len(values):
                            spent = time.process_time() - started
                            print(f"  {preset} {n}p: {counts['declare']} declare, "
                                  f"{counts['exchange']} exchange examples, {spent:.0f} s CPU",
                                  flush=True)  # fmt: skip
                deal.apply(driver.act(view), seat)
    return data


def boost(
    x: np.ndarray,
    y: np.ndarray,
    trees: int = 300,
    depth: int = 3,
    rate: float = 0.05,
    min_leaf: int = 30,
    subsample: float = 0.8,
    seed: int = 0,
) -> Trees:
    """Gradient-boosted regression trees (squared loss) as :class:`Trees`: each tree is
    grown on a random ``subsample`` of the rows, to ``depth`` levels, each split the one that
    most reduces the squared error with at least ``min_leaf`` rows a side, its threshold
    halfway between two neighbouring values; leaves hold ``rate`` times the mean residual."""
    rows, k = x.shape
    rng = np.random.default_rng(seed)
    base = float(y.mean())
    pred = np.full(rows, base)
    order = [np.argsort(x[:, f], kind="stable") for f in range(k)]
    feature: list[int] = []
    threshold: list[float] = []
    left: list[int] = []
    right: list[int] = []
    value: list[float] = []
    roots: list[int] = []
    resid = y - pred

    def best_split(member: np.ndarray) -> tuple[int, float] | None:
        count = int(member.sum())
        total = float(resid[member].sum())
        best, best_gain = None, 1e-12
        for f in range(k):
            idx = order[f][member[order[f]]]
            xs = x[idx, f]
            cs = np.cumsum(resid[idx])[:-1]
            cn = np.arange(1, count)
            valid = (xs[:-1] < xs[1:]) & (cn >= min_leaf) & (count - cn >= min_leaf)
            if not valid.any():
                continue
            gain = cs**2 / cn + (total - cs) ** 2 / (count - cn) - total**2 / count
            gain = np.where(valid, gain, -np.inf)
            i = int(np.argmax(gain))
            if gain[i] > best_gain:
                best, best_gain = (f, float((xs[i] + xs[i + 1]) / 2)), float(gain[i])
        return best

    def grow(member: np.ndarray, reach: np.ndarray, left_depth: int) -> int:
        node = len(feature)
        feature.append(-1)
        threshold.append(0.0)
        left.append(-1)
        right.append(-1)
        value.append(0.0)
        split = best_split(member) if left_depth and member.sum() >= 2 * min_leaf else None
        if split is None:
            v = rate * float(resid[member].mean()) if member.any() else 0.0
            value[node] = v
            pred[reach] += v
            return node
        f, t = split
        low = x[:, f] <= t
        feature[node], threshold[node] = f, t
        left[node] = grow(member & low, reach & low, left_depth - 1)
        right[node] = grow(member & ~low, reach & ~low, left_depth - 1)
        return node

    everyone = np.ones(rows, dtype=bool)
    for _ in range(trees):
        resid = y - pred
        roots.append(grow(rng.random(rows) < subsample, everyone, depth))
    return Trees(base, tuple(roots), tuple(feature), tuple(threshold), tuple(left),
                 tuple(right), tuple(value))  # fmt: skip


def fit_trees(xs: list[list[float]], ys: list[float], trees: int, depth: int, rate: float
              ) -> tuple[Trees, float, float]:  # fmt: skip
    """Trees on all the examples; the held-out R² (the last fifth) of trees and of a ridge
    fitted to the same labels."""
    x = np.array(xs)
    y = np.array(ys)
    cut = int(len(y) * 0.8)
    held = boost(x[:cut], y[:cut], trees, depth, rate)
    guess = np.array([held.predict(row) for row in xs[cut:]])
    r2 = 1 - float(((y[cut:] - guess) ** 2).mean()) / max(float(y[cut:].var()), 1e-9)
    _, ridge_r2 = fit(xs, ys, ridge=1.0)
    return boost(x, y, trees, depth, rate), r2, ridge_r2


def train_trees(args: argparse.Namespace) -> None:
    """Collect, fit and write the trees (``--model trees``)."""
    start = time.perf_counter()
    players = [int(n) for n in args.players.split(",")]
    out: dict[str, dict[str, object]] = {}
    for preset in args.presets.split(","):
        kept = args.examples / f"{preset}.json" if args.examples else None
        if kept is not None and kept.exists():
            data = json.loads(kept.read_text(encoding="utf-8"))
        else:
            data = collect_worlds(preset, players, args.samples, args.worlds, args.seed, True)
            if kept is not None:
                kept.parent.mkdir(parents=True, exist_ok=True)
                kept.write_text(json.dumps(data), encoding="utf-8")
        models: dict[str, object] = {}
        for kind, (xs, ys) in data.items():
            if len(ys) < 200:
                continue
            trees, r2, ridge_r2 = fit_trees(xs, ys, args.trees, args.depth, args.rate)
            models[kind] = trees.to_json()
            print(f"{preset:<15} {kind:<9} {len(ys):>6} examples  held-out R² trees "
                  f"{r2:.3f}, ridge on the same labels {ridge_r2:.3f}", flush=True)  # fmt: skip
        out[preset] = {"players": players, "models": models}
    OUT_TREES.write_text(
        json.dumps(
            {
                "features": list(BASE_FEATURES),
                "samples": args.samples,
                "worlds": args.worlds,
                "seed": args.seed,
                "trees": args.trees,
                "depth": args.depth,
                "rate": args.rate,
                "models": out,
            }
        )
        + "\n",
        encoding="utf-8",
    )
    print(f"wrote {OUT_TREES} in {time.perf_counter() - start:.0f} s "
          f"({time.process_time():.0f} s CPU)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--model", choices=["ridge", "trees"], default="ridge")
    parser.add_argument("--players", default="3,4", help="trees: the table sizes")
    parser.add_argument("--worlds", type=int, default=6, help="trees: worlds per label")
    parser.add_argument("--trees", type=int, default=300)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument(
        "--examples", type=Path, help="trees: keep the examples here (and read them back)"
    )
    args = parser.parse_args()
    if args.model == "trees":
        train_trees(args)
        return
    start = time.perf_counter()
    jobs = [(p, args.samples, args.seed) for p in args.presets.split(",")]
    out: dict[str, dict[str, list[float]]] = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for preset, models, scores, count in pool.map(train, jobs):
            out[preset] = models
            fits = ", ".join(f"{k} R² {v:.3f}" for k, v in scores.items())
            print(f"{preset:<15} {count:>7} samples  {fits}", flush=True)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps(
            {
                "features": list(BASE_FEATURES),
                "samples": args.samples,
                "seed": args.seed,
                "models": out,
            }
        )
        + "\n",
        encoding="utf-8",
    )
    print(f"wrote {OUT} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
