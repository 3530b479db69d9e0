"""The web server's app: ``create_app(database_url)`` builds the ASGI app — the server's
parts (the store, the tables, the analyses, the replays), the refusals in words, the limits
on what comes in, the routes (:mod:`rams.web.routes`) and the browser client (``static/``:
plain HTML, CSS and ES modules, no CDN, no build step). ``rams serve`` runs it
(:mod:`rams.web.serve`).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rams.web.analysis import Analyses
from rams.web.daily import daily_api
from rams.web.ladder import Hub, Ladder, LadderSettings
from rams.web.live import Settings, TableError, clip
from rams.web.replay import Replays
from rams.web.routes import ERRORS, STATIC, Services, api, lang_of, meta, pages, sockets, words
from rams.web.store import Store
from rams.web.tables import Tables
from rams.words import text

__all__ = ["DEFAULT_DATABASE", "MAX_BODY", "BodyLimit", "create_app"]

log = logging.getLogger(__name__)
DEFAULT_DATABASE = "sqlite:///rams.sqlite3"
#: The largest request body taken, in bytes (a table's whole settings are a few hundred).
MAX_BODY = 64 * 1024
#: Finished games' replays kept built, by table and language.
REPLAYS_KEPT = 16
_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; "
    "img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


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
        lang = lang_of(dict(scope["headers"]).get(b"accept-language", b"").decode("latin-1"))
        message = text("table.too_big", lang, kib=self.limit // 1024)
        response = JSONResponse({"code": "too_big", "message": message}, status_code=413)
        await response(scope, receive, send)


def _methods_at(app: FastAPI, scope: Scope) -> list[str]:
    """Every method the routes at a request's path take (its ``Allow``): each method asked of
    every route, as a request of it would be (included routers answer for their own routes)."""
    return [
        method
        for method in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
        if any(r.matches({**scope, "method": method})[0] == Match.FULL for r in app.routes)
    ]


def create_app(database_url: str | None = None, settings: Settings | None = None) -> FastAPI:
    """The ASGI app on the database at ``database_url`` (default: ``rams.sqlite3`` here),
    migrated at start; every table not over is resumed."""
    store = Store(database_url or DEFAULT_DATABASE)
    tables = Tables(store, settings)
    s = tables.settings
    services = Services(
        store,
        tables,
        # Analyses (rams.web.analysis) run one at a time (by default), in a worker process
        # (a long one would hold the interpreter for minutes); so many may wait, in all and
        # from one address.
        Analyses(store, s),
        Replays(s.replay_workers, REPLAYS_KEPT),
        meta(),
        words(),
    )
    hub = Hub()
    ladder = Ladder(store, hub, LadderSettings(every=s.ladder_every, deals=s.ladder_deals))
    services.hub, services.ladder = hub, ladder
    tables.hub = hub  # (a registered bot seated like a level, rams.web.ladder)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store.migrate()
        await tables.start()
        await ladder.start()
        yield
        await ladder.stop()
        await tables.stop()
        services.replays.close()
        services.analyses.close()  # (a running analysis's row, left running, restarts)
        store.close()

    app = FastAPI(title="Rams", lifespan=lifespan, docs_url=None, redoc_url=None, responses=ERRORS)
    app.state.services = services
    app.state.tables = tables
    app.state.store = store
    app.state.analyses = services.analyses

    @app.middleware("http")
    async def headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        for k, v in _HEADERS.items():
            response.headers.setdefault(k, v)
        return response

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        message = exc.words(lang_of(request.headers.get("accept-language", "")))
        return JSONResponse({"code": exc.code, "message": message}, status_code=exc.status)

    @app.exception_handler(SQLAlchemyError)
    async def database_away(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        # (A restart of the database, a lost connection: the request may be made again.)
        why = clip(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, 160)
        log.warning("%s %s: the database did not answer (%s)", request.method,
                    request.url.path, why)  # fmt: skip
        message = text("table.database", lang_of(request.headers.get("accept-language", "")))
        return JSONResponse({"code": "database", "message": message}, status_code=503)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        # What was wrong and where, never the value itself (it may be huge).
        problems = "; ".join(
            f"{'.'.join(str(x) for x in e.get('loc', ()) if x != 'body')}: {e.get('msg', '')}"
            for e in exc.errors()
        )
        lang = lang_of(request.headers.get("accept-language", ""))
        message = text("table.bad_request", lang, problems=clip(problems))
        return JSONResponse({"code": "bad_request", "message": message}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        # (Starlette's own refusals: a body that is not JSON, an unknown path or method.)
        path = request.url.path
        if (
            exc.status_code == 404
            and request.method == "GET"
            and not path.startswith(("/api/", "/static/", "/ws/"))
        ):
            # A person's wrong link: the page, which says in words there is no such page.
            page = FileResponse(STATIC / "index.html", status_code=404)
            page.headers["Cache-Control"] = "no-cache"
            return page
        code = {400: "bad_body", 404: "no_page", 405: "bad_method"}.get(exc.status_code, "http")
        lang = lang_of(request.headers.get("accept-language", ""))
        message = text(f"table.{code}", lang, method=request.method, status=exc.status_code)
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # (Starlette names the first route's methods only)
            headers["Allow"] = ", ".join(_methods_at(app, request.scope))
        return JSONResponse(
            {"code": code, "message": message}, status_code=exc.status_code, headers=headers
        )

    app.include_router(pages)
    app.include_router(daily_api)
    app.include_router(api)
    app.include_router(sockets)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    return app
