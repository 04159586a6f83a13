"""The uniform random agent: every legal action equally likely."""

from __future__ import annotations

import numpy as np

from saloon.core.action import Action
from saloon.core.state import State


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator.

    >>> from saloon.core import get_game
    >>> game = get_game("shootout")
    >>> state = game.new_state()
    >>> state.apply(state.chance_outcomes()[0][0])
    >>> state.apply(state.chance_outcomes()[0][0])
    >>> a, b = RandomAgent(seed=5), RandomAgent(seed=5)
    >>> [a.choose(state) for _ in range(5)] == [b.choose(state) for _ in range(5)]
    True
    """

    def __init__(self, seed: int | np.random.SeedSequence | None = None, name: str = "random"):
        self.name = name
        self.rng = np.random.default_rng(seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: no player is to move")
        return legal[int(self.rng.integers(len(legal)))]
