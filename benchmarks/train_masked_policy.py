"""Train a masked policy on CPU with NumPy alone, then measure it against ``random``.

A linear softmax policy over the Gymnasium environment's tensor (one seat of a preset
against ``random`` bots, :mod:`rams.adapters.gymnasium`), the illegal actions masked out
of the softmax, trained by REINFORCE with a running-mean baseline, the advantage scaled by
the returns' running spread (the reward is the seat's points at the end of the deal). The
tensors are sparse, so each step touches only the weights of the nonzero features. Then
the trained policy (greedy) and a uniformly random one play the same evaluation deals (the
same seeds: the same cards, the same bots' generators) in the same seat, and the mean
difference of their points is printed with its 95% interval; "beats random" is that
interval lying above 0.

Everything comes from ``--seed``: the training deals, the bots, the policy's samples.

    .venv/bin/python benchmarks/train_masked_policy.py [--preset classic --players 3]
        [--episodes 30000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from rams.adapters.gymnasium import RamsEnv
from rams.stats import mean_ci


class MaskedLinearPolicy:
    """Logits ``W x + b`` over every action id; the mask keeps the legal ones."""

    def __init__(self, features: int, actions: int) -> None:
        self.w = np.zeros((actions, features), np.float64)
        self.b = np.zeros(actions, np.float64)

    def probabilities(self, x: np.ndarray, nz: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The policy's distribution at ``x`` (``nz`` its nonzero features)."""
        logits: np.ndarray = self.w[:, nz] @ x[nz] + self.b
        logits[~mask] = -np.inf
        logits -= logits[mask].max()
        p: np.ndarray = np.exp(logits)
        p /= p.sum()
        return p

    def update(
        self, x: np.ndarray, nz: np.ndarray, p: np.ndarray, action: int, step: float
    ) -> None:
        """One REINFORCE step: ``step`` (learning rate × advantage) along ∇ log p(action)."""
        g = -p
        g[action] += 1.0
        self.w[:, nz] += step * np.outer(g, x[nz])
        self.b += step * g


def play(env: RamsEnv, seed: int, choose: Callable[[np.ndarray, np.ndarray], int]) -> float:
    """One deal from ``seed`` with ``choose(obs, mask) -> action``; the seat's points."""
    obs, info = env.reset(seed=seed)
    total = 0.0
    done = False
    while not done:
        mask = info["action_mask"].astype(bool)
        obs, reward, terminated, truncated, info = env.step(choose(obs, mask))
        total += float(reward)
        done = terminated or truncated
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=30000)
    parser.add_argument("--evaluate", type=int, default=2000)
    parser.add_argument("--lr", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    env = RamsEnv(args.preset, args.players, opponents="random")
    policy = MaskedLinearPolicy(env.encoder.size, env.table.action_count)
    rng = np.random.default_rng(args.seed)
    baseline, spread = 0.0, 1.0
    start = time.perf_counter()
    recent: list[float] = []
    for episode in range(args.episodes):
        obs, info = env.reset(seed=args.seed * 1_000_003 + episode)
        trail = []
        done = False
        reward = 0.0
        while not done:
            mask = info["action_mask"].astype(bool)
            nz = np.flatnonzero(obs)
            p = policy.probabilities(obs, nz, mask)
            action = int(rng.choice(len(p), p=p))
            trail.append((obs, nz, p, action))
            obs, r, terminated, truncated, info = env.step(action)
            reward += float(r)
            done = terminated or truncated
        # The advantage in units of the returns' running spread; each step shared out
        # over the features it touches (a deal's tensor has 100–300 of them).
        advantage = (reward - baseline) / (spread**0.5 + 1e-6)
        baseline += 0.01 * (reward - baseline)
        spread += 0.01 * ((reward - baseline) ** 2 - spread)
        for x, nz, p, action in trail:
            policy.update(x, nz, p, action, args.lr * advantage / len(nz))
        recent.append(reward)
        if (episode + 1) % (args.episodes // 8 or 1) == 0:
            print(
                f"episode {episode + 1:6d}: mean points of the last {len(recent)} "
                f"{np.mean(recent):6.3f}",
                flush=True,
            )
            recent = []
    trained = time.perf_counter() - start

    def greedy(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(np.argmax(policy.probabilities(obs, np.flatnonzero(obs), mask)))

    chooser = random.Random(args.seed)

    def uniform(obs: np.ndarray, mask: np.ndarray) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[chooser.randrange(len(legal))])

    seeds = [10**9 + args.seed * 100_000 + k for k in range(args.evaluate)]
    mine = [play(env, s, greedy) for s in seeds]
    theirs = [play(env, s, uniform) for s in seeds]
    diff = mean_ci([a - b for a, b in zip(mine, theirs, strict=True)])
    print(f"trained {args.episodes} deals of {args.preset} in {trained:.1f} s (seed {args.seed})")
    print(f"trained policy: {mean_ci(mine)}")
    print(f"random policy:  {mean_ci(theirs)}")
    print(f"trained − random, paired over {args.evaluate} deals: {diff}")
    print("beats random: " + ("yes" if diff.low > 0 else "no"))


if __name__ == "__main__":
    main()
