"""``hard``'s samples read the auction (issue 28): in Whist with a named trump (W4) and in
Boston (B4, B5) a sample must be a deal on which the heuristic would have acted before play
as the others did; they still respect every card and void seen; ``hardold`` keeps the old
sampler for measuring."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("numba")

from rams.bots import make_bot
from rams.cards import SUIT_MASKS, cards_of, mask_of
from rams.errors import RulesError
from rams.games.plain.heuristic import best_suit
from rams.games.plain.search import (
    ContractBot,
    PlainSearchBot,
    World,
    _dealt,
    auction_fit,
    auction_weight,
)
from rams.games.whist.bots import DELEGATE_BELOW
from rams.games.whist.search import DECISIONS as WHIST
from rams.table import bot_turn
from tests.plain.helpers import deal_of, run

HEARTS = 3  # ♥ (S C D H)

# Whist with a named trump, dealer p1: he names hearts with seven of them (W4). p2 leads and
# holds two hearts; the other eleven lie among the 39 cards he cannot see.
WHIST_HANDS = {
    0: "AH KH QH JH TH 9H 8H 2S 3S 4S 2C 3C 4C",
    1: "2H 3H AS KS QS AC KC QC AD KD QD JD TD",
}


def _samples(view: Any, bot: Any, count: int) -> list[tuple[World, float]]:
    found = bot.plain.round(bot, view, False)
    out = []
    for _ in range(count):
        drawn = found.draw()
        assert drawn is not None
        out.append(drawn)
    return out


def _hearts_dealt(view: Any, world: World, seat: int) -> int:
    return (_dealt(view, world)[seat] & SUIT_MASKS[HEARTS]).bit_count()


def _mean(view: Any, drawn: list[tuple[World, float]], seat: int) -> float:
    weight = sum(w for _, w in drawn)
    return sum(w * _hearts_dealt(view, world, seat) for world, w in drawn) / weight


def _whist_view() -> Any:
    deal = deal_of("whist-named", 4, 0, WHIST_HANDS)
    run(deal, "p1 trump H")
    assert deal.trump == HEARTS and deal.to_move == 1
    return deal.observation(1)


def test_whist_the_dealers_named_trump_makes_his_trumps_long_w4() -> None:
    """Without the auction the dealer holds 11 × 13 / 39 = 3.67 of the hidden hearts on
    average; a sample that fits his naming hearts has hearts as his best suit by the
    heuristic's measure, at least 12 (W4's rule of the heuristic), so his hearts rise well
    above that. (Issue 27's sampler, ``hardold``, stays near 3.67.)"""
    view = _whist_view()
    hard = make_bot("hard", random.Random(1), timed=False, family="whist")
    old = make_bot("hardold", random.Random(1), allow_all_seeing=True, timed=False, family="whist")
    assert isinstance(hard, ContractBot) and isinstance(old, ContractBot)
    new_samples = _samples(view, hard.inner, 60)
    old_samples = _samples(view, old.inner, 60)
    fit = auction_fit(view, hard.model)
    assert fit is not None
    for world, _ in new_samples:
        assert fit(world)[1]
        dealer = tuple(cards_of(_dealt(view, world)[0]))
        suit, score = best_suit(dealer)
        assert suit == HEARTS and score >= DELEGATE_BELOW
    assert _mean(view, new_samples, 0) >= 3.67 + 1.0
    assert 3.0 <= _mean(view, old_samples, 0) <= 4.4


def test_a_sample_where_the_dealer_would_have_delegated_weighs_little_w4() -> None:
    """The real hands fit (weight (1 − ε)); hands where the dealer's best suit is spades
    do not (the heuristic would have named spades): weight ε / 4, the other four legal
    actions of W4 (three trumps and ``delegate``) sharing ε."""
    from rams.games.plain.search import AUCTION_EPSILON

    view = _whist_view()
    model: Any = make_bot("heuristic", random.Random(0), family="whist")
    prelude = WHIST.prelude(view)
    assert prelude == [(0, prelude[0][1])] and prelude[0][1].suit == HEARTS
    dealer, mine = _mask(WHIST_HANDS[0]), _mask(WHIST_HANDS[1])
    rest = [c for c in range(52) if not ((dealer | mine) >> c) & 1]
    real = World((dealer, mine, mask_of(rest[:13]), mask_of(rest[13:])), 0)
    weight, fits = auction_weight(view, real, model, WHIST, prelude)
    assert fits and weight == pytest.approx(1 - AUCTION_EPSILON)
    # The dealer's seven hearts for seven of the others' spades: his spades now best.
    spades = [c for c in rest if c // 13 == 0][:7]
    hearts = [c for c in cards_of(dealer) if c // 13 == HEARTS]
    dealer = dealer & ~mask_of(hearts) | mask_of(spades)
    others = [c for c in rest if c not in spades] + hearts
    swapped = World((dealer, mine, mask_of(others[:13]), mask_of(others[13:])), 0)
    weight, fits = auction_weight(view, swapped, model, WHIST, prelude)
    assert not fits and weight == pytest.approx(AUCTION_EPSILON / 4)


def _mask(text: str) -> int:
    from rams.cards import parse_cards

    return mask_of(parse_cards(text))


# Boston, dealer p1: p2 holds eight hearts from the ace and the three side aces; p3 and p4
# nothing to bid with (p4 no safe null: his diamonds); p1 (the rest) clubs from the king.
# The heuristics' auction makes p2 the declarer of 9♥, alone (checked).
BOSTON_HANDS = {
    1: "AH KH QH JH TH 9H 8H 7H AS AC AD 2S 2C",
    2: "2H 3H 9S TS JS 3C 4C 5C 2D 3D 4D 5D 6D",
    3: "4H 5H 6H 3S 4S 5S 6C 7C 8C 7D 9D TD 6S",
}


def _boston_at_a_defenders_first_card() -> Any:
    deal = deal_of("boston", 4, 0, BOSTON_HANDS, turned="9C")
    bots = [make_bot("heuristic", random.Random(s), family="boston") for s in range(4)]
    while deal.phase.value != "play" or deal.to_move != 2:
        assert bot_turn(deal, bots) in ("acted", "claimed")
    assert deal.declarer == 1 and deal.trump == HEARTS and deal.partner is None
    assert len(deal.play.trick) == 1  # the declarer led (B7)
    return deal


def test_boston_the_declarers_bid_makes_his_trumps_long_b4() -> None:
    """p3 (two hearts) at his first card: 11 hearts lie hidden among 39 cards, 3.67 a hand
    without the auction; the declarer bid a hearts game the heuristic bids only with
    enough sure tricks in hearts, so his hearts rise above 3.67 + 1.5 in the samples (he
    truly holds eight). Every sample still holds the card he led as his."""
    deal = _boston_at_a_defenders_first_card()
    view = deal.observation(2)
    hard: Any = make_bot("hard", random.Random(2), timed=False, family="boston")
    old: Any = make_bot(
        "hardold", random.Random(2), allow_all_seeing=True, timed=False, family="boston"
    )
    new_samples = _samples(view, hard.inner, 24)
    old_samples = _samples(view, old.inner, 24)
    led = deal.play.trick[0][1]
    for world, _ in new_samples:
        assert (_dealt(view, world)[1] >> led) & 1
    assert _mean(view, new_samples, 1) >= 3.67 + 1.5
    assert _mean(view, old_samples, 1) <= 3.67 + 1.0


def test_kept_samples_still_respect_every_card_and_void_seen_b8() -> None:
    """The samples that fitted the auction are kept for the deal's later cards only while
    they fit what the seat has seen since: after more tricks, no sample gives a seat a card
    of a suit it did not follow, nor a card played, nor takes a card the seat holds."""
    deal = _boston_at_a_defenders_first_card()
    hard: Any = make_bot("hard", random.Random(3), timed=False, family="boston")
    _samples(deal.observation(2), hard.inner, 24)  # (fills what is kept)
    kept = len(hard.inner.plain._kept)
    assert kept > 0
    bots = [make_bot("heuristic", random.Random(s), family="boston") for s in range(4)]
    voided = False
    reused = 0  # (decisions that began with samples kept from before)
    for _ in range(200):
        if deal.is_over:
            break
        if deal.to_move == 2 and deal.play is not None and deal.play.tricks:
            view = deal.observation(2)
            reused += len(hard.inner.plain._kept) > 0
            drawn = _samples(view, hard.inner, 12)
            played = [0] * 4
            for trick in [*view.tricks, view.trick]:
                for s, c in trick:
                    played[s] |= 1 << c
            for world, _ in drawn:
                assert world.hands[2] == mask_of(view.hand)
                every = 0
                for s, h in enumerate(world.hands):
                    assert h.bit_count() == view.hand_sizes[s]
                    assert not h & every and not h & (played[0] | played[1] | played[2] | played[3])
                    every |= h
                for trick in [*view.tricks, view.trick]:
                    if not trick:
                        continue
                    suit = trick[0][1] // 13
                    for s, c in trick[1:]:
                        if c // 13 != suit:
                            voided = True
                            assert not world.hands[s] & SUIT_MASKS[suit]
        bot_turn(deal, bots)
    assert voided and reused  # (the check met a void, and kept samples)


def test_hardold_is_for_measurement_only_and_samples_as_before() -> None:
    """The new measuring level: refused to tables, as ``hardcards`` is; its card play and
    its decisions before play sample without the auction."""
    with pytest.raises(RulesError):
        make_bot("hardold", random.Random(1), family="boston")
    for family in ("whist", "boston"):
        bot = make_bot("hardold", random.Random(1), allow_all_seeing=True, family=family)
        assert isinstance(bot, ContractBot) and not bot.auction
        assert isinstance(bot.inner, PlainSearchBot) and not bot.inner.plain.auction
        hard = make_bot("hard", random.Random(1), family=family)
        assert isinstance(hard, ContractBot) and hard.auction
        assert isinstance(hard.inner, PlainSearchBot) and hard.inner.plain.auction
    from rams.bots import measuring

    assert "hardold" in measuring("whist") and "hardold" in measuring("boston")


def test_the_benchmark_runs_small() -> None:
    """benchmarks/auction_inference.py, small: its header, both games, before and after."""
    done = subprocess.run(
        [sys.executable, "benchmarks/auction_inference.py", "--deals", "3", "--samples", "3"],
        capture_output=True, text=True, check=True, timeout=300,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert lines[0].startswith("$ python benchmarks/auction_inference.py --deals 3")
    assert lines[1].startswith("whist-named: ") and "truly" in lines[1]
    assert sum("before" in line for line in lines) == 2
    assert sum("after (auction)" in line for line in lines) == 2


def test_the_contract_simulation_samples_fit_the_bids_so_far_b4() -> None:
    """At p3's first bid, after p2's 5♦ (the heuristic bids it only with 3.5 sure tricks in
    diamonds, B5's help counted), every deal ``hard`` simulates gives p2 such a hand;
    ``hardold``'s deals mostly do not (a random hand seldom has them)."""
    from rams.games.boston.bots import sure_tricks

    deal = deal_of("boston", 4, 0, BOSTON_HANDS, turned="9C")
    run(deal, "p2 bid 5D")
    view = deal.observation(2)
    diamonds = 2
    shares = {}
    for name in ("hard", "hardold"):
        bot: Any = make_bot(name, random.Random(4), allow_all_seeing=True, timed=False,
                            family="boston")  # fmt: skip
        plan = bot.decisions.plan(bot, view, False)
        assert plan is not None
        worlds = []
        for _ in range(12):
            drawn = plan.draw()
            assert drawn is not None
            worlds.append(drawn[0])
        plan.done()
        strong = [sure_tricks(tuple(cards_of(w.hands[1])), diamonds) >= 3.5 for w in worlds]
        shares[name] = sum(strong) / len(strong)
    assert shares["hard"] == 1.0
    assert shares["hardold"] <= 0.5
