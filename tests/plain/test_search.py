"""The plain games' ``hard`` bot (the one PIMC search with the plain games' pieces,
:mod:`rams.games.plain.search`): its samples respect everything a seat has seen (F2, F4,
W3, W5, B6, B8, B9, T4), it never sees a hidden card, it plays legal cards through whole
deals, and the all-seeing bot is for measurement only."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numba")

from rams import games
from rams.actions import Play
from rams.bots import available_levels, make_bot
from rams.cards import SUIT_MASKS, mask_of, pack_mask
from rams.errors import RulesError
from rams.games.plain.heuristic import TrickReader
from rams.games.plain.search import PlainSearchBot, _likelihood, sample_world
from rams.table import bot_turn

PRESETS = [("ramsch", 3), ("ramsch", 4), ("ramsch-jacks", 3), ("kony", 4), ("whist", 4),
           ("whist-named", 4), ("boston", 4)]  # fmt: skip


def _midway(preset: str, players: int, seed: int) -> Any:
    """A deal of ``preset`` played by heuristic bots to a random card of its play."""
    rng = random.Random(seed)
    family = games.family_of(preset)
    rules = family.rules(preset, players)
    match = family.new_match(rules, None, random.Random(seed))
    deal = match.start_deal()
    bots = [make_bot("heuristic", random.Random(seed + s), family=rules.family)
            for s in range(players)]  # fmt: skip
    stop = rng.randrange(1, rules.pack_size - 2 * players)
    played = 0
    while not deal.is_over:
        view = deal.observation(deal.to_move)
        if view.legal_actions and all(isinstance(a, Play) for a in view.legal_actions):
            if played == stop:
                return deal
            played += 1
        bot_turn(deal, bots)
    return None


def _voids(view: Any) -> list[int]:
    """The cards each seat is seen not to hold, worked out here from F4/T4/W5/B8 directly:
    a seat that answered a led suit with another card holds none of that suit (of the jacks,
    under F5), and in a must-trump game one that neither followed nor trumped holds no
    trump."""
    r = TrickReader(view)
    out = [0] * len(view.hand_sizes)
    for trick in [*view.tricks, view.trick]:
        if not trick:
            continue
        lead = trick[0][1]
        led = r.trump_mask if r.is_trump(lead) else SUIT_MASKS[lead // 13] & ~r.off_suit
        for seat, c in trick[1:]:
            if not (led >> c) & 1:
                out[seat] |= led
                if view.rules.card_play[0] != 0 and not r.is_trump(c):
                    out[seat] |= r.trump_mask
    return out


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_samples_respect_everything_the_seat_has_seen_f2_f4_w3_b6_b9_t4(
    preset: str, players: int
) -> None:
    checked = 0
    for seed in range(12):
        deal = _midway(preset, players, seed)
        if deal is None:
            continue
        seat = deal.to_move
        view = deal.observation(seat)
        played = mask_of(c for trick in [*view.tricks, view.trick] for _, c in trick)
        voids = _voids(view)
        rng = random.Random(seed)
        for _ in range(20):
            world = sample_world(view, rng)
            assert world.hands[seat] == mask_of(view.hand)
            every = world.rest | played
            for s, h in enumerate(world.hands):
                assert h.bit_count() == view.hand_sizes[s]
                assert not h & every
                every |= h
                assert mask_of(view.shown[s]) & ~h == 0  # shown cards stay where shown
                assert not h & voids[s], (s, preset)
            aside = [e for e in view.events if e.kind.name == "ASIDE" and e.seat == seat]
            full = pack_mask(view.rules.pack_size)
            assert every | mask_of(c for e in aside for c in e.secret) == full
            if aside:  # B6: the seat's own card set aside is nobody's
                assert not every & mask_of(aside[0].secret)
            if preset.startswith("ramsch") and players == 3:
                assert world.rest.bit_count() == 2  # F2: the skat
        # the real deal is one of the worlds the view allows, with a weight in (0, 1]
        real = tuple(deal.hand_of(s) for s in range(players))
        w = _likelihood(view, type(world)(real, 0), make_bot(
            "heuristic", random.Random(0), family=view.family), TrickReader(view))  # type: ignore[arg-type]  # fmt: skip
        assert 0 < w <= 1
        checked += 1
    assert checked >= 8


def test_the_weights_favour_worlds_where_the_others_played_as_the_model_plays() -> None:
    """Policy-based inference: the real hands, where every other seat played the model's
    card, weigh more than most other worlds the view allows."""
    deal = _midway("kony", 4, 3)
    while deal is None or len(deal.observation(deal.to_move).tricks) < 3:
        deal = _midway("kony", 4, random.randrange(100, 200))
    view = deal.observation(deal.to_move)
    model = make_bot("heuristic", random.Random(0), family="kony")
    r = TrickReader(view)
    real = _likelihood(view, type(sample_world(view, random.Random(0)))(
        tuple(deal.hand_of(s) for s in range(4)), 0), model, r)  # type: ignore[arg-type]  # fmt: skip
    others = [_likelihood(view, sample_world(view, random.Random(k)), model, r)  # type: ignore[arg-type]
              for k in range(40)]  # fmt: skip
    assert real >= sorted(others)[len(others) // 2]


def _swap_hidden(deal: Any, seat: int) -> Any | None:
    """A copy of ``deal`` in which two other seats have swapped two hidden cards that
    nothing played distinguishes (same suit, neither seat void in it): ``seat``'s view is
    the same."""
    view = deal.observation(seat)
    voids = _voids(view)
    shown = mask_of(c for cards in view.shown for c in cards)
    others = [s for s in range(deal.n) if s != seat]
    for a in others:
        for b in others:
            if a >= b:
                continue
            for ca in range(52):
                for cb in range(52):
                    if not ((deal.hand_of(a) >> ca) & 1 and (deal.hand_of(b) >> cb) & 1):
                        continue
                    if (shown >> ca) & 1 or (shown >> cb) & 1 or ca // 13 != cb // 13:
                        continue
                    if (voids[a] >> cb) & 1 or (voids[b] >> ca) & 1:
                        continue
                    other = deal.copy()
                    other.hands[a] ^= (1 << ca) | (1 << cb)
                    other.hands[b] ^= (1 << ca) | (1 << cb)
                    return other
    return None


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_hard_decides_from_the_view_alone(preset: str, players: int) -> None:
    """Hidden information: two deals that differ only in cards the seat cannot see give it
    the same view, and the bot (same seed) the same card."""
    tried = 0
    for seed in range(20):
        deal = _midway(preset, players, seed)
        if deal is None:
            continue
        seat = deal.to_move
        other = _swap_hidden(deal, seat)
        if other is None or len(deal.observation(seat).legal_actions) < 2:
            continue
        assert other.observation(seat) == deal.observation(seat)
        assert [other.hand_of(s) for s in range(players)] != [
            deal.hand_of(s) for s in range(players)
        ]
        a = make_bot("hard", random.Random(seed), family=deal.family, timed=False)
        b = make_bot("hard", random.Random(seed), family=deal.family, timed=False)
        assert a.act(deal.observation(seat)) == b.act(other.observation(seat))
        tried += 1
        if tried == 3:
            break
    assert tried == 3


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_hard_and_allseeing_play_whole_deals_legally(preset: str, players: int) -> None:
    """Every level in a whole deal of each game: hard and the all-seeing bot at the table
    with the heuristic (the engine refuses any illegal card)."""
    family = games.family_of(preset)
    rules = family.rules(preset, players)
    names = ["hard", "allseeing", "easy", "medium"][:players]
    cards = [0] * players
    for seed in range(3):  # (a Boston deal may end early: B4 four passes, B10)
        match = family.new_match(rules, None, random.Random(seed))
        deal = match.start_deal()
        bots = [make_bot(n, random.Random(s), allow_all_seeing=True, timed=False,
                         family=rules.family) for s, n in enumerate(names)]  # fmt: skip
        # (Whist and Boston: hard decides before play by simulation, its cards by search.)
        assert isinstance(getattr(bots[0], "inner", bots[0]), PlainSearchBot)
        while not deal.is_over:
            seat = deal.to_move
            playing = all(isinstance(a, Play) for a in deal.legal_actions())
            assert bot_turn(deal, bots) in ("acted", "claimed")
            cards[seat] += playing
    assert cards[0] > 0 and cards[1] > 0


def test_hard_is_a_level_of_every_plain_game_and_allseeing_is_refused_to_tables() -> None:
    for family in ("ramsch", "kony", "whist", "boston"):
        assert available_levels(family) == ("easy", "medium", "hard")
        with pytest.raises(RulesError):
            make_bot("allseeing", random.Random(0), family=family)
        assert make_bot("allseeing", random.Random(0), allow_all_seeing=True, family=family)


def test_a_small_ladder_hard_above_heuristic_above_random_in_ramsch() -> None:
    """A smoke version of `benchmarks/strength.py --table ramsch-3a`: duplicate deals, every
    bot in every seat in turn; hard and the heuristic each significantly above random."""
    from rams.tournament import run_tournament_deals, summarize

    rules = games.family_of("ramsch").rules("ramsch", 3)
    result = run_tournament_deals(rules, ["hard", "heuristic", "random"], 30, 2026)
    pairs = {(p.first, p.second): p.difference for p in summarize(result.deals).pairs}
    assert pairs[("hard", "random")].low > 0
    assert pairs[("heuristic", "random")].low > 0
    assert pairs[("hard", "heuristic")].mean > 0
