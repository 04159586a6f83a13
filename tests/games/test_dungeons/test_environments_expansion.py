"""The expansion's sixteen environment pieces (Part IV, Environment
Miniatures; option ``environment_pieces=expansion``; rulings DG-R52,
DG-R53): eight dungeons and two each of the terrains, placed as the base
game's; two identical pieces share a space only once every space holds
one; a monster's environment gives +1 once however many of its pieces."""

from __future__ import annotations

from collections import Counter

import pytest

from saloon.core.state import CHANCE
from saloon.games.dungeons.actions import Place, Roll
from saloon.games.dungeons.render import render_svg
from saloon.games.dungeons.rules import board, combat

from .conftest import do, first, let_pass, new_game, scene, setup_game


def test_the_expansion_adds_sixteen_pieces_placed_in_turn() -> None:
    s = new_game(3, environment_pieces="expansion")
    assert Counter(s.pieces) == Counter(
        {"dungeon": 12, "forest": 3, "cemetery": 3, "hills": 3, "trails": 3}
    )
    assert Counter(new_game(3).pieces) == Counter(board.PIECES)
    seats = []
    while s.pieces:
        if type(s.agenda[-1]).__name__ == "PlacePiece":
            seats.append(s.to_move)
        s.apply(first(s))
    assert seats == [k % 3 for k in range(24)] and len(s.environments) == 24


def test_two_dungeons_share_a_space_only_when_every_space_has_one() -> None:
    s = new_game(2, environment_pieces="expansion")
    while type(s.agenda[-1]).__name__ != "PlacePiece":
        s.apply(first(s))
    s.environments = tuple((sp, "dungeon") for sp in range(1, 10))
    places = [x for x in s.legal_actions() if isinstance(x, Place) and x.piece == "dungeon"]
    assert {x.space for x in places} == {10}
    with pytest.raises(ValueError, match="while another space has fewer"):
        do(s, "place dungeon 4")
    s.environments = tuple(sorted((*s.environments, (10, "dungeon"))))
    s._legal = None
    dungeon = {x.space for x in s.legal_actions() if isinstance(x, Place) and x.piece == "dungeon"}
    assert dungeon == set(range(1, 11))  # the eleventh anywhere
    do(s, "place dungeon 4")
    dungeon = {x.space for x in s.legal_actions() if isinstance(x, Place) and x.piece == "dungeon"}
    assert dungeon == set(range(1, 11)) - {4}  # the twelfth not beside it


def test_random_pieces_roll_the_maps_die_among_the_spaces_with_fewest() -> None:
    s = new_game(2, environments="random", environment_pieces="expansion")
    while s.to_move != CHANCE or type(s.agenda[-1]).__name__ != "MapDie":
        s.apply(first(s))
    assert [o for o, _ in s.chance_outcomes()] == [Roll(10, f) for f in range(1, 11)]
    s.environments = tuple((sp, "dungeon") for sp in range(1, 11) if sp != 3)
    s._legal = None
    assert [o for o, _ in s.chance_outcomes()] == [Roll(10, 3)]


def test_the_advanced_map_takes_one_dungeon_a_space() -> None:
    s = new_game(2, map="advanced", environment_pieces="expansion")
    while s.pieces:
        s.apply(first(s))
    dungeons = Counter(sp for sp, p in s.environments if p == "dungeon")
    assert sorted(dungeons) == list(range(1, 13)) and set(dungeons.values()) == {1}


def test_a_monster_gets_its_environments_plus_one_once_with_two_pieces() -> None:
    s = setup_game(2, environment_pieces="expansion")
    heroes = {0: {"space": 6, "advantage": (), "quests": ()}}
    env = [(6, "dungeon"), (6, "dungeon"), (6, "hills")]
    s = scene(s, 0, heroes=heroes, enemies=[("owlbear", 6)], environments=env)
    do(s, "fight owlbear")
    let_pass(s)
    do(s, "wield natural", "roll 5 vs 4")
    assert s.fight is not None and combat.enemy_expr(s, s.fight) == "4 +1 dungeon = 5"
    assert "dungeon ×2" in render_svg(s, 0)
