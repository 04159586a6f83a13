"""Cowboys: the ``heuristic`` against ``random`` on every scenario, and the
generic ``mcts`` against the heuristic (the figures of docs/games/cowboys.md, "Bots").

Two-sided scenarios run through the arena (:func:`saloon.analysis.arena.run_arena`:
seats alternate, every game seeded); the three-sided standoff rotates A
through the three seats against two copies of B; the solitaire scenario
(``sundown-at-red-rock``) seats A on the Law against the scenario's
``solo`` bot, and beside A the same games (the same seeds) with B in the
Law's seat. Each line gives the games, A's wins, losses and draws, A's
score (a draw counts half; in the standoff a third, so that a fair score
there is one third) with its 95% Wilson interval, and A's share of the
decided games with its interval.

    python benchmarks/cowboys_arena.py [--games N] [--mcts-games M] [--mcts SPEC]
        [--mcts-scenarios a,b] [--seed S] [--jobs J] [--by-side] [-o KEY=VALUE ...]

``--games 0`` or ``--mcts-games 0`` leaves that part out; ``-o`` sets a
game option for every game (``-o advanced=true``: the Advanced Rules);
``--jobs`` plays the games in that many processes (each game is seeded
alike whatever the number); ``--by-side`` splits the MCTS rows of the
two-sided scenarios by the side A plays.
"""

from __future__ import annotations

import argparse
import multiprocessing
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

#: The solitaire scenario: its gang is played by the ``solo`` bot.
SOLO = "sundown-at-red-rock"


def line(
    scenario: str, a: str, b: str, games: int, wins: int, losses: int, draws: int, sides: int = 2
) -> str:
    """A's row; a draw counts ``1 / sides`` (a three-sided game's fair score is a third)."""
    score = wins + draws / sides
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


def pair(
    scenario: str, a: str, b: str, games: int, seed: int, pairs: Sequence[str] = (), jobs: int = 1
) -> str:
    game = Cowboys()
    result = run_arena(game, options_of(scenario, pairs), [a, b], games, seed=seed, workers=jobs)
    p = result.pairing(a, b)
    return line(scenario, a, b, p.games, p.wins_a, p.wins_b, p.draws)


def play_one(
    job: tuple[str, Sequence[str], tuple[str, ...], np.random.SeedSequence],
) -> tuple[int, ...]:
    """The winners of one seeded game of ``scenario``, seat ``i`` played by
    ``specs[i]``; the dice and each seat's agent from the game's seed."""
    scenario, pairs, specs, seq = job
    game = Cowboys()
    dice, *seats = seq.spawn(len(specs) + 1)
    state = game.new_state(options_of(scenario, pairs))
    state.quiet = True
    agents = [
        make_agent(spec, game, seed=int(seats[s].generate_state(1)[0]))
        for s, spec in enumerate(specs)
    ]
    rng = np.random.default_rng(dice)
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(agents[mover].choose(state))
    return tuple(state.result().winners)


def play_all(
    jobs: list[tuple[str, Sequence[str], tuple[str, ...], np.random.SeedSequence]], processes: int
) -> list[tuple[int, ...]]:
    if processes > 1:
        with multiprocessing.Pool(processes) as pool:
            return pool.map(play_one, jobs, chunksize=1)
    return [play_one(job) for job in jobs]


def three_way(
    a: str, games: int, seed: int, pairs: Sequence[str] = (), b: str = "random", jobs: int = 1
) -> str:
    """``a`` in each seat in turn (game ``g``: seat ``g mod 3``) against two copies of ``b``."""
    seqs = np.random.SeedSequence(seed).spawn(games)
    specs = [tuple(a if s == g % 3 else b for s in range(3)) for g in range(games)]
    results = play_all(
        [("three-way-standoff", tuple(pairs), specs[g], seqs[g]) for g in range(games)], jobs
    )
    wins = sum(g % 3 in w for g, w in enumerate(results) if w)
    draws = sum(not w for w in results)
    losses = games - wins - draws
    return line("three-way-standoff", a, f"{b} ×2", games, wins, losses, draws, sides=3)


def solitaire(
    a: str, b: str, games: int, seed: int, pairs: Sequence[str] = (), jobs: int = 1
) -> str:
    """``a`` on the Law against the ``solo`` gang; ``b`` in the same seat
    over the same seeds; the line gives A's results, then B's wins."""
    seqs = np.random.SeedSequence(seed).spawn(games)
    rows = []
    for who in (a, b):
        results = play_all(
            [(SOLO, tuple(pairs), (who, "solo"), seqs[g]) for g in range(games)], jobs
        )
        rows.append((sum(w == (0,) for w in results), sum(w == (1,) for w in results)))
    (wa, la), (wb, lb) = rows
    return line(SOLO, a, f"solo (beside: {b} won {wb}, lost {lb})", games, wa, la, games - wa - la)


def by_side(
    scenario: str, a: str, b: str, games: int, seed: int, pairs: Sequence[str] = (), jobs: int = 1
) -> str:
    """``--by-side``: ``a`` against ``b``, seats alternating (game ``g``: A
    in seat ``g mod 2``), one line for each side A played. Games are
    seeded as the standoff's, not as :func:`pair`'s: other games. The
    lines, as :func:`pair` gives its one."""
    seqs = np.random.SeedSequence(seed).spawn(games)
    specs = [(a, b) if g % 2 == 0 else (b, a) for g in range(games)]
    results = play_all([(scenario, tuple(pairs), specs[g], seqs[g]) for g in range(games)], jobs)
    state = Cowboys().new_state(options_of(scenario, pairs))
    rows = []
    for seat in (0, 1):
        mine = [w for g, w in enumerate(results) if g % 2 == seat]
        wins = sum(w == (seat,) for w in mine)
        losses = sum(w == (1 - seat,) for w in mine)
        label = f"{scenario}, A as {state.side_name(seat)}"
        rows.append(line(label, a, b, len(mine), wins, losses, len(mine) - wins - losses))
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=200, help="games per scenario (seats alternate)"
    )
    parser.add_argument("--mcts-games", type=int, default=20)
    parser.add_argument("--mcts", default="mcts:iterations=100")
    parser.add_argument("--mcts-scenarios", default="hickok-tutt,brawl")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    parser.add_argument(
        "--by-side",
        action="store_true",
        help="the MCTS rows of two-sided scenarios split by the side A plays (other seeds)",
    )
    parser.add_argument(
        "-o", dest="options", action="append", default=[], metavar="KEY=VALUE",
        help="a game option for every game, e.g. advanced=true (repeatable)",
    )  # fmt: skip
    args = parser.parse_args()
    for scenario in filter(None, args.mcts_scenarios.split(",") if args.mcts_games else []):
        try:
            Cowboys().new_state(options_of(scenario, args.options))
        except ValueError as err:  # a scenario or option misnamed: one line, before any game
            parser.error(str(err))
    print(
        "| scenario | A | B | games | A wins | B wins | draws | A score | 95% CI "
        "| A's share of decided | 95% CI |"
    )
    print("|---|---|---|---:|---:|---:|---:|---:|---|---:|---|")
    for scenario in SCENARIOS if args.games else ():
        began = time.perf_counter()
        if scenario == SOLO:
            row = solitaire("heuristic", "random", args.games, args.seed, args.options, args.jobs)
        else:
            row = pair(
                scenario, "heuristic", "random", args.games, args.seed, args.options, args.jobs
            )
        print(row, flush=True)
        print(f"<!-- {time.perf_counter() - began:.0f} s -->", flush=True)
    if args.games:
        print(
            three_way("heuristic", args.games, args.seed, args.options, jobs=args.jobs), flush=True
        )
    scenarios = args.mcts_scenarios.split(",") if args.mcts_games else []
    for scenario in filter(None, scenarios):
        began = time.perf_counter()
        if scenario == "three-way-standoff":
            row = three_way(
                args.mcts, args.mcts_games, args.seed, args.options, "heuristic", args.jobs
            )
        elif scenario == SOLO:
            row = solitaire(
                args.mcts, "heuristic", args.mcts_games, args.seed, args.options, args.jobs
            )
        else:
            play = by_side if args.by_side else pair
            row = play(
                scenario,
                args.mcts,
                "heuristic",
                args.mcts_games,
                args.seed,
                args.options,
                args.jobs,
            )
        print(row, flush=True)
        print(f"<!-- {time.perf_counter() - began:.0f} s -->", flush=True)


if __name__ == "__main__":
    main()
