"""``hint`` at the terminal answers in every game (issue 35): each legal
choice valued, best first, saying what the values are (a chance in per
cent, or the d6 Shooters' planner score) and, for a search, that they are
an estimate from a stated budget."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from saloon.agents import make_agent
from saloon.cli.table import GameTable, Seat
from saloon.core import get_game
from saloon.core.agent import Agent
from saloon.core.session import HUMAN, Session

CASES = [
    ("shootout", {}, "chance"),
    ("d6shooters", {"episode": 2}, "chance"),
    ("cowboys", {"scenario": "hickok-tutt"}, "an estimate from playouts"),
    ("dungeons", {}, "an estimate from playouts"),
]


class _Asked(Exception):
    """The hint was read: the game is left there."""


@pytest.mark.parametrize(("game_id", "options", "says"), CASES, ids=[c[0] for c in CASES])
def test_hint_answers_at_the_first_decision(
    game_id: str,
    options: dict[str, object],
    says: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # the table keeps a recovery file where it stops
    game = get_game(game_id)
    opts = game.options_from_dict(options)
    players = game.player_range(opts)[0]
    specs = [HUMAN] + ["heuristic"] * (players - 1)

    def agent(spec: str, seed: int) -> Agent:
        return make_agent(spec, game, seed)

    session = Session(game, opts, specs, seed=3, agents=agent)
    out = io.StringIO()
    answers = iter(["hint"])

    def ask(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise _Asked from None

    seats = [Seat(HUMAN, None)] + [Seat(s, agent(s, i)) for i, s in enumerate(specs[1:], 1)]
    table = GameTable(session, seats, Console(file=out, width=120, color_system=None), ask, delay=0)
    with pytest.raises(_Asked):
        table.play()
    text = out.getvalue()
    assert "Hint, best first:" in text, text[-2000:]
    assert says in text
    assert "%" in text or "score" in text
