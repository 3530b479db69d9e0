"""Card play as data, written once: which cards are legal and by which rule, which card wins
a trick, and what a card played reveals about the hand it came from.

Every game of the package plays tricks the same way; only data differs: how a void player
must answer (follow suit; follow, else trump; follow, else trump and overtrump), whether he
must head the trick, the rank order inside a suit, which cards are trumps, and a few hooks
that data cannot say (Rams' forced leads P4–P6, Pam M1, the ace of spades M4). The reference
engine of every family calls these functions; the compiled fast path compiles the very same
functions (:mod:`rams.fast.play` registers them with Numba), so the rules of card play exist
in one place. That is why they are written in plain integer code: a trick-rules vector ``t``
(a tuple of ints indexed by the ``T_*`` constants; the fast path's rules vector starts with
the same fields), hands as bitmasks, cards as ``suit * 13 + rank`` (:mod:`rams.cards`).

The state of a trick in progress is given as plain values: how many cards are on it, the
card led, the card winning so far (and whether nothing can beat it any more: ``locked``), the
highest trump on it (``best``, -1 for none), and for the deal the trump suit (-1 for none),
the mask of trump cards and the mask of cards that left their natural suit (Pam, or jacks
that are trumps).

>>> t = trick_rules(follow=OVER)
>>> from rams.cards import mask_of, parse_cards, cards_of, cards_str
>>> hand = mask_of(parse_cards("9H 8D TD 7S"))      # diamonds trumps; hearts led, 10♦ on it
>>> trumps = 0x1FFF << 26
>>> r = legal(t, hand, 1, parse_cards("AH")[0], parse_cards("AH")[0], 0, -1, False, 2, trumps, 0)
>>> cards_str(cards_of(r & CARDS)), RULE_NAMES[r >> RULE_SHIFT]
('9H', 'follow')
"""

from __future__ import annotations

from typing import Protocol

from rams.cards import HIGHER

__all__ = [
    "CARDS",
    "NATURAL",
    "OVER",
    "RULE_NAMES",
    "RULE_SHIFT",
    "SUIT",
    "TEN_SECOND",
    "TRUMP",
    "above",
    "beats",
    "legal",
    "reveals",
    "trick_rules",
]


class Vector(Protocol):
    """A trick-rules vector: a tuple of ints, or (in the compiled path) an int64 array."""

    def __getitem__(self, index: int, /) -> int: ...


# How a player void in the suit led must answer (the data of P2, F4, W5, B8, T4).
SUIT = 0  #: follow suit if able, else any card
TRUMP = 1  #: follow suit; if void, play a trump if able; else any card
OVER = 2  #: as TRUMP, and a higher trump than any on the trick if able

# The trick-rules vector: these indices, in this order (the fast path's rules vector
# begins with the same fields, so both paths read one layout).
(
    T_FOLLOW,  # SUIT, TRUMP or OVER
    T_MUST_HEAD,  # follow with a higher card of the suit led if able (P2 option)
    T_ACE_LEAD,  # P4: on lead, the trump ace must be led
    T_MARRIAGE,  # P5: on lead with trump K and Q, the K, then after it won the Q
    T_ACE_COVERS,  # P6: the trump ace covers a trump K, Q or J winning the trick
    T_PAM,  # M1: the jack of clubs is Pam, above every card and of no suit
    T_SPADE_BEATS,  # M4: the ace of spades after the trump ace takes the trick
    T_ORDER,  # rank order inside a suit: NATURAL (A K Q J 10 …) or TEN_SECOND (A 10 K Q J …)
    T_JACKS_TRUMP,  # F5: the four jacks are the only trumps, ♣ > ♠ > ♦ > ♥
    T_SIZE,
) = range(10)

NATURAL, TEN_SECOND = 0, 1

CARDS = (1 << 52) - 1
"""The bits of a legal mask that are cards; the rule that limited them is above."""
RULE_SHIFT = 56

# The rule that limited a legal mask (its code is ``legal(...) >> RULE_SHIFT``). A family
# names each code by its own clause (Rams: FOLLOW is P2; Вист: W5; Бостон: B8).
(
    R_FREE,  # any card of the hand
    R_FREE_LEAD,  # on lead, any card
    R_ACE_LEAD,  # P4
    R_KING_LEAD,  # P5: the king of the marriage
    R_QUEEN_LEAD,  # P5: the queen after the king won
    R_PAM_LED,  # M1: Pam led, a trump if able
    R_ACE_COVERS,  # P6
    R_FOLLOW,  # follow suit
    R_HEAD,  # head the trick in the suit led
    R_TRUMP,  # void: a trump
    R_OVER,  # void: a higher trump
) = range(11)
RULE_NAMES = (
    "free",
    "free_lead",
    "ace_lead",
    "king_lead",
    "queen_lead",
    "pam_led",
    "ace_covers",
    "follow",
    "head",
    "trump",
    "over",
)

_SUIT_MASKS = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
_PAM = 22  # the jack of clubs
_SPADE_ACE = 12
_JACKS = (1 << 9) | (1 << 22) | (1 << 35) | (1 << 48)

# Inside a suit ranked A 10 K Q J 9 8 7 (Skat's order, F4): the cards above each card.
_TEN_POWER = (0, 1, 2, 3, 4, 5, 6, 7, 11, 8, 9, 10, 12)  # by rank index 2 … A
TEN_SECOND_HIGHER = tuple(
    sum(1 << (13 * (c // 13) + r) for r in range(13) if _TEN_POWER[r] > _TEN_POWER[c % 13])
    for c in range(52)
)
# The jacks as the only trumps, ♣ > ♠ > ♦ > ♥ (F5): the jacks above each jack.
_JACK_POWER = {22: 3, 9: 2, 35: 1, 48: 0}
JACK_HIGHER = tuple(
    sum(1 << j for j, p in _JACK_POWER.items() if p > _JACK_POWER[c]) if c in _JACK_POWER else 0
    for c in range(52)
)


def trick_rules(
    follow: int = SUIT,
    must_head: bool = False,
    ace_lead: bool = False,
    marriage: bool = False,
    ace_covers: bool = False,
    pam: bool = False,
    spade_beats: bool = False,
    order: int = NATURAL,
    jacks_trump: bool = False,
) -> tuple[int, ...]:
    """The trick-rules vector of a game (the ``T_*`` fields, in order)."""
    return (
        follow,
        int(must_head),
        int(ace_lead),
        int(marriage),
        int(ace_covers),
        int(pam),
        int(spade_beats),
        order,
        int(jacks_trump),
    )


def above(t: Vector, c: int, trump_mask: int) -> int:
    """The cards of ``c``'s class that rank above it (its suit, or the trumps)."""
    if t[T_JACKS_TRUMP] and (trump_mask >> c) & 1:
        return JACK_HIGHER[c]
    if t[T_ORDER] == TEN_SECOND:
        return TEN_SECOND_HIGHER[c]
    return HIGHER[c]


def legal(
    t: Vector,
    hand: int,
    count: int,
    lead: int,
    win: int,
    locked: int,
    best: int,
    queen_due: bool,
    trump: int,
    trump_mask: int,
    off_suit: int,
) -> int:
    """The cards of ``hand`` that may be played to a trick holding ``count`` cards, as a
    mask, with the code of the rule that limited them above :data:`RULE_SHIFT`.

    ``queen_due``: this player's trump king led and won, and he is on lead again (P5).
    ``off_suit``: the cards that left their natural suit (Pam; jacks that are trumps).
    """
    pam = hand & off_suit if t[T_PAM] else 0
    if count == 0:
        if trump >= 0:
            if t[T_ACE_LEAD]:
                ta = 1 << (13 * trump + 12)
                if hand & ta:
                    return _rule(ta | pam, hand, pam, R_ACE_LEAD, R_FREE_LEAD)
            if t[T_MARRIAGE]:
                tq = 1 << (13 * trump + 10)
                tk = 1 << (13 * trump + 11)
                if queen_due and hand & tq:
                    return _rule(tq | pam, hand, pam, R_QUEEN_LEAD, R_FREE_LEAD)
                if hand & (tk | tq) == tk | tq:
                    return _rule(tk | pam, hand, pam, R_KING_LEAD, R_FREE_LEAD)
        return hand | (R_FREE_LEAD << RULE_SHIFT)
    if t[T_PAM] and lead == _PAM:
        trumps = hand & trump_mask
        if trumps:
            return _rule(trumps, hand, 0, R_PAM_LED, R_FREE)
        return hand | (R_FREE << RULE_SHIFT)
    if (trump_mask >> lead) & 1:
        follow = hand & trump_mask
    else:
        follow = hand & _SUIT_MASKS[lead // 13] & ~off_suit
    rule = R_FREE
    if follow:
        allowed = follow
        rule = R_FOLLOW
        if t[T_MUST_HEAD] and not locked and _same_class(win, lead, trump_mask, off_suit):
            higher = follow & above(t, win, trump_mask)
            if higher:
                allowed = higher
                rule = R_HEAD
    else:
        trumps = hand & trump_mask
        if trumps and t[T_FOLLOW] != SUIT:
            allowed = trumps
            rule = R_TRUMP
            if t[T_FOLLOW] == OVER:
                higher = trumps & above(t, best, trump_mask) if best >= 0 else trumps
                if higher:
                    allowed = higher
                    if higher != trumps:
                        rule = R_OVER
        else:
            allowed = hand & ~pam
    if t[T_ACE_COVERS] and trump >= 0:
        ta = 1 << (13 * trump + 12)
        if allowed & ta and (1 << win) & _honours(trump) & ~off_suit:
            allowed = ta
            rule = R_ACE_COVERS
    return _rule(allowed | pam, hand, pam, rule, R_FREE)


def _rule(allowed: int, hand: int, pam: int, rule: int, free: int) -> int:
    """``allowed`` with its rule code; the rule is ``free`` when nothing was ruled out (Pam,
    always legal, does not count)."""
    if allowed & ~pam == hand & ~pam:
        return allowed | (free << RULE_SHIFT)
    return allowed | (rule << RULE_SHIFT)


def _honours(trump: int) -> int:
    """The trump king, queen and jack (P6; never the ten, X8)."""
    return 0b111 << (13 * trump + 9)


def _same_class(a: int, b: int, trump_mask: int, off_suit: int) -> bool:
    """Whether two cards belong to one class: both trumps, or both of one plain suit."""
    at = (trump_mask >> a) & 1
    if at != (trump_mask >> b) & 1:
        return False
    if at:
        return True
    return a // 13 == b // 13 and not (off_suit >> a) & 1 and not (off_suit >> b) & 1


def beats(
    t: Vector, c: int, w: int, locked: int, trump: int, trump_mask: int, off_suit: int
) -> int:
    """Whether card ``c`` takes the trick from ``w``, the card winning it so far: 0 no, 1 yes,
    2 yes and nothing after it can (Pam, M1; the ace of spades over the trump ace, M4)."""
    if t[T_PAM]:
        if c == _PAM:
            return 2
        if w == _PAM:
            return 0
    if locked:
        return 0
    if t[T_SPADE_BEATS] and c == _SPADE_ACE and trump > 0 and w == 13 * trump + 12:
        return 2
    ct = (trump_mask >> c) & 1
    wt = (trump_mask >> w) & 1
    if ct != wt:
        return ct
    if not ct and (c // 13 != w // 13 or (off_suit >> c) & 1):
        return 0
    return (above(t, w, trump_mask) >> c) & 1


def reveals(
    t: Vector,
    c: int,
    count: int,
    lead: int,
    win: int,
    best: int,
    trump: int,
    trump_mask: int,
    off_suit: int,
) -> int:
    """The cards a player cannot hold, seen from his playing ``c`` to a trick of ``count``
    cards (the inverse of :func:`legal`, for the bots' sampling of hidden hands): void in the
    suit led (follow), without trumps (trump) or higher trumps (overtrump), without the trump
    ace that he would have led (P4) or covered with (P6), without a trump when Pam was led."""
    forbidden = 0
    pam_card = _PAM if t[T_PAM] else -1
    ta = 1 << (13 * trump + 12) if trump >= 0 else 0
    if count == 0:
        if t[T_ACE_LEAD] and ta and c != 13 * trump + 12 and c != pam_card:
            forbidden |= ta  # P4: holding the trump ace he would have led it
        return forbidden
    if lead == pam_card:
        if not (trump_mask >> c) & 1 or c == pam_card:
            forbidden |= trump_mask  # M1: a led Pam calls for a trump
        return forbidden
    if c == pam_card:
        return forbidden  # Pam is always legal: it says nothing
    lead_trump = (trump_mask >> lead) & 1
    lead_class = trump_mask if lead_trump else _SUIT_MASKS[lead // 13] & ~off_suit
    void = not (lead_class >> c) & 1
    c_trump = (trump_mask >> c) & 1
    if void:
        forbidden |= lead_class  # could not follow
        if t[T_FOLLOW] != SUIT and not c_trump:
            forbidden |= trump_mask  # could not trump
        elif (
            t[T_FOLLOW] == OVER
            and c_trump
            and best >= 0
            and not (above(t, best, trump_mask) >> c) & 1
        ):
            forbidden |= trump_mask & above(t, best, trump_mask)  # could not overtrump
    if t[T_ACE_COVERS] and ta and (1 << win) & _honours(trump) & ~off_suit:
        could_trump = lead_trump or (void and c_trump)
        if could_trump and c != 13 * trump + 12:
            forbidden |= ta  # P6: the ace would have covered
    return forbidden
