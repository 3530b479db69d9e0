"""The heuristic bot: the habits of a decent club player, from the seat's view only.

- **Play or pass (E1).** It estimates the tricks its hand should take (trumps by rank, side
  aces, Pam) and plays when that estimate, and the chance of escaping a remise, outweigh the
  risk of paying 5 plus its aces; a dealer counts the turned trump he may take. It plays
  more boldly when its record is low (a few tricks win the game) and when few play.
- **Exchange (E4).** It keeps trumps, aces, Pam and guarded trump honours, and discards the
  rest, lowest first, as far as the stock and `max_exchange` allow.
- **Turned trump (E5).** As dealer it takes the turned trump when it is worth more than its
  weakest card (always when the swap is mandatory), giving up that weakest card.
- **Talon (V2).** In the duel it takes the talon when its own hand looks weaker than an
  average hand.
- **Card play.** On lead it plays the highest trump while it holds the best one left, then
  its side aces, then the lowest card of its shortest side suit (to trump that suit later).
  Following, it wins the trick with the cheapest card that wins; if it cannot, it throws
  its least useful card.
- **Даве (V4).** It never offers; it accepts unless its record is clearly worse.
"""

from __future__ import annotations

import random

from rams.cards import ACE, JACK, KING, QUEEN, TEN, Card, rank_of, suit_of
from rams.games.rams.actions import (
    ACCEPT,
    CONCEDE,
    DAVE,
    GO,
    KEEP,
    PASS,
    PLAY_IN,
    SELL,
    TAKE,
    Action,
    Exchange,
    Play,
    Swap,
)
from rams.games.rams.deal import PAM, trick_winner
from rams.games.rams.view import Observation, Phase

__all__ = ["HeuristicBot", "trick_estimate"]

# Chance that a trump of each rank takes a trick (by rank index: 2 … A).
_TRUMP_ODDS = {ACE: 1.0, KING: 0.85, QUEEN: 0.7, JACK: 0.55, TEN: 0.45}
_AVERAGE_HAND = 1.0  # the estimate of an average five-card hand (a rough constant)


def trick_estimate(
    hand: tuple[Card, ...] | list[Card], trump: int | None, players: int, pam: int = -1
) -> float:
    """Expected tricks of a hand: trumps by rank, side aces and kings, Pam (``pam`` is the
    jack of clubs when Pam is played, else -1)."""
    crowd = max(players - 1, 1)
    est = 0.0
    for c in hand:
        r, s = rank_of(c), suit_of(c)
        if c == pam:
            est += 1.0
        elif s == trump:
            est += _TRUMP_ODDS.get(r, 0.35)
        elif r == ACE:
            est += 0.8 - 0.07 * crowd
        elif r == KING:
            est += 0.35 - 0.05 * crowd
    return est


def _value(c: Card, trump: int | None, pam: int = -1) -> float:
    """How much a card is worth keeping: Pam, trumps, then aces, then rank."""
    r = rank_of(c)
    if c == pam:
        return 100.0
    if suit_of(c) == trump:
        # A high trump beats everything; a low one is worth less than a side ace.
        return 50.0 + r if r >= JACK else 35.0 + r
    if r == ACE:
        return 48.0
    return float(r)


def _pam(view: Observation) -> int:
    """The jack of clubs when it is Pam (M1), else -1 (no card)."""
    return PAM if view.rules.pamfil else -1


class HeuristicBot:
    """Plays like a decent club player (see the module docstring)."""

    name = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: Observation) -> Action:
        """The action of a decent club player in this position."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if ACCEPT in legal:
            return self._answer_dave(view)
        choices = [a for a in legal if a != DAVE and str(a) != "claim"]
        if len(choices) == 1:
            return choices[0]
        phase = view.phase
        if phase is Phase.DECLARE:
            return PLAY_IN if self._wants_to_play(view) else PASS
        if phase is Phase.EXCHANGE:
            return self._exchange(view, choices)
        if phase in (Phase.DEALER_TRUMP, Phase.PAM_SWAP):
            return self._dealer_trump(view, choices)
        if phase is Phase.TALON:
            weak = trick_estimate(view.hand, view.trump, 2, _pam(view)) < _AVERAGE_HAND
            if TAKE in choices and weak:
                return TAKE
            return SELL if SELL in choices else GO
        if phase is Phase.PLAY:
            return self._card(view, [a for a in choices if isinstance(a, Play)])
        return choices[self.rng.randrange(len(choices))]

    # Decisions ------------------------------------------------------------------------

    def _wants_to_play(self, view: Observation) -> bool:
        n = view.rules.players
        hand = list(view.hand)
        can_take = view.rules.dealer_trump != "forbidden"
        if view.seat == view.dealer and view.turned is not None and can_take:
            hand.append(view.turned)
        est = trick_estimate(hand, view.trump, n, _pam(view))
        if view.seat == view.dealer and view.turned is not None and len(hand) > 5:
            est -= 0.15  # he gives a card for it
        playing = sum(1 for c in view.calls if c == "play")
        threshold = 0.75 + 0.1 * min(playing, 4)
        assert view.seat is not None  # (a bot, a hand: always a seat)
        record = view.records[view.seat]
        if record <= 5:
            threshold -= 0.25
        return est >= threshold

    def _exchange(self, view: Observation, choices: list[Action]) -> Action:
        trump, pam = view.trump, _pam(view)
        most = max(len(a.cards) for a in choices if isinstance(a, Exchange))
        keep_rank = {c: _value(c, trump, pam) for c in view.hand}
        weak = sorted(
            (c for c in view.hand if keep_rank[c] < 12 and suit_of(c) != trump and c != pam),
            key=lambda c: keep_rank[c],
        )
        # A guarded trump honour stays; low side cards go, the lowest first.
        discard = tuple(sorted(weak[:most]))
        return Exchange(discard)

    def _dealer_trump(self, view: Observation, choices: list[Action]) -> Action:
        trump, pam = view.trump, _pam(view)
        swaps = [a for a in choices if isinstance(a, Swap)]
        worst = min(swaps, key=lambda a: _value(a.card, trump, pam))
        if KEEP not in choices or view.phase is Phase.PAM_SWAP:
            return worst
        turned = view.turned
        if turned is not None and _value(turned, trump, pam) > _value(worst.card, trump, pam):
            return worst
        return KEEP

    def _card(self, view: Observation, plays: list[Play]) -> Action:
        trump = view.trump if view.trump is not None else 0
        pam = _pam(view)
        cards = [p.card for p in plays]
        if not view.trick:
            return Play(self._lead(view, cards, trump))
        table = [c for _, c in view.trick]
        winners = [c for c in cards if trick_winner(view.rules, trump, [*table, c]) == len(table)]
        if winners:
            return Play(min(winners, key=lambda c: _value(c, trump, pam)))
        return Play(min(cards, key=lambda c: _value(c, trump, pam)))

    def _lead(self, view: Observation, cards: list[Card], trump: int) -> Card:
        if len(cards) == 1:
            return cards[0]
        pam = _pam(view)
        played = {c for t in view.tricks for _, c in t}
        trumps = sorted((c for c in cards if suit_of(c) == trump and c != pam), reverse=True)
        if trumps:
            higher_out = [
                c for c in range(trumps[0] + 1, 13 * (trump + 1)) if c not in played and c != pam
            ]
            if not higher_out:
                return trumps[0]
        aces = [c for c in cards if rank_of(c) == ACE and suit_of(c) != trump]
        if aces:
            return aces[0]
        side = [c for c in cards if suit_of(c) != trump and c != pam]
        if side:
            counts = {
                s: sum(1 for c in side if suit_of(c) == s) for s in {suit_of(c) for c in side}
            }
            short = min(counts, key=lambda s: (counts[s], s))
            return min(c for c in side if suit_of(c) == short)
        return min(cards, key=lambda c: _value(c, trump, pam))

    def _answer_dave(self, view: Observation) -> Action:
        assert view.seat is not None  # (a bot, a hand: always a seat)
        me = view.records[view.seat]
        other = view.records[1 - view.seat]
        return CONCEDE if me - other >= 3 else ACCEPT
