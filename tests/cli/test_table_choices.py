"""The table never asks a person a question with one answer.

Random games of every registered game and variant are played at the
terminal table by a "person" who answers each menu with a random choice: no
decision put to them may have a single legal action (such a decision is
taken for them and said), no page of the menu is without a choice, and the
log tells every step.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from rich.console import Console

from saloon.cli.table import GameTable, Seat
from saloon.core import Game, Options, all_games
from saloon.core.session import HUMAN, Session

CASES = [(game, name) for game in all_games() for name in game.variants() if game.id != "tiny-test"]
#: Games played per variant: three, or fewer where a game is hundreds of
#: decisions each drawn whole: one on a Cowboys town, two of D6 (ten
#: variants), sized so that the suite keeps to its 15 minutes.
SEEDS = {"cowboys": 1, "dungeons": 2}


@pytest.mark.parametrize(("game", "variant"), CASES, ids=[f"{g.id}-{v}" for g, v in CASES])
def test_no_question_with_one_answer(game: Game, variant: str) -> None:
    options = game.variants()[variant]
    for seed in range(SEEDS.get(game.id, 3)):
        play_once(game, options, seed)


def play_once(game: Game, options: Options, seed: int) -> None:
    rng = np.random.default_rng(seed)
    players = game.player_range(options)[0]
    seats = [Seat(HUMAN, None) for _ in range(players)]
    session = Session(game, options, [HUMAN] * players, seed=seed)
    console = Console(file=io.StringIO(), width=80, height=24, color_system=None)
    asked = 0

    def ask(prompt: str) -> str:
        nonlocal asked
        legal = table.session.state.legal_actions()
        assert len(legal) > 1, f"asked with one choice: {legal[0]} ({prompt!r})"
        # Every page of the menu shows a choice, and the pages hold each
        # choice once, in order.
        numbers = [row.number for page in table.pages for row in page if row.number]
        assert all(any(row.number for row in page) for page in table.pages), table.pages
        assert numbers == list(range(1, len(table.menu_actions) + 1))
        asked += 1
        return str(int(rng.integers(len(table.menu_actions))) + 1)

    table = GameTable(session, seats, console, ask, delay=0)
    table.play()
    assert session.state.is_over and asked > 0
    # Each decision taken for the person is said, with what was chosen.
    taken = [a for p, a in session.state.history if p != -1]
    said = [e.text for e in session.state.log if e.kind == "only"]
    assert len(said) <= len(taken)
