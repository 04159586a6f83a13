"""How well the paired search's sweeps tell two candidates apart: the noise
of the common random numbers under each setting (reported, never asserted).

A game between heuristics is played from a seed; every ``--every``-th
decision with at least two ranked actions (up to ``--positions`` of them)
is searched with each setting given, each the paired search over the
heuristic's two best actions (``top=2,paired=1``, plus the setting). For
each setting the table gives the share of sweeps in which the two
candidates' values differ (the sweeps that carry information; the others
say the two are alike), the spread of the paired differences, the
spread of one candidate's values, the sweeps a search ran (fewer than
the budget's where ``look`` settled the choice early) and the CPU
milliseconds of a search (what keyed dice cost: a generator seeded for
every chance event). Every setting sees the same positions and the same
sweep seeds.

    python benchmarks/paired_noise.py [--game dungeons] [--players 2] [--positions 12]
        [--every 12] [--iterations 60] [--seed 3] [--settings "keyed=0;keyed=1"]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from saloon.agents import MCTSAgent, make_agent
from saloon.core import CHANCE, State, get_game


def positions(game_id: str, players: int, count: int, every: int, seed: int) -> list[State]:
    """Every ``every``-th decision of a seeded game between heuristics at
    which the heuristic ranks two actions or more, up to ``count``."""
    game = get_game(game_id)
    rng = np.random.default_rng(seed)
    heuristic = make_agent("heuristic", game, seed)
    state = game.new_state(num_players=players)
    out: list[State] = []
    decisions = 0
    while not state.is_over and len(out) < count:
        if state.to_move == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        decisions += 1
        ranked = heuristic.ranked(state)  # type: ignore[attr-defined]
        if decisions % every == 0 and len(ranked) >= 2:
            out.append(state.clone())
        state.apply_unchecked(heuristic.choose(state))
    return out


def noise(states: list[State], setting: str, iterations: int, seed: int) -> tuple[float, ...]:
    """The share of sweeps whose two values differ, the spread of the paired
    differences and of the first candidate's values, the sweeps and the
    CPU milliseconds of a search, averaged over ``states``."""
    rows = []
    for state in states:
        spec = f"mcts:iterations={iterations},rollout=heuristic,top=2,paired=1"
        agent = make_agent(f"{spec},{setting}" if setting else spec, state.game, seed)
        assert isinstance(agent, MCTSAgent)
        start = time.process_time()
        agent.search(state)
        ms = 1000 * (time.process_time() - start)
        first, second = (np.asarray(v) for v in agent.last_sweeps.values())
        kept = ~np.isnan(first) & ~np.isnan(second)
        diff = first[kept] - second[kept]
        spread = (float(np.mean(diff != 0)), float(diff.std()), float(first[kept].std()))
        rows.append((*spread, len(first), ms))
    return tuple(float(x) for x in np.mean(rows, axis=0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dungeons")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--every", type=int, default=12)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--settings", default="keyed=0;keyed=1", help="separated by ;")
    args = parser.parse_args()
    states = positions(args.game, args.players, args.positions, args.every, args.seed)
    print(f"{len(states)} positions of {args.game}, {args.players} players, seed {args.seed}")
    print(
        "| setting | sweeps that differ | spread of the differences | spread of a value "
        "| sweeps a search | ms a search |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for setting in args.settings.split(";"):
        differ, spread, value, sweeps, ms = noise(states, setting, args.iterations, args.seed + 2)
        print(
            f"| `{setting or '-'}` | {differ:.1%} | {spread:.3f} | {value:.3f} | {sweeps:.1f} "
            f"| {ms:,.0f} |"
        )


if __name__ == "__main__":
    main()
