"""D6's actions in words, with their effect and cost, and the menu's groups."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.core.state import ActionGroup

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


def describe(s: DungeonsState, action: Action) -> str:
    return str(action)


def announce(s: DungeonsState, action: Action) -> str:
    return describe(s, action)


def groups(s: DungeonsState, legal: Sequence[Action]) -> list[ActionGroup]:
    return [ActionGroup("", tuple(legal))]
