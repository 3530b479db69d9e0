"""Files the commands write: checked before any long work starts, written atomically.

A path that cannot be written is refused at once with one line naming it and the option
(``--save``, ``--json``, ``--out``…), never after an hour of simulation.
"""

from __future__ import annotations

import os
from pathlib import Path

from rams.errors import RamsError
from rams.words import os_reason

__all__ = ["atomic_write", "writable_dir", "writable_file"]


def writable_file(path: str | Path, option: str) -> Path:
    """``path`` as a file this process may create or replace; RamsError naming ``option``
    when it is a folder, its folder is missing, or nothing may be written there."""
    p = Path(path)
    if p.is_dir():
        raise RamsError("files.is_folder", option=option, path=str(p))
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise RamsError("files.no_folder", option=option, path=str(p), folder=str(folder))
    if not os.access(folder, os.W_OK | os.X_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise RamsError("files.not_allowed", option=option, path=str(p))
    return p


def writable_dir(path: str | Path, option: str) -> Path:
    """``path`` as a folder to write into, created if missing; RamsError naming ``option``
    when it cannot be."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise RamsError("files.is_file", option=option, path=str(p))
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise RamsError("files.os_error", option=option, path=str(p), why=os_reason(e)) from None
    if not os.access(p, os.W_OK | os.X_OK):
        raise RamsError("files.not_allowed", option=option, path=str(p))
    return p


def atomic_write(path: Path, text: str, mode: int = 0o644) -> None:
    """Write ``text`` to ``path`` so that a crash never leaves half a file."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
