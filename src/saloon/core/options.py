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

import contextlib
import dataclasses
import math
import tomllib
import types
import typing
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Self

from saloon.core import content
from saloon.core.content import Bundle, FileKind
from saloon.core.errors import OptionError, SaloonError, shown
from saloon.core.files import read_text
from saloon.core.numerals import parse_float, parse_int

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
#: The most values a list option holds (each game's ``validate`` may allow fewer).
MAX_ITEMS = 1000
#: The longest text option (a file name, a choice).
MAX_TEXT = 4096
#: The largest options file: 1 MiB.
MAX_OPTIONS_BYTES = 1024 * 1024
#: The key under which a pickled :class:`Options` carries its bundles.
_CARRIED = "__saloon_bundles__"


@dataclasses.dataclass(frozen=True)
class Options:
    """Base class of every game's options dataclass.

    Subclasses override :meth:`validate` to refuse variants that cannot be
    played (raising :class:`OptionError`), and may set ``derived`` fields in
    ``__post_init__`` with ``object.__setattr__``.
    """

    #: Help text for each option, shown by the CLI and the lobby.
    HELP: ClassVar[Mapping[str, str]] = {}
    #: A label in words for an option whose name does not read well as
    #: one (see :meth:`label`).
    LABELS: ClassVar[Mapping[str, str]] = {}
    #: The accepted range of each numeric option (of each value, for a
    #: list), both ends included; checked before :meth:`validate`.
    RANGES: ClassVar[Mapping[str, tuple[float, float]]] = {}
    #: The options that name a file or a folder of the person's own
    #: (:mod:`saloon.core.content`): read once when a game is set up
    #: (:meth:`pin_content`), never by a server for a visitor.
    FILES: ClassVar[Mapping[str, FileKind]] = {}

    def __post_init__(self) -> None:
        for key, bounds in self.RANGES.items():
            _check_range(key, getattr(self, key), bounds)
        self.validate()

    def validate(self) -> None:
        """Raise :class:`OptionError` if this combination cannot be played."""

    # -- content of the person's own ------------------------------------------

    @classmethod
    def names_file(cls, key: str, value: object) -> bool:
        """Whether ``value`` given for option ``key`` names a file or folder
        (a path or a bundle's reference), rather than something built in.
        Games whose file options also take built-in names (a scenario's id)
        override this."""
        return key in cls.FILES and isinstance(value, str) and bool(value.strip())

    def bundles(self) -> list[Bundle]:
        """The bundles (:mod:`saloon.core.content`) that these options'
        values stand for: what a record or a database keeps with the game."""
        return content.bundles_of(getattr(self, key) for key in self.FILES)

    def pin_content(self) -> Self:
        """These options with every file or folder they name read now into a
        bundle (kept in this process) and named by its reference, so the
        game no longer depends on the file: a record of it replays after
        the file is edited or deleted. Values already pinned stay.

        >>> Options().pin_content()
        Options()
        """
        changes: dict[str, str] = {}
        for key, kind in self.FILES.items():
            value = getattr(self, key)
            if not self.names_file(key, value) or content.is_reference(value):
                continue
            what = "content folder" if kind == "folder" else "content file"
            try:
                bundle = content.read_bundle(value, kind, what=f"{key} {what}")
            except SaloonError as exc:
                raise OptionError(str(exc)) from None
            changes[key] = content.register(bundle)
        return dataclasses.replace(self, **changes) if changes else self

    def __getstate__(self) -> dict[str, Any]:
        """Pickled with the bundles its values name, so another process
        (a pool's worker) can build the game without the files."""
        state = dict(self.__dict__)
        carried = [b.to_json() for b in self.bundles()]
        if carried:
            state[_CARRIED] = carried
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        for data in state.pop(_CARRIED, ()):
            content.register(content.Bundle.from_json(data))
        self.__dict__.update(state)

    # -- parsing -----------------------------------------------------------

    @classmethod
    def parse(cls, pairs: Iterable[str]) -> Self:
        """Options from ``key=value`` strings (repeated ``-o`` on the CLI)."""
        values: dict[str, object] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key.strip():
                raise OptionError(f"option {shown(pair)} is not of the form key=value")
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
                raise OptionError(f"unknown option {shown(key)} (known: {known})")
            kwargs[key] = _convert(key, raw, hints[key], cls.RANGES.get(key))
        try:
            return cls(**kwargs)
        except OptionError:
            raise
        except (TypeError, ValueError) as exc:
            raise OptionError(str(exc)) from exc

    @classmethod
    def from_toml(cls, path: str | Path) -> Self:
        """Options from a TOML file of ``key = value`` lines."""
        return cls.from_mapping(load_toml(path))

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
        return " ".join(
            f"{k}={format_option_value(content.display_name(v) if isinstance(v, str) else v)}"
            for k, v in changed.items()
        )

    @classmethod
    def label(cls, name: str) -> str:
        """The option ``name`` in words, for the lobby and the table.

        >>> Options.label("facing_by_last_step")
        'Facing by last step'
        """
        return cls.LABELS.get(name) or name.replace("_", " ").capitalize()

    def describe_words(self) -> str:
        """The options that differ from the defaults, each by its label and
        value ("Rounds: 6; Final event: on"); "" for the defaults.

        >>> Options().describe_words()
        ''
        """
        parts = []
        for k, v in self.changed().items():
            if isinstance(v, bool):
                shown = "on" if v else "off"
            elif isinstance(v, str):
                shown = content.display_name(v).replace("_", " ")
            else:
                shown = format_option_value(v)
            parts.append(f"{self.label(k)}: {shown}")
        return "; ".join(parts)

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
            if f.name in cls.RANGES:
                lo, hi = cls.RANGES[f.name]
                kind += f" from {_number(lo)} to {_number(hi)}"
            text = cls.HELP.get(f.name, "")
            out[f.name] = f"{kind}, default {format_option_value(default)}. {text}".strip()
        return out


def load_toml(path: str | Path) -> dict[str, object]:
    """The ``key = value`` pairs of an options file; :class:`OptionError`
    if it cannot be read or is not TOML."""
    text = read_text(path, what="options file", limit=MAX_OPTIONS_BYTES, error=OptionError)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise OptionError(f"options file {path} is not valid TOML: {exc}") from None
    except (ValueError, RecursionError):  # a huge number, a table nested too deep
        raise OptionError(f"options file {path} is not TOML that Saloon can read") from None


def _number(x: float) -> str:
    """A bound as it is typed: ``5``, ``0.5``."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


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


def _convert(
    key: str, raw: object, hint: object, bounds: tuple[float, float] | None = None
) -> object:
    """Convert one raw value (a string, or a TOML/JSON value) to ``hint``.

    Only the plain types a value can have are accepted (never ``str()`` of
    a list or a table), numbers only in ASCII digits (:mod:`.numerals`).
    """
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
                return _convert(key, raw, arg, bounds)
            except OptionError as exc:
                errors.append(str(exc))
        raise OptionError(errors[0] if errors else f"option {key!r}: bad value {shown(raw)}")
    if origin is typing.Literal:
        choices = [str(a) for a in args]
        if isinstance(raw, (str, int, float)) and str(raw) in choices:
            return args[choices.index(str(raw))]
        raise OptionError(f"option {key!r} must be one of {', '.join(choices)}, not {shown(raw)}")
    if origin is tuple:
        item = args[0]
        if isinstance(raw, str):
            parts: list[object] = [p.strip() for p in raw.split(",") if p.strip()]
        elif isinstance(raw, (list, tuple)):
            parts = list(raw)
        else:
            raise OptionError(f"option {key!r} must be a comma-separated list, not {shown(raw)}")
        if len(parts) > MAX_ITEMS:
            raise OptionError(
                f"option {key!r} holds at most {MAX_ITEMS} values, not {len(parts):,}"
            )
        return tuple(_convert(key, p, item, bounds) for p in parts)
    if hint is bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, (str, int)) and str(raw).lower() in _TRUE:
            return True
        if isinstance(raw, (str, int)) and str(raw).lower() in _FALSE:
            return False
        raise OptionError(f"option {key!r} must be true or false, not {shown(raw)}")
    if hint is int:
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw
        value = parse_int(raw, signed=True) if isinstance(raw, str) else None
        if value is not None:
            return value
        if bounds is not None:
            lo, hi = bounds
            raise OptionError(
                f"option {key!r} must be a whole number from {_number(lo)} to {_number(hi)}, "
                f"not {shown(raw)}"
            )
        raise OptionError(f"option {key!r} must be a whole number, not {shown(raw)}")
    if hint is float:
        number: float | None = None
        if isinstance(raw, (int, float)) and not isinstance(raw, bool):
            with contextlib.suppress(OverflowError):
                number = float(raw) if math.isfinite(raw) else None
        elif isinstance(raw, str):
            number = parse_float(raw)
        if number is None:
            raise OptionError(f"option {key!r} must be a number, not {shown(raw)}")
        return number
    if hint is str:
        if not isinstance(raw, str):
            raise OptionError(f"option {key!r} must be text, not {shown(raw)}")
        if len(raw) > MAX_TEXT or "\0" in raw:
            raise OptionError(f"option {key!r} is not a usable value: {shown(raw)}")
        return raw
    raise OptionError(f"option {key!r} has a type Saloon cannot parse: {hint!r}")


def _check_range(key: str, value: object, bounds: tuple[float, float]) -> None:
    lo, hi = bounds
    values = value if isinstance(value, tuple) else (value,)
    for v in values:
        if isinstance(v, (int, float)) and not isinstance(v, bool) and not lo <= v <= hi:
            each = "each value of " if isinstance(value, tuple) else ""
            raise OptionError(
                f"{each}option {key!r} must be from {_number(lo)} to {_number(hi)}, not {shown(v)}"
            )
