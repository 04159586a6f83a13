"""A turn (Part I, Beginning Your Turn .. (R)est; Part V, Taking a Turn;
rulings DG-R8, DG-R9, DG-R16 to DG-R18)."""

from __future__ import annotations

import pytest

from saloon.core.errors import IllegalAction
from saloon.games.dungeons.rules import common

from .conftest import (
    clear_board,
    do,
    enemy_kinds,
    first,
    give_cards,
    hero,
    legal,
    let_pass,
    log_text,
    scene,
    setup_game,
    until,
)

FOURS = (4, 4, 4, 4)


def test_the_quick_start_guides_turn() -> None:
    """Part V, Taking a Turn, replayed with scripted dice: the spawn die and
    the open gather's D4 together; the GM draws the enemy; every player
    collects his own board's reward; three actions; rest and two Heroic
    Quest cards."""
    s = setup_game(2)  # player 1: Explorer, Ember Board; player 2: Mesmerist, Frost Board
    clear_board(s)
    assert s.to_move == -1 and s.chance_prompt().startswith("the spawn d10 and the gather d4")
    coins = hero(s, 0).coins
    do(s, "spawn 7 gather 1")  # a D10 and a D4, rolled together
    do(s, "token orc")  # the current GM (player 2) draws the enemy for space 7
    assert "Player 2 (Mesmerist) (the GM) draws an Orc" in log_text(s)
    assert enemy_kinds(s, 7) == ["orc"]
    # The open gather: face 1 is two coins on the Ember Board (no question)
    # and an Advantage card on the Frost Board.
    assert hero(s, 0).coins == coins + 2
    do(s, "draw advantage whetstone")
    assert "whetstone" in hero(s, 1).advantage
    # Three actions in any combination: move, move, gather.
    assert s.to_move == 0
    do(s, "move 1", "move 4", "gather", "d4 1")
    assert hero(s, 0).space == 4 and hero(s, 0).coins == coins + 4
    assert s.turn is not None and s.turn.actions == 0
    assert [x for x in legal(s) if x in ("move 5", "hunt", "gather")] == []
    hand = hero(s, 0).hand_size
    do(s, "rest", "draw quest windfall", "draw quest shortcut")
    assert hero(s, 0).hand_size == hand + 2
    assert s.turn is not None and s.turn.seat == 1  # the next player's turn


def test_a_full_turn_draws_two_quest_cards_and_an_early_end_none() -> None:
    """Part I, (R)est; ruling DG-R16."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 0}})
    do(s, "gather", "d4 1", "gather", "d4 1", "gather", "d4 1")
    assert s.turn is not None and s.turn.actions == 0
    hand = hero(s, 0).hand_size
    do(s, "rest", "draw quest windfall", "draw quest windfall")
    assert hero(s, 0).hand_size == hand + 2
    s = scene(setup_game(2), 0, heroes={0: {"space": 0}})
    do(s, "gather", "d4 1")
    hand = hero(s, 0).hand_size
    assert s.to_move == 0
    do(s, "rest")
    assert hero(s, 0).hand_size == hand
    assert "ends the turn early (no Heroic Quest cards)" in log_text(s)


def test_three_actions_spent_draw_two_quest_cards_with_a_bonus_action_left() -> None:
    """Part I, (R)est, GM's Note (ruling DG-R16, the audit's replay):
    Grapejib Juice, then three moves, then rest: all three allotted actions
    were spent, so two Heroic Quest cards, though the Juice's action is
    left. Before, the left-over action forfeited them."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 0, "potions": ("grapejib-juice",)}})
    do(s, "drink grapejib-juice")
    assert s.turn is not None and s.turn.actions == 4
    do(s, "move 1", "move 4", "move 7")
    assert s.turn is not None and s.turn.actions == 1 and s.turn.spent == 3
    hand = hero(s, 0).hand_size
    do(s, "rest", "draw quest windfall", "draw quest windfall")
    assert hero(s, 0).hand_size == hand + 2
    assert "rests after a full turn" in log_text(s)


def test_stealth_comes_before_each_action_in_a_space_with_enemies() -> None:
    """Part I, On Stealth (ruling DG-R8): a check before acting, roll under
    stealth; success: the action happens."""
    s = scene(
        setup_game(2), 0, heroes={0: {"space": 4, "stats": (4, 4, 4, 4)}}, enemies=[("goblin", 4)]
    )
    assert "rest" in legal(s)  # not engaged: he entered... he is merely here
    do(s, "move 5")
    assert s.to_move == -1 and s.chance_prompt().startswith("Player 1 (Explorer)'s stealth roll")
    do(s, "d6 3")  # 3 < 4: unseen
    assert hero(s, 0).space == 5
    assert s.turn is not None and s.turn.actions == 2


def test_a_failed_stealth_check_engages_everyone_and_spends_no_action() -> None:
    s = scene(
        setup_game(2),
        0,
        heroes={0: {"space": 4, "stats": (4, 4, 4, 4), "coins": 0}},
        enemies=[("goblin", 4), ("orc", 4)],
    )
    do(s, "gather", "d6 4")  # a tie fails: the roll must be under the stat
    t = s.turn
    assert t is not None and len(t.engaged) == 2 and t.actions == 3
    assert "rest" not in legal(s) and "gather" not in legal(s)
    assert {"fight goblin", "fight orc"} <= set(legal(s))  # he picks the order


def test_dogmud_may_reroll_a_failed_stealth_roll() -> None:
    s = scene(
        setup_game(2),
        0,
        heroes={0: {"space": 4, "stats": (4, 4, 4, 4), "coins": 3}},
        enemies=[("goblin", 4)],
    )
    do(s, "gather", "d6 5")
    assert legal(s) == ["dogmud", "accept"]
    assert s.describe_action(s.legal_actions()[1]).startswith("accept the failed stealth roll")
    do(s, "dogmud", "d6 1")
    assert hero(s, 0).coins == 1
    assert s.to_move == -1 and s.chance_prompt().startswith("the gather's D4")


def test_with_no_action_left_there_is_no_check_and_no_engagement() -> None:
    """Part I, (R)est, GM's Note: a hunt as the last action brings an enemy
    in; out of actions, the hero may end his turn unengaged."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 4}}, turn={"actions": 1})
    do(s, "hunt", "token goblin")
    assert enemy_kinds(s, 4) == ["goblin"]
    assert s.turn is not None and s.turn.actions == 0 and not s.turn.engaged
    assert "rest" in legal(s)


def test_a_hero_among_enemies_at_the_start_of_his_turn_is_engaged() -> None:
    """Part I, On Stealth: enemies in the space when the turn begins engage."""
    s = setup_game(2)
    s = scene(s, 0, heroes={1: {"space": 6}}, enemies=[("kobold", 6)])
    do(s, "rest")
    assert s.to_move == -1  # player 2's turn roll
    do(s, "spawn 2 gather 1", "token goblin")
    # Both players collect; then player 2 starts engaged with the kobold.
    until(s, 1)
    t = s.turn
    assert t is not None and t.seat == 1 and len(t.engaged) == 1
    assert "rest" not in legal(s) and "move 3" not in legal(s)
    assert "fight kobold" in legal(s)


def test_stealth_on_entry_is_the_other_reading() -> None:
    s = scene(
        setup_game(2, stealth="on_entry"),
        0,
        heroes={0: {"space": 4, "stats": (4, 4, 4, 4)}},
        enemies=[("goblin", 5)],
    )
    do(s, "move 5")
    assert s.to_move == -1 and "stealth" in s.chance_prompt()
    do(s, "d6 6")
    assert hero(s, 0).space == 5 and s.turn is not None and s.turn.engaged


def test_stealth_on_acting_does_not_check_on_entry() -> None:
    s = scene(setup_game(2), 0, heroes={0: {"space": 4}}, enemies=[("goblin", 5)])
    do(s, "move 5")
    assert s.to_move == 0 and hero(s, 0).space == 5


def test_a_ride_through_enemies_checks_there_and_a_failure_stops_it() -> None:
    """Addenda, Rent a Horse; Part I, On Stealth (ruling DG-R17)."""
    s = scene(
        setup_game(2),
        0,
        heroes={0: {"space": 1, "stats": (4, 4, 4, 4), "coins": 3}},
        enemies=[("goblin", 4)],
    )
    assert "ride 4 7" in legal(s)
    do(s, "ride 4 7")
    assert hero(s, 0).coins == 2  # the horse's coin
    assert hero(s, 0).space == 4 and s.to_move == -1  # stealth in the space passed through
    do(s, "d6 6", "accept")
    assert hero(s, 0).space == 4 and s.turn is not None and s.turn.engaged
    assert "The horse bolts" in log_text(s)
    s = scene(
        setup_game(2),
        0,
        heroes={0: {"space": 1, "stats": (4, 4, 4, 4), "coins": 3}},
        enemies=[("goblin", 4)],
    )
    do(s, "ride 4 7", "d6 2")
    assert hero(s, 0).space == 7 and s.turn is not None and s.turn.actions == 2


def test_no_horse_on_flooded_roads_or_without_a_coin() -> None:
    s = scene(setup_game(2), 0, heroes={0: {"space": 1, "coins": 0}})
    assert not [x for x in legal(s) if x.startswith("ride")]
    s = scene(setup_game(2), 0, heroes={0: {"space": 1, "coins": 2}})
    s.flags = frozenset({"no_horses"})
    s._legal = None
    assert not [x for x in legal(s) if x.startswith("ride")]


def test_a_cash_cube_engages_on_entry_without_stealth_and_comes_first() -> None:
    """Part I, Cash Cube; Addenda, Cash Cube."""
    s = scene(
        setup_game(2),
        0,
        heroes={0: {"space": 4}},
        enemies=[("goblin", 5), ("cube", 5, {"owner": 1})],
    )
    do(s, "move 5")
    t = s.turn
    assert t is not None and len(t.engaged) == 2
    assert [x for x in legal(s) if x.startswith("fight")] == ["fight cube"]


def test_a_cube_never_attacks_its_owner() -> None:
    s = scene(setup_game(2), 0, heroes={0: {"space": 4}}, enemies=[("cube", 5, {"owner": 0})])
    do(s, "move 5")
    assert s.turn is not None and not s.turn.engaged and "gather" in legal(s)


def test_hunting_draws_an_enemy_into_the_space_never_in_the_village() -> None:
    s = scene(setup_game(2), 0, heroes={0: {"space": 0}})
    assert "hunt" not in legal(s)
    s = scene(setup_game(2), 0, heroes={0: {"space": 9}})
    do(s, "hunt")
    assert "Player 2 (Mesmerist) (the GM) draws" not in log_text(s)
    do(s, "token vampire")
    assert enemy_kinds(s, 9) == ["vampire"]
    assert "the GM" in log_text(s, len(s.log) - 1)


def test_coins_are_capped_at_10() -> None:
    """Ruling DG-R3."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 0, "coins": 9}})
    do(s, "gather", "d4 1")  # the Ember Board's two coins
    assert hero(s, 0).coins == 10
    assert "gathers 1 of the 2 coins: 10 now, the most a hero may hold" in log_text(s)


def test_the_hand_limit_counts_the_whole_hand_and_offers_a_discard() -> None:
    """Ruling DG-R2: at the limit a player about to draw may discard first, or
    draw nothing."""
    s = setup_game(2, stats=[[(3, "strength"), (4, "stealth"), (4, "wits"), (4, "skill")]] * 2)
    s = scene(s, 0, heroes={0: {"space": 0}})
    assert common.hand_limit(s, 0) == 3
    give_cards(s, 0, "whetstone")  # three cards now: one Advantage, two... (whole hand)
    assert hero(s, 0).hand_size == 3
    do(s, "gather", "d4 2")  # the Ember Board's Advantage card
    assert "pass" in legal(s) and any(x.startswith("discard ") for x in legal(s))
    do(s, "pass")
    assert hero(s, 0).hand_size == 3 and "draws nothing" in log_text(s)
    do(s, "gather", "d4 2", "discard whetstone", "draw advantage rapier")
    assert "rapier" in hero(s, 0).advantage and "whetstone" not in hero(s, 0).advantage


def test_advantage_cards_are_bought_any_time_in_ones_turn() -> None:
    """Part I, Non-Action Tasks; DG-C6: two coins, in one's own turn (in a fight too)."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 0, "coins": 2}})
    do(s, "buy advantage", "draw advantage sabre")
    assert hero(s, 0).coins == 0 and "sabre" in hero(s, 0).advantage
    assert "buy advantage" not in legal(s)


def test_a_bought_card_at_the_hand_limit_needs_a_discard() -> None:
    s = setup_game(2, stats=[[(3, "strength"), (4, "stealth"), (4, "wits"), (4, "skill")]] * 2)
    s = scene(s, 0, heroes={0: {"space": 0, "coins": 4}})
    give_cards(s, 0, "whetstone")
    do(s, "buy advantage")
    assert "pass" not in legal(s)
    with pytest.raises(IllegalAction):
        do(s, "pass")


def test_the_wild_reward_is_a_choice_and_coins_are_not() -> None:
    """Ruling DG-R9: a question only when there is a real choice."""
    s = setup_game(
        2
    )  # Ember (coins, advantage, alchemy, wild) and Frost (advantage, alchemy, wild, coins)
    do(s, "spawn 3 gather 4", "token goblin")
    # Face 4: Wild for player 1 (asked), coins for player 2 (not asked).
    assert s.to_move == 0 and legal(s) == ["take coins", "take advantage", "take alchemy"]
    coins = hero(s, 1).coins
    do(s, "take coins")
    assert hero(s, 1).coins == coins + 2


def test_alchemy_places_a_bottle_and_may_move_one() -> None:
    """Part II, Gather Rewards, Alchemy."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 0}})
    do(s, "gather", "d4 3")
    assert "potion grapejib-juice" in legal(s) and "pass" not in legal(s)
    do(s, "potion grapejib-juice", "gather", "d4 3", "potion acupunch")
    assert hero(s, 0).potions == ("acupunch", "grapejib-juice")
    do(s, "gather", "d4 3")
    assert "pass" in legal(s) and "potion ogre-brew from acupunch" in legal(s)
    assert "potion acupunch" not in legal(s)
    do(s, "potion ogre-brew from acupunch")
    assert hero(s, 0).potions == ("grapejib-juice", "ogre-brew")


def test_a_dead_hero_respawns_at_the_start_of_his_turn() -> None:
    """Part I, Death and the Styx River (ruling DG-R18): full HP, a random space (the map's die)."""
    s = setup_game(2)
    s = scene(s, 0, heroes={1: {"space": -1, "hp": 0}})
    do(s, "rest")
    assert s.chance_prompt().startswith("the map's die")
    do(s, "d10 8")
    assert hero(s, 1).space == 8 and hero(s, 1).hp == 3
    assert "The Ferryman drops Player 2 (Mesmerist) at 8" in log_text(s)


def test_lost_actions_are_taken_off_the_next_turn() -> None:
    s = setup_game(2)
    s = scene(s, 0, heroes={1: {"lost_actions": 1}})
    do(s, "rest")
    until(s, 1)
    assert s.turn is not None and s.turn.actions == 2


def test_an_empty_deck_draws_nothing_until_the_end_of_the_turn() -> None:
    """Ruling DG-R11: the discard pile becomes the deck when the turn ends."""
    from saloon.games.dungeons.rules.model import Deck

    s = scene(setup_game(2), 0, heroes={0: {"space": 0, "coins": 0}})
    s.decks["advantage"] = Deck()
    s.discards["advantage"] = ("whetstone", "sabre")
    do(s, "gather", "d4 2")  # the Ember Board's Advantage card
    assert "The Advantage deck is empty" in log_text(s)
    do(s, "rest")
    assert s.decks["advantage"].size == 2 and s.discards["advantage"] == ()


def test_each_potion_once_a_turn_and_each_skill_once() -> None:
    """Ruling DG-R13."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 1, "potions": ("grapejib-juice",)}})
    do(s, "drink grapejib-juice")
    assert s.turn is not None and s.turn.actions == 4
    do(s, "gather", "d4 3", "potion grapejib-juice")
    assert "drink grapejib-juice" not in legal(s)  # refilled, it waits for the next turn
    s = setup_game(2, stats=[[(4, "strength"), (4, "stealth"), (4, "wits"), (6, "skill")]] * 2)
    s = scene(s, 0, heroes={0: {"space": 1}})
    do(s, "skill keen-eye")
    assert "skill keen-eye" in legal(s)  # a skill of 6 stacks a second marker
    do(s, "skill keen-eye")
    assert "skill keen-eye" not in legal(s) and hero(s, 0).markers == ("keen-eye", "keen-eye")


def test_over_the_hand_limit_a_draw_needs_the_hand_brought_below_it() -> None:
    """Part I, Shuffle and Draw, GM's Note (ruling DG-R2): a card is drawn
    only once the hand is below the limit, so a hero over it (his strength
    fell) discards until it is, or draws nothing."""
    s = setup_game(2, stats=[[(3, "strength"), (4, "stealth"), (4, "wits"), (4, "skill")]] * 2)
    s = scene(s, 0, heroes={0: {"space": 0, "advantage": (), "quests": ()}})
    give_cards(s, 0, "whetstone", "rapier", "windfall", "treasure-chest")
    assert common.hand_limit(s, 0) == 3 and hero(s, 0).hand_size == 4
    do(s, "gather", "d4 2", "discard rapier")
    # Three cards left: still at the limit, so no draw yet.
    assert s.to_move == 0 and "pass" in legal(s) and "discard whetstone" in legal(s)
    do(s, "discard whetstone")
    assert s.to_move == -1 and s.chance_prompt().startswith("the card Player 1")
    do(s, "draw advantage sabre")
    assert hero(s, 0).hand_size == 3 and "sabre" in hero(s, 0).advantage


def test_a_respawn_among_enemies_engages_at_once() -> None:
    """Part I, Death and the Styx River, and On Stealth (ruling DG-R18): the
    Ferryman's drop is not an entry, but the hero begins his turn among the
    enemies there and is engaged with them before any action."""
    s = scene(setup_game(2), 0, heroes={1: {"space": -1, "hp": 0}}, enemies=[("orc", 8)])
    do(s, "rest", "d10 8", "spawn 2 gather 1", "token goblin")
    until(s, 1)
    t = s.turn
    assert t is not None and t.seat == 1 and len(t.engaged) == 1
    assert "rest" not in legal(s) and "fight orc" in legal(s)


def test_an_enemy_spawned_into_the_heros_space_at_the_turns_start_engages_him() -> None:
    """Part I, Beginning Your Turn and On Stealth (ruling DG-R29): the spawn
    and the open gather come first; a hero whose space then holds an enemy
    begins his turn engaged with it."""
    s = scene(setup_game(2), 0, heroes={1: {"space": 4}})
    do(s, "rest", "spawn 4 gather 4", "token goblin")
    until(s, 1)
    t = s.turn
    assert t is not None and t.seat == 1 and len(t.engaged) == 1
    assert "fight goblin" in legal(s) and "gather" not in legal(s)


def test_a_dead_hero_still_collects_the_open_gather() -> None:
    """Part I, Open Gather (ruling DG-R9): every player collects, a hero in
    the Styx too."""
    s = scene(setup_game(2), 0, heroes={1: {"space": -1, "hp": 0, "coins": 0}})
    do(s, "rest", "d10 5", "spawn 2 gather 4", "token goblin")
    # Face 4 is the Frost Board's two coins, collected before the respawn's turn goes on.
    assert hero(s, 1).coins == 2


def test_a_ride_through_the_village_drops_off_and_heals() -> None:
    """Addenda, Rent a Horse; Part II, The Village (ruling DG-R17)."""
    s = scene(
        setup_game(2),
        0,
        heroes={0: {"space": 1, "coins": 1, "hp": 1, "backpack": ("mill-raiders",)}},
    )
    do(s, "ride village 3")
    h = hero(s, 0)
    assert h.space == 3 and h.hp == 3 and h.dropped == ("mill-raiders",) and h.coins == 0


def test_the_fountain_pays_no_coin_for_a_low_roll() -> None:
    """Part II, The Class Board, C: a roll of 1-3 earns a coin only at the
    setup's stat rolls, never at the Fountain of You (nor at a stat check:
    test_effects, the stat check's coins)."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 0, "coins": 1, "stats": (4, 4, 4, 4)}})
    do(s, "fountain", "d6 2")
    assert hero(s, 0).coins == 0


def test_a_skill_of_5_cannot_stack_a_second_marker() -> None:
    """Addenda, Stacking Skills: only a skill stat of 6 puts a second marker
    on a skill."""
    s = setup_game(2, stats=[[(4, "strength"), (4, "stealth"), (4, "wits"), (5, "skill")]] * 2)
    s = scene(s, 0, heroes={0: {"space": 1, "markers": ("keen-eye",)}})
    assert "skill keen-eye" not in legal(s) and "skill pathfinder" in legal(s)


def test_quiet_space_keeps_a_successful_check_until_the_hero_leaves() -> None:
    """Part IV, Suggestions, Quiet Space (a house rule)."""
    s = scene(
        setup_game(2, house_rules=("quiet_space",)),
        0,
        heroes={0: {"space": 4, "stats": (4, 4, 4, 4)}},
        enemies=[("goblin", 4), ("goblin", 5)],
    )
    do(s, "gather", "d6 1", "d4 1")
    do(s, "gather")  # no second check in the same space
    assert s.chance_prompt().startswith("the gather's D4")
    do(s, "d4 1", "move 5")
    assert hero(s, 0).space == 5 and s.turn is not None and s.turn.actions == 0


def test_the_creature_quota_passes_a_spawn_on_from_a_full_space() -> None:
    """Part IV, Suggestions, Creature Quota (a house rule): three enemies at
    most in a space; the spawn goes to the next numbered space."""
    s = scene(
        setup_game(2, house_rules=("creature_quota",)),
        0,
        heroes={0: {"space": 1}},
        enemies=[("goblin", 10), ("orc", 10), ("kobold", 10), ("gnoll", 1)],
    )
    do(s, "rest", "spawn 10 gather 1", "token mummy")
    assert enemy_kinds(s, 10) == ["goblin", "kobold", "orc"]
    assert enemy_kinds(s, 1) == ["gnoll", "mummy"]


# -- DG-R4's other reading: red cards of timing any in an opponent's turn -----------------------


def test_by_default_red_cards_wait_for_a_fight() -> None:
    """Ruling DG-R4: red cards are played in the windows of a fight; a
    Pickpocket held is not offered between the active hero's actions."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 3, "coins": 5}})
    give_cards(s, 1, "pickpocket", "tripwire")
    do(s, "gather", "d4 1")  # two coins
    assert s.to_move == 0 and hero(s, 0).coins == 7


def test_with_red_cards_turn_an_opponent_may_play_after_each_action() -> None:
    """Option ``red_cards=turn``: after each of the active hero's actions his
    opponents may play red cards of timing any (Pickpocket takes two coins);
    after a card the window goes on, asking each again whatever he holds
    (ruling DG-R4)."""
    s = scene(setup_game(2, red_cards="turn"), 0, heroes={0: {"space": 3, "coins": 5}})
    give_cards(s, 1, "pickpocket")
    thief = hero(s, 1).coins
    do(s, "gather", "d4 1")  # two coins
    assert s.to_move == 1 and legal(s) == ["play pickpocket", "pass"]
    assert s.agenda[-1].prompt(s) == "Player 1 (Explorer)'s turn: play a red card, or pass"
    assert s.describe_action(s.parse("pass")) == "pass: play no red card now"
    do(s, "play pickpocket")
    assert (hero(s, 0).coins, hero(s, 1).coins) == (5, thief + 2)
    assert s.to_move == 1 and legal(s) == ["pass"]  # asked again: nothing left to play
    do(s, "pass")
    assert s.to_move == 0
    do(s, "gather", "d4 1")
    assert s.to_move == 1 and legal(s) == ["pass"]
    do(s, "pass")
    assert s.to_move == 0


def test_a_hero_in_the_village_is_out_of_the_red_cards_reach() -> None:
    """Part II, The Village: another player's card cannot reach a hero there,
    so a Pickpocket is not offered; the window asks all the same (an Ambush
    could still be played), with ``pass`` alone (ruling DG-R4)."""
    s = scene(setup_game(2, red_cards="turn"), 0, heroes={0: {"space": 0, "coins": 5}})
    give_cards(s, 1, "pickpocket")
    do(s, "gather", "d4 1")
    assert s.to_move == 1 and legal(s) == ["pass"]
    do(s, "pass")
    assert s.to_move == 0 and hero(s, 0).coins == 7


def test_with_red_cards_turn_the_window_opens_before_the_first_decision() -> None:
    """Option ``red_cards=turn``: the window opens at the start of a turn too,
    after the turn's roll (Tripwire: one action fewer next turn)."""
    from saloon.games.dungeons.rules import powers

    s = scene(setup_game(2, red_cards="turn"), 0, heroes={1: {"space": 3}})
    give_cards(s, 0, "tripwire")
    do(s, "rest")
    for _ in range(50):
        top = s.agenda[-1]
        if isinstance(top, powers.Window) or s.to_move == 1:
            break
        s.apply(first(s))
    top = s.agenda[-1]
    assert isinstance(top, powers.Window) and top.phase == "turn"
    assert s.to_move == 0 and "play tripwire" in legal(s)
    do(s, "play tripwire")
    assert hero(s, 1).lost_actions == 1
    let_pass(s)  # the window goes on: asked again (ruling DG-R4)
    assert s.to_move == 1


def test_the_heuristic_pickpockets_only_when_its_own_purse_has_room() -> None:
    """The heuristic weighs a Pickpocket of the active hero's turn (option
    ``red_cards=turn``) by the coins it would keep: with room under the
    cap it plays it; with a purse at the cap (10) it keeps the card."""
    from saloon.agents import make_agent
    from saloon.games.dungeons import GAME

    for own, choice in ((0, "play pickpocket"), (10, "pass")):
        s = scene(
            setup_game(2, red_cards="turn"),
            0,
            heroes={0: {"space": 3, "coins": 9}, 1: {"coins": own}},
        )
        give_cards(s, 1, "pickpocket")
        do(s, "gather", "d4 1")
        assert s.to_move == 1 and legal(s) == ["play pickpocket", "pass"]
        assert str(make_agent("heuristic", GAME, 0).choose(s)) == choice, own
