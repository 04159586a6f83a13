"""The end of the game: glory, the tie-breaks, the returns.

Part I, The End of the Game (most glory; then most coins; then the highest
stat total); ruling DG-R25 (glory from every bounty collected, in the backpack
or dropped off, and the Guardian trophies; still tied: a shared win; the
returns are zero-sum: every loser -1/(n-1), each of k winners
(n-k)/(k(n-1)), so one winner gets +1 and a table all tied 0).

In Alliance (Part III) the team with the most glory, its two players'
added, wins; tied, the team with more coins (Part I's first tie-break,
added the same way), then the team whose best player has more glory; still
tied, a shared win. Each member of the winning team gets +1, of the losing
team -1; a shared win 0 each (ruling DG-R88).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from saloon.core.state import Result
from saloon.games.dungeons.rules import common, hides
from saloon.games.dungeons.rules.agenda import Step

if TYPE_CHECKING:
    from saloon.games.dungeons.rules.state import DungeonsState


def standing(s: DungeonsState, seat: int) -> tuple[int, int, int]:
    """What ranks a player: glory, then coins, then the stat total."""
    h = s.heroes[seat]
    return (common.glory(s, seat), h.coins, h.stat_total)


def team_standing(s: DungeonsState, team: int) -> tuple[int, int, int]:
    """What ranks a team in Alliance (ruling DG-R88): its glory, its coins,
    its best player's glory."""
    seats = [p for p in range(s.num_players) if s.teams[p] == team]
    glory = [common.glory(s, p) for p in seats]
    return (sum(glory), sum(s.heroes[p].coins for p in seats), max(glory))


def team_winners(s: DungeonsState) -> tuple[int, ...]:
    ranks = {t: team_standing(s, t) for t in set(s.teams)}
    best = max(ranks.values())
    return tuple(p for p in range(s.num_players) if ranks[s.teams[p]] == best)


def winners(s: DungeonsState) -> tuple[int, ...]:
    if s.options.mode == "alliance":
        return team_winners(s)
    ranks = [standing(s, p) for p in range(s.num_players)]
    best = max(ranks)
    return tuple(p for p, r in enumerate(ranks) if r == best)


def zero_sum(n: int, won: tuple[int, ...]) -> tuple[float, ...]:
    """The returns of ``n`` players when ``won`` share the win (ruling DG-R25).

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
    if s.options.hides:
        return hides.returns(s)
    if s.agenda:
        return (0.0,) * s.num_players
    won = winners(s)
    if s.options.mode == "alliance":
        if len(won) == s.num_players:
            return (0.0,) * s.num_players
        return tuple(1.0 if p in won else -1.0 for p in range(s.num_players))
    return zero_sum(s.num_players, won)


def result(s: DungeonsState) -> Result:
    if s.options.hides:
        return _hides_result(s)
    glory = tuple(float(common.glory(s, p)) for p in range(s.num_players))
    over = not s.agenda
    won = winners(s) if over else ()
    category = ""
    if over and s.options.mode == "alliance":
        category = _team_category(s)
    elif over:
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
        text=ending_words(s) if over else "",
    )


def _team_category(s: DungeonsState) -> str:
    a, b = sorted((team_standing(s, t) for t in set(s.teams)), reverse=True)
    if a == b:
        return "shared"
    return "glory" if a[0] != b[0] else "coins" if a[1] != b[1] else "best"


def team_words(s: DungeonsState) -> str:
    """The Alliance ending in one sentence (ruling DG-R88)."""
    teams = sorted(set(s.teams))
    ranks = {t: team_standing(s, t) for t in teams}
    names = {t: _names(s, [p for p in range(s.num_players) if s.teams[p] == t]) for t in teams}
    best, other = sorted(teams, key=lambda t: ranks[t], reverse=True)
    g = common.count(ranks[best][0], "glory point")
    if ranks[best] == ranks[other]:
        return f"The teams tie on glory ({g} each), coins and best player: a shared win"
    head = f"{names[best]} win the hunting season as a team"
    if ranks[best][0] != ranks[other][0]:
        return f"{head} with {g}, ahead of {names[other]} with {ranks[other][0]}"
    if ranks[best][1] != ranks[other][1]:
        return (
            f"The teams tie with {g}; {head} on coins, {ranks[best][1]} to "
            f"{ranks[other][1]}, the first tie-break"
        )
    return (
        f"The teams tie with {g} and on coins; {head}: their best player has "
        f"{ranks[best][2]} glory to {ranks[other][2]}"
    )


def _hides_result(s: DungeonsState) -> Result:
    """Solo and co-op: everyone wins or loses (Part III, Winning and Losing)."""
    over = not s.agenda
    win = over and hides.won(s)
    return Result(
        returns=returns(s),
        scores=(float(len(s.collection)),) * s.num_players,
        winners=tuple(range(s.num_players)) if win else (),
        category=("won" if win else "lost") if over else "",
        details={"turn": s.round, "max_turns": s.max_turns, "hides": len(s.collection)},
        text=hides.ending_words(s) if over else "",
    )


def _names(s: DungeonsState, seats: list[int] | tuple[int, ...]) -> str:
    names = [s.name(p) for p in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def ending_words(s: DungeonsState) -> str:
    """The ending in one sentence (Part I, The End of the Game): who wins
    with what glory, and the tie-break that settled it, if any (the most
    coins, then the highest stat total; still tied, a shared win: ruling
    DG-R25).

    ``Player 2 (Slayer) wins the hunting season with 5 glory points, ahead
    of Player 1 (Explorer) with 3``; ``Player 1 (Explorer) and Player 2
    (Slayer) tie with 3 glory points; Player 2 (Slayer) wins the hunting
    season on coins, 7 to 4, the first tie-break``."""
    if s.options.mode == "alliance":
        return team_words(s)
    n = s.num_players
    ranks = {p: standing(s, p) for p in range(n)}
    won = winners(s)
    best = ranks[won[0]]
    rest = sorted((p for p in range(n) if p not in won), key=lambda p: ranks[p], reverse=True)
    tail = ""
    if rest:
        behind = [f"{s.name(p)} with {ranks[p][0]}" for p in rest]
        listed = behind[0] if len(behind) == 1 else ", ".join(behind[:-1]) + " and " + behind[-1]
        tail = ", ahead of " + listed
    glory = common.count(best[0], "glory point")
    if len(won) > 1:
        return (
            f"{_names(s, won)} share the win of the hunting season: {glory}, "
            f"{common.count(best[1], 'coin')} and a stat total of {best[2]} each, "
            f"tied on every tie-break{tail}"
        )
    me = won[0]
    on_glory = [p for p in range(n) if ranks[p][0] == best[0]]
    if len(on_glory) == 1:
        return f"{s.name(me)} wins the hunting season with {glory}{tail}"
    tied = _names(s, on_glory)
    on_coins = [p for p in on_glory if ranks[p][1] == best[1]]
    if len(on_coins) == 1:
        second = max(ranks[p][1] for p in on_glory if p != me)
        return (
            f"{tied} tie with {glory}; {s.name(me)} wins the hunting season on coins, "
            f"{best[1]} to {second}, the first tie-break"
        )
    second = max(ranks[p][2] for p in on_coins if p != me)
    coins = common.count(best[1], "coin")
    return (
        f"{tied} tie with {glory}; {_names(s, on_coins)} tie on coins too, with {coins}; "
        f"{s.name(me)} wins the hunting season on the stat total, {best[2]} to {second}"
    )


@dataclass(frozen=True, slots=True)
class GameEnd(Step):
    """The last round is over: glory is tallied."""

    def run(self, s: DungeonsState) -> None:
        for p in range(s.num_players):
            g, coins, total = standing(s, p)
            s.say(
                "end",
                f"{s.name(p)}: {common.count(g, 'glory point')}, {common.count(coins, 'coin')}, "
                f"a stat total of {total}.",
            )
        s.say("end", ending_words(s) + ".")
