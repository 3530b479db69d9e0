"""Saved games: a record (RULES §12) written after every action, its deal in progress sealed."""

from __future__ import annotations

import base64
import json
import random
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rams.bots import bot_names
from rams.errors import RecordError
from rams.fair import DealProof, FairLog, is_server_seed
from rams.games.protocol import Match
from rams.record import Record, dumps, load, record_of
from rams.words import os_reason

__all__ = [
    "SAVES",
    "fair_log_path",
    "load_fair_log",
    "load_save",
    "pending_seed",
    "resume",
    "save_text",
]

#: Where games are saved unless ``--save`` names a file (the repository's .gitignore has it).
SAVES = Path("saves")
_SEAL_MASK = b"rams-seal"


def _seal(data: dict[str, Any]) -> str:
    raw = zlib.compress(json.dumps(data).encode("utf-8"))
    masked = bytes(b ^ _SEAL_MASK[i % len(_SEAL_MASK)] for i, b in enumerate(raw))
    return base64.b64encode(masked).decode("ascii")


def _unseal(text: str) -> dict[str, Any]:
    masked = base64.b64decode(text.encode("ascii"), validate=True)
    raw = bytes(b ^ _SEAL_MASK[i % len(_SEAL_MASK)] for i, b in enumerate(masked))
    data: dict[str, Any] = json.loads(zlib.decompress(raw))
    return data


def fair_log_path(save: Path) -> Path:
    """Where the log of what the player was shown (:class:`rams.fair.FairLog`) is kept:
    beside the save, ``GAME.fair-log.json``."""
    return save.with_name(f"{save.stem}.fair-log.json")


def load_fair_log(save: Path, table: str) -> FairLog | None:
    """The log beside a save, if there is one for this table and it can be read."""
    try:
        with open(fair_log_path(save), encoding="utf-8") as f:
            log = FairLog.from_json(json.load(f))
    except (OSError, ValueError):
        return None
    return log if log.table == table else None


def save_text(
    game: Match,
    meta: dict[str, Any],
    proofs: Sequence[DealProof | None] = (),
    pending: str | None = None,
) -> str:
    """A saved game: a record (§12) of the finished deals, the deal in progress sealed in
    ``meta["sealed"]`` — its deck and every discard stay out of sight of a player who opens
    the file (an obfuscation, not a lock). A finished game is a plain record, its result
    written. ``proofs``: the deals' proofs of their decks (:mod:`rams.fair`), their seeds
    revealed (the file is the player's own, and holds the decks); ``pending``: the server
    seed committed to for the next deal, sealed in ``meta["fair_next"]`` so that a resumed
    game keeps the commitment its player was shown."""
    meta = {k: v for k, v in meta.items() if k not in ("sealed", "fair_next")}
    record = record_of(game, meta, proofs, result=True)
    extra: dict[str, Any] = {}
    if pending is not None and not game.is_over:
        extra["fair_next"] = _seal({"server_seed": pending})
    if record.deals and not game.is_over and not game.deals[-1].is_over:
        current = record.deals[-1]
        extra["sealed"] = _seal(current.to_json(record.family))
        record = Record(record.rules, record.players, record.deals[:-1], record.meta)
    if extra:
        record = Record(record.rules, record.players, record.deals, {**meta, **extra})
    return dumps(record)


def pending_seed(meta: dict[str, Any]) -> str | None:
    """The server seed a saved game committed to for its next deal (:func:`save_text`)."""
    sealed = meta.get("fair_next")
    if not isinstance(sealed, str):
        return None
    try:
        seed = _unseal(sealed).get("server_seed")
    except (ValueError, zlib.error, TypeError):
        return None
    return seed if is_server_seed(seed) else None


def load_save(path: Path) -> Record:
    """A saved game as a record, the sealed deal in progress back in its place."""
    try:
        with open(path, encoding="utf-8") as f:
            record: Record = load(f)
    except OSError as e:
        raise RecordError("record.cannot_read", path=str(path), why=os_reason(e)) from None
    except UnicodeDecodeError:
        raise RecordError("record.not_utf8", path=str(path)) from None
    sealed = record.meta.get("sealed")
    if sealed is None:
        return record
    try:
        data = _unseal(sealed)
    except (ValueError, zlib.error, TypeError):
        raise RecordError("record.sealed") from None
    meta = {k: v for k, v in record.meta.items() if k != "sealed"}
    whole = record.to_json()
    whole["deals"].append(data)
    whole["meta"] = meta
    return Record.from_json(whole)


def resume(
    path: Path,
) -> tuple[Match, list[str | None], dict[str, Any], list[DealProof | None]]:
    """A saved game to go on with: the match, who is a bot in each seat, the save's meta,
    and each deal's proof of its deck (:mod:`rams.fair`; None for a deal without one)."""
    record = load_save(path)
    game = record.replay(partial=True)
    meta = dict(record.meta)
    bots_meta = meta.get("bots")
    n = len(game.players)
    if not (isinstance(bots_meta, list) and len(bots_meta) == n):
        bots_meta = [None] * n
    seatable = bot_names(record.family.name)
    bots: list[str | None] = [b if b in seatable else None for b in bots_meta]
    seed = meta.get("seed")
    game.rng = (
        random.Random(f"{seed}:{len(game.deals)}") if seed is not None else random.SystemRandom()
    )
    return game, bots, meta, [d.fair for d in record.deals]
