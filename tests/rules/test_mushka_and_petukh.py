"""Мушка с памфилом (M1–M5, X12) and Петух (K1–K7): RULES.md §8, §10.1, §11.

Presets: ``mushka-pamfil``, ``petukh``, ``petukh-30``. Every expected value is worked out by
hand from RULES.md; the arithmetic is in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest

from rams.cards import pack, parse_cards
from rams.errors import RulesError
from rams.games.rams.deal import Deal, Phase, deck_layout
from rams.games.rams.rules import Rules
from rams.record import loads, replay_summary
from tests.util import ALL_PLAY_P3_DEALS, deck_str, legal, make_deal, refuse, run
from tests.util import c as card
from tests.util import hand_str as hand
from tests.util import record_text as record
from tests.util import sorted_cards as cards

# Мушка с памфилом: three players, 32 cards, dealer p3 -----------------------------------------

MUSHKA = "mushka-pamfil"


def mushka(hands: dict[int, str], turned: str, **kw: Any) -> Deal:
    """A mushka deal, dealer p3; everyone plays and stands pat, the dealer keeps."""
    deal = make_deal(MUSHKA, 3, dealer=2, hands=hands, turned=turned, **kw)
    return run(deal, *ALL_PLAY_P3_DEALS)


# M1: Pam --------------------------------------------------------------------------------------


def test_m1_pam_beats_the_trump_ace() -> None:
    """M1: Pam beats everything, the trump ace included; it follows no suit."""
    deal = mushka({0: "AD 7S 8S 7H 8H", 1: "QD 9S TS 9H TH", 2: "JC 8C 9C QS KS"}, "7D")
    assert legal(deal, 0) == {"AD"}  # P4
    run(deal, "p1 AD", "p2 QD")
    # p3 is void in diamonds (Pam is no diamond) and holds no trump: any card.
    assert legal(deal, 2) == {"JC", "8C", "9C", "QS", "KS"}
    run(deal, "p3 JC")
    assert deal.tricks_taken == [0, 0, 1]
    assert deal.records == [25, 25, 24]  # 25 - 1
    assert deal.to_move == 2


def test_m1_pam_is_no_club_for_following() -> None:
    """M1: a player whose only club is Pam is void in clubs: he must trump (or play Pam)."""
    deal = mushka({0: "7C 7S 8S 7H 8H", 1: "JC 8D 9S TS 9H", 2: "8C 9C QS KS 9D"}, "7D")
    run(deal, "p1 7C")
    assert legal(deal, 1) == {"8D", "JC"}
    refuse(deal, "p2 9S", "P2")
    run(deal, "p2 JC")
    assert legal(deal, 2) == {"8C", "9C"}
    run(deal, "p3 9C")
    assert deal.tricks_taken == [0, 1, 0]
    assert deal.records == [25, 24, 25]


def test_m1_pam_with_clubs_in_hand() -> None:
    """M1: holding clubs and Pam on a club lead, he follows with a club or plays Pam."""
    deal = mushka({0: "7C 7S 8S 7H 8H", 1: "JC 8C 9S TS 9H", 2: "9C TC QS KS 9D"}, "7D")
    run(deal, "p1 7C")
    assert legal(deal, 1) == {"8C", "JC"}
    refuse(deal, "p2 9S", "P2")


def test_m1_pam_is_no_trump_when_clubs_are_trumps() -> None:
    """M1: with clubs trumps Pam is no trump: no trumping duty with it, none to overtrump it,
    and it is no trump face card for P6."""
    deal = mushka({0: "7H 8H 9H 7S 8S", 1: "JC 9S TS 7D 8D", 2: "8C AC 9D TD QS"}, "7C")
    run(deal, "p1 7H")
    # p2: void in hearts, and Pam is no trump: he has no trump, so any card.
    assert legal(deal, 1) == {"JC", "9S", "TS", "7D", "8D"}
    run(deal, "p2 JC")
    # p3: void in hearts, must trump; no trump in the trick to overtrump; Pam is no trump J.
    assert legal(deal, 2) == {"8C", "AC"}
    refuse(deal, "p3 9D", "P2")
    run(deal, "p3 8C")
    assert deal.tricks_taken == [0, 1, 0]


def test_m1_pam_always_legal_even_holding_the_led_suit() -> None:
    """M1: Pam is always a legal card, also for a player who could follow suit."""
    deal = mushka({0: "7H 7S 8S 7C 8C", 1: "9H JC 9S TS 8D", 2: "TH 8H 9C QS KS"}, "7D")
    run(deal, "p1 7H")
    assert legal(deal, 1) == {"9H", "JC"}
    run(deal, "p2 JC")
    assert legal(deal, 2) == {"TH", "8H"}
    run(deal, "p3 TH")
    assert deal.tricks_taken == [0, 1, 0]


def test_m1_pam_instead_of_p4_and_a_led_pam_calls_for_any_trump() -> None:
    """M1: Pam may replace the P4 lead; when Pam is led others play a trump, any trump."""
    deal = mushka({0: "AD JC 7S 8S 7H", 1: "9D KD 9S TS 9H", 2: "8D QD 8C 9C TC"}, "7D")
    assert legal(deal, 0) == {"AD", "JC"}
    refuse(deal, "p1 7S", "P4")
    run(deal, "p1 JC")
    assert legal(deal, 1) == {"9D", "KD"}
    refuse(deal, "p2 9S", "M1")
    run(deal, "p2 9D")
    # No duty to overtrump after a led Pam: the lower 8D is as legal as QD.
    assert legal(deal, 2) == {"8D", "QD"}
    refuse(deal, "p3 8C", "M1")
    run(deal, "p3 8D")
    # Pam wins; p1's first trick with AD in his hand at the start of play: 25 - 1 - 15 = 9.
    assert deal.tricks_taken == [1, 0, 0]
    assert deal.records == [9, 25, 25]
    assert legal(deal, 0) == {"AD"}  # P4 again, Pam gone


def test_m1_pam_led_and_no_trump_any_card() -> None:
    """M1: after a led Pam a player without trumps may play any card."""
    deal = mushka({0: "JC 7S 8S 7H 8H", 1: "9S TS 9H TH 8C", 2: "8D 9D 7C 9C QS"}, "7D")
    run(deal, "p1 JC")
    assert legal(deal, 1) == {"9S", "TS", "9H", "TH", "8C"}
    run(deal, "p2 8C")
    assert legal(deal, 2) == {"8D", "9D"}


def test_m1_pam_instead_of_p5() -> None:
    """M1: Pam may replace the P5 lead of the trump K, and the Q after the K won."""
    deal = mushka({0: "KD QD JC 7S 8S", 1: "8D 9S TS 9H TH", 2: "9D 7C 8C 9C 7H"}, "7D")
    assert legal(deal, 0) == {"KD", "JC"}
    refuse(deal, "p1 QD", "P5")
    run(deal, "p1 KD", "p2 8D", "p3 9D")
    assert deal.records == [24, 25, 25]
    assert legal(deal, 0) == {"QD", "JC"}
    refuse(deal, "p1 7S", "P5")


def test_m1_pam_instead_of_p6_cover() -> None:
    """M1: Pam may be played instead of the P6 cover of a trump face card."""
    deal = mushka({0: "KD 7S 8S 7H 8H", 1: "AD 8D JC 9S 9H", 2: "9D TD 7C 8C 9C"}, "7D")
    assert legal(deal, 0) == {"KD", "7S", "8S", "7H", "8H"}
    run(deal, "p1 KD")
    assert legal(deal, 1) == {"AD", "JC"}
    refuse(deal, "p2 8D", "P6")
    run(deal, "p2 JC")
    assert legal(deal, 2) == {"9D", "TD"}
    run(deal, "p3 9D")
    # p2's first trick, AD in his hand: 25 - 1 - 15 = 9.
    assert deal.records == [25, 9, 25]


def test_m1_pam_beating_a_trump_king_calls_for_no_p6_cover() -> None:
    """M1: once Pam wins the trick the trump K is no longer winning: no P6 duty."""
    deal = mushka({0: "KD 7S 8S 7H 8H", 1: "JC 9S 9H TH 8C", 2: "AD 8D 7C 9C TC"}, "7D")
    run(deal, "p1 KD", "p2 JC")
    assert legal(deal, 2) == {"AD", "8D"}
    run(deal, "p3 8D")
    assert deal.tricks_taken == [0, 1, 0]


def test_m1_pam_counts_as_the_jack_of_clubs_for_r2() -> None:
    """M1: for R2 Pam is the jack of clubs: four clubs and Pam are five of a suit."""
    deal = mushka({0: "7C 8C 9C JC KC", 1: "7S 8S 9S 7H 8H", 2: "TS QS 9H TH 8D"}, "7D")
    # p1: 25 - 5 = 20; p2, p3 (no aces): 25 + 5 = 30. No tricks.
    assert deal.records == [20, 30, 30]
    assert deal.phase is Phase.DONE
    assert deal.tricks_taken == [0, 0, 0]


# M2: the Pam ledger ------------------------------------------------------------------------


def test_m2_pam_ledger_over_a_game() -> None:
    """M2: the dealt holder of Pam gets one unit from each other player, passers included,
    in every deal that is not void."""
    deal1 = deck_str(
        MUSHKA,
        3,
        2,
        {0: "7H 8H 9H TH QH", 1: "JC 7S 8S 9S 7D", 2: "8D 9D TD 7C 8C"},
        turned="KS",
    )
    deal2 = deck_str(MUSHKA, 3, 0, {1: "7S 8S 9S 7D 8D", 2: "JC 7H 8H 9H 9D"}, turned="7C")
    deal3 = deck_str(
        MUSHKA,
        3,
        1,
        {2: "7D 8D 9D TD QD", 0: "JC 7S 8S 9S 7H", 1: "8H 9H TH 7C 8C"},
        turned="KS",
    )
    rec = record(
        MUSHKA,
        3,
        [
            # p2 holds Pam; p3 passes and pays too. R2 for p1: 20; p2 pays 5: 30.
            (2, deal1, ["p1 play", "p2 play", "p3 pass", "p1 exchange", "p2 exchange"]),
            # Void: p2 and p3 pass; p3's Pam earns nothing.
            (0, deal2, ["p2 pass", "p3 pass"]),
            # p1 holds Pam and passes; R2 for p3: 25 - 5 = 20; p2 pays 5: 35.
            (
                1,
                deal3,
                ["p3 play", "p1 pass", "p2 play", "p3 exchange", "p2 exchange", "p2 keep"],
            ),
        ],
    )
    summary = replay_summary(loads(rec).replay())
    assert summary["deals"] == [
        {"records": [20, 30, 25]},
        {"records": [20, 30, 25]},
        {"records": [20, 35, 20]},
    ]
    # Deal 1: p2 +2, p1 -1, p3 -1. Deal 3: p1 +2, p2 -1, p3 -1. Total [1, 1, -2].
    assert summary["pam_ledger"] == [1, 1, -2]
    assert summary["winner"] is None
    assert summary["payouts"] == [0, 0, 0]


def test_m2_pam_drawn_from_the_stock_earns_nothing() -> None:
    """M2: only the dealt hand counts: Pam bought from the stock earns no units."""
    deck = deck_str(
        MUSHKA,
        3,
        2,
        {0: "7H 8H 9H TH QH", 1: "7S 8S 9S 7C 8C", 2: "9D TD 8D 9C TC"},
        turned="7D",
        stock="JC",
    )
    actions = ["p1 play", "p2 play", "p3 pass", "p1 exchange", "p2 exchange 7S"]
    game = loads(record(MUSHKA, 3, [(2, deck, actions)])).replay()
    assert parse_cards("JC")[0] in game.deal.hand(1)  # type: ignore[union-attr]
    summary = replay_summary(game)
    assert summary["records"] == [20, 30, 25]  # R2: p1 25 - 5, p2 25 + 5
    assert summary["pam_ledger"] == [0, 0, 0]


# M3: Pam turned -------------------------------------------------------------------------------

M3_HANDS = {0: "7H 8H 9H 7C 8C", 1: "TH JH 9C TC QC", 2: "AD 7D 8S 9S TS"}


def test_m3_turned_pam_dealer_swaps_first() -> None:
    """M3: with Pam turned the dealer's first action is `swap CARD`, before play/pass."""
    deal = make_deal(MUSHKA, 3, dealer=2, hands=M3_HANDS, turned="JC")
    assert deal.phase is Phase.PAM_SWAP
    assert deal.to_move == 2
    assert legal(deal, 2) == {f"swap {c}" for c in ["AD", "7D", "8S", "9S", "TS"]}
    assert legal(deal, 0) == set()
    refuse(deal, "p1 play", "M3")
    refuse(deal, "p3 play", "M3")
    refuse(deal, "p3 swap 7H", "M3")
    run(deal, "p3 swap AD")
    # The given card becomes the turned card and its suit trump.
    assert hand(deal, 2) == cards("JC 7D 8S 9S TS")
    assert deal.observation(0).turned == card("AD")
    assert deal.observation(0).trump == 2  # diamonds
    assert deal.phase is Phase.DECLARE
    assert deal.to_move == 0
    # E2 looks at the hand after the swap: the dealer gave his only ace away.
    run(deal, "p1 play", "p2 play")
    assert legal(deal, 2) == {"play", "pass"}


def test_m3_dealer_keeping_an_ace_may_not_pass_and_e5_takes_it_back() -> None:
    """M3: E2 uses the hand after the swap; E5 may later take the turned card back."""
    deal = make_deal(MUSHKA, 3, dealer=2, hands=M3_HANDS, turned="JC")
    run(deal, "p3 swap 8S")
    assert deal.observation(1).trump == 0  # spades
    run(deal, "p1 play", "p2 play")
    assert legal(deal, 2) == {"play"}
    refuse(deal, "p3 pass", "E2")
    run(deal, "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    assert "keep" in legal(deal, 2)
    assert "swap 9S" in legal(deal, 2)
    run(deal, "p3 swap 9S")
    assert hand(deal, 2) == cards("AD 7D JC 8S TS")


def test_m3_turned_pam_goes_to_the_dealer_for_m2() -> None:
    """M3/M2: the dealer who takes a turned Pam is its holder for the ledger."""
    deck = deck_str(
        MUSHKA,
        3,
        2,
        {0: "7H 8H 9H TH QH", 1: "7S 8S 9S 7C 8C", 2: "9D TD QD KC QC"},
        turned="JC",
    )
    actions = ["p3 swap 9D", "p1 play", "p2 play", "p3 pass", "p1 exchange", "p2 exchange"]
    summary = replay_summary(loads(record(MUSHKA, 3, [(2, deck, actions)])).replay())
    assert summary["records"] == [20, 30, 25]  # R2: p1 25 - 5; p2 25 + 5; p3 passed
    assert summary["pam_ledger"] == [-1, -1, 2]


def test_m3_m2_void_deal_after_a_turned_pam_pays_nothing() -> None:
    """M2/M3: a void deal earns the Pam holder nothing, even after the M3 swap."""
    deck = deck_str(
        MUSHKA,
        3,
        2,
        {0: "7H 8H 9H TH QH", 1: "7S 8S 9S 7C 8C", 2: "9D TD QD KC QC"},
        turned="JC",
    )
    summary = replay_summary(
        loads(record(MUSHKA, 3, [(2, deck, ["p3 swap 9D", "p1 pass", "p2 pass"])])).replay()
    )
    assert summary["records"] == [25, 25, 25]
    assert summary["pam_ledger"] == [0, 0, 0]


# M4, X12: the ace of spades, overshoot, options ----------------------------------------------


@pytest.mark.parametrize(
    ("turned", "expected"),
    [
        ("7S", 14),  # spades trumps: 25 - 1 - 10
        ("QH", 19),  # hearts trumps: 25 - 1 - 5
    ],
)
def test_x12_spade_ace_trick_credit(turned: str, expected: int) -> None:
    """X12 (S3): the ace of spades is written off as 10 when spades are trumps, else 5."""
    deal = mushka({0: "AS 7H 8H 7C 8C", 1: "8S 9H TH 9C TC", 2: "9S 7D 8D 9D TD"}, turned)
    run(deal, "p1 AS", "p2 8S", "p3 9S")
    assert deal.records == [expected, 25, 25]


@pytest.mark.parametrize(
    ("turned", "p2"),
    [
        ("7S", 40),  # spades trumps: 25 + 5 + 10
        ("8C", 35),  # clubs trumps: 25 + 5 + 5
    ],
)
def test_x12_remise_with_the_spade_ace(turned: str, p2: int) -> None:
    """X12 (S4): a remise with the ace of spades is 15 when spades are trumps, else 10."""
    deal = mushka({0: "JC KH QH KD QD", 1: "AS 7H 8H 7D 8D", 2: "9H TH 9D TD 7C"}, turned)
    # Pam led: p2 plays AS (his only trump with spades trumps; any card with clubs).
    run(deal, "p1 JC", "p2 AS", "p3 7C")  # p1 24
    run(deal, "p1 KH", "p2 8H", "p3 9H")  # p1 23
    run(deal, "p1 QH", "p2 7H", "p3 TH")  # p1 22
    run(deal, "p1 KD", "p2 8D", "p3 9D")  # p1 21
    run(deal, "p1 QD", "p2 7D", "p3 TD")  # p1 20
    # p3: no trick, no ace: 25 + 5 = 30.
    assert deal.records == [20, p2, 30]
    assert deal.phase is Phase.DONE


@pytest.mark.parametrize(
    ("turned", "p2"),
    [
        ("7S", 40),  # 25 + 5 + 10
        ("9D", 35),  # 25 + 5 + 5
    ],
)
def test_x12_r2_payer_with_the_spade_ace(turned: str, p2: int) -> None:
    """X12 (R2): a payer holding the ace of spades adds 10 for it when spades are trumps."""
    deal = mushka({0: "7H 8H 9H TH QH", 1: "AS 8C 9C 8D TD", 2: "9S TS 7C TC QC"}, turned)
    assert deal.records == [20, p2, 30]  # p1 25 - 5; p3 25 + 5
    assert deal.phase is Phase.DONE


@pytest.mark.parametrize(
    ("turned", "p1"),
    [
        ("7S", 10),  # five trumps are R2 (no trump rams): 25 - 5 - 10
        ("9D", 15),  # five spades, diamonds trumps: 25 - 5 - 5
    ],
)
def test_x12_r2_holder_with_the_spade_ace(turned: str, p1: int) -> None:
    """X12 (R2): the holder of five spades with the ace writes off 5 + 10 when spades are
    trumps, 5 + 5 otherwise."""
    deal = mushka({0: "AS KS QS 9S 8S", 1: "7H 8H 8C 9C 8D", 2: "9H TH 7C TC QC"}, turned)
    assert deal.records == [p1, 30, 30]
    assert deal.phase is Phase.DONE


def test_m4_overshoot_restarts_at_25() -> None:
    """M4: overshoot = restart by default: a trick taken at 0 restarts the record at 25."""
    rules = Rules.preset(MUSHKA, 3)
    assert rules.start_score == 25
    assert rules.overshoot == "restart"
    deal = mushka(
        {0: "KH QH 7S 8S 7C", 1: "7H 8H 9S TS 8C", 2: "9H TH JS QS 9C"},
        "7D",
        records=[1, 25, 25],
    )
    run(deal, "p1 KH", "p2 7H", "p3 9H")
    assert deal.records == [0, 25, 25]  # 1 - 1: the game does not end
    assert deal.winner is None
    assert "claim" in legal(deal, 0)
    run(deal, "p1 QH", "p2 8H", "p3 TH")
    assert deal.records == [25, 25, 25]  # taken at 0: restart at the start score
    assert "claim" not in legal(deal, 0)


def test_m4_five_suit_wins_option() -> None:
    """M4: with `five_suit_wins` five of a suit (Pam a club) wins the game at once, as R1."""
    deal = mushka(
        {0: "7C 8C 9C JC KC", 1: "7S 8S 9S 7H 8H", 2: "TS QS 9H TH 8D"},
        "7D",
        five_suit_wins=True,
    )
    assert deal.winner == 0
    assert deal.records == [0, 25, 25]
    assert deal.phase is Phase.DONE


@pytest.mark.parametrize(
    ("hands", "lines", "with_option", "without"),
    [
        # The trump ace led, the ace of spades played after it.
        (
            {0: "AD 7H 8H 7C 8C", 1: "AS 9H TH 9C TC", 2: "8D 9S TS QC KC"},
            ("p1 AD", "p2 AS", "p3 8D"),
            1,
            0,
        ),
        # The ace of spades led: the trump ace wins.
        (
            {0: "AS 7H 8H 7C 8C", 1: "AD 9H TH 9C TC", 2: "9S TS 8D QC KC"},
            ("p1 AS", "p2 AD", "p3 9S"),
            1,
            1,
        ),
        # Pam in the trick: Pam wins.
        (
            {0: "AD 7H 8H 7C 8C", 1: "JC 9H TH 9C TC", 2: "AS 9S TS QC KC"},
            ("p1 AD", "p2 JC", "p3 AS"),
            1,
            1,
        ),
        (
            {0: "AD 7H 8H 7C 8C", 1: "AS 9H TH 9C TC", 2: "JC 9S TS QC KC"},
            ("p1 AD", "p2 AS", "p3 JC"),
            2,
            2,
        ),
        # The trump ace played on a heart lead, the ace of spades after it.
        (
            {0: "7H 8H 7C 8C 7S", 1: "AD 9S TS 9C TC", 2: "AS JS QS KC QC"},
            ("p1 7H", "p2 AD", "p3 AS"),
            2,
            1,
        ),
        # The ace of spades before the trump ace: the trump ace wins.
        (
            {0: "7H 8H 7C 8C 7S", 1: "AS 9S TS 9C TC", 2: "AD JS QS KC QC"},
            ("p1 7H", "p2 AS", "p3 AD"),
            2,
            2,
        ),
    ],
)
def test_m4_spade_ace_beats_trump_ace_option(
    hands: dict[int, str], lines: tuple[str, ...], with_option: int, without: int
) -> None:
    """M4: `spade_ace_beats_trump_ace`: the ace of spades played after the trump ace wins,
    unless it was led or Pam is in the trick."""
    for option, winner in ((True, with_option), (False, without)):
        deal = mushka(hands, "7D", spade_ace_beats_trump_ace=option)
        run(deal, *lines)
        taken = [0, 0, 0]
        taken[winner] = 1
        assert deal.tricks_taken == taken, (option, lines)


# M5: packs, rams, jacks ---------------------------------------------------------------------


def test_m5_packs_and_dealing() -> None:
    """M5: 32 cards for three players, 52 from four; one card at a time."""
    assert Rules.preset(MUSHKA, 3).pack_size == 32
    assert Rules.preset(MUSHKA, 4).pack_size == 52
    assert Rules.preset(MUSHKA, 7).pack_size == 52
    assert deck_layout(Rules.preset(MUSHKA, 3), 2)[:16] == [0, 1, 2] * 5 + ["turned"]
    assert deck_layout(Rules.preset(MUSHKA, 4), 3)[:21] == [0, 1, 2, 3] * 5 + ["turned"]
    deal = make_deal(MUSHKA, 4, dealer=3)
    assert deal.observation(0).stock_count == 52 - 20 - 1


def test_m5_four_aces_win() -> None:
    """M5: R1 holds: four aces win at once, the holder's record set to 0."""
    deal = mushka({0: "AS AC AD AH 7H", 1: "7S 8S 9S 7C 8C", 2: "9C TC 8H 9H TH"}, "7D")
    assert deal.winner == 0
    assert deal.records == [0, 25, 25]
    assert deal.phase is Phase.DONE


def test_m5_no_trump_rams() -> None:
    """M5: no trump rams: five trumps score as R2 (5, plus the trump ace)."""
    deal = mushka({0: "8D 9D TD QD KD", 1: "7S 8S 9S 7C 8C", 2: "9C TC 8H 9H TH"}, "7D")
    assert deal.records == [20, 30, 30]  # 25 - 5; 25 + 5
    assert deal.phase is Phase.DONE


def test_m5_no_jacks() -> None:
    """M5: jacks count nothing in Мушка (a red pair here)."""
    deal = mushka({0: "JD JH 7H 8H 9S", 1: "7S 8S TS 7C 8C", 2: "9C TC 9H TH QS"}, "7D")
    assert deal.phase is Phase.PLAY
    assert deal.records == [25, 25, 25]


# Петух: three players, 36 cards, dealer p3 ---------------------------------------------------

EXCHANGE_PAT = ("p1 exchange", "p2 exchange", "p3 exchange")


def petukh(hands: dict[int, str], turned: str, preset: str = "petukh", **kw: Any) -> Deal:
    return make_deal(preset, 3, dealer=2, hands=hands, turned=turned, **kw)


# K1 ---------------------------------------------------------------------------------------


def test_k1_packs() -> None:
    """K1: 2–6 players; 36 cards; with six players 30 (both variants)."""
    for players in range(2, 6):
        assert Rules.preset("petukh", players).pack_size == 36
        assert Rules.preset("petukh-30", players).pack_size == 36
    assert Rules.preset("petukh", 6).pack_size == 30
    assert Rules.preset("petukh-30", 6).pack_size == 30
    assert len(pack(30)) == 30
    assert set(pack(36)) - set(pack(30)) == set(parse_cards("6S 6C 6D 6H 7S 7C"))
    with pytest.raises(RulesError):
        Rules.preset("petukh", 7)


def test_k1_turned_card_stays_on_the_table() -> None:
    """K1: the turned card gives trump and nobody takes it: no swap, no keep."""
    deal = petukh({0: "6H 7H 8H 6C 7C", 1: "9H TH 8C 9C TC", 2: "JH QH QC KC AC"}, "6D")
    assert deal.observation(0).trump == 2
    run(deal, "p1 exchange", "p2 exchange")
    assert not any(a.startswith("swap") or a == "keep" for a in legal(deal, 2))
    refuse(deal, "p3 swap AC", {"E4, X1", "E4", "E5", "K1"})
    refuse(deal, "p3 keep", {"E4, X1", "E4", "E5", "K1"})
    run(deal, "p3 exchange")
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 0
    assert deal.observation(0).turned == card("6D")
    assert all(card("6D") not in deal.hand(s) for s in range(3))


def test_k1_six_players_thirty_cards_all_dealt() -> None:
    """K1: six players: 30 cards, all dealt, no stock or exchange; the dealer's last card
    is trump and stays in his hand."""
    rules = Rules.preset("petukh", 6)
    assert deck_layout(rules, 5) == [0, 1, 2, 3, 4, 5] * 5
    # The 30-card pack ascending: 8S 9S TS JS QS KS AS 8C … AC 7D … AD 7H … AH.
    deal = Deal(rules, 5, list(pack(30)))
    assert hand(deal, 5) == cards("KS QC TD 8H AH")  # deck[5, 11, 17, 23, 29]
    assert hand(deal, 0) == cards("8S AS KC JD 9H")  # deck[0, 6, 12, 18, 24]
    obs = deal.observation(0)
    assert obs.trump == 3  # AH, the dealer's last card
    assert card("AH") in obs.known[5]
    assert obs.stock_count == 0
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 0
    assert legal(deal, 0) == {"8S", "AS", "KC", "JD", "9H"}
    refuse(deal, "p1 exchange", {"P1", "K1", "K5", "E4"})
    with pytest.raises(RulesError):
        Deal(rules, 5, list(pack(36)))
    wrong = list(pack(30))
    wrong[0] = card("7S")  # 7S is not in the 30-card pack
    with pytest.raises(RulesError):
        Deal(rules, 5, wrong)


# K2 ---------------------------------------------------------------------------------------


def test_k2_nobody_passes_everyone_exchanges_from_the_left() -> None:
    """K2: no play/pass round; everyone, the dealer last, exchanges from the stock."""
    deal = petukh(
        {0: "6H 7H 8H 6C 7C", 1: "9H TH 8C 9C TC", 2: "JH QH QC KC AC"},
        "6D",
        stock="6S 7S 8S 9S",
    )
    assert deal.phase is Phase.EXCHANGE
    assert deal.to_move == 0
    assert "pass" not in legal(deal, 0) and "play" not in legal(deal, 0)
    refuse(deal, "p1 pass", {"E4, X1", "E4", "K2", "E1"})
    refuse(deal, "p1 play", {"E4, X1", "E4", "K2", "E1"})
    refuse(deal, "p2 exchange", {"E4", "K2"})
    run(deal, "p1 exchange 6C 7C")
    assert hand(deal, 0) == cards("6H 7H 8H 6S 7S")
    assert deal.to_move == 1
    run(deal, "p2 exchange 8C")
    assert hand(deal, 1) == cards("9H TH 9C TC 8S")
    assert deal.to_move == 2
    run(deal, "p3 exchange AC")
    assert hand(deal, 2) == cards("JH QH QC KC 9S")
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 0


def test_k2_p4_holds() -> None:
    """K2: P4 holds: the trump ace must be led."""
    deal = petukh({0: "AD 6H 7H 6C 7C", 1: "9H TH 8C 9C TC", 2: "JH QH QC KC AC"}, "6D")
    run(deal, *EXCHANGE_PAT)
    assert legal(deal, 0) == {"AD"}
    refuse(deal, "p1 6H", "P4")


def test_k2_p5_and_p6_do_not_hold() -> None:
    """K2: no marriage lead (P5), no ace cover (P6)."""
    deal = petukh({0: "KD QD 6H 7H 6C", 1: "AD 7D 8H 9H 7C", 2: "8D TH JH 8C 9C"}, "6D")
    run(deal, *EXCHANGE_PAT)
    assert legal(deal, 0) == {"KD", "QD", "6H", "7H", "6C"}
    run(deal, "p1 KD")
    assert legal(deal, 1) == {"AD", "7D"}
    run(deal, "p2 7D", "p3 8D")
    assert deal.records == [14, 15, 15]  # 15 - 1
    assert legal(deal, 0) == {"QD", "6H", "7H", "6C"}


def test_k2_no_rams_and_aces_worth_nothing() -> None:
    """K2: no rams (four aces, five of a suit, five trumps count nothing); aces are worth 0."""
    deal = petukh({0: "AS AC AD AH 6H", 1: "7H 8H 9H TH QH", 2: "7D 8D 9D TD QD"}, "6D")
    run(deal, *EXCHANGE_PAT)
    assert deal.phase is Phase.PLAY
    assert deal.winner is None
    assert deal.records == [15, 15, 15]
    assert legal(deal, 0) == {"AD"}
    run(deal, "p1 AD", "p2 7H", "p3 7D")
    assert deal.records == [14, 15, 15]  # 15 - 1 - 0


# K3 ---------------------------------------------------------------------------------------

K3_HANDS = {0: "AD KD QD TD 9D", 1: "6S 7S 8S 9S TS", 2: "6C 7C 8C 9C TC"}


P1_LEADS = ["AD", "KD", "QD", "TD", "9D"]
P3_CLUBS = ["6C", "7C", "8C", "9C", "TC"]


def k3_tricks(p2: str) -> list[str]:
    """p1 leads his diamonds and takes all five; p2 plays ``p2`` in order, p3 his clubs."""
    out = []
    for lead, second, third in zip(P1_LEADS, p2.split(), P3_CLUBS, strict=True):
        out += [f"p1 {lead}", f"p2 {second}", f"p3 {third}"]
    return out


@pytest.mark.parametrize(
    ("records", "expected"),
    [
        # p1 - 5 tricks; p2 at 11 > 10: nothing; p3 at 10 <= 10: + 5.
        ([12, 11, 10], [7, 11, 15]),
        ([15, 15, 15], [10, 15, 15]),
        ([8, 3, 9], [3, 8, 14]),
    ],
)
def test_k3_remise_only_at_or_below_10(records: list[int], expected: list[int]) -> None:
    """K3: each trick writes off 1; no trick adds 5 only when the record is 10 or less."""
    deal = petukh(K3_HANDS, "6D", records=records)
    run(deal, *EXCHANGE_PAT, *k3_tricks(K3_HANDS[1]))
    assert deal.records == expected
    assert deal.phase is Phase.DONE


# K4 ---------------------------------------------------------------------------------------

JACK_OTHERS = {1: "6H 7S 8S 9S TS", 2: "7H 6C 7C 8C 9C"}


def jack_hand(jacks: str) -> str:
    """The jacks, AH, and club fillers up to five cards."""
    n = len(jacks.split())
    return " ".join([jacks, "AH", *["KC", "QC", "AC"][: 4 - n]])


@pytest.mark.parametrize(
    ("jacks", "turned", "expected"),
    [
        ("JD JH", "6S", 24),  # red pair: 30 - 1 - 5
        ("JD JH", "6D", 19),  # the pair holds the trump jack: 30 - 1 - 10
        ("JS JC JD JH", "6S", 14),  # four jacks: 30 - 1 - 15
        ("JS JC JD JH", "6D", 14),
        ("JS JC JD", "6D", 24),  # three: their pair JS JC, no trump jack in it
        ("JS JC JD", "6S", 19),  # three: the pair JS JC holds the trump jack
        ("JS JD", "6S", 29),  # косые: nothing
        ("JC JH", "6D", 29),
    ],
)
def test_k4_jack_pair_written_off_with_the_first_trick(
    jacks: str, turned: str, expected: int
) -> None:
    """K4: a same-colour pair 5 (10 with the trump jack), four jacks 15, with the first trick."""
    deal = petukh({0: jack_hand(jacks), **JACK_OTHERS}, turned, records=[30, 30, 30])
    run(deal, *EXCHANGE_PAT)
    assert deal.records == [30, 30, 30]  # nothing before play
    run(deal, "p1 AH", "p2 6H", "p3 7H")
    assert deal.records == [expected, 30, 30]


def test_k4_dealt_pair_broken_in_the_exchange_still_counts() -> None:
    """K4 (J2): the better of the dealt and final hands: a discarded pair still counts."""
    deal = petukh({0: "JD JH AH KC QC", **JACK_OTHERS}, "6S", records=[30, 30, 30], stock="TC")
    run(deal, "p1 exchange JD", "p2 exchange", "p3 exchange")
    assert hand(deal, 0) == cards("JH AH KC QC TC")
    run(deal, "p1 AH", "p2 6H", "p3 7H")
    assert deal.records == [24, 30, 30]  # 30 - 1 - 5


def test_k4_no_trick_no_jack_credit() -> None:
    """K4: jacks are written only with a trick: without one, only K3 applies."""
    p2 = "6S 7S 8S JS JC"
    deal = petukh({**K3_HANDS, 1: p2}, "6D", records=[12, 10, 11])
    run(deal, *EXCHANGE_PAT, *k3_tricks(p2))
    # p1 12 - 5 = 7; p2 10 + 5 (remise) = 15; p3 11 > 10: 11.
    assert deal.records == [7, 15, 11]


def test_k4_pair_ends_the_game_with_the_first_trick() -> None:
    """K4, S6: the jack credit can end the game; the others go back to their pre-play records."""
    deal = petukh(
        {0: "JH JD AH KH QC", 1: "AC 6H 8D 9D TD", 2: "6C 7H 7C 8C 9C"},
        "6S",
        records=[6, 12, 12],
    )
    run(deal, *EXCHANGE_PAT)
    run(deal, "p1 QC", "p2 AC", "p3 6C")
    assert deal.records == [6, 11, 12]  # p2 12 - 1
    run(deal, "p2 6H", "p3 7H", "p1 AH")
    # p1: 6 - 1 - 5 = 0: he wins; p2 goes back to 12.
    assert deal.winner == 0
    assert deal.records == [0, 12, 12]
    assert deal.phase is Phase.DONE


# K5 ---------------------------------------------------------------------------------------


def test_k5_record_2_writes_no_exchange() -> None:
    """K5: a player at 2 or less writes no exchange; the others exchange."""
    deal = petukh(K3_HANDS, "6D", records=[2, 3, 15])
    assert deal.phase is Phase.EXCHANGE
    assert deal.to_move == 1
    assert legal(deal, 0) == set()
    refuse(deal, "p1 exchange", {"K5", "E4"})
    run(deal, "p2 exchange", "p3 exchange")
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 0  # p1 still plays and leads


def test_k5_dealer_at_2_writes_no_exchange() -> None:
    """K5: the dealer at 2 is skipped; play starts after p2's exchange."""
    deal = petukh(K3_HANDS, "6D", records=[15, 15, 2])
    run(deal, "p1 exchange", "p2 exchange")
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 0
    refuse(deal, "p3 exchange", {"K5", "P1"})


@pytest.mark.parametrize("records", [[1, 15, 15], [15, 1, 15], [15, 15, 1]])
def test_k5_any_record_1_nobody_exchanges(records: list[int]) -> None:
    """K5: if any record is 1 or less nobody exchanges: the first action is the lead."""
    deal = petukh(K3_HANDS, "6D", records=records)
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 0
    assert legal(deal, 0) == {"AD"}
    refuse(deal, "p1 exchange", {"K5", "P1"})


def test_k5_record_3_may_exchange() -> None:
    """K5: at 3 everyone still exchanges."""
    deal = petukh(K3_HANDS, "6D", records=[3, 3, 3])
    assert deal.phase is Phase.EXCHANGE
    assert deal.to_move == 0
    assert "exchange" in legal(deal, 0)


# K6: petukh-30 ------------------------------------------------------------------------------


def test_k6_start_30() -> None:
    """K6: `petukh-30` starts at 30."""
    assert make_deal("petukh-30", 3, dealer=2).records == [30, 30, 30]


@pytest.mark.parametrize(
    ("jacks", "turned", "expected"),
    [
        ("JS JH", "6S", 24),  # any two jacks: 30 - 1 - 5
        ("JD JH", "6D", 24),  # no 10 for the trump jack
        ("JS JC JD JH", "6S", 19),  # four: 30 - 1 - 10
        ("JS JC JD", "6D", 24),  # three count as two
        ("JH", "6S", 29),  # one jack: nothing
    ],
)
def test_k6_any_two_jacks_with_the_first_trick(jacks: str, turned: str, expected: int) -> None:
    """K6: any two jacks write off 5 with the first trick, four 10; three count as two."""
    deal = petukh({0: jack_hand(jacks), **JACK_OTHERS}, turned, preset="petukh-30")
    run(deal, *EXCHANGE_PAT)
    assert deal.records == [30, 30, 30]
    run(deal, "p1 AH", "p2 6H", "p3 7H")
    assert deal.records == [expected, 30, 30]


@pytest.mark.parametrize(
    ("p2", "records", "expected"),
    [
        # p2 at 10 with two jacks, no trick: 10 + 5 (K3) + 10 = 25; p3 at 11: nothing.
        ("6S 7S 8S JS JH", [12, 10, 11], [7, 25, 11]),
        # p2 at 11: only the 10 for the jacks: 21; p3 at 10: + 5 = 15.
        ("6S 7S 8S JS JH", [12, 11, 10], [7, 21, 15]),
        # At the start, 30: 30 + 10 = 40.
        ("6S 7S 8S JS JH", [30, 30, 30], [25, 40, 30]),
        # Three jacks: also 10.
        ("6S 7S JS JC JH", [12, 10, 11], [7, 25, 11]),
        # One jack: only K3.
        ("6S 7S 8S 9S JH", [12, 10, 11], [7, 15, 11]),
    ],
)
def test_k6_jacks_and_no_trick_add_10(p2: str, records: list[int], expected: list[int]) -> None:
    """K6: two or more jacks and no trick add 10 on top of K3's 5; K3 looks at the record
    before either is added."""
    deal = petukh({**K3_HANDS, 1: p2}, "6D", preset="petukh-30", records=records)
    run(deal, *EXCHANGE_PAT, *k3_tricks(p2))
    assert deal.records == expected


# K7: the ace of spades in petukh-30 -----------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "turned", "hands", "lines", "expected"),
    [
        # AS wins its trick: 30 - 1 - 5 = 24.
        (
            "petukh-30",
            "6D",
            {0: "AS 7H 8H 7C 8C", 1: "6S 9H TH 9C TC", 2: "7S KH QH KC QC"},
            ("p1 AS", "p2 6S", "p3 7S"),
            [24, 30, 30],
        ),
        # Spades trumps (whatever the trump): AS led under P4, wins: 24.
        (
            "petukh-30",
            "6S",
            {0: "AS 7H 8H 7C 8C", 1: "8S 9H TH 9C TC", 2: "7S KH QH KC QC"},
            ("p1 AS", "p2 8S", "p3 7S"),
            [24, 30, 30],
        ),
        # AS led and trumped: p2 30 - 1 = 29; p1 30 + 5 = 35.
        (
            "petukh-30",
            "6D",
            {0: "AS 7H 8H 7C 8C", 1: "7D 9H TH 9C TC", 2: "7S KH QH KC QC"},
            ("p1 AS", "p2 7D", "p3 7S"),
            [35, 29, 30],
        ),
        # AS thrown on a heart lead that AH wins: p2 30 + 5 = 35; p3 30 - 1 = 29.
        (
            "petukh-30",
            "6D",
            {0: "KH 7C 8C 9C TC", 1: "AS 6S 7S 8S 9S", 2: "AH 6H 7H QC KC"},
            ("p1 KH", "p2 AS", "p3 AH"),
            [30, 35, 29],
        ),
        # Plain petukh has no spade-ace bonus: 15 - 1 = 14.
        (
            "petukh",
            "6D",
            {0: "AS 7H 8H 7C 8C", 1: "6S 9H TH 9C TC", 2: "7S KH QH KC QC"},
            ("p1 AS", "p2 6S", "p3 7S"),
            [14, 15, 15],
        ),
        (
            "petukh",
            "6D",
            {0: "AS 7H 8H 7C 8C", 1: "7D 9H TH 9C TC", 2: "7S KH QH KC QC"},
            ("p1 AS", "p2 7D", "p3 7S"),
            [15, 14, 15],
        ),
    ],
)
def test_k7_spade_ace_bonus(
    preset: str,
    turned: str,
    hands: dict[int, str],
    lines: tuple[str, ...],
    expected: list[int],
) -> None:
    """K7: the ace of spades writes off 5 more for the player whose AS wins a trick, and adds
    5 to a player whose AS lost to another card."""
    deal = petukh(hands, turned, preset=preset)
    run(deal, *EXCHANGE_PAT, *lines)
    assert deal.records == expected
