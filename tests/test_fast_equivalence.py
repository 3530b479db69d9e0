"""The fast core reproduces the reference engine exactly: random deals of every preset (and
of house rules that switch on the options no preset uses) played through both, comparing
every seat's legal action ids, the phase, the seat to act, every record and the winner after
every action. 10,000 deals per preset in the normal run; ``--sweep-scale`` multiplies it."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from rams.cards import pack
from rams.fast import core as fc
from rams.games.rams.deal import Deal, Standing
from rams.games.rams.rules import PRESETS, Rules

VARIANTS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in PRESETS] + [
    ("duel", {"dave": True}),
    ("classic", {"overshoot": "restart", "must_head_trick": True}),
    ("mushka-pamfil", {"spade_ace_beats_trump_ace": True, "five_suit_wins": True}),
    ("rams-001", {"must_overtrump": False, "max_exchange": 2, "big_pack_from": 4}),
]
DEALS = 10_000


def compare(deal: Deal, s: np.ndarray, r: np.ndarray, buf: np.ndarray) -> None:
    n = deal.n
    for seat in [None, *range(n)]:
        ref = deal.legal_action_ids(seat)
        k = fc.legal_actions(s, r, -1 if seat is None else seat, buf)
        assert buf[:k].tolist() == ref, (seat, deal)
    assert s[fc.S_PHASE] == list(type(deal.phase)).index(deal.phase)
    assert s[fc.S_TO_MOVE] == (-1 if deal.to_move is None else deal.to_move)
    assert s[fc.A_RECORDS : fc.A_RECORDS + n].tolist() == deal.records
    assert s[fc.S_WINNER] == (-1 if deal.winner is None else deal.winner)
    assert s[fc.S_STAKE] == deal.stake


def random_deal(rules: Rules, rng: random.Random) -> tuple[Deal, np.ndarray]:
    n = rules.players
    deck = list(pack(rules.pack_size))
    rng.shuffle(deck)
    dealer = rng.randrange(n)
    start = rules.start_score
    if rng.random() < 0.5:
        records = tuple([start] * n)
    else:  # low records: freezes (K5), endings (S6), claims (S7) come often
        records = tuple(rng.randint(-2, min(start, 12)) for _ in range(n))
    offerer = rng.choice([None, 0, 1]) if rules.dave else None
    deal = Deal(rules, dealer, deck, Standing(records, 1, offerer))
    s = fc.new_state(
        fc.rules_array(rules),
        dealer,
        np.array(deck, dtype=np.int64),
        np.array([*records, *[0] * (fc.MAXP - n)], dtype=np.int64),
        1,
        -1 if offerer is None else offerer,
    )
    return deal, s


def play_both(rules: Rules, deals: int, seed: int) -> int:
    rng = random.Random(seed)
    r = fc.rules_array(rules)
    buf = np.empty(64, dtype=np.int64)
    steps = 0
    for _ in range(deals):
        deal, s = random_deal(rules, rng)
        compare(deal, s, r, buf)
        while not deal.is_over or any(deal.can_claim(x) for x in range(deal.n)):
            if deal.winner is not None:
                break
            claimers = [x for x in range(deal.n) if deal.can_claim(x)]
            if claimers and (deal.is_over or rng.random() < 0.1):
                seat: int | None = rng.choice(claimers)
                action = fc.ID_CLAIM
            else:
                seat = None
                legal = deal.legal_action_ids()
                action = legal[rng.randrange(len(legal))]
            deal.apply_id(action, seat)
            assert fc.apply_action(s, r, action, -1 if seat is None else seat)
            steps += 1
            compare(deal, s, r, buf)
        # An illegal id is refused and changes nothing.
        before = s.copy()
        assert not fc.apply_action(s, r, fc.ID_PASS, -1)
        assert (s == before).all()
    return steps


@pytest.mark.parametrize(
    ("preset", "overrides"),
    VARIANTS,
    ids=[f"{p}{'+' if o else ''}{'+'.join(o)}" for p, o in VARIANTS],
)
def test_fast_core_matches_the_reference_engine(
    preset: str, overrides: dict[str, Any], sweep_scale: int
) -> None:
    low, high = PRESETS[preset].players
    sizes = list(range(low, high + 1))
    per_size = max(1, DEALS * sweep_scale // len(sizes))
    if "big_pack_from" in overrides:
        sizes = [s for s in sizes if s != 7]
    steps = 0
    for n in sizes:
        steps += play_both(Rules.preset(preset, n, **overrides), per_size, seed=n)
    assert steps > per_size * len(sizes)


def test_fast_deal_wrapper_agrees_and_refuses_illegal_ids() -> None:
    """FastDeal, the Python face of the fast core, drives the same game as Deal."""
    from rams.errors import IllegalActionError
    from rams.fast.deal import FastDeal

    rng = random.Random(5)
    for preset, n in (("classic", 4), ("mushka-pamfil", 3), ("duel", 2), ("petukh", 6)):
        rules = Rules.preset(preset, n)
        for _ in range(30):
            deck = list(pack(rules.pack_size))
            rng.shuffle(deck)
            dealer = rng.randrange(n)
            deal, fast = Deal(rules, dealer, deck), FastDeal(rules, dealer, deck)
            while not deal.is_over:
                assert fast.legal_action_ids() == deal.legal_action_ids()
                assert fast.to_move == deal.to_move
                ids = deal.legal_action_ids()
                a = ids[rng.randrange(len(ids))]
                deal.apply_id(a)
                copy = fast.copy()
                fast.apply_id(a)
                assert copy.legal_action_ids() != fast.legal_action_ids() or copy.records
            assert fast.is_over and fast.records == deal.records and fast.winner == deal.winner
            with pytest.raises(IllegalActionError):
                fast.apply_id(fc.ID_PASS)
            for seat in (n, n + 3, -2):  # N4: no such seat, as the reference engine says
                with pytest.raises(IllegalActionError, match="N4"):
                    fast.apply_id(fc.ID_CLAIM, seat)
