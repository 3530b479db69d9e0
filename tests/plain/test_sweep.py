"""Random-play sweeps of the plain games (RULES §10.2–10.5): ≥ 1,000 deals for every preset
and table size, checking after every action that every card is in exactly one place, that
the scores written add up, that legal actions never run out before the end, and that no
seat's observation holds a card it may not see (the oracle of ``tests/families.py``).
``--sweep-scale 100`` runs 100× as many.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rams import games
from rams.cards import cards_of, mask_of
from rams.games.plain.deal import Kind, PlainDeal
from tests.families import PlainOracle

PLAIN = ("ramsch", "whist", "boston", "kony")
TABLES = [
    (name, n)
    for name, p in games.presets().items()
    if p.family in PLAIN
    for n in range(p.players[0], p.players[1] + 1)
]
DEALS = 1000
ORACLE = PlainOracle()


def check_cards(deal: PlainDeal) -> None:
    """Every card of the deck is in exactly one place: a hand, the trick, a finished trick,
    the skat, or set aside (B6)."""
    tp = deal.play
    places = [deal.hand_of(s) for s in range(deal.n)]
    places.append(mask_of(deal.rest))
    for e in deal.events:
        if e.kind is Kind.ASIDE:
            places.append(mask_of(e.secret))
    if tp is not None:
        places.append(mask_of(c for _, c in tp.trick))
        places += [mask_of(c for _, c in t) for t in tp.tricks]
    seen = total = 0
    for m in places:
        assert not seen & m, f"a card is in two places: {cards_of(seen & m)}"
        seen |= m
        total += m.bit_count()
    assert seen == mask_of(deal.deck) and total == len(deal.deck)


def check_tricks(deal: PlainDeal) -> None:
    """One card per seat in every finished trick; each won by the seat the next one leads."""
    tp = deal.play
    if tp is None:
        return
    for k, trick in enumerate(tp.tricks):
        seats = [s for s, _ in trick]
        assert sorted(seats) == list(range(deal.n))
        if k + 1 < len(tp.tricks):
            assert tp.tricks[k + 1][0][0] == tp.winners[k]
    assert sum(tp.taken) == len(tp.tricks)


def check_scores(deal: PlainDeal) -> None:
    """The scores a deal writes are the sum of its score events, and each event's total is
    the score before the deal plus its change."""
    sums = [0] * len(deal.scores)
    for e in deal.events:
        if e.kind is Kind.SCORE:
            assert e.seat is not None
            i = e.seat if e.detail != "side" else (0 if e.seat in (0, 2) else 1)
            sums[i] += e.delta
            assert e.record == deal.before[i] + sums[i]
    assert sums == deal.scores


def check_view(deal: PlainDeal, seat: int) -> None:
    view = deal.observation(seat)
    named = set(view.hand) | {c for cs in view.shown for c in cs}
    named |= {c for _, c in view.trick} | {c for t in view.tricks for _, c in t}
    for e in view.events:
        named |= set(e.cards) | set(e.secret)
    leak = mask_of(named) & ~ORACLE.visible_mask(deal, seat)
    assert not leak, f"seat {seat} sees {cards_of(leak)}"
    assert set(view.hand) == set(cards_of(deal.hand_of(seat)))


def play_deal(deal: PlainDeal, rng: random.Random) -> int:
    """Random play to the end of the deal, checking after every action; the actions taken."""
    n = deal.n
    steps = 0
    while not deal.is_over:
        others = [s for s in range(n) if s != deal.to_move and deal.legal_actions(s)]
        if others and rng.random() < 0.2:
            who = rng.choice(others)
            deal.apply(rng.choice(deal.legal_actions(who)), who)
        else:
            legal = deal.legal_actions()
            assert legal, f"no legal action: {deal!r}"
            deal.apply(rng.choice(legal))
        steps += 1
        assert steps < 1000
        check_cards(deal)
        check_tricks(deal)
        check_view(deal, rng.randrange(n))
    check_scores(deal)
    for seat in range(n):
        check_view(deal, seat)
    return steps


@pytest.mark.parametrize(("preset", "players"), TABLES, ids=[f"{p}-{n}" for p, n in TABLES])
def test_random_deals_keep_every_invariant(preset: str, players: int, sweep_scale: int) -> None:
    rng = random.Random(f"sweep:{preset}:{players}")
    family = games.family_of(preset)
    deals = 0
    match: Any = None
    while deals < DEALS * sweep_scale:
        if match is None or match.is_over:
            match = family.new_match(family.rules(preset, players), rng=random.Random(rng.random()))
        deal = match.start_deal()
        play_deal(deal, rng)
        deals += 1
        if family.name != "whist":  # (Whist's totals start again with every game, W7)
            written = [sum(d.scores[s] for d in match.deals) for s in range(players)]
            assert match.scores() == written
    assert deals == DEALS * sweep_scale
