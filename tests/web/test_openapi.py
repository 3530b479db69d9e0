"""The HTTP API against its own OpenAPI schema (issue 16's hardening), by schemathesis: for
every operation, requests generated from the schema — and requests that break it — are
answered without a server error, with a status the schema documents, a body that matches
its schema (a refusal is ``{"code", "message"}``), and the content type it names.

Data that fits the schema may still be refused (a made-up table id is a 404), so the check
that such data is accepted is left out; every other check of schemathesis runs.
"""

from __future__ import annotations

import asyncio
import tempfile
from typing import Any

import httpx
import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402

from rams.web.app import create_app  # noqa: E402
from rams.web.store import Store  # noqa: E402
from rams.web.tables import Settings  # noqa: E402

# (Built when the module is read: schemathesis makes the tests from the schema then. Its
# pytest fixture loader does not run on pytest 9.)
_FOLDER = tempfile.TemporaryDirectory(prefix="rams-openapi-")
_URL = f"sqlite:///{_FOLDER.name}/rams.sqlite3"
Store(_URL).migrate()  # (the calls go past the app's start-up, which migrates)
APP = create_app(_URL, Settings(bot_delay=0, replay_workers=0, analysis_workers=0,
                                tables_per_minute=1e6, tables_burst=10**6))  # fmt: skip
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_its_schema_says(case: Any) -> None:
    case.call_and_validate(excluded_checks=[schemathesis.checks.positive_data_acceptance])


def test_the_schema_documents_the_refusals() -> None:
    raw = schema.raw_schema
    assert raw["components"]["schemas"]["ErrorBody"]["required"] == ["code", "message"]
    create = raw["paths"]["/api/tables"]["post"]["responses"]
    assert {"201", "400", "422", "429"} <= set(create)
    assert create["422"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody")


def test_a_body_that_is_not_json_and_a_wrong_method_are_refused_in_words() -> None:
    """Found by the run above: Starlette's own refusals were ``{"detail": …}`` in English,
    and a 405 named the methods of one route of the path, not all."""

    async def calls() -> list[httpx.Response]:
        # (In this process, the app's start-up not needed.)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=APP),
                                     base_url="http://rams") as client:  # fmt: skip
            ru = {"content-type": "application/json", "accept-language": "ru"}
            return [
                await client.post("/api/tables", content=b"\x80{}", headers=ru),  # (not UTF-8)
                await client.put("/api/tables/abc/analysis?seat=0", headers=ru),
                await client.get("/api/nothing-here"),
            ]

    not_json, put, nowhere = asyncio.run(calls())
    assert not_json.status_code == 400
    assert not_json.json() == {"code": "bad_body", "message": "тело запроса — не JSON"}
    assert put.status_code == 405 and put.headers["allow"] == "GET, POST"
    assert put.json() == {"code": "bad_method", "message": "по этому адресу нельзя PUT"}
    assert nowhere.status_code == 404
    assert nowhere.json() == {"code": "no_page", "message": "no such page"}
