"""The plain games' compiled path against the reference engine (RULES §10.2–10.5): from the
same decks, random play through the same action ids — the seat to move's and the out-of-turn
ones (Boston's «Играю вместе») — gives the same legal ids at every step and the same scores
at the end of every deal. ``--sweep-scale`` multiplies the deals."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from rams import games
from rams.cards import pack
from rams.fast.plain import FastPlainDeal

PLAIN = ("ramsch", "whist", "boston", "kony")
TABLES = [
    (name, n)
    for name, p in games.presets().items()
    if p.family in PLAIN
    for n in range(p.players[0], p.players[1] + 1)
]
DEALS = 1000


@pytest.mark.parametrize(("preset", "players"), TABLES, ids=[f"{p}-{n}" for p, n in TABLES])
def test_fast_plain_deals_play_as_the_reference(
    preset: str, players: int, sweep_scale: int
) -> None:
    family = games.family_of(preset)
    rules = family.rules(preset, players)
    rng = random.Random(f"fast:{preset}:{players}")
    for _ in range(DEALS * sweep_scale):
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        dealer = rng.randrange(players)
        extra = family.deal_extra(rng)
        width = 2 if family.name == "whist" else players
        before = [rng.randrange(10) for _ in range(width)]
        match = family.new_match(rules, first_dealer=dealer)
        ref = match.start_deal(deck, dealer, **extra)
        ref.before = tuple(before)
        fast = FastPlainDeal(rules, dealer, deck, before, **extra)
        while not ref.is_over:
            assert fast.to_move == ref.to_move
            for seat in range(players):
                assert fast.legal_action_ids(seat) == ref.legal_action_ids(seat), (seat, ref)
            others = [s for s in range(players) if s != ref.to_move and ref.legal_action_ids(s)]
            seat = rng.choice(others) if others and rng.random() < 0.3 else ref.to_move
            action = rng.choice(ref.legal_action_ids(seat))
            ref.apply_id(action, seat)
            fast.apply_id(action, seat)
        assert fast.is_over
        assert fast.scores == ref.scores
