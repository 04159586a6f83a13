"""The d6 Shooters' options: episode, version, event list and the readings
players may disagree on (see the rulings, section "The d6 Shooters")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

from saloon.core.content import FileKind
from saloon.core.errors import OptionError
from saloon.core.options import Options

if TYPE_CHECKING:
    from saloon.games.d6shooters.content import MapData


@dataclass(frozen=True)
class D6ShootersOptions(Options):
    """Which episode and version is played, and how.

    >>> D6ShootersOptions().episode, D6ShootersOptions().events
    (1, 'cards')
    >>> D6ShootersOptions.parse(["episode=3"])
    Traceback (most recent call last):
    ...
    saloon.core.errors.OptionError: episode must be 1 (Reno) or 2 (Showdown), not 3
    """

    episode: int = 1
    version: Literal["standard", "easier", "shorter"] = "standard"
    events: Literal["cards", "d6"] = "cards"
    hide_days: Literal["per_die", "per_turn"] = "per_die"
    map: str | None = None
    events_file: str | None = None
    days: int | None = None

    LABELS: ClassVar[dict[str, str]] = {
        "hide_days": "Days spent hiding (episode 2)",
        "map": "Map (your own file)",
        "events_file": "Event list (your own file)",
        "days": "Day limit",
    }
    HELP: ClassVar[dict[str, str]] = {
        "episode": "1 = Long Road to Reno, 2 = Ghost Town Showdown",
        "version": "standard, easier (more Food and Gold, a free Special Item) or shorter; "
        "episode 1's Easier and Shorter Versions are the rulebook's, episode 2's are "
        "Saloon's own (not in the rulebook)",
        "events": "cards = the 2d6 Event list; d6 = the one-die Event table",
        "hide_days": "episode 2: a Day for each 4 used to Hide (per_die) or one per turn",
        "map": "a map file (TOML) replacing the episode's map",
        "events_file": "an Event list file (TOML) replacing the episode's list",
        "days": "the Day limit, replacing the map's (40 to Reno, 30 to Essen; 30 to "
        "Hoodia, 20 in the Shorter Version): a designer's variant, not the rulebook's",
    }
    RANGES: ClassVar[dict[str, tuple[float, float]]] = {"days": (5, 200)}
    FILES: ClassVar[dict[str, FileKind]] = {"map": "file", "events_file": "file"}

    def validate(self) -> None:
        if self.episode not in (1, 2):
            raise OptionError(f"episode must be 1 (Reno) or 2 (Showdown), not {self.episode}")

    def day_limit(self, m: MapData) -> int:
        """The Days the journey may take on map ``m``: ``days`` if set, else
        the map's limit for the version (Ep.1 "The Goal"; Ep.1 "Shorter
        Version"; D6-E3 for episode 2).

        >>> from saloon.games.d6shooters.content import load_map
        >>> reno = load_map(None, 1)
        >>> [D6ShootersOptions(version=v).day_limit(reno) for v in ("standard", "shorter")]
        [40, 30]
        >>> D6ShootersOptions(days=35).day_limit(reno)
        35
        """
        if self.days is not None:
            return self.days
        return m.short_limit if self.version == "shorter" else m.limit
