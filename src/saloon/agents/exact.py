"""A generic exact solver over the core contract, for small games.

:class:`ExactSolver` computes the value of every state reachable from the
one asked about: expectimax over chance nodes, and at a decision node the
player to move picks the action that maximizes *his own* expected return.
For two-player zero-sum games this is minimax; for one player it is the
optimal expected score. Ties go to the first action in
:meth:`~saloon.core.state.State.legal_actions` order, so the chosen policy
(and the values of general-sum games) are deterministic.

States are memoized on :meth:`~saloon.core.state.State.key`, so the work is
the number of distinct states, not the size of the game tree. The search is
iterative (no recursion limit), and it refuses games whose state graph has a
cycle (a state that can recur), where expectimax is not defined.

It knows no game: it is the reference that per-game solvers (and the
OpenSpiel cross-check) are compared with on small variants.

>>> from saloon.core import get_game
>>> from saloon.games.shootout.options import ShootOutOptions
>>> game = get_game("shootout")
>>> tiny = ShootOutOptions(cards=(1, 2), target=2, start=6, back=7, black=1, red=0)
>>> solver = ExactSolver(game, tiny)
>>> v0, v1 = solver.value(game.new_state(tiny))
>>> round(v0 + v1, 12), -1 <= v0 <= 1
(0.0, True)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from saloon.core.action import Action
from saloon.core.errors import SaloonError
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.state import CHANCE, State

Values = tuple[float, ...]
"""Expected returns, one per player."""


class StateLimitExceeded(SaloonError):
    """The game has more distinct states than the solver was allowed to keep."""


class CyclicGame(SaloonError):
    """A state can recur, so expectimax values are not defined by backward induction."""


@dataclass(eq=False, slots=True)
class _Frame:
    """A state being expanded: its children are visited one at a time."""

    state: State
    key: Hashable
    mover: int | None
    moves: Sequence[Action]
    weights: Sequence[float]
    child_keys: list[Hashable] = field(default_factory=list)


class ExactSolver:
    """Exact expected returns under optimal play, for any small game.

    ``value(state)`` gives one expected return per player; the player to
    move at each decision maximizes his own. ``max_states`` bounds the
    memo (``None``: no bound); a larger game raises
    :class:`StateLimitExceeded` instead of exhausting memory.

    Only sound for perfect-information games: with hidden information the
    solver would play as if it could see everything.
    """

    def __init__(
        self,
        game: Game,
        options: Options | None = None,
        *,
        max_states: int | None = 2_000_000,
    ) -> None:
        self.game = game
        self.options = game.options(options)
        self.max_states = max_states
        self._memo: dict[Hashable, Values] = {}

    # -- queries -------------------------------------------------------------------

    @property
    def states(self) -> int:
        """How many distinct states have been solved so far."""
        return len(self._memo)

    def value(self, state: State) -> Values:
        """Expected returns per player from ``state`` under optimal play."""
        key = state.key()
        found = self._memo.get(key)
        if found is not None:
            return found
        return self._solve(state.clone(), key)

    def initial_value(self, num_players: int | None = None) -> Values:
        """The value of a new game (before its first chance node)."""
        return self.value(self.game.new_state(self.options, num_players))

    def action_values(self, state: State) -> list[tuple[Action, Values]]:
        """Each legal action of the player to move, with its value, in legal order.

        Raises :class:`~saloon.core.errors.SaloonError` unless a player is to move.
        """
        mover = state.to_move
        if mover is None or mover == CHANCE:
            raise SaloonError("action values exist only where a player is to move")
        out: list[tuple[Action, Values]] = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply_unchecked(action)
            out.append((action, self.value(child)))
        return out

    def best_action(self, state: State) -> Action:
        """The action the solver plays: the first that maximizes the mover's value."""
        mover = state.to_move
        assert mover is not None
        best: Action | None = None
        best_value = float("-inf")
        for action, values in self.action_values(state):
            if values[mover] > best_value:
                best, best_value = action, values[mover]
        assert best is not None
        return best

    # -- the search ----------------------------------------------------------------

    def _frame(self, state: State, key: Hashable) -> _Frame:
        mover = state.to_move
        if mover is None:
            return _Frame(state, key, None, (), ())
        if mover == CHANCE:
            pairs = state.chance_outcomes()
            return _Frame(state, key, CHANCE, [o for o, _ in pairs], [p for _, p in pairs])
        moves = state.legal_actions()
        if not moves:
            raise SaloonError(f"{self.game.id}: player {mover} is to move but has no action")
        return _Frame(state, key, mover, moves, ())

    def _finish(self, frame: _Frame) -> Values:
        memo = self._memo
        if frame.mover is None:
            return tuple(float(r) for r in frame.state.returns())
        values = [memo[k] for k in frame.child_keys]
        if frame.mover == CHANCE:
            n = len(values[0])
            return tuple(
                sum(w * v[i] for w, v in zip(frame.weights, values, strict=True)) for i in range(n)
            )
        mover = frame.mover
        best = values[0]
        for v in values[1:]:
            if v[mover] > best[mover]:
                best = v
        return best

    def _solve(self, root: State, root_key: Hashable) -> Values:
        memo = self._memo
        limit = self.max_states
        stack = [self._frame(root, root_key)]
        on_stack = {root_key}
        while stack:
            frame = stack[-1]
            descended = False
            while len(frame.child_keys) < len(frame.moves):
                child = frame.state.clone()
                child.apply_unchecked(frame.moves[len(frame.child_keys)])
                key = child.key()
                frame.child_keys.append(key)
                if key in memo:
                    continue
                if key in on_stack:
                    raise CyclicGame(
                        f"{self.game.id}: a state recurs on its own path; "
                        "the exact solver needs an acyclic game"
                    )
                stack.append(self._frame(child, key))
                on_stack.add(key)
                descended = True
                break
            if descended:
                continue
            memo[frame.key] = self._finish(frame)
            stack.pop()
            on_stack.discard(frame.key)
            if limit is not None and len(memo) > limit:
                raise StateLimitExceeded(
                    f"{self.game.id} has more than {limit} distinct states; "
                    "choose a smaller variant or raise max_states"
                )
        return memo[root_key]


class ExactAgent:
    """An agent that plays the :class:`ExactSolver`'s choice (small games only).

    The solver is built for the game and options of the first state it is
    asked about (and rebuilt if they change), so the agent needs no options.

    >>> from saloon.core import get_game
    >>> from saloon.games.shootout.options import ShootOutOptions
    >>> game = get_game("shootout")
    >>> tiny = ShootOutOptions(cards=(1, 2), target=2, start=6, back=7, black=1, red=0)
    >>> state = game.new_state(tiny)
    >>> state.apply(state.chance_outcomes()[0][0])
    >>> state.apply(state.chance_outcomes()[0][0])
    >>> ExactAgent().choose(state) in state.legal_actions()
    True
    """

    def __init__(self, *, max_states: int | None = 2_000_000, name: str = "exact") -> None:
        self.name = name
        self.max_states = max_states
        self.solver: ExactSolver | None = None

    def choose(self, state: State) -> Action:
        solver = self.solver
        if solver is None or solver.game is not state.game or solver.options != state.options:
            solver = ExactSolver(state.game, state.options, max_states=self.max_states)
            self.solver = solver
        return solver.best_action(state)
