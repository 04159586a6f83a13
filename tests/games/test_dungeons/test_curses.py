"""The curse castles (Part IV, Curse Castle Standees; Incorporating the
Curse Castles; rulings DG-R50, DG-R51, DG-R54, DG-C22): placed with the
environment pieces, never in the Village, never two in a space; Endless
Echoes raises a stealth roll, Gift to the Gods adds a coin to coins earned
there, Buff the Beastie raises the beasts and never a Guardian."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from saloon.core.errors import OptionError
from saloon.core.state import CHANCE
from saloon.games.dungeons import GAME, odds
from saloon.games.dungeons.actions import Castle, Roll
from saloon.games.dungeons.content import load_content
from saloon.games.dungeons.guide import rules_help
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.render import castle_mark, render_svg
from saloon.games.dungeons.rules import combat
from saloon.games.dungeons.rules.state import DungeonsState
from saloon.games.dungeons.screen import space_text

from .conftest import do, first, legal, let_pass, log_text, new_game, scene, setup_game
from .test_content import message_for, owner

ALL = ("echoes", "gift", "beastie")
EMPTY: dict[str, object] = {"advantage": (), "quests": ()}


@cache
def _set_up() -> DungeonsState:
    return setup_game(2, curses=ALL)


def cursed(
    castles: tuple[tuple[int, str], ...],
    enemies: list[tuple[str, int]],
    stats: tuple[int, int, int, int] = (4, 4, 4, 4),
    coins: int = 0,
) -> DungeonsState:
    """Player 1 in space 6 with ``enemies``, the castles where the test says."""
    s = _set_up().clone()
    s.castles = tuple(sorted(castles))
    heroes: dict[int, dict[str, object]] = {p: dict(EMPTY) for p in range(2)}
    heroes[0] |= {"space": 6, "stats": stats, "coins": coins}
    return scene(s, 0, heroes=heroes, enemies=enemies, environments=[])


# -- placing the castles ------------------------------------------------------------------------


def _to_castles(s: DungeonsState) -> None:
    while type(s.agenda[-1]).__name__ not in ("PlaceCastle", "MapDie") or s.pieces:
        s.apply(first(s))


def test_the_castles_are_placed_in_turn_after_the_pieces_never_in_the_village() -> None:
    s = new_game(2, curses=ALL)
    _to_castles(s)
    assert s.curses_left == ALL and len(s.environments) == 8
    assert s.to_move == 8 % 2  # the turns go on from the pieces'
    moves = s.legal_actions()
    assert all(isinstance(x, Castle) for x in moves)
    assert {x.space for x in moves if isinstance(x, Castle)} == set(
        range(1, 11)
    )  # never the Village (0)
    assert "castle gift 0" not in legal(s)
    with pytest.raises(ValueError, match="any space but the Village"):
        do(s, "castle gift 0")
    do(s, "castle gift 4")
    assert tuple(s.castles) == ((4, "gift"),)
    assert "Gift to the Gods in 4 (Barrowmere)" in log_text(s)
    assert not any(x.endswith(" 4") for x in legal(s))  # never two in a space (DG-R51)
    with pytest.raises(ValueError, match="never two in a space"):
        do(s, "castle echoes 4")
    do(s, "castle echoes 5", "castle beastie 6")
    assert tuple(s.castles) == ((4, "gift"), (5, "echoes"), (6, "beastie")) and not s.curses_left
    assert s.view(1)["castles"] == [[4, "gift"], [5, "echoes"], [6, "beastie"]]


def test_random_castles_are_rolled_on_the_maps_die_as_chance_nodes() -> None:
    s = new_game(2, environments="random", curses=("echoes", "gift"))
    _to_castles(s)
    assert s.to_move == CHANCE
    outcomes = s.chance_outcomes()
    assert [o for o, _ in outcomes] == [Roll(10, f) for f in range(1, 11)]
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    do(s, "d10 7")
    assert tuple(s.castles) == ((7, "echoes"),)
    assert Roll(10, 7) not in [o for o, _ in s.chance_outcomes()]  # rolled again, in effect
    with pytest.raises(ValueError):
        do(s, "d10 7")
    do(s, "d10 2")
    assert tuple(s.castles) == ((2, "gift"), (7, "echoes"))
    assert "The castle of Gift to the Gods goes to 2" in log_text(s)


def test_the_option_names_known_curses_once_and_at_most_four() -> None:
    with pytest.raises(OptionError, match="no curse 'jinx'"):
        GAME.new_state(DungeonsOptions(curses=("jinx",)), 2)
    with pytest.raises(OptionError, match="twice"):
        DungeonsOptions.parse(["curses=gift,gift"])
    with pytest.raises(OptionError, match="4 curse castle standees"):
        DungeonsOptions.parse(["curses=a,b,c,d,e"])


# -- Curse of Endless Echoes ----------------------------------------------------------------------


def test_endless_echoes_fails_a_stealth_roll_that_passes_without_it() -> None:
    plain = cursed((), [("goblin", 6)])
    assert odds.stealth_chance(plain, 0) == pytest.approx(3 / 6)
    do(plain, "move 5", "d6 3")  # 3 under stealth 4: unseen
    assert plain.heroes[0].space == 5
    s = cursed(((6, "echoes"),), [("goblin", 6)])
    assert odds.stealth_chance(s, 0) == pytest.approx(2 / 6)  # the odds shown before the roll
    do(s, "move 5", "d6 3")  # 3 +1 = 4: not under 4
    assert s.heroes[0].space == 6 and s.turn is not None and s.turn.engaged
    assert "d6: 3 +1 Curse of Endless Echoes = 4 against stealth 4" in log_text(s)


def test_endless_echoes_holds_only_in_its_space() -> None:
    s = cursed(((5, "echoes"),), [("goblin", 6)])
    do(s, "move 5", "d6 3")
    assert s.heroes[0].space == 5


# -- Gift to the Gods -----------------------------------------------------------------------------


def _kill_goblin(s: DungeonsState) -> None:
    do(s, "fight goblin")
    let_pass(s)
    do(s, "wield natural", "roll 6 vs 1", "accept")


def test_gift_to_the_gods_makes_a_kill_pay_three_coins() -> None:
    s = cursed(((6, "gift"),), [("goblin", 6)])
    _kill_goblin(s)
    assert s.heroes[0].coins == 3
    assert "collects 3 coins for the kill (+1 Gift to the Gods)" in log_text(s)
    plain = cursed(((5, "gift"),), [("goblin", 6)])  # the castle is elsewhere
    _kill_goblin(plain)
    assert plain.heroes[0].coins == 2


def test_gift_to_the_gods_keeps_the_ten_coin_cap() -> None:
    s = cursed(((6, "gift"),), [("goblin", 6)], coins=8)
    _kill_goblin(s)
    assert s.heroes[0].coins == 10
    assert "collects 2 of the 3 coins for the kill (+1 Gift to the Gods)" in log_text(s)


# -- Buff the Beastie -----------------------------------------------------------------------------


def _round(s: DungeonsState, kind: str, roll: str) -> None:
    do(s, f"fight {kind}")
    let_pass(s)
    do(s, "wield natural", roll)


def test_buff_the_beastie_raises_a_beast_to_win_its_tie() -> None:
    plain = cursed((), [("gnoll", 6)])
    _round(plain, "gnoll", "roll 4 vs 3")
    assert plain.fight is not None and combat.hero_wins(plain, plain.fight)
    s = cursed(((6, "beastie"),), [("gnoll", 6)])
    _round(s, "gnoll", "roll 4 vs 3")
    assert s.fight is not None and combat.enemy_expr(s, s.fight) == "3 +1 Buff the Beastie = 4"
    assert not combat.hero_wins(s, s.fight)  # a tie, and strength 4 does not win it


def test_buff_the_beastie_leaves_other_classes_and_guardians_alone() -> None:
    s = cursed(((6, "beastie"),), [("goblin", 6)])
    _round(s, "goblin", "roll 4 vs 3")
    assert s.fight is not None and combat.enemy_total(s, s.fight) == 3
    s = cursed(((6, "beastie"),), [("onyx-dragon", 6)])
    _round(s, "onyx-dragon", "roll 4 vs 3")
    assert s.fight is not None and combat.enemy_expr(s, s.fight) == "3"  # DG-R40


# -- an owner's own curses ------------------------------------------------------------------------

MINE = """\
[[curses]]
id = "quicksand"
name = "Quicksand"
text = "Every stealth roll here has 2 added, and every monster gets +1."
effects = [{ kind = "stealth_roll", amount = 2 }, { kind = "monster_buff", amount = 1 }]
"""


def test_an_owners_own_curse_works_and_never_raises_a_guardian(tmp_path: Path) -> None:
    folder = owner(tmp_path, "curses.toml", MINE)
    content = load_content(folder)
    assert [c.id for c in content.curses] == ["quicksand"]
    s = setup_game(2, content=content, curses=("quicksand",))
    s.castles = ((6, "quicksand"),)
    heroes: dict[int, dict[str, object]] = {p: dict(EMPTY) for p in range(2)}
    heroes[0] |= {"space": 6, "stats": (4, 5, 4, 4)}
    s = scene(s, 0, heroes=heroes, enemies=[("goblin", 6), ("onyx-dragon", 6)], environments=[])
    assert odds.stealth_chance(s, 0) == pytest.approx(2 / 6)  # 1 and 2 only: +2 under 5
    _round(s, "goblin", "roll 6 vs 3")
    assert s.fight is not None and combat.enemy_expr(s, s.fight) == "3 +1 Quicksand = 4"
    do(s, "accept")
    _round(s, "onyx-dragon", "roll 6 vs 3")
    assert s.fight is not None and combat.enemy_expr(s, s.fight) == "3"


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ('effects = [{ kind = "heal", amount = 1 }]', "'heal' is not a curse's effect"),
        ('effects = [{ kind = "stealth_roll", amount = 0 }]', "amount must not be 0"),
        ('effects = [{ kind = "gain_coins", amount = 9 }]', "a whole number from 1 to 3"),
        (
            'effects = [{ kind = "monster_buff", amount = 1, flags = ["dragon"] }]',
            "a curse never raises a Guardian ('dragon')",
        ),
        (
            'effects = [{ kind = "monster_buff", amount = 1, flags = ["beasts"] }]',
            "'beasts' is not a monster class",
        ),
        ('effects = [{ kind = "gain_coins", amount = 1, die = 6 }]', "does not read 'die'"),
        ("effects = []", "effects must be a non-empty list"),
    ],
)
def test_a_malformed_curse_is_refused_in_one_line(tmp_path: Path, entry: str, problem: str) -> None:
    text = f'[[curses]]\nid = "bad"\nname = "Bad"\ntext = "Bad."\n{entry}\n'
    message = message_for(owner(tmp_path, "curses.toml", text))
    assert message.startswith(str(tmp_path / "mine")) or "curses.toml" in message
    assert "curse 'bad'" in message and problem in message


# -- shown everywhere ---------------------------------------------------------------------------


def test_the_castles_are_drawn_named_and_encoded() -> None:
    s = cursed(((4, "gift"), (6, "echoes")), [("goblin", 6)])
    svg = render_svg(s, 0)
    assert svg.count('class="castle"') == 2
    assert 'aria-label="a curse castle, Gift to the Gods: Whoever earns coins' in svg
    assert "<title>a curse castle, Curse of Endless Echoes:" in svg
    # Each castle carries its curse's letters on the map and in the key.
    assert [castle_mark(s, c) for c in ALL] == ["EE", "GG", "BB"]
    assert svg.count(">EE</text>") == 2 and svg.count(">GG</text>") == 2
    assert ">EE: Curse of Endless Echoes" in svg
    space = next(sp for sp in s.map.spaces if sp.number == 4)
    assert "♜ Gift to the Gods" in space_text(s, space).plain
    enc = GAME.encoding(s.options, 2)
    obs = enc.observation(s, 0)
    at = enc.layout.offset("castles")
    k = len(ALL)
    assert obs[at + (4 - 1) * k + ALL.index("gift")] == 1
    assert obs[at + (6 - 1) * k + ALL.index("echoes")] == 1
    assert obs[at : at + 10 * k].sum() == 2
    assert enc.observation_shape[0] == GAME.encoding(DungeonsOptions(), 2).observation_shape[0] + (
        10 * k
    )
    assert "Here, a curse castle: Curse of Endless Echoes" in GAME.rules_help(s)
    text = rules_help(None, DungeonsOptions(curses=("beastie",)))
    assert "curse castle" in text and "- Buff the Beastie (beastie):" in text


def test_gift_to_the_gods_adds_a_coin_to_a_gather_there() -> None:
    s = cursed(((6, "gift"),), [])
    face = 1 + s.gather_board(0).rewards.index("coins")
    do(s, "gather", f"d4 {face}")
    assert s.heroes[0].coins == 3
    assert "gathers 3 coins (+1 Gift to the Gods)" in log_text(s)
