"""The four trump deals, «четыре кона» (T1–T6): RULES.md §10.5, with §12 for records.

Preset ``kony``. Every expected value is worked out by hand from RULES.md; the arithmetic is
in the comments. Seats are 0-based here (``p1`` is seat 0). Ranks are N1's: A K Q J 10 9 8 7.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rams import games
from rams.cards import card_str, cards_str, pack, parse_cards
from rams.errors import IllegalActionError, NotationError, RecordError, RulesError
from rams.games.plain.deal import Kind, Phase
from rams.record import loads
from tests.plain.helpers import deal_of, deck_for, hand, run

# Helpers ------------------------------------------------------------------------------------


def new_match(preset: str, players: int, **options: Any) -> Any:
    """``games.new_match`` (the public API), its match typed loosely for the tests."""
    return games.new_match(preset, players, **options)


def legal(deal: Any, seat: int | None = None) -> set[str]:
    """The actions ``seat`` (the seat to move by default) may take, in record notation."""
    return {
        str(a) if not hasattr(a, "card") else card_str(a.card) for a in deal.legal_actions(seat)
    }


def refuse(deal: Any, line: str, clause: str) -> IllegalActionError:
    """``line`` is refused with ``clause``, whose id starts the message."""
    with pytest.raises(IllegalActionError) as info:
        run(deal, line)
    assert info.value.clause == clause
    assert str(info.value).startswith(clause)
    return info.value


def holder(deal: Any, card: str) -> int:
    """The seat that holds ``card`` now."""
    c = parse_cards(card)[0]
    seats = [s for s in range(4) if c in deal.observation(s).hand]
    assert len(seats) == 1, f"{card} is held by {seats}"
    return seats[0]


def play(deal: Any, *tricks: str) -> Any:
    """Play each trick's cards in the order given, each by the seat holding it (the engine
    refuses a card out of turn, so this also checks who is to move)."""
    for trick in tricks:
        for c in trick.split():
            run(deal, f"p{holder(deal, c) + 1} {c}")
    return deal


def lines(hands: dict[int, str], namer: int, suit: str, tricks: tuple[str, ...]) -> list[str]:
    """A deal's record actions: the trump, then each card by the seat dealt it."""
    owner = {c: s for s, h in hands.items() for c in h.split()}
    return [f"p{namer + 1} trump {suit}"] + [
        f"p{owner[c] + 1} {c}" for t in tricks for c in t.split()
    ]


def record_text(rules: Any, deals: list[tuple[int, list[int], list[str]]]) -> str:
    """A §12 record of four players: ``deals`` as (dealer 0-based, deck, actions)."""
    return json.dumps(
        {
            "format": "rams-record/1",
            "rules": rules,
            "players": ["A", "B", "C", "D"],
            "deals": [
                {"dealer": d + 1, "deck": cards_str(deck), "actions": acts}
                for d, deck, acts in deals
            ],
        }
    )


# Whole deals --------------------------------------------------------------------------------

# K2, dealer seat 0: seat 1 names hearts and leads. Everyone holds two cards of each suit
# and every trick is four cards of one suit: the highest card (N1 order) takes it.
K2 = {
    0: "KC 9C KD AS TS KH 9H 9D",
    1: "AC TC AD KS 9S QH 8H 8D",
    2: "QC 8C QD QS 8S AH TH 7D",
    3: "JC 7C JD JS 7S JH 7H TD",
}
K2_TRICKS = (
    "AC QC JC KC",  # seat 1
    "TC 8C 7C 9C",  # seat 1
    "AD QD JD KD",  # seat 1
    "KS QS JS AS",  # seat 0
    "TS 9S 8S 7S",  # seat 0
    "KH QH AH JH",  # seat 2
    "TH 7H 9H 8H",  # seat 2
    "7D TD 9D 8D",  # seat 3
)  # tricks [2, 3, 2, 1]: scores 3 × that = [6, 9, 6, 3]

# Seat s holds a whole suit: seat 0 spades, 1 clubs, 2 diamonds, 3 hearts.
SUITS = {
    0: "7S 8S 9S TS JS QS KS AS",
    1: "7C 8C 9C TC JC QC KC AC",
    2: "7D 8D 9D TD JD QD KD AD",
    3: "7H 8H 9H TH JH QH KH AH",
}
SUIT_OF = "SCDH"


def suits_deal(match: Any, dealer: int, trump: str) -> Any:
    """Deal SUITS by ``dealer``; his left names ``trump`` and the cards are played, each seat
    its own suit from the seven up (whatever it plays, a void seat has one suit only)."""
    deal = match.start_deal(deck_for("kony", 4, dealer, SUITS), dealer)
    namer = (dealer + 1) % 4
    run(deal, f"p{namer + 1} trump {trump}")
    queues = {s: SUITS[s].split() for s in range(4)}
    while not deal.is_over:
        seat = deal.to_move
        run(deal, f"p{seat + 1} {queues[seat].pop(0)}")
    return deal


def k2_deal(match: Any) -> Any:
    """K2 dealt by seat 0 in ``match``, hearts named by seat 1."""
    deal = match.start_deal(deck_for("kony", 4, 0, K2), 0)
    run(deal, "p2 trump H")
    return play(deal, *K2_TRICKS)


# T4 position: seat 1 names hearts and leads AC. Seats 2 and 3 have no club; seat 0 has.
T4_HANDS = {
    1: "AC 7C 8C 9D 7S 8S 7D 8D",
    2: "KS QS 9S JS 8H 9H KD TD",
    3: "7H QH AH AS TS AD QD JD",
    0: "9C TC JC QC KC TH JH KH",
}


def t4_deal(**options: Any) -> Any:
    deal = deal_of("kony", 4, 0, T4_HANDS, **options)
    run(deal, "p2 trump H")
    return deal


# T1 -----------------------------------------------------------------------------------------


def test_T1_four_players_only() -> None:
    """T1: four players, each for himself: a table of 3 or 5 is refused, naming ``players``."""
    for n in (2, 3, 5):
        with pytest.raises(RulesError) as info:
            new_match("kony", n)
        assert info.value.options == ("players",)
    match = new_match("kony", 4, rng=random.Random(1))
    assert len(match.players) == 4


@pytest.mark.parametrize(("size", "each"), [(32, 8), (36, 9), (52, 13)])
def test_T1_pack_sizes_32_36_52_all_dealt(size: int, each: int) -> None:
    """T1: ``pack_size`` 32 (7–A, the default), 36 (6–A) or 52; the whole pack is dealt."""
    options = {} if size == 32 else {"pack_size": size}
    match = new_match("kony", 4, rng=random.Random(7), **options)
    deal = match.start_deal()
    hands = [deal.observation(s).hand for s in range(4)]
    assert [len(h) for h in hands] == [each] * 4
    assert sorted(c for h in hands for c in h) == sorted(pack(size))


def test_T1_the_default_pack_is_32_cards_seven_to_ace() -> None:
    """T1: by default the 32-card pack 7–A: a 36-card deck is refused."""
    match = new_match("kony", 4, first_dealer=0)
    with pytest.raises(IllegalActionError):
        match.start_deal(list(pack(36)), 0)
    deal = match.start_deal(list(pack(32)), 0)
    assert all(len(deal.observation(s).hand) == 8 for s in range(4))


def test_T1_pack_size_36_and_52_deal_in_order() -> None:
    """T1, T2: the 36- and 52-card packs in pack order, dealer seat 0: seat 1 gets positions
    0, 4, 8, … of the deck."""
    m36 = new_match("kony", 4, first_dealer=0, pack_size=36)
    d36 = m36.start_deal(list(pack(36)), 0)
    # 6S 7S 8S 9S TS JS QS KS AS | 6C … AC (9–17) | 6D … AD (18–26) | 6H … AH (27–35):
    # 0 6S, 4 TS, 8 AS, 12 9C, 16 KC, 20 8D, 24 QD, 28 7H, 32 JH.
    assert hand(d36, 1) == "6S TS AS 9C KC 8D QD 7H JH"
    m52 = new_match("kony", 4, first_dealer=0, pack_size=52)
    d52 = m52.start_deal(list(pack(52)), 0)
    # 2S … AS (0–12), 2C … AC (13–25), 2D … (26–38), 2H … (39–51): 0 2S, 4 6S, 8 TS,
    # 12 AS, 16 5C, 20 9C, 24 KC, 28 4D, 32 8D, 36 QD, 40 3H, 44 7H, 48 JH.
    assert hand(d52, 1) == "2S 6S TS AS 5C 9C KC 4D 8D QD 3H 7H JH"


def test_T1_pack_size_bad_values_are_refused() -> None:
    """T1: ``pack_size`` is 32, 36 or 52."""
    for bad in (30, 40, 24, "32", None):
        with pytest.raises(RulesError) as info:
            new_match("kony", 4, pack_size=bad)
        assert info.value.options == ("pack_size",)
        assert "pack_size" in str(info.value)


def test_T1_ranks_are_N1_the_jack_above_the_ten() -> None:
    """T1: ranked as N1 (A K Q J 10 …): a jack beats a ten of its suit."""
    hands = {
        1: "TS 7C 8C 9C TC 7D 8D 9D",
        2: "JS JC QC KC AC TD JD QD",
        3: "9S KD AD 7H 8H 9H TH JH",
        0: "8S 7S QS KS AS QH KH AH",
    }
    deal = deal_of("kony", 4, 0, hands)
    run(deal, "p2 trump D", "p2 TS")
    assert legal(deal) == {"JS"}
    run(deal, "p3 JS", "p4 9S")
    assert legal(deal) == {"7S", "8S", "QS", "KS", "AS"}
    run(deal, "p1 8S")
    assert deal.to_move == 2  # JS above TS


# T2 -----------------------------------------------------------------------------------------

# The 32-card pack in its order (N1/N3): positions 0 … 31.
PACK32 = (
    "7S 8S 9S TS JS QS KS AS 7C 8C 9C TC JC QC KC AC"
    " 7D 8D 9D TD JD QD KD AD 7H 8H 9H TH JH QH KH AH"
)


def test_T2_one_card_at_a_time_from_the_dealers_left() -> None:
    """T2: one card at a time from the dealer's left, the dealer last."""
    match = new_match("kony", 4, first_dealer=0)
    deal = match.start_deal(parse_cards(PACK32), 0)
    assert hand(deal, 1) == "7S JS 7C JC 7D JD 7H JH"  # positions 0, 4, 8, … 28
    assert hand(deal, 2) == "8S QS 8C QC 8D QD 8H QH"  # 1, 5, … 29
    assert hand(deal, 3) == "9S KS 9C KC 9D KD 9H KH"  # 2, 6, … 30
    assert hand(deal, 0) == "TS AS TC AC TD AD TH AH"  # 3, 7, … 31: the dealer last


def test_T2_the_deal_starts_at_the_dealers_left_whoever_deals() -> None:
    """T2: dealer seat 2: the first card goes to seat 3, the last to seat 2."""
    match = new_match("kony", 4, first_dealer=2)
    deal = match.start_deal(parse_cards(PACK32), 2)
    assert hand(deal, 3) == "7S JS 7C JC 7D JD 7H JH"
    assert hand(deal, 0) == "8S QS 8C QC 8D QD 8H QH"
    assert hand(deal, 1) == "9S KS 9C KC 9D KD 9H KH"
    assert hand(deal, 2) == "TS AS TC AC TD AD TH AH"


def test_T2_the_dealer_rotates_clockwise() -> None:
    """T2 (D4): after seat 0 deals, seat 1 deals; seat 2 (or seat 0 again) may not."""
    match = new_match("kony", 4, first_dealer=0)
    k2_deal(match)
    for wrong in (0, 2, 3):
        with pytest.raises(IllegalActionError) as info:
            match.start_deal(deck_for("kony", 4, wrong, SUITS), wrong)
        assert info.value.clause in ("D4", "T2")
    deal = match.start_deal(deck_for("kony", 4, 1, SUITS), 1)
    assert deal.dealer == 1
    assert deal.to_move == 2  # his left names the trump (T3)


def test_T2_a_game_is_four_deals_and_a_fifth_is_an_error() -> None:
    """T2: after four deals the game is over; a fifth deal is refused citing T2."""
    match = new_match("kony", 4, first_dealer=0)
    k2_deal(match)
    for dealer in (1, 2, 3):
        assert not match.is_over
        suits_deal(match, dealer, "C")
    assert match.is_over
    assert len(match.deals) == 4
    with pytest.raises(IllegalActionError) as info:
        match.start_deal(deck_for("kony", 4, 0, SUITS), 0)
    assert info.value.clause == "T2"
    assert str(info.value).startswith("T2")


def four_deal_record(extra: bool = False, drop: int = 0, rules: Any = "kony") -> str:
    """K2 (dealer 0, hearts), then SUITS dealt by 1, 2, 3 with clubs named: seat 1 trumps the
    first lead and takes every trick."""
    deals = [(0, deck_for("kony", 4, 0, K2), lines(K2, 1, "H", K2_TRICKS))]
    for dealer in (1, 2, 3, 0) if extra else (1, 2, 3):
        namer = (dealer + 1) % 4
        # Trick 1: the namer leads his seven, the others follow round the table with theirs;
        # seat 1 (void, holding clubs, the trumps) plays 7C and takes it; then he leads
        # 8C … AC and the others throw their cards from the eight up.
        first = [SUITS[(namer + i) % 4].split()[0] for i in range(4)]
        rest = [" ".join(SUITS[(1 + i) % 4].split()[k] for i in range(4)) for k in range(1, 8)]
        tricks = (" ".join(first), *rest)
        deals.append((dealer, deck_for("kony", 4, dealer, SUITS), lines(SUITS, namer, "C", tricks)))
    if drop:
        deals = deals[:-drop]
    return record_text(rules, deals)


def test_T2_a_record_with_a_fifth_deal_is_an_error() -> None:
    """T2: a record of five deals is rejected at deal 5, citing T2."""
    with pytest.raises(RecordError) as info:
        loads(four_deal_record(extra=True)).replay()
    assert info.value.deal == 5
    assert "T2" in str(info.value)


def test_T2_a_record_with_fewer_deals_has_no_winners() -> None:
    """T2: three deals of four: ``winners`` null."""
    out = loads(four_deal_record(drop=1)).replay().summary()
    assert out["winners"] is None
    assert out["totals"] == [6, 57, 6, 3]  # [6, 9, 6, 3] + 2 × [0, 24, 0, 0]
    assert len(out["deals"]) == 3


def test_T2_a_full_record_replays_to_its_winner() -> None:
    """T2, T5: the four deals: [6, 9, 6, 3] + 3 × [0, 24, 0, 0] = [6, 81, 6, 3]."""
    out = loads(four_deal_record()).replay().summary()
    assert out["totals"] == [6, 81, 6, 3]
    assert out["winners"] == [1]


def test_T2_a_record_with_the_wrong_dealer_is_an_error() -> None:
    """T2 (D4): a second deal dealt by seat 0 again is rejected at deal 2."""
    deck = deck_for("kony", 4, 0, K2)
    acts = lines(K2, 1, "H", K2_TRICKS)
    with pytest.raises(RecordError) as info:
        loads(record_text("kony", [(0, deck, acts), (0, deck, acts)])).replay()
    assert info.value.deal == 2
    assert info.value.action is None


# T3 -----------------------------------------------------------------------------------------


def test_T3_the_dealers_left_names_the_trump_first() -> None:
    """T3: before the first lead the player at the dealer's left names S, C, D or H, having
    seen his hand; there is no no-trump."""
    deal = deal_of("kony", 4, 0, K2)
    assert deal.to_move == 1
    view = deal.observation(1)
    assert view.phase is Phase.TRUMP
    assert len(view.hand) == 8
    assert legal(deal) == {"trump S", "trump C", "trump D", "trump H"}
    assert deal.legal_actions(2) == []
    with pytest.raises(NotationError):
        games.family("kony").parse_line("p2 trump N")


def test_T3_nobody_else_names_and_no_card_before_the_trump() -> None:
    """T3: another seat may not name the trump, and no card is led before it is named."""
    deal = deal_of("kony", 4, 0, K2)
    refuse(deal, "p3 trump H", "T3")
    refuse(deal, "p1 trump H", "T3")
    refuse(deal, "p2 AC", "T3")
    run(deal, "p2 trump H")
    assert deal.observation(0).trump == 3  # hearts
    assert deal.to_move == 1
    assert deal.observation(1).phase is Phase.PLAY


def test_T3_whoever_deals_his_left_names() -> None:
    """T3: dealer seat 3: seat 0 names."""
    deal = deal_of("kony", 4, 3, {})
    assert deal.to_move == 0
    refuse(deal, "p2 trump S", "T3")
    run(deal, "p1 trump S")
    assert deal.to_move == 0  # and leads (T4)


def test_T3_each_player_names_once_over_four_deals() -> None:
    """T3: dealers 0, 1, 2, 3 in turn: seats 1, 2, 3, 0 name, once each."""
    match = new_match("kony", 4, first_dealer=0)
    k2_deal(match)
    for dealer, trump in ((1, "D"), (2, "H"), (3, "S")):
        suits_deal(match, dealer, trump)
    namers = [[e.seat for e in d.events if e.kind is Kind.TRUMP] for d in match.deals]
    assert namers == [[1], [2], [3], [0]]
    assert [d.summary()["trump"] for d in match.deals] == ["H", "D", "H", "S"]


def test_T3_a_record_naming_by_the_wrong_seat_is_an_error() -> None:
    """T3: ``p3 trump H`` when seat 1 (p2) is to name: deal 1, action 1, citing T3."""
    deck = deck_for("kony", 4, 0, K2)
    with pytest.raises(RecordError) as info:
        loads(record_text("kony", [(0, deck, ["p3 trump H"])])).replay()
    assert (info.value.deal, info.value.action) == (1, 1)
    assert "T3" in str(info.value)


# T4 -----------------------------------------------------------------------------------------


def test_T4_the_namer_leads_the_first_trick() -> None:
    """T4: he who named the trump leads; nobody else."""
    deal = t4_deal()
    assert deal.to_move == 1
    refuse(deal, "p1 9C", "T4")
    refuse(deal, "p3 KS", "T4")
    run(deal, "p2 AC")
    assert deal.to_move == 2


def test_T4_follow_suit() -> None:
    """T4: holding the suit led, a player must follow, not trump."""
    deal = t4_deal()
    run(deal, "p2 AC", "p3 9H", "p4 7H")
    assert legal(deal) == {"9C", "TC", "JC", "QC", "KC"}
    refuse(deal, "p1 KH", "T4")
    run(deal, "p1 KC")
    # Seat 2 took it (below); he leads KS; seat 3 holds AS TS and must follow.
    run(deal, "p3 KS")
    assert legal(deal) == {"AS", "TS"}
    refuse(deal, "p4 AH", "T4")


def test_T4_void_a_trump_if_he_has_one() -> None:
    """T4 (``must_trump`` true): void in the suit led, a player holding trumps plays one."""
    deal = t4_deal()
    run(deal, "p2 AC")
    assert legal(deal) == {"8H", "9H"}
    err = refuse(deal, "p3 KS", "T4")
    assert "KS" in str(err)
    run(deal, "p3 9H")
    assert legal(deal) == {"7H", "QH", "AH"}
    refuse(deal, "p4 AS", "T4")


def test_T4_no_duty_to_head_the_trick() -> None:
    """T4: no duty to head: a lower trump after a trump (no overtrumping), a lower card of
    the suit led."""
    deal = t4_deal()
    run(deal, "p2 AC", "p3 9H")
    assert "7H" in legal(deal)  # below 9H, still legal
    run(deal, "p4 7H", "p1 9C")  # 9C below AC
    assert deal.to_move == 2  # 9H the highest trump
    run(deal, "p3 KS")
    assert legal(deal) == {"AS", "TS"}  # TS below KS is legal
    run(deal, "p4 TS")
    assert legal(deal) == {"TH", "JH", "KH"}  # seat 0 void in spades: a trump
    run(deal, "p1 TH")
    assert legal(deal) == {"7S", "8S"}
    run(deal, "p2 7S")
    assert deal.to_move == 0  # TH trumps KS
    assert deal.observation(0).tricks_taken == (1, 0, 1, 0)


def test_T4_the_highest_trump_wins() -> None:
    """T4: of several trumps the highest takes the trick."""
    deal = t4_deal()
    run(deal, "p2 AC", "p3 8H", "p4 QH", "p1 KC")
    assert deal.to_move == 3  # QH above 8H; AC, the highest club, loses to them
    assert deal.observation(0).tricks_taken == (0, 0, 0, 1)


def test_T4_must_trump_false_void_plays_any_card() -> None:
    """T4: ``must_trump = false``: a void player may play any card; with no trump on the
    trick the highest card of the suit led wins, whatever was thrown."""
    deal = t4_deal(must_trump=False)
    run(deal, "p2 AC")
    assert legal(deal) == set(T4_HANDS[2].split())
    run(deal, "p3 KD")
    assert legal(deal) == set(T4_HANDS[3].split())
    run(deal, "p4 AD")
    assert legal(deal) == {"9C", "TC", "JC", "QC", "KC"}  # following is still owed
    refuse(deal, "p1 KH", "T4")
    run(deal, "p1 KC")
    assert deal.to_move == 1  # AC: the aces and kings of diamonds thrown do not count


def test_T4_must_trump_false_a_trump_still_wins() -> None:
    """T4: with ``must_trump = false`` a trump played of choice still beats the suit led."""
    deal = t4_deal(must_trump=False)
    run(deal, "p2 AC", "p3 8H", "p4 AS", "p1 9C")
    assert deal.to_move == 2


def test_T4_must_trump_bad_values_are_refused() -> None:
    """T4: ``must_trump`` is true or false."""
    for bad in ("no", 0, None):
        with pytest.raises(RulesError) as info:
            new_match("kony", 4, must_trump=bad)
        assert info.value.options == ("must_trump",)
        assert "must_trump" in str(info.value)


# T5 -----------------------------------------------------------------------------------------


def test_T5_three_points_a_trick() -> None:
    """T5: every trick taken scores 3: K2's tricks [2, 3, 2, 1] score [6, 9, 6, 3]."""
    match = new_match("kony", 4, first_dealer=0)
    out = k2_deal(match).summary()
    assert out["tricks"] == [2, 3, 2, 1]
    assert out["scores"] == [6, 9, 6, 3]
    assert sum(out["scores"]) == 3 * 8


def test_T5_no_trick_no_score() -> None:
    """T5: the namer of his own suit takes all 8 tricks: 24; the others 0."""
    match = new_match("kony", 4, first_dealer=0)
    out = suits_deal(match, 0, "C").summary()  # seat 1 holds the clubs
    assert out["tricks"] == [0, 8, 0, 0]
    assert out["scores"] == [0, 24, 0, 0]


def test_T5_a_void_player_trumps_the_lead_and_takes_the_rest() -> None:
    """T5, T4: dealer 1, seat 2 names clubs and leads 7D; seat 1 (void, clubs only) must
    trump, takes the trick, then leads clubs to the end: 8 tricks, 24."""
    match = new_match("kony", 4, first_dealer=1)
    out = suits_deal(match, 1, "C").summary()
    assert out["tricks"] == [0, 8, 0, 0]
    assert out["scores"] == [0, 24, 0, 0]


def test_T5_the_highest_total_wins() -> None:
    """T5: after the fourth deal the highest total wins: [6, 81, 6, 3], seat 1."""
    match = new_match("kony", 4, first_dealer=0)
    k2_deal(match)  # [6, 9, 6, 3]
    for dealer in (1, 2, 3):
        suits_deal(match, dealer, "C")  # seat 1 takes all: [0, 24, 0, 0]
    assert match.summary()["totals"] == [6, 81, 6, 3]
    assert match.winners() == [1]


def test_T5_players_tied_for_the_highest_share_the_win() -> None:
    """T5: each namer of his own suit takes all 8 tricks: K2 [6, 9, 6, 3], then seats 2, 3, 0
    24 each: [30, 9, 30, 27]; seats 0 and 2 share."""
    match = new_match("kony", 4, first_dealer=0)
    k2_deal(match)
    for dealer in (1, 2, 3):
        namer = (dealer + 1) % 4
        suits_deal(match, dealer, SUIT_OF[namer])
    out = match.summary()
    assert out["totals"] == [30, 9, 30, 27]
    assert out["winners"] == [0, 2]


def test_T5_all_four_tied() -> None:
    """T5: four deals of SUITS, each namer naming his own suit: 24 each, all share."""
    match = new_match("kony", 4, first_dealer=0)
    for dealer in range(4):
        suits_deal(match, dealer, SUIT_OF[(dealer + 1) % 4])
    assert match.summary()["totals"] == [24, 24, 24, 24]
    assert match.winners() == [0, 1, 2, 3]


# T6 -----------------------------------------------------------------------------------------


def test_T6_output_per_deal_and_overall() -> None:
    """T6: per deal ``trump``, ``tricks`` and ``scores`` per seat, ``totals``; overall
    ``totals`` and ``winners``."""
    out = loads(four_deal_record()).replay().summary()
    first, second = out["deals"][:2]
    assert set(first) == {"trump", "tricks", "scores", "totals"}
    assert first == {
        "trump": "H",
        "tricks": [2, 3, 2, 1],
        "scores": [6, 9, 6, 3],
        "totals": [6, 9, 6, 3],
    }
    assert second == {
        "trump": "C",
        "tricks": [0, 8, 0, 0],
        "scores": [0, 24, 0, 0],
        "totals": [6, 33, 6, 3],
    }
    assert out["deals"][3]["totals"] == [6, 81, 6, 3]
    assert out["totals"] == [6, 81, 6, 3]
    assert out["winners"] == [1]


def test_T6_record_rules_and_actions() -> None:
    """T6: ``"rules": {"preset": "kony"}``; each deal ``dealer``, ``deck`` and ``actions``:
    ``pN trump SUIT``, then the cards."""
    match = new_match("kony", 4, first_dealer=0)
    k2_deal(match)
    rec = match.record()
    assert rec["rules"] in ("kony", {"preset": "kony"})
    deal = rec["deals"][0]
    assert set(deal) == {"dealer", "deck", "actions"}
    assert deal["dealer"] == 1
    assert deal["deck"].split() == [card_str(c) for c in deck_for("kony", 4, 0, K2)]
    assert deal["actions"] == lines(K2, 1, "H", K2_TRICKS)
    assert deal["actions"][0] == "p2 trump H"
    assert len(deal["actions"]) == 1 + 32
    # The §12 forms of the rules, {"preset": "kony"} and "kony", replay alike.
    for rules in ({"preset": "kony"}, "kony"):
        text = record_text(rules, [(0, deck_for("kony", 4, 0, K2), deal["actions"])])
        assert loads(text).replay().summary()["deals"][0]["scores"] == [6, 9, 6, 3]


def test_T6_record_with_options() -> None:
    """T6: options ``pack_size`` and ``must_trump`` in a record's rules."""
    match = new_match("kony", 4, first_dealer=0, must_trump=False)
    k2_deal(match)
    assert match.record()["rules"] == {"preset": "kony", "must_trump": False}
    text = four_deal_record(rules={"preset": "kony", "must_trump": False, "pack_size": 32})
    out = loads(text).replay().summary()
    # Without the duty to trump seat 1 may still trump with his clubs (he holds nothing
    # else), so the result is the same.
    assert out["totals"] == [6, 81, 6, 3]


def test_T6_a_record_breaking_T4_names_deal_action_and_clause() -> None:
    """T6, §12: p4 throws AS on the club lead while holding trumps: deal 1, action 4, T4."""
    deck = deck_for("kony", 4, 0, T4_HANDS)
    text = record_text("kony", [(0, deck, ["p2 trump H", "p2 AC", "p3 9H", "p4 AS"])])
    with pytest.raises(RecordError) as info:
        loads(text).replay()
    assert (info.value.deal, info.value.action) == (1, 4)
    assert "T4" in str(info.value)


def test_T6_unknown_options_and_bad_values_in_a_record() -> None:
    """T6, §12: only ``pack_size`` and ``must_trump``; an unknown option or a bad value is an
    error naming it."""
    for rules, name in (
        ({"preset": "kony", "deals": 4}, "deals"),
        ({"preset": "kony", "jacks_trump": True}, "jacks_trump"),
        ({"preset": "kony", "pack_size": 40}, "pack_size"),
        ({"preset": "kony", "must_trump": "yes"}, "must_trump"),
    ):
        with pytest.raises(RecordError) as info:
            loads(four_deal_record(rules=rules))
        assert info.value.deal is None
        assert name in str(info.value)
        cause = info.value.cause
        assert isinstance(cause, RulesError)
        assert cause.options == (name,)


def test_T6_unknown_options_through_the_api() -> None:
    """T6: ``deals``, ``rank_order`` … are no options of kony."""
    for name in ("deals", "rank_order", "jacks_trump", "start_score"):
        with pytest.raises(RulesError) as info:
            new_match("kony", 4, **{name: 1})
        assert info.value.options == (name,)
        assert name in str(info.value)
