"""Any Saloon game as an OpenSpiel game (a registered pyspiel Python game).

OpenSpiel numbers actions; Saloon actions are typed objects with a text
notation. The numbering is the game's own :class:`~saloon.core.encoding.Encoding`
(:meth:`Game.encoding <saloon.core.game.Game.encoding>`): player action ids
and chance outcome ids computed from the game's structure, and the
observation tensor made from a player's view. A game reaches OpenSpiel by
declaring its encoding; nothing here is written per game.

Each state's ``__str__`` is its Saloon :meth:`~saloon.core.state.State.key`,
so equal strings mean equal futures, as OpenSpiel's ``get_all_states`` and
``value_iteration`` assume. With perfect information, the information state
is the history (OpenSpiel's public-information observer); with hidden
information, OpenSpiel's perfect-recall information state is not offered
(a view does not keep what a player saw before), and the observation is
the player's view.

>>> import pyspiel
>>> from saloon.games.shootout.options import ShootOutOptions
>>> tiny = ShootOutOptions(cards=(1, 2), target=2, start=6, back=7, black=1, red=0)
>>> game = load("shootout", tiny)
>>> game.num_distinct_actions(), game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
(4, True)
>>> state = game.new_initial_state()
>>> [state.action_to_string(a) for a, _ in state.chance_outcomes()]
['first p1', 'first p2']
>>> state.apply_action(0); state.observation_tensor(0)[:4]
[1.0, 0.0, 1.0, 0.0]
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from saloon.core.encoding import Encoding
from saloon.core.errors import IllegalAction, SaloonError
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.registry import get_game
from saloon.core.state import CHANCE, State

__all__ = [
    "SaloonPyGame",
    "SaloonPyState",
    "load",
    "register",
    "registered",
    "saloon_state",
]


# -- the pyspiel game and state -------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class _Context:
    """What every state of one registered game shares (never copied)."""

    game: Game
    options: Options
    num_players: int
    encoding: Encoding
    info: pyspiel.GameInfo

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self


class _Holder:
    """Holds a Saloon state; OpenSpiel clones a Python state by deep-copying
    its attributes, and this makes that a cheap :meth:`State.clone`."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(self.state.clone())


class _NewGame:
    """Holds the Saloon state of a new game, made on first use: OpenSpiel
    clones a state by making a new initial state and replacing its
    attributes, so most new states are never looked at."""

    def __init__(self, context: _Context) -> None:
        self.context = context

    def __getattr__(self, name: str) -> Any:
        if name != "state":
            raise AttributeError(name)
        ctx = self.context
        self.state = ctx.game.new_state(ctx.options, ctx.num_players)
        return self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        state: State = self.state
        return _Holder(state.clone())


class SaloonPyState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a Saloon state (reachable as ``.saloon``)."""

    def __init__(self, game: SaloonPyGame, context: _Context) -> None:
        super().__init__(game)
        self._ctx = context
        self._held: _Holder | _NewGame = _NewGame(context)

    @property
    def saloon(self) -> State:
        """The Saloon state inside (mutating it desynchronises OpenSpiel's history)."""
        return self._held.state

    # -- the OpenSpiel Python-game API -------------------------------------------------

    def current_player(self) -> int:
        mover = self._held.state.to_move
        if mover is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if mover == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return mover

    def _legal_actions(self, player: int) -> list[int]:
        state = self._held.state
        if state.to_move != player:
            return []
        return self._ctx.encoding.legal_ids(state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._ctx.encoding.chance_ids(self._held.state)

    def _apply_action(self, action: int) -> None:
        state = self._held.state
        enc = self._ctx.encoding
        if state.to_move == CHANCE:
            if not 0 <= action < enc.num_outcomes:
                raise IllegalAction(f"outcome id {action} is outside the action space")
            state.apply(enc.outcome(state, action))
        else:
            if not 0 <= action < enc.num_actions:
                raise IllegalAction(f"action id {action} is outside the action space")
            state.apply(enc.action(state, action))

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's notation at this state (an id relative to the state
        reads as what it names here)."""
        state = self._held.state
        enc = self._ctx.encoding
        try:
            if player == pyspiel.PlayerId.CHANCE:
                return str(enc.outcome(state, action))
            return str(enc.action(state, action))
        except (IllegalAction, SaloonError):
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self._held.state.to_move is None

    def returns(self) -> list[float]:
        state = self._held.state
        if state.to_move is not None:
            return [0.0] * self._ctx.num_players
        return [float(r) for r in state.returns()]

    def __str__(self) -> str:
        return repr(self._held.state.key())


class SaloonPyGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game for one Saloon game, options and number of players."""

    #: Set on each registered subclass: the shared context and the declaration.
    context: _Context
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(self.game_type, self.context.info, params or {})

    def new_initial_state(self) -> SaloonPyState:
        return SaloonPyState(self, self.context)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Any:
        """The observation: the encoding's tensor and the view as a string;
        the information state: the history, with perfect information only."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _ViewObserver(self.context.encoding, params)
        if not self.context.game.perfect_information:
            raise SaloonError(
                f"{self.context.game.id} has hidden information and offers no perfect-recall "
                "information state; use the observation"
            )
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class _ViewObserver:
    """Observer (OpenSpiel's PyObserver interface): the encoding's vector of
    a player's Saloon ``view``, its fields as named slices, and the view as
    JSON for the string."""

    def __init__(self, encoding: Encoding, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.encoding = encoding
        self.tensor = np.zeros(encoding.layout.size, np.float32)
        layout = encoding.layout
        self.dict: dict[str, Any] = {
            f.name: self.tensor[layout.offset(f.name) : layout.offset(f.name) + f.size]
            for f in layout.fields
        }

    def set_from(self, state: SaloonPyState, player: int) -> None:
        self.tensor[:] = self.encoding.observation(state.saloon, player)

    def string_from(self, state: SaloonPyState, player: int) -> str:
        return json.dumps(state.saloon.view(player), sort_keys=True, default=str)


# -- registration ------------------------------------------------------------------------------

_REGISTERED: dict[tuple[str, str, int], str] = {}
_CLASSES: dict[str, type[SaloonPyGame]] = {}


def _digest(*parts: object) -> str:
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.sha1(text.encode()).hexdigest()[:10]


def register(
    game_id: str,
    options: Options | None = None,
    *,
    short_name: str | None = None,
    num_players: int | None = None,
) -> str:
    """Register a Saloon game with OpenSpiel; returns its pyspiel short name.

    The name is ``saloon_<id>`` for the default options and number of
    players, else ``saloon_<id>_<digest>`` (or ``short_name``). Registering
    the same game, options and players again returns the same name.
    ``num_players`` defaults to the game's least.
    """
    game = get_game(game_id)
    options = game.options(options)
    fewest, most = game.player_range(options)
    players = fewest if num_players is None else num_players
    if not fewest <= players <= most:
        raise SaloonError(f"{game_id} is for {fewest} to {most} players, not {players}")
    ident = (game_id, _digest(options.to_dict()), players)
    if ident in _REGISTERED and short_name in (None, _REGISTERED[ident]):
        return _REGISTERED[ident]
    if short_name is None:
        default = options == game.options_type() and players == fewest
        digest = _digest(options.to_dict(), players)
        short_name = f"saloon_{game_id}" + ("" if default else f"_{digest}")
    if short_name in _CLASSES:
        raise SaloonError(f"the OpenSpiel name {short_name!r} is taken by another variant")

    info = game.info(options)
    encoding = game.encoding(options, players)
    long_name = f"Saloon {info.title}" + (
        "" if options == game.options_type() else f" ({options.describe()})"
    )
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info.chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if info.perfect_information
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if info.zero_sum
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=info.perfect_information,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=encoding.num_actions,
        max_chance_outcomes=encoding.num_outcomes,
        num_players=players,
        min_utility=float(info.min_return),
        max_utility=float(info.max_return),
        utility_sum=0.0 if info.zero_sum else None,
        max_game_length=info.max_length,
    )
    ctx = _Context(game, options, players, encoding, game_info)
    cls = type(
        f"SaloonPyGame_{short_name}",
        (SaloonPyGame,),
        {"context": ctx, "game_type": game_type, "__doc__": f"OpenSpiel game {short_name}."},
    )
    pyspiel.register_game(game_type, cls)
    _CLASSES[short_name] = cls
    _REGISTERED[ident] = short_name
    return short_name


def load(
    game_id: str,
    options: Options | None = None,
    *,
    num_players: int | None = None,
) -> pyspiel.Game:
    """The OpenSpiel game for a Saloon game and options (registering it if needed)."""
    name = register(game_id, options, num_players=num_players)
    return pyspiel.load_game(name)


def registered() -> list[str]:
    """The OpenSpiel names registered by this module so far."""
    return sorted(_CLASSES)


def saloon_state(state: pyspiel.State) -> State:
    """The Saloon state inside an adapted OpenSpiel state."""
    if not isinstance(state, SaloonPyState):
        raise TypeError(f"not a Saloon game's OpenSpiel state: {type(state).__name__}")
    return state.saloon
