"""Random cowboy modifiers: the die table of Advanced Optional Rule 6 (ruling CW-A6).

Cowboys rulebook, Advanced Optional Rules, item 6, its table: a die rolled
for a cowboy gives his modifier, 0 on a 1-3, +1 on a 4 or 5, +2 on a 6
(and so the extra cards he flips for the order of play: none, one, two).
With the option ``random_modifiers`` each cowboy's modifier is rolled
before the game, replacing the scenario's, one die a cowboy in the order
the scenario lists them (a chance node, :class:`~saloon.games.cowboys.actions.Die`);
town folk keep theirs (the table is for cowboys). Then come the flips, if
high card is played, and the deal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from saloon.games.cowboys.rules.phase import Phase

if TYPE_CHECKING:
    from saloon.games.cowboys.rules.state import CowboysState


def modifier_of(face: int) -> int:
    """The cowboy modifier a die gives (the table of Rule 6).

    >>> [modifier_of(d) for d in range(1, 7)]
    [0, 0, 0, 1, 1, 2]
    """
    return 0 if face <= 3 else 1 if face <= 5 else 2


def start(state: CowboysState) -> None:
    """Each cowboy's modifier is to be rolled, in the scenario's order."""
    state.modifier_queue = tuple(f.id for f in state.figures if f.cowboy)
    state.say("modifier", "Random modifiers (Advanced Optional Rule 6): a die for each cowboy.")
    if state.modifier_queue:
        state.phase = Phase.MODIFIER
    else:
        after(state)


def roll(state: CowboysState, face: int) -> None:
    """The die for the next cowboy sets his modifier; after the last, the
    flips for the order of play or the deal."""
    fid = state.modifier_queue[0]
    state.modifier_queue = state.modifier_queue[1:]
    i = state.index[fid]
    f = state.figures[i] = replace(state.figures[i], modifier=modifier_of(face))
    state.say("modifier", f"{f.short} rolls {face} for his modifier: {f.modifier:+d}.", f.side)
    if not state.modifier_queue:
        after(state)


def after(state: CowboysState) -> None:
    """What follows the modifiers: the flips (high card), the poker hand
    (Rule 7) or the deal."""
    from saloon.games.cowboys.rules import high_card, poker, turn

    if state.rule("high_card"):
        high_card.start(state)
    elif state.rule("poker_order"):
        poker.start(state)
    else:
        turn.deal_or_begin(state)
