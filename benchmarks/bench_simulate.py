"""simulate() throughput: one process, a process pool, a Dask LocalCluster.

Run from the project root::

    .venv/bin/python benchmarks/bench_simulate.py --games 20000 --workers 2

Prints games per second for each way of running the same seeded games and
checks that the summaries are identical (they must be: each game is seeded
by its own SeedSequence child, whatever runs it). The Dask row needs the
``dask`` extra and includes starting and stopping the cluster.
"""

from __future__ import annotations

import argparse
import json
import time

from saloon.analysis.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="shootout")
    parser.add_argument("--agent", default="random")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    from saloon.core import get_game

    game = get_game(args.game)
    seats = [args.agent] * game.min_players
    rows: list[tuple[str, float, str]] = []

    def timed(label: str, **kwargs: object) -> None:
        began = time.perf_counter()
        summary = simulate(game, None, seats, args.games, args.seed, **kwargs)  # type: ignore[arg-type]
        elapsed = time.perf_counter() - began
        rows.append((label, args.games / elapsed, json.dumps(summary.to_dict())))

    timed("1 process")
    timed(f"{args.workers} processes", workers=args.workers)
    if not args.no_dask:
        from saloon.analysis.cluster import dask_executor

        began = time.perf_counter()
        with dask_executor("local", n_workers=args.workers) as executor:
            summary = simulate(game, None, seats, args.games, args.seed, executor=executor)
        elapsed = time.perf_counter() - began
        rows.append(("Dask LocalCluster", args.games / elapsed, json.dumps(summary.to_dict())))
    print(f"{args.game}, {args.games} games of {', '.join(seats)}, seed {args.seed}")
    print("| how | games/s |")
    print("|---|---:|")
    for label, rate, _ in rows:
        print(f"| {label} | {rate:,.0f} |")
    same = len({s for _, _, s in rows}) == 1
    print(f"identical summaries: {same}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
