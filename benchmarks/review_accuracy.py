"""Does the review's accuracy order the agents as the arena does?

Each agent plays ``--games`` games against one fixed reference opponent
(``--reference``, the heuristic by default; the d6 Shooters is solo, so
there each agent plays alone), seats balanced (the agent is player 1 in
the even games, player 2 in the odd ones). Every game is reviewed for the
agent's seat only (``saloon.analysis.review.review`` with ``--scale`` and
``--sample``), and the reviews are pooled per agent
(``saloon.analysis.review_summary``). The same games give the arena's
figure: the agent's score against the reference (a draw or a shared win
counting its share), with its 95% Wilson interval; in the d6 Shooters, its
win rate.

The review's accuracy counts the decisions in *open* positions only: those
where the best choice's chance to win is between 5% and 95%
(``saloon.analysis.review.OPEN``). A decision in a game already decided
costs nothing whatever is chosen, so an agent that falls behind early and
plays on in lost positions would score well there; the table also gives
the accuracy over every decision, for comparison.

A fixed opponent makes the two figures comparable: every agent is judged,
and scored, against the same player, so "the agent with the higher
accuracy has the higher score against the reference" is a statement the
table can check, pair by pair. The reference itself plays the reference
(its own seat reviewed).

Run from the project root, e.g.::

    python benchmarks/review_accuracy.py --game shootout --games 200
    python benchmarks/review_accuracy.py --game cowboys --games 200 --sample 4 --scale 0.2

Prints a Markdown table (the figures in the game pages' "Accuracy by agent
(review)" come from this script) and whether the two orders agree.
Every game is seeded from ``numpy.random.SeedSequence(seed)`` in a fixed
order, so a run gives the same figures with any ``--workers``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from saloon.agents import make_agent
from saloon.analysis.review import Review, accuracy_of, review
from saloon.analysis.review_summary import (
    AgentSummary,
    bootstrap_interval,
    interval_shown,
    shown,
    summarise,
)
from saloon.analysis.stats import wilson_interval
from saloon.core.dice import RandomDice
from saloon.core.driver import play
from saloon.core.registry import get_game

#: The agents of each game, and the options played, by default.
AGENTS = {
    "shootout": ["random", "heuristic", "mcts:iterations=100", "solver"],
    "d6shooters": ["random", "heuristic", "planner"],
    "cowboys": ["random", "heuristic", "mcts:iterations=50"],
    "dungeons": ["random", "heuristic", "mcts:iterations=10"],
}
OPTIONS = {"d6shooters": ["episode=2"]}


@dataclass(frozen=True)
class Task:
    game: str
    options: tuple[str, ...]
    agent: str
    reference: str
    index: int
    entropy: int
    scale: float
    sample: int | None


@dataclass(frozen=True)
class Done:
    agent: str
    seats: tuple[str, ...]
    review: Review
    score: float


def run_task(task: Task) -> Done:
    """Play one game and review the agent's seat."""
    game = get_game(task.game)
    options = game.parse_options(list(task.options))
    seeds = np.random.SeedSequence(task.entropy).generate_state(4)
    solo = game.max_players == 1
    if solo:
        specs, seat = [task.agent], 0
    else:
        seat = task.index % 2
        specs = [task.agent, task.reference] if seat == 0 else [task.reference, task.agent]
    bots = [make_agent(s, game, seed=int(seeds[i])) for i, s in enumerate(specs)]
    record = play(game, options, bots, RandomDice(int(seeds[2])), seed=int(seeds[3]))
    r = review(
        record,
        seat=seat,
        scale=task.scale,
        sample=task.sample,
        sample_seed=task.index,
        workers=1,  # the benchmark's own processes are its parallelism
    )
    final = record.replay()
    winners = final.result().winners if final.is_over else ()
    if winners:
        score = 1.0 / len(winners) if seat in winners else 0.0
    else:  # a solo loss, or a draw (as the arena counts it) shared by every seat
        score = 0.0 if solo else 1.0 / final.num_players
    return Done(task.agent, tuple(specs), r, score)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(AGENTS), default="shootout")
    parser.add_argument("--games", type=int, default=200, help="games per agent")
    parser.add_argument("--agents", help="comma-separated agent specs (default: the game's)")
    parser.add_argument("--reference", default="heuristic", help="the opponent of every agent")
    parser.add_argument(
        "-o", "--option", action="append", help="a game option (default: the game's usual)"
    )
    parser.add_argument("--sample", type=int, help="decisions judged per game (default: all)")
    parser.add_argument("--scale", type=float, default=1.0, help="the search judge's budget")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    agents = args.agents.split(",") if args.agents else AGENTS[args.game]
    options = tuple(args.option if args.option is not None else OPTIONS.get(args.game, []))
    root = np.random.SeedSequence(args.seed)
    children = root.spawn(len(agents) * args.games)
    tasks = [
        Task(
            game=args.game,
            options=options,
            agent=agent,
            reference=args.reference,
            index=i,
            entropy=int(children[a * args.games + i].generate_state(1)[0]),
            scale=args.scale,
            sample=args.sample,
        )
        for a, agent in enumerate(agents)
        for i in range(args.games)
    ]
    began = time.perf_counter()
    results: list[Done] = []
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            for done in pool.map(run_task, tasks, chunksize=4):
                results.append(done)
                _tick(len(results), len(tasks), began)
    else:
        for task in tasks:
            results.append(run_task(task))
            _tick(len(results), len(tasks), began)
    print_tables(args, agents, options, results, time.perf_counter() - began)


def _tick(done: int, total: int, began: float) -> None:
    if done % 20 == 0 or done == total:
        left = (time.perf_counter() - began) / done * (total - done)
        print(f"{done}/{total} games, about {left:.0f} s left", file=sys.stderr, flush=True)


def print_tables(
    args: argparse.Namespace,
    agents: list[str],
    options: tuple[str, ...],
    results: list[Done],
    seconds: float,
) -> None:
    solo = all(len(d.seats) == 1 for d in results)
    summary = summarise(
        [(_labels(d), d.review) for d in results], seed=args.seed, sample=args.sample
    )
    by_agent = {a.agent: a for a in summary.agents}
    scores = {a: [d.score for d in results if d.agent == a] for a in agents}
    against = "win rate" if solo else f"score against {args.reference}"
    print(
        f"| agent | games | decisions judged | in open positions | accuracy | 95% CI "
        f"| over every decision | 95% CI | mean cost (points) | marks per 100 | {against} "
        "| 95% CI |"
    )
    print("|---|---:|---:|---:|---:|---|---:|---|---:|---:|---:|---|")
    rows = []
    for a in agents:
        s = by_agent.get(a)
        got = scores[a]
        rate = sum(got) / len(got) if got else float("nan")
        lo, hi = wilson_interval(sum(got), len(got))
        rows.append((a, s, rate, lo, hi))
    rows.sort(key=lambda row: -(row[1].accuracy or 0.0) if row[1] else 0.0)
    for a, s, rate, lo, hi in rows:
        acc = s.accuracy if s else None
        cost = None if s is None or s.mean_cost is None else s.mean_cost * 100
        _, all_acc, all_lo, all_hi = over_every_decision(
            [d for d in results if d.agent == a], args.seed
        )
        all_ci = "–" if all_lo is None or all_hi is None else f"{all_lo:.1f} – {all_hi:.1f}"
        print(
            f"| {a} | {len(scores[a])} | {s.valued if s else 0} | {s.open if s else 0} | "
            f"{shown(acc)} | {interval_shown(s) if s else '–'} | {shown(all_acc)} | {all_ci} | "
            f"{shown(cost, 2)} | {shown(s.marks_per_100 if s else None)} | "
            f"{rate:.1%} | {lo:.1%} – {hi:.1%} |"
        )
    print()
    how = f"sample {args.sample} decisions a game" if args.sample else "every decision"
    print(
        f"{args.game} ({' '.join(options) or 'default options'}), {args.games} games an agent, "
        f"{how}, scale {args.scale:g}, seed {args.seed}; {seconds:.0f} s"
    )
    for line in order_report(rows):
        print(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(
                {
                    "summary": summary.to_json(),
                    "scores": {a: sum(v) / len(v) for a, v in scores.items() if v},
                    "games": args.games,
                    "seed": args.seed,
                },
                fh,
                indent=1,
            )


def over_every_decision(
    done: list[Done], seed: int
) -> tuple[int, float | None, float | None, float | None]:
    """The agent's decisions valued in chance to win, open or decided, their
    pooled accuracy and its 95% bootstrap interval over games (for
    comparison with the review's accuracy, over open positions only)."""
    per_game = []
    for d in done:
        values = [
            accuracy_of(s.cost)
            for s in d.review.steps
            if s.judged and s.kind == "probability" and s.cost is not None
        ]
        per_game.append((sum(values), len(values)))
    n = sum(k for _, k in per_game)
    if not n:
        return 0, None, None, None
    lo, hi = bootstrap_interval(per_game, seed=seed)
    return n, sum(t for t, _ in per_game) / n, lo, hi


def _labels(done: Done) -> tuple[str, ...]:
    """The seats' labels: the agent's own spec at its seat (the reference
    may be the same spec)."""
    return done.seats


def order_report(rows: list[tuple[str, AgentSummary | None, float, float, float]]) -> list[str]:
    """A line per pair of agents whose order by accuracy and by score differ."""
    out = []
    for (a, sa, ra, la, ha), (b, sb, rb, lb, hb) in combinations(rows, 2):
        if sa is None or sb is None or sa.accuracy is None or sb.accuracy is None:
            continue
        if (sa.accuracy - sb.accuracy) * (ra - rb) < 0:
            out.append(
                f"disagree: {a} accuracy {sa.accuracy:.1f} ({interval_shown(sa)}) above {b} "
                f"{sb.accuracy:.1f} ({interval_shown(sb)}), but scores {ra:.1%} "
                f"({la:.1%} – {ha:.1%}) against {rb:.1%} ({lb:.1%} – {hb:.1%})"
            )
    if not out:
        out.append("the order by accuracy is the order by score (ties aside)")
    return out


if __name__ == "__main__":
    main()
