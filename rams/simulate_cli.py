"""``rams simulate``: bot-only games with a progress bar and a table of results."""

from __future__ import annotations

import argparse
import random

from rich.console import Console
from rich.table import Table

from rams.bots import BOT_NAMES, SEARCHING, make_bot
from rams.errors import RulesError
from rams.files import writable_dir, writable_file
from rams.games import parse_override
from rams.games.rams.rules import Rules
from rams.progress import compile_solver, progress_bar
from rams.sim import Summary, simulate, summarize, summary_json

__all__ = ["run_simulate", "summary_table"]


def summary_table(summary: Summary, title: str) -> Table:
    """The figures per bot, and each bot against the first, with 95 % intervals."""
    table = Table(
        title=title,
        title_justify="left",
        caption="Records run down to 0: a more negative change per deal is better. "
        "'vs first': this bot's change per deal minus the first bot's, paired by game. "
        "Intervals are 95 %.",
        caption_justify="left",
    )
    table.add_column("bot")
    table.add_column("seats", justify="right")
    table.add_column("change/deal", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("vs first", justify="right")
    for b in summary.bots:
        vs = summary.versus_first.get(b.name)
        table.add_row(
            b.name,
            str(b.seats),
            str(b.change_per_deal),
            f"{b.win_rate.mean:.3f} [{b.win_rate.low:.3f}, {b.win_rate.high:.3f}]",
            "—" if vs is None else str(vs),
        )
    return table


def run_simulate(args: argparse.Namespace) -> int:
    """Run the games and print the figures."""
    overrides = dict(parse_override(r) for r in args.rule or [])
    rules = Rules.preset(args.preset, args.players, **overrides)
    bots = [b.strip() for b in args.bots.split(",")]
    for b in bots:
        if b not in BOT_NAMES:
            raise RulesError("bots.unknown", ("bots",), name=repr(b), known=", ".join(BOT_NAMES))
        make_bot(b, random.Random(0))  # refuses a bot this installation cannot run
    if len(bots) != rules.players:
        raise RulesError("cli.bots_count", ("bots",), count=len(bots), seats=rules.players)
    if args.games < 1 or args.workers < 1:
        raise RulesError("cli.games_workers", ("games",))
    # Every path is checked before the first game: no run is lost to a bad --json.
    records = writable_dir(args.records, "--records") if args.records else None
    json_path = writable_file(args.json, "--json") if args.json else None
    if SEARCHING.intersection(bots):
        compile_solver()
    with progress_bar("games", args.games) as advance:
        results = simulate(
            rules, bots, args.games, args.seed, workers=args.workers, records=records,
            progress=advance,
        )  # fmt: skip
    summary = summarize(results)
    title = (
        f"{rules.preset_name}, {rules.players} players, {summary.games} games, "
        f"{summary.deals} deals, seed {args.seed}"
    )
    Console().print(summary_table(summary, title))
    if json_path is not None:
        json_path.write_text(summary_json(summary) + "\n", encoding="utf-8")
    return 0
