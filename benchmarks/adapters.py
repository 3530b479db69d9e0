"""Random play through each framework adapter against the bare engine, side by side.

For each preset, uniformly random deals (each from the start of a match) are played for a
few seconds each way, and the player decisions per second and the time per decision are
printed, with each way's cost relative to the bare engine:

- ``engine``: the protocol's ids (``match.start_deal``, ``legal_action_ids``/``apply_id``);
- ``openspiel``: ``python_rams`` through pyspiel (chance deals card by card), no tensors;
- ``openspiel+observer``: the same, writing the information-state tensor of the seat to
  act into the observer's NumPy buffer at every decision (what an agent reads);
- ``openspiel+tensor()``: the same through ``state.information_state_tensor()``, which
  pyspiel returns as a list;
- ``pettingzoo``: the AEC environment's ``last()`` (the tensor) and ``step`` per decision;
- ``gymnasium``: one seat stepping against ``random`` bots (every seat's decisions count);
- ``…+compact``: the observer, PettingZoo and Gymnasium writing the compact tensor
  (:mod:`rams.adapters.encoding`, ``compact=True``) instead;
- ``pettingzoo+compiled``: the AEC environment stepping its deal in compiled code
  (``compiled=True``: the batch of one of :mod:`rams.adapters.vector`, its observation);
- ``openspiel+compiled``: ``python_rams`` with ``compiled=True`` (its state over the
  compiled deal, chance still dealing card by card), no tensors; ``…+compiled+observer``
  the same writing the seat to act's information-state tensor (the compiled observation)
  into the observer's buffer at every decision.

Then, for each preset, OpenSpiel's ``clone()`` of a state in play, engine-backed and
compiled: µs of CPU time a clone (and the C++ games' beside their rates).

Every rate is decisions per second of the process's CPU time (``time.process_time``: a
wait for a core on a shared machine is not counted), each loop run for ``--seconds`` of
the clock.

``--ways pettingzoo,openspiel`` runs only those ways (the engine always: the anchor;
``clone`` names the clone figures).

Then OpenSpiel's own C++ ``hearts`` and ``oh_hell`` under the same random Python loop.

    .venv/bin/python benchmarks/adapters.py [--seconds 3] [--presets classic:4,duel:2]

``--ismcts DEALS`` plays instead a duplicate tournament of our ``hard`` against OpenSpiel's
ISMCTS (random rollouts, its states resampled by ``resample_from_infostate``) at equal
time per decision: ``hard`` runs untimed (its sample counts decide, so a seed gives the
same figures); ISMCTS starts at the number of simulations that took ``hard``'s mean time
a decision on ten calibration deals (after three warm-up deals, which compile the
solver), and is then steered deal by deal so that its mean time a decision over the
tournament matches ``hard``'s (the times printed are the tournament's own). Every deal is
played twice from the same deck and dealer, the bots trading seats; a bot's score is its
mean points over the two plays, and the paired difference is printed with its 95%
interval, with both bots' measured time per decision.

    .venv/bin/python benchmarks/adapters.py --ismcts 100 [--preset duel] [--ismcts-factor 1]

(``--ismcts-factor X`` gives ISMCTS X times ``hard``'s time instead, for a second look.)
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel
from _provenance import header

import rams.adapters.openspiel as ro
from rams.adapters.episode import Episode, EpisodeSpec
from rams.adapters.gymnasium import RamsEnv
from rams.adapters.pettingzoo import env as aec_env
from rams.cards import pack

Loop = Callable[[float, int], int]


def engine(preset: str, players: int) -> Loop:
    table = EpisodeSpec(preset, players)

    def run(seconds: float, seed: int) -> int:
        rng = random.Random(seed)
        decisions = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            deck = list(pack(table.rules.pack_size))
            rng.shuffle(deck)
            extra = {name: rng.randrange(52) for name in table.extra_fields}
            match = table.family.new_match(table.rules, None, random.Random(0), table.dealer)
            deal = match.start_deal(deck, table.dealer, **extra)
            while not deal.is_over and (seat := deal.to_move) is not None:
                ids = deal.legal_action_ids(seat)
                deal.apply_id(ids[rng.randrange(len(ids))], seat)
                decisions += 1
        return decisions

    return run


def openspiel(game: pyspiel.Game, tensors: str = "") -> Loop:
    observer = None
    if tensors in ("observer", "compact"):
        params = {"compact": True} if tensors == "compact" else None
        recall = pyspiel.IIGObservationType(perfect_recall=True)
        observer = game.make_py_observer(recall, params)

    def run(seconds: float, seed: int) -> int:
        rng = random.Random(seed)
        decisions = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                player = state.current_player()
                if observer is not None:
                    observer.set_from(state, player)
                elif tensors == "list":
                    state.information_state_tensor(player)
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions

    return run


def pettingzoo(preset: str, players: int, compact: bool = False, compiled: bool = False) -> Loop:
    env = aec_env(preset, players, compact=compact, compiled=compiled)

    def run(seconds: float, seed: int) -> int:
        rng = random.Random(seed)
        decisions = 0
        env.reset(seed=seed)
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            env.reset()
            for _agent in env.agent_iter():
                _obs, _reward, terminated, truncated, info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                ids = np.flatnonzero(info["action_mask"])
                env.step(int(ids[rng.randrange(len(ids))]))
                decisions += 1
        return decisions

    return run


def gymnasium(preset: str, players: int, compact: bool = False) -> Loop:
    env = RamsEnv(preset, players, opponents="random", compact=compact)

    def run(seconds: float, seed: int) -> int:
        rng = random.Random(seed)
        decisions = 0
        _obs, info = env.reset(seed=seed)
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            _obs, info = env.reset()
            done = False
            while not done:
                ids = np.flatnonzero(info["action_mask"])
                action = int(ids[rng.randrange(len(ids))])
                _obs, _r, terminated, truncated, info = env.step(action)
                done = terminated or truncated
            assert env.episode is not None
            decisions += env.episode.decisions
        return decisions

    return run


def clone_cost(game: pyspiel.Game, seed: int, clones: int = 20_000) -> float:
    """µs of CPU time a ``clone()`` of a state a few decisions into a random deal."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    for _ in range(3):
        if not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    start = time.process_time()
    for _ in range(clones):
        state.clone()
    return 1e6 * (time.process_time() - start) / clones


def measure(loop: Loop, seconds: float, seed: int) -> float:
    """Decisions per second of CPU time of ``loop`` over ``seconds`` (after a short
    warm-up)."""
    loop(min(0.3, seconds / 5), seed + 1)
    start = time.process_time()
    decisions = loop(seconds, seed)
    return decisions / (time.process_time() - start)


class Duel:
    """``hard`` and ISMCTS at one table of a preset, dealing as the tournaments deal."""

    def __init__(self, preset: str, players: int | None, seed: int, factor: float = 1) -> None:
        from open_spiel.python.algorithms import ismcts, mcts

        from rams.bots import Bot, make_bot

        self.preset, self.seed, self.factor = preset, seed, factor
        self.tables: dict[int, EpisodeSpec] = {}
        self.games: dict[int, pyspiel.Game] = {}
        base = EpisodeSpec(preset, players)
        self.players = base.players
        self.rules = base.rules
        family = base.family.name

        def make_hard(rng: random.Random) -> Bot:
            return make_bot("hard", rng, timed=False, family=family)

        self.make_hard = make_hard
        self.ismcts, self.mcts = ismcts, mcts
        self.simulations = 100
        self.times: dict[str, list[float]] = {"hard": [], "ismcts": []}
        #: ISMCTS's searches: (seconds, simulations), for its time per simulation.
        self.searched: list[tuple[float, int]] = []

    def match_times(self, window: int = 300) -> None:
        """Give ISMCTS the simulations that take ``hard``'s mean time a decision over the
        last ``window`` decisions of each (a decision with one legal action costs both
        next to nothing, and counts so)."""
        hard, ismcts = self.times["hard"][-window:], self.times["ismcts"][-window:]
        searched = self.searched[-window:]
        if not searched or not hard:
            return
        per_simulation = sum(t for t, _ in searched) / sum(k for _, k in searched)
        share = min(1.0, len(searched) / len(ismcts))
        target = self.factor * sum(hard) / len(hard)
        self.simulations = max(2, round(target / share / per_simulation))

    def track_times(self) -> None:
        """Steer ISMCTS's simulations so that its mean time a decision over the tournament
        so far comes to ``factor`` times ``hard``'s (a step of at most ×1.5 a deal)."""
        hard, ismcts = self.times["hard"], self.times["ismcts"]
        if hard and ismcts:
            ratio = self.factor * (sum(hard) / len(hard)) / (sum(ismcts) / len(ismcts))
            step = min(1.5, max(1 / 1.5, ratio))
            self.simulations = max(2, round(self.simulations * step))

    def table(self, dealer: int) -> tuple[EpisodeSpec, pyspiel.Game]:
        if dealer not in self.tables:
            self.tables[dealer] = EpisodeSpec(self.preset, self.players, dealer)
            self.games[dealer] = pyspiel.load_game(
                "python_rams", {"preset": self.preset, "players": self.players, "dealer": dealer}
            )
        return self.tables[dealer], self.games[dealer]

    def play(self, index: int, seats: tuple[str, ...]) -> list[float]:
        """Deal ``index`` with the bot named in each seat; each seat's points."""
        from rams.tournament import deal_setup

        dealer, deck = deal_setup(self.rules, self.seed, index)
        table, game = self.table(dealer)
        ep = Episode.dealt(table, deck, {})
        rng = random.Random(f"ismcts:{self.seed}:{index}:{seats}")
        hard = {s: self.make_hard(random.Random(rng.getrandbits(62))) for s in range(len(seats))}
        evaluator = self.mcts.RandomRolloutEvaluator(1, np.random.RandomState(rng.getrandbits(31)))
        searcher = self.ismcts.ISMCTSBot(
            game,
            evaluator,
            2.0,
            self.simulations,
            random_state=np.random.RandomState(rng.getrandbits(31)),
        )
        while (seat := ep.to_move) is not None:
            start = time.perf_counter()
            if seats[seat] == "hard":
                ep.act_bot(hard[seat])
            else:
                state = game.new_initial_state()
                state.episode = ep.copy()
                searched = len(ep.legal()) > 1
                ep.apply(int(searcher.step(state)))
                if searched:
                    self.searched.append((time.perf_counter() - start, self.simulations))
            self.times[seats[seat]].append(time.perf_counter() - start)
        return ep.points()


def ismcts_tournament(
    preset: str, players: int | None, deals: int, seed: int, factor: float = 1
) -> None:
    """``hard`` against ISMCTS, duplicate, ISMCTS given ``factor`` times hard's time per
    decision (1: equal time; see the docstring)."""
    from rams.stats import mean_ci

    duel = Duel(preset, players, seed, factor)
    n = duel.players
    lineups = [tuple("hard" if s == r else "ismcts" for s in range(n)) for r in range(n)]
    for k in range(3):  # a warm-up (the solver's first calls), not measured
        for lineup in lineups:
            duel.play(-1 - k, lineup)
    duel.times, duel.searched = {"hard": [], "ismcts": []}, []
    for k in range(10):  # calibration: the simulations that take hard's time
        for lineup in lineups:
            duel.play(-4 - k, lineup)
        duel.match_times()
    duel.times = {"hard": [], "ismcts": []}  # (the running window keeps the searches)
    print(
        f"{preset} {n}p, ISMCTS given {factor:g}× hard's time a decision: "
        f"it starts at {duel.simulations} simulations",
        flush=True,
    )
    hard_pts, ismcts_pts = [], []
    used = []
    for index in range(deals):
        plays = [duel.play(index, lineup) for lineup in lineups]
        used.append(duel.simulations)
        duel.track_times()
        hard_pts.append(sum(p[r] for r, p in enumerate(plays)) / n)
        ismcts_pts.append(
            sum(sum(p[s] for s in range(n) if s != r) / (n - 1) for r, p in enumerate(plays)) / n
        )
    diff = mean_ci([a - b for a, b in zip(hard_pts, ismcts_pts, strict=True)])
    print(f"ISMCTS simulations a search: {min(used)}–{max(used)}, mean {np.mean(used):.1f}")
    for name in ("hard", "ismcts"):
        t = duel.times[name]
        print(f"{name:<7} {sum(t) / len(t) * 1000:7.1f} ms a decision over {len(t)} decisions")
    print(f"hard points a deal   {mean_ci(hard_pts)}")
    print(f"ISMCTS points a deal {mean_ci(ismcts_pts)}")
    print(f"hard − ISMCTS, paired over {deals} duplicate deals: {diff}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default="classic:4,duel:2,ramsch:3,whist:4,boston:4,kony:4")
    parser.add_argument("--ismcts", type=int, default=0, metavar="DEALS")
    parser.add_argument("--ismcts-factor", type=float, default=1.0, metavar="X")
    parser.add_argument("--preset", default="duel")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--ways", default="", help="only these ways (and the engine), by name")
    args = parser.parse_args()
    print(header(__file__), flush=True)
    if args.ismcts:
        ismcts_tournament(args.preset, args.players, args.ismcts, args.seed, args.ismcts_factor)
        return
    for item in args.presets.split(","):
        preset, _, players_text = item.partition(":")
        players = int(players_text)
        game = ro.load(preset, players)
        fast = ro.load(preset, players, compiled=True)
        ways: list[tuple[str, Loop]] = [
            ("engine", engine(preset, players)),
            ("openspiel", openspiel(game)),
            ("openspiel+observer", openspiel(game, "observer")),
            ("openspiel+tensor()", openspiel(game, "list")),
            ("openspiel+compact", openspiel(game, "compact")),
            ("openspiel+compiled", openspiel(fast)),
            ("openspiel+compiled+observer", openspiel(fast, "observer")),
            ("pettingzoo", pettingzoo(preset, players)),
            ("pettingzoo+compact", pettingzoo(preset, players, compact=True)),
            ("pettingzoo+compiled", pettingzoo(preset, players, compiled=True)),
            ("gymnasium", gymnasium(preset, players)),
            ("gymnasium+compact", gymnasium(preset, players, compact=True)),
        ]
        if args.ways:
            keep = set(args.ways.split(","))
            ways = [(name, loop) for name, loop in ways if name == "engine" or name in keep]
        base = 0.0
        for name, loop in ways:
            rate = measure(loop, args.seconds, args.seed)
            base = base or rate
            print(
                f"{preset} {players}p {name:<27} {rate / 1000:8.1f} k decisions/s "
                f"{1e6 / rate:8.1f} µs/decision {base / rate:6.1f}× engine",
                flush=True,
            )
        if not args.ways or "clone" in args.ways.split(","):
            slow, quick = clone_cost(game, args.seed), clone_cost(fast, args.seed)
            print(
                f"{preset} {players}p clone(): engine-backed {slow:.1f} µs, "
                f"compiled {quick:.1f} µs",
                flush=True,
            )
    for name, params in (("hearts", {}), ("oh_hell", {"players": 4})):
        cc = pyspiel.load_game(name, params)
        rate = measure(openspiel(cc), args.seconds, args.seed)
        print(
            f"openspiel C++ {name:<25} {rate / 1000:8.1f} k decisions/s "
            f"{1e6 / rate:8.1f} µs/decision, clone() {clone_cost(cc, args.seed):.1f} µs",
            flush=True,
        )


if __name__ == "__main__":
    main()
