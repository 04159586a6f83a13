"""The d6 Shooters played by clicking its dice (issue 36, "Point at the board").

At a keep the person clicks the dice to keep, in any order, and confirms the
keep by its words; the red 5s and 6s locked by the first roll are drawn
locked and cannot be clicked (Ep.1/Ep.2 "Gameplay"). The 4s' split and the
other choices not about a die are buttons with words. The dice other
decisions are about (Gold in Them Hills, the Binoculars, the Lucky Charm,
the Showdown's reroll and Distract) are clicked too.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import numpy as np
import pytest

from saloon.core import get_game
from saloon.games.d6shooters.actions import Change, Fours, Keep, Reroll
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.pointing import dice_points, die_point, points_now
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import (
    BINOCULARS,
    CHARM,
    FX_HILLS,
    P_BINOCULARS,
    P_CHARM,
    P_FOURS,
    P_HILLS,
    P_KEEP,
    P_NUDGE,
    P_REROLL,
    STOP,
)
from saloon.games.d6shooters.scenario import turn_start
from saloon.web.views import choices

from .conftest import run, start

GAME = get_game("d6shooters")
SVG = "{http://www.w3.org/2000/svg}"
_POINT = re.compile(r"^die:([bwrpc])([1-6])(\.locked)?(?:\.(\d+))?$")


def drawn_dice(state: D6State) -> list[dict[str, str]]:
    """The dice of the drawing, each by its attributes."""
    root = ET.fromstring(GAME.render_svg(state, 0))
    return [dict(g.attrib) for g in root.iter(SVG + "g") if g.get("class") == "die"]


def drawn_points(state: D6State) -> dict[str, str]:
    """The points of the drawing and their words."""
    return {
        d["data-point"]: d.get("aria-label", "") for d in drawn_dice(state) if "data-point" in d
    }


def faces_of(points: tuple[str, ...], letter: str) -> tuple[int, ...]:
    """The faces of the dice of one kind that the points name, each die once."""
    out = []
    for p in points:
        m = _POINT.match(p)
        assert m is not None, f"{p!r} is not a die's point"
        if m.group(1) == letter:
            out.append(int(m.group(2)))
    return tuple(sorted(out))


def check_keeps(state: D6State) -> int:
    """At a keep decision: the points of each keep are its free dice, one
    per die, picked as a set, each drawn with words; no two keeps share a
    set; a keep of no free die and ``stop`` are buttons. The number of
    keeps checked."""
    assert state.phase == P_KEEP and state.points_in_any_order()
    drawn = drawn_points(state)
    locked = state.dice.locked
    sets: Counter[frozenset[str]] = Counter()
    checked = 0
    for a in state.legal_actions():
        pointer = state.pointer(a)
        if a == STOP:
            assert pointer is None
            continue
        assert isinstance(a, Keep)
        free_red = list(a.red)
        for f in locked:  # the locked red dice are in every keep ("Gameplay")
            free_red.remove(f)
        if not (a.black or free_red or a.white):
            assert pointer is None, f"{a}: keeps no free die, yet is on the board"
            continue
        assert pointer is not None, f"{a} is not on the board"
        points = pointer.points
        assert len(set(points)) == len(points), f"{a} names a die twice: {points}"
        assert faces_of(points, "b") == a.black
        assert faces_of(points, "r") == tuple(free_red)
        assert faces_of(points, "w") == a.white
        assert not any(p.endswith(".locked") or ".locked." in p for p in points)
        for p in points:
            assert p in drawn, f"{a} points at {p!r}, not drawn"
            assert drawn[p].strip() and "die showing" in drawn[p]
        sets[frozenset(points)] += 1
        checked += 1
    assert all(n == 1 for n in sets.values()), "two keeps with the same dice"
    return checked


def check_locked_drawn(state: D6State) -> None:
    """The red dice locked by the first roll are drawn locked (a padlock,
    "locked" in their words) and are no point of a keep."""
    dice = drawn_dice(state)
    forced = [d for d in dice if d["data-forced"] == "true"]
    assert len(forced) == len(state.dice.locked)
    for d in forced:
        assert "locked" in d["aria-label"]
        if state.phase == P_KEEP:
            assert "data-point" not in d, f"a locked die is a point: {d}"
    for d in dice:
        if d["data-face"] and d["data-forced"] == "false":
            assert "locked" not in d["aria-label"]


# -- keeps ---------------------------------------------------------------------------------


def test_first_roll_keeps_are_their_dice_and_the_locked_dice_are_drawn_locked() -> None:
    s = run(start(), "red 156", "white 11234")
    assert s.phase == P_KEEP and s.points_in_any_order()
    pointer = s.pointer(GAME.parse_action("keep r156 w14"))
    assert pointer is not None and pointer.points == ("die:r1", "die:w1", "die:w4")
    # The second white 1 is its own point: both 1s may be kept.
    pointer = s.pointer(GAME.parse_action("keep r56 w11"))
    assert pointer is not None and pointer.points == ("die:w1", "die:w1.2")
    # Keeping only the locked 5 and 6 (everything else rolled again) is a button.
    assert s.pointer(GAME.parse_action("keep r56")) is None
    assert s.pointer(STOP) is None
    assert check_keeps(s) == len(s.legal_actions()) - 2
    check_locked_drawn(s)
    drawn = drawn_points(s)
    assert drawn == {
        "die:r1": "red die showing 1",
        "die:w1": "white die showing 1",
        "die:w1.2": "white die showing 1",
        "die:w2": "white die showing 2",
        "die:w3": "white die showing 3",
        "die:w4": "white die showing 4",
    }
    reds = [d for d in drawn_dice(s) if d["data-colour"] == "red"]
    assert [d.get("aria-label") for d in reds] == [
        "red die showing 1",
        "red die showing 5, locked for good",
        "red die showing 6, locked for good",
    ]


def test_the_svg_marks_a_padlock_on_locked_dice_and_dice_take_clicks() -> None:
    s = run(start(), "red 156", "white 11234")
    svg = GAME.render_svg(s, 0)
    root = ET.fromstring(svg)
    for g in root.iter(SVG + "g"):
        if g.get("class") != "die" or not g.get("data-face"):
            continue
        body = g.find(SVG + "rect")
        assert body is not None and body.get("fill") not in (None, "none")
        if g.get("data-forced") == "true":
            # The padlock: its shackle (a path) and its body (a second rect).
            assert g.find(SVG + "path") is not None and len(g.findall(SVG + "rect")) == 2


def test_a_keep_of_no_dice_is_a_button_when_nothing_is_locked() -> None:
    s = run(start(), "red 124", "white 12334")
    keep_none = Keep((), (), ())
    assert keep_none in s.legal_actions() and s.pointer(keep_none) is None
    assert "Keep nothing" in s.describe_action(keep_none)
    check_keeps(s)
    check_locked_drawn(s)


def test_second_roll_keeps_and_a_red_five_of_a_later_roll_is_free() -> None:
    """Only the first roll's red 5s and 6s lock ("Gameplay"): a red 5 of the
    second roll beside a locked one is a point of its own."""
    s = run(start(), "red 156", "white 11234", "keep r56 w11", "red 5", "white 566")
    assert s.phase == P_KEEP and s.dice.red == (5, 5, 6) and s.dice.locked == (5, 6)
    pointer = s.pointer(GAME.parse_action("keep r556 w66"))
    assert pointer is not None and pointer.points == ("die:r5", "die:w6", "die:w6.2")
    check_keeps(s)
    check_locked_drawn(s)
    reds = [d for d in drawn_dice(s) if d["data-colour"] == "red"]
    assert [(d["data-face"], d.get("data-point")) for d in reds] == [
        ("5", None),
        ("5", "die:r5"),
        ("6", None),
    ]


def test_episode_2_black_die_is_clicked_with_its_words() -> None:
    s = run(start({"episode": 2}), "black 3", "red 26", "white 13345")
    pointer = s.pointer(GAME.parse_action("keep b3 r6 w33"))
    assert pointer is not None and pointer.points == ("die:b3", "die:w3", "die:w3.2")
    assert drawn_points(s)["die:b3"] == "black die showing 3 (counts as two)"
    check_keeps(s)
    check_locked_drawn(s)


def test_poker_keeps_the_white_dice_by_clicking_them() -> None:
    """Ep.1 "Poker": three rolls of the white dice, kept as in a turn."""
    s = start(space=13, gold=4)
    run(s, "red 112", "white 23333", "stop", "item 1", "poker", "stake 1g", "white 13456")
    assert s.mode == "poker" and s.phase == P_KEEP and s.points_in_any_order()
    pointer = s.pointer(GAME.parse_action("keep w56"))
    assert pointer is not None and pointer.points == ("die:w5", "die:w6")
    check_keeps(s)


@pytest.mark.parametrize("episode", [1, 2])
def test_seeded_keep_decisions(episode: int) -> None:
    """Keep decisions of seeded games (random dice, random keeps): every keep
    is its dice, every die drawn with words, the locked ones locked."""
    rng = np.random.default_rng(36 + episode)
    options = D6ShootersOptions(episode=episode)
    seen = 0
    for _ in range(6):
        s = GAME.new_state(options)
        assert isinstance(s, D6State)
        steps = 0
        while not s.is_over and steps < 150:
            steps += 1
            if s.is_chance:
                s.apply(s.sample_chance(rng))
                continue
            if s.phase == P_KEEP:
                seen += check_keeps(s)
                check_locked_drawn(s)
            else:
                assert not s.points_in_any_order()
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])
    assert seen > 100


# -- the other decisions -----------------------------------------------------------------------


def test_the_fours_split_is_buttons_with_words() -> None:
    s = run(start(), "red 124", "white 14456", "stop")
    assert s.phase == P_FOURS and not s.points_in_any_order()
    words = []
    for a in s.legal_actions():
        assert isinstance(a, Fours) and s.pointer(a) is None
        words.append(s.describe_action(a))
    assert all(w.startswith("Split the 4s: ") for w in words)
    assert len(set(words)) == len(words)
    assert "Split the 4s: 1 to Seek Shelter (one 5 removed), 2 to Backroads (1 space)" in words
    shown = choices(s)
    assert all(a["points"] is None for a in shown["actions"])
    assert not drawn_points(s)


def test_gold_in_them_hills_points_at_the_die() -> None:
    s = run(start(until_town_or_event=FX_HILLS), "red 466", "white 12245")
    assert s.phase == P_HILLS
    pointer = s.pointer(GAME.parse_action("hills w5"))
    assert pointer is not None and pointer.points == ("die:w5",)
    # The red 6s are locked: no Gold in Them Hills for them, no point.
    assert set(drawn_points(s)) == {"die:r4", "die:w1", "die:w2", "die:w4", "die:w5"}
    assert GAME.parse_action("pass") in s.legal_actions()
    assert s.pointer(GAME.parse_action("pass")) is None


def test_binoculars_point_at_the_locked_red_die() -> None:
    """Binoculars (Ep.1 "Special Items"): a locked red 5 may be rerolled; at
    that decision the locked die is clicked, and it still reads locked."""
    s = run(start(items=BINOCULARS), "red 156", "white 12233")
    assert s.phase == P_BINOCULARS
    pointer = s.pointer(GAME.parse_action("binoculars 5"))
    assert pointer is not None and pointer.points == (die_point("r", 5, locked=True),)
    assert drawn_points(s) == {"die:r5.locked": "red die showing 5, locked for good"}
    check_locked_drawn(s)


def test_the_lucky_charm_points_at_a_white_die_and_says_which_way() -> None:
    """Ep.2 Lucky Charm: one white die a pip up or down; the two ways share
    the die and are told apart by their last words."""
    s = run(start({"episode": 2}, items=CHARM), "black 2", "red 23", "white 22333", "stop")
    assert s.phase == P_CHARM
    down, up = s.pointer(GAME.parse_action("charm w2-")), s.pointer(GAME.parse_action("charm w2+"))
    assert down is not None and up is not None
    assert down.points == up.points == ("die:w2",)
    assert (down.last, up.last) == ("make it a 1", "make it a 3")
    assert set(drawn_points(s)) == {"die:w2", "die:w3"}


def test_the_showdown_reroll_and_distract_click_the_dice() -> None:
    s = start({"episode": 2}, crowes=3, space=79, posse=4, ammo=2)
    run(s, "black 2", "red 24", "white 12244", "stop")
    assert all(s.pointer(a) is None for a in s.legal_actions())  # the Tactics: buttons
    run(s, "tactic distract", "posse 1346", "crowe 12256")
    assert s.phase == P_REROLL and s.points_in_any_order()
    pointer = s.pointer(Reroll((1, 3), (5,)))
    assert pointer is not None and pointer.points == ("die:p1", "die:p3", "die:c5")
    drawn = drawn_points(s)
    assert drawn["die:c2.2"] == "Crowe Gang die showing 2"
    assert drawn["die:p6"] == "Posse die showing 6"
    sets = Counter(frozenset(p.points) for a in s.legal_actions() if (p := s.pointer(a)))
    assert all(n == 1 for n in sets.values())
    run(s, "pass")
    assert s.phase == P_NUDGE and not s.points_in_any_order()
    nudges = [a for a in s.legal_actions() if isinstance(a, Change)]
    for a in nudges:
        p = s.pointer(a)
        assert p is not None and p.points == (die_point(a.colour, a.face),)
        assert p.points[0] in drawn_points(s) and p.last == f"make it a {a.to}"
    assert s.pointer(GAME.parse_action("done")) is None


def test_no_die_is_a_point_while_the_dice_roll() -> None:
    s = run(start(), "red 156")
    assert s.is_chance and not points_now(s) and not drawn_points(s)
    assert all("data-point" not in d for d in drawn_dice(turn_start()))


def test_dice_points_name_each_die_once() -> None:
    assert dice_points("w", (4, 1, 1)) == ("die:w1", "die:w1.2", "die:w4")
    assert dice_points("r", (5,), locked=True) == ("die:r5.locked",)
