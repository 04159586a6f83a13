"""The second solitaire scenario, ``slocum-ranch``: the ``solo`` bot plays the
ranch by the rules the scenario prints, its men posted as sentries by the
``[solo]`` table's ``alert`` (ruling CS-Q3): a man moves only once a rider
stands within that many squares of him or he is wounded."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

import numpy as np
import pytest

from saloon.core.dice import RandomDice
from saloon.core.driver import play
from saloon.core.errors import ContentError
from saloon.games.cowboys import GAME
from saloon.games.cowboys.actions import END, Move, Shoot
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.scenario import builtin_scenarios, parse_scenario
from saloon.games.cowboys.solo import SoloAgent, alert_of, roused

SID = "slocum-ranch"


def _text() -> str:
    files = resources.files("saloon.games.cowboys") / "content" / "scenarios"
    return (files / "15-slocum-ranch.toml").read_text()


def _ranch_to_act() -> CowboysState:
    """The ranch's part of turn 1, the riders having done nothing."""
    s = GAME.new_state(CowboysOptions(scenario=SID))
    assert isinstance(s, CowboysState)
    rng = np.random.default_rng(0)
    while s.phase != Phase.SELECT:
        s.apply(s.sample_chance(rng))
    assert s.side_name(s.active) == "Pardee boys"
    s.apply(END)
    assert s.side_name(s.active) == "Slocum ranch"
    return s


def _put(s: CowboysState, name: str, ref: str | None = None, health: int | None = None) -> None:
    i = next(k for k, f in enumerate(s.figures) if f.name == name)
    f = s.figures[i]
    if ref is not None:
        f = replace(f, square=s.town.square(ref))
    if health is not None:
        f = replace(f, health=health)
    s.figures[i] = f
    s._cache.clear()


def _fig(s: CowboysState, name: str):  # type: ignore[no-untyped-def]
    return next(f for f in s.figures if f.name == name)


def test_the_ranch_is_a_solitaire_with_sentries() -> None:
    sc = builtin_scenarios()[SID]
    assert sc.solo is not None and sc.solo.alert == 4
    assert sc.sides[sc.solo.side].name == "Slocum ranch" and sc.sides[sc.solo.side].cards == 0
    assert GAME.scripted_seats(CowboysOptions(scenario=SID)) == {1: "solo"}
    words = [p.split(":")[0] for p in sc.solo.behaviour[1:5]]
    assert words == ["Sentries", "Advance", "Shoot", "Reload"]
    assert "within four squares" in sc.describe()


def test_the_first_solitaire_has_no_sentries() -> None:
    sc = builtin_scenarios()["sundown-at-red-rock"]
    assert sc.solo is not None and sc.solo.alert == 0


@pytest.mark.parametrize("value", ["0", "21", '"near"', "true"])
def test_a_bad_alert_is_one_clear_error(value: str) -> None:
    text = _text().replace("alert = 4", f"alert = {value}")
    with pytest.raises(ContentError, match=r"solo\.alert"):
        parse_scenario(text, source="mine.toml")


def test_roused_by_a_rider_within_the_alert_or_by_a_wound() -> None:
    s = _ranch_to_act()
    assert alert_of(s) == 4
    # Jess Pardee at L:a9: the cook at L:c8 is two squares off, the others far.
    assert roused(s, _fig(s, "the bunkhouse cook"))
    assert not roused(s, _fig(s, "Ben Slocum"))
    assert not roused(s, _fig(s, "the wrangler"))
    _put(s, "Jess Pardee", "L:a5")  # four squares from Ben Slocum at L:d3 (range)
    assert roused(s, _fig(s, "Ben Slocum"))
    _put(s, "Jess Pardee", "L:a9")
    _put(s, "Wade Slocum", health=3)
    assert roused(s, _fig(s, "Wade Slocum"))


def test_sentries_hold_their_posts_and_the_part_ends() -> None:
    """Scripted: every rider far off and out of sight, nobody roused: the
    ranch's men stay where they are (no move), and its part ends."""
    s = _ranch_to_act()
    _put(s, "Jess Pardee", "L:h11")
    _put(s, "Clay Horne", "L:g11")
    _put(s, "Rafe Tolan", "L:f11")
    _put(s, "the wrangler", "L:h1")
    agent = SoloAgent(1)
    act = agent.choose(s)
    # The cook has a shot from his window: he fires where he stands.
    assert isinstance(act, Shoot) and act.fig == _fig(s, "the bunkhouse cook").id
    _put(s, "the bunkhouse cook", "L:a1")  # now out of sight of every rider
    s.figures[s.index[act.fig]] = replace(s.figures[s.index[act.fig]], facing="N")
    s._cache.clear()
    assert agent.choose(s) is END


def test_without_the_alert_the_same_men_advance() -> None:
    """The same scripted town with the alert taken away: rule 1 moves a man
    (the first solitaire's bot, which always advances)."""
    s = _ranch_to_act()
    _put(s, "Jess Pardee", "L:h11")
    _put(s, "Clay Horne", "L:g11")
    _put(s, "Rafe Tolan", "L:f11")
    _put(s, "the wrangler", "L:h1")
    sc = s.setup.scenario
    s.setup = replace(s.setup, scenario=replace(sc, solo=replace(sc.solo, alert=0)))
    assert alert_of(s) == 0
    act = SoloAgent(1).choose(s)
    assert isinstance(act, Move)


def test_a_roused_man_advances() -> None:
    """A rider within four squares of Ben Slocum and out of his sight: he
    leaves his post to get a shot, or toward the rider."""
    s = _ranch_to_act()
    _put(s, "Jess Pardee", "L:e1")
    _put(s, "Clay Horne", "L:h11")
    _put(s, "Rafe Tolan", "L:g11")
    _put(s, "the wrangler", "L:h1")
    _put(s, "the bunkhouse cook", "L:a11")
    _put(s, "Wade Slocum", "L:a10")
    _put(s, "Joe Brack", "L:b11")
    _put(s, "a hired hand", "L:h8")
    act = SoloAgent(2).choose(s)
    assert isinstance(act, Move) and act.fig == _fig(s, "Ben Slocum").id


def test_the_ranch_plays_out_against_the_heuristic() -> None:
    for seed, opts in enumerate(
        (CowboysOptions(scenario=SID), CowboysOptions(scenario=SID, advanced=True))
    ):
        agents = [GAME.agents()["heuristic"](GAME, seed, {}), SoloAgent(seed)]
        record = play(GAME, opts, agents, RandomDice(seed), seed=seed)
        assert record.replay().is_over
