"""The adapters' tensors and strings hold nothing a seat may not see, shown on twin deals.

Twin deals: a deal is played at random to some step; two cards that seat ``s`` cannot
see there (worked out from the raw deal, as :mod:`tests.web.test_leak` does: not in its
hand now or as dealt, not its own discards or draws, not turned, shown or played) and that
lie in different places (two other hands, or a hand and the stock) trade places in the
deck, and the same actions are replayed on the twin. A twin is kept only if everything
public stays the same (the spectator's view at every step): a traded card may still show
in what the rules announce — S3's write-off of the aces a trick-taker held, say — and then
it was not quite unseen. At every step up to there, every
tensor and string seat ``s`` gets — OpenSpiel's information state and observation,
PettingZoo's and Gymnasium's observations, in the full and the compact layout — is the
same in both deals, though the other
hands are not; and the seat holding a traded card does see the difference (the test can
fail).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import rams.adapters.openspiel as ro
from rams.adapters.episode import Episode, EpisodeSpec
from rams.adapters.gymnasium import RamsEnv
from rams.adapters.pettingzoo import env as aec_env
from rams.cards import Card, cards_of
from tests.adapters.tables import TABLES, table_id


def hand_now(deal: Any, seat: int) -> set[Card]:
    """The cards ``seat`` holds now (read from the raw deal)."""
    mask = deal.hand_of(seat) if hasattr(deal, "hand_of") else deal.hands[seat]
    return set(cards_of(mask))


def visible(deal: Any, seat: int) -> set[Card]:
    """The cards ``seat`` may have seen so far, from the raw deal."""
    seen = hand_now(deal, seat)
    for e in deal.events:
        seen.update(e.cards)
        if e.seat == seat:
            seen.update(e.secret)
            seen.update(e.drawn)
    if hasattr(deal, "deal_hands"):  # Rams: the hand as dealt, the turned card, shown cards
        seen.update(cards_of(deal.deal_hands[seat]))
        seen.update(cards_of(deal.start_hands[seat]))
        if deal.turned is not None:
            seen.add(deal.turned)
        for mask in deal.known:
            seen.update(cards_of(mask))
    else:
        for cards in deal._shown():
            seen.update(cards)
    return seen


def place(deal: Any, c: Card, n: int) -> int:
    """The seat holding ``c`` now, or ``n`` for anywhere else (stock, talon, skat)."""
    return next((s for s in range(n) if c in hand_now(deal, s)), n)


def replay(
    table: EpisodeSpec, deck: list[Card], extra: dict[str, int], ids: list[int]
) -> list[Any]:
    """The episode after each of ``ids`` from ``deck`` (its first entry: before any)."""
    ep = Episode.dealt(table, deck, extra)
    out = [ep.copy()]
    for i in ids:
        if i not in ep.legal():
            raise ValueError(i)
        ep.apply(i)
        out.append(ep.copy())
    return out


class Channels:
    """Every tensor and string the three adapters give one seat, for an episode."""

    def __init__(self, table: tuple[str, int]) -> None:
        self.game = ro.load(*table)
        self.aec = aec_env(*table)
        self.aec.reset(seed=0)
        self.gym = RamsEnv(*table)
        self.gym.reset(seed=0)
        # The compact layout of each (rams.adapters.encoding), through the same gates.
        self.compact_aec = aec_env(*table, compact=True)
        self.compact_aec.reset(seed=0)
        self.compact_gym = RamsEnv(*table, compact=True)
        self.compact_gym.reset(seed=0)
        import pyspiel

        recall = pyspiel.IIGObservationType(perfect_recall=True)
        self.compact_spiel = self.game.make_py_observer(recall, {"compact": True})

    def of(self, ep: Episode, seat: int) -> list[Any]:
        state = self.game.new_initial_state()
        state.episode = ep
        self.aec.episode = ep
        self.gym.episode, self.gym.seat = ep, seat
        self.compact_aec.episode = ep
        self.compact_gym.episode, self.compact_gym.seat = ep, seat
        self.compact_spiel.set_from(state, seat)
        return [
            self.compact_spiel.tensor.tobytes(),
            self.compact_aec.observe(f"player_{seat}").tobytes(),
            self.compact_gym._observe().tobytes(),
            tuple(state.information_state_tensor(seat)),
            tuple(state.observation_tensor(seat)),
            state.information_state_string(seat),
            state.observation_string(seat),
            self.aec.observe(f"player_{seat}").tobytes(),
            self.gym._observe().tobytes(),
        ]


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_twin_deals_look_the_same_to_the_seat_that_cannot_see_the_difference(
    table: tuple[str, int], sweep_scale: int
) -> None:
    t = EpisodeSpec(*table)
    channels = Channels(table)
    rng = random.Random(table_id(table))
    n = t.players
    twins = 0
    for _ in range(40 * sweep_scale):
        if twins >= 4 * sweep_scale:
            break
        ep = Episode.shuffled(t, rng)
        ids = []
        while not ep.is_over and rng.random() > 0.06:
            ids.append(rng.choice(ep.legal()))
            ep.apply(ids[-1])
        seat = rng.randrange(n)
        hidden = [c for c in t.pack if c not in visible(ep.deal, seat)]
        pairs = [
            (a, b)
            for a in hidden
            for b in hidden
            if a < b
            and place(ep.deal, a, n) != place(ep.deal, b, n)
            and min(place(ep.deal, a, n), place(ep.deal, b, n)) < n
        ]
        if not pairs:
            continue
        a, b = rng.choice(pairs)
        deck = [b if c == a else a if c == b else c for c in ep.deck]
        try:
            mine = replay(t, ep.deck, ep.extra, ids)
            theirs = replay(t, deck, ep.extra, ids)
        except ValueError:  # (an action of the real deal is illegal in the twin)
            continue
        if any(
            x.observation(None) != y.observation(None) for x, y in zip(mine, theirs, strict=True)
        ):
            continue  # (the rules made the traded cards public in part)
        differ = [s for s in range(n) if hand_now(mine[-1].deal, s) != hand_now(theirs[-1].deal, s)]
        if not differ:
            continue  # (the traded cards ended where they would have: no twin)
        assert seat not in differ
        holder = differ[0]
        for x, y in zip(mine, theirs, strict=True):
            assert channels.of(x, seat) == channels.of(y, seat)
        assert channels.of(mine[-1], holder)[0] != channels.of(theirs[-1], holder)[0]
        twins += 1
    assert twins >= 2 * sweep_scale


def test_a_public_observer_sees_no_hand_and_a_private_one_only_its_own() -> None:
    """OpenSpiel's public-only observer reads the spectator's view: no card of any hand;
    the private-only one the seat's own cards and nothing of the table."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    game = ro.load("classic", 4)
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    private = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    deal = state.episode.deal
    for seat in range(4):
        public.set_from(state, seat)
        assert "hand" not in public.dict and not np.any(public.dict["shown"])
        text = public.string_from(state, seat)
        assert "hand" not in text
        private.set_from(state, seat)
        assert set(np.flatnonzero(private.dict["hand"])) == set(cards_of(deal.hands[seat]))
        assert "trick" not in private.dict and "events" not in private.dict
