"""The episode the three adapters share: chance, claims, truncation, points, copies."""

from __future__ import annotations

import random

from rams.actions import Say
from rams.adapters.episode import Episode, EpisodeSpec


def test_chance_deals_the_pack_card_by_card_then_the_extra_fields() -> None:
    table = EpisodeSpec("boston")
    ep = Episode(table)
    rng = random.Random(4)
    steps = 0
    while ep.is_chance:
        outcomes = ep.chance_outcomes()
        assert outcomes == sorted(outcomes) and len(set(outcomes)) == len(outcomes)
        ep.apply_chance(rng.choice(outcomes))
        steps += 1
    assert steps == table.chance_steps == 53
    assert sorted(ep.deck) == sorted(table.pack) and set(ep.extra) == {"turned"}
    assert ep.to_move is not None and ep.legal() == ep.deal.legal_action_ids(ep.to_move)


def test_a_claim_is_taken_as_soon_as_it_may_be() -> None:
    """S7: with overshoot on, a seat at 0 or below claims the game at once (as bots do)."""
    table = EpisodeSpec("classic", 3, overshoot="restart", start_score=1)
    rng = random.Random(2)
    claimed = 0
    for _ in range(20):
        ep = Episode.shuffled(table, rng)
        while not ep.is_over:
            assert not any(a.word == "claim" for s in range(3) for a in ep.deal.out_of_turn(s))
            ep.apply(rng.choice(ep.legal()))
        claimed += any(e.kind.value == "claim" for e in ep.deal.events)
    assert claimed > 0


def test_a_deal_too_long_is_truncated_with_the_points_as_they_stand() -> None:
    table = EpisodeSpec("whist")
    table.max_decisions = 10
    ep = Episode.shuffled(table, random.Random(1))
    while not ep.is_over:
        ep.apply(ep.legal()[0])
    assert ep.decisions == 10 and ep.is_truncated and not ep.deal.is_over
    assert ep.to_move is None and ep.legal() == []


def test_copies_are_independent_and_points_match_the_match() -> None:
    table = EpisodeSpec("ramsch", 3)
    rng = random.Random(8)
    ep = Episode.shuffled(table, rng)
    twin = ep.copy()
    while not ep.is_over:
        ep.apply(rng.choice(ep.legal()))
    assert not twin.is_over and twin.deal.actions == []
    assert ep.points() == [
        float(table.family.better * (a - b))
        for a, b in zip(ep.match.scores(), table.start_scores, strict=True)
    ]
    assert all(abs(p) <= table.points_bound for p in ep.points())


def test_b5_every_other_seat_is_asked_about_together_while_the_declarer_chooses() -> None:
    """B5: while the declarer of a five or six chooses a partner, each other seat that may
    say «Играю вместе» is asked once, from his left: ``together`` (which the declarer then
    answers) or silent (which writes nothing); then the declarer chooses."""
    from rams.games.boston.bids import Bid

    table = EpisodeSpec("boston")
    assert table.silent == table.action_count - 1
    rng = random.Random(3)
    said = silent = 0
    for _ in range(60):
        ep = Episode.shuffled(table, rng)
        bid = ep.deal.action_id(Bid("5S"), ep.to_move)
        ep.apply(bid)  # the first bidder bids five spades, the others pass
        for _ in range(3):
            ep.apply(ep.deal.action_id(Say("pass"), ep.to_move))
        declarer = ep.deal.to_move
        asked = [ep.to_move]
        assert asked[0] == (declarer + 1) % 4
        assert ep.legal() == sorted([ep.deal.action_id(Say("together"), asked[0]), table.silent])
        assert ep.legal(declarer) == []
        if rng.random() < 0.5:
            before = len(ep.deal.actions)
            ep.apply(table.silent)  # silent: nothing written, the next seat is asked
            assert len(ep.deal.actions) == before and ep.to_move == (declarer + 2) % 4
            silent += 1
        else:
            ep.apply(ep.deal.action_id(Say("together"), asked[0]))
            assert ep.to_move == declarer  # he answers the offer at once
            assert {ep.action_str(a) for a in ep.legal()} == {"accept", "reject"}
            said += 1
    assert said and silent
