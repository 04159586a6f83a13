"""The readings the audit of issue 37 found fixed with no option (correction
4): each is an option now, Saloon's reading the default (docs/rulings.md,
rulings DG-R7, DG-R13, DG-R19, DG-R21, DG-R29, DG-R33, DG-R41, DG-R42).
Every test plays the default and the other reading on the same scripted
dice, so each fails on an engine without the option."""

from __future__ import annotations

from dataclasses import replace

import pytest

from saloon.core.errors import OptionError
from saloon.games.dungeons import GAME
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules.state import DungeonsState

from .conftest import (
    CONTENT,
    do,
    enemy_at,
    give_cards,
    hero,
    legal,
    log_text,
    new_game,
    scene,
    setup_game,
)

EMPTY = {"advantage": (), "quests": ()}


def at_six(
    enemies: list[tuple[str, int] | tuple[str, int, dict[str, object]]] = (),  # type: ignore[assignment]
    players: int = 2,
    options: dict[str, object] | None = None,
    **extra: object,
) -> DungeonsState:
    """Player 1 (the Explorer) in space 6 with ``enemies``, empty hands, 5
    coins, under ``options``."""
    heroes = {p: dict(EMPTY) for p in range(players)}
    heroes[0] |= {"space": 6, "stats": (4, 4, 4, 4), "coins": 5} | extra
    s = setup_game(players, **(options or {}))
    return scene(s, 0, heroes=heroes, enemies=enemies, environments=[])


def engage_all(s: DungeonsState) -> None:
    """The hero engaged with every enemy of his space (as at his turn's start)."""
    assert s.turn is not None
    here = hero(s, 0).space
    s.turn = replace(s.turn, engaged=tuple(e.uid for e in s.enemies if e.space == here))
    s._legal = None


# -- the Cash Cube among enemies (DG-R19) -------------------------------------------------------


@pytest.mark.parametrize(("order", "goblin_first"), [("first", False), ("any", True)])
def test_a_cash_cube_first_or_in_any_order(order: str, goblin_first: bool) -> None:
    """Addenda, Village Signs, Cash Cube: the Cube takes precedence (the
    default); ``cube_order=any`` lets the hero pick the order as with any
    enemies (Part I, On Stealth)."""
    s = at_six([("goblin", 6), ("cube", 6, {"owner": 1})], options={"cube_order": order})
    engage_all(s)
    fights = [x for x in legal(s) if x.startswith("fight")]
    assert ("fight goblin" in fights) is goblin_first and "fight cube" in fights
    if not goblin_first:
        why = s.explain_illegal(s.parse("fight goblin"))
        assert "Cash Cube always takes precedence (Addenda, Village Signs, Cash Cube)" in why


# -- red cards against a Guardian or a Cube --------------------------------------------------


@pytest.mark.parametrize("enemy", ["kraken", "cube"])
def test_red_cards_against_a_guardian_or_a_cube_only_when_the_table_opens_the_window(
    enemy: str,
) -> None:
    """Part I, Know Thine Enemy and Cash Cube: no buffs on them. Closed (the
    default): no window at all; ``guarded_window=open``: the collective GM
    may play the red cards that are not buffs (a theft), never a buff."""
    extra = {"owner": 1} if enemy == "cube" else {}
    for window, asked in (("closed", False), ("open", True)):
        s = at_six([(enemy, 6, extra)], options={"guarded_window": window})
        give_cards(s, 1, "pickpocket", "intervention", "thick-hide")
        do(s, f"fight {enemy}")
        assert (s.to_move == 1) is asked
        if asked:
            assert legal(s) == ["play pickpocket", "pass"]
            do(s, "play pickpocket")
            assert hero(s, 0).coins < 5


# -- the buffs of a transformed monster (DG-R33) ---------------------------------------------


@pytest.mark.parametrize(("reading", "buffs"), [("discarded", 0), ("kept", 1)])
def test_a_transformed_monster_that_wins_keeps_its_buffs_only_when_the_table_says(
    reading: str, buffs: int
) -> None:
    """Part II, Specialty Hides, step 7 ("including all added buffs")
    against Part I (buffs go after the first hit): the default discards
    them; ``transformed_buffs=kept`` gives them back for the next round."""
    s = at_six(
        [("orc", 6, {"hp": 2})],
        options={"transformed_buffs": reading},
        specialty=("gnoll", "owlbear", "orc"),
    )
    give_cards(s, 1, "intervention")
    do(s, "fight orc", "play intervention", "transform rogue", "wield natural", "roll 1 vs 5")
    do(s, "accept")
    orc = enemy_at(s, "orc")
    assert orc.hp == 2 and orc.buffs == buffs and hero(s, 0).hp == 2


def test_a_monster_not_transformed_loses_its_buffs_under_either_reading() -> None:
    s = at_six([("orc", 6, {"hp": 2})], options={"transformed_buffs": "kept"})
    give_cards(s, 1, "intervention")
    do(s, "fight orc", "play intervention", "wield natural", "roll 1 vs 5", "accept")
    assert enemy_at(s, "orc").buffs == 0


# -- the turn's own spawn (DG-R29) ---------------------------------------------------------------


@pytest.mark.parametrize(("engages", "engaged"), [(True, True), (False, False)])
def test_the_turns_own_spawn_engages_unless_the_table_says_not(
    engages: bool, engaged: bool
) -> None:
    """Ruling DG-R29: the enemy the turn's spawn die drops on the hero
    engages with the rest; ``spawn_engages=false``: only those there before
    the roll, the new one calls for a stealth check before an action."""
    heroes = {0: {"space": 0} | EMPTY, 1: {"space": 3, "coins": 0} | EMPTY}
    s = scene(setup_game(2, spawn_engages=engages), 0, heroes=heroes)
    do(s, "rest", "spawn 3 gather 1", "token goblin")
    while not (s.to_move == 1 and type(s.agenda[-1]).__name__ == "Act"):
        s.apply(s.chance_outcomes()[0][0] if s.to_move == -1 else s.legal_actions()[0])
    assert s.turn is not None and bool(s.turn.engaged) is engaged
    if not engaged:
        do(s, "gather")
        assert s.chance_prompt().startswith("Player 2 (Mesmerist)'s stealth roll")


def test_an_enemy_there_before_the_roll_engages_under_either_reading() -> None:
    heroes = {0: {"space": 0} | EMPTY, 1: {"space": 3, "coins": 0} | EMPTY}
    s = scene(setup_game(2, spawn_engages=False), 0, heroes=heroes, enemies=[("orc", 3)])
    do(s, "rest", "spawn 3 gather 1", "token goblin")
    while not (s.to_move == 1 and type(s.agenda[-1]).__name__ == "Act"):
        s.apply(s.chance_outcomes()[0][0] if s.to_move == -1 else s.legal_actions()[0])
    assert s.turn is not None
    assert [s.enemy(u).kind for u in s.turn.engaged] == ["orc"]


# -- Dogmud on the hero's other dice (DG-R7) --------------------------------------------------


def test_dogmud_rerolls_the_gather_die_only_when_the_table_says() -> None:
    """Addenda, Village Signs ("any one of YOUR DICE"): the default keeps
    Dogmud to fights and stealth; ``dogmud=any`` offers it on the gather die."""
    s = at_six()
    do(s, "gather", "d4 2")
    assert type(s.agenda[-1]).__name__ != "RollDogmud" and hero(s, 0).coins == 5
    s = at_six(options={"dogmud": "any"})
    do(s, "gather", "d4 2")
    assert legal(s) == ["dogmud", "accept"]
    assert s.agenda[-1].prompt(s) == "the gather's D4 shows 2: buy a Dogmud reroll or accept"
    do(s, "dogmud")
    assert hero(s, 0).coins == 3 and s.chance_prompt().startswith("the gather's D4")
    do(s, "d4 4", "accept")
    assert "buys a Dogmud (2 coins) and rolls the gather's D4 again" in log_text(s)
    assert "gather D4 shows 4" in log_text(s)


def test_dogmud_rerolls_the_fountains_die_and_not_without_the_coins() -> None:
    heroes = {0: {"space": 0, "coins": 3, "stats": (4, 5, 3, 4)}}
    s = scene(setup_game(2, dogmud="any"), 0, heroes=heroes)
    do(s, "fountain", "d6 2")
    assert legal(s) == ["dogmud", "accept"]
    do(s, "dogmud", "d6 5")
    assert hero(s, 0).coins == 0
    assert legal(s) == ["raise strength", "raise wits", "raise skill", "pass"]  # no coins left


def test_the_open_gather_is_the_tables_roll_never_rerolled() -> None:
    heroes = {0: {"space": 0, "coins": 5} | EMPTY, 1: {"space": 0, "coins": 5} | EMPTY}
    s = scene(setup_game(2, dogmud="any"), 0, heroes=heroes)
    do(s, "rest", "spawn 3 gather 1")
    assert type(s.agenda[-1]).__name__ != "RollDogmud"


# -- potions and skills in a turn (DG-R13) ----------------------------------------------------


def test_a_refilled_potion_is_drunk_again_only_with_bottles() -> None:
    """Ruling DG-R13: a potion once a turn (default); ``potion_limit=bottles``:
    a bottle refilled in the turn may be drunk again, but Grapejib Juice
    (actions) stays once a turn."""
    for limit, again in (("turn", False), ("bottles", True)):
        s = at_six(options={"potion_limit": limit}, hp=1, potions=("heartroot-tonic",))
        do(s, "drink heartroot-tonic")
        s.heroes[0] = replace(hero(s, 0), potions=("grapejib-juice", "heartroot-tonic"))
        s._legal = None
        assert ("drink heartroot-tonic" in legal(s)) is again
        do(s, "drink grapejib-juice")
        s.heroes[0] = replace(hero(s, 0), potions=("grapejib-juice",))
        s._legal = None
        assert "drink grapejib-juice" not in legal(s)
        assert "a potion" in s.explain_illegal(s.parse("drink grapejib-juice"))


def test_a_refreshed_skill_is_used_again_only_with_markers() -> None:
    for limit, again in (("turn", False), ("markers", True)):
        s = at_six(options={"skill_limit": limit})
        do(s, "skill pathfinder", "space 5")
        assert hero(s, 0).markers == ("pathfinder",)
        s.heroes[0] = replace(hero(s, 0), markers=())  # as if refreshed
        s._legal = None
        assert ("skill pathfinder" in legal(s)) is again


def test_a_skill_that_gathers_stays_once_a_turn_under_markers() -> None:
    s = at_six(options={"skill_limit": "markers"})
    do(s, "skill lucky-find", "d4 1")
    while s.to_move != 0 or type(s.agenda[-1]).__name__ != "Act":
        s.apply(s.legal_actions()[-1] if s.to_move == 0 else s.chance_outcomes()[0][0])
    s.heroes[0] = replace(hero(s, 0), markers=())
    s._legal = None
    assert "skill lucky-find" not in legal(s)


# -- Handcuff the Guardians (DG-R41) ------------------------------------------------------------


def test_the_table_chooses_the_guardians_handcuffed() -> None:
    """Part IV, Suggestions ("one or more of the Guardians"): ``handcuffed``
    names them; none named, the four Dragons and the Kraken."""
    s = new_game(2, house_rules=("handcuff_guardians",), handcuffed=("kraken",))
    out = {g.id for g in CONTENT.guardians} - set(s.bag)
    assert out == {"kraken"}
    s = new_game(2, house_rules=("handcuff_guardians",))
    out = {g.id for g in CONTENT.guardians} - set(s.bag)
    assert out == {g.id for g in CONTENT.guardians if g.kind in ("dragon", "kraken")}


def test_handcuffed_is_checked() -> None:
    with pytest.raises(OptionError, match="handcuff_guardians is not on"):
        DungeonsOptions.parse(["handcuffed=kraken"])
    opts = DungeonsOptions.parse(["house_rules=handcuff_guardians", "handcuffed=smaug"])
    with pytest.raises(OptionError, match="no Guardian 'smaug'"):
        GAME.new_state(opts, 2)


# -- a chib's weapons (DG-R21) ------------------------------------------------------------------


def test_a_chib_wields_a_heroic_quest_weapon_only_when_the_table_says() -> None:
    """Part I, Chibbing Out: the chib trades its weapon for the chib's die
    (default: no card at all); ``chib_weapons=quest``: a Heroic Quest weapon
    card, never an Advantage one (Part IV, the Werewolf's rule for buffs)."""
    for reading, wields in (("none", False), ("quest", True)):
        s = at_six([("orc", 6)], options={"chib_weapons": reading}, chib=True)
        give_cards(s, 0, "borrowed-blade", "longbow")
        do(s, "fight orc")
        options = [x for x in legal(s) if x.startswith("wield")]
        assert ("wield borrowed-blade" in options) is wields
        assert "wield longbow" not in options
        why = s.explain_illegal(s.parse("wield longbow"))
        assert why.lower().startswith("a chib rolls its own die")
        assert ("Heroic Quest weapon card" in why) is wields


def test_every_reading_has_a_label_and_words() -> None:
    """Each option is offered in the lobby by its label and explained in
    ``saloon rules dungeons`` by its help."""
    for name in (
        "cube_order",
        "guarded_window",
        "transformed_buffs",
        "spawn_engages",
        "dogmud",
        "potion_limit",
        "skill_limit",
        "chib_weapons",
        "handcuffed",
    ):
        assert DungeonsOptions.LABELS[name] and "(" in DungeonsOptions.HELP[name]


@pytest.mark.parametrize(
    ("values", "words"),
    [
        (["hide_transform=advanced"], "hide_transform is a Hide Collection option"),
        (["mode=solo", "house_rules=melee"], "house_rules melee acts on opponents"),
        (["mode=coop", "house_rules=mercenary_cube"], "mode=coop has neither"),
    ],
)
def test_an_option_that_has_nothing_to_act_on_in_the_mode_is_refused(
    values: list[str], words: str
) -> None:
    with pytest.raises(OptionError, match=words):
        DungeonsOptions.parse(values)
