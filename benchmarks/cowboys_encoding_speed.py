"""Cowboys as numbers: what the encoding costs a step, beside the game's own step (reported,
never asserted).

Random games (uniform legal actions, seeded chance), and at every state:

* the game's step: ``legal_actions`` (afresh after each transition) and ``apply``;
* ``legal_mask`` (at a decision), from the legal list the step derived;
* the observation of the side to move: ``state.view`` (the game's) and the
  vector the encoding makes of it (``observe``).

Each figure is microseconds a state, the median of ``--repeats`` runs, timed
in the process's CPU seconds (steadier than wall time on a shared machine).

    python benchmarks/cowboys_encoding_speed.py [--games N] [--repeats R] [--scenarios a,b]
        [-o key=value ...]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from saloon.games.cowboys import GAME
from saloon.games.cowboys.options import CowboysOptions

SCENARIOS = (
    "hickok-tutt",
    "brawl",
    "ok-corral",
    "the-witness",
    "stage-holdup",
    "saloon-siege",
    "coffeyville",
)


def run(options: CowboysOptions, games: int, seed: int) -> dict[str, float]:
    """Microseconds a state of each part, over ``games`` random games."""
    enc = GAME.encoding(options)
    rng = np.random.default_rng(seed)
    clock = time.process_time
    total = dict.fromkeys(("step", "mask", "view", "vector"), 0.0)
    states = 0
    for _ in range(games):
        state = GAME.new_state(options)
        state.quiet = True
        while not state.is_over:
            t0 = clock()
            if state.is_chance:
                action = state.sample_chance(rng)
                t1 = t2 = clock()
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
                t1 = clock()
                enc.legal_mask(state)
                t2 = clock()
            mover = state.to_move
            player = mover if mover is not None and mover >= 0 else 0
            view = state.view(player)
            t3 = clock()
            enc.observe(view, player)
            t4 = clock()
            state.apply(action)
            t5 = clock()
            total["step"] += (t1 - t0) + (t5 - t4)
            total["mask"] += t2 - t1
            total["view"] += t3 - t2
            total["vector"] += t4 - t3
            states += 1
    return {k: 1e6 * v / states for k, v in total.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("-o", dest="extra", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    print(
        "| scenario | action ids | step (us) | legal_mask (us) | view (us) "
        "| vector (us) | mask + vector, of the step |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for scenario in args.scenarios.split(","):
        options = CowboysOptions.parse([f"scenario={scenario}", *args.extra])
        runs = [run(options, args.games, args.seed) for _ in range(args.repeats)]
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        share = (med["mask"] + med["vector"]) / med["step"]
        print(
            f"| {scenario} | {GAME.encoding(options).num_actions:,} | {med['step']:.0f} "
            f"| {med['mask']:.0f} | {med['view']:.0f} | {med['vector']:.0f} | {share:.0%} |"
        )


if __name__ == "__main__":
    main()
