"""``rams bot connect URL --key KEY -- COMMAND…``: a person's bot on the server's ladder.

The connector opens a websocket to the server (``URL`` of the web table, ``/ws/bot``), says
who it is (``{"type": "bot", "key", "protocol"}``), and relays the bot protocol
(``docs/bot-protocol.md``) between the server and ``COMMAND``: for each game the server
opens a channel and the connector starts a process of ``COMMAND`` for it, writes it each
message of its channel as a line, and sends back each line the process writes; a process
that ends is reported (``exit``), and the server's ``stop`` ends one. The connector judges
nothing: the server's host does (time, legality, garbage), as for a program it runs
itself. It runs until the server closes the connection or the person stops it (Ctrl+C).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import sys
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import websockets

from rams.bots.program import PROTOCOL
from rams.words import Phrase, default_lang, os_reason, text

__all__ = ["connect", "run_connect", "socket_url"]

#: The longest line relayed from a program (longer ones arrive cut: the server refuses them).
MAX_LINE = 65_536


def table_of(url: str) -> str | None:
    """The table a link names (``…/t/ID``), or None.

    >>> table_of("https://rams.example/t/Ab3-x"), table_of("https://rams.example")
    ('Ab3-x', None)
    """
    found = re.fullmatch(
        r"/t/([\w-]{1,32})/?", urlsplit(url if "://" in url else f"http://{url}").path
    )
    return found[1] if found else None


def socket_url(url: str) -> str:
    """The connector's websocket at the server of ``url``.

    >>> socket_url("https://rams.example/ladder")
    'wss://rams.example/ws/bot'
    >>> socket_url("http://127.0.0.1:8000")
    'ws://127.0.0.1:8000/ws/bot'
    """
    parts = urlsplit(url if "://" in url else f"http://{url}")
    scheme = {"https": "wss", "wss": "wss"}.get(parts.scheme, "ws")
    return urlunsplit((scheme, parts.netloc, "/ws/bot", "", ""))


class _Program:
    """A process of the command for one channel, and the task that relays its output."""

    def __init__(self, process: asyncio.subprocess.Process, task: asyncio.Task[None]) -> None:
        self.process = process
        self.task = task

    async def stop(self) -> None:
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.task


async def connect(url: str, key: str, command: list[str], say: Any = print) -> int:
    """Connect and relay until the server ends it; the exit status (2: a refused key)."""
    programs: dict[int, _Program] = {}
    async with websockets.connect(socket_url(url), max_size=2**20) as ws:
        hello = {"type": "bot", "key": key, "protocol": PROTOCOL, "table": table_of(url)}
        await ws.send(json.dumps(hello))
        answer = json.loads(await ws.recv())
        if answer.get("type") != "connected":
            return 2
        say(answer)

        async def relay_output(channel: int, process: asyncio.subprocess.Process) -> None:
            assert process.stdout is not None
            while True:
                try:
                    line = await process.stdout.readuntil(b"\n")
                except asyncio.IncompleteReadError as e:
                    line = e.partial
                    if not line:
                        break
                except asyncio.LimitOverrunError:
                    line = await process.stdout.read(MAX_LINE + 1)
                message = {"type": "relay", "channel": channel,
                           "line": line.rstrip(b"\n").decode("utf-8", "replace")}  # fmt: skip
                await ws.send(json.dumps(message))
            status = await process.wait()
            await ws.send(json.dumps({"type": "exit", "channel": channel, "status": status}))

        try:
            async for raw in ws:
                message = json.loads(raw)
                if message.get("type") in ("seated", "error"):  # (a seat taken by the link)
                    say(message)
                    continue
                channel = message.get("channel")
                if not isinstance(channel, int):
                    continue
                if message.get("type") == "stop":
                    found = programs.pop(channel, None)
                    if found is not None:
                        await found.stop()
                    continue
                if message.get("type") != "relay":
                    continue
                program = programs.get(channel)
                if program is None:
                    try:
                        process = await asyncio.create_subprocess_exec(
                            *command, stdin=asyncio.subprocess.PIPE,
                            stdout=asyncio.subprocess.PIPE, limit=MAX_LINE,
                        )  # fmt: skip
                    except OSError:
                        await ws.send(json.dumps({"type": "exit", "channel": channel}))
                        continue
                    task = asyncio.create_task(relay_output(channel, process))
                    programs[channel] = program = _Program(process, task)
                assert program.process.stdin is not None
                data = json.dumps(message.get("line"), ensure_ascii=False) + "\n"
                with contextlib.suppress(ConnectionError):
                    program.process.stdin.write(data.encode())
                    await program.process.stdin.drain()
        except websockets.ConnectionClosed:
            pass
        finally:
            for program in programs.values():
                await program.stop()
    return 0


def run_connect(args: argparse.Namespace) -> int:
    """``rams bot connect``: connect and relay; one line when the key is refused."""
    lang = args.lang or default_lang()
    command = list(args.program)
    if not command:
        print(text("ladder.no_command", lang), file=sys.stderr)
        return 2

    def said(answer: dict[str, Any]) -> None:
        if answer.get("type") == "seated":
            line = text("ladder.seated", lang, table=answer.get("table"),
                        seat=int(answer.get("seat", 0)) + 1)  # fmt: skip
        elif answer.get("type") == "error":
            line = str(answer.get("ru" if lang == "ru" else "message"))
        else:
            line = text("ladder.connected", lang, name=answer.get("name"), id=answer.get("id"))
        print(line, file=sys.stderr, flush=True)

    try:
        status = asyncio.run(connect(args.url, args.key, command, said))
    except OSError as e:
        print(text("ladder.cannot_connect", lang, url=args.url, why=os_reason(e)),
              file=sys.stderr)  # fmt: skip
        return 2
    except (websockets.InvalidURI, websockets.InvalidHandshake, ValueError):
        why = Phrase("ladder.not_a_server")
        print(text("ladder.cannot_connect", lang, url=args.url, why=why), file=sys.stderr)
        return 2
    if status == 2:
        print(text("ladder.bad_key", lang), file=sys.stderr)
    return status
