"""Depth-limited expectimax (max-n for several players) over the core contract.

Chance nodes are averaged exactly over :meth:`State.chance_outcomes`; at a
decision node the player to move picks the action best for himself (max-n);
after ``depth`` decisions a state is valued by a few seeded random playouts.
States are memoized by :meth:`State.key` within one call of
:meth:`ExpectimaxAgent.choose`.
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np

from saloon.agents._playout import random_playout
from saloon.core.action import Action
from saloon.core.state import CHANCE, State

Values = tuple[float, ...]


class ExpectimaxAgent:
    """Expectimax to ``depth`` decisions, leaves valued by ``rollouts`` playouts.

    With ``rollouts=0`` a leaf is valued by ``state.returns()`` as it stands.
    Where information is hidden, the search runs on one determinization
    (:meth:`State.resample_hidden`) per decision.

    >>> from saloon.core import get_game
    >>> game = get_game("shootout")
    >>> state = game.new_state()
    >>> state.apply(state.chance_outcomes()[0][0])
    >>> state.apply(state.chance_outcomes()[0][0])
    >>> ExpectimaxAgent(depth=1, rollouts=4, seed=3).choose(state) in state.legal_actions()
    True
    """

    def __init__(
        self,
        depth: int = 2,
        rollouts: int = 8,
        seed: int | np.random.SeedSequence | None = None,
        name: str = "expectimax",
    ) -> None:
        if depth < 1:
            raise ValueError("expectimax needs a depth of at least 1")
        if rollouts < 0:
            raise ValueError("rollouts must not be negative")
        self.depth = depth
        self.rollouts = rollouts
        self.name = name
        self.rng = np.random.default_rng(seed)
        self._memo: dict[tuple[Hashable, int], Values] = {}
        #: Distinct states valued by the last :meth:`choose`.
        self.last_nodes = 0

    def action_values(self, state: State) -> list[tuple[Action, float]]:
        """Each legal action with its value to the player to move, in the
        game's order (returns scale, not normalized)."""
        me = state.to_move
        if me is None or me == CHANCE:
            raise ValueError("expectimax chooses only for a player to move")
        root = state if state.game.perfect_information else state.resample_hidden(me, self.rng)
        self._memo = {}
        out: list[tuple[Action, float]] = []
        for action in root.legal_actions():
            child = root.clone()
            child.apply_unchecked(action)
            out.append((action, self._value(child, self.depth - 1)[me]))
        self.last_nodes = len(self._memo)
        self._memo = {}
        return out

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        values = self.action_values(state)
        best_action, best = values[0]
        for action, v in values[1:]:
            if v > best:
                best_action, best = action, v
        return best_action

    def _value(self, state: State, depth: int) -> Values:
        mover = state.to_move
        if mover is None:
            return tuple(state.returns())
        memo_key = (state.key(), depth)
        hit = self._memo.get(memo_key)
        if hit is not None:
            return hit
        if depth <= 0:
            value = self._leaf(state)
        elif mover == CHANCE:
            acc = [0.0] * state.num_players
            for outcome, p in state.chance_outcomes():
                child = state.clone()
                child.apply_unchecked(outcome)
                v = self._value(child, depth)
                for i in range(len(acc)):
                    acc[i] += p * v[i]
            value = tuple(acc)
        else:
            best: Values | None = None
            for action in state.legal_actions():
                child = state.clone()
                child.apply_unchecked(action)
                v = self._value(child, depth - 1)
                if best is None or v[mover] > best[mover]:
                    best = v
            assert best is not None
            value = best
        self._memo[memo_key] = value
        return value

    def _leaf(self, state: State) -> Values:
        if self.rollouts == 0:
            return tuple(state.returns())
        acc = [0.0] * state.num_players
        for _ in range(self.rollouts):
            end = random_playout(state.clone(), self.rng)
            for i, r in enumerate(end.returns()):
                acc[i] += r
        return tuple(a / self.rollouts for a in acc)
