"""What an agent is to the core: something that picks an action."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from saloon.core.errors import OptionError, shown
from saloon.core.numerals import parse_float, parse_int

if TYPE_CHECKING:
    from saloon.core.action import Action
    from saloon.core.options import Options
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


def check_agent(agent: Agent, options: Options) -> None:
    """Refuse (:class:`~saloon.core.errors.OptionError`) an agent that cannot
    play a game with ``options``, when the seats are chosen rather than in
    the middle of the game.

    Most agents play any variant. One that cannot (an exact solver with a
    size limit) says so with a method ``check_options(options)`` that
    raises :class:`~saloon.core.errors.OptionError`.
    """
    check = getattr(agent, "check_options", None)
    if callable(check):
        check(options)


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
    >>> parse_knobs("heuristic", {"pace": "inf"}, K)
    Traceback (most recent call last):
    ...
    saloon.core.errors.OptionError: heuristic parameter pace='inf' is not a number
    """
    base: Any = cls()
    known = [f.name for f in fields(base)]
    values: dict[str, float | int] = {}
    for key, raw in params.items():
        if key in extra:
            continue
        if key not in known:
            names = ", ".join(known + list(extra))
            raise OptionError(f"unknown {agent} parameter {shown(key)} (known: {names})")
        whole = isinstance(getattr(base, key), int)
        number: float | int | None = parse_int(raw, signed=True) if whole else parse_float(raw)
        if number is None:
            what = f" ({key} takes a whole number)" if whole else ""
            raise OptionError(f"{agent} parameter {key}={shown(raw)} is not a number{what}")
        values[key] = number
    return cls(**values)
