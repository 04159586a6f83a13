"""Shoot Out as numbers: four action ids and an observation of the street.

The actions are the four decisions of a turn ("Moving", "Shooting", "The
End of the Duel"): retreat, move, fire the Colt, fire the Winchester. The
chance outcomes are who starts, each card value of the deck and the d20.
Everything in Shoot Out is public, so every player observes the same
street; ``me`` says whose observation it is.

>>> from saloon.games.shootout.options import ShootOutOptions
>>> enc = shootout_encoding(ShootOutOptions())
>>> [f.name for f in enc.fields][:4]
['me', 'to_move', 'phase', 'positions']
>>> enc.num_actions, enc.num_outcomes
(4, 28)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from saloon.core.encoding import Field, ObservationLayout, TableEncoding
from saloon.games.shootout.options import ShootOutOptions
from saloon.games.shootout.rules import Phase

_WEAPONS = ("colt", "winchester")


def shootout_encoding(options: ShootOutOptions) -> TableEncoding:
    """The encoding of one Shoot Out variant (its deck sets the card fields)."""
    from saloon.core.registry import get_game

    game = get_game("shootout")
    actions, outcomes = game.action_space(options)  # type: ignore[misc]
    values = sorted(set(options.deck))
    counts = Counter(options.deck)
    most = max(counts.values())
    total = sum(options.deck)
    listed = ", ".join(str(v) for v in values)
    layout = ObservationLayout(
        [
            Field("me", 2, 0, 1, "whose observation this is: one-hot, player 1 then player 2"),
            Field("to_move", 2, 0, 1, "the player whose turn it is: one-hot (zero when over)"),
            Field("phase", len(Phase), 0, 1, "first, card, turn, after_hit, roll, over: one-hot"),
            Field("positions", 2, 0, options.back, "each player's space on the street"),
            # At least 1: a field's bounds may not meet (a variant without a Winchester).
            Field("black", 2, 0, max(options.black, 1), "each player's Colt (black) bullets"),
            Field("red", 2, 0, max(options.red, 1), "each player's Winchester (red) bullets"),
            Field("card", len(values), 0, 1, f"the duel's face-up card, one-hot over {listed}"),
            Field("deck", len(values), 0, most, f"cards of each value in the deck ({listed})"),
            Field("won_p1", len(values), 0, most, f"cards of each value player 1 won ({listed})"),
            Field("won_p2", len(values), 0, most, f"cards of each value player 2 won ({listed})"),
            Field("scores", 2, 0, total, "each player's card points"),
            Field("target", 1, 0, total, "the card points that win the game"),
            Field("duel", 1, 0, len(options.deck), "the number of duels played before this one"),
            Field("weapon", 2, 0, 1, "the weapon of the shot being resolved (Colt, Winchester)"),
        ]
    )
    index = {v: i for i, v in enumerate(values)}

    def per_value(cards: list[int]) -> np.ndarray:
        out = np.zeros(len(values), np.float32)
        for c in cards:
            out[index[c]] += 1
        return out

    def observe(view: Mapping[str, Any], player: int | None) -> np.ndarray:
        out = layout.new()
        put = layout.put
        if player is not None:
            out[layout.offset("me") + player] = 1
        if view["phase"] != "over":
            out[layout.offset("to_move") + view["turn"]] = 1
        out[layout.offset("phase") + Phase[view["phase"].upper()]] = 1
        put(out, "positions", view["positions"])
        put(out, "black", view["black"])
        put(out, "red", view["red"])
        if view["card"] is not None:
            out[layout.offset("card") + index[view["card"]]] = 1
        put(out, "deck", per_value(view["deck"]))
        put(out, "won_p1", per_value(view["won"][0]))
        put(out, "won_p2", per_value(view["won"][1]))
        put(out, "scores", view["scores"])
        put(out, "target", view["target"])
        put(out, "duel", view["duel"])
        if view["weapon"] is not None:
            out[layout.offset("weapon") + _WEAPONS.index(view["weapon"])] = 1
        return out

    return TableEncoding(game, actions, outcomes, layout, observe)
