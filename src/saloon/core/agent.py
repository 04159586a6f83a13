"""What an agent is to the core: something that picks an action."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from saloon.core.action import Action
    from saloon.core.state import State


@runtime_checkable
class Agent(Protocol):
    """Chooses an action for ``state.to_move``.

    An agent may read the whole state object, but an honest agent in a game
    with hidden information looks only at ``state.view(player)`` or at
    states from ``state.resample_hidden(player, rng)``.
    """

    name: str

    def choose(self, state: State) -> Action: ...
