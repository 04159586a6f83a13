"""Rewards of a kill, hides and bounties (Part I, Enemy Engagement; Part II, Hides,
Bounties; ruling DG-R5), and the Village (Part II, The Village; ruling DG-R14)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from saloon.games.dungeons.rules import board, common
from saloon.games.dungeons.rules.state import DungeonsState

from .conftest import (
    CONTENT,
    do,
    enemy_kinds,
    hero,
    legal,
    let_pass,
    log_text,
    scene,
    setup_game,
)

EMPTY = {"advantage": (), "quests": ()}


def kill_scene(kind: str, space: int = 6, **hero_fields: object) -> DungeonsState:
    s = setup_game(2, **hero_fields.pop("options", {}))  # type: ignore[arg-type]
    fields = {"space": space, "coins": 0} | EMPTY | hero_fields
    return scene(
        s,
        0,
        heroes={0: fields},
        enemies=[(kind, space)],
        bounties=["mill-raiders", "toll-cheat", "crossing-cutpurses"],  # spaces 1, not 6
        environments=[],
    )


def slay(s: DungeonsState, kind: str) -> None:
    """A round won at once, the other player letting the GM's windows go by."""
    do(s, f"fight {kind}")
    let_pass(s)
    do(s, "wield natural", "roll 6 vs 1")
    let_pass(s)
    do(s, "accept")


def test_a_kill_pays_two_coins_and_a_specialty_hide_of_its_class() -> None:
    """Part I, Enemy Engagement (ruling DG-R24): a free specialty slot of its
    class (Ember Board: beast, rogue, bandit)."""
    s = kill_scene("kobold")
    slay(s, "kobold")
    h = hero(s, 0)
    assert h.coins == 2 and h.specialty == ("", "", "kobold")
    assert "takes a bandit specialty hide" in log_text(s)


def test_no_specialty_slot_makes_a_wild_hide() -> None:
    s = kill_scene("skeleton")  # undead: no slot on the Ember Board
    slay(s, "skeleton")
    assert hero(s, 0).wild == ("skeleton",)


def test_a_full_specialty_slot_makes_a_wild_hide() -> None:
    s = kill_scene("orc", specialty=("", "", "goblin"))
    slay(s, "orc")
    assert hero(s, 0).wild == ("orc",) and hero(s, 0).specialty == ("", "", "goblin")


def test_the_second_wild_hide_may_be_converted() -> None:
    """Part II, Hides; ruling DG-R5 (may): convert one into a
    specialty hide of a free slot, the other to the bag; or keep both."""
    s = kill_scene("skeleton", wild=("mummy",))
    bag = len(s.bag)
    slay(s, "skeleton")
    assert legal(s) == ["convert beast", "convert rogue", "convert bandit", "pass"]
    do(s, "convert rogue")
    h = hero(s, 0)
    assert h.wild == () and h.specialty == ("", "mummy", "")
    assert len(s.bag) == bag + 1


def test_keeping_both_wild_hides_sends_the_next_one_to_the_bag() -> None:
    s = kill_scene("skeleton", wild=("mummy",))
    slay(s, "skeleton")
    do(s, "pass")
    assert hero(s, 0).wild == ("mummy", "skeleton")
    board.add_enemy(s, "vampire", 6)
    board.bag_take(s, "vampire")
    s._legal = None
    bag = len(s.bag)
    slay(s, "vampire")
    # The conversion is offered again first; declined, the new hide goes to the bag.
    assert "pass" in legal(s)
    do(s, "pass")
    assert hero(s, 0).wild == ("mummy", "skeleton") and len(s.bag) == bag + 1


def test_with_wild_conversion_must_the_hide_is_converted() -> None:
    s = kill_scene(
        "skeleton",
        wild=("mummy",),
        specialty=("gnoll", "owlbear", ""),
        options={"wild_conversion": "must"},
    )
    slay(s, "skeleton")
    # One free slot (bandit): converted without a question.
    assert hero(s, 0).specialty == ("gnoll", "owlbear", "mummy") and hero(s, 0).wild == ()


def test_a_bounty_goes_to_the_backpack_and_three_stay_face_up() -> None:
    """Part I, Enemy Engagement: the card to the backpack, the token to the
    bag, a new bounty turned, an enemy spawned."""
    s = setup_game(2)
    s = scene(
        s,
        0,
        heroes={0: {"space": 1, "coins": 0} | EMPTY},
        enemies=[("gnoll", 1)],
        bounties=["mill-raiders", "toll-cheat", "crossing-cutpurses"],
        environments=[],
    )
    bag = len(s.bag)
    slay(s, "gnoll")
    assert hero(s, 0).backpack == ("mill-raiders",)
    assert hero(s, 0).specialty == ("", "", "")  # a bounty is not also a hide
    assert len(s.bag) == bag + 1
    do(s, "draw bounty tooth-alpha", "d10 9", "token orc")
    assert s.bounties == ("toll-cheat", "crossing-cutpurses", "tooth-alpha")
    assert enemy_kinds(s, 9) == ["orc"]
    assert common.glory(s, 0) == 1


def test_a_full_backpack_takes_no_more_bounties() -> None:
    """Part II, Bounties: three at most, until dropped off in the Village."""
    s = setup_game(2)
    s = scene(
        s,
        0,
        heroes={0: {"space": 1, "backpack": ("tooth-alpha", "keep-count", "crag-tomb")} | EMPTY},
        enemies=[("gnoll", 1)],
        bounties=["mill-raiders", "toll-cheat", "crossing-cutpurses"],
        environments=[],
    )
    slay(s, "gnoll")
    assert hero(s, 0).backpack == ("tooth-alpha", "keep-count", "crag-tomb")
    assert hero(s, 0).specialty == ("gnoll", "", "")
    assert "mill-raiders" in s.bounties


def test_two_fitting_bounties_are_a_choice() -> None:
    """Two face-up bounties of the class in the space: the hunter picks one
    (a content of the test's own holds a second bandit bounty in space 1)."""
    first = CONTENT.bounty("crossing-cutpurses")
    content = replace(
        CONTENT, bounties=(*CONTENT.bounties, replace(first, id="mill-gang", glory=3))
    )
    s = setup_game(2, content=content)
    s = scene(
        s,
        0,
        heroes={0: {"space": 1} | EMPTY},
        enemies=[("goblin", 1)],
        bounties=["crossing-cutpurses", "mill-gang", "toll-cheat"],
        environments=[],
    )
    slay(s, "goblin")
    assert legal(s) == ["bounty crossing-cutpurses", "bounty mill-gang"]
    do(s, "bounty mill-gang")
    assert hero(s, 0).backpack == ("mill-gang",) and common.glory(s, 0) == 3


def test_entering_the_village_drops_off_the_bounties_and_heals() -> None:
    """Part II, The Village, What You Can Do for Free."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 1, "hp": 1, "backpack": ("mill-raiders",)}})
    do(s, "move village")
    h = hero(s, 0)
    assert h.hp == 3 and h.backpack == () and h.dropped == ("mill-raiders",)
    assert common.glory(s, 0) == 1


def test_training_camp_raises_a_stat_by_one_for_two_coins() -> None:
    s = scene(setup_game(2), 0, heroes={0: {"space": 0, "coins": 2, "stats": (4, 6, 4, 4)}})
    assert "train stealth" not in legal(s)  # at 6 already
    do(s, "train wits")
    assert hero(s, 0).stat("wits") == 5 and hero(s, 0).coins == 0
    assert "train strength" not in legal(s)


def test_the_fountain_of_you_raises_a_lower_stat_to_the_roll() -> None:
    """Part II, The Village: one coin, a D6; a stat lower than the roll may
    be raised to it (chosen after the roll); else nothing is lost."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 0, "coins": 2, "stats": (4, 5, 3, 4)}})
    do(s, "fountain", "d6 5")
    assert legal(s) == ["raise strength", "raise wits", "raise skill", "pass"]
    do(s, "raise wits")
    assert hero(s, 0).stat("wits") == 5 and hero(s, 0).coins == 1
    do(s, "fountain", "d6 3")
    assert s.to_move == 0 and "nothing happens" in log_text(s)


def test_refreshing_a_skill_marker_costs_a_coin() -> None:
    s = scene(
        setup_game(2),
        0,
        heroes={0: {"space": 0, "coins": 1, "markers": ("keen-eye", "pathfinder")}},
    )
    do(s, "refresh")
    assert legal(s) == ["option keen-eye", "option pathfinder"]
    do(s, "option pathfinder")
    assert hero(s, 0).markers == ("keen-eye",) and hero(s, 0).coins == 0


def test_a_free_service_on_market_day_is_used_once_a_turn() -> None:
    """Ruling DG-R12 (round flag market_day: a Village service 1 coin less)."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 0, "coins": 0}})
    s.flags = frozenset({"market_day"})
    s._legal = None
    assert "fountain" in legal(s)
    do(s, "fountain", "d6 1")
    assert "fountain" not in legal(s)


def test_no_skills_in_the_village() -> None:
    s = scene(setup_game(2), 0, heroes={0: {"space": 0}})
    assert not [x for x in legal(s) if x.startswith("skill")]
    do(s, "move 1")
    assert [x for x in legal(s) if x.startswith("skill")]


def test_the_cash_cube_is_hired_and_rehired() -> None:
    """Part I, Cash Cube: two coins, any numbered space, rehired to move it."""
    s = scene(setup_game(2), 0, heroes={0: {"space": 0, "coins": 4}})
    assert "hire 0" not in " ".join(legal(s)) and "hire 5" in legal(s)
    do(s, "hire 5")
    cube = board.cube_of(s, 0)
    assert cube is not None and cube.space == 5 and hero(s, 0).coins == 2
    assert "hire 5" not in legal(s)
    do(s, "hire 7")
    cube = board.cube_of(s, 0)
    assert cube is not None and cube.space == 7 and hero(s, 0).coins == 0
    assert len([e for e in s.enemies if e.is_cube]) == 1


@pytest.mark.parametrize("space", [3, 9])
def test_a_cube_placed_on_another_hero_engages_him_at_his_turn(space: int) -> None:
    s = scene(setup_game(2), 0, heroes={0: {"space": 0, "coins": 2}, 1: {"space": space}})
    do(s, "hire " + str(space), "rest", "spawn 1 gather 1", "token goblin")
    while s.to_move != 1:
        s.apply(s.chance_outcomes()[0][0] if s.to_move == -1 else s.legal_actions()[0])
    assert s.turn is not None and len(s.turn.engaged) == 1
    assert [x for x in legal(s) if x.startswith("fight")] == ["fight cube"]
