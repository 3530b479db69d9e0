"""A small run of benchmarks/attack.py: an attacker at one address against a table of people
at another, the victim's latency and the server's memory measured quiet, under attack and
after; the server refuses what is over its limits, and cuts the sockets that never read.

No latency or memory bound is asserted (the benchmark's goals are for its full run, and
this machine is shared with the other tests); the counts of what was refused are.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.web.helpers import run_benchmark


def test_a_short_attack_is_refused_over_the_limits_and_measured(tmp_path: Path) -> None:
    out = tmp_path / "attack.json"
    run_benchmark("attack.py", ["--quiet", "4", "--attack", "12", "--after", "4", "--rounds",
                                "1", "--unload-after", "3", "--hint-tables", "4",
                                "--hard-tables", "2", "--analyses", "6", "--finished", "2",
                                "--slow-readers", "2", "--think", "0.2", "--seed", "7",
                                "--json", str(out)],
                  tmp_path / "attack.txt")  # fmt: skip
    result = json.loads(out.read_text())
    assert result["victim_quiet"]["n"] >= 2
    (round_,) = result["rounds"]
    assert round_["victim"]["attack"]["n"] >= 2
    attack = round_["attack"]
    # Three tables with hints or hard bots from one address, the rest refused in words.
    assert attack["hints"] == {"taken": 3, "refused": 1}
    assert attack["hard"] == {"taken": 0, "refused": 2}
    assert attack["refusals"] == {"too_many_heavy": 3}
    # Two analyses from one address; the others refused (an asked-again one is answered).
    assert attack["analyses"]["games_analysed"] == 2 and attack["analyses"]["refused"] >= 2
    memory = round_["memory_mib"]
    assert 0 < memory["before"] <= memory["peak_during"]
    assert memory["after"] > 0
