"""Rules as int arrays for the compiled fast path: the rules vector of every game.

Every game's vector begins with the same header: the trick rules of :mod:`rams.tricks` (the
``T_*`` fields, built by the same function the reference engine uses), so the shared
card-play functions read it as their trick-rules vector, then the **kernel kind**
(``R_KIND``): what the one play routine (:func:`rams.fast.play.play_card`) writes when a
trick is complete — Rams' write-offs (``KIND_RAMS``), or a plain game's counting of the
tricks and cards each seat took (``KIND_POINTS``, ``KIND_TRICKS``, ``KIND_SIDES``,
``KIND_AUCTION``: F7, T5, W6, B11, which differ only in how the deal is scored at its end).
A family's own fields follow: here, a Rams rule set's options (``R_*``).
"""

from __future__ import annotations

import numpy as np

from rams.games.rams.deal import card_play
from rams.games.rams.rules import OPTION_CHOICES, Rules
from rams.tricks import T_SIZE

__all__ = ["KIND_RAMS", "NULL", "RULES_HEADER", "R_KIND", "R_SIZE", "WIN_GAME", "rules_array"]

#: The kernel kind's place in every rules vector, after the trick rules.
R_KIND = T_SIZE
#: Where a family's own rules begin.
RULES_HEADER = R_KIND + 1
KIND_RAMS, KIND_POINTS, KIND_TRICKS, KIND_SIDES, KIND_AUCTION = range(5)

NULL = -(10**9)  # an option set to null
WIN_GAME = -1  # four_jacks = "win_game"

(
    R_PLAYERS,
    R_PACK,
    R_NPACKETS,
    R_P0,
    R_P1,
    R_P2,
    R_P3,
    R_P4,
    R_START,
    R_PASSING,
    R_ACE_FORBIDS_PASS,
    R_MAX_EXCHANGE,
    R_DEALER_TRUMP,
    R_TALON,
    R_FOUR_ACES,
    R_FIVE_SUIT,
    R_FIVE_SUIT_WINS,
    R_TRUMP_RAMS,
    R_JACKS,
    R_FOUR_JACKS,
    R_ACE_S,
    R_ACE_C,
    R_ACE_D,
    R_ACE_H,
    R_SPADE_ACE_TRUMP,
    R_REMISE,
    R_REMISE_ONLY,
    R_FREEZE,
    R_SPADE_BONUS,
    R_OVERSHOOT,
    R_PAYOUT,
    R_DAVE,
    R_IN_HAND,
    R_SIZE,
) = range(RULES_HEADER, RULES_HEADER + 34)

#: The jacks rules (J1–J5, K4, K6) as the kernel numbers them: none (0), each seat's jacks
#: (1), then the two rules of the active seats' jacks (2, 3), in the rules' own order.
_JACKS = ("none", *(c for c in OPTION_CHOICES["jacks"] if c != "none"))


def rules_array(rules: Rules) -> np.ndarray:
    """The rules as an int64 vector for the compiled functions: the trick rules, the kernel
    kind (Rams' write-offs), then the Rams options."""
    r = np.zeros(R_SIZE, dtype=np.int64)
    r[:T_SIZE] = card_play(rules)
    r[R_KIND] = KIND_RAMS
    r[R_PLAYERS] = rules.players
    r[R_PACK] = rules.pack_size
    r[R_NPACKETS] = len(rules.packets)
    for i, p in enumerate(rules.packets):
        r[R_P0 + i] = p
    r[R_START] = rules.start_score
    r[R_PASSING] = rules.passing
    r[R_ACE_FORBIDS_PASS] = rules.ace_forbids_pass
    r[R_MAX_EXCHANGE] = rules.max_exchange
    r[R_DEALER_TRUMP] = ("optional", "mandatory", "forbidden").index(rules.dealer_trump)
    r[R_TALON] = rules.talon
    r[R_FOUR_ACES] = rules.four_aces == "win_game"
    r[R_FIVE_SUIT] = rules.five_suit
    r[R_FIVE_SUIT_WINS] = rules.five_suit_wins
    r[R_TRUMP_RAMS] = NULL if rules.trump_rams is None else rules.trump_rams
    r[R_JACKS] = _JACKS.index(rules.jacks)
    r[R_FOUR_JACKS] = WIN_GAME if rules.four_jacks == "win_game" else int(rules.four_jacks)
    for i, v in enumerate(rules.ace_values):
        r[R_ACE_S + i] = v
    r[R_SPADE_ACE_TRUMP] = NULL if rules.spade_ace_trump is None else rules.spade_ace_trump
    r[R_REMISE] = rules.remise
    r[R_REMISE_ONLY] = (
        NULL if rules.remise_only_at_or_below is None else rules.remise_only_at_or_below
    )
    r[R_FREEZE] = rules.freeze
    r[R_SPADE_BONUS] = rules.spade_ace_bonus
    r[R_OVERSHOOT] = rules.overshoot == "restart"
    r[R_PAYOUT] = rules.payout == "stake"
    r[R_DAVE] = rules.dave
    r[R_IN_HAND] = rules.turned_card_in_hand
    return r
