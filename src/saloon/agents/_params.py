"""Parsing agent specs (``"mcts:iterations=200,c=1.4"``) and their parameters."""

from __future__ import annotations

from collections.abc import Mapping

from saloon.core.errors import OptionError


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split an agent spec into its name and its raw ``key=value`` parameters.

    >>> parse_spec("mcts:iterations=200, c=1.4")
    ('mcts', {'iterations': '200', 'c': '1.4'})
    >>> parse_spec("random")
    ('random', {})
    """
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    if not name:
        raise OptionError(f"agent spec {spec!r} has no agent name")
    params: dict[str, str] = {}
    for part in rest.split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(
                f"agent parameter {part.strip()!r} in {spec!r} is not of the form key=value"
            )
        if key in params:
            raise OptionError(f"agent parameter {key!r} is given twice in {spec!r}")
        params[key] = value.strip()
    return name, params


class Params:
    """Typed access to an agent's raw parameters, refusing unknown keys.

    >>> p = Params("mcts", {"iterations": "50"}, ("iterations", "c"))
    >>> p.get_int("iterations", 100), p.get_float("c", 1.4)
    (50, 1.4)
    """

    def __init__(self, agent: str, raw: Mapping[str, str], known: tuple[str, ...]) -> None:
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise OptionError(
                f"agent {agent!r} has no parameter {unknown[0]!r} "
                f"(parameters: {', '.join(known) or '(none)'})"
            )
        self.agent = agent
        self.raw = dict(raw)

    def bad(self, key: str, what: str) -> OptionError:
        return OptionError(f"agent {self.agent!r} parameter {key}={self.raw[key]!r} must be {what}")

    def get_int(self, key: str, default: int, minimum: int = 0) -> int:
        if key not in self.raw:
            return default
        try:
            value = int(self.raw[key])
        except ValueError:
            raise self.bad(key, "a whole number") from None
        if value < minimum:
            raise self.bad(key, f"at least {minimum}")
        return value

    def optional_int(self, key: str, minimum: int = 0) -> int | None:
        if key not in self.raw or self.raw[key].lower() in ("", "none", "auto"):
            return None
        return self.get_int(key, 0, minimum)

    def get_float(self, key: str, default: float, minimum: float = 0.0) -> float:
        if key not in self.raw:
            return default
        try:
            value = float(self.raw[key])
        except ValueError:
            raise self.bad(key, "a number") from None
        if not value >= minimum:
            raise self.bad(key, f"a number of at least {minimum}")
        return value

    def optional_float(self, key: str, minimum: float = 0.0) -> float | None:
        if key not in self.raw or self.raw[key].lower() in ("", "none", "auto"):
            return None
        return self.get_float(key, 0.0, minimum)
