"""The Gymnasium environment: registration, seats, masks, rewards, illegal
ids, rendering and seeds (the checker itself runs over every game in
test_every_game.py)."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

from saloon.adapters.gymnasium import SaloonEnv, env_id, register_all
from saloon.analysis.simulate import game_seeds
from saloon.core import IllegalAction, OptionError, all_games, get_game
from saloon.games.shootout.options import ShootOutOptions

#: Player 1 has one Colt bullet and no Winchester: firing the Winchester is illegal.
ONE_BULLET = ShootOutOptions(cards=(1, 2), target=2, start=6, back=7, black=1, red=0)


def test_every_game_and_variant_is_registered() -> None:
    ids = register_all()
    for game in all_games():
        assert env_id(game.id) in gym.registry
        for variant in game.variants():
            assert env_id(game.id, variant) in ids
    env = gym.make("saloon/Shootout-veteran-v0")
    assert isinstance(env.unwrapped, SaloonEnv)
    assert env.unwrapped.table.options.target == 18


def test_the_default_opponent_is_the_solver_and_the_spaces_follow_the_encoding() -> None:
    env = SaloonEnv("shootout")
    assert env.table.fixed == {1: "solver"}
    enc = get_game("shootout").encoding()
    assert env.action_space.n == enc.num_actions
    assert env.observation_space.shape == enc.observation_shape
    obs, info = env.reset(seed=2)
    assert env.observation_space.contains(obs)
    assert info["action_mask"].dtype == np.int8
    legal = {
        str(env.table.encoding.action(env.state, i)) for i in np.flatnonzero(info["action_mask"])
    }
    assert legal == {str(a) for a in env.state.legal_actions()}


def test_the_learner_can_take_the_second_seat() -> None:
    env = SaloonEnv("shootout", seat=1, opponents="random")
    obs, _ = env.reset(seed=4)
    assert env.table.to_move == 1
    assert obs[1] == 1  # "me": player 2


def test_the_reward_is_the_learners_return_at_the_end() -> None:
    env = SaloonEnv("shootout", "short-street", opponents="random")
    _, info = env.reset(seed=9)
    rng = np.random.default_rng(0)
    rewards = []
    terminated = False
    while not terminated:
        _, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        assert not truncated
        rewards.append(reward)
    assert all(r == 0 for r in rewards[:-1])
    assert rewards[-1] == env.state.returns()[0] != 0
    with pytest.raises(OptionError, match="reset"):
        env.step(0)


def _illegal_position(illegal: str) -> SaloonEnv:
    env = SaloonEnv("shootout", ONE_BULLET, opponents="random", illegal=illegal)
    _, info = env.reset(seed=0)
    assert info["action_mask"][3] == 0  # the Winchester, with no red bullet
    return env


def test_an_illegal_id_loses_the_game_by_default() -> None:
    env = _illegal_position("lose")
    _, reward, terminated, _, info = env.step(3)
    assert terminated and info["illegal_action"]
    assert reward == get_game("shootout").returns_bounds(ONE_BULLET)[0]


def test_an_illegal_id_raises_when_asked_and_changes_nothing() -> None:
    env = _illegal_position("raise")
    before = list(env.state.history)
    with pytest.raises(IllegalAction, match="winchester"):
        env.step(3)
    with pytest.raises(IllegalAction, match="outside"):
        env.step(99)
    assert env.state.history == before


def test_bad_arguments_get_one_clear_message() -> None:
    with pytest.raises(OptionError, match="render_mode"):
        SaloonEnv("shootout", render_mode="human")
    with pytest.raises(OptionError, match="1 opponents needed, 2 given"):
        SaloonEnv("shootout", opponents=["random", "random"])
    with pytest.raises(OptionError, match="seat 2 is not a seat"):
        SaloonEnv("shootout", seat=2)
    with pytest.raises(ValueError, match="no agent called 'robot'"):
        SaloonEnv("shootout", opponents="robot")
    with pytest.raises(OptionError, match="illegal"):
        SaloonEnv("shootout", illegal="ignore")


def test_render_modes() -> None:
    env = SaloonEnv("shootout", render_mode="ansi", opponents="random")
    env.reset(seed=1)
    assert "Shoot Out" in env.render()
    env = SaloonEnv("shootout", render_mode="rgb_array", opponents="random")
    env.reset(seed=1)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert frame.shape[0] > 100 and frame.shape[1] > 300
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 10  # a drawing, not a blank


def test_reset_without_a_seed_plays_the_next_game_of_the_seed() -> None:
    """The second episode after ``reset(seed=s)`` is game 1 of ``saloon
    simulate --seed s``: that game's dice, and its opponent's agent seed."""
    env = SaloonEnv("shootout", opponents="random")
    env.reset(seed=21)
    first = env.table.dice.seed
    env.reset()
    dice, _ = game_seeds(21, 1, 2)
    assert first == game_seeds(21, 0, 2)[0] and env.table.dice.seed == dice
    env.reset(seed=21)
    assert env.table.dice.seed == first


def test_a_game_the_learner_never_decides_in_is_skipped() -> None:
    """Seed 429's first game ends in the opponent's hands before the learner
    decides (found by a search over seeds); the next game is played."""
    env = SaloonEnv("shootout", opponents="random")
    _, info = env.reset(seed=429)
    assert info["skipped_games"] == 1
    assert env.table.to_move == 0
    assert env.table.dice.seed == game_seeds(429, 1, 2)[0]
