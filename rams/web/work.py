"""Heavy work off the server's interpreter: worker processes that think for the bots and
value the learners' hints, shared fairly between the tables.

The server process answers people: an action is parsed, checked by the engine, stored and
acknowledged there, in milliseconds. Whatever may take longer runs in worker processes
(never in threads of the server, which would hold its interpreter):

- **A bounded pool.** :class:`Workers` keeps ``processes`` worker processes (by default as
  many as the machine has cores), started with ``spawn`` when the first job comes, and at a
  lower scheduling priority than the server (``nice`` 10: on a busy core the server gets
  about nine tenths of it), so that the server's own work comes first.
- **A fair share.** Jobs wait in a queue per table and are started round-robin over the
  tables, the bots' moves before the hints: a table with six ``hard`` bots waits its turn
  behind the others' single moves, it does not take the pool.
- **Nothing stale.** A job carries ``current()``: a job whose table has moved on (or
  whose seat's person left, for a hint) when its turn comes is dropped, never started.
- **No orphans.** Every worker process dies with the server, ``kill -9`` included: it asks
  the kernel for SIGKILL when its parent dies (Linux's ``PR_SET_PDEATHSIG``) and watches
  its parent as well. :func:`process_pool` gives the server's other pools (replays,
  analyses) the same start.

A worker keeps the bots it made, by table and seat, so a bot that remembers something
between its decisions (a Boston bot's verdict on «Играю вместе») keeps it while the same
worker serves its table.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import ctypes
import logging
import multiprocessing
import os
import random
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from rams.table import Turn

__all__ = [
    "Stale",
    "Workers",
    "decide",
    "default_processes",
    "made",
    "process_pool",
    "stop_pool",
    "think",
    "think_here",
    "warm",
]

log = logging.getLogger("rams.web")

#: The priority a worker process runs at, above the server's (higher is nicer to others).
NICE = 10
#: The classes of jobs, the first served first: the bots' moves, then the hints.
KINDS = ("move", "hint")
#: Bots a worker keeps (by table and seat) before it forgets the least recent.
BOTS_KEPT = 256


class Stale(Exception):
    """A job dropped before it started: its table had moved on (``current()`` was false),
    or its table left this process."""


def default_processes() -> int:
    """As many workers as the machine has cores: they run below the server's priority, so
    the server is not slowed by them (measured: ``benchmarks/attack.py``), and the bots of
    a busy server think on every core."""
    return max(1, os.cpu_count() or 1)


# In the worker ---------------------------------------------------------------------------


def _die_with(parent: int, nice: int) -> None:
    """A worker's start: die when the server dies (SIGKILL from the kernel when the parent
    goes, and a watch on the parent besides), and run below the server's priority."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # (the server died while this one started)
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="rams-parent-watch", daemon=True).start()
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)


def process_pool(processes: int, nice: int = NICE) -> concurrent.futures.ProcessPoolExecutor:
    """A pool of ``processes`` worker processes (``spawn``) that die with this process and
    run ``nice`` steps below it."""
    return concurrent.futures.ProcessPoolExecutor(
        processes,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_die_with,
        initargs=(os.getpid(), nice),
    )


_bots: OrderedDict[tuple[str, int, str, str], Any] = OrderedDict()


def warm() -> int:
    """A worker's first job when the pool is started ahead (:meth:`Workers.prestart`): the
    bots' code loaded (the compiled solver from its cache), so that no table's first bot
    move waits for it. Its process id."""
    from rams import bots, games

    if bots.available("hard"):
        from rams.bots.families import part

        for name in games.FAMILIES:  # every game's search pieces, loaded here once
            part(games.family(name), "search")
    return os.getpid()


def think(
    key: tuple[str, int, str, str], seed: int, view: Any, offers: tuple[Any, ...] | None
) -> Any:
    """A bot's decision, in a worker: the bot of ``key`` (table, seat, level, family), made
    from ``seed`` the first time, acts on its seat's observation (``view``), or answers
    ``offers`` out of turn (:func:`rams.table.choose`; None declines). A bot that fails is
    logged and answered by a random legal choice: no bot's mistake stops a table."""
    bot = _bots.get(key)
    if bot is None:
        bot = made(key[2], seed, key[3])
        _bots[key] = bot
        while len(_bots) > BOTS_KEPT:
            _bots.popitem(last=False)
    _bots.move_to_end(key)
    return decide(bot, key[2], seed, view, offers)


def made(level: str, seed: int, family: str) -> Any:
    """The bot of a level, made from its seat's seed: the same in a worker as on the spot."""
    from rams.bots import make_bot

    return make_bot(level, random.Random(seed), family=family)


def think_here(holder: Any, view: Any, offers: tuple[Any, ...] | None) -> Any:
    """An instant bot's decision on the spot, in the server (a bot of a level that decides in
    microseconds, :attr:`rams.web.live.BotSeat.instant`: handing it to a worker would cost a
    hundred times more than the decision). ``holder`` keeps the bot it made (``here``),
    as a worker keeps its bots; the decision is :func:`think`'s, checked the same way."""
    if holder.here is None:
        holder.here = made(holder.name, holder.seed, holder.family)
    return decide(holder.here, holder.name, holder.seed, view, offers)


def decide(bot: Any, level: str, seed: int, view: Any, offers: tuple[Any, ...] | None) -> Any:
    """``bot``'s answer to its seat's observation or to ``offers`` (:func:`think`)."""
    from rams.table import choose

    turn = Turn(view.seat, offers, (0, 0))
    try:
        action = choose(bot, cast(Any, _ViewOnly(view)), turn)
    except Exception:
        log.exception("bot %s failed; playing a random legal action", level)
        return None if offers else random.Random(seed).choice(list(view.legal_actions))
    legal = offers if offers is not None else tuple(view.legal_actions)
    if action is not None and action not in legal:
        log.error("bot %s chose %s, which is not legal; playing at random", level, action)
        return None if offers else random.Random(seed).choice(list(legal))
    return action


class _ViewOnly:
    """A deal as a bot in a worker sees it: its own seat's observation, nothing else."""

    def __init__(self, view: Any) -> None:
        self._view = view

    def observation(self, seat: int | None) -> Any:
        if seat != self._view.seat:
            raise ValueError(f"a worker holds the view of seat {self._view.seat}, not {seat}")
        return self._view


# In the server ---------------------------------------------------------------------------


@dataclass(eq=False)
class _Job:
    table: str
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    current: Callable[[], bool]
    future: asyncio.Future[Any]
    tries: int = 0


@dataclass
class _Queue:
    """The jobs of one kind waiting, by table, and the tables in round-robin order."""

    jobs: dict[str, deque[_Job]] = field(default_factory=dict)
    order: deque[str] = field(default_factory=deque)

    def put(self, job: _Job) -> None:
        if job.table not in self.jobs:
            self.jobs[job.table] = deque()
            self.order.append(job.table)
        self.jobs[job.table].append(job)

    def take(self) -> _Job | None:
        """The next table's first job (that table then goes to the back of the line)."""
        while self.order:
            table = self.order.popleft()
            waiting = self.jobs[table]
            job = waiting.popleft()
            if waiting:
                self.order.append(table)
            else:
                del self.jobs[table]
            return job
        return None

    def drop(self, table: str) -> list[_Job]:
        gone = list(self.jobs.pop(table, ()))
        if gone:
            self.order.remove(table)
        return gone

    def __len__(self) -> int:
        return sum(len(q) for q in self.jobs.values())


class Workers:
    """The worker processes of a server, and the queues that share them between tables.

    ``processes`` 0 runs the jobs on a thread of the server instead (for tools and tests
    that measure the difference; a server never should)."""

    def __init__(self, processes: int | None = None, nice: int = NICE) -> None:
        self.processes = default_processes() if processes is None else processes
        self.nice = nice
        self._pool: concurrent.futures.Executor | None = None
        self._queues = {kind: _Queue() for kind in KINDS}
        self._running = 0
        #: Jobs started, finished and dropped as stale (the tests and benchmarks count them).
        self.started = 0
        self.done = 0
        self.dropped = 0

    @property
    def waiting(self) -> int:
        """Jobs waiting for a worker."""
        return sum(len(q) for q in self._queues.values())

    async def run(
        self,
        table: str,
        kind: str,
        fn: Callable[..., Any],
        *args: Any,
        current: Callable[[], bool] = lambda: True,
    ) -> Any:
        """``fn(*args)`` in a worker, in ``table``'s turn; :class:`Stale` if ``current()``
        is false when its turn comes (or the table is forgotten first)."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queues[kind].put(_Job(table, fn, args, current, future))
        self._pump()
        return await future

    def prestart(self) -> None:
        """Start every worker now and load the bots' code in it (``rams serve`` does, so
        that the first bot move of a table does not wait for a process to start)."""
        if self.processes <= 0:
            return
        executor = self._executor()
        for _ in range(self.processes):
            executor.submit(warm)

    def forget(self, table: str) -> None:
        """Drop every job of a table still waiting (it left this process's memory)."""
        for queue in self._queues.values():
            for job in queue.drop(table):
                self._stale(job)

    def close(self) -> None:
        """Stop the workers now (a running job is abandoned), and every waiting job."""
        for queue in self._queues.values():
            for table in list(queue.jobs):
                for job in queue.drop(table):
                    self._stale(job)
        pool, self._pool = self._pool, None
        if pool is not None:
            stop_pool(pool)

    def _stale(self, job: _Job) -> None:
        self.dropped += 1
        if not job.future.done():
            job.future.set_exception(Stale(job.table))
            job.future.exception()  # (retrieved: no warning if nobody waits any more)

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.processes > 0:
                self._pool = process_pool(self.processes, self.nice)
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(1, "rams-work")
        return self._pool

    def _pump(self) -> None:
        """Start waiting jobs while a worker is free: the moves first, round-robin."""
        limit = max(1, self.processes)
        while self._running < limit:
            job = self._next()
            if job is None:
                return
            if job.future.done():  # (its waiter was cancelled)
                continue
            try:
                fresh = job.current()
            except Exception:
                fresh = False
            if not fresh:
                self._stale(job)
                continue
            self._start(job)

    def _next(self) -> _Job | None:
        for kind in KINDS:
            job = self._queues[kind].take()
            if job is not None:
                return job
        return None

    def _start(self, job: _Job) -> None:
        loop = asyncio.get_running_loop()
        try:
            started = loop.run_in_executor(self._executor(), job.fn, *job.args)
        except (concurrent.futures.BrokenExecutor, RuntimeError):
            self._broken(job)
            return
        self._running += 1
        self.started += 1
        started.add_done_callback(lambda f: self._finished(job, f))

    def _finished(self, job: _Job, done: asyncio.Future[Any]) -> None:
        self._running -= 1
        self.done += 1
        if done.cancelled():
            if not job.future.done():
                job.future.cancel()
        elif isinstance(done.exception(), concurrent.futures.BrokenExecutor):
            self._broken(job)
        elif not job.future.done():
            error = done.exception()
            if error is not None:
                job.future.set_exception(error)
            else:
                job.future.set_result(done.result())
        self._pump()

    def _broken(self, job: _Job) -> None:
        """A worker died (killed, out of memory): a fresh pool, and the job once more."""
        log.error("a worker process died; starting the workers again")
        pool, self._pool = self._pool, None
        if pool is not None:
            stop_pool(pool, grace=0.0)
        job.tries += 1
        if job.tries > 1:
            if not job.future.done():
                job.future.set_exception(RuntimeError("the worker processes keep dying"))
            return
        self._queues[KINDS[0]].put(job)
        asyncio.get_running_loop().call_soon(self._pump)


def stop_pool(pool: concurrent.futures.Executor, grace: float = 2.0) -> None:
    """Shut a pool down: nothing more starts, its idle processes end, and one still busy
    after ``grace`` seconds is killed (its result would be stale)."""
    processes: Any = list((getattr(pool, "_processes", None) or {}).values())
    with contextlib.suppress(Exception):
        pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + grace
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join(1.0)
