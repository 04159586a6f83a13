"""The slow work of the web table, run in a pool off the event loop.

Each function takes and returns plain, picklable values (a state copy, an
agent spec, notation), so the pool can be threads or processes.
"""

from __future__ import annotations

from saloon.agents import make_agent
from saloon.core.errors import SaloonError
from saloon.core.state import State


def bot_choice(spec: str, seed: int, state: State) -> str:
    """The notation of the choice the bot ``spec`` makes at ``state``."""
    return str(make_agent(spec, state.game, seed).choose(state))


def advice(state: State) -> list[tuple[str, float]] | str | None:
    """The game's advisor on ``state``: each action (notation) with its
    value, best first; ``None`` if the game has no advisor here; a string
    saying why if the advisor declined."""
    try:
        values = state.game.advise(state)
    except SaloonError as exc:
        return str(exc)
    if values is None:
        return None
    return [(str(action), float(value)) for action, value in values]


def warm_up() -> bool:
    """Nothing but the imports: starts a worker process ahead of need."""
    return True
