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

Everything comes from ``--seed``: the training deals, the bots, the policy's samples (each
deal's from the seed and the deal's number). ``--batch K`` plays K deals with the same
policy and then makes their K updates (1, the default: an update after every deal); with
``--ray ADDRESS`` (``local``, ``auto``, ``HOST:PORT``; :mod:`rams.parallel`, ``rams[ray]``)
the deals of a batch, and the evaluation deals, are played as Ray tasks, and the figures are
those of the same run in one process.

    .venv/bin/python benchmarks/train_masked_policy.py [--preset classic --players 3]
        [--episodes 30000] [--seed 1] [--batch 1] [--ray ADDRESS]

With ``--vector N`` the same policy trains on the compiled batch of deals instead
(:class:`rams.adapters.vector.RamsVectorEnv`: ``N`` deals stepped together, the seat
against uniformly random seats inside the kernel, the compact observation of
:mod:`rams.fast.vector`), an update after each deal that ends; and it is measured there:
the greedy policy and a uniformly random one each play the first deal of ``--evaluate``
batch slots dealt from the same seed (the same cards).

    .venv/bin/python benchmarks/train_masked_policy.py --vector 64 [--episodes 30000]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from _provenance import header

from rams.adapters.gymnasium import RamsEnv
from rams.parallel import parallelism, release_ray, run_in_order
from rams.stats import mean_ci

#: A deal's steps for its updates: the nonzero features, their values, the policy's
#: distribution, the action taken.
Trail = list[tuple[np.ndarray, np.ndarray, np.ndarray, int]]


class MaskedLinearPolicy:
    """Logits ``W x + b`` over every action id; the mask keeps the legal ones."""

    def __init__(self, features: int, actions: int) -> None:
        self.w = np.zeros((actions, features), np.float64)
        self.b = np.zeros(actions, np.float64)

    def probabilities(self, x: np.ndarray, nz: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The policy's distribution at ``x`` (``nz`` its nonzero features)."""
        return self.at(nz, x[nz], mask)

    def at(self, nz: np.ndarray, values: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The distribution where the features ``nz`` are ``values`` and the rest 0."""
        logits: np.ndarray = self.w[:, nz] @ values + self.b
        logits[~mask] = -np.inf
        logits -= logits[mask].max()
        p: np.ndarray = np.exp(logits)
        p /= p.sum()
        return p

    def update(
        self, nz: np.ndarray, values: np.ndarray, p: np.ndarray, action: int, step: float
    ) -> None:
        """One REINFORCE step: ``step`` (learning rate × advantage) along ∇ log p(action)."""
        g = -p
        g[action] += 1.0
        self.w[:, nz] += step * np.outer(g, values)
        self.b += step * g


@dataclass(frozen=True)
class Chunk:
    """Deals to play with one policy (the unit of work of a process or a Ray task)."""

    preset: str
    players: int
    policy: MaskedLinearPolicy
    seed: int
    episodes: tuple[int, ...]


def rollouts(chunk: Chunk) -> list[tuple[float, Trail]]:
    """The training deals of ``chunk``, the policy sampled (each deal's generator from the
    seed and the deal's number): each deal's points and its steps."""
    env = RamsEnv(chunk.preset, chunk.players, opponents="random")
    out = []
    for episode in chunk.episodes:
        rng = np.random.default_rng([chunk.seed, episode])
        obs, info = env.reset(seed=chunk.seed * 1_000_003 + episode)
        trail: Trail = []
        done = False
        reward = 0.0
        while not done:
            mask = info["action_mask"].astype(bool)
            nz = np.flatnonzero(obs)
            p = chunk.policy.at(nz, obs[nz], mask)
            action = int(rng.choice(len(p), p=p))
            trail.append((nz, obs[nz], p, action))
            obs, r, terminated, truncated, info = env.step(action)
            reward += float(r)
            done = terminated or truncated
        out.append((reward, trail))
    return out


def evaluations(chunk: Chunk) -> list[tuple[float, float]]:
    """For each evaluation deal of ``chunk`` (a seed each): the greedy policy's points and
    a uniformly random policy's (its generator from the deal's seed)."""
    env = RamsEnv(chunk.preset, chunk.players, opponents="random")

    def greedy(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(np.argmax(chunk.policy.probabilities(obs, np.flatnonzero(obs), mask)))

    return [
        (play(env, seed, greedy), play(env, seed, _uniform(random.Random(seed))))
        for seed in chunk.episodes
    ]


def _uniform(chooser: random.Random) -> Callable[[np.ndarray, np.ndarray], int]:
    def choose(obs: np.ndarray, mask: np.ndarray) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[chooser.randrange(len(legal))])

    return choose


def _split(items: list[int], parts: int) -> list[tuple[int, ...]]:
    size = -(-len(items) // max(parts, 1))
    return [tuple(items[k : k + size]) for k in range(0, len(items), size)]


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


def train_vector(args: argparse.Namespace) -> None:
    """Train and measure on the compiled batch (``--vector N``)."""
    from rams.adapters.vector import RamsVectorEnv

    num = args.vector
    env = RamsVectorEnv(args.preset, args.players, num_envs=num)
    size = env.single_observation_space.shape[0]
    actions = int(env.single_action_space.n)
    policy = MaskedLinearPolicy(size, actions)
    rng = np.random.default_rng(args.seed)
    obs, info = env.reset(seed=args.seed)
    trails: list[Trail] = [[] for _ in range(num)]
    baseline, spread = 0.0, 1.0
    finished, recent = 0, []
    every = args.episodes // 8 or 1
    start = time.perf_counter()
    while finished < args.episodes:
        masks = info["action_mask"].astype(bool)
        chosen = np.empty(num, np.int64)
        for i in range(num):
            nz = np.flatnonzero(obs[i])
            values = obs[i, nz]
            p = policy.at(nz, values, masks[i])
            chosen[i] = int(rng.choice(len(p), p=p))
            trails[i].append((nz, values, p, int(chosen[i])))
        obs, rewards, terminated, truncated, info = env.step(chosen)
        for i in np.flatnonzero(terminated | truncated):
            reward = float(rewards[i])
            advantage = (reward - baseline) / (spread**0.5 + 1e-6)
            baseline += 0.01 * (reward - baseline)
            spread += 0.01 * ((reward - baseline) ** 2 - spread)
            for nz, values, p, action in trails[i]:
                policy.update(nz, values, p, action, args.lr * advantage / len(nz))
            trails[i] = []
            recent.append(reward)
            finished += 1
            if finished % every == 0:
                print(f"episode {finished:6d}: mean points of the last {len(recent)} "
                      f"{np.mean(recent):6.3f}", flush=True)  # fmt: skip
                recent = []
    trained = time.perf_counter() - start

    def first_deals(greedy: bool) -> np.ndarray:
        """Each slot's first deal's points, from the evaluation seed."""
        ev = RamsVectorEnv(args.preset, args.players, num_envs=args.evaluate)
        obs, info = ev.reset(seed=10**9 + args.seed)
        points = np.full(args.evaluate, np.nan)
        pick = np.random.default_rng(args.seed + 7)
        while np.isnan(points).any():
            masks = info["action_mask"].astype(bool)
            if greedy:
                chosen = np.array([
                    int(np.argmax(policy.probabilities(o, np.flatnonzero(o), m)))
                    for o, m in zip(obs, masks, strict=True)
                ])  # fmt: skip
            else:
                chosen = (pick.random(masks.shape) * masks).argmax(axis=1)
            obs, rewards, terminated, truncated, info = ev.step(chosen)
            ended = (terminated | truncated) & np.isnan(points)
            points[ended] = rewards[ended]
        return points

    mine, theirs = first_deals(True), first_deals(False)
    diff = mean_ci([float(a - b) for a, b in zip(mine, theirs, strict=True)])
    print(f"trained {args.episodes} deals of {args.preset} in {trained:.1f} s "
          f"(seed {args.seed}, the compiled batch of {num})")  # fmt: skip
    print(f"trained policy: {mean_ci([float(x) for x in mine])}")
    print(f"random policy:  {mean_ci([float(x) for x in theirs])}")
    print(f"trained − random, paired over {args.evaluate} deals: {diff}")
    print("beats random: " + ("yes" if diff.low > 0 else "no"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=30000)
    parser.add_argument("--evaluate", type=int, default=2000)
    parser.add_argument("--lr", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=1, help="deals played per update")
    parser.add_argument("--ray", metavar="ADDRESS", help="play the deals as Ray tasks")
    parser.add_argument("--vector", type=int, metavar="N", help="train on the compiled batch")
    args = parser.parse_args()
    print(header(__file__), flush=True)
    if args.vector:
        train_vector(args)
        return

    env = RamsEnv(args.preset, args.players, opponents="random")
    policy = MaskedLinearPolicy(env.encoder.size, env.episode_spec.action_count)
    # (On Ray, a batch is shared among as many tasks as the cluster has CPUs; alone, it is
    # one chunk. A task carries the policy: some MB.)
    parts = parallelism(1, args.ray)

    def chunks(items: list[int]) -> list[Chunk]:
        return [
            Chunk(args.preset, args.players, policy, args.seed, part)
            for part in _split(items, parts)
        ]

    baseline, spread = 0.0, 1.0
    start = time.perf_counter()
    recent: list[float] = []
    every = args.episodes // 8 or 1
    for first in range(0, args.episodes, args.batch):
        batch = list(range(first, min(first + args.batch, args.episodes)))
        played = [d for c in run_in_order(rollouts, chunks(batch), 1, args.ray) for d in c]
        for episode, (reward, trail) in zip(batch, played, strict=True):
            # The advantage in units of the returns' running spread; each step shared out
            # over the features it touches (a deal's tensor has 100–300 of them).
            advantage = (reward - baseline) / (spread**0.5 + 1e-6)
            baseline += 0.01 * (reward - baseline)
            spread += 0.01 * ((reward - baseline) ** 2 - spread)
            for nz, values, p, action in trail:
                policy.update(nz, values, p, action, args.lr * advantage / len(nz))
            recent.append(reward)
            if (episode + 1) % every == 0:
                print(
                    f"episode {episode + 1:6d}: mean points of the last {len(recent)} "
                    f"{np.mean(recent):6.3f}",
                    flush=True,
                )
                recent = []
    trained = time.perf_counter() - start

    seeds = [10**9 + args.seed * 100_000 + k for k in range(args.evaluate)]
    pairs = [e for c in run_in_order(evaluations, chunks(seeds), 1, args.ray) for e in c]
    mine, theirs = [a for a, _ in pairs], [b for _, b in pairs]
    diff = mean_ci([a - b for a, b in pairs])
    where = "" if args.ray is None else f", on Ray {args.ray}"
    print(f"trained {args.episodes} deals of {args.preset} in {trained:.1f} s "
          f"(seed {args.seed}, batch {args.batch}{where})")  # fmt: skip
    print(f"trained policy: {mean_ci(mine)}")
    print(f"random policy:  {mean_ci(theirs)}")
    print(f"trained − random, paired over {args.evaluate} deals: {diff}")
    print("beats random: " + ("yes" if diff.low > 0 else "no"))


if __name__ == "__main__":
    try:
        main()
    finally:
        release_ray()  # (a Ray of --ray local stops here, as Ray expects a driver to end)
