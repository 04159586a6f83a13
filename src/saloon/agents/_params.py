"""Parsing agent specs (``"mcts:iterations=200,c=1.4"``) and their parameters."""

from __future__ import annotations

import re
from collections.abc import Mapping

from saloon.core.errors import OptionError, shown
from saloon.core.numerals import parse_float, parse_int

#: The largest whole number or number any knob takes unless it says less
#: (and no agent's parameter, whatever the agent, may go beyond it).
MAX_INT = 10**9
MAX_FLOAT = 1e9
#: The parameters whose value is a path on this machine (``policy:file=PATH``):
#: any printable text without a comma (which separates parameters), at most
#: :data:`MAX_PATH_CHARS` characters, never read as a number.
PATH_PARAMS = frozenset({"file"})
MAX_PATH_CHARS = 1024


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split an agent spec into its name and its raw ``key=value`` parameters.

    >>> parse_spec("mcts:iterations=200, c=1.4")
    ('mcts', {'iterations': '200', 'c': '1.4'})
    >>> parse_spec("random")
    ('random', {})
    >>> parse_spec("mcts:c=٣")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.OptionError: agent parameter 'c'='٣' must be a number or a word ...

    Every parameter has a key and a value: an empty one (``mcts:,,``,
    ``mcts:iterations=200,``, ``mcts:``) or one without a value
    (``mcts:iterations=``) is refused, never read as the default.

    >>> parse_spec("mcts:,,")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.OptionError: agent spec 'mcts:,,' has an empty parameter (give key=...)
    >>> parse_spec("mcts:iterations=")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.OptionError: agent parameter 'iterations' in 'mcts:iterations=' has no ...
    """
    name, colon, rest = spec.strip().partition(":")
    name = name.strip()
    if not name:
        raise OptionError(f"agent spec {shown(spec)} has no agent name")
    params: dict[str, str] = {}
    for part in rest.split(",") if colon else ():
        if not part.strip():
            raise OptionError(
                f"agent spec {shown(spec)} has an empty parameter "
                "(give key=value, separated by commas)"
            )
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(
                f"agent parameter {shown(part.strip())} in {shown(spec)} "
                "is not of the form key=value"
            )
        if key in params:
            raise OptionError(f"agent parameter {shown(key)} is given twice in {shown(spec)}")
        value = value.strip()
        if not value:
            raise OptionError(
                f"agent parameter {shown(key)} in {shown(spec)} has no value (give key=value)"
            )
        _check_value(key, value)
        params[key] = value
    return name, params


_VALUE = re.compile(r"[A-Za-z0-9_.+-]{1,40}")


def _check_value(key: str, value: str) -> None:
    """Every agent's parameter is a short ASCII word or number (a path, for
    :data:`PATH_PARAMS`): refused here, before any agent reads it, are
    other scripts' digits and values over 40 characters.

    >>> _check_value("file", "runs/duel policy.npz")
    >>> _check_value("file", "")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.OptionError: agent parameter 'file'='' must be a file path ...
    """
    if key in PATH_PARAMS:
        if not value or len(value) > MAX_PATH_CHARS or not value.isprintable():
            raise OptionError(
                f"agent parameter {shown(key)}={shown(value)} must be a file path "
                f"(printable characters but a comma; at most {MAX_PATH_CHARS:,})"
            )
        return
    if _VALUE.fullmatch(value) is None:
        raise OptionError(
            f"agent parameter {shown(key)}={shown(value)} must be a number or a word "
            "(ASCII letters, digits, '.', '+', '-', '_'; at most 40 characters)"
        )


def check_numbers(params: Mapping[str, str]) -> None:
    """No agent's parameter that is a number may be one no knob can hold:
    ``nan``, ``inf``, ``1e999``, ``1_000`` (which Python's ``float()``
    reads), or beyond :data:`MAX_FLOAT` either way. Checked after the
    agent's own reading, so its own narrower limits are named first."""
    for key, value in params.items():
        if key in PATH_PARAMS:
            continue
        try:
            float(value)
        except ValueError:
            continue  # a word
        number = parse_float(value)
        if number is None or abs(number) > MAX_FLOAT:
            raise OptionError(
                f"agent parameter {shown(key)}={shown(value)} must be a number "
                f"from {-MAX_FLOAT:g} to {MAX_FLOAT:g}"
            )


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
                f"agent {agent!r} has no parameter {shown(unknown[0])} "
                f"(parameters: {', '.join(known) or '(none)'})"
            )
        self.agent = agent
        self.raw = dict(raw)

    def bad(self, key: str, what: str) -> OptionError:
        return OptionError(
            f"agent {self.agent!r} parameter {key}={shown(self.raw[key])} must be {what}"
        )

    def get_int(self, key: str, default: int, minimum: int = 0, maximum: int = MAX_INT) -> int:
        """A whole number from ``minimum`` to ``maximum`` (Saloon's stated
        limit for the knob), or ``default`` if not given."""
        if key not in self.raw:
            return default
        value = parse_int(self.raw[key], signed=True)
        if value is None or not minimum <= value <= maximum:
            raise self.bad(key, f"a whole number of at least {minimum} and at most {maximum:,}")
        return value

    def optional_int(self, key: str, minimum: int = 0, maximum: int = MAX_INT) -> int | None:
        if key not in self.raw or self.raw[key].lower() in ("none", "auto"):
            return None
        return self.get_int(key, 0, minimum, maximum)

    def get_float(
        self, key: str, default: float, minimum: float = 0.0, maximum: float = MAX_FLOAT
    ) -> float:
        """A finite number from ``minimum`` to ``maximum``, or ``default``."""
        if key not in self.raw:
            return default
        value = parse_float(self.raw[key])
        if value is None or not minimum <= value <= maximum:
            raise self.bad(key, f"a number from {minimum:g} to {maximum:g}")
        return value

    def optional_float(
        self, key: str, minimum: float = 0.0, maximum: float = MAX_FLOAT
    ) -> float | None:
        if key not in self.raw or self.raw[key].lower() in ("none", "auto"):
            return None
        return self.get_float(key, 0.0, minimum, maximum)
