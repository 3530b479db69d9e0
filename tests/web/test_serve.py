"""``rams serve`` itself: what it prints at start."""

from __future__ import annotations

from typing import Any

import pytest

from rams.cli import main


def test_serve_prints_the_database_url_without_its_password(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    import rams.web.serve

    served: list[dict[str, Any]] = []

    class NoStore:  # the database is not reached: only what is printed matters here
        def close(self) -> None:
            pass

    monkeypatch.setattr(rams.web.serve, "open_store", lambda url: NoStore())
    monkeypatch.setattr("rams.fast.warm.start", lambda: None)
    monkeypatch.setattr(
        uvicorn.Server,
        "run",
        lambda server, sockets=None: served.append({"port": sockets[0].getsockname()[1]}),
    )
    url = "postgresql+psycopg://rams:s3cr%40t-pw@db.example:5432/rams"
    assert main(["serve", "--database-url", url, "--port", "8123"]) == 0
    out = capsys.readouterr().out
    assert served and served[0]["port"] == 8123
    assert "s3cr" not in out and "%40" not in out
    assert "postgresql+psycopg://rams:***@db.example:5432/rams" in out
