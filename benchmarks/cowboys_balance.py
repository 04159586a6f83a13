"""Cowboys: how one scenario splits between two equal players (ruling CS-R2).

The ``heuristic`` bot plays every side (each seat its own copy, seeded
from the game's seed), or, for a solitaire scenario (its ``[solo]`` table),
the person's sides against the scenario's own bot. Each game is seeded from
``--seed``. Prints each side's wins with its 95% Wilson
interval, and the draws: the figures of docs/games/cowboys.md, "Balance
between two heuristics".

    python benchmarks/cowboys_balance.py SCENARIO [--games N] [--seed S] [--jobs J]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from cowboys_arena import options_of, play_all

from saloon.analysis.stats import wilson_interval
from saloon.games.cowboys import Cowboys


def seats(scenario: str) -> tuple[str, ...]:
    """Who plays each side: the scenario's bot on its solo side, else the heuristic."""
    state = Cowboys().new_state(options_of(scenario, ()))
    solo = state.setup.scenario.solo
    return tuple(
        "solo" if solo is not None and s == solo.side else "heuristic"
        for s in range(state.num_players)
    )


def balance(scenario: str, games: int, seed: int, jobs: int = 1) -> list[str]:
    """One line a side and one for the draws."""
    specs = seats(scenario)
    seqs = np.random.SeedSequence(seed).spawn(games)
    results = play_all([(scenario, (), specs, seqs[g]) for g in range(games)], jobs)
    state = Cowboys().new_state(options_of(scenario, ()))
    rows = []
    for s, who in enumerate(specs):
        wins = sum(w == (s,) for w in results)
        lo, hi = wilson_interval(wins, games)
        rows.append(
            f"| {scenario} | {state.side_name(s)} ({who}) | {wins} | {wins / games:.1%} "
            f"| {lo:.1%} – {hi:.1%} |"
        )
    draws = sum(not w for w in results)
    lo, hi = wilson_interval(draws, games)
    rows.append(f"| {scenario} | draws | {draws} | {draws / games:.1%} | {lo:.1%} – {hi:.1%} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.games} games, seed {args.seed}")
    print("| scenario | side | wins | share | 95% CI |")
    print("|---|---|---:|---:|---|")
    for row in balance(args.scenario, args.games, args.seed, args.jobs):
        print(row)


if __name__ == "__main__":
    main()
