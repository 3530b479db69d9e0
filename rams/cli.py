"""The ``rams`` command: ``replay``, ``verify``, ``rules``, ``analyse`` (and the commands
of the leaf modules).

Bad input never ends in a traceback: one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from rams import games
from rams.analysis import action_words
from rams.errors import RamsError, RecordError
from rams.fair import FairLog
from rams.games.story import match_text
from rams.parallel import release_ray
from rams.record import Record, loads, replay_summary
from rams.rulebook import rules_text as rulebook_text
from rams.verify import verify
from rams.words import Phrase, decimal, default_lang, os_reason, text

__all__ = ["main"]

Command = Callable[[argparse.Namespace], int]


def _read_record(path: str) -> Record:
    try:
        if path == "-":
            data = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                data = f.read()
    except OSError as e:
        raise RecordError("record.cannot_read", path=path, why=os_reason(e)) from None
    except UnicodeDecodeError:
        raise RecordError("record.not_utf8", path=path) from None
    return loads(data)


def _replay(args: argparse.Namespace) -> int:
    record = _read_record(args.file)
    game = record.replay()
    if args.json:
        print(json.dumps(replay_summary(game), ensure_ascii=False))
        return 0
    print(match_text(record.family, game, args.lang or default_lang()))
    return 0


def _verify(args: argparse.Namespace) -> int:
    """Check a record from its seeds up (:func:`rams.verify.verify`): the dealing (every
    deck and the first dealer from the seeds, no bot's seed, this table, its rules and
    seating), the play (every action legal, every deal complete) and the result as
    written; with ``--mine``, also against the person's own log of what they were shown.
    One line: exit 0 when all hold, 2 naming the part that does not (the dealing, the play,
    the result, the log) and why."""
    lang = args.lang or default_lang()
    try:
        record = _read_record(args.file)
    except RecordError as e:
        if e.key == "record.fair" and e.deal is not None:  # a proof that cannot be read
            why = Phrase("fair.why_malformed", **e.fields)
            print(text("fair.not_proven", lang, deal=e.deal, why=why))
        else:  # (not a record at all: said as `rams replay` says it)
            print(e.words(lang), file=sys.stderr)
        return 2
    log = None
    if args.mine is not None:
        log = _read_log(args.mine, lang)
        if log is None:
            return 2
    finding = verify(record, log)
    print(finding.words(lang, list(record.players)))
    return 0 if finding.proven else 2


def _read_log(path: str, lang: str) -> FairLog | None:
    """A person's log (``rams-fair-log/1``) from a file; None, said on stderr, if it cannot
    be read or is not one."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        return FairLog.from_json(data)
    except OSError as e:
        print(text("record.cannot_read", lang, path=path, why=os_reason(e)), file=sys.stderr)
    except (UnicodeDecodeError, RecursionError):
        print(text("fair.log_bad", lang, path=path, name="format"), file=sys.stderr)
    except ValueError as e:  # (JSON's own errors are ValueErrors too: not a log at all)
        name = "format" if isinstance(e, json.JSONDecodeError) else str(e)
        print(text("fair.log_bad", lang, path=path, name=name), file=sys.stderr)
    return None


def _analyse(args: argparse.Namespace) -> int:
    """Rate a seat's decisions by the strong bot (:mod:`rams.analysis`): a line per decision
    that cost more than ``--threshold`` points, then a total; ``--json`` one object."""
    from rams.analysis import analyse, decisions
    from rams.progress import progress_bar

    lang = args.lang or default_lang()
    record = _read_record(args.file)
    players = len(record.players)
    if not 1 <= args.seat <= players:
        print(text("analysis.no_seat", lang, seat=args.seat, players=players), file=sys.stderr)
        return 2
    if args.samples < 1:
        print(text("analysis.samples", lang, count=args.samples), file=sys.stderr)
        return 2
    seat = args.seat - 1
    total = sum(1 for _ in decisions(record, seat))
    rng = random.Random(args.seed)
    with progress_bar(text("analysis.progress", lang), total) as advance:
        ratings = analyse(record, seat, args.samples, rng, lambda done, _: advance(1), ray=args.ray)
    costly = [r for r in ratings if r.loss > args.threshold]
    if args.json:
        out = {
            "seat": args.seat,
            "family": record.rules.family,
            "ratings": [r.to_json() for r in ratings],
            "loss": round(sum(r.loss for r in ratings), 3),
        }
        print(json.dumps(out, ensure_ascii=False))
        return 0
    names = list(record.players)
    print(text(f"analysis.unit_{record.rules.family}", lang))
    for r in costly:
        key = "analysis.costly" if r.loss >= 0.5 else "analysis.costly_small"
        played = action_words(r.played, lang, names, "analysis.played_card", "analysis.chose")
        best = action_words(r.best, lang, names, "analysis.best_card", "analysis.best_choice")
        said = text(key, lang, deal=r.deal, step=r.step, played=played, best=best,
                    loss=round(r.loss))  # fmt: skip
        print(said)
    lost = round(sum(r.loss for r in costly))
    if costly:
        print(text("analysis.total", lang, count=len(ratings), costly=len(costly), loss=lost))
    else:
        threshold = decimal(args.threshold, lang, None)  # «0,5» in Russian
        print(text("analysis.clean", lang, count=len(ratings), threshold=threshold))
    return 0


def _rules(args: argparse.Namespace) -> int:
    if args.preset is None:
        for name, p in games.presets().items():
            lo, hi = p.players
            print(f"{name:<15} {lo}–{hi}  {p.source:<12} {p.title['ru']} / {p.title['en']}")
        return 0
    family = games.family_of(args.preset)
    rules = family.rules(args.preset, args.players)
    if args.text:
        print(rulebook_text(rules, args.lang or default_lang()))
    else:
        print(family.rules_text(rules))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``rams`` command."""
    parser = argparse.ArgumentParser(
        prog="rams", description="Рамс (Rams) and its family: replay records, list the rules."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a game record (§12) and check every rule")
    p.add_argument("file", help="the record (JSON), or - for standard input")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", choices=("ru", "en"), help="language (default: from the locale)")
    p.set_defaults(run=_replay)
    p = sub.add_parser(
        "verify", help="check that a record was dealt fairly and played and scored as written"
    )
    p.add_argument("file", help="the record (JSON), or - for standard input")
    p.add_argument(
        "--mine",
        metavar="LOG",
        help="your own log of what you were shown (rams-fair-log/1: the replay page's "
        "download, or the .fair-log.json beside a `rams play` save): the record must match it",
    )
    p.add_argument("--lang", choices=("ru", "en"), help="language (default: from the locale)")
    p.set_defaults(run=_verify)
    p = sub.add_parser(
        "analyse", help="rate a seat's decisions in a finished game by the strong bot"
    )
    p.add_argument("file", help="the record (JSON), or - for standard input")
    p.add_argument("--seat", type=int, required=True, help="the seat, 1-based (p1 is 1)")
    p.add_argument(
        "--samples", type=int, default=32, help="sampled deals per decision (default 32)"
    )
    p.add_argument(
        "--threshold", type=float, default=0.5, help="points a decision must cost to be shown"
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the sampling (default 0)")
    p.add_argument("--ray", metavar="ADDRESS", help=RAY_HELP)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", choices=("ru", "en"), help="language (default: from the locale)")
    p.set_defaults(run=_analyse)
    p = sub.add_parser("rules", help="list the presets, or print one preset's rules")
    p.add_argument("preset", nargs="?", help="a preset name (see `rams rules`)")
    p.add_argument("--players", type=int, help="number of players")
    p.add_argument(
        "--text", action="store_true", help="the whole rules as a person reads them (the rulebook)"
    )
    p.add_argument("--lang", choices=("ru", "en"), help="language of --text (default: the locale)")
    p.set_defaults(run=_rules)
    _add_play(sub)
    _add_simulate(sub)
    _add_tournament(sub)
    _add_serve(sub)
    return parser


def _leaf(module: str, function: str, extra: str) -> Command:
    """A command whose code lives in a leaf module with third-party needs, imported late."""

    def run(args: argparse.Namespace) -> int:
        try:
            mod = __import__(module, fromlist=[function])
        except ImportError as e:
            said = text("cli.needs_extra", default_lang(), package=e.name, extra=extra)
            print(said, file=sys.stderr)
            return 2
        result: int = getattr(mod, function)(args)
        return result

    return run


def _add_play(sub: Any) -> None:
    p = sub.add_parser("play", help="play a game in the terminal, with people and bots")
    p.add_argument("--preset", help="the preset (see `rams rules`)")
    p.add_argument("--players", type=int, help="number of players")
    p.add_argument(
        "--bots",
        help="per seat, comma-separated: human, or a bot — the levels easy, medium, hard "
        "(every game), or heuristic, random (in Russian too: "
        "лёгкий, средний, сильный, эвристический, случайный); or just the bots beside you",
    )
    p.add_argument("--names", help="the players' names, comma-separated")
    p.add_argument("--lang", choices=("ru", "en"), help="language (default: from the locale)")
    p.add_argument("--seed", type=int, help="seed the shuffles and the bots (a repeatable game)")
    p.add_argument("--rule", action="append", metavar="KEY=VALUE", help="a house rule (repeatable)")
    p.add_argument("--save", metavar="FILE", help="where to save (default: rams-DATE-TIME.json)")
    p.add_argument("--resume", metavar="FILE", help="go on with a saved game")
    p.add_argument(
        "--pace",
        type=float,
        default=0.5,
        metavar="S",
        help="seconds between the bots' cards, each shown as it is played "
        "(default 0.5; 0: at once)",
    )
    p.set_defaults(run=_leaf("rams.terminal", "run_play", "play"))


RAY_HELP = (
    "run the work as Ray tasks: auto (the cluster on this machine), HOST:PORT, "
    "ray://HOST:PORT, or local (a Ray of its own); Ray then decides the parallelism "
    "(--workers is not used); needs rams[ray]"
)


def _add_simulate(sub: Any) -> None:
    p = sub.add_parser("simulate", help="bot-only games, with confidence intervals")
    p.add_argument("--preset", required=True, help="the preset")
    p.add_argument("--players", type=int, required=True, help="number of players")
    p.add_argument("--bots", required=True, help="a bot per seat, comma-separated")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--ray", metavar="ADDRESS", help=RAY_HELP)
    p.add_argument("--records", metavar="DIR", help="write every game's record into DIR")
    p.add_argument("--rule", action="append", metavar="KEY=VALUE", help="a house rule (repeatable)")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    p.add_argument("--lang", choices=("ru", "en"), help="language (default: from the locale)")
    p.set_defaults(run=_leaf("rams.simulate_cli", "run_simulate", "play"))


def _add_tournament(sub: Any) -> None:
    p = sub.add_parser("tournament", help="a duplicate tournament of bots, deal by deal")
    p.add_argument("--preset", required=True, help="the preset")
    p.add_argument("--players", type=int, required=True, help="number of players")
    p.add_argument("--bots", required=True, help="a bot per seat, comma-separated (rotated)")
    p.add_argument("--deals", type=int, default=100, help="number of deals (default 100)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--ray", metavar="ADDRESS", help=RAY_HELP)
    p.add_argument(
        "--out", default="tournament-results", metavar="DIR", help="where to write the results"
    )
    p.add_argument("--rule", action="append", metavar="KEY=VALUE", help="a house rule (repeatable)")
    p.add_argument("--lang", choices=("ru", "en"), help="language (default: from the locale)")
    p.set_defaults(run=_leaf("rams.tournament_cli", "run_tournament", "bots"))


def _add_serve(sub: Any) -> None:
    p = sub.add_parser("serve", help="play in the browser: private tables for friends and bots")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--database-url",
        metavar="URL",
        help="SQLAlchemy URL (default sqlite:///rams.sqlite3; postgresql+psycopg://… too)",
    )
    p.add_argument(
        "--grace",
        type=float,
        default=90.0,
        metavar="S",
        help="seconds before a bot plays for a person who left (default 90)",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="S",
        help="seconds between bot actions (default 0.6)",
    )
    p.add_argument(
        "--deal-pause",
        type=float,
        default=30.0,
        metavar="S",
        help="most seconds between deals (default 30)",
    )
    p.add_argument(
        "--tables-per-minute",
        type=float,
        default=10.0,
        metavar="N",
        help="new tables one address may create a minute, after a first 20 (default 10)",
    )
    p.add_argument(
        "--proxy",
        nargs="?",
        const="127.0.0.1",
        metavar="ADDRESSES",
        help="behind a reverse proxy: trust its X-Forwarded-For (the proxies' addresses, "
        "comma-separated; default 127.0.0.1); without it the header is ignored",
    )
    p.add_argument(
        "--redis",
        metavar="URL",
        help="one of several server processes over one PostgreSQL, linked by this Redis "
        "(redis://HOST:PORT/0); without it this process plays every table",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes on this port (default 1; more need --redis and PostgreSQL)",
    )
    p.add_argument(
        "--lease",
        type=float,
        default=10.0,
        metavar="S",
        help="with --redis: seconds a process holds a table unless it renews its lease; "
        "another takes the table over after (default 10)",
    )
    p.add_argument(
        "--think-workers",
        type=int,
        metavar="N",
        help="worker processes that think for the bots and value the hints, below the "
        "server's priority (default: as many as the cores)",
    )
    p.add_argument(
        "--heavy-tables",
        type=int,
        default=3,
        metavar="N",
        help="tables with hints or hard bots one address may have at once (default 3)",
    )
    p.add_argument(
        "--analysis-queue",
        type=int,
        default=8,
        metavar="N",
        help="analyses that may wait or run at once (default 8; 2 from one address)",
    )
    p.add_argument(
        "--unload-after",
        type=float,
        default=30.0,
        metavar="MIN",
        help="minutes a table nobody is connected to stays in memory; then it waits in the "
        "database until someone comes back (default 30)",
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="also take websockets from pages at this origin (https://HOST[:PORT]); "
        "by default only this server's own pages",
    )
    p.add_argument("--log-level", default="info", help="uvicorn's log level (default info)")
    p.set_defaults(run=_leaf("rams.web.serve", "run_serve", "web"))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``rams`` command; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    run: Command = args.run
    try:
        return run(args)
    except RamsError as e:
        said = e.words(getattr(args, "lang", None) or default_lang())
        print(f"rams: {said}" if not isinstance(e, RecordError) else said, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(
            text("cli.interrupted", getattr(args, "lang", None) or default_lang()), file=sys.stderr
        )
        return 130
    except BrokenPipeError:
        return 0
    finally:
        release_ray()  # (a Ray this command started stops now, not in Ray's exit hook)


if __name__ == "__main__":
    sys.exit(main())
