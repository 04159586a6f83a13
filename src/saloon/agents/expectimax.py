"""Depth-limited expectimax (max-n for several players) over the core contract.

Chance nodes are averaged exactly over :meth:`State.chance_outcomes`; at a
decision node the player to move picks the action best for himself (max-n);
after ``depth`` decisions a state is valued by a few seeded random playouts.
States are memoized by :meth:`State.key` within one call of
:meth:`ExpectimaxAgent.choose`.

The work of a search grows exponentially with its depth, and on a game with
big rolls (eight dice) even two decisions deep is out of reach, so each
decision has a budget of steps (a state valued, or one step of a playout):
the search deepens one decision at a time, from 1 to ``depth``, and plays
the best action of the deepest search finished within the budget. Each
round of deepening starts from the same random state, so a search that
fits its budget plays exactly as a direct search of that depth would.
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np

from saloon.agents._playout import play_randomly
from saloon.core.action import Action
from saloon.core.state import CHANCE, State

Values = tuple[float, ...]

#: The steps (states valued plus playout steps) one decision may take
#: unless the agent is given another budget: a few seconds at most.
MAX_STEPS = 500_000


class _OutOfSteps(Exception):
    """The search ran out of its budget of steps."""


class ExpectimaxAgent:
    """Expectimax to ``depth`` decisions, leaves valued by ``rollouts`` playouts.

    With ``rollouts=0`` a leaf is valued by ``state.returns()`` as it stands.
    Where information is hidden, the search runs on one determinization
    (:meth:`State.resample_hidden`) per decision. ``steps`` bounds the work
    of a decision (see the module notes); ``last_depth`` is the depth the
    last decision was searched to (0 if not even one decision deep fitted
    the budget: then a random legal action is played).

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
        steps: int = MAX_STEPS,
    ) -> None:
        if depth < 1:
            raise ValueError("expectimax needs a depth of at least 1")
        if rollouts < 0:
            raise ValueError("rollouts must not be negative")
        if steps < 1:
            raise ValueError("expectimax needs a budget of at least 1 step")
        self.depth = depth
        self.rollouts = rollouts
        self.steps = steps
        self.name = name
        self.rng = np.random.default_rng(seed)
        self._memo: dict[tuple[Hashable, int], Values] = {}
        self._left = 0
        #: Distinct states valued by the last :meth:`choose`.
        self.last_nodes = 0
        #: The depth the last decision was searched to.
        self.last_depth = 0

    def action_values(self, state: State) -> list[tuple[Action, float]] | None:
        """Each legal action with its value to the player to move, in the
        game's order (returns scale, not normalized), from the deepest
        search that fits the budget; ``None`` if not even one decision
        deep fits it."""
        me = state.to_move
        if me is None or me == CHANCE:
            raise ValueError("expectimax chooses only for a player to move")
        start = self.rng.bit_generator.state
        self._left = self.steps
        found: list[tuple[Action, float]] | None = None
        self.last_depth = 0
        for depth in range(1, self.depth + 1):
            self.rng.bit_generator.state = start
            try:
                found = self._search(state, me, depth)
            except _OutOfSteps:
                break
            finally:
                self.last_nodes = len(self._memo)
                self._memo = {}
            self.last_depth = depth
        return found

    def _search(self, state: State, me: int, depth: int) -> list[tuple[Action, float]]:
        root = state if state.game.perfect_information else state.resample_hidden(me, self.rng)
        out: list[tuple[Action, float]] = []
        for action in root.legal_actions():
            child = root.clone()
            child.apply_unchecked(action)
            out.append((action, self._value(child, depth - 1)[me]))
        return out

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        values = self.action_values(state)
        if values is None:
            return legal[int(self.rng.integers(len(legal)))]
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
        self._spend(1)
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
            end = state.clone()
            self._spend(play_randomly(end, self.rng, self._left))
            if not end.is_over:  # the playout was cut short by the budget
                raise _OutOfSteps
            for i, r in enumerate(end.returns()):
                acc[i] += r
        return tuple(a / self.rollouts for a in acc)

    def _spend(self, steps: int) -> None:
        self._left -= steps
        if self._left < 0:
            raise _OutOfSteps
