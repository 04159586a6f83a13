"""The rules engine of Cowboys, rule by rule, each test citing its passage
(Cowboys rulebook, basic game) or Saloon's ruling (docs/rulings.md, "Cowboys:
the turn, moves and shots", CW-T...).

The games are laid out on a small board: open street rows 1-4 and 6, and
on row 5 a building (b5-e5) with a door above c5 and a window above d5.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from saloon.core.errors import ContentError, IllegalAction, NotationError
from saloon.core.state import CHANCE
from saloon.games.cowboys import GAME, max_length_of
from saloon.games.cowboys.actions import (
    END,
    PASS,
    Deal,
    Draw,
    Move,
    Play,
    Roll,
    Shoot,
    Spin,
    Wait,
)
from saloon.games.cowboys.options import CowboysOptions
from saloon.games.cowboys.rules.setup import FigureSetup, Goal
from saloon.games.cowboys.rules.state import Phase
from saloon.games.cowboys.rules.victory import over

from .conftest import (
    STREET,
    C,
    act,
    figure,
    legal,
    log_text,
    only_pass,
    random_states,
    rolls,
    street_game,
)

# -- Game Components, Game Turn ----------------------------------------------------------------


def test_components_health_and_movement() -> None:
    """Game Components: a cowboy has 4 health and moves 4, one less of each
    per wound; a town folk has 1 health and moves 4."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a4", "N"), C("T1", "h6")])
    assert (figure(s, "C1").health, figure(s, "C1").movement) == (4, 4)
    assert (figure(s, "T1").health, figure(s, "T1").movement) == (1, 4)
    assert figure(s, "C1").wounded(1).movement == 3


def test_turn_order_one_action_per_figure_and_end() -> None:
    """Game Turn: side 1 acts with its figures, then side 2; each figure
    takes one action; ``end`` leaves the rest doing nothing."""
    s = street_game([C("C1", "a1", "E"), C("C3", "h1", "W")], [C("C2", "a6", "E")])
    assert s.to_move == 0
    act(s, "C1 move T:b1 E")
    assert s.to_move == 0 and not any(a.startswith("C1 ") for a in legal(s))
    act(s, "end")
    assert s.to_move == 1 and s.turn == 1
    act(s, "C2 wait")  # its last figure acted: the part ends by itself
    assert s.to_move == 0 and s.turn == 2
    assert {"C1 wait", "C3 wait"} <= legal(s)


def test_turn_limit_is_a_draw_or_the_scenarios_side() -> None:
    """Scenarios: when the turns run out, the scenario's side wins (CS-V7)."""
    for at_limit, returns in ((None, (0.0, 0.0)), (1, (-1.0, 1.0))):
        s = street_game([C("C1", "a1", "E")], [C("C2", "h6", "W")], turns=1, at_limit=at_limit)
        act(s, "end")
        act(s, "end")
        assert s.is_over and s.returns() == returns


def test_moves_before_shots() -> None:
    """Game Turn: move actions before shoot actions (CW-T2): once a figure of
    the side has shot, the others may not move; off with moves_first=false."""
    for moves_first in (True, False):
        s = street_game(
            [C("C1", "a1", "S"), C("C3", "h1", "S")], [C("C2", "a3", "N")], moves_first=moves_first
        )
        act(s, "C1 shoot C2")
        rolls(s, "roll 1 1")
        moves = {a for a in legal(s) if a.startswith("C3 move")}
        assert bool(moves) is not moves_first
        assert "C3 wait" in legal(s)


@pytest.mark.parametrize(
    ("mine", "objects", "message"),
    [
        ([C("X1", "a1")], (), "test: X1: a figure is C<number> or T<number>"),
        ([C("C1", "a1"), C("C3", "a1")], (), "test: C3: two figures on T:a1"),
        ([C("C1", "a1", weapons=("bow",))], (), "test: C1: 'bow' is not a pistol, rifle or"),
        (
            [C("C1", "a1", weapons=("rifle", "shotgun"))],
            (),
            "test: C1: at most two pistols and one rifle or shotgun",
        ),
        ([C("C1", "c5", mounted=True)], (), "test: C1: a horse cannot stand on T:c5"),
        ([C("C1", "a1")], (("bow", "T:b1", "N"),), "test: T:b1: 'bow' is not a pistol"),
    ],
)
def test_a_setup_that_breaks_the_placing_rules_is_refused(
    mine: list[FigureSetup], objects: tuple[tuple[str, str, str], ...], message: str
) -> None:
    """Game Set Up, Game Components, Shoot, Movement with Horses: a figure is
    a cowboy or a town folk, one to a square, with at most two pistols and
    one rifle or shotgun, on a horse only where a horse may stand; a weapon
    on the ground is a real one. Anything else is one clear error."""
    with pytest.raises(ContentError, match=re.escape(message)):
        street_game(mine, [C("C2", "h6")], objects=objects)


# -- Move Actions ----------------------------------------------------------------------------------


def test_move_costs_and_ends() -> None:
    """Movement with Cowboys and Town Folk: 1 point a square, no diagonal,
    through other figures but never ending on one; 1 more across a red line;
    facing free at the end; turning alone is a move action."""
    s = street_game([C("C1", "a1", "E")], [C("C2", "c1", "W")])
    ok = legal(s)
    assert "C1 move T:e1 N" in ok  # 4 squares, through C2
    assert "C1 move T:c1 N" not in ok  # C2 stands there
    assert "C1 move T:f1 N" not in ok  # 5 squares
    assert "C1 move T:a1 S" in ok and "C1 move T:a1 E" not in ok  # turn; no pointless move
    assert s.describe_action(Move("C1", "T:b2", "S")) == (
        "Cowboy 1 moves to T:b2 facing S (2 of 4 points)"
    )
    # into the bank through the door (c4|c5), and not through the window for 4
    t = street_game([C("C1", "c3", "S")], [C("C2", "h6")])
    assert "C1 move T:c5 S" in legal(t)
    t2 = street_game([C("C1", "d2", "S")], [C("C2", "h6")])
    # d2 -> d3 -> d4 (2) -> d5 across the window (2): exactly 4
    assert "C1 move T:d5 S" in legal(t2)
    assert "C1 move T:e5 S" not in legal(t2)
    act(s, "C1 move T:b2 S")
    assert figure(s, "C1").square == STREET.square("T:b2") and figure(s, "C1").facing == "S"
    assert "Cowboy 1 moves to T:b2 facing S (2 of 4 points)" in log_text(s)


def test_wounds_slow_a_cowboy() -> None:
    """Game Components: each wound takes a movement point."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N")])
    act(s, "C1 shoot C2")
    rolls(s, "roll 6 6")  # two hits
    assert s.to_move == 1 and figure(s, "C2").movement == 2
    assert "C2 move T:b2 N" in legal(s) and "C2 move T:c2 N" not in legal(s)


def test_mount_ride_and_dismount() -> None:
    """Movement with Horses: 2 points to mount in the horse's square, +4
    mounted, the horse moves with its rider and faces as he does; left
    where he dismounts; one rider a turn; no buildings."""
    s = street_game(
        [C("C1", "a2", "E"), C("C3", "a6", "N")],
        [C("C2", "h6", "W")],
        objects=(("horse", "T:a3", "N"),),
    )
    ok = legal(s)
    assert "C1 ride T:a3 E" in ok  # walk 1, mount 2
    assert "C1 ride T:e3 E" in ok  # 1 + 2, then 4 of the horse's ... and 1 own
    assert "C1 ride T:c5 S" not in ok  # a horse never enters a building
    act(s, "C1 ride T:d3 E")
    h = s.horses[0]
    assert h.square == STREET.square("T:d3") and h.rider == s.index["C1"] and h.facing == "E"
    assert figure(s, "C1").horse == 0
    # the horse has carried a rider this turn: nobody else mounts it
    assert not any(a.startswith("C3 ride") for a in legal(s))
    act(s, "end")
    act(s, "end")
    # next turn: he rides 8 squares, or gets off and walks
    ok = legal(s)
    assert "C1 ride T:h1 N" in ok
    act(s, "C1 move T:d2 N")  # the cheapest way: ride a step, dismount (2)
    assert figure(s, "C1").horse is None
    assert s.horses[0].square == STREET.square("T:d2") and s.horses[0].rider is None
    act(s, "end")
    act(s, "end")
    act(s, "C1 move T:d1 N")  # on foot, he leaves the horse behind
    assert s.horses[0].square == STREET.square("T:d2")


def test_change_and_pick_up_weapons() -> None:
    """Movement to Change Weapons: changing weapons is a move action of 2
    points; a fallen figure leaves his weapons, picked up for 2 points."""
    s = street_game(
        [C("C1", "a1", "S", weapons=("pistol", "rifle"))],
        [C("C2", "a2", "N", weapons=("shotgun",))],
    )
    assert "C1 arm rifle" in legal(s)
    act(s, "C1 shoot C2 x2")
    rolls(s, "roll 6 6", "roll 6 6")
    assert not figure(s, "C2").standing
    assert "Cowboy 2: 4 → 2 health" in log_text(
        s
    ) and "he is down and drops a shotgun (2)" in log_text(s)
    assert [d.item for d in s.ground] == ["shotgun"]
    assert s.is_over  # the last of side 2 is down: eliminated


def test_pick_up_a_dropped_weapon() -> None:
    """Movement to Change Weapons: a weapon in his square, 2 points."""
    s = street_game(
        [C("C1", "a1", "S", weapons=("pistol",))],
        [C("C2", "h6")],
        objects=(("rifle", "T:a1", "N"),),
    )
    act(s, "C1 pickup rifle")
    assert [h.slot for h in figure(s, "C1").weapons] == ["pistol", "rifle"]
    assert figure(s, "C1").in_hand == "pistol" and not s.ground


def test_leaving_the_town() -> None:
    """Scenarios (escape): a figure on the edge steps off the town for one
    point, across an edge the scenario opens (CW-T9); with the loot, the
    escape goal is met."""
    s = street_game(
        [C("C1", "a2", "N", loot=True)],
        [C("C2", "h6")],
        exits=("N",),
        goals=((Goal("escape", loot=True),), (Goal("eliminate"),)),
    )
    assert "C1 move off N" in legal(s) and "C1 move off S" not in legal(s)
    act(s, "C1 move off N")
    assert figure(s, "C1").gone and s.is_over and s.winner == 0


def test_reach_and_hold_goals() -> None:
    """Scenarios: reach a square at once; hold squares at the turn limit."""
    s = street_game(
        [C("C1", "a1", "E")],
        [C("C2", "h6")],
        goals=((Goal("reach", squares=("T:c1",)),), (Goal("eliminate"),)),
    )
    act(s, "C1 move T:c1 E")
    assert s.is_over and s.winner == 0
    t = street_game(
        [C("C1", "a1", "E")],
        [C("C2", "h6")],
        goals=((Goal("eliminate"),), (Goal("hold", squares=("T:h6",)),)),
        turns=1,
    )
    act(t, "end")
    assert not t.is_over
    act(t, "end")
    assert t.is_over and t.winner == 1


# -- Shoot Actions ---------------------------------------------------------------------------------


def test_front_facing_sight_and_range() -> None:
    """Shoot: only at a target in the front facing, in sight, in range."""
    s = street_game([C("C1", "d1", "N")], [C("C2", "d3", "N"), C("C4", "a1", "S")])
    ok = legal(s)
    assert "C1 shoot C2" not in ok  # behind him
    assert "C1 shoot C4" in ok  # level with him: his side
    assert "C1 spin S C2" in ok
    t = street_game([C("C1", "a1", "S")], [C("C2", "a6", "N"), C("C3", "a3", "N")])
    assert "C1 shoot C2" not in legal(t)  # C3 stands in the way
    u = street_game([C("C1", "a1", "E")], [C("C2", "h1", "W")])  # range 7 for a pistol
    assert "C1 shoot C2" in legal(u)
    v = street_game([C("C1", "a1", "E", weapons=("shotgun",))], [C("C2", "h1", "W")])
    assert not any("shoot" in a for a in legal(v))  # a shotgun reaches 5


def test_second_shot_spent_when_the_target_falls() -> None:
    """Shoot: when the first of two declared shots downs the target, the
    second is spent without a roll."""
    s = street_game([C("C1", "a1", "S")], [C("T1", "a3", "N"), C("C2", "h6")])
    act(s, "C1 shoot T1 x2")
    assert figure(s, "C1").weapon("pistol").ammo == 4  # type: ignore[union-attr]
    rolls(s, "roll 4 4")
    assert not figure(s, "T1").standing and s.to_move == 1
    assert "the shot left is spent without a roll" in log_text(s)


def test_naturals() -> None:
    """Shoot: a natural 2 misses whatever the modifiers; a natural 12 is two hits."""
    s = street_game([C("C1", "a1", "S", modifier=2)], [C("C2", "a2", "S")])  # back shot too
    act(s, "C1 shoot C2 x2")
    rolls(s, "roll 1 1", "roll 6 6")
    assert figure(s, "C2").health == 2
    assert "1+1 +2 cowboy +2 back shot = 6 against 5: a natural 2, a miss" in log_text(s)
    assert "6+6 +2 cowboy +2 back shot = 16 against 5: a natural 12, two hits" in log_text(s)


def test_mounted_and_spin_modifiers() -> None:
    """Shot Modifiers: mounted -2 pistol, -3 rifle; spin -1 pistol, -3 rifle;
    no spin on horseback."""
    s = street_game([C("C1", "a1", "E", mounted=True)], [C("C2", "c1", "W")])
    assert "-2 mounted" in s.describe_action(Shoot("C1", "C2"))
    assert not any(" spin " in a for a in legal(s))
    t = street_game([C("C1", "a1", "N", weapons=("rifle",))], [C("C2", "a3", "N")])
    assert "-3 spin" in t.describe_action(Spin("C1", "S", "C2"))
    u = street_game([C("C1", "a1", "N")], [C("C2", "a3", "N")])
    assert "-1 spin" in u.describe_action(Spin("C1", "S", "C2"))
    act(u, "C1 spin S C2")
    assert figure(u, "C1").facing == "S"


def test_red_line_and_open_door_next_to_the_target() -> None:
    """Shot Modifiers: -1 when the line crosses a red line, or an open door,
    that the target is next to."""
    s = street_game([C("C1", "d2", "S")], [C("C2", "d5", "N")])
    assert "-1 red line" in s.describe_action(Shoot("C1", "C2"))
    t = street_game([C("C1", "c2", "S")], [C("C2", "c5", "N")])
    assert "-1 open door" in t.describe_action(Shoot("C1", "C2"))


def test_draw_and_shoot_only_when_holstered() -> None:
    """Draw and Shoot: a holstered pistol drawn and fired once (CW-T12)."""
    s = street_game([C("C1", "a1", "S", holstered=True)], [C("C2", "a3", "N")])
    ok = legal(s)
    assert "C1 draw C2" in ok and "C1 shoot C2" not in ok
    act(s, "C1 draw C2")
    assert figure(s, "C1").in_hand == "pistol"
    rolls(s, "roll 1 2")
    t = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N")])
    assert "C1 draw C2" not in legal(t)


def test_reload_and_ammunition() -> None:
    """Reload: one weapon fully loaded; an empty weapon cannot fire; town
    folk never run out."""
    s = street_game([C("C1", "a1", "S", weapons=("shotgun",))], [C("C2", "a4", "N")], turns=5)
    act(s, "C1 shoot C2 x2")
    rolls(s, "roll 1 2", "roll 1 2", "roll 1 2", "roll 1 2")
    act(s, "end")
    assert not any("C1 shoot" in a for a in legal(s)) and "C1 reload shotgun" in legal(s)
    act(s, "C1 reload shotgun")
    assert figure(s, "C1").weapon("shotgun").ammo == 2  # type: ignore[union-attr]
    t = street_game([C("T1", "a1", "S", weapons=("rifle",))], [C("C2", "a4", "N")])
    act(t, "T1 shoot C2 x2")
    assert figure(t, "T1").weapon("rifle").ammo == 16  # type: ignore[union-attr]
    assert not any("reload" in a for a in legal(t))


def test_horse_shot_from_under_its_rider() -> None:
    """Movement with Horses: a horse falls at its second hit; its rider stays
    in the square, dismounted, and loses his next action."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N", mounted=True), C("T2", "h6")])
    assert "C1 shoot H1" in legal(s)
    act(s, "C1 shoot H1")
    rolls(s, "roll 6 6")
    assert not s.horses[0].alive and figure(s, "C2").horse is None
    assert "Horse 1: 2 → 0 health, it falls; Cowboy 2 is thrown" in log_text(s)
    assert s.to_move == 1 and figure(s, "C2").actions == 0  # this part, his next, is lost
    assert not any(a.startswith("C2") for a in legal(s))


# -- Cards -------------------------------------------------------------------------------------


def test_cards_are_dealt_at_chance_nodes_and_hidden() -> None:
    """Game Set Up: the cards are dealt; a side sees its own hand only."""
    s = street_game([C("C1", "a1")], [C("C2", "h6")], cards=(2, 2), deal=None)
    assert s.to_move == CHANCE and len(s.chance_outcomes()) == 54
    assert s.parse("qs") == Deal("QS")
    for face in ("QS", "2C", "KH", "JK1"):
        s.apply(Deal(face))
    assert s.hands == [("KH", "QS"), ("2C", "JK1")]
    assert s.view(0)["hands"][0] == ["KH", "QS"]
    assert s.view(0)["hands"][1] == {"count": 2, "seen": []}
    secret = [e for e in s.log if e.to is not None]
    assert secret and all(e.visible_to(e.to[0]) and not e.visible_to(None) for e in secret)  # type: ignore[index]
    other = s.resample_hidden(0, np.random.default_rng(3))
    assert other.view(0) == s.view(0)


def test_misfire_answers_a_shot() -> None:
    """Card Play: after the opponent announces a shot, a jam loses it: no
    roll, no round spent, the figure has acted."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N")], cards=(0, 1), deal=("2C",))
    act(s, "C1 shoot C2")
    assert s.to_move == 1 and legal(s) == {"play 2C", "pass"}
    act(s, "play 2C")
    assert figure(s, "C1").weapon("pistol").ammo == 6  # type: ignore[union-attr]
    assert s.to_move == 1  # side 1's only figure has acted
    assert "Misfire" in log_text(s)


def test_jammed_until_reload() -> None:
    """CW-C12: Jammed! keeps the weapon from firing until reloaded."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N")], cards=(0, 1), deal=("5C",))
    act(s, "C1 shoot C2")
    act(s, "play 5C")
    act(s, "end")
    assert "C1 shoot C2" not in legal(s) and "C1 reload pistol" in legal(s)


def test_hold_it_cancels_a_move() -> None:
    """Card Play: a card in the opponent's turn may negate the action."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "h6", "N")], cards=(0, 1), deal=("JC",))
    act(s, "C1 move T:a3 S")
    act(s, "play JC")
    assert figure(s, "C1").square == STREET.square("T:a1")


def test_not_so_fast_cancels_a_card() -> None:
    """Card Play: the opponent's card may negate the active player's card."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N")], cards=(1, 1), deal=("2S", "10D"))
    act(s, "C1 shoot C2")
    assert s.to_move == 1
    act(s, "pass")  # no answer to the shot
    assert s.phase == Phase.START
    only_pass(s)  # the start window: Dead Eye is for before the shot
    assert s.phase == Phase.BEFORE_SHOT
    act(s, "play 2S")
    assert s.to_move == 1 and "play 10D" in legal(s)
    act(s, "play 10D")
    rolls(s, "roll 2 3")  # 5 with no Dead Eye: a miss at range 2 (6)
    assert figure(s, "C2").health == 4
    assert "2+3 = 5 against 6: a miss" in log_text(s)


def test_critical_hit_and_one_card_per_part() -> None:
    """Game Cards, Critical Hit: the hit's damage doubled; Card Play: one
    card in one's own actions a turn."""
    s = street_game(
        [C("C1", "a1", "S"), C("C3", "b1", "S")],
        [C("C2", "a3", "N"), C("C4", "b3", "N")],
        cards=(2, 0),
        deal=("QS", "KS"),
    )
    act(s, "C1 shoot C2")
    only_pass(s, 2)  # the start window and the one before the shot
    rolls(s, "roll 3 4")
    assert s.phase == Phase.AFTER_HIT
    act(s, "play QS")
    assert figure(s, "C2").health == 2 and "(1 × 2)" in log_text(s)
    act(s, "C3 shoot C4")
    rolls(s, "roll 3 4")  # no window: the side's card for this turn is played
    assert figure(s, "C4").health == 3


def test_knock_down() -> None:
    """CW-C12: a knocked-down target is dismounted and may not move in its
    side's next part."""
    s = street_game(
        [C("C1", "a1", "S")], [C("C2", "a3", "N", mounted=True)], cards=(1, 0), deal=("7C",)
    )
    act(s, "C1 shoot C2")
    only_pass(s, 2)  # the start window and the one before the shot
    rolls(s, "roll 3 4")
    act(s, "play 7C")
    assert figure(s, "C2").horse is None
    assert not any("move" in a or "ride" in a for a in legal(s)) and "C2 shoot C1" in legal(s)


def test_adrenaline_gives_a_second_action() -> None:
    """Game Cards, Adrenaline: move, then move or shoot again."""
    s = street_game([C("C1", "a1", "E")], [C("C2", "h6", "N")], cards=(1, 0), deal=("10H",))
    act(s, "C1 move T:a2 E")
    assert legal(s) == {"play 10H", "pass"}
    act(s, "play 10H")
    assert s.to_move == 0 and "C1 move T:a4 E" in legal(s)


def test_run_card_lets_a_move_go_farther() -> None:
    """CW-T6: a move beyond the figure's points counts on a Run card, which
    must then be played."""
    s = street_game([C("C1", "a1", "E")], [C("C2", "h6", "N")], cards=(1, 0), deal=("2H",))
    assert "C1 move T:g1 E" in legal(s) and "C1 move T:h1 E" not in legal(s)
    act(s, "C1 move T:g1 E")
    assert legal(s) == {"play 2H"}
    act(s, "play 2H")
    assert figure(s, "C1").square == STREET.square("T:g1")


def test_heal_lasting_bonus_and_speed_load() -> None:
    """CW-C6, CW-C12: heal a wounded cowboy; +1 for the rest of the game;
    a weapon loaded at once."""
    s = street_game(
        [C("C1", "a1", "S"), C("C3", "h1", "S")],
        [C("C2", "a3", "N")],
        cards=(3, 0),
        deal=("6H", "KH", "9S"),
        turns=5,
    )
    s.figures[s.index["C1"]] = figure(s, "C1").wounded(2)
    act(s, "C1 move T:a2 S")
    assert "play 6H C1" in legal(s) and "play KH C3" in legal(s)
    act(s, "play 6H C1")
    assert figure(s, "C1").health == 3
    act(s, "end")
    act(s, "end")
    act(s, "C3 move T:h2 S")
    act(s, "play KH C3")
    assert figure(s, "C3").bonus == 1
    assert "+1 lasting card bonus" in s.describe_action(Shoot("C3", "C2"))


def test_card_sharp_shows_a_hand() -> None:
    """CW-C12: looking at the opponent's hand; the view shows what was seen."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "h6")], cards=(1, 2), deal=("2D", "AS", "KS"))
    act(s, "C1 move T:a2 S")
    only_pass(s)  # side 2 may answer the move: nothing to play
    act(s, "play 2D")
    only_pass(s)  # nor anything to answer the card with
    assert s.view(0)["hands"][1] == {"count": 2, "seen": ["KS", "AS"]}
    assert s.view(None)["hands"][1] == {"count": 2, "seen": []}


def test_friend_in_town_directs_an_enemy_town_folk() -> None:
    """CW-C12: a town folk not on your side takes an action you direct."""
    s = street_game(
        [C("C1", "a1", "S")], [C("T2", "h6", "N"), C("C2", "h1", "S")], cards=(1, 0), deal=("6D",)
    )
    act(s, "C1 move T:a2 S")
    act(s, "play 6D T2")
    assert s.phase == Phase.ALLY and "T2 shoot C2" in legal(s)
    act(s, "T2 move T:h4 N")
    assert figure(s, "T2").square == STREET.square("T:h4")
    assert figure(s, "C1").square == STREET.square("T:a2")  # then his own move goes ahead


def test_a_forbidden_card_is_a_blank() -> None:
    """Card Play: a card the scenario forbids is dealt and kept, no effect."""
    s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N")], cards=(1, 0), deal=("2S",),
             forbidden=("Dead Eye",))  # fmt: skip
    act(s, "C1 shoot C2")
    assert s.to_move == 0 and s.phase == Phase.START
    only_pass(s, 2)  # the windows still ask: the blank is never playable
    assert s.to_move == CHANCE


# -- Notation, words, contract ------------------------------------------------------------------


def test_notation_parses_and_refuses() -> None:
    for text in ("C6 move B:c7 N", "C6 ride off E", "T3 shoot H1 x2", "C6 spin S C3",
                 "C6 draw C3", "C6 reload pistol2", "C6 arm rifle", "C6 pickup loot",
                 "C6 wait", "end", "pass", "play KH C6", "play 9S rifle", "play 2D s2",
                 "roll 3 5", "deal JK2"):  # fmt: skip
        assert str(GAME.parse_action(text)) == text
    for bad in ("C6 shoot", "C6 move B:c777 N", "roll 7 1", "play 1S", "X6 wait", "C6 shoot C3 x3"):
        with pytest.raises(NotationError):
            GAME.parse_action(bad)
    s = street_game([C("C1", "a1", "S")], [C("C2", "a3", "N")])
    act(s, "C1 shoot C2")
    assert s.parse("5 3") == Roll(3, 5) and "two dice, e.g. 3 5" in s.chance_prompt()
    with pytest.raises(IllegalAction):
        s.apply(Wait("C1"))


def test_the_deal_prompt_gives_no_card_away() -> None:
    """A referee's prompt for a dealt card gives the same printed card as its
    example whatever has been dealt: the first card left in the deck would
    tell which cards no hand holds."""
    s = GAME.new_state(CowboysOptions(scenario="brawl"))
    before = s.chance_prompt()
    assert s.deck[0] == "2C" and "e.g. 2C" not in before
    s.apply(s.parse("2C"))  # the deck's first card, to the first side
    assert s.deck[0] == "3C" and s.chance_prompt().split("e.g.")[1] == before.split("e.g.")[1]


def test_groups_and_words() -> None:
    s = street_game([C("C1", "a1", "S"), C("C3", "h1", "S")], [C("C2", "a3", "N")])
    groups = s.action_groups(s.legal_actions())
    assert groups[0].title.startswith("Cowboy 1") and str(groups[0].actions[0]) == "C1 shoot C2"
    assert str(groups[-1].actions[-1]) == "end"
    assert "fires one pistol shot at Cowboy 2: range 2, needs 6" in s.describe_action(
        Shoot("C1", "C2")
    )
    assert s.describe_action(END).startswith("end Side 1's part")
    assert s.describe_action(PASS) == "play no card"
    assert "Critical Hit" in s.describe_action(Play("QS"))
    assert "draws" in s.describe_action(Draw("C1", "C2"))


@pytest.mark.parametrize("scenario", ["hickok-tutt", "brawl", "three-way-standoff"])
def test_round_trip_and_hidden_hands_in_random_games(scenario: str) -> None:
    """Every legal action's notation reads back; no view shows another
    side's cards (but those it was shown); no game runs past max_length."""
    opts = CowboysOptions(scenario=scenario)
    bound = GAME.max_length(opts)
    for s in random_states(opts, 15, seed=7):
        assert len(s.history) <= bound
        if s.to_move is not None and s.to_move >= 0:
            for a in s.legal_actions():
                assert GAME.parse_action(str(a)) == a
                assert s.is_legal(a)
        for p in range(s.num_players):
            text = json.dumps(s.view(p))
            for q in range(s.num_players):
                if q == p:
                    continue
                shown = s.view(p)["hands"][q]
                assert set(shown) == {"count", "seen"}
                assert set(shown["seen"]) <= set(s.known[p])
                for c in s.hands[q]:
                    if c not in s.known[p]:
                        assert f'"{c}"' not in text


@pytest.mark.parametrize("scenario", sorted(GAME.variants()))
def test_random_games_end_within_the_turn_limit(scenario: str) -> None:
    """Scenarios: every random game of every scenario ends, by a victory or
    at the scenario's turn limit, never after it (the contract itself is
    checked on every scenario by tests/conformance)."""
    from saloon.agents._playout import random_playout

    opts = CowboysOptions(scenario=scenario)
    bound = GAME.max_length(opts)
    for seed in range(30):
        s = GAME.new_state(opts)
        random_playout(s, np.random.default_rng(seed))
        assert s.is_over and s.turn <= s.setup.turns
        assert len(s.history) <= bound


def test_the_state_module_still_exports_the_names_split_out_of_it() -> None:
    """``rules.state`` exports the state and, from the modules it was split
    into, the phases, the pending action and the legal list."""
    from saloon.games.cowboys.rules import legal, phase, state

    assert set(state.__all__) == {"Actions", "CowboysState", "Pending", "Phase"}
    assert (state.Phase, state.Pending, state.Actions) == (
        phase.Phase,
        phase.Pending,
        legal.Actions,
    )


def test_max_length_counts_every_step() -> None:
    from saloon.games.cowboys import setup_of

    setup = setup_of(CowboysOptions(scenario="brawl"))
    assert max_length_of(setup) == GAME.max_length(CowboysOptions(scenario="brawl"))


def test_scenarios_wire_in() -> None:
    """Scenarios: ``-o scenario=ID`` plays a scenario file; the default is
    the duel (Hickok and Tutt, pistols holstered: a draw first); a three-way
    standoff has three players, the winner +1, each loser -1/2."""
    s = GAME.new_state()
    assert s.setup.name == "hickok-tutt" and s.num_players == 2
    while s.is_chance:
        s.apply(s.sample_chance(np.random.default_rng(0)))
    assert all(f.in_hand is None for f in s.figures if f.side >= 0 and f.cowboy)
    assert not any(str(a).split()[1] == "shoot" for a in s.legal_actions() if str(a) != "end")
    three = GAME.new_state(GAME.parse_options(["scenario=three-way-standoff"]))
    assert three.num_players == 3
    over(three, 2, "eliminated", "The Kid wins: the Stranger and the Colonel are down.")
    assert three.returns() == (-0.5, -0.5, 1.0)
    with pytest.raises(Exception, match="no scenario"):
        GAME.new_state(GAME.parse_options(["scenario=alamo"]))


@pytest.mark.parametrize("scenario", ["hickok-tutt", "coffeyville"])
def test_a_state_pickles_for_another_process(scenario: str) -> None:
    """A state goes whole to a bot's process (the web table): it pickles,
    comes back equal, and brings its town without the tables derived from
    it (the process's own equal town is used)."""
    import pickle

    s = GAME.new_state(CowboysOptions(scenario=scenario))
    rng = np.random.default_rng(1)
    for _ in range(40):
        if s.is_over:
            break
        s.apply(s.sample_chance(rng) if s.is_chance else s.legal_actions()[-1])
    data = pickle.dumps(s)
    back = pickle.loads(data)
    assert back.key() == s.key() and back.view(0) == s.view(0)
    assert list(back.legal_actions()) == list(s.legal_actions())
    assert pickle.loads(data).town is back.town
    assert len(data) < 100_000
