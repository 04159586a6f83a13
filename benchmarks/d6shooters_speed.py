"""The d6 Shooters: how fast the rules engine plays (reported, never asserted).

* random playouts: uniform random legal actions through ``apply_unchecked``
  and ``sample_chance``, with ``quiet`` set: transitions and games per
  second, one process;
* ``heuristic`` games as ``saloon simulate`` plays them (every action
  checked by ``apply``, a fresh agent per game): games per second with one
  process, and with ``--workers`` processes through ``simulate`` itself.

Each figure is the median of ``--repeats`` runs.

    python benchmarks/d6shooters_speed.py [--games N] [--workers K] [--repeats R]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from saloon.analysis.simulate import simulate
from saloon.core import get_game
from saloon.games.d6shooters.options import D6ShootersOptions


def playouts(options: D6ShootersOptions, games: int, seed: int = 0) -> tuple[float, float]:
    """(games/s, transitions/s) of uniform random play."""
    game = get_game("d6shooters")
    rng = np.random.default_rng(seed)
    steps = 0
    began = time.perf_counter()
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
    seconds = time.perf_counter() - began
    return games / seconds, steps / seconds


def agent_games(options: D6ShootersOptions, agent: str, games: int, workers: int) -> float:
    """Games/s of ``agent`` as ``saloon simulate`` plays them (no database)."""
    began = time.perf_counter()
    simulate("d6shooters", options, [agent], games, seed=0, workers=workers)
    return games / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    for episode in (1, 2):
        opts = D6ShootersOptions(episode=episode)
        runs = [playouts(opts, args.games // 4, seed=r) for r in range(args.repeats)]
        rate = statistics.median(r[0] for r in runs)
        transitions = statistics.median(r[1] for r in runs)
        one = statistics.median(
            agent_games(opts, "heuristic", args.games // 4, 1) for _ in range(args.repeats)
        )
        many = statistics.median(
            agent_games(opts, "heuristic", args.games, args.workers) for _ in range(args.repeats)
        )
        print(
            f"episode {episode}: random {rate:,.0f} games/s, {transitions:,.0f} transitions/s; "
            f"heuristic {one:,.0f} games/s (1 process), {many:,.0f} games/s "
            f"({args.workers} workers)"
        )


if __name__ == "__main__":
    main()
