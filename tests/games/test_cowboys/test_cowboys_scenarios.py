"""Cowboys scenarios: the file format, Saloon's scenarios, and validation.

Citations name a section of the Cowboys rulebook (``cowboys-way-of-the-gun.txt``:
"Scenarios", "Game Set Up", "Game Components", "Shoot", "Movement with
Horses", "Card Play") or a ruling of ``docs/rulings.md`` (CS-F1..., CS-V1...).
"""

from __future__ import annotations

import dataclasses
import json
import math
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saloon.agents import make_agent
from saloon.core import ContentError
from saloon.games.cowboys import Cowboys
from saloon.games.cowboys.board import build_town
from saloon.games.cowboys.cards import DECK_SIZE, load_deck
from saloon.games.cowboys.geometry import in_front, king_range, sight
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.scenario import (
    EDGES,
    FULL_HEALTH,
    GOAL_KINDS,
    OBJECT_TERRAINS,
    SPECIAL_RULES,
    Eliminate,
    Escape,
    FigureSetup,
    Hold,
    Reach,
    Scenario,
    builtin_scenarios,
    load_scenario,
    parse_scenario,
    scenario,
)
from saloon.games.cowboys.shotchart import Weapon

BUILTIN = builtin_scenarios()

#: A small scenario that uses most of the format; the malformed cases edit it.
MINI = """
id = "mini"
title = "A Small Fight"
story = "Two men and a bank."
reconstructed = true
reason = "a test scenario"
layout = "A"
turns = 5
first = 1
cards = [2, 2]

[[sides]]
name = "Law"

[[sides.figures]]
kind = "cowboy"
number = 1
modifier = 1
name = "Marshal"
at = "A:g2"
facing = "S"
weapons = ["pistol", "rifle"]

[[sides.figures]]
kind = "townfolk"
number = 3
at = "A:h5"
facing = "W"

[[sides]]
name = "Gang"

[[sides.figures]]
kind = "cowboy"
number = 2
modifier = 0
name = "Robber"
at = "A:d4"
facing = "E"
weapons = ["shotgun", "pistol", "pistol"]

[[sides.figures]]
kind = "cowboy"
number = 3
modifier = 2
at = "A:g8"
facing = "N"
mounted = true
weapons = ["pistol"]

[[bystanders]]
number = 4
at = "A:f7"
facing = "E"
weapons = []

[[objects]]
kind = "horse"
at = "A:g9"

[[objects]]
kind = "cattle"
at = "A:h10"

[victory]
at_limit = "Law"

[victory.loot]
side = "Gang"
place = "Bank vault"

[[victory.goals]]
kind = "escape"
side = "Gang"
count = 1
edges = ["N", "S"]
loot = true

[[victory.goals]]
kind = "eliminate"
side = "Law"

[[special]]
rule = "no_reload"
sides = ["Gang"]
"""


def mini() -> Scenario:
    return parse_scenario(MINI, "mini.toml")


def edited(old: str, new: str, count: int = 1) -> str:
    assert old in MINI, old
    return MINI.replace(old, new, count)


# -- a small scenario, read -----------------------------------------------------------


def test_a_scenario_reads_as_written() -> None:
    """Game Set Up: the boards, each side's cowboys (number and modifier)
    and town folk with their weapons and squares, the cards dealt to each
    side, the side that goes first (CS-F1..CS-F6)."""
    s = mini()
    assert (s.id, s.title, s.turns, s.layout) == ("mini", "A Small Fight", 5, "A")
    assert s.reconstructed and s.reason == "a test scenario"
    assert [side.name for side in s.sides] == ["Law", "Gang"]
    assert s.cards == (2, 2) and s.first == 0 and s.order == (0, 1)
    marshal = s.figure("Marshal")
    assert marshal.key == ("cowboy", 1) and marshal.side == 0 and marshal.modifier == 1
    assert marshal.xy == s.town.square("A:g2") == (6, 1)
    assert marshal.weapons == (Weapon.PISTOL, Weapon.RIFLE) and marshal.in_hand is Weapon.PISTOL
    assert marshal.health == 4 and not marshal.mounted
    folk = s.figure("townfolk 3")
    assert folk.weapons == (Weapon.RIFLE,) and folk.health == 1 and folk.modifier == 0
    assert s.figure(("cowboy", 3)).mounted
    assert s.figure("Cowboy 3") is s.figure(("cowboy", 3))
    assert [b.key for b in s.bystanders] == [("townfolk", 4)] and s.bystanders[0].side is None
    assert [(o.kind, o.at) for o in s.objects] == [("horse", "A:g9"), ("cattle", "A:h10")]
    escape, eliminate = s.victory.goals
    assert isinstance(escape, Escape) and isinstance(eliminate, Eliminate)
    assert escape.side == 1 and escape.edges == ("N", "S") and escape.loot
    assert escape.figures == (("cowboy", 2), ("cowboy", 3)) and escape.otherwise == 0
    assert eliminate == Eliminate(side=0, townfolk=False)
    assert s.victory.loot is not None
    assert s.victory.loot.target.squares == {s.town.square("A:b2"), s.town.square("A:b3")}
    assert s.victory.at_limit == 0
    (rule,) = s.special
    assert rule.rule == "no_reload" and rule.sides == (1,) and rule.text
    with pytest.raises(KeyError):
        s.figure("Nobody")


def test_scenario_types_are_frozen_values() -> None:
    """The engine receives frozen values: reading a file twice gives equal scenarios."""
    s = mini()
    assert s == mini() and hash(s.sides) == hash(mini().sides)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.turns = 9  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.sides[0].figures[0].at = "A:a1"  # type: ignore[misc]


def test_first_names_a_side_or_counts_from_one() -> None:
    """Game Set Up: "the side listed going first"; sides act in their order after it."""
    assert parse_scenario(edited("first = 1", 'first = "Gang"')).first == 1
    assert parse_scenario(edited("first = 1", "first = 2")).order == (1, 0)


def test_a_users_own_file_loads_by_path(tmp_path: Path) -> None:
    """Scenarios: an owner of the game types in a printed scenario and plays it by path."""
    path = tmp_path / "my-duel.toml"
    path.write_text(MINI, encoding="utf-8")
    assert load_scenario(path) == mini()
    assert scenario(str(path)) == mini() and scenario(path).source == str(path)
    other = tmp_path / "plain"
    other.write_text(MINI, encoding="utf-8")
    assert scenario(str(other)).id == "mini"  # an existing file, whatever its name


def test_a_built_in_copied_to_a_file_reads_the_same(tmp_path: Path) -> None:
    from importlib import resources

    folder = resources.files("saloon.games.cowboys").joinpath("content", "scenarios")
    for entry in folder.iterdir():
        if entry.name.endswith(".toml"):
            path = tmp_path / entry.name
            path.write_text(entry.read_text(encoding="utf-8"), encoding="utf-8")
            loaded = load_scenario(path)
            assert loaded == BUILTIN[loaded.id]


def test_an_unknown_id_is_a_content_error() -> None:
    with pytest.raises(ContentError, match="there is no scenario 'alamo'; scenarios: hickok-tutt"):
        scenario("alamo")
    with pytest.raises(ContentError, match="cannot read scenario file"):
        scenario("no/such/file.toml")
    with pytest.raises(ContentError):
        scenario("x" * 5000)


def test_boards_and_deck_of_ones_own() -> None:
    """A scenario is checked against the boards it is played on and the deck it uses."""
    from saloon.games.cowboys.board import board_set

    boards = {"A": board_set()["A"]}
    assert parse_scenario(MINI, boards=boards).town.width == 8
    with pytest.raises(ContentError, match="there is no board A"):
        parse_scenario(MINI, "mini.toml", boards={"B": board_set()["B"]})
    s = parse_scenario(edited("cards = [2, 2]", 'cards = [2, 2]\nforbidden = ["Dead Eye"]'))
    assert s.forbidden == ("Dead Eye",)
    assert sum(c.is_blank for c in s.deck()) == len(load_deck().named("Dead Eye"))


# -- Saloon's scenarios ---------------------------------------------------------------


def test_there_are_at_least_six_and_the_duel_comes_first() -> None:
    """RULINGS, Cowboys: the scenarios run from the first duel (Hickok and
    Tutt) to the O.K. Corral, a three-way standoff and a two-bank robbery."""
    ids = list(BUILTIN)
    assert len(ids) >= 6 and ids[0] == "hickok-tutt"
    for needed in ("coffeyville", "the-witness", "ok-corral", "saloon-siege"):
        assert needed in ids
    assert "three-way-standoff" in ids


@pytest.mark.parametrize("sid", list(BUILTIN))
def test_every_built_in_scenario_is_valid(sid: str) -> None:
    """Game Set Up: the town lays out from the scenario's boards; every
    counter stands on a square of it, figures one to a square, horses and
    riders where horses may go (Movement with Horses); weapons within what
    a cowboy or a town folk may carry (Shoot); the deck covers the hands."""
    s = BUILTIN[sid]
    assert s.id == sid and s.reconstructed and s.reason and s.story and s.title
    town = build_town(s.layout)
    assert (town.width, town.height) == (s.town.width, s.town.height)
    figures = list(s.figures())
    assert len({f.xy for f in figures}) == len(figures)
    for kind in ("cowboy", "townfolk"):
        numbers = [f.number for f in figures if f.kind == kind]
        assert len(set(numbers)) == len(numbers)
    for f in figures:
        assert town.square(f.at) == f.xy and town.ref(f.xy) == f.at
        assert 1 <= f.health <= FULL_HEALTH[f.kind]
        if f.mounted:
            assert town.horse_ok(f.xy)
        if f.kind == "cowboy":
            assert f.modifier in (0, 1, 2) and 1 <= f.number <= 10
            assert f.weapons.count(Weapon.PISTOL) <= 2
            assert len([w for w in f.weapons if w is not Weapon.PISTOL]) <= 1
        else:
            assert f.weapons in ((), (Weapon.RIFLE,)) and 1 <= f.number <= 16
    taken = {f.xy for f in figures if f.mounted}
    for o in s.objects:
        assert town.square(o.at) == o.xy and town.terrain(o.xy) in OBJECT_TERRAINS[o.kind]
        assert o.xy not in taken
        taken.add(o.xy)
    assert sum(s.cards) <= DECK_SIZE and len(s.cards) == len(s.sides) >= 2
    assert 0 <= s.first < len(s.sides)
    assert len(s.deck()) == DECK_SIZE
    for side in s.sides:
        assert side.figures
    text = s.describe()
    assert s.title in text and str(s.turns) in text
    for side in s.sides:
        assert side.name in text
    for f in figures:
        assert f.label in text and f.at in text
    assert "To win:" in text and "At the turn limit" in text
    assert s.story in text and s.story not in s.describe(story=False)


def test_the_scenarios_differ() -> None:
    """Different boards, sides and victory conditions (the task of the scenario book)."""
    scenarios = list(BUILTIN.values())
    assert len({s.layout for s in scenarios}) >= 6
    kinds = {type(g).__name__.lower() for s in scenarios for g in s.victory.goals}
    assert kinds == set(GOAL_KINDS)
    assert any(len(s.sides) == 3 for s in scenarios)
    assert any(s.victory.loot is not None for s in scenarios)
    rules = {r.rule for s in scenarios for r in s.special}
    assert rules == set(SPECIAL_RULES)
    assert any(o.kind == "stagecoach" for s in scenarios for o in s.objects)
    assert any(o.kind == "cattle" for s in scenarios for o in s.objects)
    assert any(f.mounted for s in scenarios for f in s.figures())
    assert any(">" in s.layout for s in scenarios)  # a turned board


def test_hickok_and_tutt() -> None:
    """The first published duel: one board, one cowboy each with a pistol,
    facing each other at range, holstered; the last man standing wins."""
    s = BUILTIN["hickok-tutt"]
    assert len(s.town.placements) == 1
    (hickok,) = s.sides[0].figures
    (tutt,) = s.sides[1].figures
    assert hickok.name == "Wild Bill Hickok" and tutt.name == "Davis Tutt"
    assert hickok.weapons == tutt.weapons == (Weapon.PISTOL,)
    assert king_range(hickok.xy, tutt.xy) >= 5
    assert in_front(hickok.facing, hickok.xy, tutt.xy)
    assert in_front(tutt.facing, tutt.xy, hickok.xy)
    assert s.victory.goals == (Eliminate(),) and s.victory.at_limit is None
    (duel,) = s.specials("duel_start")
    assert set(duel.figures) == {hickok.key, tutt.key}
    assert s.specials("town_folk_neutral") and s.bystanders
    assert all(not b.weapons for b in s.bystanders)
    assert all(c.is_blank for c in s.deck() if c.name == "Friend in Town")
    assert s.sides[s.first].name == "Tutt"  # he drew first


def test_coffeyville() -> None:
    """A gang of five robs two banks at once and must get 2 men out with the money."""
    s = BUILTIN["coffeyville"]
    gang, town = s.sides
    assert len(gang.figures) == 5 and all(f.kind == "cowboy" for f in gang.figures)
    assert any(f.kind == "townfolk" for f in town.figures)
    (escape,) = s.victory.goals
    assert isinstance(escape, Escape)
    assert escape.count == 2 and escape.loot and escape.edges == ("S",)
    assert s.victory.loot is not None
    vault = {xy for xy in s.town.squares() if s.town.place(xy).name == "Bank vault"}
    assert vault and vault <= s.victory.loot.target.squares
    assert s.town.place(s.town.square("A:b10")).name == "General Store"
    horses = [o for o in s.objects if o.kind == "horse"]
    assert len(horses) == len(gang.figures)
    assert s.victory.at_limit == 1 and escape.otherwise == 1


def test_the_witness() -> None:
    """An escort: deputies walk an unarmed prisoner of their side from the
    stage depot to the jail; the gang wins by killing him or at the limit."""
    s = BUILTIN["the-witness"]
    (reach,) = s.victory.goals
    assert isinstance(reach, Reach)
    riggs = s.figure(reach.figures[0])
    assert riggs.weapons == () and riggs.side == reach.side == 0
    assert s.town.place(riggs.xy).name == "Stage depot"
    assert reach.target.place == "Jail"
    assert {s.town.place(xy).name for xy in reach.target.squares} == {"Jail"}
    assert reach.otherwise == 1 and s.victory.at_limit == 1
    assert s.specials("prisoner")[0].figures == (riggs.key,)
    assert any(o.kind == "stagecoach" for o in s.objects)


def test_the_ok_corral() -> None:
    s = BUILTIN["ok-corral"]
    assert s.layout == "D"
    earps, cowboys = s.sides
    assert {f.name for f in earps.figures} == {
        "Virgil Earp",
        "Wyatt Earp",
        "Morgan Earp",
        "Doc Holliday",
    }
    assert s.figure("Doc Holliday").in_hand is Weapon.SHOTGUN
    assert s.figure("Ike Clanton").weapons == ()
    assert set(s.specials("flee")[0].figures) == {
        s.figure("Ike Clanton").key,
        s.figure("Billy Claiborne").key,
    }
    assert s.figure("Doc Holliday").key not in s.specials("duel_start")[0].figures
    assert s.victory.goals == (Eliminate(),)
    assert all(f.name for f in cowboys.figures)


def test_the_saloon_siege() -> None:
    """A defence: the ranchers win if they still hold the saloon at the limit."""
    s = BUILTIN["saloon-siege"]
    hold = s.victory.goals[0]
    assert isinstance(hold, Hold) and hold.target.place == "Saloon"
    ranchers, gang = s.sides
    assert len(gang.figures) > len(ranchers.figures)
    assert all(s.town.place(f.xy).name == "Saloon" for f in ranchers.figures)
    assert hold.otherwise == 1 and s.victory.at_limit == 1
    assert s.specials("no_reload")[0].sides == (0,)


def test_the_three_way_standoff() -> None:
    """Three sides, one man each, an equal range apart, each seeing the others."""
    s = BUILTIN["three-way-standoff"]
    assert len(s.sides) == 3 and s.cards == (2, 2, 2) and s.order == (0, 1, 2)
    men = [side.figures[0] for side in s.sides]
    for a in men:
        for b in men:
            if a is not b:
                assert king_range(a.xy, b.xy) == 3
                assert in_front(a.facing, a.xy, b.xy)
    assert s.victory.goals == (Eliminate(),)


def test_the_jailbreak_and_the_hold_up() -> None:
    jail = BUILTIN["jailbreak"]
    assert jail.layout == "C> / D>"
    (escape,) = jail.victory.goals
    assert isinstance(escape, Escape) and escape.edges == ("W",) and not escape.loot
    (locked,) = jail.specials("locked_up")
    johnny = jail.figure("Johnny Lowe")
    assert locked.figures == (johnny.key,) and jail.town.place(johnny.xy).name == "Jail"
    (key_square,) = locked.squares
    assert king_range(key_square, johnny.xy) == 1
    hold_up = BUILTIN["stage-holdup"]
    coach = next(o for o in hold_up.objects if o.kind == "stagecoach")
    assert hold_up.victory.loot is not None and hold_up.victory.loot.target.squares == {coach.xy}
    assert hold_up.specials("surprise")[0].sides == (1,)


def test_the_cattlemens_bank() -> None:
    """CS-N1: a bank robbery on board G: the gang starts in the bank and
    its strongroom, with a man and the horses in the back lot; the loot is
    the strongroom's, behind a door; two men must ride it out by the south
    edge, or the town wins."""
    s = BUILTIN["cattlemens-bank"]
    assert s.layout == "G D"
    gang, town = s.sides
    assert all(f.kind == "cowboy" for f in gang.figures)
    assert any(f.kind == "townfolk" and not f.weapons for f in town.figures)  # the cashier
    inside = [f for f in gang.figures if s.town.place(f.xy).terrain == "building"]
    assert {s.town.place(f.xy).name for f in inside} == {"Strongroom", "Cattlemen's Bank"}
    (escape,) = s.victory.goals
    assert isinstance(escape, Escape)
    assert escape.count == 2 and escape.loot and escape.edges == ("S",)
    assert s.victory.loot is not None and s.victory.loot.target.place == "Strongroom"
    vault = s.victory.loot.target.squares
    ways_out = [
        (a, b)
        for a in vault
        for b in ((a[0] + 1, a[1]), (a[0] - 1, a[1]), (a[0], a[1] + 1), (a[0], a[1] - 1))
        if b not in vault and s.town.edge(a, b) != "wall"
    ]
    assert len(ways_out) == 1 and s.town.edge(*ways_out[0]) == "door"
    assert all(s.town.place(o.xy).name == "back lot" for o in s.objects if o.kind == "horse")
    assert s.victory.at_limit == 1 and escape.otherwise == 1


def test_the_range_war() -> None:
    """CS-N2: a range war at the stockyards (board H): the herd stands in
    the pen and the yard, and at the start some lines between the two sides
    are stopped by a steer alone (Line of Sight: cattle block the line;
    figures move through them, Movement with Cowboys and Town Folk). The
    Sweetwater men win holding the pen with two at the limit."""
    s = BUILTIN["range-war"]
    box_t, sweetwater = s.sides
    cattle = {o.xy for o in s.objects if o.kind == "cattle"}
    pen = {xy for xy in s.town.squares() if s.town.place(xy).name == "Cattle pen"}
    assert len(cattle) >= 6 and len(cattle & pen) >= 5
    hold = s.victory.goals[0]
    assert isinstance(hold, Hold) and hold.side == 1 and hold.count == 2
    assert hold.target.squares == pen and s.victory.at_limit == 0
    state = Cowboys().new_state(CowboysOptions(scenario="range-war"))
    assert isinstance(state, CowboysState)
    blockers, occupied = state.blockers(), state.occupied()
    assert cattle <= blockers
    stopped_by_cattle = [
        (a.name, b.name)
        for a in box_t.figures
        for b in sweetwater.figures
        if sight(s.town, a.xy, b.xy, blockers=blockers, occupied=occupied) is None
        and sight(s.town, a.xy, b.xy, blockers=blockers - cattle, occupied=occupied) is not None
    ]
    assert stopped_by_cattle
    steer = next(iter(cattle & pen))
    assert state.town.terrain(steer) == "corral"  # a figure may end a move on it (CS-F4)


def test_the_night_riders() -> None:
    """CS-N3: a night raid on the ranch of board I: the Keoughs in their
    closed house and the bunkhouse, the riders at the edges of the yard;
    the riders must down every Keough cowboy before dawn (the limit)."""
    s = BUILTIN["night-riders"]
    keoughs, riders = s.sides
    house = {"Bedroom", "Parlour", "Kitchen", "Hall"}
    assert sum(s.town.place(f.xy).name in house for f in keoughs.figures) == 2
    assert sum(s.town.place(f.xy).name == "Bunkhouse" for f in keoughs.figures) == 2
    assert all(s.town.terrain(f.xy) == "open" for f in riders.figures)
    assert s.victory.goals[0] == Eliminate(side=1) and s.victory.at_limit == 0
    assert s.specials("night")[0].range == 3
    assert s.specials("surprise")[0].sides == (0,) and s.specials("surprise")[0].turns == 1


def test_the_noon_stage_rolls_down_the_stage_road() -> None:
    """CS-Q1: the stage starts at the north end of board K's stage road with
    the strongbox and its driver aboard, and rolls off the south end."""
    s = BUILTIN["noon-stage"]
    assert s.layout == "K"
    coach = next(o for o in s.objects if o.kind == "stagecoach")
    (run,) = s.specials("stage_run")
    assert run.route[0] == coach.xy and s.figure("Hank the driver").xy == coach.xy
    assert {s.town.place(xy).name for xy in run.route} == {"stage road"}
    assert s.victory.loot is not None and s.victory.loot.target.squares == {coach.xy}
    (escape,) = s.victory.goals
    assert isinstance(escape, Escape) and escape.loot and escape.otherwise == 1
    assert s.victory.at_limit == 1


def test_four_corners_sets_four_sides_against_each_other() -> None:
    """CS-Q2: four sides of two cowboys, one in each corner of the town;
    the last side with a cowboy standing wins, a draw at the limit."""
    s = BUILTIN["four-corners"]
    assert s.layout == "J K" and len(s.sides) == 4 and s.cards == (2, 2, 2, 2)
    assert [len(side.figures) for side in s.sides] == [2, 2, 2, 2]
    assert s.victory.goals == (Eliminate(),) and s.victory.at_limit is None
    corners = {(0, 0), (15, 0), (0, 10), (15, 10)}
    for side in s.sides:
        assert any(f.xy in corners for f in side.figures)


def test_slocum_ranch_is_the_second_solitaire() -> None:
    """CS-Q3: the ranch is the solo bot's, its men sentries; the riders
    need the deed out across the west edge."""
    s = BUILTIN["slocum-ranch"]
    assert s.solo is not None and s.sides[s.solo.side].name == "Slocum ranch"
    assert s.solo.alert == 4 and s.cards == (3, 0)
    assert s.victory.loot is not None
    (deed,) = s.victory.loot.target.squares
    assert s.town.place(deed).name == "Ranch house"


def test_a_four_sided_game_plays_out_with_a_winner_or_a_draw() -> None:
    """The engine seats four sides: one game of four heuristics ends, won
    by one side or drawn."""
    (winners,) = heuristic_results("four-corners", 1)
    state = Cowboys().new_state(CowboysOptions(scenario="four-corners"))
    assert state.num_players == 4
    assert len(winners) <= 1


# -- malformed files ---------------------------------------------------------------------

MALFORMED = [
    # (old text, new text, the key and words the message must name)
    ('id = "mini"', 'id = "mini"\ncolour = "red"', "'colour' is not a key of a scenario file"),
    ('id = "mini"', 'id = "Mini Fight"', "id must be a short name"),
    ('title = "A Small Fight"', "title = 3", "title must be a non-empty string"),
    ('reason = "a test scenario"', "", "reason must be a non-empty string"),
    ('layout = "A"', 'layout = "A Q"', "layout row 1: there is no board Q"),
    ('layout = "A"', 'layout = "A A"', "board A is laid out twice"),
    ('layout = "A"', "layout = 7", "layout must be boards on one line"),
    ("turns = 5", "turns = 0", "turns must be a whole number from 1 to 40"),
    ("turns = 5", 'turns = "five"', "turns must be a whole number"),
    ("first = 1", "first = 3", "first must name a side or give its number from 1 to 2"),
    ("first = 1", "first = 0", "first must name a side"),
    ("first = 1", 'first = "Posse"', "first must name a side ('Law', 'Gang'), not 'Posse'"),
    (
        "cards = [2, 2]",
        "cards = [30, 30]",
        "cards: hands of 30 + 30 need 60 cards; the deck has 54",
    ),
    ("cards = [2, 2]", "cards = [2]", "cards must give one number per side: 2, not 1"),
    ("cards = [2, 2]", "cards = [2, -1]", "cards[1] must be a whole number from 0 to 54"),
    ("cards = [2, 2]", 'cards = [2, 2]\nforbidden = ["Gatling"]', "forbidden[0] 'Gatling' is not"),
    ('name = "Law"', 'name = "Gang"', "sides[1].name 'Gang' is used by two sides"),
    ('name = "Law"', 'name = "draw"', "sides[0].name may not be 'draw'"),
    ('facing = "S"', 'facing = "S"\nhat = "black"', "sides[0].figures[0].'hat' is not a key"),
    ('at = "A:g2"', 'at = "A:z2"', "sides[0].figures[0].at: A:z2: board A has columns a-h"),
    ('at = "A:g2"', 'at = "A:g12"', "sides[0].figures[0].at: A:g12: board A has columns a-h and"),
    ('at = "A:g2"', 'at = "B:c7"', "sides[0].figures[0].at: B:c7: board B is not in this town"),
    ('at = "A:g2"', 'at = "g2"', "sides[0].figures[0].at: 'g2' is not a square reference"),
    ('at = "A:g2"\n', "", "sides[0].figures[0].at is missing"),
    ('facing = "S"', "", "sides[0].figures[0].facing is missing"),
    ("turns = 5", "", "turns is missing"),
    ("first = 1", "", "first is missing"),
    ('layout = "A"', "", "layout is missing"),
    ('at = "A:d4"', 'at = "A:g2"', "sides[1].figures[0].at A:g2: Marshal, cowboy 1 (+1)"),
    ('at = "A:g8"', 'at = "A:c5"', "sides[1].figures[1].at A:c5: a mounted figure cannot stand"),
    ('at = "A:g9"', 'at = "A:c9"', "objects[0].at A:c9: a horse cannot stand in the General Store"),
    ('at = "A:h10"', 'at = "A:b9"', "objects[1].at A:b9: cattle cannot stand in the General"),
    ('at = "A:h10"', 'at = "A:g9"', "objects[1].at A:g9: a horse (objects[0]) is already there"),
    ('at = "A:g9"', 'at = "A:g8"', "objects[0].at A:g8: the horse under cowboy 3 (+2) is already"),
    ('kind = "cattle"', 'kind = "wagon"', "objects[1].kind must be horse, cattle or stagecoach"),
    ('facing = "S"', 'facing = "SE"', "sides[0].figures[0].facing must be N, E, S or W"),
    ('kind = "cowboy"', 'kind = "sheriff"', "sides[0].figures[0].kind must be cowboy or townfolk"),
    ("number = 2", "number = 1", "sides[1].figures[0].number: cowboy 1 is already sides[0]"),
    ("number = 4", "number = 3", "bystanders[0].number: townfolk 3 is already sides[0].figures[1]"),
    ("number = 2", "number = 11", "sides[1].figures[0].number must be a whole number from 1 to 10"),
    ("number = 4", "number = 17", "bystanders[0].number must be a whole number from 1 to 16"),
    ("modifier = 1", "modifier = 3", "sides[0].figures[0].modifier must be a whole number from 0"),
    ("number = 2\nmodifier = 0", "number = 2", "sides[1].figures[0].modifier is missing"),
    (
        'number = 3\nat = "A:h5"',
        'number = 3\nmodifier = 1\nat = "A:h5"',
        "town folk have no printed",
    ),
    (
        '["shotgun", "pistol", "pistol"]',
        '["pistol", "pistol", "pistol"]',
        "sides[1].figures[0].weapons: a cowboy carries at most two pistols",
    ),
    (
        '["pistol", "rifle"]',
        '["rifle", "shotgun"]',
        "sides[0].figures[0].weapons: a cowboy carries a rifle or a shotgun, not more",
    ),
    ('["pistol", "rifle"]', '["pistol", "bow"]', "sides[0].figures[0].weapons[1] must be pistol"),
    ('["pistol", "rifle"]', '"pistol"', "sides[0].figures[0].weapons must be a list"),
    (
        'number = 3\nat = "A:h5"',
        'number = 3\nweapons = ["pistol"]\nat = "A:h5"',
        "sides[0].figures[1].weapons: town folk carry a rifle or nothing",
    ),
    ('weapons = ["pistol"]\n', "", "sides[1].figures[1].weapons is missing"),
    ("mounted = true", 'mounted = "yes"', "sides[1].figures[1].mounted must be true or false"),
    ("mounted = true", "mounted = true\nhealth = 5", "figures[1].health must be a whole number"),
    ('number = 3\nat = "A:h5"', 'number = 3\nhealth = 2\nat = "A:h5"', "from 1 to 1"),
    (
        'name = "Robber"',
        'name = "Marshal"',
        "sides[1].figures[0].name 'Marshal' is already the name of sides[0].figures[0]",
    ),
    ('name = "Robber"', 'name = "cowboy 7"', "name 'cowboy 7' would be read as another figure"),
    ("number = 4\n", 'number = 4\nkind = "cowboy"\n', "bystanders[0].kind: bystanders are town"),
    ('at_limit = "Law"', 'at_limit = "Outlaws"', "victory.at_limit must name a side"),
    ('at_limit = "Law"', "", "victory.at_limit is missing"),
    ('kind = "escape"', 'kind = "robbery"', "victory.goals[0].kind must be one of eliminate"),
    ('side = "Gang"\ncount', 'side = "Gng"\ncount', "victory.goals[0].side must name a side"),
    ("count = 1", "count = 3", "victory.goals[0].count must be a whole number from 1 to 2"),
    ("count = 1", 'count = 1\nfigures = ["Nobody"]', "victory.goals[0].figures[0]: 'Nobody' is no"),
    ("count = 1", 'count = 1\nfigures = ["Marshal"]', "goals[0].figures[0]: Marshal, cowboy 1"),
    ("count = 1", 'count = 1\nfigures = ["Robber", "cowboy 2"]', "figures[1] 'cowboy 2' is listed"),
    ("count = 1", 'count = 1\notherwise = "Gang"', "victory.goals[0].otherwise must be another"),
    ("count = 1", "count = 1\nwhen = 3", "victory.goals[0].'when' is not a key of an escape goal"),
    ('edges = ["N", "S"]', 'edges = ["N", "Up"]', "victory.goals[0].edges[1] must be N, E, S or W"),
    ('edges = ["N", "S"]', "", "victory.goals[0].edges is missing"),
    ('edges = ["N", "S"]', 'edges = ["N", "N"]', "victory.goals[0].edges[1] N is listed twice"),
    (
        'place = "Bank vault"',
        'place = "Bank vaults"',
        "victory.loot.place 'Bank vaults' is no place",
    ),
    ('place = "Bank vault"', 'squares = ["A:b2", "A:q1"]', "victory.loot.squares[1]: A:q1"),
    ('place = "Bank vault"', "", "victory.loot needs a place or squares"),
    (
        '[victory.loot]\nside = "Gang"\nplace = "Bank vault"\n',
        "",
        "victory.goals[0].loot: a [victory.loot] table for Gang is needed",
    ),
    ("loot = true", "loot = false", "victory.loot: no escape goal with loot = true uses it"),
    ('kind = "eliminate"\nside = "Law"', 'kind = "eliminate"\nside = "Law"\ncount = 2', "'count'"),
    ('rule = "no_reload"', 'rule = "no_whiskey"', "special[0].rule must be one of duel_start"),
    (
        'sides = ["Gang"]',
        'figures = ["Marshal"]',
        "special[0].'figures' is not a key of the no_rel",
    ),
    ('sides = ["Gang"]', 'sides = ["Gang", "Gang"]', "special[0].sides names a side twice"),
    ('sides = ["Gang"]', 'sides = ["Posse"]', "special[0].sides[0] must name a side"),
    ('sides = ["Gang"]', 'sides = ["Gang"]\ntext = ""', "special[0].text must be a non-empty"),
    (
        'rule = "no_reload"\nsides = ["Gang"]',
        'rule = "no_reload"\n\n[[special]]\nrule = "no_reload"',
        "special[1]: the no_reload rule is given twice",
    ),
    (
        'rule = "no_reload"\nsides = ["Gang"]',
        'rule = "duel_start"\nfigures = ["townfolk 3"]',
        "special[0].figures[0]: town folk 3 has no pistol to holster",
    ),
    (
        'rule = "no_reload"\nsides = ["Gang"]',
        'rule = "prisoner"\nfigures = ["Marshal"]',
        "special[0].figures[0]: Marshal, cowboy 1 (+1) must be a side's figure, unarmed",
    ),
    ('rule = "no_reload"\nsides = ["Gang"]', 'rule = "prisoner"', "special[0].figures is missing"),
    (
        'rule = "no_reload"\nsides = ["Gang"]',
        'rule = "locked_up"\nfigures = ["Robber"]\nsquares = ["A:c"]',
        "special[0].squares[0]: 'A:c' is not a square reference",
    ),
    (
        'rule = "no_reload"\nsides = ["Gang"]',
        'rule = "flee"\nfigures = ["Robber"]\nedges = ["NE"]',
        "special[0].edges[0] must be N, E, S or W",
    ),
    ('rule = "no_reload"\nsides = ["Gang"]', 'rule = "surprise"', "special[0].sides is missing"),
    (
        'rule = "no_reload"\nsides = ["Gang"]',
        'rule = "surprise"\nsides = ["Law"]\nturns = 0',
        "special[0].turns must be a whole number from 1 to 40",
    ),
    ('id = "mini"', 'id = "mini"\nid = "again"', "is not valid TOML"),
]


@pytest.mark.parametrize(("old", "new", "expected"), MALFORMED)
def test_a_malformed_file_names_the_file_and_the_key(
    tmp_path: Path, old: str, new: str, expected: str
) -> None:
    """Every mistake is one ContentError, one line, naming the file and the key."""
    path = tmp_path / "bad.toml"
    path.write_text(edited(old, new), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_scenario(path)
    message = str(info.value)
    assert message.startswith(str(path)), message
    assert expected in message, message
    assert "\n" not in message


def _without_bystanders(text: str) -> str:
    start = text.index("[[bystanders]]")
    end = text.index("[[objects]]")
    return text[:start] + text[end:]


DICT_EDITS: list[tuple[str, Any, str]] = [
    # (what to do, argument, the words the message must carry)
    ("one side", None, "sides: a scenario has 2 to 4 sides, not 1"),
    ("five sides", None, "sides: a scenario has 2 to 4 sides, not 5"),
    ("no figures", None, "sides[1].figures must be a non-empty list of figures"),
    ("two stagecoaches", None, "objects: the game has one stagecoach"),
    ("stagecoach in a building", None, "the stagecoach cannot stand in the Bank"),
    ("law of town folk only", None, "the sides against Gang have no cowboys"),
    ("reach met at the start", None, "victory.goals[2]: the goal is met before a shot is fired"),
    ("neutral without bystanders", None, "special[1]: the rule needs [[bystanders]]"),
    ("no goals", None, "victory.goals must be a non-empty list"),
    ("victory not a table", None, "victory must be a table"),
]


def _dict_edit(what: str) -> dict[str, Any]:
    data = tomllib.loads(MINI)
    sides = data["sides"]
    if what == "one side":
        del sides[1]
        data["cards"] = [2]
    elif what == "five sides":
        for i in range(3):
            sides.append({"name": f"S{i}", "figures": []})
        data["cards"] = [1] * 5
    elif what == "no figures":
        sides[1]["figures"] = []
    elif what == "two stagecoaches":
        data["objects"] += [
            {"kind": "stagecoach", "at": "A:g4"},
            {"kind": "stagecoach", "at": "A:g5"},
        ]
    elif what == "stagecoach in a building":
        data["objects"].append({"kind": "stagecoach", "at": "A:c4"})
    elif what == "law of town folk only":
        del sides[0]["figures"][0]
        data["victory"]["goals"].append({"kind": "eliminate", "side": "Gang"})
    elif what == "reach met at the start":
        data["victory"]["goals"].append(
            {"kind": "reach", "side": "Law", "figures": ["Marshal"], "squares": ["A:g2"]}
        )
    elif what == "neutral without bystanders":
        del data["bystanders"]
        data["special"].append({"rule": "town_folk_neutral"})
    elif what == "no goals":
        data["victory"]["goals"] = []
    elif what == "victory not a table":
        data["victory"] = "Law"
    return data


@pytest.mark.parametrize(("what", "arg", "expected"), DICT_EDITS)
def test_malformed_structures(what: str, arg: Any, expected: str) -> None:
    with pytest.raises(ContentError) as info:
        parse_scenario(to_toml(_dict_edit(what)), "edited.toml")
    assert str(info.value).startswith("edited.toml: ") and expected in str(info.value)


def test_the_parameters_a_rule_or_goal_takes_are_listed() -> None:
    """An unknown key is refused with the keys that would be right."""
    with pytest.raises(ContentError, match=r"\(keys: kind, side, townfolk\)"):
        parse_scenario(edited('side = "Law"\n', 'side = "Law"\nfigures = ["Marshal"]\n'))


# -- victory and special rules, the semantics the engine reads ----------------------------------


def test_goal_defaults() -> None:
    """CS-V3, CS-V5, CS-V7: the listed figures default to the whole side, the count to 1,
    ``otherwise`` to the other side of two; with three sides to nobody."""
    s = mini()
    escape = s.victory.goals[0]
    assert isinstance(escape, Escape) and escape.count == 1
    data = tomllib.loads(MINI)
    data["sides"].append(
        {
            "name": "Posse",
            "figures": [
                {"kind": "cowboy", "number": 9, "modifier": 0, "at": "A:h1", "facing": "S"}
                | {"weapons": ["rifle"]}
            ],
        }
    )
    data["cards"] = [2, 2, 2]
    three = parse_scenario(to_toml(data))
    goal = three.victory.goals[0]
    assert isinstance(goal, Escape) and goal.otherwise is None and three.order == (0, 1, 2)
    data["victory"]["goals"][0]["otherwise"] = "Posse"
    goal = parse_scenario(to_toml(data)).victory.goals[0]
    assert isinstance(goal, Escape) and goal.otherwise == 2


def test_special_rule_defaults() -> None:
    """CS-S1, CS-S2, CS-S6, CS-S7: duel_start holsters every cowboy with a pistol unless it
    names them; no_reload covers every side unless it names them; flee
    allows every edge unless it names them; each has a sentence for players."""
    data = tomllib.loads(MINI)
    data["special"] = [
        {"rule": "duel_start"},
        {"rule": "no_reload"},
        {"rule": "flee", "figures": ["Robber"]},
        {"rule": "surprise", "sides": ["Law"]},
        {"rule": "town_folk_neutral"},
        {"rule": "locked_up", "figures": ["cowboy 3"], "squares": ["A:g7"]},
    ]
    s = parse_scenario(to_toml(data))
    duel, reload_, flee, surprise, neutral, locked = s.special
    assert set(duel.figures) == {("cowboy", 1), ("cowboy", 2), ("cowboy", 3)}
    assert reload_.sides == (0, 1)
    assert flee.edges == EDGES and flee.figures == (("cowboy", 2),)
    assert surprise.sides == (0,) and surprise.turns == 1
    assert locked.squares == {s.town.square("A:g7")}
    assert all(r.text for r in s.special)
    for line in ("Special rule (duel start)", "Special rule (locked up)"):
        assert line in s.describe()
    assert neutral.rule == "town_folk_neutral"


def test_a_prisoner_is_unarmed_and_on_foot() -> None:
    data = tomllib.loads(MINI)
    data["sides"][0]["figures"].append(
        {"kind": "cowboy", "number": 5, "modifier": 0, "at": "A:g4", "facing": "N", "weapons": []}
    )
    data["special"] = [{"rule": "prisoner", "figures": ["cowboy 5"]}]
    s = parse_scenario(to_toml(data))
    assert s.specials("prisoner")[0].figures == (("cowboy", 5),)
    data["sides"][0]["figures"][-1]["mounted"] = True
    with pytest.raises(ContentError, match="must be a side's figure, unarmed and on foot"):
        parse_scenario(to_toml(data))


def test_a_wounded_start() -> None:
    """Game Components: a cowboy's health starts at 4 unless the scenario wounds him."""
    s = parse_scenario(edited("mounted = true", "mounted = true\nhealth = 2"))
    assert s.figure("cowboy 3").health == 2
    assert "health 2" in s.describe()


def test_figure_labels() -> None:
    f = FigureSetup("cowboy", 6, 0, "A:a1", (0, 0), "N", (), modifier=2, name="Doc")
    assert f.label == "Doc, cowboy 6 (+2)" and f.ref == "cowboy 6" and f.in_hand is None


# -- CS-R2: a contest between equals ---------------------------------------------------------


def heuristic_results(scenario_id: str, games: int) -> Counter[tuple[int, ...]]:
    """The winners of ``games`` seeded games with the ``heuristic`` in every seat."""
    game = Cowboys()
    out: Counter[tuple[int, ...]] = Counter()
    for g in range(games):
        s = game.new_state(CowboysOptions(scenario=scenario_id))
        agents = [make_agent("heuristic", game, seed=10 * g + i) for i in range(s.num_players)]
        rng = np.random.default_rng(g)
        while not s.is_over:
            s.apply(s.sample_chance(rng) if s.is_chance else agents[s.to_move].choose(s))
        out[tuple(s.result().winners)] += 1
    return out


@pytest.mark.parametrize(
    "scenario_id",
    [
        "brawl",
        "coffeyville",
        "the-witness",
        "ok-corral",
        "saloon-siege",
        "stage-holdup",
        "jailbreak",
        "cattlemens-bank",
        "range-war",
        "night-riders",
        "noon-stage",
    ],
)
def test_two_heuristics_each_win_some_of_twelve_games(scenario_id: str) -> None:
    """CS-R2: each side of a two-sided scenario wins some games between equals
    (the first versions of four of them were won by one side 90 to 98 times
    in 100, Coffeyville 76, and the O.K. Corral drew 97)."""
    results = heuristic_results(scenario_id, 12)
    assert results[(0,)] >= 2 and results[(1,)] >= 2, results


# -- garbage never raises anything but ContentError ----------------------------------------


def to_toml(data: dict[str, Any]) -> str:
    """A table as TOML text: each key on its own line, values inline."""
    return "\n".join(f"{_key(k)} = {_value(v)}" for k, v in data.items()) + "\n"


def _key(k: str) -> str:
    return json.dumps(k, ensure_ascii=False)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v) if math.isfinite(v) else ("nan" if math.isnan(v) else "inf")
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def test_the_serialiser_round_trips() -> None:
    data = tomllib.loads(MINI)
    assert tomllib.loads(to_toml(data)) == data
    assert parse_scenario(to_toml(data), "mini.toml") == mini()


WORDS = [
    "cowboy",
    "townfolk",
    "horse",
    "cattle",
    "stagecoach",
    "pistol",
    "rifle",
    "shotgun",
    "A:g2",
    "A:b2",
    "A:c9",
    "B:c7",
    "N",
    "S",
    "Law",
    "Gang",
    "draw",
    "Marshal",
    "cowboy 2",
    "eliminate",
    "escape",
    "reach",
    "hold",
    "Bank vault",
    "duel_start",
    "flee",
    "Adrenaline",
]
KEYS = [
    "id",
    "kind",
    "side",
    "sides",
    "figures",
    "count",
    "edges",
    "place",
    "squares",
    "loot",
    "rule",
    "at",
    "number",
    "weapons",
    "goals",
    "otherwise",
    "townfolk",
]
scalars = st.one_of(
    st.booleans(),
    st.integers(-3, 60),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(WORDS),
    st.text(max_size=12),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=6)), inner, max_size=4),
    ),
    max_leaves=12,
)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*path, i))
    return out


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_mangled_scenario_is_a_content_error_or_a_scenario(data: st.DataObject) -> None:
    """Random edits of a good file (a value replaced, a key removed or
    added) give a Scenario or one ContentError, never anything else."""
    tree = tomllib.loads(MINI)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(tree) if p]
        path = data.draw(st.sampled_from(paths))
        parent = tree
        for step in path[:-1]:
            parent = parent[step]
        action = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[path[-1]] = data.draw(values)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.sampled_from(KEYS))] = data.draw(values)
        else:
            parent.append(data.draw(values))
    try:
        text = to_toml(tree)
    except TypeError:  # pragma: no cover - the strategies only make TOML values
        return
    try:
        result = parse_scenario(text, "mangled.toml")
    except ContentError as exc:
        assert str(exc).startswith("mangled.toml") and "\n" not in str(exc)
    else:
        assert isinstance(result, Scenario)
        result.describe()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_garbage_text_is_a_content_error(text: str) -> None:
    """Text that is not a scenario, or not TOML at all, is one ContentError."""
    with pytest.raises(ContentError):
        parse_scenario(text, "garbage.toml")


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from([*KEYS, "title", "layout", "victory"]), values))
def test_random_tables_are_content_errors(table: dict[str, Any]) -> None:
    with pytest.raises(ContentError):
        parse_scenario(to_toml(table), "random.toml")
