"""Fikhman's «Рамс», i.e. Ramsch (F1–F9): RULES.md §10.2, with §12 for records.

Presets ``ramsch`` and ``ramsch-jacks``. Every expected value is worked out by hand from
RULES.md; the arithmetic is in the comments. Seats are 0-based here (``p1`` is seat 0).
Card points (F6): A 11, 10 10, K 4, Q 3, J 2, 9 8 7 nothing; 30 a suit, 120 a deal.

The whole deals below are built so that their play is easy to follow: "L" is the dealer's
left (he leads the first trick, F3), "M" the next seat, "D" the dealer.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from rams import games
from rams.cards import card_str, cards_str, pack, parse_cards
from rams.errors import IllegalActionError, RecordError, RulesError
from rams.record import loads
from tests.plain.helpers import deal_of, deck_for, hand, run

# Helpers ------------------------------------------------------------------------------------


def new_match(preset: str, players: int, **options: Any) -> Any:
    """``games.new_match`` (the public API), its match typed loosely for the tests."""
    return games.new_match(preset, players, **options)


def legal(deal: Any, seat: int | None = None) -> set[str]:
    """The cards ``seat`` (the seat to move by default) may play, in record notation."""
    return {card_str(a.card) for a in deal.legal_actions(seat)}


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
    seats = [s for s in range(deal.rules.players) if c in deal.observation(s).hand]
    assert len(seats) == 1, f"{card} is held by {seats}"
    return seats[0]


def play(deal: Any, *tricks: str) -> Any:
    """Play the cards of each trick in the order given, each by the seat that holds it (the
    engine refuses a card played out of turn, so this also checks who is to move)."""
    for trick in tricks:
        for c in trick.split():
            run(deal, f"p{holder(deal, c) + 1} {c}")
    return deal


def rotate(hands: dict[int, str], by: int, n: int) -> dict[int, str]:
    """The same deal with every hand moved ``by`` seats clockwise (for a later dealer)."""
    return {(s + by) % n: h for s, h in hands.items()}


def lines(hands: dict[int, str], tricks: tuple[str, ...]) -> list[str]:
    """The record's actions (``pN CARD``) of ``tricks``, each card by the seat dealt it."""
    owner = {c: s for s, h in hands.items() for c in h.split()}
    return [f"p{owner[c] + 1} {c}" for t in tricks for c in t.split()]


def record_text(rules: Any, players: int, deals: list[tuple[int, list[int], list[str]]]) -> str:
    """A §12 record: ``deals`` as (dealer 0-based, deck, actions)."""
    return json.dumps(
        {
            "format": "rams-record/1",
            "rules": rules,
            "players": [f"P{i + 1}" for i in range(players)],
            "deals": [
                {"dealer": d + 1, "deck": cards_str(deck), "actions": acts}
                for d, deck, acts in deals
            ],
        }
    )


# Whole deals, three players, dealer seat 0: L = seat 1, M = seat 2, D = seat 0 -----------------

# VOID3: 40 card points each (F7.1). L takes tricks 1–3, M 4–7, D 8–10 and the skat.
VOID3 = {
    1: "AS TS 8S 7C QC QD JD 9D QH 9H",
    2: "QS KS TC AC KC JC AD 8D 7H 8H",
    0: "JS 9S 7S 8C 9C KD 7D TD TH JH",
}
VOID3_SKAT = "AH KH"
VOID3_TRICKS = (
    "AS QS JS",  # L: 11 + 3 + 2 = 16
    "TS KS 9S",  # L: the ten above the king (F4): 10 + 4 = 14 → 30
    "8S TC 7S",  # L: M void in spades throws TC: 10 → 40
    "7C AC 8C",  # M: 11
    "KC 9C QC",  # M: 4 + 3 = 7 → 18
    "JC KD QD",  # M: D and L void in clubs: 2 + 4 + 3 = 9 → 27
    "AD 7D JD",  # M: 11 + 2 = 13 → 40
    "8D TD 9D",  # D: 10
    "TH QH 7H",  # D: 10 + 3 = 13 → 23
    "JH 9H 8H",  # D: 2 → 25, and the last trick: the skat AH KH, 11 + 4 = 15 → 40
)

# TEN3: as VOID3, but M holds KH AH and the skat is 7H 8H (no points).
TEN3 = {
    1: "AS TS 8S 7C QC QD JD 9D QH 9H",
    2: "QS KS TC AC KC JC AD 8D KH AH",
    0: "JS 9S 7S 8C 9C KD 7D TD TH JH",
}
TEN3_SKAT = "7H 8H"
TEN3_TRICKS = (
    *VOID3_TRICKS[:8],  # L 40 (3 tricks), M 40 (4 tricks), D 10 (1 trick)
    "TH QH KH",  # D: TH above KH and QH (F4): 10 + 3 + 4 = 17 → 27
    "JH 9H AH",  # M: 2 + 11 = 13 → 53, and the skat: 0
)

# FIFTEEN3: L runs his eight spades, M takes the last two tricks, D takes none.
FIFTEEN3 = {
    1: "7S 8S 9S TS JS QS KS AS 7C 7D",
    2: "AC TC KC QC JC AD TD KD QD JD",
    0: "9C 8C 9D 8D 7H 8H 9H TH JH QH",
}
FIFTEEN3_SKAT = "KH AH"
FIFTEEN3_TRICKS = (
    "AS AD 7H",  # L: 11 + 11 = 22
    "TS TD 8H",  # L: 10 + 10 = 20 → 42
    "KS KD 9H",  # L: 4 + 4 = 8 → 50
    "QS QD TH",  # L: 3 + 3 + 10 = 16 → 66
    "JS JD JH",  # L: 2 + 2 + 2 = 6 → 72
    "9S QC QH",  # L: 3 + 3 = 6 → 78
    "8S KC 9D",  # L: 4 → 82
    "7S TC 8D",  # L: 10 → 92
    "7C AC 9C",  # M: 11
    "JC 8C 7D",  # M: 2 → 13, and the skat KH AH: 15 → 28
)

# ALL3: L takes every trick.
ALL3 = {
    1: "7S 8S 9S TS JS QS KS AS AC TC",
    2: "KC QC JC 9C 8C 7D 8D 9D TD JD",
    0: "7C QD KD AD 7H 8H 9H TH JH QH",
}
ALL3_SKAT = "KH AH"
ALL3_TRICKS = (
    "AC 8C 7C",  # 11
    "TC 9C 7H",  # 10 → 21
    "AS JC 8H",  # 11 + 2 = 13 → 34
    "TS QC 9H",  # 10 + 3 = 13 → 47
    "KS KC TH",  # 4 + 4 + 10 = 18 → 65
    "QS 7D JH",  # 3 + 2 = 5 → 70
    "JS 8D QH",  # 2 + 3 = 5 → 75
    "9S 9D QD",  # 3 → 78
    "8S TD KD",  # 10 + 4 = 14 → 92
    "7S JD AD",  # 2 + 11 = 13 → 105, and the skat KH AH: 15 → 120
)

# Whole deals, four players, dealer seat 0 (seat 1 leads) -------------------------------------
# Each holds two cards of every suit and each trick is four cards of one suit, so the seat
# holding the trick's highest card takes it.

VOID4 = {
    0: "AH TH KS QS KC QC KD QD",
    1: "AS TS JC 9C JD 9D KH QH",
    2: "AC TC JS 9S 8D 7D JH 9H",
    3: "AD TD 8S 7S 8C 7C 8H 7H",
}
VOID4_TRICKS = (
    "AS JS 8S KS",  # seat 1: 11 + 2 + 4 = 17
    "TS 9S 7S QS",  # seat 1: 10 + 3 = 13 → 30
    "JC AC 8C KC",  # seat 2: 2 + 11 + 4 = 17
    "TC 7C QC 9C",  # seat 2: 10 + 3 = 13 → 30
    "8D AD KD JD",  # seat 3: 11 + 4 + 2 = 17
    "TD QD 9D 7D",  # seat 3: 10 + 3 = 13 → 30
    "8H AH KH JH",  # seat 0: 11 + 4 + 2 = 17
    "TH QH 9H 7H",  # seat 0: 10 + 3 = 13 → 30
)

TIED4 = {
    0: "AS TH KC KD KH 9C 9S 9D",
    1: "TS JH AC AD QH 8C 8S 8D",
    2: "KS 9H QC QD AH TC 7S 7D",
    3: "QS 8H JC JD 7H 7C JS TD",
}
TIED4_TRICKS = (
    "AC QC JC KC",  # seat 1: 11 + 3 + 2 + 4 = 20
    "AD QD JD KD",  # seat 1: 20 → 40
    "TS KS QS AS",  # seat 0: 10 + 4 + 3 + 11 = 28
    "TH JH 9H 8H",  # seat 0: 10 + 2 = 12 → 40
    "KH QH AH 7H",  # seat 2: 4 + 3 + 11 = 18
    "TC 7C 9C 8C",  # seat 2: 10 → 28
    "7S JS 9S 8S",  # seat 3: 2
    "TD 9D 8D 7D",  # seat 3: 10 → 12
)

WINNERS4 = {
    0: "AS AH KC 9D KD 9C 9S QH",
    1: "TS KH AC TD QD 8C 8S 8H",
    2: "KS JH QC 8D AD TC 7S 7H",
    3: "QS 9H JC 7D JD 7C JS TH",
}
WINNERS4_TRICKS = (
    "AC QC JC KC",  # seat 1: 20
    "TD 8D 7D 9D",  # seat 1: 10 → 30
    "TS KS QS AS",  # seat 0: 28
    "AH KH JH 9H",  # seat 0: 11 + 4 + 2 = 17 → 45
    "KD QD AD JD",  # seat 2: 20
    "TC 7C 9C 8C",  # seat 2: 10 → 30
    "7S JS 9S 8S",  # seat 3: 2
    "TH QH 8H 7H",  # seat 3: TH above QH (F4): 10 + 3 = 13 → 15
)

TWO4 = {
    0: "QS 7S QC 7C QD 7D QH 7H",
    1: "AS JS AC JC TD 9D TH 9H",
    2: "TS 9S TC 9C AD JD AH JH",
    3: "KS 8S KC 8C KD 8D KH 8H",
}
TWO4_TRICKS = (
    "AS TS KS QS",  # seat 1: 11 + 10 + 4 + 3 = 28
    "JS 9S 8S 7S",  # seat 1: 2 → 30
    "AC TC KC QC",  # seat 1: 28 → 58
    "JC 9C 8C 7C",  # seat 1: 2 → 60
    "TD AD KD QD",  # seat 2: 28
    "JD 8D 7D 9D",  # seat 2: 2 → 30
    "AH KH QH TH",  # seat 2: 28 → 58
    "JH 8H 7H 9H",  # seat 2: 2 → 60
)

# Seat 1 holds every spade, seat 2 every club, seat 3 every diamond, seat 0 every heart.
SUITS4 = {
    1: "7S 8S 9S TS JS QS KS AS",
    2: "7C 8C 9C TC JC QC KC AC",
    3: "7D 8D 9D TD JD QD KD AD",
    0: "7H 8H 9H TH JH QH KH AH",
}
SUITS4_TRICKS = tuple(
    " ".join(SUITS4[s].split()[k] for s in (1, 2, 3, 0)) for k in range(8)
)  # seat 1 leads a spade each time; the others, void, throw anything (F4): he takes all 8


def whole(
    hands: dict[int, str],
    tricks: tuple[str, ...],
    skat: str = "",
    dealer: int = 0,
    preset: str = "ramsch",
    **options: Any,
) -> Any:
    """A whole deal of one of the designs above, dealt by ``dealer`` (hands rotated)."""
    n = len(hands)
    deal = deal_of(preset, n, dealer, rotate(hands, dealer, n), skat, **options)
    return play(deal, *tricks)


def in_match(
    match: Any, hands: dict[int, str], tricks: tuple[str, ...], skat: str, dealer: int
) -> Any:
    """Deal one of the designs in ``match`` (hands rotated to ``dealer``) and play it out."""
    n = len(hands)
    deck = deck_for(match.rules.preset_name, n, dealer, rotate(hands, dealer, n), skat)
    deal = match.start_deal(deck, dealer)
    return play(deal, *tricks)


# F1 -----------------------------------------------------------------------------------------


def test_F1_three_or_four_players_and_the_32_card_pack() -> None:
    """F1: 3 or 4 players; the 32-card pack 7–A is dealt (10 each and 2 aside, or 8 each)."""
    for n, size in ((3, 10), (4, 8)):
        match = new_match("ramsch", n, rng=random.Random(1))
        deal = match.start_deal()
        sizes = [len(deal.observation(s).hand) for s in range(n)]
        assert sizes == [size] * n
        held = {c for s in range(n) for c in deal.observation(s).hand}
        assert held <= set(pack(32))  # 7 to the ace only
        assert len(held) == n * size  # 30 of 32 with three (two in the skat), 32 with four


def test_F1_two_or_five_players_are_refused() -> None:
    """F1: a table of 2 or 5 is no Ramsch table: RulesError naming ``players``."""
    for preset in ("ramsch", "ramsch-jacks"):
        for n in (2, 5):
            with pytest.raises(RulesError) as info:
                new_match(preset, n)
            assert info.value.options == ("players",)


def test_F1_a_deck_that_is_not_the_32_card_pack_is_refused() -> None:
    """F1: the deck must be the 32-card pack (a 36-card deck, a card twice: refused)."""
    match = new_match("ramsch", 3, first_dealer=0)
    with pytest.raises(IllegalActionError) as info:
        match.start_deal(list(pack(36)), 0)
    assert info.value.clause in ("F1", "F2", "F9")
    twice = list(pack(32))
    twice[0] = twice[1]
    with pytest.raises(IllegalActionError):
        match.start_deal(twice, 0)


def test_F1_presets_ramsch_and_ramsch_jacks() -> None:
    """F1: ``ramsch-jacks`` is ``ramsch`` with ``jacks_trump``."""
    plain = games.family_of("ramsch").rules("ramsch", 3)
    jacks = games.family_of("ramsch-jacks").rules("ramsch-jacks", 3)
    assert (plain.jacks_trump, jacks.jacks_trump) == (False, True)
    assert plain.rank_order == jacks.rank_order == "ten_second"
    assert jacks.replace(jacks_trump=False).options() == {
        **plain.options(),
        "preset_name": "ramsch-jacks",
    }


def test_F1_no_trumps_an_ace_thrown_off_suit_does_not_win() -> None:
    """F1: no trumps: a card of another suit never takes the trick, not even an ace, and a
    jack is an ordinary card of its suit (F5 not in force)."""
    deal = deal_of(
        "ramsch",
        3,
        0,
        {
            1: "7S 8S 9S 7C 8C 9C 7D 8D 9D TD",
            2: "AH AC AD TH TC KH KC KD QH QC",
            0: "JS QS KS TS AS JC JD JH QD 9H",
        },
        "7H 8H",
    )
    assert deal.observation(1).trump is None
    run(deal, "p2 7S")
    assert legal(deal) == {
        "AH",
        "AC",
        "AD",
        "TH",
        "TC",
        "KH",
        "KC",
        "KD",
        "QH",
        "QC",
    }  # void: anything
    run(deal, "p3 AH")
    assert "JS" in legal(deal)  # the jack of spades is a spade
    assert "JC" not in legal(deal)  # and the jack of clubs no trump
    run(deal, "p1 JS")
    # 7S led, AH off suit, JS the highest spade: seat 0 takes it (11 + 2 = 13 points).
    assert deal.observation(0).tricks_taken == (1, 0, 0)
    assert deal.to_move == 0


# F2 -----------------------------------------------------------------------------------------

# The 32-card pack in its order (N1/N3): position 0 … 31.
PACK = (
    "7S 8S 9S TS JS QS KS AS 7C 8C 9C TC JC QC KC AC"
    " 7D 8D 9D TD JD QD KD AD 7H 8H 9H TH JH QH KH AH"
)


def test_F2_three_players_one_at_a_time_and_a_skat_of_two() -> None:
    """F2: one card at a time from the dealer's left, the dealer last; with three, 10 each and
    the last two cards of the deck are the skat (in nobody's hand)."""
    match = new_match("ramsch", 3, first_dealer=0)
    deal = match.start_deal(parse_cards(PACK), 0)
    # Dealer seat 0: positions 0, 3, 6 … go to seat 1; 1, 4, 7 … to seat 2; 2, 5, 8 … to seat 0.
    assert hand(deal, 1) == "7S TS KS 8C JC AC 9D QD 7H TH"  # 0 3 6 9 12 15 18 21 24 27
    assert hand(deal, 2) == "8S JS AS 9C QC 7D TD KD 8H JH"  # 1 4 7 … 28
    assert hand(deal, 0) == "9S QS 7C TC KC 8D JD AD 9H QH"  # 2 5 8 … 29
    held = {card_str(c) for s in range(3) for c in deal.observation(s).hand}
    assert held.isdisjoint({"KH", "AH"})  # positions 30 and 31 lie aside


def test_F2_the_deal_starts_at_the_dealers_left_whoever_deals() -> None:
    """F2: dealer seat 2: the first card goes to seat 0, the dealer's left."""
    match = new_match("ramsch", 3, first_dealer=2)
    deal = match.start_deal(parse_cards(PACK), 2)
    assert hand(deal, 0) == "7S TS KS 8C JC AC 9D QD 7H TH"
    assert hand(deal, 1) == "8S JS AS 9C QC 7D TD KD 8H JH"
    assert hand(deal, 2) == "9S QS 7C TC KC 8D JD AD 9H QH"


def test_F2_four_players_eight_each_and_no_skat() -> None:
    """F2: with four players each gets 8 and nothing lies aside."""
    match = new_match("ramsch", 4, first_dealer=0)
    deal = match.start_deal(parse_cards(PACK), 0)
    assert hand(deal, 1) == "7S JS 7C JC 7D JD 7H JH"  # positions 0 4 8 … 28
    assert hand(deal, 2) == "8S QS 8C QC 8D QD 8H QH"
    assert hand(deal, 3) == "9S KS 9C KC 9D KD 9H KH"
    assert hand(deal, 0) == "TS AS TC AC TD AD TH AH"


def test_F2_the_skat_goes_to_the_last_trick_and_is_no_trick() -> None:
    """F2: the skat's card points go to the winner of the last trick; it is not a trick."""
    deal = whole(VOID3, VOID3_TRICKS, VOID3_SKAT)
    out = deal.summary()
    # Seat 0 took 25 in tricks 8–10 and the last trick, so the skat AH KH (15): 40.
    assert out["card_points"] == [40, 40, 40]
    assert out["tricks"] == [3, 3, 4]  # ten tricks, the skat not counted as one
    assert sum(out["tricks"]) == 10


def test_F2_the_dealer_rotates_after_a_void_deal_too() -> None:
    """F2 (D4): the dealer rotates clockwise every deal, void deals included."""
    match = new_match("ramsch", 4, first_dealer=0)
    in_match(match, VOID4, VOID4_TRICKS, "", 0)
    assert match.deals[0].summary()["void"] is True
    with pytest.raises(IllegalActionError) as info:
        match.start_deal(deck_for("ramsch", 4, 0, VOID4), 0)  # seat 0 again
    assert info.value.clause in ("D4", "F2")
    deal = match.start_deal(deck_for("ramsch", 4, 1, rotate(VOID4, 1, 4)), 1)
    assert deal.dealer == 1
    assert deal.to_move == 2  # and his left leads (F3)


def test_F2_a_record_with_the_wrong_dealer_is_an_error() -> None:
    """F2 (D4): a record whose second deal is dealt by the same seat is rejected there."""
    deck = deck_for("ramsch", 4, 0, VOID4)
    acts = lines(VOID4, VOID4_TRICKS)
    text = record_text("ramsch", 4, [(0, deck, acts), (0, deck, acts)])
    with pytest.raises(RecordError) as info:
        loads(text).replay()
    assert info.value.deal == 2
    assert info.value.action is None


# F3 -----------------------------------------------------------------------------------------


def test_F3_the_dealers_left_leads_the_first_trick() -> None:
    """F3: the player at the dealer's left leads; nobody else may."""
    for dealer, leader in ((0, 1), (1, 2), (2, 0)):
        deal = deal_of("ramsch", 3, dealer, {}, "")
        assert deal.to_move == leader
    deal = deal_of("ramsch", 3, 0, {}, "")
    # Seat 2 (p3) and the dealer (p1) may not lead.
    refuse(deal, f"p3 {hand(deal, 2).split()[0]}", "F3")
    refuse(deal, f"p1 {hand(deal, 0).split()[0]}", "F3")


def test_F3_the_winner_of_a_trick_leads_the_next() -> None:
    """F3: the trick's winner leads the next one, and only he."""
    deal = deal_of("ramsch", 3, 0, VOID3, VOID3_SKAT)
    play(deal, "AS QS JS")  # seat 1 takes it
    assert deal.to_move == 1
    play(deal, "TS KS 9S", "8S TC 7S", "7C AC 8C")  # seat 1, 1, then seat 2 with AC
    assert deal.to_move == 2
    refuse(deal, "p2 QC", "F3")
    refuse(deal, "p1 9C", "F3")
    play(deal, "KC 9C QC")
    assert deal.observation(0).tricks_taken == (0, 3, 2)


def test_F3_playing_out_of_turn_inside_a_trick_is_refused() -> None:
    """F3: after the lead the next seat clockwise plays; the dealer may not jump in."""
    deal = deal_of("ramsch", 3, 0, VOID3, VOID3_SKAT)
    run(deal, "p2 AS")
    refuse(deal, "p1 JS", "F3")  # seat 2 (p3) is next
    run(deal, "p3 QS", "p1 JS")


# F4 -----------------------------------------------------------------------------------------

F4_HANDS = {
    1: "9S 7C 8C 9C TC 7D 8D 9D TD 7H",
    2: "AS 8S JC QC KC AC JD QD KD AD",
    0: "7S TS JS QS KS 8H 9H TH JH QH",
}  # skat KH AH


def test_F4_follow_suit_if_able() -> None:
    """F4: a player holding the suit led must play it."""
    deal = deal_of("ramsch", 3, 0, F4_HANDS, "KH AH")
    run(deal, "p2 9S")
    assert legal(deal) == {"AS", "8S"}
    err = refuse(deal, "p3 AC", "F4")
    assert "AC" in str(err)
    run(deal, "p3 8S")
    assert legal(deal) == {"7S", "TS", "JS", "QS", "KS"}
    refuse(deal, "p1 QH", "F4")


def test_F4_a_player_void_in_the_suit_may_play_any_card() -> None:
    """F4: void in the suit led, any card (no trumps in plain Ramsch)."""
    deal = deal_of("ramsch", 3, 0, F4_HANDS, "KH AH")
    run(deal, "p2 7H")
    assert legal(deal) == set(F4_HANDS[2].split())  # seat 2 has no heart
    run(deal, "p3 AS")
    run(deal, "p1 8H")  # seat 0 must follow hearts; his 8H above 7H takes it
    assert deal.to_move == 0


def test_F4_no_duty_to_head_the_trick() -> None:
    """F4: holding a higher card of the suit led, a lower one is just as legal."""
    deal = deal_of("ramsch", 3, 0, F4_HANDS, "KH AH")
    run(deal, "p2 9S")
    assert legal(deal) == {"AS", "8S"}  # 8S below 9S allowed
    run(deal, "p3 8S")
    assert {"7S", "KS"} <= legal(deal)
    run(deal, "p1 7S")
    assert deal.to_move == 1  # 9S stays the highest spade


def test_F4_the_ten_ranks_second_by_default() -> None:
    """F4: A 10 K Q J 9 8 7: the ten beats the king, the queen and the jack; the ace the ten."""
    deal = deal_of("ramsch", 3, 0, F4_HANDS, "KH AH")
    run(deal, "p2 TC", "p3 KC", "p1 QH")  # TC above KC
    assert deal.to_move == 1
    run(deal, "p2 TD", "p3 KD", "p1 JH")  # TD above KD
    assert deal.to_move == 1
    run(deal, "p2 9S", "p3 8S", "p1 TS")  # TS above 9S
    assert deal.to_move == 0
    run(deal, "p1 QS", "p2 7C", "p3 AS")  # AS above QS
    assert deal.to_move == 2


def test_F4_the_natural_rank_order_option() -> None:
    """F4: with ``rank_order = "natural"`` (A K Q J 10 9 8 7) the king beats the ten."""
    deal = deal_of("ramsch", 3, 0, F4_HANDS, "KH AH", rank_order="natural")
    run(deal, "p2 TC", "p3 KC", "p1 QH")
    assert deal.to_move == 2  # KC above TC
    run(deal, "p3 JC", "p1 8H", "p2 9C")
    assert deal.to_move == 2  # JC above 9C
    run(deal, "p3 QD", "p1 9H", "p2 TD")
    assert deal.to_move == 2  # QD above TD in the natural order


def test_F4_the_rank_order_decides_a_whole_deal() -> None:
    """F4: WINNERS4's last trick TH QH 8H 7H: seat 3's TH takes it by default, seat 0's QH
    with the natural order; the card points follow."""
    ten = whole(WINNERS4, WINNERS4_TRICKS).summary()
    assert ten["card_points"] == [45, 30, 30, 15]
    natural = whole(WINNERS4, WINNERS4_TRICKS, rank_order="natural").summary()
    # Seat 0 takes the 13 of the last trick: 45 + 13 = 58; seat 3 keeps 2.
    assert natural["card_points"] == [58, 30, 30, 2]
    assert natural["tricks"] == [3, 2, 2, 1]


def test_F4_rank_order_bad_values_are_refused() -> None:
    """F4: ``rank_order`` is ``ten_second`` or ``natural``."""
    for bad in ("tens", "NATURAL", 1, None):
        with pytest.raises(RulesError) as info:
            new_match("ramsch", 3, rank_order=bad)
        assert info.value.options == ("rank_order",)
        assert "rank_order" in str(info.value)


# F5 -----------------------------------------------------------------------------------------

JACKS = ("JC", "JS", "JD", "JH")  # F5: ♣ > ♠ > ♦ > ♥
NON_JACKS = [c for c in PACK.split() if c[0] != "J"]


@pytest.mark.parametrize(("led", "answer"), list(itertools.permutations(JACKS, 2)))
def test_F5_highest_jack_wins_clubs_spades_diamonds_hearts(led: str, answer: str) -> None:
    """F5: JC > JS > JD > JH. Seat 1 leads a jack, seat 2's only jack answers it, seat 0 has
    none (the other two jacks are the skat) and throws 7H; the higher jack takes the trick."""
    skat = " ".join(j for j in JACKS if j not in (led, answer))
    hands = {
        1: " ".join([led, *NON_JACKS[:9]]),
        2: " ".join([answer, *NON_JACKS[9:18]]),
        0: " ".join(NON_JACKS[18:]),
    }
    deal = deal_of("ramsch-jacks", 3, 0, hands, skat)
    run(deal, f"p2 {led}")
    assert legal(deal) == {answer}  # a led jack calls for a jack
    run(deal, f"p3 {answer}")
    assert "7H" in legal(deal)
    run(deal, "p1 7H")
    winner = 2 if JACKS.index(answer) < JACKS.index(led) else 1
    assert deal.to_move == winner
    assert deal.observation(0).extra["card_points"][winner] == 4  # two jacks, 2 each


def test_F5_all_four_jacks_the_club_jack_takes_it() -> None:
    """F5: four players, the jacks led and played JH, JS, JC, JD: the jack of clubs wins."""
    hands = {
        1: "JH 7S 8S 9S TS QS KS AS",
        2: "JS 7C 8C 9C TC QC KC AC",
        3: "JC 7D 8D 9D TD QD KD AD",
        0: "JD 7H 8H 9H TH QH KH AH",
    }
    deal = deal_of("ramsch-jacks", 4, 0, hands)
    run(deal, "p2 JH", "p3 JS", "p4 JC")
    assert legal(deal) == {"JD"}
    run(deal, "p1 JD")
    assert deal.to_move == 3


def test_F5_a_led_jack_must_be_answered_with_a_jack() -> None:
    """F5: on a led jack a player holding a jack must play one, not a card of its suit."""
    hands = {
        1: "JS AS TS KS 7C 8C 9C 7D 8D 9D",
        2: "JC QS 9S 8S AC TC KC JH 7H 8H",
        0: "JD AD TD KD QD 7S QC 9H TH AH",
    }
    deal = deal_of("ramsch-jacks", 3, 0, hands, "QH KH")
    run(deal, "p2 JS")
    assert legal(deal) == {"JC", "JH"}
    refuse(deal, "p3 QS", "F5")  # a spade does not answer the jack of spades
    run(deal, "p3 JH")
    assert legal(deal) == {"JD"}
    refuse(deal, "p1 7S", "F5")
    run(deal, "p1 JD")
    assert deal.to_move == 1  # JS above JD above JH
    # Without F5 the same lead is a spade: seat 2 follows with a spade, not a jack.
    plain = deal_of("ramsch", 3, 0, hands, "QH KH")
    run(plain, "p2 JS")
    assert legal(plain) == {"QS", "9S", "8S"}


def test_F5_a_jack_belongs_to_no_plain_suit() -> None:
    """F5: a led plain suit is answered with a non-jack card of it; the jack of that suit may
    not be played while one is held."""
    hands = {
        1: "JS AS TS KS 7C 8C 9C 7D 8D 9D",
        2: "JC QS 9S 8S AC TC KC JH 7H 8H",
        0: "JD AD TD KD QD 7S QC 9H TH AH",
    }
    deal = deal_of("ramsch-jacks", 3, 0, hands, "QH KH")
    run(deal, "p2 7C")
    assert legal(deal) == {"AC", "TC", "KC"}  # not JC
    refuse(deal, "p3 JC", "F5")
    run(deal, "p3 KC")
    assert legal(deal) == {"QC"}  # seat 0's jack of diamonds is no club either
    run(deal, "p1 QC")
    assert deal.to_move == 2  # KC above QC and 7C


def test_F5_holding_only_the_jack_of_the_suit_led_is_being_void() -> None:
    """F5: a player whose only card of the suit led is its jack may play any card (no duty to
    trump); played, the jack takes the trick, and still counts 2."""
    hands = {
        1: "AS TS KS QS 7C 8C 9C 7D 8D 9D",
        2: "JS JC AC TC KC QC 7H 8H 9H TH",
        0: "9S 8S 7S JD JH AD TD KD QD AH",
    }
    deal = deal_of("ramsch-jacks", 3, 0, hands, "QH KH")
    run(deal, "p2 AS")
    assert legal(deal) == set(hands[2].split())  # anything, a jack included
    run(deal, "p3 JS")
    assert legal(deal) == {"9S", "8S", "7S"}  # seat 0 holds plain spades: one of them
    run(deal, "p1 9S")
    assert deal.to_move == 2  # the jack, a trump, above the ace
    assert deal.observation(0).extra["card_points"] == [0, 0, 13]  # 11 + 2 + 0


def test_F5_void_with_a_jack_need_not_play_it() -> None:
    """F5: a player void in the suit led who holds a jack may keep it: no duty to trump."""
    hands = {
        1: "AS TS KS QS 7C 8C 9C 7D 8D 9D",
        2: "JS JC AC TC KC QC 7H 8H 9H TH",
        0: "9S 8S 7S JD JH AD TD KD QD AH",
    }
    deal = deal_of("ramsch-jacks", 3, 0, hands, "QH KH")
    run(deal, "p2 AS", "p3 7H", "p1 7S")
    assert deal.to_move == 1  # the ace of the suit led


def test_F5_jacks_trump_bad_values_are_refused() -> None:
    """F5: ``jacks_trump`` is true or false."""
    for bad in ("yes", 1, None):
        with pytest.raises(RulesError) as info:
            new_match("ramsch", 3, jacks_trump=bad)
        assert info.value.options == ("jacks_trump",)
        assert "jacks_trump" in str(info.value)


# F6 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "points"),
    [("AH", 11), ("TH", 10), ("KH", 4), ("QH", 3), ("JH", 2), ("9H", 0), ("8H", 0), ("7H", 0)],
)
def test_F6_card_values(card: str, points: int) -> None:
    """F6: A 11, 10 10, K 4, Q 3, J 2, 9 8 7 nothing. Seat 1 leads a heart; the others, void
    in hearts, throw a seven or a nine (0); seat 1 takes the card's points."""
    hands = {1: "7H 8H 9H TH JH QH KH AH 7S 8S"}
    deal = deal_of("ramsch", 3, 0, hands, "KD AD")
    # Seats 0 and 2 get the rest in pack order: seat 0 9S TS JS QS KS AS 7C 8C 9C TC,
    # seat 2 JC QC KC AC 7D 8D 9D TD JD QD.
    run(deal, f"p2 {card}", "p3 7D", "p1 9S")
    assert deal.observation(0).extra["card_points"] == [0, points, 0]


def test_F6_a_deal_holds_120_and_each_seat_counts_its_tricks() -> None:
    """F6: the card points of a deal add up to 120; each seat's are those of its tricks."""
    deal = whole(TIED4, TIED4_TRICKS)
    out = deal.summary()
    assert out["card_points"] == [40, 40, 28, 12]  # see TIED4_TRICKS
    assert sum(out["card_points"]) == 120


def test_F6_the_skat_counts_for_the_last_tricks_winner() -> None:
    """F6: with three, the skat's points join those of the last trick's winner."""
    fifteen = whole(FIFTEEN3, FIFTEEN3_TRICKS, FIFTEEN3_SKAT).summary()
    assert fifteen["card_points"] == [0, 92, 28]  # seat 2: 11 + 2 + the skat's 15
    ten = whole(TEN3, TEN3_TRICKS, TEN3_SKAT).summary()
    assert ten["card_points"] == [27, 40, 53]  # the skat 7H 8H adds nothing


def test_F6_jacks_keep_their_value_when_trumps() -> None:
    """F6, F5: with ``jacks_trump`` the jacks still count 2 each and the deal 120."""
    deal = deal_of("ramsch-jacks", 4, 0, SUITS4)
    play(deal, *SUITS4_TRICKS[:4])  # seat 1: 7s, 8s, 9s, then the four tens: 40
    # Seat 1 leads JS: a led jack, answered by JC, JD, JH; JC takes it (2 × 4 = 8).
    play(deal, "JS JC JD JH")
    assert deal.to_move == 2
    # No jack is left: seat 2's clubs take the rest: Q 12, K 16, A 44 → 8 + 72 = 80.
    play(deal, "QC QD QH QS", "KC KD KH KS", "AC AD AH AS")
    out = deal.summary()
    assert out["card_points"] == [0, 40, 80, 0]
    assert out["tricks"] == [0, 4, 4, 0]
    # Seat 2 loses with 80; seats 0 and 3 took nothing: 15; they tie at 0 as winners: 5.
    assert out["penalties"] == [5, 0, 15, 5]


# F7 -----------------------------------------------------------------------------------------


def test_F7_case_1_all_equal_is_void_three_players() -> None:
    """F7.1: 40 each with three: the deal is void, nothing is written."""
    out = whole(VOID3, VOID3_TRICKS, VOID3_SKAT).summary()
    assert out["card_points"] == [40, 40, 40]
    assert out["void"] is True
    assert out["penalties"] == [0, 0, 0]
    assert out["totals"] == [0, 0, 0]


def test_F7_case_1_all_equal_is_void_four_players() -> None:
    """F7.1: 30 each with four: void."""
    out = whole(VOID4, VOID4_TRICKS).summary()
    assert out["card_points"] == [30, 30, 30, 30]
    assert out["tricks"] == [2, 2, 2, 2]
    assert out["void"] is True
    assert out["penalties"] == [0, 0, 0, 0]


def test_F7_case_2_the_most_card_points_loses_ten() -> None:
    """F7.2: the single loser receives 10 when everyone took a trick; distinct winners 0."""
    out = whole(TEN3, TEN3_TRICKS, TEN3_SKAT).summary()
    assert out["card_points"] == [27, 40, 53]
    assert out["tricks"] == [2, 3, 5]
    assert out["penalties"] == [0, 0, 10]  # 27 ≠ 40: no F7.3
    assert "void" not in out


def test_F7_case_2_fifteen_when_another_took_no_trick() -> None:
    """F7.2: 15 if any other player took no trick."""
    out = whole(FIFTEEN3, FIFTEEN3_TRICKS, FIFTEEN3_SKAT).summary()
    assert out["tricks"] == [0, 8, 2]
    assert out["penalties"] == [0, 15, 0]  # seat 0 took nothing; 0 ≠ 28


def test_F7_case_2_twenty_when_he_took_every_trick() -> None:
    """F7.2–3: 20 for taking every trick; with three the others tie at 0: 5 each."""
    out = whole(ALL3, ALL3_TRICKS, ALL3_SKAT).summary()
    assert out["card_points"] == [0, 120, 0]
    assert out["tricks"] == [0, 10, 0]
    assert out["penalties"] == [5, 20, 5]


def test_F7_case_2_twenty_with_four_players() -> None:
    """F7.2–3: four players, seat 1 takes all eight tricks: 20; the three others all at 0."""
    out = whole(SUITS4, SUITS4_TRICKS).summary()
    assert out["card_points"] == [0, 120, 0, 0]
    assert out["penalties"] == [5, 20, 5, 5]


def test_F7_tied_losers_each_take_ten() -> None:
    """F7.2: players tied for the most all lose, each 10."""
    out = whole(TIED4, TIED4_TRICKS).summary()
    assert out["card_points"] == [40, 40, 28, 12]
    assert out["tricks"] == [2, 2, 2, 2]
    assert out["penalties"] == [10, 10, 0, 0]  # 28 ≠ 12


def test_F7_tied_losers_fifteen_and_tied_winners_five() -> None:
    """F7.2–3: seats 1 and 2 tie at 60 while seats 0 and 3 took no trick: 15 each; seats 0
    and 3 are winners tied at 0: 5 each."""
    out = whole(TWO4, TWO4_TRICKS).summary()
    assert out["card_points"] == [0, 60, 60, 0]
    assert out["tricks"] == [0, 4, 4, 0]
    assert out["penalties"] == [5, 15, 15, 5]


def test_F7_case_3_two_tied_winners_of_three_get_five() -> None:
    """F7.3: four players, winners at 30, 30 and 15: the two at 30 get 5, the third nothing."""
    out = whole(WINNERS4, WINNERS4_TRICKS).summary()
    assert out["card_points"] == [45, 30, 30, 15]
    assert out["penalties"] == [10, 5, 5, 0]


def test_F7_penalties_are_written_on_the_running_totals() -> None:
    """F7: a deal's penalties add to the totals before it."""
    match = new_match("ramsch", 4, first_dealer=0)
    in_match(match, TIED4, TIED4_TRICKS, "", 0)
    second = in_match(match, WINNERS4, WINNERS4_TRICKS, "", 1)
    # WINNERS4 dealt by seat 1: [10, 5, 5, 0] moves one seat: [0, 10, 5, 5].
    assert second.summary()["penalties"] == [0, 10, 5, 5]
    assert second.summary()["totals"] == [10, 20, 5, 5]  # [10, 10, 0, 0] + [0, 10, 5, 5]


# F8 -----------------------------------------------------------------------------------------


def three_deal_match(**options: Any) -> Any:
    """VOID3 (dealer 0), ALL3 (dealer 1), TEN3 (dealer 2)."""
    match = new_match("ramsch", 3, first_dealer=0, **options)
    in_match(match, VOID3, VOID3_TRICKS, VOID3_SKAT, 0)  # void: [0, 0, 0]
    in_match(match, ALL3, ALL3_TRICKS, ALL3_SKAT, 1)  # [5, 20, 5] moved 1: [5, 5, 20]
    in_match(match, TEN3, TEN3_TRICKS, TEN3_SKAT, 2)  # [0, 0, 10] moved 2: [0, 10, 0]
    return match


def test_F8_game_length_default_one_deal_per_player() -> None:
    """F8: by default a game has as many deals as players; void deals count."""
    match = three_deal_match()
    assert match.is_over
    assert match.summary()["totals"] == [5, 15, 20]
    assert len(match.deals) == 3


def test_F8_a_deal_after_the_last_is_refused_citing_F8() -> None:
    """F8: once the game's deals are played, another deal is refused, and the refusal cites
    F8 (the clause that sets the game's length), as the record error does."""
    match = three_deal_match()
    with pytest.raises(IllegalActionError) as info:
        match.start_deal(deck_for("ramsch", 3, 0, VOID3, VOID3_SKAT), 0)
    assert info.value.clause == "F8"
    assert str(info.value).startswith("F8")


def test_F8_game_length_default_with_four_players() -> None:
    """F8: four players, four deals."""
    match = new_match("ramsch", 4, first_dealer=0)
    in_match(match, TIED4, TIED4_TRICKS, "", 0)  # [10, 10, 0, 0]
    in_match(match, VOID4, VOID4_TRICKS, "", 1)  # void
    assert not match.is_over
    in_match(match, WINNERS4, WINNERS4_TRICKS, "", 2)  # [10, 5, 5, 0] moved 2: [5, 0, 10, 5]
    assert not match.is_over
    in_match(match, SUITS4, SUITS4_TRICKS, "", 3)  # [5, 20, 5, 5] moved 3: [20, 5, 5, 5]
    assert match.is_over
    # seat 0: 10 + 0 + 5 + 20 = 35; seat 1: 10 + 0 + 0 + 5 = 15; seat 2: 0 + 0 + 10 + 5 = 15;
    # seat 3: 0 + 0 + 5 + 5 = 10: the lowest.
    assert match.summary()["totals"] == [35, 15, 15, 10]
    assert match.winners() == [3]


def test_F8_deals_option_one_deal_tied_lowest() -> None:
    """F8: ``deals = 1``: TEN3 writes [0, 0, 10]; seats 0 and 1 tie for lowest and share."""
    match = new_match("ramsch", 3, first_dealer=0, deals=1)
    in_match(match, TEN3, TEN3_TRICKS, TEN3_SKAT, 0)
    assert match.is_over
    assert match.winners() == [0, 1]
    assert match.summary()["winners"] == [0, 1]


def test_F8_deals_option_longer_than_default() -> None:
    """F8: ``deals = 4`` with three players: not over after three deals."""
    match = three_deal_match(deals=4)
    assert not match.is_over
    assert match.summary()["winners"] is None
    in_match(match, FIFTEEN3, FIFTEEN3_TRICKS, FIFTEEN3_SKAT, 0)  # dealer 0 again: [0, 15, 0]
    assert match.is_over
    assert match.summary()["totals"] == [5, 30, 20]  # [5, 15, 20] + [0, 15, 0]
    assert match.winners() == [0]


def test_F8_void_deals_count() -> None:
    """F8: with ``deals = 2`` a void deal and one more end the game."""
    match = new_match("ramsch", 4, first_dealer=0, deals=2)
    in_match(match, VOID4, VOID4_TRICKS, "", 0)
    assert not match.is_over
    in_match(match, TIED4, TIED4_TRICKS, "", 1)  # [10, 10, 0, 0] moved 1: [0, 10, 10, 0]
    assert match.is_over
    assert match.summary()["totals"] == [0, 10, 10, 0]
    assert match.winners() == [0, 3]  # tied lowest share


def test_F8_lowest_total_wins() -> None:
    """F8: after the last deal the lowest total wins."""
    match = three_deal_match()
    assert match.winners() == [0]  # [5, 15, 20]
    assert match.summary()["winners"] == [0]


def test_F8_deals_bad_values_are_refused() -> None:
    """F8: ``deals`` is a whole number from 1, or null (the default)."""
    for bad in (0, -3, "3", 2.5, True):
        with pytest.raises(RulesError) as info:
            new_match("ramsch", 3, deals=bad)
        assert info.value.options == ("deals",)
        assert "deals" in str(info.value)
    assert games.family("ramsch").rules("ramsch", 3, deals=None).deal_limit == 3


def three_deal_record(extra: bool = False, drop: int = 0, rules: Any = "ramsch") -> str:
    deals = [
        (0, VOID3, VOID3_TRICKS, VOID3_SKAT),
        (1, ALL3, ALL3_TRICKS, ALL3_SKAT),
        (2, TEN3, TEN3_TRICKS, TEN3_SKAT),
    ]
    if extra:
        deals.append((0, FIFTEEN3, FIFTEEN3_TRICKS, FIFTEEN3_SKAT))
    if drop:
        deals = deals[:-drop]
    out = []
    for dealer, hands, tricks, skat in deals:
        moved = rotate(hands, dealer, 3)
        out.append((dealer, deck_for("ramsch", 3, dealer, moved, skat), lines(moved, tricks)))
    return record_text(rules, 3, out)


def test_F8_a_record_with_more_deals_is_an_error() -> None:
    """F8: a fourth deal in a three-deal game is an error, at deal 4, citing F8."""
    with pytest.raises(RecordError) as info:
        loads(three_deal_record(extra=True)).replay()
    assert info.value.deal == 4
    assert "F8" in str(info.value)


def test_F8_a_record_with_fewer_deals_has_no_winners() -> None:
    """F8: two deals of three: the game is not over, ``winners`` null."""
    out = loads(three_deal_record(drop=1)).replay().summary()
    assert out["winners"] is None
    assert out["totals"] == [5, 5, 20]  # [0, 0, 0] + [5, 5, 20]
    assert len(out["deals"]) == 2


def test_F8_a_full_record_replays_to_its_winner() -> None:
    """F8: the three deals replayed: totals [5, 15, 20], seat 0 wins."""
    out = loads(three_deal_record()).replay().summary()
    assert out["totals"] == [5, 15, 20]
    assert out["winners"] == [0]


# F9 -----------------------------------------------------------------------------------------


def test_F9_output_keys_per_deal_and_overall() -> None:
    """F9: per deal ``card_points``, ``tricks``, ``void`` (only when true), ``penalties``,
    ``totals``; overall ``totals`` and ``winners``."""
    out = loads(three_deal_record()).replay().summary()
    void, all3, ten = out["deals"]
    assert set(void) == {"card_points", "tricks", "void", "penalties", "totals"}
    assert set(all3) == {"card_points", "tricks", "penalties", "totals"}
    assert void == {
        "card_points": [40, 40, 40],
        "tricks": [3, 3, 4],
        "void": True,
        "penalties": [0, 0, 0],
        "totals": [0, 0, 0],
    }
    # ALL3 dealt by seat 1: seat 2 is the one who takes every trick.
    assert all3 == {
        "card_points": [0, 0, 120],
        "tricks": [0, 0, 10],
        "penalties": [5, 5, 20],
        "totals": [5, 5, 20],
    }
    # TEN3 dealt by seat 2: card points [27, 40, 53] move two seats: [40, 53, 27].
    assert ten == {
        "card_points": [40, 53, 27],
        "tricks": [3, 5, 2],
        "penalties": [0, 10, 0],
        "totals": [5, 15, 20],
    }
    assert out["totals"] == [5, 15, 20]
    assert out["winners"] == [0]


def test_F9_record_rules_and_fields() -> None:
    """F9: ``"rules": {"preset": "ramsch", "deals": 3}``; each deal ``dealer``, ``deck`` (the
    32 cards, top first) and ``actions``, only cards ``pN CARD``."""
    match = three_deal_match(deals=3)
    rec = match.record()
    assert rec["rules"] == {"preset": "ramsch", "deals": 3}
    first = rec["deals"][0]
    assert set(first) == {"dealer", "deck", "actions"}
    assert first["dealer"] == 1
    assert first["deck"].split() == [
        card_str(c) for c in deck_for("ramsch", 3, 0, VOID3, VOID3_SKAT)
    ]
    assert len(first["deck"].split()) == 32
    assert first["actions"] == lines(VOID3, VOID3_TRICKS)
    for deal in rec["deals"]:
        assert len(deal["actions"]) == 30
        for line in deal["actions"]:
            seat, card = line.split()
            assert seat in ("p1", "p2", "p3")
            assert len(parse_cards(card)) == 1
    # The record replays to the same result, with ``deals`` given in its rules.
    again = loads(json.dumps({"format": "rams-record/1", "players": ["A", "B", "C"], **rec}))
    assert again.replay().summary() == match.summary()


def test_F9_record_with_options() -> None:
    """F9: a record's rules may set ``jacks_trump``, ``rank_order`` and ``deals``."""
    text = three_deal_record(rules={"preset": "ramsch", "deals": 4, "rank_order": "ten_second"})
    out = loads(text).replay().summary()
    assert out["winners"] is None  # four deals wanted, three given
    assert out["totals"] == [5, 15, 20]
    ramsch_jacks = loads(three_deal_record(rules={"preset": "ramsch", "jacks_trump": True}))
    assert ramsch_jacks.rules.jacks_trump is True


def test_F9_a_record_with_a_word_that_is_no_card_is_an_error() -> None:
    """F9: the actions are only cards: ``p2 pass`` is rejected at its place."""
    deck = deck_for("ramsch", 3, 0, VOID3, VOID3_SKAT)
    text = record_text("ramsch", 3, [(0, deck, ["p2 AS", "p3 pass"])])
    with pytest.raises(RecordError) as info:
        loads(text).replay()
    assert (info.value.deal, info.value.action) == (1, 2)


def test_F9_a_record_that_breaks_a_rule_names_deal_action_and_clause() -> None:
    """§12, F4: p3 throws a club on the spade lead while holding spades: deal 1, action 2."""
    deck = deck_for("ramsch", 3, 0, VOID3, VOID3_SKAT)
    text = record_text("ramsch", 3, [(0, deck, ["p2 AS", "p3 AC"])])
    with pytest.raises(RecordError) as info:
        loads(text).replay()
    assert (info.value.deal, info.value.action) == (1, 2)
    assert "F4" in str(info.value)


def test_F9_a_record_that_stops_mid_deal_is_an_error() -> None:
    """§12 (X9): a record that stops in the middle of a deal is rejected."""
    deck = deck_for("ramsch", 3, 0, VOID3, VOID3_SKAT)
    text = record_text("ramsch", 3, [(0, deck, ["p2 AS", "p3 QS"])])
    with pytest.raises(RecordError) as info:
        loads(text).replay()
    assert (info.value.deal, info.value.action) == (1, 3)


def test_F9_unknown_options_and_bad_values_in_a_record() -> None:
    """F9, §12: an unknown option or a bad value in ``rules`` is an error naming it."""
    for rules, name in (
        ({"preset": "ramsch", "pack_size": 36}, "pack_size"),
        ({"preset": "ramsch", "trumps": True}, "trumps"),
        ({"preset": "ramsch", "deals": 0}, "deals"),
        ({"preset": "ramsch", "rank_order": "tens"}, "rank_order"),
    ):
        with pytest.raises(RecordError) as info:
            loads(three_deal_record(rules=rules))
        assert info.value.deal is None
        assert name in str(info.value)
        cause = info.value.cause
        assert isinstance(cause, RulesError)
        assert cause.options == (name,)


def test_F9_unknown_options_through_the_api() -> None:
    """F9: only ``jacks_trump``, ``rank_order`` and ``deals`` are Ramsch's options."""
    for name in ("pack_size", "must_trump", "start_score", "trumps"):
        with pytest.raises(RulesError) as info:
            new_match("ramsch", 3, **{name: 1})
        assert info.value.options == (name,)
        assert name in str(info.value)
