"""The generic exact solver: Bellman consistency, symmetry, bounds, toy games."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from saloon.agents.exact import CyclicGame, ExactAgent, ExactSolver, StateLimitExceeded
from saloon.core import CHANCE, Action, Game, Options, Outcome, RandomDice, State, get_game, play
from saloon.games.shootout.options import ShootOutOptions
from saloon.testing.walk import reachable_states

SHOOTOUT = get_game("shootout")
SMALL = ShootOutOptions(cards=(1, 2), target=2, start=7, back=8, front=5, black=1, red=1)
OTHER = ShootOutOptions(cards=(1, 2, 3), target=3, start=6, back=7, front=5, black=1, red=1)


def all_states(game: Game, options: Options) -> Iterator[State]:
    """Every distinct state (by key) reachable from a new game, breadth first."""
    return reachable_states(game, options)


@pytest.fixture(scope="module")
def small() -> ExactSolver:
    solver = ExactSolver(SHOOTOUT, SMALL)
    solver.initial_value()
    return solver


def test_every_state_is_zero_sum_bounded_and_consistent(small: ExactSolver) -> None:
    count = 0
    for state in all_states(SHOOTOUT, SMALL):
        count += 1
        v = small.value(state)
        assert len(v) == 2
        assert v[0] + v[1] == pytest.approx(0.0, abs=1e-12)
        assert -1.0 - 1e-12 <= v[0] <= 1.0 + 1e-12
        mover = state.to_move
        if mover is None:
            assert v == state.returns()
        elif mover == CHANCE:
            expected = sum(p * small.value(state.child(o))[0] for o, p in state.chance_outcomes())
            assert v[0] == pytest.approx(expected, abs=1e-12)
        else:
            best = max(values[mover] for _, values in small.action_values(state))
            assert v[mover] == best
    # Everything reachable was solved, and nothing else.
    assert count == small.states


def test_the_first_player_coin_flip_is_fair_by_symmetry(small: ExactSolver) -> None:
    root = SHOOTOUT.new_state(SMALL)
    p1_starts, p2_starts = (root.child(o) for o, _ in root.chance_outcomes())
    a, b = small.value(p1_starts), small.value(p2_starts)
    assert a[0] == pytest.approx(b[1], abs=1e-12)
    assert small.value(root) == pytest.approx((0.0, 0.0), abs=1e-12)
    # Starting the first duel is a real (non-trivial) position.
    assert -1.0 < a[0] < 1.0


def test_action_values_follow_the_legal_order_and_best_action_is_legal() -> None:
    solver = ExactSolver(SHOOTOUT, OTHER)
    state = SHOOTOUT.new_state(OTHER)
    state.apply(SHOOTOUT.parse_action("first p2"))
    state.apply(SHOOTOUT.parse_action("card 3"))
    pairs = solver.action_values(state)
    assert [a for a, _ in pairs] == list(state.legal_actions())
    best = solver.best_action(state)
    assert dict(pairs)[best][1] == max(v[1] for _, v in pairs) == solver.value(state)[1]
    with pytest.raises(ValueError, match="player is to move"):
        solver.action_values(SHOOTOUT.new_state(OTHER))


def test_value_does_not_change_the_state_asked_about(small: ExactSolver) -> None:
    state = SHOOTOUT.new_state(SMALL)
    before = (state.key(), len(state.history))
    ExactSolver(SHOOTOUT, SMALL).value(state)
    assert (state.key(), len(state.history)) == before


def test_the_state_limit_is_enforced() -> None:
    with pytest.raises(StateLimitExceeded, match="more than 100 distinct states"):
        ExactSolver(SHOOTOUT, SMALL, max_states=100).initial_value()


def test_the_exact_agent_plays_whole_games() -> None:
    agent = ExactAgent()
    seats = [agent, ExactAgent(name="exact-2")]
    for seed in range(5):
        record = play(SHOOTOUT, SMALL, seats, RandomDice(seed), seed=seed)
        assert record.result is not None
    assert agent.solver is not None and agent.solver.options == SMALL


# -- toy games: one player, three players, a cycle -----------------------------------------


@dataclass(frozen=True, slots=True)
class Step(Action):
    size: int

    def __str__(self) -> str:
        return f"step {self.size}"


@dataclass(frozen=True, slots=True)
class Coin(Outcome):
    heads: bool

    def __str__(self) -> str:
        return "heads" if self.heads else "tails"


@dataclass(frozen=True)
class ToyOptions(Options):
    players: int = 1
    goal: int = 3
    loop: bool = False


class ToyState(State):
    """Players in turn step 1 or 2 (or 0 with ``loop``); then a coin doubles
    a step of 2 on heads. Whoever reaches ``goal`` scores ``total``; the others
    score the player index (a general-sum payoff)."""

    options: ToyOptions

    def __init__(self, game: Game, options: ToyOptions) -> None:
        super().__init__(game, options, options.players)
        self.total = 0
        self.turn = 0
        self.pending = 0
        self.winner: int | None = None

    @property
    def to_move(self) -> int | None:
        if self.winner is not None:
            return None
        return CHANCE if self.pending else self.turn

    def legal_actions(self) -> Sequence[Action]:
        return [Step(s) for s in ((0, 1, 2) if self.options.loop else (1, 2))]

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        return [(Coin(True), 0.25), (Coin(False), 0.75)]

    def apply_unchecked(self, action: Action) -> None:
        if isinstance(action, Coin):
            self.total += self.pending * (2 if action.heads else 1)
            self.pending = 0
            self._advance()
        elif isinstance(action, Step) and action.size == 2:
            self.pending = 2
        else:
            assert isinstance(action, Step)
            self.total += action.size
            self._advance()

    def _advance(self) -> None:
        if self.total >= self.options.goal:
            self.winner = self.turn
        else:
            self.turn = (self.turn + 1) % self.num_players

    def returns(self) -> tuple[float, ...]:
        if self.winner is None:
            return (0.0,) * self.num_players
        return tuple(
            float(self.total) if p == self.winner else float(p) for p in range(self.num_players)
        )

    def key(self) -> Hashable:
        return (self.total, self.turn, self.pending, self.winner)

    def view(self, player: int | None) -> dict[str, Any]:
        return {"total": self.total}


class Toy(Game):
    id = "toy-exact"
    title = "Toy"
    rulebook = ""
    min_players = 1
    max_players = 3
    options_type = ToyOptions

    def returns_bounds(self, options: Options) -> tuple[float, float]:
        return (0.0, 10.0)

    def max_length(self, options: Options) -> int:
        return 100

    def new_state(self, options: Options | None = None, num_players: int | None = None) -> State:
        opts = self.options(options)
        assert isinstance(opts, ToyOptions)
        return ToyState(self, opts)

    def parse_action(self, text: str) -> Action:
        return Step(int(text.split()[1]))


def test_one_player_expectimax_by_hand() -> None:
    # Goal 3; a step of 2 is doubled on heads (1/4). From 2: step 1 -> 3, step 2 ->
    # 6/4 + 3 = 4.5. From 1: step 1 -> v(2) = 4.5; step 2 -> 5/4 + 9/4 = 3.5.
    # From 0: step 1 -> v(1) = 4.5; step 2 -> 4/4 + 0.75 * 4.5 = 4.375.
    solver = ExactSolver(Toy(), ToyOptions(players=1))
    assert solver.initial_value() == (4.5,)
    state = Toy().new_state(ToyOptions(players=1))
    assert [v for _, v in solver.action_values(state)] == [(4.5,), (4.375,)]
    state.apply(Step(1))
    assert [v for _, v in solver.action_values(state)] == [(4.5,), (3.5,)]
    assert solver.best_action(state) == Step(1)


def test_each_of_three_players_maximizes_his_own_return() -> None:
    opts = ToyOptions(players=3, goal=2)
    solver = ExactSolver(Toy(), opts)
    state = Toy().new_state(opts)
    # Player 0: a step of 2 finishes the game for 4 (heads) or 2: (2.5, 1, 2). A step of 1
    # lets player 1 finish, and he takes the gamble (3 or 5: 3.5) over a sure 2.
    values = dict(solver.action_values(state))
    assert values[Step(2)] == pytest.approx((2.5, 1.0, 2.0))
    assert solver.value(state) == values[Step(2)]
    assert values[Step(1)] == pytest.approx((0.0, 3.5, 2.0))


def test_a_game_with_a_cycle_is_refused() -> None:
    with pytest.raises(CyclicGame, match="recurs"):
        ExactSolver(Toy(), ToyOptions(loop=True)).initial_value()
