"""Time the exact Shoot Out solver on the standard and Veteran games.

Each run is a fresh process (so its peak RSS is its own) solving with the
cache off; the Numba machine code is compiled once beforehand, as it is
cached on disk after the first use. Prints a markdown table of the median
seconds, the states solved and the peak RSS.

    python benchmarks/shootout_solve.py [--runs N] [--variants standard,veteran]
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import statistics
import subprocess
import sys
import time


def child(variant: str) -> None:
    from saloon.games.shootout.options import ShootOutOptions
    from saloon.games.shootout.solver import solve

    began = time.perf_counter()
    solution = solve(ShootOutOptions(variant=variant), cache=False)  # type: ignore[arg-type]
    wall = time.perf_counter() - began
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        json.dumps(
            {
                "seconds": wall,
                "states": solution.states,
                "first_player_win": solution.first_player_win,
                "peak_mib": peak_kib / 1024,
            }
        )
    )


def warm_up() -> None:
    """Compile (or load) the Numba kernel once, outside the timed runs."""
    from saloon.games.shootout.options import ShootOutOptions
    from saloon.games.shootout.solver import solve

    solve(ShootOutOptions(cards=(1, 2), target=2, start=6, back=7, black=1, red=1), cache=False)


def versions() -> str:
    import numba
    import numpy

    return (
        f"Python {platform.python_version()}, NumPy {numpy.__version__}, Numba {numba.__version__}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--variants", default="standard,veteran")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    warm_up()
    print(versions())
    print()
    print("| game | first player wins | states | solve s (median) | runs (s) | peak RSS MiB |")
    print("|---|---|---|---|---|---|")
    for variant in args.variants.split(","):
        results = []
        for _ in range(args.runs):
            out = subprocess.run(
                [sys.executable, __file__, "--child", variant],
                check=True,
                capture_output=True,
                text=True,
            )
            results.append(json.loads(out.stdout.strip().splitlines()[-1]))
        secs = [r["seconds"] for r in results]
        first = results[0]
        print(
            f"| {variant} | {first['first_player_win']:.9f} | {first['states']:,} "
            f"| {statistics.median(secs):.1f} | {', '.join(f'{s:.1f}' for s in secs)} "
            f"| {max(r['peak_mib'] for r in results):.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
