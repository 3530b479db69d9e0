"""RULES §3 (E1–E7) and X1–X3: the play/pass round, the exchange, the dealer's turned trump.

Expected values are worked out by hand from RULES.md; the arithmetic is in the comments.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from rams.cards import cards_str, pack
from rams.errors import RecordError
from rams.games.rams.actions import KEEP, PASS, PLAY_IN, Action, Exchange, Play, Swap
from rams.games.rams.deal import Deal, Phase, arrange_deck
from rams.games.rams.events import EventKind
from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import Rules
from rams.record import loads, replay_summary
from tests import util
from tests.util import c, clause_ids, cs, deck_str, hand_str, make_deal, record_text, run

# The base table: classic, three seats, dealer p3 (seat 2), trump ♦ (9D turned). No hand holds an
# ace, a jack pair or five of a suit, so every call is free but for E3.
BASE_HANDS = {0: "7S 8S 9S 7C 8C", 1: "TS JS 9C TC 7D", 2: "QS KS JC QC 8D"}
BASE_TURNED = "9D"
# What is left, in pack order: AS; KC AC; TD JD QD KD AD; all eight hearts = 16 = 32 - 15 - 1.
BASE_STOCK = "AS KC AC TD JD QD KD AD 7H 8H 9H TH JH QH KH AH"

# Four seats, dealer p2 (seat 1): p3, p4, p1 speak in that order, p2 last. Trump ♥ (8H turned).
FOUR_HANDS = {
    2: "7S 8S 7C 8C 7D",
    3: "9S TS 9C TC 8D",
    0: "JS QS JC QC 9D",
    1: "KS KC TD JD 7H",
}
FOUR_TURNED = "8H"
# Left over, in pack order: AS; AC; QD KD AD; 9H … AH = 11 = 32 - 20 - 1.
FOUR_STOCK = "AS AC QD KD AD 9H TH JH QH KH AH"


def base(**overrides: Any) -> Deal:
    return make_deal(
        "classic", 3, dealer=2, hands=BASE_HANDS, turned=BASE_TURNED, stock=BASE_STOCK, **overrides
    )


def four() -> Deal:
    return make_deal("classic", 4, dealer=1, hands=FOUR_HANDS, turned=FOUR_TURNED, stock=FOUR_STOCK)


def legal(deal: Deal, seat: int | None = None) -> set[Action]:
    return set(deal.legal_actions(seat))


# A refusal here may name several clauses ("E4, X1"): it passes when it names one expected.
refuse = partial(util.refuse, any_named=True)


def swaps(hand: str) -> set[Action]:
    return {Swap(x) for x in cs(hand)}


def base_record(
    actions: list[str],
    rules: Any = "classic",
    hands: dict[int, str] = BASE_HANDS,
    turned: str = BASE_TURNED,
    stock: str = BASE_STOCK,
) -> str:
    preset = rules if isinstance(rules, str) else rules["preset"]
    deck = deck_str(preset, 3, 2, hands, turned, stock)
    return record_text(rules, 3, [{"dealer": 3, "deck": deck, "actions": actions}])


def record_error(text: str, deal: int, action: int, clause: str | tuple[str, ...]) -> str:
    """Replay ``text``: it must fail with ``deal D, action A: CLAUSE: …``; returns the message."""
    with pytest.raises(RecordError) as info:
        loads(text).replay()
    message = str(info.value)
    prefix = f"deal {deal}, action {action}: "
    assert message.startswith(prefix), message
    named = message[len(prefix) :].split(": ", 1)[0]
    allowed = (clause,) if isinstance(clause, str) else clause
    assert set(clause_ids(named)) & set(allowed), message
    assert (info.value.deal, info.value.action) == (deal, action)
    return message


# E1 ---------------------------------------------------------------------------------


def test_e1_play_or_pass_from_dealers_left_dealer_last() -> None:
    """E1: from the dealer's left, dealer last, each player says play or pass."""
    deal = four()
    assert deal.phase is Phase.DECLARE
    # Dealer p2 (seat 1): the order is p3, p4, p1, then p2.
    assert deal.to_move == 2
    assert legal(deal) == {PLAY_IN, PASS}
    assert [deal.legal_actions(s) for s in (0, 1, 3)] == [[], [], []]
    refuse(deal, "p1 play", "E1")  # out of turn
    refuse(deal, "p2 pass", "E1")  # the dealer speaks last
    refuse(deal, "p3 exchange", "E1")  # only play or pass now
    refuse(deal, "p3 keep", "E1")
    run(deal, "p3 play")
    assert deal.to_move == 3
    run(deal, "p4 pass")
    assert deal.to_move == 0
    run(deal, "p1 play")
    assert deal.to_move == 1
    assert legal(deal) == {PLAY_IN, PASS}
    run(deal, "p2 play")
    assert deal.calls == ["play", "play", "play", "pass"]
    assert deal.active == [2, 0, 1]
    assert deal.phase is Phase.EXCHANGE
    assert deal.to_move == 2


def test_e1_pass_throws_the_hand_in() -> None:
    """E1: a player who passes takes no further part in the deal: no exchange, no card."""
    deal = four()
    run(deal, "p3 play", "p4 pass", "p1 play", "p2 play")
    assert deal.legal_actions(3) == []
    run(deal, "p3 exchange")
    assert deal.to_move == 0  # p4 is skipped
    refuse(deal, "p4 exchange", ("E4", "E1", "X1"))
    run(deal, "p1 exchange", "p2 exchange", "p2 keep")
    assert deal.phase is Phase.PLAY
    # p3 leads (first active seat from the dealer's left); trump ♥, p3 holds no heart.
    assert deal.to_move == 2
    run(deal, "p3 7S")
    assert deal.to_move == 0  # p4 passed: p1 plays next
    refuse(deal, "p4 9S", ("P1", "E1"))
    assert legal(deal) == {Play(c("JS")), Play(c("QS"))}  # p1 follows spades
    run(deal, "p1 QS")
    assert legal(deal) == {Play(c("KS"))}
    run(deal, "p2 KS")
    # Three cards make the trick; KS is the highest spade, no trump: p2 takes it.
    assert deal.completed == [((2, c("7S")), (0, c("QS")), (1, c("KS")))]
    assert deal.tricks_taken == [0, 1, 0, 0]
    assert deal.to_move == 1
    assert hand_str(deal, 3) == "9S TS 9C TC 8D"  # the passer's hand is untouched
    assert deal.legal_actions(3) == []


def test_e1_record_out_of_turn_call() -> None:
    """E1: a record whose first call is not by the dealer's left is rejected at that action."""
    record_error(base_record(["p2 play"]), 1, 1, "E1")
    record_error(base_record(["p1 play", "p3 play"]), 1, 2, "E1")


# E2 ---------------------------------------------------------------------------------

# As BASE_HANDS, but p1 is dealt AS instead of 7S (7S goes to the top of the stock).
ACE_HANDS = {0: "AS 8S 9S 7C 8C", 1: BASE_HANDS[1], 2: BASE_HANDS[2]}
ACE_STOCK = "7S KC AC TD JD QD KD AD 7H 8H 9H TH JH QH KH AH"


def test_e2_dealt_ace_forbids_passing() -> None:
    """E2: a player dealt any ace may not pass."""
    deal = make_deal("classic", 3, dealer=2, hands=ACE_HANDS, turned="9D", stock=ACE_STOCK)
    assert deal.legal_actions() == [PLAY_IN]
    err = refuse(deal, "p1 pass", "E2")
    assert err.clause == "E2"
    run(deal, "p1 play")
    assert deal.to_move == 1
    assert legal(deal) == {PLAY_IN, PASS}  # p2 holds no ace


def test_e2_ace_may_be_discarded() -> None:
    """E2: the ace forbids passing, yet its holder may discard it in the exchange."""
    deal = make_deal("classic", 3, dealer=2, hands=ACE_HANDS, turned="9D", stock=ACE_STOCK)
    run(deal, "p1 play", "p2 pass", "p3 play")
    assert Exchange((c("AS"),)) in legal(deal)
    run(deal, "p1 exchange AS")  # draws the stock's top card, 7S
    assert hand_str(deal, 0) == "7S 8S 9S 7C 8C"


def test_e2_dealer_with_dealt_ace_may_not_pass() -> None:
    """E2: the dealer too: two played before him, but his dealt AC forbids the pass."""
    hands = {0: BASE_HANDS[0], 1: BASE_HANDS[1], 2: "QS KS AC QC 8D"}
    stock = "AS JC KC TD JD QD KD AD 7H 8H 9H TH JH QH KH AH"
    deal = make_deal("classic", 3, dealer=2, hands=hands, turned="9D", stock=stock)
    run(deal, "p1 play", "p2 play")
    assert deal.legal_actions() == [PLAY_IN]
    refuse(deal, "p3 pass", "E2")


def test_e2_holds_when_aces_are_worth_nothing() -> None:
    """E2, V1: in rams-001-v1 every ace is worth 0, yet a dealt ace still forbids passing."""
    deal = make_deal("rams-001-v1", 3, dealer=2, hands=ACE_HANDS, turned="9D", stock=ACE_STOCK)
    assert deal.legal_actions() == [PLAY_IN]
    refuse(deal, "p1 pass", "E2")


def test_e2_option_ace_forbids_pass_off() -> None:
    """E2: with ace_forbids_pass = false a player dealt an ace may pass."""
    deal = make_deal(
        "classic",
        3,
        dealer=2,
        hands=ACE_HANDS,
        turned="9D",
        stock=ACE_STOCK,
        ace_forbids_pass=False,
    )
    assert legal(deal) == {PLAY_IN, PASS}
    run(deal, "p1 pass")
    assert deal.calls[0] == "pass"


def test_e2_record_pass_with_ace() -> None:
    """E2: a record in which a player dealt an ace passes is rejected at that action."""
    text = base_record(["p1 pass"], hands=ACE_HANDS, stock=ACE_STOCK)
    message = record_error(text, 1, 1, "E2")
    assert message.startswith("deal 1, action 1: E2")


# X2 ---------------------------------------------------------------------------------


def test_x2_turned_ace_is_not_in_the_dealers_dealt_hand() -> None:
    """X2, E2: a turned ace is not the dealer's dealt card: it does not forbid his pass."""
    # BASE_HANDS with AH turned: the stock is AS KC AC 9D TD JD QD KD AD 7H 8H … KH (16).
    stock = "AS KC AC 9D TD JD QD KD AD 7H 8H 9H TH JH QH KH"
    deal = make_deal("classic", 3, dealer=2, hands=BASE_HANDS, turned="AH", stock=stock)
    run(deal, "p1 play", "p2 play")
    assert legal(deal) == {PLAY_IN, PASS}
    run(deal, "p3 pass")
    assert deal.active == [0, 1]


def test_x2_turned_card_is_not_in_the_stock() -> None:
    """X2, D3: the turned card is never drawn: the stock is the 16 cards after it."""
    stock = "AS KC AC 9D TD JD QD KD AD 7H 8H 9H TH JH QH KH"
    deal = make_deal("classic", 3, dealer=2, hands=BASE_HANDS, turned="AH", stock=stock)
    assert deal.stock_count == 16
    run(deal, "p1 play", "p2 play", "p3 pass")
    run(deal, "p1 exchange 7S 8S 9S 7C 8C")  # draws AS KC AC 9D TD
    run(deal, "p2 exchange TS JS 9C TC 7D")  # draws JD QD KD AD 7H
    assert hand_str(deal, 0) == "AS KC AC 9D TD"
    assert hand_str(deal, 1) == "JD QD KD AD 7H"
    # 16 - 10 = 6 left, AH not among them; the dealer passed, so AH stays turned (E5).
    assert cards_str(deal.stock[deal.stock_pos :]) == "8H 9H TH JH QH KH"
    assert deal.turned == c("AH")
    assert deal.phase is Phase.PLAY
    assert all(c("AH") not in deal.hand(s) for s in range(3))


# Dealer p3 holds JS; the turned card is JC.
JACK_HANDS = {0: "7S 8S 9S 7C 8C", 1: "TS 9C TC 7D 8D", 2: "JS QS KS QC 9D"}
JACK_STOCK = "AS KC AC TD JD QD KD AD 7H 8H 9H TH JH QH KH AH"


def test_x2_turned_jack_counts_only_once_taken() -> None:
    """X2, J2: the turned jack is not in the dealer's dealt hand; taken by the swap, it is in
    his final hand and completes a pair."""
    kept = make_deal("classic", 3, dealer=2, hands=JACK_HANDS, turned="JC", stock=JACK_STOCK)
    run(kept, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(kept, "p3 keep")
    # Dealt JS alone, final JS alone: no pair, nothing written.
    assert kept.records == [100, 100, 100]
    assert kept.phase is Phase.PLAY
    swapped = make_deal("classic", 3, dealer=2, hands=JACK_HANDS, turned="JC", stock=JACK_STOCK)
    run(swapped, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(swapped, "p3 swap 9D")
    # Final JS QS KS JC QC: the black pair JS JC writes off 5 (J1): 100 - 5 = 95.
    assert hand_str(swapped, 2) == "JS QS KS JC QC"
    assert swapped.records == [100, 100, 95]
    jacks = [e for e in swapped.events if e.kind is EventKind.JACKS]
    assert [(e.seat, e.cards, e.delta) for e in jacks] == [(2, (c("JS"), c("JC")), -5)]


def test_x2_turned_ace_taken_completes_four_aces() -> None:
    """X2, R1: the turned ace taken by the swap belongs to the final hand: four aces win."""
    hands = {0: BASE_HANDS[0], 1: BASE_HANDS[1], 2: "AS AC AD QS 8D"}
    stock = "KS JC QC KC 9D TD JD QD KD 7H 8H 9H TH JH QH KH"
    deal = make_deal("classic", 3, dealer=2, hands=hands, turned="AH", stock=stock)
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    kept = make_deal("classic", 3, dealer=2, hands=hands, turned="AH", stock=stock)
    run(kept, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(kept, "p3 keep")
    # Three aces and the turned AH left on the table: no rams, play begins.
    assert kept.winner is None and kept.phase is Phase.PLAY
    run(deal, "p3 swap QS")
    # AS AC AD AH 8D: four aces, the holder's record goes to 0 and he wins at once (R1, X4).
    assert deal.winner == 2
    assert deal.records == [100, 100, 0]
    assert deal.is_over


# E3 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("calls", [("p1 play", "p2 pass"), ("p1 pass", "p2 play")])
def test_e3_one_before_dealer_plays_dealer_must_play(calls: tuple[str, str]) -> None:
    """E3: if exactly one player before the dealer plays, the dealer must play."""
    deal = base()
    run(deal, *calls)
    assert deal.to_move == 2
    assert deal.legal_actions() == [PLAY_IN]
    err = refuse(deal, "p3 pass", "E3")
    assert err.clause == "E3"
    run(deal, "p3 play")
    assert deal.phase is Phase.EXCHANGE
    player = 0 if calls[0] == "p1 play" else 1
    assert deal.active == [player, 2]
    assert deal.to_move == player


def test_e3_one_of_three_before_dealer_plays() -> None:
    """E3: four seats, only p4 plays before the dealer p2: p2 must play."""
    deal = four()
    run(deal, "p3 pass", "p4 play", "p1 pass")
    assert deal.legal_actions() == [PLAY_IN]
    refuse(deal, "p2 pass", "E3")
    run(deal, "p2 play")
    assert deal.active == [3, 1]


def test_e3_two_before_dealer_play_dealer_may_pass() -> None:
    """E3: with two players in, the dealer (holding no ace) may pass."""
    deal = base()
    run(deal, "p1 play", "p2 play")
    assert legal(deal) == {PLAY_IN, PASS}
    run(deal, "p3 pass")
    assert deal.active == [0, 1]
    assert deal.phase is Phase.EXCHANGE
    assert deal.to_move == 0


def test_e3_nobody_before_dealer_plays_deal_is_void() -> None:
    """E3: if nobody before the dealer plays, the deal is void and scores nothing."""
    deal = base()
    run(deal, "p1 pass", "p2 pass")
    assert deal.void
    assert deal.is_over and deal.phase is Phase.DONE
    assert deal.to_move is None
    assert deal.winner is None
    assert deal.records == [100, 100, 100]
    assert [deal.legal_actions(s) for s in range(3)] == [[], [], []]


def test_e3_void_with_four_players() -> None:
    """E3: four seats, p3, p4 and p1 pass: void before the dealer p2 speaks."""
    deal = four()
    run(deal, "p3 pass", "p4 pass", "p1 pass")
    assert deal.void and deal.is_over
    # p1's dealt JS JC (a black pair) are not written: the deal is void (X3).
    assert deal.records == [100, 100, 100, 100]


def test_e3_void_deal_next_dealer_deals() -> None:
    """E3, D4: after a void deal the next dealer deals."""
    rules = Rules.preset("classic", 3)
    game = RamsMatch(rules, first_dealer=2)
    deck = arrange_deck(rules, 2, dict(BASE_HANDS), BASE_TURNED, BASE_STOCK)
    deal = game.start_deal(deck)
    run(deal, "p1 pass", "p2 pass")
    assert game.needs_deal
    assert game.next_dealer == 0
    nxt = game.start_deal(list(pack(32)))
    assert nxt.dealer == 0 and nxt.to_move == 1


def test_e3_record_dealer_passes_after_one_player() -> None:
    """E3: a record in which the dealer passes after a single player is rejected there."""
    record_error(base_record(["p1 play", "p2 pass", "p3 pass"]), 1, 3, "E3")


# X3 ---------------------------------------------------------------------------------

# p2 (seat 1) holds the red jack pair JD JH; nobody holds an ace.
JACKS_PASS_HANDS = {0: "7S 8S 9S 7C 8C", 1: "JD JH 9C TC 7D", 2: "QS KS JC QC 8D"}
# Left over in pack order: TS JS AS; KC AC; TD QD KD AD; 7H 8H 9H TH QH KH AH = 16.
JACKS_PASS_STOCK = "TS JS AS KC AC TD QD KD AD 7H 8H 9H TH QH KH AH"


def test_x3_void_deal_dealer_writes_nothing_no_jacks() -> None:
    """X3: when all before the dealer pass, the deal ends at once: no dealer action, no jacks."""
    deal = make_deal(
        "classic", 3, dealer=2, hands=JACKS_PASS_HANDS, turned="9D", stock=JACKS_PASS_STOCK
    )
    run(deal, "p1 pass", "p2 pass")
    assert deal.is_over and deal.void
    assert deal.legal_actions(2) == []
    refuse(deal, "p3 play", ("X3", "E3", "X9"))
    refuse(deal, "p3 pass", ("X3", "E3", "X9"))
    # p2's JD JH would write off 5, but a void deal scores nothing, jacks included.
    assert deal.records == [100, 100, 100]
    assert not [e for e in deal.events if e.kind is EventKind.JACKS]
    assert [(s, str(a)) for s, a in deal.actions] == [(0, "pass"), (1, "pass")]


def test_x3_record_void_deal() -> None:
    """X3: the record of a void deal holds the two passes only; a dealer action is an error."""
    actions = ["p1 pass", "p2 pass"]
    text = base_record(actions, hands=JACKS_PASS_HANDS, stock=JACKS_PASS_STOCK)
    game = loads(text).replay()
    assert replay_summary(game) == {
        "deals": [{"records": [100, 100, 100]}],
        "winner": None,
        "records": [100, 100, 100],
        "payouts": [0, 0, 0],
    }
    assert game.next_dealer == 0
    for extra in ("p3 play", "p3 pass", "p3 keep"):
        text = base_record([*actions, extra], hands=JACKS_PASS_HANDS, stock=JACKS_PASS_STOCK)
        record_error(text, 1, 3, ("X3", "E3", "X9"))


# E4 ---------------------------------------------------------------------------------


def test_e4_exchange_in_order_drawing_from_the_top() -> None:
    """E4: in the play/pass order, each player who plays discards, then draws as many from the
    top of the stock."""
    deal = four()
    run(deal, "p3 play", "p4 pass", "p1 play", "p2 play")
    assert deal.to_move == 2
    refuse(deal, "p1 exchange JS", "E4")  # p3 first
    refuse(deal, "p2 exchange", "E4")
    # Stock top first: AS AC QD KD AD 9H TH JH QH KH AH.
    run(deal, "p3 exchange 7S")  # draws AS
    assert hand_str(deal, 2) == "8S AS 7C 8C 7D"
    assert deal.to_move == 0
    run(deal, "p1 exchange QS JS")  # draws AC QD
    assert hand_str(deal, 0) == "JC QC AC 9D QD"
    assert deal.to_move == 1
    run(deal, "p2 exchange 7H")  # draws KD
    assert hand_str(deal, 1) == "KS KC TD JD KD"
    assert deal.phase is Phase.DEALER_TRUMP
    assert deal.stock_count == 11 - 1 - 2 - 1 == 7
    assert cards_str(deal.stock[deal.stock_pos :]) == "AD 9H TH JH QH KH AH"
    assert deal.observation(3).exchanged == (2, 1, 1, None)


def test_e4_standing_pat() -> None:
    """E4: discarding nothing is standing pat: the hand and the stock stay as they are."""
    deal = base()
    run(deal, "p1 play", "p2 play", "p3 play")
    assert Exchange(()) in legal(deal)
    run(deal, "p1 exchange")
    assert hand_str(deal, 0) == "7S 8S 9S 7C 8C"
    assert deal.stock_count == 16
    assert deal.observation(1).exchanged[0] == 0
    run(deal, "p2 exchange 7D")  # the top card is still AS
    assert hand_str(deal, 1) == "TS JS AS 9C TC"


def test_e4_any_number_up_to_five() -> None:
    """E4: any number of cards, 0 to 5 (max_exchange 5): all 2^5 = 32 subsets of the hand."""
    deal = base()
    run(deal, "p1 play", "p2 play", "p3 play")
    actions = deal.legal_actions()
    assert all(isinstance(a, Exchange) for a in actions)
    assert len(actions) == len(set(actions)) == 32
    run(deal, "p1 exchange 7S 8S 9S 7C 8C")  # draws AS KC AC TD JD
    assert hand_str(deal, 0) == "AS KC AC TD JD"


def test_e4_max_exchange_option() -> None:
    """E4: option max_exchange caps the cards one player may exchange."""
    deal = base(max_exchange=2)
    run(deal, "p1 play", "p2 play", "p3 play")
    # Subsets of at most 2 of 5 cards: 1 + 5 + 10 = 16.
    actions = deal.legal_actions()
    assert len(set(actions)) == 16
    assert all(isinstance(a, Exchange) and len(a.cards) <= 2 for a in actions)
    refuse(deal, "p1 exchange 7S 8S 9S", "E4")
    run(deal, "p1 exchange 7S 8S")
    assert hand_str(deal, 0) == "9S AS 7C 8C KC"
    zero = base(max_exchange=0)
    run(zero, "p1 play", "p2 play", "p3 play")
    assert zero.legal_actions() == [Exchange(())]
    refuse(zero, "p1 exchange 7S", "E4")


def test_e4_cannot_discard_a_card_not_held() -> None:
    """E4: the discards must come from the player's hand."""
    deal = base()
    run(deal, "p1 play", "p2 play", "p3 play")
    refuse(deal, "p1 exchange AS", "E4")
    refuse(deal, "p1 exchange 7S TS", "E4")


# Five seats on 32 cards (pack = 32): the stock holds 32 - 25 - 1 = 6. Dealer p5 (seat 4).
FIVE_HANDS = {
    0: "7S 8S 9S 7C 8C",
    1: "TS JS 9C TC 7D",
    2: "QS KS JC QC 8D",
    3: "AS KC AC 9D TD",
    4: "JD QD KD 7H 8H",
}
FIVE_STOCK = "9H TH JH QH KH AH"


def test_e4_cannot_discard_more_than_the_stock_holds() -> None:
    """E4: nobody may discard more cards than the stock still holds; there is no reshuffle."""
    deal = make_deal(
        "classic", 5, dealer=4, hands=FIVE_HANDS, turned="AD", stock=FIVE_STOCK, pack=32
    )
    assert deal.stock_count == 6
    run(deal, "p1 play", "p2 play", "p3 play", "p4 play", "p5 play")
    run(deal, "p1 exchange 7S 8S 9S 7C")  # draws 9H TH JH QH; 6 - 4 = 2 left
    assert hand_str(deal, 0) == "8C 9H TH JH QH"
    # p2 may discard at most 2: 1 + 5 + 10 = 16 choices.
    actions = deal.legal_actions()
    assert len(set(actions)) == 16
    assert all(isinstance(a, Exchange) and len(a.cards) <= 2 for a in actions)
    refuse(deal, "p2 exchange TS JS 9C", "E4")
    run(deal, "p2 exchange TS JS")  # draws KH AH; the stock is empty
    assert hand_str(deal, 1) == "9C TC 7D KH AH"
    assert deal.stock_count == 0
    # The discards (7S 8S 9S 7C TS JS) are not reshuffled: p3 can only stand pat.
    assert deal.legal_actions() == [Exchange(())]
    refuse(deal, "p3 exchange QS", "E4")
    run(deal, "p3 exchange", "p4 exchange", "p5 exchange")
    assert deal.phase is Phase.DEALER_TRUMP


def test_e4_record_discard_beyond_the_stock() -> None:
    """E4: a record discarding more than the stock holds is rejected at that action."""
    deck = deck_str("classic", 5, 4, FIVE_HANDS, "AD", FIVE_STOCK, pack=32)
    actions = ["p1 play", "p2 play", "p3 play", "p4 play", "p5 play"]
    actions += ["p1 exchange 7S 8S 9S 7C", "p2 exchange TS JS 9C"]
    text = record_text(
        {"preset": "classic", "pack": 32}, 5, [{"dealer": 5, "deck": deck, "actions": actions}]
    )
    record_error(text, 1, 7, "E4")


# E5 ---------------------------------------------------------------------------------


def test_e5_optional_swap() -> None:
    """E5: after his exchange the dealer may discard one card and take the turned trump."""
    deal = base()
    assert deal.rules.dealer_trump == "optional"
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    assert deal.phase is Phase.DEALER_TRUMP and deal.to_move == 2
    assert legal(deal) == swaps("QS KS JC QC 8D") | {KEEP}
    refuse(deal, "p3 swap 7H", "E5")  # not in his hand
    run(deal, "p3 swap QS")
    assert hand_str(deal, 2) == "KS JC QC 8D 9D"
    assert deal.turned is None
    # The trump suit never changes: still diamonds.
    assert deal.trump == 2
    assert deal.observation(0).trump == 2
    assert deal.phase is Phase.PLAY and deal.to_move == 0


def test_e5_optional_keep() -> None:
    """E5: under dealer_trump = optional the dealer may leave the turned trump."""
    deal = base()
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(deal, "p3 keep")
    assert hand_str(deal, 2) == "QS KS JC QC 8D"
    assert deal.turned == c("9D") and deal.trump == 2
    assert deal.phase is Phase.PLAY


def test_e5_swap_only_after_his_own_exchange() -> None:
    """E5: the swap comes after the dealer's own exchange, never before it."""
    deal = base()
    run(deal, "p1 play", "p2 play", "p3 play")
    refuse(deal, "p3 swap QS", ("E4", "E5", "X1"))  # p1 is to exchange
    run(deal, "p1 exchange", "p2 exchange")
    assert deal.to_move == 2 and deal.phase is Phase.EXCHANGE
    assert all(isinstance(a, Exchange) for a in deal.legal_actions())
    refuse(deal, "p3 swap QS", ("E4", "E5", "X1"))
    refuse(deal, "p3 keep", ("E4", "E5", "X1"))
    run(deal, "p3 exchange QS")  # draws AS from the stock top
    assert hand_str(deal, 2) == "KS AS JC QC 8D"
    assert legal(deal) == swaps("KS AS JC QC 8D") | {KEEP}
    run(deal, "p3 swap AS")
    assert hand_str(deal, 2) == "KS JC QC 8D 9D"


def test_e5_mandatory() -> None:
    """E5: under dealer_trump = mandatory the dealer must swap (001)."""
    assert Rules.preset("rams-001", 3).dealer_trump == "mandatory"
    deal = base(dealer_trump="mandatory")
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    assert legal(deal) == swaps("QS KS JC QC 8D")
    err = refuse(deal, "p3 keep", "E5")
    assert err.clause == "E5"
    run(deal, "p3 swap 8D")
    assert hand_str(deal, 2) == "QS KS JC QC 9D"


def test_e5_forbidden() -> None:
    """E5: under dealer_trump = forbidden the turned trump stays on the table."""
    deal = base(dealer_trump="forbidden")
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    assert deal.phase is Phase.PLAY and deal.to_move == 0
    refuse(deal, "p3 keep", ("P1", "E5", "X1"))
    refuse(deal, "p3 swap QS", ("P1", "E5", "X1"))
    assert deal.turned == c("9D")
    assert hand_str(deal, 2) == "QS KS JC QC 8D"


def test_e5_dealer_passed_nobody_uses_the_turned_trump() -> None:
    """E5: if the dealer passed, nobody takes the turned trump."""
    deal = base()
    run(deal, "p1 play", "p2 play", "p3 pass", "p1 exchange", "p2 exchange")
    assert deal.phase is Phase.PLAY and deal.to_move == 0
    assert all(isinstance(a, Play) for a in deal.legal_actions())
    refuse(deal, "p1 swap 7S", ("P1", "E5", "X1"))
    refuse(deal, "p3 swap QS", ("P1", "E5", "X1"))
    refuse(deal, "p3 keep", ("P1", "E5", "X1"))
    assert deal.turned == c("9D") and deal.trump == 2


def test_e5_record_keep_under_mandatory() -> None:
    """E5: a record whose dealer keeps under dealer_trump = mandatory is rejected there."""
    actions = ["p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange"]
    text = base_record(
        [*actions, "p3 keep"], rules={"preset": "classic", "dealer_trump": "mandatory"}
    )
    record_error(text, 1, 7, "E5")


# E6 ---------------------------------------------------------------------------------


def test_e6_discards_are_out_of_play() -> None:
    """E6: discarded cards, the dealer's included, are out of play for the deal."""
    deal = base()
    run(deal, "p1 play", "p2 play", "p3 play")
    run(deal, "p1 exchange 7S 8S")  # draws AS KC
    run(deal, "p2 exchange 9C")  # draws AC
    run(deal, "p3 exchange", "p3 swap QS")
    assert hand_str(deal, 0) == "9S AS 7C 8C KC"
    assert hand_str(deal, 1) == "TS JS TC AC 7D"
    assert hand_str(deal, 2) == "KS JC QC 8D 9D"
    out = cs("7S 8S 9C QS")
    stock = deal.stock[deal.stock_pos :]
    # 16 - 3 = 13 left in the stock: TD JD QD KD AD and the eight hearts.
    assert cards_str(stock) == "TD JD QD KD AD 7H 8H 9H TH JH QH KH AH"
    held = [x for s in range(3) for x in deal.hand(s)]
    assert not set(out) & (set(held) | set(stock))
    # 15 held + 13 in the stock + 4 out of play = 32.
    assert sorted(held + stock + out) == list(pack(32))
    assert deal.phase is Phase.PLAY and deal.to_move == 0
    # p1 leads; trump ♦ and he holds none: any card of his hand, never the discarded 7S.
    assert legal(deal) == {Play(x) for x in cs("9S AS 7C 8C KC")}
    refuse(deal, "p1 7S", "P7")


def test_e6_unused_turned_trump_is_out_of_play() -> None:
    """E6: a turned trump the dealer leaves is out of play: nobody holds or plays it."""
    deal = base()
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(deal, "p3 keep")
    assert all(c("9D") not in deal.hand(s) for s in range(3))
    assert c("9D") not in deal.stock[deal.stock_pos :]
    refuse(deal, "p1 9D", "P7")


def test_e6_record_playing_a_discarded_card() -> None:
    """E6: a record that plays a discarded card is rejected at that action."""
    actions = ["p1 play", "p2 play", "p3 play", "p1 exchange 7S 8S", "p2 exchange 9C"]
    actions += ["p3 exchange", "p3 swap QS", "p1 7S"]
    message = record_error(base_record(actions), 1, 8, "P7")
    assert "7S" in message


# E7 ---------------------------------------------------------------------------------


def test_e7_passer_jack_pair_is_shown_and_scored() -> None:
    """E7: jacks held by a player who passes are shown and scored."""
    deal = make_deal(
        "classic", 3, dealer=2, hands=JACKS_PASS_HANDS, turned="9D", stock=JACKS_PASS_STOCK
    )
    run(deal, "p1 play", "p2 pass", "p3 play", "p1 exchange", "p3 exchange", "p3 keep")
    # p2's red pair JD JH writes off 5 (J1): 100 - 5 = 95, before play.
    assert deal.records == [100, 95, 100]
    assert deal.phase is Phase.PLAY
    # Shown: every seat sees the event with the two jacks.
    for seat in range(3):
        seen = [e for e in deal.observation(seat).events if e.kind is EventKind.JACKS]
        assert [(e.seat, e.cards, e.delta) for e in seen] == [(1, (c("JD"), c("JH")), -5)]


def test_e7_passer_four_jacks() -> None:
    """E7: a passer's four jacks write off 10 (J1)."""
    hands = {0: "7S 8S 9S 7C 8C", 1: "JS JC JD JH 7D", 2: "QS KS TC QC 8D"}
    deal = make_deal("classic", 3, dealer=2, hands=hands, turned="9D")
    run(deal, "p1 play", "p2 pass", "p3 play", "p1 exchange", "p3 exchange", "p3 keep")
    # 100 - 10 = 90.
    assert deal.records == [100, 90, 100]


def test_e7_passer_jacks_in_a_record_can_end_the_game() -> None:
    """E7, S6: replayed from a record, a passer's jack pair at 5 ends the game before play."""
    actions = ["p1 play", "p2 pass", "p3 play", "p1 exchange", "p3 exchange", "p3 keep"]
    text = base_record(
        actions,
        rules={"preset": "classic", "start_score": 5},
        hands=JACKS_PASS_HANDS,
        stock=JACKS_PASS_STOCK,
    )
    game = loads(text).replay()
    # Jacks in seat order from p1: p1 none; p2 JD JH: 5 - 5 = 0, he wins (S6). Classic pays a
    # stake of 1 per loser: p2 +2, p1 and p3 -1 each.
    assert replay_summary(game) == {
        "deals": [{"records": [5, 0, 5]}],
        "winner": 1,
        "records": [5, 0, 5],
        "payouts": [-1, 2, -1],
    }


# X1 ---------------------------------------------------------------------------------


def test_x1_each_player_who_plays_writes_exactly_one_exchange() -> None:
    """X1: each player who plays writes exactly one exchange action; a passer writes none."""
    deal = four()
    run(deal, "p3 play", "p4 pass", "p1 play", "p2 play")
    run(deal, "p3 exchange 7S")
    refuse(deal, "p3 exchange 8S", ("E4", "X1"))  # no second exchange
    refuse(deal, "p4 exchange", ("E4", "X1"))  # the passer has none
    run(deal, "p1 exchange", "p2 exchange 7H")
    exchanges = [s for s, a in deal.actions if isinstance(a, Exchange)]
    assert exchanges == [2, 0, 1]
    assert deal.phase is Phase.DEALER_TRUMP


def test_x1_exchange_may_not_be_skipped() -> None:
    """X1: a player who plays must write his exchange (empty to stand pat) before anything else."""
    deal = base()
    run(deal, "p1 play", "p2 play", "p3 play")
    refuse(deal, "p1 7S", "X1")
    refuse(deal, "p1 keep", "X1")


def test_x1_dealer_then_writes_swap_or_keep() -> None:
    """X1: a dealer who plays writes swap CARD or keep after his exchange, nothing else."""
    deal = base()
    run(deal, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    refuse(deal, "p3 QS", ("E5", "X1"))
    refuse(deal, "p3 exchange", ("E5", "X1"))
    refuse(deal, "p1 7S", ("E5", "X1"))  # play waits for the dealer
    run(deal, "p3 keep")
    assert [str(a) for s, a in deal.actions if s == 2] == ["play", "exchange", "keep"]


def test_x1_dealer_writes_nothing_when_forbidden_or_passed() -> None:
    """X1: nothing from the dealer when dealer_trump = forbidden, or when he passed."""
    forbidden = base(dealer_trump="forbidden")
    run(forbidden, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    assert forbidden.phase is Phase.PLAY
    passed = base()
    run(passed, "p1 play", "p2 play", "p3 pass", "p1 exchange", "p2 exchange")
    assert passed.phase is Phase.PLAY
    assert [str(a) for s, a in passed.actions if s == 2] == ["pass"]


def test_x1_records_missing_or_misplaced_actions() -> None:
    """X1: records that skip the exchange, swap before it, or skip swap/keep are rejected."""
    calls = ["p1 play", "p2 play", "p3 play"]
    record_error(base_record([*calls, "p1 7S"]), 1, 4, "X1")
    pats = ["p1 exchange", "p2 exchange"]
    record_error(base_record([*calls, *pats, "p3 swap QS"]), 1, 6, ("X1", "E4"))
    record_error(base_record([*calls, *pats, "p3 exchange", "p1 7S"]), 1, 7, ("X1", "E5"))
    mandatory = {"preset": "classic", "dealer_trump": "mandatory"}
    record_error(base_record([*calls, *pats, "p3 exchange", "p3 keep"], mandatory), 1, 7, "E5")
    forbidden = {"preset": "classic", "dealer_trump": "forbidden"}
    text = base_record([*calls, *pats, "p3 exchange", "p3 keep"], forbidden)
    record_error(text, 1, 7, ("X1", "E5", "P1"))
