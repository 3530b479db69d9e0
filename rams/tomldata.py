"""The package's TOML data (the text catalogue, the rulebooks), read as Python reads its
modules: parsed once, then loaded from a cache beside the bytecode.

Parsing the catalogue and the rulebooks took most of a short command's start (``rams
rules``, ``rams replay``: tens of milliseconds of ``tomllib``). The parsed table is kept in
``__pycache__/NAME.toml.cpython-311.marshal`` next to the file (under
``sys.pycache_prefix`` when one is set), with the file's size and modification time: a
cache that does not match them is not used, and is written afresh. Like bytecode, nothing
is written when ``sys.dont_write_bytecode`` is set (``PYTHONDONTWRITEBYTECODE``) or the
folder may not be written; the file is then parsed each time. Like the catalogue, this
module imports none of the package.

>>> import os
>>> load(os.path.join(os.path.dirname(__file__), "words.toml"))["server"]["stale"]["en"]
'The game has moved on; here is the table as it is now.'
"""

from __future__ import annotations

import contextlib
import importlib.util
import marshal
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, BinaryIO

__all__ = ["cache_path", "load", "load_made"]


def cache_path(source: str) -> str:
    """Where the parsed table of the TOML file ``source`` is cached (as its bytecode would
    be, were it a module).

    >>> import sys
    >>> sys.pycache_prefix is not None or cache_path("/x/words.toml").startswith(
    ...     "/x/__pycache__/words.toml.")
    True
    """
    return importlib.util.cache_from_source(source + ".py").removesuffix(".pyc") + ".marshal"


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The parsed table of the TOML file ``path``: from its cache when that matches the
    file, else parsed (and cached, where bytecode would be written)."""
    source = os.fspath(path)
    stat = os.stat(source)
    stamp = (stat.st_mtime_ns, stat.st_size)
    cached = cache_path(source)
    found = _read(cached, stamp)
    if found is not None:
        return found
    with open(source, "rb") as f:
        data = _parse(f)
    if not sys.dont_write_bytecode:
        _write(cached, (*stamp, data))
    return data


def load_made(
    name: str, sources: Sequence[str], make: Callable[[], dict[str, Any]]
) -> dict[str, Any]:
    """A table ``make`` makes from the files ``sources`` (TOML files read by :func:`load`,
    and the module that makes it, whose change changes it too): cached as ``name`` beside
    the first source, and made afresh once any source's size or time differs from the
    cache's. (The text catalogue: one table of every family's words, rather than each
    file's table walked at each start.)"""
    stamp = tuple(
        part
        for source in sources
        for st in [os.stat(source)]
        for part in (source, st.st_mtime_ns, st.st_size)
    )
    cached = cache_path(os.path.join(os.path.dirname(sources[0]), name))
    found = _read(cached, stamp)
    if found is not None:
        return found
    data = make()
    if not sys.dont_write_bytecode:
        _write(cached, (*stamp, data))
    return data


def _read(cached: str, stamp: tuple[Any, ...]) -> dict[str, Any] | None:
    """The table cached in ``cached`` if its stamp is ``stamp``; else None."""
    try:
        with open(cached, "rb") as f:
            found = marshal.load(f)
        if isinstance(found, tuple) and found[:-1] == stamp and isinstance(found[-1], dict):
            data: dict[str, Any] = found[-1]
            return data
    except (OSError, ValueError, EOFError, TypeError, IndexError):
        pass  # (no cache, or not one: parsed below)
    return None


def _parse(f: BinaryIO) -> dict[str, Any]:
    import tomllib  # (only when a file is parsed: its import takes a few milliseconds)

    return tomllib.load(f)


def _write(cached: str, value: tuple[Any, ...]) -> None:
    """Write the cache atomically (a reader never sees half of it); quietly not at all
    where it cannot be (a read-only install, a table marshal cannot hold)."""
    temporary = f"{cached}.{os.getpid()}.tmp"
    try:
        blob = marshal.dumps(value)
        os.makedirs(os.path.dirname(cached), exist_ok=True)
        with open(temporary, "wb") as f:
            f.write(blob)
        os.replace(temporary, cached)
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            os.unlink(temporary)
