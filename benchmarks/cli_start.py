"""How long the short commands take, start to end, one process each: ``rams replay``,
``rams verify``, ``rams rules`` (the goal: under 80 ms).

Each command runs ``--runs`` times (30) as a fresh process, the commands in turn so that a
busy machine slows them alike, after one run of each that is not counted (it writes the
caches an installed package keeps: the bytecode, and the parsed TOML of
:mod:`rams.tomldata`; both go under a temporary ``PYTHONPYCACHEPREFIX``, so the checkout is
left as it was). A command is started as the ``rams`` script starts it (``from rams.cli
import main``), with ``PYTHONPATH`` the tree measured. The record replayed and verified is a
whole game of classic Rams at four, dealt as a web table deals it (every deal with its
proof), played by random bots from ``--seed``.

For each command: the median and 90th percentile of the wall time and of the CPU time (user
and system, which another process's load changes less), and how many records a second one
process a record makes. ``python -c pass`` is the floor (the interpreter's own start). With
``--before DIR`` (a checkout of an older commit) the same commands of that tree run in
the same turns, and are printed beside.

    .venv/bin/python benchmarks/cli_start.py [--runs 30] [--seed 1] [--before DIR]
        [--out benchmarks/results/cli_start.txt]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _provenance import ROOT, header

from rams import games
from rams.bots import make_bot
from rams.cards import pack
from rams.fair import Context, Dealer
from rams.record import dumps, record_of
from rams.table import Table

_MAIN = "import sys; from rams.cli import main; sys.exit(main())"


def fair_record(seed: int) -> str:
    """A whole game of classic at four, every deal proven, as the server writes it."""
    family = games.family_of("classic")
    rules = family.rules("classic", 4)
    names = ["Аня", "Борис", "Вера", "Глеб"]
    match = family.new_match(rules, names, random.Random(seed), 0)
    rng = random.Random(seed)
    dealer = Dealer(f"bench{seed}", next_seed=f"{rng.getrandbits(256):064x}")
    bots = ["random"] * 4
    dealer.bind(Context.of(rules, names, bots))

    def shuffle(game: object) -> object:
        return dealer.deal(pack(rules.pack_size), family.deal_fields)

    def dealt(deal: object) -> None:
        dealer.dealt(f"{rng.getrandbits(256):064x}")

    agents = [make_bot("random", random.Random(seed + s), family=family.name) for s in range(4)]
    table = Table(match, agents, on_deal=dealt, shuffle=shuffle)
    assert table.advance() == "over"
    record = record_of(match, {"bots": bots, "table": f"bench{seed}"}, dealer.proofs, True)
    return dumps(record)


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--before", type=Path, help="a checkout of an older commit, run beside")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    lines = [header(__file__)]
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp, "game.json")
        record.write_text(fair_record(args.seed), encoding="utf-8")
        commands = {
            "python -c pass": ["-c", "pass"],
            "rams replay --json": ["-c", _MAIN, "replay", "--json", str(record)],
            "rams replay": ["-c", _MAIN, "replay", str(record), "--lang", "ru"],
            "rams verify": ["-c", _MAIN, "verify", str(record), "--lang", "ru"],
            "rams rules": ["-c", _MAIN, "rules"],
            "rams rules classic --text": ["-c", _MAIN, "rules", "classic", "--text"],
        }
        trees = {"now": ROOT} | ({"before": args.before.resolve()} if args.before else {})
        envs = {}
        for name, tree in trees.items():
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env["PYTHONPATH"] = str(tree)
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp, "pyc", name))
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "rams")],
                           env=env, check=True, stdout=subprocess.DEVNULL)  # fmt: skip
            envs[name] = env
        wall: dict[tuple[str, str], list[float]] = {}
        cpu: dict[tuple[str, str], list[float]] = {}
        for turn in range(args.runs + 1):
            for label, argv in commands.items():
                for name, env in envs.items():
                    if name != "now" and label == "python -c pass":
                        continue
                    before = resource.getrusage(resource.RUSAGE_CHILDREN)
                    start = time.perf_counter()
                    done = subprocess.run([sys.executable, *argv], env=env, cwd=tmp,
                                          capture_output=True)  # fmt: skip
                    took = time.perf_counter() - start
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    if done.returncode != 0:
                        raise SystemExit(f"{label} ({name}) failed: {done.stderr.decode()}")
                    if turn == 0:
                        continue  # (the run that writes the caches)
                    used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
                    wall.setdefault((label, name), []).append(took)
                    cpu.setdefault((label, name), []).append(used)
    lines.append(
        f"{args.runs} runs of each, one process a run, in turn; {os.cpu_count()} cores shared "
        "with other work; milliseconds"
    )
    lines.append(
        f"{'command':<27} {'tree':<7} {'wall median':>11} {'p90':>6} "
        f"{'cpu median':>10} {'p90':>6} {'records/s':>9}"
    )
    for (label, name), times in wall.items():
        median = statistics.median(times)
        used = cpu[(label, name)]
        rate = f"{1 / median:9.1f}" if label.startswith(("rams replay", "rams verify")) else ""
        lines.append(
            f"{label:<27} {name:<7} {1000 * median:11.0f} {1000 * _quantile(times, 0.9):6.0f} "
            f"{1000 * statistics.median(used):10.0f} {1000 * _quantile(used, 0.9):6.0f} {rate}"
        )
    out = "\n".join(lines)
    print(out)
    if args.out:
        args.out.write_text(out + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
