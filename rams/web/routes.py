"""The web server's routes, in routers (Starlette's way): the pages, the HTTP API, the
websocket. Each route reaches the server's parts through :class:`Services` (the app's
state), never through a closure: ``rams.web.app`` builds them and includes the routers.
"""

from __future__ import annotations

import asyncio
import gzip
import logging
import re
from collections.abc import Callable, Collection
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Literal, cast
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Request, WebSocket
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, Field

from rams import games, lessons
from rams.bots import available_levels
from rams.errors import RamsError
from rams.games import DEFAULT_FAMILY, DEFAULT_PRESET, FAMILIES, SHARED, parse_override
from rams.rulebook import rules_view
from rams.web.analysis import Analyses, analysis_json
from rams.web.ladder import Hub, Ladder, ladder_json, register_bot, serve_connector
from rams.web.live import RateLimit, TableError, TableOptions, clip, cut_name
from rams.web.protocol import LANGS, encoded, error
from rams.web.replay import Replays
from rams.web.store import Store, TableRow
from rams.web.tables import Tables
from rams.words import section

__all__ = [
    "ABORT",
    "ERRORS",
    "STATIC",
    "CreateBody",
    "ErrorBody",
    "JoinBody",
    "PlayBody",
    "RematchBody",
    "Services",
    "api",
    "lang_of",
    "pages",
    "sockets",
]

log = logging.getLogger("rams.web.app")
STATIC = Path(__file__).resolve().parent / "static"
#: A browser's secret key (rams.ratings): 32 random bytes in hex.
KEY_PATTERN = r"^[0-9a-f]{64}$"
#: A player's id: a key's SHA-256 in hex, or a bot level's ``bot:LEVEL``.
PLAYER_PATTERN = r"^([0-9a-f]{64}|bot:[a-z]{1,16})$"
#: The most jobs that may wait for the worker processes when a learner asks the bots.
LESSON_QUEUE = 16
#: The close code of a websocket the server ends, its reason a code the page words
#: (``slow_reader``, ``moved``, ``server_moved``, ``unreachable``).
CLOSE_CODE = 4000
#: Seconds a close from this side may take before the connection is cut.
CLOSE_TIMEOUT = 2.0
#: The scope's extension by which the server lets the app cut a connection.
ABORT = "rams.abort"


# What the routes are given ---------------------------------------------------------------


@dataclass
class Services:
    """The server's parts, as the routes reach them (the app's ``state.services``)."""

    store: Store
    tables: Tables
    analyses: Analyses
    replays: Replays
    #: What the page that creates a table offers, and the client's words: made once.
    meta: dict[str, Any] = field(default_factory=dict)
    words: dict[str, dict[str, str]] = field(default_factory=dict)
    #: The server's clock (UTC): the daily deals' day, and when their seeds are published
    #: (a test sets another).
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))
    #: The public ladder's connected bots and its matches (rams.web.ladder).
    hub: Hub = field(default_factory=Hub)
    ladder: Ladder | None = None
    #: Bots registered by client address: 5 at once, then 2 a minute.
    registrations: RateLimit = field(default_factory=lambda: RateLimit(2.0, 5))

    def finished_record(self, table_id: str) -> str:
        """A finished table's record (§12); 404 for no table, 409 while it is played."""
        row = self.store.table(table_id)
        if row is None:
            raise TableError(404, "no_table")
        if row.status != "over" or row.record is None:
            raise TableError(409, "not_over")
        return row.record

    def analysed_table(self, table_id: str, seat: int) -> TableRow:
        """A finished table whose seat may be analysed (404, 422, 409 otherwise)."""
        row = self.store.table(table_id) if 0 < len(table_id) <= 32 else None
        if row is None:
            raise TableError(404, "no_table")
        if not 0 <= seat < row.rules.players:
            raise TableError(422, "no_seat", seat=seat, players=row.rules.players)
        if row.status != "over" or row.record is None:
            raise TableError(409, "not_over", "analysis_not_over")
        return row


def services(request: Request) -> Services:
    found: Services = request.app.state.services
    return found


Served = Annotated[Services, Depends(services)]


def meta() -> dict[str, Any]:
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


def words() -> dict[str, dict[str, str]]:
    """Every word the browser's client shows, in both languages (the text catalogue)."""
    return {
        lang: {
            **section("web", lang),
            **section("web.living", lang),
            **{f"fair.{k}": v for k, v in section("fair", lang).items()},
            **{f"ratings.{k}": v for k, v in section("ratings", lang).items()},
            **{f"learn.{k}": v for k, v in section("learn", lang).items()},
            **{f"ladder.{k}": v for k, v in section("ladder.web", lang).items()},
            **{f"ladder.code_{k}": v for k, v in section("ladder.code", lang).items()},
            **{f"analysis.{k}": v for k, v in section("analysis.web", lang).items()},
            **{f"lobby.{k}": v for k, v in section("lobby", lang).items()},
            **{f"reactions.{k}": v for k, v in section("reactions", lang).items()},
            **{f"daily.{k}": v for k, v in section("daily", lang).items()},
            **{k: v for f in (*SHARED, *FAMILIES) for k, v in section(f"{f}.web", lang).items()},
        }
        for lang in LANGS
    }


def address(request: Request) -> str:
    """The client's address (its proxy's forwarded one only from the proxies believed)."""
    return request.client.host if request.client is not None else ""


def lang_of(accept_language: str) -> str:
    """The client's language from its Accept-Language (the client sends the one it shows)."""
    first = accept_language.split(",")[0].strip().lower()
    return "ru" if first.startswith("ru") else "en"


def _lang(lang: str) -> str:
    return lang if lang in LANGS else "ru"


# The requests' bodies and the refusals ---------------------------------------------------


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
    #: Listed in the lobby while it waits for players (false: by its link only).
    public: bool = False
    #: Quick reactions (phrases and emoji of the catalogue) at the table.
    reactions: bool = True
    #: The creator's secret key, kept by their browser: their rating's identity (only its
    #: SHA-256 is stored, rams.ratings); none, not rated.
    key: str | None = Field(default=None, pattern=KEY_PATTERN)
    #: The creator's language: the bots' names are chosen in it.
    lang: Literal["ru", "en"] = "ru"


class JoinBody(BaseModel):
    """``POST /api/tables/{id}/join``: the name of the person taking a free seat, and the
    seat's client seed for the first deal (rams.fair), drawn by the browser."""

    name: str = Field(max_length=200)
    seed: str | None = Field(default=None, max_length=64, pattern=r"^[0-9A-Za-z_-]{1,64}$")
    #: The person's secret key, as in :class:`CreateBody`.
    key: str | None = Field(default=None, pattern=KEY_PATTERN)


class PlayBody(BaseModel):
    """``POST /api/play`` («Играть сейчас»): the person's name, seed and key, as in
    :class:`JoinBody`."""

    name: str = Field(max_length=200)
    seed: str | None = Field(default=None, max_length=64, pattern=r"^[0-9A-Za-z_-]{1,64}$")
    key: str | None = Field(default=None, pattern=KEY_PATTERN)
    #: The person's language: a new table's bots are named in it.
    lang: Literal["ru", "en"] = "ru"
    #: A new table with bots, whatever tables wait (after ``/api/play/choose`` found none).
    new_table: bool = False


class ChooseBody(BaseModel):
    """``POST /api/play/choose``: the person's name and key, as in :class:`PlayBody`."""

    name: str = Field(max_length=200)
    key: str | None = Field(default=None, pattern=KEY_PATTERN)


class RematchBody(BaseModel):
    """``POST /api/tables/{id}/rematch``: the secret token of a seat of the finished table
    (the one its page keeps)."""

    token: str = Field(min_length=1, max_length=200)


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
        (403, "Not a seat of this table"),
        (404, "No such table, player or family"),
        (409, "Not possible now (the table is full, or not over)"),
        (410, "The table has expired"),
        (413, "The request body is too big"),
        (422, "The request does not match the schema"),
        (429, "Too many tables made from this address"),
        (503, "The server is busy"),
    ]
}


# The pages ---------------------------------------------------------------------------------

pages = APIRouter(include_in_schema=False)


def _page() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


@pages.get("/")
async def index() -> FileResponse:
    return _page()


@pages.get("/t/{table_id}")
async def table_page(table_id: str) -> FileResponse:
    return _page()


@pages.get("/r/{table_id}")
async def replay_page(table_id: str) -> FileResponse:
    return _page()


@pages.get("/daily")
@pages.get("/daily/{day}")
async def daily_page() -> FileResponse:
    return _page()


@pages.get("/ladder")
@pages.get("/ladder/{family}")
@pages.get("/ratings")
@pages.get("/ratings/{family}")
@pages.get("/p/{player}")
async def ratings_page() -> FileResponse:
    return _page()


@pages.get("/learn")
@pages.get("/learn/{family}/{lesson}")
async def learn_page() -> FileResponse:
    return _page()


# The HTTP API --------------------------------------------------------------------------------

api = APIRouter(prefix="/api")


@api.get("/words")
async def get_words(s: Served) -> dict[str, dict[str, str]]:
    """Every word the browser's client shows, in both languages (the text catalogue)."""
    return s.words


@api.get("/meta")
async def get_meta(s: Served) -> dict[str, Any]:
    return s.meta


@api.post("/tables", status_code=201)
async def create_table(request: Request, body: CreateBody, s: Served) -> dict[str, Any]:
    tables, client = s.tables, address(request)
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
        options = TableOptions(
            body.clock, body.watch_delay, body.hints, body.public, body.reactions
        )
        name, cut = cut_name(body.name)
        # (among several processes, made by the one that plays fewest tables)
        answer = await tables.made(
            name=name, preset=body.preset, players=body.players, bots=list(body.bots),
            house_rules=house, options=options.to_json(), key=body.key, address=client,
            lang=body.lang,
        )  # fmt: skip
    except TableError:
        tables.creations.refund(client)  # a refused creation does not count
        raise
    # The name the creator sits under, and whether it was cut to fit (the page says so).
    return {**answer, "name": name, "name_cut": cut}


@api.get("/lobby")
async def get_lobby(s: Served) -> dict[str, Any]:
    """The lobby: the tables their creators made public that wait for players (each has a
    free seat), newest first, of every server process — their rules in words, the names at
    them and the bots' levels, the free seats, the options; never a token or a card."""
    return {"tables": await asyncio.to_thread(s.tables.lobby.tables)}


@api.post("/play")
async def play_now(request: Request, body: PlayBody, s: Served) -> dict[str, Any]:
    """«Играть сейчас»: a seat at a public table that needs a person (the nearest to
    starting), or else a new table of the default preset with bots, which starts at once.
    Answered as a join is, with ``made`` (true: a new table)."""
    lobby = s.tables.lobby
    if body.new_table:
        return await lobby.made_for(body.name, body.key, address(request), body.lang)
    return await lobby.play_now(body.name, body.seed, body.key, address(request), body.lang)


@api.post("/play/choose")
async def play_choose(body: ChooseBody, s: Served) -> dict[str, Any]:
    """The table «Играть сейчас» would seat this person at (``id``; null: it would make a new
    one), without seating him: the browser shows itself that table's commitment for the
    first deal, then joins it with its own seed (rams.fair), as from the lobby's list."""
    chosen = await asyncio.to_thread(s.tables.lobby.choose, body.name, body.key)
    return {"id": chosen}


@api.get("/tables/{table_id}")
async def get_table(table_id: str, s: Served) -> dict[str, Any]:
    public = await s.tables.public(table_id)
    if public is None:
        raise s.tables.no_table(table_id)
    return public


@api.post("/tables/{table_id}/join")
async def join_table(table_id: str, body: JoinBody, s: Served) -> dict[str, Any]:
    return await s.tables.joined(table_id, body.name, body.seed, body.key)


@api.post("/tables/{table_id}/rematch")
async def rematch_table(
    request: Request, table_id: str, body: RematchBody, s: Served
) -> dict[str, Any]:
    """Play again: the next table of a finished one, with the same players, rules and
    options (made by the first seat that asks, counted as a table made from its address;
    the same one for every later ask). Answered as a creation is: the table's id, this
    seat there and its secret token (none for a seat that was away when it was made)."""
    return await s.tables.rematch(table_id, body.token, address(request))


@api.get("/tables/{table_id}/record")
async def get_record(table_id: str, s: Served) -> Response:
    text = s.finished_record(table_id)
    return Response(
        text + "\n",
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="rams-{table_id}.json"'},
    )


@api.get("/tables/{table_id}/replay")
async def get_replay(request: Request, table_id: str, s: Served, lang: str = "ru") -> Response:
    """A finished game's every step, built once per table and language off the server
    process, and its gzip-compressed bytes shared by every request for it (the most recent
    few kept); a client that takes no gzip gets them unpacked."""
    built = await s.replays.get(table_id, _lang(lang), lambda: s.finished_record(table_id))
    headers = {"Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        headers["Content-Encoding"] = "gzip"
    else:
        built = await asyncio.to_thread(gzip.decompress, built)
    return Response(built, media_type="application/json", headers=headers)


@api.post("/tables/{table_id}/analysis")
async def post_analysis(
    request: Request, table_id: str, seat: int, s: Served, lang: str = "ru"
) -> dict[str, Any]:
    """Start the strong bot's analysis of a seat of a finished table (0-based seat), in
    the background; or answer the one already stored or running. Refused (429) when too
    many analyses wait, in all or from this address."""
    await asyncio.to_thread(s.analysed_table, table_id, seat)
    found = await s.analyses.start(table_id, seat, address(request))
    return analysis_json(found, _lang(lang))


@api.get("/tables/{table_id}/analysis")
async def get_analysis(table_id: str, seat: int, s: Served, lang: str = "ru") -> dict[str, Any]:
    """A seat's analysis: its status (``none`` before it is started), its progress, and
    once done its ratings, each with its line in words."""
    await asyncio.to_thread(s.analysed_table, table_id, seat)
    found = await asyncio.to_thread(s.store.analysis, table_id, seat)
    if found is None:
        return {"table": table_id, "seat": seat, "status": "none", "done": 0, "total": 0}
    return analysis_json(s.analyses.live(found), _lang(lang))


@api.get("/tables/{table_id}/rules")
async def get_table_rules(table_id: str, s: Served, lang: str = "ru") -> dict[str, Any]:
    """The table's whole rules in words (the rules panel; the text a cited clause opens)."""
    live = s.tables.get(table_id)
    if live is not None:
        rules = live.rules
    else:
        row = s.store.table(table_id) if 0 < len(table_id) <= 32 else None
        if row is None:
            raise TableError(404, "no_table")
        rules = row.rules
    return rules_view(rules, _lang(lang))


@api.get("/rules/{preset}")
async def get_preset_rules(preset: str, players: int | None = None, lang: str = "ru") -> Any:
    """A preset's whole rules in words, for the page that creates a table."""
    try:
        rules = games.family_of(preset).rules(preset, players)
    except RamsError as e:
        raise TableError(400, "bad_rules", "cause", cause=e) from None
    return rules_view(rules, _lang(lang))


class BotBody(BaseModel):
    """A bot to register for the public ladder: its name."""

    name: str = Field(min_length=1, max_length=200)


@api.post("/bots", status_code=201)
async def create_bot(request: Request, body: BotBody, s: Served) -> dict[str, Any]:
    """Register a bot (rams.web.ladder): its id, its name and its secret key, given only
    now (the server keeps its SHA-256); so many from one address a minute."""
    name, _ = cut_name(body.name)
    if not s.registrations.allow(address(request)):
        raise TableError(429, "too_many_bots", "ladder.too_many_bots")
    bot_id, key = await asyncio.to_thread(register_bot, s.store, name)
    return {"id": bot_id, "name": name, "key": key}


@api.get("/bots/connected")
async def get_connected_bots(s: Served) -> dict[str, Any]:
    """The registered bots connected now (rams.web.ladder): a table's host may seat them."""
    return {"bots": [{"id": c.bot_id, "name": c.name} for c in s.hub.connected.values()]}


@api.get("/ladder")
@api.get("/ladder/{family}")
async def get_ladder(s: Served, family: str = DEFAULT_FAMILY) -> dict[str, Any]:
    """The public ladder of a family (the default one's at /api/ladder): ratings, matches,
    replays (rams.web.ladder)."""
    if family not in FAMILIES:
        raise TableError(404, "no_family")
    found = await asyncio.to_thread(ladder_json, s.store, family)
    found["connected"] = len(s.hub.connected)
    return found


@api.get("/ratings/{family}")
async def get_ratings(family: str, s: Served) -> dict[str, Any]:
    """A family's leaderboard: people and bots, best ``ordinal`` (mu − 3 sigma) first."""
    if family not in FAMILIES:
        raise TableError(404, "no_family")
    board = await asyncio.to_thread(s.store.leaderboard, family)
    return {"family": family, "families": list(FAMILIES), "players": board}


@api.get("/players/{player}")
async def get_player(player: str, s: Served) -> dict[str, Any]:
    """A player's page: per family the rating, games, wins, mean place, by preset, and
    the rating after every game."""
    if re.fullmatch(PLAYER_PATTERN, player) is None:
        raise TableError(404, "no_player")
    found = await asyncio.to_thread(s.store.player, player)
    if found is None:
        raise TableError(404, "no_player")
    return found


# The lessons (rams.lessons) -------------------------------------------------------------------


class AnswerBody(BaseModel):
    """``POST /api/lessons/{family}/{id}/check`` and ``…/bots``: the learner's answer, as the
    page sends it (a move in record notation, cards, or a clause id)."""

    answer: str = Field(min_length=1, max_length=200)


def _lesson(family: str, lesson_id: str) -> lessons.Lesson:
    try:
        return lessons.find(f"{family}/{lesson_id}")
    except KeyError:
        raise TableError(404, "no_lesson", "learn.no_lesson") from None


@api.get("/lessons")
async def get_lessons(lang: str = "ru") -> dict[str, Any]:
    """Every family's lessons: each one's key, number, goal and title."""
    return {"families": lessons.index_json(_lang(lang))}


@api.get("/lessons/{family}/{lesson_id}")
async def get_lesson(family: str, lesson_id: str, lang: str = "ru") -> dict[str, Any]:
    """A lesson as the learner sees it (its position through the learner's observation:
    never a card that seat may not see), its task, the rules beside it, and what the page
    offers to answer with."""
    lesson = _lesson(family, lesson_id)
    shown = await asyncio.to_thread(lessons.position_json, lesson, _lang(lang))
    return {**shown, "total": len(lessons.lessons(family))}


@api.post("/lessons/{family}/{lesson_id}/check")
async def check_lesson(
    family: str, lesson_id: str, body: AnswerBody, lang: str = "ru"
) -> dict[str, Any]:
    """An answer checked by the engine (never by the bots: that is ``…/bots``): right, or
    why not in words with the clauses; ``ask_bots`` where the bots may value the move."""
    lesson = _lesson(family, lesson_id)

    def checked() -> dict[str, Any]:
        outcome = lessons.check(lesson, body.answer, analyse=False)
        found = lessons.outcome_json(lesson, outcome, _lang(lang))
        return {**found, "ask_bots": lessons.analysable(lesson, outcome) and bots_here()}

    return await asyncio.to_thread(checked)


def bots_here() -> bool:
    """Whether the strong bot, which values the lessons' moves, runs here."""
    from rams import bots

    return bots.available("hard")


@api.post("/lessons/{family}/{lesson_id}/bots")
async def ask_bots(
    request: Request, family: str, lesson_id: str, body: AnswerBody, s: Served, lang: str = "ru"
) -> dict[str, Any]:
    """«Спросить ботов»: a wrong move valued by the strong bot, in the server's worker
    processes (in its turn with the tables' work, each address a queue of its own), as
    ``…/check`` answers it with the bots' values added. Refused (503) while too many wait."""
    lesson = _lesson(family, lesson_id)
    workers = s.tables.workers
    if not bots_here():
        raise TableError(409, "no_bots", "learn.no_bots")
    plain = await asyncio.to_thread(lessons.check, lesson, body.answer, analyse=False)
    if not lessons.analysable(lesson, plain):  # (nothing for the bots: answered here)
        return lessons.outcome_json(lesson, plain, _lang(lang))
    if workers.waiting >= LESSON_QUEUE:
        raise TableError(503, "busy", "learn.busy")
    found = await workers.run(
        f"learn:{address(request)}", "hint", lessons.answer_json, lesson.key, body.answer,
        _lang(lang), True,
    )  # fmt: skip
    return cast(dict[str, Any], found)


# The websocket -------------------------------------------------------------------------------

sockets = APIRouter()


def _same_origin(ws: WebSocket, allowed: tuple[str, ...], ports: Collection[int] = ()) -> bool:
    """A websocket's page is this server's (its ``Origin`` names the address the browser
    reached it at, its ``Host``, or the same host at a port of a process of the cluster,
    ``ports``: a socket sent to its table's process, protocol 3) or one the server allows
    (``--allow-origin``). A client that is not a browser sends no ``Origin``: it is not a
    page of another site."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    host = ws.headers.get("host", "")
    parts = urlsplit(origin)
    if not host or parts.scheme not in ("http", "https"):
        return False
    if parts.netloc == host:
        return True
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
        here = urlsplit(f"//{host}").hostname
    except ValueError:
        return False
    return port in ports and here is not None and parts.hostname == here


def _url_at(ws: WebSocket) -> Callable[[int], str]:
    """This socket's address at another port of the host the browser reached (a process's
    own port, protocol 3's ``go``)."""

    def at(port: int) -> str:
        return str(ws.url.replace(port=port))

    return at


@sockets.websocket("/ws/bot")
async def bot_socket(ws: WebSocket) -> None:
    """A bot's connector (``rams bot connect``): the bot protocol relayed (rams.web.ladder)."""
    s: Services = ws.app.state.services
    await serve_connector(ws, s.store, s.hub, s.tables.seat_program)


@sockets.websocket("/ws/{table_id}")
async def websocket(ws: WebSocket, table_id: str) -> None:
    tables: Tables = ws.app.state.services.tables
    if not _same_origin(ws, tables.settings.allow_origins, tables.ports()):
        # A page of another site (cross-site websocket hijacking): refused (HTTP 403).
        log.warning("websocket from the page %s refused: not this server's",
                    clip(ws.headers.get("origin", ""), 80))  # fmt: skip
        await ws.close(code=1008)
        return
    await ws.accept()

    async def send(message: dict[str, Any]) -> None:
        await ws.send_text(encoded(message))  # (a message for several encoded once)

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
    if tables.connections.get(host, 0) >= tables.settings.sockets_per_address:
        await send(error("too_many_sockets", "en"))
        with suppress(Exception):
            await ws.close()
        return
    tables.connections[host] = tables.connections.get(host, 0) + 1
    try:
        await tables.serve(table_id, ws.receive, send, end, url_at=_url_at(ws))
    finally:
        tables.connections[host] -= 1
        if not tables.connections[host]:
            del tables.connections[host]
    with suppress(Exception):
        await ws.close()
