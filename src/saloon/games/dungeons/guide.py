"""The rules in brief, and the passage for the decision at hand."""

from __future__ import annotations

from saloon.core.state import State


def rules_help(state: State | None) -> str:
    return "D6: see the rulebook (d6-dungeons.txt)."
