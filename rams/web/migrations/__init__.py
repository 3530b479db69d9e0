"""The Alembic migrations of the web tables' database, run at every start of the server.

``versions/`` holds one file per schema change (``script.py.mako`` is the template of a
new one); ``env.py`` is Alembic's entry point. The tables of :mod:`rams.web.store` and the
migrations must agree: a test compares them on SQLite and PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

__all__ = ["HERE", "config", "upgrade"]

HERE = Path(__file__).resolve().parent


def config(engine: Engine | None = None) -> Config:
    """An Alembic configuration for this package's migrations (no ini file needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    if engine is not None:
        url = engine.url.render_as_string(hide_password=False)
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))  # configparser syntax
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database of ``engine`` to ``revision`` (by default the newest)."""
    cfg = config(engine)
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)
