"""The d6 Shooters' rules: the reference engine, read against the rulebook.

The state (:class:`D6State`, in :mod:`.state`) keeps the playsheet
(:mod:`.sheet`) and stands at a node (:mod:`.nodes`); the rules are split by
the part of the game they belong to, each module citing its rulebook
sections:

* :mod:`.turn`: a Day's start, the three rolls and the dice kept, the order
  in which the dice are resolved, the end of the Day ("Gameplay");
* :mod:`.moves`: the 1s to the 4s: movement, Food, Gold, the split of the
  4s ("Dice Actions", Ep.2 "Movement", "Resource Spaces");
* :mod:`.harm`: Days and Rations, Posse losses, the Heat, the Gang,
  Shootouts ("Days", "Food", "Your Posse", "Shootout!");
* :mod:`.events`: the Events ("Events", "Event List");
* :mod:`.towns`: Towns, Items and Poker ("Towns", "Items", Ep.1 "Poker");
* :mod:`.showdown`: the Ghost Town Showdown (episode 2).

The constants (nodes, stages, Items, effects) are in :mod:`.nodes`.
"""

from saloon.games.d6shooters.rules.state import D6State

__all__ = ["D6State"]
