"""Typed options for a game's variants.

Each game declares a frozen dataclass subclassing :class:`Options`. Values
come from ``-o key=value`` pairs on the command line, from a TOML file, or
from a record's JSON; each is converted by the field's annotation (``int``,
``float``, ``bool``, ``str``, ``tuple[int, ...]``, a ``Literal`` choice, or
any of these ``| None``), and a bad key or value raises :class:`OptionError`
naming it.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(Options):
...     target: int = 14
...     cards: tuple[int, ...] = (2, 3)
>>> Demo.parse(["target=18", "cards=2,3,8"])
Demo(target=18, cards=(2, 3, 8))
>>> Demo.parse(["tagret=1"])
Traceback (most recent call last):
...
saloon.core.errors.OptionError: unknown option 'tagret' (known: cards, target)
"""

from __future__ import annotations

import dataclasses
import tomllib
import types
import typing
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Self

from saloon.core.errors import OptionError

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclasses.dataclass(frozen=True)
class Options:
    """Base class of every game's options dataclass.

    Subclasses override :meth:`validate` to refuse variants that cannot be
    played (raising :class:`OptionError`), and may set ``derived`` fields in
    ``__post_init__`` with ``object.__setattr__``.
    """

    #: Help text for each option, shown by the CLI and the lobby.
    HELP: ClassVar[Mapping[str, str]] = {}

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise :class:`OptionError` if this combination cannot be played."""

    # -- parsing -----------------------------------------------------------

    @classmethod
    def parse(cls, pairs: Iterable[str]) -> Self:
        """Options from ``key=value`` strings (repeated ``-o`` on the CLI)."""
        values: dict[str, object] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key.strip():
                raise OptionError(f"option {pair!r} is not of the form key=value")
            values[key.strip()] = value.strip()
        return cls.from_mapping(values)

    @classmethod
    def from_mapping(cls, values: Mapping[str, object]) -> Self:
        """Options from a mapping of names to values (TOML, JSON or strings)."""
        hints = typing.get_type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
        kwargs: dict[str, Any] = {}
        for key, raw in values.items():
            if key not in fields:
                known = ", ".join(sorted(fields))
                raise OptionError(f"unknown option {key!r} (known: {known})")
            kwargs[key] = _convert(key, raw, hints[key])
        try:
            return cls(**kwargs)
        except OptionError:
            raise
        except (TypeError, ValueError) as exc:
            raise OptionError(str(exc)) from exc

    @classmethod
    def from_toml(cls, path: str | Path) -> Self:
        """Options from a TOML file of ``key = value`` lines."""
        try:
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise OptionError(f"cannot read options file {path}: {exc.strerror}") from exc
        except tomllib.TOMLDecodeError as exc:
            raise OptionError(f"options file {path} is not valid TOML: {exc}") from exc
        return cls.from_mapping(data)

    # -- output ------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """Every option as JSON-able values (tuples become lists)."""
        out: dict[str, object] = {}
        for f in dataclasses.fields(self):
            if not f.init:
                continue
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def changed(self) -> dict[str, object]:
        """The options that differ from the defaults, as given."""
        default = type(self)().to_dict()
        return {k: v for k, v in self.to_dict().items() if default.get(k) != v}

    def describe(self) -> str:
        """``key=value`` for each option that differs from the default.

        >>> Options().describe()
        'default'
        """
        changed = self.changed()
        if not changed:
            return "default"
        return " ".join(f"{k}={format_option_value(v)}" for k, v in changed.items())

    @classmethod
    def help(cls) -> dict[str, str]:
        """Each option with its type, default and help text."""
        hints = typing.get_type_hints(cls)
        out: dict[str, str] = {}
        for f in dataclasses.fields(cls):
            if not f.init:
                continue
            default = f.default if f.default is not dataclasses.MISSING else None
            kind = _type_name(hints[f.name])
            text = cls.HELP.get(f.name, "")
            out[f.name] = f"{kind}, default {format_option_value(default)}. {text}".strip()
        return out


def format_option_value(value: object) -> str:
    """An option value as it is typed after ``key=`` (lists comma-separated).

    >>> format_option_value((2, 3, 8)), format_option_value(None), format_option_value(True)
    ('2,3,8', 'auto', 'true')
    """
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    if value is None:
        return "auto"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _type_name(hint: object) -> str:
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return "|".join(str(a) for a in typing.get_args(hint))
    if origin in (types.UnionType, typing.Union):
        return " or ".join(_type_name(a) for a in typing.get_args(hint) if a is not type(None))
    if origin is tuple:
        return f"list of {_type_name(typing.get_args(hint)[0])}"
    return getattr(hint, "__name__", str(hint))


def _convert(key: str, raw: object, hint: object) -> object:
    """Convert one raw value (a string, or a TOML/JSON value) to ``hint``."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        blank = raw is None or (isinstance(raw, str) and raw.lower() in ("", "auto", "none"))
        if blank and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _convert(key, raw, arg)
            except OptionError as exc:
                errors.append(str(exc))
        raise OptionError(errors[0] if errors else f"option {key!r}: bad value {raw!r}")
    if origin is typing.Literal:
        choices = [str(a) for a in args]
        if str(raw) in choices:
            return args[choices.index(str(raw))]
        raise OptionError(f"option {key!r} must be one of {', '.join(choices)}, not {raw!r}")
    if origin is tuple:
        item = args[0]
        if isinstance(raw, str):
            parts: list[object] = [p.strip() for p in raw.split(",") if p.strip()]
        elif isinstance(raw, (list, tuple)):
            parts = list(raw)
        else:
            raise OptionError(f"option {key!r} must be a comma-separated list, not {raw!r}")
        return tuple(_convert(key, p, item) for p in parts)
    if hint is bool:
        if isinstance(raw, bool):
            return raw
        if str(raw).lower() in _TRUE:
            return True
        if str(raw).lower() in _FALSE:
            return False
        raise OptionError(f"option {key!r} must be true or false, not {raw!r}")
    if hint is int:
        if isinstance(raw, bool):
            raise OptionError(f"option {key!r} must be a whole number, not {raw!r}")
        if isinstance(raw, int):
            return raw
        try:
            return int(str(raw))
        except ValueError:
            raise OptionError(f"option {key!r} must be a whole number, not {raw!r}") from None
    if hint is float:
        try:
            return float(str(raw))
        except ValueError:
            raise OptionError(f"option {key!r} must be a number, not {raw!r}") from None
    if hint is str:
        return str(raw)
    raise OptionError(f"option {key!r} has a type Saloon cannot parse: {hint!r}")
