"""Train the evaluator of rams.games.rams.evaluator from self-play rollouts, and ship its weights.

For every preset, bot-only deals are played by the heuristic bot; at sampled decisions
before play, the deal is copied and played out from each option with heuristic players,
and the option's points (the record the player writes off in the rest of the deal) become
a training example: for play or pass, the points of playing minus those of passing; for the
exchange, the turned trump and the talon, the points of the option taken. A ridge
regression over the features of rams.games.rams.evaluator is fitted per preset and decision.

    .venv/bin/python scripts/train_evaluator.py [--samples 40000] [--seed 1] [--workers 2]

writes rams/games/rams/data/evaluator.json and prints each model's fit (R² on held-out samples).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from rams.cards import pack
from rams.games.rams.actions import KEEP, PASS, PLAY_IN, TAKE, Action, Exchange, Swap
from rams.games.rams.deal import Deal, Standing
from rams.games.rams.evaluator import BASE_FEATURES, expand, features
from rams.games.rams.heuristic import HeuristicBot
from rams.games.rams.rules import PRESETS, Rules
from rams.games.rams.view import Phase

OUT = Path(__file__).resolve().parent.parent / "rams" / "games" / "rams" / "data" / "evaluator.json"


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
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        start = rules.start_score
        records = tuple(
            start if rng.random() < 0.6 else rng.randint(max(1, start // 10), start)
            for _ in range(n)
        )
        deal = Deal(rules, rng.randrange(n), deck, Standing(records))
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--presets", default=",".join(PRESETS))
    args = parser.parse_args()
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
