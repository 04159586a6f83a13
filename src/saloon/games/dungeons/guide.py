"""The rules in brief, and the passage for the decision at hand (``rules_help``).

>>> print(rules_help(None).splitlines()[0])
D6: Dungeons, Dudes, Dames, Danger, Dice and Dragons! (rulebook d6-dungeons.txt)
"""

from __future__ import annotations

from saloon.core.state import State

SUMMARY = """\
D6: Dungeons, Dudes, Dames, Danger, Dice and Dragons! (rulebook d6-dungeons.txt)

Goal: the most glory after 3 (or 6) rounds: bounties collected and Guardian
trophies; ties go to coins, then the stat total (Part I, The End of the Game).

Setup (Part I, Setup): a class board (+1 to a stat) and a gather board each;
the environment pieces placed in turn; two enemies per player; an Advantage
and a Heroic Quest card each; three bounties face up; four stat rolls each,
placed as rolled (1-3 count as 3 and pay a coin).

A turn (Part I, Beginning Your Turn): the spawn die and the open gather's D4
together (every player collects his own board's reward); then three actions
(move, hunt, gather) in any order and any number of non-action tasks (cards,
potions, skills, purchases, the Cash Cube); rest after all three actions for
two Heroic Quest cards.

Stealth (Part I, On Stealth): before each action in a space with enemies,
roll under your stealth or be engaged with all of them (the action is not
spent). Enemies in your space at the start of your turn engage you at once.

Combat (Part II, Specialty Hides, steps 1-7): declare the fight; the other
players may play red cards (buffs); transform (three specialty hides);
choose the weapon; roll against the GM's die; improve (buffs, Dogmud,
potions, skills, escapes) and accept. Higher total wins; ties only with
strength 6. A win takes an HP (enemies have one); a kill pays 2 coins and a
bounty, a specialty hide or a wild hide. A loss costs an HP (Poison: a stat).

The Village (Part II): drop off bounties and heal on entering; the Fountain
of You (1), Training Camp (2), skill refresh (1). No skills there.

Type 'help' at a prompt for the rule that applies."""

_PASSAGES = {
    "Act": "Part I, Spending Your Actions and Non-Action Tasks: three actions (move, "
    "hunt, gather), anything else as often as you can pay for it; rest ends the turn "
    "(two Heroic Quest cards after all three actions; never while engaged).",
    "Window": "Part I, Enemy Engagement and The Role of the GM: before the hero picks "
    "his weapon, the other players may buff the monster and play red cards, as many as "
    "they like, until all pass; never on a Guardian or a Cash Cube (ruling DG-R4).",
    "Counter": "Part II, Heroic Quest Cards: a card that cancels the card just played in a "
    "fight (ruling DG-R4).",
    "HandLimit": "Part I, Shuffle and Draw, GM's Note: at the hand limit (your strength, "
    "on the gather board) you may discard before drawing, or draw nothing.",
    "WildChoice": "Part II, Gather Rewards: Wild is any one of the other three rewards.",
    "AlchemyChoice": "Part II, Gather Rewards: Alchemy places a potion bottle (or moves one).",
    "AssignStat": "Part I, Roll for Stats: each roll is placed before the next; the class's "
    "+1 applies to its stat, never above 6.",
    "PlacePiece": "Part I, Place Environment Pieces: never two identical pieces in a space.",
    "Conversion": "Part II, Hides: with both wild slots full you may convert one into a "
    "specialty hide of a free slot; the other goes to the bag (ruling DG-R5).",
    "PoisonStat": "Part I, Know Thine Enemy: a Poison monster's hit drops a stat of your "
    "choice by 1 (never below 3).",
    "StealthDogmud": "Addenda, Village Signs: Dogmud rerolls one of your dice for 2 coins.",
    "FountainRaise": "Part II, The Village: raise a stat lower than the Fountain's roll to it.",
}


def rules_help(state: State | None) -> str:
    """The whole summary, or the passage for the decision at hand."""
    if state is None:
        return SUMMARY
    agenda = getattr(state, "agenda", None)
    if not agenda:
        return SUMMARY
    name = type(agenda[-1]).__name__
    passage = _PASSAGES.get(name)
    return passage if passage is not None else SUMMARY
