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
- :mod:`rams.web.tables`' parts: :mod:`rams.web.seats` (the driver of every table's turns,
  pauses and clocks) and :mod:`rams.web.sockets` (a connection's messages), each its own class;
- :mod:`rams.web.routes`: the routers (pages, the API, the websockets) and their services;
- :mod:`rams.web.app`: the application, its middleware and error handlers;
- :mod:`rams.web.serve`: ``rams serve`` (the server's settings, its log, the cluster's checks);
  the browser client is in ``static/``.
"""
