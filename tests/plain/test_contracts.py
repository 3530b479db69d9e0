"""hard's decisions before play in Whist and Boston, by the one simulation
(:class:`rams.games.plain.search.ContractBot`): on hands whose best choice is worked out by
hand (W4, B3, B5, B7, B10, B11), and through whole deals."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numba")

from rams import games
from rams.actions import Say
from rams.bots import make_bot
from rams.cards import SUIT_MASKS, parse_card
from rams.games.boston.bids import Bid
from rams.games.boston.game import BostonDeal
from rams.games.plain.actions import Trump
from rams.games.plain.search import ContractBot, World, play_out
from rams.games.whist.game import WhistDeal
from rams.table import bot_turn

SPADES, CLUBS, DIAMONDS, HEARTS = range(4)


def _deck(hands: list[int], dealer: int) -> list[int]:
    """The deck that deals ``hands`` one card at a time from the dealer's left (W2, B1)."""
    per = [sorted(c for c in range(52) if (h >> c) & 1) for h in hands]
    return [per[(dealer + 1 + i) % 4][i // 4] for i in range(52)]


def _rest(*taken: int) -> list[int]:
    """The other cards, 13 to a hand, in order."""
    used = 0
    for m in taken:
        used |= m
    free = [c for c in range(52) if not (used >> c) & 1]
    return [sum(1 << c for c in free[13 * k : 13 * k + 13]) for k in range(len(free) // 13)]


def _hard(family: str, seed: int = 1) -> ContractBot:
    bot = make_bot("hard", random.Random(seed), timed=False, family=family)
    assert isinstance(bot, ContractBot)
    return bot


def _boston(hand: int, seat: int = 1, dealer: int = 0, turned: str = "9H") -> BostonDeal:
    others = iter(_rest(hand))
    hands = [hand if s == seat else next(others) for s in range(4)]
    rules = games.family("boston").rules("boston")
    return BostonDeal(rules, dealer, _deck(hands, dealer), turned=parse_card(turned))


def test_B3_B11_a_solid_suit_bids_thirteen_in_it() -> None:
    """All thirteen hearts: thirteen tricks in hearts are sure (the declarer leads, B7),
    worth 50 (B3, hearts the first class under a turned heart), more than any other game."""
    deal = _boston(SUIT_MASKS[HEARTS])
    assert _hard("boston").act(deal.observation(1)) == Bid("13H")


def test_B3_B10_the_lowest_cards_bid_the_big_open_null() -> None:
    """The 2, 3 and 4 of every suit and the 5♠: whatever is led, the declarer follows under
    every card the others hold, and once void he throws: he never takes a trick, and the big
    open null (45) is the best game he may bid (B3, B9, B10)."""
    low = sum(1 << (13 * s + r) for s in range(4) for r in range(3)) | 1 << 3
    deal = _boston(low)
    assert _hard("boston").act(deal.observation(1)) == Bid("big-open")


def test_B4_a_hopeless_hand_passes() -> None:
    """Two low cards of each of three suits and the seven to ten of the fourth, no honour:
    no trump game can be counted on, and with a ten and nines a null is lost (B10)."""
    hand = 0
    for s in range(3):
        hand |= 1 << (13 * s + 4) | 1 << (13 * s + 7) | 1 << (13 * s + 8)
    hand |= sum(1 << (13 * HEARTS + r) for r in (1, 5, 6, 7))
    deal = _boston(hand)
    assert _hard("boston").act(deal.observation(1)) == Say("pass")


def test_W4_the_dealer_names_his_solid_suit() -> None:
    """The dealer of whist-named holding all thirteen diamonds names diamonds: his side
    takes every trick (W4, W5)."""
    hands = _rest(SUIT_MASKS[DIAMONDS])
    hands = [SUIT_MASKS[DIAMONDS], *hands]  # the dealer is seat 0
    rules = games.family("whist").rules("whist-named")
    deal = WhistDeal(rules, 0, _deck(hands, 0))
    assert _hard("whist").act(deal.observation(0)) == Trump(DIAMONDS)


def test_play_out_counts_every_trick_to_the_side_that_must_take_it() -> None:
    """A play-out of a sampled deal: the dealer's side of whist-named with all the spades
    as trumps takes all thirteen tricks; in Boston a declarer of 13♥ holding every heart
    takes thirteen (W5, B7, B8)."""
    hands = [SUIT_MASKS[SPADES], *_rest(SUIT_MASKS[SPADES])]
    rules = games.family("whist").rules("whist-named")
    view = WhistDeal(rules, 0, _deck(hands, 0)).observation(0)
    model = _hard("whist").model
    taken = play_out(view, World(tuple(hands), 0), [(0, Trump(SPADES))], model)
    assert taken[0] + taken[2] == 13
    deal = _boston(SUIT_MASKS[HEARTS])
    world = World(tuple(deal.hand_of(s) for s in range(4)), 0)
    prelude: list[tuple[int, Any]] = [(1, Bid("13H")), (2, Say("pass")), (3, Say("pass")),
                                      (0, Say("pass"))]  # fmt: skip
    taken = play_out(deal.observation(1), world, prelude, model)
    assert taken[1] == 13


def test_a_decision_before_play_never_depends_on_hidden_cards() -> None:
    """Twin Boston deals: seat 1's hand the same, the others' cards dealt otherwise. With
    the same seed hard bids the same (its samples come from its view alone)."""
    rng = random.Random(7)
    for _ in range(3):
        cards = list(range(52))
        rng.shuffle(cards)
        hand = sum(1 << c for c in cards[:13])
        rest = cards[13:]
        twins = []
        for k in range(2):
            random.Random(k).shuffle(rest)
            others = [sum(1 << c for c in rest[13 * i : 13 * i + 13]) for i in range(3)]
            hands = [others[0], hand, others[1], others[2]]
            rules = games.family("boston").rules("boston")
            twins.append(BostonDeal(rules, 0, _deck(hands, 0), turned=parse_card("9H")))
        views = [d.observation(1) for d in twins]
        assert views[0].hand == views[1].hand
        choices = [_hard("boston", seed=3).act(v) for v in views]
        assert choices[0] == choices[1]


@pytest.mark.parametrize("preset", ["boston", "whist-named"])
def test_hard_decides_before_play_in_whole_deals_without_seeing_hidden_cards(preset: str) -> None:
    """Whole deals with hard in every seat: every decision legal (the engine refuses any
    other)."""
    family = games.family_of(preset)
    rules = family.rules(preset, 4)
    for seed in range(2):
        match = family.new_match(rules, None, random.Random(seed))
        deal = match.start_deal()
        bots = [make_bot("hard", random.Random(seed * 10 + s), timed=False,
                         family=rules.family) for s in range(4)]  # fmt: skip
        steps = 0
        while not deal.is_over and steps < 400:
            assert bot_turn(deal, bots) in ("acted", "claimed")
            steps += 1
        assert deal.is_over


def test_hardcards_is_for_measurement_only() -> None:
    """``hardcards`` (hard's cards, the heuristic's decisions before play) is measured
    against ``hard`` in tournaments and refused to tables, as the all-seeing bot is."""
    from rams.errors import RulesError
    from rams.games.plain.search import PlainSearchBot

    with pytest.raises(RulesError):
        make_bot("hardcards", random.Random(1), family="boston")
    bot = make_bot("hardcards", random.Random(1), allow_all_seeing=True, family="boston")
    assert isinstance(bot, PlainSearchBot)
