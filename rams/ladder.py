"""``rams ladder``: duplicate matches between outside programs and built-in bots.

An engine is a built-in bot (``builtin:heuristic``) or a command line that starts a program
speaking the bot protocol (``"python3 examples/bots/random_bot.py"``,
:mod:`rams.bots.program`). The engines play a duplicate tournament (:mod:`rams.tournament`:
every deal once for each rotation of the seats); with fewer engines than seats they take the
seats in turn (two engines at three seats: ``a b a``); with more, every choice of engines for
the seats plays its own duplicate match on the same deals, and each engine is figured over
the deals it played, each pair over the deals both played. Each program runs in its own process
for each play, with its time per decision, its time to start and its memory limited; one
that breaks the protocol loses its seat to a stand-in (``random``) for the rest of that play —
so it loses those deals — and the ladder goes on. The results are printed as ``rams
tournament`` prints them (points per deal with their intervals, OpenSkill ratings, the
pairwise differences), with each engine's failures beside them; ``results.json`` and
``chart.png`` are written to ``--out``.

>>> engine_command("builtin:heuristic") is None
True
>>> engine_command("python3 examples/bots/random_bot.py")
['python3', 'examples/bots/random_bot.py']
"""

from __future__ import annotations

import argparse
import functools
import random
import shlex
import shutil
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from rich.console import Console
from rich.table import Table

from rams.bots import SEARCHING, Bot
from rams.bots.program import Limits, ProgramBot
from rams.errors import RamsError, RulesError
from rams.files import writable_dir
from rams.games import family_of, parse_override, presets
from rams.progress import compile_solver, progress_bar
from rams.stats import mean_ci
from rams.tournament import (
    BotFigures,
    DealResult,
    PairFigures,
    TournamentSummary,
    deal_scores,
    make_bot,
    ratings,
    run_tournament_deals,
    summarize,
    summary_dict,
)
from rams.tournament_cli import pairs_table, results_table, write_results
from rams.words import default_lang, text

__all__ = [
    "BUILTIN",
    "Failures",
    "engine_bot",
    "engine_command",
    "ladder_summary",
    "lineup",
    "lineups",
    "run_ladder",
]

#: How an engine that is a built-in bot is named: ``builtin:NAME``.
BUILTIN = "builtin:"


def engine_command(engine: str) -> list[str] | None:
    """The command line of an engine that is a program; None for a built-in bot."""
    if engine.startswith(BUILTIN):
        return None
    return shlex.split(engine)


class Failures:
    """The failures of the programs in a ladder, counted by engine and code."""

    def __init__(self) -> None:
        self.counts: dict[str, Counter[str]] = {}
        self.last: dict[str, str] = {}

    def __call__(self, bot: ProgramBot) -> None:
        assert bot.failure is not None
        self.counts.setdefault(bot.name, Counter())[bot.failure.code] += 1
        self.last[bot.name] = bot.failure.code

    def to_json(self) -> dict[str, dict[str, int]]:
        """Each engine's failures by code."""
        return {name: dict(c) for name, c in self.counts.items()}


def engine_bot(
    engine: str,
    rng: random.Random,
    *,
    family: str,
    limits: Limits,
    standin: str = "random",
    failures: Failures | None = None,
) -> Bot:
    """The bot of an engine: a built-in bot by its name, or a program (started at its first
    decision) with ``limits``, played by ``standin`` once it fails."""
    command = engine_command(engine)
    if command is None:
        return make_bot(engine.removeprefix(BUILTIN), rng, family)
    return ProgramBot(command, rng, name=engine, limits=limits, standin=standin,
                      on_failure=failures)  # fmt: skip


def lineup(engines: Sequence[str], players: int) -> list[str]:
    """The engine in each seat before rotating: the engines in turn.

    >>> lineup(["a", "b"], 3)
    ['a', 'b', 'a']
    """
    return [engines[s % len(engines)] for s in range(players)]


def lineups(engines: Sequence[str], players: int) -> list[list[str]]:
    """The seatings a ladder plays, each a duplicate match of its own on the same deals: the
    engines in turn when they are no more than the seats, else every choice of as many
    engines as seats.

    >>> lineups(["a", "b"], 3)
    [['a', 'b', 'a']]
    >>> lineups(["a", "b", "c"], 2)
    [['a', 'b'], ['a', 'c'], ['b', 'c']]
    """
    if len(engines) <= players:
        return [lineup(engines, players)]
    return [list(chosen) for chosen in combinations(engines, players)]


def ladder_summary(deals: Sequence[DealResult], engines: Sequence[str]) -> TournamentSummary:
    """The figures of a ladder whose matches seat different engines: each engine's points
    per deal over the deals it played, its rating after every play (:func:`ratings`), and
    each pair's difference over the deals both played (one lineup: :func:`summarize`)."""
    scores = [deal_scores(d) for d in deals]
    rated = ratings(deals)
    bots = tuple(
        BotFigures(name, 1, mean_ci([s[name] for s in scores if name in s]), rated[name])
        for name in engines
    )
    pairs = tuple(
        PairFigures(a, b, mean_ci([s[a] - s[b] for s in scores if a in s and b in s]))
        for a, b in combinations(engines, 2)
    )
    return TournamentSummary(len(deals), sum(len(d.plays) for d in deals), bots, pairs)


#: The most seatings a ladder plays (every choice of engines for the seats).
MOST_LINEUPS = 200


def _check_engines(engines: Sequence[str], players: int) -> None:
    if not engines or len(set(engines)) != len(engines):
        raise RulesError("ladder.engines", ("engines",), count=len(engines), seats=players)
    if len(lineups(engines, players)) > MOST_LINEUPS:
        raise RulesError("ladder.lineups", ("engines",), count=len(engines), seats=players,
                         most=MOST_LINEUPS)  # fmt: skip
    for engine in engines:
        command = engine_command(engine)
        if command is not None and (not command or shutil.which(command[0]) is None):
            raise RamsError("ladder.no_program", engine=engine)


def _failures_table(failures: Failures, engines: Sequence[str], lang: str) -> Table:
    table = Table(title=text("ladder.failures", lang), title_justify="left")
    table.add_column(text("sim.bot", lang))
    table.add_column(text("ladder.failed_plays", lang), justify="right")
    table.add_column(text("ladder.why", lang))
    for engine in engines:
        if engine_command(engine) is None:
            continue
        counts = failures.counts.get(engine, Counter())
        why = ", ".join(
            f"{text(f'ladder.code.{code}', lang)} × {n}" for code, n in sorted(counts.items())
        )
        table.add_row(engine, str(sum(counts.values())), why or "—")
    return table


def run_ladder(args: argparse.Namespace) -> int:
    """Play the ladder, print the tables, write results.json and chart.png."""
    lang = args.lang or default_lang()
    overrides = dict(parse_override(r) for r in args.rule or [])
    rules = family_of(args.preset).rules(args.preset, args.players, **overrides)
    engines = list(args.engines)
    _check_engines(engines, rules.players)
    for option, value in (("--move-time", args.move_time), ("--start-time", args.start_time)):
        if not 0 < value <= 600:
            raise RamsError("ladder.seconds", option=option, value=value)
    if args.memory < 16:
        raise RamsError("ladder.memory", value=args.memory)
    limits = Limits(args.move_time, args.start_time, args.memory)
    failures = Failures()
    factory = functools.partial(engine_bot, family=rules.family, limits=limits,
                                standin=args.standin, failures=failures)  # fmt: skip
    seatings = lineups(engines, rules.players)
    out = writable_dir(args.out, "--out")
    if SEARCHING.intersection(e.removeprefix(BUILTIN) for e in engines if e.startswith(BUILTIN)):
        compile_solver(lang)
    deals: list[DealResult] = []
    with progress_bar(text("sim.deals", lang), args.deals * len(seatings)) as advance:
        for seats in seatings:  # (each on the same deals: the master seed's)
            result = run_tournament_deals(rules, seats, args.deals, args.seed, progress=advance,
                                          factory=factory)  # fmt: skip
            deals += result.deals
    summary = summarize(deals) if len(seatings) == 1 else ladder_summary(deals, engines)
    title = text("ladder.title", lang, preset=presets()[rules.preset_name].title[lang],
                 players=rules.players, deals=args.deals, seed=args.seed)  # fmt: skip
    stdout = Console(width=max(100, Console().width))
    stdout.print(results_table(summary, title, lang))
    if summary.pairs:
        stdout.print(pairs_table(summary, lang))
    stdout.print(_failures_table(failures, engines, lang))
    data: dict[str, Any] = {
        "parameters": {
            "preset": rules.preset_name,
            "players": rules.players,
            "engines": engines,
            "seats": seatings[0] if len(seatings) == 1 else seatings,
            "deals": args.deals,
            "seed": args.seed,
            "limits": limits.to_json(),
            "standin": args.standin,
            "rule": list(args.rule or []),
        },
        **summary_dict(summary),
        "failures": failures.to_json(),
    }
    write_results(out, data, summary, title, lang)
    return 0
