"""Alembic's environment: migrate the connection the server hands over (or the URL)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection

from rams.web.store import metadata


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()


def _main() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    assert url, "sqlalchemy.url is not set"
    engine = create_engine(url)
    with engine.begin() as conn:
        _run(conn)
    engine.dispose()


if hasattr(context, "config"):  # run by Alembic (not when merely imported, as by doctest)
    _main()
