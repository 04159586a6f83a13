"""Shoot Out's own agents: the perfect solver agent and the heuristic."""

from __future__ import annotations

import numpy as np
import pytest

from saloon.core.agent import Agent
from saloon.core.errors import OptionError
from saloon.core.state import State
from saloon.games.shootout import GAME
from saloon.games.shootout.options import ShootOutOptions
from saloon.games.shootout.rules import MOVE, RETREAT, Card, FirstPlayer, ShootOutState
from saloon.games.shootout.solver import solve
from saloon.games.shootout.strategy import AGENTS, HeuristicAgent, Thresholds, advise

SMALL = ShootOutOptions(cards=(1, 2, 3), target=3, start=7, back=8, black=2, red=1)


@pytest.fixture(autouse=True)
def _cache_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SALOON_CACHE", str(tmp_path_factory.getbasetemp() / "saloon-cache"))


def play_out(options: ShootOutOptions, seats: list[Agent], seed: int) -> ShootOutState:
    rng = np.random.default_rng(seed)
    state = GAME.new_state(options)
    assert isinstance(state, ShootOutState)
    while not state.is_over:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            mover = state.to_move
            assert mover is not None
            state.apply(seats[mover].choose(state))  # apply() checks legality
    return state


def test_agents_are_registered() -> None:
    assert set(GAME.agents()) == {"solver", "heuristic"}
    for name, factory in AGENTS.items():
        agent = factory(GAME, 1, {})
        assert agent.name == name
        assert isinstance(agent, Agent)


def test_solver_agent_plays_only_optimal_actions() -> None:
    solution = solve(SMALL)
    agent = AGENTS["solver"](GAME, 7, {})
    rng = np.random.default_rng(2)
    for _ in range(10):
        state: State = GAME.new_state(SMALL)
        while not state.is_over:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            action = agent.choose(state)
            assert action in solution.best_actions(state)
            state.apply(action)


def test_solver_agent_breaks_ties_by_seed() -> None:
    def moves(seed: int) -> list[str]:
        state = play_out(SMALL, [AGENTS["solver"](GAME, seed, {})] * 2, seed=4)
        return [str(a) for _, a in state.history]

    assert moves(3) == moves(3)


def test_heuristic_plays_legal_games_on_every_variant() -> None:
    for options in GAME.variants().values():
        assert isinstance(options, ShootOutOptions)
        seats = [HeuristicAgent(1), HeuristicAgent(2)]
        state = play_out(options, list(seats), seed=9)
        assert state.winner() in (0, 1)


def test_heuristic_rules_of_thumb() -> None:
    o = ShootOutOptions()
    state = GAME.new_state(o)
    assert isinstance(state, ShootOutState)
    state.apply(FirstPlayer(0))
    state.apply(Card(7))
    agent = HeuristicAgent()
    # Ruling 1: from the front space a move wins the duel.
    state.pos = [o.front, o.front]
    assert agent.choose(state) == MOVE
    # Far from the centre, nobody shoots: move.
    state.pos = [17, 17]
    assert agent.choose(state) == MOVE
    # Both close, a good card: shoot.
    state.pos = [9, 8]
    assert str(agent.choose(state)) in ("colt", "winchester")
    # Well behind an opponent on the last space that pays a reload: retreat
    # (ruling 4), unless the card would end the game for him.
    state.pos = [15, o.reload_from]
    state.black = [8, 8]
    assert agent.choose(state) == RETREAT
    state.won = [[], [2, 5]]
    assert agent.choose(state) != RETREAT


def test_heuristic_is_decent_but_not_perfect() -> None:
    options = ShootOutOptions(cards=(1, 2, 3), target=3, start=9, back=10, black=3, red=2)
    solution = solve(options)
    heuristic = HeuristicAgent(1)
    rng = np.random.default_rng(0)
    regret, decisions = 0.0, 0
    for game in range(20):
        state: State = GAME.new_state(options)
        while not state.is_over:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            if state.to_move == game % 2:
                values = dict(solution.action_values(state))
                action = heuristic.choose(state)
                regret += max(values.values()) - values[action]
                decisions += 1
            else:
                action = solution.best_actions(state)[0]
            state.apply(action)
    assert decisions > 0
    assert 0.0 < regret / 20 < 0.5  # win probability given away per game


def test_heuristic_parameters() -> None:
    agent = AGENTS["heuristic"](GAME, 1, {"reach": "3", "threat_card": "2.5"})
    assert isinstance(agent, HeuristicAgent)
    assert agent.t == Thresholds(reach=3, threat_card=2.5)
    with pytest.raises(OptionError, match="unknown heuristic parameter"):
        AGENTS["heuristic"](GAME, 1, {"nerve": "1"})
    with pytest.raises(OptionError, match="not a number"):
        AGENTS["heuristic"](GAME, 1, {"reach": "far"})
    with pytest.raises(OptionError):
        AGENTS["solver"](GAME, 1, {"depth": "3"})


def test_advise_helper() -> None:
    state = GAME.new_state(SMALL)
    assert advise(state) == []
    state.apply(FirstPlayer(0))
    state.apply(Card(2))
    values = advise(state)
    assert {a for a, _ in values} == set(state.legal_actions())
    assert values == sorted(values, key=lambda av: -av[1])
