"""Combat (Part I, Enemy Engagement; Part II, Specialty Hides steps 1-7;
rulings DG-R19 to DG-R24)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from saloon.core.errors import IllegalAction
from saloon.games.dungeons.rules import board
from saloon.games.dungeons.rules.state import DungeonsState

from .conftest import (
    do,
    enemy_at,
    enemy_kinds,
    give_cards,
    hero,
    legal,
    log_text,
    scene,
    setup_game,
)

EMPTY = {"advantage": (), "quests": ()}


def fight_scene(
    enemies: list[tuple[str, int] | tuple[str, int, dict[str, object]]],
    space: int = 6,
    stats: tuple[int, int, int, int] = (4, 4, 4, 4),
    players: int = 2,
    **extra: object,
) -> DungeonsState:
    """Player 1 (the Explorer, Ember Board: beast, rogue, bandit hides) in
    ``space`` with ``enemies``, empty hands all round, 5 coins."""
    heroes = {p: dict(EMPTY) for p in range(players)}
    heroes[0] |= {"space": space, "stats": stats, "coins": 5}
    heroes[0] |= extra
    return scene(setup_game(players), 0, heroes=heroes, enemies=enemies, environments=[])


def test_the_combat_steps_1_to_7() -> None:
    """Part II, Specialty Hides, steps 1-7, with Part I's buffs: the hero
    declares, an opponent buffs the monster, the hero picks his weapon, the
    dice roll, the hero improves (a buff, a Dogmud), the tally resolves,
    the buffs go."""
    s = fight_scene([("goblin", 6)])
    s.environments = ((6, "hills"),)  # the goblin's +1
    give_cards(s, 0, "short-sword", "whetstone")
    give_cards(s, 1, "intervention")
    # Step 1: the declaration (fighting is not an action).
    do(s, "fight goblin")
    assert s.turn is not None and s.turn.actions == 3
    # Step 2: the other players, as the collective GM, may play red cards.
    assert s.to_move == 1 and legal(s) == ["play intervention", "pass"]
    do(s, "play intervention")
    assert enemy_at(s, "goblin").buffs == 1
    # Steps 3 and 4: transform (no hides here) and the weapon.
    assert s.to_move == 0
    assert "wield short-sword" in legal(s) and "wield natural" in legal(s)
    assert not [x for x in legal(s) if x.startswith("transform")]
    do(s, "wield short-sword")
    assert "short-sword" not in hero(s, 0).advantage  # played: one-time use
    # Step 5: the hero's D8 and the GM's D4, together.
    assert s.chance_prompt().startswith("the hero's d8 vs the enemy's d4")
    do(s, "roll 3 vs 4")
    assert "hero's d8: 3 against the Goblin's d4: 4 +1 hills +1 buff = 6" in log_text(s)
    # Step 6: the hero improves: a buff, then a Dogmud reroll.
    assert "accept" in legal(s) and "play whetstone" in legal(s) and "dogmud" in legal(s)
    do(s, "play whetstone", "dogmud", "d8 7")
    assert hero(s, 0).coins == 3
    assert "The hero's d8 is rolled again: 3 becomes 7. Hero's d8: 7 +1 buff = 8 against" in (
        log_text(s)
    )
    # Step 7: 7 + 1 = 8 beats 6: the goblin dies; two coins.
    do(s, "accept")
    assert enemy_kinds(s, 6) == []
    assert hero(s, 0).coins == 5
    assert s.turn is not None and not s.turn.engaged and s.fight is None


def test_the_transformation_example_a_gnoll_into_a_bandit() -> None:
    """Part II, Specialty Hides, EXAMPLE: a Bandit bounty, but a Gnoll
    (Beast) turns up; engaged, the hero turns in three specialty hides and
    the Gnoll becomes a Bandit with a bare D6; slain, it collects the
    Bandit bounty (ruling DG-R20)."""
    s = setup_game(2)
    s = scene(
        s,
        0,
        heroes={0: {"space": 6, "specialty": ("gnoll", "owlbear", "orc"), "coins": 0} | EMPTY},
        enemies=[("gnoll", 6, {"buffs": 0})],
        bounties=["hollow-warband", "mill-raiders", "toll-cheat"],
        environments=[(6, "forest")],
    )
    bag = len(s.bag)
    do(s, "fight gnoll")
    # The GM's window asks player 2, whatever he holds (ruling DG-R4).
    assert s.to_move == 1 and "pass" in legal(s)
    do(s, "pass")
    assert "transform bandit" in legal(s)
    do(s, "transform bandit")
    assert hero(s, 0).specialty == ("", "", "")
    assert len(s.bag) == bag + 3  # the hides go back to the bag
    do(s, "wield natural")
    assert s.chance_prompt().startswith("the hero's d6 vs the enemy's d6")
    do(s, "roll 5 vs 4")
    # No forest bonus, no buff: a bare D6.
    assert s.fight is not None and s.fight.transformed == "bandit"
    do(s, "accept")
    assert "the Gnoll dies as a bandit" in log_text(s)
    assert hero(s, 0).backpack == ("hollow-warband",)
    assert "hollow-warband" not in s.bounties
    # A new bounty is turned, then an enemy spawned; the token to the bag.
    assert s.to_move == -1 and type(s.agenda[-1]).__name__ == "TurnBounty"
    do(s, "draw bounty wood-wailer", "d10 3", "token kobold")
    assert len(s.bounties) == 3 and enemy_kinds(s, 3) == ["kobold"]


def test_a_transformed_monster_that_wins_is_itself_again() -> None:
    """Ruling DG-R20: if it wins the round it returns to its form with every
    bonus it had (its extra HP); its hit is its own (here a Poison
    monster's: a stat)."""
    s = fight_scene([("giant-spider", 6, {"hp": 2})], specialty=("gnoll", "owlbear", "orc"))
    do(s, "fight giant-spider", "transform bandit", "wield natural", "roll 2 vs 5", "accept")
    spider = enemy_at(s, "giant-spider")
    assert spider.hp == 2  # its extra HP kept
    assert legal(s) == ["stat strength", "stat stealth", "stat wits", "stat skill"]
    do(s, "stat wits")
    assert hero(s, 0).stat("wits") == 3 and hero(s, 0).hp == 3


def test_a_transformed_monster_dies_outright_whatever_its_extra_hp() -> None:
    s = fight_scene([("orc", 6, {"hp": 3})], specialty=("gnoll", "owlbear", "orc"))
    do(s, "fight orc", "transform rogue", "wield natural", "roll 6 vs 1", "accept")
    assert enemy_kinds(s, 6) == []


def test_red_cards_cannot_add_to_a_transformed_monster_after_the_roll() -> None:
    s = fight_scene([("orc", 6)], specialty=("gnoll", "owlbear", "orc"))
    give_cards(s, 1, "fickle-fate")
    do(s, "fight orc")
    assert s.to_move == 1 and legal(s) == ["pass"]  # asked, nothing to play before the roll
    do(s, "pass", "transform rogue", "wield natural", "roll 4 vs 3")
    assert s.to_move == 0  # no window after the roll


@pytest.mark.parametrize(("plants", "attack"), [(1, 3), (2, 4), (3, 5)])
def test_plants_of_eden_rise_with_every_other_plant_on_the_board(plants: int, attack: int) -> None:
    """Part I, Know Thine Enemy: a Plant's natural attack is 3, +1 for each
    other Plant on the board; it does not roll."""
    others: list[tuple[str, int] | tuple[str, int, dict[str, object]]] = [
        ("plant-of-eden", 2 + k) for k in range(plants - 1)
    ]
    s = fight_scene([("plant-of-eden", 6), *others])
    do(s, "fight plant-of-eden", "wield natural")
    assert s.chance_prompt().endswith("(e.g. roll 3)")  # no enemy die
    do(s, "roll 6")
    extra = {3: "", 4: " +1 other Plant = 4", 5: " +2 other Plants = 5"}[attack]
    assert f"against the Plant of Eden's attack: 3{extra}; the hero wins" in log_text(s)


def test_a_slain_plant_goes_back_to_the_bag_and_a_dragon_is_a_trophy() -> None:
    s = fight_scene([("plant-of-eden", 6)])
    bag = board.bag_counts(s).get("plant-of-eden", 0)
    do(s, "fight plant-of-eden", "wield natural", "roll 6", "accept")
    assert board.bag_counts(s)["plant-of-eden"] == bag + 1
    s = fight_scene([("emerald-dragon", 6)])
    do(s, "fight emerald-dragon", "wield natural", "roll 6 vs 1", "accept")
    assert hero(s, 0).trophies == ("emerald-dragon",)
    from saloon.games.dungeons.rules import common

    assert common.glory(s, 0) == 2


def test_no_buffs_no_environment_no_moon_for_guardians() -> None:
    """Part I, Know Thine Enemy: Guardians cannot be buffed, get no
    environment or Hunters' Moon bonus (ruling DG-R19: no window)."""
    s = fight_scene([("onyx-dragon", 6)])
    s.flags = frozenset({"hunters_moon"})
    s.environments = ((6, "dungeon"), (6, "forest"))
    give_cards(s, 1, "intervention")
    do(s, "fight onyx-dragon")
    assert s.to_move == 0  # no window for the GM
    do(s, "wield natural", "roll 3 vs 5")
    assert "against the Onyx Dragon's d8: 5;" in log_text(s)


def test_the_hunters_moon_gives_monsters_2() -> None:
    s = fight_scene([("goblin", 6)])
    s.flags = frozenset({"hunters_moon"})
    do(s, "fight goblin", "wield natural", "roll 3 vs 2")
    assert "the Goblin's d4: 2 +2 Hunters' Moon = 4" in log_text(s)


def test_the_overzealous_moon_reaches_guardians_too() -> None:
    s = scene(
        setup_game(2, house_rules=("overzealous_moon",)),
        0,
        heroes={0: {"space": 6}},
        enemies=[("onyx-dragon", 6)],
        environments=[],
    )
    s.flags = frozenset({"hunters_moon"})
    do(s, "fight onyx-dragon", "wield natural", "roll 3 vs 2")
    assert "the Onyx Dragon's d8: 2 +2 Hunters' Moon = 4" in log_text(s)


@pytest.mark.parametrize(("strength", "won"), [(6, True), (5, False)])
def test_a_tie_goes_to_the_hero_only_with_strength_6(strength: int, won: bool) -> None:
    s = fight_scene([("kobold", 6)], stats=(strength, 4, 4, 4))
    do(s, "fight kobold", "wield natural", "roll 4 vs 4", "accept")
    assert (enemy_kinds(s, 6) == []) is won
    assert hero(s, 0).hp == (3 if won else 2)


def test_losing_costs_an_hp_and_the_hero_stays_engaged_with_the_same_enemy() -> None:
    """Ruling DG-R22; Part I, Enemy Engagement: the same enemy until one falls."""
    s = fight_scene([("kobold", 6), ("goblin", 6)])
    do(s, "gather", "d6 6", "accept")  # a failed stealth check: engaged with both
    assert {"fight kobold", "fight goblin"} <= set(legal(s))
    do(s, "fight kobold", "wield natural", "roll 1 vs 5", "accept")
    assert hero(s, 0).hp == 2
    assert "The Kobold wins the round: Player 1 (Explorer) has 2 HP left." in log_text(s)
    fights = [x for x in legal(s) if x.startswith("fight")]
    assert fights == ["fight kobold"]
    assert "rest" not in legal(s)


def test_extra_hp_takes_more_than_one_win_and_is_kept_when_the_monster_wins() -> None:
    s = fight_scene([("orc", 6, {"hp": 2})])
    do(s, "fight orc", "wield natural", "roll 1 vs 5", "accept")
    assert enemy_at(s, "orc").hp == 2
    do(s, "fight orc", "wield natural", "roll 6 vs 1", "accept")
    assert enemy_at(s, "orc").hp == 1
    do(s, "fight orc", "wield natural", "roll 6 vs 1", "accept")
    assert enemy_kinds(s, 6) == []


def test_buffs_go_after_the_round_either_way() -> None:
    s = fight_scene([("orc", 6, {"hp": 2})])
    give_cards(s, 1, "intervention", "intervention")
    do(s, "fight orc", "play intervention", "play intervention")
    assert enemy_at(s, "orc").buffs == 2
    do(s, "wield natural", "roll 6 vs 1", "accept")
    assert enemy_at(s, "orc").buffs == 0


def test_the_windows_all_pass_in_a_row_in_turn_order_from_the_gm() -> None:
    """Ruling DG-R4: every opponent, in turn order from the GM, until all pass
    in a row; a player with no Heroic Quest card is not asked, one with any
    is asked whatever it is, and so is every other player when a card is
    played, whether he cancels it."""
    s = fight_scene([("orc", 6)], players=4)
    give_cards(s, 1, "intervention")
    give_cards(s, 3, "intervention", "thick-hide")
    do(s, "fight orc")
    assert s.to_move == 1
    do(s, "pass")
    assert s.to_move == 3  # player 3 holds nothing and is skipped
    do(s, "play thick-hide")
    assert s.to_move == 1 and legal(s) == ["pass"]  # may he cancel it? nothing to
    do(s, "pass")
    assert s.to_move == 1  # after a card, everyone again from the next player
    do(s, "play intervention")
    assert s.to_move == 3 and legal(s) == ["pass"]  # player 4 may cancel it: nothing to
    do(s, "pass")
    assert s.to_move == 3  # then the window goes on from player 3, who holds nothing
    do(s, "pass")
    assert s.to_move == 0
    orc = enemy_at(s, "orc")
    assert orc.hp == 2 and orc.buffs == 1


def asks(red: str) -> list[tuple[int, str]]:
    """Who is asked what in a round against an orc, three players, every
    window let go by: player 2 holds Intervention, player 3 holds ``red``."""
    s = fight_scene([("orc", 6)], players=3)
    give_cards(s, 1, "intervention")
    give_cards(s, 2, red)
    out: list[tuple[int, str]] = []
    do(s, "fight orc")
    while s.fight is not None and s.to_move is not None:
        if s.to_move < 0:
            do(s, "roll 4 vs 3")
        elif s.to_move == 0:
            do(s, "wield natural" if s.fight.stage == "arm" else "accept")
        else:
            out.append((s.to_move, s.agenda[-1].prompt(s)))
            do(s, "pass")
    return out


def test_an_opponent_with_no_card_to_play_is_asked_all_the_same() -> None:
    """Ruling DG-R4: player 3 is asked at the GM's windows whether he holds
    a card he may play there (Thick Hide, before the roll) or not (Windfall,
    a green card): the same questions at the same moments, ``pass`` his
    only choice when he has nothing, so nobody learns what he holds."""
    s = fight_scene([("orc", 6)], players=3)
    give_cards(s, 1, "intervention")
    give_cards(s, 2, "windfall")
    do(s, "fight orc", "pass")
    assert s.to_move == 2 and legal(s) == ["pass"]
    holds, lacks = asks("thick-hide"), asks("windfall")
    assert holds == lacks
    assert [seat for seat, _ in holds] == [1, 2]  # before the roll; none after it (DG-R39)


def test_every_other_player_is_asked_whether_he_cancels_a_card() -> None:
    """Ruling DG-R4: a red card played in a fight may be cancelled by the
    others; each holding a Heroic Quest card is asked, whatever it is."""
    s = fight_scene([("orc", 6)], players=3)
    give_cards(s, 1, "intervention")
    give_cards(s, 2, "windfall")
    do(s, "fight orc", "play intervention")
    assert s.to_move == 2 and legal(s) == ["pass"]
    assert s.agenda[-1].prompt(s) == "cancel Intervention, or pass"
    do(s, "pass")
    assert enemy_at(s, "orc").buffs == 1


def test_no_red_cards_on_a_cash_cube_and_no_coins_for_it() -> None:
    """Part I, Cash Cube (not a monster: no buffs; no coins for it); ruling DG-C20."""
    s = fight_scene([("cube", 6, {"owner": 1})], coins=3)
    give_cards(s, 1, "intervention")
    do(s, "fight cube")
    assert s.to_move == 0
    do(s, "wield natural")
    assert s.chance_prompt().startswith("the hero's d6 vs the enemy's d12")
    do(s, "roll 6 vs 2", "accept")
    assert hero(s, 0).coins == 3 and board.cube_of(s, 1) is None
    s = fight_scene([("cube", 6, {"owner": 1})])
    do(s, "fight cube", "wield natural", "roll 1 vs 9", "accept")
    assert "Player 2 (Mesmerist)'s Cash Cube wins the round" in log_text(s)


def test_ranged_takes_no_harm_and_critical_doubles() -> None:
    """Part II, Advantage Cards: Ranged, Critical."""
    s = fight_scene([("orc", 6)])
    give_cards(s, 0, "longbow", "rapier")
    do(s, "fight orc", "wield longbow", "roll 2 vs 9", "accept")
    assert hero(s, 0).hp == 3 and "no harm" in log_text(s)
    do(s, "fight orc", "wield rapier", "roll 5 vs 9", "accept")
    assert enemy_kinds(s, 6) == []  # 5 doubled is 10


def test_dual_wield_adds_two_weapons_and_dogmud_rerolls_one_die() -> None:
    s = fight_scene([("vampire", 6)])
    give_cards(s, 0, "hand-axe", "sabre")
    do(s, "fight vampire")
    opts = legal(s)
    assert "wield hand-axe natural" in opts and "wield hand-axe sabre" in opts
    assert "wield sabre hand-axe" not in opts  # the same pair once
    assert "wield short-sword natural" not in opts
    do(s, "wield hand-axe sabre")
    assert s.chance_prompt().startswith("the hero's d8 d10 vs the enemy's d12")
    do(s, "roll 3 2 vs 10")
    assert {"dogmud 1", "dogmud 2"} <= set(legal(s))
    do(s, "dogmud 2", "d10 9", "accept")
    assert enemy_kinds(s, 6) == []  # 9 + 3 = 12 > 10


def test_holy_water_only_against_the_undead() -> None:
    """Addenda, Holy Water: the D6 becomes a D12 for one roll, two coins."""
    s = fight_scene([("skeleton", 6)])
    do(s, "fight skeleton")
    assert "wield holy-water" in legal(s)
    do(s, "wield holy-water")
    assert hero(s, 0).coins == 3
    assert s.chance_prompt().startswith("the hero's d12")
    s = fight_scene([("kobold", 6)])
    do(s, "fight kobold")
    assert "wield holy-water" not in legal(s)


def test_poison_drops_a_stat_and_kills_at_all_threes() -> None:
    """Part I, Know Thine Enemy (Poison); Death and the Styx River, GM's Note."""
    s = fight_scene([("mushroom", 6)], stats=(3, 3, 4, 3))
    do(s, "fight mushroom", "wield natural", "roll 1 vs 4", "accept")
    # Only wits can drop: no question.
    assert hero(s, 0).stats == (3, 3, 3, 3) and hero(s, 0).hp == 3
    do(s, "fight mushroom", "wield natural", "roll 1 vs 4", "accept")
    assert hero(s, 0).dead


def test_death_costs_hides_and_quest_cards_not_advantage_cards_or_coins() -> None:
    """Part I, Death and the Styx River (ruling DG-R24)."""
    s = fight_scene(
        [("vampire", 6)],
        hp=1,
        specialty=("gnoll", "", ""),
        wild=("orc",),
        backpack=("mill-raiders",),
    )
    give_cards(s, 0, "whetstone", "windfall")
    bag = len(s.bag)
    do(s, "fight vampire", "wield natural", "roll 1 vs 9", "accept")
    h = hero(s, 0)
    assert h.dead and h.specialty == ("", "", "") and h.wild == ()
    assert h.quests == () and h.advantage == ("whetstone",) and h.coins == 5
    assert h.backpack == ("mill-raiders",)
    assert len(s.bag) == bag + 2
    assert "windfall" in s.discards["quest"]
    # His turn is over, with no rest draw: player 2's turn begins.
    assert s.turn is not None and s.turn.seat == 1


def test_chibbing_out_ends_the_fight_moves_and_gives_a_d4() -> None:
    """Part I, Chibbing Out (ruling DG-R23)."""
    s = fight_scene([("vampire", 6)])
    give_cards(s, 0, "short-sword", "whetstone")
    do(s, "fight vampire", "wield natural", "roll 1 vs 9")
    assert "chib 3" in legal(s)
    do(s, "chib 3")
    h = hero(s, 0)
    assert h.chib and h.space == 3 and h.hp == 3
    assert s.fight is None and s.turn is not None and not s.turn.engaged
    assert not [x for x in legal(s) if x.startswith("chib")]  # no chibbing again
    do(s, "move 6")
    assert hero(s, 0).space == 6
    do(s, "hunt")
    assert s.chance_prompt().startswith("Player 1 (Explorer)'s stealth roll, a d4")
    do(s, "d4 3", "token goblin", "fight vampire")
    assert legal(s)[0] == "wield natural" and "wield short-sword" not in legal(s)
    assert "play whetstone" not in legal(s)
    do(s, "wield natural")
    assert s.chance_prompt().startswith("the hero's d4")


def test_the_werewolfs_chib_rolls_a_d8_and_stays_out_of_the_village() -> None:
    s = setup_game(2, classes=("werewolf", "slayer"), expansion=True)
    s = scene(s, 0, heroes={0: {"space": 1, "chib": True}})
    assert "move village" not in legal(s)
    do(s, "hunt", "token goblin", "gather", "d8 2")
    assert hero(s, 0).space == 1


def test_a_hero_out_of_actions_must_fight_or_escape() -> None:
    s = fight_scene([("kobold", 6)], coins=0)
    do(s, "gather", "d6 6")
    assert s.turn is not None
    s.turn = replace(s.turn, actions=0)
    s._legal = None
    options = legal(s)
    assert "rest" not in options
    assert "fight kobold" in options and "chib 3" in options


def test_weapons_played_are_spent_even_if_the_hero_escapes() -> None:
    s = fight_scene([("vampire", 6)])
    give_cards(s, 0, "greatsword")
    do(s, "fight vampire", "wield greatsword", "roll 1 vs 9", "chib 3")
    assert "greatsword" not in hero(s, 0).advantage
    assert "greatsword" in s.discards["advantage"]


def test_an_illegal_weapon_is_refused() -> None:
    s = fight_scene([("kobold", 6)])
    do(s, "fight kobold")
    with pytest.raises(IllegalAction):
        do(s, "wield greatsword")


def test_a_fight_by_choice_engages_that_enemy_alone() -> None:
    """Ruling DG-R19: unengaged, the hero may fight an enemy of his space."""
    s = fight_scene([("kobold", 6), ("goblin", 6)])
    assert {"fight kobold", "fight goblin", "gather", "rest"} <= set(legal(s))
    do(s, "fight kobold", "wield natural", "roll 1 vs 5", "accept")
    t = s.turn
    assert t is not None and len(t.engaged) == 1 and t.engaged[0] == enemy_at(s, "kobold").uid


def test_no_holy_water_for_a_chib() -> None:
    s = fight_scene([("skeleton", 6)], chib=True)
    do(s, "fight skeleton")
    assert legal(s)[:1] == ["wield natural"] and "wield holy-water" not in legal(s)


def test_a_transformed_monster_keeps_no_buff_environment_or_moon() -> None:
    """Part II, Specialty Hides (ruling DG-R20): the buffs the collective GM
    played before the transformation, its environment and the Hunters' Moon
    all fall away; it rolls a bare D6."""
    s = fight_scene([("orc", 6)], specialty=("gnoll", "owlbear", "orc"))
    s.environments = ((6, "hills"),)
    s.flags = frozenset({"hunters_moon"})
    give_cards(s, 1, "intervention")
    do(s, "fight orc", "play intervention", "transform rogue", "wield natural", "roll 4 vs 4")
    assert "against the Orc's bare d6 (now a rogue): 4;" in log_text(s)


def test_no_moon_for_a_cash_cube_and_no_environment_for_poison() -> None:
    """Part I, Cash Cube (not a monster) and Know Thine Enemy (the Moon's +2
    is for monsters; Poison monsters have no environment)."""
    s = fight_scene([("cube", 6, {"owner": 1})])
    s.flags = frozenset({"hunters_moon"})
    do(s, "fight cube", "wield natural", "roll 3 vs 5")
    assert "against the Cash Cube's d12: 5;" in log_text(s)
    s = fight_scene([("mushroom", 6)])
    s.environments = tuple((6, p) for p in ("dungeon", "forest", "cemetery", "hills", "trails"))
    do(s, "fight mushroom", "wield natural", "roll 3 vs 2")
    assert "against the Mushroom's d4: 2;" in log_text(s)


def test_an_advantage_card_may_be_bought_after_a_losing_roll() -> None:
    """Part I, Non-Action Tasks, Buy Advantage Cards: any time in one's
    turn, even after an unsuccessful combat roll; then played."""
    s = fight_scene([("orc", 6)], coins=2)
    do(s, "fight orc", "wield natural", "roll 4 vs 5")
    assert "buy advantage" in legal(s)
    do(s, "buy advantage", "draw advantage battle-fury", "play battle-fury", "accept")
    assert enemy_kinds(s, 6) == []  # 4 + 2 beats 5


def test_the_werewolfs_chib_plays_buff_cards_but_no_weapon() -> None:
    """Part IV, The D6 Expansion: a Werewolf in chib form may not play
    weapon cards from the Advantage deck, but may play its buff cards."""
    s = setup_game(2, classes=("werewolf", "slayer"), expansion=True)
    s = scene(
        s,
        0,
        heroes={0: {"space": 6, "chib": True, "advantage": (), "quests": ()}, 1: EMPTY},
        enemies=[("goblin", 6)],
        environments=[],
    )
    give_cards(s, 0, "short-sword", "whetstone")
    do(s, "fight goblin")
    assert legal(s)[0] == "wield natural" and "wield short-sword" not in legal(s)
    do(s, "wield natural")
    assert s.chance_prompt().startswith("the hero's d8")
    do(s, "roll 2 vs 3")
    assert "play whetstone" in legal(s)


def test_a_chib_stays_a_chib_after_death() -> None:
    """Part I, Chibbing Out (the chib form lasts until Acupunch) and Death
    and the Styx River (ruling DG-R30): the Ferryman gives back the HP, not
    the heroic form."""
    s = fight_scene([("vampire", 6)], hp=1, chib=True)
    do(s, "fight vampire", "wield natural", "roll 1 vs 9", "accept")
    assert hero(s, 0).dead and hero(s, 0).chib
    while s.turn is None or s.turn.seat != 0:
        s.apply(s.chance_outcomes()[0][0] if s.to_move == -1 else s.legal_actions()[-1])
    assert hero(s, 0).hp == 3 and hero(s, 0).chib


def test_winning_ties_lasts_the_whole_fight_with_that_enemy() -> None:
    """A card or skill that wins ties does so 'in this fight' (Steel Nerve,
    Iron Grip: DG-C9, DG-C19): every round against the same enemy until one
    of them falls or the hero escapes, not the round it was played in."""
    s = fight_scene([("orc", 6, {"hp": 2})], stats=(4, 4, 4, 4))
    give_cards(s, 0, "iron-grip")
    do(s, "fight orc", "play iron-grip", "wield natural", "roll 5 vs 5", "accept")
    assert enemy_at(s, "orc").hp == 1
    do(s, "fight orc", "wield natural", "roll 5 vs 5", "accept")
    assert enemy_kinds(s, 6) == []
    # Another enemy is another fight: ties are lost again.
    s = fight_scene([("orc", 6), ("kobold", 6)], stats=(4, 4, 4, 4))
    give_cards(s, 0, "iron-grip")
    do(s, "fight orc", "play iron-grip", "wield natural", "roll 5 vs 5", "accept")
    do(s, "fight kobold", "wield natural", "roll 4 vs 4", "accept")
    assert hero(s, 0).hp == 2


def test_a_transformed_monster_that_wins_takes_back_its_hp_but_its_buffs_are_gone() -> None:
    """Ruling DG-R33: step 7 gives the monster back its form and extra HP;
    the collective GM's buffs go with the round all the same (Part I, The
    Role of the GM)."""
    s = fight_scene([("orc", 6, {"hp": 2})], specialty=("gnoll", "owlbear", "orc"))
    give_cards(s, 1, "intervention")
    do(s, "fight orc", "play intervention", "transform rogue", "wield natural", "roll 1 vs 5")
    do(s, "accept")
    orc = enemy_at(s, "orc")
    assert orc.hp == 2 and orc.buffs == 0 and hero(s, 0).hp == 2


def test_once_the_engagement_is_over_the_actions_left_may_be_taken() -> None:
    """Ruling DG-R34 (Part I, On Stealth; (R)est): a failed check takes no
    action and engages; the enemy slain, the hero acts again (a new check
    first while enemies remain) and may still earn the rest's cards."""
    s = fight_scene([("kobold", 6), ("goblin", 6)], coins=0)
    do(s, "gather", "d6 6")
    assert s.turn is not None and s.turn.actions == 3 and "gather" not in legal(s)
    do(s, "fight kobold", "wield natural", "roll 6 vs 1", "accept")
    do(s, "fight goblin", "wield natural", "roll 6 vs 1", "accept")
    assert "gather" in legal(s) and "move 5" in legal(s)
    do(s, "gather")
    assert s.chance_prompt().startswith("the gather's D4")  # nobody left: no check
