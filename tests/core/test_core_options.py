"""Options: parsing by annotation, messages naming the key and value, TOML, round trips."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest

from saloon.core import Game, OptionError, Options, all_games


@dataclass(frozen=True)
class Demo(Options):
    count: int = 3
    ratio: float = 0.5
    name: str = "plain"
    fast: bool = False
    mode: Literal["easy", "hard"] = "easy"
    cards: tuple[int, ...] = (2, 3)
    target: int | None = None

    def validate(self) -> None:
        if self.count < 0:
            raise OptionError(f"count={self.count} must not be negative")


def test_defaults_and_types() -> None:
    o = Demo.parse([])
    assert o == Demo()
    o = Demo.parse(
        ["count=7", "ratio=0.25", "name=odd one", "fast=yes", "mode=hard", "cards=4, 5,6"]
    )
    assert o == Demo(7, 0.25, "odd one", True, "hard", (4, 5, 6), None)
    assert isinstance(o.count, int) and isinstance(o.ratio, float)


@pytest.mark.parametrize(
    ("text", "value"),
    [("true", True), ("1", True), ("on", True), ("false", False), ("no", False), ("0", False)],
)
def test_bool_words(text: str, value: bool) -> None:
    assert Demo.parse([f"fast={text}"]).fast is value


def test_optional_accepts_a_value_and_auto() -> None:
    assert Demo.parse(["target=18"]).target == 18
    assert Demo.parse(["target=auto"]).target is None
    assert Demo.parse(["target=none"]).target is None
    assert Demo.from_mapping({"target": None}).target is None


def test_unknown_key_is_named_with_the_known_ones() -> None:
    with pytest.raises(OptionError, match="unknown option 'cont'") as info:
        Demo.parse(["cont=3"])
    assert "count" in str(info.value) and "mode" in str(info.value)


@pytest.mark.parametrize(
    ("pair", "words"),
    [
        ("count=three", ["'count'", "'three'", "whole number"]),
        ("ratio=half", ["'ratio'", "'half'"]),
        ("fast=maybe", ["'fast'", "'maybe'", "true or false"]),
        ("mode=medium", ["'mode'", "'medium'", "easy", "hard"]),
        ("cards=2,x", ["'cards'", "'x'"]),
        ("target=many", ["'target'", "'many'"]),
    ],
)
def test_bad_value_names_key_and_value(pair: str, words: list[str]) -> None:
    with pytest.raises(OptionError) as info:
        Demo.parse([pair])
    for w in words:
        assert w in str(info.value)


def test_malformed_pair_and_failed_validation() -> None:
    with pytest.raises(OptionError, match="key=value"):
        Demo.parse(["count"])
    with pytest.raises(OptionError, match="count=-1 must not be negative"):
        Demo.parse(["count=-1"])
    with pytest.raises(OptionError, match="whole number"):
        Demo.from_mapping({"count": True})


def test_from_toml(tmp_path: Path) -> None:
    path = tmp_path / "variant.toml"
    path.write_text('count = 9\nmode = "hard"\ncards = [7, 8]\nfast = true\n', encoding="utf-8")
    assert Demo.from_toml(path) == Demo(count=9, mode="hard", cards=(7, 8), fast=True)
    path.write_text("count = [", encoding="utf-8")
    with pytest.raises(OptionError, match="not valid TOML"):
        Demo.from_toml(path)
    with pytest.raises(OptionError, match="cannot read options file"):
        Demo.from_toml(tmp_path / "missing.toml")
    path.write_text("colour = 1\n", encoding="utf-8")
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        Demo.from_toml(path)


def test_round_trip_through_to_dict() -> None:
    o = Demo(count=4, ratio=0.75, name="x", fast=True, mode="hard", cards=(1, 9), target=12)
    d = o.to_dict()
    assert d["cards"] == [1, 9]
    assert Demo.from_mapping(d) == o
    assert Demo.from_mapping(Demo().to_dict()) == Demo()


def test_describe_and_changed() -> None:
    assert Demo().describe() == "default"
    o = Demo(count=5, cards=(4,), target=None)
    assert o.changed() == {"count": 5, "cards": [4]}
    assert o.describe() == "count=5 cards=4"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_listed_variant_is_an_option(game: Game) -> None:
    """The variants ``saloon games`` lists work as ``-o variant=NAME``, and other
    options given beside apply on top."""
    for name, options in game.variants().items():
        assert game.parse_options([f"variant={name}"]) == options
    with pytest.raises(OptionError, match="variant"):
        game.parse_options(["variant=no-such-variant"])


# -- issue 10: hostile values are one OptionError line --------------------------------------


@dataclass(frozen=True)
class Ranged(Options):
    size: int = 5
    weights: tuple[int, ...] = (1, 2)
    ratio: float = 0.5

    RANGES = {"size": (1, 99), "weights": (0, 9), "ratio": (0.0, 1.0)}  # noqa: RUF012


@pytest.mark.parametrize("value", ["²", "①", "٣", "７", "1_000", "0x10", "nan", "inf", "1e999"])
def test_numbers_are_ascii_digits_only(value: str) -> None:
    # '²'.isdigit() is true, and int('٣') is 3: neither is a number here.
    with pytest.raises(OptionError, match="must be a whole number"):
        Demo.parse([f"count={value}"])
    if value in ("nan", "inf", "1e999", "٣", "²"):
        with pytest.raises(OptionError, match="must be a number"):
            Demo.parse([f"ratio={value}"])


def test_a_number_of_thousands_of_digits_is_one_short_line() -> None:
    # Before: ValueError "Exceeds the limit (4300 digits)" as a traceback.
    with pytest.raises(OptionError, match=r"must be a whole number from 1 to 99") as info:
        Ranged.parse(["size=" + "9" * 5000])
    assert len(str(info.value)) < 200
    with pytest.raises(OptionError, match=r"must be from 1 to 99, not a number of 5,001 digits"):
        Ranged.from_mapping({"size": 10**5000})


def test_ranges_are_checked_and_named() -> None:
    assert Ranged.parse(["size=99", "weights=0,9", "ratio=1"]).size == 99
    with pytest.raises(OptionError, match="option 'size' must be from 1 to 99, not 100"):
        Ranged.parse(["size=100"])
    with pytest.raises(OptionError, match="each value of option 'weights' must be from 0 to 9"):
        Ranged.parse(["weights=1,10"])
    with pytest.raises(OptionError, match="option 'ratio' must be from 0 to 1"):
        Ranged(ratio=2.0)
    assert "int from 1 to 99, default 5" in Ranged.help()["size"]


@pytest.mark.parametrize(
    ("key", "value"),
    [("count", [1]), ("count", {"a": 1}), ("count", True), ("count", 2.5), ("name", 5),
     ("name", ["x"]), ("mode", ["hard"]), ("fast", [True]), ("cards", "x" * 10_000), ("cards", 5),
     ("cards", list(range(5000)))],
)  # fmt: skip
def test_values_of_the_wrong_json_type(key: str, value: object) -> None:
    """As a record's or a TOML file's options arrive: never str() of a table."""
    with pytest.raises(OptionError) as info:
        Demo.from_mapping({key: value})
    assert len(str(info.value)) < 300


def test_deeply_nested_values() -> None:
    nested: list[object] = [1]
    for _ in range(5000):
        nested = [nested]
    with pytest.raises(OptionError):
        Demo.from_mapping({"count": nested})
    with pytest.raises(OptionError):
        Demo.from_mapping({"cards": nested})


@pytest.mark.parametrize(
    "body",
    [b"\xff\xfe not utf-8", b"count = " + b"9" * 5000, b"a = " + b"[" * 50_000 + b"]" * 50_000],
)
def test_toml_files_saloon_cannot_read(body: bytes, tmp_path: Path) -> None:
    path = tmp_path / "options.toml"
    path.write_bytes(body)
    with pytest.raises(OptionError, match="options file"):
        Demo.from_toml(path)
