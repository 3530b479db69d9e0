"""Вист (W1–W10): RULES.md §10.3, with the records of §12.

Presets ``whist`` (the turned trump, W3) and ``whist-named`` (the dealer names it, W4). Every
expected value is worked out by hand from RULES.md; the arithmetic is in the comments.

Most whole deals are built by :func:`layout` from a *plan* of twelve tricks, e.g.
``"S1 S1 S1 C3 …"``: a trick in spades won by p1, … Each suit is played three times; its first
trick holds A 5 4 3, its second K 8 7 6, its third Q J T 9 (the first card named, the top,
goes to the trick's winner, the others to the seats after him in turn). Every seat holds one
card of every such trick, so everyone follows suit in tricks 1–12 and the highest card wins.
The four 2s (``twos``: p1's, p2's, p3's, p4's) make trick 13, where nobody can follow the
suit led: the holder of the trump 2 must trump (W5) and takes it. The dealer's first heart is
his last card dealt, so hearts are trumps (W3), and the hearts' tricks hold the honours: the
first the A, the second the K, the third Q, J and T. Each trick is led by the winner of the
one before (W5): a plan whose winners the rules disagree with fails with a W5 refusal.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rams import games
from rams.cards import card_str, parse_cards
from rams.errors import IllegalActionError, NotationError, RecordError, RulesError
from rams.games.plain.deal import Kind, Phase
from rams.games.plain.words import describe
from rams.record import loads
from tests.plain.helpers import deck_for, run

FAMILY = games.family("whist")
HEARTS = 3  # suit index: S C D H (N3)
GROUPS = ("A543", "K876", "QJT9")


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


def refuse(deal: Any, line: str, clause: str | None) -> IllegalActionError:
    """``line`` is refused (citing ``clause``, unless None); the deal is unchanged."""
    seat, action = FAMILY.parse_line(line)
    before = (len(deal.actions), deal.to_move, deal.phase)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(action, seat)
    if clause is not None:
        assert info.value.clause == clause, str(info.value)
        assert str(info.value).startswith(clause)
    assert (len(deal.actions), deal.to_move, deal.phase) == before
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


def planned(
    dealer: int, plan: str, twos: str, preset: str = "whist"
) -> tuple[list[int], list[str]]:
    """The deck and the card lines of a plan dealt by ``dealer``: his first heart is his last
    card, the 52nd of the deck (W3: hearts are trumps)."""
    held, lines = layout((dealer + 1) % 4, plan, twos)
    mine = held[dealer]
    turned = next(x for x in mine if x.endswith("H"))
    mine.remove(turned)
    mine.append(turned)
    deck = deck_for(preset, 4, dealer, {s: " ".join(cs) for s, cs in held.items()})
    return deck, lines


def play_plan(match: Any, plan: str, twos: str) -> Any:
    """Deal the next deal of ``match`` from a plan and play it out."""
    dealer = match.first_dealer if not match.deals else (match.deals[-1].dealer + 1) % 4
    deck, lines = planned(dealer, plan, twos)
    deal = match.start_deal(deck, dealer)
    run(deal, *lines)
    assert deal.is_over
    return deal


def plan_deal(plan: str, twos: str, before: list[int] | None = None) -> Any:
    """A single deal of a plan, dealer p4 (p1 leads), played out against ``before``."""
    deck, lines = planned(3, plan, twos)
    match: Any = games.new_match("whist", 4, first_dealer=3)
    deal = match.start_deal(deck, 3)
    if before is not None:
        deal.before = tuple(before)
    run(deal, *lines)
    assert deal.is_over
    return deal


# Side 0 (p1 + p3) takes all 13: p1 and p3 hold every top card, and p1 the trump 2 (trick 13 is
# led by p3 with the 2C; p1, void in clubs, must trump with the 2H).
SWEEP_0 = ("S1 S1 S1 C3 C3 C3 D1 D1 D1 H3 H3 H3", "2H 2S 2C 2D")
# Side 1 (p2 + p4) takes all 13 (trick 13: p4 leads 2D, p2 trumps with 2H).
SWEEP_1 = ("S2 S2 S2 C4 C4 C4 D2 D2 D2 H4 H4 H4", "2S 2H 2C 2D")
# Side 1 takes 8 of the first 12 (H2 H4 S2×3 C4×3) and trick 13 (p2's 2H): 9; side 0 takes 4.
# Honours: the A (first hearts trick) to p2 and the K to p4, Q J T (third) to p1: side 0 has 3.
NINE_1 = ("H2 H4 H1 S2 S2 S2 C4 C4 C4 D1 D3 D3", "2S 2H 2C 2D")
# The same tricks, but p1 holds the 2H and takes trick 13: side 1 takes 8, side 0 5 and 3 honours.
EIGHT_1 = ("H2 H4 H1 S2 S2 S2 C4 C4 C4 D1 D3 D3", "2H 2S 2C 2D")
# Side 1: H2 S2×3 C4×3 and trick 13 (p2's 2H): 8; side 0: H1 H3 D1 D3 D3: 5. Honours: A to p1,
# K to p3 (side 0: 2), Q J T to p2 (side 1: 3).
EIGHT_1_HONOURS_3 = ("H1 H3 H2 S2 S2 S2 C4 C4 C4 D1 D3 D3", "2S 2H 2C 2D")
# Side 1: H2 H4 S2×3 C4×3: 8; side 0: H1 D1 D3 D3 and trick 13 (p1's 2H): 5. Honours: A to p1
# (side 0: 1); K to p2, Q J T to p4 (side 1: 4).
EIGHT_1_HONOURS_4 = ("H1 H2 H4 S2 S2 S2 C4 C4 C4 D1 D3 D3", "2H 2S 2C 2D")
# Side 0 takes the first 12; trick 13 (p3 leads 2C, p2 trumps with 2H) goes to side 1: 12 – 1.
TWELVE_0 = ("S1 S1 S1 C3 C3 C3 D1 D1 D1 H3 H3 H3", "2S 2H 2C 2D")

# A hand-built deal, dealer p4, the 2H his last card (the turned trump):
W5_HANDS = {
    0: "AS KS QS 2S 3S 4S 5S KC AC 4C 5C 2D 3D",
    1: "6C 7C 8C 9C TC JC QC 4H 5H 6H 7H 8H 9H",  # no spade, six trumps
    2: "6S 7S 8S 9S TS JS 6D 7D 8D 9D TD JD QD",  # no club, no trump
    3: "2C 3C 4D 5D KD AD 3H TH JH QH KH AH 2H",  # no spade; the 2H turned
}


def w5_match(preset: str = "whist") -> Any:
    """A match whose first deal, dealt by p4, is ``W5_HANDS``."""
    match: Any = games.new_match(preset, 4, first_dealer=3)
    match.start_deal(deck_for(preset, 4, 3, W5_HANDS), 3)
    return match


def w5_deal(preset: str = "whist") -> Any:
    return w5_match(preset).deal


def long_rubber() -> Any:
    """Five deals, dealers p4 p1 p2 p3 p4: a long rubber won 2–1 by side 0 (see W7, W8)."""
    match: Any = games.new_match("whist", 4, rng=random.Random(1), first_dealer=3)
    for plan in (SWEEP_0, NINE_1, NINE_1, EIGHT_1_HONOURS_4, TWELVE_0):
        play_plan(match, *plan)
    return match


def short_rubber(**options: Any) -> Any:
    """Two sweeps by side 0: a rubber won 2–0."""
    match: Any = games.new_match("whist", 4, rng=random.Random(1), first_dealer=3, **options)
    play_plan(match, *SWEEP_0)
    play_plan(match, *SWEEP_0)
    return match


# W1: presets, four players, partners opposite, 52 cards -------------------------------------


def test_W1_presets_turned_and_named_trump() -> None:
    """W1: ``whist`` turns the trump, ``whist-named`` has ``trump = "named"``; both for four."""
    assert FAMILY.rules("whist").trump == "turned"
    assert FAMILY.rules("whist-named").trump == "named"
    assert FAMILY.rules("whist").players == 4
    assert FAMILY.rules("whist-named").players == 4


@pytest.mark.parametrize("players", [2, 3, 5])
def test_W1_only_four_players(players: int) -> None:
    """W1: four players; any other table is refused, naming ``players``."""
    with pytest.raises(RulesError) as info:
        games.new_match("whist", players)
    assert info.value.options == ("players",)


def test_W1_partners_sit_opposite_and_score_together() -> None:
    """W1: side 0 = p1 + p3, side 1 = p2 + p4: a side's tricks are its two players' tricks."""
    # S1 S3 S1 C2 C4 C2 D1 D3 D2 H4 H4 H2, then trick 13 led by p2 (2C): p3 trumps with 2H.
    # Seats: p1 3 (S S D), p2 4 (C C D H), p3 3 (S D + trick 13), p4 3 (C H H).
    deal = plan_deal("S1 S3 S1 C2 C4 C2 D1 D3 D2 H4 H4 H2", "2S 2C 2H 2D")
    view = deal.observation(0)
    assert view.sides == ((0, 2), (1, 3))
    assert view.tricks_taken == (3, 4, 3, 3)
    # Winners trick by trick, 0-based: the A, K, Q of each suit win (N1), the 2H the last.
    assert view.winners == (0, 2, 0, 1, 3, 1, 0, 2, 1, 3, 3, 1, 2)
    summary = deal.summary()
    assert summary["tricks"] == [3 + 3, 4 + 3]  # not p1 + p2 = 7
    # Hearts' tricks: A and K to p4, Q J T to p2: side 1 holds all five honours.
    assert summary["honours"] == [0, 5]
    # Side 1: 7 tricks = 2 × (7 − 6) = 2, then five honours 6: 8.
    assert summary["written"] == [0, 8]


def test_W1_partners_see_no_more_than_opponents() -> None:
    """W1/W3: a partner's observation holds only his own hand; it shows him nothing of his
    partner's hidden cards that an opponent does not see."""
    deal = w5_deal()
    run(deal, "p1 AS", "p2 4H")
    p1_cards = set(parse_cards(W5_HANDS[0])) - {c("AS")}
    partner, opponent = deal.observation(2), deal.observation(1)
    assert set(partner.hand) == set(parse_cards(W5_HANDS[2]))
    assert not p1_cards & set(partner.hand)
    assert not p1_cards & {x for cs in partner.shown for x in cs}
    for event in partner.events:
        assert not p1_cards & {*event.cards, *event.secret, *event.drawn}
    assert partner.shown == opponent.shown
    assert partner.hand_sizes == opponent.hand_sizes == (12, 12, 13, 13)
    assert partner.events == opponent.events
    assert partner.trick == opponent.trick


def test_W1_a_52_card_pack() -> None:
    """W1: 52 cards; a 32-card deck is no Whist deck."""
    match: Any = games.new_match("whist", 4, first_dealer=0)
    short = parse_cards(" ".join(f"{r}{s}" for r in "789TJQKA" for s in "SCDH"))
    with pytest.raises(IllegalActionError) as info:
        match.start_deal(short, 0)
    assert "52" in str(info.value)
    deal = match.start_deal(None, 0)
    assert [len(deal.observation(s).hand) for s in range(4)] == [13, 13, 13, 13]


# W2: dealing and the dealer's rotation ----------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_W2_thirteen_each_one_at_a_time_from_the_dealers_left(dealer: int) -> None:
    """W2: one card at a time from the dealer's left, the dealer last: the i-th card (0-based)
    goes to seat (dealer + 1 + i) mod 4, so the 52nd to the dealer."""
    match: Any = games.new_match("whist", 4, rng=random.Random(7), first_dealer=dealer)
    deal = match.start_deal()
    deck = deal.deck
    for seat in range(4):
        mine = {deck[i] for i in range(52) if (dealer + 1 + i) % 4 == seat}
        assert set(deal.observation(seat).hand) == mine
        assert len(mine) == 13
    assert deck[51] in deal.observation(dealer).hand


def test_W2_dealer_rotates_every_deal_across_games_and_rubbers() -> None:
    """W2 (D4): the dealer passes to the left every deal, a new game or rubber included."""
    match = short_rubber(rubbers=2)  # dealers p4, p1; the rubber is over
    assert [d.dealer for d in match.deals] == [3, 0]
    assert match.summary()["deals"][1]["rubber"]["winner"] == 0
    deck, _ = planned(1, *SWEEP_1)
    for wrong in (3, 0, 2):  # not the first dealer again, not the last, not two on
        with pytest.raises(IllegalActionError) as info:
            match.start_deal(deck, wrong)
        assert info.value.clause == "D4"
    deal = match.start_deal(deck, 1)  # p2 deals the new rubber's first deal
    assert deal.dealer == 1
    assert deal.to_move == 2  # p3, at his left, leads (W5)


# W3: the turned trump -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_W3_the_52nd_card_is_turned_and_names_trump(seed: int) -> None:
    """W3: the dealer's last card, the 52nd of the deck, is turned; its suit is trump; it is one
    of his 13 cards from the start."""
    match: Any = games.new_match("whist", 4, rng=random.Random(seed), first_dealer=2)
    deal = match.start_deal()
    turned = deal.deck[51]
    view = deal.observation(2)
    assert view.trump == turned // 13
    assert turned in view.hand and len(view.hand) == 13


def test_W3_turned_card_public_until_the_first_trick_is_complete() -> None:
    """W3: the turned card lies face up, in every seat's view of the dealer's hand, until the
    first trick is complete; then it joins his hand and is shown no more."""
    deal = w5_deal()
    face_up = ((), (), (), (c("2H"),))
    for line in ("", "p1 AS", "p2 4H", "p3 6S"):
        if line:
            run(deal, line)
        assert [deal.observation(s).shown for s in range(4)] == [face_up] * 4
    run(deal, "p4 3H")  # the dealer keeps the 2H; the first trick is complete
    assert [deal.observation(s).shown for s in range(4)] == [((), (), (), ())] * 4
    assert c("2H") in deal.observation(3).hand  # joined his hand
    assert len(deal.observation(3).hand) == 12


def test_W3_turned_card_may_be_played_to_the_first_trick() -> None:
    """W3: the turned card is one of the dealer's cards and may be played to the first trick;
    played, it is no longer shown."""
    deal = w5_deal()
    run(deal, "p1 AS", "p2 4H", "p3 6S")
    assert "2H" in legal(deal, 3)  # void in spades, he must trump: the 2H is a trump (W5)
    run(deal, "p4 2H")
    assert deal.observation(0).tricks[0] == ((0, c("AS")), (1, c("4H")), (2, c("6S")), (3, c("2H")))
    assert all(deal.observation(s).shown == ((), (), (), ()) for s in range(4))
    assert c("2H") not in deal.observation(3).hand
    assert deal.to_move == 1  # p2's 4H beats the 2H (W5)


def test_W3_no_action_is_written_for_the_turned_card() -> None:
    """W3: no action is written for the turned card: the first action is the first lead."""
    match = w5_match()
    deal = match.deal
    assert deal.actions == []
    assert phase(deal) is Phase.PLAY
    assert deal.to_move == 0
    assert legal(deal) == set(W5_HANDS[0].split())
    run(deal, "p1 AS", "p2 4H", "p3 6S", "p4 2H")
    assert match.record()["deals"][0]["actions"] == ["p1 AS", "p2 4H", "p3 6S", "p4 2H"]


def test_W3_nothing_is_shown_under_a_named_trump() -> None:
    """W3 applies only to ``trump = "turned"``: under W4 no card is turned or shown."""
    deal = w5_deal("whist-named")
    assert [deal.observation(s).shown for s in range(4)] == [((), (), (), ())] * 4
    assert deal.observation(0).trump is None


# W4: the named trump ----------------------------------------------------------------------------


def test_W4_the_dealer_names_the_trump_before_the_first_lead() -> None:
    """W4: under ``whist-named`` the dealer writes ``trump SUIT`` (or ``delegate``) first."""
    deal = w5_deal("whist-named")
    assert phase(deal) is Phase.TRUMP
    assert deal.to_move == 3
    assert legal(deal) == {"trump S", "trump C", "trump D", "trump H", "delegate"}
    refuse(deal, "p1 AS", "W4")  # no lead before the trump
    refuse(deal, "p1 trump S", "W4")  # only the dealer names
    refuse(deal, "p4 AH", "W4")
    run(deal, "p4 trump S")
    view = deal.observation(0)
    assert view.trump == 0  # spades
    assert phase(deal) is Phase.PLAY
    assert deal.to_move == 0  # the dealer's left leads (W5)
    run(deal, "p1 AS")
    # p2 holds no spade and, spades being trumps, no trump: any card (W5).
    assert legal(deal) == set(W5_HANDS[1].split())


def test_W4_delegate_then_the_partner_names() -> None:
    """W4: after ``pD delegate`` the dealer's partner writes ``pP trump SUIT``."""
    deal = w5_deal("whist-named")
    run(deal, "p4 delegate")
    assert deal.to_move == 1  # p2 sits opposite p4
    assert legal(deal) == {"trump S", "trump C", "trump D", "trump H"}
    refuse(deal, "p4 trump H", "W4")  # the dealer has passed it on
    refuse(deal, "p2 delegate", "W4")  # no second delegation
    refuse(deal, "p1 trump H", "W4")
    refuse(deal, "p3 trump H", "W4")
    run(deal, "p2 trump C")
    assert deal.observation(2).trump == 1  # clubs
    assert deal.to_move == 0  # still the dealer's left leads, not the partner's
    run(deal, "p1 AS")
    # p2, void in spades, must trump with a club (W5).
    assert legal(deal) == {"6C", "7C", "8C", "9C", "TC", "JC", "QC"}


def test_W4_no_no_trump_game() -> None:
    """W4: the named trump is a suit: there is no no-trump choice."""
    deal = w5_deal("whist-named")
    assert all(a.startswith("trump ") and a[-1] in "SCDH" for a in legal(deal) - {"delegate"})
    for text in ("trump N", "trump NT", "trump", "trump X"):
        with pytest.raises(NotationError):
            FAMILY.parse_action(text)


def test_W4_a_trump_action_under_turned_is_an_error() -> None:
    """W4: under ``trump = "turned"`` a trump action (or ``delegate``) is an error."""
    deal = w5_deal()
    refuse(deal, "p4 trump S", None)
    refuse(deal, "p1 trump S", None)
    refuse(deal, "p4 delegate", None)
    assert not legal(deal) & {"trump S", "trump C", "trump D", "trump H", "delegate"}


def test_W4_a_trump_action_under_turned_cites_W4() -> None:
    """W4: the refusal of a trump action under ``trump = "turned"`` cites W4."""
    deal = w5_deal()
    refuse(deal, "p4 trump S", "W4")
    refuse(deal, "p1 trump S", "W4")
    refuse(deal, "p4 delegate", "W4")


def _turned_record_with_trump() -> str:
    deck = deck_for("whist", 4, 3, W5_HANDS)
    text = json.dumps(
        {
            "format": "rams-record/1",
            "rules": "whist",
            "players": ["A", "B", "C", "D"],
            "deals": [{"dealer": 4, "deck": " ".join(card_str(x) for x in deck),
                       "actions": ["p4 trump S", "p1 AS"]}],
        }
    )  # fmt: skip
    return text


def test_W4_a_trump_action_under_turned_breaks_a_record() -> None:
    """W4: a ``whist`` record with ``p4 trump S`` is rejected at that action."""
    with pytest.raises(RecordError) as info:
        loads(_turned_record_with_trump()).replay()
    assert (info.value.deal, info.value.action) == (1, 1)


def test_W4_a_trump_action_under_turned_in_a_record_names_W4() -> None:
    """W4: the record error names W4."""
    with pytest.raises(RecordError) as info:
        loads(_turned_record_with_trump()).replay()
    assert "W4" in str(info.value)


def test_W4_no_trump_named_after_the_first_lead() -> None:
    """W4: the trump is named once, before the first lead."""
    deal = w5_deal("whist-named")
    run(deal, "p4 trump H", "p1 AS")
    refuse(deal, "p2 trump S", None)
    refuse(deal, "p4 trump S", None)
    assert deal.observation(0).trump == HEARTS


def test_W4_a_trump_named_after_the_first_lead_cites_W4() -> None:
    """W4: that refusal cites W4."""
    deal = w5_deal("whist-named")
    run(deal, "p4 trump H", "p1 AS")
    refuse(deal, "p2 trump S", "W4")


# W5: play -------------------------------------------------------------------------------------


def test_W5_dealers_left_leads_then_the_winner_of_each_trick() -> None:
    """W5: the player at the dealer's left leads the first trick, the winner the next."""
    deal = w5_deal()
    assert deal.to_move == 0
    refuse(deal, "p2 4H", "W5")
    refuse(deal, "p4 AH", "W5")
    run(deal, "p1 AS", "p2 4H", "p3 6S", "p4 2H")
    assert deal.to_move == 1  # p2's trump took it
    refuse(deal, "p1 KS", "W5")


def test_W5_follow_suit() -> None:
    """W5: a player who holds the suit led must follow."""
    deal = w5_deal()
    run(deal, "p1 AS", "p2 4H")
    assert legal(deal) == {"6S", "7S", "8S", "9S", "TS", "JS"}
    refuse(deal, "p3 6D", "W5")


def test_W5_void_plays_a_trump_if_he_has_one() -> None:
    """W5: void in the suit led, a player must play a trump if he has one."""
    deal = w5_deal()
    run(deal, "p1 AS")
    assert legal(deal) == {"4H", "5H", "6H", "7H", "8H", "9H"}
    refuse(deal, "p2 6C", "W5")


def test_W5_otherwise_any_card() -> None:
    """W5: void in the suit led and without trumps, any card."""
    deal = w5_deal()
    run(deal, "p1 AS", "p2 4H", "p3 6S", "p4 2H", "p2 6C")
    # p3: no club, no heart: all twelve cards he still holds.
    assert legal(deal) == set(W5_HANDS[2].split()) - {"6S"}


def test_W5_no_duty_to_overtrump_or_to_head_the_trick() -> None:
    """W5: no duty to overtrump or to head the trick."""
    deal = w5_deal()
    run(deal, "p1 AS", "p2 4H")
    assert "6S" in legal(deal)  # below the AS
    run(deal, "p3 6S")
    # p4 must trump; the 2H and 3H, below p2's 4H, are legal.
    assert legal(deal) == {"2H", "3H", "TH", "JH", "QH", "KH", "AH"}
    run(deal, "p4 3H", "p2 6C", "p3 QD", "p4 2C")
    assert legal(deal) == {"KC", "AC", "4C", "5C"}  # the 4C and 5C, below the 6C, too


def test_W5_highest_trump_wins_else_highest_of_the_suit_led() -> None:
    """W5: the highest trump wins, else the highest card of the suit led."""
    deal = w5_deal()
    # Trick 1: AS, 4H, 6S, 2H: the 4H, the highest trump, beats the ace led and the 2H.
    run(deal, "p1 AS", "p2 4H", "p3 6S", "p4 2H")
    assert deal.observation(0).winners == (1,)
    # Trick 2: 6C, QD, 2C, 4C: no trump; the 6C, highest club, beats the higher-ranked QD.
    run(deal, "p2 6C", "p3 QD", "p4 2C", "p1 4C")
    assert deal.observation(0).winners == (1, 1)
    assert deal.to_move == 1


# W6: the deal's score ---------------------------------------------------------------------------


def test_W6_two_points_per_trick_above_six() -> None:
    """W6: a side with seven or more tricks writes 2 per trick above six."""
    # Side 0: H1 H3 S1×3 C3×3 = 8, and trick 13 (p4 leads 2D, p1 trumps with 2H): 9.
    # Side 1: H2 D2 D4 D4 = 4. Honours: A to p1, K to p3 (2); Q J T to p2: side 1 has 3.
    deal = plan_deal("H1 H3 H2 S1 S1 S1 C3 C3 C3 D2 D4 D4", "2H 2S 2C 2D")
    summary = deal.summary()
    assert summary["tricks"] == [9, 4]
    assert summary["honours"] == [2, 3]
    # Side 0: 2 × (9 − 6) = 6; side 1: 4 tricks write nothing, three honours 2.
    assert summary["written"] == [6, 2]
    assert deal.scores == [6, 2]


def test_W6_a_sides_score_is_worded_with_both_partners() -> None:
    """W6, in words: the deal of test_W1_partners_sit_opposite_and_score_together writes 8
    for side 1 (p2 + p4, from 0): the line names both partners, not one seat for the side."""
    deal = plan_deal("S1 S3 S1 C2 C4 C2 D1 D3 D2 H4 H4 H2", "2S 2C 2H 2D")
    names = ["Аня", "Борис", "Вера", "Глеб"]
    scores = [e for e in deal.events if e.kind is Kind.SCORE]
    assert [describe(e, names, "ru") for e in scores] == ["Борис и Глеб: +8 → 8."]
    assert [describe(e, names, "en") for e in scores] == ["Борис and Глеб: +8 → 8."]


def test_W6_six_tricks_or_fewer_write_nothing() -> None:
    """W6: only tricks above six count: six tricks write nothing."""
    # Side 0: H1 H3 S1×3 and trick 13 (p1's 2H): 6; side 1: H2 C4×3 D2 D4 D2: 7.
    # Honours: A to p1, Q J T to p3: side 0 has 4; the K to p2.
    deal = plan_deal("H1 H2 H3 S1 S1 S1 C4 C4 C4 D2 D4 D2", "2H 2S 2C 2D")
    summary = deal.summary()
    assert summary["tricks"] == [6, 7]
    # Side 0: 6 tricks 0, four honours 4; side 1: 2 × (7 − 6) = 2.
    assert summary["written"] == [4, 2]


def test_W6_honours_counted_in_the_tricks_taken_not_the_hands_dealt() -> None:
    """W6: the honours that count are those in a side's tricks, not those it was dealt."""
    # The deal of the first W6 test. Dealt hearts: first trick A 5 4 3 (A to p1, then p2 p3
    # p4), second K 8 7 6 (K to p3, then p4 p1 p2), third Q J T 9 (Q to p2, J p3, T p4, 9 p1).
    # Dealt: side 0 holds A K J (3), side 1 Q T (2). Taken: side 0 A K (2), side 1 Q J T (3).
    plan = ("H1 H3 H2 S1 S1 S1 C3 C3 C3 D2 D4 D4", "2H 2S 2C 2D")
    held, _ = layout(0, *plan)
    honours = {"AH", "KH", "QH", "JH", "TH"}
    assert honours & set(held[0] + held[2]) == {"AH", "KH", "JH"}
    assert honours & set(held[1] + held[3]) == {"QH", "TH"}
    deal = plan_deal(*plan)
    assert deal.summary()["honours"] == [2, 3]
    # By the hands side 0 would write 2 for honours; by the tricks side 1 does.
    assert deal.summary()["written"] == [6, 2]


@pytest.mark.parametrize(
    ("plan", "twos", "honours", "written"),
    [
        # Side 0: H1 H3 S1×3 and 2H: 6 tricks; A, Q J T: 4 honours = 4. Side 1: 7 tricks = 2.
        ("H1 H2 H3 S1 S1 S1 C4 C4 C4 D2 D4 D2", "2H 2S 2C 2D", [4, 1], [4, 2]),
        # Side 0: H1 H3 H1 = 3 tricks, all five honours = 6. Side 1: S2×3 C4×3 D2 D4 D2 and
        # trick 13 (p2 leads his 2H, no one can follow or trump): 10 = 2 × 4 = 8.
        ("H1 H3 H1 S2 S2 S2 C4 C4 C4 D2 D4 D2", "2S 2H 2C 2D", [5, 0], [6, 8]),
        # Side 1 takes 9 (NINE_1); side 0's Q J T: 3 honours = 2; side 1: 2 × 3 = 6.
        (*NINE_1, [3, 2], [2, 6]),
    ],
)
def test_W6_three_four_five_honours_write_2_4_6(
    plan: str, twos: str, honours: list[int], written: list[int]
) -> None:
    """W6: three of the five trump honours in a side's tricks write 2, four 4, five 6."""
    summary = plan_deal(plan, twos).summary()
    assert summary["honours"] == honours
    assert summary["written"] == written


# Side 0: H1 S1×3 C3×3 = 7; side 1: H2 H4 D2 D4 D2 and trick 13 (p2 leads the 2H): 6.
# Honours: the A to p1; the K to p2 and Q J T to p4: side 1 has 4 (= 4 points).
SEVEN_0_HONOURS_1 = ("H1 H2 H4 S1 S1 S1 C3 C3 C3 D2 D4 D2", "2S 2H 2C 2D")


def test_W6_tricks_are_written_before_honours() -> None:
    """W6: trick points are written first, then honour points."""
    deal = plan_deal(*SEVEN_0_HONOURS_1)
    assert deal.summary()["tricks"] == [7, 6]
    assert deal.summary()["honours"] == [1, 4]
    assert deal.summary()["written"] == [2, 4]  # 2 × (7 − 6); four honours
    # At 6–8: side 0's 2 trick points come first (8 < 10), then side 1's 4 honours: 12, the
    # game. Honours first would have ended the game before side 0 wrote its 2.
    assert plan_deal(*SEVEN_0_HONOURS_1, before=[6, 8]).summary()["written"] == [2, 4]


def test_W6_what_the_deal_still_had_to_write_is_dropped_at_10() -> None:
    """W6: the game ends the moment a side reaches 10; what the deal still had to write is
    dropped."""
    # At 8–8 side 0's 2 trick points make 10: side 1's 4 honours are dropped.
    assert plan_deal(*SEVEN_0_HONOURS_1, before=[8, 8]).summary()["written"] == [2, 0]
    # Side 0: H1 H3 S1×3 C3×3 = 8 tricks, A and Q J T = 4 honours; side 1: H2 D2 D4 D2 and
    # trick 13 (p2 leads the 2H) = 5. From 0–0: 2 × 2 = 4, then 4: 8.
    eight = ("H1 H2 H3 S1 S1 S1 C3 C3 C3 D2 D4 D2", "2S 2H 2C 2D")
    assert plan_deal(*eight).summary()["written"] == [8, 0]
    # From 6–0 the trick points make 10: the side's own honours are dropped.
    assert plan_deal(*eight, before=[6, 0]).summary()["written"] == [4, 0]


# W7: the game -----------------------------------------------------------------------------------


def test_W7_game_to_10_worth_3_when_the_losers_have_none() -> None:
    """W7: the first side to 10 wins the game; worth 3 when the losers have no point."""
    match: Any = games.new_match("whist", 4, first_dealer=3)
    play_plan(match, *SWEEP_0)
    first = match.summary()["deals"][0]
    # 13 tricks: 2 × 7 = 14 ≥ 10: the game; the five honours are dropped (W6).
    assert first["written"] == [14, 0]
    assert first["game"] == {"winner": 0, "value": 3, "score": [14, 0]}
    assert first["score"] == [0, 0]  # the next game starts at 0
    assert first["games"] == [1, 0]


def test_W7_game_worth_2_under_5_and_1_from_5() -> None:
    """W7: a game is worth 2 if the losers have under 5 points, 1 if they have 5 or more."""
    match: Any = games.new_match("whist", 4, first_dealer=3)
    for plan in (EIGHT_1, SWEEP_0, EIGHT_1_HONOURS_3, SWEEP_0):
        play_plan(match, *plan)
    deals = match.summary()["deals"]
    # EIGHT_1: side 1 2 × 2 = 4; side 0's three honours 2.
    assert deals[0]["written"] == [2, 4]
    assert deals[0]["score"] == [2, 4]
    # SWEEP_0: 2 + 14 = 16: side 0's game; side 1 at 4 < 5: worth 2.
    assert deals[1]["game"] == {"winner": 0, "value": 2, "score": [16, 4]}
    # EIGHT_1_HONOURS_3: side 1 4 + 2 = 6.
    assert deals[2]["written"] == [0, 6]
    # SWEEP_0: 14: side 0's game; side 1 at 6 ≥ 5: worth 1.
    assert deals[3]["game"] == {"winner": 0, "value": 1, "score": [14, 6]}


def test_W7_points_above_10_are_not_carried_over() -> None:
    """W7: both sides start the next game at 0, whatever the score above 10."""
    deals = long_rubber().summary()["deals"]
    assert deals[2]["game"] == {"winner": 1, "value": 2, "score": [2, 12]}
    assert deals[2]["score"] == [0, 0]  # not [0, 2] carried from 12
    # EIGHT_1_HONOURS_4 from 0–0: side 1 2 × 2 = 4 and four honours 4: 8.
    assert deals[3]["written"] == [0, 8]
    assert deals[3]["score"] == [0, 8]


# W8: the rubber ---------------------------------------------------------------------------------


def test_W8_short_rubber_2_0_bonus_5() -> None:
    """W8: the first side to win two games wins the rubber; 2–0 adds a bonus of 5."""
    summary = short_rubber().summary()
    # Games worth 3 and 3 (side 1 at 0 both times) and the bonus 5: 11.
    rubber = {"winner": 0, "games": [2, 0], "bonus": 5, "points": [3 + 3 + 5, 0]}
    assert summary["deals"][1]["rubber"] == rubber
    assert summary["rubbers"] == [rubber]
    assert summary["points"] == [11, 0]


def test_W8_long_rubber_2_1_bonus_3() -> None:
    """W8: a 2–1 rubber adds 3; a side's rubber points are the values of the games it won,
    plus the bonus for the winners."""
    summary = long_rubber().summary()
    deals = summary["deals"]
    # Game 1, deal 1: SWEEP_0, 14 – 0: worth 3.
    assert deals[0]["game"] == {"winner": 0, "value": 3, "score": [14, 0]}
    # Game 2: NINE_1 writes 6 trick points for side 1, then side 0's three honours 2: 2–6; then
    # NINE_1 again: side 1 6 + 6 = 12, the game, side 0's honours dropped. Side 0 at 2: worth 2.
    assert deals[1]["written"] == [2, 6]
    assert deals[2]["written"] == [0, 6]
    assert deals[2]["game"] == {"winner": 1, "value": 2, "score": [2, 12]}
    # Game 3: EIGHT_1_HONOURS_4 0–8, then TWELVE_0: 2 × 6 = 12 for side 0: 12–8, worth 1.
    assert deals[4]["written"] == [12, 0]
    assert deals[4]["game"] == {"winner": 0, "value": 1, "score": [12, 8]}
    # Rubber 2–1 to side 0: 3 + 1 + bonus 3 = 7; side 1 its game 2.
    rubber = {"winner": 0, "games": [2, 1], "bonus": 3, "points": [7, 2]}
    assert deals[4]["rubber"] == rubber
    assert summary["points"] == [7, 2]
    assert "rubber" not in deals[2]


# W9: the match ----------------------------------------------------------------------------------


def test_W9_one_rubber_by_default() -> None:
    """W9: ``rubbers`` defaults to 1: the first rubber won ends the match, its side wins."""
    assert FAMILY.rules("whist").rubbers == 1
    match = long_rubber()
    assert match.is_over
    assert match.winners() == [0, 2]
    assert match.summary()["winners"] == [0, 2]


def test_W9_more_deals_are_an_error() -> None:
    """W9: once the match is over, another deal is an error."""
    match = short_rubber()
    deck, _ = planned(1, *SWEEP_1)
    with pytest.raises(IllegalActionError) as info:
        match.start_deal(deck, 1)
    assert info.value.clause == "W9"


def test_W9_a_record_with_more_deals_is_an_error() -> None:
    """W9: a record that goes on after the match's end is rejected at that deal, naming W9."""
    data = short_rubber().record()
    deck, lines = planned(1, *SWEEP_1)
    data["deals"].append(
        {"dealer": 2, "deck": " ".join(card_str(x) for x in deck), "actions": lines}
    )
    with pytest.raises(RecordError) as info:
        loads(json.dumps(data)).replay()
    assert info.value.deal == 3
    assert info.value.action is None
    assert "W9" in str(info.value)


def test_W9_fewer_deals_leave_winners_null() -> None:
    """W9: a record that stops before the match's end leaves ``winners`` null."""
    data = short_rubber().record()
    data["deals"] = data["deals"][:1]
    match = loads(json.dumps(data)).replay()
    assert not match.is_over
    summary = match.summary()
    assert summary["winners"] is None
    assert summary["rubbers"] == []
    assert summary["points"] == [0, 0]


def test_W9_rubbers_option() -> None:
    """W9: with ``rubbers = 2`` the match ends when a side has won two rubbers."""
    match: Any = games.new_match("whist", 4, first_dealer=3, rubbers=2)
    for plan in (SWEEP_0, SWEEP_0, SWEEP_1, SWEEP_1):
        play_plan(match, *plan)
    assert not match.is_over  # one rubber each
    assert match.summary()["winners"] is None
    for plan in (SWEEP_1, SWEEP_1):
        play_plan(match, *plan)
    assert match.is_over
    assert match.winners() == [1, 3]
    summary = match.summary()
    assert [r["winner"] for r in summary["rubbers"]] == [0, 1, 1]
    # Every rubber: 3 + 3 + 5 = 11; side 1 won two.
    assert summary["points"] == [11, 22]
    assert summary["winners"] == [1, 3]


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"rubbers": 0}, "rubbers"),
        ({"rubbers": -1}, "rubbers"),
        ({"rubbers": "2"}, "rubbers"),
        ({"rubbers": True}, "rubbers"),
        ({"rubbers": 1.5}, "rubbers"),
        ({"trump": "none"}, "trump"),
        ({"trump": "named-by-partner"}, "trump"),
        ({"rubber": 2}, "rubber"),
    ],
)
def test_W9_bad_options_are_refused(options: dict[str, Any], name: str) -> None:
    """W9, W3/W4: a bad ``rubbers`` or ``trump`` (or an unknown option) is refused, naming it."""
    with pytest.raises(RulesError) as info:
        games.new_match("whist", 4, **options)
    assert info.value.options == (name,)


# W10: the record and the output -----------------------------------------------------------------


def test_W10_record_form() -> None:
    """W10: ``rules`` is the preset (with ``trump``/``rubbers`` overrides); each deal has
    ``dealer`` (1-based), ``deck`` (52 cards, top first) and ``actions``, the cards ``pN CARD``."""
    match = short_rubber()
    data = match.record()
    assert data["rules"] == "whist"
    first = data["deals"][0]
    assert set(first) == {"dealer", "deck", "actions"}
    assert first["dealer"] == 4
    assert first["deck"].split() == [card_str(x) for x in match.deals[0].deck]
    assert len(first["deck"].split()) == 52
    assert first["actions"] == planned(3, *SWEEP_0)[1]
    assert len(first["actions"]) == 52
    replayed = loads(json.dumps(data)).replay()
    assert replayed.summary() == match.summary()
    assert short_rubber(rubbers=3).record()["rules"] == {"preset": "whist", "rubbers": 3}


def test_W10_named_trump_actions_in_the_record() -> None:
    """W10: under W4 the deal's actions start ``pD trump SUIT``, or ``pD delegate`` then
    ``pP trump SUIT``."""
    text = json.dumps(
        {
            "format": "rams-record/1",
            "rules": {"preset": "whist", "trump": "named"},
            "players": ["A", "B", "C", "D"],
            "deals": [
                {
                    "dealer": 4,
                    "deck": " ".join(card_str(x) for x in planned(3, *SWEEP_0, "whist-named")[0]),
                    "actions": ["p4 delegate", "p2 trump H", *planned(3, *SWEEP_0)[1]],
                }
            ],
        }
    )
    match = loads(text).replay()
    deal = match.summary()["deals"][0]
    assert deal["trump"] == "H"
    assert deal["written"] == [14, 0]
    assert match.record()["deals"][0]["actions"][:2] == ["p4 delegate", "p2 trump H"]


def test_W10_output_per_deal_and_overall() -> None:
    """W10: per deal ``trump``, ``tricks``, ``honours``, ``written``, then ``game`` and
    ``rubber`` when one ends, and the running ``score`` and ``games``; overall ``rubbers``,
    ``points`` and ``winners``."""
    summary = long_rubber().summary()
    assert set(summary) == {"deals", "rubbers", "points", "winners"}
    deals = summary["deals"]
    plain = {"trump", "tricks", "honours", "written", "score", "games"}
    assert set(deals[0]) == plain | {"game"}
    assert set(deals[1]) == plain
    assert set(deals[4]) == plain | {"game", "rubber"}
    assert deals[1] == {
        "trump": "H",
        "tricks": [4, 9],
        "honours": [3, 2],
        "written": [2, 6],
        "score": [2, 6],
        "games": [1, 0],
    }
    assert deals[3]["games"] == [1, 1]
    assert deals[4]["tricks"] == [12, 1]
    assert deals[4]["honours"] == [5, 0]
    assert summary["winners"] == [0, 2]
