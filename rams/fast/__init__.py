"""The compiled fast path (Numba): a deal as an int64 array, the play kernel, the solver.

Import :mod:`rams.fast.core` only where NumPy and Numba are installed (``rams[bots]``).

Numba caches compiled code on disk, keyed by the source file of each compiled function;
a change to a module those functions call (the card play of :mod:`rams.tricks`, the layout
of :mod:`rams.fast.play`) would go unnoticed, and stale code would run. So the sources the
kernels are built from are fingerprinted here, and when the fingerprint changes the compiled
modules are marked changed (their modification time), which makes Numba compile them again.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_SOURCES = (_HERE.parent / "tricks.py", _HERE.parent / "cards.py", *sorted(_HERE.glob("*.py")))


def _refresh_stale_kernels() -> None:
    digest = hashlib.sha256()
    for path in _SOURCES:
        digest.update(path.read_bytes())
    stamp = _HERE / "__pycache__" / "kernels.sha256"
    fingerprint = digest.hexdigest()
    try:
        if stamp.read_text() == fingerprint:
            return
    except OSError:
        pass
    try:
        stamp.parent.mkdir(exist_ok=True)
        for path in _HERE.glob("*.py"):
            os.utime(path)  # a new stamp for Numba's cache index: compile again
        stamp.write_text(fingerprint)
    except OSError:  # a read-only installation: its sources never change
        return


_refresh_stale_kernels()
