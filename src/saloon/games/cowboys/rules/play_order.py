"""What the two ways of deciding the order of play share (Advanced Optional
Rules 6, high card, and 7, poker): the sides still tied, a group of tied
sides split by a value (highest first), and their names in a sentence.

``state.ranking`` holds the sides as groups in order of play, a group of
more than one being sides not yet told apart (rulings CW-A6, CW-A7).

>>> split((0, 1, 2), {0: 9, 1: 13, 2: 9}.__getitem__)
[(1,), (0, 2)]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def unsettled(state: CowboysState) -> tuple[int, ...]:
    """The sides in a group of the ranking not yet told apart."""
    return tuple(s for group in state.ranking if len(group) > 1 for s in group)


def split(group: tuple[int, ...], value: Callable[[int], Any]) -> list[tuple[int, ...]]:
    """``group`` split by each side's ``value``, highest first; equal values
    stay together, in the group's order."""
    values: list[Hashable] = sorted({value(s) for s in group}, reverse=True)
    return [tuple(s for s in group if value(s) == v) for v in values]


def settle(state: CowboysState, kind: str, under: str) -> None:
    """The order of play for the whole scenario is the ranking: it is said
    (``under``: what went to the bottom of the deck), and the deal follows
    in that order (Game Set Up; rulings CW-A6, CW-A7)."""
    from saloon.games.cowboys.rules.high_card import deal_order
    from saloon.games.cowboys.rules.turn import deal_or_begin

    state.order = tuple(s for group in state.ranking for s in group)
    state.active = state.order[0]
    state.say(
        kind,
        "Order of play for the scenario: "
        + ", then ".join(state.the(s) for s in state.order)
        + f". {under}",
    )
    state.deal_queue = deal_order(state)
    deal_or_begin(state)


def side_names(state: CowboysState, sides: tuple[int, ...]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    from saloon.games.cowboys.words import cap, listing

    return cap(listing([state.the(s) for s in sides]))
