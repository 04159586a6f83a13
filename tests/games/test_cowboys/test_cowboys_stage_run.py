"""Saloon's ``stage_run`` scenario rule: the stagecoach rolls along its road
at the end of each turn until it is stopped or leaves the town (ruling
CS-Q1; the rulebook's stagecoach is a counter no rule moves). The built-in
``noon-stage`` (board K) uses it."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

import numpy as np
import pytest

from saloon.core.errors import ContentError
from saloon.games.cowboys import GAME
from saloon.games.cowboys.actions import END
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.render import object_kinds
from saloon.games.cowboys.rules import stage
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.scenario import builtin_scenarios, parse_scenario

SID = "noon-stage"


def _text() -> str:
    files = resources.files("saloon.games.cowboys") / "content" / "scenarios"
    return (files / "13-noon-stage.toml").read_text()


def _state() -> CowboysState:
    s = GAME.new_state(CowboysOptions(scenario=SID))
    assert isinstance(s, CowboysState)
    rng = np.random.default_rng(0)
    while s.phase != Phase.SELECT:
        s.apply(s.sample_chance(rng))
    return s


def _put(s: CowboysState, name: str, ref: str | None = None, *, down: bool = False) -> None:
    i = next(k for k, f in enumerate(s.figures) if f.name == name)
    f = s.figures[i]
    if ref is not None:
        f = replace(f, square=s.town.square(ref))
    if down:
        f = replace(f, health=0)
    s.figures[i] = f
    s._cache.clear()


def _at(s: CowboysState, name: str) -> str:
    return s.ref(next(f for f in s.figures if f.name == name).square)


def test_the_noon_stage_reads_its_road() -> None:
    sc = builtin_scenarios()[SID]
    (run,) = sc.specials("stage_run")
    assert [sc.town.ref(xy) for xy in run.route] == [f"K:d{n}" for n in range(1, 12)]
    assert run.steps == 2 and run.figures == (("townfolk", 1),)
    assert run.sides == (sc.side_named("Vance gang"),)  # every side but the driver's
    assert "Special rule (stage run)" in sc.describe()


def test_the_stage_rolls_its_steps_with_the_driver_and_the_strongbox() -> None:
    s = _state()
    stage.end_of_turn(s)
    assert s.stage == s.town.square("K:d3")
    assert _at(s, "Hank the driver") == "K:d3"
    assert s.loot_squares == {s.town.square("K:d3")}
    assert s.town.square("K:d3") in s.obstacles and s.town.square("K:d1") not in s.obstacles
    assert object_kinds(s)[s.town.square("K:d3")] == "stagecoach"
    assert s.log[-1].text == "The stagecoach rolls on to K:d3."


def test_a_gang_man_beside_it_stops_it_for_good() -> None:
    s = _state()
    _put(s, "Cal Vance", "K:c1")  # beside K:d1, sharing a side
    stage.end_of_turn(s)
    assert s.stage_halted and s.stage == s.town.square("K:d1")
    assert "stopped: Cal Vance stands at its team's heads" in s.log[-1].text
    _put(s, "Cal Vance", "K:a6")
    stage.end_of_turn(s)
    assert s.stage == s.town.square("K:d1")  # for good


def test_a_diagonal_neighbour_or_a_friend_does_not_stop_it() -> None:
    s = _state()
    _put(s, "Cal Vance", "K:c2")  # a corner away: not beside
    _put(s, "Deputy Ames", "K:c1")  # the Stage's own man
    stage.end_of_turn(s)
    assert not s.stage_halted and s.stage == s.town.square("K:d3")


def test_the_driver_down_stops_it() -> None:
    s = _state()
    _put(s, "Hank the driver", down=True)
    stage.end_of_turn(s)
    assert s.stage_halted and s.stage == s.town.square("K:d1")
    assert s.log[-1].text == "The stagecoach is stopped: its driver is down."


def test_it_halts_short_of_a_man_in_the_road_for_the_turn_only() -> None:
    s = _state()
    _put(s, "Marshal Ike Brand", "K:d3")
    stage.end_of_turn(s)
    assert s.stage == s.town.square("K:d2") and not s.stage_halted
    _put(s, "Marshal Ike Brand", "K:f9")
    stage.end_of_turn(s)
    assert s.stage == s.town.square("K:d4")


def test_off_the_end_of_its_road_it_leaves_and_the_gang_has_lost() -> None:
    """From the last square it leaves the town with its driver and the
    strongbox: the gang's escape with loot can no longer happen."""
    s = _state()
    for _ in range(5):
        stage.end_of_turn(s)
    assert s.stage == s.town.square("K:d11")
    stage.end_of_turn(s)
    assert s.stage is None and not s.loot_squares
    assert s.log[-1].text == (
        "The stagecoach leaves the town with Hank the driver on the box, and the loot goes with it."
    )
    driver = next(f for f in s.figures if f.name == "Hank the driver")
    assert driver.gone
    from saloon.games.cowboys.rules.victory import check_winner

    check_winner(s)
    assert s.is_over and s.winner == s.setup.scenario.side_named("Stage")
    assert "the loot has left the town" in s.ending


def test_the_stage_moves_when_a_turn_ends_in_play() -> None:
    """Every side ends its part: the turn is over, and the stage has rolled."""
    s = _state()
    while s.turn == 1:
        s.apply(END)
    assert s.turn == 2 and s.stage == s.town.square("K:d3")
    assert _at(s, "Hank the driver") == "K:d3"


def test_the_driver_holds_the_reins_while_it_rolls() -> None:
    """A driver on the stage's square may take no move action while it
    rolls, with the reason in words; once it is stopped he may get down."""
    s = _state()
    hank = next(f for f in s.figures if f.name == "Hank the driver")
    _put(s, "Wes Carver", "K:h11")
    while s.side_name(s.active) != "Stage":
        s.apply(END)
    moves = [a for a in s.legal_actions() if getattr(a, "fig", None) == hank.id]
    assert moves and all(type(a).__name__ == "Wait" for a in moves)
    s.stage_halted = True
    s._cache.clear()
    assert any(type(a).__name__ == "Move" and a.fig == hank.id for a in s.legal_actions())


def test_a_driver_at_the_reins_is_told_why() -> None:
    from saloon.games.cowboys.rules.refusals import _no_move_reason

    s = _state()
    hank = next(f for f in s.figures if f.name == "Hank the driver")
    assert "holds the reins of the stagecoach" in (_no_move_reason(s, hank, False) or "")


def test_a_clone_keeps_its_own_stage() -> None:
    s = _state()
    c = s.clone()
    stage.end_of_turn(c)
    assert s.stage == s.town.square("K:d1") and c.stage != s.stage
    assert s.key() != c.key()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('route = ["K:d1", ', 'route = ["K:d2", ', "route\\[0\\] must be the stagecoach's square"),
        ('"K:d2", "K:d3"', '"K:d3", "K:d2"', "route\\[1\\] K:d3 is not beside K:d1"),
        ('"K:d10", "K:d11"]', '"K:d10"]', "the last square, K:d10, must be on the town's edge"),
        ("steps = 2", "steps = 5", "steps must be"),
        ('figures = ["Hank the driver"]', 'figures = ["Hank the driver", "Cal Vance"]', "one side"),
        ('figures = ["Hank the driver"]\n', "", "figures is missing"),
        ("steps = 2", 'steps = 2\nsides = ["Stage"]', "own side cannot stop the stage"),
    ],
)
def test_a_bad_road_is_one_clear_error(old: str, new: str, message: str) -> None:
    text = _text()
    assert old in text
    with pytest.raises(ContentError, match=message):
        parse_scenario(text.replace(old, new, 1), source="mine.toml")


def test_the_road_crosses_no_line_and_no_building() -> None:
    text = _text().replace('at = "K:d1"\n\n[victory]', 'at = "K:c1"\n\n[victory]')
    text = text.replace(
        'at = "K:d1"\nfacing = "S"\nweapons = []', 'at = "K:c1"\nfacing = "S"\nweapons = []'
    )
    text = text.replace('squares = ["K:d1"]', 'squares = ["K:c1"]')
    bad = text.replace('route = ["K:d1", "K:d2"', 'route = ["K:c1", "K:b1", "K:b2"')
    with pytest.raises(ContentError, match="a wall lies between it and K:b1"):
        parse_scenario(bad, source="mine.toml")


def test_the_rule_needs_a_stagecoach() -> None:
    text = _text().replace('[[objects]]\nkind = "stagecoach"\nat = "K:d1"\n', "")
    with pytest.raises(ContentError, match="needs a stagecoach"):
        parse_scenario(text, source="mine.toml")
