"""How long the search advisors of Cowboys and D6 take a decision (reported, never asserted).

The decisions are those with more than one choice of games between
heuristics (every ``--every``-th, from ``--games`` seeded games a case);
each is advised once at ``--scale`` times the default budget, in this one
process, and timed in the process's CPU seconds (steadier than the clock
on a shared machine). A line a case: the decisions, the choices a
decision (mean and most), the seconds a decision (mean, median, 90th
percentile, most), and what it did: the transitions applied, the work
(:class:`saloon.agents.advisor.Budget`: a step one, a decision one more a
choice weighed; the race's and the screen's), the playouts raced, and the
CPU microseconds a unit of work.

    python benchmarks/advisor_speed.py [--cases cowboys:hickok-tutt,dungeons:2,...]
        [--games G] [--every K] [--most N] [--scale X] [--seed S]

A case is ``cowboys:SCENARIO`` or ``dungeons:PLAYERS``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator, Sequence

import numpy as np

from saloon.agents import make_agent
from saloon.agents.advisor import SearchAdvisor
from saloon.core import get_game
from saloon.core.state import State

CASES = (
    "cowboys:hickok-tutt",
    "cowboys:three-way-standoff",
    "cowboys:brawl",
    "cowboys:the-witness",
    "cowboys:ok-corral",
    "cowboys:coffeyville",
    "dungeons:2",
    "dungeons:3",
    "dungeons:4",
)


def new_state(case: str) -> State:
    """A new game of ``case`` (``cowboys:SCENARIO`` or ``dungeons:PLAYERS``)."""
    game_id, _, what = case.partition(":")
    game = get_game(game_id)
    if game_id == "cowboys":
        from saloon.games.cowboys.options import CowboysOptions

        return game.new_state(CowboysOptions(scenario=what))
    return game.new_state(num_players=int(what))


def decisions(
    case: str, games: int, every: int, seed: int = 0, random_play: bool = False
) -> Iterator[State]:
    """Every ``every``-th decision with more than one choice of ``games``
    games of ``case``, played by heuristics (or uniformly random players)."""
    game_id = case.partition(":")[0]
    game = get_game(game_id)
    for g in range(games):
        state = new_state(case)
        spec = "random" if random_play else "heuristic"
        agents = [
            make_agent(spec, game, seed=seed * 1000 + g * 10 + p) for p in range(state.num_players)
        ]
        rng = np.random.default_rng(seed * 1000 + g)
        k = 0
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) > 1:
                k += 1
                if k % every == 0:
                    yield state.clone()
            state.apply(agents[mover].choose(state))


def advisor_of(case: str, state: State, seed: int, scale: float) -> SearchAdvisor:
    """The search advisor of ``case``'s game for ``state``."""
    from saloon.games.cowboys import advisor as cowboys
    from saloon.games.dungeons import advisor as dungeons

    module = cowboys if case.startswith("cowboys") else dungeons
    return module.make_advisor(state, seed=seed, scale=scale)


def measure(case: str, games: int, every: int, most: int, scale: float, seed: int) -> str:
    seconds: list[float] = []
    choices: list[int] = []
    steps: list[int] = []
    work: list[int] = []
    playouts: list[int] = []
    for k, state in enumerate(decisions(case, games, every, seed)):
        if k >= most:
            break
        advisor = advisor_of(case, state, seed + k, scale)
        began = time.process_time()
        advisor.advise(state)
        seconds.append(time.process_time() - began)
        choices.append(len(state.legal_actions()))
        steps.append(advisor.last_steps)
        work.append(advisor.last_work + advisor.last_screen_work)
        playouts.append(advisor.last_playouts)
    if not seconds:
        return f"| {case} | 0 | | | | | | | | | | |"
    q = statistics.quantiles(seconds, n=10)[-1] if len(seconds) > 1 else seconds[0]
    return (
        f"| {case} | {len(seconds)} | {statistics.fmean(choices):.0f} | {max(choices)} "
        f"| {statistics.fmean(seconds):.2f} | {statistics.median(seconds):.2f} | {q:.2f} "
        f"| {max(seconds):.2f} | {statistics.fmean(steps):,.0f} | {statistics.fmean(work):,.0f} "
        f"| {statistics.fmean(playouts):.0f} | {1e6 * sum(seconds) / sum(work):.1f} |"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--most", type=int, default=20, help="decisions a case at most")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(
        "| case | decisions | choices, mean | most | s a decision, mean | median | 90% "
        "| most | steps | work | playouts | µs a unit of work |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for case in args.cases.split(","):
        print(measure(case, args.games, args.every, args.most, args.scale, args.seed), flush=True)


if __name__ == "__main__":
    main()
