"""Plain-text rendering through a game's rich renderable."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from rich.console import Console

if TYPE_CHECKING:
    from saloon.core.state import State


def render_text(state: State, width: int = 100) -> str:
    """The game's rich rendering of ``state``, as plain text without colour."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, force_terminal=False)
    console.print(state.game.render_rich(state))
    return buffer.getvalue().rstrip("\n")
