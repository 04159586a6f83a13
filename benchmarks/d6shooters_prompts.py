"""The d6 Shooters at the table: how many questions a Day puts to the player.

Plays seeded ``heuristic`` games of each episode and version and counts, per
Day, the decisions a person would be asked at ``saloon play``: those with
more than one legal action (a decision with one choice is taken for the
player and told in the log, ``Session.take_only_choice``). Also reports
every decision node, one choice or not. Reported in docs/games/d6shooters.md
("At the table"); never asserted.

    python benchmarks/d6shooters_prompts.py [--games N]
"""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

from saloon.agents import make_agent
from saloon.core import get_game


def prompts_per_day(options: list[str], games: int) -> tuple[float, float, Counter[str]]:
    """(questions per Day, decision nodes per Day, questions by kind per Day×1000)."""
    game = get_game("d6shooters")
    opts = game.parse_options(options)
    asked = nodes = days = 0
    kinds: Counter[str] = Counter()
    for seed in range(games):
        state = game.new_state(opts)
        agent = make_agent("heuristic", game, seed=seed)
        rng = np.random.default_rng(seed)
        while not state.is_over:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            nodes += 1
            if len(legal) > 1:
                asked += 1
                kinds[str(legal[0]).split()[0]] += 1
            state.apply(agent.choose(state))
        days += state.journey.day  # type: ignore[attr-defined]
    return asked / days, nodes / days, kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    print("| episode | version | questions per Day | decision nodes per Day |")
    print("|---|---|---:|---:|")
    for episode in (1, 2):
        for version in ("standard", "easier"):
            asked, nodes, _ = prompts_per_day(
                [f"episode={episode}", f"version={version}"], args.games
            )
            print(f"| {episode} | {version} | {asked:.1f} | {nodes:.1f} |")


if __name__ == "__main__":
    main()
