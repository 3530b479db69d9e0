"""Issue 28's second part: ``hard`` scores a Boston bid where the auction would stop at it
(the seats still in bidding as the heuristic would on each sampled deal, B4); ``hardlate``
keeps hard as it was."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numba")

from rams.bots import make_bot, measuring
from rams.errors import RulesError
from rams.games.boston.bids import Bid
from rams.games.boston.search import DECISIONS
from rams.games.plain.search import DD_CARDS, World
from tests.plain.helpers import deal_of


def _suit(s: str) -> str:
    return " ".join(r + s for r in "AKQJT98765432")


# Dealer p0, so p1 bids first (B4) and leads if he declares (B7); hearts turned: first suit.
HANDS = {1: _suit("H"), 2: _suit("S"), 3: _suit("C"), 0: _suit("D")}


def _scores(name: str) -> tuple[float, float]:
    """What p1 writes, on the real deal, for bidding 5♥ and 13♥ by ``name``'s simulation."""
    deal = deal_of("boston", 4, 0, HANDS, turned="9H")
    view = deal.observation(1)
    bot: Any = make_bot(name, random.Random(0), allow_all_seeing=True, timed=False,
                        family="boston")  # fmt: skip
    choices = DECISIONS.choices(bot, view, list(view.legal_actions))
    assert choices is not None
    world = World(tuple(deal.hand_of(s) for s in range(4)), 0)
    return choices[Bid("5H")](world), choices[Bid("13H")](world)


def test_b4_a_bid_the_next_seat_surely_overcalls_writes_nothing() -> None:
    """p1 holds the thirteen hearts. Bidding 5♥ (worth 3, B3) he would take all 13 tricks
    (every lead a trump nobody can beat): 3 + 2 × 8 = 19 (B11) were he left to play it.
    But p2 holds the thirteen spades: 10 spades past the third and A, K, Q make 12.3 sure
    tricks, enough for a six (4.5 needed), and 6♠ (6) is the cheapest spade bid above 3, so
    the heuristic bids it; p1, outbid, passes and writes nothing. 13♥ (50) no other bid
    outranks (13♦ 49, 13♠ and 13♣ 48, the open nulls 35 and 45): the others pass, p1 takes
    the 13 tricks and writes 50."""
    assert _scores("hard") == (0.0, 50.0)


def test_hardlate_scores_a_bid_as_if_the_others_passed() -> None:
    """The simulation before (``hardlate``): 5♥ played alone, 19; 13♥, 50."""
    assert _scores("hardlate") == (19.0, 50.0)


@pytest.mark.parametrize("family", ["whist", "boston"])
def test_hard_searches_from_eight_cards_and_hardlate_is_for_measuring(family: str) -> None:
    """The solver from 11 cards a hand measured no better in Whist (docs/bots.md): both
    search from 8; hardlate alone scores bids as if the others passed, and is refused to
    tables."""
    hard: Any = make_bot("hard", random.Random(1), timed=False, family=family)
    late: Any = make_bot("hardlate", random.Random(1), allow_all_seeing=True, timed=False,
                         family=family)  # fmt: skip
    search = getattr(hard, "inner", hard)
    before = getattr(late, "inner", late)
    assert search.plain.dd_cards == before.plain.dd_cards == DD_CARDS == 8
    if family == "boston":
        assert hard.overcalls and not late.overcalls
    assert "hardlate" in measuring(family)
    with pytest.raises(RulesError):
        make_bot("hardlate", random.Random(1), family=family)
