"""No opponent acts after the hero's roll (issue 37, correction 1; ruling
DG-R39): Part II, Specialty Hides, step 6 leaves the round to the hero's
buffs and Dogmud once the dice are down. Fickle Fate is the hero's own
after-roll card, Not So Fast answers only a card played before the roll,
and a content file whose red card would act after the roll is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from saloon.games.dungeons.rules import powers
from saloon.games.dungeons.rules.state import DungeonsState

from .conftest import do, enemy_kinds, give_cards, legal, log_text, scene, setup_game
from .test_content import builtin, message_for, owner

EMPTY = {"advantage": (), "quests": ()}


def goblin_fight() -> DungeonsState:
    """Player 1 (the Explorer) in space 6 with a Goblin (a d4), empty hands."""
    heroes = {p: dict(EMPTY) for p in range(2)}
    heroes[0] |= {"space": 6, "stats": (4, 4, 4, 4), "coins": 5}
    return scene(setup_game(2), 0, heroes=heroes, enemies=[("goblin", 6)], environments=[])


def test_the_auditors_replay_roll_6_vs_2_stands_as_rolled() -> None:
    """The audit's replay: the hero rolls 6 against the Goblin's 2 with an
    opponent holding Fickle Fate (and Not So Fast). Before issue 37 the GM's
    window opened after the roll and the opponent could have the monster's
    die rolled again; now the hero acts next and the round stands."""
    s = goblin_fight()
    give_cards(s, 1, "fickle-fate", "not-so-fast")
    do(s, "fight goblin")
    assert s.to_move == 1 and legal(s) == ["pass"]  # the GM's window, before the roll
    do(s, "pass", "wield natural", "roll 6 vs 2")
    assert s.to_move == 0  # nobody but the hero after the roll
    assert not any(x.startswith("play") for x in legal(s))
    do(s, "accept")
    assert enemy_kinds(s, 6) == []
    assert "the GM rolls" not in log_text(s)


def test_no_opponent_cancels_the_heros_card_after_the_roll() -> None:
    """Not So Fast used to answer Heroic Surge after the roll; once the
    dice are down no counter window opens."""
    s = goblin_fight()
    give_cards(s, 0, "heroic-surge")
    give_cards(s, 1, "not-so-fast")
    do(s, "fight goblin", "pass", "wield natural", "roll 2 vs 3", "play heroic-surge")
    assert s.to_move == 0 and s.fight is not None and s.fight.hero_bonus == 2
    do(s, "accept")
    assert enemy_kinds(s, 6) == []


def test_fickle_fate_is_the_heros_own_card_after_his_roll() -> None:
    """Re-authored: a green shield card; the hero has the monster's die
    rolled again at step 6, never before his roll, and no one answers it."""
    s = goblin_fight()
    give_cards(s, 0, "fickle-fate")
    do(s, "fight goblin")
    assert "play fickle-fate" not in legal(s)  # before the roll: nothing to reroll
    do(s, "wield natural", "roll 3 vs 4")
    assert "play fickle-fate" in legal(s)
    do(s, "play fickle-fate")
    assert s.chance_prompt() == "the enemy's d4 rolled again"
    do(s, "d4 1")
    assert s.fight is not None and s.fight.enemy_roll == 1
    do(s, "accept")
    assert enemy_kinds(s, 6) == []


def test_an_opponent_may_not_play_fickle_fate() -> None:
    s = goblin_fight()
    give_cards(s, 1, "fickle-fate", "intervention")
    do(s, "fight goblin")
    assert s.to_move == 1 and legal(s) == ["play intervention", "pass"]


def test_not_so_fast_cancels_a_card_played_before_the_roll() -> None:
    """Re-authored: Not So Fast answers the hero's card before the roll
    (here Smoke Bomb, played once the weapon is still to be picked)."""
    s = goblin_fight()
    give_cards(s, 0, "smoke-bomb")
    give_cards(s, 1, "not-so-fast")
    do(s, "fight goblin", "pass", "play smoke-bomb")
    assert s.to_move == 1 and legal(s) == ["play not-so-fast", "pass"]
    do(s, "play not-so-fast")
    assert "Smoke Bomb has no effect" in log_text(s)
    assert s.fight is not None and s.to_move == 0
    do(s, "wield natural", "roll 5 vs 1", "accept")
    assert enemy_kinds(s, 6) == []


def test_the_engine_opens_no_window_after_the_roll() -> None:
    with pytest.raises(ValueError, match="after the hero's roll only he acts"):
        powers.OpenWindow("after")


def test_an_owners_red_card_played_after_the_roll_is_refused(tmp_path: Path) -> None:
    """A user's own deck that makes Fickle Fate red again (an opponent's
    card after the roll) is refused, naming the card."""
    text = builtin("cards/heroic_quest.toml")
    old = 'name = "Fickle Fate"\nbanner = "green"'
    assert old in text
    folder = owner(
        tmp_path, "cards/heroic_quest.toml", text.replace(old, old.replace("green", "red"))
    )
    message = message_for(folder)
    assert "card 'fickle-fate' (Fickle Fate) is a red card" in message
    assert "no opponent acts after the roll" in message
