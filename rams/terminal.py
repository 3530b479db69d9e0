"""Play Rams in the terminal (``rams play``): people in hot-seat and bots, drawn with Rich.

Every game is saved as a record (RULES §12) after every action, so nothing is lost: ``q``
saves and quits, Ctrl-C and the end of input save first, and ``rams play --resume FILE``
goes on from the last action. The saved file is an ordinary record: ``rams replay`` reads it
once the game is over.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import re
import sys
import time
import zlib
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from rams.bots import BOT_NAMES, SEARCHING, Bot, make_bot
from rams.cards import Card, card_str, parse_card, suit_of
from rams.errors import IllegalActionError, NotationError, RecordError, RulesError
from rams.fast import warm
from rams.files import atomic_write, writable_dir, writable_file
from rams.games import parse_override
from rams.games.rams.actions import (
    ACCEPT,
    CLAIM,
    CONCEDE,
    DAVE,
    GO,
    KEEP,
    PASS,
    PLAY_IN,
    SELL,
    TAKE,
    Action,
    Exchange,
    Play,
    Swap,
)
from rams.games.rams.deal import PAM
from rams.games.rams.match import Game
from rams.games.rams.rules import PRESETS, Rules
from rams.games.rams.view import Observation, Phase
from rams.games.rams.words import Announcer, legal_hint, signed, suit_name
from rams.record import Record, dumps, load, record_of
from rams.rulebook import rules_view
from rams.table import Table
from rams.words import default_lang, has, text

__all__ = [
    "Setup",
    "TerminalGame",
    "hand_text",
    "load_save",
    "run_play",
    "save_text",
    "sheet_table",
    "table_panel",
]

_WORDS: dict[str, Action] = {
    "play": PLAY_IN,
    "играю": PLAY_IN,
    "играть": PLAY_IN,
    "+": PLAY_IN,
    "pass": PASS,
    "пас": PASS,
    "-": PASS,
    "take": TAKE,
    "беру": TAKE,
    "взять": TAKE,
    "sell": SELL,
    "продаю": SELL,
    "go": GO,
    "ходи": GO,
    "keep": KEEP,
    "оставить": KEEP,
    "dave": DAVE,
    "даве": DAVE,
    "accept": ACCEPT,
    "принимаю": ACCEPT,
    "принять": ACCEPT,
    "concede": CONCEDE,
    "сдаюсь": CONCEDE,
    "claim": CLAIM,
    "выиграл": CLAIM,
    "заявляю": CLAIM,
}
_PAT = {"", "0", "pat", "stand", "стою", "-"}
#: A clause id, as the table cites it («(P4)»), typed alone or after ``?``.
_CLAUSE = re.compile(r"\??\s*([A-Za-z]\d{1,2})")


def ui(key: str, lang: str, **fields: Any) -> str:
    """A terminal message in the chosen language (the family's own words first)."""
    family_key = f"rams.terminal.{key}"
    return text(family_key if has(family_key) else f"terminal.{key}", lang, **fields)


# Drawing ------------------------------------------------------------------------------


def card_text(c: Card, lang: str, dim: bool = False, bold: bool = False) -> Text:
    """A card with its suit's colour: ♦ ♥ red, ♠ ♣ the terminal's own."""
    style = "red" if suit_of(c) in (2, 3) else ""
    if dim:
        style += " dim"
    if bold:
        style += " bold"
    return Text(card_str(c, lang), style=style.strip())


def hand_text(hand: Sequence[Card], lang: str, legal: set[Card] | None = None) -> Text:
    """The hand, numbered from 1, sorted by suit (N3); legal cards bold, others dim."""
    out = Text()
    for i, c in enumerate(hand, start=1):
        if i > 1:
            out.append("  ")
        playable = legal is None or c in legal
        out.append(f"{i} ", style="dim")
        out.append_text(card_text(c, lang, dim=not playable, bold=legal is not None and playable))
    return out


def _call_text(view: Observation, seat: int, lang: str) -> str:
    call = view.calls[seat]
    if call is not None:
        return ui(call, lang)
    return ui("play", lang) if seat in view.active else ""


def table_panel(
    view: Observation,
    names: Sequence[str],
    lang: str,
    deal_number: int,
    show_hand: bool = True,
) -> Panel:
    """The table as one seat sees it: trump, stock, every player's state, the trick, the hand."""
    rules = view.rules
    head = Text()
    head.append(f"{ui('dealer', lang)}: {names[view.dealer]}   ")
    pam_turned = rules.pamfil and view.turned == PAM and view.trump is None
    head.append(f"{ui('pam_turned' if pam_turned else 'trump', lang)}: ")
    if view.trump is not None:
        head.append(f"{suit_name(view.trump, lang)} ", style="bold")
    if view.turned is not None:
        head.append_text(card_text(view.turned, lang, bold=True))
    elif view.trump is not None:
        shown = view.known[view.dealer]
        trump_cards = [c for c in shown if suit_of(c) == view.trump]
        if rules.turned_card_in_hand and trump_cards:
            head.append(f"({ui('in_hand', lang, card=card_str(trump_cards[0], lang))})")
        elif trump_cards:
            head.append(f"({ui('turned_taken', lang, card=card_str(trump_cards[0], lang))})")
    if not rules.talon and not rules.turned_card_in_hand:
        head.append(f"   {ui('stock', lang)}: {view.stock_count}")
    if rules.talon and view.phase is Phase.TALON:
        head.append(f"   {ui('talon', lang)}: 5")
    if rules.dave:
        head.append(f"   {ui('stake', lang)}: {view.stake}")

    grid = RichTable(box=None, pad_edge=False, padding=(0, 2, 0, 0))
    keys = ["player", "record", "call", "exchanged", "tricks", "on_table"]
    if not rules.passing:
        keys.remove("call")
    if rules.talon or rules.turned_card_in_hand:
        keys.remove("exchanged")
    for key in keys:
        grid.add_column(ui(key, lang), justify="right" if key in ("record", "tricks") else "left")
    on_table = {s: c for s, c in view.trick}
    for seat, name in enumerate(names):
        marker = " ▶" if seat == view.to_move else ""
        exch = view.exchanged[seat]
        active = seat in view.active or view.phase is Phase.DECLARE
        card = on_table.get(seat)
        cells: dict[str, RenderableType] = {
            "player": Text(name + marker, style="bold" if seat == view.seat else ""),
            "record": str(view.records[seat]),
            "call": _call_text(view, seat, lang),
            "exchanged": "" if exch is None else str(exch),
            "tricks": str(view.tricks_taken[seat]) if active and view.phase is Phase.PLAY else "",
            "on_table": card_text(card, lang) if card is not None else Text(""),
        }
        grid.add_row(*(cells[k] for k in keys))
    parts: list[RenderableType] = [head, Text(""), grid]
    if view.tricks and not view.trick:
        last = Text(f"{ui('last_trick', lang)}: ")
        for i, (s, c) in enumerate(view.tricks[-1]):
            last.append(("  " if i else "") + f"{names[s]} ")
            last.append_text(card_text(c, lang))
        parts += [Text(""), last]
    if show_hand:
        legal = {a.card for a in view.legal_actions if isinstance(a, Play)}
        line = Text(ui("hand", lang, name=names[view.seat]) + ": ", style="bold")
        line.append_text(hand_text(view.hand, lang, legal or None))
        parts += [Text(""), line]
    else:
        parts += [Text(""), Text(ui("hidden", lang), style="dim")]
    preset = PRESETS[rules.preset_name]
    name = preset.ru if lang == "ru" else preset.en
    title = ui("title", lang, preset=name[0].upper() + name[1:], deal=deal_number)
    return Panel(Group(*parts), title=title, title_align="left")


def sheet_table(rows: Sequence[Sequence[int]], names: Sequence[str], lang: str) -> RichTable:
    """The score sheet («запись»): a column per player, earlier values struck out."""
    from rams.games.rams.words import sheet_columns

    cols = sheet_columns(rows)
    table = RichTable(title=ui("sheet", lang), title_justify="left", show_lines=False)
    for name in names:
        table.add_column(name, justify="right")
    for i in range(max(len(c) for c in cols)):
        cells = []
        for col in cols:
            if i >= len(col):
                cells.append(Text(""))
            elif i < len(col) - 1:
                cells.append(Text(str(col[i]), style="strike dim"))
            else:
                cells.append(Text(str(col[i]), style="bold"))
        table.add_row(*cells)
    return table


def settlement_text(game: Game, lang: str) -> Text:
    """The winner and what each player pays or receives (S8)."""
    names = game.players
    assert game.winner is not None
    out = Text(ui("winner", lang, name=names[game.winner]) + "\n", style="bold green")
    pays = "  ".join(f"{n} {signed(p)}" for n, p in zip(names, game.payouts(), strict=True))
    out.append(f"{ui('settlement', lang)}: {pays}")
    if game.rules.pamfil:
        ledger = "  ".join(f"{n} {signed(p)}" for n, p in zip(names, game.pam_ledger, strict=True))
        out.append(f"\n{ui('pam', lang)}: {ledger}")
    return out


# Reading what a person types ------------------------------------------------------------


def _card_or_number(token: str, view: Observation) -> Card:
    if token.isdecimal() and token.isascii():
        i = int(token)
        if not 1 <= i <= len(view.hand):
            raise NotationError("terminal.no_card_number", number=i)
        return view.hand[i - 1]
    return parse_card(token)


def parse_choice(text: str, view: Observation) -> Action | str:
    """A person's input: an action, or ``help`` / ``quit``. Raises NotationError."""
    t = text.strip()
    low = t.lower()
    if low in ("?", "help", "помощь"):
        return "help"
    if low in ("q", "quit", "выход", "й"):
        return "quit"
    clause = _CLAUSE.fullmatch(t)
    if clause is not None:
        return "rule " + clause.group(1).upper()  # a clause id cited on screen: its text
    if low in _WORDS and (view.phase is not Phase.EXCHANGE or low not in _PAT):
        word = _WORDS[low]
        if word in view.legal_actions or word in (CLAIM, DAVE, ACCEPT, CONCEDE):
            return word
        if view.phase is Phase.DECLARE or view.phase is Phase.TALON:
            return word
    phase = view.phase
    if view.dave_pending is not None:
        raise NotationError("terminal.unreadable_input", text=repr(t))
    if phase is Phase.EXCHANGE:
        if low in _PAT:
            return Exchange(())
        return Exchange(tuple(_card_or_number(tok, view) for tok in t.replace(",", " ").split()))
    if phase in (Phase.DEALER_TRUMP, Phase.PAM_SWAP):
        if low in _PAT and phase is Phase.DEALER_TRUMP:
            return KEEP
        return Swap(_card_or_number(t, view))
    if phase is Phase.PLAY:
        return Play(_card_or_number(t, view))
    if phase is Phase.DECLARE and low in ("и", "д", "y", "yes", "да"):
        return PLAY_IN
    raise NotationError("terminal.unreadable_input", text=repr(t))


def _what(view: Observation, lang: str) -> str:
    if view.dave_pending is not None:
        return ui("what_dave", lang)
    key = {
        Phase.DECLARE: "what_declare",
        Phase.EXCHANGE: "what_exchange",
        Phase.DEALER_TRUMP: "what_dealer_trump"
        if KEEP in view.legal_actions
        else "what_dealer_trump_must",
        Phase.PAM_SWAP: "what_pam",
        Phase.TALON: "what_talon",
        Phase.PLAY: "what_play",
    }.get(view.phase, "what_play")
    return ui(key, lang)


def legal_words(view: Observation, lang: str) -> list[str]:
    """The legal choices as a person would type them (for ``?`` and completion)."""
    out = []
    for a in view.legal_actions:
        if isinstance(a, (Play, Swap)):
            out.append(card_str(a.card, lang))
        elif isinstance(a, Exchange):
            continue
        else:
            out.append(str(a))
    if view.phase is Phase.EXCHANGE:
        out.append("0")
    return out


# The game loop ---------------------------------------------------------------------------

#: Seconds a bot may think before the table says that it is thinking.
THINKING_AFTER = 0.3


class ThinkingBot:
    """A bot that shows «… думает…» when it takes longer than :data:`THINKING_AFTER`
    (a searching bot's first move after an install waits for the solver's compile)."""

    def __init__(self, inner: Bot, console: Console, label: str) -> None:
        self.inner = inner
        self.name = inner.name
        self._console = console
        self._label = label
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")

    def act(self, view: Observation) -> Action:
        """The inner bot's action; a spinner with its name while it takes long."""
        future = self._pool.submit(self.inner.act, view)
        try:
            return future.result(timeout=THINKING_AFTER)
        except FuturesTimeout:
            pass
        with self._console.status(self._label):
            return future.result()


@dataclass
class Setup:
    """What a new game needs: the rules, names, who is a bot, the language, the seed."""

    rules: Rules
    names: list[str]
    bots: list[str | None]
    lang: str
    seed: int | None = None


Reader = Callable[[str], str]


class SaveAndQuit(Exception):
    """The person asked to save and quit."""


class TerminalGame:
    """A game on a terminal: draws, reads, saves after every action."""

    def __init__(
        self,
        console: Console,
        game: Game,
        bots: Sequence[str | None],
        lang: str,
        save_path: Path,
        meta: dict[str, Any],
        read: Reader = input,
    ) -> None:
        self.console = console
        self.game = game
        self.lang = lang
        self.save_path = save_path
        self.meta = meta
        self.read = read
        seed = meta.get("seed")
        bot_rng = random.Random(None if seed is None else f"bots:{seed}:{len(game.deals)}")
        agents: list[Bot | None] = [
            None
            if b is None
            else ThinkingBot(
                make_bot(b, random.Random(bot_rng.getrandbits(63))),
                console,
                ui("thinking", lang, name=game.players[seat]),
            )
            for seat, b in enumerate(bots)
        ]
        self.table = Table(game, agents, on_action=lambda seat, action: self.save())
        self.people = [s for s, b in enumerate(bots) if b is None]
        self.announcer = Announcer(game.players, lang)
        self._last_person: int | None = None
        self._revealed_for: int | None = None
        self._setup_completion()

    # Saving --------------------------------------------------------------------------

    def save(self) -> None:
        """Write the game (atomically: a crash never leaves half a file; readable by its owner
        only). The deal in progress is sealed (see :func:`save_text`)."""
        atomic_write(self.save_path, save_text(self.game, self.meta) + "\n", 0o600)

    # Output --------------------------------------------------------------------------

    def _viewer(self) -> int:
        return self.people[0] if len(self.people) == 1 else -1

    def announce(self) -> None:
        """Print what happened since the last call, in words."""
        events = self.table.new_events(self._viewer())
        for line in self.announcer.feed(events):
            self.console.print(Text("• " + line))

    def show_sheet(self) -> None:
        self.console.print(sheet_table(self.game.sheet, self.game.players, self.lang))

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
            self.save()
            self.console.print()
            self._saved_message()
            return 0
        except KeyboardInterrupt:
            self.save()
            self.console.print()
            self.console.print(ui("interrupted", self.lang))
            self._saved_message()
            return 130

    def _saved_message(self) -> None:
        self.console.print(ui("saved", self.lang, path=self.save_path))
        if not self.game.is_over:
            self.console.print(ui("resume_hint", self.lang, path=self.save_path))

    def _loop(self) -> int:
        game, table, lang = self.game, self.table, self.lang
        if game.is_over:  # a finished game resumed: show it, write nothing
            self.show_sheet()
            self.console.print(settlement_text(game, lang))
            self.console.print(ui("finished", lang))
            return 0
        self.save()
        while True:
            table.advance(stop_at_deal_end=True)
            self.announce()
            if game.is_over:
                for line in self.announcer.flush():
                    self.console.print(Text("• " + line))
                self.show_sheet()
                self.console.print(settlement_text(game, lang))
                self.save()
                self.console.print(ui("saved", lang, path=self.save_path))
                return 0
            seat = table.waiting_for()
            if seat is None:
                self._between_deals()
                continue
            self._turn(seat)

    def _between_deals(self) -> None:
        game, lang = self.game, self.lang
        self.console.print(Text(ui("deal_over", lang, deal=len(game.deals)), style="bold"))
        self.show_sheet()
        for seat in self.table.offered():
            answer = self.ask(
                ui("claim_q", lang, name=game.players[seat], record=game.records[seat])
            )
            if answer.strip().lower() in ("y", "yes", "д", "да"):
                self.table.submit(seat, CLAIM)
                return
        if self.people:
            self.ask(ui("next_deal", lang) + " ")
        self.table.start_deal()

    def _turn(self, seat: int) -> None:
        game, lang = self.game, self.lang
        deal = game.deal
        assert deal is not None
        names = game.players
        hot_seat = len(self.people) > 1
        if hot_seat and self._revealed_for != seat:
            # Wipe the last person's hand off the screen and out of the scrollback first.
            self.console.clear()
            self.console.file.write("\x1b[3J")
            self.console.print(
                table_panel(deal.observation(seat), names, lang, len(game.deals), show_hand=False)
            )
            self.ask(ui("pass_to", lang, name=names[seat]) + " ")
            self._revealed_for = seat
        view = deal.observation(seat)
        self.console.print(table_panel(view, names, lang, len(game.deals)))
        self.console.print(
            ui("to_move", lang, name=names[seat], what=_what(view, lang)), style="bold"
        )
        while True:
            self._choices = legal_words(view, lang)
            text = self.ask(ui("prompt", lang, name=names[seat]))
            try:
                choice = parse_choice(text, view)
            except NotationError:
                self.console.print(
                    ui("unreadable", lang, text=text.strip(), keys=ui("help_keys", lang)),
                    style="yellow",
                )
                continue
            if choice == "help":
                self._help(view)
                continue
            if choice == "quit":
                raise SaveAndQuit
            if isinstance(choice, str) and choice.startswith("rule "):
                self._rule(view, choice.split()[1])
                continue
            assert not isinstance(choice, str)
            try:
                self.table.submit(seat, choice)
            except IllegalActionError as e:
                why = f"{e.why(lang, names)} ({e.clause})"  # the engine's reason, in words
                self.console.print(ui("illegal", lang, why=why), style="yellow")
                continue
            if hot_seat and deal.to_move != seat:
                self._revealed_for = None
            return

    def _rule(self, view: Observation, clause_id: str) -> None:
        """The text of a clause of this game's rules (the rulebook), or a word that it has none."""
        clause = rules_view(view.rules, self.lang)["clauses"].get(clause_id)
        if clause is None:
            self.console.print(ui("no_clause", self.lang, id=clause_id), style="yellow")
            return
        self.console.print(Text(f"{clause_id}: {clause['text']}", style="cyan"))
        self.console.print(Text(clause["source"], style="dim"))

    def _help(self, view: Observation) -> None:
        lang = self.lang
        words = legal_words(view, lang)
        self.console.print(f"{ui('legal', lang)}: {' '.join(words)}")
        self.console.print(legal_hint(view, lang), style="cyan")
        self.console.print(ui("help_keys", lang), style="dim")


# Command line ----------------------------------------------------------------------------


def _parse_bots(text: str, players: int) -> list[str | None]:
    items = [t.strip() for t in text.split(",")]
    people = {"human", "person", "people", "me", "-", "", "человек", "я"}
    if len(items) == players - 1:
        items = ["human", *items]
    if len(items) != players:
        raise RulesError(
            "terminal.bots_seats", ("bots",), count=len(items), players=players, bots=players - 1
        )
    out: list[str | None] = []
    for item in items:
        if item.lower() in people:
            out.append(None)
        else:
            make_bot(item, random.Random(0))  # refuses unknown and all-seeing bots
            out.append(item)
    return out


def _ask_setup(args: argparse.Namespace, lang: str, read: Reader, console: Console) -> Setup:
    """Fill in what the flags left out, by asking (or by defaults when not interactive)."""
    interactive = sys.stdin.isatty()
    preset = args.preset
    if preset is None and interactive:
        names = list(PRESETS)
        for i, name in enumerate(names, start=1):
            p = PRESETS[name]
            console.print(f"{i:2}. {name:<15} {p.ru if lang == 'ru' else p.en}")
        while preset is None:
            answer = read(f"{ui('setup_preset', lang)} [1]: ").strip() or "1"
            if answer.isdigit() and 1 <= int(answer) <= len(names):
                preset = names[int(answer) - 1]
            elif answer in PRESETS:
                preset = answer
    preset = preset or "classic"
    if preset not in PRESETS:
        raise RulesError(
            "rules.unknown_preset", ("preset",), name=repr(preset), known=", ".join(PRESETS)
        )
    low, high = PRESETS[preset].players
    players = args.players
    if players is None and interactive and low != high:
        while players is None:
            answer = read(f"{ui('setup_players', lang, low=low, high=high)} [{low}]: ").strip()
            if not answer:
                players = low
            elif answer.isdigit() and low <= int(answer) <= high:
                players = int(answer)
    if players is None:
        players = 3 if low <= 3 <= high else low
    overrides = dict(parse_override(r) for r in args.rule or [])
    rules = Rules.preset(preset, players, **overrides)
    if args.bots is not None:
        bots = _parse_bots(args.bots, players)
    elif interactive:
        bots = [None]
        for seat in range(2, players + 1):
            answer = read(
                ui("setup_seat", lang, seat=seat, bots="/".join(BOT_NAMES)) + " [heuristic]: "
            ).strip()
            bots.append(
                None if answer.lower() in ("human", "person", "человек") else answer or "heuristic"
            )
        bots = _parse_bots(",".join(b or "human" for b in bots), players)
    else:
        bots = [None] + ["heuristic"] * (players - 1)
    if args.names:
        names = [n.strip() for n in args.names.split(",")]
        if len(names) != players or not all(names):
            raise RulesError("terminal.names_count", ("names",), players=players)
    else:
        names = []
        for seat, bot in enumerate(bots, start=1):
            default = (
                f"{'Игрок' if lang == 'ru' else 'Player'} {seat}"
                if bot is None
                else f"{bot}-{seat}"
            )
            if bot is None and interactive:
                answer = read(f"{ui('setup_name', lang, seat=seat)} [{default}]: ").strip()
                names.append(answer or default)
            else:
                names.append(default)
    return Setup(rules, names, bots, lang, args.seed)


#: Where games are saved unless ``--save`` names a file (the repository's .gitignore has it).
SAVES = Path("saves")
_SEAL_MASK = b"rams-seal"


def _seal(data: dict[str, Any]) -> str:
    raw = zlib.compress(json.dumps(data).encode("utf-8"))
    masked = bytes(b ^ _SEAL_MASK[i % len(_SEAL_MASK)] for i, b in enumerate(raw))
    return base64.b64encode(masked).decode("ascii")


def _unseal(text: str) -> dict[str, Any]:
    masked = base64.b64decode(text.encode("ascii"), validate=True)
    raw = bytes(b ^ _SEAL_MASK[i % len(_SEAL_MASK)] for i, b in enumerate(masked))
    data: dict[str, Any] = json.loads(zlib.decompress(raw))
    return data


def save_text(game: Game, meta: dict[str, Any]) -> str:
    """A saved game: a record (§12) of the finished deals, the deal in progress sealed in
    ``meta["sealed"]`` — its deck and every discard stay out of sight of a player who opens
    the file (an obfuscation, not a lock). A finished game is a plain record."""
    record = record_of(game, meta)
    if record.deals and not game.is_over and not game.deals[-1].is_over:
        current = record.deals[-1]
        record = Record(
            record.rules,
            record.players,
            record.deals[:-1],
            {**meta, "sealed": _seal(current.to_json())},
        )
    return dumps(record)


def load_save(path: Path) -> Record:
    """A saved game as a record, the sealed deal in progress back in its place."""
    try:
        with open(path, encoding="utf-8") as f:
            record: Record = load(f)
    except OSError as e:
        raise RecordError("record.cannot_read", path=str(path), why=e.strerror or str(e)) from None
    except UnicodeDecodeError:
        raise RecordError("record.not_utf8", path=str(path)) from None
    sealed = record.meta.get("sealed")
    if sealed is None:
        return record
    try:
        data = _unseal(sealed)
    except (ValueError, zlib.error, TypeError):
        raise RecordError("record.sealed") from None
    meta = {k: v for k, v in record.meta.items() if k != "sealed"}
    whole = record.to_json()
    whole["deals"].append(data)
    whole["meta"] = meta
    return Record.from_json(whole)


def _resume(path: Path) -> tuple[Game, list[str | None], dict[str, Any]]:
    record = load_save(path)
    game = record.replay(partial=True)
    meta = dict(record.meta)
    bots_meta = meta.get("bots")
    n = game.rules.players
    if not (isinstance(bots_meta, list) and len(bots_meta) == n):
        bots_meta = [None] * n
    bots: list[str | None] = [b if b in BOT_NAMES else None for b in bots_meta]
    seed = meta.get("seed")
    game.rng = (
        random.Random(f"{seed}:{len(game.deals)}") if seed is not None else random.SystemRandom()
    )
    return game, bots, meta


def run_play(args: argparse.Namespace) -> int:
    """``rams play``: a new game, or ``--resume FILE``."""
    lang = args.lang or default_lang()
    console = Console(highlight=False)
    read: Reader = input
    if args.resume:
        path = Path(args.resume)
        game, bots, meta = _resume(path)
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
        setup = _ask_setup(args, lang, read, console)
        rng = random.Random(setup.seed) if setup.seed is not None else random.SystemRandom()
        game = Game(setup.rules, setup.names, rng=rng)
        bots = setup.bots
        meta = {"bots": bots, "lang": lang, "seed": setup.seed}
    if SEARCHING.intersection(b for b in bots if b is not None):
        warm.start()  # the solver compiles while the player reads his first hand
    tg = TerminalGame(console, game, bots, lang, path, meta, read)
    return tg.run()
