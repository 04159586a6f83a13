"""The effects interpreter: every kind of effects.KINDS, each tested (rules/effects.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from saloon.games.dungeons.content import Skill
from saloon.games.dungeons.effects import KINDS, Effect
from saloon.games.dungeons.rules import board, common, effects
from saloon.games.dungeons.rules.agenda import advance
from saloon.games.dungeons.rules.state import DungeonsState

from .conftest import (
    CONTENT,
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


def run(s: DungeonsState, *effs: Effect, user: int | None = 0) -> None:
    """Carry out ``effs`` for ``user`` (``None``: a GM event) now."""
    effects.run(s, effs, effects.Ctx(user, "Test", event=user is None))
    s._legal = None
    advance(s)


def table(**hero0: object) -> DungeonsState:
    """Player 1 (Explorer, Ember Board) in space 4 with 4 coins; player 2
    (Mesmerist, Frost Board) in space 6; a goblin in 4 and an orc in 6."""
    return scene(
        setup_game(2),
        0,
        heroes={0: {"space": 4, "coins": 4} | EMPTY | hero0, 1: {"space": 6, "coins": 4} | EMPTY},
        enemies=[("goblin", 4), ("orc", 6)],
        environments=[],
    )


def rolled(**hero0: object) -> DungeonsState:
    """Player 1 in a round against the goblin, after the roll (3 vs 2)."""
    s = table(**hero0)
    do(s, "fight goblin", "wield natural", "roll 3 vs 2")
    return s


def test_every_kind_has_a_handler() -> None:
    assert set(effects.HANDLERS) | set(effects.TARGETED) == set(KINDS)
    assert not set(effects.HANDLERS) & set(effects.TARGETED)


# -- a fight: the hero's side ------------------------------------------------------------------


def test_weapon_is_rolled_by_wield_not_by_play() -> None:
    s = table()
    give_cards(s, 0, "borrowed-blade")
    assert "play borrowed-blade" not in legal(s)
    do(s, "fight goblin")
    assert "wield borrowed-blade" in legal(s)
    do(s, "wield borrowed-blade")
    assert s.chance_prompt().startswith("the hero's d10")


def test_hero_buff_double_ward_win_ties() -> None:
    s = rolled()
    run(s, Effect("hero_buff", amount=2))
    assert s.fight is not None and s.fight.hero_bonus == 2
    run(s, Effect("double"), Effect("ward"), Effect("win_ties"))
    f = s.fight
    assert f is not None and f.doubled and f.ward and f.win_ties
    from saloon.games.dungeons.rules.combat import hero_total

    assert hero_total(f) == 3 * 2 + 2


def test_reroll_rolls_one_of_the_heros_dice_again() -> None:
    s = rolled()
    run(s, Effect("reroll"))
    assert s.chance_prompt().startswith("the hero's d6 rolled again")
    do(s, "d6 6")
    assert s.fight is not None and s.fight.dice == (6,)


def test_disengage_leaves_the_fight_for_the_village() -> None:
    s = rolled()
    run(s, Effect("disengage", where="village"))
    assert s.fight is None and hero(s, 0).space == 0
    assert s.turn is not None and not s.turn.engaged


def test_disengage_to_an_adjacent_space_is_a_choice() -> None:
    s = rolled()
    run(s, Effect("disengage", where="adjacent"))
    assert legal(s) == ["space 1", "space 5", "space 7"]
    do(s, "space 7")
    assert hero(s, 0).space == 7 and s.fight is None


def test_hero_swap_changes_places_and_the_other_gathers() -> None:
    """Part I, Hero Swapping! (ruling DG-R23)."""
    s = rolled()
    run(s, Effect("hero_swap"))
    assert hero(s, 0).space == 6 and hero(s, 1).space == 4
    assert s.fight is None
    assert s.chance_prompt() == "the gather's D4 (e.g. d4 2)"
    do(s, "d4 4")  # the Frost Board's 4: two coins for player 2
    assert hero(s, 1).coins == 6


def test_the_swapped_hero_lands_unengaged_and_meets_the_enemies_at_his_turn() -> None:
    """Part I, Enemy Disengagement (the other hero is put in harm's way) and
    On Stealth (ruling DG-R23): he is not engaged in the user's turn; his
    own turn begins among the enemies, and they engage him then."""
    s = rolled()
    run(s, Effect("hero_swap"))
    do(s, "d4 4")
    assert hero(s, 1).space == 4 and s.turn is not None and s.turn.seat == 0
    do(s, "rest", "spawn 9 gather 1", "token orc")
    while s.to_move != 1:
        s.apply(s.chance_outcomes()[0][0])
    t = s.turn
    assert t is not None and t.seat == 1 and len(t.engaged) == 1
    assert "fight goblin" in legal(s)


def test_a_hero_swap_into_a_cubes_space_engages_the_user() -> None:
    """Part I, Cash Cube: entering another's Cube's space engages, however
    the hero comes there."""
    s = table()
    s.enemies.append(replace(enemy_at(s, "orc"), uid=99, kind="cube", owner=1))
    do(s, "fight goblin", "wield natural", "roll 3 vs 2")
    run(s, Effect("hero_swap"))
    do(s, "d4 4")
    t = s.turn
    assert hero(s, 0).space == 6 and t is not None and len(t.engaged) == 2
    assert [x for x in legal(s) if x.startswith("fight")] == ["fight cube"]


def test_hero_swap_never_with_a_hero_in_the_village() -> None:
    s = table()
    s.heroes[1] = replace(s.heroes[1], space=0)
    assert effects.swap_targets(s, 0) == ()


def test_transform_by_a_card_asks_the_class() -> None:
    s = table()
    do(s, "fight goblin")
    run(s, Effect("transform"))
    assert legal(s) == [f"transform {c}" for c in ("beast", "rogue", "bandit", "undead", "poison")]
    do(s, "transform undead")
    assert s.fight is not None and s.fight.transformed == "undead"


# -- a fight: the monster's side ---------------------------------------------------------------


def test_monster_buff_and_monster_hp() -> None:
    s = table()
    do(s, "fight goblin")
    run(s, Effect("monster_buff", amount=2), Effect("monster_hp", amount=1), user=1)
    g = enemy_at(s, "goblin")
    assert g.buffs == 2 and g.hp == 2


def test_monster_reroll() -> None:
    s = rolled()
    run(s, Effect("monster_reroll"), user=1)
    assert s.chance_prompt() == "the enemy's d4 rolled again"
    do(s, "d4 4")
    assert s.fight is not None and s.fight.enemy_roll == 4


def test_cancel_card_answers_a_card_played_in_a_fight() -> None:
    """The counter window (ruling DG-R4): Not So Fast cancels the hero's
    card played before the roll; after the roll nobody is asked (DG-R39)."""
    s = table()
    give_cards(s, 0, "smoke-bomb", "whetstone")
    give_cards(s, 1, "not-so-fast")
    do(s, "fight goblin", "pass", "play smoke-bomb")  # the GM's window, then the hero's card
    assert s.to_move == 1 and legal(s) == ["play not-so-fast", "pass"]
    do(s, "play not-so-fast")
    assert s.fight is not None and "Smoke Bomb has no effect" in log_text(s)
    do(s, "wield natural", "roll 3 vs 2", "play whetstone")
    assert s.to_move == 0 and s.fight is not None and s.fight.hero_bonus > 0


def test_a_skill_may_cancel_a_red_card() -> None:
    """A cancelling skill answers a red card in the hero's own fight (a
    content of the test's own gives the Mesmerist one)."""
    mesmerist = CONTENT.hero_class("mesmerist")
    confound = Skill("confound", "Confound", "Cancel it.", (Effect("cancel_card"),), "combat")
    cls = replace(mesmerist, skills=(*mesmerist.skills[:2], confound))
    classes = tuple(cls if c.id == "mesmerist" else c for c in CONTENT.classes)
    s = setup_game(2, classes=("mesmerist", "slayer"), content=replace(CONTENT, classes=classes))
    s = scene(
        s, 0, heroes={0: {"space": 4} | EMPTY, 1: EMPTY}, enemies=[("orc", 4)], environments=[]
    )
    give_cards(s, 1, "intervention")
    do(s, "fight orc", "play intervention")
    assert s.to_move == 0 and legal(s) == ["skill confound", "pass"]
    do(s, "skill confound")
    assert enemy_at(s, "orc").buffs == 0 and hero(s, 0).markers == ("confound",)


# -- turn and movement -------------------------------------------------------------------------


def test_extra_action_and_lose_action() -> None:
    s = table()
    run(s, Effect("extra_action", amount=2))
    assert s.turn is not None and s.turn.actions == 5
    run(s, Effect("lose_action", amount=1, target="chosen"))
    assert hero(s, 1).lost_actions == 1


def test_stealth_bonus_and_auto_stealth() -> None:
    s = table(stats=(4, 4, 4, 4))
    run(s, Effect("stealth_bonus", amount=2))
    do(s, "gather", "d6 5")  # 5 - 2 = 3 < 4
    assert hero(s, 0).stealth_bonus == 0 and s.chance_prompt().startswith("the gather's D4")
    do(s, "d4 1")
    run(s, Effect("auto_stealth"))
    do(s, "gather")
    assert s.chance_prompt().startswith("the gather's D4")  # no stealth roll
    assert not hero(s, 0).auto_stealth


def test_free_move_costs_no_action() -> None:
    s = table()
    run(s, Effect("free_move", where="adjacent"))
    do(s, "space 5")
    assert hero(s, 0).space == 5 and s.turn is not None and s.turn.actions == 3


def test_free_move_to_a_bounty_space() -> None:
    s = table()
    run(s, Effect("free_move", where="bounty"))
    spaces = sorted({s.index.bounties[b].space for b in s.bounties})
    if len(spaces) > 1:
        do(s, legal(s)[0])
    assert hero(s, 0).space == spaces[0]


def test_send_moves_another_hero_but_never_out_of_the_village() -> None:
    s = table()
    run(s, Effect("send", target="chosen", where="random"), user=0)
    do(s, "d10 9")
    assert hero(s, 1).space == 9
    s.heroes[1] = replace(s.heroes[1], space=0)
    run(s, Effect("send", target="each", where="village"), user=None)
    assert hero(s, 1).space == 0 and hero(s, 0).space == 0


def test_chib_and_unchib() -> None:
    s = table()
    run(s, Effect("chib", target="each"), user=None)
    assert hero(s, 0).chib and hero(s, 1).chib
    run(s, Effect("unchib"))
    assert not hero(s, 0).chib and hero(s, 1).chib


# -- resources ---------------------------------------------------------------------------------


def test_coins_gain_lose_steal() -> None:
    s = table()
    run(s, Effect("gain_coins", amount=8))
    assert hero(s, 0).coins == 10  # the cap
    run(s, Effect("lose_coins", amount=3, target="others"))
    assert hero(s, 1).coins == 1
    run(s, Effect("steal_coins", amount=2, target="active"), user=1)
    assert hero(s, 0).coins == 8 and hero(s, 1).coins == 3


def test_no_card_reaches_a_hero_in_the_village() -> None:
    s = table()
    s.heroes[1] = replace(s.heroes[1], space=0)
    run(s, Effect("lose_coins", amount=3, target="others"))
    assert hero(s, 1).coins == 4
    run(s, Effect("lose_coins", amount=3, target="each"), user=None)  # an event does
    assert hero(s, 1).coins == 1


def test_heal_and_lose_hp_and_death_out_of_turn() -> None:
    s = table(hp=1)
    run(s, Effect("heal", amount=1))
    assert hero(s, 0).hp == 2
    run(s, Effect("lose_hp", amount=3, target="chosen"), user=None)
    do(s, "target p2")
    assert hero(s, 1).dead and hero(s, 1).hp == 0


def test_stat_change_of_a_given_stat_and_of_the_targets_choice() -> None:
    s = table(stats=(4, 6, 4, 3))
    run(s, Effect("stat_change", amount=1, stat="wits"))
    assert hero(s, 0).stat("wits") == 5
    run(s, Effect("stat_change", amount=1, stat="choice"))
    assert legal(s) == ["stat strength", "stat wits", "stat skill"]  # stealth is at 6
    do(s, "stat skill")
    assert hero(s, 0).stat("skill") == 4
    run(s, Effect("stat_change", amount=-3, stat="strength"))
    assert hero(s, 0).stat("strength") == 3  # never below 3


def test_draws_and_random_discards() -> None:
    s = table()
    run(s, Effect("draw_advantage", amount=1), Effect("draw_quest", amount=1))
    do(s, "draw advantage whetstone", "draw quest windfall")
    assert hero(s, 0).hand_size == 2
    run(s, Effect("discard_random", amount=1))
    assert s.chance_outcomes() and all(p == 0.5 for _, p in s.chance_outcomes())
    do(s, "lost windfall")
    assert hero(s, 0).quests == () and "windfall" in s.discards["quest"]


def test_fill_and_empty_potions() -> None:
    s = table()
    run(s, Effect("fill_potion"))
    do(s, "potion ogre-brew")
    run(s, Effect("fill_potion"))
    do(s, "potion acupunch")
    run(s, Effect("empty_potion", target="self"), user=None)
    assert legal(s) == ["potion acupunch", "potion ogre-brew"]
    do(s, "potion ogre-brew")
    assert hero(s, 0).potions == ("acupunch",)


def test_refresh_skill() -> None:
    s = table(markers=("keen-eye",))
    run(s, Effect("refresh_skill", amount=1))
    assert hero(s, 0).markers == ()


def test_personal_gather_and_open_gather() -> None:
    s = table()
    run(s, Effect("personal_gather", target="chosen"), user=0)
    do(s, "d4 4")
    assert hero(s, 1).coins == 6
    run(s, Effect("open_gather"), user=None)
    do(s, "d4 1")  # Ember: coins; Frost: an Advantage card
    assert hero(s, 0).coins == 6
    do(s, "draw advantage whetstone")
    assert hero(s, 1).advantage == ("whetstone",)


def test_lose_hides() -> None:
    s = table(specialty=("gnoll", "", ""), wild=("vampire",))
    bag = len(s.bag)
    run(s, Effect("lose_hides", target="each"), user=None)
    assert hero(s, 0).specialty == ("", "", "") and hero(s, 0).wild == ()
    assert len(s.bag) == bag + 2


# -- the board ---------------------------------------------------------------------------------


def test_spawn_here_chosen_random() -> None:
    s = table()
    run(s, Effect("spawn", amount=1, where="here"))
    do(s, "token kobold")
    assert enemy_kinds(s, 4) == ["goblin", "kobold"]
    run(s, Effect("spawn", amount=1, where="chosen"), user=1)
    assert s.to_move == 1
    do(s, "space 10", "token orc")
    assert enemy_kinds(s, 10) == ["orc"]
    run(s, Effect("spawn", amount=2, where="random"), user=None)
    do(s, "d10 2", "token goblin", "d10 2", "token mummy")
    assert enemy_kinds(s, 2) == ["goblin", "mummy"]


def test_remove_enemy_never_a_guardian_or_a_cube() -> None:
    s = table()
    board.add_enemy(s, "onyx-dragon", 4)
    board.add_enemy(s, "cube", 4, owner=1)
    run(s, Effect("remove_enemy", where="here"))
    # Only the goblin may go: no question.
    assert enemy_kinds(s, 4) == ["cube", "onyx-dragon"]


def test_move_enemy_from_the_users_space() -> None:
    """Animal Handling (a common skill): an enemy of the user's space to an
    adjacent space; never a Cash Cube."""
    s = table()
    board.add_enemy(s, "kobold", 4)
    run(s, Effect("move_enemy", where="adjacent"))
    do(s, "enemy goblin 4", "space 7")
    assert enemy_kinds(s, 7) == ["goblin"] and enemy_kinds(s, 4) == ["kobold"]


def test_buff_all_and_hp_all() -> None:
    s = table()
    run(s, Effect("hp_all", amount=1), user=None)
    assert enemy_at(s, "goblin").hp == 2 and enemy_at(s, "orc").hp == 2
    s.turn = None
    run(s, Effect("buff_all", amount=2), user=None)
    assert s.next_bonus == 2


def test_new_bounties() -> None:
    s = table()
    old = s.bounties
    run(s, Effect("new_bounties"), user=None)
    assert s.bounties == () and s.decks["bounty"].bottom == old
    while s.to_move == -1:
        s.apply(s.chance_outcomes()[0][0])
    assert len(s.bounties) == 3 and not set(s.bounties) & set(old)


def test_round_rule_holds_for_the_next_round_only() -> None:
    s = table()
    run(s, Effect("round_rule", flags=frozenset({"fog"})), user=None)
    assert s.next_flags == frozenset({"fog"})


# -- composites --------------------------------------------------------------------------------


def test_stat_check_runs_then_or_otherwise_for_each_target() -> None:
    s = table(stats=(4, 4, 4, 4))
    s.heroes[1] = replace(s.heroes[1], stats=(4, 4, 4, 4))
    check = Effect(
        "stat_check",
        stat="wits",
        target="each",
        then=(Effect("gain_coins", amount=2),),
        otherwise=(Effect("lose_coins", amount=1),),
    )
    run(s, check, user=None)
    do(s, "d6 3", "d6 4")  # player 1 succeeds (3 < 4), player 2 fails (a tie)
    assert hero(s, 0).coins == 6 and hero(s, 1).coins == 3


def test_roll_picks_the_branch_by_the_face_cycled() -> None:
    s = table()
    r = Effect(
        "roll",
        die=6,
        options=((Effect("gain_coins", amount=1, target="each"),), (Effect("nothing"),)),
    )
    run(s, r, user=None)
    do(s, "d6 3")  # the third face: the first option again
    assert hero(s, 0).coins == 5 and hero(s, 1).coins == 5


def test_choice_each_picks_an_option() -> None:
    s = table()
    c = Effect(
        "choice",
        target="each",
        options=((Effect("gain_coins", amount=2),), (Effect("draw_quest", amount=1),)),
    )
    run(s, c, user=None)
    assert s.to_move == 0 and legal(s) == ["option 1", "option 2"]
    assert s.describe_action(s.legal_actions()[0]) == "option 1: gain 2 coins (up to 10)"
    do(s, "option 1", "option 2", "draw quest windfall")
    assert hero(s, 0).coins == 6 and hero(s, 1).quests == ("windfall",)


def test_nothing() -> None:
    s = table()
    run(s, Effect("nothing"), user=None)
    assert "nothing happens" in log_text(s)


@pytest.mark.parametrize("target", ["leader", "trailer"])
def test_leader_and_trailer_by_glory(target: str) -> None:
    s = table(dropped=("tooth-alpha",))
    run(s, Effect("gain_coins", amount=1, target=target), user=None)
    leader = common.glory(s, 0) > common.glory(s, 1)
    assert leader
    assert (hero(s, 0).coins == 5) is (target == "leader")
    assert (hero(s, 1).coins == 5) is (target == "trailer")


def test_an_events_effect_without_a_player_is_done_by_each_player() -> None:
    """DG-C5: an event's effect needing a player of its own (returning an
    enemy to the bag, taking back heroic form) is done by each in turn."""
    s = table()
    s.heroes[1] = replace(s.heroes[1], chib=True)
    run(s, Effect("unchib"), Effect("remove_enemy", where="chosen"), user=None)
    assert not hero(s, 1).chib
    assert s.to_move == 0 and legal(s) == ["enemy goblin 4", "enemy orc 6"]
    do(s, "enemy orc 6")  # then player 2 removes the last one, without a question
    assert s.enemies == []


def test_hero_swap_is_an_escape_unless_the_players_choose_any_time() -> None:
    """Part I, Enemy Disengagement; Non-Action Tasks, Hero Swapping! (ruling
    DG-R32): by default Hero Swap gets a hero out of a fight; with
    ``hero_swap=any`` it may be used at any time of his turn."""
    s = table()
    assert "skill hero-swap" not in legal(s)
    do(s, "fight goblin")
    assert "skill hero-swap" in legal(s)
    s = scene(
        setup_game(2, hero_swap="any"),
        0,
        heroes={0: {"space": 4} | EMPTY, 1: {"space": 6} | EMPTY},
        enemies=[("goblin", 4)],
        environments=[],
    )
    assert "skill hero-swap" in legal(s)
    do(s, "skill hero-swap", "d4 4")
    assert hero(s, 0).space == 6 and hero(s, 1).space == 4
