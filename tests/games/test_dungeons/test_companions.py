"""The solo hero's companion (Part III, Solo & Co-op, Setup and Companions;
rulings DG-R68, DG-R69; the red-dot board, DG-C25): chosen at setup, in its
carrier until a gather's 1 deploys it; its help only in the hero's space;
a move a space per action spent; Hero Swap with it; back to its carrier
when the hero is hurt beside it."""

from __future__ import annotations

import pytest

from saloon.core.state import CHANCE
from saloon.games.dungeons.rules import companions

from .conftest import do, hero, legal, let_pass, log_text
from .test_hide_collection import _set_up, hide_scene


def with_companion(cid: str, at: int | None = 6, **kw: object):  # type: ignore[no-untyped-def]
    s = hide_scene(**kw)  # type: ignore[arg-type]
    s.companion = cid
    s.companion_at = at
    return s


def test_solo_setup_the_red_dot_board_and_a_companion_in_its_carrier() -> None:
    """Part III, Setup: only the red-dot board in solo; a companion of the
    player's choice in its carrier; none in co-op."""
    s = _set_up("solo", 1)
    assert hero(s, 0).board == "red-dot"
    assert s.gather_board(0).rewards[0] == "companion"
    assert s.companion == "bird" and s.companion_at is None  # the first choice
    assert "takes the Bird as a companion" in log_text(s)
    assert _set_up("coop", 2).companion == ""


@pytest.mark.parametrize(
    ("cid", "pieces", "bonus"),
    [
        ("kitteh", [], 1),
        ("crustacean", [(6, "dungeon")], 2),
        ("crustacean", [(6, "forest")], 0),
        ("wisp", [(6, "forest"), (6, "trails"), (6, "hills")], 6),
        ("wisp", [(6, "dungeon")], 0),
    ],
)
def test_each_companions_combat_bonus(cid: str, pieces: list[tuple[int, str]], bonus: int) -> None:
    s = with_companion(cid, enemies=[("goblin", 6)])
    s.environments = tuple(pieces)
    do(s, "fight goblin")
    let_pass(s)
    assert s.fight is not None and s.fight.hero_bonus == bonus


def test_a_companion_away_does_not_help() -> None:
    s = with_companion("kitteh", at=3, enemies=[("goblin", 6)])
    do(s, "fight goblin")
    assert s.fight is not None and s.fight.hero_bonus == 0


def test_the_bird_rolls_a_d4_with_the_natural_d6_only() -> None:
    s = with_companion("bird", enemies=[("goblin", 6)])
    do(s, "fight goblin", "wield natural")
    assert s.fight is not None and [w.die for w in s.fight.weapons] == [6, 4]
    do(s, "roll 2 3 vs 4")
    assert "the Bird's d4" in log_text(s)
    s = with_companion("bird", enemies=[("skeleton", 6)], coins=5)
    do(s, "fight skeleton", "wield holy-water")
    assert s.fight is not None and [w.die for w in s.fight.weapons] == [12]


def _gather_one(s) -> None:  # type: ignore[no-untyped-def]
    do(s, "gather")
    assert s.to_move == CHANCE
    do(s, "1")


def test_a_gathers_one_deploys_the_companion_from_its_carrier() -> None:
    s = with_companion("kitteh", at=None)
    _gather_one(s)
    assert s.companion_at == 6 and "out of its carrier" in log_text(s)


def test_a_gathers_one_with_the_companion_beside_pays_two_coins() -> None:
    s = with_companion("kitteh", at=6, coins=0)
    _gather_one(s)
    assert hero(s, 0).coins == 2


def test_a_gathers_one_may_call_the_companion_from_elsewhere() -> None:
    s = with_companion("kitteh", at=3)
    _gather_one(s)
    assert legal(s) == ["call companion", "pass"]
    do(s, "call companion")
    assert s.companion_at == 6


def test_each_action_spent_may_move_the_companion_a_space() -> None:
    """Part III, Companions: optional, one space; a ride is one action."""
    s = with_companion("kitteh", at=3)
    do(s, "move 5")
    assert legal(s) == ["follow village", "follow 2", "follow 6", "pass"]
    do(s, "follow 6")
    assert s.companion_at == 6
    do(s, "move 6")
    do(s, "pass")
    assert s.companion_at == 6 and hero(s, 0).space == 6


def test_a_companion_in_its_carrier_does_not_move() -> None:
    s = with_companion("kitteh", at=None)
    do(s, "move 5")
    assert not any(x.startswith("follow") for x in legal(s))


def test_hero_swap_with_the_companion() -> None:
    """Part III, Companions (ruling DG-R69): the Hero Swap trades places
    with it; the hero leaves his fight."""
    s = with_companion("kitteh", at=3, enemies=[("orc", 6)])
    do(s, "fight orc")
    let_pass(s)
    assert "skill hero-swap" in legal(s)
    do(s, "skill hero-swap")
    assert hero(s, 0).space == 3 and s.companion_at == 6 and s.fight is None


def test_the_hero_hurt_beside_it_sends_it_to_its_carrier() -> None:
    s = with_companion("kitteh", enemies=[("orc", 6)])
    do(s, "fight orc")
    let_pass(s)
    do(s, "wield natural", "roll 1 vs 9")
    let_pass(s)
    do(s, "accept")
    assert hero(s, 0).hp == 2 and s.companion_at is None
    assert "flees back to its carrier" in log_text(s)


def test_the_companions_are_four() -> None:
    assert set(companions.COMPANIONS) == {"bird", "kitteh", "crustacean", "wisp"}
