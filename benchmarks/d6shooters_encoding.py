"""The d6 Shooters' encoding: its cost beside the game's own step (reported,
never asserted).

Random games as a learning loop plays them: at each decision the encoding
gives the legal mask and the observation, then the game lists the legal
actions, applies one and resolves chance up to the next decision. Prints,
per decision and per episode, the microseconds of the game's step, of
``legal_mask``, of ``observation`` (of which ``state.view``) and of
``action`` (the id read back), the median of ``--repeats`` runs.

    python benchmarks/d6shooters_encoding.py [--games N] [--repeats R]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from saloon.core import get_game
from saloon.games.d6shooters.options import D6ShootersOptions


def run(options: D6ShootersOptions, games: int, seed: int) -> dict[str, float]:
    """Microseconds per decision of each part."""
    game = get_game("d6shooters")
    enc = game.encoding(options)
    rng = np.random.default_rng(seed)
    clock = time.perf_counter
    spent = dict.fromkeys(("step", "legal_mask", "observation", "view", "action"), 0.0)
    decisions = 0
    for _ in range(games):
        state = game.new_state(options)
        while not state.is_over:
            if state.is_chance:
                t0 = clock()
                state.apply(state.sample_chance(rng))
                spent["step"] += clock() - t0
                continue
            t0 = clock()
            mask = enc.legal_mask(state)
            t1 = clock()
            enc.observation(state, 0)
            t2 = clock()
            state.view(0)
            t3 = clock()
            ids = np.flatnonzero(mask)
            choice = int(ids[int(rng.integers(len(ids)))])
            t4 = clock()
            enc.action(state, choice)
            t5 = clock()
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
            t6 = clock()
            spent["legal_mask"] += t1 - t0
            spent["observation"] += t2 - t1
            spent["view"] += t3 - t2
            spent["action"] += t5 - t4
            spent["step"] += t6 - t5
            decisions += 1
    return {k: 1e6 * v / decisions for k, v in spent.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    for episode in (1, 2):
        opts = D6ShootersOptions(episode=episode)
        get_game("d6shooters").encoding(opts)  # built once, outside the timing
        runs = [run(opts, args.games, seed=r) for r in range(args.repeats)]
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        print(
            f"episode {episode}, us per decision: game step {med['step']:.1f}; "
            f"legal_mask {med['legal_mask']:.1f}, observation {med['observation']:.1f} "
            f"(view {med['view']:.1f}), action {med['action']:.1f}"
        )


if __name__ == "__main__":
    main()
