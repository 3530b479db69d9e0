"""Ratings (рейтинг): OpenSkill's Plackett–Luce model over people and bots, per family.

A finished match ranks its seats: the winners first, then by score the family's way
(``better``), equal results tied. Whist is played by sides, so both partners of a side are
one team. A player who holds several seats (two bots of one level at a table) is one
entrant, ranked by the mean of its seats' places; one that sat on both sides of a game
played against itself, and that game does not rate it. openskill is imported the first time
a rating is computed (the ``bots`` and ``web`` extras bring it).

>>> from rams.ratings import Rating, rate
>>> new = rate({"a": Rating(), "b": Rating()}, [["a"], ["b"]], [1, 2])
>>> new["a"].mu > 25 > new["b"].mu
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "MU",
    "SIGMA",
    "Entrant",
    "Rating",
    "bot_id",
    "entrants",
    "match_places",
    "match_sides",
    "player_id",
    "rate",
    "rate_match",
]

#: openskill's defaults: mu 25, sigma 25/3 (beta 25/6, tau 25/300 added to sigma each game).
MU = 25.0
SIGMA = 25.0 / 3.0


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill: ``mu`` and its uncertainty ``sigma``; shown as ``mu - 3 sigma``."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The rating a leaderboard sorts by: what the player is at least, nearly surely."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player's part in a rated game: its seats, its place (1 = first; ties share a
    place) and whether it won."""

    player: str
    seats: tuple[int, ...]
    place: int
    won: bool


def player_id(secret: str) -> str:
    """A person's id: the SHA-256 (hex) of the secret key their browser keeps; the server
    keeps only this, never the key.

    >>> player_id("00" * 32)[:16]
    '60e05bd1b195af2f'
    """
    return hashlib.sha256(secret.encode()).hexdigest()


def bot_id(level: str) -> str:
    """A bot level's id (rated per family like anyone): ``bot:medium``."""
    return f"bot:{level}"


def match_places(scores: Sequence[float], winners: Sequence[int], better: int) -> list[int]:
    """Each seat's place: the winners first, then by score (``better`` +1: more is better,
    -1: less); equal results share the better place.

    >>> match_places([10, 30, 30], [1, 2], 1)
    [3, 1, 1]
    >>> match_places([5, 0, 12], [1], -1)
    [2, 1, 3]
    """
    keys = [(seat not in winners, -better * score) for seat, score in enumerate(scores)]
    return [1 + sum(other < key for other in keys) for key in keys]


def match_sides(match: Any) -> tuple[tuple[int, ...], ...]:
    """The sides a match is played by (Whist's partners, W1), else every seat alone."""
    deals = match.deals
    sides = getattr(deals[-1], "sides", None) if deals else None
    found = sides() if sides is not None else None
    if found:
        return tuple(tuple(side) for side in found)
    return tuple((seat,) for seat in range(len(match.players)))


def entrants(
    players: Sequence[str | None], places: Sequence[int], sides: Sequence[Sequence[int]]
) -> list[list[Entrant]]:
    """The teams a game rates, each a list of its players: a side's players (once each),
    placed by the mean of their seats' places; a player in several seats of a game without
    partners is one entrant, one on two sides of a game of partners is left out; a seat
    whose player is None (not rated) counts for nothing."""
    side_of: dict[str, set[int]] = {}
    for k, side in enumerate(sides):
        for seat in side:
            player = players[seat]
            if player is not None:
                side_of.setdefault(player, set()).add(k)
    teams: list[list[tuple[str, tuple[int, ...], float]]] = []
    for k, side in enumerate(sides):
        team = []
        for name in dict.fromkeys(p for p in (players[seat] for seat in side) if p is not None):
            mine = side_of[name]
            if len(mine) > 1 and (k != min(mine) or any(len(sides[j]) > 1 for j in mine)):
                continue  # its other seat is here already, or it played against itself
            seats = tuple(s for s in range(len(players)) if players[s] == name)
            team.append((name, seats, sum(places[s] for s in seats) / len(seats)))
        if team:
            teams.append(team)
    means = [sum(p for _, _, p in team) / len(team) for team in teams]
    team_places = [1 + sum(other < mine for other in means) for mine in means]
    return [
        [Entrant(name, seats, place, place == 1) for name, seats, _ in team]
        for team, place in zip(teams, team_places, strict=True)
    ]


def rate(
    ratings: Mapping[str, Rating], teams: Sequence[Sequence[str]], places: Sequence[float]
) -> dict[str, Rating]:
    """The players' ratings after one game of ``teams`` (players by id) placed ``places``
    (lower is better, equal ties), by openskill's Plackett–Luce with its defaults; a player
    not in ``ratings`` starts at :data:`MU`, :data:`SIGMA`. Fewer than two teams rate
    nothing."""
    if len(teams) < 2:
        return {}
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    before = [[ratings.get(p, Rating()) for p in team] for team in teams]
    rated = model.rate(
        [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in before],
        ranks=[float(p) for p in places],
    )
    return {
        p: Rating(float(r.mu), float(r.sigma))
        for team, new in zip(teams, rated, strict=True)
        for p, r in zip(team, new, strict=True)
    }


def rate_match(
    ratings: Mapping[str, Rating],
    players: Sequence[str | None],
    places: Sequence[int],
    sides: Sequence[Sequence[int]],
) -> tuple[list[Entrant], dict[str, Rating]]:
    """A finished game rated: its entrants and their new ratings (``players``: each seat's
    player id, None for one not rated; ``places``: :func:`match_places`; ``sides``:
    :func:`match_sides`)."""
    teams = entrants(players, places, sides)
    flat = [e for team in teams for e in team]
    new = rate(ratings, [[e.player for e in team] for team in teams], [t[0].place for t in teams])
    return flat, new
