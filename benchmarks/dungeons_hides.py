"""D6 Dungeons, Hide Collection (Part III): how often a table of one agent
wins solo and co-op (reported, never asserted).

Every seat plays the same agent (the table wins or loses together). For
each agent, mode and player count (solo: 1; co-op: 2, 3, 4) on each map,
``--games`` games are played, each seeded from
``numpy.random.SeedSequence(seed)`` (its dice and each seat's agent); a
line gives the games, the wins, the win rate with its 95% Wilson interval
(``saloon.analysis.stats.wilson_interval``), the mean hides collected of
15, the mean max turns reached and the seconds taken.

    python benchmarks/dungeons_hides.py [--agents heuristic,random] [--games N]
        [--configs solo-1,coop-2,coop-3,coop-4] [--maps standard,advanced]
        [--seed S] [--workers W] [-o KEY=VALUE ...]

The table in docs/games/dungeons.md was made with
``python benchmarks/dungeons_hides.py --games 2000 --workers 1``.
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
from saloon.games.dungeons.rules.state import DungeonsState


def play(args: tuple[str, str, int, str, int, tuple[str, ...]]) -> tuple[bool, int, int]:
    """One game: (won, hides collected, max turns reached)."""
    spec, mode, players, game_map, seed, extra = args
    opts = DungeonsOptions.parse([f"mode={mode}", f"map={game_map}", *extra])
    state = GAME.new_state(opts, players)
    assert isinstance(state, DungeonsState)
    seq = np.random.SeedSequence(seed)
    dice, *seats = seq.spawn(players + 1)
    rng = np.random.default_rng(dice)
    agents = [make_agent(spec, GAME, seed=int(s.generate_state(1)[0])) for s in seats]
    while not state.is_over:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            mover = state.to_move
            assert mover is not None
            state.apply(agents[mover].choose(state))
    return state.returns()[0] > 0, len(state.collection), state.max_turns


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--agents", default="heuristic,random")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--configs", default="solo-1,coop-2,coop-3,coop-4")
    p.add_argument("--maps", default="standard,advanced")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("-o", dest="options", action="append", default=[])
    a = p.parse_args()
    print("| agent | mode | players | map | games | wins | win rate (95% CI) | hides | turns |")
    print("|---|---|---|---|---:|---:|---|---:|---:|")
    for spec in a.agents.split(","):
        for config in a.configs.split(","):
            mode, _, n = config.partition("-")
            for game_map in a.maps.split(","):
                jobs = [
                    (spec, mode, int(n), game_map, a.seed * 1_000_003 + g, tuple(a.options))
                    for g in range(a.games)
                ]
                start = time.perf_counter()
                if a.workers > 1:
                    with multiprocessing.Pool(a.workers) as pool:
                        results = pool.map(play, jobs, chunksize=8)
                else:
                    results = [play(j) for j in jobs]
                wins = sum(1 for r in results if r[0])
                lo, hi = wilson_interval(wins, len(results))
                hides = sum(r[1] for r in results) / len(results)
                turns = sum(r[2] for r in results) / len(results)
                secs = time.perf_counter() - start
                print(
                    f"| {spec} | {mode} | {n} | {game_map} | {len(results)} | {wins} | "
                    f"{wins / len(results):.1%} ({lo:.1%} to {hi:.1%}) | {hides:.1f} | "
                    f"{turns:.1f} |  <!-- {secs:.0f} s -->",
                    flush=True,
                )


if __name__ == "__main__":
    main()
