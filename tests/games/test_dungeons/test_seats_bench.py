"""The seat-order study (``benchmarks/dungeons_seats.py``): its scripted
draft hands each seat the class and board it is given, and the heuristic's
own draft is the one self-play plays."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from saloon.agents import make_agent
from saloon.games.dungeons import Dungeons
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules.state import DungeonsState

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def seats() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "dungeons_seats", ROOT / "benchmarks" / "dungeons_seats.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["dungeons_seats"] = module
    spec.loader.exec_module(module)
    return module


def test_the_scripted_draft_hands_out_the_packages(seats: ModuleType) -> None:
    options = DungeonsOptions()
    draft = seats.drafts(options, 3, "heuristic")
    assert len({c for c, _ in draft}) == len({b for _, b in draft}) == 3
    game = Dungeons()
    for g in range(3):
        picks = seats.picks_for("rotated", g, 3, draft)
        state = game.new_state(options, 3)
        assert isinstance(state, DungeonsState)
        agents = [
            seats.Drafted(make_agent("heuristic", game, seed=s), *picks[s], seed=s)
            for s in range(3)
        ]
        while not state.is_chance:  # the draft and the pieces: no dice yet
            mover = state.to_move
            assert mover is not None
            state.apply(agents[mover].choose(state))
        assert [(h.hero_class, h.board) for h in state.heroes] == picks
