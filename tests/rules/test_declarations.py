"""Declarations before play: rams (R1–R4, X4) and jacks (J1–J5, X5, X11, V1, Z2).

Every expected record is worked out by hand from RULES.md; the arithmetic is in the comments.
Ace values (S3): ♠ 5, ♣ 10, ♦ 15, ♥ 20. Records start at 100 (S1) unless a test sets them.
"""

from __future__ import annotations

import pytest

from rams.games.rams.deal import Deal, Phase
from rams.games.rams.events import EventKind
from tests.util import ALL_PLAY_P3_DEALS, make_deal, run
from tests.util import refuse as _assert_refused


def _assert_over_before_play(deal: Deal) -> None:
    """The deal ended at the declarations: no trick was played and nothing more is legal."""
    assert deal.phase is Phase.DONE
    assert deal.tricks_taken == [0] * deal.n
    assert not [e for e in deal.events if e.kind is EventKind.PLAY]
    assert deal.legal_actions() == []


def _jack_seats(deal: Deal) -> list[int | None]:
    return [e.seat for e in deal.events if e.kind is EventKind.JACKS]


# R1 four aces ----------------------------------------------------------------------------


def test_r1_four_aces_dealt_win_at_once_and_set_record_to_0() -> None:
    """R1, X4: four aces in the final hand of a player who plays win the game, record set to 0."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "AS AC AD AH 7S", 1: "8S 9S TS KC QC", 2: "7C 8C 9C TC 7D"},
        turned="8D",
        records=[60, 40, 30],
    )
    run(d, *ALL_PLAY_P3_DEALS[:-1])
    # Checked only after the dealer's swap or keep: nothing yet.
    assert d.winner is None
    assert d.records == [60, 40, 30]
    run(d, "p3 keep")
    # p1's record becomes 0 (not 60 minus anything); the others keep theirs.
    assert d.winner == 0
    assert d.records == [0, 40, 30]
    _assert_over_before_play(d)
    _assert_refused(d, "p1 AS", "X9")


def test_r1_four_aces_bought_in_the_exchange_win() -> None:
    """R1: bought aces count: three dealt aces plus one drawn make four aces."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "AS AC AD 7S 8S", 1: "9S TS KC QC 7H", 2: "7C 8C 9C TC 7D"},
        turned="8D",
        stock="AH",
    )
    # p1 discards 7S and draws AH: AS AC AD AH 8S.
    run(d, "p1 play", "p2 play", "p3 play", "p1 exchange 7S", "p2 exchange", "p3 exchange")
    run(d, "p3 keep")
    assert d.winner == 0
    assert d.records == [0, 100, 100]
    _assert_over_before_play(d)


def test_r1_x2_dealer_swaps_in_the_fourth_ace_and_wins() -> None:
    """R1, X2: the turned ace taken by the dealer's swap belongs to his final hand."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "7S 8S 9S KC QC", 1: "TS JS 7H 8H 9H", 2: "AS AC AD 7C 8C"},
        turned="AH",
    )
    # p3 gives 7C for AH: AS AC AD AH 8C.
    run(d, "p1 play", "p2 play", "p3 play", "p1 exchange", "p2 exchange", "p3 exchange")
    run(d, "p3 swap 7C")
    assert d.winner == 2
    assert d.records == [100, 100, 0]
    _assert_over_before_play(d)


def test_r1_four_aces_dealt_but_one_discarded_do_not_win() -> None:
    """R1: rams are checked on the final hand: four aces dealt, one discarded, win nothing."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "AS AC AD AH 7S", 1: "8S 9S TS KC QC", 2: "7C 8C 9C TC 7D"},
        turned="8D",
        stock="7H",
    )
    # p1 discards AH, draws 7H: AS AC AD 7S 7H.
    run(d, "p1 play", "p2 play", "p3 play", "p1 exchange AH", "p2 exchange", "p3 exchange")
    run(d, "p3 keep")
    assert d.winner is None
    assert d.phase is Phase.PLAY
    assert d.records == [100, 100, 100]


def test_r1_four_aces_off_count_nothing() -> None:
    """R1 option four_aces = "off": four aces neither win nor cancel jacks."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "AS AC AD AH 7S", 1: "8S 9S TS JH JD", 2: "7C 8C 9C TC 7D"},
        turned="8D",
        four_aces="off",
    )
    run(d, *ALL_PLAY_P3_DEALS)
    # No rams is shown, so p2's red pair writes off 5: 100 - 5 = 95 (J1).
    assert d.winner is None
    assert d.phase is Phase.PLAY
    assert d.records == [100, 95, 100]


def test_x4_passers_four_aces_count_nothing() -> None:
    """X4: R1 looks only at players who play (a passer may hold aces with ace_forbids_pass off)."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "7S 8S 9S KC QC", 1: "AS AC AD AH 7H", 2: "TS JS 8H 9H 7C"},
        turned="8D",
        ace_forbids_pass=False,
    )
    run(d, "p1 play", "p2 pass", "p3 play", "p1 exchange", "p3 exchange", "p3 keep")
    assert d.winner is None
    assert d.phase is Phase.PLAY
    assert d.records == [100, 100, 100]


# R2 five of one suit ----------------------------------------------------------------------


def test_r2_five_suit_holder_writes_off_others_pay_no_tricks() -> None:
    """R2: holder writes off 5 + his suit's ace; each other player adds 5 + all his aces."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "AD KD QD 9D 8D", 1: "AS AC 7S 8S 9S", 2: "AH 7C 8C 9C TC"},
        turned="7H",  # hearts are trumps: p3's AH is the trump ace
    )
    run(d, *ALL_PLAY_P3_DEALS)
    # p1: 100 - (5 + AD 15) = 80
    # p2: 100 + 5 + AS 5 + AC 10 = 120
    # p3: 100 + 5 + AH 20 (trump ace included) = 125
    assert d.records == [80, 120, 125]
    assert d.winner is None
    _assert_over_before_play(d)
    _assert_refused(d, "p1 AD", "X9")


def test_r2_holder_without_ace_writes_off_5() -> None:
    """R2: without the ace of his suit the holder writes off exactly 5."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "KS QS TS 9S 8S", 1: "7D 8D 9D 7C 8C", 2: "9C TC KC 9H TH"},
        turned="7H",
    )
    run(d, *ALL_PLAY_P3_DEALS)
    # p1: 100 - 5 = 95; p2 and p3 hold no ace: 100 + 5 = 105 each.
    assert d.records == [95, 105, 105]
    _assert_over_before_play(d)


def test_r2_passers_pay_nothing_and_bought_aces_are_paid() -> None:
    """R2: only players who play pay; they pay the aces of their final hand (a bought ace too)."""
    d = make_deal(
        "classic",
        4,
        dealer=3,
        hands={
            0: "KS QS JS TS 9S",
            1: "AC 7C 8C 9C 7D",
            2: "8D 9D TD 8H 9H",
            3: "AD AH TC QC KC",
        },
        turned="7H",
        stock="AS",
    )
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 pass",
        "p4 play",
        "p1 exchange",
        "p2 exchange 7D",  # draws AS: AC AS 7C 8C 9C
        "p4 exchange",
        "p4 keep",
    )
    # p1: 100 - 5 = 95 (no AS: it was in the stock)
    # p2: 100 + 5 + AC 10 + AS 5 = 120
    # p3 passed: 100
    # p4: 100 + 5 + AD 15 + AH 20 = 140
    assert d.records == [95, 120, 100, 140]
    _assert_over_before_play(d)


def test_x4_passers_five_of_a_suit_counts_nothing() -> None:
    """X4: a passer's five of a suit is no rams: play goes on and jacks still score."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "JS JC AS 7C 8C", 1: "7D 8D 9D TD QD", 2: "AC 9C TC 8H 9H"},
        turned="7H",
    )
    run(d, "p1 play", "p2 pass", "p3 play", "p1 exchange", "p3 exchange", "p3 keep")
    # No rams: p1's black pair writes off 5: 95; p2 passed with five diamonds: nothing.
    assert d.records == [95, 100, 100]
    assert d.winner is None
    assert d.phase is Phase.PLAY
    assert d.legal_actions(0) != []


# R3 trump rams ----------------------------------------------------------------------------


def test_r3_trump_rams_is_ten_for_holder_and_payers() -> None:
    """R3 (rams-001): five trumps write off 10 + ace; every other player adds 10 + his aces."""
    d = make_deal(
        "rams-001",
        3,
        dealer=2,
        hands={0: "AS KS QS JS TS", 1: "AH 7C 8C 9C TC", 2: "AC 7D 8D 9D TD"},
        turned="7S",
    )
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 play",
        "p1 exchange",
        "p2 exchange",
        "p3 exchange",
        "p3 swap 7D",  # mandatory in rams-001: AC 7S 8D 9D TD
    )
    # p1: 100 - (10 + AS 5) = 85
    # p2: 100 + 10 + AH 20 = 130
    # p3: 100 + 10 + AC 10 = 120
    assert d.records == [85, 130, 120]
    assert d.winner is None
    _assert_over_before_play(d)


def test_x4_trump_rams_null_scores_five_trumps_as_r2() -> None:
    """R3, X4: with trump_rams = null five trumps are an ordinary five of a suit (5, not 10)."""
    d = make_deal(
        "rams-001",
        3,
        dealer=2,
        hands={0: "AS KS QS JS TS", 1: "AH 7C 8C 9C TC", 2: "AC 7D 8D 9D TD"},
        turned="7S",
        trump_rams=None,
    )
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 play",
        "p1 exchange",
        "p2 exchange",
        "p3 exchange",
        "p3 swap 7D",
    )
    # p1: 100 - (5 + 5) = 90; p2: 100 + 5 + 20 = 125; p3: 100 + 5 + 10 = 115
    assert d.records == [90, 125, 115]
    _assert_over_before_play(d)


# R4 several rams --------------------------------------------------------------------------


def test_r4_four_aces_beat_trump_rams() -> None:
    """R4: four aces rank above trump rams; the beaten trump rams scores nothing."""
    d = make_deal(
        "rams-001",
        3,
        dealer=2,
        hands={0: "KS QS JS TS 9S", 1: "AS AC AD AH 7H", 2: "7C 8C 9C TC 7D"},
        turned="7S",
    )
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 play",
        "p1 exchange",
        "p2 exchange",
        "p3 exchange",
        "p3 swap 7D",
    )
    # p2 wins with four aces, record 0; p1's trump rams (earlier seat) writes nothing off.
    assert d.winner == 1
    assert d.records == [100, 0, 100]
    _assert_over_before_play(d)


def test_r4_trump_rams_beat_five_hearts_and_beaten_holder_pays() -> None:
    """R4, X4: trump rams beat five hearts; the hearts holder pays 10 + his aces like the rest."""
    d = make_deal(
        "rams-001",
        3,
        dealer=2,
        hands={0: "AH KH QH JH TH", 1: "KC QC JC TC 9C", 2: "AS AD 7D 8D 9D"},
        turned="7C",
    )
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 play",
        "p1 exchange",
        "p2 exchange",
        "p3 exchange",
        "p3 swap 7D",  # AS AD 7C 8D 9D
    )
    # p2 (five clubs = trumps, no AC): 100 - 10 = 90
    # p1 (beaten five hearts): 100 + 10 + AH 20 = 130
    # p3: 100 + 10 + AS 5 + AD 15 = 130
    assert d.records == [130, 90, 130]
    assert d.winner is None
    _assert_over_before_play(d)


@pytest.mark.parametrize(
    ("low", "high", "dealer_hand", "turned", "expected"),
    [
        # p1 low suit with its ace pays 5 + ace; p2 high suit no ace writes off 5: 95.
        # spades < clubs: p1 100+5+5 = 110; p3 100+5+AD 15+AH 20 = 140
        ("AS KS QS TS 9S", "KC QC TC 9C 8C", "AD 7D 8D AH 7H", "9D", [110, 95, 140]),
        # clubs < diamonds: p1 100+5+10 = 115; p3 100+5+AS 5+AH 20 = 130
        ("AC KC QC TC 9C", "KD QD TD 9D 8D", "AS 7S 8S AH 7H", "9S", [115, 95, 130]),
        # diamonds < hearts: p1 100+5+15 = 120; p3 100+5+AS 5+AC 10 = 120
        ("AD KD QD TD 9D", "KH QH TH 9H 8H", "AS 7S 8S AC 7C", "9S", [120, 95, 120]),
        # spades < hearts: p1 110; p3 100+5+AC 10+AD 15 = 130
        ("AS KS QS TS 9S", "KH QH TH 9H 8H", "AC 7C 8C AD 7D", "9C", [110, 95, 130]),
        # spades < diamonds: p1 110; p3 100+5+AC 10+AH 20 = 135
        ("AS KS QS TS 9S", "KD QD TD 9D 8D", "AC 7C 8C AH 7H", "9C", [110, 95, 135]),
        # clubs < hearts: p1 115; p3 100+5+AS 5+AD 15 = 125
        ("AC KC QC TC 9C", "KH QH TH 9H 8H", "AS 7S 8S AD 7D", "9S", [115, 95, 125]),
    ],
)
def test_r4_suit_order_beats_write_off_and_seat(
    low: str, high: str, dealer_hand: str, turned: str, expected: list[int]
) -> None:
    """R4: hearts > diamonds > clubs > spades, before the larger write-off and the seat order."""
    d = make_deal("classic", 3, dealer=2, hands={0: low, 1: high, 2: dealer_hand}, turned=turned)
    run(d, *ALL_PLAY_P3_DEALS)
    assert d.records == expected
    assert d.winner is None
    _assert_over_before_play(d)


@pytest.mark.parametrize(
    ("trump_rams", "expected"),
    [
        # null: five spades (trumps) are ordinary and lose to five clubs.
        # p2: 100 - 5 = 95; p1: 100 + 5 + AS 5 = 110; p3: 100 + 5 + AD 15 + AH 20 = 140
        (None, [110, 95, 140]),
        # 10: the trump rams wins. p1: 100 - (10 + 5) = 85; p2: 100 + 10 = 110;
        # p3: 100 + 10 + 15 + 20 = 145
        (10, [85, 110, 145]),
    ],
)
def test_x4_trump_rams_null_ranks_as_ordinary_suit_in_r4(
    trump_rams: int | None, expected: list[int]
) -> None:
    """X4, R4: with trump_rams = null five trumps rank by their suit like any five of a suit."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "AS KS QS TS 9S", 1: "KC QC TC 9C 8C", 2: "AD 7D 8D AH 7H"},
        turned="8S",
        trump_rams=trump_rams,
    )
    run(d, *ALL_PLAY_P3_DEALS)
    assert d.records == expected
    _assert_over_before_play(d)


def test_r4_same_suit_larger_write_off_wins() -> None:
    """R4, X10: two rams in one suit (52 cards, 5 players): the larger write-off wins."""
    d = make_deal(
        "classic",
        5,
        dealer=4,
        hands={
            0: "KH QH JH TH 9H",
            1: "AH 8H 7H 6H 5H",
            2: "AS 2S 3S 2C 3C",
            3: "AC 4S 5S 4C 5C",
            4: "AD 6S 7S 6C 7C",
        },
        turned="2D",
    )
    assert d.rules.pack_size == 52
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 play",
        "p4 play",
        "p5 play",
        "p1 exchange",
        "p2 exchange",
        "p3 exchange",
        "p4 exchange",
        "p5 exchange",
        "p5 keep",
    )
    # p2: 100 - (5 + AH 20) = 75 beats p1's 5 although p1 sits first from the dealer's left.
    # p1 (beaten, no ace): 100 + 5 = 105
    # p3: 100 + 5 + AS 5 = 110; p4: 100 + 5 + AC 10 = 115; p5: 100 + 5 + AD 15 = 120
    assert d.records == [105, 75, 110, 115, 120]
    _assert_over_before_play(d)


def test_r4_two_trump_rams_larger_write_off_wins() -> None:
    """R4, X10 (rams-001, 5 players, 52 cards): of two trump rams the larger write-off wins."""
    d = make_deal(
        "rams-001",
        5,
        dealer=4,
        hands={
            0: "KS QS JS TS 9S",
            1: "AS 8S 7S 6S 5S",
            2: "AC 2C 3C 4H 5H",
            3: "AH 4C 5C 6H 7H",
            4: "AD 6C 7C 2H 3H",
        },
        turned="2S",
    )
    assert d.rules.pack_size == 52
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 play",
        "p4 play",
        "p5 play",
        "p1 exchange",
        "p2 exchange",
        "p3 exchange",
        "p4 exchange",
        "p5 exchange",
        "p5 swap 2H",  # AD 6C 7C 2S 3H
    )
    # p2: 100 - (10 + AS 5) = 85 beats p1's 10; p1 beaten: 100 + 10 = 110
    # p3: 100 + 10 + AC 10 = 120; p4: 100 + 10 + AH 20 = 130; p5: 100 + 10 + AD 15 = 125
    assert d.records == [110, 85, 120, 130, 125]
    _assert_over_before_play(d)


@pytest.mark.parametrize(
    ("dealer", "lines", "expected"),
    [
        # Dealer p2: order p3 p4 p5 p1 p2, so p4 comes before p1.
        # p4: 100 - 5 = 95; p1 beaten: 100 + 5 = 105; p2: 100 + 5 + AD 15 = 120;
        # p3: 100 + 5 + AS 5 = 110; p5: 100 + 5 + AC 10 = 115
        (
            1,
            (
                "p3 play",
                "p4 play",
                "p5 play",
                "p1 play",
                "p2 play",
                "p3 exchange",
                "p4 exchange",
                "p5 exchange",
                "p1 exchange",
                "p2 exchange",
                "p2 keep",
            ),
            [105, 120, 110, 95, 115],
        ),
        # Dealer p5: order p1 … p5, so p1 comes first: p1 95, p4 beaten 105.
        (
            4,
            (
                "p1 play",
                "p2 play",
                "p3 play",
                "p4 play",
                "p5 play",
                "p1 exchange",
                "p2 exchange",
                "p3 exchange",
                "p4 exchange",
                "p5 exchange",
                "p5 keep",
            ),
            [95, 120, 110, 105, 115],
        ),
    ],
)
def test_r4_equal_rams_go_by_seat_order_from_dealers_left(
    dealer: int, lines: tuple[str, ...], expected: list[int]
) -> None:
    """R4: same suit, same write-off: the first from the dealer's left wins, not the lowest seat."""
    d = make_deal(
        "classic",
        5,
        dealer=dealer,
        hands={
            0: "KH QH JH TH 9H",
            1: "AD 6S 7S 6C 7C",
            2: "AS 2S 3S 2C 3C",
            3: "8H 7H 6H 5H 4H",
            4: "AC 4S 5S 4C 5C",
        },
        turned="2D",
    )
    run(d, *lines)
    assert d.records == expected
    _assert_over_before_play(d)


# X4 a rams is one event, then S6 ------------------------------------------------------------


@pytest.mark.parametrize(
    ("holder", "start", "expected", "winner"),
    [
        # 5 - 5 = 0: wins; p2 40 + 5 + AS 5 = 50; p3 30 + 5 + AC 10 = 45 (written first)
        ("KD QD TD 9D 8D", 5, [0, 50, 45], 0),
        # 20 - (5 + AD 15) = 0: wins
        ("AD QD TD 9D 8D", 20, [0, 50, 45], 0),
        # 6 - 5 = 1: no winner, and still no tricks
        ("KD QD TD 9D 8D", 6, [1, 50, 45], None),
    ],
)
def test_x4_rams_is_one_event_then_s6(
    holder: str, start: int, expected: list[int], winner: int | None
) -> None:
    """X4, S6, R2: all the rams' write-offs and penalties are written, then a holder at ≤ 0 wins."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: holder, 1: "AS 7S 8S 9S 7C", 2: "AC 8C 9C TC 7H"},
        turned="7D",
        records=[start, 40, 30],
    )
    run(d, *ALL_PLAY_P3_DEALS)
    assert d.records == expected
    assert d.winner == winner
    _assert_over_before_play(d)


# J1 jack values ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("JS JC 7D 8D 9D", 95),  # black pair: 100 - 5
        ("JH JD 7S 8S 9S", 95),  # red pair: 100 - 5
        ("JS JH 7D 8D 9D", 100),  # different colours (косые): nothing
        ("JC JD 7S 8S 9S", 100),  # different colours: nothing
        ("JS JC JD 7S 8S", 95),  # three jacks hold a black pair (X5): 100 - 5
        ("JS JH JD 7S 8S", 95),  # three jacks hold a red pair: 100 - 5
        ("JS JC JD JH 7S", 90),  # four jacks: 100 - 10
    ],
)
def test_j1_jack_values(hand: str, expected: int) -> None:
    """J1, X5: same-colour pair 5, four 10, different colours nothing, three jacks 5."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: hand, 1: "QS KS QD KD 8H", 2: "7C 8C 9C TC 9H"},
        turned="7H",
    )
    run(d, *ALL_PLAY_P3_DEALS)
    assert d.records == [expected, 100, 100]
    assert d.phase is Phase.PLAY


def test_j1_two_players_each_write_their_pair() -> None:
    """J1: a black pair and a red pair in two hands write off 5 each."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "JS JC 7D 8D 9D", 1: "JH JD 7S 8S 9S", 2: "7C 8C 9C TC 9H"},
        turned="7H",
    )
    run(d, *ALL_PLAY_P3_DEALS)
    assert d.records == [95, 95, 100]
    assert d.pre_play_records == (95, 95, 100)


# J2 dealt or final hand -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealt", "discard", "stock", "expected"),
    [
        # dealt pair broken in the exchange (JS out, 7S in): the dealt pair counts: 100 - 5
        ("JS JC 7D 8D 9D", "JS", "7S", 95),
        # pair completed by the exchange (TD out, JC in): 100 - 5
        ("JS 7D 8D 9D TD", "TD", "JC", 95),
        # pair dealt, four jacks after the exchange: the better (10), once: 100 - 10, not -15
        ("JS JC 7D 8D 9D", "7D 8D", "JD JH", 90),
        # four dealt, a pair kept: the better (10), once: 100 - 10
        ("JS JC JD JH 7D", "JD JH", "7S 8S", 90),
        # pair dealt and kept: counted once: 100 - 5, not -10
        ("JS JC 7D 8D 9D", "7D", "7S", 95),
        # different colours in both hands: nothing
        ("JS 7D 8D 9D TD", "TD", "JH", 100),
    ],
)
def test_j2_better_of_dealt_and_final_hand_once(
    dealt: str, discard: str, stock: str, expected: int
) -> None:
    """J2: jacks count in the dealt or the final hand; the better of the two scores, once."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: dealt, 1: "QS KS QD KD 8H", 2: "7C 8C 9C TC 9H"},
        turned="7H",
        stock=stock,
    )
    run(d, "p1 play", "p2 play", "p3 play", f"p1 exchange {discard}", "p2 exchange")
    run(d, "p3 exchange", "p3 keep")
    assert d.records == [expected, 100, 100]
    assert d.phase is Phase.PLAY


@pytest.mark.parametrize(
    ("dealer_action", "expected"),
    [
        # swap: JC joins the final hand JS JC 7C 8C 9C: a black pair: 100 - 5
        ("p3 swap 9H", 95),
        # keep: the turned JC is not in the dealt hand (X2): JS alone: nothing
        ("p3 keep", 100),
    ],
)
def test_j2_x2_turned_jack_counts_only_if_swapped_in(dealer_action: str, expected: int) -> None:
    """J2, X2: the turned card is not in the dealer's dealt hand; swapped in, it is in his final."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "QS KS QD KD 8H", 1: "7D 8D 9D TD 7H", 2: "JS 7C 8C 9C 9H"},
        turned="JC",
    )
    run(d, *ALL_PLAY_P3_DEALS[:-1], dealer_action)
    assert d.records == [100, 100, expected]
    assert d.phase is Phase.PLAY


# J3 before play, passers too --------------------------------------------------------------


def test_j3_passer_writes_jacks_before_play() -> None:
    """J3, X5, E7: a passer's pair is written off after the dealer's swap or keep, before play."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "AS 7C 8C 9C 7D", 1: "JH JD 7S 8S 9S", 2: "AC TC QC 8D 9D"},
        turned="7H",
    )
    run(d, "p1 play", "p2 pass", "p3 play", "p1 exchange", "p3 exchange")
    # X5: not yet: jacks wait for the dealer's swap or keep.
    assert d.records == [100, 100, 100]
    run(d, "p3 keep")
    # p2: 100 - 5 = 95, before the first lead.
    assert d.records == [100, 95, 100]
    assert d.pre_play_records == (100, 95, 100)
    assert d.phase is Phase.PLAY
    assert d.to_move == 0
    assert _jack_seats(d) == [1]


# J4 jacks and no trick --------------------------------------------------------------------


def test_j4_pair_and_no_trick_nets_zero() -> None:
    """J4: a pair (−5) and a remise (+5, no aces) cancel out."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "JS JC 7D 8D 9D", 1: "7S 8S 9S 7C 8C", 2: "AS AC AD KS KC"},
        turned="7H",
    )
    run(d, "p1 play", "p2 pass", "p3 play", "p1 exchange", "p3 exchange", "p3 keep")
    assert d.records == [95, 100, 100]
    run(d, "p1 7D", "p3 AD")  # p3: 100 - 1 - (AS 5 + AC 10 + AD 15) = 69
    run(d, "p3 AS", "p1 JS")  # 68
    run(d, "p3 AC", "p1 JC")  # 67
    run(d, "p3 KS", "p1 8D")  # 66
    run(d, "p3 KC", "p1 9D")  # 65
    # p1 took no trick: 95 + 5 = 100 (net 0); p2 passed: 100.
    assert d.tricks_taken == [0, 0, 5]
    assert d.records == [100, 100, 65]
    assert d.phase is Phase.DONE
    assert d.winner is None


def test_j4_four_jacks_and_no_trick_net_minus_five() -> None:
    """J4, X11: four jacks (−10) and a remise (+5) net −5: five in the holder's favour."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "JS JC JD JH 7D", 1: "7H 8H 9H 7C 8C", 2: "AS AC AD KS KH"},
        turned="7S",  # spades are trumps
    )
    run(d, "p1 play", "p2 pass", "p3 play", "p1 exchange", "p3 exchange", "p3 keep")
    assert d.records == [90, 100, 100]
    run(d, "p1 7D", "p3 AD")  # p3: 100 - 1 - (AS 5 + AC 10 + AD 15) = 69
    run(d, "p3 AS", "p1 JS")  # P4: the trump ace leads; 68
    run(d, "p3 AC", "p1 JC")  # 67
    run(d, "p3 KH", "p1 JH")  # 66
    run(d, "p3 KS", "p1 JD")  # 65
    # p1: 90 + 5 = 95 (net -5 from 100).
    assert d.tricks_taken == [0, 0, 5]
    assert d.records == [95, 100, 65]
    assert d.phase is Phase.DONE


# J5 rams cancel jacks ---------------------------------------------------------------------


def test_j5_five_suit_cancels_jacks_of_players_and_passers() -> None:
    """J5, X5: with a rams shown no jack scores, neither a player's nor a passer's."""
    d = make_deal(
        "classic",
        4,
        dealer=3,
        hands={
            0: "KS QS TS 9S 8S",
            1: "JH JD 7C 8C 9C",
            2: "JS JC 7D 8D 9D",
            3: "AC AD TC QC KC",
        },
        turned="7H",
    )
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 pass",
        "p4 play",
        "p1 exchange",
        "p2 exchange",
        "p4 exchange",
        "p4 keep",
    )
    # p1: 100 - 5 = 95; p2: 100 + 5 = 105 (no jack credit); p3 passed: 100 (no credit);
    # p4: 100 + 5 + AC 10 + AD 15 = 130
    assert d.records == [95, 105, 100, 130]
    assert _jack_seats(d) == []
    _assert_over_before_play(d)


def test_j5_beaten_rams_and_jacks() -> None:
    """J5, X5, R4: with a beaten rams beside the best one, a third player's pair scores nothing."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "AS KS QS TS 9S", 1: "KC QC TC 9C 8C", 2: "JD JH 7D 8D 7H"},
        turned="9D",
    )
    run(d, *ALL_PLAY_P3_DEALS)
    # p2 (clubs > spades): 95; p1 beaten: 100 + 5 + AS 5 = 110; p3: 100 + 5 = 105, no jacks.
    assert d.records == [110, 95, 105]
    assert _jack_seats(d) == []
    _assert_over_before_play(d)


def test_j5_trump_rams_cancel_jacks() -> None:
    """J5 (rams-001): trump rams cancel the jacks of a player who plays."""
    d = make_deal(
        "rams-001",
        3,
        dealer=2,
        hands={0: "KS QS TS 9S 8S", 1: "JH JD 7C 8C 9C", 2: "AC 7D 8D 9D TD"},
        turned="7S",
    )
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 play",
        "p1 exchange",
        "p2 exchange",
        "p3 exchange",
        "p3 swap 7D",
    )
    # p1: 100 - 10 = 90; p2: 100 + 10 = 110 (no jacks); p3: 100 + 10 + AC 10 = 120
    assert d.records == [90, 110, 120]
    assert _jack_seats(d) == []
    _assert_over_before_play(d)


def test_j5_five_suit_stops_a_pair_at_five_from_winning() -> None:
    """J5, S6: a pair at 5 does not win when a rams is shown; its holder pays instead."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "JS JC 7H 8H 9H", 1: "KD QD TD 9D 8D", 2: "AS AC 7C 8C 9C"},
        turned="7D",
        records=[5, 100, 100],
    )
    run(d, *ALL_PLAY_P3_DEALS)
    # p2: 100 - 5 = 95; p1: 5 + 5 = 10; p3: 100 + 5 + AS 5 + AC 10 = 120
    assert d.records == [10, 95, 120]
    assert d.winner is None
    _assert_over_before_play(d)


def test_j5_four_aces_win_before_a_pair_at_five() -> None:
    """J5, R1, X5: rams come before jacks: four aces win though an earlier seat has a pair at 5."""
    d = make_deal(
        "classic",
        3,
        dealer=2,
        hands={0: "JS JC 7H 8H 9H", 1: "AS AC AD AH 7S", 2: "7C 8C 9C TC 7D"},
        turned="8D",
        records=[5, 50, 50],
    )
    run(d, *ALL_PLAY_P3_DEALS)
    # p2: record 0, wins; p1's pair is not written: 5.
    assert d.winner == 1
    assert d.records == [5, 0, 50]
    assert _jack_seats(d) == []
    _assert_over_before_play(d)


# X5, X11, S6, Z2: jacks in seat order --------------------------------------------------------


def test_x5_jacks_written_in_seat_order_from_dealers_left() -> None:
    """X5: jacks are written in seat order from the dealer's left (dealer p2: p3 before p1)."""
    d = make_deal(
        "classic",
        3,
        dealer=1,
        hands={0: "JS JC 7D 8D 9D", 1: "AS 7C 8C 9C TC", 2: "JH JD 7S 8S 9S"},
        turned="7H",
    )
    run(
        d,
        "p3 play",
        "p1 play",
        "p2 play",
        "p3 exchange",
        "p1 exchange",
        "p2 exchange",
        "p2 keep",
    )
    assert _jack_seats(d) == [2, 0]
    assert d.records == [95, 100, 95]


def test_x5_earlier_jacks_stand_when_a_later_pair_ends_the_game() -> None:
    """X5, S6: p3's jacks (first from dealer p2's left) stand; p1's pair at 5 then wins."""
    d = make_deal(
        "classic",
        3,
        dealer=1,
        hands={0: "JS JC 7D 8D 9D", 1: "AS 7C 8C 9C TC", 2: "JH JD 7S 8S 9S"},
        turned="7H",
        records=[5, 50, 40],
    )
    run(
        d,
        "p3 play",
        "p1 play",
        "p2 play",
        "p3 exchange",
        "p1 exchange",
        "p2 exchange",
        "p2 keep",
    )
    # p3: 40 - 5 = 35 first; then p1: 5 - 5 = 0: wins before play.
    assert d.winner == 0
    assert d.records == [0, 50, 35]
    _assert_over_before_play(d)


def test_x11_pair_at_five_ends_game_before_later_jacks_playing() -> None:
    """X11, S6: a player who plays, at 5 with a pair, wins before later seats' jacks and play."""
    d = make_deal(
        "classic",
        3,
        dealer=0,
        hands={0: "JS JC 7D 8D 9D", 1: "AS 7C 8C 9C TC", 2: "JH JD 7S 8S 9S"},
        turned="7H",
        records=[3, 50, 5],
    )
    # Dealer p1: order p2, p3, p1. p1 at 3 would win too, but p3 comes first.
    run(
        d,
        "p2 play",
        "p3 play",
        "p1 play",
        "p2 exchange",
        "p3 exchange",
        "p1 exchange",
        "p1 keep",
    )
    # p3: 5 - 5 = 0: wins; p1's pair is never written: 3.
    assert d.winner == 2
    assert d.records == [3, 50, 0]
    assert _jack_seats(d) == [2]
    _assert_over_before_play(d)
    _assert_refused(d, "p2 AS", "X9")


def test_x11_pair_at_five_ends_game_before_later_jacks_passing() -> None:
    """X11, J3, S6: the same when the player at 5 passes."""
    d = make_deal(
        "classic",
        3,
        dealer=0,
        hands={0: "JS JC 7D 8D 9D", 1: "AS 7C 8C 9C TC", 2: "JH JD 7S 8S 9S"},
        turned="7H",
        records=[3, 50, 5],
    )
    # p3 passes, so the dealer p1 must play (E3).
    run(d, "p2 play", "p3 pass", "p1 play", "p2 exchange", "p1 exchange", "p1 keep")
    assert d.winner == 2
    assert d.records == [3, 50, 0]
    assert _jack_seats(d) == [2]
    _assert_over_before_play(d)


def test_z2_rozaliev_jacks_pair_at_five_ends_the_game() -> None:
    """Z2: in rozaliev-jacks a player whose record is 5 or less shows a pair and wins."""
    d = make_deal(
        "rozaliev-jacks",
        3,
        dealer=2,
        hands={0: "JS JC 7D 8D 9D", 1: "AS 7C 8C 9C TC", 2: "AC QC KC 8H 9H"},
        turned="7H",
        records=[5, 50, 50],
    )
    run(d, *ALL_PLAY_P3_DEALS)
    # p1: 5 - 5 = 0.
    assert d.winner == 0
    assert d.records == [0, 50, 50]
    _assert_over_before_play(d)


def test_z1_rozaliev_jacks_none_score_nothing() -> None:
    """Z1, jacks = "none" (rozaliev): no jack scores; a pair at 5 does not win."""
    d = make_deal(
        "rozaliev",
        3,
        dealer=2,
        hands={0: "JS JC 7D 8D 9D", 1: "JH JD 7C 8C 9C", 2: "AC QC KC 8H 9H"},
        turned="7H",
        records=[5, 50, 50],
    )
    run(d, *ALL_PLAY_P3_DEALS)
    assert d.winner is None
    assert d.records == [5, 50, 50]
    assert _jack_seats(d) == []
    assert d.phase is Phase.PLAY


# V1 four jacks win -------------------------------------------------------------------------


def test_v1_four_jacks_win_at_once_record_set_to_zero() -> None:
    """V1: four jacks win the game before play, the holder's record set to 0 (not 12 - 10)."""
    d = make_deal(
        "rams-001-v1",
        3,
        dealer=2,
        hands={0: "JS JC JD JH 7D", 1: "7S 8S 9S 7C 8C", 2: "9C TC QC 8D 9D"},
        turned="7H",
        records=[12, 15, 15],
    )
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 play",
        "p1 exchange",
        "p2 exchange",
        "p3 exchange",
        "p3 swap 9D",
    )
    assert d.winner == 0
    assert d.records == [0, 15, 15]
    _assert_over_before_play(d)


def test_v1_four_jacks_of_a_passer_win() -> None:
    """V1, J3, X5: four jacks are a jack declaration: a passer's win too."""
    d = make_deal(
        "rams-001-v1",
        3,
        dealer=2,
        hands={0: "JS JC JD JH 7D", 1: "7S 8S 9S 7C 8C", 2: "9C TC QC 8D 9D"},
        turned="7H",
    )
    run(d, "p1 pass", "p2 play", "p3 play", "p2 exchange", "p3 exchange", "p3 swap 9D")
    assert d.winner == 0
    assert d.records == [0, 15, 15]
    _assert_over_before_play(d)


def test_v1_four_jacks_dealt_then_broken_still_win() -> None:
    """V1, J2: four jacks in the dealt hand count though two are discarded."""
    d = make_deal(
        "rams-001-v1",
        3,
        dealer=2,
        hands={0: "JS JC JD JH 7D", 1: "7S 8S 9S 7C 8C", 2: "9C TC QC 8D 9D"},
        turned="7H",
        stock="TS QS",
    )
    run(d, "p1 play", "p2 play", "p3 play", "p1 exchange JD JH", "p2 exchange", "p3 exchange")
    run(d, "p3 swap 9D")
    assert d.winner == 0
    assert d.records == [0, 15, 15]
    _assert_over_before_play(d)


def test_v1_x2_dealer_swaps_in_the_fourth_jack_and_wins() -> None:
    """V1, X2: the turned jack taken by the dealer completes four jacks in his final hand."""
    d = make_deal(
        "rams-001-v1",
        3,
        dealer=2,
        hands={0: "7S 8S 9S 7C 8C", 1: "9C TC QC 8D 9D", 2: "JS JC JD 7D TD"},
        turned="JH",
    )
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 play",
        "p1 exchange",
        "p2 exchange",
        "p3 exchange",
        "p3 swap 7D",  # JS JC JD JH TD
    )
    assert d.winner == 2
    assert d.records == [15, 15, 0]
    _assert_over_before_play(d)


@pytest.mark.parametrize(
    ("rams_hand", "turned", "expected"),
    [
        # five spades (trumps hearts), flat 5 (aces 0): p2 15 - 5 = 10; p1, p3 15 + 5 = 20
        ("7S 8S 9S TS QS", "7H", [20, 10, 20]),
        # five trumps (hearts), trump rams 10: p2 15 - 10 = 5; p1, p3 15 + 10 = 25
        ("8H 9H TH QH KH", "7H", [25, 5, 25]),
    ],
)
def test_v1_four_jacks_cancelled_by_any_rams(
    rams_hand: str, turned: str, expected: list[int]
) -> None:
    """V1, J5: any rams cancels four jacks; rams are flat 5 or 10 (every ace worth 0)."""
    d = make_deal(
        "rams-001-v1",
        3,
        dealer=2,
        hands={0: "JS JC JD JH 7D", 1: rams_hand, 2: "AC TC QC 8D 9D"},
        turned=turned,
    )
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 play",
        "p1 exchange",
        "p2 exchange",
        "p3 exchange",
        "p3 swap 9D",  # AC TC QC 8D + the turned card: p3 still pays no ace value (V1)
    )
    assert d.winner is None
    assert d.records == expected
    assert _jack_seats(d) == []
    _assert_over_before_play(d)


def test_v1_four_aces_count_nothing_and_a_pair_writes_five() -> None:
    """V1: four aces are no rams (four_aces off), so a jack pair writes off 5."""
    d = make_deal(
        "rams-001-v1",
        3,
        dealer=2,
        hands={0: "JS JC 7D 8D 9D", 1: "AS AC AD AH 7S", 2: "9C TC QC TD QD"},
        turned="7H",
    )
    run(
        d,
        "p1 play",
        "p2 play",
        "p3 play",
        "p1 exchange",
        "p2 exchange",
        "p3 exchange",
        "p3 swap QD",
    )
    # p1: 15 - 5 = 10; nobody wins.
    assert d.winner is None
    assert d.records == [10, 15, 15]
    assert d.phase is Phase.PLAY
