"""The batch of deals in compiled code (:mod:`rams.adapters.vector`) is the reference
engine's game, for every preset: from fixed seeds, every deal of the batch is replayed in an
episode of :mod:`rams.adapters.episode` from the same deck (and extra card), the same
actions taken in both; at every step the batch's seat to act and legal mask are the
engine's, and a deal ends in both at once with the same points. Its observation holds what
the compact tensor holds and nothing the seat may not see (twin decks), and Gymnasium's
vector API checks pass."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rams.adapters.encoding import Encoder
from rams.adapters.episode import Episode
from rams.adapters.vector import RamsVectorEnv, VectorDeals
from rams.fast.play import A_HANDS
from tests.adapters.tables import TABLES, hand_in, table_id, tricks_in

PLAIN = ("ramsch", "ramsch-jacks", "whist", "whist-named", "boston", "kony")
RAMS_TABLES = [t for t in TABLES if t[0] not in PLAIN]


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_the_batch_plays_the_engines_game(table: tuple[str, int], sweep_scale: int) -> None:
    num = 6
    deals = VectorDeals(*table, num=num)
    obs, masks, to_move = deals.reset(seed=7)
    episodes = [Episode.dealt(deals.spec, deals.deck(i), deals.extra(i)) for i in range(num)]
    rng = random.Random(table_id(table))
    ended = 0
    steps = 0
    silent = deals.spec.silent
    asked = 0
    while ended < 3 * num * sweep_scale or (silent is not None and asked < 2):
        actions = np.zeros(num, np.int64)
        for i, ep in enumerate(episodes):
            assert not ep.is_over
            assert to_move[i] == ep.to_move
            legal = ep.legal()
            assert np.flatnonzero(masks[i]).tolist() == legal, (i, steps)
            view = ep.observation(ep.to_move)
            assert hand_in(deals.players, obs[i]) == sorted(view.hand)
            played = [list(t) for t in view.tricks] + ([list(view.trick)] if view.trick else [])
            assert tricks_in(deals.players, deals.tricks, obs[i]) == played, (
                i,
                steps,
            )  # (the trick on the table too)
            actions[i] = rng.choice(legal)
            asked += silent in legal
            ep.apply(int(actions[i]))
        obs, masks, to_move, rewards, dones, illegal = deals.step(actions)
        assert not illegal.any()
        steps += 1
        for i, ep in enumerate(episodes):
            assert bool(dones[i]) == ep.is_over, (i, steps)
            if dones[i]:
                assert rewards[i].tolist() == ep.points(), (i, steps)
                episodes[i] = Episode.dealt(deals.spec, deals.deck(i), deals.extra(i))
                ended += 1
            else:
                assert not rewards[i].any()
    assert steps > 10


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_the_observation_holds_what_the_compact_tensor_holds(table: tuple[str, int]) -> None:
    """Along random play, the batch's observation of the seat to act holds the compact
    tensor's hand (and hand as dealt, where it has one) and trump, its cards known in each
    hand (``shown``) and the cards each seat's declarations showed or its open hand (read
    back from the compact stream's slots); and no two states with the same observation have
    different compact tensors."""
    num = 4
    deals = VectorDeals(*table, num=num)
    enc = Encoder(deals.spec, compact=True)
    obs, _masks, _ = deals.reset(seed=11)
    episodes = [Episode.dealt(deals.spec, deals.deck(i), deals.extra(i)) for i in range(num)]
    rng = random.Random(table_id(table))
    n = deals.players
    shown_at = deals.size - 104 * n
    buffer = np.zeros(enc.size, np.float32)
    seen: dict[bytes, bytes] = {}
    declared_somewhere = known_somewhere = 0
    for _step in range(120):
        actions = np.zeros(num, np.int64)
        for i, ep in enumerate(episodes):
            seat = ep.to_move
            assert seat is not None
            enc.write(ep.observation(seat), seat, buffer)
            views = enc.views(buffer)
            row = obs[i]
            assert (row[n : n + 52] == views["hand"]).all()
            if enc.declared:
                assert (row[n + 52 : n + 104] == views["dealt"]).all()
            assert (row[n + 156 : n + 161] == views["trump"]).all()
            known = row[shown_at : shown_at + 52 * n].reshape(n, 52)
            assert (known == views["shown"]).all()
            declared = row[shown_at + 52 * n :].reshape(n, 52)
            assert (declared == _declared(enc, views["stream"])).all()
            key, value = row.tobytes(), buffer.tobytes()
            assert seen.setdefault(key, value) == value
            known_somewhere += int(known.any())
            declared_somewhere += int(declared.any())
            actions[i] = rng.choice(ep.legal())
            ep.apply(int(actions[i]))
        obs, _masks, _, _, dones, _ = deals.step(actions)
        for i in np.flatnonzero(dones).tolist():
            episodes[i] = Episode.dealt(deals.spec, deals.deck(i), deals.extra(i))
    if table in (("classic", 3), ("rozaliev-jacks", 7)):  # (jacks declared, Pam or E5 shown)
        assert known_somewhere and declared_somewhere
    if table == ("whist", 4):  # (the card turned for trump, W3)
        assert known_somewhere


def _declared(enc: Encoder, stream: np.ndarray) -> np.ndarray:
    """Each seat's cards shown by its declarations (or its hand laid open), read from the
    compact stream's slots."""
    kinds = {i for k, i in enc.stream_kinds.items() if k.name in ("RAMS", "JACKS", "OPEN")}
    n = enc.n
    cards_at = len(enc.stream_kinds) + n + 1 + 32 + 12 + 2
    out = np.zeros((n, 52), np.float32)
    for slot in stream:
        kind = np.flatnonzero(slot[: len(enc.stream_kinds)])
        if kind.size and int(kind[0]) in kinds:
            seat = int(np.flatnonzero(slot[len(enc.stream_kinds) : cards_at - 46])[0])
            out[seat] = np.maximum(out[seat], slot[cards_at : cards_at + 52])
    return out


def test_an_illegal_action_changes_nothing_and_is_said() -> None:
    deals = VectorDeals("classic", 3, num=2)
    _obs, masks, _ = deals.reset(seed=1)
    before = deals.states.copy()
    wrong = np.array([int(np.flatnonzero(masks[i] == 0)[0]) for i in range(2)])
    _, _, _, _, dones, illegal = deals.step(wrong)
    assert illegal.all() and not dones.any()
    assert (deals.states == before).all()


@pytest.mark.parametrize("table", [("classic", 4), ("ramsch", 3), ("whist", 4), ("boston", 4)])
def test_twin_decks_look_the_same_to_the_seat_to_move(table: tuple[str, int]) -> None:
    """Two deals whose decks differ in two cards in two other hands give the seat to move
    the same observation (masks too) after the same actions; the holder of one of them sees
    the difference (the test can fail)."""
    deals = VectorDeals(*table, num=2)
    n = deals.players
    deals.reset(seed=3)
    deck, extra = deals.deck(0), deals.extra(0)
    seat = int(deals.to_move[0])
    hands = [int(deals.states[0, A_HANDS + k]) for k in range(n)]
    others = [k for k in range(n) if k != seat]
    hidden = deck[:-1]  # (the last card may be turned for all to see)
    a = next(c for c in hidden if hands[others[0]] >> c & 1)
    b = next(c for c in hidden if hands[others[1]] >> c & 1)
    twin = [b if c == a else a if c == b else c for c in deck]
    deals.deal(0, deck, extra)
    deals.deal(1, twin, extra)
    assert deals.to_move[0] == deals.to_move[1] == seat
    assert (deals.obs[0] == deals.obs[1]).all() and (deals.masks[0] == deals.masks[1]).all()
    rng = random.Random(5)
    holder_saw = False
    for _ in range(40):  # the same actions while both stay alike for the seat
        if deals.to_move[0] != deals.to_move[1] or (deals.masks[0] != deals.masks[1]).any():
            break  # (a traded card reached the table: the deals part)
        who = int(deals.to_move[0])
        if who == seat:
            assert (deals.obs[0] == deals.obs[1]).all()
        elif who == others[0]:
            assert (deals.obs[0] != deals.obs[1]).any()  # (its hand differs)
            holder_saw = True
        action = rng.choice(np.flatnonzero(deals.masks[0]).tolist())
        _, _, _, _, dones, _ = deals.step(np.array([action, action]))
        if dones.any():
            break
    assert holder_saw


@pytest.mark.parametrize(("preset", "seat"), [("duel", 1), ("boston", 2)])
def test_gymnasiums_vector_api(preset: str, seat: int) -> None:
    env = RamsVectorEnv(preset, num_envs=16, seat=seat)
    obs, info = env.reset(seed=2)
    assert obs.shape == (16, env.single_observation_space.shape[0])
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    finished = 0
    total = 0.0
    for _ in range(200):
        masks = info["action_mask"]
        assert (masks.sum(axis=1) > 0).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert not info["illegal"].any()
        finished += int((terminated | truncated).sum())
        total += float(rewards.sum())
        assert not rewards[~(terminated | truncated)].any()
    assert finished > 16


def test_the_training_example_trains_on_the_batch() -> None:
    """``benchmarks/train_masked_policy.py --vector N`` trains and measures on the batch."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(root / "benchmarks" / "train_masked_policy.py"), "--vector", "8",
         "--episodes", "40", "--evaluate", "16"],
        capture_output=True, text=True, timeout=300, check=True, cwd=root,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert lines[0].startswith("$ python benchmarks/train_masked_policy.py --vector 8")
    assert "trained 40 deals of classic" in done.stdout
    assert "the compiled batch of 8" in done.stdout
    assert lines[-1] in ("beats random: yes", "beats random: no")


def test_the_observation_may_be_bytes() -> None:
    """``dtype=np.uint8`` writes the same observation in a quarter of the memory."""
    wide = VectorDeals("classic", 4, num=8)
    narrow = VectorDeals("classic", 4, num=8, dtype=np.uint8)
    obs, masks, _ = wide.reset(seed=4)
    small, _, _ = narrow.reset(seed=4)
    for _ in range(60):
        assert small.dtype == np.uint8 and (small == obs).all()
        actions = masks.argmax(axis=1)
        obs, masks, *_ = wide.step(actions)
        small, *_ = narrow.step(actions)
    env = RamsVectorEnv("duel", num_envs=4, dtype=np.uint8)
    first, _ = env.reset(seed=1)
    assert env.observation_space.contains(first)


def test_a_seed_repeats_its_deals() -> None:
    deals = VectorDeals("whist", 4, num=3)
    deals.reset(seed=5)
    first = [deals.deck(i) for i in range(3)]
    deals.step(deals.masks.argmax(axis=1))
    deals.reset(seed=5)
    assert [deals.deck(i) for i in range(3)] == first
    deals.reset(seed=6)
    assert [deals.deck(i) for i in range(3)] != first
