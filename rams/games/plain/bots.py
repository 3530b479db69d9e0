"""The plain games' bots, as their families hand them out
(:attr:`rams.games.protocol.Family.bots`): a bot by name, and the strong bot's values of a
decision for the analysis and the hints. A module of the bots' layer beside the games' rules:
the family names it, :func:`rams.bots.of` imports it. Their searching bots are the bots' one
search and one simulation with the plain games' pieces (:mod:`rams.games.plain.search`); each
game's own heuristic and scoring are its package's ``bots`` and ``search``
(:func:`rams.bots.families.part`).
"""

from __future__ import annotations

import random
from typing import Any

from rams.actions import Play
from rams.bots import available
from rams.bots.families import part
from rams.errors import RulesError
from rams.games.plain.family import PlainFamily
from rams.games.protocol import AnyBot

__all__ = ["MEASURING", "NAMES", "PLAIN_BOTS", "evaluate", "make_bot", "plain_bot"]


#: The bots of the plain games (§10.2–10.5), and the levels offered to people: ``easy``
#: plays the game's heuristic with now and then a random card, ``medium`` the heuristic,
#: ``hard`` PIMC card play (:mod:`rams.games.plain.search`; it needs the compiled solvers).
PLAIN_BOTS = ("random", "heuristic", "easy", "medium", "hard")
#: hard's samples and time for one card (the latency goals: median under 0.2 s, p99 under
#: 2 s in the 13-card games), and its max^n node budget a card and sample.
PLAIN_HARD_SAMPLES, PLAIN_HARD_SECONDS, PLAIN_HARD_BUDGET = 24, 0.25, 1500
#: hard's samples and time for a decision before play, in a game that simulates them (a
#: bid, the trump, the partner: :class:`rams.games.plain.search.ContractBot`).
PLAIN_CONTRACT_SAMPLES, PLAIN_CONTRACT_SECONDS = 16, 0.6
#: For measurement only: the all-seeing bot, ``hardcards`` (hard's card play with the
#: heuristic's decisions before play, to measure those decisions against), and ``hardold``
#: (hard as it was before its samples read the auction, issue 28: to measure against), and
#: ``hardlate`` (hard before issue 28's second part: the solver from 8 cards a hand, and its
#: bids scored as if the others passed after them), ``hardfirst`` (hard searching from
#: the first trick with a limited solver, :data:`rams.games.plain.search.EARLY_NODES`,
#: where the game has hard play the heuristic's card then) and ``hardshort`` (hard with
#: the heuristic's card while the hands are long, where the game has it search them).
PLAIN_MEASURING = ("allseeing", "hardcards", "hardold", "hardlate", "hardfirst", "hardshort")
#: The names :func:`rams.bots.bot_names` and :func:`rams.bots.measuring` read, every family's.
NAMES, MEASURING = PLAIN_BOTS, PLAIN_MEASURING


def plain_bot(
    name: str,
    rng: random.Random,
    family: PlainFamily,
    allow_all_seeing: bool = False,
    timed: bool = True,
) -> AnyBot:
    """A bot of a plain game: ``random``, its ``heuristic`` (the family's), ``easy``,
    ``medium``, ``hard``, and (for measurement) ``allseeing``, ``hardcards``, ``hardold``,
    ``hardlate``, ``hardfirst`` and ``hardshort``; any other name is refused in words."""
    if name in PLAIN_MEASURING and not allow_all_seeing:
        key = "bots.all_seeing" if name == "allseeing" else "bots.measuring.only"
        raise RulesError(key, ("bots",), name=repr(name))
    if name not in PLAIN_BOTS and name not in PLAIN_MEASURING:
        raise RulesError(
            "bots.not_for_game", ("bots",), name=repr(name), family=family.name,
            known=", ".join(PLAIN_BOTS),
        )  # fmt: skip
    if not available(name):
        raise RulesError("bots.needs_solver", ("bots",), name=name)
    if name == "random":
        from rams.bots.random_bot import RandomBot

        return RandomBot(rng)
    inner: AnyBot = part(family, "bots").heuristic(rng)
    if name == "easy":
        from rams.bots.noisy import NoisyBot

        return NoisyBot(inner, rng, 0.25, "easy")
    if name in ("hard", "hardcards", "hardold", "hardlate", "hardfirst", "hardshort", "allseeing"):
        from rams.games.plain import search as plain_search

        model = part(family, "bots").heuristic(random.Random(rng.getrandbits(63)))
        if name == "allseeing":
            return plain_search.AllSeeingPlain(rng, model)
        auction = name != "hardold"  # (issue 28: the samples fit the auction)
        late = name in ("hardold", "hardlate")  # (before issue 28's second part)
        dd_cards = (None if late else family.search_cards) or plain_search.DD_CARDS
        # (issue 28, last: the first tricks searched by the limited solver where the family
        # says so; the measuring levels before it, the heuristic's card there)
        early = _early(name, family.early_tricks)
        hard = plain_search.PlainSearchBot(
            rng, model, PLAIN_HARD_SAMPLES, PLAIN_HARD_SECONDS if timed else None,
            PLAIN_HARD_BUDGET, auction=auction, dd_cards=dd_cards, early=early,
        )  # fmt: skip
        simulates = name in ("hard", "hardold", "hardlate", "hardfirst", "hardshort")
        decisions = getattr(part(family, "search"), "DECISIONS", None) if simulates else None
        if decisions is not None:
            seconds = PLAIN_CONTRACT_SECONDS if timed else None
            return plain_search.ContractBot(
                rng, hard, model, PLAIN_CONTRACT_SAMPLES, seconds, decisions, auction,
                overcalls=not late,
            )  # fmt: skip
        return hard
    inner.name = name
    return inner


def _early(name: str, family_early: str) -> str | None:
    """How the level ``name`` plays the first tricks where the family says ``family_early``
    (None: as the family says): ``hardfirst`` searches them with the limited solver,
    and ``hardshort``, ``hardold`` and ``hardlate`` (hard before) play the heuristic's
    card, in the games whose first tricks ``hard`` plays one way or the other."""
    if family_early not in ("heuristic", "solver"):
        return None
    if name == "hardfirst":
        return "solver"
    if name in ("hardshort", "hardold", "hardlate"):
        return "heuristic"
    return None


def make_bot(
    family: PlainFamily,
    name: str,
    rng: random.Random,
    allow_all_seeing: bool = False,
    timed: bool = True,
) -> AnyBot:
    """A bot of this game by name (:func:`plain_bot`)."""
    return plain_bot(name, rng, family, allow_all_seeing, timed)


def evaluate(
    family: PlainFamily, view: Any, samples: int, rng: random.Random, action: Any = None
) -> dict[Any, float] | None:
    """Cards by ``hard``'s search; the decisions before play by its simulation, where it
    simulates them — in the points the game writes for the seat."""
    # (Imported here: the solvers load with the searching bots, not with the instant ones.)
    from rams.games.plain.search import ContractBot, PlainSearchBot

    bot: Any = make_bot(family, "hard", rng, timed=False)
    legal = list(view.legal_actions)
    if all(isinstance(a, Play) for a in legal):
        search = bot.inner if isinstance(bot, ContractBot) else bot
        assert isinstance(search, PlainSearchBot)
        search.samples = samples
        search.seconds = None
        cards = search.card_values(view, [a.card for a in legal], points=True)
        return {a: cards[a.card] for a in legal}
    if isinstance(bot, ContractBot):
        bot.samples = samples
        bot.seconds = None
        values: dict[Any, float] | None = bot.decision_values(view)
        return values
    return None
