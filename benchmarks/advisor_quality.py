"""How far the search advisors of Cowboys and D6 can be trusted: against ten times their budget.

For a sample of decisions (those with more than one choice, every
``--every``-th of seeded games between heuristics and of games between
random players, the same number from each), the advisor is asked once at
the default budget and once at ``--factor`` times it (another seed). A
line a case and kind of game gives, with 95% intervals:

* how often the default's first choice is the larger search's first
  choice (Wilson interval);
* the same for the heuristic's own choice (the advisor's reference), for
  scale: where the two searches agree more than the heuristic does, the
  search has found something the heuristic missed;
* the regret of the default's first choice in the larger search's values
  (its best value less the value it gives the default's choice: 0 where
  they agree), mean and t-interval, in points of a chance to win; and the
  same of the heuristic's choice, for scale (both are read off the larger
  search's values, whose best is biased upward by its own noise alike);
* the CPU seconds a decision of each search.

    python benchmarks/advisor_quality.py [--cases cowboys:hickok-tutt,dungeons:2,...]
        [--decisions N] [--games G] [--every K] [--factor F] [--jobs J] [--seed S]

A case is ``cowboys:SCENARIO`` or ``dungeons:PLAYERS`` (as
``benchmarks/advisor_speed.py``'s); ``--decisions`` is per kind of game.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from advisor_speed import advisor_of, decisions

from saloon.analysis.stats import wilson_interval
from saloon.core.state import State

CASES = ("cowboys:hickok-tutt", "cowboys:the-witness", "dungeons:2", "dungeons:4")

#: One decision's outcome: agrees, the heuristic agrees, the regret, the
#: heuristic's regret, the two times.
Outcome = tuple[bool, bool, float, float, float, float]


def judge(job: tuple[str, State, int, float]) -> Outcome:
    """One decision advised at the default budget and at ``factor`` times it."""
    case, state, seed, factor = job
    small = advisor_of(case, state, 2 * seed, 1.0)
    began = time.process_time()
    first = small.advise(state).best.action
    t_small = time.process_time() - began
    reference = small.last_candidates[0]
    big = advisor_of(case, state, 2 * seed + 1, factor)
    began = time.process_time()
    answer = big.advise(state)
    t_big = time.process_time() - began
    values = {v.action: v.value for v in answer.values}
    regret = answer.best.value - values[first]
    regret_heuristic = answer.best.value - values[reference]
    best = answer.best.action
    return first == best, reference == best, regret, regret_heuristic, t_small, t_big


def t_interval(xs: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (a normal approximation)."""
    mean = statistics.fmean(xs)
    if len(xs) < 2:
        return mean, mean, mean
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return mean, mean - half, mean + half


def line(case: str, kind: str, got: Sequence[Outcome]) -> str:
    n = len(got)
    agree = sum(g[0] for g in got)
    heuristic = sum(g[1] for g in got)
    lo, hi = wilson_interval(agree, n)
    hlo, hhi = wilson_interval(heuristic, n)
    mean, rlo, rhi = t_interval([100 * g[2] for g in got])
    hmean, hrlo, hrhi = t_interval([100 * g[3] for g in got])
    return (
        f"| {case} | {kind} | {n} | {agree / n:.0%} ({lo:.0%} – {hi:.0%}) "
        f"| {heuristic / n:.0%} ({hlo:.0%} – {hhi:.0%}) "
        f"| {mean:.1f} ({rlo:.1f} – {rhi:.1f}) | {hmean:.1f} ({hrlo:.1f} – {hrhi:.1f}) "
        f"| {statistics.fmean(g[4] for g in got):.2f} | {statistics.fmean(g[5] for g in got):.1f} |"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--decisions", type=int, default=30, help="a case and kind of game")
    parser.add_argument("--games", type=int, default=6, help="games a case and kind at most")
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--factor", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(
        f"| case | games | decisions | first choice as at {args.factor:g}x | the heuristic's "
        f"as at {args.factor:g}x | regret, points | the heuristic's regret | s a decision "
        f"| s at {args.factor:g}x |"
    )
    print("|---|---|---:|---|---|---|---|---:|---:|")
    with multiprocessing.Pool(args.jobs) as pool:
        for case in args.cases.split(","):
            for kind, random_play in (("heuristic", False), ("random", True)):
                began = time.perf_counter()
                states = itertools.islice(
                    decisions(case, args.games, args.every, args.seed, random_play),
                    args.decisions,
                )
                jobs = [
                    (case, s, args.seed * 100_000 + k, args.factor) for k, s in enumerate(states)
                ]
                got = pool.map(judge, jobs, chunksize=1)
                print(line(case, kind, got), flush=True)
                print(f"<!-- {time.perf_counter() - began:.0f} s -->", flush=True)


if __name__ == "__main__":
    main()
