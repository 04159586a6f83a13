"""Melee Mode (Part IV, Suggestions: heroes in the same space may fight
each other besides the enemies; the loser of a round is transported to a
random space; rulings DG-R57 to DG-R59): who may start it, the dice, the
tie, the loser's space by the map's die, the limits, the refusals."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from saloon.core.state import CHANCE
from saloon.games.dungeons.actions import Melee, parse_action
from saloon.games.dungeons.describe import describe
from saloon.games.dungeons.rules import board, house
from saloon.games.dungeons.rules.state import DungeonsState

from .conftest import do, hero, legal, log_text, scene, setup_game

_BASE: list[DungeonsState] = []


def base() -> DungeonsState:
    """A set-up two-player game with Melee Mode (set up once, cloned per test)."""
    if not _BASE:
        _BASE.append(setup_game(2, house_rules=("melee",)))
    return _BASE[0].clone()


def together(space: int = 5, **more: dict[str, object]) -> DungeonsState:
    heroes: dict[int, dict[str, object]] = {0: {"space": space}, 1: {"space": space}}
    for seat, changes in more.items():
        heroes[int(seat[1:])] |= changes
    return scene(base(), 0, heroes=heroes)


def test_the_winner_stays_and_the_loser_goes_where_the_map_die_says() -> None:
    s = together()
    assert "melee p2" in legal(s)
    do(s, "melee p2")
    assert s.to_move == CHANCE
    assert s.turn is not None and s.turn.actions == 3  # not an action
    do(s, "roll 5 vs 3")
    faces = {str(o) for o, _ in s.chance_outcomes()}
    assert faces == {f"d10 {k}" for k in range(1, 11)}  # numbered spaces, never the Village
    do(s, "d10 7")
    assert hero(s, 0).space == 5 and hero(s, 1).space == 7
    assert hero(s, 1).hp == hero(s, 0).hp == 3  # no HP lost
    text = log_text(s)
    assert "Player 1 (Explorer) wins; Player 2 (Mesmerist) is transported" in text
    assert "sends Player 2 (Mesmerist) to 7" in text


def test_the_attacker_who_loses_is_sent_and_his_turn_goes_on() -> None:
    s = together()
    do(s, "melee p2", "roll 2 vs 6", "d10 3")
    assert hero(s, 0).space == 3 and hero(s, 1).space == 5
    assert s.to_move == 0 and "gather" in legal(s)


def test_a_tie_goes_to_the_higher_strength_else_to_the_hero_attacked() -> None:
    s = together()  # strength 4 each
    do(s, "melee p2", "roll 4 vs 4", "d10 1")
    assert hero(s, 0).space == 1
    assert "a tie goes to Player 2 (Mesmerist), attacked (strength 4 each)" in log_text(s)
    s = together(p0={"stats": (5, 4, 4, 4)})
    do(s, "melee p2", "roll 4 vs 4", "d10 1")
    assert hero(s, 1).space == 1


def test_each_rolls_his_natural_die_a_chib_his_chibs() -> None:
    s = together(p1={"chib": True})
    chib = s.hero_class(1).chib_die
    do(s, "melee p2")
    assert {str(o).split(" vs ")[1] for o, _ in s.chance_outcomes()} == {
        str(k) for k in range(1, chib + 1)
    }


def test_the_odds_are_shown_before_the_roll() -> None:
    s = together()
    assert house.melee_odds(s, 0, 1) == Fraction(15, 36)
    assert "42% to win" in describe(s, Melee(1))
    s = together(p0={"stats": (6, 4, 4, 4)})
    assert "58% to win" in describe(s, Melee(1))


def test_once_a_turn_against_each_hero() -> None:
    s = together()
    do(s, "melee p2", "roll 5 vs 3", "d10 5")  # the die leaves him where he is
    assert hero(s, 1).space == 5
    assert "melee p2" not in legal(s)
    assert "this turn already" in s.explain_illegal(Melee(1))


def test_never_in_the_village_nor_while_engaged_nor_apart() -> None:
    s = together(space=0)
    assert "melee p2" not in legal(s)
    assert "No melee in the Village" in s.explain_illegal(Melee(1))
    s = scene(base(), 0, heroes={0: {"space": 5}, 1: {"space": 5}}, enemies=[("goblin", 5)])
    assert s.turn is not None
    s.turn = replace(s.turn, engaged=(s.enemies[0].uid,))
    s._legal = None
    assert "melee p2" not in legal(s)
    assert "engaged with an enemy" in s.explain_illegal(Melee(1))
    s = scene(base(), 0, heroes={0: {"space": 5}, 1: {"space": 6}})
    assert "not in your space" in s.explain_illegal(Melee(1))
    assert "does not fight himself" in s.explain_illegal(Melee(0))
    plain = scene(setup_game(2), 0, heroes={0: {"space": 5}, 1: {"space": 5}})
    assert "melee p2" not in legal(plain)
    assert "not in play" in plain.explain_illegal(Melee(1))


def test_sent_into_a_cubes_space_the_attacker_is_engaged() -> None:
    s = scene(
        base(),
        0,
        heroes={0: {"space": 5}, 1: {"space": 5}},
        enemies=[("cube", 8, {"owner": 1})],
    )
    do(s, "melee p2", "roll 1 vs 6", "d10 8")
    cube = board.cube_of(s, 1)
    assert cube is not None and s.turn is not None and s.turn.engaged == (cube.uid,)


def test_the_notation_round_trips() -> None:
    assert str(parse_action("melee p2")) == "melee p2"
    assert parse_action("MELEE P2") == Melee(1)


def test_the_encoding_has_the_house_rules_actions_and_fields() -> None:
    from saloon.games.dungeons.encoding import dungeons_encoding
    from saloon.games.dungeons.options import DungeonsOptions

    s = together()
    enc = dungeons_encoding(s.options, 2)
    plain = dungeons_encoding(DungeonsOptions(), 2)
    assert enc.num_actions == plain.num_actions + 2
    assert enc.action(s, enc.action_id(s, Melee(1))) == Melee(1)
    assert enc.observation_shape[0] == plain.observation_shape[0] + 2
    do(s, "melee p2")
    obs = enc.observe(s.view(0), 0)
    assert obs.shape == enc.observation_shape
    at = enc.layout.offset("meleed")
    assert obs[at : at + 2].tolist() == [0, 1]


def test_the_rules_at_the_prompt_give_the_house_rule() -> None:
    from saloon.games.dungeons.guide import rules_help

    assert "Melee Mode (house rule" in rules_help(together())
    plain = scene(setup_game(2), 0, heroes={0: {"space": 5}})
    assert "Melee Mode" not in rules_help(plain)


def test_the_pawn_is_pointed_at_with_the_odds() -> None:
    from saloon.games.dungeons.pointing import pointer

    got = pointer(together(), Melee(1))
    assert got is not None and got.points == ("hero:p2",) and got.tag == "42%"


def test_the_heuristic_attacks_a_rival_ahead_when_the_odds_are_good() -> None:
    """Above every action at 58% (strength 6 wins the ties); not at 42%."""
    from saloon.games.dungeons.strategy import HeuristicAgent

    bot = HeuristicAgent(seed=0, strict=True)
    ranked = [str(x) for x in bot.ranked(together(p0={"stats": (6, 4, 4, 4)}))]
    assert ranked.index("melee p2") < min(ranked.index(x) for x in ("gather", "hunt"))
    ranked = [str(x) for x in bot.ranked(together())]
    assert ranked.index("melee p2") > ranked.index("hunt")  # below the best action
