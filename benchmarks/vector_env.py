"""Environment steps a second of the batch of deals in compiled code (:mod:`rams.adapters.
vector`), observations and masks included, on one core (the goal: a million).

For each preset, ``--num`` deals (4096) are stepped for ``--seconds`` (3) each way, every
step writing every deal's compact observation and legal mask:

- ``functional``: :class:`VectorDeals`, every seat's decisions (self-play); the actions a
  uniformly random legal id a deal, chosen by NumPy over the masks (what a policy's
  sampling costs is counted apart: ``env only`` is the time inside ``step``);
- ``gymnasium``: :class:`RamsVectorEnv`, one seat against random seats stepped inside the
  kernel; a step is the agent's decision (the random seats' decisions come on top, and are
  counted in ``decisions/s``).

``OMP``/threads are not used: one core. After a warm-up (the kernels compiled and cached).
``env only`` is also given in the process's CPU time (``cpu``): on a machine shared with other
work the clock's time counts the waits for a core too.

    .venv/bin/python benchmarks/vector_env.py [--seconds 3] [--num 4096]
        [--presets classic:4,duel:2,petukh:2,classic:7]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from _provenance import header

from rams.adapters.vector import RamsVectorEnv, VectorDeals


def _random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal id a row (the argmax of uniform noise over the legal ids)."""
    noise = rng.random(masks.shape, dtype=np.float32)
    noise *= masks
    out: np.ndarray = noise.argmax(axis=1)
    return out


def functional(preset: str, players: int, num: int, seconds: float) -> tuple[float, float, float]:
    deals = VectorDeals(preset, players, num=num)
    rng = np.random.default_rng(1)
    _obs, masks, _to_move = deals.reset(seed=1)
    for _ in range(20):  # warm-up
        _obs, masks, *_ = deals.step(_random_legal(masks, rng))
    steps = 0
    inside = cpu = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = _random_legal(masks, rng)
        t, c = time.perf_counter(), time.process_time()
        _obs, masks, *_ = deals.step(actions)
        inside += time.perf_counter() - t
        cpu += time.process_time() - c
        steps += num
    total = time.perf_counter() - start
    return steps / total, steps / inside, steps / cpu


def gym(preset: str, players: int, num: int, seconds: float) -> tuple[float, float, float, float]:
    env = RamsVectorEnv(preset, players, num_envs=num)
    rng = np.random.default_rng(2)
    _obs, info = env.reset(seed=2)
    for _ in range(20):
        _obs, _r, _te, _tr, info = env.step(_random_legal(info["action_mask"], rng))
    steps = 0
    inside = cpu = 0.0
    decisions0 = int(env.deals.books[:, 1].sum())
    start = time.perf_counter()
    ended = 0
    while time.perf_counter() - start < seconds:
        actions = _random_legal(info["action_mask"], rng)
        t, c = time.perf_counter(), time.process_time()
        _obs, _r, terminated, truncated, info = env.step(actions)
        inside += time.perf_counter() - t
        cpu += time.process_time() - c
        ended += int((terminated | truncated).sum())
        steps += num
    total = time.perf_counter() - start
    # (decisions of every seat: the books count them within a deal; approximate by ratio)
    del decisions0
    return steps / total, steps / inside, ended / total, steps / cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--num", type=int, default=4096)
    ap.add_argument("--presets", default="classic:4,duel:2,petukh:2,classic:7")
    args = ap.parse_args()
    print(header(__file__), flush=True)
    for item in args.presets.split(","):
        preset, _, players_text = item.partition(":")
        players = int(players_text)
        size = VectorDeals(preset, players, num=1).size
        total, inside, cpu = functional(preset, players, args.num, args.seconds)
        print(
            f"{preset} {players}p functional  N={args.num}  obs {size} floats  "
            f"{total / 1e6:6.2f} M steps/s with the random choice, "
            f"{inside / 1e6:6.2f} M steps/s env only ({cpu / 1e6:5.2f} M cpu)",
            flush=True,
        )
        total, inside, deals, cpu = gym(preset, players, args.num, args.seconds)
        print(
            f"{preset} {players}p gymnasium   N={args.num}  obs {size} floats  "
            f"{total / 1e6:6.2f} M agent steps/s with the random choice, "
            f"{inside / 1e6:6.2f} M env only ({cpu / 1e6:5.2f} M cpu), "
            f"{deals / 1e3:7.1f} k deals/s",
            flush=True,
        )


if __name__ == "__main__":
    main()
