"""OpenSpiel's value iteration against Saloon's solvers, on small Shoot Out variants.

Each variant is solved three ways, and the times are the median of several
runs:

- ``value_iteration``: OpenSpiel's own algorithm on the game registered by
  :mod:`saloon.adapters.openspiel` (state enumeration included, as it is part
  of the algorithm);
- ``solve``: Saloon's Shoot Out solver (``cache=False``, so it really solves);
- ``ExactSolver``: Saloon's generic expectimax over the core contract.

Before timing, the three are checked to agree on P(the first player wins)
to 1e-9. The result prints as a markdown table.

Run: ``python benchmarks/openspiel_crosscheck.py [--runs N] [--quick]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from open_spiel.python.algorithms import value_iteration

from saloon.adapters import openspiel as adapter
from saloon.agents.exact import ExactSolver
from saloon.core import get_game
from saloon.games.shootout.options import ShootOutOptions
from saloon.games.shootout.solver import solve

GAME = get_game("shootout")

VARIANTS: dict[str, ShootOutOptions] = {
    "two-cards": ShootOutOptions(cards=(1, 2), target=2, start=7, back=8, front=5, black=1, red=1),
    "two-colts": ShootOutOptions(cards=(1, 2), target=2, start=6, back=7, front=5, black=2, red=1),
    "three-cards": ShootOutOptions(
        cards=(1, 2, 3), target=3, start=7, back=8, front=5, black=1, red=1
    ),
}
QUICK = ("two-cards",)


def median_seconds(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        fn()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def first_player_win_by_value_iteration(options: ShootOutOptions) -> tuple[float, int]:
    """P(the starter of the first duel wins), from OpenSpiel, and how many states it kept."""
    game = adapter.load("shootout", options)
    values = value_iteration.value_iteration(game, -1, 0.0, cyclic_game=True)
    p1_starts = game.new_initial_state().child(0)  # "first p1"; then the card is drawn
    v = sum(p * values[str(p1_starts.child(card))] for card, p in p1_starts.chance_outcomes())
    return (v + 1) / 2, len(values)


def first_player_win_exact(options: ShootOutOptions) -> float:
    state = GAME.new_state(options)
    state.apply(GAME.parse_action("first p1"))
    return (ExactSolver(GAME, options).value(state)[0] + 1) / 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (median)")
    parser.add_argument("--quick", action="store_true", help="the smallest variant only")
    args = parser.parse_args(argv)
    names = QUICK if args.quick else tuple(VARIANTS)

    rows = []
    for name in names:
        options = VARIANTS[name]
        vi_win, vi_states = first_player_win_by_value_iteration(options)
        solver_win = solve(options, cache=False).first_player_win
        exact_win = first_player_win_exact(options)
        if max(abs(vi_win - solver_win), abs(vi_win - exact_win)) > 1e-9:
            print(
                f"{name}: disagreement: value iteration {vi_win!r}, "
                f"solve {solver_win!r}, ExactSolver {exact_win!r}",
                file=sys.stderr,
            )
            return 1
        vi = median_seconds(lambda o=options: first_player_win_by_value_iteration(o), args.runs)
        sv = median_seconds(lambda o=options: solve(o, cache=False), args.runs)
        ex = median_seconds(lambda o=options: first_player_win_exact(o), args.runs)
        rows.append((name, options.describe(), vi_states, vi_win, vi, sv, ex))
        print(f"{name}: done", file=sys.stderr)

    print(f"Median of {args.runs} runs; P(win) is the first player's, equal in all three.\n")
    print(
        "| variant | options | VI states | P(win) | value_iteration (s) | solve (s) "
        "| ExactSolver (s) | VI / solve | VI / ExactSolver |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, described, states, win, vi, sv, ex in rows:
        print(
            f"| {name} | `{described}` | {states} | {win:.6f} | {vi:.3f} | {sv:.4f} "
            f"| {ex:.3f} | {vi / sv:.0f}x | {vi / ex:.1f}x |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
