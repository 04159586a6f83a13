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
