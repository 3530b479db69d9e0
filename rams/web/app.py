"""The web server: HTTP routes, the websocket, and the browser client (``static/``).

``create_app(database_url)`` builds the ASGI app; ``rams serve`` runs it on uvicorn. The
client is plain HTML, CSS and ES modules served from the package: no CDN, no build step.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import logging
import multiprocessing
import re
import socket
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import sqlalchemy as sa
from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rams import games
from rams.bots import available_levels
from rams.errors import RamsError
from rams.games import DEFAULT_PRESET, FAMILIES, SHARED, parse_override
from rams.rulebook import rules_view
from rams.web.analysis import Analyses, analysis_json
from rams.web.live import clip
from rams.web.protocol import LANGS, MAX_MESSAGE, error
from rams.web.replay import replay_bytes
from rams.web.store import Store, TableRow
from rams.web.tables import Settings, TableError, TableOptions, Tables
from rams.web.work import process_pool, stop_pool
from rams.words import section, text

__all__ = ["DEFAULT_DATABASE", "create_app", "run_serve"]

log = logging.getLogger(__name__)
STATIC = Path(__file__).resolve().parent / "static"
DEFAULT_DATABASE = "sqlite:///rams.sqlite3"
#: The largest request body taken, in bytes (a table's whole settings are a few hundred).
MAX_BODY = 64 * 1024
#: Finished games' replays kept built, by table and language.
REPLAYS_KEPT = 16
#: The close code of a websocket the server ends, its reason a code the page words
#: (``slow_reader``, ``moved``, ``server_moved``, ``unreachable``).
CLOSE_CODE = 4000
#: Seconds a close from this side may take before the connection is cut.
CLOSE_TIMEOUT = 2.0
#: The scope's extension by which the server lets the app cut a connection.
ABORT = "rams.abort"
#: A browser's secret key (rams.ratings): 32 random bytes in hex.
KEY_PATTERN = r"^[0-9a-f]{64}$"
#: A player's id: a key's SHA-256 in hex, or a bot level's ``bot:LEVEL``.
PLAYER_PATTERN = r"^([0-9a-f]{64}|bot:[a-z]{1,16})$"
#: Options that are not house rules (the table's size and preset are chosen apart).
_HIDDEN = {"players", "preset_name"}
_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; "
    "img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class CreateBody(BaseModel):
    """``POST /api/tables``: the creator's name, the rules and who sits where."""

    name: str = Field(max_length=200)
    preset: str = Field(default=DEFAULT_PRESET, max_length=40)
    players: int = Field(default=3, ge=2, le=7)
    #: A bot level or null (a person) for each seat; the creator takes the first null.
    bots: list[str | None] = Field(max_length=7)
    #: House rules as JSON values, ``{"start_score": 50}``.
    rules: dict[str, Any] = Field(default_factory=dict)
    #: More house rules written ``KEY=VALUE`` (RULES §9.1).
    extra: list[str] = Field(default_factory=list, max_length=40)
    #: The turn clock: ``off``, ``relaxed`` or ``fast``.
    clock: str = Field(default="off", max_length=16)
    #: Seconds the spectators see the game behind it.
    watch_delay: int = 0
    #: Hints for learners: the strong bot's choice shown to each person before a decision.
    hints: bool = False
    #: The creator's secret key, kept by their browser: their rating's identity (only its
    #: SHA-256 is stored, rams.ratings); none, not rated.
    key: str | None = Field(default=None, pattern=KEY_PATTERN)


class JoinBody(BaseModel):
    """``POST /api/tables/{id}/join``: the name of the person taking a free seat, and the
    seat's client seed for the first deal (rams.fair), drawn by the browser."""

    name: str = Field(max_length=200)
    seed: str | None = Field(default=None, max_length=64, pattern=r"^[0-9A-Za-z_-]{1,64}$")
    #: The person's secret key, as in :class:`CreateBody`.
    key: str | None = Field(default=None, pattern=KEY_PATTERN)


class ErrorBody(BaseModel):
    """Every refusal of the HTTP API: a code for programs, the reason in the client's
    language (``Accept-Language``) for people."""

    code: str
    message: str


#: The refusals the API's schema documents for every operation (OpenAPI).
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": what}
    for status, what in [
        (400, "Bad rules or a bad request"),
        (404, "No such table, player or family"),
        (409, "Not possible now (the table is full, or not over)"),
        (410, "The table has expired"),
        (413, "The request body is too big"),
        (422, "The request does not match the schema"),
        (429, "Too many tables made from this address"),
        (503, "The server is busy"),
    ]
}


def _meta() -> dict[str, Any]:
    """What the page that creates a table offers: every preset of every family (with its
    options), each family's house options, the bot levels this server can seat."""
    presets = []
    options: list[dict[str, Any]] = []
    seen: set[str] = set()
    for name, p in games.presets().items():
        family = games.family(p.family)
        presets.append(
            {
                "name": name,
                "family": p.family,
                "ru": p.title["ru"],
                "en": p.title["en"],
                "source": p.source,
                "players": list(p.players),
                "options": family.rules(name, p.players[0]).options(),
                "levels": list(available_levels(p.family)),
            }
        )
        if p.family not in seen:
            seen.add(p.family)
            options += [{"family": p.family, **o} for o in family.house_options()]
    return {"presets": presets, "options": options, "levels": list(available_levels())}


class BodyLimit:
    """Refuse (413) a request whose body is over ``limit`` bytes, before anything reads it:
    by its Content-Length, or while it streams in."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            await self._too_big(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client is gone
                return
            chunk: bytes = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._too_big(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _too_big(self, scope: Scope, receive: Receive, send: Send) -> None:
        lang = _lang_of(dict(scope["headers"]).get(b"accept-language", b"").decode("latin-1"))
        message = text("table.too_big", lang, kib=self.limit // 1024)
        response = JSONResponse({"code": "too_big", "message": message}, status_code=413)
        await response(scope, receive, send)


def _methods_at(app: FastAPI, scope: Scope) -> list[str]:
    """Every method the routes at a request's path take (its ``Allow``)."""
    methods: set[str] = set()
    for route in app.routes:
        if isinstance(route, Route) and route.matches(scope)[0] != Match.NONE:
            methods |= route.methods or set()
    return sorted(methods)


def _address(request: Request) -> str:
    """The client's address (its proxy's forwarded one only from the proxies believed)."""
    return request.client.host if request.client is not None else ""


def _same_origin(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    """A websocket's page is this server's (its ``Origin`` names the address the browser
    reached it at, its ``Host``) or one the server allows (``--allow-origin``). A client
    that is not a browser sends no ``Origin``: it is not a page of another site."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    host = ws.headers.get("host", "")
    parts = urlsplit(origin)
    return bool(host) and parts.scheme in ("http", "https") and parts.netloc == host


def _lang_of(accept_language: str) -> str:
    """The client's language from its Accept-Language (the client sends the one it shows)."""
    first = accept_language.split(",")[0].strip().lower()
    return "ru" if first.startswith("ru") else "en"


def create_app(database_url: str | None = None, settings: Settings | None = None) -> FastAPI:
    """The ASGI app on the database at ``database_url`` (default: ``rams.sqlite3`` here),
    migrated at start; every table not over is resumed."""
    store = Store(database_url or DEFAULT_DATABASE)
    tables = Tables(store, settings)

    # Finished games' replays are built in a worker process (a long one holds the
    # interpreter for a second: in a thread it would slow every live table), encoded
    # there once, and the bytes kept and shared by every request.
    workers: list[concurrent.futures.ProcessPoolExecutor] = []

    def build_replay(record_text: str, lang: str) -> Awaitable[bytes]:
        loop = asyncio.get_running_loop()
        n = tables.settings.replay_workers
        if n <= 0:
            return asyncio.to_thread(replay_bytes, record_text, lang)
        if not workers:
            workers.append(process_pool(n))
        return loop.run_in_executor(workers[0], replay_bytes, record_text, lang)

    # Analyses (rams.web.analysis) run one at a time (by default), in a worker process (a
    # long one would hold the interpreter for minutes), writing their progress themselves;
    # so many may wait, in all and from one address.
    analyses = Analyses(store, tables.settings)

    def analysed_table(table_id: str, seat: int) -> TableRow:
        row = store.table(table_id) if 0 < len(table_id) <= 32 else None
        if row is None:
            raise TableError(404, "no_table")
        if not 0 <= seat < row.rules.players:
            raise TableError(422, "no_seat", seat=seat, players=row.rules.players)
        if row.status != "over" or row.record is None:
            raise TableError(409, "not_over", "analysis_not_over")
        return row

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store.migrate()
        await tables.start()
        yield
        await tables.stop()
        for pool in workers:
            stop_pool(pool)
        analyses.close()  # (a running analysis's row, left running, restarts on request)
        store.close()

    app = FastAPI(title="Rams", lifespan=lifespan, docs_url=None, redoc_url=None, responses=ERRORS)
    app.state.tables = tables
    app.state.store = store
    app.state.analyses = analyses
    meta = _meta()

    @app.middleware("http")
    async def headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        for k, v in _HEADERS.items():
            response.headers.setdefault(k, v)
        return response

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        message = exc.words(_lang_of(request.headers.get("accept-language", "")))
        return JSONResponse({"code": exc.code, "message": message}, status_code=exc.status)

    @app.exception_handler(SQLAlchemyError)
    async def database_away(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        # (A restart of the database, a lost connection: the request may be made again.)
        why = clip(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, 160)
        log.warning("%s %s: the database did not answer (%s)", request.method,
                    request.url.path, why)  # fmt: skip
        message = text("table.database", _lang_of(request.headers.get("accept-language", "")))
        return JSONResponse({"code": "database", "message": message}, status_code=503)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        # What was wrong and where, never the value itself (it may be huge).
        problems = "; ".join(
            f"{'.'.join(str(x) for x in e.get('loc', ()) if x != 'body')}: {e.get('msg', '')}"
            for e in exc.errors()
        )
        lang = _lang_of(request.headers.get("accept-language", ""))
        message = text("table.bad_request", lang, problems=clip(problems))
        return JSONResponse({"code": "bad_request", "message": message}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # (Starlette's own refusals: a body that is not JSON, an unknown path or method.)
        code = {400: "bad_body", 404: "no_page", 405: "bad_method"}.get(exc.status_code, "http")
        lang = _lang_of(request.headers.get("accept-language", ""))
        message = text(f"table.{code}", lang, method=request.method, status=exc.status_code)
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # (Starlette names the first route's methods only)
            headers["Allow"] = ", ".join(_methods_at(app, request.scope))
        return JSONResponse(
            {"code": code, "message": message}, status_code=exc.status_code, headers=headers
        )

    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return page()

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return page()

    @app.get("/r/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return page()

    @app.get("/ratings", include_in_schema=False)
    @app.get("/ratings/{family}", include_in_schema=False)
    @app.get("/p/{player}", include_in_schema=False)
    async def ratings_page() -> FileResponse:
        return page()

    words = {
        lang: {
            **section("web", lang),
            **{f"fair.{k}": v for k, v in section("fair", lang).items()},
            **{f"ratings.{k}": v for k, v in section("ratings", lang).items()},
            **{f"analysis.{k}": v for k, v in section("analysis.web", lang).items()},
            **{k: v for f in (*SHARED, *FAMILIES) for k, v in section(f"{f}.web", lang).items()},
        }
        for lang in LANGS
    }

    @app.get("/api/words")
    async def get_words() -> dict[str, dict[str, str]]:
        """Every word the browser's client shows, in both languages (the text catalogue)."""
        return words

    @app.get("/api/meta")
    async def get_meta() -> dict[str, Any]:
        return meta

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request, body: CreateBody) -> dict[str, Any]:
        client = _address(request)
        if not tables.creations.allow(client):
            raise TableError(429, "too_many")
        try:
            house = dict(body.rules)
            for line in body.extra:
                if not line.strip():
                    continue
                try:
                    key, value = parse_override(line)
                except RamsError as e:
                    raise TableError(400, "bad_rules", "cause", cause=e) from None
                house[key] = value
            options = TableOptions(body.clock, body.watch_delay, body.hints)
            made = tables.create(
                body.name, body.preset, body.players, body.bots, house, options, body.key,
                address=client,
            )  # fmt: skip
        except TableError:
            tables.creations.refund(client)  # a refused creation does not count
            raise
        live, seat, token = made
        tables.kick(live)
        return {"id": live.id, "seat": seat, "token": token, "table": live.public()}

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        public = await tables.public(table_id)
        if public is None:
            raise tables._no_table(table_id)
        return public

    @app.post("/api/tables/{table_id}/join")
    async def join_table(table_id: str, body: JoinBody) -> dict[str, Any]:
        return await tables.joined(table_id, body.name, body.seed, body.key)

    def finished_record(table_id: str) -> str:
        row = store.table(table_id)
        if row is None:
            raise TableError(404, "no_table")
        if row.status != "over" or row.record is None:
            raise TableError(409, "not_over")
        return row.record

    @app.get("/api/tables/{table_id}/record")
    async def get_record(table_id: str) -> Response:
        text = finished_record(table_id)
        return Response(
            text + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="rams-{table_id}.json"'},
        )

    replays: OrderedDict[tuple[str, str], bytes] = OrderedDict()
    replaying: dict[tuple[str, str], asyncio.Future[bytes]] = {}

    @app.get("/api/tables/{table_id}/replay")
    async def get_replay(table_id: str, lang: str = "ru") -> Response:
        """A finished game's every step, built once per table and language off the server
        process, and its bytes shared by every request for it (the most recent few kept)."""
        key = (table_id, lang if lang in LANGS else "ru")
        built = replays.get(key)
        if built is None:
            task = replaying.get(key)
            if task is None:
                task = asyncio.ensure_future(build_replay(finished_record(table_id), key[1]))
                replaying[key] = task
                task.add_done_callback(lambda _: replaying.pop(key, None))
            built = await asyncio.shield(task)
            replays[key] = built
            while len(replays) > REPLAYS_KEPT:
                replays.popitem(last=False)
        replays.move_to_end(key)
        return Response(built, media_type="application/json")

    @app.post("/api/tables/{table_id}/analysis")
    async def post_analysis(
        request: Request, table_id: str, seat: int, lang: str = "ru"
    ) -> dict[str, Any]:
        """Start the strong bot's analysis of a seat of a finished table (0-based seat), in
        the background; or answer the one already stored or running. Refused (429) when
        too many analyses wait, in all or from this address."""
        await asyncio.to_thread(analysed_table, table_id, seat)
        found = await analyses.start(table_id, seat, _address(request))
        return analysis_json(found, lang if lang in LANGS else "ru")

    @app.get("/api/tables/{table_id}/analysis")
    async def get_analysis(table_id: str, seat: int, lang: str = "ru") -> dict[str, Any]:
        """A seat's analysis: its status (``none`` before it is started), its progress, and
        once done its ratings, each with its line in words."""
        await asyncio.to_thread(analysed_table, table_id, seat)
        found = await asyncio.to_thread(store.analysis, table_id, seat)
        if found is None:
            return {"table": table_id, "seat": seat, "status": "none", "done": 0, "total": 0}
        return analysis_json(analyses.live(found), lang if lang in LANGS else "ru")

    @app.get("/api/tables/{table_id}/rules")
    async def get_table_rules(table_id: str, lang: str = "ru") -> dict[str, Any]:
        """The table's whole rules in words (the rules panel; the text a cited clause opens)."""
        live = tables.get(table_id)
        if live is not None:
            rules = live.rules
        else:
            row = store.table(table_id) if 0 < len(table_id) <= 32 else None
            if row is None:
                raise TableError(404, "no_table")
            rules = row.rules
        return rules_view(rules, lang if lang in LANGS else "ru")

    @app.get("/api/rules/{preset}")
    async def get_preset_rules(preset: str, players: int | None = None, lang: str = "ru") -> Any:
        """A preset's whole rules in words, for the page that creates a table."""
        try:
            rules = games.family_of(preset).rules(preset, players)
        except RamsError as e:
            raise TableError(400, "bad_rules", "cause", cause=e) from None
        return rules_view(rules, lang if lang in LANGS else "ru")

    @app.get("/api/ratings/{family}")
    async def get_ratings(family: str) -> dict[str, Any]:
        """A family's leaderboard: people and bots, best ``ordinal`` (mu − 3 sigma) first."""
        if family not in FAMILIES:
            raise TableError(404, "no_family")
        board = await asyncio.to_thread(store.leaderboard, family)
        return {"family": family, "families": list(FAMILIES), "players": board}

    @app.get("/api/players/{player}")
    async def get_player(player: str) -> dict[str, Any]:
        """A player's page: per family the rating, games, wins, mean place, by preset, and
        the rating after every game."""
        if re.fullmatch(PLAYER_PATTERN, player) is None:
            raise TableError(404, "no_player")
        found = await asyncio.to_thread(store.player, player)
        if found is None:
            raise TableError(404, "no_player")
        return found

    @app.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        if not _same_origin(ws, tables.settings.allow_origins):
            # A page of another site (cross-site websocket hijacking): refused (HTTP 403).
            log.warning("websocket from the page %s refused: not this server's",
                        clip(ws.headers.get("origin", ""), 80))  # fmt: skip
            await ws.close(code=1008)
            return
        await ws.accept()

        async def send(message: dict[str, Any]) -> None:
            await ws.send_text(json.dumps(message, ensure_ascii=False))

        async def end(reason: str) -> None:
            """Close from this side, with the reason; a connection that takes no more (its
            reader does not read: not even the close frame leaves) is cut."""
            try:
                async with asyncio.timeout(CLOSE_TIMEOUT):
                    await ws.close(code=CLOSE_CODE, reason=reason)
            except Exception:
                cut = ws.scope.get("extensions", {}).get(ABORT, {}).get("abort")
                if cut is not None:
                    cut()

        host = ws.client.host if ws.client is not None else ""
        if tables.sockets.get(host, 0) >= tables.settings.sockets_per_address:
            await send(error("too_many_sockets", "en"))
            with suppress(Exception):
                await ws.close()
            return
        tables.sockets[host] = tables.sockets.get(host, 0) + 1
        try:
            await tables.serve(table_id, ws.receive, send, end)
        finally:
            tables.sockets[host] -= 1
            if not tables.sockets[host]:
                del tables.sockets[host]
        with suppress(Exception):
            await ws.close()

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    return app


def _check_serve_args(args: argparse.Namespace) -> None:
    """Every ``rams serve`` flag in range, before anything starts (one line, exit 2)."""
    if not 0 <= args.port <= 65535:
        raise RamsError("cli.port", port=args.port)
    for flag, value, least in (
        ("--grace", args.grace, 0.0),
        ("--bot-delay", args.bot_delay, 0.0),
        ("--deal-pause", args.deal_pause, 0.0),
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
        raise RamsError(
            "cli.cannot_listen", host=host, port=port, why=e.strerror or str(e)
        ) from None
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


def _serve_process(args: argparse.Namespace, database: str, sock: socket.socket) -> None:
    """One server process on a listening socket."""
    import uvicorn

    from rams.fast import warm

    settings = Settings(
        grace_s=args.grace,
        bot_delay=args.bot_delay,
        deal_pause=args.deal_pause,
        tables_per_minute=args.tables_per_minute,
        redis_url=args.redis,
        lease_s=args.lease,
        think_workers=args.think_workers,
        heavy_tables_per_address=args.heavy_tables,
        analysis_queue=args.analysis_queue,
        analyses_per_address=min(2, args.analysis_queue),
        unload_after=args.unload_after * 60,
        allow_origins=tuple(o.rstrip("/") for o in args.allow_origin),
    )
    app = create_app(database, settings)
    warm.start()  # the bots' solver, compiled in the background before a table needs it
    config = server_config(app, args.proxy, log_level=args.log_level)
    uvicorn.Server(config).run(sockets=[sock])


def _worker(args: argparse.Namespace, database: str, sock: socket.socket) -> None:
    _log_setup()
    _serve_process(args, database, sock)


def _supervise(args: argparse.Namespace, database: str, sock: socket.socket) -> None:
    """``--workers N``: N server processes sharing the socket, each started again if it
    dies (its tables are taken over by the others meanwhile), all stopped on a signal."""
    import signal
    import time

    spawn = multiprocessing.get_context("spawn")
    stopping = False
    # (only the flags go to the children: not the parser's functions)
    args = argparse.Namespace(**{k: v for k, v in vars(args).items() if not callable(v)})

    def start() -> multiprocessing.process.BaseProcess:
        p = spawn.Process(target=_worker, args=(args, database, sock), daemon=False)
        p.start()
        return p

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    children = [start() for _ in range(args.workers)]
    try:
        while not stopping:
            time.sleep(0.5)
            for i, child in enumerate(children):
                if not child.is_alive() and not stopping:
                    log.error("server process %s ended (%s); starting another", child.pid,
                              child.exitcode)  # fmt: skip
                    children[i] = start()
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
