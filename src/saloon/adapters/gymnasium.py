"""Any Saloon game as a single-agent Gymnasium environment.

The learner plays one seat; Saloon's own agents play the others (a solo
game has none), and chance is rolled inside :meth:`SaloonEnv.step` from the
environment's seeded dice. Everything numeric comes from the game's
:class:`~saloon.core.encoding.Encoding`:

* ``action_space`` is ``Discrete(num_actions)``; the legal ids at each
  decision are ``info["action_mask"]`` (``int8``, 1 where legal), as
  Gymnasium's ``Discrete.sample(mask=...)`` and masked learners take it;
* ``observation_space`` is a ``Box`` of the encoding's bounds, the vector
  made from the learner's view alone;
* the reward is the learner's return when the game ends, 0 before.

An id that is not legal ends the game with the least return for the learner
(``illegal="lose"``, the default, as PettingZoo's classic games do) or raises
:class:`~saloon.core.errors.IllegalAction` (``illegal="raise"``).

Importing this module registers ``saloon/<Game>-v0`` for each game (its
default options; against its solver, else its heuristic) and
``saloon/<Game>-<variant>-v0`` for each variant:

>>> import gymnasium as gym
>>> env = gym.make("saloon/Shootout-v0")
>>> obs, info = env.reset(seed=7)
>>> obs.shape, int(info["action_mask"].sum()) > 0
((46,), True)
>>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

Seeds follow ``saloon simulate`` (:mod:`saloon.adapters.table`): the same
seed and the same choices give the same game as Saloon's own loop. A game
the opponents and chance finish before the learner decides is skipped
(``info["skipped_games"]`` counts them), since an episode needs a decision.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from saloon.adapters.table import OptionsLike, Table, default_opponent
from saloon.core.errors import OptionError
from saloon.core.registry import all_games, get_game
from saloon.core.render import render_text

__all__ = ["SaloonEnv", "env_id", "register_all", "svg_to_rgb"]

RENDER_MODES = ("ansi", "rgb_array")


class SaloonEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a Saloon game, the others played by Saloon's agents.

    ``opponents`` gives the other seats' agent specs, in seat order (one
    spec for all of them, or one each); by default the game's solver, else
    its heuristic. ``seat`` is the learner's (0 is the first player).
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}  # noqa: RUF012

    def __init__(
        self,
        game: str = "shootout",
        options: OptionsLike = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] | None = None,
        num_players: int | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(f"render_mode must be one of {', '.join(RENDER_MODES)}")
        saloon_game = get_game(game)
        probe = Table(game, options, num_players=num_players, fixed={}, illegal=illegal)
        scripted = saloon_game.scripted_seats(probe.options)
        others = [p for p in range(probe.num_players) if p != seat and p not in scripted]
        if not 0 <= seat < probe.num_players or seat in scripted:
            raise OptionError(f"seat {seat} is not a seat a learner can take in this game")
        if opponents is None:
            specs = [default_opponent(saloon_game)] * len(others)
        elif isinstance(opponents, str):
            specs = [opponents] * len(others)
        else:
            specs = list(opponents)
            if len(specs) != len(others):
                raise OptionError(f"{len(others)} opponents needed, {len(specs)} given")
        self.table = Table(
            game,
            probe.options,
            num_players=probe.num_players,
            fixed=dict(zip(others, specs, strict=True)),
            illegal=illegal,
        )
        self.seat = seat
        self.render_mode = render_mode
        enc = self.table.encoding
        self.action_space = spaces.Discrete(enc.num_actions)
        self.observation_space = spaces.Box(
            enc.layout.low, enc.layout.high, shape=enc.observation_shape, dtype=np.float32
        )
        self.table.reset(0)

    # -- the Gymnasium API ------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        skipped = self.table.reset(seed)
        info = self._info()
        if skipped:
            info["skipped_games"] = skipped
        return self._observation(), info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        table = self.table
        if table.to_move is None:
            raise OptionError("the game is over: call reset()")
        done = table.act(int(action)) is None
        terminated = table.over
        reward = table.returns()[self.seat] if terminated else 0.0
        info = self._info()
        if done:
            info["illegal_action"] = True
        return self._observation(), reward, terminated, False, info

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return render_text(self.table.state) + "\n"
        if self.render_mode == "rgb_array":
            return svg_to_rgb(self.table.svg(self.seat))
        return None

    # -- helpers --------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The Saloon state under way (read it; do not change it)."""
        return self.table.state

    def _observation(self) -> np.ndarray:
        return self.table.observation(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.table.mask(self.seat)}


def svg_to_rgb(svg: str, width: int | None = None) -> np.ndarray:
    """An SVG drawing as an ``(height, width, 3)`` ``uint8`` array (resvg,
    then Pillow), on a white ground.

    >>> svg_to_rgb('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"/>').shape
    (2, 4, 3)
    """
    import resvg_py
    from PIL import Image

    png = resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff", width=width)
    with Image.open(io.BytesIO(bytes(png))) as image:
        return np.asarray(image.convert("RGB"))


# -- registration ------------------------------------------------------------------------------


def env_id(game_id: str, variant: str | None = None) -> str:
    """The Gymnasium id of a game (its default options) or of one variant.

    >>> env_id("d6shooters", "ep2-standard-d6"), env_id("shootout")
    ('saloon/D6shooters-ep2-standard-d6-v0', 'saloon/Shootout-v0')
    """
    name = game_id.capitalize() + (f"-{variant}" if variant else "")
    return f"saloon/{name}-v0"


def register_all() -> list[str]:
    """Register every game and variant with Gymnasium; returns the ids."""
    ids = []
    for game in all_games():
        entries: list[tuple[str | None, Mapping[str, Any]]] = [(None, {})]
        entries += [(name, {"options": name}) for name in game.variants()]
        for variant, kwargs in entries:
            ident = env_id(game.id, variant)
            if ident not in gymnasium.registry:
                gymnasium.register(
                    id=ident,
                    entry_point="saloon.adapters.gymnasium:SaloonEnv",
                    kwargs={"game": game.id, **kwargs},
                    disable_env_checker=True,
                )
            ids.append(ident)
    return ids


register_all()
