"""The daily deals' HTTP API (rams.daily): the day's deals with their commitments (their
seeds once the day is over), the results on each with their duplicate scores, the day's
standings; and a person's one try at a deal, a table of its own against bots.

Until the day is over a deal's tables are not named (their replays would show its cards to
those who have yet to play it): the results' points are, and each person's own table is
known to their browser.
"""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from rams import games
from rams.daily import (
    BOTS,
    DailyDeal,
    Result,
    bots_points,
    day_deals,
    parse_day,
    parse_deal,
    published,
    revealed,
    scored,
    standings,
    today,
)
from rams.fair import commitment, new_seed
from rams.web.live import TableError, cut_name
from rams.web.routes import KEY_PATTERN, Served, address
from rams.words import text

__all__ = ["DailyPlayBody", "daily_api", "day_json"]

daily_api = APIRouter(prefix="/api/daily")


class DailyPlayBody(BaseModel):
    """``POST /api/daily/{deal}/play``: the person's name, their browser's secret key (who
    they are: one try a deal), their language (the bots' names)."""

    name: str = Field(max_length=200)
    key: str = Field(pattern=KEY_PATTERN)
    lang: Literal["ru", "en"] = "ru"


def _lang(lang: str) -> str:
    return lang if lang in ("ru", "en") else "ru"


def _capital(title: str) -> str:
    """A preset's title at the head of a line (the catalogue's are written to run in a
    sentence: «рамс по Фихману»)."""
    return title[:1].upper() + title[1:]


def _bots_result(s: Served, deal: DailyDeal, seed: str, lang: str) -> None:
    """The bots' own result on a deal, played and stored once."""
    name = text("daily.bots", lang)
    s.store.daily_bots(deal.id, deal.day.isoformat(), BOTS, name, bots_points(deal, seed))


def day_json(s: Served, day: date, lang: str) -> dict[str, Any]:
    """A day's deals, results and standings, as ``GET /api/daily/{day}`` answers."""
    now = s.clock()
    deals = day_deals(day)
    over = revealed(day, now)
    ids = [d.id for d in deals]
    if over:
        # A day over whose commitments were never published has no deals: a seed drawn now
        # would be shown at once, with nothing promised before it.
        seeds = s.store.daily_seeds_drawn(ids)
        if len(seeds) < len(ids):
            raise TableError(404, "no_daily", "daily.no_day")
    else:
        seeds = s.store.daily_seeds(day.isoformat(), ids, new_seed)
    if over:  # (the bots' result of a deal nobody played yet, now that it may be shown)
        have = {r.deal for r in s.store.daily_day(day.isoformat()) if r.player_id == BOTS}
        for d in deals:
            if d.id not in have:
                _bots_result(s, d, seeds[d.id], lang)
    rows = s.store.daily_day(day.isoformat())
    played = [
        Result(r.deal, r.player_id, r.name, r.points, r.table_id)
        for r in rows
        if r.points is not None
    ]
    scores = {(r.deal, r.player): (mp, most) for r, mp, most in scored(played)}
    bots_name = text("daily.bots", lang)
    out = []
    for d in deals:
        preset = games.presets()[d.preset]
        results = [
            {
                "player": r.player,
                "name": bots_name if r.player == BOTS else r.name,
                "bots": r.player == BOTS,
                "points": r.points,
                "matchpoints": scores[(d.id, r.player)][0],
                "most": scores[(d.id, r.player)][1],
                "table": r.table if over else None,
            }
            for r in played
            if r.deal == d.id
        ]
        results.sort(key=lambda x: (-int(x["points"] or 0), str(x["name"])))
        out.append(
            {
                "id": d.id,
                "preset": d.preset,
                "family": d.family,
                "number": d.number,
                "players": d.players,
                "title": _capital(preset.title[_lang(lang)]),
                "commitment": commitment(seeds[d.id]),
                "seed": seeds[d.id] if over else None,
                "context": d.context().to_json(),
                "results": results,
            }
        )
    board = [
        {
            "player": st.player,
            "name": bots_name if st.player == BOTS else st.name,
            "bots": st.player == BOTS,
            "deals": st.deals,
            "matchpoints": st.matchpoints,
            "most": st.most,
            "percent": round(100 * st.share, 1),
            "versus_bots": st.versus_bots,
        }
        for st in standings(played)
    ]
    return {
        "day": day.isoformat(),
        "today": today(now).isoformat(),
        "open": day == today(now),
        "over": over,
        "deals": out,
        "standings": board,
    }


@daily_api.get("")
async def get_today(s: Served, lang: str = "ru") -> dict[str, Any]:
    """Today's deals (UTC), as :func:`get_day` answers, and tomorrow's commitments."""
    day = today(s.clock())
    answer = await asyncio.to_thread(day_json, s, day, _lang(lang))
    tomorrow = await asyncio.to_thread(day_json, s, date.fromordinal(day.toordinal() + 1), lang)
    answer["next"] = {
        "day": tomorrow["day"],
        "deals": [
            {k: d[k] for k in ("id", "title", "number", "commitment")} for d in tomorrow["deals"]
        ],
    }
    return answer


@daily_api.get("/{day}")
async def get_day(day: str, s: Served, lang: str = "ru") -> dict[str, Any]:
    """A day's deals with their commitments (their seeds once the day is over), every
    result with its matchpoints, and the standings. A day not yet published is 404."""
    found = parse_day(day)
    if found is None or not published(found, s.clock()):
        raise TableError(404, "no_daily", "daily.no_day")
    return await asyncio.to_thread(day_json, s, found, _lang(lang))


@daily_api.post("/{deal_id}/play", status_code=201)
async def play_daily(
    request: Request, deal_id: str, body: DailyPlayBody, s: Served
) -> dict[str, Any]:
    """A person's one try at one of today's deals: a table of its own, the person in the
    first seat, bots in the others, the deal's cards. Answered as a table's creation is
    (its id, the seat, the seat's secret token). Refused: 404 for no such deal, 409 for a
    deal not of today (UTC) and for a second try at it (by the browser's key)."""
    deal = parse_deal(deal_id)
    if deal is None:
        raise TableError(404, "no_daily", "daily.no_deal")
    if deal.day != today(s.clock()):
        raise TableError(409, "daily_closed", "daily.closed")
    client = address(request)
    if not s.tables.creations.allow(client):
        raise TableError(429, "too_many")
    try:
        seeds = await asyncio.to_thread(
            s.store.daily_seeds, deal.day.isoformat(), [deal.id], new_seed
        )
        await asyncio.to_thread(_bots_result, s, deal, seeds[deal.id], body.lang)
        name, cut = cut_name(body.name)
        # (among several processes, made by the one that plays fewest tables)
        answer = await s.tables.made_daily(
            deal=deal.id, name=name, key=body.key, address=client, lang=body.lang
        )
    except TableError:
        s.tables.creations.refund(client)  # a refused creation does not count
        raise
    return {**answer, "deal": deal.id, "name": name, "name_cut": cut}
