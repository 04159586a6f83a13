"""Cowboys: how fast the rules engine and the heuristic play (reported, never asserted).

* random playouts: uniform random legal actions through ``apply_unchecked``
  and ``sample_chance``, with ``quiet`` set, as the generic agents' rollouts
  play them: games and transitions per second, one process;
* ``heuristic`` games (both seats, every action checked by ``apply``, as
  ``saloon simulate`` plays them): games and transitions per second, and the
  heuristic's mean time per decision.

Each figure is the median of ``--repeats`` runs, timed in the process's
CPU seconds (steadier than wall time on a shared machine).

    python benchmarks/cowboys_speed.py [--games N] [--repeats R] [--scenarios a,b] [--no-heuristic]
    python benchmarks/cowboys_speed.py -o reaction_fire=true   # with the game's options
    python benchmarks/cowboys_speed.py --mcts SPEC [--decisions D] [--scenarios a,b]

With ``--mcts``: the mean CPU seconds of that agent a decision (those with
more than one choice), in seat 1 against the heuristic.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from saloon.core.agent import Agent
from saloon.games.cowboys import Cowboys
from saloon.games.cowboys.options import CowboysOptions

SCENARIOS = (
    "brawl",
    "hickok-tutt",
    "coffeyville",
    "the-witness",
    "ok-corral",
    "saloon-siege",
    "three-way-standoff",
    "stage-holdup",
    "jailbreak",
)


#: The game's options besides the scenario (``-o KEY=VALUE``).
EXTRA: list[str] = []


def _options(scenario: str) -> CowboysOptions:
    return CowboysOptions.parse([f"scenario={scenario}", *EXTRA])


def playouts(scenario: str, games: int, seed: int = 0) -> tuple[float, float]:
    """(games/s, transitions/s) of uniform random play."""
    game = Cowboys()
    options = _options(scenario)
    rng = np.random.default_rng(seed)
    steps = 0
    began = time.process_time()
    for _ in range(games):
        state = game.new_state(options)
        state.quiet = True
        while not state.is_over:
            if state.is_chance:
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state.apply_unchecked(action)
            steps += 1
    seconds = time.process_time() - began
    return games / seconds, steps / seconds


def heuristic_games(scenario: str, games: int, seed: int = 0) -> tuple[float, float, float]:
    """(games/s, transitions/s, ms per decision) of the heuristic in every seat."""
    from saloon.games.cowboys.strategy import HeuristicAgent

    game = Cowboys()
    options = _options(scenario)
    rng = np.random.default_rng(seed)
    steps = decisions = 0
    thinking = 0.0
    began = time.process_time()
    for g in range(games):
        state = game.new_state(options)
        state.quiet = True
        agents: list[Agent] = [
            HeuristicAgent(seed=seed * 1000 + g * 10 + k) for k in range(state.num_players)
        ]
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            if state.is_chance:
                action = state.sample_chance(rng)
            else:
                t = time.process_time()
                action = agents[mover].choose(state)
                thinking += time.process_time() - t
                decisions += 1
            state.apply(action)
            steps += 1
    seconds = time.process_time() - began
    return games / seconds, steps / seconds, 1000 * thinking / max(decisions, 1)


def mcts_decisions(scenario: str, spec: str, decisions: int, seed: int = 0) -> float:
    """Mean CPU seconds of the agent ``spec`` (an MCTS) a decision with more
    than one choice, in seat 1 against the heuristic in seat 2 (new games
    until ``decisions`` are timed)."""
    from saloon.agents import make_agent

    game = Cowboys()
    options = _options(scenario)
    rng = np.random.default_rng(seed)
    timed: list[float] = []
    g = 0
    while len(timed) < decisions:
        state = game.new_state(options)
        state.quiet = True
        agents = [make_agent(spec, game, seed=seed + g), make_agent("heuristic", game, seed=g)]
        g += 1
        while not state.is_over and len(timed) < decisions:
            mover = state.to_move
            assert mover is not None
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            many = len(state.legal_actions()) > 1
            t = time.process_time()
            action = agents[min(mover, 1)].choose(state)
            if mover == 0 and many:
                timed.append(time.process_time() - t)
            state.apply(action)
    return statistics.fmean(timed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--no-heuristic", action="store_true")
    parser.add_argument("--mcts", metavar="SPEC", help="time this MCTS's decisions instead")
    parser.add_argument("--decisions", type=int, default=30, help="MCTS decisions timed")
    parser.add_argument(
        "-o", "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    args = parser.parse_args()
    EXTRA[:] = args.option
    if args.mcts:
        for scenario in args.scenarios.split(","):
            seconds = mcts_decisions(scenario, args.mcts, args.decisions)
            print(f"{scenario:20} {args.mcts} {seconds:5.2f} s/decision", flush=True)
        return
    for scenario in args.scenarios.split(","):
        runs = [playouts(scenario, args.games, seed=r) for r in range(args.repeats)]
        line = (
            f"{scenario:20} random {statistics.median(r[0] for r in runs):8.1f} games/s "
            f"{statistics.median(r[1] for r in runs):9,.0f} transitions/s"
        )
        if not args.no_heuristic:
            hs = [heuristic_games(scenario, args.games, seed=r) for r in range(args.repeats)]
            line += (
                f" | heuristic {statistics.median(h[0] for h in hs):7.1f} games/s "
                f"{statistics.median(h[1] for h in hs):8,.0f} transitions/s "
                f"{statistics.median(h[2] for h in hs):6.2f} ms/decision"
            )
        print(line, flush=True)


if __name__ == "__main__":
    main()
