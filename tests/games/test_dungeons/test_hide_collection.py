"""Hide Collection, solo and co-op (Part III, Solo & Co-op; rulings DG-R60
to DG-R66): the fifteen hides, eight bounties and no more, four turns and
one per bounty returned, a kill counted once, the Dragons and the Kraken
as any hide, the Plants of Eden worth their coins only, no Cash Cube, no
Heroic Quest deck; won or lost together."""

from __future__ import annotations

from functools import cache

import pytest

from saloon.core.errors import OptionError
from saloon.core.state import CHANCE
from saloon.games.dungeons import GAME
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules import hides
from saloon.games.dungeons.rules.state import DungeonsState
from saloon.games.dungeons.rules.turn import AfterRound, StartTurn

from .conftest import do, first, hero, legal, let_pass, log_text, scene, setup_game

EMPTY: dict[str, object] = {"advantage": (), "quests": ()}
#: Every monster but the Giant Spider (poison, d8).
ALL_BUT_SPIDER = tuple(m.id for m in GAME.new_state(num_players=2).content.monsters)[:-1]  # type: ignore[attr-defined]


@cache
def _set_up(mode: str, players: int) -> DungeonsState:
    return setup_game(players, mode=mode)


def hide_scene(
    mode: str = "solo",
    players: int = 1,
    enemies: list[tuple[str, int]] | None = None,
    collection: tuple[str, ...] = (),
    dial: int = 1,
    max_turns: int = hides.START_TURNS,
    bounties: list[str] | None = None,
    turn: dict[str, object] | None = None,
    **hero_fields: object,
) -> DungeonsState:
    """Player 1's turn on the dial's turn ``dial``, in space 6 unless told."""
    s = _set_up(mode, players).clone()
    s.collection = tuple(sorted(collection))
    s.max_turns = max_turns
    fields = {"space": 6, "coins": 0} | EMPTY | hero_fields
    got = scene(
        s,
        0,
        heroes={0: fields},
        enemies=enemies or [],
        bounties=bounties if bounties is not None else ["mill-raiders", "toll-cheat"],
        environments=[],
        turn=turn,
    )
    # The dial goes on after this turn (the scene's agenda is a round's).
    got.agenda = [
        hides.StartDial(dial + 1) if isinstance(task, AfterRound) else task
        for task in got.agenda
        if not isinstance(task, StartTurn)
    ]
    got.round = dial
    return got


def slay(s: DungeonsState, kind: str) -> None:
    do(s, f"fight {kind}")
    let_pass(s)
    do(s, "wield natural", "roll 6 vs 1")
    let_pass(s)
    do(s, "accept")


# -- the mode ------------------------------------------------------------------------------------


def test_the_modes_players_and_returns() -> None:
    """Part III: solo is one player, co-op two to four; both are won or lost
    together (not zero-sum); Alliance four, zero-sum between its teams."""
    assert GAME.player_range(DungeonsOptions(mode="solo")) == (1, 1)
    assert GAME.player_range(DungeonsOptions(mode="coop")) == (2, 4)
    assert GAME.player_range(DungeonsOptions()) == (2, 4)
    info = GAME.info(DungeonsOptions(mode="coop"))
    assert not info.zero_sum and (info.min_return, info.max_return) == (-1.0, 1.0)
    assert GAME.info().zero_sum
    with pytest.raises(OptionError, match="D6 in mode solo is for 1 player, not 2"):
        GAME.new_state(DungeonsOptions(mode="solo"), 2)
    assert GAME.info(DungeonsOptions(mode="alliance")).zero_sum
    with pytest.raises(OptionError):
        GAME.new_state(DungeonsOptions(), 1)


def test_solo_setup_four_enemies_eight_bounties_no_quest_deck_four_turns() -> None:
    """Part III, Setup; Spawn/Gather; Hide Collection; Heroic Quest Deck
    Replacement (rulings DG-R61, DG-R62)."""
    s = _set_up("solo", 1)
    assert len(s.enemies) == 4
    assert len(s.bounties) == hides.SETUP_BOUNTIES
    assert s.decks["quest"].size == 0 and hero(s, 0).quests == ()
    assert len(hero(s, 0).advantage) == 1
    assert s.max_turns == 4 and s.round == 1 and s.collection == ()
    assert "Turn 1 of 4 on the compass dial" in log_text(s)


def _turn_rolls(s: DungeonsState) -> int:
    """Play the start of the turn with the first outcomes; the spawn-and-gather rolls made."""
    rolls = 0
    while s.to_move == CHANCE or type(s.agenda[-1]).__name__ not in ("Act",):
        if type(s.agenda[-1]).__name__ == "TurnRollNode":
            rolls += 1
        s.apply(first(s))
    return rolls


def test_a_solo_turn_spawns_and_gathers_twice_and_rests_without_cards() -> None:
    """Part III, Spawn/Gather (two spawns and two gathers in solo: two open
    gathers, ruling DG-R65); the turn's end draws no Heroic Quest card;
    the dial moves on."""
    s = _set_up("solo", 1).clone()
    enemies = len(s.enemies)
    assert _turn_rolls(s) == 2
    assert len(s.enemies) == enemies + 2
    do(s, "rest")
    assert hero(s, 0).quests == ()
    _turn_rolls(s)
    assert s.round == 2 and s.turn is not None and s.turn.seat == 0


def test_coop_spawns_once_and_the_players_alternate_on_one_dial() -> None:
    """Part III, Winning and Losing (co-op: the players alternate turns,
    the dial moves after each); Spawn/Gather (one spawn, one open gather)."""
    s = _set_up("coop", 2).clone()
    assert len(s.enemies) == 4 and s.teams == (0, 0)
    assert _turn_rolls(s) == 1
    assert s.turn is not None and s.turn.seat == 0
    do(s, "rest")
    _turn_rolls(s)
    assert s.round == 2 and s.turn is not None and s.turn.seat == 1
    assert "Player 2 (Mesmerist)'s turn (turn 2 of 4)" in log_text(s)


# -- winning and losing ------------------------------------------------------------------------


def test_the_last_hide_wins_at_once() -> None:
    """Part III, Winning and Losing: victory on the fifteenth hide, the
    turn cut short; everyone +1."""
    s = hide_scene(enemies=[("giant-spider", 6)], collection=ALL_BUT_SPIDER)
    slay(s, "giant-spider")
    assert legal(s) == ["collect giant-spider", "keep hide"]
    do(s, "collect giant-spider")
    assert s.is_over and s.returns() == (1.0,)
    assert s.result().category == "won" and s.result().winners == (0,)
    assert "All 15 hides are on the Hide Collection board: victory!" in log_text(s)


def test_the_turns_running_out_lose() -> None:
    """Part III, Winning and Losing: past the max turn counter, the game
    is lost, everyone -1."""
    s = hide_scene(mode="coop", players=2, dial=4, collection=("goblin",))
    do(s, "rest")
    assert s.is_over and s.returns() == (-1.0, -1.0)
    assert s.result().category == "lost" and s.result().winners == ()
    assert "the hunt is lost" in log_text(s)


def test_a_bounty_returned_moves_the_max_turn_counter() -> None:
    """Part III, Winning and Losing: each bounty dropped off in the Village
    is one more turn; carrying it is not enough (ruling DG-R61)."""
    s = hide_scene(space=1, backpack=("mill-raiders", "toll-cheat"))
    assert s.max_turns == 4
    do(s, "move village")
    assert s.max_turns == 6 and hero(s, 0).backpack == ()
    assert "the max turn counter moves to 6" in log_text(s)


# -- kills ---------------------------------------------------------------------------------------


def test_a_kill_counts_once_for_a_bounty_the_collection_or_a_hide() -> None:
    """Part III, Hide Collection (ruling DG-R63): the hunter picks one;
    a bounty taken leaves the collection and the hide boards alone, and no
    new bounty is turned (the eight are the only ones); a spawn follows."""
    s = hide_scene(space=1, enemies=[("gnoll", 1)])
    enemies = len(s.enemies)
    slay(s, "gnoll")
    assert legal(s) == ["bounty mill-raiders", "collect gnoll", "keep hide"]
    do(s, "bounty mill-raiders")
    h = hero(s, 0)
    assert h.backpack == ("mill-raiders",) and s.collection == ()
    assert h.specialty == ("", "", "") and h.wild == ()
    assert s.bounties == ("toll-cheat",)
    let_pass(s)
    while s.to_move == CHANCE:
        s.apply(first(s))
    assert len(s.enemies) == enemies  # the gnoll slain, one spawned


def test_a_kill_for_the_collection_takes_no_hide_and_a_kept_one_no_collection() -> None:
    s = hide_scene(enemies=[("gnoll", 6)])
    slay(s, "gnoll")
    do(s, "collect gnoll")
    assert s.collection == ("gnoll",) and hero(s, 0).specialty == ("", "", "")
    s = hide_scene(enemies=[("kobold", 6)])
    slay(s, "kobold")
    do(s, "keep hide")
    assert s.collection == () and hero(s, 0).specialty == ("", "", "kobold")


def test_a_monster_collected_already_is_a_hide_without_asking() -> None:
    s = hide_scene(enemies=[("kobold", 6)], collection=("kobold",))
    slay(s, "kobold")
    assert hero(s, 0).specialty == ("", "", "kobold") and s.collection == ("kobold",)


def test_a_dragon_or_the_kraken_is_any_missing_hide_placed_at_once() -> None:
    """Part III, Special Enemies (ruling DG-R64)."""
    s = hide_scene(enemies=[("onyx-dragon", 6)], collection=("gnoll",))
    slay(s, "onyx-dragon")
    assert "collect gnoll" not in legal(s) and "collect vampire" in legal(s)
    assert len(legal(s)) == 14
    do(s, "collect vampire")
    assert s.collection == ("gnoll", "vampire") and hero(s, 0).trophies == ()
    assert "places the Onyx Dragon as the Vampire hide" in log_text(s)
    s = hide_scene(enemies=[("kraken", 6)], collection=ALL_BUT_SPIDER)
    slay(s, "kraken")
    assert s.is_over and s.returns() == (1.0,)


def test_a_plant_of_eden_is_worth_its_coins_only() -> None:
    """Part III, Special Enemies: no hide, no bounty, two coins."""
    s = hide_scene(enemies=[("plant-of-eden", 6)])
    do(s, "fight plant-of-eden")
    let_pass(s)
    do(s, "wield natural", "roll 6")
    let_pass(s)
    do(s, "accept")
    h = hero(s, 0)
    assert h.coins == 2 and s.collection == () and h.wild == () and h.specialty == ("", "", "")


def test_no_cash_cube_is_offered() -> None:
    """Part III, Companions: no Cash Cubes in solo or co-op."""
    s = hide_scene(space=0, coins=12)
    assert not any(x.startswith("hire") for x in legal(s))
    with pytest.raises(ValueError, match="no Cash Cubes in solo or co-op"):
        do(s, "hire 3")
    assert any(x.startswith("buy") for x in legal(s))


# -- specialty hides ----------------------------------------------------------------------------

THREE = ("gnoll", "owlbear", "goblin")


@pytest.mark.parametrize("option", ["standard", "advanced"])
def test_specialty_hides_turn_a_monster_into_a_specific_monster(option: str) -> None:
    """Part III, Specialty Hides (ruling DG-R70): into a monster of the
    player's choice; standard, a bare D6 for the round; advanced, that
    monster's own die; never its environment's +1; it dies as that monster."""
    s = hide_scene(enemies=[("orc", 6)], specialty=THREE)
    s.options = DungeonsOptions(mode="solo", hide_transform=option)  # type: ignore[misc]
    s.environments = ((6, "trails"),)  # the Werewolf's environment
    do(s, "fight orc")
    let_pass(s)
    assert "transform werewolf" in legal(s) and "transform beast" not in legal(s)
    do(s, "transform werewolf")
    assert hero(s, 0).specialty == ("", "", "")
    do(s, "wield natural")
    if option == "standard":
        with pytest.raises(ValueError, match="not a possible outcome"):
            do(s, "roll 6 vs 9")
        do(s, "roll 6 vs 5")
        assert "becomes a Werewolf with a bare D6" in log_text(s)
    else:
        do(s, "roll 6 vs 5")
        assert "becomes a Werewolf in every respect, its own d10" in log_text(s)
    assert s.fight is not None and s.fight.enemy_roll == 5
    from saloon.games.dungeons.rules import combat

    assert combat.enemy_total(s, s.fight) == 5  # no trails +1
    let_pass(s)
    do(s, "accept")
    assert legal(s) == ["collect werewolf", "keep hide"]
    do(s, "collect werewolf")
    assert s.collection == ("werewolf",)


def test_transforming_to_a_class_is_refused_in_hide_collection() -> None:
    s = hide_scene(enemies=[("orc", 6)], specialty=THREE)
    do(s, "fight orc")
    let_pass(s)
    with pytest.raises(ValueError, match="a specific monster"):
        do(s, "transform beast")


# -- whole turns by scripted dice -----------------------------------------------------------------


def test_a_solo_turn_by_scripted_dice() -> None:
    """Part III, Spawn/Gather, Companions, Heroic Quest Deck Replacement:
    two spawns and open gathers on the red-dot board, three personal
    gathers (the 1 deploys the companion), a rest and the D8."""
    s = _set_up("solo", 1).clone()
    assert hero(s, 0).coins == 0 and hero(s, 0).space == 0
    do(s, "3 2", "token goblin", "5 2", "token orc")
    assert hero(s, 0).coins == 4 and len(s.enemies) == 6
    assert [e.kind for e in s.enemies[-2:]] == ["goblin", "orc"]
    do(s, "gather", "1")
    assert s.companion_at == 0  # out of its carrier to the Village
    do(s, "pass", "gather", "2", "pass", "gather", "2", "pass")
    assert hero(s, 0).coins == 8 and s.turn is not None and s.turn.actions == 0
    do(s, "rest", "d8 2")
    assert s.benefits == ("coin-purse",)
    assert s.round == 2 and s.to_move == CHANCE  # turn 2's first roll
    assert "Turn 2 of 4 on the compass dial" in log_text(s)


def test_a_coop_turn_by_scripted_dice() -> None:
    """Part III, Spawn/Gather (co-op: one spawn, one open gather each
    player collects on his own board); the next player's turn follows."""
    s = _set_up("coop", 2).clone()
    do(s, "3 1", "token goblin")
    while s.to_move == CHANCE:  # the Frost Board's 1: an Advantage card
        s.apply(first(s))
    assert hero(s, 0).coins == 2  # the Ember Board's 1: two coins
    assert len(s.enemies) == 5 and s.turn is not None and s.turn.seat == 0
    do(s, "rest")
    assert s.round == 2 and s.turn is not None and s.turn.seat == 1 and s.benefits == ()


def test_the_table_speaks_of_benefits_not_glory_or_quest_cards() -> None:
    """Part III: no glory and no Heroic Quest deck in solo and co-op, so
    the rest offers the Heroic Benefits' roll and no board counts glory."""
    from rich.console import Console

    from saloon.games.dungeons.describe import describe

    s = hide_scene()
    assert s.turn is not None
    early = describe(s, s.parse("rest"))
    assert "no Heroic Benefit roll" in early and "Quest" not in early
    s.turn = type(s.turn)(s.turn.seat, actions=0, spent=3)
    s._legal = None
    assert describe(s, s.parse("rest")) == "rest: end the turn and roll the Heroic Benefits' d8"
    console = Console(width=100, height=60, color_system=None, record=True)
    console.print(GAME.render_rich(s))
    console.print(GAME.render_screen(s, 0, 80, 30))
    shown = console.export_text()
    assert "glory" not in shown and "quest" not in shown.lower()
    assert "glory" not in GAME.render_svg(s, 0)


def test_a_solo_players_choices_speak_of_turns_hides_and_the_companion() -> None:
    """What a person playing solo at the terminal met, and must not meet
    again: bounties priced in glory (a bounty here is a turn more once
    returned), a Dragon's or a Plant's glory (any one hide; coins only),
    hunting by a GM (none in solo), wits checked by GM events (none here:
    ruling DG-R66), the red-dot board's Wild naming an Advantage card it
    does not offer, a bounty deck that is not used, and the companion
    called "the kitteh"."""
    from saloon.games.dungeons.describe import describe
    from saloon.games.dungeons.rules import gather
    from saloon.games.dungeons.words import class_traits

    s = hide_scene(space=1, enemies=[("gnoll", 1)])
    slay(s, "gnoll")
    words = describe(s, s.parse("bounty mill-raiders"))
    assert "glory" not in words and "a turn more once returned to the Village" in words

    s = hide_scene(enemies=[("onyx-dragon", 6), ("plant-of-eden", 6)])
    assert "any one missing hide" in describe(s, s.parse("fight onyx-dragon"))
    assert "its coins only" in describe(s, s.parse("fight plant-of-eden"))
    assert "glory" not in describe(s, s.parse("fight onyx-dragon"))
    assert "GM" not in describe(s, s.parse("hunt"))

    explorer = next(c for c in s.content.classes if c.bonus_stat == "wits")
    assert "GM events" not in class_traits(explorer, events=False)
    assert "GM events check it" in class_traits(explorer)

    s = hide_scene()
    s.companion = "kitteh"
    assert gather.WildChoice(0).prompt(s) == "Wild: take coins, the companion or Alchemy"
    from rich.console import Console

    console = Console(width=100, height=60, color_system=None, record=True)
    console.print(GAME.render_rich(s))
    shown = console.export_text()
    assert "bounty" not in shown.split("Decks:")[1]


def test_the_kitteh_keeps_its_capital() -> None:
    """The companion's name starts its sentences as it is printed."""
    s = hide_scene()
    s.companion, s.companion_at = "kitteh", 6
    from saloon.games.dungeons.rules import companions

    companions.FollowMove(0).answer(s, s.parse("follow 3"))
    assert "The Kitteh moves to 3" in log_text(s)


def test_alchemy_with_a_bottle_to_move_is_grouped_by_potion_name() -> None:
    """A potion's choices (fill it, or move a bottle to it) come under its
    name at the table, not under their notation."""
    from saloon.games.dungeons.rules import gather
    from saloon.games.dungeons.rules.agenda import push

    s = hide_scene(potions=("heartroot-tonic",))
    push(s, gather.AlchemyChoice(0))
    s._legal = None
    groups = s.action_groups(s.legal_actions())
    titles = [g.title for g in groups]
    assert "Grapejib Juice" in titles and not any("-" in t for t in titles)
    grapejib = next(g for g in groups if g.title == "Grapejib Juice")
    assert [str(x) for x in grapejib.actions] == [
        "potion grapejib-juice",
        "potion grapejib-juice from heartroot-tonic",
    ]
