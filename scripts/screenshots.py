"""Draw the documentation's pictures again: the web table and the terminal at a real game.

    .venv/bin/python scripts/screenshots.py [--only web|terminal] [--out docs/images]

- ``terminal.svg``: ``rams play``'s screen (Rich's own SVG export), a seeded classic game at
  four with ``heuristic`` bots, stopped at the person's turn in the middle of a trick; the
  person's earlier choices are the heuristic's too. The same seed draws the same picture.
- ``web-table.png``: ``rams serve`` on a fresh SQLite database, a table of a person and three
  ``easy`` bots created through the API, and the person's page in Debian's Chromium (through
  Playwright) at 1280×800, played by clicking until cards lie on the table and it is her turn.
  The deal is the server's fair shuffle, so the cards differ from run to run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images"
CHROMIUM = os.environ.get("RAMS_CHROMIUM", "/usr/bin/chromium")
NAMES = ["Аня", "Прохор", "Глаша", "Кузьма"]


class _Stop(Exception):
    """The position to draw is reached."""


def terminal(out: Path, seed: int = 5) -> Path:
    """``rams play``'s screen at the person's turn mid-trick, as ``out/terminal.svg``."""
    from rich.console import Console

    from rams import games
    from rams.bots import make_bot
    from rams.terminal import TerminalGame

    console = Console(
        width=80,
        record=True,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        highlight=False,
    )
    family = games.family_of("classic")
    match = family.new_match(family.rules("classic", 4), NAMES, random.Random(seed))
    bots: list[str | None] = [None, "heuristic", "heuristic", "heuristic"]
    person = make_bot("heuristic", random.Random(seed), family="rams")
    prompt: list[str] = []

    def read(asked: str) -> str:
        """What the person types: the heuristic's choice, in the notation the screen reads."""
        deal = tg.game.deal
        if deal is None or deal.is_over or deal.to_move != 0:
            console.export_text(clear=True)  # (keep only what follows the last prompt)
            return ""
        view = deal.observation(0)
        if deal.phase.value == "declare":
            return "play"
        if deal.phase.value == "play" and view.trick and sum(view.tricks_taken) >= 1:
            prompt.append(asked)
            raise _Stop
        console.export_text(clear=True)
        action = person.act(view)
        for typed in (str(action), str(action).partition(" ")[2], ""):
            try:
                if tg.screen.parse(typed, view) == action:
                    return typed
            except ValueError:
                pass
        raise RuntimeError(f"no notation for {action!r}")

    with tempfile.TemporaryDirectory() as tmp:
        meta = {"bots": bots, "lang": "ru", "seed": seed}
        tg = TerminalGame(console, match, bots, "ru", Path(tmp) / "game.json", meta, read)
        with contextlib.suppress(_Stop):
            tg.run()
    if not prompt:
        raise RuntimeError(f"seed {seed}: the game never reached the person's turn mid-trick")
    console.print(prompt[0], end="")
    path = out / "terminal.svg"
    console.save_svg(str(path), title="rams play")
    return path


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
    return data


def _wait_for(url: str, seconds: float = 30) -> None:
    """Until the server answers (it prints its address before it listens)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


@contextlib.contextmanager
def _served(folder: str) -> Iterator[str]:
    """``rams serve`` on a fresh SQLite database in ``folder``, on a free port: its address."""
    command = [
        sys.executable, "-m", "rams.cli", "serve", "--port", "0",
        "--database-url", f"sqlite:///{folder}/rams.sqlite3", "--log-level", "warning",
        "--bot-delay", "0.2", "--deal-pause", "600",
    ]  # fmt: skip
    with subprocess.Popen(command, cwd=folder, stdout=subprocess.PIPE, text=True) as server:
        try:
            assert server.stdout is not None
            found = re.search(r"http://127\.0\.0\.1:\d+", server.stdout.readline())
            if found is None:
                raise RuntimeError("rams serve printed no address")
            _wait_for(f"{found.group(0)}/api/meta")
            yield found.group(0)
        finally:
            server.terminate()
            server.wait(timeout=20)


def web(out: Path) -> Path:
    """A person's page at a table of four, mid-trick, as ``out/web-table.png``."""
    from playwright.sync_api import sync_playwright

    path = out / "web-table.png"
    with tempfile.TemporaryDirectory() as tmp, _served(tmp) as base, sync_playwright() as p:
        table = _post(
            f"{base}/api/tables",
            {
                "name": NAMES[0],
                "preset": "classic",
                "players": 4,
                "bots": [None, "easy", "easy", "easy"],
                "rules": {},
            },
        )
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        page = browser.new_page(locale="ru-RU", viewport={"width": 1280, "height": 800})
        page.goto(f"{base}/t/{table['id']}#s={table['token']}")
        page.wait_for_selector(".hand .card", timeout=30000)
        rng = random.Random(1)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            page.wait_for_timeout(300)
            if page.locator("#ready").count():  # (a deal is over: on to the next one)
                page.locator("#ready").click()
                continue
            if page.get_attribute("body", "data-my-turn") != "1":
                continue
            if page.locator(".trick figure").count() >= 2:
                break
            _click_something(page, rng)
        else:
            raise RuntimeError("the table never reached the person's turn mid-trick")
        page.wait_for_timeout(1500)  # (the last card's animation)
        page.screenshot(path=str(path))
        browser.close()
    return path


def _click_something(page: Any, rng: random.Random) -> None:
    """One legal move by mouse: a raised card, or play rather than pass, or stand pat."""
    cards = page.locator(".hand .card.legal")
    if cards.count():
        cards.nth(rng.randrange(cards.count())).click()
        return
    if page.locator("#confirm").count() and not page.locator("#confirm").is_disabled():
        page.locator("#confirm").click()  # (the exchange: stand pat)
        return
    words = page.locator("button[data-action]")
    said = [words.nth(i).get_attribute("data-action") for i in range(words.count())]
    for word in ("play", "keep", *said):
        if word in said and word not in ("pass", "dave", "claim"):
            page.locator(f'button[data-action="{word}"]').click()
            return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", choices=("web", "terminal"))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.only in (None, "terminal"):
        print(terminal(args.out))
    if args.only in (None, "web"):
        print(web(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
