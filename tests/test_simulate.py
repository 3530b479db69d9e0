"""Rams' play or pass by simulation (:mod:`rams.bots.simulate`, E1–E3): its decks respect what
the seat has seen (D2, E2), its replay comes back to the seat's own decision, it decides from
the view alone, and it plays a hand that takes every trick."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

pytest.importorskip("numba")

from rams.bots import make_bot
from rams.cards import ACE, pack, rank_of
from rams.games.rams.actions import KEEP, PASS, PLAY_IN, Exchange, Swap
from rams.games.rams.deal import Deal
from rams.games.rams.dealing import arrange_deck, deck_layout
from rams.games.rams.rules import Rules
from rams.games.rams.search import SimulatedDeclare, sample_deck
from rams.games.rams.view import Observation, Phase


def _at_a_call(rules: Rules, seed: int) -> Deal | None:
    """A deal at the first play-or-pass decision with both choices, the calls before it made
    by the heuristic."""
    rng = random.Random(seed)
    deck = list(pack(rules.pack_size))
    rng.shuffle(deck)
    deal = Deal(rules, rng.randrange(rules.players), deck)
    heuristic = make_bot("heuristic", random.Random(seed))
    while deal.phase is Phase.DECLARE or deal.phase is Phase.PAM_SWAP:
        seat = deal.to_move
        legal = deal.legal_actions(seat)
        both = deal.phase is Phase.DECLARE and PASS in legal and PLAY_IN in legal
        if both and seed % 3 and any(c is not None for c in deal.calls):
            return deal
        deal.apply(heuristic.act(deal.observation(seat)), seat)
        seed += 1
    return None


def _calls(rules: Rules, seeds: int) -> Iterator[tuple[Deal, int, Observation]]:
    """(the deal, the seat to call, its view) at each seed's first call with both choices."""
    for seed in range(seeds):
        deal = _at_a_call(rules, seed)
        if deal is not None:
            seat = deal.to_move
            assert seat is not None
            yield deal, seat, deal.observation(seat)


@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_sampled_decks_deal_the_seat_its_hand_and_no_ace_to_a_passer_d2_e2(players: int) -> None:
    rules = Rules.preset("classic", players)
    found = 0
    for deal, seat, view in _calls(rules, 40):
        layout = deck_layout(rules, deal.dealer)
        passers = {s for s, c in enumerate(view.calls) if c == "pass"}
        for k in range(10):
            deck = sample_deck(view, random.Random(k))
            assert deck is not None
            assert sorted(deck) == sorted(pack(rules.pack_size))
            assert {c for c, w in zip(deck, layout, strict=True) if w == seat} == set(view.hand)
            if view.turned is not None:
                assert deck[layout.index("turned")] == view.turned
            for c, w in zip(deck, layout, strict=True):
                assert not (w in passers and rank_of(c) == ACE and rules.ace_forbids_pass)
        found += 1
    assert found >= 5


def test_the_replay_comes_back_to_the_seats_own_call_with_its_view_e1() -> None:
    rules = Rules.preset("classic", 5)
    checked = 0
    for k, (_, seat, view) in enumerate(_calls(rules, 30)):
        bot = SimulatedDeclare(random.Random(0), make_bot("hard", random.Random(0)))
        deck = sample_deck(view, random.Random(k))
        assert deck is not None
        again = bot._replay(view, deck, view.records)
        assert again is not None
        seen = again.observation(seat)
        assert (seen.hand, seen.calls, seen.records, seen.turned, seen.phase) == (
            view.hand, view.calls, view.records, view.turned, view.phase,
        )  # fmt: skip
        checked += 1
    assert checked >= 5


def test_it_decides_from_the_view_alone() -> None:
    """Two deals that differ only in cards the seat cannot see: the same call."""
    rules = Rules.preset("classic", 4)
    tried = 0
    for seed, (deal, seat, view) in enumerate(_calls(rules, 40)):
        other_seats = [s for s in range(4) if s != seat and not view.known[s]]
        a, b = other_seats[:2]
        deck = list(deal.deck)
        layout = deck_layout(rules, deal.dealer)
        ia = layout.index(a)
        ib = layout.index(b)
        if rank_of(deck[ia]) == ACE or rank_of(deck[ib]) == ACE:
            continue  # (a passer's ace would tell)
        deck[ia], deck[ib] = deck[ib], deck[ia]
        twin = Deal(rules, deal.dealer, deck)
        order = [s for s in deal.order if view.calls[s] is not None]
        for s in order:
            twin.apply(PLAY_IN if view.calls[s] == "play" else PASS, s)
        assert twin.observation(seat) == view
        x = make_bot("hardsim", random.Random(seed), timed=False)
        y = make_bot("hardsim", random.Random(seed), timed=False)
        assert x.act(view) == y.act(twin.observation(seat))
        tried += 1
        if tried == 3:
            break
    assert tried == 3


def test_a_hand_of_trumps_king_down_plays_e1_s2() -> None:
    """Worked by hand: the turned trump is the A♥ and the hand K♥ Q♥ J♥ 10♥ 9♥, first to
    speak. Every other trump is below these five, so whoever takes the ace (the dealer, E5)
    it beats one of them: playing takes at least four tricks and writes off at least 4
    (S2); passing writes off nothing (S5). The simulation plays."""
    rules = Rules.preset("classic", 3)
    deck = arrange_deck(rules, 2, {0: "KH QH JH TH 9H"}, turned="AH")
    deal = Deal(rules, 2, deck)
    assert deal.to_move == 0 and deal.phase is Phase.DECLARE
    view = deal.observation(0)
    assert PASS in view.legal_actions and PLAY_IN in view.legal_actions
    bot = SimulatedDeclare(random.Random(1), make_bot("hard", random.Random(1)), samples=8,
                           seconds=None)  # fmt: skip
    assert bot.act(view) == PLAY_IN
    assert bot.simulated == 1


def test_the_turned_trump_ace_is_taken_e5() -> None:
    """Worked by hand: the dealer plays with 7♠ 8♠ 7♣ 8♣ 7♦ and the A♥ turned (E5). Swapping
    any card for the ace of trumps gives a hand that takes every trick the old one takes and
    the trick the ace wins as well (nothing beats it, P4), so every swap writes off at least
    1 more than keeping (S2): the simulation swaps."""
    rules = Rules.preset("classic", 3)
    deck = arrange_deck(rules, 2, {2: "7S 8S 7C 8C 7D"}, turned="AH")
    deal = Deal(rules, 2, deck)
    while deal.phase is not Phase.DEALER_TRUMP:
        seat = deal.to_move
        assert seat is not None and deal.phase in (Phase.DECLARE, Phase.EXCHANGE)
        deal.apply(PLAY_IN if deal.phase is Phase.DECLARE else Exchange(), seat)
    view = deal.observation(2)
    assert KEEP in view.legal_actions
    bot = SimulatedDeclare(random.Random(1), make_bot("hard", random.Random(1)), samples=8,
                           seconds=None)  # fmt: skip
    assert isinstance(bot.act(view), Swap)
    assert bot.simulated == 1


@pytest.mark.parametrize(("preset", "players"), [("classic", 3), ("classic", 4), ("duel", 2)])
def test_every_decision_before_play_is_simulated_in_whole_deals_e4_e5_v2(
    preset: str, players: int
) -> None:
    """hardsim in every seat through whole deals: it simulates play or pass, the exchange,
    the turned trump and (in the duel) the talon, and every action it takes is legal (the
    deal refuses any other)."""
    rules = Rules.preset(preset, players)
    phases: set[Phase] = set()
    for seed in range(12 if preset == "duel" else 5):
        rng = random.Random(seed)
        deck = list(pack(rules.pack_size))
        rng.shuffle(deck)
        deal = Deal(rules, rng.randrange(players), deck)
        bots = [make_bot("hardsim", random.Random(seed * 7 + s), timed=False)
                for s in range(players)]  # fmt: skip
        while deal.phase not in (Phase.PLAY, Phase.DONE):
            seat = deal.to_move
            assert seat is not None
            bot = bots[seat]
            assert isinstance(bot, SimulatedDeclare)
            before, phase = bot.simulated, deal.phase
            deal.apply(bot.act(deal.observation(seat)), seat)
            if bot.simulated > before:
                phases.add(phase)
    # (In the duel the exchange comes after the talon, which the replay does not make again:
    # it goes to the evaluator.)
    wanted = (
        {Phase.TALON} if preset == "duel" else {Phase.DECLARE, Phase.EXCHANGE, Phase.DEALER_TRUMP}
    )
    assert wanted <= phases
