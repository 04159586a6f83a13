"""Cowboys' options: the scenario, the content files, and the rules players may choose.

>>> CowboysOptions().scenario, CowboysOptions().moves_first
('hickok-tutt', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from saloon.core.options import Options


@dataclass(frozen=True)
class CowboysOptions(Options):
    """Which scenario is played, from which content, and how.

    ``scenario`` names a built-in scenario or a scenario file; ``boards`` a
    folder of board files replacing Saloon's; ``cards`` and ``chart`` a deck
    and a shot chart of the player's own (rulings CB-B1, CW-R1, CW-R2).
    """

    scenario: str = "hickok-tutt"
    boards: str | None = None
    cards: str | None = None
    chart: str | None = None
    moves_first: bool = True

    HELP: ClassVar[dict[str, str]] = {
        "scenario": "a built-in scenario's id (the duel hickok-tutt by default; brawl, Saloon's "
        "test bed), or a scenario file (TOML)",
        "boards": "a folder of board files (TOML) replacing Saloon's boards of the same letters",
        "cards": "a deck file (TOML) replacing Saloon's reconstructed deck",
        "chart": "a shot chart file (TOML) replacing Saloon's reconstructed chart",
        "moves_first": "once one of a side's figures has taken a shoot action in a turn, "
        "its other figures may not move (Game Turn: moves before shots)",
    }
