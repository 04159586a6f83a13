"""The activation cup of the Advanced Rules: who acts next, drawn from a cup.

Cowboys rulebook, Advanced Rules, Player Turn Sequence: the first turn is
played as the scenario says; from the second, a marker for each cowboy on
the board and one town-folk marker per side go in a cup, and the markers
drawn say who acts next (``state.cup`` holds those not yet drawn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def withdraw(state: CowboysState, fig: str) -> None:
    """Take the cowboy ``fig``'s marker out of the cup, if it is still in
    it: he has spent his action out of turn (Reaction Fire: "remove the
    reacting cowboy's chit from the cup")."""
    if fig in state.cup:
        state.cup = tuple(m for m in state.cup if m != fig)
