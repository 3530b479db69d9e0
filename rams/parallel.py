"""Work split into chunks, run in worker processes or as Ray tasks, gathered back in order.

Simulations and tournaments derive every game's or deal's randomness from one master seed
and its index; running the chunks in order (or in a pool, or on a Ray cluster, and
collecting them in order) then gives the same results whatever the number of workers.

A Ray address (``--ray``) is what :func:`ray.init` takes: ``auto`` joins the cluster
running on this machine (``ray start --head``), ``HOST:PORT`` or ``ray://HOST:PORT`` one
elsewhere, and ``local`` starts a Ray of its own on this machine for the run. Where Ray is
already initialised in the process (a test, a notebook), that one is used. Ray is imported
only here and only when asked for (the extra ``rams[ray]``); every node of the cluster needs
``rams`` installed. A Ray that rams initialised is shut down by :func:`release_ray` (the
``rams`` command calls it before it returns); one initialised by its caller is left alone.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from rams.errors import RamsError

__all__ = ["chunk_ranges", "parallelism", "release_ray", "run_in_order"]

A = TypeVar("A")
R = TypeVar("R")

REACH_SECONDS = 5.0  # how long a cluster's address may take to answer before giving up
AHEAD_PER_CPU = 2  # Ray tasks unfinished at once, per CPU of the cluster (one running, one queued)

_initialised_here = False  # whether _ray initialised this process's Ray (release_ray ends it)


def chunk_ranges(total: int, workers: int, most: int = 50) -> list[tuple[int, int]]:
    """``[start, stop)`` index ranges: small enough to share the work and report progress."""
    size = max(1, min(most, total // (max(workers, 1) * 8)))
    return [(start, min(start + size, total)) for start in range(0, total, size)]


def parallelism(workers: int, ray_address: str | None = None) -> int:
    """How many chunks run at once: ``workers``, or with ``ray_address`` the cluster's CPUs
    (Ray decides the parallelism then; this connects to it)."""
    if ray_address is None:
        return workers
    ray = _ray(ray_address)
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def run_in_order(
    fn: Callable[[A], R], chunks: Sequence[A], workers: int, ray_address: str | None = None
) -> Iterator[R]:
    """``fn`` over every chunk — in this process, in ``workers`` processes, or with
    ``ray_address`` as one Ray task a chunk — yielded in chunk order, each as soon as it and
    those before it are done. ``fn`` and the chunks must be picklable for a pool or Ray."""
    if ray_address is not None:
        yield from _on_ray(fn, chunks, _ray(ray_address))
        return
    if workers <= 1:
        for args in chunks:
            yield fn(args)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(fn, chunks)


def release_ray() -> None:
    """Shut down the Ray that :func:`run_in_order` or :func:`parallelism` initialised in this
    process, if any: a ``local`` one stops with its workers, a cluster is only left.

    Ray's own hook would do it at the interpreter's exit; here it is done while the process
    is whole, as Ray expects a driver to end. A Ray initialised by the caller (a test, a
    notebook) is not touched."""
    global _initialised_here
    if not _initialised_here:
        return
    _initialised_here = False
    import ray

    ray.shutdown()


def _on_ray(fn: Callable[[A], R], chunks: Sequence[A], ray: Any) -> Iterator[R]:
    """``fn`` over the chunks as Ray tasks, yielded in order, with at most
    :data:`AHEAD_PER_CPU` tasks a CPU of the cluster unfinished at a time.

    A consumer that stops early leaves only those few to end on their own (or with a
    ``local`` Ray, in :func:`release_ray`); the chunks not yet submitted never run. No task
    is cancelled: ``ray.cancel`` of a task whose reply Ray is handling at that moment (its
    result there or about to be, the task not yet marked done) makes Ray's core abort the
    process ("Tried to complete task that was not pending", ``task_manager.cc``;
    ray-project/ray#54260), and nothing tells such a task from one still running. Cancelling
    every task after the last result, as this once did, aborted within ten short runs;
    cancelling only those ``ray.wait`` said were unfinished, still in a run stopped early
    (issue 24)."""
    task = ray.remote(fn)
    most = AHEAD_PER_CPU * max(1, int(ray.cluster_resources().get("CPU", 1)))
    refs: list[Any] = []
    unfinished: list[Any] = []
    for index in range(len(chunks)):
        while True:  # (submit while few are unfinished, until this chunk's task is done)
            while len(refs) < len(chunks) and len(unfinished) < most:
                refs.append(task.remote(chunks[len(refs)]))
                unfinished.append(refs[-1])
            if refs[index] not in unfinished:
                break
            _, unfinished = ray.wait(unfinished, num_returns=1)
        yield ray.get(refs[index])


def _ray(address: str) -> Any:
    """The ``ray`` module, initialised: joined to ``address`` unless already initialised."""
    global _initialised_here
    try:
        import ray
    except ImportError:
        raise RamsError("parallel.no_ray") from None
    if ray.is_initialized():
        return ray
    _check_reachable(address)
    try:
        ray.init(
            address=address,
            include_dashboard=False,
            configure_logging=False,
            log_to_driver=False,
        )
    except (ConnectionError, ValueError, RuntimeError) as e:
        raise RamsError("parallel.ray_unreachable", address=address, why=str(e)) from None
    _initialised_here = True
    return ray


def _check_reachable(address: str) -> None:
    """Refuse at once a ``HOST:PORT`` nobody answers at (Ray itself retries for minutes)."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit():
        return  # (auto, local: Ray says itself, at once, when there is nothing to join)
    try:
        socket.create_connection((host.strip("[]"), int(port)), REACH_SECONDS).close()
    except OSError as e:
        why = e.strerror or str(e) or type(e).__name__
        raise RamsError("parallel.ray_unreachable", address=address, why=why) from None
