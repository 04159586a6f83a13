"""The Mercenary Cube house rule (Part IV, Suggestions: four gold turn
someone's Cash Cube against him; rulings DG-R55, DG-R56): the payment, the
owner engaged by his own Cube, the payer spared, third players, the Cube
taken back by a rehire or slain, and every refusal with its reason."""

from __future__ import annotations

from rich.console import Console

from saloon.games.dungeons.actions import Mercenary, parse_action
from saloon.games.dungeons.describe import describe
from saloon.games.dungeons.render import render_rich, render_svg
from saloon.games.dungeons.rules import board
from saloon.games.dungeons.rules.state import DungeonsState

from .conftest import do, first, hero, legal, log_text, scene, setup_game

_BASE: dict[int, DungeonsState] = {}


def base(players: int = 2) -> DungeonsState:
    """A set-up game with the house rule (set up once, cloned per test)."""
    if players not in _BASE:
        _BASE[players] = setup_game(players, house_rules=("mercenary_cube",))
    return _BASE[players].clone()


def cube(s: DungeonsState, owner: int):  # type: ignore[no-untyped-def]
    c = board.cube_of(s, owner)
    assert c is not None
    return c


def test_four_coins_turn_an_opponents_cube_which_spares_the_payer() -> None:
    s = scene(base(), 0, heroes={0: {"space": 4, "coins": 5}}, enemies=[("cube", 5, {"owner": 1})])
    assert "mercenary p2" in legal(s)
    assert "4 coins" in describe(s, Mercenary(1))
    do(s, "mercenary p2")
    assert hero(s, 0).coins == 1 and cube(s, 1).serves == 0
    assert "turn Player 2 (Mesmerist)'s Cash Cube" in log_text(s)
    assert "mercenary p2" not in legal(s)  # once turned, not again
    do(s, "move 5")  # no Cube lies in wait for him now
    assert s.turn is not None and not s.turn.engaged and "gather" in legal(s)


def test_the_turned_cube_engages_its_owner_on_entry() -> None:
    s = scene(base(), 1, heroes={1: {"space": 4}}, enemies=[("cube", 5, {"owner": 1, "serves": 0})])
    do(s, "move 5")
    t = s.turn
    assert t is not None and t.engaged == (cube(s, 1).uid,)
    assert [x for x in legal(s) if x.startswith("fight")] == ["fight cube"]
    assert "gather" not in legal(s)  # no action, no stealth past it


def test_the_turned_cube_engages_its_owner_when_his_turn_begins() -> None:
    s = scene(
        base(),
        0,
        heroes={0: {"space": 4}, 1: {"space": 5}},
        enemies=[("cube", 5, {"owner": 1, "serves": 0})],
    )
    do(s, "rest")
    while s.to_move != 1 or s.turn is None or s.turn.seat != 1:
        s.apply(first(s))
    t = s.turn
    assert t is not None and cube(s, 1).uid in t.engaged
    assert "starts the turn engaged with Player 2 (Mesmerist)'s Cash Cube" in log_text(s)


def test_a_third_player_is_engaged_by_it_as_before() -> None:
    s = scene(
        base(3), 2, heroes={2: {"space": 4}}, enemies=[("cube", 5, {"owner": 1, "serves": 0})]
    )
    do(s, "move 5")
    assert s.turn is not None and s.turn.engaged


def test_paying_the_cube_one_is_engaged_with_ends_that_engagement() -> None:
    s = scene(base(), 0, heroes={0: {"space": 4, "coins": 4}}, enemies=[("cube", 5, {"owner": 1})])
    do(s, "move 5")
    assert s.turn is not None and s.turn.engaged
    do(s, "mercenary p2")
    assert s.turn is not None and not s.turn.engaged and "gather" in legal(s)


def test_the_owner_takes_it_back_by_rehiring_it_even_where_it_stands() -> None:
    s = scene(
        base(),
        1,
        heroes={1: {"space": 1, "coins": 2}},
        enemies=[("cube", 5, {"owner": 1, "serves": 0})],
    )
    assert "hire 5" in legal(s)
    assert "yours again" in describe(s, parse_action("hire 5"))
    do(s, "hire 5")
    assert cube(s, 1).serves is None and cube(s, 1).space == 5
    assert "takes back and rehires" in log_text(s)


def test_slain_it_goes_back_to_its_owner_unturned() -> None:
    s = scene(base(), 1, heroes={1: {"space": 4}}, enemies=[("cube", 5, {"owner": 1, "serves": 0})])
    do(s, "move 5", "fight cube")
    while s.to_move != 1:
        do(s, "pass")
    do(s, "wield natural", "roll 6 vs 1", "accept")
    assert board.cube_of(s, 1) is None
    assert "goes back to Player 2 (Mesmerist)" in log_text(s)


def test_the_refusals_say_why() -> None:
    s = scene(base(), 0, heroes={0: {"space": 4, "coins": 3}}, enemies=[("cube", 5, {"owner": 1})])
    assert "costs 4 coins and you have 3" in s.explain_illegal(Mercenary(1))
    assert "this one is yours" in s.explain_illegal(Mercenary(0))
    assert "no player 5" in s.explain_illegal(Mercenary(4))
    s = scene(base(), 1, heroes={1: {"coins": 9}}, enemies=[("cube", 5, {"owner": 1})])
    assert "has no Cash Cube on the board" in s.explain_illegal(Mercenary(0))
    s = scene(
        base(3),
        2,
        heroes={2: {"coins": 9}},
        enemies=[("cube", 5, {"owner": 1, "serves": 0})],
    )
    assert "already works for Player 1" in s.explain_illegal(Mercenary(1))
    plain = scene(setup_game(2), 0, heroes={0: {"coins": 9}}, enemies=[("cube", 5, {"owner": 1})])
    assert "mercenary p2" not in legal(plain)
    assert "not in play" in plain.explain_illegal(Mercenary(1))


def test_it_is_shown_to_all() -> None:
    s = scene(base(), 0, heroes={0: {"space": 4}}, enemies=[("cube", 5, {"owner": 1, "serves": 0})])
    seen = s.view(1)["enemies"][0]
    assert seen["owner"] == 1 and seen["serves"] == 0
    assert "working for Player 1" in board.enemy_name(s, cube(s, 1))
    assert "working for P1" in render_svg(s)
    console = Console(width=120, record=True)
    console.print(render_rich(s))
    assert "P2's Cash Cube working for P1" in console.export_text()
    s = scene(base(), 0, heroes={0: {"space": 5}}, enemies=[("cube", 5, {"owner": 1, "serves": 0})])
    assert "works for you now" in s.explain_illegal(parse_action("fight cube"))
    assert str(parse_action("mercenary p2")) == "mercenary p2"


def test_the_encoding_has_the_action_and_whom_each_cube_works_for() -> None:
    from saloon.games.dungeons.encoding import dungeons_encoding

    s = scene(base(), 0, heroes={0: {"coins": 5}}, enemies=[("cube", 5, {"owner": 1})])
    enc = dungeons_encoding(s.options, 2)
    assert enc.action(s, enc.action_id(s, Mercenary(1))) == Mercenary(1)
    do(s, "mercenary p2")
    obs = enc.observe(s.view(0), 0)
    at = enc.layout.offset("turned")
    assert obs[at : at + 2].tolist() == [0, 1]


def test_the_cubes_token_is_pointed_at() -> None:
    from saloon.games.dungeons.pointing import pointer

    s = scene(base(), 0, heroes={0: {"coins": 5}}, enemies=[("cube", 5, {"owner": 1})])
    got = pointer(s, Mercenary(1))
    assert got is not None and got.points == (f"foe:{cube(s, 1).uid}",)


def test_the_heuristic_turns_the_leaders_cube_beside_them_both() -> None:
    """Above every action (a task with a gain); and always against the
    Cube one is engaged with, rather than fight its d12."""
    from saloon.games.dungeons.strategy import HeuristicAgent

    bot = HeuristicAgent(seed=0, strict=True)
    s = scene(
        base(),
        0,
        heroes={0: {"space": 4, "coins": 8}, 1: {"space": 5, "dropped": ("mill-raiders",)}},
        enemies=[("cube", 5, {"owner": 1})],
    )
    ranked = [str(x) for x in bot.ranked(s)]
    assert ranked.index("mercenary p2") < min(ranked.index(x) for x in ("gather", "move 5"))
    s = scene(base(), 0, heroes={0: {"space": 4, "coins": 8}}, enemies=[("cube", 5, {"owner": 1})])
    do(s, "move 5")
    ranked = [str(x) for x in bot.ranked(s)]
    assert ranked.index("mercenary p2") < ranked.index("fight cube")
