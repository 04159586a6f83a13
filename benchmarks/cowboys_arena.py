"""Cowboys: the ``heuristic`` against ``random`` on every scenario, and the
generic ``mcts`` against the heuristic (the figures of docs/games/cowboys.md, "Bots").

Two-sided scenarios run through the arena (:func:`saloon.analysis.arena.run_arena`:
seats alternate, every game seeded); the three-sided standoff rotates the
heuristic through the three seats against two random players. Each line
gives the games, A's wins, losses and draws, A's score (a draw counts
half) with its 95% Wilson interval, and A's share of the decided games
with its interval.

    python benchmarks/cowboys_arena.py [--games N] [--mcts-games M] [--mcts SPEC]
        [--mcts-scenarios a,b] [--seed S] [-o KEY=VALUE ...]

``--games 0`` or ``--mcts-games 0`` leaves that part out; ``-o`` sets a
game option for every game (``-o advanced=true``: the Advanced Rules).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import numpy as np

from saloon.agents import make_agent
from saloon.analysis.arena import run_arena
from saloon.analysis.stats import wilson_interval
from saloon.games.cowboys import Cowboys
from saloon.games.cowboys.options import CowboysOptions

SCENARIOS = (
    "hickok-tutt",
    "brawl",
    "coffeyville",
    "the-witness",
    "ok-corral",
    "saloon-siege",
    "stage-holdup",
    "jailbreak",
    "sundown-at-red-rock",
)


def line(scenario: str, a: str, b: str, games: int, wins: int, losses: int, draws: int) -> str:
    score = wins + 0.5 * draws
    lo, hi = wilson_interval(score, games)
    decided = wins + losses
    share = f"{wins / decided:.0%}" if decided else "–"
    dlo, dhi = wilson_interval(wins, decided) if decided else (float("nan"),) * 2
    between = f"{dlo:.0%} – {dhi:.0%}" if decided else "–"
    return (
        f"| {scenario} | {a} | {b} | {games} | {wins} | {losses} | {draws} "
        f"| {score / games:.1%} | {lo:.1%} – {hi:.1%} | {share} | {between} |"
    )


def options_of(scenario: str, pairs: Sequence[str]) -> CowboysOptions:
    """The scenario with the ``-o`` options."""
    opts = CowboysOptions.parse([*pairs, f"scenario={scenario}"])
    assert isinstance(opts, CowboysOptions)
    return opts


def pair(scenario: str, a: str, b: str, games: int, seed: int, pairs: Sequence[str] = ()) -> str:
    game = Cowboys()
    result = run_arena(game, options_of(scenario, pairs), [a, b], games, seed=seed)
    p = result.pairing(a, b)
    return line(scenario, a, b, p.games, p.wins_a, p.wins_b, p.draws)


def three_way(a: str, games: int, seed: int, pairs: Sequence[str] = ()) -> str:
    """``a`` in each seat in turn against two random players."""
    game = Cowboys()
    options = options_of("three-way-standoff", pairs)
    wins = losses = draws = 0
    for g, seq in enumerate(np.random.SeedSequence(seed).spawn(games)):
        dice, *seats = seq.spawn(4)
        me = g % 3
        state = game.new_state(options)
        state.quiet = True
        agents = [
            make_agent(a if s == me else "random", game, seed=int(seats[s].generate_state(1)[0]))
            for s in range(3)
        ]
        rng = np.random.default_rng(dice)
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            if state.is_chance:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(agents[mover].choose(state))
        winners = state.result().winners
        if not winners:
            draws += 1
        elif me in winners:
            wins += 1
        else:
            losses += 1
    return line("three-way-standoff", a, "random ×2", games, wins, losses, draws)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=200, help="games per scenario (seats alternate)"
    )
    parser.add_argument("--mcts-games", type=int, default=20)
    parser.add_argument("--mcts", default="mcts:iterations=100")
    parser.add_argument("--mcts-scenarios", default="hickok-tutt,brawl")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "-o", dest="options", action="append", default=[], metavar="KEY=VALUE",
        help="a game option for every game, e.g. advanced=true (repeatable)",
    )  # fmt: skip
    args = parser.parse_args()
    print(
        "| scenario | A | B | games | A wins | B wins | draws | A score | 95% CI "
        "| A's share of decided | 95% CI |"
    )
    print("|---|---|---|---:|---:|---:|---:|---:|---|---:|---|")
    for scenario in SCENARIOS if args.games else ():
        began = time.perf_counter()
        row = pair(scenario, "heuristic", "random", args.games, args.seed, args.options)
        print(row, flush=True)
        print(f"<!-- {time.perf_counter() - began:.0f} s -->", flush=True)
    if args.games:
        print(three_way("heuristic", args.games, args.seed, args.options), flush=True)
    scenarios = args.mcts_scenarios.split(",") if args.mcts_games else []
    for scenario in filter(None, scenarios):
        began = time.perf_counter()
        row = pair(scenario, args.mcts, "heuristic", args.mcts_games, args.seed, args.options)
        print(row, flush=True)
        print(f"<!-- {time.perf_counter() - began:.0f} s -->", flush=True)


if __name__ == "__main__":
    main()
