"""Play in the terminal (``rams play``): people in hot-seat and bots, drawn with Rich.

Every game is saved as a record (RULES §12) after every action, so nothing is lost: ``q``
saves and quits, Ctrl-C saves first, the end of input stops the game with a line that says
where it is saved (none before a person acted; status 1), and ``rams play --resume FILE``
goes on from the last action. A game played to its end offers its analysis and another game
with the same players and rules. The saved file is an ordinary record: ``rams replay`` reads it
once the game is over.

The terminal knows no game: :mod:`~rams.terminal.loop` runs any family's match through the
driver, drawing the family's own screen (``family.screen()``, a
:class:`~rams.terminal.widgets.Screen`); :mod:`~rams.terminal.widgets` holds what every
screen draws with, :mod:`~rams.terminal.setup` the questions before a game and
:mod:`~rams.terminal.saves` the saved games.
"""

from rams.terminal.loop import THINKING_AFTER, TerminalGame, ThinkingBot, run_play
from rams.terminal.saves import load_save, save_text
from rams.terminal.setup import Setup
from rams.terminal.widgets import Screen, card_text, hand_text, sheet_table

__all__ = [
    "THINKING_AFTER",
    "Screen",
    "Setup",
    "TerminalGame",
    "ThinkingBot",
    "card_text",
    "hand_text",
    "load_save",
    "run_play",
    "save_text",
    "sheet_table",
]
