"""The d6 Shooters: random playouts per second (reported, never asserted).

Uniform random legal actions through ``apply_unchecked`` and
``sample_chance``, with ``quiet`` set, as a simulator would play.

    python benchmarks/d6shooters_speed.py [games]
"""

from __future__ import annotations

import sys
import time

import numpy as np

from saloon.core import get_game
from saloon.games.d6shooters.options import D6ShootersOptions


def playouts(options: D6ShootersOptions, games: int, seed: int = 0) -> tuple[float, float]:
    game = get_game("d6shooters")
    rng = np.random.default_rng(seed)
    steps = 0
    began = time.perf_counter()
    for _ in range(games):
        state = game.new_state(options)
        state.quiet = True
        while not state.is_over:
            if state.is_chance:
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state.apply_unchecked(action)
            steps += 1
    seconds = time.perf_counter() - began
    return games / seconds, steps / seconds


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    for episode in (1, 2):
        rate, transitions = playouts(D6ShootersOptions(episode=episode), games)
        print(f"episode {episode}: {rate:,.0f} games/s, {transitions:,.0f} transitions/s")


if __name__ == "__main__":
    main()
