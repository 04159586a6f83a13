"""The Python examples in the docs run as printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("block", _python_blocks(DOCS / "architecture.md"))
def test_architecture_example_runs(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(block, "docs/architecture.md", "exec"), {})
    out = capsys.readouterr().out
    assert "a hit" in out
    assert "Shoot Out" in out


@pytest.mark.parametrize("game_id", ["shootout", "d6shooters", "cowboys"])
def test_each_games_page_says_how_it_reads_as_numbers(game_id: str) -> None:
    """Every game's page documents its encoding; Shoot Out's table is the
    encoding's own (the d6 Shooters' and Cowboys' tests check theirs)."""
    from saloon.core import get_game

    page = (DOCS / "games" / f"{game_id}.md").read_text(encoding="utf-8")
    assert "## As numbers" in page
    if game_id == "shootout":
        assert get_game(game_id).encoding().layout.describe() in page


@pytest.mark.parametrize("block", _python_blocks(DOCS / "adapters.md"))
def test_adapters_example_runs(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The Gymnasium, PettingZoo and OpenSpiel examples, as printed."""
    exec(compile(block, "docs/adapters.md", "exec"), {})
