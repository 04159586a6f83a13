"""The OpenSpiel adapter: OpenSpiel's own algorithms and tests on Saloon games.

The cross-check: OpenSpiel's ``value_iteration``, run on Shoot Out through
the adapter, must give the same values as Saloon's exact solvers at every
state it returns. Its values are player 0's expected return, +1 for a win
and -1 for a loss, so P(player 0 wins) = (v + 1) / 2.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import get_all_states, value_iteration  # noqa: E402

from saloon.adapters import openspiel as adapter  # noqa: E402
from saloon.agents.exact import ExactSolver  # noqa: E402
from saloon.core import (  # noqa: E402
    CHANCE,
    Action,
    Game,
    Options,
    Outcome,
    SaloonError,
    State,
    get_game,
    registry,
)
from saloon.core.encoding import Encoding, Field, ObservationLayout, TableEncoding  # noqa: E402
from saloon.games.shootout.options import ShootOutOptions  # noqa: E402
from saloon.testing.walk import reachable_states  # noqa: E402

SHOOTOUT = get_game("shootout")

#: Small enough for value iteration in Python to take a few seconds each.
VARIANTS = {
    "two-cards": ShootOutOptions(cards=(1, 2), target=2, start=7, back=8, front=5, black=1, red=1),
    "two-colts": ShootOutOptions(cards=(1, 2), target=2, start=6, back=7, front=5, black=2, red=1),
}
TOL = 1e-9


def saloon_states(options: ShootOutOptions) -> Iterator[State]:
    """Every distinct Saloon state reachable from a new game, breadth first."""
    return reachable_states(SHOOTOUT, options)


def lookahead(state: Any, values: dict[str, float]) -> float:
    """A value-iteration value at any state, averaging over chance nodes
    (value iteration keeps only decision and terminal states)."""
    if state.is_chance_node():
        return sum(p * lookahead(state.child(a), values) for a, p in state.chance_outcomes())
    return values[str(state)]


@pytest.fixture(scope="module", params=sorted(VARIANTS))
def solved(request: pytest.FixtureRequest) -> tuple[ShootOutOptions, Any, dict[str, float]]:
    """A variant, its OpenSpiel game and OpenSpiel's value iteration of it.

    ``cyclic_game=True`` makes the state enumeration stop at states already
    seen (a walk of the state graph, not of the much larger tree); with
    threshold 0 the sweeps run until no value changes.
    """
    options = VARIANTS[request.param]
    game = adapter.load("shootout", options)
    values = value_iteration.value_iteration(game, -1, 0.0, cyclic_game=True)
    return options, game, values


def decision_and_terminal_states(options: ShootOutOptions) -> list[State]:
    return [s for s in saloon_states(options) if not s.is_chance]


# -- the cross-check ------------------------------------------------------------------------


def test_value_iteration_covers_exactly_the_saloon_states(
    solved: tuple[ShootOutOptions, Any, dict[str, float]],
) -> None:
    options, _, values = solved
    keys = {repr(s.key()) for s in decision_and_terminal_states(options)}
    assert keys == set(values)


def test_value_iteration_matches_the_generic_exact_solver(
    solved: tuple[ShootOutOptions, Any, dict[str, float]],
) -> None:
    options, game, values = solved
    exact = ExactSolver(SHOOTOUT, options)
    for state in decision_and_terminal_states(options):
        assert values[repr(state.key())] == pytest.approx(exact.value(state)[0], abs=TOL)
    root = game.new_initial_state()
    assert lookahead(root, values) == pytest.approx(exact.initial_value()[0], abs=TOL)
    p1_starts = root.child(0)
    assert (
        adapter.saloon_state(p1_starts).key()
        == SHOOTOUT.new_state(options).child(SHOOTOUT.parse_action("first p1")).key()
    )
    assert lookahead(p1_starts, values) == pytest.approx(exact.value(p1_starts.saloon)[0], abs=TOL)


def test_value_iteration_matches_the_shootout_solver(
    solved: tuple[ShootOutOptions, Any, dict[str, float]],
) -> None:
    from saloon.games.shootout.solver import solve

    options, game, values = solved
    solution = solve(options, cache=False)
    for state in decision_and_terminal_states(options):
        win = (values[repr(state.key())] + 1) / 2
        assert solution.win_probability(state, player=0) == pytest.approx(win, abs=TOL)
        assert solution.win_probability(state, player=1) == pytest.approx(1 - win, abs=TOL)
    root = game.new_initial_state()
    assert solution.win_probability(root.saloon, player=0) == pytest.approx(
        (lookahead(root, values) + 1) / 2, abs=TOL
    )
    # The first player: the one who starts the first duel (by symmetry, either).
    p1_starts = root.child(0)
    assert solution.first_player_win == pytest.approx(
        (lookahead(p1_starts, values) + 1) / 2, abs=TOL
    )


# -- OpenSpiel's own checks -------------------------------------------------------------------


@pytest.mark.parametrize("name", [*sorted(VARIANTS), "standard", "veteran"])
def test_openspiel_random_simulation(name: str) -> None:
    options = VARIANTS.get(name) or SHOOTOUT.variants()[name]
    game = adapter.load("shootout", options)
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def test_get_all_states_finds_every_saloon_state() -> None:
    options = VARIANTS["two-cards"]
    game = adapter.load("shootout", options)
    found = get_all_states.get_all_states(
        game, -1, True, True, to_string=str, stop_if_encountered=True
    )
    assert set(found) == {repr(s.key()) for s in saloon_states(options)}
    for text, state in list(found.items())[:200]:
        assert repr(adapter.saloon_state(state).key()) == text


# -- the game and its states ------------------------------------------------------------------


def test_declaration_follows_the_saloon_game_info() -> None:
    game = adapter.load("shootout")
    info = SHOOTOUT.info()
    kind = game.get_type()
    assert kind.short_name == "saloon_shootout"
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_players() == 2
    assert (game.min_utility(), game.max_utility()) == (info.min_return, info.max_return)
    assert game.utility_sum() == 0.0
    assert game.max_game_length() == info.max_length
    assert game.num_distinct_actions() == 4
    assert game.max_chance_outcomes() == 2 + 6 + 20  # who starts, the cards 2-7, the d20
    assert pyspiel.load_game("saloon_shootout").get_type().short_name == "saloon_shootout"


def test_registration_is_idempotent_and_names_variants_apart() -> None:
    a = adapter.register("shootout", VARIANTS["two-cards"])
    assert adapter.register("shootout", VARIANTS["two-cards"]) == a
    b = adapter.register("shootout", VARIANTS["two-colts"])
    assert a != b and a.startswith("saloon_shootout_") and b in pyspiel.registered_names()
    assert adapter.register("shootout") == "saloon_shootout"
    assert {a, b, "saloon_shootout"} <= set(adapter.registered())
    with pytest.raises(SaloonError, match="2 to 2 players"):
        adapter.register("shootout", num_players=3)


def test_actions_and_states_walk_in_step_with_saloon() -> None:
    """Random games played in both: the same legal actions under the same
    notation, the same chance distributions, the same keys and returns."""
    rng = np.random.default_rng(11)
    options = SHOOTOUT.variants()["short-street"]
    game = adapter.load("shootout", options)
    for _ in range(10):
        ours = SHOOTOUT.new_state(options)
        theirs = game.new_initial_state()
        while not ours.is_over:
            assert not theirs.is_terminal()
            assert str(theirs) == repr(ours.key())
            if ours.is_chance:
                assert theirs.current_player() == pyspiel.PlayerId.CHANCE
                outcomes = theirs.chance_outcomes()
                expected = {str(o): p for o, p in ours.chance_outcomes()}
                assert {theirs.action_to_string(a): p for a, p in outcomes} == expected
                ids = [a for a, _ in outcomes]
                assert ids == sorted(ids)
                pick = ids[rng.integers(len(ids))]
            else:
                assert theirs.current_player() == ours.to_move
                legal = theirs.legal_actions()
                assert legal == sorted(legal)
                texts = [theirs.action_to_string(theirs.current_player(), a) for a in legal]
                assert sorted(texts) == sorted(str(a) for a in ours.legal_actions())
                pick = legal[rng.integers(len(legal))]
            text = theirs.action_to_string(theirs.current_player(), pick)
            ours.apply(SHOOTOUT.parse_action(text))
            theirs.apply_action(pick)
        assert theirs.is_terminal()
        assert theirs.returns() == list(ours.returns())
        assert theirs.current_player() == pyspiel.PlayerId.TERMINAL


def test_children_are_independent_of_their_parent() -> None:
    game = adapter.load("shootout", VARIANTS["two-cards"])
    state = game.new_initial_state()
    state.apply_action(0)  # first p1
    state.apply_action(2)  # card 1
    before = str(state)
    child = state.child(1)  # move
    assert str(state) == before and str(child) != before
    assert child.saloon is not state.saloon
    assert child.history() == [0, 2, 1] and state.history() == [0, 2]
    clone = state.clone()
    clone.apply_action(0)  # retreat
    assert str(state) == before


def test_observations_are_saloon_views_and_information_states_are_histories() -> None:
    game = adapter.load("shootout", VARIANTS["two-cards"])
    state = game.new_initial_state()
    for action in (1, 3, 1):  # first p2, card 2, move
        state.apply_action(action)
    for player in (0, 1):
        assert json.loads(state.observation_string(player)) == json.loads(
            json.dumps(state.saloon.view(player))
        )
        assert state.information_state_string(player) == state.history_str() == "1, 3, 1"


def test_illegal_ids_are_refused() -> None:
    game = adapter.load("shootout", VARIANTS["two-cards"])
    state = game.new_initial_state()
    state.apply_action(0)
    with pytest.raises(ValueError, match="d20 1 is not a possible outcome here"):
        state.apply_action(4)  # a d20 roll where a card is turned up
    with pytest.raises(ValueError, match="outside the action space"):
        state.apply_action(99)


# -- the encoding -----------------------------------------------------------------------------


def test_every_reachable_action_and_outcome_has_an_id() -> None:
    """Shoot Out's table, read from its structure, covers what a walk of a
    whole small variant meets (the walk checks the table; it does not make it)."""
    options = VARIANTS["two-colts"]
    enc = SHOOTOUT.encoding(options)
    for state in saloon_states(options):
        if state.is_chance:
            assert len(enc.chance_ids(state)) == len(state.chance_outcomes())
        elif not state.is_over:
            assert len(enc.legal_ids(state)) == len(state.legal_actions())


def test_observation_tensors_are_the_encodings() -> None:
    game = adapter.load("shootout", VARIANTS["two-cards"])
    enc = SHOOTOUT.encoding(VARIANTS["two-cards"])
    assert game.observation_tensor_shape() == list(enc.observation_shape)
    state = game.new_initial_state()
    for action in (1, 3, 1):  # first p2, card 2, move
        state.apply_action(action)
    for player in (0, 1):
        expected = enc.observation(state.saloon, player)
        assert np.array_equal(np.array(state.observation_tensor(player), np.float32), expected)


def test_a_game_without_an_encoding_is_refused(push_games: tuple[Game, Game]) -> None:
    with pytest.raises(SaloonError, match="declares no encoding"):
        adapter.load(push_games[1].id)


def test_saloon_state_refuses_foreign_states() -> None:
    with pytest.raises(TypeError):
        adapter.saloon_state(pyspiel.load_game("tic_tac_toe").new_initial_state())


# -- any game: a solo push-your-luck toy, through the generic paths ---------------------------


@dataclass(frozen=True, slots=True)
class Choice(Action):
    roll: bool

    def __str__(self) -> str:
        return "roll" if self.roll else "stop"


@dataclass(frozen=True, slots=True)
class D3(Outcome):
    face: int

    def __str__(self) -> str:
        return f"d3 {self.face}"


class PushState(State):
    """Roll a d3 to add it to the total, or stop; a 1 busts to 0; 6 ends it."""

    def __init__(self, game: Game, options: Options) -> None:
        super().__init__(game, options, 1)
        self.total = 0
        self.rolling = False
        self.over = False

    @property
    def to_move(self) -> int | None:
        return None if self.over else (CHANCE if self.rolling else 0)

    def legal_actions(self) -> Sequence[Action]:
        return [Choice(True), Choice(False)]

    def chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        return [(D3(f), 1 / 3) for f in (1, 2, 3)]

    def apply_unchecked(self, action: Action) -> None:
        if isinstance(action, D3):
            self.rolling = False
            if action.face == 1:
                self.total, self.over = 0, True
            else:
                self.total += action.face
                self.over = self.total >= 6
        elif isinstance(action, Choice) and action.roll:
            self.rolling = True
        else:
            self.over = True

    def returns(self) -> tuple[float, ...]:
        return (float(self.total),)

    def key(self) -> Hashable:
        return (self.total, self.rolling, self.over)

    def view(self, player: int | None) -> dict[str, Any]:
        return {"total": self.total, "over": self.over}


class Push(Game):
    id = "push-adapter-test"
    title = "Push"
    rulebook = ""
    min_players = 1
    max_players = 1

    def returns_bounds(self, options: Options) -> tuple[float, float]:
        return (0.0, 8.0)

    def max_length(self, options: Options) -> int:
        return 12

    def new_state(self, options: Options | None = None, num_players: int | None = None) -> State:
        return PushState(self, self.options(options))

    def parse_action(self, text: str) -> Action:
        if text in ("roll", "stop"):
            return Choice(text == "roll")
        return D3(int(text.split()[1]))

    def encoding(self, options: Options | None = None, num_players: int | None = None) -> Encoding:
        layout = ObservationLayout([Field("total", 1, 0, 8, "the total so far")])

        def observe(view: Mapping[str, Any], player: int | None) -> np.ndarray:
            return np.array([view["total"]], np.float32)

        return TableEncoding(self, ["stop", "roll"], ["d3 3", "d3 2", "d3 1"], layout, observe)


class Unencoded(Push):
    id = "push-adapter-test-unencoded"

    def encoding(self, options: Options | None = None, num_players: int | None = None) -> Encoding:
        return Game.encoding(self, options, num_players)


@pytest.fixture
def push_games() -> Iterator[tuple[Game, Game]]:
    games = (Push(), Unencoded())
    for game in games:
        registry.register(game)
    yield games
    for game in games:
        registry.unregister(game.id)


def test_a_solo_game_through_its_encoding_and_value_iteration(
    push_games: tuple[Game, Game],
) -> None:
    push = push_games[0]
    game = adapter.load(push.id)
    kind = game.get_type()
    assert kind.short_name == f"saloon_{push.id}" and game.num_players() == 1
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (game.num_distinct_actions(), game.max_chance_outcomes()) == (2, 3)
    state = game.new_initial_state()
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == ["stop", "roll"]
    assert state.string_to_action("stop") == 0
    assert state.observation_tensor(0) == [0.0]
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)

    values = value_iteration.value_iteration(game, -1, 0.0, cyclic_game=True)
    exact = ExactSolver(push)
    root = push.new_state()
    assert values[str(game.new_initial_state())] == pytest.approx(exact.value(root)[0], abs=TOL)
    # The same value by hand (stop, or roll while it pays): rolling from 0, 2, 3 and 4
    # (from 5, rolling and stopping both give 5): 61/27.
    assert exact.value(root)[0] == pytest.approx(_best(0), abs=TOL)
    assert _best(0) == pytest.approx(61 / 27, abs=TOL)


def _best(total: int) -> float:
    """The solo toy's value by hand: stop, or roll when it pays."""
    if total >= 6:
        return float(total)
    roll = (0.0 + _best(total + 2) + _best(total + 3)) / 3
    return max(float(total), roll)


def test_cfr_runs_on_a_small_variant_and_approaches_its_value() -> None:
    """OpenSpiel's CFR+ over the whole tree of a one-card street: the average
    policy's value nears Saloon's exact value (0: a symmetric duel) and its
    NashConv falls."""
    from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

    one_card = ShootOutOptions(cards=(1,), target=1, start=6, back=6, front=5, black=1, red=0)
    game = adapter.load("shootout", one_card)
    solver = cfr.CFRPlusSolver(game)
    convs = []
    for _ in range(2):
        for _ in range(3):
            solver.evaluate_and_update_policy()
        convs.append(exploitability.nash_conv(game, solver.average_policy()))
    value = expected_game_score.policy_value(
        game.new_initial_state(), [solver.average_policy()] * 2
    )
    exact = ExactSolver(SHOOTOUT, one_card).initial_value()[0]
    assert convs[1] < convs[0] / 3 and convs[1] < 0.15
    assert value[0] == pytest.approx(exact, abs=0.05)
