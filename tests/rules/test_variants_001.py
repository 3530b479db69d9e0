"""Variants of seed 001 (V1–V4) and Rozaliev's §53 (Z1–Z2): RULES.md §6 and §7.

Presets: ``rams-001-v1``, ``duel``, ``duel-v3`` (with ``dave``), ``rozaliev``, ``rozaliev-jacks``.
Every expected value is worked out by hand from RULES.md; the arithmetic is in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest

from rams.cards import cards_str, pack, parse_cards
from rams.errors import RecordError, RulesError
from rams.games.rams.actions import parse_line
from rams.games.rams.deal import Deal, Phase, deck_layout
from rams.games.rams.match import settlement
from rams.games.rams.rules import Rules
from rams.record import loads, replay_summary
from tests.util import deck_str, legal, make_deal, refuse, run
from tests.util import hand_str as hand
from tests.util import record_text as record
from tests.util import sorted_cards as cards

# V1: variant 1 (rams-001-v1) ---------------------------------------------------------------

V1 = "rams-001-v1"


def test_v1_start_score_is_15() -> None:
    """V1: every record starts at 15."""
    assert Rules.preset(V1, 3).start_score == 15
    deal = make_deal(V1, 3, dealer=2)
    assert deal.records == [15, 15, 15]


def test_v1_aces_worth_nothing_in_tricks_and_remise() -> None:
    """V1: aces are worth 0 in S3 and S4: a trick writes off 1, a remise adds a flat 5."""
    deal = make_deal(
        V1,
        3,
        dealer=2,
        hands={0: "AD KD QD AH KH", 1: "AS AC 7H 8H 9C", 2: "7S 8S 9S 7C 8C"},
        turned="7D",
    )
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    # rams-001: dealer_trump = mandatory, so p3 swaps 8C for the turned 7D.
    assert legal(deal) == {f"swap {c}" for c in ["7S", "8S", "9S", "7C", "8C"]}
    run(deal, "p3 swap 8C")
    assert deal.phase is Phase.PLAY
    assert legal(deal, 0) == {"AD"}  # P4
    # Trick 1: AD 9C 7D, p1's first trick: 15 - 1 - 0 (AD, AH worth 0) = 14.
    run(deal, "p1 AD", "p2 9C", "p3 7D")
    assert deal.records == [14, 15, 15]
    # P5: KD, then QD after the K won; then AH, KH.  p1: 13, 12, 11, 10.
    run(deal, "p1 KD", "p2 7H", "p3 7C", "p1 QD", "p2 8H", "p3 7S")
    run(deal, "p1 AH", "p2 AC", "p3 8S", "p1 KH", "p2 AS", "p3 9S")
    # Remises: p2 15 + 5 + 0 (AS, AC worth 0) = 20 (with S3 values it would be 35);
    # p3 15 + 5 = 20.
    assert deal.records == [10, 20, 20]
    assert deal.winner is None
    assert deal.phase is Phase.DONE


def test_v1_dealt_ace_forbids_passing() -> None:
    """V1: an ace is worth nothing, yet E2 still forbids passing with a dealt ace."""
    deal = make_deal(V1, 3, dealer=2, hands={0: "AS 7H 8H 9C TC", 1: "7S 8S 9S 7C 8C"}, turned="7D")
    assert legal(deal, 0) == {"play"}
    refuse(deal, "p1 pass", "E2")
    run(deal, "p1 play")
    assert legal(deal, 1) == {"play", "pass"}


def test_v1_five_of_a_suit_is_flat_5() -> None:
    """V1: R2 with the ace of the suit writes off 5 flat; every payer adds a flat 5."""
    deal = make_deal(
        V1,
        3,
        dealer=2,
        hands={0: "9C TC QC KC AC", 1: "AS AH 7H 8H 7S", 2: "8S 9S TS 8D 9D"},
        turned="7D",
    )
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(deal, "p3 swap 8S")
    # p1: 15 - (5 + 0 for AC) = 10; p2: 15 + 5 + 0 (AS, AH) = 20; p3: 15 + 5 = 20.
    assert deal.records == [10, 20, 20]
    assert deal.tricks_taken == [0, 0, 0]
    assert deal.phase is Phase.DONE
    assert deal.winner is None


def test_v1_trump_rams_is_flat_10() -> None:
    """V1: trump rams write off 10 flat (the trump ace adds 0); the others add a flat 10."""
    deal = make_deal(
        V1,
        3,
        dealer=2,
        hands={0: "9D TD QD KD AD", 1: "AS AH 7H 8H 7S", 2: "8S 9S TS 8C 9C"},
        turned="7D",
    )
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(deal, "p3 swap 8S")
    # p1: 15 - 10 = 5; p2: 15 + 10 + 0 = 25; p3: 15 + 10 = 25.
    assert deal.records == [5, 25, 25]
    assert deal.phase is Phase.DONE
    assert deal.winner is None


def test_v1_four_aces_count_nothing() -> None:
    """V1: four aces are no rams: play starts and nothing is written."""
    deal = make_deal(
        V1,
        3,
        dealer=2,
        hands={0: "AS AC AD AH 7H", 1: "7S 8S 9S 7C 8C", 2: "9C TC 8H 9H TH"},
        turned="7D",
    )
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(deal, "p3 swap 8H")
    assert deal.phase is Phase.PLAY
    assert deal.winner is None
    assert deal.records == [15, 15, 15]
    assert legal(deal, 0) == {"AD"}  # P4 still holds


def test_v1_jack_pair_writes_off_5() -> None:
    """V1: a same-colour jack pair writes off 5 before play."""
    deal = make_deal(
        V1,
        3,
        dealer=2,
        hands={0: "7S 8S 9S 7C 8C", 1: "JD JH 7H 8H 9H", 2: "9C TC QC TS QS"},
        turned="7D",
    )
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(deal, "p3 swap QS")
    assert deal.phase is Phase.PLAY
    assert deal.records == [15, 10, 15]  # 15 - 5


def test_v1_four_jacks_win_at_once_after_the_swap() -> None:
    """V1: four jacks (here completed by the dealer's swap, X2) win at once: record 0."""
    deal = make_deal(
        V1,
        3,
        dealer=2,
        hands={0: "7S 8S 9S 7C 8C", 1: "9C TC 7D 8D 9D", 2: "JC JD JH 7H 8H"},
        turned="JS",
    )
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(deal, "p3 swap 7H")
    assert deal.winner == 2
    assert deal.records == [15, 15, 0]
    assert deal.phase is Phase.DONE
    assert deal.tricks_taken == [0, 0, 0]


def test_v1_four_jacks_win_settles_remaining() -> None:
    """V1: four jacks end the game; with payout remaining the holder receives 15 + 15."""
    deck = deck_str(
        V1,
        3,
        2,
        {0: "7S 8S 9S 7C 8C", 1: "JS JC JD JH 7H", 2: "9C TC QC TS QS"},
        turned="7D",
    )
    actions = ["p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange"]
    game = loads(record(V1, 3, [(2, deck, [*actions, "p3 swap QS"])])).replay()
    summary = replay_summary(game)
    assert summary["winner"] == 1
    assert summary["records"] == [15, 0, 15]
    assert summary["payouts"] == [-15, 30, -15]


def test_v1_dealt_four_jacks_win_though_broken() -> None:
    """V1 (J2): four jacks in the dealt hand win even after one is discarded."""
    deal = make_deal(
        V1,
        3,
        dealer=2,
        hands={0: "7S 8S 9S 7C 8C", 1: "JS JC JD JH 7H", 2: "9C TC QC TS QS"},
        turned="7D",
        stock="8H",
    )
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange JS", "p3 exchange")
    run(deal, "p3 swap QS")
    assert hand(deal, 1) == cards("JC JD JH 7H 8H")
    assert deal.winner == 1
    assert deal.records == [15, 0, 15]


def test_v1_four_jacks_cancelled_by_rams() -> None:
    """V1: four jacks are a jack declaration: any rams cancels them (J5), no win."""
    deal = make_deal(
        V1,
        3,
        dealer=2,
        hands={0: "7C 8C 9C TC QC", 1: "JS JC JD JH 7H", 2: "8S 9S TS 8D 9D"},
        turned="7D",
    )
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(deal, "p3 swap 8S")
    # R2 for p1: 15 - 5 = 10; p2 and p3 pay 5: 20. p2's jacks score nothing.
    assert deal.records == [10, 20, 20]
    assert deal.winner is None
    assert deal.phase is Phase.DONE


# V2: the duel --------------------------------------------------------------------------------

# Dealer p2 (seat 1): p1 (seat 0) is the non-dealer. Trump diamonds (7D turned).
DUEL_HANDS = {0: "7S 9S 8C 7H 9H", 1: "8S TS 9C 8H TH"}
DUEL_TALON = "QS KS TC QC JH"


def duel(preset: str = "duel", **overrides: Any) -> Deal:
    return make_deal(
        preset, 2, dealer=1, hands=DUEL_HANDS, talon=DUEL_TALON, turned="7D", **overrides
    )


def test_v2_deal_layout_non_dealer_dealer_talon() -> None:
    """V2: each round deals the non-dealer, the dealer, the talon; the 16th card is turned."""
    rules = Rules.preset("duel", 2)
    assert rules.pack_size == 32
    assert rules.start_score == 5
    assert deck_layout(rules, 1) == [0, 1, "talon"] * 5 + ["turned"] + ["unused"] * 16
    assert deck_layout(rules, 0) == [1, 0, "talon"] * 5 + ["turned"] + ["unused"] * 16
    # The ascending pack 7S 8S 9S TS JS QS KS AS 7C 8C 9C TC JC QC KC AC 7D … AH.
    deal = Deal(rules, 1, list(pack(32)))
    assert hand(deal, 0) == cards("7S TS KS 8C JC")  # deck[0, 3, 6, 9, 12]
    assert hand(deal, 1) == cards("8S JS AS 9C QC")  # deck[1, 4, 7, 10, 13]
    assert deal.observation(0).turned == parse_cards("AC")[0]  # deck[15]
    assert deal.observation(0).trump == 1  # clubs
    assert deal.observation(0).stock_count == 0  # the other 16 are unused
    assert deal.records == [5, 5]
    run(deal, "p1 take")
    assert hand(deal, 0) == cards("9S QS 7C TC KC")  # the talon: deck[2, 5, 8, 11, 14]


def test_v2_non_dealer_takes_and_leads() -> None:
    """V2: the non-dealer may take the talon (his whole hand for it) and then leads."""
    deal = duel()
    assert deal.phase is Phase.TALON
    assert deal.to_move == 0
    assert legal(deal, 0) == {"take", "sell"}
    assert legal(deal, 1) == set()
    run(deal, "p1 take")
    assert hand(deal, 0) == cards(DUEL_TALON)
    assert hand(deal, 1) == cards(DUEL_HANDS[1])
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 0
    assert legal(deal, 0) == set(DUEL_TALON.split())


def test_v2_no_play_pass_or_exchange() -> None:
    """V2: the talon replaces E1–E4: play, pass, exchange are refused; the dealer waits."""
    deal = duel()
    refuse(deal, "p1 play", "V2")
    refuse(deal, "p1 pass", "V2")
    refuse(deal, "p1 exchange", "V2")
    refuse(deal, "p1 exchange 7S", "V2")
    refuse(deal, "p1 go", "V2")
    refuse(deal, "p1 keep", "V2")
    refuse(deal, "p2 take", "V2")  # not his turn: the non-dealer decides first


def test_v2_sell_then_dealer_takes_and_leads() -> None:
    """V2: after «Продаю» the dealer may take the talon; then he leads."""
    deal = duel()
    run(deal, "p1 sell")
    assert deal.to_move == 1
    assert legal(deal, 1) == {"take", "go"}
    refuse(deal, "p2 sell", "V2")
    refuse(deal, "p2 pass", "V2")
    run(deal, "p2 take")
    assert hand(deal, 1) == cards(DUEL_TALON)
    assert hand(deal, 0) == cards(DUEL_HANDS[0])
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 1
    assert legal(deal, 1) == set(DUEL_TALON.split())


def test_v2_sell_go_non_dealer_leads() -> None:
    """V2: after sell and «Ходи» nobody took the talon: the non-dealer leads."""
    deal = duel()
    run(deal, "p1 sell", "p2 go")
    assert hand(deal, 0) == cards(DUEL_HANDS[0])
    assert hand(deal, 1) == cards(DUEL_HANDS[1])
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 0
    assert legal(deal, 0) == set(DUEL_HANDS[0].split())


def test_v2_dealer_may_not_use_the_turned_trump() -> None:
    """V2: the dealer writes no swap or keep; the turned card stays out of play."""
    for lines in (("p1 take",), ("p1 sell", "p2 take"), ("p1 sell", "p2 go")):
        deal = duel()
        run(deal, *lines)
        assert deal.phase is Phase.PLAY
        assert not any(a.startswith("swap") or a == "keep" for a in legal(deal, 1))
        assert deal.observation(1).turned == parse_cards("7D")[0]
        refuse(deal, "p2 keep", {"V2", "P1", "E5"})
        refuse(deal, "p2 swap TH" if lines[-1] != "p2 take" else "p2 swap QS", {"V2", "P1", "E5"})


def test_v2_aces_worth_nothing() -> None:
    """V2: a trick with an ace in the hand writes off only 1 (start 5)."""
    deal = make_deal(
        "duel",
        2,
        dealer=1,
        hands={0: "AH 7S 8S 7C 8C", 1: "9H 9S TS 9C TC"},
        talon="QS KS QC KC JH",
        turned="7D",
    )
    run(deal, "p1 sell", "p2 go", "p1 AH", "p2 9H")
    assert deal.records == [4, 5]  # 5 - 1 - 0 (AH worth nothing)
    assert deal.winner is None
    assert deal.to_move == 0


def test_v2_four_aces_count_nothing_and_p4_holds() -> None:
    """V2: four aces count nothing; P4 still forces the trump ace."""
    deal = make_deal(
        "duel",
        2,
        dealer=1,
        hands={0: "AS AC AD AH 7H", 1: "9H 9S TS 9C TC"},
        talon="QS KS QC KC JH",
        turned="7D",
    )
    run(deal, "p1 sell", "p2 go")
    assert deal.phase is Phase.PLAY
    assert deal.records == [5, 5]
    assert deal.winner is None
    assert legal(deal, 0) == {"AD"}
    refuse(deal, "p1 AH", "P4")


def test_v2_p5_marriage_lead_holds() -> None:
    """V2: P5 holds: lead the trump K, and after it wins, the Q."""
    deal = make_deal(
        "duel",
        2,
        dealer=1,
        hands={0: "KD QD 7S 8S 7C", 1: "9H 9S TS 9C TC"},
        talon="QS KS QC KC JH",
        turned="7D",
    )
    run(deal, "p1 sell", "p2 go")
    assert legal(deal, 0) == {"KD"}
    refuse(deal, "p1 7S", "P5")
    run(deal, "p1 KD", "p2 9H")
    assert deal.records == [4, 5]
    assert legal(deal, 0) == {"QD"}
    refuse(deal, "p1 7C", "P5")


def test_v2_five_of_a_suit_written_before_play() -> None:
    """V2: rams are written before play as R2, then S6 ends the game at 0."""
    deal = make_deal(
        "duel",
        2,
        dealer=1,
        hands=DUEL_HANDS,
        talon="7C TC QC KC AC",
        turned="7D",
    )
    run(deal, "p1 sell", "p2 take")
    # R2: p2 5 - (5 + 0 for AC) = 0 -> wins (S6); p1 plays, so he adds 5: 10.
    assert deal.winner == 1
    assert deal.records == [10, 0]
    assert deal.tricks_taken == [0, 0]
    assert deal.phase is Phase.DONE


def test_v2_trump_rams_written_before_play() -> None:
    """V2: trump rams (10) are written before play; the winner's record may go below 0."""
    deal = make_deal(
        "duel",
        2,
        dealer=1,
        hands=DUEL_HANDS,
        talon="8D 9D TD QD KD",
        turned="7D",
    )
    run(deal, "p1 take")
    # R3: p1 5 - 10 = -5 -> wins; p2 5 + 10 = 15.
    assert deal.winner == 0
    assert deal.records == [-5, 15]
    assert deal.phase is Phase.DONE


def test_v2_jack_pair_given_up_for_the_talon_counts() -> None:
    """V2 (J2): a jack pair dealt to a player who takes the talon still writes off 5."""
    hands = {0: "JS JC 7H 8C 9S", 1: "8S TS 9C 8H TH"}
    deal = make_deal("duel", 2, dealer=1, hands=hands, talon=DUEL_TALON, turned="7D")
    run(deal, "p1 take")
    assert hand(deal, 0) == cards(DUEL_TALON)
    # 5 - 5 = 0: p1 wins before play (S6).
    assert deal.winner == 0
    assert deal.records == [0, 5]
    assert deal.phase is Phase.DONE


def test_v2_jacks_written_before_play_then_play_goes_on() -> None:
    """V2: a jack pair is written before play; above 0 the taker then leads."""
    hands = {0: "JS JC 7H 8C 9S", 1: "8S TS 9C 8H TH"}
    deal = make_deal(
        "duel", 2, dealer=1, hands=hands, talon=DUEL_TALON, turned="7D", records=[9, 9]
    )
    run(deal, "p1 take")
    assert deal.records == [4, 9]  # 9 - 5
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 0


# V3: the dealer must use the turned trump ---------------------------------------------------


def test_v3_dealer_swaps_after_non_dealer_takes() -> None:
    """V3: after the non-dealer takes the talon the dealer must swap; the taker leads."""
    deal = duel("duel-v3")
    run(deal, "p1 take")
    assert deal.phase is Phase.DEALER_TRUMP
    assert deal.to_move == 1
    assert legal(deal, 1) == {f"swap {c}" for c in DUEL_HANDS[1].split()}
    refuse(deal, "p2 keep", "E5")
    refuse(deal, "p1 QS", {"E5", "V3"})
    run(deal, "p2 swap 8S")
    assert hand(deal, 1) == cards("7D TS 9C 8H TH")
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 0


def test_v3_dealer_swaps_after_taking_the_talon() -> None:
    """V3: the dealer who took the talon swaps one of its cards, then leads."""
    deal = duel("duel-v3")
    run(deal, "p1 sell", "p2 take")
    assert deal.phase is Phase.DEALER_TRUMP
    assert legal(deal, 1) == {f"swap {c}" for c in DUEL_TALON.split()}
    refuse(deal, "p2 swap 8S", "E5")  # 8S went with his dealt hand
    run(deal, "p2 swap QS")
    assert hand(deal, 1) == cards("7D KS TC QC JH")
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 1


def test_v3_dealer_swaps_when_nobody_took_the_talon() -> None:
    """V3: after sell and go the dealer still swaps; the non-dealer leads."""
    deal = duel("duel-v3")
    run(deal, "p1 sell", "p2 go")
    assert deal.phase is Phase.DEALER_TRUMP
    assert deal.to_move == 1
    refuse(deal, "p2 keep", "E5")
    run(deal, "p2 swap TH")
    assert hand(deal, 1) == cards("7D 8S TS 9C 8H")
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 0


# V4: Даве ------------------------------------------------------------------------------------


def test_v4_dave_offered_before_own_action_and_accepted() -> None:
    """V4: `dave` precedes the offerer's action; the answer comes next; accept doubles."""
    deal = duel(dave=True)
    assert legal(deal, 0) == {"take", "sell", "dave"}
    assert legal(deal, 1) == set()
    refuse(deal, "p2 dave", {"V4", "V2"})  # only the seat to act may offer
    run(deal, "p1 dave")
    assert deal.stake == 1
    assert deal.to_move == 1
    assert legal(deal, 1) == {"accept", "concede"}
    assert legal(deal, 0) == set()
    refuse(deal, "p2 take", "V4")
    refuse(deal, "p2 go", "V4")
    refuse(deal, "p2 dave", "V4")
    refuse(deal, "p1 sell", "V4")
    run(deal, "p2 accept")
    assert deal.stake == 2
    # The offerer now makes his move; after the acceptance only p2 may offer.
    assert deal.to_move == 0
    assert legal(deal, 0) == {"take", "sell"}
    refuse(deal, "p1 dave", "V4")
    run(deal, "p1 sell")
    assert legal(deal, 1) == {"take", "go", "dave"}
    run(deal, "p2 dave", "p1 accept")
    assert deal.stake == 4
    assert deal.to_move == 1
    assert legal(deal, 1) == {"take", "go"}
    run(deal, "p2 go")
    # Play: p1 (the last acceptor) may offer before a card.
    assert legal(deal, 0) == set(DUEL_HANDS[0].split()) | {"dave"}


def test_v4_dave_before_the_v3_swap_and_before_a_card() -> None:
    """V4: Даве may be offered before the V3 swap and before playing a card."""
    deal = duel("duel-v3", dave=True)
    run(deal, "p1 take")
    assert legal(deal, 1) == {f"swap {c}" for c in DUEL_HANDS[1].split()} | {"dave"}
    run(deal, "p2 dave", "p1 accept")
    assert deal.stake == 2
    assert legal(deal, 1) == {f"swap {c}" for c in DUEL_HANDS[1].split()}
    run(deal, "p2 swap 8S")
    assert deal.to_move == 0
    assert legal(deal, 0) == set(DUEL_TALON.split()) | {"dave"}
    run(deal, "p1 dave", "p2 accept")
    assert deal.stake == 4
    assert legal(deal, 0) == set(DUEL_TALON.split())
    run(deal, "p1 QS")
    assert legal(deal, 1) == {"TS", "dave"}  # follow spades (TS only, 8S swapped out)


def test_v4_dave_off_by_default() -> None:
    """V4: without option `dave` the offer is refused."""
    deal = duel()
    assert "dave" not in legal(deal, 0)
    refuse(deal, "p1 dave", "V4")


def test_v4_concede_at_the_talon_wins_at_the_stake_before_doubling() -> None:
    """V4: on `concede` the offerer wins the game at the undoubled stake."""
    deck = deck_str("duel", 2, 1, DUEL_HANDS, turned="7D", talon=DUEL_TALON)
    game = loads(
        record({"preset": "duel", "dave": True}, 2, [(1, deck, ["p1 dave", "p2 concede"])])
    )
    summary = replay_summary(game.replay())
    assert summary["winner"] == 0
    assert summary["records"] == [5, 5]
    assert summary["payouts"] == [1, -1]  # stake 1, not 2


def test_v4_concede_during_play_reverts_the_conceder() -> None:
    """V4: a concession during play: the conceder goes back to his pre-play record."""
    hands = {0: "KH TS 8S QC 8C", 1: "AH 9S 7S 9C TC"}
    talon = "JS QS KS AS 7C"
    deal = make_deal("duel", 2, dealer=1, hands=hands, talon=talon, turned="7D", dave=True)
    # p2 offers at his talon turn, p1 accepts (stake 2, only p1 may offer from now on).
    run(deal, "p1 sell", "p2 dave", "p1 accept", "p2 go")
    # KH AH: p2 4; 9S TS: p1 4.
    run(deal, "p1 KH", "p2 AH", "p2 9S", "p1 TS")
    assert deal.records == [4, 4]
    assert legal(deal, 1) == set()
    run(deal, "p1 dave")
    assert legal(deal, 1) == {"accept", "concede"}
    run(deal, "p2 concede")
    assert deal.winner == 0
    assert deal.stake == 2
    # p2 goes back to his pre-play 5; the winner's record stays as computed.
    assert deal.records == [4, 5]
    # The same game as a record: settled for 2 units (the stake before the last doubling).
    deck = deck_str("duel", 2, 1, hands, turned="7D", talon=talon)
    actions = ["p1 sell", "p2 dave", "p1 accept", "p2 go", "p1 KH", "p2 AH", "p2 9S", "p1 TS"]
    rec = record(
        {"preset": "duel", "dave": True}, 2, [(1, deck, [*actions, "p1 dave", "p2 concede"])]
    )
    summary = replay_summary(loads(rec).replay())
    assert summary["winner"] == 0
    assert summary["records"] == [4, 5]
    assert summary["payouts"] == [2, -2]


DAVE_DEAL_1 = [
    "p1 dave",
    "p2 accept",
    "p1 sell",
    "p2 go",
    "p1 AH",
    "p2 9H",
    "p1 KH",
    "p2 TH",
    "p1 QH",
    "p2 9C",
    "p1 7S",
    "p2 9S",
    "p2 TS",
    "p1 8S",
]


def _dave_deck_1() -> str:
    return deck_str(
        "duel",
        2,
        1,
        {0: "AH KH QH 7S 8S", 1: "9H TH 9S TS 9C"},
        turned="7D",
        talon="7C 8C TC JC QC",
    )


def test_v4_only_the_acceptor_may_offer_in_later_deals() -> None:
    """V4: after an acceptance only the acceptor may offer, across the deals of the game."""
    rules = {"preset": "duel", "dave": True}
    deck2 = cards_str(pack(32))
    # Deal 1: p1 offers, p2 accepts; p1 takes AH KH QH (5 -> 2), p2 9S TS (5 -> 3).
    game = loads(record(rules, 2, [(1, _dave_deck_1(), DAVE_DEAL_1)])).replay()
    assert replay_summary(game)["records"] == [2, 3]
    assert game.winner is None
    assert game.stake == 2
    game.start_deal(parse_cards(deck2), 0)
    assert {str(a) for a in game.legal_actions(1)} == {"take", "sell", "dave"}
    # The same in a record: p1 may not offer in deal 2.
    bad = record(rules, 2, [(1, _dave_deck_1(), DAVE_DEAL_1), (0, deck2, ["p2 sell", "p1 dave"])])
    with pytest.raises(RecordError) as info:
        loads(bad).replay()
    assert info.value.deal == 2
    assert info.value.action == 2
    assert info.value.reason.startswith("V4")


def test_v4_acceptor_offers_again_in_a_later_deal() -> None:
    """V4: the acceptor of deal 1 offers in deal 2; once accepted, the right passes back."""
    rules = {"preset": "duel", "dave": True}
    game = loads(record(rules, 2, [(1, _dave_deck_1(), DAVE_DEAL_1)])).replay()
    deal = game.start_deal(list(pack(32)), 0)
    run(deal, "p2 dave", "p1 accept")
    assert game.stake == 4
    assert {str(a) for a in deal.legal_actions(1)} == {"take", "sell"}
    run(deal, "p2 sell")
    assert {str(a) for a in deal.legal_actions(0)} == {"take", "go", "dave"}


def test_v4_dave_needs_talon_and_stake() -> None:
    """V4: option `dave` needs `talon` and `payout = "stake"`: a RulesError names them."""
    with pytest.raises(RulesError) as info:
        Rules.preset("classic", 3, dave=True)
    assert set(info.value.options) == {"dave", "talon"}
    assert "dave" in str(info.value) and "talon" in str(info.value)
    with pytest.raises(RulesError) as info:
        Rules.preset("duel", 2, dave=True, payout="remaining")
    assert set(info.value.options) == {"dave", "payout"}
    assert "dave" in str(info.value) and "payout" in str(info.value)
    with pytest.raises(RulesError) as info:
        Rules.preset("rozaliev", 3, dave=True)
    assert "dave" in info.value.options
    assert Rules.preset("duel", 2, dave=True).dave is True
    assert Rules.preset("duel-v3", 2, dave=True).dave is True


# Z1: Rozaliev §53 ----------------------------------------------------------------------------


def test_z1_players_and_packs() -> None:
    """Z1: 3–7 players; 32 cards for 3, 52 from 4 players; dealt one card at a time."""
    assert Rules.preset("rozaliev", 3).pack_size == 32
    assert Rules.preset("rozaliev", 4).pack_size == 52
    assert Rules.preset("rozaliev", 7).pack_size == 52
    for players in (2, 8):
        with pytest.raises(RulesError):
            Rules.preset("rozaliev", players)
    layout = deck_layout(Rules.preset("rozaliev", 4), 3)
    assert layout == [0, 1, 2, 3] * 5 + ["turned"] + ["stock"] * 31
    assert deck_layout(Rules.preset("rozaliev", 3), 2)[:16] == [0, 1, 2] * 5 + ["turned"]


def test_z1_p4_trump_ace_must_be_led() -> None:
    """Z1: P4 holds: the player on lead with the trump ace must lead it."""
    deal = make_deal(
        "rozaliev",
        3,
        dealer=2,
        hands={0: "AD KD 7S 8S 7C", 1: "8D 9S TS 8C 9C", 2: "TC 7H 8H 9H TH"},
        turned="7D",
    )
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    assert "keep" in legal(deal, 2)  # the dealer's swap is optional
    run(deal, "p3 keep")
    assert legal(deal, 0) == {"AD"}
    refuse(deal, "p1 7S", "P4")


def test_z1_p5_off_p6_on_and_scoring() -> None:
    """Z1: no marriage lead (P5), the ace covers a face card (P6), S3–S4 values."""
    deal = make_deal(
        "rozaliev",
        3,
        dealer=2,
        hands={0: "KD QD 7S 8S 9C", 1: "AD 8D 9S TS 8C", 2: "AH 7H 8H 9H 7C"},
        turned="7D",
    )
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(deal, "p3 keep")
    # P5 does not hold: any lead from KD QD 7S 8S 9C.
    assert legal(deal, 0) == {"KD", "QD", "7S", "8S", "9C"}
    run(deal, "p1 KD")
    # P6: the trump K is winning; p2 must cover it with the trump ace.
    assert legal(deal, 1) == {"AD"}
    refuse(deal, "p2 8D", "P6")
    run(deal, "p2 AD", "p3 7H")
    # p2's first trick: 100 - 1 - 15 (AD) = 84.
    assert deal.records == [100, 84, 100]
    run(deal, "p2 9S", "p3 8H", "p1 8S")  # p2 83
    run(deal, "p2 TS", "p3 9H", "p1 7S")  # p2 82
    run(deal, "p2 8C", "p3 7C", "p1 9C")  # p1 99 (no ace)
    run(deal, "p1 QD", "p2 8D", "p3 AH")  # p1 98
    # p3 took no trick: remise 100 + 5 + 20 (AH) = 125.
    assert deal.records == [98, 82, 125]
    assert deal.phase is Phase.DONE


def test_z1_no_trump_rams_five_trumps_score_as_r2() -> None:
    """Z1: no trump rams: five trumps are R2, 5 plus the trump ace."""
    deal = make_deal(
        "rozaliev",
        3,
        dealer=2,
        hands={0: "8D 9D TD QD AD", 1: "7S 8S 9S 7C 8C", 2: "TS QS TC QC 7H"},
        turned="7D",
    )
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(deal, "p3 keep")
    # p1: 100 - (5 + 15) = 80; p2, p3: 100 + 5 = 105.
    assert deal.records == [80, 105, 105]
    assert deal.phase is Phase.DONE


def test_z1_no_jacks() -> None:
    """Z1: `rozaliev` counts no jacks: a pair and four jacks write nothing off."""
    for jacks in ("JS JC 7H 8H 9C", "JS JC JD JH 7H"):
        deal = make_deal(
            "rozaliev",
            3,
            dealer=2,
            hands={0: jacks, 1: "7S 8S 9S 7C 8C", 2: "TS QS TC QC 8D"},
            turned="7D",
        )
        run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
        run(deal, "p3 keep")
        assert deal.phase is Phase.PLAY
        assert deal.records == [100, 100, 100]


def test_z1_four_aces_win_and_winner_takes_remaining() -> None:
    """Z1: 52 cards for 4; four aces win at once; the winner receives the others' records."""
    hands = {
        0: "AS AC AD AH 2S",
        1: "3S 4S 5C 6C 7D",
        2: "2C 3C 4D 5D 6H",
        3: "2D 3D 2H 3H 4H",
    }
    deck = deck_str("rozaliev", 4, 3, hands, turned="KH")
    actions = [
        "p1 play",
        "p2 play",
        "p3 pass",
        "p4 play",
        "p1 exchange",
        "p2 exchange",
        "p4 exchange",
        "p4 keep",
    ]
    game = loads(record("rozaliev", 4, [(3, deck, actions)])).replay()
    summary = replay_summary(game)
    assert summary["winner"] == 0
    assert summary["records"] == [0, 100, 100, 100]
    assert summary["payouts"] == [300, -100, -100, -100]


# Z2: Rozaliev's jacks variant -----------------------------------------------------------------

Z2_OTHERS = {1: "7S 8S 9S 7C 8C", 2: "TS QS TC QC 8D"}


@pytest.mark.parametrize(
    ("jacks", "expected"),
    [
        ("JS JC 7H 8H 9C", 95),  # black pair: 100 - 5
        ("JD JH 7H 8H 9C", 95),  # red pair: 100 - 5
        ("JS JH 7H 8H 9C", 100),  # косые: nothing
        ("JS JC JD 7H 8H", 95),  # three jacks hold a pair: 5
        ("JS JC JD JH 7H", 90),  # four jacks: 100 - 10
    ],
)
def test_z2_jacks_count(jacks: str, expected: int) -> None:
    """Z2: `rozaliev-jacks` writes jacks off as J1 (5 a pair, 10 all four), before play."""
    deal = make_deal("rozaliev-jacks", 3, dealer=2, hands={0: jacks, **Z2_OTHERS}, turned="7D")
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(deal, "p3 keep")
    assert deal.phase is Phase.PLAY
    assert deal.records == [expected, 100, 100]


def test_z2_pair_at_5_or_less_ends_the_game_even_passing() -> None:
    """Z2: a player at 5 or less with a jack pair ends the game, whether he plays or not."""
    deal = make_deal(
        "rozaliev-jacks",
        3,
        dealer=2,
        hands={0: "JS JC 7H 8H 9C", **Z2_OTHERS},
        turned="7D",
        records=[5, 50, 60],
    )
    run(deal, "p1 pass", "p2 play", "p3 play", "p2 exchange", "p3 exchange", "p3 keep")
    assert deal.winner == 0
    assert deal.records == [0, 50, 60]  # 5 - 5
    assert deal.phase is Phase.DONE
    # The winner receives the others' remaining records (Z1, S8).
    rules = Rules.preset("rozaliev-jacks", 3)
    assert settlement(rules, deal.records, 0, 1) == [110, -50, -60]


def test_z2_pair_above_5_does_not_end_the_game() -> None:
    """Z2: at 6 a pair writes off 5, leaving 1: the deal goes on."""
    deal = make_deal(
        "rozaliev-jacks",
        3,
        dealer=2,
        hands={0: "JS JC 7H 8H 9C", **Z2_OTHERS},
        turned="7D",
        records=[6, 50, 60],
    )
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(deal, "p3 keep")
    assert deal.winner is None
    assert deal.records == [1, 50, 60]
    assert deal.phase is Phase.PLAY


def test_z2_rozaliev_without_jacks_variant_ignores_the_pair() -> None:
    """Z2 against Z1: the same pair at 5 in plain `rozaliev` writes nothing."""
    deal = make_deal(
        "rozaliev",
        3,
        dealer=2,
        hands={0: "JS JC 7H 8H 9C", **Z2_OTHERS},
        turned="7D",
        records=[5, 50, 60],
    )
    run(deal, "p1 pass", "p2 play", "p3 play", "p2 exchange", "p3 exchange", "p3 keep")
    assert deal.winner is None
    assert deal.records == [5, 50, 60]
    assert deal.phase is Phase.PLAY


def test_v4_nothing_comes_between_dave_and_its_answer_not_even_a_claim() -> None:
    """V4, S7: between `dave` and `accept`/`concede` no action may come, a claim included.

    Overshoot on, p1 at 0 (he may claim at any moment, S7). p1 sells, p2 offers Даве: while
    it waits for p1's answer, p1's claim is refused and not offered; once he has accepted,
    he may claim again.
    """
    deal = make_deal("duel", 2, dealer=1, records=[0, 3], dave=True, overshoot="restart")
    assert "claim" in legal(deal, 0)
    run(deal, "p1 sell", "p2 dave")
    assert legal(deal, 0) == {"accept", "concede"}
    refuse(deal, "p1 claim", "V4")
    assert deal.dave_pending == 1 and deal.winner is None
    run(deal, "p1 accept")
    assert deal.stake == 2
    assert "claim" in legal(deal, 0)
    # The fast core agrees: no claim id while the answer is owed.
    from rams.fast.deal import FastDeal

    fast = FastDeal(deal.rules, 1, deal.deck, [0, 3])
    for line in ("p1 sell", "p2 dave"):
        fast.apply_id(deal.action_id(parse_line(line)[1]), int(line[1]) - 1)
    assert sorted(fast.legal_action_ids(0)) == [143, 144]  # accept, concede
