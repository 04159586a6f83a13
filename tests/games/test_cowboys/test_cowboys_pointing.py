"""Cowboys played by pointing at the board (issue 36): each action's points
(:func:`saloon.games.cowboys.pointing.pointer`) and the marks of the
drawing (``data-point`` with words in ``aria-label``, :mod:`..render`).

Scripted positions on the test street of conftest (rows 1-4 and 6 open, a
bank on b5-e5): a move, a shot with its chance to hit, a reaction shot, a
card in the hand, a horse, the town's edge; then a few decisions of every
scenario, every action's points found among the mover's marks.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import numpy as np
import pytest

from saloon.core.state import Pointer
from saloon.games.cowboys import GAME
from saloon.games.cowboys.actions import (
    END,
    PASS,
    Move,
    Play,
    React,
    Reload,
    Shoot,
    Spin,
    Wait,
)
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.pointing import pointer, square_point
from saloon.games.cowboys.render import render_svg
from saloon.games.cowboys.rules.odds import of_state
from saloon.games.cowboys.rules.phase import Phase
from saloon.games.cowboys.rules.reaction import REACTION
from saloon.games.cowboys.rules.shots import shot_info
from saloon.games.cowboys.rules.state import CowboysState
from saloon.games.cowboys.words import percent

from .conftest import STREET, C, act, street_game

SVG = "{http://www.w3.org/2000/svg}"
_POINT = re.compile(r'data-point="([^"]*)"(?:[^>]*?aria-label="([^"]*)")?')


def marks(svg: str) -> dict[str, str]:
    """The drawing's points and their words (as the browser's test reads them)."""
    return {m.group(1): m.group(2) or "" for m in _POINT.finditer(svg)}


def elements(svg: str, point: str) -> list[ET.Element]:
    """The drawing's elements that carry ``point``."""
    return [e for e in ET.fromstring(svg).iter() if e.get("data-point") == point]


def chance(state: CowboysState, shooter: str, target: str, **kw: object) -> str:
    """A shot's chance to hit at least once, read off the odds module."""
    info = shot_info(state, state.index[shooter], target, **kw)  # type: ignore[arg-type]
    assert info is not None
    return percent(1 - of_state(state, info).shot[0])


def sq(ref: str) -> str:
    return square_point(STREET.square(ref))


# -- (a) a move ------------------------------------------------------------------------------


def test_a_move_points_at_the_figure_then_the_square_facing_in_the_last_words() -> None:
    s = street_game([C("C1", "a1", "S")], [C("C2", "h6", "N")])
    p = s.pointer(Move("C1", "T:a3", "E"))
    assert p == Pointer(("fig:C1", sq("T:a3")), last="face east")
    # The four facings share the points and differ in their last words.
    lasts = {s.pointer(a).last for a in s.legal_actions() if str(a).startswith("C1 move T:a3")}  # type: ignore[union-attr]
    assert lasts == {"face north", "face east", "face south", "face west"}
    # Staying in his square and turning is on the figure alone.
    assert s.pointer(Move("C1", "T:a1", "E")) == Pointer(("fig:C1",), last="turn to face east")
    svg = render_svg(s, 0)
    drawn = marks(svg)
    assert drawn["fig:C1"].startswith("Cowboy 1") and "Side 1" in drawn["fig:C1"]
    assert drawn[sq("T:a3")] == "square T:a3, on the street"
    assert drawn[sq("T:c5")] == "square T:c5, in the Bank"
    # The square is a group around a filled rectangle: it takes the click.
    (mark,) = elements(svg, sq("T:a3"))
    assert mark.tag == SVG + "g"
    rect = mark.find(SVG + "rect")
    assert rect is not None and rect.get("fill") not in (None, "none")


def test_actions_on_the_figure_itself_and_the_ones_beside_the_board() -> None:
    s = street_game([C("C1", "a1", "S")], [C("C2", "h6", "N")])
    assert s.pointer(Wait("C1")) == Pointer(("fig:C1",), last="do nothing this turn")
    assert s.pointer(END) is None
    assert pointer(s, Reload("C1", "pistol")) == Pointer(("fig:C1",), last="reload the pistol")


def test_a_ride_and_the_edge_of_the_town() -> None:
    """Movement with Horses: ending mounted is in the last words; a move off
    the town points at the edge it crosses (Scenarios, escape)."""
    s = street_game(
        [C("C1", "a2", "N")],
        [C("C2", "h6", "W")],
        objects=(("horse", "T:a3", "N"),),
        exits=("N",),
    )
    assert s.pointer(s.parse("C1 ride T:a3 E")) == Pointer(
        ("fig:C1", sq("T:a3")), last="on horseback, face east"
    )
    assert s.pointer(s.parse("C1 move T:a3 E")) == Pointer(("fig:C1", sq("T:a3")), last="face east")
    assert s.pointer(s.parse("C1 move off N")) == Pointer(("fig:C1", "edge:N"), last="on foot")
    drawn = marks(render_svg(s, 0))
    assert drawn["edge:N"] == "the north edge of the town"


# -- (b) a shot and its chance ------------------------------------------------------------------


def test_a_shot_is_tagged_with_its_chance_to_hit_from_the_odds_module() -> None:
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")])
    one = s.pointer(Shoot("C1", "C2", 1))
    two = s.pointer(Shoot("C1", "C2", 2))
    assert one is not None and two is not None
    assert one.points == two.points == ("fig:C1", "fig:C2")
    assert (one.last, two.last) == ("one shot", "two shots")
    assert one.tag == chance(s, "C1", "C2") and re.fullmatch(r"\d+%", one.tag)
    # A spin and shoot: the same points, the facing in the last words.
    spin = s.pointer(Spin("C1", "E", "C2"))
    assert spin is None or spin.points == one.points
    words = s.describe_action(Shoot("C1", "C2", 1))
    assert f"{one.tag} to hit" in words  # the tag is the chance the words give


def test_a_horse_is_a_target_of_its_own_for_the_shooter_only() -> None:
    s = street_game([C("C1", "a1", "S")], [C("C2", "h6", "W")], objects=(("horse", "T:a3", "N"),))
    p = s.pointer(Shoot("C1", "H1", 1))
    assert p is not None and p.points == ("fig:C1", "horse:H1")
    assert p.tag == chance(s, "C1", "H1")
    assert marks(render_svg(s, 0))["horse:H1"].startswith("Horse 1")
    # Drawn for another seat, the horse lets a click through to its square.
    other = render_svg(s, 1)
    assert "horse:H1" not in marks(other)
    (horse,) = [e for e in ET.fromstring(other).iter() if e.get("class") == "horse"]
    assert horse.get("pointer-events") == "none"


def test_a_horse_under_a_figure_on_foot_is_drawn_over_him_as_a_target() -> None:
    """A loose horse in a figure's square is drawn small in its corner: as
    a target it comes after the figures, so the figure does not take its click."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N")], objects=(("horse", "T:a4", "N"),))
    p = s.pointer(Shoot("C1", "H1", 1))
    assert p is not None and p.points == ("fig:C1", "horse:H1")
    order = [e.get("data-point") for e in ET.fromstring(render_svg(s, 0)).iter()]
    assert order.index("horse:H1") > order.index("fig:C2")


def test_a_horse_ridden_is_pointed_at_by_its_rider() -> None:
    """A shot at a horse ridden (Shoot; Movement with Horses): the horse is
    drawn under its rider, whose mark takes the click; the last words say
    the shot is at the horse, the tag is its own chance."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N", mounted=True)])
    rider = s.pointer(Shoot("C1", "C2", 1))
    horse = s.pointer(Shoot("C1", "H1", 1))
    assert rider is not None and horse is not None
    assert rider.points == horse.points == ("fig:C1", "fig:C2")
    assert (rider.last, horse.last) == ("one shot", "one shot at Horse 1")
    assert horse.tag == chance(s, "C1", "H1")
    drawn = marks(render_svg(s, 0))
    assert "horse:H1" not in drawn and drawn["fig:C2"].endswith("on Horse 1")


# -- (c) a reaction window ----------------------------------------------------------------------


def test_a_reaction_shot_is_pointed_at_on_the_board() -> None:
    """Advanced Rules, Reaction Fire: the cowboy who reacts, then the mover,
    with the chance of the shot at -2."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "d3", "W")], rules=("reaction_fire",))
    act(s, "C1 move T:a4 S")
    assert s.phase == Phase.REACT and s.to_move == 1
    p = s.pointer(React("C2", "C1"))
    assert p is not None and p.points == ("fig:C2", "fig:C1") and p.last == "reaction shot"
    assert p.tag == chance(s, "C2", "C1", extra=(("reaction fire", REACTION),))
    assert s.pointer(PASS) is None
    drawn = marks(render_svg(s, 1))
    assert {"fig:C1", "fig:C2"} <= set(drawn)


# -- (d) a card in the hand ---------------------------------------------------------------------


def test_a_card_in_the_hand_is_drawn_with_its_point_for_its_holder_only() -> None:
    s = street_game(
        [C("C1", "a1", "S"), C("C3", "b1", "S")],
        [C("C2", "h6", "N")],
        deal=["KH", "2C"],
        cards=(1, 1),
    )
    svg = render_svg(s, 0)
    drawn = marks(svg)
    assert drawn["card:KH"].startswith("card KH, A Good Day for a Killing")
    (card,) = elements(svg, "card:KH")
    assert card.get("class") == "card"
    assert "card:2C" not in drawn and "card:2C" not in marks(render_svg(s, None))
    assert "card:KH" not in marks(render_svg(s, 1))
    # At the start of a move the card is played on a figure: card, then figure.
    act(s, "C1 move T:a2 S")
    if s.phase == Phase.ANSWER:
        # Side 2 is asked whether it answers the move: its card, or pass.
        assert s.to_move == 1 and s.pointer(PASS) is None
        answers = [a for a in s.legal_actions() if isinstance(a, Play)]
        assert all(s.pointer(a) == Pointer(("card:2C",), last=s.pointer(a).last) for a in answers)  # type: ignore[union-attr]
        act(s, "pass")
    assert s.phase == Phase.START and s.to_move == 0
    plays = [a for a in s.legal_actions() if isinstance(a, Play)]
    assert plays
    for a in plays:
        p = s.pointer(a)
        assert p is not None and p.points == ("card:KH", f"fig:{a.target}")
    assert s.pointer(PASS) is None
    drawn = marks(render_svg(s, 0))
    assert all(pt in drawn for a in plays for pt in s.pointer(a).points)  # type: ignore[union-attr]


# -- (e) every scenario ------------------------------------------------------------------------


def check_points(state: CowboysState) -> int:
    """Every point of every legal action is a mark of the mover's drawing,
    with words; actions sharing their points differ in their last words."""
    mover = state.to_move
    assert mover is not None and mover >= 0
    drawn = marks(render_svg(state, mover))
    got = [(a, state.pointer(a)) for a in state.legal_actions()]
    pointed = [(a, p) for a, p in got if p is not None]
    for a, p in pointed:
        for pt in p.points:
            assert drawn.get(pt, "").strip(), f"{a} points at {pt!r}: not drawn with words"
    same = Counter((p.points, p.last) for _, p in pointed)
    assert all(n == 1 for n in same.values()), [k for k, n in same.items() if n > 1][:3]
    return len(pointed)


SCENARIOS = sorted(GAME.variants())
ADVANCED = {
    "fan_fire": True,
    "two_pistols": True,
    "two_targets": True,
    "fist_fights": True,
    "move_and_shoot": True,
    "spin_two_shots": True,
    "reaction_fire": True,
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_point_of_every_action_is_drawn(scenario: str) -> None:
    """A few decisions of each scenario, in the basic game and with the
    advanced rules that add ways to shoot."""
    for extra in ({}, ADVANCED):
        s = GAME.new_state(CowboysOptions(scenario=scenario, **extra))  # type: ignore[arg-type]
        assert isinstance(s, CowboysState)
        rng = np.random.default_rng(5)
        checked = pointed = 0
        for step in range(60):
            if s.is_over:
                break
            if s.is_chance:
                s.apply(s.sample_chance(rng))
                continue
            if step % 4 == 0 or s.phase != Phase.SELECT:
                pointed += check_points(s)
                checked += 1
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])
        assert checked and pointed
