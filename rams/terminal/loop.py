"""The terminal's game loop: draws the family's screen, reads what a person types, lets the
bots act (through the one driver, :class:`rams.table.Table`) and saves after every action."""

from __future__ import annotations

import argparse
import itertools
import json
import random
import re
import secrets
import shutil
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from rams import games
from rams.bots import SEARCHING, Bot, available_levels, make_bot
from rams.cards import pack
from rams.errors import IllegalActionError, NotationError, RamsError
from rams.fair import Context, Dealer, FairLog, new_client_seed
from rams.fast import warm
from rams.files import atomic_write, writable_dir, writable_file
from rams.games.protocol import Match
from rams.record import record_of
from rams.rulebook import rules_view
from rams.table import Table
from rams.terminal.saves import (
    SAVES,
    fair_log_path,
    load_fair_log,
    pending_seed,
    resume,
    save_text,
)
from rams.terminal.setup import Reader, ask_setup, ask_yes
from rams.terminal.widgets import Screen, result_text, sheet_table, table_panel, ui
from rams.words import default_lang, text

__all__ = [
    "THINKING_AFTER",
    "SaveAndQuit",
    "TerminalGame",
    "ThinkingBot",
    "command",
    "next_game",
    "run_play",
]

#: Seconds a bot may think before the table says that it is thinking.
THINKING_AFTER = 0.3
#: A clause id, as the table cites it («(P4)»), typed alone or after ``?``.
_CLAUSE = re.compile(r"\??\s*([A-Za-z]\d{1,2})")


def command(typed: str) -> str | None:
    """What the terminal itself answers, whatever the game: ``help``, ``quit``, or
    ``rule ID`` for a clause id cited on screen; None for a move of the game.

    >>> command("?"), command("выход"), command("p4"), command("8♦")
    ('help', 'quit', 'rule P4', None)
    """
    t = typed.strip()
    low = t.lower()
    if low in ("?", "help", "помощь"):
        return "help"
    if low in ("q", "quit", "выход", "й"):
        return "quit"
    clause = _CLAUSE.fullmatch(t)
    if clause is not None:
        return "rule " + clause.group(1).upper()
    return None


class ThinkingBot:
    """A bot that shows «… думает…» when it takes longer than :data:`THINKING_AFTER`
    (a searching bot's first move after an install waits for the solver's compile)."""

    def __init__(self, inner: Bot, console: Console, label: str) -> None:
        self.inner = inner
        self.name = inner.name
        self._console = console
        self._label = label
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")

    def act(self, view: Any) -> Any:
        """The inner bot's action; a spinner with its name while it takes long."""
        future = self._pool.submit(self.inner.act, view)
        try:
            return future.result(timeout=THINKING_AFTER)
        except FuturesTimeout:
            pass
        with self._console.status(self._label):
            return future.result()


class SaveAndQuit(Exception):
    """The person asked to save and quit."""


class TerminalGame:
    """A game on a terminal: draws, reads, saves after every action."""

    def __init__(
        self,
        console: Console,
        game: Match,
        bots: Sequence[str | None],
        lang: str,
        save_path: Path,
        meta: dict[str, Any],
        read: Reader = input,
        pace: float = 0.0,
        dealer: Dealer | None = None,
        resumed: bool = False,
    ) -> None:
        self.console = console
        #: A game resumed from its save (the file is the person's already: never removed).
        self.resumed = resumed
        #: Whether a person has acted in this game since it began here.
        self.acted = False
        #: Whether the person asked for another game with the same players and options.
        self.again = False
        #: Seconds between two bots' actions while a person watches (0: all at once).
        self.pace = pace
        self.game = game
        self.lang = lang
        self.save_path = save_path
        self.meta = meta
        self.read = read
        self.family = games.family(game.rules.family)
        self.screen: Screen = self.family.screen()
        seed = meta.get("seed")
        bot_rng = random.Random(None if seed is None else f"bots:{seed}:{len(game.deals)}")
        agents: list[Bot | None] = [
            None
            if b is None
            else ThinkingBot(
                make_bot(b, random.Random(bot_rng.getrandbits(63)), family=game.rules.family),
                console,
                ui("thinking", lang, name=game.players[seat]),
            )
            for seat, b in enumerate(bots)
        ]
        #: Deals verifiably (rams.fair) when given: each person's seat brings a seed of the
        #: terminal's to every deal, and the save holds the proofs; the log beside the save
        #: keeps what the players were shown (``rams verify SAVE --mine LOG``).
        self.dealer = dealer
        self.fair_log: FairLog | None = None
        if dealer is not None:
            dealer.bind(Context.of(game.rules, game.players, bots))
            self.fair_log = load_fair_log(save_path, dealer.table) or FairLog(dealer.table)
            self.fair_log.saw_context(dealer.scheme, dealer.context)
            self.fair_log.saw_commitment(dealer.next_deal, dealer.next_commitment)
        self.table = Table(
            game,
            agents,
            on_action=lambda seat, action: self.save(),
            on_deal=None if dealer is None else lambda deal: self._dealt(),
            shuffle=None if dealer is None else self._fair_cards,
        )
        self.bots = list(bots)
        self.people = [s for s, b in enumerate(bots) if b is None]
        self.announcer = self.family.announcer(game.players, lang, live=pace > 0)
        self._revealed_for: int | None = None
        self._setup_completion()

    # Saving --------------------------------------------------------------------------

    def _fair_cards(self, game: Match) -> tuple[list[int], dict[str, int]]:
        assert self.dealer is not None and self.fair_log is not None
        for seat in self.people:
            seed = new_client_seed()
            if self.dealer.add_client_seed(seat, seed):
                self.fair_log.saw_seed(self.dealer.next_deal, seat, seed)
        fields = games.family(game.rules.family).deal_fields
        return self.dealer.deal(pack(game.rules.pack_size), fields)

    def _dealt(self) -> None:
        """A deal is dealt: the dealer commits to the next one's seed, and the log notes it."""
        assert self.dealer is not None and self.fair_log is not None
        self.dealer.dealt()
        self.fair_log.saw_commitment(self.dealer.next_deal, self.dealer.next_commitment)

    def save(self) -> None:
        """Write the game (atomically: a crash never leaves half a file; readable by its owner
        only). The deal in progress is sealed (see :func:`save_text`). The log of what the
        players were shown goes beside it."""
        dealer = self.dealer
        proofs = dealer.proofs if dealer is not None else ()
        pending = dealer.next_seed if dealer is not None else None
        text = save_text(self.game, self.meta, proofs, pending)
        atomic_write(self.save_path, text + "\n", 0o600)
        if self.fair_log is not None:
            text = json.dumps(self.fair_log.to_json(), ensure_ascii=False, indent=1)
            atomic_write(fair_log_path(self.save_path), text + "\n", 0o600)

    # Output --------------------------------------------------------------------------

    def _viewer(self) -> int:
        return self.people[0] if len(self.people) == 1 else -1

    def announce(self) -> None:
        """Print what happened since the last call, in words."""
        events = self.table.new_events(self._viewer())
        self._bullets(self.announcer.feed(events))

    def _bullets(self, lines: list[str]) -> None:
        for line in lines:
            self.console.print(Text("• " + line))

    def show_sheet(self) -> None:
        self.console.print(sheet_table(games.sheet_of(self.game), self.lang, standings=False))

    def show_result(self) -> None:
        """Who won, and the final standings with what each pays (every game alike)."""
        game = self.game
        sheet = games.sheet_of(game)
        self.console.print(result_text(sheet, self.family.payouts(game), game.winners(), self.lang))

    # Input ---------------------------------------------------------------------------

    def _setup_completion(self) -> None:
        self._choices: list[str] = []
        try:
            import readline
        except ImportError:  # pragma: no cover - platforms without readline
            return

        def complete(text: str, state: int) -> str | None:
            matches = [c for c in self._choices if c.lower().startswith(text.lower())]
            return matches[state] if state < len(matches) else None

        readline.set_completer(complete)
        readline.parse_and_bind("tab: complete")

    def ask(self, prompt: str) -> str:
        return self.read(prompt)

    # The loop ------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game is over or the person quits; returns the exit status."""
        try:
            return self._loop()
        except SaveAndQuit:
            self.save()
            self._saved_message()
            return 0
        except EOFError:
            return self._input_ended()
        except KeyboardInterrupt:
            self.save()
            self.console.print()
            self.console.print(ui("interrupted", self.lang))
            self._saved_message()
            return 130

    def _input_ended(self) -> int:
        """Standard input ended (a pipe or a file run out, Ctrl-D) with the game unfinished:
        one line on stderr saying so, where the game is saved and the command that goes on
        with it; a new game in which no person has acted yet leaves no save. Exit status 1:
        the game did not end."""
        self.console.print()
        if not self.acted and not self.resumed:
            self.save_path.unlink(missing_ok=True)
            fair_log_path(self.save_path).unlink(missing_ok=True)
            print(ui("end.input_ended_unsaved", self.lang), file=sys.stderr)
            return 1
        self.save()
        said = ui("end.input_ended", self.lang, path=self.save_path, rams=command_name())
        print(said, file=sys.stderr)
        return 1

    def _saved_message(self) -> None:
        rams = command_name()
        self.console.print(ui("saved", self.lang, path=self.save_path))
        if self.fair_log is not None:
            log = fair_log_path(self.save_path)
            self.console.print(ui("fair_log", self.lang, path=self.save_path, log=log, rams=rams))
        if not self.game.is_over:
            self.console.print(ui("resume_hint", self.lang, path=self.save_path, rams=rams))

    def _loop(self) -> int:
        game, table, lang = self.game, self.table, self.lang
        if game.is_over:  # a finished game resumed: show it, write nothing
            self.show_sheet()
            self.show_result()
            self.console.print(ui("finished", lang))
            return 0
        self.save()
        while True:
            self._advance()
            self.announce()
            if game.is_over:
                self._bullets(self.announcer.flush())
                self.show_sheet()
                self.show_result()
                self.save()
                self._saved_message()
                self._after_game()
                return 0
            seat = table.waiting_for()
            if seat is None:
                self._between_deals()
                continue
            self._turn(seat)

    # The end of a game ---------------------------------------------------------------

    def _after_game(self) -> None:
        """A game played to its end here: the person may have it analysed (the strong bot
        rates each decision of each person, as ``rams analyse`` does), then play another
        with the same players and options (:attr:`again`). Each is a yes or no, «no» by
        default; the end of input answers «no» to both."""
        if not self.people:
            return
        say = self.console.print
        try:
            if self._can_analyse() and ask_yes(
                self.ask, ui("end.ask_analyse", self.lang), self.lang, say
            ):
                self.analyse()
            self.again = ask_yes(self.ask, ui("end.ask_again", self.lang), self.lang, say)
        except EOFError:
            self.console.print()

    def _can_analyse(self) -> bool:
        """Whether the strong bot that analyses a game can run here (``rams[bots]``)."""
        return "hard" in available_levels(self.game.rules.family)

    #: Sampled deals per decision when a game is analysed (``rams analyse --samples``).
    analysis_samples = 32

    def analyse(self) -> None:
        """Each person's decisions in the game just played, rated by the strong bot
        (:mod:`rams.analysis`), in the words ``rams analyse`` prints."""
        from rams.analysis import analyse, decisions, report
        from rams.progress import progress_bar

        game, lang = self.game, self.lang
        record = record_of(game, {})
        names = list(game.players)
        for seat in self.people:
            if len(self.people) > 1:
                self.console.print(
                    Text(ui("end.analysis_of", lang, name=names[seat]), style="bold")
                )
            total = sum(1 for _ in decisions(record, seat))
            rng = random.Random(0)
            with progress_bar(text("analysis.progress", lang), total) as advance:
                rated = analyse(record, seat, self.analysis_samples, rng, lambda *_: advance(1))
            for line in report(rated, game.rules.family, names, lang):
                self.console.print(Text(line))

    def _advance(self) -> None:
        """Let the bots act: paced, one action at a time with its line, while people watch;
        else all at once."""
        if not self.people or self.pace <= 0:
            self.table.advance(stop_at_deal_end=True)
            return
        while self.table.advance(stop_at_deal_end=True, max_steps=1) == "steps":
            self.announce()
            time.sleep(self.pace)

    def _between_deals(self) -> None:
        game, lang = self.game, self.lang
        self.console.print(Text(ui("deal_over", lang, deal=len(game.deals)), style="bold"))
        self.show_sheet()
        deal = game.deal
        for seat in self.table.offered():
            assert deal is not None
            for action in deal.out_of_turn(seat):
                if ask_yes(
                    self.ask, self.screen.offer(game, seat, action, lang), lang, self.console.print
                ):
                    self.table.submit(seat, action)
                    self.acted = True
                    return
        if self.people:
            self.ask(ui("next_deal", lang) + " ")
        self.table.start_deal()

    def _panel(self, view: Any, show_hand: bool = True) -> Panel:
        """The table as ``view``'s seat sees it (the same panel for every game)."""
        game, lang = self.game, self.lang
        preset = self.family.presets()[game.rules.preset_name].title[lang]
        title = ui("title", lang, preset=preset[:1].upper() + preset[1:], deal=len(game.deals))
        shown = self.family.display(view)
        return table_panel(view, shown, game.players, lang, title, show_hand)

    def _turn(self, seat: int) -> None:
        game, lang, screen = self.game, self.lang, self.screen
        deal = game.deal
        assert deal is not None
        names = game.players
        hot_seat = len(self.people) > 1
        if hot_seat and self._revealed_for != seat:
            # Wipe the last person's hand off the screen and out of the scrollback first.
            self.console.clear()
            self.console.file.write("\x1b[3J")
            self.console.print(self._panel(deal.observation(seat), show_hand=False))
            self.ask(ui("pass_to", lang, name=names[seat]) + " ")
            self._revealed_for = seat
        view = deal.observation(seat)
        self.console.print(self._panel(view))
        self.console.print(
            ui("to_move", lang, name=names[seat], what=screen.what(view, lang)), style="bold"
        )
        while True:
            self._choices = screen.choices(view, lang, names)
            typed = self.ask(ui("prompt", lang, name=names[seat]))
            said = command(typed)
            if said == "help":
                self._help(view)
                continue
            if said == "quit":
                raise SaveAndQuit
            if said is not None:
                self._rule(said.split()[1])
                continue
            try:
                choice = screen.parse(typed, view, names)
            except NotationError:
                self.console.print(
                    ui("unreadable", lang, text=typed.strip(), keys=self._keys(view)),
                    style="yellow",
                )
                continue
            try:
                self.table.submit(seat, choice)
            except IllegalActionError as e:
                why = f"{e.why(lang, names)} ({e.clause})"  # the engine's reason, in words
                self.console.print(ui("illegal", lang, why=why), style="yellow")
                continue
            self.acted = True
            if hot_seat and deal.to_move != seat:
                self._revealed_for = None
            return

    def _rule(self, clause_id: str) -> None:
        """The text of a clause of this game's rules (the rulebook), or a word that it has none."""
        clause = rules_view(self.game.rules, self.lang)["clauses"].get(clause_id)
        if clause is None:
            self.console.print(ui("no_clause", self.lang, id=clause_id), style="yellow")
            return
        self.console.print(Text(f"{clause_id}: {clause['text']}", style="cyan"))
        self.console.print(Text(clause["source"], style="dim"))

    def _help(self, view: Any) -> None:
        lang = self.lang
        words = self.screen.choices(view, lang, self.game.players)
        self.console.print(f"{ui('legal', lang)}: {' '.join(words)}")
        self.console.print(self.family.hint(view, lang), style="cyan")
        self.console.print(self._keys(view), style="dim")

    def _keys(self, view: Any) -> str:
        """What to type now, for the prompt it is (a card, a bid, a word), and the help keys
        with a rule of this game as the example (never Rams' P4 at a Whist table)."""
        lang = self.lang
        what = self.screen.what(view, lang)
        clauses = list(rules_view(self.game.rules, lang)["clauses"])
        rule = next((c for c in clauses if not c.startswith("N")), clauses[0] if clauses else "")
        return ui("help_keys", lang, what=what[:1].upper() + what[1:], rule=rule)


#: The console script, named as the package.
_PROGRAM = __name__.split(".")[0]


def command_name() -> str:
    """How to type the console script in this shell: its name where it is on the PATH, else
    the program that runs now (``.venv/bin/…`` after ``scripts/play``, which does not put it
    there), else the interpreter running the package's command line."""
    if shutil.which(_PROGRAM):
        return _PROGRAM
    program = Path(sys.argv[0])
    if program.name == _PROGRAM and program.exists():
        try:
            return str(program.resolve().relative_to(Path.cwd()))
        except ValueError:
            return str(program.resolve())
    return f"{sys.executable} -m {_PROGRAM}.cli"


#: The longest pause between the bots' cards a person may ask for (``--pace``), in seconds.
MOST_PACE = 60


def run_play(args: argparse.Namespace) -> int:
    """``rams play``: a new game, or ``--resume FILE``."""
    if not 0 <= args.pace <= MOST_PACE:  # (NaN is refused too)
        raise RamsError("cli.seconds_up_to", flag="--pace", value=args.pace, most=MOST_PACE)
    lang = args.lang or default_lang()
    console = Console(highlight=False)
    read: Reader = input
    if args.resume:
        path = Path(args.resume)
        game, bots, meta, proofs = resume(path)
        # A game dealt verifiably goes on so, by its scheme (with a fresh seed for its next
        # deal).
        table_id = next((p.table for p in proofs if p is not None), None)
        dealer: Dealer | None = None
        if table_id is not None and all(p is not None for p in proofs):
            scheme = next(p.scheme for p in proofs if p is not None)
            dealer = Dealer(table_id, proofs, scheme=scheme)
            promised = pending_seed(meta)  # (the seed committed to before the game was saved)
            if promised is not None:
                dealer.next_seed = promised
        if not game.is_over:
            writable_file(path, "--resume")
        lang = args.lang or meta.get("lang") or lang
    else:
        # The save file is checked first: nobody answers the setup questions for nothing.
        if args.save:
            path = writable_file(args.save, "--save")
        else:
            folder = writable_dir(SAVES, "--save")
            path = folder / f"rams-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            setup = ask_setup(args, lang, read, console)
        except EOFError:  # (input ended during the questions: nothing is saved yet)
            console.print()
            print(ui("end.input_ended_unsaved", lang), file=sys.stderr)
            return 1
        lang = setup.lang  # (asked first when neither --lang nor the locale says it)
        rng = random.Random(setup.seed) if setup.seed is not None else random.SystemRandom()
        family = games.family(setup.rules.family)
        game = family.new_match(setup.rules, setup.names, rng)
        bots = setup.bots
        meta = {"bots": bots, "lang": lang, "seed": setup.seed}
        # Without --seed the decks are dealt verifiably (rams.fair: `rams verify` checks the
        # save); a seeded game is repeatable instead, its decks from the seed.
        dealer = None if setup.seed is not None else Dealer(secrets.token_urlsafe(9))
    if SEARCHING.intersection(b for b in bots if b is not None):
        warm.start()  # the solver compiles while the player reads his first hand
    tg = TerminalGame(console, game, bots, lang, path, meta, read, pace=args.pace, dealer=dealer,
                      resumed=bool(args.resume))  # fmt: skip
    status = tg.run()
    while tg.again:
        tg = next_game(tg)
        status = tg.run()
    return status


def next_game(last: TerminalGame) -> TerminalGame:
    """Another game after ``last`` («Ещё партию?»): the same players, bots, rules and
    language, saved beside the last one in a file of its own (``rams-DATE-TIME.json``). A
    seeded game's next is seeded by the next number (a repeatable series); else it is dealt
    verifiably, as a game without ``--seed`` is."""
    game = last.game
    seed = last.meta.get("seed")
    seed = seed + 1 if isinstance(seed, int) else None
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    new = games.family(game.rules.family).new_match(game.rules, list(game.players), rng)
    meta = {"bots": last.bots, "lang": last.lang, "seed": seed}
    dealer = None if seed is not None else Dealer(secrets.token_urlsafe(9))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = last.save_path.with_name(f"rams-{stamp}.json")
    for k in itertools.count(2):
        if not path.exists():
            break
        path = last.save_path.with_name(f"rams-{stamp}-{k}.json")
    return TerminalGame(
        last.console, new, last.bots, last.lang, path, meta, last.read, pace=last.pace,
        dealer=dealer,
    )  # fmt: skip
