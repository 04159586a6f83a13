"""The d6 Shooters' playsheets: the rich text and the SVG, for both episodes.

States are reached by play through the notation (scripted dice), from a
position set up as in the rules tests; the SVG is read back with
``xml.etree`` and checked through its ``data-*`` attributes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest

from saloon.core import get_game
from saloon.core.dice import ScriptedDice
from saloon.core.render import render_text
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.render import (
    crowe_track,
    days_chart,
    render_svg,
    route_marks,
    turn_dice,
)
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import (
    C_POSSE_VOLLEY,
    FX_DOWNHILL,
    FX_HILLS,
    P_KEEP,
    P_REROLL,
    P_SHOP,
    P_TACTIC,
)

from .conftest import run, start

GAME = get_game("d6shooters")
SVG = "{http://www.w3.org/2000/svg}"


def svg_of(state: D6State) -> ET.Element:
    svg = state._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def by_id(root: ET.Element, ident: str) -> ET.Element:
    for el in root.iter():
        if el.get("id") == ident:
            return el
    raise AssertionError(f"no element with id {ident!r}")


def dice_of(root: ET.Element) -> list[dict[str, str]]:
    return [dict(g.attrib) for g in root.iter(SVG + "g") if g.get("class") == "die"]


def line_with(text: str, needle: str) -> str:
    return next(ln for ln in text.splitlines() if needle in ln)


# -- mid-roll, with locks ----------------------------------------------------------------------


def test_first_roll_shows_free_dice_and_forced_locks() -> None:
    s = run(start(), "red 156", "white 11234")
    assert s.phase == P_KEEP
    text = str(s)
    dice = line_with(text, "Dice (roll 1 of 3)")
    assert "red  1  «5» «6»" in dice
    assert "white  1   1   2   3   4" in dice
    assert "Keep which dice (after roll 1 of 3)? e.g. r14 w22, or stop." in text
    root = svg_of(s)
    dice_svg = dice_of(root)
    reds = [d for d in dice_svg if d["data-colour"] == "red"]
    assert [(d["data-face"], d["data-forced"], d["data-kept"]) for d in reds] == [
        ("1", "false", "false"),
        ("5", "true", "true"),
        ("6", "true", "true"),
    ]
    assert by_id(root, "dice").get("data-roll") == "1"
    assert by_id(root, "dice").get("data-locked") == "false"


def test_kept_dice_and_dice_to_roll_again() -> None:
    s = run(start(), "red 156", "white 11234", "keep r56 w11")
    # The red 1 and three whites go back in the cup.
    dice = turn_dice(s)
    assert [(d.colour, d.face, d.kept) for d in dice if d.colour == "red"] == [
        ("red", 5, True),
        ("red", 6, True),
        ("red", None, False),
    ]
    assert s.dice.to_roll == (("red", 1), ("white", 3))
    text = str(s)
    assert "Dice (roll 2 of 3)" in text
    assert "red «5» «6»  ?" in text and "white [1] [1]  ?   ?   ?" in text
    assert "Rolling 1 red, 3 white dice." in text
    root = svg_of(s)
    whites = [d for d in dice_of(root) if d["data-colour"] == "white"]
    assert [(d["data-face"], d["data-kept"]) for d in whites] == [
        ("1", "true"),
        ("1", "true"),
        ("", "false"),
        ("", "false"),
        ("", "false"),
    ]


def test_locked_dice_after_the_third_roll() -> None:
    s = start()
    run(s, "red 234", "white 23344", "keep r234 w3344", "white 2")
    run(s, "keep r234 w2334", "white 6")
    # All locked: the 4s are to split (Shelter, Hide, Fight, Backroads).
    text = str(s)
    assert "Dice (all locked after roll 3)" in text
    assert "red [2] [3] [4]" in text
    assert "Use 2 fours: Seek Shelter (5s: 0), Hide (6s: 1), Fight or Backroads." in text
    root = svg_of(s)
    assert by_id(root, "dice").get("data-locked") == "true"
    assert all(d["data-kept"] == "true" for d in dice_of(root))


def test_shootout_and_effects_in_force() -> None:
    s = start(until_town_or_event=FX_HILLS | FX_DOWNHILL)
    run(s, "red 466", "white 12345")
    text = str(s)
    assert "In force: Gold in Them Hills; Downhill Ride" in text
    # The hills turn a white 5 into a 3, then keep everything.
    run(s, "hills w5", "stop")
    run(s, "fours s0 h0 f2 b0")
    # One 1 and the Downhill Ride's extra move: two spaces; no 5 left, the 6s attack.
    assert s.phase == C_POSSE_VOLLEY and s.journey.space == 3
    text = str(s)
    assert "Shootout (gang), round 1: Posse 2 dice + 6 Ammo against Gang 2 dice" in text
    assert "Shootout round 1: your dice are rolled." in text


# -- the route, the days and the resources -----------------------------------------------------


def test_route_days_and_resources_in_text() -> None:
    s = start(day=12, space=18, food=4, posse=6, ammo=4, gold=2, items=16)
    text = str(s)
    assert "Day 13 of 40 · space 18 of 95 (77 to Reno) · next: E 20, Dutch Flat 35" in text
    route = line_with(text, "Ahead:")
    assert "Ahead: ◆18 · 20 E · 30 E · 35 Dutch Flat" in route and "Calico" not in route
    days = line_with(text, "Days ")
    chart = days.split()[1:9]
    assert "".join(chart).count("×") + "".join(chart).count("⊗") == 12
    assert days.count("⊗") == 2 and " 12/40" in days
    assert "Rations Day 15: 6 to feed, 4 Food" in text
    assert "Posse 6/12 ●●●●●●○○○○○○" in text
    assert "Food  4/12" in text and "Ammo 4" in text and "Gold 2" in text
    assert "Medicine/Bandages" in text
    # The stretch of route: the posse's space (◆) above its number.
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if "◆" in ln and "Ahead" not in ln)
    col = lines[i].index("◆")
    assert lines[i + 1][col - 1 : col + 1] == "18"
    assert "Calico" in lines[i - 1]


def test_route_days_and_resources_in_svg() -> None:
    s = start(day=12, space=18, food=4, posse=6, ammo=4, gold=2, items=16, guns_bonus=3)
    root = svg_of(s)
    assert by_id(root, "posse").get("data-space") == "18"
    res = by_id(root, "resources")
    assert (res.get("data-posse"), res.get("data-food"), res.get("data-ammo")) == ("6", "4", "4")
    assert (res.get("data-gold"), res.get("data-guns"), res.get("data-cap")) == ("2", "3", "12")
    days = [r for r in root.iter(SVG + "rect") if r.get("data-day")]
    assert [int(r.get("data-day", 0)) for r in days] == list(range(1, 41))
    assert sum(r.get("data-passed") == "true" for r in days) == 12
    assert [r.get("data-day") for r in days if r.get("data-rations") == "true"] == [
        str(d) for d in range(5, 41, 5)
    ]
    spaces = {r.get("data-space"): r for r in root.iter(SVG + "rect") if r.get("data-space")}
    assert len(spaces) == 95
    assert spaces["15"].get("data-town") == "Calico" and spaces["20"].get("data-kind") == "event"
    assert spaces["95"].get("data-kind") == "destination"
    assert spaces["17"].get("data-passed") == "true" and spaces["18"].get("data-passed") == "false"
    items = by_id(root, "items")
    assert items.get("data-items") == "medicine"
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "Calico" in texts and "Reno" in texts and "Medicine/Bandages" in texts


def test_days_chart_marks_rations_days() -> None:
    s = start(day=7)
    assert days_chart(s).plain.startswith("Days  ××××⊗ ××○·R ····R")


# -- a Town ------------------------------------------------------------------------------------


def test_in_a_town_with_an_item_for_sale() -> None:
    s = start(space=13)
    # Two 1s reach Calico (movement stops); the Town is visited at the end of the turn.
    run(s, "red 114", "white 22334", "stop", "item 4")
    assert s.phase == P_SHOP and s.journey.space == 15
    text = str(s)
    assert "In Calico: for sale: Binoculars (2 Gold)" in text
    assert "In Calico: buy, play Poker or leave." in text
    assert "◆15 Calico" in line_with(text, "Ahead:")
    assert "Stopped at a Town" in text
    root = svg_of(s)
    posse = by_id(root, "posse")
    assert (posse.get("data-space"), posse.get("data-kind")) == ("15", "town")
    # Poker: the stake, then the white dice.
    run(s, "poker", "stake 1g", "white 12345")
    text = str(s)
    assert "Poker (roll 1 of 3) stake 1 Gold, 0 Food, 0 Ammo: white  1   2   3   4   5" in text
    assert s.log[-1].text == "Poker roll 1, white: 1 2 3 4 5."
    root = svg_of(s)
    assert by_id(root, "dice").get("data-mode") == "poker"
    assert len(dice_of(root)) == 5


# -- episode 2 ---------------------------------------------------------------------------------


def test_episode_2_dice_gang_and_resource_spaces() -> None:
    s = start({"episode": 2}, crowes=15, space=3)
    run(s, "black 1", "red 56", "white 23346")
    text = str(s)
    assert "black (×2)  1   red «5» «6»  white  2   3   3   4   6" in text
    assert "Crowes ×××■■■■■■■■■■■■■■■ +Russell +Sheryl: 17 dice at the Showdown" in text
    route = line_with(text, "Ahead:")
    assert "Ahead: ◆3 · 5 F+ · 9 E · 12 A+" in route
    root = svg_of(s)
    crowe = by_id(root, "crowe")
    assert (crowe.get("data-left"), crowe.get("data-boxes")) == ("15", "18")
    crossed = [r for r in crowe.iter(SVG + "rect") if r.get("data-crossed") == "true"]
    assert len(crossed) == 3
    leaders = [r.get("data-leader") for r in crowe.iter(SVG + "rect") if r.get("data-leader")]
    assert leaders == ["russell", "sheryl"]
    blacks = [d for d in dice_of(root) if d["data-colour"] == "black"]
    assert [d["data-face"] for d in blacks] == ["1"]
    spaces = {r.get("data-space"): r for r in root.iter(SVG + "rect") if r.get("data-space")}
    assert spaces["5"].get("data-resource") == "F+" and spaces["31"].get("data-resource") == "D+"
    # Land on F+ (the black 1 moves two): a resource space.
    run(s, "stop")
    said = [e.text for e in s.log]
    assert s.journey.space == 5 and "The F+ space: +1 Food (5 → 6)." in said


def test_episode_2_showdown() -> None:
    s = start({"episode": 2}, crowes=3, space=79, posse=4, ammo=2)
    run(s, "black 2", "red 24", "white 12244", "stop")
    assert s.phase == P_TACTIC and s.mode == "showdown"
    text = str(s)
    assert "Ghost Town Showdown" in text and "round 1" in text
    assert "Posse  4 dice:  ?   ?   ?   ?" in text
    assert "Crowe  5 dice:  ?   ?   ?   ?   ?" in text
    assert "declare a Tactic" in text
    run(s, "tactic charge", "posse 1346", "crowe 12256")
    assert s.phase == P_REROLL
    text = str(s)
    assert "tactic charge · tactics used: charge · reroll open (Ammo 2)" in text
    assert "Posse  4 dice:  1   3   4   6" in text
    root = svg_of(s)
    sd = by_id(root, "showdown")
    assert (sd.get("data-tactic"), sd.get("data-used"), sd.get("data-round")) == (
        "charge",
        "charge",
        "1",
    )
    sides = {g.get("data-side"): g for g in sd.iter(SVG + "g") if g.get("data-side")}
    faces = [g.get("data-face") for g in sides["crowe"].iter(SVG + "g") if g.get("class")]
    assert faces == ["1", "2", "2", "5", "6"]
    assert len(dice_of(root)) == 9


def test_scripted_dice_to_the_end_of_a_game() -> None:
    """A short game played out with scripted dice; the last sheet says how it ended."""
    state = GAME.new_state(D6ShootersOptions(version="shorter", episode=2))
    assert isinstance(state, D6State)
    state.journey.space = state.destination - 1
    state.journey.crowes = 0
    dice = ScriptedDice(["black 2", "red 24", "white 12244", "posse 4444444444", "crowe 12"])
    steps = ("roll", "roll", "roll", "stop", "tactic none", "roll", "roll", "pass", "assign 2")
    for step in steps:
        if step == "roll":
            state.apply(dice.roll(state))
        else:
            run(state, step)
    assert dice.remaining == 0
    assert state.journey.ended == "won"
    text = render_text(state, width=400)
    assert "The posse wins the Ghost Town Showdown at Levitra on Day 1" in text
    root = svg_of(state)
    assert root.get("data-over") == "true"


# -- every state of random games ---------------------------------------------------------------


def walk(state: D6State, seed: int) -> list[D6State]:
    """Every state of a game played on from ``state`` with random choices."""
    rng = np.random.default_rng(seed)
    out = [state.clone()]
    while not state.is_over:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            state.apply(actions[int(rng.integers(len(actions)))])
        out.append(state.clone())
    return out


def check_renders(states: list[D6State]) -> None:
    for state in states:
        ET.fromstring(render_svg(state))
        if state.is_over or len(state.history) % 3 == 0:
            for width in (100, 80):
                text = render_text(state, width=width)
                assert max(len(ln) for ln in text.splitlines()) <= width


@pytest.mark.parametrize(
    "options",
    [
        D6ShootersOptions(),
        D6ShootersOptions(episode=1, version="easier", events="d6"),
        D6ShootersOptions(episode=2),
        D6ShootersOptions(episode=2, version="shorter", events="d6"),
    ],
    ids=["ep1", "ep1-easier-d6", "ep2", "ep2-shorter-d6"],
)
def test_every_state_of_random_games_renders(options: D6ShootersOptions) -> None:
    for seed in range(2):
        state = GAME.new_state(options)
        assert isinstance(state, D6State)
        check_renders(walk(state, seed))


def test_random_towns_poker_and_showdowns_render() -> None:
    """Random play from near a Town (episode 1: Poker) and near Hoodia."""
    showdowns = shops = 0
    for seed in range(4):
        states = walk(start(space=12, gold=6, food=10), seed)
        shops += any(s.phase == P_SHOP for s in states)
        check_renders(states)
        states = walk(start({"episode": 2}, space=77, crowes=3, ammo=6), seed)
        check_renders(states)
        showdowns += any(s.mode == "showdown" for s in states)
    assert showdowns and shops


def test_route_marks_and_gang_track() -> None:
    s = start({"episode": 2, "version": "shorter"})
    marks = route_marks(s)
    assert marks[0] == (1, "start", "Silverton") and marks[-1] == (35, "destination", "Levitra")
    assert crowe_track(s) == (6, 6)
