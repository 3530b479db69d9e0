"""``rams serve``: the web server on uvicorn — its flags checked before anything starts,
its log lines with their time, one process or several (``--workers``, each one of a cluster
over PostgreSQL and Redis, a process that dies started again).
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import socket
from typing import Any
from urllib.parse import urlsplit

import sqlalchemy as sa

from rams.errors import RamsError
from rams.web.app import DEFAULT_DATABASE, create_app
from rams.web.live import Settings, clip
from rams.web.protocol import MAX_MESSAGE
from rams.web.routes import ABORT
from rams.web.store import Store
from rams.words import os_reason

__all__ = ["LOG_CONFIG", "open_store", "run_serve", "server_config"]

log = logging.getLogger("rams.web.app")


def _check_serve_args(args: argparse.Namespace) -> None:
    """Every ``rams serve`` flag in range, before anything starts (one line, exit 2)."""
    if not 0 <= args.port <= 65535:
        raise RamsError("cli.port", port=args.port)
    for flag, value, least in (
        ("--grace", args.grace, 0.0),
        ("--bot-delay", args.bot_delay, 0.0),
        ("--deal-pause", args.deal_pause, 0.0),
        ("--ladder-every", args.ladder_every, 0.0),
    ):
        if not value >= least or value == float("inf"):
            raise RamsError("cli.seconds", flag=flag, value=value)
    if not 0 < args.tables_per_minute < float("inf"):
        raise RamsError("cli.rate", value=args.tables_per_minute)
    if not 0 < args.unload_after < float("inf"):
        raise RamsError("cli.minutes", flag="--unload-after", value=args.unload_after)
    for flag, count, least in (
        ("--think-workers", args.think_workers, 1),
        ("--heavy-tables", args.heavy_tables, 0),
        ("--analysis-queue", args.analysis_queue, 1),
        ("--ladder-deals", args.ladder_deals, 1),
    ):
        if count is not None and not least <= count <= 1024:
            raise RamsError("cli.count", flag=flag, value=count, least=least)
    for origin in args.allow_origin:
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path:
            raise RamsError("cli.origin", origin=clip(repr(origin), 80))


def open_store(url: str) -> Store:
    """The database at ``url``, reachable and migrated; RamsError in one line if it is not
    (a malformed URL, an unknown driver, a server that does not answer)."""
    try:
        shown = sa.make_url(url).render_as_string(hide_password=True)
    except sa.exc.ArgumentError:
        raise RamsError("cli.not_a_url", url=repr(clip(url, 80))) from None
    try:
        store = Store(url)
        store.migrate()
    except (sa.exc.SQLAlchemyError, OSError, ImportError) as e:
        lines = str(getattr(e, "orig", None) or e).strip().splitlines()
        reason = clip(lines[0] if lines else type(e).__name__, 160)
        raise RamsError("cli.no_database", url=shown, why=reason) from None
    return store


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (0: a free port), or RamsError in one line."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = infos[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as e:
        raise RamsError("cli.cannot_listen", host=host, port=port, why=os_reason(e)) from None
    sock.set_inheritable(True)
    return sock


#: Every line the server logs: when (local time, to the millisecond), how grave, whose.
LOG_FORMAT = "%(asctime)s.%(msecs)03d %(levelname)s %(name)s: %(message)s"
LOG_DATEFMT = "%Y-%m-%d %H:%M:%S"
#: uvicorn's own logging, in the same form (its default has no time).
LOG_CONFIG: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": LOG_FORMAT, "datefmt": LOG_DATEFMT}},
    "handlers": {
        "stderr": {
            "formatter": "plain",
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
        },
    },
    "loggers": {
        "uvicorn": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "uvicorn.error": {"level": "INFO"},
        "uvicorn.access": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
    },
}


def _log_setup() -> None:
    """The server's log: a line each, with its time (``LOG_FORMAT``)."""
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT, datefmt=LOG_DATEFMT)
    logging.getLogger("alembic").setLevel(logging.WARNING)  # not its plugin list at every start


def server_config(app: Any, proxy: str | None = None, **options: Any) -> Any:
    """uvicorn's configuration of the server (``rams serve``, and the tests' servers).

    ``X-Forwarded-For`` is believed only from the proxies ``proxy`` names (``--proxy``):
    without it a made-up header from anyone must not pass the limits kept by address.
    """
    import uvicorn

    return uvicorn.Config(
        app,
        ws=_websocket_protocol(),
        proxy_headers=bool(proxy),
        forwarded_allow_ips=proxy or None,
        ws_max_size=4 * MAX_MESSAGE,
        ws_per_message_deflate=False,  # small messages: compressing costs more CPU than it saves
        access_log=False,
        log_config=LOG_CONFIG,
        **options,
    )


def _websocket_protocol() -> Any:
    """uvicorn's websocket protocol, which also lets the app cut a connection (the scope's
    extension :data:`ABORT`): a close cannot leave a socket whose reader never reads (its
    send buffer is full), and ASGI has no other way to end it. Plain ``auto`` where that
    protocol is not there."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
    except ImportError:  # pragma: no cover - another uvicorn
        return "auto"

    class Protocol(WebSocketsSansIOProtocol):
        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope: Any = getattr(self, "scope", None)
            if scope is not None:  # (the app's task, made above, has not started yet)
                scope.setdefault("extensions", {})[ABORT] = {"abort": self.transport.abort}

    return Protocol


def _check_cluster(args: argparse.Namespace, database: str) -> None:
    """Several processes: Redis given and answering, the database PostgreSQL (one line)."""
    if not args.lease >= 1 or args.lease == float("inf"):
        raise RamsError("cli.lease", value=args.lease)
    if args.workers < 1:
        raise RamsError("cli.workers_count", count=args.workers)
    if args.workers > 1 and not args.redis:
        raise RamsError("cli.workers_need_redis", count=args.workers)
    first = getattr(args, "worker_ports", 0)
    if first and (args.workers < 2 or not 1 <= first <= 65536 - args.workers
                  or first <= args.port < first + args.workers):  # fmt: skip
        raise RamsError("cli.worker_ports", first=first, last=first + args.workers - 1,
                        port=args.port, count=args.workers)  # fmt: skip
    if not args.redis:
        return
    if database.startswith("sqlite"):
        raise RamsError("cli.redis_needs_postgres")
    import redis

    try:
        client = redis.Redis.from_url(args.redis, socket_connect_timeout=5)
        client.ping()
        client.close()
    except (redis.RedisError, ValueError, OSError) as e:
        raise RamsError("cli.no_redis", url=clip(args.redis, 80), why=clip(str(e), 160)) from None


def run_serve(args: argparse.Namespace) -> int:
    """``rams serve``: the web tables on uvicorn; with ``--workers N``, N processes on one
    port (each one of a cluster over PostgreSQL and Redis, rams.web.cluster), a process
    that dies started again."""
    _check_serve_args(args)
    database = args.database_url or DEFAULT_DATABASE
    _check_cluster(args, database)
    open_store(database).close()
    sock = _listen(args.host, args.port)
    host, port = sock.getsockname()[:2]
    _log_setup()
    shown = sa.make_url(database).render_as_string(hide_password=True)
    where = f"[{host}]" if ":" in host else host
    processes = f", {args.workers} processes" if args.workers > 1 else ""
    print(f"Rams: http://{where}:{port}/  (database {shown}{processes})", flush=True)
    try:
        if args.workers > 1:
            _supervise(args, database, sock)
        else:
            _serve_process(args, database, sock)
    finally:
        sock.close()
    return 0


def _serve_process(
    args: argparse.Namespace, database: str, sock: socket.socket, own: socket.socket | None = None
) -> None:
    """One server process on a listening socket (and on ``own``, a port of its own among
    several processes: its table's sockets are sent there, rams.web.cluster)."""
    import uvicorn

    from rams.fast import warm

    public = sock.getsockname()[1]
    if own is not None:
        direct: int | None = own.getsockname()[1]
    else:  # (one process of a cluster whose browsers reach each process's own port)
        direct = public if args.redis and getattr(args, "direct", False) else None

    settings = Settings(
        grace_s=args.grace,
        bot_delay=args.bot_delay,
        deal_pause=args.deal_pause,
        tables_per_minute=args.tables_per_minute,
        redis_url=args.redis,
        lease_s=args.lease,
        think_workers=args.think_workers,
        prestart_workers=True,
        heavy_tables_per_address=args.heavy_tables,
        analysis_queue=args.analysis_queue,
        analyses_per_address=min(2, args.analysis_queue),
        unload_after=args.unload_after * 60,
        allow_origins=tuple(o.rstrip("/") for o in args.allow_origin),
        ladder_every=args.ladder_every,
        ladder_deals=args.ladder_deals,
        direct_port=direct,
        public_port=public if direct is not None else None,
    )
    app = create_app(database, settings)
    warm.start()  # the bots' solver, compiled in the background before a table needs it
    config = server_config(app, args.proxy, log_level=args.log_level)
    uvicorn.Server(config).run(sockets=[sock] if own is None else [sock, own])


def _worker(args: argparse.Namespace, database: str, sock: socket.socket, index: int) -> None:
    """Process ``index`` of ``--workers``: also on a port of its own (``--worker-ports``
    FIRST: FIRST + ``index``, the same for a process started again in its place; else a
    free one), on the same host, where the browsers reach it directly — unless a proxy is in
    front (``--proxy``), which the browsers must go through: then its sockets are relayed."""
    _log_setup()
    first = getattr(args, "worker_ports", 0)
    own = None if args.proxy else _listen(args.host, first + index if first else 0)
    _serve_process(args, database, sock, own)


def _supervise(args: argparse.Namespace, database: str, sock: socket.socket) -> None:
    """``--workers N``: N server processes sharing the socket, each started again if it
    dies (its tables are taken over by the others meanwhile), all stopped on a signal."""
    import signal
    import time

    spawn = multiprocessing.get_context("spawn")
    stopping = False
    # (only the flags go to the children: not the parser's functions)
    args = argparse.Namespace(**{k: v for k, v in vars(args).items() if not callable(v)})

    def start(index: int) -> multiprocessing.process.BaseProcess:
        p = spawn.Process(target=_worker, args=(args, database, sock, index), daemon=False)
        p.start()
        return p

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    children = [start(i) for i in range(args.workers)]
    try:
        while not stopping:
            time.sleep(0.5)
            for i, child in enumerate(children):
                if not child.is_alive() and not stopping:
                    log.error("server process %s ended (%s); starting another", child.pid,
                              child.exitcode)  # fmt: skip
                    children[i] = start(i)
    finally:
        for child in children:
            if child.is_alive():
                child.terminate()
        for child in children:
            child.join(timeout=15)
            if child.is_alive():
                child.kill()
        for signum, handler in previous.items():
            signal.signal(signum, handler)
