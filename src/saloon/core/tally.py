"""Batch engines: a game's own fast simulator, and the sums it reports.

A game may offer a *batch engine* for some seatings
(:meth:`saloon.core.game.Game.batch_engine`): a kernel that plays many games
at once, far faster than the reference rules, and is checked against them
game by game. It reports a :class:`Tally` per block of games rather than
one row per game, so a million games cost a few numbers.

A tally is exact sums: integer counts and histograms, so tallies of the
blocks of a run add up to the same tally however the run was split or
parallelised.

>>> a = Tally(games=2, wins=(1,), scores=({"10": 1, "0": 1},), returns=({"1": 1, "0": 1},),
...           lengths={"30": 2}, categories={"won": 1, "lost": 1})
>>> b = Tally(games=1, wins=(1,), scores=({"10": 1},), returns=({"1": 1},),
...           lengths={"31": 1}, categories={"won": 1})
>>> (a + b).games, (a + b).wins, (a + b).scores[0]
(3, (2,), {'0': 1, '10': 2})
>>> Tally.from_dict((a + b).to_dict()) == a + b
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from saloon.core.errors import SaloonError

__all__ = ["BatchEngine", "Tally"]


def _add(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return {k: out[k] for k in sorted(out, key=_order)}


def _order(key: str) -> tuple[int, float, str]:
    try:
        return (0, float(key), key)
    except ValueError:
        return (1, 0.0, key)


@dataclass(frozen=True)
class Tally:
    """What a block of games came to, as sums.

    ``wins[k]``: games seat ``k`` won; ``scores[k]`` and ``returns[k]``:
    seat ``k``'s final scores and returns as histograms (the value as text,
    to the number of games);
    ``lengths``: the games' lengths in steps (decisions and chance
    outcomes), a histogram too; ``categories``: how the games ended
    (:attr:`saloon.core.state.Result.category`); ``draws``: games without a
    sole winner (always 0 for a solo game).
    """

    games: int
    wins: tuple[int, ...]
    scores: tuple[dict[str, int], ...]
    returns: tuple[dict[str, int], ...]
    lengths: dict[str, int] = field(default_factory=dict)
    categories: dict[str, int] = field(default_factory=dict)
    draws: int = 0

    def __post_init__(self) -> None:
        if not len(self.scores) == len(self.returns) == len(self.wins):
            raise SaloonError("a tally needs one score and one return histogram per seat")
        named = [("lengths", self.lengths), ("categories", self.categories)]
        named += [("scores", h) for h in self.scores] + [("returns", h) for h in self.returns]
        for name, hist in named:
            if sum(hist.values()) != self.games:
                raise SaloonError(f"a tally's {name} must count each of its {self.games} games")

    def __add__(self, other: Tally) -> Tally:
        if len(other.wins) != len(self.wins):
            raise SaloonError("tallies of different seatings do not add up")
        return Tally(
            games=self.games + other.games,
            wins=tuple(a + b for a, b in zip(self.wins, other.wins, strict=True)),
            scores=tuple(_add(a, b) for a, b in zip(self.scores, other.scores, strict=True)),
            returns=tuple(_add(a, b) for a, b in zip(self.returns, other.returns, strict=True)),
            lengths=_add(self.lengths, other.lengths),
            categories=_add(self.categories, other.categories),
            draws=self.draws + other.draws,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": list(self.wins),
            "scores": [dict(s) for s in self.scores],
            "returns": [dict(r) for r in self.returns],
            "lengths": dict(self.lengths),
            "categories": dict(self.categories),
            "draws": self.draws,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tally:
        """A tally from :meth:`to_dict`'s JSON."""
        try:
            return cls(
                games=int(data["games"]),
                wins=tuple(int(w) for w in data["wins"]),
                scores=tuple({str(k): int(v) for k, v in s.items()} for s in data["scores"]),
                returns=tuple({str(k): int(v) for k, v in r.items()} for r in data["returns"]),
                lengths={str(k): int(v) for k, v in data["lengths"].items()},
                categories={str(k): int(v) for k, v in data["categories"].items()},
                draws=int(data.get("draws", 0)),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaloonError(f"a stored tally is damaged: {exc}") from exc


class BatchEngine(Protocol):
    """A game's fast simulator for one seating and set of options.

    ``play(games, seed, first)`` plays the games ``first`` to
    ``first + games - 1`` of a run seeded ``seed``; game ``i``'s dice depend
    on ``(seed, i)`` alone, so a run's tally does not depend on how it is
    split into blocks or spread over threads, processes or machines.
    """

    @property
    def name(self) -> str:
        """The engine's name, said wherever its figures are shown."""
        ...

    def play(self, games: int, seed: int, first: int = 0) -> Tally: ...
