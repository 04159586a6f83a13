"""GM events: rolled on the percentile dice between rounds.

Part I, GM Events (after each round, 1 to 100, the D10 and the percentile
D10: "00" and "0" make 100); ruling DG-R10 (between rounds: two in a 3-round
game, five in a 6-round game; none after the last unless ``final_event``).
Each event's effects are carried out by :mod:`.effects` (player one makes
the choices an event leaves to "the user": he reads the events aloud, Part
I, Determine Player Order).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from saloon.core.action import Outcome
from saloon.games.dungeons.actions import Roll
from saloon.games.dungeons.rules import effects
from saloon.games.dungeons.rules.agenda import DieRoll

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: The percentile roll's faces (Part I, GM Events, How to Roll).
PERCENT = 100


@dataclass(frozen=True, slots=True)
class EventRoll(DieRoll):
    """The GM event's roll, 1 to 100."""

    def die(self, s: DungeonsState) -> int:
        return PERCENT

    def prompt(self, s: DungeonsState) -> str:
        return "the GM event's roll, 1 to 100 (e.g. d100 37)"

    def answer(self, s: DungeonsState, outcome: Outcome) -> None:
        assert isinstance(outcome, Roll)
        ev = s.index.events[outcome.face]
        s.events = (*s.events, ev.number)
        s.say("event", f"GM event {ev.number}, {ev.name}: {ev.text}")
        effects.run(s, ev.effects, effects.Ctx(None, f"Event {ev.number} ({ev.name})", event=True))
