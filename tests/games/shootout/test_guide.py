"""The rules summary at the table fits the decision at hand."""

from __future__ import annotations

from saloon.core import ScriptedDice, get_game
from saloon.games.shootout.options import ShootOutOptions

GAME = get_game("shootout")


def test_the_summary_follows_the_options() -> None:
    text = GAME.rules_help(None, ShootOutOptions(variant="veteran", bonus=4))
    assert "the first to hold 18 points wins" in text
    assert "from the deck (2, 3, 4, 5, 6, 7, 8)" in text
    assert "the Winchester adds +4" in text


def test_each_phase_has_its_passage() -> None:
    state = GAME.new_state()
    assert "coin" in GAME.rules_help(state)
    dice = ScriptedDice(["first p1"])
    state.apply(dice.roll(state))
    assert "top card of the deck is turned up" in GAME.rules_help(state)
    state.apply(GAME.parse_action("card 7"))
    at_turn = GAME.rules_help(state)
    assert "you may retreat" in at_turn and "move one space" in at_turn
    state.apply(GAME.parse_action("winchester"))
    assert "The d20 decides the shot" in GAME.rules_help(state)
    state.apply(GAME.parse_action("d20 20"))
    after_hit = GAME.rules_help(state)
    assert "You cannot retreat now" in after_hit
