"""A whole game of The d6 Shooters at the terminal table, typed as a person
would: one line a keep (the locked red dice left out), every roll, check,
Shootout round and Poker hand told on the screen of an 80 x 24 terminal.

The test plays in a pseudo-terminal against the real ``saloon play``; it keeps
its own copy of the game (the same seed gives the same dice) to know the
state, and the heuristic (told to play Poker) chooses what to type.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from saloon.agents import make_agent
from saloon.core import get_game
from saloon.core.session import HUMAN, Session
from saloon.games.d6shooters.actions import Keep
from saloon.games.d6shooters.rules import D6State

from .conftest import cli_env, saloon_command

pexpect = pytest.importorskip("pexpect")
GAME = get_game("d6shooters")
#: A player who plays Poker in every Town, with a Gold.
PLAYER = "heuristic:poker_stake=1,poker_rich=1"


def typed(state: D6State, action: Any) -> str:
    """What a person types: a keep without its locked red dice."""
    if isinstance(action, Keep):
        red = list(action.red)
        for f in state.dice.locked:
            red.remove(f)
        parts = [
            f"{c}{''.join(map(str, f))}"
            for c, f in (("b", action.black), ("r", red), ("w", action.white))
            if f
        ]
        return "keep " + (" ".join(parts) if parts else "none")
    return str(action)


def play_at_the_table(tmp_path: Path, options: list[str], seed: int) -> str:
    """Play a whole game by typing; returns everything the screen showed."""
    command = saloon_command()
    args = ["play", "d6shooters", *options, "--seat", "human", "--seed", str(seed), "--delay", "0"]
    child = pexpect.spawn(
        command[0], [*command[1:], *args], cwd=str(tmp_path), env={**cli_env(), "COLUMNS": "80"},
        encoding="utf-8", timeout=30, dimensions=(24, 80),
    )  # fmt: skip
    mirror = Session(
        GAME, GAME.parse_options([o for o in options if o != "-o"]), [HUMAN], seed=seed
    )
    agent = make_agent(PLAYER, GAME, seed=seed)
    screen: list[str] = []
    try:
        while True:
            found = child.expect([r"Player 1 > ", r"Game over[^\n]*\n"])
            screen.append(child.before + child.after)
            if found == 1:
                break
            mirror.advance()
            state = mirror.state
            assert isinstance(state, D6State)
            assert len(state.legal_actions()) > 1  # never asked with one choice
            action = agent.choose(state)
            child.sendline(typed(state, action))
            mirror.act(0, action)
        child.expect(r"Save this game's record\? \[y/N, a FILE\.json, or review\] ")
        screen.append(child.before + child.after)
        child.sendline("n")  # the finished game is offered, not kept unasked
        child.expect(pexpect.EOF)
        screen.append(child.before or "")
    finally:
        if child.isalive():
            child.terminate(force=True)
    return "".join(screen)


def assert_fits_80_columns(screen: str) -> None:
    clean = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen)
    assert max(len(line.rstrip("\r")) for line in clean.splitlines()) <= 80


def test_episode_1_played_by_typing(tmp_path: Path) -> None:
    screen = play_at_the_table(tmp_path, ["-o", "episode=1", "-o", "version=easier"], seed=5)
    for told in (
        "» Roll 1, red:",  # the Day's dice
        "» The dice are locked:",
        "» Extreme Heat:",  # the Heat and its dice
        "» The Heat's dice:",
        "» Shootout: your",  # the Shootout rounds
        "» Round 1: your dice",
        "» The Gang's dice",
        "» You stake",  # Poker: the stake, the hands
        "» Poker roll 1, white:",
        "the hand to beat is",
        "Game over",
    ):
        assert told in screen, told
    assert_fits_80_columns(screen)


def test_episode_2_played_by_typing(tmp_path: Path) -> None:
    screen = play_at_the_table(tmp_path, ["-o", "episode=2", "-o", "version=easier"], seed=0)
    for told in (
        "» Roll 1, black:",
        "» Roll 1, red:",
        "» The dice are locked:",
        "» Extreme Heat:",
        "» The Heat's dice:",
        "» Round 1: your dice",
        "» The Gang's dice",
        "» The Ghost Town Showdown:",  # the Showdown's rounds
        "» Showdown round 1:",
        "» Posse dice:",
        "» Crowe dice:",
        "Game over",
    ):
        assert told in screen, told
    assert_fits_80_columns(screen)
