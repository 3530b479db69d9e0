"""The ``rams`` command: ``replay``, ``verify``, ``rules``, ``analyse`` (and the commands
of the leaf modules).

Bad input never ends in a traceback: one line on stderr and exit status 2.

A command imports what it needs when it runs (``replay`` the records and the record's
family, ``rules`` the families' presets, ``serve`` the web server): the module itself
imports only the catalogue, so that ``rams replay``, ``rams verify`` and ``rams rules``
start quickly (``benchmarks/cli_start.py``; ``tests/test_cli_start.py`` checks that none of
them imports a heavy package).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from rams.errors import RamsError, RecordError
from rams.words import LANGS, Phrase, decimal, default_lang, os_reason, text

if TYPE_CHECKING:
    from rams.fair import FairLog
    from rams.record import Record

__all__ = ["main"]

Command = Callable[[argparse.Namespace], int]


def _read_record(path: str) -> Record:
    from rams.record import loads

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
        from rams.record import replay_summary

        print(json.dumps(replay_summary(game), ensure_ascii=False))
        return 0
    from rams.games.story import match_text  # (the words of a game: not for --json)

    print(match_text(record.family, game, args.lang or default_lang()))
    return 0


def _verify(args: argparse.Namespace) -> int:
    """Check a record from its seeds up (:func:`rams.verify.verify`): the dealing (every
    deck and the first dealer from the seeds, no bot's seed, this table, its rules and
    seating), the play (every action legal, every deal complete) and the result as
    written; with ``--mine``, also against the person's own log of what they were shown.
    One line: exit 0 when all hold, 2 naming the part that does not (the dealing, the play,
    the result, the log) and why."""
    from rams.verify import verify

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
    from rams.fair import FairLog

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
    from rams.analysis import analyse, decisions, report
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
    for line in report(ratings, record.rules.family, names, lang, args.threshold):
        print(line)
    return 0


def _rules(args: argparse.Namespace) -> int:
    from rams import games

    if args.preset is None:
        for name, p in games.presets().items():
            lo, hi = p.players
            print(f"{name:<15} {lo}–{hi}  {p.source:<12} {p.title['ru']} / {p.title['en']}")
        return 0
    family = games.family_of(args.preset)
    rules = family.rules(args.preset, args.players)
    if args.text:
        from rams.rulebook import rules_text as rulebook_text

        print(rulebook_text(rules, args.lang or default_lang()))
    else:
        print(family.rules_text(rules))
    return 0


#: argparse's own words (its gettext messages) by their key in the catalogue
#: (``cli.argparse.KEY``): its usage line, its headings, its errors.
_ARGPARSE = {
    "usage: ": "usage",
    "options": "options",
    "positional arguments": "positionals",
    "show this help message and exit": "help",
    "%(prog)s: error: %(message)s\n": "error",
    "argument %(argument_name)s: %(message)s": "argument",
    "invalid choice: %(value)r (choose from %(choices)s)": "invalid_choice",
    "invalid %(type)s value: %(value)r": "invalid_value",
    "the following arguments are required: %s": "required",
    "unrecognized arguments: %s": "unrecognized",
    "expected one argument": "expected_one",
    "expected at most one argument": "expected_at_most_one",
    "expected at least one argument": "expected_at_least_one",
    "expected %s argument": "expected_n_one",
    "expected %s arguments": "expected_n",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
    "ignored explicit argument %r": "ignored",
    "not allowed with argument %s": "not_allowed_with",
    "one of the arguments %s is required": "one_of",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "unknown_command",
    "can't open '%(filename)s': %(error)s": "cannot_open",
    "unexpected option string: %s": "unexpected",
}


def cli_lang(argv: Sequence[str]) -> str:
    """The language of the command's own words, known before the arguments are parsed (its
    ``--help``, its errors): ``--lang ru`` or ``--lang=ru`` among them, else the locale.

    >>> cli_lang(["play", "--lang", "ru"]), cli_lang(["replay", "--lang=en", "x.json"])
    ('ru', 'en')
    """
    for i, arg in enumerate(argv):
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in LANGS:
            return value
    return default_lang()


@contextmanager
def argparse_words(lang: str) -> Iterator[None]:
    """argparse says its own words (``usage:``, ``options``, its errors) from the catalogue
    in ``lang`` while the parser is built and while it parses: argparse looks them up by
    its module's gettext functions when it needs them, and they are these for that time."""

    def gettext(message: str) -> str:
        key = _ARGPARSE.get(message)
        return message if key is None else text(f"cli.argparse.{key}", lang)

    def ngettext(one: str, many: str, n: int) -> str:
        return gettext(one if n == 1 else many)

    saved = {name: getattr(argparse, name) for name in ("_", "ngettext")}
    setattr(argparse, "_", gettext)  # noqa: B010 (argparse's private name, restored below)
    setattr(argparse, "ngettext", ngettext)  # noqa: B010
    try:
        yield
    finally:
        for name, function in saved.items():
            setattr(argparse, name, function)


class _Words:
    """The words of the parser in one language: each option's help and what its value is
    called (``cli.help.KEY``, ``cli.metavar.KEY``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def help(self, key: str, default: Any = None, **fields: Any) -> str:
        said = text(f"cli.help.{key}", self.lang, default=default, **fields)
        return said.replace("%", "%%")  # (argparse fills a help in with «%» itself)

    def var(self, key: str) -> str:
        return text(f"cli.metavar.{key}", self.lang)


def build_parser(
    lang: str = "en", commands: Collection[str] | None = None
) -> argparse.ArgumentParser:
    """The argument parser of the ``rams`` command, its help in ``lang`` (built inside
    :func:`argparse_words` for argparse's own words in that language too).

    ``commands``: the commands whose own options are built; the others are named, with their
    help, and no more (None: every command's). argparse hands a command's arguments to that
    command's parser only, so that a parser built for the words of a command line parses it
    as the whole parser does, in a fraction of the time (a short command's start).

    >>> whole, built = build_parser("ru"), build_parser("ru", {"rules"})
    >>> whole.format_help() == built.format_help()
    True
    >>> [a.dest for a in built._subparsers._group_actions[0].choices["replay"]._actions]
    ['help']
    """
    w = _Words(lang)
    parser = argparse.ArgumentParser(
        prog="rams", description=w.help("description"), formatter_class=_HelpFormatter
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar=w.var("command") if lang != "en" else None
    )
    for name, key, fill in _COMMANDS:
        said = w.help(key)
        p = sub.add_parser(name, help=said, description=said, formatter_class=_HelpFormatter)
        if commands is None or name in commands:
            fill(p, w)
    return parser


def _columns() -> int:
    """The terminal's width as argparse's help takes it (``shutil.get_terminal_size``,
    whose module, with the compressors it imports, a short command need not import):
    ``COLUMNS`` when it is a positive number, else the terminal's, else 80.

    >>> import shutil
    >>> _columns() == shutil.get_terminal_size().columns
    True
    """
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    stdout = sys.__stdout__
    if stdout is None:
        return 80
    try:
        size = os.get_terminal_size(stdout.fileno())
    except (AttributeError, ValueError, OSError):  # (not a terminal, or a closed one)
        return 80
    return size.columns or 80


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help, as wide as it makes it (:func:`_columns`), without its import of
    :mod:`shutil`."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = _columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _fill_replay(p: argparse.ArgumentParser, w: _Words) -> None:
    p.add_argument("file", metavar=w.var("record"), help=w.help("file"))
    p.add_argument("--json", action="store_true", help=w.help("json"))
    _add_lang(p, w)
    p.set_defaults(run=_replay)


def _fill_verify(p: argparse.ArgumentParser, w: _Words) -> None:
    p.add_argument("file", metavar=w.var("record"), help=w.help("file"))
    p.add_argument("--mine", metavar=w.var("log"), help=w.help("mine"))
    _add_lang(p, w)
    p.set_defaults(run=_verify)


def _fill_analyse(p: argparse.ArgumentParser, w: _Words) -> None:
    p.add_argument("file", metavar=w.var("record"), help=w.help("file"))
    p.add_argument("--seat", type=int, required=True, metavar=w.var("seat"), help=w.help("seat"))
    _add_number(p, w, "--samples", 32, "samples", "samples")
    _add_number(p, w, "--threshold", 0.5, "threshold", "threshold")
    _add_number(p, w, "--seed", 0, "seed", "analysis_seed")
    p.add_argument("--ray", metavar=w.var("address"), help=w.help("ray"))
    p.add_argument("--json", action="store_true", help=w.help("json"))
    _add_lang(p, w)
    p.set_defaults(run=_analyse)


def _fill_rules(p: argparse.ArgumentParser, w: _Words) -> None:
    p.add_argument("preset", nargs="?", metavar=w.var("preset_name"), help=w.help("preset_name"))
    p.add_argument("--players", type=int, metavar=w.var("players"), help=w.help("players"))
    p.add_argument("--text", action="store_true", help=w.help("text"))
    _add_lang(p, w, "text_lang")
    p.set_defaults(run=_rules)


def _add_lang(p: argparse.ArgumentParser, w: _Words, key: str = "lang") -> None:
    p.add_argument("--lang", choices=LANGS, help=w.help(key))


def _add_number(
    p: argparse.ArgumentParser, w: _Words, flag: str, default: float, var: str, key: str
) -> None:
    """An option that takes a number, its default said in its help as the language writes
    it (``0,5``)."""
    said = decimal(default, w.lang, None) if isinstance(default, float) else default
    p.add_argument(
        flag, type=type(default), default=default, metavar=w.var(var), help=w.help(key, said)
    )


def _leaf(module: str, function: str, extra: str) -> Command:
    """A command whose code lives in a leaf module with third-party needs, imported late."""

    def run(args: argparse.Namespace) -> int:
        try:
            mod = __import__(module, fromlist=[function])
        except ImportError as e:
            lang = getattr(args, "lang", None) or default_lang()
            said = text("cli.needs_extra", lang, package=e.name, extra=extra)
            print(said, file=sys.stderr)
            return 2
        result: int = getattr(mod, function)(args)
        return result

    return run


#: The bots a person may name by a word of either language (``terminal.bot_NAME``).
_WORDED_BOTS = ("easy", "medium", "hard", "heuristic", "random")


def _fill_learn(p: argparse.ArgumentParser, w: _Words) -> None:
    p.add_argument("lesson", nargs="?", metavar=w.var("lesson"), help=w.help("learn_lesson"))
    p.add_argument("--list", action="store_true", help=w.help("learn_list"))
    p.add_argument("--progress", metavar=w.var("file"), help=w.help("learn_progress"))
    p.add_argument("--no-analysis", action="store_true", help=w.help("learn_no_analysis"))
    _add_lang(p, w)
    p.set_defaults(run=_leaf("rams.learn_cli", "run_learn", "play"))


def _fill_play(p: argparse.ArgumentParser, w: _Words) -> None:
    p.add_argument("--preset", metavar=w.var("preset"), help=w.help("play_preset"))
    p.add_argument("--players", type=int, metavar=w.var("players"), help=w.help("players"))
    russian = ", ".join(text(f"terminal.bot_{b}", "ru") for b in _WORDED_BOTS)
    p.add_argument("--bots", metavar=w.var("bots"), help=w.help("play_bots", russian=russian))
    p.add_argument("--names", metavar=w.var("names"), help=w.help("names"))
    _add_lang(p, w)
    p.add_argument("--seed", type=int, metavar=w.var("seed"), help=w.help("play_seed"))
    p.add_argument("--rule", action="append", metavar=w.var("rule"), help=w.help("rule"))
    p.add_argument("--save", metavar=w.var("file"), help=w.help("save"))
    p.add_argument("--resume", metavar=w.var("file"), help=w.help("resume"))
    _add_number(p, w, "--pace", 0.5, "seconds", "pace")
    p.set_defaults(run=_leaf("rams.terminal", "run_play", "play"))


def _fill_daily(p: argparse.ArgumentParser, w: _Words) -> None:
    p.add_argument("--list", action="store_true", help=w.help("daily.list"))
    p.add_argument("--deal", type=int, metavar=w.var("count"), help=w.help("daily.deal"))
    p.add_argument("--name", metavar=w.var("daily.name"), help=w.help("daily.name"))
    p.add_argument("--file", metavar=w.var("file"), help=w.help("daily.file"))
    _add_lang(p, w)
    _add_number(p, w, "--pace", 0.5, "seconds", "pace")
    p.set_defaults(run=_leaf("rams.terminal.daily", "run_daily", "play"))


def _add_bot_run(p: Any, w: _Words, bots_help: str, count: str, count_help: str) -> None:
    """The options of a run of bots' games (simulate, tournament): the preset, the players,
    the bots, how many games or deals (100), the seed, the workers and a Ray cluster."""
    p.add_argument("--preset", required=True, metavar=w.var("preset"), help=w.help("preset"))
    p.add_argument(
        "--players", type=int, required=True, metavar=w.var("players"), help=w.help("players")
    )
    p.add_argument("--bots", required=True, metavar=w.var("bots"), help=w.help(bots_help))
    _add_number(p, w, count, 100, count_help, count_help)
    _add_number(p, w, "--seed", 0, "seed", "master_seed")
    _add_number(p, w, "--workers", 1, "workers", "workers")
    p.add_argument("--ray", metavar=w.var("address"), help=w.help("ray"))


def _fill_simulate(p: argparse.ArgumentParser, w: _Words) -> None:
    _add_bot_run(p, w, "bots", "--games", "games")
    p.add_argument("--records", metavar=w.var("dir"), help=w.help("records"))
    p.add_argument("--rule", action="append", metavar=w.var("rule"), help=w.help("rule"))
    p.add_argument("--json", metavar=w.var("file"), help=w.help("figures"))
    _add_lang(p, w)
    p.set_defaults(run=_leaf("rams.simulate_cli", "run_simulate", "play"))


def _fill_tournament(p: argparse.ArgumentParser, w: _Words) -> None:
    _add_bot_run(p, w, "rotated_bots", "--deals", "deals")
    p.add_argument("--out", default="tournament-results", metavar=w.var("dir"), help=w.help("out"))
    p.add_argument("--rule", action="append", metavar=w.var("rule"), help=w.help("rule"))
    _add_lang(p, w)
    p.set_defaults(run=_leaf("rams.tournament_cli", "run_tournament", "bots"))


def _fill_ladder(p: argparse.ArgumentParser, w: _Words) -> None:
    p.add_argument(
        "--engines", nargs="+", required=True, metavar=w.var("engine"), help=w.help("engines")
    )
    p.add_argument("--preset", required=True, metavar=w.var("preset"), help=w.help("preset"))
    p.add_argument(
        "--players", type=int, required=True, metavar=w.var("players"), help=w.help("players")
    )
    _add_number(p, w, "--deals", 20, "deals", "deals")
    _add_number(p, w, "--seed", 0, "seed", "master_seed")
    _add_number(p, w, "--move-time", 1.0, "seconds", "move_time")
    _add_number(p, w, "--start-time", 5.0, "seconds", "start_time")
    _add_number(p, w, "--memory", 512, "megabytes", "memory")
    p.add_argument("--standin", default="random", metavar=w.var("bot"),
                   help=w.help("standin", "random"))  # fmt: skip
    p.add_argument("--out", default="ladder-results", metavar=w.var("dir"),
                   help=w.help("ladder_out", "ladder-results"))  # fmt: skip
    p.add_argument("--rule", action="append", metavar=w.var("rule"), help=w.help("rule"))
    _add_lang(p, w)
    p.set_defaults(run=_leaf("rams.ladder", "run_ladder", "bots"))


def _fill_bot(p: argparse.ArgumentParser, w: _Words) -> None:
    commands = p.add_subparsers(dest="bot_command", required=True,
                                metavar=w.var("command") if w.lang != "en" else None)  # fmt: skip
    c = commands.add_parser("connect", help=w.help("bot_connect"),
                            description=w.help("bot_connect"),
                            formatter_class=_HelpFormatter)  # fmt: skip
    c.add_argument("url", metavar=w.var("url"), help=w.help("bot_url"))
    c.add_argument("--key", required=True, metavar=w.var("key"), help=w.help("bot_key"))
    _add_lang(c, w)
    c.add_argument("program", nargs="*", metavar=w.var("program"),
                   help=w.help("bot_program"))  # fmt: skip
    c.set_defaults(run=_leaf("rams.web.connect", "run_connect", "web"))


def _fill_serve(p: argparse.ArgumentParser, w: _Words) -> None:
    p.add_argument(
        "--host", default="127.0.0.1", metavar=w.var("host"), help=w.help("host", "127.0.0.1")
    )
    _add_number(p, w, "--port", 8000, "port", "port")
    p.add_argument("--database-url", metavar=w.var("url"), help=w.help("database_url"))
    _add_number(p, w, "--grace", 90.0, "seconds", "grace")
    _add_number(p, w, "--bot-delay", 0.6, "seconds", "bot_delay")
    _add_number(p, w, "--deal-pause", 30.0, "seconds", "deal_pause")
    _add_number(p, w, "--tables-per-minute", 10.0, "count", "tables_per_minute")
    p.add_argument(
        "--proxy", nargs="?", const="127.0.0.1", metavar=w.var("addresses"), help=w.help("proxy")
    )
    p.add_argument("--redis", metavar=w.var("url"), help=w.help("redis"))
    _add_number(p, w, "--workers", 1, "count", "serve_workers")
    p.add_argument("--direct", action="store_true", help=w.help("serve_direct"))
    _add_number(p, w, "--worker-ports", 0, "port", "worker_ports")
    _add_number(p, w, "--lease", 10.0, "seconds", "lease")
    p.add_argument(
        "--think-workers", type=int, metavar=w.var("count"), help=w.help("think_workers")
    )
    _add_number(p, w, "--heavy-tables", 3, "count", "heavy_tables")
    _add_number(p, w, "--analysis-queue", 8, "count", "analysis_queue")
    _add_number(p, w, "--unload-after", 30.0, "minutes", "unload_after")
    _add_number(p, w, "--ladder-every", 0.0, "seconds", "ladder_every")
    _add_number(p, w, "--ladder-deals", 4, "count", "ladder_deals")
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar=w.var("origin"),
        help=w.help("allow_origin"),
    )
    p.add_argument(
        "--log-level", default="info", metavar=w.var("log_level"), help=w.help("log_level", "info")
    )
    p.set_defaults(run=_leaf("rams.web.serve", "run_serve", "web"))


#: The commands in the order their help lists them: the name, the key of its help
#: (``cli.help.KEY``) and what builds its options.
_COMMANDS: tuple[tuple[str, str, Callable[[argparse.ArgumentParser, _Words], None]], ...] = (
    ("replay", "replay", _fill_replay),
    ("verify", "verify", _fill_verify),
    ("analyse", "analyse", _fill_analyse),
    ("rules", "rules", _fill_rules),
    ("play", "play", _fill_play),
    ("daily", "daily.command", _fill_daily),
    ("learn", "learn", _fill_learn),
    ("simulate", "simulate", _fill_simulate),
    ("tournament", "tournament", _fill_tournament),
    ("ladder", "ladder", _fill_ladder),
    ("serve", "serve", _fill_serve),
    ("bot", "bot", _fill_bot),
)


#: The commands that read a file and end (a record's replay and check, the rules): they run
#: with the collector of cyclic garbage off to their end (see :func:`main`).
_SHORT = frozenset({"replay", "verify", "rules"})


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``rams`` command; returns the exit status.

    The collector of cyclic garbage is off while the command starts: its imports and its
    parser make objects that live as long as the process, which the collector walked over
    and over (a twentieth of a short command's time). A short command (:data:`_SHORT`)
    keeps it off to its end (a game's replay leaves a few hundred objects in cycles); the
    others, which play, serve or search for as long as they are let, turn it back on.

    Run as the program (``argv`` None: the ``rams`` script, ``python -m rams.cli``), it
    moves every object it made to the collector's permanent generation as it returns: the
    process ends next, and the collections of the interpreter's end walk none of them (a
    tenth of a short command's time). A caller that passes ``argv`` keeps its collector's
    generations as they were.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _main(sys.argv[1:] if argv is None else list(argv), collecting)
    finally:
        if collecting:
            gc.enable()
        if argv is None:
            gc.freeze()


def _main(argv: list[str], collecting: bool) -> int:
    program: list[str] = []
    if argv[:1] == ["bot"] and "--" in argv:  # (the program's own command line, as it is)
        cut = argv.index("--")
        argv, program = argv[:cut], argv[cut + 1 :]
    lang = cli_lang(argv)
    try:
        with argparse_words(lang):
            args = build_parser(lang, set(argv)).parse_args(argv)  # (its command's only)
    except SystemExit as e:
        return int(e.code or 0)
    if program:
        args.program = program
    if collecting and args.command not in _SHORT:
        gc.enable()
    run: Command = args.run
    try:
        return run(args)
    except RamsError as e:
        said = e.words(lang)
        print(f"rams: {said}" if not isinstance(e, RecordError) else said, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(text("cli.interrupted", lang), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    finally:
        parallel = sys.modules.get("rams.parallel")  # (not imported: no Ray was started)
        if parallel is not None:
            parallel.release_ray()  # (a Ray this command started stops now, not at exit)


if __name__ == "__main__":
    sys.exit(main())
