"""Whole games of D6 Dungeons at the terminal table: a person against two bots.

The person types every choice in the game's notation (as a player who knows
it would, not by menu number), picked at random among the legal ones. The
table must take each typed choice as that action, and put to the person
only the questions he can act on: never one with a single answer, and a
collective GM's window or a cancelling window only when he holds a card he
may play there (issue 16, Done when; ruling DG-R4).
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from rich.console import Console

from saloon.agents import make_agent
from saloon.cli.table import GameTable, Seat
from saloon.core import get_game
from saloon.core.agent import Agent
from saloon.core.session import HUMAN, Session
from saloon.games.dungeons.rules import powers
from saloon.games.dungeons.rules.state import DungeonsState

GAME = get_game("dungeons")


def agent(spec: str, seed: int) -> Agent:
    return make_agent(spec, GAME, seed)


def play(seed: int) -> tuple[DungeonsState, int, int]:
    """A 3-player game: the person in seat 1, random bots in seats 2 and 3.
    Returns the final state, the questions put to the person, and how many
    of them were card windows out of his turn."""
    specs = [HUMAN, "random", "random"]
    session = Session(GAME, GAME.options(None), specs, seed=seed, agents=agent)
    rng = np.random.default_rng(seed)
    out = io.StringIO()
    asked = windows = 0

    def ask(prompt: str) -> str:
        nonlocal asked, windows
        s = table.session.state
        assert isinstance(s, DungeonsState)
        legal = s.legal_actions()
        assert len(legal) > 1, f"asked with one choice: {legal[0]}"
        top = type(s.agenda[-1]).__name__
        if top == "Window":
            phase = s.agenda[-1].phase  # type: ignore[attr-defined]
            assert powers.red_plays(s, 0, phase), "a window put to a person with no card for it"
            windows += 1
        if top == "Counter":
            assert powers.counters(s, 0), "a cancel window put to a person with no card for it"
            windows += 1
        asked += 1
        assert asked < 5000, "the person is asked again and again"
        return str(legal[int(rng.integers(len(legal)))])

    seats = [
        Seat(HUMAN, None),
        Seat("random", agent("random", 1)),
        Seat("random", agent("random", 2)),
    ]
    table = GameTable(session, seats, Console(file=out, width=100, color_system=None), ask, delay=0)
    table.play()
    state = session.state
    assert isinstance(state, DungeonsState)
    # Every typed choice was taken as the action it names: nothing was
    # refused (a refusal gives the game's reason, then how to choose).
    assert not re.search(r"; choose 1-\d+ \(or help\)", out.getvalue())
    assert "unknown command or action" not in out.getvalue()
    return state, asked, windows


@pytest.mark.parametrize("seed", [1, 3, 5])
def test_a_person_plays_a_whole_game_against_two_bots(seed: int) -> None:
    state, asked, windows = play(seed)
    assert state.is_over and asked > 20
    mine = [a for p, a in state.history if p == 0]
    assert len(mine) == asked + sum(1 for e in state.log if e.kind == "only" and e.player == 0)
    if seed in (3, 5):
        # These games put the GM's window to the person (he held a red card
        # he could play); the checks in ask() ran on it.
        assert windows > 0
