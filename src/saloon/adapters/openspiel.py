"""Any Saloon game as an OpenSpiel game (a registered pyspiel Python game).

OpenSpiel numbers actions; Saloon actions are typed objects with a text
notation. An :class:`ActionSpace` fixes the numbering for one game and one
set of options: player action ``i`` is ``actions[i]`` and chance outcome
``i`` is ``outcomes[i]``, both given in the game's notation. The space comes
from, in order:

1. the ``space`` argument of :func:`register` / :func:`load`;
2. the game's :meth:`~saloon.core.game.Game.action_space`, where the game
   lists its actions and outcomes (Shoot Out does);
3. :func:`discover_action_space`: a breadth-first walk of the whole state
   graph collecting every notation met, for small variants only.

Each state's ``__str__`` is its Saloon :meth:`~saloon.core.state.State.key`,
so equal strings mean equal futures, as OpenSpiel's ``get_all_states`` and
``value_iteration`` assume.

>>> import pyspiel
>>> from saloon.games.shootout.options import ShootOutOptions
>>> tiny = ShootOutOptions(cards=(1, 2), target=2, start=6, back=7, black=1, red=0)
>>> game = load("shootout", tiny)
>>> game.num_distinct_actions(), game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
(4, True)
>>> state = game.new_initial_state()
>>> [state.action_to_string(a) for a, _ in state.chance_outcomes()]
['first p1', 'first p2']
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from saloon.core.action import Action
from saloon.core.errors import SaloonError
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.registry import get_game
from saloon.core.state import CHANCE, State

__all__ = [
    "ActionSpace",
    "SaloonPyGame",
    "SaloonPyState",
    "action_space",
    "discover_action_space",
    "load",
    "register",
    "registered",
    "saloon_state",
]


# -- the action space ------------------------------------------------------------------


@dataclass(frozen=True)
class ActionSpace:
    """The numbering of one game's player actions and chance outcomes.

    ``actions`` and ``outcomes`` are notations (``str(action)``); an id is
    an index into one of them. :meth:`bind` reads them back into the
    game's action objects, checking that each notation is canonical.
    """

    actions: tuple[str, ...]
    outcomes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name, items in (("actions", self.actions), ("outcomes", self.outcomes)):
            if len(set(items)) != len(items):
                raise SaloonError(f"the action space lists the same {name[:-1]} twice")

    @classmethod
    def of(cls, actions: Iterable[str], outcomes: Iterable[str] = ()) -> ActionSpace:
        return cls(tuple(actions), tuple(outcomes))

    def bind(self, game: Game) -> _BoundSpace:
        """The two tables as action objects, with reverse lookups."""
        return _BoundSpace(
            actions=_parse_all(game, self.actions), outcomes=_parse_all(game, self.outcomes)
        )


def _parse_all(game: Game, texts: Sequence[str]) -> tuple[Action, ...]:
    parsed = []
    for text in texts:
        action = game.parse_action(text)
        if str(action) != text:
            raise SaloonError(
                f"{game.id}: {text!r} is not canonical notation (it reads as {str(action)!r})"
            )
        parsed.append(action)
    return tuple(parsed)


@dataclass(frozen=True)
class _BoundSpace:
    actions: tuple[Action, ...]
    outcomes: tuple[Action, ...]
    action_ids: dict[Action, int] = field(init=False)
    outcome_ids: dict[Action, int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "action_ids", {a: i for i, a in enumerate(self.actions)})
        object.__setattr__(self, "outcome_ids", {a: i for i, a in enumerate(self.outcomes)})

    def action_id(self, action: Action) -> int:
        try:
            return self.action_ids[action]
        except KeyError:
            raise SaloonError(f"action {action} is missing from the action space") from None

    def outcome_id(self, outcome: Action) -> int:
        try:
            return self.outcome_ids[outcome]
        except KeyError:
            raise SaloonError(
                f"chance outcome {outcome} is missing from the action space"
            ) from None


def discover_action_space(
    game: Game,
    options: Options | None = None,
    num_players: int | None = None,
    *,
    max_states: int = 200_000,
) -> ActionSpace:
    """Every action and outcome notation met in a breadth-first walk of the game.

    States are merged on their key, so the walk visits each distinct state
    once. Ids follow the order of discovery, which is deterministic for a
    game and its options. Raises :class:`SaloonError` if the game has more
    than ``max_states`` states: give the space explicitly instead.
    """
    root = game.new_state(game.options(options), num_players)
    actions: dict[str, None] = {}
    outcomes: dict[str, None] = {}
    seen: set[Hashable] = {root.key()}
    queue: deque[State] = deque([root])
    while queue:
        state = queue.popleft()
        mover = state.to_move
        if mover is None:
            continue
        if mover == CHANCE:
            moves: Sequence[Action] = [o for o, _ in state.chance_outcomes()]
            found = outcomes
        else:
            moves = state.legal_actions()
            found = actions
        for move in moves:
            found.setdefault(str(move), None)
            child = state.clone()
            child.apply_unchecked(move)
            key = child.key()
            if key not in seen:
                if len(seen) >= max_states:
                    raise SaloonError(
                        f"{game.id} has more than {max_states} states: too many to discover "
                        "its action space; pass the space explicitly"
                    )
                seen.add(key)
                queue.append(child)
    return ActionSpace(tuple(actions), tuple(outcomes))


def action_space(
    game: Game, options: Options | None = None, num_players: int | None = None
) -> ActionSpace:
    """The game's action space: as the game lists it, or by a discovery walk."""
    options = game.options(options)
    listed = game.action_space(options)
    if listed is not None:
        actions, outcomes = listed
        return ActionSpace.of(actions, outcomes)
    return discover_action_space(game, options, num_players)


# -- the pyspiel game and state -------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class _Context:
    """What every state of one registered game shares (never copied)."""

    game: Game
    options: Options
    num_players: int
    space: _BoundSpace
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
        ids = self._ctx.space.action_id
        return sorted(ids(a) for a in state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ids = self._ctx.space.outcome_id
        return sorted((ids(o), p) for o, p in self._held.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        state = self._held.state
        space = self._ctx.space
        table = space.outcomes if state.to_move == CHANCE else space.actions
        if not 0 <= action < len(table):
            raise SaloonError(f"action id {action} is outside the action space")
        state.apply(table[action])

    def _action_to_string(self, player: int, action: int) -> str:
        space = self._ctx.space
        table = space.outcomes if player == pyspiel.PlayerId.CHANCE else space.actions
        return str(table[action])

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
        """The view string for plain observations; the history for perfect recall."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _ViewObserver(params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class _ViewObserver:
    """Observer (OpenSpiel's PyObserver interface): a player's Saloon ``view``."""

    def __init__(self, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: SaloonPyState, player: int) -> None:
        pass

    def string_from(self, state: SaloonPyState, player: int) -> str:
        return json.dumps(state.saloon.view(player), sort_keys=True, default=str)


# -- registration ------------------------------------------------------------------------------

_REGISTERED: dict[tuple[str, str, int, ActionSpace | None], str] = {}
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
    space: ActionSpace | None = None,
) -> str:
    """Register a Saloon game with OpenSpiel; returns its pyspiel short name.

    The name is ``saloon_<id>`` for the default options, number of players
    and action space, else ``saloon_<id>_<digest>`` (or ``short_name``).
    Registering the same game, options, players and space again returns the
    same name. ``num_players`` defaults to the game's least; ``space``, to
    :func:`action_space`.
    """
    game = get_game(game_id)
    options = game.options(options)
    fewest, most = game.player_range(options)
    players = fewest if num_players is None else num_players
    if not fewest <= players <= most:
        raise SaloonError(f"{game_id} is for {fewest} to {most} players, not {players}")
    ident = (game_id, _digest(options.to_dict()), players, space)
    if ident in _REGISTERED and short_name in (None, _REGISTERED[ident]):
        return _REGISTERED[ident]
    if short_name is None:
        default = options == game.options_type() and players == fewest and not space
        digest = _digest(options.to_dict(), players, space and [space.actions, space.outcomes])
        short_name = f"saloon_{game_id}" + ("" if default else f"_{digest}")
    if short_name in _CLASSES:
        raise SaloonError(f"the OpenSpiel name {short_name!r} is taken by another variant")

    info = game.info(options)
    if space is None:
        space = action_space(game, options, players)
    bound = space.bind(game)
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
        provides_observation_tensor=False,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=len(bound.actions),
        max_chance_outcomes=len(bound.outcomes),
        num_players=players,
        min_utility=float(info.min_return),
        max_utility=float(info.max_return),
        utility_sum=0.0 if info.zero_sum else None,
        max_game_length=info.max_length,
    )
    ctx = _Context(game, options, players, bound, game_info)
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
    space: ActionSpace | None = None,
) -> pyspiel.Game:
    """The OpenSpiel game for a Saloon game and options (registering it if needed)."""
    name = register(game_id, options, num_players=num_players, space=space)
    return pyspiel.load_game(name)


def registered() -> list[str]:
    """The OpenSpiel names registered by this module so far."""
    return sorted(_CLASSES)


def saloon_state(state: pyspiel.State) -> State:
    """The Saloon state inside an adapted OpenSpiel state."""
    if not isinstance(state, SaloonPyState):
        raise TypeError(f"not a Saloon game's OpenSpiel state: {type(state).__name__}")
    return state.saloon
