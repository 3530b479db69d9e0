"""Card play as data (rams.tricks): the legal cards and their rule, the winner of a trick,
and what a card played reveals — the last property-tested against the first."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rams.cards import SUIT_MASKS, cards_of, cards_str, mask_of, parse_card, parse_cards
from rams.games.rams.rules import Rules
from rams.tricks import (
    CARDS,
    NATURAL,
    OVER,
    RULE_NAMES,
    RULE_SHIFT,
    SUIT,
    TEN_SECOND,
    TRUMP,
    beats,
    legal,
    reveals,
    trick_rules,
)

PAM = parse_card("JC")
JACKS = mask_of(parse_cards("JS JC JD JH"))

# Trick rules of every kind the games use.
KINDS = {
    "rams": Rules.preset("classic", 3).card_play,  # P2 over, P4–P6
    "rams-001": Rules.preset("rams-001", 3).card_play,  # no P6
    "mushka": Rules.preset("mushka-pamfil", 3).card_play,  # Pam
    "head": Rules.preset("classic", 3, must_head_trick=True).card_play,
    "whist": trick_rules(follow=TRUMP),  # W5, T4
    "boston": trick_rules(follow=SUIT),  # B8
    "ramsch": trick_rules(follow=SUIT, order=TEN_SECOND),  # F4
    "ramsch-jacks": trick_rules(follow=SUIT, order=TEN_SECOND, jacks_trump=True),  # F5
}


def masks(kind: str, trump: int) -> tuple[int, int]:
    """The trump mask and the off-suit mask of a kind of game with this trump suit."""
    t = KINDS[kind]
    if kind == "ramsch-jacks":
        return JACKS, JACKS
    if kind == "ramsch":
        return 0, 0
    pam = 1 << PAM if t[5] else 0
    return (SUIT_MASKS[trump] & ~pam) if trump >= 0 else 0, pam


def rule(r: int) -> str:
    return RULE_NAMES[r >> RULE_SHIFT]


def cards(r: int) -> str:
    """The legal cards of a ``legal`` result, in record notation."""
    return cards_str(cards_of(r & CARDS))


def play(kind: str, trump: int, hand: str, trick: str) -> int:
    """``legal`` for a hand facing a trick (cards in playing order)."""
    t = KINDS[kind]
    tm, off = masks(kind, trump)
    on = parse_cards(trick)
    win, locked, best = -1, 0, -1
    for i, c in enumerate(on):
        state = beats(t, c, win, locked, trump, tm, off) if i else 1
        if state:
            win, locked = c, int(state == 2)
        if (tm >> c) & 1 and c > best:
            best = c
    return legal(
        t, mask_of(parse_cards(hand)), len(on), on[0] if on else -1, win, locked, best,
        False, trump, tm, off,
    )  # fmt: skip


def test_p2_follow_else_trump_else_overtrump() -> None:
    """P2, X7 (diamonds trumps): follow; void, overtrump; unable to overtrump, a lower
    trump; no trump, any card."""
    d = 2
    r = play("rams", d, "9H 8D TD 7S", "AH")
    assert cards(r) == "9H" and rule(r) == "follow"
    r = play("rams", d, "8D TD 7S", "AH 9D")
    assert cards(r) == "TD" and rule(r) == "over"
    r = play("rams", d, "8D 7S", "AH 9D")
    assert cards(r) == "8D" and rule(r) == "trump"
    r = play("rams", d, "7S 8C", "AH 9D")
    assert cards(r) == "7S 8C" and rule(r) == "free"


def test_w5_whist_trumps_when_void_without_overtrumping() -> None:
    """W5, T4: void in the suit led, any trump will do (no duty to overtrump)."""
    r = play("whist", 2, "8D TD 7S", "AH 9D")
    assert cards(r) == "8D TD" and rule(r) == "trump"


def test_b8_boston_follows_suit_and_nothing_more() -> None:
    """B8: void, any card (no duty to trump)."""
    r = play("boston", 2, "8D TD 7S", "AH")
    assert cards(r) == "7S 8D TD" and rule(r) == "free"


def test_p4_p5_forced_leads_and_p6_ace_covers() -> None:
    assert rule(play("rams", 2, "AD KD 7S", "")) == "ace_lead"
    assert cards(play("rams", 2, "KD QD 7S", "")) == "KD"
    assert rule(play("rams", 2, "KD QD 7S", "")) == "king_lead"
    r = play("rams", 2, "AD 8D 7S", "KD")  # the trump K leads: the ace must cover (P6)
    assert cards(r) == "AD" and rule(r) == "ace_covers"
    assert cards(play("rams-001", 2, "AD 8D 7S", "KD")) == "8D AD"  # no P6 in 001


def test_m1_pam_is_always_legal_and_a_led_pam_calls_for_a_trump() -> None:
    r = play("mushka", 2, "JC 9H 7S", "AH")
    assert cards(r) == "JC 9H"
    r = play("mushka", 2, "8D 9H 7S", "JC")
    assert cards(r) == "8D" and rule(r) == "pam_led"


def test_f4_ramsch_ranks_the_ten_second() -> None:
    """F4: A 10 K Q J 9 8 7 — the ten beats the king, the ace the ten."""
    t, (tm, off) = KINDS["ramsch"], masks("ramsch", -1)
    ten, king, ace = parse_cards("TH KH AH")
    assert beats(t, ten, king, 0, -1, tm, off) == 1
    assert beats(t, king, ten, 0, -1, tm, off) == 0
    assert beats(t, ace, ten, 0, -1, tm, off) == 1
    assert beats(t, parse_card("AS"), king, 0, -1, tm, off) == 0  # another suit never wins


def test_f5_jacks_are_the_only_trumps_clubs_spades_diamonds_hearts() -> None:
    """F5: a led jack is answered with a jack; a led suit with a non-jack of it; the jacks
    rank ♣ > ♠ > ♦ > ♥ above every other card."""
    t, (tm, off) = KINDS["ramsch-jacks"], masks("ramsch-jacks", -1)
    js, jc, jd, jh, ah = parse_cards("JS JC JD JH AH")
    assert beats(t, jc, js, 0, -1, tm, off) == 1
    assert beats(t, jd, js, 0, -1, tm, off) == 0
    assert beats(t, jh, ah, 0, -1, tm, off) == 1
    r = play("ramsch-jacks", -1, "JH 9H 7S", "JS")
    assert cards(r) == "JH" and rule(r) == "follow"
    r = play("ramsch-jacks", -1, "JH 9H 7S", "AH")
    assert cards(r) == "9H"  # the jack of hearts is no heart
    r = play("ramsch-jacks", -1, "JH 7S", "AH")
    assert cards(r) == "7S JH" and rule(r) == "free"  # void: any card, a jack included


_trick_state = st.tuples(
    st.sampled_from(sorted(KINDS)),
    st.integers(0, 3),
    st.lists(st.integers(0, 51), min_size=1, max_size=13, unique=True),
    st.permutations(range(52)),
    st.integers(0, 6),
)


@settings(max_examples=600, deadline=None)
@given(_trick_state)
def test_what_a_card_reveals_is_never_false_of_the_hand_it_came_from(case: tuple) -> None:  # type: ignore[type-arg]
    """For any hand facing any trick, whatever legal card it plays, the cards ``reveals``
    says it cannot hold are not in the rest of that hand (the bots' sampling stays sound)."""
    kind, trump, hand_cards, order, count = case
    t = KINDS[kind]
    if kind.startswith("ramsch"):
        trump = -1
    tm, off = masks(kind, trump)
    hand = mask_of(hand_cards)
    others = [c for c in order if c not in hand_cards][:count]
    win, locked, best = -1, 0, -1
    for i, c in enumerate(others):
        state = beats(t, c, win, locked, trump, tm, off) if i else 1
        if state:
            win, locked = c, int(state == 2)
        if (tm >> c) & 1 and c > best:
            best = c
    lead = others[0] if others else -1
    allowed = legal(t, hand, count, lead, win, locked, best, False, trump, tm, off) & CARDS
    assert allowed and not allowed & ~hand
    for c in cards_of(allowed):
        forbidden = reveals(t, c, count, lead, win, best, trump, tm, off)
        assert not forbidden & (hand & ~(1 << c)), (kind, c)


def test_reveals_says_what_play_shows() -> None:
    """P2: a player void in hearts who discards a spade holds no heart and no trump."""
    t, (tm, off) = KINDS["rams"], masks("rams", 2)
    ah, s7 = parse_cards("AH 7S")
    forbidden = reveals(t, s7, 1, ah, ah, -1, 2, tm, off)
    assert forbidden == SUIT_MASKS[3] | SUIT_MASKS[2]
    assert reveals(t, s7, 0, -1, -1, -1, 2, tm, off) == 1 << parse_card("AD")  # P4
    assert NATURAL == 0 and OVER == 2
