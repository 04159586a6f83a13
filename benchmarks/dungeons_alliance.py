"""D6 Dungeons, Alliance (Part III): one pair of agents against another, two teams of two.

Team A (two copies of agent A) sits on seats 1 and 3 in even games and on
2 and 4 in odd ones, team B on the others, so that neither team keeps the
first turn; every game is seeded from ``numpy.random.SeedSequence(seed)``
(its dice and each seat's agent). The line gives the games, team A's wins
(a shared win counts 1/2), its score with the 95% Wilson interval against
the fair 1/2, the same for the games where team A sat on seats 1 and 3, and
the teams' mean glory (both players added). With A = B the seat line
measures the balance of the seats (reported, never asserted).

    python benchmarks/dungeons_alliance.py [--agents A,B] [--games N] [--seed S]
        [--jobs J] [-o KEY=VALUE ...]

For instance ``--agents heuristic,random`` or ``--agents heuristic,heuristic``
(a spec with commas: separate A and B with ``;``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import time

import numpy as np

from saloon.agents import make_agent
from saloon.analysis.stats import wilson_interval
from saloon.games.dungeons import GAME
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules import common
from saloon.games.dungeons.rules.state import DungeonsState


def play(args: tuple[str, str, int, tuple[str, ...]]) -> tuple[int, float, float, float]:
    """One game: (team A's first seat, its score, its glory, team B's glory)."""
    spec_a, spec_b, g, opts = args
    options = DungeonsOptions.parse(["mode=alliance", *opts])
    seq = np.random.SeedSequence([g])
    seeds = seq.generate_state(5)
    first = g % 2
    agents = [
        make_agent(spec_a if p % 2 == first else spec_b, GAME, seed=int(seeds[p + 1]))
        for p in range(4)
    ]
    s = GAME.new_state(options, 4)
    assert isinstance(s, DungeonsState)
    rng = np.random.default_rng(int(seeds[0]))
    while not s.is_over:
        if s.is_chance:
            s.apply(s.sample_chance(rng))
        else:
            mover = s.to_move
            assert mover is not None
            s.apply(agents[mover].choose(s))
    r = s.returns()
    score = 0.5 if r[first] == 0 else (1.0 if r[first] > 0 else 0.0)
    glory = [common.glory(s, p) for p in range(4)]
    mine = sum(glory[p] for p in range(4) if p % 2 == first)
    return first, score, float(mine), float(sum(glory) - mine)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agents", default="heuristic,random")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("-o", action="append", default=[], dest="options")
    ns = ap.parse_args()
    sep = ";" if ";" in ns.agents else ","
    spec_a, spec_b = ns.agents.split(sep)
    work = [(spec_a, spec_b, ns.seed * 1_000_003 + g, tuple(ns.options)) for g in range(ns.games)]
    start = time.time()
    if ns.jobs > 1:
        with multiprocessing.Pool(ns.jobs) as pool:
            results = pool.map(play, work)
    else:
        results = [play(w) for w in work]
    n = len(results)
    wins = sum(r[1] for r in results)
    lo, hi = wilson_interval(wins, n)
    odd = [r for r in results if r[0] == 0]
    w13 = sum(r[1] for r in odd)
    lo13, hi13 = wilson_interval(w13, len(odd))
    ga = sum(r[2] for r in results) / n
    gb = sum(r[3] for r in results) / n
    print(f"Alliance: team {spec_a} against team {spec_b}, {n} games ({time.time() - start:.0f} s)")
    print(f"  team A's score {wins / n:.3f} [{lo:.3f}, {hi:.3f}] (fair 0.5), wins {wins:g}")
    print(
        f"  team A on seats 1 and 3: {w13 / max(1, len(odd)):.3f} [{lo13:.3f}, {hi13:.3f}] "
        f"in {len(odd)} games"
    )
    print(f"  mean team glory: A {ga:.2f}, B {gb:.2f}")


if __name__ == "__main__":
    main()
