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
