"""Ratings (rams.ratings) against Plackett–Luce worked by hand (Weng & Lin 2011, Algorithm 4).

openskill's defaults: mu 25, sigma 25/3, beta = sigma/2, kappa 0.0001, tau = mu/300 (added to
every sigma before the game: sigma'² = sigma² + tau²). A team's mu and sigma² are its
players' sums; c² = Σ (sigma_team² + beta²); p(i, q) = exp(mu_i / c) / Σ exp(mu_s / c) over
the teams s ranked no better than q; Ω_i and Δ_i sum over the q ranked no worse than i
(divided by A_q, how many share q's rank): Ω += 1 − p or −p, Δ += p (1 − p); then
Ω ·= sigma_i² / c, Δ ·= γ sigma_i² / c² with γ = sigma_i / c.
"""

from __future__ import annotations

import math
import random

import pytest

from rams import games
from rams.ratings import (
    Rating,
    bot_id,
    entrants,
    match_places,
    match_sides,
    player_id,
    rate,
    rate_match,
)

pytest.importorskip("openskill")

MU, SIGMA = 25.0, 25.0 / 3.0
BETA, TAU = 25.0 / 6.0, 25.0 / 300.0
S2 = SIGMA**2 + TAU**2  # each player's sigma² once tau is added


def _update(mu: float, s2: float, team_s2: float, c: float, omega: float, delta: float) -> Rating:
    """One player's new rating from its team's Ω and Δ (before they are scaled)."""
    omega *= team_s2 / c
    delta *= (team_s2 / c**2) * (math.sqrt(team_s2) / c)  # γ = sigma_team / c
    sigma = math.sqrt(s2) * math.sqrt(max(1 - (s2 / team_s2) * delta, 0.0001))
    return Rating(mu + (s2 / team_s2) * omega, sigma)


def _close(got: Rating, want: Rating) -> None:
    assert got.mu == pytest.approx(want.mu, abs=1e-9)
    assert got.sigma == pytest.approx(want.sigma, abs=1e-9)


def test_three_players_ranked_first_second_third() -> None:
    # Equal mu: every exp(mu/c) is the same, so p = 1 / (how many rank no better than q).
    c = math.sqrt(3 * (S2 + BETA**2))
    # First: only q = itself, p = 1/3: Ω = 1 - 1/3; Δ = 1/3 · 2/3.
    first = _update(MU, S2, S2, c, 2 / 3, 2 / 9)
    # Second: q = first (p = 1/3: Ω −= 1/3), q = itself (p = 1/2: Ω += 1/2);
    # Δ = 1/3 · 2/3 + 1/2 · 1/2.
    second = _update(MU, S2, S2, c, -1 / 3 + 1 / 2, 2 / 9 + 1 / 4)
    # Third: Ω = −1/3 − 1/2 + (1 − 1); Δ = 2/9 + 1/4 + 1 · 0.
    third = _update(MU, S2, S2, c, -1 / 3 - 1 / 2, 2 / 9 + 1 / 4)
    new = rate({}, [["a"], ["b"], ["c"]], [1, 2, 3])
    _close(new["a"], first)
    _close(new["b"], second)
    _close(new["c"], third)
    assert round(first.mu, 4) == 27.869 and round(third.mu, 4) == 21.4137
    assert new["a"].ordinal == pytest.approx(first.mu - 3 * first.sigma)


def test_a_tie_shares_the_place_and_the_update() -> None:
    c = math.sqrt(3 * (S2 + BETA**2))
    # Ranks 1, 2, 2: A = (1, 2, 2); the tied pair's sums both hold the two of them.
    # Second: q = first, p = 1/3 (Ω −= 1/3); q = itself, p = 1/2 over A = 2 (Ω += 1/4);
    # q = its tie, p = 1/2 over A = 2 (Ω −= 1/4). Δ = 2/9 + 1/8 + 1/8.
    tied = _update(MU, S2, S2, c, -1 / 3, 2 / 9 + 1 / 4)
    new = rate({}, [["a"], ["b"], ["c"]], [1, 2, 2])
    _close(new["a"], _update(MU, S2, S2, c, 2 / 3, 2 / 9))
    _close(new["b"], tied)
    _close(new["c"], tied)


def test_unequal_ratings_use_their_exponentials() -> None:
    # a: 30 ± 5 beats b: 20 ± 7.
    a2, b2 = 5.0**2 + TAU**2, 7.0**2 + TAU**2
    c = math.sqrt(a2 + BETA**2 + b2 + BETA**2)
    ea, eb = math.exp(30 / c), math.exp(20 / c)
    pa, pb = ea / (ea + eb), eb / (ea + eb)
    want_a = _update(30, a2, a2, c, 1 - pa, pa * (1 - pa))
    want_b = _update(20, b2, b2, c, -pb + 0, pb * (1 - pb))  # (the last sum: p = 1, 1 − p = 0)
    new = rate({"a": Rating(30, 5), "b": Rating(20, 7)}, [["a"], ["b"]], [1, 2])
    _close(new["a"], want_a)
    _close(new["b"], want_b)


def test_whist_partners_are_one_team() -> None:
    # Two sides of two: a side's mu is 50 and its sigma² twice a player's.
    team = 2 * S2
    c = math.sqrt(2 * (team + BETA**2))
    won = _update(MU, S2, team, c, 1 / 2, 1 / 4)
    lost = _update(MU, S2, team, c, -1 / 2, 1 / 4)
    players = ["n", "e", "s", "w"]
    places = match_places([3, 1, 3, 1], [0, 2], 1)
    flat, new = rate_match({}, players, places, ((0, 2), (1, 3)))
    assert {e.player: e.won for e in flat} == {"n": True, "s": True, "e": False, "w": False}
    for p in "ns":
        _close(new[p], won)
    for p in "ew":
        _close(new[p], lost)


def test_places_the_winners_first_then_by_the_family_s_score() -> None:
    assert match_places([12, 0, 5], [1], -1) == [3, 1, 2]  # Rams: the lower record
    assert match_places([40, 40, 10, 7], [0, 1], 1) == [1, 1, 3, 4]
    assert match_places([8, 8], [], 1) == [1, 1]


def test_a_player_in_several_seats_is_one_entrant() -> None:
    # Two bots of one level: ranked by the mean of their places (2 and 3 → 2.5, second).
    teams = entrants(["me", "bot:easy", "bot:easy"], [1, 2, 3], ((0,), (1,), (2,)))
    assert [[(e.player, e.seats, e.place) for e in t] for t in teams] == [
        [("me", (0,), 1)],
        [("bot:easy", (1, 2), 2)],
    ]
    # On both sides it played against itself: not rated, and a lone side rates nothing.
    teams = entrants(["me", "bot:easy", "bot:easy", "you"], [1, 2, 1, 2], ((0, 2), (1, 3)))
    assert [[(e.player, e.place) for e in t] for t in teams] == [[("me", 1)], [("you", 2)]]
    # Both of a side's seats its own: one entrant of that side.
    teams = entrants(["me", "bot:easy", "you", "bot:easy"], [1, 2, 1, 2], ((0, 2), (1, 3)))
    assert [[(e.player, e.seats) for e in t] for t in teams] == [
        [("me", (0,)), ("you", (2,))],
        [("bot:easy", (1, 3))],
    ]
    assert rate({}, [["me", "you"]], [1]) == {}


def test_sides_of_a_whist_match_and_of_a_rams_match() -> None:
    whist = games.new_match("whist", 4, rng=random.Random(1))
    whist.start_deal()
    assert match_sides(whist) == ((0, 2), (1, 3))
    rams = games.new_match("classic", 3, rng=random.Random(1))
    rams.start_deal()
    assert match_sides(rams) == ((0,), (1,), (2,))


def test_ids() -> None:
    secret = "ab" * 32
    assert player_id(secret) == "271a413bd339c5709fdceaec41f14f11e9fbfb5042d72d331c65f32b284cd09a"
    assert bot_id("hard") == "bot:hard"
