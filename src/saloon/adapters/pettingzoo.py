"""Any Saloon game as a PettingZoo AEC environment.

Every seat is an agent (``player_0``, ``player_1``...), except the seats a
variant's own rules play (a solitaire scenario's bot side), which Saloon
plays itself. Chance is rolled inside ``step`` from the environment's seeded
dice, so the agent selected is always a player with a decision. As in
PettingZoo's classic games, an agent's observation is a dict: the
encoding's vector of its view under ``"observation"`` and the legal ids
under ``"action_mask"`` (all zero when it is not that agent's turn).
Rewards are the returns, given when the game ends.

An id that is not legal ends the game, the offender scoring the game's
least return and the others 0 (``illegal="lose"``, the default, like
PettingZoo's ``TerminateIllegalWrapper``), or raises
:class:`~saloon.core.errors.IllegalAction` (``illegal="raise"``).

Saloon's games are sequential (one player decides at a time, out-of-turn
card windows included), so none is offered through PettingZoo's parallel
API, which is for simultaneous moves: ``is_parallelizable`` is false.

>>> env = make_env("shootout")
>>> env.reset(seed=7)
>>> agent = env.agent_selection
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, agent
((46,), 'player_0')
>>> env.step(int(observation["action_mask"].argmax()))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from saloon.adapters.gymnasium import svg_to_rgb
from saloon.adapters.table import OptionsLike, Table
from saloon.core.errors import OptionError
from saloon.core.render import render_text

__all__ = ["SaloonAECEnv", "make_env"]

RENDER_MODES = ("ansi", "rgb_array")


def make_env(
    game: str,
    options: OptionsLike = None,
    *,
    num_players: int | None = None,
    render_mode: str | None = None,
    illegal: str = "lose",
) -> AECEnv[str, dict[str, np.ndarray], int]:
    """The game's AEC environment inside PettingZoo's order-enforcing and
    out-of-bounds wrappers (as PettingZoo's own ``env()`` constructors give)."""
    raw = SaloonAECEnv(
        game, options, num_players=num_players, render_mode=render_mode, illegal=illegal
    )
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw))


class SaloonAECEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """The AEC environment of one Saloon game, options and number of players."""

    def __init__(
        self,
        game: str = "shootout",
        options: OptionsLike = None,
        *,
        num_players: int | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(f"render_mode must be one of {', '.join(RENDER_MODES)}")
        self.table = Table(game, options, num_players=num_players, illegal=illegal)
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"saloon_{game}_v0",
            "is_parallelizable": False,
            "render_fps": 2,
        }
        self.possible_agents = [f"player_{p}" for p in self.table.learners]
        self._seats = {
            name: p for name, p in zip(self.possible_agents, self.table.learners, strict=True)
        }
        enc = self.table.encoding
        box = spaces.Box(
            enc.layout.low, enc.layout.high, shape=enc.observation_shape, dtype=np.float32
        )
        mask = spaces.Box(0, 1, shape=(enc.num_actions,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(enc.num_actions) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC API ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seats[agent]
        return {"observation": self.table.observation(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        assert action is not None
        legal = self.table.act(int(action)) is not None
        if self.table.over:
            returns = self.table.returns()
            for name in self.agents:
                self.rewards[name] = returns[self._seats[name]]
                self.terminations[name] = True
            if not legal:
                self.infos[agent]["illegal_action"] = True
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._select()
        self._accumulate_rewards()

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return render_text(self.table.state) + "\n"
        if self.render_mode == "rgb_array":
            return svg_to_rgb(self.table.svg(None))
        return None

    def close(self) -> None:
        pass

    # -- helpers ----------------------------------------------------------------------------

    @property
    def state_now(self) -> Any:
        """The Saloon state under way (read it; do not change it)."""
        return self.table.state

    def _select(self) -> None:
        seat = self.table.to_move
        if seat is not None:
            self.agent_selection = f"player_{seat}"
