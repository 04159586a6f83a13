"""The heuristic's batch engine as the analysis lab runs it
(:class:`saloon.core.tally.BatchEngine`): ``saloon simulate --engine batch``
and ``saloon sweep`` play through :class:`HeuristicBatch`, which turns the
kernel's tally into the lab's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from saloon.core.agent import parse_knobs
from saloon.core.tally import Tally
from saloon.games.d6shooters.options import D6ShootersOptions
from saloon.games.d6shooters.strategy import Knobs


@dataclass(frozen=True)
class HeuristicBatch:
    """The kernel playing ``heuristic`` with ``knobs`` at ``options``.

    >>> engine = HeuristicBatch(D6ShootersOptions(), Knobs())
    >>> tally = engine.play(30, seed=1)
    >>> tally.games, sum(tally.categories.values()), sum(tally.lengths.values())
    (30, 30, 30)
    """

    options: D6ShootersOptions
    knobs: Knobs
    name: str = "batch"

    def play(self, games: int, seed: int, first: int = 0) -> Tally:
        from saloon.games.d6shooters.batch import play

        t = play(self.options, self.knobs, games, seed, first=first)
        scores = {str(k): n for k, n in enumerate(t.scores) if n}
        return Tally(
            games=t.games,
            wins=(t.wins,),
            scores=(scores,),
            returns=(dict(scores),),  # a game's return is its score (D6State.returns)
            lengths={str(k): n for k, n in t.lengths},
            categories=t.categories,
        )


def heuristic_batch(
    options: D6ShootersOptions, seats: Sequence[tuple[str, Mapping[str, str]]]
) -> HeuristicBatch | None:
    """The engine for a seating of one ``heuristic``, when Numba is installed."""
    from saloon.games.d6shooters.batch import available

    if len(seats) != 1 or seats[0][0] != "heuristic" or not available():
        return None
    name, params = seats[0]
    return HeuristicBatch(options, parse_knobs(name, params, Knobs))
