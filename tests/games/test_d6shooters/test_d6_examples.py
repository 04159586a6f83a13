"""The rulebook's worked examples, replayed with scripted dice.

Ep.1 "Turn Example" (RULINGS d6: it uses the d6 Event table), Ep.2 "Turn
Example" and the outline of Ep.2's "Showdown Example" (the dice of our
choosing: the rulebook shows them only as pictures).
"""

from __future__ import annotations

from saloon.core import CHANCE, get_game

from .conftest import run, start

GAME = get_game("d6shooters")


def test_episode_1_turn_example() -> None:
    """Ep.1 "Turn Example": Day 8, three spaces past Calico, 4 Food, 6 Posse,
    4 Ammo, 0 Gold; the turn ends on Day 10 with 3 Posse and no Food."""
    calico = 15
    s = start({"events": "d6"}, day=8, space=calico + 3, food=4, posse=6, ammo=4, gold=0)
    # First roll: red 4 6 6 (the 6s lock), white 1 2 4 5 6.
    run(s, "red 466", "white 12456")
    assert s.dice.locked == (6, 6)
    # Lock the white 1, 2, 4 and the red 4; roll the other two whites: 3 and 5.
    run(s, "keep r466 w124", "white 35")
    # Unlock the white 2 and roll three whites: 1, 2, 5. All dice are locked.
    run(s, "keep r466 w14", "white 125")
    # Two 1s move two spaces onto an Event: the d6 table's 5, Lost.
    assert s.to_move == CHANCE and s.journey.space == 20
    run(s, "event 5")
    assert (s.journey.day, s.journey.food) == (9, 3)
    # One 2 is wasted; a 4 Seeks Shelter from the 5, a 4 Fights the two 6s.
    run(s, "fours s1 h0 f1 b0")
    assert (s.journey.food, s.resolution.fives) == (3, 0)
    # Shootout, one die plus 4 Ammo against two: 5 + 4 = 9 beats 3 + 4 = 7; then
    # 2 + 4 = 6 ties the Gang's 6 and both roll again; 1 + 4 = 5 loses to 6: one
    # Gang die left, one Posse member lost.
    run(s, "posse 5", "gang 34", "posse 2", "gang 6", "posse 1", "gang 6")
    assert any("a tie, rolled again" in e.text for e in s.log)
    # Ammo -1; Day 10 is a Rations Day: 3 Food for 5 Posse, two are lost.
    assert (s.journey.day, s.journey.posse, s.journey.food, s.journey.ammo, s.journey.gold) == (
        10,
        3,
        0,
        3,
        0,
    )
    assert not s.is_over


def test_episode_2_turn_example() -> None:
    """Ep.2 "Turn Example": Day 18, two spaces past Levitra; the black 1
    counts as two moves; the turn ends on Day 20 with 3 Posse, no Food.
    (The rulebook's "Red 4" in the first lock is a slip: episode 2's first
    roll shows no red 4.)"""
    s = start({"episode": 2, "events": "d6"}, day=18, food=4, posse=6, ammo=4, gold=0)
    s.journey.space = s.map.town_at("Levitra") + 2
    run(s, "black 1", "red 66", "white 12456")
    run(s, "keep b1 r66 w124", "white 35")
    run(s, "keep b1 r66 w14", "white 245")
    # Three moves (black 1 = two, white 1) land on an Event: 5, Lost.
    assert s.journey.space == s.map.town_at("Levitra") + 5
    run(s, "event 5")
    assert (s.journey.day, s.journey.food) == (19, 3)
    run(s, "fours s1 h0 f1 b0")
    # The Fight "didn't work out" (the rulebook gives no dice): a round won,
    # 6 + 4 = 10 against 3 + 4 = 7, then one lost, 1 + 4 = 5 against 6.
    run(s, "posse 6", "gang 34", "posse 1", "gang 6")
    assert (s.journey.day, s.journey.posse, s.journey.food, s.journey.ammo) == (20, 3, 0, 3)
    assert s.journey.crowes == 18  # no Crowe crossed off after a lost Shootout


def test_showdown_example_outline() -> None:
    """Ep.2 "Showdown Example": Hoodia on Day 28, 5 Posse and 2 Ammo against
    five Gang members plus Russell and Sheryl; Distract and a reroll, Charge,
    Defend and the last Ammo on a reroll, then the remaining dice win."""
    s = start({"episode": 2}, day=27, food=2, posse=5, ammo=2, gold=0, crowes=5)
    s.journey.space = s.map.length - 1
    run(s, "black 3", "red 23", "white 12233", "stop")
    assert s.is_over is False and s.journey.arrival_day == 28
    assert (s.showdown.posse, s.showdown.crowes) == (5, 7)
    # Round 1: Distract; 1 Ammo rerolls three dice; three pips changed.
    run(s, "tactic distract", "posse 13456", "crowe 1235566")
    run(s, "reroll p1 c66", "posse 5", "crowe 12")
    assert (s.showdown.posse_faces, s.showdown.crowe_faces, s.journey.ammo) == (
        (3, 4, 5, 5, 6),
        (1, 1, 2, 2, 3, 5, 5),
        1,
    )
    run(s, "nudge p3+", "nudge c3-", "nudge c5-")
    # Five successes: four remove Crowe 1-2s, one sets the Crowe 5 aside.
    run(s, "assign 4")
    assert (s.showdown.posse, s.showdown.crowes) == (5, 3)
    # Round 2: Charge: 3-6 remove Crowe 1-3; Crowe 4-6 hit.
    run(s, "tactic charge", "posse 23456", "crowe 136", "pass")
    assert (s.showdown.posse, s.showdown.crowes) == (4, 1)
    # Round 3: Defend, and the last Ammo rerolls three dice; nothing changes.
    run(s, "tactic defend", "posse 1126", "crowe 4", "reroll p11 c4", "posse 33", "crowe 5")
    assert (s.showdown.posse, s.showdown.crowes, s.journey.ammo) == (4, 1, 0)
    assert "tactic defend" not in [str(a) for a in s.legal_actions()]
    # Round 4: the remaining dice; a 4-6 removes the last Crowe 1-2.
    run(s, "tactic none", "posse 1456", "crowe 2", "assign 1")
    assert s.is_over and s.journey.ended == "won"
    # Ep.2 "Scoring": 15 + 2 x 2 Days early + 3 x 4 Posse + 2 Food.
    assert s.score() == 15 + 4 + 12 + 2
    assert s.result().winners == (0,)
