"""Every registered game and variant through the three learning APIs, each
checked by that library's own checker, and the same seed giving the same
game through each adapter as through Saloon's own loop.

A new game passes these by declaring its encoding; nothing here names a game
except to size the runs (a Cowboys game is hundreds of steps)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from saloon.adapters import openspiel as spiel
from saloon.adapters.gymnasium import SaloonEnv
from saloon.adapters.pettingzoo import make_env
from saloon.agents import make_agent
from saloon.analysis.simulate import game_seeds, play_game
from saloon.core import CHANCE, GameRecord, all_games, get_game
from saloon.core.state import State
from saloon.testing.encoding import check_encoding

pyspiel = pytest.importorskip("pyspiel")

CASES = [(g.id, name) for g in all_games() for name in g.variants()]
IDS = [f"{g}-{v}" for g, v in CASES]

#: Random games per variant for the encoding's checker, OpenSpiel's random
#: simulations, and PettingZoo's cycles, by game (a Cowboys game is long).
ENCODING_GAMES = {"cowboys": 1}
SIMULATIONS = {"cowboys": 1}
CYCLES = {"cowboys": 60}


@pytest.fixture(autouse=True)
def quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        # PettingZoo asks for Box observations; a dict with an action mask is
        # what its own classic games give (and what its checker then warns of).
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        yield


@pytest.mark.parametrize(("game_id", "variant"), CASES, ids=IDS)
def test_the_encoding_keeps_its_contract(game_id: str, variant: str) -> None:
    game = get_game(game_id)
    report = check_encoding(
        game, game.variants()[variant], games=ENCODING_GAMES.get(game_id, 5), seed=1
    )
    assert report.decisions > 0 and report.observations > report.decisions


@pytest.mark.parametrize(("game_id", "variant"), CASES, ids=IDS)
def test_gymnasium_check_env(game_id: str, variant: str) -> None:
    env = SaloonEnv(game_id, variant, opponents="random")
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize(("game_id", "variant"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests(game_id: str, variant: str) -> None:
    cycles = CYCLES.get(game_id, 300)
    api_test(make_env(game_id, variant), num_cycles=cycles)
    seed_test(lambda: make_env(game_id, variant), num_cycles=cycles)


@pytest.mark.parametrize(("game_id", "variant"), CASES, ids=IDS)
def test_openspiel_random_simulation(game_id: str, variant: str) -> None:
    game = get_game(game_id)
    players = game.new_state(game.variants()[variant]).num_players
    loaded = spiel.load(game_id, game.variants()[variant], num_players=players)
    pyspiel.random_sim_test(
        loaded, num_sims=SIMULATIONS.get(game_id, 5), serialize=False, verbose=False
    )


# -- the same seed, the same game ------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    moves: list[str]
    returns: tuple[float, ...]


def _saloon_game(game_id: str, variant: str, seed: int) -> Played:
    """Game 0 of ``saloon simulate GAME --seed SEED`` with random players in
    every seat (a variant's scripted seats played by their own agents)."""
    game = get_game(game_id)
    options = game.variants()[variant]
    players = game.new_state(options).num_players
    specs = [game.scripted_seats(options).get(p, "random") for p in range(players)]
    dice_seed, agent_seeds = game_seeds(seed, 0, players)
    row = play_game(game, options, specs, 0, dice_seed, agent_seeds, keep_record=True)
    assert row.record is not None
    return Played([m for _, m in GameRecord.loads(row.record).moves], row.returns)


def _first_variant_of_each_game() -> list[tuple[str, str]]:
    return [(g.id, next(iter(g.variants()))) for g in all_games()]


SEEDED = _first_variant_of_each_game()


@pytest.mark.parametrize(("game_id", "variant"), SEEDED, ids=[g for g, _ in SEEDED])
def test_gymnasium_plays_saloons_game_for_the_same_seed(game_id: str, variant: str) -> None:
    seed = 12
    expected = _saloon_game(game_id, variant, seed)
    game = get_game(game_id)
    options = game.variants()[variant]
    players = game.new_state(options).num_players
    _, agent_seeds = game_seeds(seed, 0, players)
    env = SaloonEnv(game_id, variant, seat=0, opponents="random", illegal="raise")
    learner = make_agent("random", game, seed=agent_seeds[0])
    env.reset(seed=seed)
    terminated = False
    reward = 0.0
    while not terminated:
        action = learner.choose(env.state)
        _, reward, terminated, _, _ = env.step(env.table.encoding.action_id(env.state, action))
    assert [str(a) for _, a in env.state.history] == expected.moves
    assert reward == expected.returns[0]


@pytest.mark.parametrize(("game_id", "variant"), SEEDED, ids=[g for g, _ in SEEDED])
def test_pettingzoo_plays_saloons_game_for_the_same_seed(game_id: str, variant: str) -> None:
    seed = 5
    expected = _saloon_game(game_id, variant, seed)
    game = get_game(game_id)
    players = game.new_state(game.variants()[variant]).num_players
    _, agent_seeds = game_seeds(seed, 0, players)
    agents = {p: make_agent("random", game, seed=agent_seeds[p]) for p in range(players)}
    env = make_env(game_id, variant, illegal="raise")
    env.reset(seed=seed)
    state: State = env.unwrapped.table.state
    totals: dict[str, float] = {}
    for name in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        totals[name] = totals.get(name, 0.0) + reward
        if terminated or truncated:
            env.step(None)
            continue
        seat = int(name.split("_")[1])
        action = agents[seat].choose(state)
        env.step(env.unwrapped.table.encoding.action_id(state, action))
    assert [str(a) for _, a in state.history] == expected.moves
    for name, total in totals.items():
        assert total == expected.returns[int(name.split("_")[1])]


@pytest.mark.parametrize(("game_id", "variant"), SEEDED, ids=[g for g, _ in SEEDED])
def test_openspiel_replays_saloons_game_by_ids(game_id: str, variant: str) -> None:
    """OpenSpiel's users roll chance themselves: fed Saloon's game as ids
    (outcomes and actions alike), it walks the same states to the same returns."""
    expected = _saloon_game(game_id, variant, 3)
    game = get_game(game_id)
    options = game.variants()[variant]
    players = game.new_state(options).num_players
    loaded = spiel.load(game_id, options, num_players=players)
    theirs = loaded.new_initial_state()
    enc = game.encoding(options, players)
    for text in expected.moves:
        ours = spiel.saloon_state(theirs)
        move = game.parse_action(text)
        if ours.to_move == CHANCE:
            ident = enc.outcome_id(ours, move)
            assert ident in [i for i, _ in theirs.chance_outcomes()]
        else:
            ident = enc.action_id(ours, move)
            assert ident in theirs.legal_actions()
        assert theirs.action_to_string(theirs.current_player(), ident) == text
        theirs.apply_action(ident)
    assert theirs.is_terminal()
    assert theirs.returns() == pytest.approx(list(expected.returns))
