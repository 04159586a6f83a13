"""Cowboys: the scenario special rule ``night`` (Saloon's scenario rule,
ruling CS-N4 in ``docs/rulings.md``), and the night raid that plays it.

Cowboys rulebook, "Scenarios": a scenario's special rules may modify the
game's rules; "Shoot" (RANGE: the shot chart gives each weapon's hit number
by range) and "Line of Sight" (doors are open only with a figure adjacent in
front of them).
"""

from __future__ import annotations

import dataclasses
import tomllib

import pytest

from saloon.core import ContentError
from saloon.games.cowboys import GAME
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.scenario import MAX_NIGHT_RANGE, builtin_scenarios, parse_scenario
from saloon.games.cowboys.shotchart import load_shot_chart

from .conftest import C, act, legal, rolls, street_game
from .test_cowboys_scenarios import MINI, to_toml


def at_night(state: CowboysState, reach: int) -> CowboysState:
    """The same game as ``state`` (not yet begun), played at night."""
    setup = dataclasses.replace(state.setup, night=reach)
    return CowboysState(GAME, state.options, setup)


def test_the_chart_ends_where_the_dark_begins() -> None:
    """CS-N4: at night the shot chart ends at the sight range for every
    weapon; closer in, every entry is the day's."""
    day = load_shot_chart(None)
    night = day.within(3)
    for w in day.rows:
        assert night.max_range(w) == 3
        assert [night.needed(w, r) for r in (1, 2, 3)] == [day.needed(w, r) for r in (1, 2, 3)]
        assert night.needed(w, 4) is None
    assert day.within(3) is night  # one chart per range: the bots' tables stay small
    assert day.within(20).rows == day.rows  # a night longer than the chart changes nothing
    with pytest.raises(ValueError, match="from 1"):
        day.within(0)


def test_no_shot_beyond_the_night_range() -> None:
    """CS-N4: a target four squares off, seen and in a pistol's range by
    day, cannot be shot at night with a range of 3; one three squares off
    can, with the day's hit number; the refusal says why in one line."""
    day = street_game([C("C1", "a1", "E")], [C("C2", "e1", "W"), C("C3", "d2", "W")])
    assert {"C1 shoot C2", "C1 shoot C3"} <= legal(day)
    s = at_night(day, 3)
    ok = legal(s)
    assert "C1 shoot C2" not in ok and "C1 shoot C3" in ok
    why = s.explain_illegal(s.parse("C1 shoot C2"))
    assert "4 squares away" in why and "at night" in why and "3 squares" in why
    assert "\n" not in why and "_" not in why
    act(s, "C1 shoot C3")
    rolls(s, "roll 4 4")
    assert "against 8" in "\n".join(e.text for e in s.log)  # the day's pistol entry at 3


def test_night_reaches_every_way_of_shooting() -> None:
    """CS-N4: a draw and shoot, and a spin and shoot, are shots too."""
    day = street_game(
        [C("C1", "d1", "N", weapons=("rifle",))], [C("C2", "d6", "N"), C("C3", "d4", "N")]
    )
    s = at_night(day, 2)
    assert not any(a.endswith(("C2", "C3")) and "C1" in a for a in legal(s))
    t = at_night(street_game([C("C1", "d1", "N")], [C("C2", "d3", "N")]), 2)
    assert "C1 spin S C2" in legal(t)
    u = at_night(street_game([C("C1", "d1", "N")], [C("C2", "d4", "N")]), 2)
    assert not any("C2" in a for a in legal(u))


def test_a_scenario_file_gives_the_night() -> None:
    """CS-N4: ``night`` takes a ``range`` of 1 to 12 squares, needed; its
    sentence for players names the range; the game is played with it."""
    data = tomllib.loads(MINI)
    data["special"] = [{"rule": "night", "range": 2}]
    s = parse_scenario(to_toml(data), "mini.toml")
    (night,) = s.special
    assert night.rule == "night" and night.range == 2
    assert night.text == "It is night: no one can see to shoot farther than 2 squares."
    assert "Special rule (night)" in s.describe()
    for bad, message in (
        ({"rule": "night"}, r"special\[0\]\.range is missing"),
        ({"rule": "night", "range": 0}, f"from 1 to {MAX_NIGHT_RANGE}"),
        ({"rule": "night", "range": 13}, f"from 1 to {MAX_NIGHT_RANGE}"),
        ({"rule": "night", "range": "3"}, "whole number"),
        ({"rule": "night", "range": 3, "turns": 2}, "turns"),
    ):
        data["special"] = [bad]
        with pytest.raises(ContentError, match=message) as info:
            parse_scenario(to_toml(data), "mini.toml")
        assert str(info.value).startswith("mini.toml") and "\n" not in str(info.value)


def test_the_night_raid_is_played_in_the_dark() -> None:
    """CS-N3: Night Riders plays at night (sight 3), on board I, where the
    house's doors start closed: no rider sees a Keough inside the house,
    and the Keoughs cannot shoot in the first turn (asleep)."""
    sc = builtin_scenarios()["night-riders"]
    assert [r.rule for r in sc.special] == ["night", "surprise"] and sc.special[0].range == 3
    s = GAME.new_state(CowboysOptions(scenario="night-riders"))
    assert isinstance(s, CowboysState)
    assert s.setup.night == 3 and s.chart.max_range("rifle") == 3
    house = {"Bedroom", "Parlour", "Kitchen", "Hall"}
    inside = [f for f in s.figures if f.square and s.town.place(f.square).name in house]
    riders = [f for f in s.figures if f.side == sc.side_named("Night riders")]
    assert inside and riders
    for r in riders:
        for f in inside:
            assert r.square is not None and f.square is not None
            assert s.sight_line(r.square, f.square) is None  # walls and closed doors
