"""A guess at how a game of D6 will end, for a search cut short of the end.

Each player's chance to win is read off his glory and what is within
reach (the bounties in his backpack count already; coins and hides a
little), sharpened as the season runs out: a softmax of the standing, its
temperature falling with the turns left. The return expected from those
chances is then ruling 7's: ``p * n/(n-1) - 1/(n-1)``, scaled by
:data:`SCALE` so that a real win always weighs more than a good position.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from saloon.games.dungeons.rules import common

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState

#: The largest estimate: a real win (1) always weighs more.
SCALE = 0.8


def estimate(s: DungeonsState) -> tuple[float, ...]:
    """One value per player, within ruling 7's bounds; the returns once over.

    >>> from saloon.games.dungeons import GAME
    >>> e = GAME.new_state(num_players=3).estimate()
    >>> len(e), all(abs(x) < 1e-9 for x in e)
    (3, True)
    """
    if not s.agenda:
        return s.returns()
    n = s.num_players
    worth: list[float] = []
    for p in range(n):
        h = s.heroes[p]
        hides = sum(1 for x in h.specialty if x) + len(h.wild)
        worth.append(common.glory(s, p) + 0.1 * h.coins + 0.2 * hides)
    turns_left = max(1, (s.options.rounds - max(0, s.round - 1)) * n)
    temperature = 1.0 + turns_left / n
    top = max(worth)
    weights = [math.exp((w - top) / temperature) for w in worth]
    total = sum(weights)
    return tuple(SCALE * ((w / total) * n / (n - 1) - 1 / (n - 1)) for w in weights)
