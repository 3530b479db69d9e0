"""The exact solver agrees with a plain max^n search over the reference engine.

The reference search below walks every legal card of the reference
:class:`~rams.games.rams.deal.Deal` (copying it at every node, no table, no merged cards),
with the same rule: each player picks the card best for himself (his final record, a bonus
for winning the game), ties to the lowest card. The solver must give exactly the same value
row for every root move, on positions of every preset with two to four tricks left.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from rams.cards import pack
from rams.fast import core as fc
from rams.fast import solver as sv
from rams.games.rams.actions import Play
from rams.games.rams.deal import Deal, Standing
from rams.games.rams.rules import Rules
from rams.games.rams.view import Phase

WIN = sv.WIN_BONUS


def reference_row(deal: Deal) -> tuple[tuple[int, ...], int]:
    """Max^n over the reference engine: (final records, winner or -1)."""
    if deal.is_over:
        return tuple(deal.records), -1 if deal.winner is None else deal.winner
    seat = deal.to_move
    assert seat is not None
    best: tuple[tuple[int, ...], int] | None = None
    best_u = 0
    for c in sorted(deal.legal_cards()):
        child = deal.copy()
        child.apply(Play(c))
        row = reference_row(child)
        u = -row[0][seat] + (WIN if row[1] == seat else 0)
        if best is None or u > best_u:
            best, best_u = row, u
    assert best is not None
    return best


def random_position(rules: Rules, rng: random.Random, tricks_left: int) -> tuple[Deal, np.ndarray]:
    """A random deal played at random into the play phase with ``tricks_left`` tricks to go
    (and part of a trick on the table), as a reference deal and a fast-core state."""
    r = fc.rules_array(rules)
    n = rules.players
    while True:
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        start = rules.start_score
        records = [rng.choice([start, start, rng.randint(1, 12)]) for _ in range(n)]
        deal = Deal(rules, rng.randrange(n), deck, Standing(tuple(records)))
        s = fc.new_state(
            r,
            deal.dealer,
            np.array(deck, dtype=np.int64),
            np.array([*records, *[0] * (fc.MAXP - n)], dtype=np.int64),
            1,
            -1,
        )
        target_played = 5 - tricks_left
        while not deal.is_over:
            if (
                deal.phase is Phase.PLAY
                and len(deal.completed) >= target_played
                and (rng.random() < 0.5 or len(deal.trick) + 1 >= len(deal.active))
            ):
                break
            ids = deal.legal_action_ids()
            ids = [i for i in ids if i != fc.ID_CLAIM] or ids
            a = ids[rng.randrange(len(ids))]
            deal.apply_id(a)
            assert fc.apply_action(s, r, a, -1)
        if deal.phase is Phase.PLAY and not deal.is_over:
            return deal, s


CASES = [
    ("classic", 3, 4),
    ("classic", 4, 3),
    ("classic", 5, 2),
    ("classic", 7, 2),
    ("rams-001", 3, 4),
    ("rozaliev", 4, 3),
    ("mushka-pamfil", 3, 4),
    ("mushka-pamfil", 4, 3),
    ("petukh", 3, 4),
    ("petukh-30", 4, 3),
    ("duel", 2, 5),
    ("duel-v3", 2, 5),
]


@pytest.mark.parametrize(("preset", "players", "tricks"), CASES)
def test_solver_rows_equal_reference_max_n(preset: str, players: int, tricks: int) -> None:
    rules = Rules.preset(preset, players)
    rng = random.Random(f"{preset}:{players}:{tricks}")
    r = fc.rules_array(rules)
    keys, vals = sv.new_table(14)
    moves = np.zeros(64, dtype=np.int64)
    rows = np.zeros((64, sv.VAL), dtype=np.int64)
    for _ in range(12):
        deal, s = random_position(rules, rng, tricks)
        keys[:] = 0
        k, nodes, exact = sv.solve(s, r, keys, vals, 0, moves, rows)
        assert exact and nodes > 0
        cards = sorted(deal.legal_cards())
        assert moves[:k].tolist() == cards
        for i, c in enumerate(cards):
            child = deal.copy()
            child.apply(Play(c))
            records, winner = reference_row(child)
            assert rows[i, :players].tolist() == list(records), (preset, c, deal)
            assert rows[i, sv.MAXP] == winner
