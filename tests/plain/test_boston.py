"""Бостон (B1–B13): RULES.md §10.4, with the records of §12.

Preset ``boston``. Every expected value is worked out by hand from RULES.md; the arithmetic
is in the comments. Unless a test says otherwise p4 deals, so p1 bids first, and the card
turned from the second pack is the 9H: hearts are the first suit, diamonds the second, spades
and clubs the third (B2).

Most whole deals are built by :func:`layout` from a *plan* of twelve tricks, e.g.
``"S1 S1 S1 C3 …"``: a trick in spades won by p1, … Each suit is played three times; its first
trick holds A 5 4 3, its second K 8 7 6, its third Q J T 9 (the first card named, the top,
goes to the trick's winner, the others to the seats after him in turn). Every seat holds one
card of every such trick, so everyone follows suit in tricks 1–12 and the highest card wins.
The four 2s (``twos``: p1's, p2's, p3's, p4's) make trick 13, where nobody can follow the
suit led: a trump wins it, else the card led (B8). The declarer leads the first trick (B7),
the winner of each trick the next: a plan whose winners the rules disagree with fails with a
refusal.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rams import games
from rams.cards import card_str, parse_cards
from rams.errors import IllegalActionError, NotationError, RecordError, RulesError
from rams.games.plain.deal import Phase
from rams.games.wire import state_message
from rams.record import loads
from tests.plain.helpers import deal_of, deck_for, run

FAMILY = games.family("boston")
GROUPS = ("A543", "K876", "QJT9")
ALL_PASS = ("p1 pass", "p2 pass", "p3 pass", "p4 pass")

#: B3's table, by hand: tricks → value in the first, second, third suit.
TABLE = {5: (3, 2, 1), 6: (8, 7, 6), 7: (13, 12, 11), 8: (18, 17, 16), 9: (23, 22, 21),
         13: (50, 49, 48)}  # fmt: skip
NULLS = {"small-null": 15, "big-null": 25, "small-open": 35, "big-open": 45}
#: B2 with the 9H turned: H first, D (the other red suit) second, S and C third.
CLASS_9H = {"H": 0, "D": 1, "S": 2, "C": 2}


def value_9h(contract: str) -> int:
    """B3's value of a bid, the 9H turned."""
    if contract in NULLS:
        return NULLS[contract]
    return TABLE[int(contract[:-1])][CLASS_9H[contract[-1]]]


ALL_BIDS = [f"{n}{s}" for n in (5, 6, 7, 8, 9, 13) for s in "SCDH"] + list(NULLS)


# Helpers --------------------------------------------------------------------------------------


def c(text: str) -> int:
    return parse_cards(text)[0]


def phase(deal: Any) -> Phase:
    """The deal's phase (a call, so that each assert reads it afresh)."""
    found: Phase = deal.phase
    return found


def legal(deal: Any, seat: int | None = None) -> set[str]:
    """The legal actions of ``seat`` (the seat to move by default), as record text."""
    return {str(a) for a in deal.legal_actions(seat)}


def bids(deal: Any, seat: int | None = None) -> set[str]:
    """The bids ``seat`` may make now, without the word ``bid``."""
    return {a.removeprefix("bid ") for a in legal(deal, seat) if a.startswith("bid ")}


def refuse(deal: Any, line: str, clause: str | None) -> IllegalActionError:
    """``line`` is refused (citing ``clause``, unless None); the deal is unchanged."""
    seat, action = FAMILY.parse_line(line)
    before = (len(deal.actions), deal.to_move, deal.phase, list(deal.scores))
    with pytest.raises(IllegalActionError) as info:
        deal.apply(action, seat)
    if clause is not None:
        assert info.value.clause == clause, str(info.value)
        assert str(info.value).startswith(clause)
    assert (len(deal.actions), deal.to_move, deal.phase, list(deal.scores)) == before
    return info.value


def layout(first: int, plan: str, twos: str) -> tuple[dict[int, list[str]], list[str]]:
    """The hands and the 52 card lines of a plan (see the module's docstring); ``first`` (0-based)
    leads the first trick."""
    held: dict[int, list[str]] = {s: [] for s in range(4)}
    lines: list[str] = []
    played = dict.fromkeys("SCDH", 0)
    leader = first
    for token in plan.split():
        suit, winner = token[0], int(token[1:]) - 1
        ranks = GROUPS[played[suit]]
        played[suit] += 1
        cards = {(winner + k) % 4: rank + suit for k, rank in enumerate(ranks)}
        for k in range(4):
            seat = (leader + k) % 4
            held[seat].append(cards[seat])
            lines.append(f"p{seat + 1} {cards[seat]}")
        leader = winner
    assert set(played.values()) == {3}, "each suit is played three times"
    for seat, two in enumerate(twos.split()):
        held[seat].append(two)
    lines += [f"p{(leader + k) % 4 + 1} {held[(leader + k) % 4][-1]}" for k in range(4)]
    return held, lines


def hands_of(held: dict[int, list[str]]) -> dict[int, str]:
    return {s: " ".join(cs) for s, cs in held.items()}


def plan_deal(plan: str, twos: str, *prelude: str, cards: int = 52) -> Any:
    """A deal, dealer p4, the 9H turned, of a plan whose first trick p1 leads: the ``prelude``
    lines (auction, partner, aside), then the first ``cards`` card lines."""
    held, lines = layout(0, plan, twos)
    deal = deal_of("boston", 4, 3, hands_of(held), turned="9H")
    run(deal, *prelude, *lines[:cards])
    return deal


def new_match(**options: Any) -> Any:
    match: Any = games.new_match("boston", 4, rng=random.Random(3), first_dealer=3, **options)
    return match


def turn(plan: str, twos: str, k: int) -> tuple[str, str]:
    """A plan turned ``k`` seats to the left: what p1 did, p(1 + k) does."""
    tokens = " ".join(f"{t[0]}{(int(t[1:]) - 1 + k) % 4 + 1}" for t in plan.split())
    old = twos.split()
    return tokens, " ".join(old[(s - k) % 4] for s in range(4))


def next_deal(match: Any, plan: str, twos: str, *prelude: str, cards: int = 52) -> Any:
    """The next deal of ``match`` from a plan written for p4 dealing, turned so that its p1 is
    the dealer's left (the prelude makes him the declarer, who leads)."""
    dealer = match.first_dealer if not match.deals else (match.deals[-1].dealer + 1) % 4
    leader = (dealer + 1) % 4
    held, lines = layout(leader, *turn(plan, twos, leader))
    deck = deck_for("boston", 4, dealer, hands_of(held))
    deal = match.start_deal(deck, dealer, turned=c("9H"))
    run(deal, *prelude, *lines[:cards])
    return deal


def void_deal(match: Any) -> Any:
    """The next deal of ``match``, everyone passing (B4)."""
    dealer = match.first_dealer if not match.deals else (match.deals[-1].dealer + 1) % 4
    deal = match.start_deal(None, dealer, turned=c("9H"))
    for k in range(4):
        run(deal, f"p{(dealer + 1 + k) % 4 + 1} pass")
    assert deal.is_over
    return deal


def bid_alone(contract: str) -> tuple[str, ...]:
    """p1 bids, the others pass (and p1 plays alone, for 5 or 6 tricks)."""
    lines: tuple[str, ...] = (f"p1 bid {contract}", "p2 pass", "p3 pass", "p4 pass")
    if contract[:-1] in ("5", "6"):
        lines += ("p1 alone",)
    return lines


# p1 takes S×3 C×3 D×3 = 9; trick 13 (p4 leads 2D, p2 trumps with 2H under hearts).
NINE_P1 = ("S1 S1 S1 C1 C1 C1 D1 D1 D1 H2 H3 H4", "2S 2H 2C 2D")
# p1 takes S×3 C×3 = 6; D2 D3 D4 H2 H3 H4; trick 13: p4 leads 2D, p2 trumps with the 2H (hearts)
# — p1 holds the 2S.
SIX_P1 = ("S1 S1 S1 C1 C1 C1 D2 D3 D4 H2 H3 H4", "2S 2H 2C 2D")
# p1 takes none of the first 12 (he leads the 3S to p2's AS …). Trick 13: p4 leads the 2D; p1
# the 2S, p2 the 2H, p3 the 2C: in a null game (no trump) the 2D led wins.
NONE_P1 = ("S2 S3 S4 C2 C3 C4 D2 D3 D4 H2 H3 H4", "2S 2H 2C 2D")
# p1 and p3: S1×3 D1×2 and trick 13 (p2 leads 2S; p1's 2D trumps under diamonds) for p1 = 6,
# C3×3 D3 for p3 = 4: together 10. p2: H2 H2; p4: H4.
TEN_P1_P3 = ("S1 S1 S1 C3 C3 C3 D1 D3 D1 H2 H4 H2", "2D 2S 2C 2H")
# p1: S1×3 D1 = 4; p2: C2×3 D2 = 4; together 8. p3: D3 H3; p4: H4 H4 and trick 13 (he leads
# the 2H, a trump under hearts).
EIGHT_P1_P2 = ("S1 S1 S1 C2 C2 C2 D1 D2 D3 H3 H4 H4", "2S 2C 2D 2H")
# A null that p1 loses at trick 3: p2 takes trick 1, p3 trick 2, p1 (the QS) trick 3.
LOST_AT_3 = ("S2 S3 S1 C2 C3 C4 D2 D3 D4 H2 H3 H4", "2S 2H 2C 2D")

# Hand-built: p1 all spades; p2 no spade, seven hearts and six clubs; p4 all diamonds.
B8_HANDS = {
    0: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    1: "2H 3H 4H 5H 6H 7H 8H 2C 3C 4C 5C 6C 7C",
    2: "9H TH JH QH KH AH 8C 9C TC JC QC KC AC",
    3: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
}


def b8_deal(*prelude: str) -> Any:
    deal = deal_of("boston", 4, 3, B8_HANDS, turned="9H")
    return run(deal, *prelude)


# B1: four players, 52 cards, the turned card ------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_B1_four_players(players: int) -> None:
    """B1: four players; any other table is refused, naming ``players``."""
    with pytest.raises(RulesError) as info:
        games.new_match("boston", players)
    assert info.value.options == ("players",)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_B1_thirteen_each_one_at_a_time_from_the_dealers_left(dealer: int) -> None:
    """B1: 52 cards, 13 each, one at a time from the dealer's left (the dealer last)."""
    match: Any = games.new_match("boston", 4, rng=random.Random(5), first_dealer=dealer)
    deal = match.start_deal(None, dealer, turned=c("9H"))
    deck = deal.deck
    assert sorted(deck) == list(range(52))
    for seat in range(4):
        mine = {deck[i] for i in range(52) if (dealer + 1 + i) % 4 == seat}
        assert set(deal.observation(seat).hand) == mine
        assert len(mine) == 13


def test_B1_each_deal_records_the_turned_card() -> None:
    """B1: each deal records ``turned``, a card of the second pack (so possibly one a player
    holds); a deal without it is refused."""
    match = new_match()
    deck = deck_for("boston", 4, 3, {0: "9H " + " ".join(f"{r}S" for r in "23456789TJQK")})
    with pytest.raises(IllegalActionError) as info:
        match.start_deal(deck, 3)
    assert info.value.clause == "B1"
    deal = match.start_deal(deck, 3, turned=c("9H"))  # p1 holds a 9H too: another pack
    assert deal.observation(1).extra["turned"] == "9H"
    assert c("9H") in deal.observation(0).hand
    data = match.record()
    assert data["deals"][0]["turned"] == "9H"
    del data["deals"][0]["turned"]
    with pytest.raises(RecordError) as rec:
        loads(json.dumps(data))
    assert rec.value.deal == 1
    assert "turned" in str(rec.value)


def test_B1_the_dealer_rotates_clockwise() -> None:
    """B1 (D4): the dealer passes to the left every deal, a void deal included."""
    match = new_match()
    void_deal(match)  # p4 deals
    for wrong in (3, 1, 2):
        with pytest.raises(IllegalActionError) as info:
            match.start_deal(None, wrong, turned=c("9H"))
        assert info.value.clause == "D4"
    deal = match.start_deal(None, 0, turned=c("9H"))
    assert deal.to_move == 1  # p2, at p1's left, bids first (B4)


# B2: suit classes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turned", "first", "second", "third"),
    [
        ("9S", "S", "C", "DH"),
        ("9C", "C", "S", "DH"),
        ("9D", "D", "H", "SC"),
        ("9H", "H", "D", "SC"),
    ],
)
def test_B2_suit_classes_by_the_turned_cards_colour(
    turned: str, first: str, second: str, third: str
) -> None:
    """B2: the turned card's suit is first, the other suit of its colour second, both suits of
    the other colour third (5 tricks: 3, 2, 1)."""
    for suit in third:  # a third-suit 5 (1) is overbid by the second (2) and the first (3)
        deal = deal_of("boston", 4, 3, {}, turned=turned)
        run(deal, f"p1 bid 5{suit}")
        assert deal.observation(1).extra["bids"] == [[0, f"bid 5{suit}", 1]]
        assert {b for b in bids(deal) if b[0] == "5"} == {f"5{first}", f"5{second}"}
    deal = deal_of("boston", 4, 3, {}, turned=turned)
    run(deal, f"p1 bid 5{second}")  # the second suit's 5 (2): only the first's 5 (3) is above
    assert deal.observation(1).extra["bids"] == [[0, f"bid 5{second}", 2]]
    assert {b for b in bids(deal) if b[0] == "5"} == {f"5{first}"}
    deal = deal_of("boston", 4, 3, {}, turned=turned)
    run(deal, f"p1 bid 5{first}")
    assert deal.observation(1).extra["bids"] == [[0, f"bid 5{first}", 3]]
    assert not {b for b in bids(deal) if b[0] == "5"}


# B3: bids and their values --------------------------------------------------------------------


@pytest.mark.parametrize("contract", ALL_BIDS)
def test_B3_values_table(contract: str) -> None:
    """B3: each bid's value, the 9H turned (H first, D second, S and C third)."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, f"p1 bid {contract}")
    assert deal.observation(2).extra["bids"] == [[0, f"bid {contract}", value_9h(contract)]]


@pytest.mark.parametrize("contract", ALL_BIDS)
def test_B3_each_bid_must_be_worth_strictly_more(contract: str) -> None:
    """B3: after a bid, the bids allowed are exactly those worth strictly more (by the table);
    any other is refused, citing B3."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, f"p1 bid {contract}")
    higher = {b for b in ALL_BIDS if value_9h(b) > value_9h(contract)}
    assert bids(deal) == higher
    assert "pass" in legal(deal)
    for lower in sorted(set(ALL_BIDS) - higher):
        refuse(deal, f"p2 bid {lower}", "B3")


def test_B3_the_first_bid_may_be_any() -> None:
    """B3: 5, 6, 7, 8, 9 or 13 tricks in a suit, or one of the four nulls."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    assert bids(deal) == set(ALL_BIDS)
    assert len(ALL_BIDS) == 6 * 4 + 4


@pytest.mark.parametrize("text", ["bid 10S", "bid 11H", "bid 12D", "bid 4C", "bid 14S", "bid 0H"])
def test_B3_no_10_to_12_tricks(text: str) -> None:
    """B3: no bid of 10–12 tricks (nor below 5 or above 13): such a bid cannot be written."""
    with pytest.raises(NotationError):
        FAMILY.parse_action(text)


def test_B3_third_suits_cannot_overbid_each_other() -> None:
    """B3: the two third suits, equal in value, cannot overbid each other."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, "p1 bid 6S")  # 6
    refuse(deal, "p2 bid 6C", "B3")  # 6, not more
    run(deal, "p2 bid 6D")  # 7
    refuse(deal, "p3 bid 6D", "B3")  # equal
    refuse(deal, "p3 bid 6S", "B3")
    run(deal, "p3 bid 6H")  # 8


def test_B3_small_null_between_7_and_8() -> None:
    """B3: small null (15) outranks every 7-trick bid (≤ 13), and every 8 (≥ 16) outranks it."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, "p1 bid 7H")  # 13, the highest 7
    assert "small-null" in bids(deal)
    run(deal, "p2 bid small-null")
    for seven in ("7S", "7C", "7D", "7H"):
        refuse(deal, f"p3 bid {seven}", "B3")
    assert {"8S", "8C", "8D", "8H"} <= bids(deal)  # 16 17 16 18
    run(deal, "p3 bid 8C")  # 16, the lowest 8


def test_B3_big_and_open_nulls_between_9_and_13() -> None:
    """B3: big null (25) and the open nulls (35, 45) outrank every 9 (≤ 23) and are outranked
    by every 13 (≥ 48)."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, "p1 bid 9H")  # 23
    assert {"big-null", "small-open", "big-open"} <= bids(deal)
    refuse(deal, "p2 bid small-null", "B3")  # 15
    run(deal, "p2 bid big-open")  # 45
    assert bids(deal) == {"13S", "13C", "13D", "13H"}
    refuse(deal, "p3 bid small-open", "B3")
    run(deal, "p3 bid 13C")  # 48
    assert bids(deal) == {"13D", "13H"}  # 49, 50


# B4: the auction --------------------------------------------------------------------------------


def test_B4_auction_from_the_dealers_left_clockwise() -> None:
    """B4: the auction starts at the dealer's left and goes clockwise."""
    deal = deal_of("boston", 4, 1, {}, turned="9H")  # p2 deals: p3 first
    assert phase(deal) is Phase.AUCTION
    assert deal.to_move == 2
    refuse(deal, "p1 bid 5S", "B4")
    refuse(deal, "p2 bid 5S", "B4")
    order = []
    for line in ("p3 bid 5S", "p4 bid 5D", "p1 bid 5H", "p2 bid 6S"):  # 1, 2, 3, 6
        order.append(deal.to_move)
        run(deal, line)
    assert order == [2, 3, 0, 1]
    assert deal.to_move == 2


def test_B4_a_pass_is_final() -> None:
    """B4: a player who passes is out of the auction for the deal."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, "p1 pass", "p2 bid 5S", "p3 bid 5D", "p4 bid 5H")  # 1, 2, 3
    assert deal.to_move == 1  # p1 is skipped
    refuse(deal, "p1 bid 6H", "B4")
    run(deal, "p2 bid 6S", "p3 pass", "p4 pass")
    assert deal.declarer == 1  # p2, the only one still in
    assert phase(deal) is Phase.PARTNER


def test_B4_ends_when_all_but_the_highest_bidder_have_passed() -> None:
    """B4: the auction ends when every player but the highest bidder has passed: he is the
    declarer, and he does not bid again."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, "p1 bid 5S", "p2 bid 5H", "p3 pass", "p4 pass")  # 1, 3
    assert phase(deal) is Phase.AUCTION
    assert deal.to_move == 0  # p1 may still raise: he has not passed
    run(deal, "p1 bid 6S", "p2 pass")
    assert phase(deal) is Phase.PARTNER
    assert deal.declarer == 0
    assert deal.observation(3).extra["contract"] == "bid 6S"
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, "p1 pass", "p2 pass", "p3 pass", "p4 bid 7H")  # the last seat's bid stands
    assert deal.declarer == 3
    assert phase(deal) is Phase.PLAY


def test_B4_all_four_pass_the_deal_is_void() -> None:
    """B4: if all four pass, the deal is void: nothing is written, and the next player deals."""
    match = new_match()
    deal = void_deal(match)
    assert deal.summary() == {
        "contract": None,
        "declarer": None,
        "partner": None,
        "tricks": [0, 0, 0, 0],
        "scores": [0, 0, 0, 0],
        "totals": [0, 0, 0, 0],
    }
    assert deal.is_over
    assert deal.legal_actions() == []
    nxt = match.start_deal(None, 0, turned=c("9H"))  # p1 deals next
    assert nxt.dealer == 0


# B5: the partner --------------------------------------------------------------------------------


def test_B5_alone() -> None:
    """B5: after a winning 5 or 6 the declarer writes ``alone`` or ``invite pK``; alone, he
    plays with no partner."""
    deal = plan_deal(*NINE_P1, "p1 bid 6H", "p2 pass", "p3 pass", "p4 pass", cards=0)
    assert phase(deal) is Phase.PARTNER
    assert deal.to_move == 0
    assert legal(deal) == {"alone", "invite p2", "invite p3", "invite p4"}
    run(deal, "p1 alone")
    assert phase(deal) is Phase.PLAY
    assert deal.partner is None
    assert deal.to_move == 0


@pytest.mark.parametrize("contract", ["5S", "6D"])
def test_B5_invite_and_accept(contract: str) -> None:
    """B5: ``invite pK`` and pK's ``accept`` make pK the partner; only pK answers."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, f"p1 bid {contract}", "p2 pass", "p3 pass", "p4 pass", "p1 invite p3")
    assert deal.to_move == 2
    assert legal(deal) == {"accept", "decline"}
    refuse(deal, "p2 accept", "B5")
    refuse(deal, "p1 alone", "B5")
    run(deal, "p3 accept")
    assert deal.partner == 2
    assert phase(deal) is Phase.PLAY
    assert deal.to_move == 0  # the declarer leads (B7)
    assert deal.summary()["partner"] == 2


def test_B5_invite_declined_then_another() -> None:
    """B5: after a decline the declarer chooses again; the player who declined may not offer
    himself."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, "p1 bid 5S", "p2 pass", "p3 pass", "p4 pass", "p1 invite p2", "p2 decline")
    assert phase(deal) is Phase.PARTNER
    assert deal.to_move == 0
    assert {"alone", "invite p3", "invite p4"} <= legal(deal)
    assert deal.legal_actions(1) == []
    refuse(deal, "p2 together", "B5")
    assert legal(deal, 2) == {"together"}
    run(deal, "p1 invite p4", "p4 accept")
    assert deal.partner == 3


def test_B5_together_accepted() -> None:
    """B5: while the declarer chooses, another player may write ``together``; the declarer
    answers at once with ``accept``."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, "p1 bid 6H", "p2 pass", "p3 pass", "p4 pass")
    for seat in (1, 2, 3):
        assert legal(deal, seat) == {"together"}
    assert "together" not in legal(deal)  # not the declarer himself
    run(deal, "p3 together")
    assert deal.to_move == 0
    assert legal(deal) == {"accept", "reject"}
    refuse(deal, "p1 alone", "B5")
    refuse(deal, "p1 invite p2", "B5")
    refuse(deal, "p4 together", "B5")  # one offer at a time
    run(deal, "p1 accept")
    assert deal.partner == 2
    assert phase(deal) is Phase.PLAY


def test_B5_together_rejected_may_not_offer_again() -> None:
    """B5: after a ``reject`` the declarer chooses again; the rejected player may not offer
    himself again, others may."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, "p1 bid 6H", "p2 pass", "p3 pass", "p4 pass", "p3 together", "p1 reject")
    assert phase(deal) is Phase.PARTNER
    assert deal.to_move == 0
    assert deal.partner is None
    assert deal.legal_actions(2) == []
    refuse(deal, "p3 together", "B5")
    run(deal, "p2 together", "p1 accept")
    assert deal.partner == 1


def test_B5_together_only_while_the_declarer_chooses() -> None:
    """B5: ``together`` only while it is the declarer's turn to choose: not in the auction,
    not while an invitation is answered, not in play."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, "p1 bid 6H")
    assert deal.legal_actions(2) == []
    refuse(deal, "p3 together", None)  # the auction is on
    run(deal, "p2 pass", "p3 pass", "p4 pass", "p1 invite p2")
    assert deal.legal_actions(2) == []
    refuse(deal, "p3 together", None)  # p2 is answering
    run(deal, "p2 decline", "p1 alone")
    assert phase(deal) is Phase.PLAY
    assert deal.legal_actions(2) == []
    refuse(deal, "p3 together", None)  # the play has begun


def test_B5_together_out_of_its_time_cites_B5() -> None:
    """B5: the refusal of a ``together`` outside the declarer's choice cites B5, the clause
    that allows it only then."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, "p1 bid 6H")
    refuse(deal, "p3 together", "B5")  # the auction is on
    run(deal, "p2 pass", "p3 pass", "p4 pass", "p1 invite p2")
    refuse(deal, "p3 together", "B5")  # p2 is answering
    run(deal, "p2 decline", "p1 alone")
    refuse(deal, "p3 together", "B5")  # the play has begun


@pytest.mark.parametrize(
    "contract", ["7H", "8S", "9D", "13C", "small-null", "big-null", "small-open", "big-open"]
)
def test_B5_no_partner_phase_above_6_or_for_nulls(contract: str) -> None:
    """B5: above 6 tricks and in the null games the declarer plays alone: no partner phase."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, f"p1 bid {contract}", "p2 pass", "p3 pass", "p4 pass")
    assert phase(deal) is (Phase.ASIDE if contract.startswith("small") else Phase.PLAY)
    assert deal.to_move == 0
    assert not legal(deal) & {"alone", "invite p2", "invite p3", "invite p4"}
    for seat in (1, 2, 3):
        assert deal.legal_actions(seat) == []
    refuse(deal, "p1 alone", None)
    refuse(deal, "p1 invite p3", None)
    refuse(deal, "p3 together", None)


@pytest.mark.parametrize("contract", ["7H", "13C", "small-null", "big-open"])
def test_B5_partner_words_without_a_partner_phase_cite_B5(contract: str) -> None:
    """B5: ``alone``, ``invite`` or ``together`` after a bid above 6 or a null are refused
    citing B5, the clause that gives such a game no partner."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, f"p1 bid {contract}", "p2 pass", "p3 pass", "p4 pass")
    refuse(deal, "p1 alone", "B5")
    refuse(deal, "p1 invite p3", "B5")
    refuse(deal, "p3 together", "B5")


def test_B5_partners_must_take_three_more_than_bid() -> None:
    """B5: partners must take between them three tricks more than bid: 8 for 5, 9 for 6."""
    # 6H with p2: 8 tricks (EIGHT_P1_P2) are short of 6 + 3 = 9, though p1 alone took 4 and
    # p1 + p2 took more than 6: the game is lost (B11: −8 each).
    deal = plan_deal(*EIGHT_P1_P2, "p1 bid 6H", "p2 pass", "p3 pass", "p4 pass",
                     "p1 invite p2", "p2 accept")  # fmt: skip
    assert deal.summary()["tricks"] == [4, 4, 2, 3]
    assert deal.scores == [-8, -8, 0, 0]


# B6: the set-aside card ---------------------------------------------------------------------


@pytest.mark.parametrize("contract", ["small-null", "small-open"])
def test_B6_small_nulls_first_set_a_card_aside(contract: str) -> None:
    """B6: after ``small-null`` or ``small-open`` the declarer's first action is
    ``aside CARD``, one of his cards: it is out of play."""
    deal = plan_deal(*NONE_P1, *bid_alone(contract), cards=0)
    assert phase(deal) is Phase.ASIDE
    assert deal.to_move == 0
    mine = deal.observation(0).hand
    assert legal(deal) == {f"aside {card_str(x)}" for x in mine}
    refuse(deal, "p1 3S", "B6")  # no lead before the aside
    refuse(deal, "p1 aside AS", "B6")  # p2's card
    refuse(deal, "p2 aside AS", "B6")
    run(deal, "p1 aside 2S")
    assert phase(deal) is Phase.PLAY
    assert c("2S") not in deal.observation(0).hand
    assert len(deal.observation(0).hand) == 12
    assert "2S" not in legal(deal)
    assert deal.to_move == 0  # he leads (B7)


def test_B6_the_aside_card_is_face_down() -> None:
    """B6: the card is set aside face down: no other seat sees which."""
    deal = plan_deal(*NONE_P1, *bid_alone("small-null"), "p1 aside 2S", cards=0)
    for seat in (1, 2, 3):
        view = deal.observation(seat)
        seen = {x for e in view.events for x in (*e.cards, *e.secret, *e.drawn)}
        assert c("2S") not in seen
        assert view.hand_sizes[0] == 12


@pytest.mark.parametrize(("contract", "value"), [("small-null", 15), ("small-open", 35)])
def test_B6_the_deal_ends_after_the_twelfth_trick(contract: str, value: int) -> None:
    """B6: the declarer plays his other 12 cards; the deal ends after the 12th trick, the
    others' last cards unplayed."""
    deal = plan_deal(*NONE_P1, *bid_alone(contract), "p1 aside 2S", cards=44)
    assert not deal.is_over  # eleven tricks
    run(deal, *layout(0, *NONE_P1)[1][44:48])  # the twelfth
    assert deal.is_over
    view = deal.observation(1)
    assert view.hand_sizes == (0, 1, 1, 1)
    assert sum(view.tricks_taken) == 12
    assert deal.summary()["tricks"] == [0, 4, 4, 4]
    assert deal.scores == [value, 0, 0, 0]  # no trick taken: + the value (B11)
    refuse(deal, "p4 2D", None)


def test_B6_a_card_after_the_twelfth_trick_cites_B6() -> None:
    """B6: after the 12th trick of a small null the others' last cards are not played: one
    is refused, citing B6."""
    deal = plan_deal(*NONE_P1, *bid_alone("small-null"), "p1 aside 2S", cards=48)
    assert deal.is_over
    refuse(deal, "p4 2D", "B6")


# B7: the declarer leads -------------------------------------------------------------------------


def test_B7_the_declarer_leads_the_first_trick() -> None:
    """B7: the declarer leads the first trick, not the dealer's left."""
    deal = deal_of("boston", 4, 3, {}, turned="9H")
    run(deal, "p1 pass", "p2 pass", "p3 bid 7S", "p4 pass")
    assert deal.declarer == 2
    assert phase(deal) is Phase.PLAY
    assert deal.to_move == 2
    own = next(iter(legal(deal)))
    refuse(deal, f"p1 {card_str(deal.observation(0).hand[0])}", "B7")
    run(deal, f"p3 {own}")
    assert deal.to_move == 3


def test_B7_the_winner_of_a_trick_leads_the_next() -> None:
    """B7: the winner of a trick leads the next."""
    deal = plan_deal(*NINE_P1, *bid_alone("6H"), cards=4)
    assert deal.to_move == 0  # p1's AS took trick 1
    deal = plan_deal(*NONE_P1, *bid_alone("big-null"), cards=4)
    assert deal.to_move == 1  # p2's AS took it
    refuse(deal, "p1 7S", "B7")


# B8: play -------------------------------------------------------------------------------------


def test_B8_follow_suit_if_able() -> None:
    """B8: a player who holds the suit led must follow it."""
    deal = b8_deal(*bid_alone("7H"), "p1 AS", "p2 2C", "p3 9H", "p4 2D")
    assert deal.to_move == 2  # the 9H, a trump, took it
    run(deal, "p3 8C")
    run(deal, "p4 AD")  # no club: any card
    run(deal, "p1 KS")
    assert legal(deal) == {"3C", "4C", "5C", "6C", "7C"}
    refuse(deal, "p2 3H", "B8")


def test_B8_no_duty_to_trump() -> None:
    """B8: void in the suit led, any card: no duty to trump."""
    deal = b8_deal(*bid_alone("7H"), "p1 AS")
    # p2 has no spade; he holds seven trumps, and may play any of his 13 cards.
    assert legal(deal) == set(B8_HANDS[1].split())
    run(deal, "p2 2C")
    assert legal(deal) == set(B8_HANDS[2].split())


def test_B8_highest_trump_wins_else_highest_of_the_suit_led() -> None:
    """B8: in a trump game the highest trump wins, else the highest card of the suit led."""
    deal = b8_deal(*bid_alone("7H"), "p1 AS", "p2 2C", "p3 9H", "p4 2D")
    assert deal.observation(0).winners == (2,)  # the 9H beats the AS
    run(deal, "p3 8C", "p4 AD", "p1 KS", "p2 7C")
    assert deal.observation(0).winners == (2, 2)  # the 8C led: the AD and KS are off suit
    # Trick 13 of SIX_P1 under 6H: p4 leads the 2D, p2's 2H is a trump and wins.
    deal = plan_deal(*SIX_P1, *bid_alone("6H"))
    assert deal.observation(0).winners[-1] == 1


def test_B8_a_null_game_has_no_trump() -> None:
    """B8: a null game has no trump: hearts, the turned card's suit, do not win."""
    # Trick 13 of NONE_P1 under big-null: p4 leads the 2D, p2 plays the 2H: the 2D wins.
    deal = plan_deal(*NONE_P1, *bid_alone("big-null"))
    assert deal.observation(0).trump is None
    assert deal.observation(0).tricks[-1] == (
        (3, c("2D")),
        (0, c("2S")),
        (1, c("2H")),
        (2, c("2C")),
    )
    assert deal.observation(0).winners[-1] == 3
    # B8_HANDS under big-null: AS, 8H, AH, AD: the AS led wins (and p1 has lost, B10).
    deal = b8_deal(*bid_alone("big-null"), "p1 AS", "p2 8H", "p3 AH", "p4 AD")
    assert deal.observation(0).winners == (0,)


# B9: open nulls ---------------------------------------------------------------------------------


def _shown(deal: Any) -> list[tuple[tuple[int, ...], ...]]:
    return [deal.observation(s).shown for s in range(4)]


NOTHING = ((), (), (), ())


def test_B9_small_open_shown_from_before_the_first_lead_not_before() -> None:
    """B9: in ``small-open`` the declarer's 12 cards are shown to every seat from before the
    first lead (after the aside), and not before."""
    held, lines = layout(0, *NONE_P1)
    deal = deal_of("boston", 4, 3, hands_of(held), turned="9H")
    for line in ("p1 bid small-open", "p2 pass", "p3 pass", "p4 pass"):
        assert _shown(deal) == [NOTHING] * 4
        run(deal, line)
    assert phase(deal) is Phase.ASIDE
    assert _shown(deal) == [NOTHING] * 4  # not before the aside
    run(deal, "p1 aside 2S")
    twelve = tuple(sorted(parse_cards(" ".join(held[0][:12]))))
    for view in (deal.observation(s) for s in range(4)):
        assert tuple(sorted(view.shown[0])) == twelve
        assert view.shown[1:] == ((), (), ())
    run(deal, lines[0])  # p1 leads the 3S: eleven remain shown
    assert tuple(sorted(deal.observation(2).shown[0])) == tuple(x for x in twelve if x != c("3S"))


def test_B9_big_open_shown_once_the_first_trick_is_complete() -> None:
    """B9: in ``big-open`` the declarer's remaining 12 cards are shown once the first trick is
    complete, and not before."""
    held, lines = layout(0, *NONE_P1)
    deal = deal_of("boston", 4, 3, hands_of(held), turned="9H")
    run(deal, *bid_alone("big-open"))
    for line in lines[:4]:
        assert _shown(deal) == [NOTHING] * 4
        run(deal, line)
    remaining = tuple(sorted(parse_cards(" ".join(held[0][1:]))))
    assert len(remaining) == 12
    for view in (deal.observation(s) for s in range(4)):
        assert tuple(sorted(view.shown[0])) == remaining
        assert view.shown[1:] == ((), (), ())


@pytest.mark.parametrize("prelude", [bid_alone("big-null"), bid_alone("7H"),
                                     (*bid_alone("small-null"), "p1 aside 2S")])  # fmt: skip
def test_B9_no_hand_is_shown_in_other_games(prelude: tuple[str, ...]) -> None:
    """B9: only the open nulls show a hand."""
    held, lines = layout(0, *NONE_P1)
    deal = deal_of("boston", 4, 3, hands_of(held), turned="9H")
    run(deal, *prelude)
    for line in lines[:8]:
        assert _shown(deal) == [NOTHING] * 4
        run(deal, line)
    assert _shown(deal) == [NOTHING] * 4


def test_B9_a_partner_sees_no_more_than_an_opponent() -> None:
    """B9: what every player sees: a partner's observation never holds the other partner's
    hidden cards, and shows him nothing an opponent does not see."""
    held, lines = layout(0, *TEN_P1_P3)
    # The 2H turned this time (hearts first, as with the 9H): p1's own 9H stays hidden.
    deal = deal_of("boston", 4, 3, hands_of(held), turned="2H")
    run(deal, "p1 bid 5D", "p2 pass", "p3 pass", "p4 pass", "p1 invite p3", "p3 accept",
        *lines[:6])  # fmt: skip
    # Played so far: trick 1 AS 5S 4S 3S (p1 … p4), then p1's KS and p2's 8S.
    p1_hidden = set(parse_cards(" ".join(held[0]))) - {c("AS"), c("KS")}
    p3_hidden = set(parse_cards(" ".join(held[2]))) - {c("4S")}
    for seat, hidden in ((2, p1_hidden), (0, p3_hidden)):
        view = deal.observation(seat)
        assert not hidden & set(view.hand)
        assert view.shown == NOTHING
        assert not hidden & {x for e in view.events for x in (*e.cards, *e.secret, *e.drawn)}
    partner, opponent = deal.observation(2), deal.observation(1)
    assert partner.shown == opponent.shown
    assert partner.hand_sizes == opponent.hand_sizes
    assert partner.trick == opponent.trick
    assert partner.events == opponent.events
    assert partner.extra == opponent.extra


# B10: the end of a null game ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("prelude", "value"),
    [
        ((*bid_alone("small-null"), "p1 aside 2S"), 15),
        (bid_alone("big-null"), 25),
        ((*bid_alone("small-open"), "p1 aside 2S"), 35),
        (bid_alone("big-open"), 45),
    ],
)
def test_B10_a_null_ends_the_moment_the_declarer_takes_a_trick(
    prelude: tuple[str, ...], value: int
) -> None:
    """B10: a null game ends the moment the declarer takes a trick; any later action is an
    error."""
    deal = plan_deal(*LOST_AT_3, *prelude, cards=8)
    assert not deal.is_over
    run(deal, *layout(0, *LOST_AT_3)[1][8:12])  # p1's QS takes trick 3
    assert deal.is_over
    assert deal.summary()["tricks"] == [1, 1, 1, 0]
    assert deal.scores == [-value, 0, 0, 0]
    assert deal.legal_actions() == []
    refuse(deal, "p1 3C", None)  # he would lead trick 4
    refuse(deal, "p2 AC", None)


def test_B10_an_action_after_the_lost_trick_cites_B10() -> None:
    """B10: an action after the declarer of a null took a trick is refused citing B10."""
    deal = plan_deal(*LOST_AT_3, *bid_alone("big-null"), cards=12)
    assert deal.is_over
    refuse(deal, "p1 3C", "B10")
    refuse(deal, "p2 AC", "B10")


def _lost_null_record() -> tuple[str, int]:
    """A big-null record that goes on after p1 took trick 3; the number of its actions."""
    held, lines = layout(0, *LOST_AT_3)
    deck = deck_for("boston", 4, 3, hands_of(held))
    actions = [*bid_alone("big-null"), *lines[:12], lines[12]]
    text = json.dumps(
        {
            "format": "rams-record/1",
            "rules": "boston",
            "players": ["A", "B", "C", "D"],
            "deals": [{"dealer": 4, "turned": "9H", "deck": " ".join(card_str(x) for x in deck),
                       "actions": actions}],
        }
    )  # fmt: skip
    return text, len(actions)


def test_B10_later_actions_break_a_record() -> None:
    """B10: a record that goes on after the declarer of a null took a trick is rejected at the
    first action too many."""
    text, count = _lost_null_record()
    with pytest.raises(RecordError) as info:
        loads(text).replay()
    assert (info.value.deal, info.value.action) == (1, count)


def test_B10_later_actions_in_a_record_name_B10() -> None:
    """B10: the record error names B10."""
    text, _ = _lost_null_record()
    with pytest.raises(RecordError) as info:
        loads(text).replay()
    assert "B10" in str(info.value)


def test_B10_a_trump_game_is_played_to_the_13th_trick() -> None:
    """B10: a trump game is played to the 13th trick, made or lost long before."""
    # 9S on NONE_P1: p1 loses the first five tricks (at most 8 left): lost, yet play goes on.
    deal = plan_deal(*NONE_P1, *bid_alone("9S"), cards=20)
    assert not deal.is_over
    run(deal, *layout(0, *NONE_P1)[1][20:])
    assert deal.is_over
    assert sum(deal.observation(0).tricks_taken) == 13
    # NINE_P1 under 6H: p1 has his 6 after trick 6 (S×3 C×3), and plays on to 13.
    deal = plan_deal(*NINE_P1, *bid_alone("6H"), cards=24)
    assert deal.observation(0).tricks_taken[0] == 6
    assert not deal.is_over


# B11: scoring ---------------------------------------------------------------------------------


def test_B11_a_made_game_writes_its_value_plus_2_per_overtrick() -> None:
    """B11: the declarer writes the value plus 2 per trick above those required; the others
    write nothing."""
    # NINE_P1 under 6H (first suit: 8): 9 tricks, 3 over: 8 + 2 × 3 = 14.
    deal = plan_deal(*NINE_P1, *bid_alone("6H"))
    assert deal.summary()["tricks"] == [9, 2, 1, 1]
    assert deal.scores == [14, 0, 0, 0]
    # SIX_P1 under 6H: exactly 6: 8.
    deal = plan_deal(*SIX_P1, *bid_alone("6H"))
    assert deal.summary()["tricks"] == [6, 3, 2, 2]
    assert deal.scores == [8, 0, 0, 0]
    # SIX_P1 under 5D (second suit, 2): trick 13 is p4's, who leads the 2D, a trump now; p1
    # has 6, one over 5: 2 + 2 × 1 = 4.
    deal = plan_deal(*SIX_P1, *bid_alone("5D"))
    assert deal.summary()["tricks"] == [6, 2, 2, 3]
    assert deal.scores == [4, 0, 0, 0]


def test_B11_a_lost_game_writes_off_the_value_however_many_are_missing() -> None:
    """B11: short of the tricks required, the value is written off, however many are missing."""
    # For contrast, SIX_P1 under 7S (third suit, 11): in trick 13 p4 leads the 2D and p1's 2S
    # is the only trump: p1 takes 7, made exactly: + 11.
    deal = plan_deal(*SIX_P1, *bid_alone("7S"))
    assert deal.summary()["tricks"] == [7, 2, 2, 2]
    assert deal.scores == [11, 0, 0, 0]
    # SIX_P1 under 7C (third, 11): trick 13 goes to p3's 2C: p1 has 6, one short: −11.
    deal = plan_deal(*SIX_P1, *bid_alone("7C"))
    assert deal.summary()["tricks"] == [6, 2, 3, 2]
    assert deal.scores == [-11, 0, 0, 0]
    # NONE_P1 under 7C: p1 takes nothing (trick 13: p3's 2C trumps): seven short, still −11.
    deal = plan_deal(*NONE_P1, *bid_alone("7C"))
    assert deal.summary()["tricks"] == [0, 4, 5, 4]
    assert deal.scores == [-11, 0, 0, 0]


def test_B11_the_partner_shares_success_and_failure() -> None:
    """B11: with a partner the side's tricks count; both write the same, in success and in
    failure."""
    # TEN_P1_P3, 5D (second suit, 2) with p3: 6 + 4 = 10 of the 5 + 3 = 8 required: 2 + 2 × 2.
    deal = plan_deal(*TEN_P1_P3, "p1 bid 5D", "p2 pass", "p3 pass", "p4 pass",
                     "p1 invite p3", "p3 accept")  # fmt: skip
    assert deal.summary()["tricks"] == [6, 2, 4, 1]
    assert deal.scores == [6, 0, 6, 0]
    # The same with p3 offering himself («Играю вместе») and accepted.
    deal = plan_deal(*TEN_P1_P3, "p1 bid 5D", "p2 pass", "p3 pass", "p4 pass",
                     "p3 together", "p1 accept")  # fmt: skip
    assert deal.scores == [6, 0, 6, 0]
    # EIGHT_P1_P2, 6H (first suit, 8) with p2: 4 + 4 = 8 of 9: −8 each.
    deal = plan_deal(*EIGHT_P1_P2, "p1 bid 6H", "p2 pass", "p3 pass", "p4 pass",
                     "p2 together", "p1 accept")  # fmt: skip
    assert deal.scores == [-8, -8, 0, 0]


@pytest.mark.parametrize(
    ("prelude", "value"),
    [
        ((*bid_alone("small-null"), "p1 aside 2S"), 15),
        (bid_alone("big-null"), 25),
        ((*bid_alone("small-open"), "p1 aside 2S"), 35),
        (bid_alone("big-open"), 45),
    ],
)
def test_B11_a_null_game_writes_plus_or_minus_its_value(
    prelude: tuple[str, ...], value: int
) -> None:
    """B11: a null game writes + its value if the declarer took no trick, − if he took one."""
    cards = 48 if prelude[-1].startswith("p1 aside") else 52
    won = plan_deal(*NONE_P1, *prelude, cards=cards)
    assert won.is_over
    assert won.scores == [value, 0, 0, 0]
    lost = plan_deal(*LOST_AT_3, *prelude, cards=12)
    assert lost.scores == [-value, 0, 0, 0]


# B12: the game ----------------------------------------------------------------------------------


def test_B12_four_deals_by_default_void_deals_count() -> None:
    """B12: ``deals`` defaults to 4; void deals count; ties share the win."""
    assert FAMILY.rules("boston").deals == 4
    match = new_match()
    for _ in range(3):
        void_deal(match)
        assert not match.is_over
    void_deal(match)
    assert match.is_over
    assert match.winners() == [0, 1, 2, 3]  # all at 0
    assert match.summary()["winners"] == [0, 1, 2, 3]


def test_B12_more_deals_are_an_error() -> None:
    """B12: once the game's deals are played, another deal is an error."""
    match = new_match(deals=1)
    void_deal(match)
    with pytest.raises(IllegalActionError) as info:
        match.start_deal(None, 0, turned=c("9H"))
    assert info.value.clause == "B12"


def test_B12_a_record_with_more_deals_is_an_error() -> None:
    """B12: a record that goes on after the last deal is rejected at that deal, naming B12."""
    match = new_match(deals=1)
    void_deal(match)
    data = match.record()
    data["deals"].append(
        {"dealer": 1, "turned": "9H", "deck": data["deals"][0]["deck"],
         "actions": ["p2 pass", "p3 pass", "p4 pass", "p1 pass"]}
    )  # fmt: skip
    with pytest.raises(RecordError) as info:
        loads(json.dumps(data)).replay()
    assert info.value.deal == 2
    assert "B12" in str(info.value)


def test_B12_the_highest_total_wins_ties_share_fewer_deals_leave_null() -> None:
    """B12: everyone starts at 0; after the last deal the highest total wins, ties share; a
    record with fewer deals leaves ``winners`` null."""
    match = new_match(deals=3)
    # Deal 1 (p4 deals): TEN_P1_P3, 5D with p3: 6 each.
    next_deal(match, *TEN_P1_P3, "p1 bid 5D", "p2 pass", "p3 pass", "p4 pass",
              "p1 invite p3", "p3 accept")  # fmt: skip
    assert match.summary()["deals"][0]["totals"] == [6, 0, 6, 0]
    assert match.summary()["winners"] is None
    # Deal 2 (p1 deals): void.
    void_deal(match)
    assert match.summary()["winners"] is None
    # Deal 3 (p2 deals): p3 bids 6H alone and, NINE_P1 turned two seats, takes 9 (trick 13 goes
    # to p4's 2H): 8 + 2 × 3 = 14 → 6, 0, 20, 0.
    next_deal(match, *NINE_P1, "p3 bid 6H", "p4 pass", "p1 pass", "p2 pass", "p3 alone")
    assert match.is_over
    summary = match.summary()
    assert summary["totals"] == [6, 0, 20, 0]
    assert summary["winners"] == [2]
    # A tie: deals = 1, TEN_P1_P3 with p3: p1 and p3 at 6 share.
    match = new_match(deals=1)
    next_deal(match, *TEN_P1_P3, "p1 bid 5D", "p2 pass", "p3 pass", "p4 pass",
              "p1 invite p3", "p3 accept")  # fmt: skip
    assert match.winners() == [0, 2]


@pytest.mark.parametrize("bad", [0, -1, "4", True, 2.5, None])
def test_B12_a_bad_deals_option_is_refused(bad: Any) -> None:
    """B12: ``deals`` is a number of deals, at least 1; anything else is refused, naming it."""
    with pytest.raises(RulesError) as info:
        games.new_match("boston", 4, deals=bad)
    assert info.value.options == ("deals",)


def test_B12_an_unknown_option_is_refused() -> None:
    """B12: Boston's only option is ``deals``."""
    with pytest.raises(RulesError) as info:
        games.new_match("boston", 4, rubbers=2)
    assert info.value.options == ("rubbers",)


# B13: the record and the output -----------------------------------------------------------------


def _b13_match() -> Any:
    match = new_match(deals=2)
    next_deal(match, *TEN_P1_P3, "p1 bid 5D", "p2 pass", "p3 pass", "p4 pass",
              "p1 invite p2", "p2 decline", "p4 together", "p1 reject",
              "p1 invite p3", "p3 accept")  # fmt: skip
    # Deal 2 (p1 deals): p2 bids small-null; NONE_P1 turned a seat: p2 holds the 2S and takes
    # none of the 12 tricks, p3, p4 and p1 four each.
    next_deal(match, *NONE_P1, "p2 bid small-null", "p3 pass", "p4 pass", "p1 pass",
              "p2 aside 2S", cards=48)  # fmt: skip
    return match


def test_B13_record_form() -> None:
    """B13: ``rules`` names the preset and ``deals``; each deal has ``dealer``, ``turned``,
    ``deck`` (52 cards) and ``actions``: the auction, then B5's words, B6's aside, the cards."""
    match = _b13_match()
    data = match.record()
    assert data["rules"] == {"preset": "boston", "deals": 2}
    first, second = data["deals"]
    assert set(first) == {"dealer", "turned", "deck", "actions"}
    assert (first["dealer"], first["turned"]) == (4, "9H")
    assert len(first["deck"].split()) == 52
    assert first["actions"][:10] == [
        "p1 bid 5D", "p2 pass", "p3 pass", "p4 pass", "p1 invite p2", "p2 decline",
        "p4 together", "p1 reject", "p1 invite p3", "p3 accept",
    ]  # fmt: skip
    assert len(first["actions"]) == 10 + 52
    assert second["actions"][4] == "p2 aside 2S"
    assert len(second["actions"]) == 5 + 48
    replayed = loads(json.dumps(data)).replay()
    assert replayed.summary() == match.summary()
    # The form RULES shows, the default written out, reads as the preset.
    data["rules"] = {"preset": "boston", "deals": 4}
    assert loads(json.dumps(data)).rules.deals == 4


def test_B13_output_per_deal_and_overall() -> None:
    """B13: per deal ``contract`` (null when void), ``declarer``, ``partner``, ``tricks`` per
    seat, ``scores``, ``totals``; overall ``totals`` and ``winners``."""
    summary = _b13_match().summary()
    assert set(summary) == {"deals", "totals", "winners"}
    # Deal 1: 5D (2) with p3: 10 of 8: 6 each.
    assert summary["deals"][0] == {
        "contract": "5D",
        "declarer": 0,
        "partner": 2,
        "tricks": [6, 2, 4, 1],
        "scores": [6, 0, 6, 0],
        "totals": [6, 0, 6, 0],
    }
    # Deal 2: p2's small null, no trick in 12: + 15.
    assert summary["deals"][1] == {
        "contract": "small-null",
        "declarer": 1,
        "partner": None,
        "tricks": [4, 0, 4, 4],
        "scores": [0, 15, 0, 0],
        "totals": [6, 15, 6, 0],
    }
    assert summary["totals"] == [6, 15, 6, 0]
    assert summary["winners"] == [1]


def test_B3_the_web_says_the_bids_and_the_contract_in_words() -> None:
    """B3, on the wire: the auction's bids and the contract reach the page in the seat's
    language («малый нуль», «6 ♥»), never in the record's notation (``bid small-null``)."""
    match = games.new_match("boston", names=["Аня", "Борис", "Вера", "Глеб"], rng=random.Random(3))
    match.start_deal()
    deal = match.deal
    first = deal.to_move
    family = games.family("boston")
    deal.apply(family.parse_action("bid 6H"), first)
    second = deal.to_move
    deal.apply(family.parse_action("bid small-null"), second)
    names = match.players
    ru = state_message(family, match, 0, "ru", {})["display"]["lines"]
    # B3: each bid with its value in this deal (6 ♥ and the small null by the turned card).
    value = [v for _, _, v in deal.observation(0).extra["bids"]]
    assert ru == [
        f"Заявка: 6 ♥ ({value[0]}) — {names[first]}",
        f"Заявка: малый нуль ({value[1]}) — {names[second]}",
    ]
    en = state_message(family, match, 0, "en", {})["display"]["lines"]
    assert en[1] == f"Bid: small null ({value[1]}) by {names[second]}"
    while deal.phase is Phase.AUCTION:  # the others pass: the small null is the contract
        deal.apply(family.parse_action("pass"), deal.to_move)
    lines = state_message(family, match, 0, "ru", {})["display"]["lines"]
    assert lines[0].startswith(f"Игра: малый нуль ({value[1]})")
