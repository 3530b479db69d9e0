"""Random-play sweeps: ≥ 1,000 deals for every preset and table size, checking invariants
after every action (every card in one place, one card per active seat per trick, legal
actions never empty before the end, records equal to the sum of written events, nothing
hidden leaks into another seat's observation). ``--sweep-scale 100`` runs 100× as many.
"""

from __future__ import annotations

import random

import pytest

from rams.cards import cards_of, mask_of
from rams.games.rams.deal import Deal, deck_layout
from rams.games.rams.events import EventKind
from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import PRESETS, Rules
from rams.games.rams.view import Phase
from rams.record import dumps, loads, record_of, replay_summary

TABLES = [(name, n) for name, p in PRESETS.items() for n in range(p.players[0], p.players[1] + 1)]
DEALS = 1000


def check_cards(deal: Deal) -> None:
    """Every card of the pack is in exactly one place."""
    places = list(deal.hands)
    places.append(mask_of(deal.stock[deal.stock_pos :]))
    places.append(deal.discards)
    places.append(deal.talon)
    if deal.turned is not None:
        places.append(1 << deal.turned)
    places.append(mask_of(c for _, c in deal.trick))
    places += [mask_of(c for _, c in t) for t in deal.completed]
    layout = deck_layout(deal.rules, deal.dealer)
    places.append(
        mask_of(c for c, where in zip(deal.deck, layout, strict=True) if where == "unused")
    )
    seen = 0
    total = 0
    for m in places:
        assert not seen & m, f"a card is in two places: {cards_of(seen & m)}"
        seen |= m
        total += m.bit_count()
    assert seen == mask_of(deal.deck) and total == len(deal.deck)


def check_tricks(deal: Deal) -> None:
    """One card per active seat in every trick; five cards in every active hand at the start."""
    active = set(deal.active)
    for trick in deal.completed:
        seats = [s for s, _ in trick]
        assert len(seats) == len(set(seats)) and set(seats) == active
    assert len({s for s, _ in deal.trick}) == len(deal.trick)
    if deal.phase is Phase.PLAY:
        played = len(deal.completed)
        for s in deal.active:
            in_trick = any(t == s for t, _ in deal.trick)
            assert deal.hands[s].bit_count() == 5 - played - in_trick


def check_records(deal: Deal) -> None:
    """Each record is its start plus the sum of its written events."""
    sums = list(deal.start_records)
    for e in deal.events:
        if e.delta:
            assert e.seat is not None
            sums[e.seat] += e.delta
    assert sums == deal.records


def check_observations(deal: Deal) -> None:
    """No seat sees a card of another hand, of the stock or of the discards."""
    public = 0
    for e in deal.events:
        if e.kind in (
            EventKind.DEAL,
            EventKind.PAM_SWAP,
            EventKind.DEALER_SWAP,
            EventKind.RAMS,
            EventKind.JACKS,
            EventKind.PLAY,
            EventKind.FORCED,
            EventKind.TRICK,
            EventKind.OVERSHOOT,
            EventKind.PAM,
        ):
            public |= mask_of(e.cards)
    for seat in range(deal.n):
        obs = deal.observation(seat)
        own = deal.hands[seat]
        assert mask_of(obs.hand) == own
        mine = own | deal.discards | mask_of(deal.stock[: deal.stock_pos]) | deal.deal_hands[seat]
        for e in obs.events:
            if e.seat != seat:
                assert not e.secret and not e.drawn
            assert not mask_of(e.cards) & ~public
            assert not mask_of(e.secret + e.drawn) & ~mine
        for s, known in enumerate(obs.known):
            assert not mask_of(known) & ~deal.hands[s]
            assert not mask_of(known) & ~public


def play_random_deals(preset: str, n: int, deals: int, seed: int, observe_every: int) -> int:
    rng = random.Random(seed)
    rules = Rules.preset(preset, n)
    played = 0
    actions = 0
    while played < deals:
        game = RamsMatch(rules, rng=random.Random(rng.getrandbits(64)))
        while not game.is_over and played < deals:
            deal = game.start_deal()
            played += 1
            while not deal.is_over:
                claimers = [s for s in range(n) if deal.can_claim(s)]
                if claimers and rng.random() < 0.3:
                    deal.apply(deal.legal_actions(claimers[0])[-1], claimers[0])
                else:
                    legal = deal.legal_actions()
                    assert legal, f"no legal action: {deal!r}"
                    deal.apply(rng.choice(legal))
                actions += 1
                check_cards(deal)
                check_tricks(deal)
                check_records(deal)
                if actions % observe_every == 0:
                    check_observations(deal)
            if not game.is_over:
                claimers = [s for s in range(n) if deal.can_claim(s)]
                if claimers and rng.random() < 0.5:
                    deal.apply(deal.legal_actions(claimers[0])[-1], claimers[0])
        assert replay_summary(loads(dumps(record_of(game))).replay()) == replay_summary(game)
    return actions


@pytest.mark.parametrize(("preset", "players"), TABLES, ids=[f"{p}-{n}" for p, n in TABLES])
def test_random_play_keeps_invariants(preset: str, players: int, sweep_scale: int) -> None:
    actions = play_random_deals(preset, players, DEALS * sweep_scale, seed=players, observe_every=7)
    assert actions > DEALS * sweep_scale
