"""Every state of a small game, for exhaustive checks against solvers."""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterator, Sequence

from saloon.core.action import Action
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.state import State


def reachable_states(game: Game, options: Options | None = None) -> Iterator[State]:
    """Every distinct state (by ``key()``) reachable from a new game, breadth
    first, chance outcomes and actions alike. Only for small variants.

    >>> from saloon.core import get_game
    >>> from saloon.games.shootout.options import ShootOutOptions
    >>> tiny = ShootOutOptions(cards=(1, 2), target=2, start=6, back=6, black=0, red=1)
    >>> sum(1 for _ in reachable_states(get_game("shootout"), tiny)) > 10
    True
    """
    root = game.new_state(game.options(options))
    seen: set[Hashable] = {root.key()}
    queue = deque([root])
    while queue:
        state = queue.popleft()
        yield state
        if state.is_over:
            continue
        moves: Sequence[Action] = (
            [o for o, _ in state.chance_outcomes()] if state.is_chance else state.legal_actions()
        )
        for move in moves:
            child = state.child(move)
            if child.key() not in seen:
                seen.add(child.key())
                queue.append(child)
