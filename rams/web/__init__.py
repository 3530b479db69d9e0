"""Rams in the browser: private tables for friends and bots (``rams serve``).

A leaf of the package: FastAPI, SQLAlchemy and Alembic are the ``web`` extra. The parts:

- :mod:`rams.web.store`: the database (SQLite by default, PostgreSQL too), migrated by
  Alembic at start; every action is stored before it is acknowledged;
- :mod:`rams.web.protocol`: the messages of the websocket, in and out; every view of the
  game a seat receives is built from that seat's observation;
- :mod:`rams.web.tables`: the live tables, each a :class:`rams.table.Table` driven by the
  server (bots, stand-ins for people who left, reconnection);
- :mod:`rams.web.hints`: a table's hints for learners, the strong bot's valuation of a
  person's decision sent to that seat alone;
- :mod:`rams.web.replay`: the step-by-step replay of a finished game;
- :mod:`rams.web.app`: the HTTP and websocket routes, and the browser client in ``static/``.
"""
