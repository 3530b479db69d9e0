"""RULES §1 (N1–N4), §2 (D1–D5) and X10: notation, packs, seats, the replay contract of dealing.

Expected values are worked out by hand from RULES.md; the arithmetic is in the comments.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rams.cards import (
    SUITS,
    card_str,
    cards_of,
    cards_str,
    mask_of,
    pack,
    parse_card,
    parse_cards,
)
from rams.errors import IllegalActionError, NotationError, RecordError, RulesError
from rams.games.rams.actions import (
    PASS,
    PLAY_IN,
    Exchange,
    Play,
    format_line,
    parse_action,
    parse_line,
)
from rams.games.rams.deal import Deal, Phase, arrange_deck, deck_layout
from rams.games.rams.match import RamsMatch
from rams.games.rams.rules import Rules
from rams.record import dumps, loads, record_of, replay_summary
from tests.util import c, cs, hand_str, record_text, run

# The 32-card pack in ascending order (N2, N3): suit by suit ♠ ♣ ♦ ♥, 7 … A within each.
PACK32 = (
    "7S 8S 9S TS JS QS KS AS 7C 8C 9C TC JC QC KC AC "
    "7D 8D 9D TD JD QD KD AD 7H 8H 9H TH JH QH KH AH"
)


def replay_error(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        loads(text).replay()
    return info.value


# N1 ---------------------------------------------------------------------------------


def test_n1_record_notation_rank_then_suit() -> None:
    """N1: a card is rank then suit in the letters 2…9 T J Q K A and S C D H."""
    # Cards are suit * 13 + rank, rank 0 = 2 … 12 = A, suit 0 = S … 3 = H.
    assert c("AS") == 0 * 13 + 12 == 12
    assert c("TH") == 3 * 13 + 8 == 47
    assert c("7C") == 1 * 13 + 5 == 18
    assert c("2S") == 0
    assert c("AH") == 51
    for text in ("AS", "TH", "7C", "2D", "JC", "QH", "KS"):
        assert card_str(c(text)) == text


def test_n1_ranks_low_to_high() -> None:
    """N1: ranks run 2 3 4 5 6 7 8 9 T J Q K A, low to high, in every suit."""
    for suit in "SCDH":
        values = [c(rank + suit) for rank in "23456789TJQKA"]
        assert values == sorted(values)
        assert len(set(values)) == 13
        # Within a suit the ranks are consecutive: 2 is rank 0, A rank 12.
        assert values[-1] - values[0] == 12


def test_n1_ten_may_be_written_10() -> None:
    """N1: parsers accept 10 for T."""
    assert c("10H") == c("TH") == 47
    assert c("10s") == c("TS") == 8
    assert c("10♦") == c("TD")


def test_n1_lower_case_accepted() -> None:
    """N1: parsers accept lower case."""
    assert c("as") == c("AS")
    assert c("th") == c("TH")
    assert c("qd") == c("QD")
    assert c("7c") == c("7C")
    assert c("Kh") == c("KH")


def test_n1_suit_symbols_accepted() -> None:
    """N1: parsers accept ♠ ♣ ♦ ♥ for S C D H."""
    assert c("A♠") == c("AS")
    assert c("K♣") == c("KC")
    assert c("Q♦") == c("QD")
    assert c("J♥") == c("JH")
    assert c("10♥") == c("TH")


def test_n1_russian_ranks_accepted() -> None:
    """N1: Russian ranks Т туз, К король, Д дама, В валет."""
    assert c("Т♠") == c("AS")
    assert c("К♣") == c("KC")
    assert c("Д♦") == c("QD")
    assert c("В♥") == c("JH")
    # Lower case Russian letters too.
    assert c("т♥") == c("AH")
    assert c("д♠") == c("QS")
    assert c("в♦") == c("JD")
    assert c("к♥") == c("KH")


def test_n1_cyrillic_te_is_ace_latin_t_is_ten() -> None:
    """N1: Cyrillic «Т» (U+0422) is the ace, Latin T (U+0054) the ten: parse by code point."""
    cyrillic = "\u0422\u2660"  # Т♠
    latin = "\u0054\u2660"  # T♠
    assert cyrillic != latin
    assert c(cyrillic) == c("AS") == 12
    assert c(latin) == c("TS") == 8
    assert c("\u0442H") == c("AH")  # lower-case Cyrillic т
    assert c("tH") == c("TH")  # lower-case Latin t


def test_n1_russian_display_writes_ten_as_10() -> None:
    """N1: Russian display writes the ten as 10 (Т being the ace); records write T."""
    assert card_str(c("TH"), lang="ru") == "10♥"
    assert card_str(c("AS"), lang="ru") == "Т♠"
    assert card_str(c("QD"), lang="ru") == "Д♦"
    assert card_str(c("JC"), lang="ru") == "В♣"
    assert card_str(c("KH"), lang="ru") == "К♥"
    assert card_str(c("TH")) == "TH"
    # Display round-trips through the parser.
    for text in PACK32.split():
        assert c(card_str(c(text), lang="ru")) == c(text)
        assert c(card_str(c(text), lang="en")) == c(text)


def test_n1_mixed_spellings_in_lists_and_actions() -> None:
    """N1: every spelling works in card lists, actions and record lines."""
    assert parse_cards("AS, 10h Т♦ д♣") == [c("AS"), c("TH"), c("AD"), c("QC")]
    assert parse_action("10♥") == Play(c("TH"))
    assert parse_action("exchange т♠ 10h") == Exchange((c("AS"), c("TH")))
    assert parse_line("p2 Д♠") == (1, Play(c("QS")))


@pytest.mark.parametrize("text", ["", "A", "1S", "11S", "ZS", "AX", "TT", "A♠♠", "10"])
def test_n1_rejects_what_is_not_a_card(text: str) -> None:
    """N1: anything else is not a card: a NotationError (a ValueError) naming N1."""
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert isinstance(info.value, ValueError)
    assert "N1" in str(info.value)


def test_n1_deck_of_a_record_in_russian_display_notation() -> None:
    """N1: a record's deck may use any accepted spelling; it reads as the same cards."""
    latin = PACK32.split()
    russian = " ".join(card_str(c(t), lang="ru") for t in latin)
    deals = [{"dealer": 3, "deck": russian, "actions": ["p1 pass", "p2 pass"]}]
    record = loads(record_text("classic", 3, deals))
    assert record.deals[0].deck == tuple(cs(PACK32))


# N2 ---------------------------------------------------------------------------------


def test_n2_packs_of_32_36_52() -> None:
    """N2: packs of 32 (7–A), 36 (6–A) and 52 (2–A)."""
    assert cards_str(pack(32)) == PACK32
    ranks = {32: "789TJQKA", 36: "6789TJQKA", 52: "23456789TJQKA"}
    for size, rank_letters in ranks.items():
        got = {card_str(x) for x in pack(size)}
        assert got == {r + s for s in "SCDH" for r in rank_letters}
        assert len(pack(size)) == size == 4 * len(rank_letters)


def test_n2_petukh_thirty_card_pack() -> None:
    """N2, K1: Петух with six uses 30 cards: the 36 without the sixes, 7♠ and 7♣."""
    thirty = {card_str(x) for x in pack(30)}
    # 36 - 4 sixes - 7S - 7C = 30.
    expected = {card_str(x) for x in pack(36)} - {"6S", "6C", "6D", "6H", "7S", "7C"}
    assert thirty == expected
    assert len(pack(30)) == 30
    assert Rules.preset("petukh", 6).pack_size == 30
    assert Rules.preset("petukh", 5).pack_size == 36


def test_n2_no_other_pack_sizes() -> None:
    """N2: there is no 40-card pack; the `pack` option takes only "auto", 32, 36, 52."""
    with pytest.raises(NotationError):
        pack(40)
    for size in (32, 36, 52):
        assert Rules.preset("classic", 3, pack=size).pack_size == size
    for bad in (30, 40, 24):
        with pytest.raises(RulesError) as info:
            Rules.preset("classic", 3, pack=bad)
        assert info.value.options == ("pack",)


def test_n2_explicit_36_card_pack_deals() -> None:
    """N2: with pack = 36 a three-hand deal has a 36 - 15 - 1 = 20-card stock."""
    rules = Rules.preset("classic", 3, pack=36)
    deal = Deal(rules, 2, list(pack(36)))
    assert deal.stock_count == 20
    # Spades 6-A are indexes 0-8, clubs start at 9 (6C).
    # [3, 2] from seat 0: deck[0:3] + deck[9:11] = 6S 7S 8S + 6C 7C.
    assert hand_str(deal, 0) == "6S 7S 8S 6C 7C"


# N3 ---------------------------------------------------------------------------------


def test_n3_suit_order_spades_clubs_diamonds_hearts() -> None:
    """N3: suit order ♠ < ♣ < ♦ < ♥, for sorting and ties."""
    assert SUITS == "SCDH"
    # Every spade below every club below every diamond below every heart.
    assert c("AS") < c("2C") and c("AC") < c("2D") and c("AD") < c("2H")
    mixed = cs("AH 7S KD 8C 2H AS")
    assert cards_str(cards_of(mask_of(mixed))) == "7S AS 8C KD 2H AH"
    assert cards_str(sorted(mixed)) == "7S AS 8C KD 2H AH"


def test_n3_hands_are_shown_in_suit_order() -> None:
    """N3: a hand is sorted ♠, ♣, ♦, ♥, then by rank."""
    rules = Rules.preset("classic", 3)
    hands = {0: "AH 7S KD 8C QS", 1: "JH JD JC JS 7D", 2: "AS AC AD 9H 8H"}
    deal = Deal(rules, 2, arrange_deck(rules, 2, hands, turned="TH"))
    assert hand_str(deal, 0) == "7S QS 8C KD AH"
    assert hand_str(deal, 1) == "JS JC 7D JD JH"
    assert hand_str(deal, 2) == "AS AC AD 8H 9H"


def test_n3_ace_values_follow_the_suit_order() -> None:
    """N3: the suit order is the order of the ace values ♠ 5 < ♣ 10 < ♦ 15 < ♥ 20."""
    values = Rules.preset("classic", 3).ace_values
    assert tuple(values) == (5, 10, 15, 20)
    assert values.as_dict() == {"S": 5, "C": 10, "D": 15, "H": 20}


# N4 ---------------------------------------------------------------------------------


def test_n4_record_seats_p1_to_pn_api_zero_based() -> None:
    """N4: records write p1 … pn, the API uses 0-based seats."""
    assert parse_line("p1 play") == (0, PLAY_IN)
    assert parse_line("p3 pass") == (2, PASS)
    assert parse_line("P7 AS") == (6, Play(c("AS")))
    assert format_line(0, PLAY_IN) == "p1 play"
    assert format_line(4, Exchange(tuple(cs("8D 7S")))) == "p5 exchange 7S 8D"
    with pytest.raises(NotationError) as info:
        parse_line("p0 play")
    assert "N4" in str(info.value)


def test_n4_record_dealer_is_one_based() -> None:
    """N4: a record's dealer 3 is API seat 2; p1 (seat 0), at his left, speaks first."""
    deals = [{"dealer": 3, "deck": PACK32, "actions": ["p1 pass", "p2 pass"]}]
    game = loads(record_text("classic", 3, deals)).replay()
    deal = game.deals[0]
    assert deal.dealer == 2
    assert deal.calls == ["pass", "pass", None]


@pytest.mark.parametrize(
    ("players", "dealer", "order"),
    [
        (3, 2, (0, 1, 2)),  # dealer p3: p1, p2, then p3
        (3, 0, (1, 2, 0)),  # dealer p1: p2, p3, then p1
        (4, 1, (2, 3, 0, 1)),  # dealer p2: p3, p4, p1, then p2
        (4, 3, (0, 1, 2, 3)),  # dealer p4: his left is p1 (wrap-around)
        (5, 2, (3, 4, 0, 1, 2)),
    ],
)
def test_n4_left_of_dealer_is_next_seat_clockwise(
    players: int, dealer: int, order: tuple[int, ...]
) -> None:
    """N4: seats run clockwise; "left of the dealer" is seat dealer + 1 (mod n)."""
    rules = Rules.preset("classic", players)
    deal = Deal(rules, dealer, list(pack(rules.pack_size)))
    # Walk the play/pass round with "play" from everyone (always allowed), noting who speaks.
    assert deal.order == order
    seen = []
    while deal.phase is Phase.DECLARE:
        seen.append(deal.to_move)
        deal.apply(PLAY_IN)
    assert tuple(seen) == order


def test_n4_no_seat_beyond_the_table_in_a_record() -> None:
    """N4: a record line naming p4 at a three-seat table is rejected, naming N4."""
    deals = [{"dealer": 3, "deck": PACK32, "actions": ["p4 play"]}]
    err = replay_error(record_text("classic", 3, deals))
    assert str(err).startswith("deal 1, action 1: ")
    assert "N4" in str(err)
    assert (err.deal, err.action) == (1, 1)


# D1 ---------------------------------------------------------------------------------


def test_d1_explicit_deck_is_kept_top_first() -> None:
    """D1: the deck is explicit, top card first; the deal keeps it as given."""
    rules = Rules.preset("classic", 3)
    deck = cs(PACK32)
    deck.reverse()  # AH first
    deal = Deal(rules, 2, deck)
    assert deal.deck == tuple(deck)
    # Top card AH goes to the dealer's left, p1 (seat 0): [3, 2] gives p1 deck[0:3] + deck[9:11].
    # Reversed pack: 0 AH 1 KH 2 QH 3 JH 4 TH 5 9H 6 8H 7 7H 8 AD 9 KD 10 QD: AH KH QH + KD QD.
    assert hand_str(deal, 0) == "QD KD QH KH AH"


def test_d1_record_deck_must_be_the_whole_pack() -> None:
    """D1: a record gives the whole pack; a short or repeated deck is rejected for that deal."""
    short = " ".join(PACK32.split()[:-1])  # 31 cards, AH missing
    err = replay_error(record_text("classic", 3, [{"dealer": 3, "deck": short, "actions": []}]))
    assert str(err).startswith("deal 1: ")
    assert err.deal == 1 and err.action is None
    assert "AH" in str(err)
    twice = PACK32.replace("AH", "KH")  # KH twice, AH missing
    err = replay_error(record_text("classic", 3, [{"dealer": 3, "deck": twice, "actions": []}]))
    assert str(err).startswith("deal 1: ")
    assert "KH" in str(err)


def test_d1_live_game_shuffles_with_injected_rng_and_records_the_deck() -> None:
    """D1: a live game shuffles with the injected RNG; the deck used is written to the record."""
    rules = Rules.preset("classic", 3)
    a = RamsMatch(rules, rng=random.Random(2024))
    b = RamsMatch(rules, rng=random.Random(2024))
    deal_a, deal_b = a.start_deal(), b.start_deal()
    # Same seed, same lot for the first dealer and same deck.
    assert a.first_dealer == b.first_dealer
    assert deal_a.dealer == a.first_dealer
    assert deal_a.deck == deal_b.deck
    assert sorted(deal_a.deck) == list(pack(32))
    assert deal_a.deck != pack(32)  # shuffled (identity has probability 1/32!)
    # Play the deal out at random; the record holds that very deck and replays identically.
    choose = random.Random(7)
    while not deal_a.is_over:
        a.apply(choose.choice(a.legal_actions()))
    rec = record_of(a)
    assert rec.deals[0].deck == deal_a.deck
    assert rec.deals[0].dealer == a.first_dealer
    text = dumps(rec)
    data = json.loads(text)
    assert data["deals"][0]["deck"] == cards_str(deal_a.deck)
    assert data["deals"][0]["dealer"] == a.first_dealer + 1
    again = loads(text).replay()
    assert replay_summary(again) == replay_summary(a)


def test_d1_first_dealer_by_lot_is_recorded() -> None:
    """D1, D4: the first dealer is drawn by the RNG, and the record starts with him."""
    rules = Rules.preset("classic", 4)
    for seed in range(8):
        game = RamsMatch(rules, rng=random.Random(seed))
        assert 0 <= game.first_dealer < 4
        game.start_deal()
        assert record_of(game).deals[0].dealer == game.first_dealer
        assert game.deals[0].dealer == game.first_dealer


# D2 ---------------------------------------------------------------------------------


def test_d2_packets_3_2_from_dealers_left() -> None:
    """D2: classic deals 3 then 2 per seat, round by round, from the dealer's left, dealer last."""
    rules = Rules.preset("classic", 3)
    assert rules.packets == (3, 2)
    deal = Deal(rules, 2, cs(PACK32))
    # Deck index: 0 7S 1 8S 2 9S 3 TS 4 JS 5 QS 6 KS 7 AS 8 7C 9 8C 10 9C 11 TC 12 JC 13 QC 14 KC.
    # Round 1 (3 each): p1 0-2, p2 3-5, p3 (dealer) 6-8. Round 2 (2 each): p1 9-10, p2 11-12,
    # p3 13-14.
    assert hand_str(deal, 0) == "7S 8S 9S 8C 9C"
    assert hand_str(deal, 1) == "TS JS QS TC JC"
    assert hand_str(deal, 2) == "KS AS 7C QC KC"
    assert (
        deck_layout(rules, 2)
        == [0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 1, 1, 2, 2, "turned"] + ["stock"] * 16
    )


def test_d2_packets_one_at_a_time() -> None:
    """D2: 001/002/003 deal one card at a time: [1, 1, 1, 1, 1]."""
    rules = Rules.preset("rams-001", 3)
    assert rules.packets == (1, 1, 1, 1, 1)
    deal = Deal(rules, 2, cs(PACK32))
    # p1 gets indexes 0 3 6 9 12, p2 1 4 7 10 13, p3 2 5 8 11 14.
    assert hand_str(deal, 0) == "7S TS KS 8C JC"
    assert hand_str(deal, 1) == "8S JS AS 9C QC"
    assert hand_str(deal, 2) == "9S QS 7C TC KC"
    assert deck_layout(rules, 2) == [0, 1, 2] * 5 + ["turned"] + ["stock"] * 16


def test_d2_same_deck_different_packets_different_hands() -> None:
    """D2: the packet pattern changes the replay mapping: the same deck gives other hands."""
    deck = cs(PACK32)
    classic = Deal(Rules.preset("classic", 3), 2, deck)
    ones = Deal(Rules.preset("classic", 3, packets=[1, 1, 1, 1, 1]), 2, deck)
    assert hand_str(classic, 0) == "7S 8S 9S 8C 9C"
    assert hand_str(ones, 0) == "7S TS KS 8C JC"
    # Both turn the 16th card (index 15, AC) and leave the same 16-card stock.
    assert classic.turned == ones.turned == c("AC")
    assert classic.stock[classic.stock_pos :] == ones.stock[ones.stock_pos :]


def test_d2_four_players_dealer_p1() -> None:
    """D2: four seats, dealer p1: p2, p3, p4 receive first, the dealer p1 last in each round."""
    deal = Deal(Rules.preset("classic", 4), 0, cs(PACK32))
    # Round 1: p2 0-2 (7S 8S 9S), p3 3-5 (TS JS QS), p4 6-8 (KS AS 7C), p1 9-11 (8C 9C TC).
    # Round 2: p2 12-13 (JC QC), p3 14-15 (KC AC), p4 16-17 (7D 8D), p1 18-19 (9D TD).
    assert hand_str(deal, 1) == "7S 8S 9S JC QC"
    assert hand_str(deal, 2) == "TS JS QS KC AC"
    assert hand_str(deal, 3) == "KS AS 7C 7D 8D"
    assert hand_str(deal, 0) == "8C 9C TC 9D TD"
    assert deal.turned == c("JD")  # index 20


def test_d2_other_packet_patterns() -> None:
    """D2: any packet list summing to 5 deals round by round: [2, 3] here."""
    deal = Deal(Rules.preset("classic", 3, packets=[2, 3]), 2, cs(PACK32))
    # Round 1 (2 each): p1 0-1, p2 2-3, p3 4-5. Round 2 (3 each): p1 6-8, p2 9-11, p3 12-14.
    assert hand_str(deal, 0) == "7S 8S KS AS 7C"
    assert hand_str(deal, 1) == "9S TS 8C 9C TC"
    assert hand_str(deal, 2) == "JS QS JC QC KC"
    with pytest.raises(RulesError):
        Rules.preset("classic", 3, packets=[3, 3])  # 6 cards: not a hand


# D3 ---------------------------------------------------------------------------------


def test_d3_next_card_is_turned_and_sets_trump() -> None:
    """D3: after the hands, the next card is turned face up; its suit is trump."""
    deal = Deal(Rules.preset("classic", 3), 2, cs(PACK32))
    # 3 hands x 5 = 15 cards dealt; the 16th (index 15) is AC.
    assert deal.turned == c("AC")
    assert deal.trump == 1  # clubs
    obs = deal.observation(0)
    assert obs.turned == c("AC") and obs.trump == 1
    # The turned card is in nobody's hand.
    assert all(c("AC") not in deal.hand(s) for s in range(3))


def test_d3_stock_is_the_rest_drawn_from_the_top() -> None:
    """D3: the remaining cards are the stock, drawn from the top in order."""
    deal = Deal(Rules.preset("classic", 3), 2, cs(PACK32))
    # 32 - 15 - 1 = 16 cards: deck[16:] = 7D 8D 9D TD JD QD KD AD 7H … AH.
    assert deal.stock_count == 16
    assert cards_str(deal.stock) == " ".join(PACK32.split()[16:])
    # Hands: p1 7S 8S 9S 8C 9C, p2 TS JS QS TC JC (no aces), p3 KS AS 7C QC KC.
    run(deal, "p1 play", "p2 play", "p3 play")
    run(deal, "p1 exchange 7S 8S")  # draws the top two: 7D 8D
    assert hand_str(deal, 0) == "9S 8C 9C 7D 8D"
    run(deal, "p2 exchange TS")  # draws the next: 9D
    assert hand_str(deal, 1) == "JS QS TC JC 9D"
    run(deal, "p3 exchange 7C KS AS")  # draws TD JD QD
    assert hand_str(deal, 2) == "QC KC TD JD QD"
    assert deal.stock_count == 16 - 2 - 1 - 3 == 10


# D4 ---------------------------------------------------------------------------------

# Deal 2 of the rotation record: dealer p1 (seat 0); p2 holds five hearts.
_D4_HANDS = {1: "7H 8H 9H TH JH", 2: "7S 8S 9S 7C 8C", 0: "TS JS 9C TC JC"}


def _d4_deck2() -> str:
    return cards_str(arrange_deck(Rules.preset("classic", 3), 0, _D4_HANDS, turned="7D"))


def _d4_deals(dealers: tuple[int, int, int]) -> list[dict[str, Any]]:
    return [
        # Dealer p3: p1 7S 8S 9S 8C 9C and p2 TS JS QS TC JC hold no ace and pass: void.
        {"dealer": dealers[0], "deck": PACK32, "actions": ["p1 pass", "p2 pass"]},
        {
            "dealer": dealers[1],
            "deck": _d4_deck2(),
            "actions": [
                "p2 play",
                "p3 play",
                "p1 play",
                "p2 exchange",
                "p3 exchange",
                "p1 exchange",
                "p1 keep",
            ],
        },
        # Dealer p2: p3 gets 7S 8S 9S 8C 9C, p1 TS JS QS TC JC: no aces, both pass: void.
        {"dealer": dealers[2], "deck": PACK32, "actions": ["p3 pass", "p1 pass"]},
    ]


def test_d4_dealer_rotates_every_deal_including_void() -> None:
    """D4: the deal passes clockwise after every deal, void deals included."""
    game = loads(record_text("classic", 3, _d4_deals((3, 1, 2)))).replay()
    assert [d.dealer for d in game.deals] == [2, 0, 1]
    assert [d.void for d in game.deals] == [True, False, True]
    assert game.next_dealer == 2  # p3 deals the fourth deal
    # Deal 2: p2's five hearts (no AH) write off 5 -> 95; p3 and p1 play and pay 5 + no aces
    # -> 105 each (R2). The void deals write nothing.
    assert replay_summary(game) == {
        "deals": [
            {"records": [100, 100, 100]},
            {"records": [105, 95, 105]},
            {"records": [105, 95, 105]},
        ],
        "winner": None,
        "records": [105, 95, 105],
        "payouts": [0, 0, 0],
    }


@pytest.mark.parametrize(
    ("dealers", "bad_deal"),
    [
        ((3, 2, 3), 2),  # after p3 comes p1, not p2
        ((3, 3, 1), 2),  # a void deal still passes the deal on
        ((3, 1, 3), 3),  # after p1 comes p2, not p3
        ((3, 1, 1), 3),
    ],
)
def test_d4_record_breaking_rotation_is_rejected(
    dealers: tuple[int, int, int], bad_deal: int
) -> None:
    """D4: a record whose dealer breaks the clockwise rotation is rejected, naming deal and D4."""
    err = replay_error(record_text("classic", 3, _d4_deals(dealers)))
    assert str(err).startswith(f"deal {bad_deal}: ")
    assert "D4" in str(err)
    assert err.deal == bad_deal and err.action is None


def test_d4_game_rotation_and_wrap_around() -> None:
    """D4: a game deals clockwise from the first dealer, p4 then p1 here, also after a void deal."""
    rules = Rules.preset("classic", 4)
    game = RamsMatch(rules, first_dealer=3)
    assert game.next_dealer == 3
    deck = cs("7S 8S 9S TS JS QS KS 7C 8C 9C TC JC QC KC 7D 8D 9D TD JD QD AS AC AD AH")
    deck += cs("KD 7H 8H 9H TH JH QH KH")
    # Dealer p4 (seat 3), [3, 2] from p1: p1 0-2, p2 3-5, p3 6-8, p4 9-11, then p1 12-13,
    # p2 14-15, p3 16-17, p4 18-19; turned 20 (AS); stock 21-31.
    # p1 7S 8S 9S QC KC, p2 TS JS QS 7D 8D, p3 KS 7C 8C 9D TD, p4 9C TC JC JD QD: no aces.
    first = game.start_deal(deck)
    assert first.dealer == 3
    assert hand_str(first, 0) == "7S 8S 9S QC KC"
    assert hand_str(first, 3) == "9C TC JC JD QD"
    run(first, "p1 pass", "p2 pass", "p3 pass")
    assert first.void and first.is_over
    # The void deal passes the deal on: p4 -> p1 (wrap-around).
    assert game.next_dealer == 0
    for wrong in (3, 1):
        with pytest.raises(IllegalActionError) as info:
            game.start_deal(deck, dealer=wrong)
        assert info.value.clause == "D4"
    assert len(game.deals) == 1  # the refused starts dealt nothing
    second = game.start_deal(deck, dealer=0)
    assert second.dealer == 0
    # Dealer p1: p2 speaks first.
    assert second.to_move == 1
    assert game.next_dealer == 1


# D5 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "players"), [("classic", 3), ("classic", 5), ("rozaliev", 4)])
def test_d5_every_permutation_is_a_valid_deal(preset: str, players: int) -> None:
    """D5: there is no misdeal: any order of the pack deals, every card in exactly one place."""
    rules = Rules.preset(preset, players)
    size = rules.pack_size
    rng = random.Random(5)
    for _ in range(50):
        deck = list(pack(size))
        rng.shuffle(deck)
        deal = Deal(rules, rng.randrange(players), deck)
        assert deal.phase is Phase.DECLARE
        hands = [deal.hand(s) for s in range(players)]
        assert all(len(h) == 5 for h in hands)
        stock = deal.stock[deal.stock_pos :]
        assert deal.turned is not None
        everything = [x for h in hands for x in h] + [deal.turned] + stock
        assert sorted(everything) == list(pack(size))
        # The first to speak always has something legal to say.
        assert deal.legal_actions()


def test_d5_irregular_looking_deals_are_dealt_as_they_come() -> None:
    """D5: no misdeal or exposed-card rule: a sorted pack, or all aces to one seat, just deal."""
    rules = Rules.preset("classic", 3)
    # Dealer p3 gets indexes 6-8 and 13-14: put the four aces and the KS there.
    deck = cs("7S 8S 9S TS JS QS AS AC AD 7C 8C 9C TC AH KS JC QC KC")
    deck += cs("7D 8D 9D TD JD QD KD 7H 8H 9H TH JH QH KH")
    deal = Deal(rules, 2, deck)
    assert hand_str(deal, 2) == "KS AS AC AD AH"
    assert deal.phase is Phase.DECLARE
    # There is no misdeal action.
    with pytest.raises(NotationError):
        parse_action("misdeal")


# X10 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "size"),
    [
        ("classic", 3, 32),
        ("classic", 4, 32),  # 001: «4 человека и меньше»: 32 cards
        ("classic", 5, 52),
        ("classic", 6, 52),
        ("classic", 7, 52),
        ("rams-001", 4, 32),
        ("rams-001", 5, 52),
        ("rozaliev", 3, 32),
        ("rozaliev", 4, 52),  # Z1: 52 cards from 4 players
        ("rozaliev", 7, 52),
        ("rozaliev-jacks", 3, 32),
        ("rozaliev-jacks", 4, 52),
        ("mushka-pamfil", 3, 32),  # M5
        ("mushka-pamfil", 4, 52),
        ("mushka-pamfil", 5, 52),
    ],
)
def test_x10_pack_size_by_table(preset: str, players: int, size: int) -> None:
    """X10: classic uses 32 cards up to four players, 52 from five; rozaliev and mushka from 4."""
    rules = Rules.preset(preset, players)
    assert rules.pack_size == size
    # The stock is what the hands and the turned card leave: size - 5n - 1.
    assert rules.stock_size == size - 5 * players - 1


def test_x10_deal_needs_the_pack_of_the_table() -> None:
    """X10: a five-seat classic deal needs the 52-card pack; a 32-card deck is refused."""
    rules = Rules.preset("classic", 5)
    with pytest.raises(RulesError):
        Deal(rules, 0, list(pack(32)))
    deal = Deal(rules, 0, list(pack(52)))
    assert deal.stock_count == 52 - 25 - 1 == 26


def test_x10_pack_too_small_for_the_table_is_an_error() -> None:
    """X10, §9.1: a pack that cannot hold every hand and the turned card is a RulesError."""
    # 7 players need 7 x 5 + 1 = 36 cards: 32 is too few.
    with pytest.raises(RulesError) as info:
        Rules.preset("classic", 7, pack=32)
    assert set(info.value.options) == {"pack", "players"}
    # big_pack_from 8 leaves seven players on 32 cards ("auto"): the same clash.
    with pytest.raises(RulesError) as info:
        Rules.preset("classic", 7, big_pack_from=8)
    assert set(info.value.options) == {"big_pack_from", "players"}
    # Exactly enough is allowed: 36 = 7 x 5 + 1 leaves an empty stock; 32 >= 6 x 5 + 1 = 31.
    assert Rules.preset("classic", 7, pack=36).stock_size == 0
    assert Rules.preset("classic", 6, pack=32).stock_size == 1
    assert Rules.preset("classic", 5, pack=32).stock_size == 32 - 26 == 6


def test_x10_record_with_the_wrong_pack_for_the_table() -> None:
    """X10: a five-seat classic record with a 32-card deck is rejected for that deal."""
    deals = [{"dealer": 1, "deck": PACK32, "actions": []}]
    err = replay_error(record_text("classic", 5, deals))
    assert str(err).startswith("deal 1: ")
    assert err.deal == 1 and err.action is None
