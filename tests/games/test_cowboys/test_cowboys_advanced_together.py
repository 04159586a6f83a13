"""Cowboys' Advanced Rules played together (rulebook, "Advanced Rules":
"players should generally use them all"): Move and Shoot's moves meet
Reaction Fire's windows, a reaction shot's hit flips for Variable Damage,
and ``advanced`` switches every rule on. Scripted dice and cards on the
test street of conftest (rows 1-4 and 6 open, a bank on b5-e5)."""

from __future__ import annotations

from saloon.games.cowboys.options import ADVANCED_RULES, CowboysOptions
from saloon.games.cowboys.rules.phase import Phase

from .conftest import C, act, figure, log_text, street_game

ALL = ("move_and_shoot", "reaction_fire", "variable_damage")


def test_advanced_switches_on_the_seven_advanced_rules() -> None:
    """``advanced=true`` is the seven Advanced Rules, and only them."""
    assert CowboysOptions(advanced=True).optional_rules == ADVANCED_RULES
    assert len(ADVANCED_RULES) == 7 and "fan_fire" not in ADVANCED_RULES


def test_a_move_and_shoot_stopped_by_a_reaction_shot_loses_its_shot() -> None:
    """Move and Shoot walks its move square by square: an opposing cowboy
    who has not acted may react at a square entered (Reaction Fire); a
    mover knocked down there stops, and his shot is lost (CW-V25, CW-V35)."""
    s = street_game(
        [C("C1", "a1", "S"), C("C4", "h6", "S")],
        [C("C2", "d3", "W", modifier=1), C("C3", "h4", "N")],
        rules=ALL,
    )
    act(s, "C1 move T:a4 E shoot C3")
    assert s.phase == Phase.REACT and s.ref(figure(s, "C1").square) == "T:a2"
    act(s, "C2 react C1", "roll 6 6")  # a natural 12: two hits, each flipping a card
    act(s, "damage AS", "damage KH")  # four and three: seven wounds
    assert not figure(s, "C1").standing
    assert "does not get to his square; his shot at Cowboy 3 is lost" in log_text(s)
    assert figure(s, "C3").health == 4


def test_a_move_and_shoot_that_gets_through_shoots_at_minus_one_a_square() -> None:
    """Passed at every window, the move ends and the shot is fired from its
    end at -1 a square moved (three squares: -3)."""
    s = street_game(
        [C("C1", "a1", "S")], [C("C2", "d3", "W", modifier=1), C("C3", "h4", "N")], rules=ALL
    )
    act(s, "C1 move T:a4 E shoot C3")
    windows = 0
    while s.phase == Phase.REACT:
        act(s, "pass")
        windows += 1
    assert windows == 3  # a2, a3, a4: each in C2's sight
    p = s.pending
    assert p is not None and p.info is not None
    assert dict(p.info.mods).get("on the move") == -3
    assert s.ref(figure(s, "C1").square) == "T:a4"


def test_a_reaction_hit_flips_for_its_damage_and_a_two_pins_the_mover() -> None:
    """A reaction shot's hit flips a card as any hit does (Variable
    Damage): a 2 grazes, pinning the mover, who goes on with his move
    (a graze does no damage: CW-V11, CW-V35)."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "d3", "W", modifier=1)], rules=ALL)
    act(s, "C1 move T:a4 S", "C2 react C1", "roll 5 5", "damage 2C")
    while s.phase == Phase.REACT:
        act(s, "pass")
    c1 = figure(s, "C1")
    assert c1.health == 4 and c1.pinned
    assert s.ref(c1.square) == "T:a4"
