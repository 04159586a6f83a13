"""Monte Carlo tree search (UCT) over the core contract, for any game.

Chance nodes are sampled with :meth:`State.sample_chance`; where information
is hidden, every iteration starts from a fresh determinization
(:meth:`State.resample_hidden`) and the tree is shared between them, keyed
by actions. Every node maximizes the value of the player to move there, so
the search works for any number of players. Values are the game's returns
mapped into ``[0, 1]`` by the range of returns seen in the search.
"""

from __future__ import annotations

import math
import time

import numpy as np

from saloon.agents._playout import random_playout
from saloon.core.action import Action
from saloon.core.state import CHANCE, State


class _Node:
    __slots__ = ("children", "totals", "visits")

    def __init__(self, num_players: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.totals = [0.0] * num_players


class MCTSAgent:
    """UCT with random rollouts.

    ``iterations`` and ``seconds`` bound the search (whichever ends first;
    at least one iteration is always run); ``c`` is the exploration
    constant; ``max_depth`` cuts rollouts after that many steps (the
    returns of the state reached are then used). The chosen action is the
    root's most visited child.

    >>> from saloon.core import get_game
    >>> game = get_game("shootout")
    >>> state = game.new_state()
    >>> state.apply(state.chance_outcomes()[0][0])
    >>> state.apply(state.chance_outcomes()[0][0])
    >>> action = MCTSAgent(iterations=50, seed=1).choose(state)
    >>> action in state.legal_actions()
    True
    >>> action == MCTSAgent(iterations=50, seed=1).choose(state)
    True
    """

    def __init__(
        self,
        iterations: int | None = 500,
        seconds: float | None = None,
        c: float = 1.4,
        max_depth: int | None = None,
        seed: int | np.random.SeedSequence | None = None,
        name: str = "mcts",
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("MCTS needs a budget: iterations, seconds or both")
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.max_depth = max_depth
        self.name = name
        self.rng = np.random.default_rng(seed)
        #: Iterations run by the last :meth:`choose`.
        self.last_iterations = 0

    def choose(self, state: State) -> Action:
        me = state.to_move
        if me is None or me == CHANCE:
            raise ValueError("MCTS chooses only for a player to move")
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(state)
        tried = [a for a in legal if a in root.children]
        if not tried:  # pragma: no cover - a determinization with other actions
            return legal[0]
        return max(tried, key=lambda a: (root.children[a].visits, _mean(root.children[a], me)))

    def search(self, state: State) -> _Node:
        """Run the search from ``state`` and return the root of the tree."""
        me = state.to_move
        assert me is not None and me != CHANCE
        rng = self.rng
        hidden = not state.game.perfect_information
        n = state.num_players
        # Values are kept raw and mapped into [0, 1] by the range of the
        # returns seen so far in this search (as MuZero does), within the
        # game's declared bounds: a solo game whose proven bounds are far
        # wider than its usual scores still explores at the right scale.
        seen_lo, seen_hi = math.inf, -math.inf
        c = self.c
        root = _Node(n)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            done += 1
            s = state.resample_hidden(me, rng) if hidden else state.clone()
            node = root
            path = [root]
            # Selection and expansion.
            while True:
                mover = s.to_move
                if mover is None:
                    break
                if mover == CHANCE:
                    outcome = s.sample_chance(rng)
                    s.apply_unchecked(outcome)
                    child = node.children.get(outcome)
                    if child is None:
                        child = node.children[outcome] = _Node(n)
                        path.append(child)
                        break
                    node = child
                    path.append(node)
                    continue
                legal = s.legal_actions()
                children = node.children
                untried = [a for a in legal if a not in children]
                if untried:
                    action = (
                        untried[int(rng.integers(len(untried)))] if len(untried) > 1 else untried[0]
                    )
                    s.apply_unchecked(action)
                    child = children[action] = _Node(n)
                    path.append(child)
                    break
                log_n = math.log(node.visits) if node.visits > 0 else 0.0
                best_score = -math.inf
                action = legal[0]
                span = seen_hi - seen_lo
                scale = 1.0 / span if span > 0 else 0.0
                for a in legal:
                    ch = children[a]
                    q = (ch.totals[mover] / ch.visits - seen_lo) * scale
                    score = q + c * math.sqrt(log_n / ch.visits)
                    if score > best_score:
                        best_score = score
                        action = a
                s.apply_unchecked(action)
                node = children[action]
                path.append(node)
            # Rollout and backpropagation.
            if not s.is_over:
                random_playout(s, rng, self.max_depth)
            values = s.returns()
            for v in values:
                if v < seen_lo:
                    seen_lo = v
                if v > seen_hi:
                    seen_hi = v
            for nd in path:
                nd.visits += 1
                totals = nd.totals
                for p in range(n):
                    totals[p] += values[p]
        self.last_iterations = done
        return root


def _mean(node: _Node, player: int) -> float:
    return node.totals[player] / node.visits if node.visits else 0.0
