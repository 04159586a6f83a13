"""Shoot Out in words (issue 35): refusals that name their rule, endings that
say what happened and why, and no sentence that reads wrong.

The endings quoted in the issue are replayed here from the situations they
describe, with scripted dice ("The End of the Duel", "The End of the Game").
"""

from __future__ import annotations

import pytest

from saloon.core import IllegalAction, ScriptedDice, get_game
from saloon.core.render import render_text
from saloon.core.state import State
from saloon.games.shootout.options import ShootOutOptions
from saloon.games.shootout.rules import COLT, MOVE, RETREAT, WINCHESTER, ShootOutState
from saloon.testing.sentences import read_games

GAME = get_game("shootout")


def play(dice: list[str], moves: list[str], **options: object) -> ShootOutState:
    """A game from its start: chance nodes take the scripted ``dice`` in order,
    decisions the ``moves`` in order, until both run out."""
    state = GAME.new_state(ShootOutOptions(**options))  # type: ignore[arg-type]
    assert isinstance(state, ShootOutState)
    script = ScriptedDice(dice)
    todo = list(moves)
    while not state.is_over and (todo or script.remaining):
        if state.is_chance:
            state.apply(script.roll(state))
        else:
            state.apply(GAME.parse_action(todo.pop(0)))
    assert not todo and script.remaining == 0
    return state


def refused(state: ShootOutState, notation: str) -> str:
    """The refusal of ``notation``: the reason ``apply`` raises, the same as
    :meth:`explain_illegal` gives, and the state left as it was."""
    action = GAME.parse_action(notation)
    before = state.key()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert state.key() == before
    assert str(err.value) == state.explain_illegal(action)
    assert str(err.value) != State.explain_illegal(state, action)  # not the contract's default
    return str(err.value)


#: Both pawns step forward five times, to space 12; then Player 1 retreats.
TO_TWELVE = ["move"] * 10 + ["retreat"]


# -- endings ---------------------------------------------------------------------------------


def test_a_duel_won_by_a_retreat_says_who_retreated_and_from_where() -> None:
    """ "The End of the Duel": "Player 2 wins the duel: Player 1 retreated
    from space 12" (the issue's words), then the card and the score."""
    state = play(["first p1", "card 7"], TO_TWELVE)
    assert state.log[-2].text == "Player 1 retreats from space 12."
    assert state.log[-1].text == (
        "Player 2 wins the duel: Player 1 retreated from space 12. "
        "Player 2 takes the card 7 and leads, 7 points to 0."
    )


def test_the_game_ending_gives_the_score_and_why() -> None:
    """ "The End of the Game": "Player 2 wins the game, 17 points to 0: ..."
    (the issue's words): the ending is the result's text and the log's last
    sentence."""
    state = play(["first p1", "card 7", "card 6", "card 4"], [*TO_TWELVE, "retreat", *TO_TWELVE])
    assert state.is_over and state.won == [[], [7, 6, 4]]
    ending = (
        "Player 2 wins the game, 17 points to 0: Player 1 retreated from space 12, and the "
        "card 4 took Player 2 past the 14 needed."
    )
    assert state.result().text == ending
    assert state.log[-1].text == ending
    assert state.result().to_dict()["text"] == ending


def test_a_game_won_at_the_centre_says_where_the_opponent_stood() -> None:
    """ "The End of the Duel": the first pawn to reach the centre wins the
    duel; the ending says so and where the loser stood."""
    dice = ["first p1", "card 7", "card 5", "d20 1", "card 2", "d20 4"]
    state = play(dice, ["move", "colt", "move", "colt", "move"], start=5)
    assert state.result().text == (
        "Player 1 wins the game, 14 points to 0: he reached the centre with Player 2 still on "
        "space 5, and the card 2 took him to the 14 needed."
    )


def test_the_board_says_how_the_game_ended() -> None:
    state = play(["first p1", "card 7", "card 6", "card 4"], [*TO_TWELVE, "retreat", *TO_TWELVE])
    assert "Game over. Player 2 wins the game, 17 points to 0" in render_text(state, width=300)


# -- refusals --------------------------------------------------------------------------------


def test_no_retreat_after_a_hit() -> None:
    """ "The End of the Duel" (ruling SO-15): a retreat only at the very start
    of a turn; after a hit the turn goes on."""
    state = play(["first p1", "card 7", "d20 20"], ["colt"])
    assert refused(state, "retreat") == (
        "Player 1 cannot retreat now: a retreat comes only at the very start of a turn, and "
        "after a hit his turn goes on (The End of the Duel); fire either gun again or move"
    )


def test_an_empty_colt_says_no_black_bullets_are_left_and_how_to_reload() -> None:
    """ "Shooting": a gun fires only while it has bullets; "The End of the
    Duel": a retreat reloads black bullets."""
    state = play(["first p1", "card 7", "d20 1"], ["colt", "move"], black=1)
    assert state.black[0] == 0 and state.to_move == 0
    assert refused(state, "colt") == (
        "Player 1's Colt is empty: no black bullets left, and a gun fires only while it has "
        "bullets (Shooting) (a retreat while the opponent stands on space 6 or farther reloads "
        "2); Player 1 can retreat, move or fire the Winchester"
    )


def test_an_empty_winchester_says_red_bullets_never_come_back() -> None:
    state = play(["first p1", "card 7", "d20 1"], ["winchester", "move"], red=1)
    message = refused(state, "winchester")
    assert message.startswith("Player 1's Winchester is empty: no red bullets left")
    assert "red bullets never come back" in message


@pytest.mark.parametrize(
    ("notation", "says"),
    [
        ("d20 14", "a roll is not a choice: the d20 is rolled when a gun is fired (Shooting)"),
        ("card 5", "a card is not a choice: the top card of the deck is turned up"),
        ("first p2", "who starts is not a choice: a coin decides who starts the first duel"),
    ],
)
def test_a_roll_is_not_a_choice(notation: str, says: str) -> None:
    state = play(["first p1", "card 7"], [])
    message = refused(state, notation)
    assert message.startswith(f"{notation} is not legal for player 1 now: {says}")
    assert message.endswith("; legal: retreat, move, colt, winchester")


def test_after_the_game_a_move_is_refused_with_the_ending() -> None:
    state = play(["first p1", "card 7", "card 6", "card 4"], [*TO_TWELVE, "retreat", *TO_TWELVE])
    assert refused(state, "move") == (
        "the game is over; move cannot be played (The End of the Game): Player 2 wins the "
        "game, 17 points to 0: Player 1 retreated from space 12, and the card 4 took Player 2 "
        "past the 14 needed"
    )


def test_the_choices_say_what_they_do() -> None:
    """The menu's words: a retreat says what it gives up and reloads."""
    state = play(["first p1", "card 7"], ["move", "move"], start=7)
    assert state.describe_action(RETREAT) == "retreat: give up the card 7"
    state = play(["first p1", "card 7", "d20 1"], ["colt", "move"])
    assert state.describe_action(RETREAT) == "retreat: give up the card 7, reload 1 black bullet"
    assert state.describe_action(MOVE) == "move to space 16"
    assert state.describe_action(COLT).startswith("fire the Colt (11 left, hits")
    assert state.describe_action(WINCHESTER).startswith("fire the Winchester (6 left, hits")


def test_the_advisor_says_its_values_are_exact_chances_once() -> None:
    state = play(["first p1", "card 7"], [])
    heading = GAME.advice(state).heading()
    assert heading == (
        "each choice's chance to win the game, with best play by both players after (exact)"
    )


# -- every sentence ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(GAME.variants()))
def test_no_sentence_reads_wrong(variant: str) -> None:
    """:func:`saloon.testing.sentences.read_games`: the log, every choice,
    refusals and the ending over random games read as sentences."""
    findings = list(read_games(GAME, GAME.variants()[variant], games=60, seed=35))
    assert findings == [], "\n".join(map(str, findings[:10]))
