"""How long the advisor takes to answer ``hint``, in every game, on one core.

For each game (and a few variants), random games are played and at a sample
of their decisions the game's advisor (``Game.advice``, what ``hint``, the
browser and ``saloon advise`` show) is timed at its default budget. One
process, one thread, timed in the process's CPU seconds (on an idle core,
the time a person waits at the terminal; steadier than the clock on a busy
machine). The first answer of a process (which may load tables or solve the
variant once) is reported apart. Reported, never asserted.

    .venv/bin/python benchmarks/hint_speed.py            # every game
    .venv/bin/python benchmarks/hint_speed.py --games 2 --decisions 30 cowboys
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np

from saloon.core.registry import get_game
from saloon.core.state import CHANCE

#: The games and variants timed (id, options, players (None: the game's
#: default), label).
CASES: list[tuple[str, dict[str, object], int | None, str]] = [
    ("shootout", {}, None, "Shoot Out, standard"),
    ("d6shooters", {"episode": 1}, None, "The d6 Shooters, episode 1"),
    ("d6shooters", {"episode": 2}, None, "The d6 Shooters, episode 2"),
    ("cowboys", {"scenario": "hickok-tutt"}, None, "Cowboys, the duel"),
    ("cowboys", {"scenario": "ok-corral"}, None, "Cowboys, O.K. Corral"),
    ("cowboys", {"scenario": "coffeyville"}, None, "Cowboys, Coffeyville"),
    ("dungeons", {}, 2, "D6, two players"),
    ("dungeons", {}, 4, "D6, four players"),
]


def decisions(
    game_id: str, options: dict[str, object], players: int | None, games: int, seed: int
) -> list[object]:
    """States at the decisions with more than one choice of random games (copies)."""
    game = get_game(game_id)
    opts = game.options_from_dict(options)
    rng = np.random.default_rng(seed)
    found = []
    for _ in range(games):
        state = game.new_state(opts, num_players=players)
        while not state.is_over:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                found.append(state.clone())
            state.apply(legal[int(rng.integers(len(legal)))])
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("only", nargs="*", help="game ids to time (default: all)")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=40, help="decisions timed per case")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| game | decisions | first answer s | median s | p90 s | max s | no advice |")
    print("|---|---|---|---|---|---|---|")
    for game_id, options, players, label in CASES:
        if args.only and game_id not in args.only:
            continue
        game = get_game(game_id)
        states = decisions(game_id, options, players, args.games, args.seed)
        rng = np.random.default_rng(args.seed)
        if len(states) > args.decisions:
            states = [
                states[int(i)]
                for i in sorted(rng.choice(len(states), args.decisions, replace=False))
            ]
        times: list[float] = []
        none = 0
        first = None
        for state in states:
            began = time.process_time()
            answer = game.advice(state)  # type: ignore[arg-type]
            took = time.process_time() - began
            if first is None:
                first = took
                continue
            if answer is None:
                none += 1
                continue
            times.append(took)
        if not times:
            print(f"| {label} | {len(states)} | {first or 0:.2f} | - | - | - | {none} |")
            continue
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(
            f"| {label} | {len(times)} | {first or 0:.2f} | {statistics.median(times):.3f} | "
            f"{p90:.3f} | {times[-1]:.3f} | {none} |"
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
