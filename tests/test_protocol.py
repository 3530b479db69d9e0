"""The protocol suite: every preset of every family, driven only through ``rams.games``.

Random matches through ``new_match`` check what every family must keep: legal actions never
empty before the end, out-of-turn actions offered to the seats that have them, actions and
integer ids one to one, a copy independent of its original, records that round-trip and
replay to the same summary, and seat views (their JSON, what a browser gets) that name no
card the seat may not see. What a seat may see is said, family by family, by the oracles in
``tests/families.py``, written from the rules, not from the engine's own views.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rams import games
from rams.games.wire import state_message
from rams.record import dumps, loads, record_of
from tests.families import ORACLES
from tests.web.helpers import cards_named

TABLES = [
    (name, n)
    for name, p in games.presets().items()
    for n in sorted({p.players[0], p.players[1], (p.players[0] + p.players[1]) // 2})
]
MATCHES = 4


def _snapshot(deal: Any, n: int) -> str:
    """Everything observable of a deal, as text: its legal actions and every seat's view."""
    parts = [repr(deal.to_move), repr(deal.phase)]
    for seat in range(n):
        parts.append(repr([str(a) for a in deal.legal_actions(seat)]))
        parts.append(repr(deal.observation(seat)))
    return "\n".join(parts)


def _check_ids(deal: Any, seat: int | None) -> None:
    """Actions and integer ids map one to one, inside ``action_count``."""
    actions = deal.legal_actions(seat)
    ids = deal.legal_action_ids(seat)
    assert len(ids) == len(actions) == len(set(ids))
    assert all(0 <= i < deal.action_count for i in ids)
    assert [deal.action_id(a, seat) for a in actions] == ids
    assert [deal.action_from_id(i, seat) for i in ids] == actions


def _check_views(match: Any, family: Any, oracle: Any) -> None:
    deal = match.deal
    for seat in [*range(len(match.players)), None]:  # (None: a spectator)
        for lang in ("ru", "en"):
            view = state_message(family, match, seat, lang, {})
            if seat is None:
                assert view["hand"] == [] and view["legal"] is None
            json.dumps(view)  # the wire form is JSON
            named = cards_named(view)
            allowed = oracle.visible(deal, seat)
            if match.is_over:  # the record is public then: every hand is shown
                allowed = allowed | {c for h in view["hands"] for c in h}
                assert len(view["hands"]) == len(match.players) and all(view["hands"])
            assert named <= allowed, f"seat {seat} sees {sorted(named - allowed)}"


@pytest.mark.parametrize(("preset", "players"), TABLES, ids=[f"{p}-{n}" for p, n in TABLES])
def test_random_matches_keep_the_protocol(preset: str, players: int) -> None:
    family = games.family_of(preset)
    oracle = ORACLES[family.name]
    rng = random.Random(f"{preset}:{players}")
    for _ in range(MATCHES):
        match = games.new_match(preset, players, rng=random.Random(rng.getrandbits(64)))
        assert match.winners() == [] and not match.is_over
        steps = 0
        while not match.is_over and len(match.deals) < 40:
            deal = match.start_deal()
            assert match.deal is deal
            while not deal.is_over:
                seat = deal.to_move
                # Out-of-turn actions are legal actions of seats not to move.
                others = [s for s in range(players) if s != seat and deal.legal_actions(s)]
                if others and rng.random() < 0.3:
                    who = rng.choice(others)
                    _check_ids(deal, who)
                    deal.apply(rng.choice(deal.legal_actions(who)), who)
                    continue
                legal = deal.legal_actions()
                assert legal, f"no legal action: {deal!r}"
                _check_ids(deal, None)
                action = rng.choice(legal)
                if rng.random() < 0.05:
                    # A copy plays on alone: the original does not move.
                    before = _snapshot(deal, players)
                    twin = deal.copy()
                    twin.apply(action)
                    while not twin.is_over and twin.legal_actions():
                        twin.apply(twin.legal_actions()[0])
                    assert _snapshot(deal, players) == before
                deal.apply(action)
                steps += 1
                if steps % 11 == 0:
                    _check_views(match, family, oracle)
            _check_views(match, family, oracle)
        sheet = match.sheet
        assert len(sheet.labels) == len(sheet[0]) and sheet.columns()[0]["label"] == sheet.labels[0]
        summary = match.summary()
        json.dumps(summary)
        assert match.record() == record_of(match).to_json()
        again = loads(dumps(record_of(match))).replay()
        assert again.summary() == summary
        assert again.winners() == match.winners()
        if match.is_over:
            assert match.winners() and len(match.returns()) == players


@pytest.mark.parametrize("name", list(games.FAMILIES))
def test_a_family_gives_its_bots_and_its_deals_layout(name: str) -> None:
    """What front ends ask a family instead of its name: the levels it offers (each a bot
    it makes, from the bots' module it names), the baselines beside them, and its deals'
    layout for the adapters."""
    from rams.bots import available, of

    family = games.family(name)
    assert family.levels == ("easy", "medium", "hard")
    assert family.baselines[-1] == "random"
    for level in (*family.levels, *family.baselines):
        if available(level):
            bot = of(family).make_bot(family, level, random.Random(1))
            assert hasattr(bot, "act")
    layout = family.layout
    assert set(family.deal_fields) == set(layout.chance_fields)
    assert all(n > 1 for n in layout.chance_fields.values())
    if family.sides is not None:
        seats = sorted(s for side in family.sides for s in side)
        assert seats == list(range(len(seats)))
