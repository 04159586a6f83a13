"""The d6 Shooters' batch engine against the reference engine (reported, never asserted).

* games per second of the ``heuristic`` on the reference engine, one
  process, as ``saloon simulate`` plays a game (``play_game``), and of
  the batch kernel (:func:`saloon.games.d6shooters.batch.play`) with 1
  and 2 threads, in the same run, for episodes 1 and 2 (medians of
  ``--repeats`` runs; the kernel compiled beforehand);
* the peak resident memory of a fresh process playing ``--small`` and
  ``--large`` games with the kernel (flat: the kernel keeps sums, not games);
* with ``--cold``: the Numba compilation from an empty cache (a fresh
  process, its first game);
* with ``--check N``: the equivalence of ``tests/.../test_batch.py`` over
  ``N`` games of each case (the kernel's log replayed on the reference,
  :mod:`saloon.games.d6shooters.batch.check`); exits 1 at the first
  divergence, naming it.

    python benchmarks/d6shooters_batch.py [--games N] [--reference N] [--repeats R]
    python benchmarks/d6shooters_batch.py --check 20000
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from saloon.analysis.simulate import play_game
from saloon.core import get_game
from saloon.games.d6shooters import batch
from saloon.games.d6shooters.batch.check import Divergence, replay
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.strategy import Knobs

#: The cases of the equivalence check: every episode, version, Event table
#: and Hiding rule, and a heuristic that plays Poker.
CASES: dict[str, tuple[dict[str, object], Knobs]] = {
    f"ep{ep}-{version}-{events}": ({"episode": ep, "version": version, "events": events}, Knobs())
    for ep in (1, 2)
    for version in ("standard", "easier", "shorter")
    for events in ("cards", "d6")
}
CASES["ep2-standard-cards-per_turn"] = ({"episode": 2, "hide_days": "per_turn"}, Knobs())
CASES["ep1-standard-cards-poker"] = ({}, Knobs(poker_stake=2, poker_rich=3))


def reference_rate(options: D6ShootersOptions, games: int) -> float:
    """Games/s of the heuristic on the reference engine, one process."""
    game = get_game("d6shooters")
    began = time.perf_counter()
    for i in range(games):
        play_game(game, options, ["heuristic"], i, i, [0])
    return games / (time.perf_counter() - began)


def kernel_rate(options: D6ShootersOptions, games: int, threads: int) -> float:
    began = time.perf_counter()
    batch.play(options, None, games, seed=1, threads=threads)
    return games / (time.perf_counter() - began)


_CHILD = """
import json, resource, sys, time
from saloon.games.d6shooters import batch
from saloon.games.d6shooters.options import D6ShootersOptions
began = time.perf_counter()
t = batch.play(D6ShootersOptions(), None, int(sys.argv[1]), seed=1, threads=2)
seconds = time.perf_counter() - began
kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"games": t.games, "seconds": seconds, "rss_mib": kib / 1024}))
"""


def child(games: int, env: dict[str, str] | None = None) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(games)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def cold() -> float:
    """Seconds for a fresh process's first game with an empty Numba cache."""
    cache = Path(batch.__file__).parent / "__pycache__"
    for f in cache.iterdir():
        if f.suffix in (".nbi", ".nbc") or f.name == "kernel-sources.sha256":
            f.unlink()
    began = time.perf_counter()
    child(1)
    return time.perf_counter() - began


def check(n: int) -> None:
    total = 0
    for name, (fields, knobs) in CASES.items():
        options = D6ShootersOptions(**fields)  # type: ignore[arg-type]
        began = time.perf_counter()
        for first in range(0, n, 2000):
            for game in batch.trace(options, knobs, 7, range(first, min(n, first + 2000))):
                try:
                    replay(options, knobs, game)
                except Divergence as exc:
                    print(f"{name}: {exc}")
                    sys.exit(1)
        total += n
        print(f"{name}: {n:,} games as the reference ({time.perf_counter() - began:.1f} s)")
    print(f"all {total:,} games checked")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="kernel games per run")
    parser.add_argument("--reference", type=int, default=1000, help="reference games per run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--small", type=int, default=100_000)
    parser.add_argument("--large", type=int, default=4_000_000)
    parser.add_argument("--cold", action="store_true", help="time the compilation first")
    parser.add_argument("--check", type=int, default=0, metavar="N")
    args = parser.parse_args()
    if args.check:
        check(args.check)
        return
    print(f"machine: {os.cpu_count()} cores; numba {'on' if batch.available() else 'off'}")
    if args.cold:
        print(f"cold compilation and the first game: {cold():.1f} s")
    batch.play(D6ShootersOptions(), None, 10, seed=1)  # compiled (or loaded from the cache)
    for episode in (1, 2):
        opts = D6ShootersOptions(episode=episode)
        ref = statistics.median(reference_rate(opts, args.reference) for _ in range(args.repeats))
        rates = {
            threads: statistics.median(
                kernel_rate(opts, args.games, threads) for _ in range(args.repeats)
            )
            for threads in (1, 2)
        }
        print(
            f"episode {episode}: reference {ref:,.0f} games/s (1 process); kernel "
            f"{rates[1]:,.0f} games/s (1 thread), {rates[2]:,.0f} games/s (2 threads): "
            f"{rates[2] / ref:,.0f}x"
        )
    for games in (args.small, args.large):
        r = child(games)
        print(
            f"{games:,} games in a fresh process (2 threads): {r['seconds']:.1f} s, "
            f"peak RSS {r['rss_mib']:.0f} MiB"
        )


if __name__ == "__main__":
    main()
