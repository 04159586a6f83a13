"""A game as numbers, for learning code: action ids, a legal mask and an
observation vector.

Every game declares an :class:`Encoding` (:meth:`Game.encoding
<saloon.core.game.Game.encoding>`) for one set of options and number of
players. The adapters (OpenSpiel, Gymnasium, PettingZoo) are generic over
it; a new game reaches all of them by declaring its encoding.

* **Actions** are numbered ``0 .. num_actions - 1``. The numbering comes from
  the game's structure (its options, its board, its dice), never from
  walking states. An id may be relative to the state where that is the
  natural reading (``keep the 1st and 3rd of the dice just rolled``): an
  encoding maps an id to an action *at a state*, and two legal actions at
  one state never share an id.
* **Chance outcomes** are numbered the same way, ``0 .. num_outcomes - 1``,
  for the adapters whose users resolve chance themselves (OpenSpiel).
* **The observation** is a flat ``float32`` vector made from
  ``state.view(player)`` alone, so it cannot hold what the player may not
  see. Its :attr:`~Encoding.fields` document it: each field's name, length,
  bounds and meaning, in order.

:class:`TableEncoding` serves a game whose actions and outcomes are short
fixed lists in notation (Shoot Out's): the id of an action is its place in
the list.

>>> from saloon.core import get_game
>>> game = get_game("shootout")
>>> enc = game.encoding(game.options())
>>> state = game.new_state()
>>> enc.num_actions, enc.observation_shape
(4, (46,))
>>> state.apply(state.chance_outcomes()[0][0])
>>> enc.legal_ids(state) == sorted(enc.action_id(state, a) for a in state.legal_actions())
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from saloon.core.action import Action
from saloon.core.errors import IllegalAction, SaloonError

if TYPE_CHECKING:
    from saloon.core.game import Game
    from saloon.core.state import State

__all__ = ["Encoding", "Field", "ObservationLayout", "TableEncoding"]


@dataclass(frozen=True)
class Field:
    """One named run of the observation vector.

    ``size`` numbers, each between ``low`` and ``high``; ``doc`` says what
    they mean (and, for a run, what each position is).

    >>> Field("hp", 1, 0, 6, "hit points left")
    Field(name='hp', size=1, low=0, high=6, doc='hit points left')
    """

    name: str
    size: int
    low: float
    high: float
    doc: str

    def __post_init__(self) -> None:
        if self.size < 1:
            raise SaloonError(f"observation field {self.name!r} has size {self.size}")
        if not self.low < self.high:
            # A constant field tells nothing, and Gymnasium's checker warns of a Box
            # whose bounds meet; a field that is constant in a variant bounds it loosely.
            raise SaloonError(f"observation field {self.name!r} needs low below high")


class ObservationLayout:
    """The observation's fields in order, and a writer that fills a vector.

    >>> layout = ObservationLayout([Field("a", 1, 0, 9, "a"), Field("b", 2, 0, 1, "b")])
    >>> layout.size, layout.offset("b")
    (3, 1)
    >>> out = layout.new()
    >>> layout.put(out, "a", 7); layout.put(out, "b", [1, 0])
    >>> out.tolist()
    [7.0, 1.0, 0.0]
    """

    def __init__(self, fields: Iterable[Field]) -> None:
        self.fields: tuple[Field, ...] = tuple(fields)
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise SaloonError("two observation fields share a name")
        self._offsets: dict[str, tuple[int, int]] = {}
        at = 0
        for f in self.fields:
            self._offsets[f.name] = (at, at + f.size)
            at += f.size
        self.size = at
        self.low = np.concatenate([np.full(f.size, f.low, np.float32) for f in self.fields])
        self.high = np.concatenate([np.full(f.size, f.high, np.float32) for f in self.fields])

    def new(self) -> np.ndarray:
        """A zero vector of the layout's size."""
        return np.zeros(self.size, dtype=np.float32)

    def offset(self, name: str) -> int:
        return self._offsets[name][0]

    def put(self, out: np.ndarray, name: str, value: float | Sequence[float] | np.ndarray) -> None:
        """Write ``value`` (one number, or as many as the field holds) into ``name``."""
        start, stop = self._offsets[name]
        if isinstance(value, int | float | np.number):
            if stop - start != 1:
                raise SaloonError(f"observation field {name!r} holds {stop - start} numbers")
            out[start] = value
        else:
            out[start:stop] = value

    def describe(self) -> str:
        """The layout as a table in Markdown (for the docs)."""
        rows = ["| at | field | size | range | meaning |", "|---|---|---|---|---|"]
        for f in self.fields:
            rows.append(
                f"| {self.offset(f.name)} | `{f.name}` | {f.size} | "
                f"{_num(f.low)}..{_num(f.high)} | {f.doc} |"
            )
        return "\n".join(rows)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


class Encoding(ABC):
    """How one game, under one set of options and number of players, reads
    as numbers. Subclasses give the action numbering and the observation."""

    #: Every action id is below this.
    num_actions: int
    #: Every chance outcome id is below this (0 for a game without chance).
    num_outcomes: int
    #: The observation's fields.
    layout: ObservationLayout

    # -- actions ---------------------------------------------------------------------

    @abstractmethod
    def action_id(self, state: State, action: Action) -> int:
        """The id of ``action``, legal at ``state``."""

    @abstractmethod
    def action(self, state: State, action_id: int) -> Action:
        """The action that ``action_id`` names at ``state``; raises
        :class:`~saloon.core.errors.IllegalAction` if it names none there."""

    def outcome_id(self, state: State, outcome: Action) -> int:
        """The id of a chance outcome possible at ``state``."""
        raise SaloonError("this encoding numbers no chance outcomes")

    def outcome(self, state: State, outcome_id: int) -> Action:
        """The chance outcome that ``outcome_id`` names at ``state``."""
        raise SaloonError("this encoding numbers no chance outcomes")

    def legal_ids(self, state: State) -> list[int]:
        """The ids of the legal actions at ``state``, in increasing order."""
        return sorted(self.action_id(state, a) for a in state.legal_actions())

    def legal_mask(self, state: State) -> np.ndarray:
        """A 0/1 ``int8`` vector of length :attr:`num_actions`: 1 where legal."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[self.legal_ids(state)] = 1
        return mask

    def chance_ids(self, state: State) -> list[tuple[int, float]]:
        """``(id, probability)`` for each chance outcome at ``state``, by id."""
        return sorted((self.outcome_id(state, o), p) for o, p in state.chance_outcomes())

    # -- the observation ---------------------------------------------------------------

    @property
    def fields(self) -> tuple[Field, ...]:
        return self.layout.fields

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.layout.size,)

    @abstractmethod
    def observe(self, view: Mapping[str, Any], player: int | None) -> np.ndarray:
        """The observation vector made from ``view = state.view(player)``
        (``player`` is given so that an encoding may say whose it is)."""

    def observation(self, state: State, player: int | None) -> np.ndarray:
        """What ``player`` observes at ``state`` (``None``: a spectator)."""
        return self.observe(state.view(player), player)


class TableEncoding(Encoding):
    """An encoding whose actions and outcomes are fixed lists in notation.

    The id of an action is its place in ``actions`` (and of an outcome, in
    ``outcomes``), whatever the state. ``observer`` turns a view into the
    vector that ``layout`` describes.
    """

    def __init__(
        self,
        game: Game,
        actions: Sequence[str],
        outcomes: Sequence[str],
        layout: ObservationLayout,
        observer: Callable[[Mapping[str, Any], int | None], np.ndarray],
    ) -> None:
        self.actions: tuple[Action, ...] = _parse_all(game, actions, "action")
        self.outcomes: tuple[Action, ...] = _parse_all(game, outcomes, "outcome")
        self._action_ids = {a: i for i, a in enumerate(self.actions)}
        self._outcome_ids = {o: i for i, o in enumerate(self.outcomes)}
        self.num_actions = len(self.actions)
        self.num_outcomes = len(self.outcomes)
        self.layout = layout
        self._observer = observer

    def action_id(self, state: State, action: Action) -> int:
        try:
            return self._action_ids[action]
        except KeyError:
            raise SaloonError(f"action {action} is missing from the action table") from None

    def action(self, state: State, action_id: int) -> Action:
        if not 0 <= action_id < self.num_actions:
            raise IllegalAction(f"action id {action_id} is outside 0..{self.num_actions - 1}")
        return self.actions[action_id]

    def outcome_id(self, state: State, outcome: Action) -> int:
        try:
            return self._outcome_ids[outcome]
        except KeyError:
            raise SaloonError(f"chance outcome {outcome} is missing from the table") from None

    def outcome(self, state: State, outcome_id: int) -> Action:
        if not 0 <= outcome_id < self.num_outcomes:
            raise IllegalAction(f"outcome id {outcome_id} is outside 0..{self.num_outcomes - 1}")
        return self.outcomes[outcome_id]

    def observe(self, view: Mapping[str, Any], player: int | None) -> np.ndarray:
        return self._observer(view, player)


def _parse_all(game: Game, texts: Sequence[str], what: str) -> tuple[Action, ...]:
    parsed = []
    for text in texts:
        action = game.parse_action(text)
        if str(action) != text:
            raise SaloonError(
                f"{game.id}: {what} {text!r} is not canonical notation "
                f"(it reads as {str(action)!r})"
            )
        parsed.append(action)
    if len(set(parsed)) != len(parsed):
        raise SaloonError(f"{game.id}: the {what} table lists the same {what} twice")
    return tuple(parsed)
