"""Every registered game plays to the end at the terminal, with no change to
the lobby or the table: bots in a pseudo-terminal, and a person typing
numbers from the menu."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pexpect
import pytest

from saloon.core.registry import all_games

GAMES = [g.id for g in all_games()]


def _seats(game_id: str, spec: str) -> list[str]:
    game = next(g for g in all_games() if g.id == game_id)
    seats: list[str] = []
    for _ in range(game.player_range()[0]):
        seats += ["--seat", spec]
    return seats


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_play_every_game_to_the_end(spawn: Callable[..., Any], game_id: str) -> None:
    child = spawn("play", game_id, *_seats(game_id, "random"), "--seed", "2", "--delay", "0")
    child.expect("Game over", timeout=60)
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_person_plays_every_game_by_menu_numbers(spawn: Callable[..., Any], game_id: str) -> None:
    """Player 1 is a person who always answers with the last number of the
    menu; every other seat is a bot. The game must reach its end."""
    seats = _seats(game_id, "random")
    seats[1] = "human"
    child = spawn("play", game_id, *seats, "--seed", "5", "--delay", "0")
    decisions = 0
    for _ in range(2000):
        if child.expect([r"Player 1 > ", "Game over"], timeout=60) == 1:
            break
        numbers = re.findall(r"^\s*(\d+)\. ", child.before, re.M)
        assert numbers, f"no menu before the prompt:\n{child.before[-500:]}"
        child.sendline(numbers[-1])
        decisions += 1
    else:  # pragma: no cover - a game that never ends fails here
        pytest.fail(f"{game_id} did not end at the table")
    assert decisions > 0
    child.expect(r"Save this game's record\? ")
    child.sendline("")  # no thanks
    child.expect(pexpect.EOF)
