"""The end of the game: glory, the tie-breaks, the returns.

Part I, The End of the Game (most glory; then most coins; then the highest
stat total); ruling 7 (glory from every bounty collected, in the backpack
or dropped off, and the Guardian trophies; still tied: a shared win; the
returns are zero-sum: every loser -1/(n-1), each of k winners
(n-k)/(k(n-1)), so one winner gets +1 and a table all tied 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from saloon.core.state import Result
from saloon.games.dungeons.rules import common
from saloon.games.dungeons.rules.agenda import Step

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


def standing(s: DungeonsState, seat: int) -> tuple[int, int, int]:
    """What ranks a player: glory, then coins, then the stat total."""
    h = s.heroes[seat]
    return (common.glory(s, seat), h.coins, h.stat_total)


def winners(s: DungeonsState) -> tuple[int, ...]:
    ranks = [standing(s, p) for p in range(s.num_players)]
    best = max(ranks)
    return tuple(p for p, r in enumerate(ranks) if r == best)


def zero_sum(n: int, won: tuple[int, ...]) -> tuple[float, ...]:
    """The returns of ``n`` players when ``won`` share the win (ruling 7).

    >>> [round(x, 3) for x in zero_sum(4, (2,))]
    [-0.333, -0.333, 1.0, -0.333]
    >>> zero_sum(3, (0, 1)), zero_sum(2, (0, 1))
    ((0.25, 0.25, -0.5), (0.0, 0.0))
    """
    k = len(won)
    if n < 2:
        return (1.0,) * n if won else (0.0,) * n
    win = (n - k) / (k * (n - 1))
    lose = -1.0 / (n - 1)
    return tuple(win if p in won else lose for p in range(n))


def returns(s: DungeonsState) -> tuple[float, ...]:
    if s.agenda:
        return (0.0,) * s.num_players
    return zero_sum(s.num_players, winners(s))


def result(s: DungeonsState) -> Result:
    glory = tuple(float(common.glory(s, p)) for p in range(s.num_players))
    over = not s.agenda
    won = winners(s) if over else ()
    category = ""
    if over:
        ranks = [standing(s, p) for p in range(s.num_players)]
        top = [r for r in ranks if r[0] == max(x[0] for x in ranks)]
        if len(won) > 1:
            category = "shared"
        elif len(top) > 1:
            category = "coins" if len({r[1] for r in top}) > 1 else "stats"
        else:
            category = "glory"
    return Result(
        returns=returns(s),
        scores=glory,
        winners=won,
        category=category,
        details={"round": s.round, "coins": [h.coins for h in s.heroes]},
    )


@dataclass(frozen=True, slots=True)
class GameEnd(Step):
    """The last round is over: glory is tallied."""

    def run(self, s: DungeonsState) -> None:
        for p in range(s.num_players):
            g, coins, total = standing(s, p)
            s.say("end", f"{s.name(p)}: {g} glory, {coins} coins, stats {total}.")
        won = winners(s)
        names = " and ".join(s.name(p) for p in won)
        s.say("end", f"{names} {'win' if len(won) > 1 else 'wins'} the hunting season.")
