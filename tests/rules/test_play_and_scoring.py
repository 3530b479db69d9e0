"""Play (P1–P7), scoring (S1–S8) and the precise points X6–X9 of RULES.md.

Every expected value below is worked out by hand from RULES.md; the arithmetic is in the
comments. Unless a test says otherwise a deal is `classic` for three players with p3 dealing,
so p1 speaks, exchanges and leads first; every player plays and stands pat, the dealer keeps.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rams.cards import parse_card, parse_cards
from rams.errors import IllegalActionError, RecordError, RulesError
from rams.games.rams.actions import CLAIM
from rams.games.rams.deal import Deal, Phase
from rams.games.rams.match import RamsMatch, settlement
from rams.games.rams.rules import Rules
from rams.record import loads, replay_summary
from tests.util import deck_str as deck_of
from tests.util import legal, make_deal, record_text, run
from tests.util import refuse as refused

# Helpers --------------------------------------------------------------------------------


def ready(
    hands: dict[int, str],
    turned: str,
    *,
    players: int = 3,
    dealer: int = 2,
    preset: str = "classic",
    stock: str = "",
    records: list[int] | None = None,
    **overrides: Any,
) -> Deal:
    """A deal where everyone plays, stands pat and the dealer keeps: the first lead is due."""
    deal = make_deal(
        preset,
        players,
        dealer=dealer,
        hands=hands,
        turned=turned,
        stock=stock,
        records=records,
        **overrides,
    )
    order = [(dealer + i) % players for i in range(1, players + 1)]
    run(deal, *(f"p{s + 1} play" for s in order))
    run(deal, *(f"p{s + 1} exchange" for s in order))
    run(deal, f"p{dealer + 1} keep")
    assert deal.phase is Phase.PLAY
    return deal


# P1 -------------------------------------------------------------------------------------

# Four players, p2 deals: speaking order p3 p4 p1 p2. p3 (no ace) passes. Trump H (7H turned),
# and no heart is in any hand, so every trick is won by the highest card of the suit led.
P1_HANDS = {
    2: "7S 8S 9S 7C 8C",  # p3: passes
    3: "KS QS 9C TC 8D",  # p4
    0: "AS 7D 9D JC QC",  # p1
    1: "TS KC AC TD JD",  # p2, the dealer
}


def p1_deal() -> Deal:
    deal = make_deal("classic", 4, dealer=1, hands=P1_HANDS, turned="7H")
    run(deal, "p3 pass", "p4 play", "p1 play", "p2 play")
    run(deal, "p4 exchange", "p1 exchange", "p2 exchange", "p2 keep")
    return deal


def test_p1_first_active_player_left_of_dealer_leads() -> None:
    """P1: the first player from the dealer's left who plays leads; a passer is skipped."""
    deal = p1_deal()
    # p3 sits at the dealer's left but passed: p4 (seat 3) leads.
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 3
    assert legal(deal) == {"KS", "QS", "9C", "TC", "8D"}
    assert legal(deal, 2) == set()
    refused(deal, "p3 7S", "P1")  # the passer has no turn
    refused(deal, "p1 AS", "P1")  # out of turn


def test_p1_winner_leads_and_passer_skipped_in_every_trick() -> None:
    """P1: the winner of a trick leads the next; one card per active player, five tricks."""
    deal = p1_deal()
    run(deal, "p4 KS")
    assert deal.to_move == 0
    assert legal(deal) == {"AS"}
    run(deal, "p1 AS")
    assert deal.to_move == 1
    run(deal, "p2 TS")
    # KS AS TS: AS is the highest spade, p1 takes it and leads.
    assert deal.to_move == 0
    run(deal, "p1 JC", "p2 KC")
    assert deal.to_move == 3  # after p2 comes p3, who passed: p4 plays
    run(deal, "p4 9C")
    assert deal.to_move == 1  # JC KC 9C: p2
    run(deal, "p2 TD", "p4 8D", "p1 7D")  # TD 8D 7D: p2
    assert deal.to_move == 1
    run(deal, "p2 AC", "p4 TC", "p1 QC")  # AC: p2
    assert deal.to_move == 1
    assert legal(deal, 3) == set()
    run(deal, "p2 JD", "p4 QS", "p1 9D")  # JD beats 9D; p4's QS is off suit: p2
    assert deal.phase is Phase.DONE
    tricks = deal.observation(0).tricks
    assert len(tricks) == 5
    assert [tuple(s for s, _ in t) for t in tricks] == [
        (3, 0, 1),
        (0, 1, 3),
        (1, 3, 0),
        (1, 3, 0),
        (1, 3, 0),
    ]
    assert deal.tricks_taken == [1, 4, 0, 0]
    assert all(deal.hand(s) == [] for s in (0, 1, 3))
    assert len(deal.hand(2)) == 5  # the passer's hand is thrown in, never played
    # p1 1 trick + AS: 100-1-5 = 94; p2 4 tricks + AC: 100-4-10 = 86; p3 passed: 100;
    # p4 no trick, no ace: 100+5 = 105.
    assert deal.records == [94, 86, 100, 105]
    refused(deal, "p4 QS", "X9")


# P2 -------------------------------------------------------------------------------------

# Trump H (7H turned). p1 leads 9S; p2 and p3 hold spades.
P2_FOLLOW = {
    0: "9S 8C 9C TD 7D",
    1: "7S KS 8H QH 8D",
    2: "TS AS 9H JD QD",
}


def test_p2_follow_suit_with_any_card_of_it() -> None:
    """P2: follow suit if able, with any card of it; no duty to head the trick."""
    deal = ready(P2_FOLLOW, "7H")
    assert legal(deal) == {"9S", "8C", "9C", "TD", "7D"}
    run(deal, "p1 9S")
    assert legal(deal) == {"7S", "KS"}
    refused(deal, "p2 8H", "P2")  # a trump while holding spades
    refused(deal, "p2 8D", "P2")
    run(deal, "p2 7S")  # under the 9S: allowed
    assert legal(deal) == {"TS", "AS"}
    run(deal, "p3 TS")
    # 9S 7S TS: p3 takes it with TS (P3) and leads.
    assert deal.to_move == 2


def test_p2_x7_no_duty_to_head_a_trump_lead() -> None:
    """P2, X7: a trick led in trumps is followed with any trump, not necessarily a higher one."""
    deal = ready(P2_FOLLOW, "7H")
    run(deal, "p1 9S", "p2 7S", "p3 TS")
    assert legal(deal) == {"AS", "9H", "JD", "QD"}
    run(deal, "p3 9H")
    # p1 holds no heart and no trump: any card.
    assert legal(deal) == {"8C", "9C", "TD", "7D"}
    run(deal, "p1 8C")
    assert legal(deal) == {"8H", "QH"}  # the 8H, under the 9H, is legal
    run(deal, "p2 8H")
    assert deal.to_move == 2  # 9H 8C 8H: p3's 9H is the highest trump


# Trump H (TH turned). p1 leads AS; p2 and p3 are void in spades.
P2_VOID = {
    0: "AS TS 8C 9C JS",
    1: "8H QH 7C TC 8D",
    2: "7H 9H 9D TD KC",
}


def test_p2_void_must_trump_any_trump_when_none_in_trick() -> None:
    """P2, X7: void in the suit led, he must trump; with no trump in the trick any trump will
    do: overtrumping compares only with trumps, not with the ace led."""
    deal = ready(P2_VOID, "TH")
    run(deal, "p1 AS")
    assert legal(deal) == {"8H", "QH"}
    refused(deal, "p2 7C", "P2")
    refused(deal, "p2 8D", "P2")


def test_p2_must_overtrump_if_able() -> None:
    """P2: void, he must play a higher trump than any already in the trick if he can."""
    deal = ready(P2_VOID, "TH")
    run(deal, "p1 AS", "p2 8H")
    assert legal(deal) == {"9H"}  # 9H beats 8H; 7H does not
    refused(deal, "p3 7H", "P2")
    refused(deal, "p3 KC", "P2")
    run(deal, "p3 9H")
    # AS 8H 9H: the highest trump wins (P3): p3.
    assert deal.to_move == 2


def test_p2_x7_void_unable_to_overtrump_plays_lower_trump() -> None:
    """X7: void and unable to overtrump, he must still play a (lower) trump."""
    deal = ready(P2_VOID, "TH")
    run(deal, "p1 AS", "p2 QH")
    assert legal(deal) == {"7H", "9H"}  # nothing beats QH; still a trump, not 9D TD KC
    refused(deal, "p3 9D", "P2")
    run(deal, "p3 7H")
    assert deal.to_move == 1  # AS QH 7H: p2's QH


def test_p2_void_without_trumps_plays_any_card() -> None:
    """P2: void in the suit led and without trumps, any card."""
    deal = ready(P2_VOID, "TH")
    run(deal, "p1 AS", "p2 QH", "p3 7H")
    run(deal, "p2 8D")
    assert legal(deal) == {"9D", "TD"}
    run(deal, "p3 TD")
    # p1 (TS 8C 9C JS left) holds no diamond and no heart: any card.
    assert legal(deal) == {"TS", "8C", "9C", "JS"}
    run(deal, "p1 JS")
    assert deal.to_move == 2  # 8D TD JS: TD


def test_p2_must_trump_off_then_any_card() -> None:
    """P2: with must_trump (and must_overtrump) off, a void player plays any card."""
    deal = ready(P2_VOID, "TH", must_trump=False, must_overtrump=False)
    run(deal, "p1 AS")
    assert legal(deal) == {"8H", "QH", "7C", "TC", "8D"}
    run(deal, "p2 7C")
    assert legal(deal) == {"7H", "9H", "9D", "TD", "KC"}
    run(deal, "p3 KC")
    assert deal.to_move == 0  # AS 7C KC: nothing beats the ace led


def test_p2_must_trump_off_needs_must_overtrump_off() -> None:
    """P2: must_trump false with must_overtrump true is a clash naming both options."""
    with pytest.raises(RulesError) as info:
        Rules.preset("classic", 3, must_trump=False)
    assert set(info.value.options) == {"must_trump", "must_overtrump"}


def test_p2_must_overtrump_off_any_trump() -> None:
    """P2: with must_overtrump off, a void player must trump but need not overtrump."""
    deal = ready(P2_VOID, "TH", must_overtrump=False)
    run(deal, "p1 AS", "p2 8H")
    assert legal(deal) == {"7H", "9H"}
    run(deal, "p3 7H")
    assert deal.to_move == 1  # AS 8H 7H: p2


# Trump H (7H turned). p1 leads TS.
P2_HEAD = {
    0: "TS 8C 9C TD 7D",
    1: "7S 8S QS 8H 8D",
    2: "9S JS 9H JD QD",
}


def test_p2_must_head_trick_option() -> None:
    """P2: with must_head_trick a follower must beat the best card of the suit led if he can,
    otherwise any card of the suit."""
    plain = ready(P2_HEAD, "7H")
    run(plain, "p1 TS")
    assert legal(plain) == {"7S", "8S", "QS"}

    deal = ready(P2_HEAD, "7H", must_head_trick=True)
    run(deal, "p1 TS")
    assert legal(deal) == {"QS"}
    refused(deal, "p2 7S", "P2")
    run(deal, "p2 QS")
    assert legal(deal) == {"9S", "JS"}  # nothing above the QS: any spade
    run(deal, "p3 9S")
    assert deal.to_move == 1  # TS QS 9S: p2


# P3 -------------------------------------------------------------------------------------

# Trump H (TH turned).
P3_HANDS = {
    0: "KS 8C 9C AC 7D",
    1: "7S 9S 8H 8D 9D",
    2: "8S TS 7C QC QD",
}


def p3_play(deal: Deal) -> list[tuple[int, list[int]]]:
    """Play P3_HANDS out; returns (leader of the next trick, records) after each trick."""
    out = []
    for trick in (
        ("p1 KS", "p2 9S", "p3 TS"),  # KS highest spade: p1
        ("p1 7D", "p2 9D", "p3 QD"),  # QD highest diamond: p3
        ("p3 7C", "p1 AC", "p2 8H"),  # p2 void in clubs trumps: 8H beats the AC
        ("p2 8D", "p3 QC", "p1 9C"),  # nobody follows or trumps: the 8D led wins
        ("p2 7S", "p3 8S", "p1 8C"),  # 8S
    ):
        run(deal, *trick)
        out.append((deal.to_move, list(deal.records)))
    return out


def test_p3_highest_trump_else_highest_of_suit_led() -> None:
    """P3: the highest trump wins; without trumps the highest card of the suit led."""
    deal = ready(P3_HANDS, "TH")
    steps = p3_play(deal)
    assert [s[0] for s in steps[:4]] == [0, 2, 1, 1]
    assert deal.tricks_taken == [1, 2, 2]
    # The fourth trick: p2 8D, p3 QC, p1 9C, and p2 took it.
    assert deal.observation(0).tricks[3] == (
        (1, parse_card("8D")),
        (2, parse_card("QC")),
        (0, parse_card("9C")),
    )
    # p1 KS+AC: 100-1-10 = 89; p2 two tricks, no ace: 98; p3 two tricks: 98.
    assert deal.records == [89, 98, 98]


# P4 -------------------------------------------------------------------------------------


def test_p4_trump_ace_must_be_led_first_trick() -> None:
    """P4: a player on lead holding the trump ace must lead it."""
    hands = {0: "AH 9S TS 8C 9C", 1: "8H 7S KS 7C TC", 2: "9H JS QS 8D 9D"}
    deal = ready(hands, "7H")
    assert legal(deal) == {"AH"}
    err = refused(deal, "p1 9S", "P4")
    assert "AH" in str(err)
    refused(deal, "p1 8C", "P4")
    run(deal, "p1 AH")
    assert legal(deal) == {"8H"}


def test_p4_trump_ace_must_be_led_after_winning_a_trick() -> None:
    """P4: the duty holds on every lead, also for a player who won the lead in play."""
    hands = {0: "9S TS 8C 9C 7D", 1: "AH KS 7C TC 8D", 2: "7S QS 9H 9D TD"}
    deal = ready(hands, "8H")
    run(deal, "p1 9S")
    assert legal(deal) == {"KS"}
    run(deal, "p2 KS", "p3 7S")  # 9S KS 7S: p2
    assert deal.to_move == 1
    assert legal(deal) == {"AH"}
    refused(deal, "p2 7C", "P4")
    refused(deal, "p2 8D", "P4")


# P5, X8 ---------------------------------------------------------------------------------

# Trump H (7H turned); the AH is in the stock.
P5_WIN = {0: "KH QH 9S 8C 9C", 1: "8H TS 7C TC 8D", 2: "9H JS 9D TD QS"}


def test_p5_marriage_leads_king_then_queen_if_king_won() -> None:
    """P5: holding trump K and Q without the A he leads the K; if it wins, next the Q."""
    deal = ready(P5_WIN, "7H")
    assert legal(deal) == {"KH"}
    refused(deal, "p1 QH", "P5")
    refused(deal, "p1 9S", "P5")
    run(deal, "p1 KH", "p2 8H", "p3 9H")  # the KH wins
    assert deal.to_move == 0
    assert legal(deal) == {"QH"}
    refused(deal, "p1 9S", "P5")
    run(deal, "p1 QH", "p2 7C", "p3 9D")  # nobody has a trump left: p1
    assert deal.to_move == 0
    assert legal(deal) == {"9S", "8C", "9C"}  # the duties are spent


def test_p5_no_queen_duty_when_king_lost() -> None:
    """P5, X8: the Q duty arises only when the K led won the trick."""
    hands = {0: "KH QH AS 8C 9C", 1: "AH TS 7C TC 8D", 2: "9H JS 9D TD QS"}
    deal = ready(hands, "7H")
    assert legal(deal) == {"KH"}
    run(deal, "p1 KH", "p2 AH", "p3 9H")  # the AH takes the KH
    assert deal.to_move == 1
    run(deal, "p2 TS", "p3 JS", "p1 AS")  # AS: p1 on lead again, still holding QH
    assert deal.to_move == 0
    assert legal(deal) == {"QH", "8C", "9C"}
    run(deal, "p1 8C")


def test_p5_king_winning_on_another_lead_brings_no_duty() -> None:
    """P5: winning with the K (holding the Q) on another player's lead brings no duty."""
    hands = {0: "9H 9S 8C 9C 7D", 1: "KH QH TS 7C TC", 2: "8H JS 9D TD QS"}
    deal = ready(hands, "7H")
    run(deal, "p1 9H")
    assert legal(deal) == {"KH", "QH"}
    run(deal, "p2 KH", "p3 8H")  # KH wins
    assert deal.to_move == 1
    assert legal(deal) == {"QH", "TS", "7C", "TC"}
    run(deal, "p2 TS")


def test_p5_ace_taking_a_led_king_brings_no_queen_duty() -> None:
    """P5, X8: only the player who led the K has the Q duty; the ace that took it has none."""
    # p1 leads a lone KH; p2 covers it with AH (P6) and holds QH.
    hands = {0: "KH 9S TS 8C 9C", 1: "AH QH 7C TC 8D", 2: "9H JS 9D TD QS"}
    deal = ready(hands, "7H")
    assert legal(deal) == {"KH", "9S", "TS", "8C", "9C"}  # K without Q: no duty
    run(deal, "p1 KH")
    assert legal(deal) == {"AH"}
    run(deal, "p2 AH", "p3 9H")
    assert deal.to_move == 1
    assert legal(deal) == {"QH", "7C", "TC", "8D"}
    run(deal, "p2 7C")


def test_p5_marriage_lead_off() -> None:
    """P5: with marriage_lead off, trump K and Q bring no duty to lead."""
    deal = ready(P5_WIN, "7H", marriage_lead=False)
    assert legal(deal) == {"KH", "QH", "9S", "8C", "9C"}
    run(deal, "p1 KH", "p2 8H", "p3 9H")
    assert legal(deal) == {"QH", "9S", "8C", "9C"}
    run(deal, "p1 9S")


def test_x8_ace_king_queen_led_in_that_order() -> None:
    """X8: with A, K, Q of trumps he leads the A (P4), then the K, then the Q (P5)."""
    hands = {0: "AH KH QH 9S 8C", 1: "8H TS 7C TC 8D", 2: "9H JS 9D TD QS"}
    deal = ready(hands, "7H")
    assert legal(deal) == {"AH"}
    refused(deal, "p1 KH", "P4")
    run(deal, "p1 AH", "p2 8H", "p3 9H")
    # AH wins: 100-1-20 = 79.
    assert deal.records[0] == 79
    assert legal(deal) == {"KH"}
    refused(deal, "p1 QH", "P5")
    run(deal, "p1 KH", "p2 7C", "p3 9D")
    assert legal(deal) == {"QH"}
    refused(deal, "p1 8C", "P5")
    run(deal, "p1 QH", "p2 TC", "p3 TD")
    assert legal(deal) == {"9S", "8C"}
    assert deal.records[0] == 77  # 79, then -1 and -1


# P6 -------------------------------------------------------------------------------------


def test_p6_trump_ace_covers_a_led_trump_jack() -> None:
    """P6: when a trump K, Q or J is winning and he may play a trump, he must play the ace."""
    hands = {0: "JH 9S TS 8C 9C", 1: "AH 8H 7C TC 8D", 2: "9H QS KS 9D TD"}
    deal = ready(hands, "7H")
    run(deal, "p1 JH")
    assert legal(deal) == {"AH"}
    err = refused(deal, "p2 8H", "P6")
    assert "AH" in str(err)
    run(deal, "p2 AH")
    assert legal(deal) == {"9H"}


def test_p6_option_off() -> None:
    """P6: with ace_covers_honours off the holder may keep his ace."""
    hands = {0: "JH 9S TS 8C 9C", 1: "AH 8H 7C TC 8D", 2: "9H QS KS 9D TD"}
    deal = ready(hands, "7H", ace_covers_honours=False)
    run(deal, "p1 JH")
    assert legal(deal) == {"AH", "8H"}
    run(deal, "p2 8H")


def test_p6_never_for_the_trump_ten() -> None:
    """X8: "face card" is K, Q or J; a winning trump 10 brings no duty."""
    hands = {0: "TH 9S 8S 8C 9C", 1: "AH 8H 7C TC 8D", 2: "9H QS KS 9D TD"}
    deal = ready(hands, "7H")
    run(deal, "p1 TH")
    assert legal(deal) == {"AH", "8H"}
    run(deal, "p2 8H")


def test_p6_not_when_he_must_follow_a_plain_suit() -> None:
    """P6, X8: only when he may legally play a trump; following a plain suit he may not."""
    hands = {0: "9S TS 8C 9C 7D", 1: "QH 8H 7C TC 8D", 2: "AH 7S 9D TD JC"}
    deal = ready(hands, "7H")
    run(deal, "p1 9S")
    assert legal(deal) == {"QH", "8H"}
    run(deal, "p2 QH")  # the trump queen is winning
    assert legal(deal) == {"7S"}
    run(deal, "p3 7S")
    assert deal.to_move == 1


def test_p6_overrides_choice_among_higher_trumps() -> None:
    """P6, X8: void and overtrumping a winning trump J, he must choose the ace, not the K."""
    hands = {0: "9S TS 8C 9C 7D", 1: "JH 8H 7C TC 8D", 2: "AH KH 9D TD QC"}
    deal = ready(hands, "7H")
    run(deal, "p1 9S")
    other = deal.copy()
    run(deal, "p2 JH")
    assert legal(deal) == {"AH"}
    refused(deal, "p3 KH", "P6")
    # With the 8H winning instead, P2 alone applies: any higher trump.
    run(other, "p2 8H")
    assert legal(other) == {"AH", "KH"}
    run(other, "p3 KH")


def test_p6_option_off_when_overtrumping() -> None:
    """P6: with ace_covers_honours off, P2's choice among higher trumps stands."""
    hands = {0: "9S TS 8C 9C 7D", 1: "JH 8H 7C TC 8D", 2: "AH KH 9D TD QC"}
    deal = ready(hands, "7H", ace_covers_honours=False)
    run(deal, "p1 9S", "p2 JH")
    assert legal(deal) == {"AH", "KH"}


# P7 -------------------------------------------------------------------------------------


def test_p7_illegal_plays_refused_with_clause_and_deal_unchanged() -> None:
    """P7: an illegal play is refused with an error naming its rule; nothing changes."""
    deal = ready(P2_FOLLOW, "7H")
    refused(deal, "p1 AS", "P7")  # p1 does not hold the AS
    refused(deal, "p2 7S", "P1")  # not p2's turn
    refused(deal, "p1 pass", "P1")  # not a card
    run(deal, "p1 9S")
    refused(deal, "p2 QH", "P2")  # must follow spades
    refused(deal, "p2 AH", "P7")  # not in his hand
    run(deal, "p2 KS", "p3 AS")
    assert deal.to_move == 2
    assert deal.tricks_taken == [0, 0, 1]


def test_p7_illegal_play_in_a_record_names_deal_position_and_clause() -> None:
    """P7, §12: a record with an illegal play is rejected at that action, with its clause."""
    data = json.loads(s8_record("remaining"))
    actions = data["deals"][1]["actions"]
    k = actions.index("p1 8S")
    actions[k] = "p1 AH"  # p1 holds 8S and 9S: he must follow KS
    with pytest.raises(RecordError) as info:
        loads(json.dumps(data)).replay()
    assert (info.value.deal, info.value.action) == (2, k + 1)
    assert info.value.reason.startswith("P2")


# S1, S2, S3 -----------------------------------------------------------------------------


def test_s1_start_score_default_and_option() -> None:
    """S1: every record starts at start_score (100 by default); write-offs lower it."""
    assert ready(P3_HANDS, "TH").records == [100, 100, 100]
    deal = ready(P3_HANDS, "TH", start_score=150)
    assert deal.records == [150, 150, 150]
    p3_play(deal)
    # As in P3 with 50 more: 150-1-10 = 139, 150-2 = 148, 150-2 = 148.
    assert deal.records == [139, 148, 148]
    game = RamsMatch(Rules.preset("classic", 3, start_score=150), first_dealer=0)
    assert game.records == (150, 150, 150)
    assert game.sheet == [(150, 150, 150)]


def test_s2_each_trick_writes_off_one() -> None:
    """S2: each trick taken writes off 1 (aces only with the first, S3)."""
    deal = ready(P3_HANDS, "TH")
    steps = p3_play(deal)
    assert [s[1] for s in steps] == [
        [89, 100, 100],  # t1 p1: -1 - AC 10
        [89, 100, 99],  # t2 p3: -1
        [89, 99, 99],  # t3 p2: -1
        [89, 98, 99],  # t4 p2: -1
        [89, 98, 98],  # t5 p3: -1; nobody left without a trick: no remise
    ]


# Trump H (7H turned). p1 holds AC AD, p2 AS AH.
S3_HANDS = {0: "AC AD 8S 9S 7D", 1: "AS AH 8C TS 8D", 2: "7S 9C TC 9D TD"}


def s3_play(deal: Deal) -> list[list[int]]:
    out = []
    for trick in (
        ("p1 AC", "p2 8C", "p3 9C"),  # AC: p1
        ("p1 8S", "p2 AS", "p3 7S"),  # AS: p2, his AH still in hand
        ("p2 AH", "p3 TC", "p1 9S"),  # P4: p2 leads AH and wins
        ("p2 8D", "p3 TD", "p1 AD"),  # AD: p1
        ("p1 7D", "p2 TS", "p3 9D"),  # 9D: p3
    ):
        run(deal, *trick)
        out.append(list(deal.records))
    return out


def test_s3_aces_written_off_with_first_trick() -> None:
    """S3, X6: the first trick also writes off the aces held (5, 10, 15, 20), played or not."""
    deal = ready(S3_HANDS, "7H")
    assert s3_play(deal) == [
        [74, 100, 100],  # p1: 100-1-(AC 10 + AD 15) = 74, the AD not yet played
        [74, 74, 100],  # p2: 100-1-(AS 5 + AH 20) = 74, the AH not yet played
        [74, 73, 100],  # p2: -1
        [73, 73, 100],  # p1: -1 (the AD was credited already)
        [73, 73, 99],  # p3: -1, no ace
    ]


def test_s3_custom_ace_values() -> None:
    """S3: ace_values changes what each ace writes off."""
    deal = ready(S3_HANDS, "7H", ace_values={"S": 1, "C": 2, "D": 3, "H": 4})
    assert s3_play(deal) == [
        [94, 100, 100],  # 100-1-(2+3)
        [94, 94, 100],  # 100-1-(1+4)
        [94, 93, 100],
        [93, 93, 100],
        [93, 93, 99],
    ]


def test_x6_aces_at_start_of_play_discarded_no_bought_and_swapped_yes() -> None:
    """X6: the aces counted are those held at the start of play: a discarded ace does not
    count, a bought ace and the swapped-in trump ace do; credited with the first trick."""
    # Turned AD: trump D. p1 (dealt AS, so he must play) discards AS and draws the AC;
    # the dealer p3 swaps his 9H for the AD.
    hands = {0: "AS KS 9S 7C 8C", 1: "7S TS 9C TC 7H", 2: "8S JC 8H 9H QH"}
    deal = make_deal("classic", 3, dealer=2, hands=hands, turned="AD", stock="AC")
    run(deal, "p1 play", "p2 play", "p3 play")
    run(deal, "p1 exchange AS", "p2 exchange", "p3 exchange", "p3 swap 9H")
    assert deal.phase is Phase.PLAY
    assert set(deal.hand(0)) == set(parse_cards("KS 9S 7C 8C AC"))
    assert set(deal.hand(2)) == set(parse_cards("8S JC 8H QH AD"))
    run(deal, "p1 KS", "p2 7S", "p3 8S")
    # p1: 100-1-AC 10 = 89 (the AS he discarded does not count; the AC is still in hand).
    assert deal.records == [89, 100, 100]
    run(deal, "p1 9S", "p2 TS")
    assert legal(deal) == {"AD"}  # void in spades: the only trump
    run(deal, "p3 AD")
    # p3: 100-1-AD 15 = 84.
    assert deal.records == [89, 100, 84]
    run(deal, "p3 JC", "p1 AC", "p2 9C")  # AC: p1 88
    run(deal, "p1 7C", "p2 TC", "p3 8H")  # TC: p2 99, no ace
    run(deal, "p2 7H", "p3 QH", "p1 8C")  # QH: p3 83
    assert deal.phase is Phase.DONE
    assert deal.records == [88, 99, 83]


# S4 -------------------------------------------------------------------------------------

# Trump H (7H turned). p1 takes every trick; p2 holds AC AD and takes none.
S4_HANDS = {0: "TH 9H 8H KS QS", 1: "AC AD 7S 8S 9S", 2: "7C 8C 7D 8D TS"}
S4_PLAY = (
    ("p1 TH", "p2 AC", "p3 7C"),
    ("p1 9H", "p2 AD", "p3 8C"),
    ("p1 8H", "p2 7S", "p3 7D"),
    ("p1 KS", "p2 8S", "p3 TS"),
    ("p1 QS", "p2 9S", "p3 8D"),
)


def test_s4_remise_five_plus_aces_held() -> None:
    """S4: a player who played and took no trick adds 5 plus his aces (played or not)."""
    deal = ready(S4_HANDS, "7H")
    for trick in S4_PLAY:
        run(deal, *trick)
    # p1 5 tricks, no ace: 95. p2 no trick, AC+AD: 100+5+10+15 = 130. p3 no trick: 105.
    assert deal.tricks_taken == [5, 0, 0]
    assert deal.records == [95, 130, 105]


def test_s4_remise_option() -> None:
    """S4: option remise sets the base of the remise."""
    deal = ready(S4_HANDS, "7H", remise=10)
    for trick in S4_PLAY:
        run(deal, *trick)
    # p2: 100+10+25 = 135; p3: 100+10 = 110.
    assert deal.records == [95, 135, 110]


def test_x6_discarded_ace_not_in_remise() -> None:
    """X6: an ace discarded in the exchange does not count in the remise."""
    deal = make_deal("classic", 3, dealer=2, hands=S4_HANDS, turned="7H", stock="9D")
    run(deal, "p1 play", "p2 play", "p3 play")
    run(deal, "p1 exchange", "p2 exchange AD", "p3 exchange", "p3 keep")
    for trick in S4_PLAY:
        run(deal, *(line.replace("p2 AD", "p2 9D") for line in trick))
    # p2 ends with AC only: 100+5+10 = 115.
    assert deal.records == [95, 115, 105]


# S5 -------------------------------------------------------------------------------------


def test_s5_passer_scores_only_jacks() -> None:
    """S5: a player who passed scores nothing but his jacks (no remise, no trick)."""
    # Four players, p4 deals: p1 (black jack pair) and p2 pass; p3 and p4 play. Trump H.
    hands = {
        0: "JS JC 7S 8S 9S",
        1: "7C 8C 9C 7D 8D",
        2: "AS KS TC QC 9D",
        3: "TS QS KC AC TD",
    }
    deal = make_deal("classic", 4, dealer=3, hands=hands, turned="7H")
    run(deal, "p1 pass", "p2 pass", "p3 play", "p4 play")
    run(deal, "p3 exchange", "p4 exchange", "p4 keep")
    # p1's JS+JC: -5 before play.
    assert deal.records == [95, 100, 100, 100]
    assert deal.to_move == 2
    run(deal, "p3 AS", "p4 TS")  # p3: 100-1-5 = 94
    run(deal, "p3 KS", "p4 QS")  # p3: 93
    run(deal, "p3 TC", "p4 AC")  # p4: 100-1-10 = 89
    run(deal, "p4 KC", "p3 QC")  # 88
    run(deal, "p4 TD", "p3 9D")  # 87
    assert deal.phase is Phase.DONE
    assert deal.records == [95, 100, 93, 87]


# S6 -------------------------------------------------------------------------------------

# Trump C (7C turned). p3 holds the red jack pair JD JH.
S6_MID = {0: "KS QS KD QD 7H", 1: "AS 9S TD 8H 9H", 2: "JD JH TS 7D TH"}


def test_s6_game_ends_mid_deal_others_back_to_pre_play() -> None:
    """S6: the game ends the moment a record reaches 0; the others go back to their pre-play
    records, which keep the jacks already written."""
    deal = ready(S6_MID, "7C", records=[2, 50, 50])
    # p3's jacks: 50-5 = 45 before play.
    assert deal.pre_play_records == (2, 50, 45)
    run(deal, "p1 KS", "p2 AS", "p3 TS")  # p2: 50-1-5 = 44
    assert deal.records == [2, 44, 45]
    run(deal, "p2 9S", "p3 7D", "p1 QS")  # p1: 2-1 = 1
    assert deal.records == [1, 44, 45]
    run(deal, "p1 KD", "p2 TD", "p3 JD")  # p1: 1-1 = 0: he wins
    assert deal.winner == 0
    assert deal.phase is Phase.DONE
    # p2's -6 of the first trick is undone; p3 keeps the jacks.
    assert deal.records == [0, 50, 45]
    assert legal(deal, 1) == set()
    refused(deal, "p2 8H", "X9")


# Dealer p1: p2 leads. p2 takes tricks 1–4; p1 keeps the AH until the last trick.
S6_LAST = {1: "AS KS QS AC KC", 2: "TS JS JC 9C TC", 0: "7S 8S 9S 7C AH"}
S6_LAST_PLAY = (
    "p2 AS",
    "p3 TS",
    "p1 7S",
    "p2 KS",
    "p3 JS",
    "p1 8S",
    "p2 QS",
    "p3 JC",
    "p1 9S",
    "p2 AC",
    "p3 9C",
    "p1 7C",
    "p2 KC",
    "p3 TC",
    "p1 AH",
)


def test_s6_fifth_trick_ends_game_without_remise_winner_below_zero() -> None:
    """S6, X9: a game ending with the fifth trick writes no remise; the others keep their
    pre-play records; the winner's record is shown as computed, below 0."""
    deal = ready(S6_LAST, "7H", dealer=0, records=[10, 50, 50])
    # p3's JS+JC: 50-5 = 45 before play.
    assert deal.pre_play_records == (10, 50, 45)
    run(deal, *S6_LAST_PLAY[:12])
    # p2: 50-1-(AS 5 + AC 10) = 34, then 33, 32, 31.
    assert deal.records == [10, 31, 45]
    run(deal, *S6_LAST_PLAY[12:])
    # p1 void in clubs trumps with AH: 10-1-20 = -11: he wins; p3's remise is never written.
    assert deal.winner == 0
    assert deal.records == [-11, 50, 45]


def test_s6_same_deal_without_game_end_writes_remise() -> None:
    """S6 (contrast): the same deal with p1 far from 0 ends normally, with p3's remise."""
    deal = ready(S6_LAST, "7H", dealer=0, records=[40, 50, 50])
    run(deal, *S6_LAST_PLAY)
    # p1 40-21 = 19; p2 31; p3 45+5 = 50 (J4: the jack credit stands, the remise is charged).
    assert deal.winner is None
    assert deal.records == [19, 31, 50]


def test_s6_jacks_before_play_in_seat_order_from_dealer_left() -> None:
    """S6: jacks are written in seat order from the dealer's left; the first to reach 0 wins
    before play, and later jacks are not written."""
    # Dealer p1: order p2, p3, p1. p3 (red pair) and p1 (black pair) are both at 5.
    hands = {1: "AS 7C 8C 9C TC", 2: "JD JH 7D 8D 9D", 0: "JS JC 7S 8S 9S"}
    deal = make_deal("classic", 3, dealer=0, hands=hands, turned="7H", records=[5, 50, 5])
    run(deal, "p2 play", "p3 play", "p1 play")
    run(deal, "p2 exchange", "p3 exchange", "p1 exchange", "p1 keep")
    # p3: 5-5 = 0 first: he wins; p1's pair is not written.
    assert deal.winner == 2
    assert deal.phase is Phase.DONE
    assert deal.records == [5, 50, 0]


def test_s6_rams_reaching_zero_wins_after_all_payments() -> None:
    """S6, X4: a rams is one event: the holder's write-off and the others' payments are all
    written, then the holder at 0 wins."""
    # p1 five spades (R2): 5-5 = 0. p2 pays 5 + AC 10 = 15; p3 pays 5.
    hands = {0: "7S 8S 9S TS QS", 1: "AC 7C 8C 9D TD", 2: "9C TC KD QD JD"}
    deal = make_deal("classic", 3, dealer=2, hands=hands, turned="7H", records=[5, 50, 50])
    run(deal, "p1 play", "p2 play", "p3 play")
    run(deal, "p1 exchange", "p2 exchange", "p3 exchange", "p3 keep")
    assert deal.winner == 0
    assert deal.phase is Phase.DONE
    assert deal.records == [0, 65, 55]


# S7 -------------------------------------------------------------------------------------

# Trump H (7H turned). p1 leads AC KC QC and wins them.
S7_HANDS = {0: "AC KC QC 9S 8D", 1: "7C 8C TS QS 9D", 2: "9C TC KS AS TD"}


def test_s7_overshoot_restarts_record_at_start_score() -> None:
    """S7: with overshoot = restart nothing ends at ≤ 0; a trick taken at ≤ 0 sets the record
    to the start score exactly and writes nothing off."""
    deal = ready(S7_HANDS, "7H", records=[1, 50, 50], overshoot="restart")
    run(deal, "p1 AC", "p2 7C", "p3 9C")
    # 1-1-10 = -10: no end of the game.
    assert deal.records == [-10, 50, 50]
    assert deal.winner is None
    assert "claim" in legal(deal, 0)
    run(deal, "p1 KC", "p2 8C", "p3 TC")
    # A trick at -10: overshoot, back to 100 exactly.
    assert deal.records == [100, 50, 50]
    assert "claim" not in legal(deal, 0)
    run(deal, "p1 QC", "p2 9D", "p3 TD")  # 99 (the aces are not credited again)
    run(deal, "p1 9S", "p2 QS", "p3 AS")  # p3: 50-1-5 = 44
    run(deal, "p3 KS", "p1 8D", "p2 TS")  # p3: 43
    # p2 no trick: 50+5 = 55.
    assert deal.phase is Phase.DONE
    assert deal.winner is None
    assert deal.records == [99, 55, 43]


def test_s7_overshoot_on_first_trick_loses_first_trick_credits() -> None:
    """S7: when the overshooting trick is his first, its first-trick credits (aces) are lost
    for the deal."""
    deal = ready(S7_HANDS, "7H", records=[0, 50, 50], overshoot="restart")
    run(deal, "p1 AC", "p2 7C", "p3 9C")  # at 0: restart to 100, the AC's 10 lost
    assert deal.records == [100, 50, 50]
    run(deal, "p1 KC", "p2 8C", "p3 TC")  # 99, not 89
    assert deal.records == [99, 50, 50]
    run(deal, "p1 QC", "p2 9D", "p3 TD")
    assert deal.records == [98, 50, 50]


def test_s7_claim_out_of_turn_during_play_sends_others_back() -> None:
    """S7: a seat at ≤ 0 may claim out of turn; during play the others go back to their
    pre-play records (S6)."""
    deal = ready(S7_HANDS, "7H", records=[0, 50, 50], overshoot="restart")
    run(deal, "p1 9S", "p2 TS", "p3 AS")  # p3: 50-1-5 = 44
    run(deal, "p3 KS", "p1 8D")
    assert deal.to_move == 1
    assert legal(deal, 0) == {"claim"}
    assert "claim" not in legal(deal, 1)
    assert legal(deal, 2) == set()
    run(deal, "p1 claim")
    assert deal.winner == 0
    assert deal.records == [0, 50, 50]
    refused(deal, "p2 QS", "X9")
    refused(deal, "p1 claim", "X9")


def test_s7_claim_before_play_and_after_last_trick() -> None:
    """S7: a claim is valid at any point of a deal: before play, and after the last trick."""
    early = make_deal(
        "classic",
        3,
        dealer=2,
        hands=S7_HANDS,
        turned="7H",
        records=[50, 50, -3],
        overshoot="restart",
    )
    assert early.phase is Phase.DECLARE
    assert early.to_move == 0
    assert legal(early, 2) == {"claim"}  # p3 speaks last, but may claim now
    run(early, "p3 claim")
    assert early.winner == 2
    assert early.records == [50, 50, -3]

    late = ready(S7_HANDS, "7H", records=[50, 50, 5], overshoot="restart")
    run(late, "p1 9S", "p2 QS", "p3 AS")  # p3: 5-1-5 = -1
    run(late, "p3 KS", "p1 8D", "p2 TS")  # p3 at -1 takes a trick: overshoot, 100
    assert late.records == [50, 50, 100]
    run(late, "p3 9C", "p1 AC", "p2 7C")  # p1: 50-1-10 = 39
    run(late, "p1 KC", "p2 8C", "p3 TC")  # 38
    run(late, "p1 QC", "p2 9D", "p3 TD")  # 37; p2 no trick: 55
    assert late.phase is Phase.DONE
    assert late.records == [37, 55, 100]
    assert late.winner is None
    assert legal(late, 0) == set()  # nobody at ≤ 0: no claim
    refused(late, "p1 claim", "S7")


def test_s7_claim_errors() -> None:
    """S7: a claim above 0, or with overshoot off, is an error; the deal is unchanged."""
    restart = ready(S7_HANDS, "7H", records=[1, 50, 50], overshoot="restart")
    refused(restart, "p1 claim", "S7")  # at 1
    refused(restart, "p2 claim", "S7")
    off = ready(S7_HANDS, "7H", records=[0, 50, 50])
    assert CLAIM not in off.legal_actions(0)
    refused(off, "p1 claim", "S7")


def test_s7_reaching_zero_by_jacks_is_not_an_overshoot() -> None:
    """S7: reaching ≤ 0 through jacks neither ends the game nor restarts the record."""
    hands = {0: "JS JC 9S 8D 7D", 1: "7C 8C TS QS 9D", 2: "9C TC KS AS TD"}
    deal = ready(hands, "7H", records=[3, 50, 50], overshoot="restart")
    # 3-5 = -2, kept.
    assert deal.records == [-2, 50, 50]
    assert deal.winner is None
    assert deal.phase is Phase.PLAY
    assert "claim" in legal(deal, 0)
    run(deal, "p1 claim")
    assert deal.winner == 0
    assert deal.records == [-2, 50, 50]


def test_s7_reaching_zero_by_rams_is_not_an_overshoot() -> None:
    """S7: reaching ≤ 0 through a rams is no overshoot; a claim after the deal wins."""
    # p1 five spades (R2): 5-5 = 0. p2 pays 5 + AC 10 = 15; p3 pays 5.
    hands = {0: "7S 8S 9S TS QS", 1: "AC 7C 8C 9D TD", 2: "9C TC KD QD JD"}
    deal = make_deal(
        "classic",
        3,
        dealer=2,
        hands=hands,
        turned="7H",
        records=[5, 50, 50],
        overshoot="restart",
    )
    run(deal, "p1 play", "p2 play", "p3 play")
    run(deal, "p1 exchange", "p2 exchange", "p3 exchange", "p3 keep")
    assert deal.phase is Phase.DONE
    assert deal.winner is None
    assert deal.records == [0, 65, 55]
    assert legal(deal, 0) == {"claim"}
    run(deal, "p1 claim")
    assert deal.winner == 0
    assert deal.records == [0, 65, 55]


# S8 -------------------------------------------------------------------------------------


def test_s8_settlement_remaining_and_stake() -> None:
    """S8: remaining: each loser pays his record, never less than 0; stake: one unit each
    (times the stake); nothing without a winner."""
    remaining = Rules.preset("rams-001", 3)
    assert remaining.payout == "remaining"
    # p1 pays 12, p3 at -4 pays 0: p2 receives 12.
    assert settlement(remaining, [12, 0, -4], 1, 1) == [-12, 12, 0]
    assert settlement(remaining, [12, 0, -4], None, 1) == [0, 0, 0]
    stake = Rules.preset("classic", 3)
    assert stake.payout == "stake"
    assert settlement(stake, [12, 0, 40], 1, 1) == [-1, 2, -1]
    assert settlement(stake, [12, 0, 40], 1, 4) == [-4, 8, -4]
    assert settlement(Rules.preset("classic", 4), [0, 7, 90, 33], 0, 1) == [3, -1, -1, -1]


def s8_record(payout: str | None, extra: list[dict[str, Any]] | None = None) -> str:
    """Deal 1: void (p3 deals, p1 and p2 pass). Deal 2: p1 deals, S6_LAST's play with start 20."""
    rules: dict[str, Any] = {"preset": "classic", "start_score": 20}
    if payout is not None:
        rules["payout"] = payout
    void = {
        "dealer": 3,
        "deck": deck_of("classic", 3, 2, {0: "7S 8S 9S TS 7C", 1: "8C 9C TC 7D 8D"}, "7H"),
        "actions": ["p1 pass", "p2 pass"],
    }
    main = {
        "dealer": 1,
        "deck": deck_of("classic", 3, 0, S6_LAST, "7H"),
        "actions": [
            "p2 play",
            "p3 play",
            "p1 play",
            "p2 exchange",
            "p3 exchange",
            "p1 exchange",
            "p1 keep",
            *S6_LAST_PLAY,
        ],
    }
    return record_text(rules, 3, [void, main, *(extra or [])])


def test_s8_whole_record_remaining() -> None:
    """S8, S6: a replayed game settled with payout = remaining."""
    game = loads(s8_record("remaining")).replay()
    # Deal 2 (start 20): p3's jacks 20-5 = 15; p2 20-16 = 4, 3, 2, 1; p1's AH on the fifth
    # trick: 20-21 = -1: he wins; p2 back to 20, p3 to 15. p2 pays 20, p3 15.
    assert replay_summary(game) == {
        "deals": [{"records": [20, 20, 20]}, {"records": [-1, 20, 15]}],
        "winner": 0,
        "records": [-1, 20, 15],
        "payouts": [35, -20, -15],
    }


def test_s8_whole_record_stake_is_classic_default() -> None:
    """S8: classic settles by stake: one unit from each loser."""
    game = loads(s8_record(None)).replay()
    summary = replay_summary(game)
    assert summary["winner"] == 0
    assert summary["records"] == [-1, 20, 15]
    assert summary["payouts"] == [2, -1, -1]


def test_s8_nothing_paid_without_winner() -> None:
    """S8: nothing is paid while there is no winner."""
    data = json.loads(s8_record("remaining"))
    data["deals"] = data["deals"][:1]
    game = loads(json.dumps(data)).replay()
    assert replay_summary(game) == {
        "deals": [{"records": [20, 20, 20]}],
        "winner": None,
        "records": [20, 20, 20],
        "payouts": [0, 0, 0],
    }


# X9 -------------------------------------------------------------------------------------


def test_x9_action_after_end_of_game_is_an_error() -> None:
    """X9: the record stops at the action that ends the game; one more action is an error."""
    data = json.loads(s8_record("remaining"))
    data["deals"][1]["actions"].append("p2 claim")
    n = len(data["deals"][1]["actions"])
    with pytest.raises(RecordError) as info:
        loads(json.dumps(data)).replay()
    assert (info.value.deal, info.value.action) == (2, n)
    assert info.value.reason.startswith("X9")


def test_x9_deal_after_end_of_game_is_an_error() -> None:
    """X9: a deal after the one that ends the game is an error."""
    extra = {
        "dealer": 2,
        "deck": deck_of("classic", 3, 1, {2: "7S 8S 9S TS 7C", 0: "8C 9C TC 7D 8D"}, "7H"),
        "actions": ["p3 pass", "p1 pass"],
    }
    with pytest.raises(RecordError) as info:
        loads(s8_record("remaining", [extra])).replay()
    assert (info.value.deal, info.value.action) == (3, None)
    assert info.value.reason.startswith("X9")


def test_x9_record_stopping_mid_deal_names_action_owed() -> None:
    """X9: a record that stops in the middle of a deal is an error naming the action owed,
    at position len(actions) + 1."""
    data = json.loads(s8_record("remaining"))
    actions = data["deals"][1]["actions"]
    actions.pop()  # p1's AH, the card that ends the game, is missing
    with pytest.raises(RecordError) as info:
        loads(json.dumps(data)).replay()
    assert (info.value.deal, info.value.action) == (2, len(actions) + 1)
    assert info.value.reason.startswith("X9")
    assert "p1" in info.value.reason

    del actions[3:]  # stops after the play/pass round: p2 is to exchange
    with pytest.raises(RecordError) as info:
        loads(json.dumps(data)).replay()
    assert (info.value.deal, info.value.action) == (2, 4)
    assert info.value.reason.startswith("X9")
    assert "p2" in info.value.reason


def test_x9_dealer_rotation_checked_on_every_deal_void_included() -> None:
    """X9, D4: the dealer rotation is checked on every deal, after a void deal too."""
    data = json.loads(s8_record("remaining"))
    data["deals"][1]["dealer"] = 3  # p3 dealt the void deal: p1 must deal next
    with pytest.raises(RecordError) as info:
        loads(json.dumps(data)).replay()
    assert (info.value.deal, info.value.action) == (2, None)
    assert info.value.reason.startswith("D4")


def test_x9_winner_record_shown_below_zero_and_game_api_refuses_more() -> None:
    """X9: the winner's record is shown as computed (below 0); no deal may start after."""
    game = loads(s8_record("stake")).replay()
    assert game.winner == 0
    assert game.records == (-1, 20, 15)
    assert game.sheet[-1] == (-1, 20, 15)
    with pytest.raises(IllegalActionError) as info:
        game.start_deal()
    assert info.value.clause == "X9"
