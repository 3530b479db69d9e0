"""The background compile of the kernels (:mod:`rams.fast.warm`): start it, ask whether it
still runs, and wait for it before a first search.

Numba compiles a kernel on its first call and caches it on disk. A process that is about to
need the kernels (``rams serve``, ``rams play``) :func:`start`\\ s ``python -m
rams.fast.warm`` in the background; everything that calls a kernel (``FastDeal``, the
searching bots) first :func:`wait`\\ s for that process, so the compiling happens once, in
one process, and the others load the cached code.
"""

from __future__ import annotations

import atexit
import subprocess
import sys
import threading

__all__ = ["start", "wait", "warming"]

_lock = threading.Lock()
_proc: subprocess.Popen[bytes] | None = None


def start() -> None:
    """Compile in a background process, once per process (nothing if one already ran)."""
    global _proc
    with _lock:
        if _proc is not None:
            return
        try:
            _proc = subprocess.Popen(
                [sys.executable, "-m", "rams.fast.warm", "--quiet"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:  # no process to spare: the first search compiles in place
            return
        atexit.register(_stop)


def _stop() -> None:
    """At this process's exit, end a background compile still running: it must not outlive
    the server or the game that started it (a compile cut short is begun again next time;
    what it had cached stays)."""
    proc = _proc
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()


def warming() -> bool:
    """True while the background compile of :func:`start` is still running."""
    proc = _proc
    return proc is not None and proc.poll() is None


def wait(timeout: float = 120.0) -> None:
    """Let a background compile finish before the first search (at once if none runs)."""
    proc = _proc
    if proc is None or proc.poll() is not None:
        return
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:  # compile in place rather than wait for ever
        return
