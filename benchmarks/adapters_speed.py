"""Steps per second through each learning API beside Saloon's own loop
(the figures of docs/performance.md, "The learning APIs").

For each game (its default variant), random play in every seat, counted as
state steps (decisions and chance outcomes alike, ``len(state.history)``)
per second of wall time:

* **Saloon**: the game's own loop (:func:`saloon.core.driver.play`, random
  agents, seeded dice);
* **Gymnasium**: :class:`saloon.adapters.gymnasium.SaloonEnv`, the learner
  sampling a legal id from ``info["action_mask"]``, random opponents; and the
  env steps per second (each one the learner's decision, with the chance
  and opponents' moves it brings);
* **PettingZoo**: the AEC environment, every agent sampling from its mask;
* **OpenSpiel**: the registered pyspiel game, chance sampled from
  ``chance_outcomes()`` and legal ids from ``legal_actions()``, as
  OpenSpiel's own random-simulation loop does.

    python benchmarks/adapters_speed.py [--seconds S] [--games ID,ID]
"""

from __future__ import annotations

import argparse
import time
import warnings
from collections.abc import Callable

import numpy as np

from saloon.adapters import openspiel as spiel
from saloon.adapters.gymnasium import SaloonEnv
from saloon.adapters.pettingzoo import make_env
from saloon.agents import make_agent
from saloon.core import all_games, get_game
from saloon.core.dice import RandomDice
from saloon.core.driver import play


def timed(run_one: Callable[[int], tuple[int, int]], seconds: float) -> tuple[float, float]:
    """Games of ``run_one(seed) -> (state steps, env steps)`` for ``seconds``:
    state steps and env steps per second."""
    steps = calls = 0
    seed = 0
    start = time.perf_counter()
    while (spent := time.perf_counter() - start) < seconds or seed == 0:
        s, c = run_one(seed)
        steps, calls, seed = steps + s, calls + c, seed + 1
    spent = time.perf_counter() - start
    return steps / spent, calls / spent


def saloon_loop(game_id: str) -> Callable[[int], tuple[int, int]]:
    game = get_game(game_id)
    players = game.new_state().num_players

    def one(seed: int) -> tuple[int, int]:
        bots = [make_agent("random", game, seed=seed * 10 + p) for p in range(players)]
        record = play(game, None, bots, RandomDice(seed), seed=seed)
        return len(record.moves), len(record.moves)

    return one


def gymnasium_loop(game_id: str) -> Callable[[int], tuple[int, int]]:
    env = SaloonEnv(game_id, opponents="random")
    rng = np.random.default_rng(0)

    def one(seed: int) -> tuple[int, int]:
        _, info = env.reset(seed=seed)
        calls = 0
        terminated = False
        while not terminated:
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, _, info = env.step(int(rng.choice(legal)))
            calls += 1
        return len(env.state.history), calls

    return one


def pettingzoo_loop(game_id: str) -> Callable[[int], tuple[int, int]]:
    env = make_env(game_id)
    rng = np.random.default_rng(0)

    def one(seed: int) -> tuple[int, int]:
        env.reset(seed=seed)
        calls = 0
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            calls += 1
        return len(env.unwrapped.table.state.history), calls

    return one


def openspiel_loop(game_id: str) -> Callable[[int], tuple[int, int]]:
    game = spiel.load(game_id)
    rng = np.random.default_rng(0)

    def one(seed: int) -> tuple[int, int]:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(ids, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
        return steps, steps

    return one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per game and API")
    parser.add_argument("--games", default=",".join(g.id for g in all_games()))
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    print("| game | API | state steps/s | env steps/s | vs Saloon |")
    print("|---|---|---|---|---|")
    for game_id in args.games.split(","):
        base = None
        for api, loop in (
            ("Saloon's loop", saloon_loop),
            ("Gymnasium", gymnasium_loop),
            ("PettingZoo", pettingzoo_loop),
            ("OpenSpiel", openspiel_loop),
        ):
            steps, calls = timed(loop(game_id), args.seconds)
            base = steps if base is None else base
            print(
                f"| {game_id} | {api} | {steps:,.0f} | {calls:,.0f} | {steps / base:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
