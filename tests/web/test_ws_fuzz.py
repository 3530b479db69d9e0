"""Fuzzing every websocket message (issue 16's hardening): whatever a connection sends —
messages of every type with fields of any kind and value, actions legal and not, stale or
made-up deal and step numbers, text that is not JSON, JSON that is not an object, binary
frames, nesting too deep for the parser, messages over the size limit — the server answers
and keeps the connection, and an input it refuses (an ``error``) changes nothing: every seat's
view, the guest's, and the stored actions are as they were. An input it takes (an ``ack``, a
seed accepted, ``ready``) moves the game on, so the run covers every phase of the deals.

A table of people only (no bot moves between inputs), three seats and a guest; a game that
ends is followed by a new table. Classic Рамс and Whist (both families' parsers). CI runs a
short run; ``benchmarks/fuzz.py`` the long one (``--sweep-scale`` plays more here).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rams.web.protocol import Ping, ProtocolError, parse_message
from rams.web.reactions import REACTIONS
from tests.fuzzing import JSON
from tests.web.helpers import Seat, choose, create_table, finished, join, thread_server

#: Send-time stand-ins, resolved against the seat's latest state (the strategies stay
#: independent of the server's state, so that every example can be drawn again).
NOW_DEAL, NOW_STEP = "<the deal now>", "<the step now>"


@dataclass(frozen=True)
class Legal:
    """One of the seat's legal actions now (drawn by ``pick``), or a word if it has none."""

    pick: int


TOKENS = st.sampled_from(
    ["AS", "TH", "7C", "2D", "10S", "XX", "play", "pass", "keep", "swap", "exchange",
     "dave", "bid", "5S", "13H", "small-null", "big-open", "hearts", "H", "p1", "", " ",
     "-1", "АS", "exchange AS AS", "ready"]
)  # fmt: skip
ACTIONS = st.one_of(
    st.builds(Legal, st.integers(0, 60)),
    TOKENS,
    st.lists(TOKENS, min_size=2, max_size=4).map(" ".join),
    st.text(max_size=40),
    st.text(min_size=95, max_size=120),  # (around the 100-character limit)
    JSON,
)
NUMBERS = st.one_of(
    st.none(),
    st.just(NOW_DEAL),
    st.just(NOW_STEP),
    st.integers(-3, 40),
    st.integers(),
    st.booleans(),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    JSON,
)
FIELDS = {
    "action": ACTIONS,
    "deal": NUMBERS,
    "step": NUMBERS,
    "lang": st.sampled_from(["ru", "en", "de", "", "RU"]) | JSON,
    "seed": st.from_regex(r"[0-9a-zA-Z_-]{1,64}", fullmatch=True) | st.text(max_size=70) | JSON,
    "token": st.none() | st.text(max_size=30) | st.text(min_size=190, max_size=210) | JSON,
    "reaction": st.sampled_from([*REACTIONS, "", "THANKS"]) | st.text(max_size=50) | JSON,
    "seat": NUMBERS,
    "level": st.sampled_from(["easy", "medium", "hard", "allseeing", ""]) | JSON,
}
TYPES = ["hello", "act", "ready", "lang", "ping", "log", "seed", "react", "seat_bot"]
MESSAGES = st.fixed_dictionaries(
    {"type": st.sampled_from(TYPES) | st.text(max_size=8) | JSON},
    optional={**FIELDS, "extra": JSON},
)
#: Frames that are not a message: raw text, binary, JSON of another kind, too deep, too big.
FRAMES = st.one_of(
    st.text(max_size=60),
    st.binary(max_size=60),
    JSON.map(json.dumps),
    st.integers(1, 2100).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 2100).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.integers(4000, 12000).map(lambda n: json.dumps({"type": "act", "action": "x" * n})),
)
#: A well-formed action of the seat to move, now and then stale (the game goes on).
PLAYS = st.fixed_dictionaries(
    {"type": st.just("act"), "action": st.builds(Legal, st.integers(0, 60))},
    optional={"deal": st.just(NOW_DEAL) | NUMBERS, "step": st.just(NOW_STEP) | NUMBERS},
)
INPUTS = st.one_of(PLAYS, MESSAGES, MESSAGES, FRAMES)
#: Who sends it: the seat to move (resolved when it is sent), a seat, or the guest.
TO_MOVE = "<the seat to move>"


def _resolve(value: Any, state: dict[str, Any] | None) -> Any:
    """A message's stand-ins made real against ``state``."""
    if isinstance(value, dict):
        return {k: _resolve(v, state) for k, v in value.items()}
    if value == NOW_DEAL:
        return (state or {}).get("deal")
    if value == NOW_STEP:
        return (state or {}).get("step")
    if isinstance(value, Legal):
        legal = choose(state, random.Random(value.pick)) if state else None
        return legal or "pass"
    return value


def _is_ping(frame: str | bytes) -> bool:
    """Whether the server reads ``frame`` as a ``ping`` (it answers it with a ``pong``)."""
    try:
        return isinstance(parse_message(frame), Ping)
    except ProtocolError:
        return False


@dataclass
class Board:
    """A table of people only, its three seats' sockets and a guest's."""

    table_id: str
    seats: dict[int | None, Seat]
    #: The last snapshot: each socket's view by ``str(seat)``, and ``stored`` actions.
    views: dict[str, Any] = field(default_factory=dict)

    def close(self) -> None:
        for s in self.seats.values():
            s.close()


def _new_board(base: str, ws_base: str, preset: str, players: int) -> Board:
    made = create_table(base, [None] * players, preset=preset)
    tokens = [made["token"]]
    for k in range(1, players):
        tokens.append(join(base, made["id"], f"Гость {k}")["token"])
    seats: dict[int | None, Seat] = {k: Seat(ws_base, made["id"], t) for k, t in enumerate(tokens)}
    seats[None] = Seat(ws_base, made["id"], None)
    for s in seats.values():
        s.until(lambda m: m["type"] == "welcome")
    return Board(made["id"], seats)


def _view(seat: Seat) -> dict[str, Any]:
    """What the seat is shown now (its answer to ``lang``, read after everything before)."""
    seat.send({"type": "lang", "lang": "en"})
    seat.send({"type": "ping"})
    last: dict[str, Any] | None = None
    while True:
        m = seat.recv(timeout=10)
        if m["type"] == "pong":
            break
        if m["type"] in ("state", "table"):
            last = m
    assert last is not None, seat.messages[-4:]
    last = json.loads(json.dumps(last))
    last["table"].pop("now", None)  # (the server's clock)
    return last


def _snapshot(board: Board, store: Any) -> dict[str, Any]:
    out = {str(k): _view(s) for k, s in board.seats.items()}
    out["stored"] = store.action_count(board.table_id)
    return out


def _settled(board: Board, store: Any) -> dict[str, Any]:
    """The snapshot once the table stops moving by itself (a deal over deals the next)."""
    before = _snapshot(board, store)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        time.sleep(0.02)
        now = _snapshot(board, store)
        if now == before:
            return now
        before = now
    raise AssertionError("the table did not settle")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'rams.sqlite3'}"
    with thread_server(url, bot_delay=0, deal_pause=0, grace_s=3600, rate=1e9, burst=1e9,
                       tables_per_minute=1e6, tables_burst=10**6) as s:  # fmt: skip
        yield s


@pytest.fixture
def examples(sweep_scale: int) -> int:
    return 150 * sweep_scale


# The websockets' keepalive pings (the server's thread, the clients') draw from the global
# `random`; Hypothesis, seeing it move while it draws, takes it for the strategies'.
@pytest.mark.filterwarnings("ignore:Do not use the `random` module inside strategies")
@pytest.mark.parametrize("preset,players", [("classic", 3), ("whist", 4)])
def test_any_websocket_input_is_answered_and_a_refused_one_changes_nothing(
    server: Any, preset: str, players: int, examples: int
) -> None:
    boards: list[Board] = []
    seen: dict[str, int] = {"refused": 0, "taken": 0, "games": 0}

    def board() -> Board:
        if boards and not any(finished(v) for k, v in boards[-1].views.items() if k != "stored"):
            return boards[-1]
        if boards:
            boards[-1].close()
            seen["games"] += 1
        b = _new_board(server.base, server.ws_base, preset, players)
        b.views = _settled(b, server.store)
        boards.append(b)
        return b

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(INPUTS, st.sampled_from([TO_MOVE, TO_MOVE, *range(players), None]))
    def run(sent: Any, sender: int | str | None) -> None:
        b = board()
        who = sender if not isinstance(sender, str) else None
        if sender == TO_MOVE:
            moving = [k for k in range(players) if b.views[str(k)].get("legal")]
            who = moving[0] if moving else None
        seat = b.seats[who]
        state = b.views[str(who)]
        frame = sent if isinstance(sent, str | bytes) else json.dumps(_resolve(sent, state))
        seat.send_raw(frame)
        seat.send({"type": "ping"})
        replies = []
        pongs = 2 if _is_ping(frame) else 1  # (the input's own pong, and ours)
        while pongs:
            m = seat.recv(timeout=10)
            pongs -= m["type"] == "pong"
            replies.append(m)
        for s in b.seats.values():
            del s.messages[:-8]  # (a long run keeps no more than it looks at)
        refused = [m for m in replies if m["type"] == "error"]
        for m in refused:
            assert m["code"] != "server" and m["message"], m
        taken = any(
            m["type"] == "ack" or (m["type"] == "seed" and m["accepted"]) for m in replies
        ) or (isinstance(sent, dict) and sent.get("type") == "ready" and not refused)
        if taken:
            seen["taken"] += 1
            b.views = _settled(b, server.store)
        else:
            seen["refused"] += bool(refused)
            assert _snapshot(b, server.store) == b.views, (frame[:300], replies)

    try:
        run()
    finally:
        for b in boards:
            b.close()
    print(f"{preset}: {examples} inputs, {seen}")  # (the long run shows it: -s)
    # (The run took actions and refused others; a run too short for either proves little.)
    assert seen["refused"] > examples // 4 and seen["taken"] > 0, seen
