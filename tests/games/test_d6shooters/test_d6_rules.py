"""The d6 Shooters' rules, one test per rule, each citing its passage.

Citations: "Ep.1 <section>" / "Ep.2 <section>" of ``d6-shooters.txt``,
"RULINGS d6" (the binding facts) and "D6-n" (docs/rulings.md). Positions
are set up on a real state, then every step goes through the notation
(``red 466``, ``keep r466 w124``, ``fours s1 h0 f1 b0``, ``event 5``...).
"""

from __future__ import annotations

import numpy as np
import pytest

from saloon.core import CHANCE, IllegalAction, NotationError, get_game
from saloon.games.d6shooters.actions import Fours, Keep, Roll
from saloon.games.d6shooters.dice import hand_key, round_odds
from saloon.games.d6shooters.rules import D6State
from saloon.games.d6shooters.rules.nodes import (
    BINOCULARS,
    CHARM,
    COMPASS,
    FX_CAMPFIRE,
    FX_CRITTERS,
    FX_DOWNHILL,
    FX_GUIDE,
    FX_GUNSIGHT,
    FX_HILLS,
    GUNS,
    HUNTER,
    MAP,
    MEDICINE,
    P_BEGIN,
    P_KEEP,
    P_SHOP,
)

from .conftest import run, start

GAME = get_game("d6shooters")


def legal(state: D6State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def roll(state: D6State, red: str, white: str, black: str = "") -> D6State:
    """One roll, then stop (keep everything) if a decision is offered."""
    if black:
        run(state, f"black {black}")
    run(state, f"red {red}", f"white {white}")
    if state.phase == P_KEEP:
        run(state, "stop")
    return state


# -- dice and rolling (Ep.1/Ep.2 "Gameplay") ---------------------------------------------


def test_each_episode_rolls_its_dice() -> None:
    """Ep.1 "Gameplay": 3 red and 5 white; Ep.2: black, 2 red and 5 white."""
    s1 = start()
    assert s1.dice.to_roll == (("red", 3), ("white", 5))
    s2 = start({"episode": 2})
    assert s2.dice.to_roll == (("black", 1), ("red", 2), ("white", 5))
    assert s2.chance_outcomes()[0][0] == Roll("black", (1,))
    assert sum(p for _, p in start().chance_outcomes()) == pytest.approx(1.0)


def test_red_fives_and_sixes_lock_on_the_first_roll_only() -> None:
    """Ep.1 "Gameplay": red 5s and 6s of the first roll lock and cannot be unlocked."""
    s = start()
    run(s, "red 156", "white 11111")
    assert s.dice.locked == (5, 6)
    assert "keep r1" not in legal(s) and "keep r56" in legal(s)
    with pytest.raises(IllegalAction):
        run(s, "keep r1")
    run(s, "keep r56 w11111", "red 6")
    assert s.dice.locked == (5, 6) and s.dice.red == (5, 6, 6)
    # The second roll's red 6 is free.
    assert "keep r56" in legal(s)


def test_three_rolls_at_most_and_stopping_early() -> None:
    """Ep.1 "Gameplay": three rolls; all dice lock after the third."""
    s = start()
    run(s, "red 123", "white 12312", "keep none", "red 123")
    run(s, "white 23232", "keep r123", "white 11111")
    # No keep decision after the third roll: the turn resolves and ends.
    assert (
        s.journey.day == 1
        and s.journey.space == 1 + 6
        and s.dice.to_roll == (("red", 3), ("white", 5))
    )
    s2 = start()
    run(s2, "red 123", "white 12312", "stop")
    assert s2.journey.day == 1 and s2.journey.space == 1 + 3


def test_keep_is_checked_directly() -> None:
    """A keep names dice that are showing, of the colour asked."""
    s = start()
    run(s, "red 156", "white 12312")
    assert s.is_legal(Keep((), (1, 5, 6), (1, 2)))
    assert not s.is_legal(Keep((), (4, 5, 6), ()))  # no red 4 shows
    assert not s.is_legal(Keep((), (1,), ()))  # the locked red 5 and 6 stay
    assert not s.is_legal(Keep((), (6, 5), ()))  # not sorted
    assert not s.is_legal(Keep((), (1, 5, 6), (1, 1, 2, 2, 3)))  # everything: that is 'stop'
    # A person may leave out the locked dice: they are kept anyway.
    assert s.parse("keep w12") == Keep((), (5, 6), (1, 2))


def test_the_black_die_counts_as_two() -> None:
    """Ep.2 "Gameplay": the black die counts as two of its number."""
    s = start({"episode": 2}, space=2)
    roll(s, "23", "22333", black="1")
    assert s.journey.space == 4


# -- movement, Events and Towns ----------------------------------------------------------


def test_episode_1_town_stops_movement_and_is_visited_after_the_dice() -> None:
    """Ep.1 "Dice Actions: Move", "Towns": stop at a Town; further 1s and
    4s are wasted; the other dice are resolved before the visit."""
    s = start(space=13, food=6)
    roll(s, "111", "12233")
    assert s.journey.space == 15 and s.resolution.town_stop
    # Food from the 2s came first; the Town's Special Item roll is next.
    assert s.journey.food == 7 and s.to_move == CHANCE and s.chance_outcomes()[0][0].label == "item"


def test_episode_2_visits_the_town_on_the_way_and_uses_all_1s() -> None:
    """Ep.2 "Dice Actions: Move", "Movement": all 1s are used; a Town on the
    way is visited, then the move goes on."""
    s = start({"episode": 2}, space=12)
    roll(s, "11", "12233", black="2")
    assert s.journey.space == 14  # Cactus Springs
    run(s, "item 1")
    assert s.phase == P_SHOP
    run(s, "leave")
    assert s.journey.space == 15


def test_an_event_pauses_movement_then_it_resumes() -> None:
    """RULINGS d6: reaching or passing an E square resolves its Event, then
    the rest of the movement goes on."""
    s = start({"events": "d6"}, space=8)
    roll(s, "111", "12233")
    assert s.journey.space == 10 and s.to_move == CHANCE
    run(s, "event 4")  # Open Road
    assert s.journey.space == 12


def test_backroads_episode_1_two_fours_a_space() -> None:
    """Ep.1 "Dice Actions" (4s): a space for every two 4s."""
    s = start(space=2)
    run(s, "red 234", "white 23444", "stop")
    assert "fours s0 h0 f0 b4" in legal(s) and "fours s0 h0 f0 b1" not in legal(s)
    run(s, "fours s0 h0 f0 b4")
    assert s.journey.space == 4


def test_backroads_episode_2_a_space_a_four_at_most_two() -> None:
    """Ep.2 "Dice Actions" (4s): a space per 4, at most 2, may use only one."""
    s = start({"episode": 2}, space=2)
    run(s, "black 2", "red 44", "white 23444", "stop")
    assert "fours s0 h0 f0 b1" in legal(s) and "fours s0 h0 f0 b3" not in legal(s)
    run(s, "fours s0 h0 f0 b2")
    assert s.journey.space == 4


def test_resource_spaces_count_only_when_landed_on() -> None:
    """Ep.2 "Resource Spaces": landing exactly, not passing over."""
    s = start({"episode": 2}, space=3, food=5)
    roll(s, "23", "12333", black="1")  # 3 moves: 3 -> 6, passing F+ at 5
    assert s.journey.space == 6 and s.journey.food == 5 + 1  # only the two 2s' Food
    s = start({"episode": 2}, space=3, food=5)
    roll(s, "23", "22333", black="1")  # 2 moves: lands on 5 (F+)
    assert s.journey.food == 6 + 1  # two 2s find a Food too


# -- food, gold, the 4s, heat and the gang -----------------------------------------------


def test_find_food_and_the_food_cap() -> None:
    """Ep.1 "Find Food": a Food per two 2s; "Food": never more than 12."""
    s = start(food=4)
    roll(s, "222", "22223")
    assert s.journey.food == 7
    s = start(food=11)
    roll(s, "222", "22223")
    assert s.journey.food == 12


def test_prospect_and_the_prospectors_map() -> None:
    """Ep.1 "Prospect": a Gold per three 3s; the Map: per two 3s."""
    s = start(gold=0)
    roll(s, "333", "33322")
    assert s.journey.gold == 2
    s = start(gold=0, items=MAP)
    roll(s, "333", "33322")
    assert s.journey.gold == 3


def test_episode_2_threes_recruit_or_find_gold() -> None:
    """Ep.2 "Recruit Posse or Find Gold": each three 3s, one or the other."""
    s = start({"episode": 2}, posse=8, gold=0)
    roll(s, "33", "33322", black="3")  # 7 threes: two sets
    assert legal(s) == ["recruit 0", "recruit 1", "recruit 2"]
    run(s, "recruit 1")
    assert (s.journey.posse, s.journey.gold) == (9, 1)


def test_seek_shelter_and_hide() -> None:
    """Ep.1 (4s): Shelter removes a 5 per 4; Hide removes two 6s and adds a Day."""
    s = start(day=1)
    run(s, "red 566", "white 44222", "stop")
    run(s, "fours s1 h1 f0 b0")
    assert s.journey.day == 2 + 1  # the Hide's Day, then the turn's
    assert s.journey.posse == 12


def test_hide_days_option_in_episode_2() -> None:
    """Ep.2 Hide: a Day per 4 (RULINGS d6), or one per turn (option)."""
    s = start({"episode": 2}, day=1)
    run(s, "black 6", "red 66", "white 44422", "stop")
    run(s, "fours s0 h2 f0 b0")
    assert s.journey.day == 4
    s = start({"episode": 2, "hide_days": "per_turn"}, day=1)
    run(s, "black 6", "red 66", "white 44422", "stop")
    run(s, "fours s0 h2 f0 b0")
    assert s.journey.day == 3


def test_fight_only_against_sixes_left() -> None:
    """Ep.1 Fight: 4s rerolled against the 6s; none to offer once all hide."""
    s = start()
    run(s, "red 126", "white 44222", "stop")
    assert "fours s0 h1 f1 b0" not in legal(s)
    assert "fours s0 h0 f2 b0" in legal(s)


def test_heat_episode_1_two_food_or_a_posse_member() -> None:
    """Ep.1 "Extreme Heat!": each 3-6 costs 2 Food or 1 Posse."""
    s = start(food=6)
    run(s, "red 155", "white 12233")
    run(s, "stop")
    assert s.pending.roll_for == "heat" and s.pending.dice == 2
    run(s, "heat 36")  # two hits: 3-6
    assert legal(s) == ["heat food 0", "heat food 1", "heat food 2"]
    run(s, "heat food 1")
    assert (s.journey.food, s.journey.posse) == (4 + 1, 11)


def test_heat_episode_2_loses_posse_on_4_to_6() -> None:
    """Ep.2 "Extreme Heat!": each 4-6 costs 1 Posse."""
    s = start({"episode": 2})
    run(s, "black 5", "red 23", "white 12233", "stop")
    hits = {str(o): p for o, p in s.chance_outcomes()}
    assert s.pending.dice == 2 and hits["heat 33"] == pytest.approx(1 / 36)
    run(s, "heat 34")  # the 4 hits, the 3 does not
    assert s.journey.posse == 9


def test_gang_attack_without_fight() -> None:
    """Ep.1 "The Griggs Gang Attacks!": reroll each 6, a Posse lost on 3-6."""
    s = start()
    run(s, "red 266", "white 12233", "stop")
    assert dict((str(o), p) for o, p in s.chance_outcomes())["gang 36"] == pytest.approx(2 / 36)
    run(s, "gang 36")  # both 3-6: two Posse lost
    assert s.journey.posse == 10


def test_shootout_odds_ammo_and_better_guns() -> None:
    """Ep.1 "Shootout!": sums, Ammo added, ties rerolled; Better Guns adds more."""
    assert round_odds(1, 1, 0) == (0.5, 0.5)
    win, lose = round_odds(1, 2, 4)
    assert win + lose == pytest.approx(1.0) and win > 0.5
    s = start(ammo=0, items=GUNS, guns_bonus=3)
    run(s, "red 466", "white 12233", "stop", "fours s0 h0 f1 b0")
    assert {str(o) for o, _ in s.chance_outcomes()} == {f"posse {f}" for f in range(1, 7)}
    run(s, "posse 1", "gang 56")  # 1 + 3 = 4 against 11: the round is lost
    assert (s.journey.ammo, s.journey.posse) == (0, 10)  # Ammo never below 0


def test_episode_2_shootout_win_crosses_off_a_crowe() -> None:
    """Ep.2 "Shootout!": a win crosses off a Crowe Gang member; Ammo -1."""
    s = start({"episode": 2}, ammo=4)
    run(s, "black 2", "red 46", "white 12233", "stop", "fours s0 h0 f1 b0", "posse 1", "gang 2")
    assert (s.journey.crowes, s.journey.ammo) == (17, 3)


# -- days, rations, caps ------------------------------------------------------------------


def test_rations_every_fifth_day() -> None:
    """Ep.1 "Food": at the end of every 5th Day a Food per Posse member; the
    unfed are lost; no Food at all loses the game."""
    s = start(day=4, food=5, posse=7)
    roll(s, "223", "12333")
    assert (s.journey.day, s.journey.food, s.journey.posse) == (
        5,
        0,
        6,
    )  # the two 2s found a Food first
    s = start(day=4, food=0, posse=7)
    roll(s, "133", "13333")
    assert s.is_over and s.journey.ended == "starved" and s.returns() == (0.0,)


def test_an_added_day_pays_rations_at_once() -> None:
    """Ep.1 "Days": a Day added by Hide or Lost reaching a Rations Day pays now."""
    s = start(day=4, food=20 - 8, posse=5)
    run(s, "red 266", "white 44222", "stop", "fours s0 h1 f0 b0")
    assert s.journey.day == 6 and s.journey.food == 12 - 5


def test_posse_cap() -> None:
    """Ep.1 "Your Posse": never more than 12 (Ep.2: 10)."""
    s = start({"episode": 2}, posse=10)
    run(s, "black 3", "red 33", "white 33322", "stop")
    assert s.journey.posse == 10 and s.journey.gold == 3 + 2


def test_posse_zero_loses() -> None:
    """Ep.1 "End of the Game": Posse reduced to 0 loses."""
    s = start(posse=1)
    run(s, "red 266", "white 12233", "stop", "gang 13")
    assert s.is_over and s.journey.ended == "posse"


def test_the_day_limit() -> None:
    """Ep.1 "End of the Game": over after the 40th Day."""
    s = start(day=39)
    roll(s, "223", "12333")
    assert s.is_over and s.journey.ended == "late" and s.journey.day == 40


# -- the Special Event, Towns, Items, Poker ----------------------------------------------


def test_special_event_once_per_game() -> None:
    """Ep.1 "Special Event": once per game, at the start of a turn."""
    s = start({"events": "d6"}, special=True)
    assert s.phase == P_BEGIN and legal(s) == ["roll", "special"]
    run(s, "special", "event 4")
    assert s.journey.special_used and s.dice.to_roll == (("red", 3), ("white", 5))
    roll(s, "223", "23333")
    assert s.phase != P_BEGIN


def test_town_buys() -> None:
    """Ep.1 "Items That Are Always Available": Food, Ammo, up to 3 Posse."""
    s = start(space=13, food=2, ammo=0, gold=10, posse=5)
    roll(s, "112", "23333")
    run(s, "item 1", "buy food 5", "buy ammo 2", "buy posse", "buy posse", "buy posse")
    assert (s.journey.food, s.journey.ammo, s.journey.posse, s.journey.gold) == (3 + 5, 2, 8, 5)
    assert "buy posse" not in legal(s)
    run(s, "buy compass", "leave")
    assert s.journey.items & COMPASS and s.journey.gold == 5 - 2


def test_special_item_roll_skips_items_owned() -> None:
    """Ep.1 "Special Items": reroll an Item already owned (D6-T3)."""
    s = start(space=13, items=COMPASS | MEDICINE)
    roll(s, "112", "23333")
    assert sorted(str(o) for o, _ in s.chance_outcomes()) == [
        "item 2",
        "item 3",
        "item 4",
        "item 6",
    ]


def test_better_guns_price_is_a_choice() -> None:
    """Better Guns: the bonus is the Gold spent."""
    s = start(space=13, gold=3)
    roll(s, "112", "24444")
    run(s, "item 6")
    assert {"buy guns 1", "buy guns 2", "buy guns 3"} <= set(legal(s))
    run(s, "buy guns 2")
    assert s.journey.guns_bonus == 2 and s.journey.gold == 1


def test_compass_and_hunter() -> None:
    """Compass: red 1s move 2; Hunter: red 2s count as two for Food, and he
    is lost when the Posse falls to 1."""
    s = start(items=COMPASS, space=2)
    roll(s, "134", "12334")
    assert s.journey.space == 2 + 3
    s = start(items=HUNTER, food=0, posse=3)
    roll(s, "234", "23334")
    assert s.journey.food == 1
    s = start(items=HUNTER, posse=2)
    run(s, "red 266", "white 12233", "stop", "gang 13")
    assert not s.journey.items & HUNTER


def test_binoculars_reroll_a_locked_red_five() -> None:
    """Binoculars: reroll one red 5 of the first roll (Ep.2: a 5 or 6)."""
    s = start(items=BINOCULARS)
    run(s, "red 156", "white 12233")
    assert legal(s) == ["binoculars 5", "pass"]
    run(s, "binoculars 5", "red 2")
    assert s.dice.locked == (6,) and s.dice.red == (1, 2, 6)


def test_medicine_prevents_one_sources_loss() -> None:
    """Medicine/Bandages: all Posse loss of one source, then discarded."""
    s = start(items=MEDICINE)
    run(s, "red 266", "white 12233", "stop", "gang 36")
    assert "medicine" in legal(s)
    run(s, "medicine")
    assert s.journey.posse == 12 and not s.journey.items & MEDICINE


def test_lucky_charm_changes_a_white_die_by_a_pip() -> None:
    """Ep.2 Lucky Charm: each turn, one locked white die by one pip."""
    s = start({"episode": 2}, items=CHARM, space=2)
    run(s, "black 2", "red 23", "white 22333", "stop")
    assert "charm w2-" in legal(s)
    run(s, "charm w2-")
    assert s.journey.space == 3


def test_poker_wager_and_result() -> None:
    """Ep.1 "Poker" (RULINGS d6): a mix of Gold, Food and Ammo; three rolls
    of the white dice; a die picks the hand to beat; win or lose the stake."""
    s = start(space=13, gold=4, food=6, ammo=3)
    roll(s, "112", "23333")
    run(s, "item 1", "poker", "stake 2g 1f")
    run(s, "white 44456", "keep w444", "white 44", "stop", "hand 5")  # five 4s beat four 3s
    assert (s.journey.gold, s.journey.food, s.journey.ammo) == (5 + 2, 7 + 1, 3)
    assert "poker" not in legal(s)


def test_poker_food_stake_is_any_food_and_a_win_stops_at_the_cap() -> None:
    """Ep.1 "Poker" with "Food" (at most 12 carried; D6-T5): all the Food
    held may be staked; a win cannot carry it past the cap."""
    s = start(space=13, gold=0, food=9, ammo=0)
    roll(s, "112", "23333")
    run(s, "item 1", "poker")
    stakes = legal(s)
    assert "stake 10f" in stakes and "stake 11f" not in stakes  # 9, and a Food from the 2s
    run(s, "stake 6f")
    run(s, "white 44456", "keep w444", "white 44", "stop", "hand 5")
    assert s.journey.food == 12


def test_poker_hand_order() -> None:
    """Ep.1 "Poker": five > four > straight > full house > three > two pair > pair."""
    order = [(4, 4, 4, 4, 4), (3, 3, 3, 3, 6), (1, 2, 3, 4, 5), (2, 2, 4, 4, 4), (1, 1, 1, 2, 3)]
    order += [(1, 1, 2, 2, 3), (4, 4, 6, 3, 2), (1, 3, 4, 5, 6)]
    keys = [hand_key(tuple(sorted(h))) for h in order]
    assert keys == sorted(keys, reverse=True)


def test_poker_tie_starts_over() -> None:
    """Ep.1 "Poker": a tie starts over."""
    s = start(space=13, gold=4)
    roll(s, "112", "23333")
    run(s, "item 1", "poker", "stake 1g")
    run(s, "white 13456", "stop", "hand 1")
    assert s.to_move == CHANCE and s.dice.to_roll == (("white", 5),) and s.journey.gold == 4 + 1


# -- events ----------------------------------------------------------------------------


def test_d6_events() -> None:
    """Ep.1 Events (d6 table): Shortcut, Animal Herd, Wagon Train, Lost, Demands."""
    s = start({"events": "d6"}, special=True, space=2)
    run(s, "special", "event 1")
    assert s.journey.space == 5
    s = start({"events": "d6"}, special=True, ammo=3, food=2)
    run(s, "special", "event 2", "herd")
    assert (s.journey.ammo, s.journey.food) == (2, 4)
    s = start({"events": "d6"}, special=True, food=0)
    run(s, "special", "event 5")
    assert s.is_over and s.journey.ended == "event"
    s = start({"events": "d6"}, special=True, gold=0)
    run(s, "special", "event 6")
    assert legal(s) == ["pay 1p"]


def test_wagon_train_trades() -> None:
    """Wagon Train: buy or sell Food/Ammo at 2 for 1 Gold."""
    s = start({"events": "d6"}, special=True, gold=1, food=10, ammo=2)
    run(s, "special", "event 3")
    assert "trade +2f -2a" in legal(s) and "trade +4f" not in legal(s)  # the cap: 12 Food
    run(s, "trade -4f +6a")  # sell 4 Food for 2 Gold, buy 6 Ammo for 3
    assert (s.journey.gold, s.journey.food, s.journey.ammo) == (0, 6, 8)


def test_card_events_of_episode_1() -> None:
    """Ep.1 "Event List" and RULINGS d6 (3-3 to 6-6)."""
    s = start(special=True, posse=8)
    run(s, "special", "event 1-2", "stampede 34")
    assert s.journey.posse == 6
    s = start(special=True, posse=4, day=1)
    run(s, "special", "event 1-3", "snakes 1266")
    assert (s.journey.day, s.journey.posse) == (2, 3)
    s = start(special=True, space=12, day=1)
    run(s, "special", "event 1-4")
    assert (s.journey.space, s.journey.day) == (14, 2)  # Calico (15) is nearer ahead: 2 spaces on
    s = start(special=True, ammo=3, food=0, day=1)
    run(s, "special", "event 1-5", "deer big", "deer 4")
    assert (s.journey.ammo, s.journey.food, s.journey.day) == (1, 6, 2)
    s = start(special=True, gold=0)
    run(s, "special", "event 2-6", "mine")
    assert s.journey.gold == 5 and s.effects.until_town_or_event & FX_GUNSIGHT
    s = start(special=True, space=2)
    run(s, "special", "event 3-3", "shortcut 6")
    assert s.journey.space == 5
    s = start(special=True, food=1, posse=6)
    run(s, "special", "event 3-5", "fish 112456")
    assert s.journey.food == 4


def test_slow_train_stops_movement() -> None:
    """2-4 Slow Train Crossing: no more movement this turn."""
    s = start(space=8)
    roll(s, "111", "12233")
    run(s, "event 2-4")
    assert s.journey.space == 10 and s.resolution.movement_left == 0


def test_effects_last_until_the_next_town_or_event() -> None:
    """Gold in Them Hills, Downhill Ride, Critters: until the next Town or Event."""
    s = start(special=True)
    run(s, "special", "event 1-6", "red 126", "white 12233")
    assert (
        s.effects.until_town_or_event & FX_HILLS
        and "hills w1" in legal(s)
        and "hills r6" not in legal(s)
    )
    run(s, "hills w1")
    assert s.dice.white == (2, 2, 3, 3, 3)
    s = start(special=True, space=2)
    run(s, "special", "event 2-5")
    roll(s, "223", "12333")
    assert s.journey.space == 4 and s.effects.until_town_or_event & FX_DOWNHILL  # the extra 1
    s = start(special=True)
    run(s, "special", "event 4-6")
    assert (
        s.dice.to_roll == (("red", 3), ("white", 7)) and s.effects.until_town_or_event & FX_CRITTERS
    )
    s = start(space=8, until_town_or_event=FX_CRITTERS | FX_HILLS)
    run(s, "red 111", "white 1223322", "pass", "stop")
    assert s.effects.until_town_or_event == 0  # reaching the Event at 10 ends them


def test_bandits_pay_or_fight() -> None:
    """RULINGS d6 3-6 Bandits!: pay, or a Shootout one die against two."""
    s = start(special=True, gold=3, food=0, ammo=0)
    run(s, "special", "event 3-6")
    assert legal(s) == ["pay 3g", "fight"]
    run(s, "fight")
    assert (s.shootout.posse_dice, s.shootout.gang_dice) == (1, 2)


def test_prisoner_campfire_family_deserters_guide() -> None:
    """RULINGS d6: 4-4 Prisoner, 4-5 Campfire Songs, 5-5 Lost Family,
    5-6 Army Deserters, 6-6 Indian Guide."""
    s = start(special=True, gold=0)
    run(s, "special", "event 4-4", "red 266", "white 12233", "stop", "gang 1")
    assert s.effects.prisoner == 2
    s = start(special=True, food=3)
    run(s, "special", "event 4-5", "campfire")
    assert s.journey.food == 2 and s.effects.until_town_or_event & FX_CAMPFIRE
    s = start(special=True, day=1)
    run(s, "special", "event 5-5")
    assert s.journey.day == 2 and s.effects.lost_family
    s = start(special=True)
    run(s, "special", "event 5-6")
    assert s.effects.deserters == 2
    run(s, "deserters 12")  # before each turn: neither deserts
    roll(s, "266", "12233")
    run(s, "gang 36", "absorb 2")
    assert s.journey.posse == 12 and s.effects.deserters == 0
    s = start(special=True)
    run(s, "special", "event 6-6")
    assert s.effects.until_town_or_event & FX_GUIDE


def test_episode_2_events() -> None:
    """Ep.2 "Event List": Traitor; Downhill drawn again with the Compass."""
    s = start({"episode": 2}, crowes=10, space=8)
    run(s, "black 2", "red 23", "white 12233", "stop", "event 1-2")
    assert (s.journey.posse, s.journey.crowes) == (9, 11)
    s = start({"episode": 2}, items=COMPASS, space=8)
    run(s, "black 2", "red 23", "white 12233", "stop")
    assert "event 2-5" not in [str(o) for o, _ in s.chance_outcomes()]


def test_notation_round_trips() -> None:
    for text in (
        "keep r56",
        "keep b1 r56 w1",
        "keep none",
        "fours s1 h0 f1 b0",
        "trade -2f +3a",
        "trade +4f",
        "pay 1g 1f",
        "event 3-5",
        "posse 5",
        "gang 34",
        "reroll p1 c66",
        "nudge c5-",
        "hills w5",
        "family r3 w4",
        "heat food 2",
        "stake 3g",
        "stake 1g 2f 1a",
        "white 11345",
        "heat 26",
        "stampede 34",
        "binoculars 6",
        "item 4",
    ):
        assert str(GAME.parse_action(text)) == text
    with pytest.raises(NotationError):
        GAME.parse_action("keep purple 5")
    assert GAME.parse_action("fours s1 h0 f1 b0") == Fours(1, 0, 1, 0)


def test_sampling_matches_the_listed_distribution() -> None:
    s = start()
    rng = np.random.default_rng(1)
    listed = {o for o, _ in s.chance_outcomes()}
    assert all(s.sample_chance(rng) in listed for _ in range(200))


def test_showdown_offers_every_split_of_the_successes() -> None:
    """Ep.2 "Combat" (D6-S4): each Posse 4-6 *may* remove a Crowe 1-2 or set
    a Crowe 5-6 aside; the player says how many remove, from none up to
    the number possible, even a split that wastes a success."""
    s = start({"episode": 2}, day=20, food=8, posse=4, ammo=0, crowes=1)
    s.journey.space = s.map.length - 1
    run(s, "black 3", "red 23", "white 12233", "stop")
    run(s, "tactic none", "posse 4456", "crowe 125")
    assert legal(s) == ["assign 0", "assign 1", "assign 2"]
    # Two remove the 1 and the 2, the third sets the 5 aside, one is spare.
    run(s, "assign 2")
    assert (s.showdown.posse, s.showdown.crowes) == (4, 1)
    run(s, "tactic none", "posse 1111", "crowe 5")
    assert (s.showdown.posse, s.showdown.crowes) == (3, 1)
