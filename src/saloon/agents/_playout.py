"""Playouts shared by the generic agents: random, or by another agent."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from saloon.core.action import Action
from saloon.core.agent import Agent
from saloon.core.state import CHANCE, State

#: Draws a chance node's outcome (see ``MCTSAgent``'s keyed dice).
Draw = Callable[[State], Action]


def random_playout(
    state: State, rng: np.random.Generator, max_steps: int | None = None, draw: Draw | None = None
) -> State:
    """Play ``state`` on (in place) with uniform random actions and sampled
    chance until the game ends or ``max_steps`` steps have been taken
    (``draw``, if given, draws the chance outcomes instead of ``rng``)."""
    play_randomly(state, rng, max_steps, draw)
    return state


def play_randomly(
    state: State, rng: np.random.Generator, max_steps: int | None = None, draw: Draw | None = None
) -> int:
    """As :func:`random_playout`; the number of steps taken."""

    def pick(s: State) -> Action:
        legal = s.legal_actions()
        n = len(legal)
        return legal[int(rng.integers(n))] if n > 1 else legal[0]

    return _play(state, pick, rng, max_steps, draw)


def agent_playout(
    state: State,
    agent: Agent,
    rng: np.random.Generator,
    max_steps: int | None = None,
    draw: Draw | None = None,
) -> State:
    """Play ``state`` on (in place) with ``agent`` choosing for every player
    and sampled chance, until the game ends or ``max_steps`` steps have
    been taken (``draw``, if given, draws the chance outcomes instead of
    ``rng``)."""
    play_by_agent(state, agent, rng, max_steps, draw)
    return state


def play_by_agent(
    state: State,
    agent: Agent,
    rng: np.random.Generator,
    max_steps: int | None = None,
    draw: Draw | None = None,
) -> int:
    """As :func:`agent_playout`; the number of steps taken."""
    return _play(state, agent.choose, rng, max_steps, draw)


def _play(
    state: State,
    pick: Callable[[State], Action],
    rng: np.random.Generator,
    max_steps: int | None,
    draw: Draw | None,
) -> int:
    """Play ``state`` on in place, ``pick`` choosing for every player; the
    number of steps taken."""
    steps = 0
    while True:
        mover = state.to_move
        if mover is None or (max_steps is not None and steps >= max_steps):
            return steps
        if mover == CHANCE:
            state.apply_unchecked(state.sample_chance(rng) if draw is None else draw(state))
        else:
            state.apply_unchecked(pick(state))
        steps += 1
