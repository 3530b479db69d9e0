"""The install step compiles every game's solvers (rams.fast.warm): Rams' fast core and
solver, and the other games' max^n and double-dummy solvers, so that no game's first
searched move waits for Numba (Whist's waited 36 s before)."""

from __future__ import annotations

from typing import Any

import pytest

from rams.fast import dd, maxn, warm


def test_the_other_games_solvers_are_compiled_by_the_install_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    called: list[str] = []

    def recorder(name: str) -> Any:
        def record(*args: Any, **kwargs: Any) -> None:
            called.append(name)

        return record

    monkeypatch.setattr(maxn, "move_values", recorder("maxn"))
    monkeypatch.setattr(dd, "solve", recorder("dd.solve"))
    monkeypatch.setattr(dd, "best_moves", recorder("dd.best_moves"))
    warm._compile_trick_solvers()
    # max^n each for himself and by sides; double dummy's solve and its moves' values.
    assert called == ["maxn", "maxn", "dd.solve", "dd.best_moves"]


def test_the_small_ending_is_a_real_position() -> None:
    """The ending the step solves is legal for both solvers (nothing refused at install)."""
    hands = [0x7 << (13 * s) for s in range(4)]
    assert dd.solve(hands, 0, 0, (0, 2)) == 3  # spades are trumps: p1's three all win
    values = maxn.move_values(hands, (0,) * 9, -1, 0, 0, 0, (), maxn.Goal.each_for_himself(4), 50)
    assert set(values) == {0, 1, 2}


def test_a_background_compile_ends_with_the_process_that_started_it() -> None:
    """A process that starts the background compile and exits before it is done takes the
    compile with it (it used to run on, orphaned: one per server a test suite started)."""
    import os
    import subprocess
    import sys
    import time

    code = (
        "from rams.fast import compiling\n"
        "compiling.start()\n"
        "print(compiling._proc.pid, flush=True)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True)  # fmt: skip
    pid = int(done.stdout.split()[0])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        with open(f"/proc/{pid}/stat") as stat:  # (a zombie is gone too: nobody reaps it)
            if stat.read().split()[2] == "Z":
                return
        time.sleep(0.1)
    raise AssertionError(f"the compile {pid} outlived the process that started it")
