"""Setup (Part I, Setup; Part V, Setup; ruling DG-R26)."""

from __future__ import annotations

import pytest

from saloon.core.errors import IllegalAction
from saloon.games.dungeons.actions import Place
from saloon.games.dungeons.rules import board, common
from saloon.games.dungeons.rules.setup import stat_value

from .conftest import CONTENT, do, first, hero, legal, log_text, new_game, setup_game

FOURS = [(4, "strength"), (4, "stealth"), (4, "wits"), (4, "skill")]


def test_the_stat_roll_example_a_mesmerist_rolls_3_for_skill() -> None:
    """Part I, Roll for Stats: a Mesmerist who rolls a 3 for skill gets a 4
    (the class's +1) and still collects the coin for a roll of 1-3."""
    s = setup_game(
        2,
        classes=("mesmerist", "slayer"),
        stats=[
            [(3, "skill"), (5, "strength"), (4, "stealth"), (6, "wits")],
            FOURS,
        ],
    )
    m = hero(s, 0)
    assert m.stat("skill") == 4
    assert m.coins == 1
    assert "Player 1 (Mesmerist)'s stat roll: the d6 shows 3 (1 to 3: a 3, and a coin)." in (
        log_text(s)
    )


def test_low_rolls_count_as_3_and_each_earns_a_coin() -> None:
    s = setup_game(
        2,
        classes=("slayer", "woodling"),
        stats=[[(1, "stealth"), (2, "wits"), (3, "skill"), (6, "strength")], FOURS],
    )
    h = hero(s, 0)
    assert h.stats == (6, 3, 3, 3)
    assert h.coins == 3


def test_the_class_bonus_never_goes_above_6() -> None:
    """Part I, Roll for Stats: a 6 stays a 6 on the class's stat."""
    assert stat_value(6, "strength", "strength") == 6
    assert stat_value(5, "strength", "strength") == 6
    assert stat_value(5, "wits", "strength") == 5


def test_each_roll_is_placed_before_the_next_and_the_last_goes_by_itself() -> None:
    s = new_game(2)
    while type(s.agenda[-1]).__name__ != "StatRoll":
        s.apply(first(s))
    do(s, "d6 6")
    assert legal(s) == ["stat strength", "stat stealth", "stat wits", "stat skill"]
    with pytest.raises(IllegalAction):
        do(s, "d6 4")  # the roll must be placed first
    do(s, "stat wits", "d6 2", "stat strength", "d6 5", "stat skill", "d6 4")
    # The fourth roll fills the last stat without a question.
    assert 0 not in hero(s, 0).stats
    assert type(s.agenda[-1]).__name__ == "StatRoll"


@pytest.mark.parametrize(("skill", "markers"), [(3, 1), (4, 2), (5, 3), (6, 3)])
def test_skill_markers_follow_the_skill_stat(skill: int, markers: int) -> None:
    """Part II, The Class Board, E: 3 -> one marker, 4 -> two, 5 -> three,
    6 -> three and stacking."""
    assert common.unlocked_count(skill) == markers


def test_every_player_picks_a_distinct_class_and_gather_board_in_seat_order() -> None:
    """Ruling DG-R26: classes then boards, in seat order, each distinct; the
    last one left is taken without a question."""
    s = new_game(4)
    assert s.to_move == 0 and legal(s) == [
        f"class {c}" for c in ("explorer", "mesmerist", "slayer", "woodling")
    ]
    do(s, "class slayer")
    assert s.to_move == 1 and "class slayer" not in legal(s)
    do(s, "class woodling", "class explorer")
    assert hero(s, 3).hero_class == "mesmerist"  # the only board left
    assert s.to_move == 0 and legal(s)[0].startswith("board ")
    do(s, "board dusk", "board ember", "board moss")
    assert hero(s, 3).board == "frost"


def test_the_expansion_classes_only_with_the_option() -> None:
    assert "class werewolf" not in legal(new_game(2))
    assert "class werewolf" in legal(new_game(2, expansion=True))


def test_environment_pieces_never_twice_in_a_space() -> None:
    """Part I, Place Environment Pieces (ruling DG-R26): the players place the
    eight pieces in turn; never two identical pieces in one space."""
    s = new_game(2)
    while type(s.agenda[-1]).__name__ != "PlacePiece":
        s.apply(first(s))
    assert s.to_move == 0
    do(s, "place dungeon 4")
    assert s.to_move == 1
    assert Place("dungeon", 4) not in s.legal_actions()
    assert Place("forest", 4) in s.legal_actions()
    with pytest.raises(IllegalAction):
        do(s, "place dungeon 4")
    do(s, "place forest 4", "place dungeon 5", "place dungeon 6", "place dungeon 7")
    assert "place dungeon" not in " ".join(legal(s))  # all four dungeons are placed
    do(s, "place hills 1", "place trails 1", "place cemetery 9")
    assert len(s.environments) == 8 and not s.pieces


def test_random_environments_roll_the_map_die_again_on_a_taken_space() -> None:
    s = new_game(2, environments="random")
    while s.pieces:
        top = s.agenda[-1]
        if type(top).__name__ == "MapDie":
            faces = [o.face for o, _ in s.chance_outcomes()]  # type: ignore[attr-defined]
            held = {sp for sp, p in s.environments if p == top.piece}  # type: ignore[attr-defined]
            assert set(faces).isdisjoint(held)
        s.apply(first(s))
    assert len(set(s.environments)) == 8


def test_two_enemies_per_player_one_card_of_each_deck_three_bounties() -> None:
    """Part I, Place Enemies and Shuffle and Draw (ruling DG-R26)."""
    for n in (2, 3, 4):
        s = setup_game(n)
        assert len(s.enemies) == 2 * n
        assert all(e.space > 0 for e in s.enemies)
        assert sum(CONTENT.bag().values()) == len(s.bag) + 2 * n
        for h in s.heroes:
            assert len(h.advantage) == 1 and len(h.quests) == 1
            assert h.space == 0 and h.hp == 3
        assert len(s.bounties) == 3


def test_the_standard_map_leaves_out_bounties_for_spaces_11_and_12() -> None:
    s = new_game(2)
    every = list(s.decks["bounty"].cards)
    assert all(s.index.bounties[b].space <= 10 for b in every)
    assert len(every) == len(CONTENT.bounty_deck("standard"))
    adv = new_game(2, map="advanced")
    assert len(adv.decks["bounty"].cards) == len(CONTENT.bounties)


def test_handcuffed_guardians_leave_the_bag() -> None:
    """Part IV, Suggestions, Handcuff the Guardians (a house rule)."""
    s = new_game(2, house_rules=("handcuff_guardians",))
    kinds = set(s.bag)
    for g in CONTENT.guardians:
        if g.kind in ("dragon", "kraken"):
            assert g.id not in kinds
        else:
            assert g.id in kinds


def test_setup_spawns_use_the_map_die_then_the_bag() -> None:
    s = new_game(2, map="advanced")
    while type(s.agenda[-1]).__name__ != "MapDie":
        s.apply(first(s))
    faces = sorted(o.face for o, _ in s.chance_outcomes())  # type: ignore[attr-defined]
    assert faces == list(range(1, 13))
    do(s, "d12 11")
    assert type(s.agenda[-1]).__name__ == "BagDraw"
    do(s, "token orc")
    assert [(e.kind, e.space) for e in s.enemies] == [("orc", 11)]
    assert board.bag_counts(s)["orc"] == CONTENT.bag()["orc"] - 1


def test_every_hero_starts_in_the_village_with_empty_potion_bottles() -> None:
    """Part I, Place Your Potions; Part V, Setup (two bottles in the
    recessed slots); Part II, Gather Rewards, Alchemy (a bottle is placed on
    a potion by Alchemy; a potion spent goes back to the slots): ruling
    DG-R31, nothing is filled before the first Alchemy."""
    s = setup_game(3)
    for h in s.heroes:
        assert h.potions == () and h.space == 0 and not h.chib and h.markers == ()
