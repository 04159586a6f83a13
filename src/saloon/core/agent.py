"""What an agent is to the core: something that picks an action."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from saloon.core.errors import OptionError

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


K = TypeVar("K")


def spec_label(name: str, params: Mapping[str, str]) -> str:
    """An agent's name as its spec gives it: ``name:key=value,...``.

    >>> spec_label("heuristic", {"pace": "3"}), spec_label("random", {})
    ('heuristic:pace=3', 'random')
    """
    if not params:
        return name
    return name + ":" + ",".join(f"{k}={v}" for k, v in params.items())


def parse_knobs(
    agent: str, params: Mapping[str, str], cls: type[K], extra: tuple[str, ...] = ()
) -> K:
    """A frozen dataclass of numeric knobs (``cls``, defaults for what is not
    given) from an agent spec's raw parameters; ``extra`` names parameters
    the agent reads itself. Unknown names and non-numbers raise
    :class:`~saloon.core.errors.OptionError` naming the problem.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class K:
    ...     pace: float = 2.0
    ...     depth: int = 1
    >>> parse_knobs("heuristic", {"depth": "3"}, K)
    K(pace=2.0, depth=3)
    >>> parse_knobs("heuristic", {"speed": "3"}, K)
    Traceback (most recent call last):
    ...
    saloon.core.errors.OptionError: unknown heuristic parameter 'speed' (known: pace, depth)
    """
    base: Any = cls()
    known = [f.name for f in fields(base)]
    values: dict[str, float | int] = {}
    for key, raw in params.items():
        if key in extra:
            continue
        if key not in known:
            names = ", ".join(known + list(extra))
            raise OptionError(f"unknown {agent} parameter {key!r} (known: {names})")
        kind = type(getattr(base, key))
        try:
            values[key] = kind(raw)
        except ValueError:
            raise OptionError(f"{agent} parameter {key}={raw!r} is not a number") from None
    return cls(**values)
