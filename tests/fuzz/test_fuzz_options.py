"""Random option values, as ``-o key=value``, as mappings and as TOML files,
and random content files, for every game.

Options are either refused with one :class:`OptionError` line (or, for a
content file they name, a :class:`ContentError`), or accepted, and then a
game with them can be set up and has a finite length.
"""

from __future__ import annotations

import dataclasses
import json
import math
import types
import typing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saloon.core.errors import SaloonError
from saloon.core.game import Game
from saloon.core.options import load_toml
from saloon.core.registry import get_game

from .conftest import GAMES, big_number, fuzz, hostile_text, in_temp_dir, json_values, time_bound


def value_for(hint: object, bounds: tuple[float, float] | None) -> st.SearchStrategy[Any]:
    """Values near what an option of type ``hint`` takes, and beyond."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return st.one_of(*(value_for(a, bounds) for a in args if a is not type(None)), st.none())
    if origin is typing.Literal:
        return st.sampled_from(list(args))
    if origin is tuple:
        return st.lists(value_for(args[0], bounds), max_size=35).map(tuple)
    if hint is bool:
        return st.booleans()
    if hint is int:
        lo, hi = bounds if bounds is not None else (-10, 100)
        return st.one_of(
            st.integers(min_value=int(lo), max_value=int(min(hi, lo + 30))),
            st.integers(min_value=int(lo) - 5, max_value=int(hi) + 5),
            st.integers(),
        )
    if hint is float:
        return st.floats(allow_nan=True, allow_infinity=True)
    return st.one_of(hostile_text(30), st.sampled_from(["", "auto", ".", "\x00", "/dev/zero"]))


def option_values(game: Game) -> st.SearchStrategy[dict[str, Any]]:
    """A mapping of some of the game's options to typed (or hostile) values."""
    cls = game.options_type
    hints = typing.get_type_hints(cls)
    fields = [f.name for f in dataclasses.fields(cls) if f.init]
    typed = st.fixed_dictionaries(
        {},
        optional={f: value_for(hints[f], cls.RANGES.get(f)) for f in fields},
    )
    return st.one_of(
        typed,
        st.dictionaries(
            st.one_of(st.sampled_from(fields), hostile_text(10)), json_values(10), max_size=4
        ),
    )


def as_text(value: Any) -> str:
    """A value as it is typed after ``key=``."""
    if isinstance(value, (list, tuple)):
        return ",".join(as_text(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return "auto" if value is None else str(value)


def check(game: Game, make: typing.Callable[[], Any]) -> None:
    """The property: refused with one line, or a game that can be set up."""
    with time_bound():
        try:
            options = make()
            state = game.new_state(options)
        except SaloonError as exc:
            message = str(exc)
            assert "\n" not in message and len(message) < 2000, message
            return
    assert 0 < game.max_length(options) < 10**9
    assert state.to_move is not None
    if game.id == "shootout":  # the solver's size check is arithmetic and quick
        from saloon.games.shootout.solver import solve_size

        assert solve_size(options).states >= 0


@pytest.mark.parametrize("game_id", GAMES)
@fuzz(quick=150)
@given(data=st.data())
def test_option_values_on_the_command_line(game_id: str, data: st.DataObject) -> None:
    game = get_game(game_id)
    values = data.draw(option_values(game))
    pairs = [f"{k}={as_text(v)}" for k, v in values.items()]
    pairs += data.draw(
        st.lists(st.one_of(hostile_text(30), big_number().map(lambda n: f"target={n}")), max_size=2)
    )
    with in_temp_dir():
        check(game, lambda: game.parse_options(pairs))


@pytest.mark.parametrize("game_id", GAMES)
@fuzz(quick=150)
@given(data=st.data())
def test_option_values_as_a_mapping(game_id: str, data: st.DataObject) -> None:
    """As a record's or a TOML file's options arrive: typed JSON values."""
    game = get_game(game_id)
    values = data.draw(option_values(game))
    with in_temp_dir():
        check(game, lambda: game.options_from_dict(values))


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return (
            "nan"
            if math.isnan(value)
            else ("inf" if value > 0 else "-inf")
            if math.isinf(value)
            else repr(value)
        )
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if value is None:
        return '"auto"'
    return json.dumps(str(value))


@pytest.mark.parametrize("game_id", GAMES)
@fuzz(quick=60)
@given(data=st.data())
def test_toml_options_files(game_id: str, data: st.DataObject) -> None:
    game = get_game(game_id)
    kind = data.draw(st.sampled_from(["typed", "text", "deep", "bytes"]))
    if kind == "typed":
        values = data.draw(option_values(game))
        body = "\n".join(
            f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in values.items()
        ).encode()
    elif kind == "text":
        body = data.draw(hostile_text(300)).encode("utf-8", "surrogatepass")
    elif kind == "deep":
        depth = data.draw(st.integers(min_value=1, max_value=50_000))
        body = ("cards = " + "[" * depth + "]" * depth).encode()
    else:
        body = data.draw(st.binary(max_size=300))
    with in_temp_dir() as folder:
        path = Path(folder) / "options.toml"
        path.write_bytes(body)
        check(game, lambda: game.options_type.from_mapping(load_toml(path)))


@fuzz(quick=60)
@given(data=st.data())
def test_content_files_of_the_d6_shooters(data: st.DataObject) -> None:
    """A map or an Event list of the player's own (rulebook: the playsheet
    and the cards are the owner's): hostile TOML, refused or used."""
    game = get_game("d6shooters") if "d6shooters" in GAMES else None
    if game is None:  # pragma: no cover - the game is not installed
        return
    from saloon.games.d6shooters import content

    option = data.draw(st.sampled_from(["map", "events_file"]))
    default = "map-ep1.toml" if option == "map" else "events-ep1.toml"
    source = (Path(content.__file__).parent / "content" / default).read_text(encoding="utf-8")
    lines = source.splitlines()
    for _ in range(data.draw(st.integers(min_value=0, max_value=4))):
        i = data.draw(st.integers(min_value=0, max_value=max(0, len(lines) - 1)))
        key = lines[i].split("=")[0] if "=" in lines[i] else "x"
        lines[i] = (
            key + "= " + data.draw(st.one_of(json_values(6).map(toml_value), hostile_text(20)))
        )
    with in_temp_dir() as folder:
        path = Path(folder) / "mine.toml"
        path.write_text("\n".join(lines), encoding="utf-8", errors="surrogatepass")
        check(game, lambda: game.parse_options([f"{option}={path}"]))


@pytest.mark.parametrize("name", ["/dev/zero", "/dev/null", ".", "missing.toml", "a\x00b", "big"])
def test_options_files_that_are_not_files(name: str) -> None:
    """Devices, folders, missing files, NUL in a name, a huge file: one line each."""
    for game_id in GAMES:
        game = get_game(game_id)
        with in_temp_dir() as folder:
            if name == "big":
                (Path(folder) / "big").write_bytes(b"#" * (2 * 1024 * 1024))
            check(game, lambda g=game: g.options_type.from_mapping(load_toml(name)))
