"""The PettingZoo AEC environment: agents, masks, rewards at the end, dead
steps, illegal ids and scripted seats (the library's own api_test and
seed_test run over every game in test_every_game.py)."""

from __future__ import annotations

import numpy as np
import pytest

from saloon.adapters.pettingzoo import SaloonAECEnv, make_env
from saloon.core import IllegalAction, OptionError, get_game
from saloon.games.shootout.options import ShootOutOptions

ONE_BULLET = ShootOutOptions(cards=(1, 2), target=2, start=6, back=7, black=1, red=0)


def test_agents_take_turns_and_only_the_one_to_move_has_a_mask() -> None:
    env = make_env("shootout", "short-street")
    env.reset(seed=3)
    assert env.possible_agents == ["player_0", "player_1"]
    mover = env.agent_selection
    other = next(a for a in env.agents if a != mover)
    assert env.observe(mover)["action_mask"].sum() > 0
    assert env.observe(other)["action_mask"].sum() == 0
    assert env.observation_space(mover)["observation"].contains(env.observe(mover)["observation"])


def test_rewards_come_at_the_end_and_every_agent_takes_its_dead_step() -> None:
    env = make_env("shootout", "short-street")
    env.reset(seed=8)
    rng = np.random.default_rng(1)
    seen: dict[str, list[float]] = {a: [] for a in env.possible_agents}
    dead = []
    for name in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        seen[name].append(reward)
        if terminated or truncated:
            dead.append(name)
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    returns = env.unwrapped.table.state.returns()
    assert sorted(dead) == ["player_0", "player_1"] and env.agents == []
    for name, rewards in seen.items():
        assert all(r == 0 for r in rewards[:-1])
        assert rewards[-1] == returns[int(name[-1])]
    assert sum(returns) == 0


def test_an_illegal_id_ends_the_game_against_the_offender() -> None:
    env = make_env("shootout", ONE_BULLET)
    env.reset(seed=0)
    mover = env.agent_selection
    assert env.observe(mover)["action_mask"][3] == 0  # the Winchester, no red bullet
    env.step(3)
    low = get_game("shootout").returns_bounds(ONE_BULLET)[0]
    assert all(env.terminations.values())
    assert env.rewards[mover] == low and env.infos[mover]["illegal_action"]
    assert all(r == 0 for a, r in env.rewards.items() if a != mover)


def test_an_illegal_id_raises_when_asked() -> None:
    env = SaloonAECEnv("shootout", ONE_BULLET, illegal="raise")
    env.reset(seed=0)
    with pytest.raises(IllegalAction, match="winchester"):
        env.step(3)


def test_a_solitaire_scenarios_bot_side_is_no_agent() -> None:
    game = get_game("cowboys")
    options = game.options_from_dict({"scenario": "sundown-at-red-rock"})
    env = SaloonAECEnv("cowboys", options)
    scripted = game.scripted_seats(options)
    assert scripted and all(f"player_{p}" not in env.possible_agents for p in scripted)
    assert len(env.possible_agents) == env.table.num_players - len(scripted)


def test_a_solo_game_has_one_agent() -> None:
    env = SaloonAECEnv("d6shooters")
    env.reset(seed=1)
    assert env.possible_agents == ["player_0"] and env.agent_selection == "player_0"


def test_render_modes_and_bad_arguments() -> None:
    env = SaloonAECEnv("shootout", render_mode="ansi")
    env.reset(seed=1)
    assert "Shoot Out" in env.render()
    env = SaloonAECEnv("shootout", render_mode="rgb_array")
    env.reset(seed=1)
    assert env.render().shape[2] == 3
    with pytest.raises(OptionError, match="render_mode"):
        SaloonAECEnv("shootout", render_mode="human")
