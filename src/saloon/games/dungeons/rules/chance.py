"""What a person may type at a chance node besides the notation: faces, what a card prints.

At a die's prompt ``4`` means ``d6 4`` (the die the node rolls); at the
turn's roll ``7 3`` means ``spawn 7 gather 3``; in a fight ``5 vs 3``
means ``roll 5 vs 3``. At a draw, what the real card or token prints
(:mod:`saloon.games.dungeons.printed`): ``beast 4 2`` for a Bounty card,
``d8 ranged`` or ``Short Sword`` for an Advantage card, ``bone banshee``
for a token.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saloon.core.action import Action
from saloon.games.dungeons.actions import CombatRoll, Roll, TurnRoll
from saloon.games.dungeons.rules.agenda import Chance

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


def shorthand(s: DungeonsState, text: str) -> Action | None:
    top = s.agenda[-1] if s.agenda else None
    if not isinstance(top, Chance):
        return None
    printed = _printed(s, top, text)
    if printed is not None:
        return printed
    words = text.strip().lower().split()
    if not words or not all(w.isascii() and (w.isdigit() or w == "vs") for w in words):
        return None
    if len(words) > 6:
        return None
    first = top.outcomes(s)[0][0]
    nums = [int(w) for w in words if w != "vs"]
    if isinstance(first, Roll) and len(nums) == 1:
        return Roll(first.sides, nums[0])
    if isinstance(first, TurnRoll):
        if first.space and len(nums) == 2:
            return TurnRoll(nums[0], nums[1])
        if not first.space and len(nums) == 1:
            return TurnRoll(0, nums[0])
    if isinstance(first, CombatRoll):
        if "vs" in words:
            k = words.index("vs")
            mine = [int(w) for w in words[:k]]
            rest = [int(w) for w in words[k + 1 :]]
            if mine and len(rest) == 1:
                return CombatRoll(tuple(mine), rest[0])
        elif first.enemy == 0 and nums:
            return CombatRoll(tuple(nums), 0)
    return None


def _printed(s: DungeonsState, top: Chance, text: str) -> Action | None:
    """A draw typed by what the card or token prints (:mod:`..printed`)."""
    from saloon.games.dungeons import printed
    from saloon.games.dungeons.rules import board, cards

    if isinstance(top, cards.DrawNode):
        return printed.read_card(s, top.deck, text)
    if isinstance(top, cards.TurnBounty):
        return printed.read_card(s, "bounty", text)
    if isinstance(top, board.BagDraw):
        return printed.read_token(s, text)
    if isinstance(top, cards.LoseRandom):
        return printed.read_lost(s, top.seat, text)
    return None
