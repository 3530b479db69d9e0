"""Signs of life for long runs (simulations, tournaments), on standard error."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from rams.words import text

__all__ = ["compile_solver", "progress_bar"]


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[int], None]]:
    """A bar of ``total`` units named ``label``; yields ``advance(k)``."""
    with Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        task = progress.add_task(label, total=total)
        yield lambda k: progress.advance(task, k)


def compile_solver(lang: str = "en") -> None:
    """Compile the solver in this process before the workers start (it takes seconds once
    after an install, and would otherwise be done by every worker), saying so meanwhile."""
    from rams.fast import warm

    with Console(stderr=True).status(text("sim.compiling", lang)):
        warm.compile_all()
