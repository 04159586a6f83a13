"""Shoot Out drawn as text (rich) and SVG."""

from __future__ import annotations

from typing import Any

from saloon.games.shootout.rules import ShootOutState


def render_rich(state: ShootOutState) -> Any:
    return repr(state.view(None))


def render_svg(state: ShootOutState) -> str:
    return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
