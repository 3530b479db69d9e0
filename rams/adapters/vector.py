"""A batch of ``N`` deals stepped in lockstep in compiled code (:mod:`rams.fast.vector`),
for training: the legal-action masks and compact observations of all ``N`` at once.

Two faces:

- :class:`VectorDeals`, the plain functional one: every seat's decisions (self-play):
  ``reset(seed)`` and ``step(actions)`` give NumPy arrays — each deal's observation of the
  seat to move, its legal mask over every action id, that seat, and at a deal's end every
  seat's points (the deal then dealt again at once);
- :class:`RamsVectorEnv`, Gymnasium's vector API: one seat (``seat``) against uniformly
  random seats, stepped inside the kernel too; the reward is that seat's points at the end;
  ``info["action_mask"]`` holds the masks. A deal that ends is dealt again in the same step
  (``autoreset_mode`` SAME_STEP), its last observation not kept.

Every preset: the declared deals on the fast core, the plain games on their kernel (the
prelude — a trump named, an auction, a partner, a card set aside — compiled too).

>>> from rams.adapters.vector import VectorDeals
>>> deals = VectorDeals("classic", 4, num=8)
>>> obs, masks, to_move = deals.reset(seed=1)
>>> obs.shape, masks.shape, bool((masks.sum(axis=1) > 0).all())
((8, 3609), (8, 146), True)
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from rams.adapters.episode import EpisodeSpec
from rams.fast import compiling
from rams.fast import core as fc
from rams.fast import plain as fp
from rams.fast import vector as fv
from rams.games import DEFAULT_PRESET

__all__ = ["RamsVectorEnv", "VectorDeals"]


def call_slots(players: int) -> int:
    """The calls an observation keeps (as the compact tensor's stream: 8 + 4 a seat)."""
    return 8 + 4 * players


class VectorDeals:
    """``num`` deals of ``preset`` for ``players`` seats, stepped together (every seat's
    decisions): the functional face of :mod:`rams.fast.vector`."""

    def __init__(
        self,
        preset: str,
        players: int | None = None,
        *,
        num: int = 1024,
        dealer: int = 0,
        dtype: Any = np.float32,
        **options: Any,
    ) -> None:
        spec = EpisodeSpec(preset, players, dealer, **options)
        compiling.wait()
        self.spec = spec
        self.num = num
        n = spec.players
        self.players = n
        self.tricks = spec.max_tricks
        self.slots = call_slots(n)
        self.actions = spec.action_count
        self.better = int(spec.family.better)
        if spec.family.layout.declarations:  # the fast core's deal
            self.r = fc.rules_array(spec.rules)
        else:  # a plain game's kernel, from the start of a match (no score yet)
            assert not any(spec.start_scores), spec.start_scores
            self.r = fp.rules_vector(spec.rules, spec.silent)
        self.size = fv.obs_size(n, self.tricks, self.slots, self.actions)
        self.states = np.zeros((num, max(fc.STATE_SIZE, fp.STATE_SIZE)), np.int64)
        self.books = np.zeros((num, fv.book_size(self.slots)), np.int64)
        self.decks = np.tile(np.asarray(spec.pack, np.int64), (num, 1))
        self.decks = np.hstack([self.decks, np.zeros((num, 52 - len(spec.pack)), np.int64)])
        self.obs = np.zeros((num, self.size), dtype)
        self.masks = np.zeros((num, self.actions), np.int8)
        self.to_move = np.zeros(num, np.int64)
        self.rewards = np.zeros((num, n), np.float32)
        self.dones = np.zeros(num, np.bool_)
        self.illegal = np.zeros(num, np.bool_)
        #: Which deals that ended in the last step were cut short (``max_decisions``).
        self.truncated = np.zeros(num, np.bool_)
        #: What the one-deal kernels read (:func:`rams.fast.vector.step_one`).
        self.cfg = np.array([spec.dealer, self.better, spec.max_decisions, self.tricks,
                             self.slots], np.int64)  # fmt: skip
        self._buf = np.zeros(self.actions, np.int64)
        self._points = np.zeros(n, np.float64)

    def reset(self, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Deal every deal afresh from ``seed``: (observations, masks, seats to move). The
        decks are shuffled from the pack's order, so a seed repeats its deals."""
        self.decks[:, : len(self.spec.pack)] = self.spec.pack
        fv.reset_all(self.states, self.books, self.decks, self.r, seed, self.spec.dealer,
                     self.slots, self.obs, self.tricks)  # fmt: skip
        fv.observe_all(self.states, self.books, self.r, self.obs, self.masks, self.to_move)
        return self.obs, self.masks, self.to_move

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Every deal's seat to move takes its action: (observations, masks, seats to move,
        points of every seat where a deal ended, which ended, which actions were refused).
        The arrays are this object's own, overwritten by the next step."""
        fv.step_all(
            self.states, self.books, self.decks, self.r, np.asarray(actions, np.int64),
            self.spec.dealer, self.better, self.spec.max_decisions, self.tricks, self.slots,
            self.obs, self.masks, self.to_move, self.rewards, self.dones, self.illegal,
            self.truncated,
        )  # fmt: skip
        return self.obs, self.masks, self.to_move, self.rewards, self.dones, self.illegal

    def step_one(self, i: int, action: int) -> bool:
        """Deal ``i``'s seat to move takes ``action`` (False, nothing changed, when it is
        not legal), and the deal is NOT dealt again at its end: it stays as it ended, for
        its seats' last observations (``dones[i]``, ``truncated[i]`` and ``rewards[i]``
        then say how); :meth:`reset` deals again."""
        seat, _ = fv.step_one(self.states[i], self.r, self.books[i], self.cfg,
                              int(self.to_move[i]), action, self.obs[i], self.masks[i],
                              self._buf, self._points)  # fmt: skip
        if seat == -3:
            return False
        if seat >= 0:
            self.to_move[i] = seat
        else:
            self.dones[i], self.truncated[i] = True, seat == -2
            self.rewards[i] = self._points
        return True

    def observe(self, i: int, seat: int, out: np.ndarray) -> None:
        """``seat``'s observation of deal ``i`` into ``out`` (the seat to act's is
        ``obs[i]``; another seat's has its own hand instead)."""
        fv.observe_seat(self.states[i], self.books[i], self.r, self.obs[i], seat, out)

    def deal(self, i: int, deck: list[int], extra: dict[str, int] | None = None) -> None:
        """Deal ``deck`` (top first, a permutation of the pack; ``extra``: the family's
        extra chance field, if it has one) to deal ``i`` as it lies, and observe again (for
        tests: twin decks)."""
        assert sorted(deck) == sorted(self.spec.pack)
        self.decks[i, : len(deck)] = deck
        card = next(iter((extra or {}).values()), -1)
        fv.deal_deck(self.states[i], self.r, self.books[i], self.decks[i], self.spec.dealer,
                     self.slots, self.obs[i], self.tricks, card)  # fmt: skip
        fv.observe_all(self.states, self.books, self.r, self.obs, self.masks, self.to_move)

    def deck(self, i: int) -> list[int]:
        """Deal ``i``'s deck now (top first), as the reference engine is dealt it."""
        deck: list[int] = self.decks[i, : len(self.spec.pack)].tolist()
        return deck

    def extra(self, i: int) -> dict[str, int]:
        """Deal ``i``'s extra chance field (a card of a second pack), as the reference
        engine is dealt it; empty where the family draws none."""
        if not self.spec.extra_fields or self.spec.family.layout.declarations:
            return {}
        (name,) = self.spec.extra_fields
        return {name: int(self.books[i, fv.B_TURNED])}


class RamsVectorEnv(VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``num_envs`` deals of ``preset``, the agent in ``seat`` of each, the other seats
    uniformly random (Gymnasium's vector API)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (VectorEnv's type)

    def __init__(
        self,
        preset: str = DEFAULT_PRESET,
        players: int | None = None,
        *,
        num_envs: int = 1024,
        seat: int = 0,
        dealer: int = 0,
        dtype: Any = np.float32,
        **options: Any,
    ) -> None:
        self.deals = VectorDeals(preset, players, num=num_envs, dealer=dealer, dtype=dtype,
                                 **options)  # fmt: skip
        d = self.deals
        self.num_envs = num_envs
        self.seat = seat % d.players
        self.single_observation_space = spaces.Box(0, 1, (d.size,), dtype)
        self.single_action_space = spaces.Discrete(d.actions)
        self.observation_space = spaces.Box(0, 1, (num_envs, d.size), dtype)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, d.actions))
        self._rewards = np.zeros(num_envs, np.float32)
        self._truncated = np.zeros(num_envs, np.bool_)
        self._none = np.full(num_envs, -1, np.int64)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal every deal (from ``seed``; 0 when None) and let the random seats act up to
        the agent's first turn."""
        first = seed[0] if isinstance(seed, list) else seed
        d = self.deals
        d.reset(0 if first is None else int(first))
        self._run(self._none)
        return d.obs, {"action_mask": d.masks}

    def _run(self, actions: np.ndarray) -> None:
        d = self.deals
        fv.step_against_random(
            d.states, d.books, d.decks, d.r, actions, self.seat, d.spec.dealer, d.better,
            d.spec.max_decisions, d.tricks, d.slots, d.obs, d.masks, self._rewards, d.dones,
            self._truncated, d.illegal,
        )  # fmt: skip

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """The agent takes ``actions`` in every deal; the random seats answer."""
        d = self.deals
        self._run(np.asarray(actions, np.int64))
        terminated = d.dones & ~self._truncated
        info = {"action_mask": d.masks, "illegal": d.illegal}
        return d.obs, self._rewards, terminated, self._truncated.copy(), info


if "rams/RamsVector-v0" not in gymnasium.registry:
    gymnasium.register(
        id="rams/RamsVector-v0", vector_entry_point="rams.adapters.vector:RamsVectorEnv"
    )
