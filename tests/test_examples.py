"""The examples run: ``examples/shootout_tabular.py`` with tiny numbers, its
policy file played back by Saloon's ``policy`` agent."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from saloon.agents import PolicyAgent, make_agent
from saloon.agents.policy import load_policy
from saloon.core.dice import RandomDice
from saloon.core.driver import play
from saloon.core.registry import get_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(scope="module")
def tabular() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "shootout_tabular", EXAMPLES / "shootout_tabular.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_training_is_reproducible_and_its_policy_plays_in_saloon(
    tabular: ModuleType, tmp_path: Path
) -> None:
    table = tabular.train("duel", 40, seed=3)
    again = tabular.train("duel", 40, seed=3)
    assert table.episodes == 40 and len(table.values) > 40
    assert table.values.keys() == again.values.keys()
    assert all(np.array_equal(table.values[k], again.values[k]) for k in table.values)

    path = tmp_path / "duel.npz"
    tabular.save(table, "duel", path)
    policy = load_policy(path)
    assert len(policy) == len(table.values)
    game = get_game("shootout")
    assert policy.options == game.parse_options(
        ["cards=2", "target=2", "start=9", "back=10", "black=3", "red=2"]
    )
    agent = make_agent(f"policy:file={path}", game, seed=1, options=policy.options)
    assert isinstance(agent, PolicyAgent)
    solver = make_agent("solver", game, seed=2, options=policy.options)
    state = game.new_state(policy.options)
    play(game, policy.options, [agent, solver], RandomDice(4), state=state)
    assert state.is_over and agent.decisions > 0 and agent.unseen <= agent.decisions

    trained = tabular.evaluate("duel", 6, 11, path)
    rand = tabular.evaluate("duel", 6, 11, None)
    assert trained.games == rand.games == 6 and 0 <= trained.wins <= 6
    assert 0 <= trained.unseen <= trained.decisions and rand.unseen == 0
    assert 0 <= trained.optimal <= trained.decisions and trained.regret >= 0
    first, best = tabular.best_possible("duel")
    assert best == pytest.approx(0.5) and 0.5 < first < 1


def test_main_trains_saves_and_reports(
    tabular: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "p.npz"
    tabular.main(["--variant", "duel", "--episodes", "20", "--games", "4", "--out", str(out)])
    text = capsys.readouterr().out
    assert f"saved to {out}" in text
    assert "| trained policy |" in text and "| random player |" in text
    assert "| perfect play | 50.0% (exact" in text
    assert len(load_policy(out)) > 0
