"""Shoot Out arena: solver, heuristic, MCTS and random, every pairing.

Run from the project root (a few tens of minutes on two cores)::

    .venv/bin/python benchmarks/shootout_arena.py --games 2000 --workers 2

Prints a markdown table of every pairing (seats balanced, 95% Wilson
intervals) and the Bradley-Terry ratings; the figures in
docs/games/shootout.md come from this script.
"""

from __future__ import annotations

import argparse
import json
import time

from saloon.analysis.arena import run_arena
from saloon.core import get_game

AGENTS = ["solver", "heuristic", "mcts:iterations=100", "random"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", metavar="FILE", help="also write the result as JSON")
    args = parser.parse_args()
    game = get_game("shootout")
    began = time.perf_counter()
    result = run_arena(game, None, AGENTS, args.games, seed=args.seed, workers=args.workers)
    print(result.to_markdown())
    print(f"\n{args.games} games a pairing, seed {args.seed}, {time.perf_counter() - began:.0f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(result.to_dict(), fh, indent=1)


if __name__ == "__main__":
    main()
