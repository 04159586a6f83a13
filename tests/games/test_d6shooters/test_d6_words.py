"""The d6 Shooters in the player's words: choices described with their effect
and cost, and the dice prompts a referee types at (issue "The table speaks
plainly", items 2 and 5)."""

from __future__ import annotations

import numpy as np
import pytest

from saloon.agents import make_agent
from saloon.core import get_game
from saloon.games.d6shooters.rules import D6State

from .conftest import run, start

GAME = get_game("d6shooters")


def words(state: D6State, notation: str) -> str:
    action = GAME.parse_action(notation)
    assert state.is_legal(action), (notation, [str(a) for a in state.legal_actions()])
    return state.describe_action(action)


def test_the_split_of_the_fours_says_where_each_four_goes() -> None:
    """Ep.1 "Dice Actions" (4s): Shelter, Hide, Fight and Backroads."""
    s = run(start(space=2), "red 356", "white 14444", "stop")
    text = words(s, "fours s1 h0 f1 b2")
    assert text == (
        "Split the 4s: 1 to Seek Shelter (one 5 removed), "
        "1 to Fight (1 Shootout die against the Gang), 2 to Backroads (1 space)"
    )


def test_a_wagon_train_trade_names_what_is_given_and_got() -> None:
    """Wagon Train (Ep.1 "Events"): Food and Ammo at 2 for 1 Gold."""
    s = run(start({"events": "d6"}, special=True, gold=3, food=8, ammo=6), "special", "event 3")
    assert words(s, "trade -4f +4a") == "Trade 4 Food for 4 Ammo"
    assert words(s, "trade -4f") == "Sell 4 Food for 2 Gold"
    assert words(s, "trade +2a") == "Buy 2 Ammo for 1 Gold"
    assert words(s, "trade -4f +2a") == "Trade 4 Food for 2 Ammo and 1 Gold"
    assert words(s, "trade +4f -2a") == "Trade 2 Ammo and 1 Gold for 4 Food"


def test_a_purchase_in_town_names_its_price_and_the_result() -> None:
    """Ep.1 "Items That Are Always Available"."""
    s = start(space=13, food=2, gold=10, posse=5)
    run(s, "red 112", "white 23333", "stop", "item 1")
    assert s.journey.food == 3  # the roll's white 2 found a Food
    assert words(s, "buy food 5") == "Buy 5 Food for 2 Gold (Food 3 → 8)"
    assert words(s, "buy posse").startswith("Buy a Posse member for 1 Gold")


@pytest.mark.parametrize(
    ("episode", "says", "not_says"),
    [(1, "reroll a locked red 5 of", "5 or 6"), (2, "reroll a locked red 5 or 6 of", "")],
)
def test_the_binoculars_are_described_as_their_episode_prints_them(
    episode: int, says: str, not_says: str
) -> None:
    """Ep.1 and Ep.2 "Special Items" word the Binoculars differently."""
    state = GAME.new_state(GAME.parse_options([f"episode={episode}", "version=easier"]))
    text = words(state, "start binoculars")
    assert says in text
    assert not not_says or not_says not in text


def test_the_hunter_is_lost_at_posse_1_in_episode_1_only() -> None:
    """Ep.1 "Special Items" prints the loss at Posse 1; episode 2 does not."""
    ep1 = GAME.new_state(GAME.parse_options(["episode=1", "version=easier"]))
    ep2 = GAME.new_state(GAME.parse_options(["episode=2", "version=easier"]))
    assert "falls to 1" in words(ep1, "start hunter")
    assert "falls to 1" not in words(ep2, "start hunter")


@pytest.mark.parametrize("episode", [1, 2])
def test_every_dice_prompt_shows_an_example_that_reads_as_a_legal_roll(episode: int) -> None:
    """A referee can type what the prompt shows: its example is as many faces
    as the dice asked for, and reads back as a legal outcome there."""
    options = GAME.parse_options([f"episode={episode}"])
    seen = 0
    for seed in range(12):
        state = GAME.new_state(options)
        agent = make_agent("heuristic", GAME, seed=seed)
        rng = np.random.default_rng(seed)
        while not state.is_over:
            if state.is_chance:
                prompt = state.chance_prompt()
                assert " 1 dice" not in prompt, prompt
                if ", e.g. " in prompt:
                    example = prompt.rsplit(", e.g. ", 1)[1].split()[0]
                    outcome = state.parse(example)
                    assert outcome in {o for o, _ in state.chance_outcomes()}, (
                        prompt,
                        str(outcome),
                    )
                    seen += 1
                state.apply(state.sample_chance(rng))
            else:
                state.apply(agent.choose(state))
    assert seen > 100


def test_a_keep_is_typed_in_one_line_with_or_without_the_word() -> None:
    """One line for every colour; the locked red 6s need not be typed."""
    s = run(start(), "red 366", "white 12335")
    expected = GAME.parse_action("keep r366 w133")
    for typed in ("keep r366 w133", "r366 w133", "r3 w133", "R3  W331"):
        assert s.parse(typed) == expected, typed
    assert s.parse("w133") == GAME.parse_action("keep r66 w133")
