"""The d6 Shooters' batch engine: many games at once, played by the heuristic.

A kernel of plain functions over a small array per game (compiled by Numba
when it is installed, :mod:`saloon.core.jit`), which plays every rule of
both episodes, every version and option (a user's map and Event list
included) exactly as the reference engine (:mod:`..rules`) does with
:class:`~..strategy.HeuristicAgent`: the same chance nodes in the same
order, the same decisions, the same end. :mod:`.check` replays logged
games on the reference to prove it, game by game.

* :func:`play` plays games ``first .. first + games - 1`` of a run and
  returns a :class:`Tally` (sums that merge with ``+``: win rate, mean
  score, how games ended, histograms of scores and Days);
* :func:`trace` plays chosen games with a full log (:mod:`.log`).

Game ``i``'s dice come from ``(seed, i)`` alone (:mod:`.rng`), so a run's
tally does not depend on the threads or on how it is split:

>>> from saloon.games.d6shooters.options import D6ShootersOptions
>>> opts = D6ShootersOptions()
>>> whole = play(opts, None, 40, seed=7, threads=1)
>>> parts = play(opts, None, 25, seed=7) + play(opts, None, 15, seed=7, first=25)
>>> whole == parts, whole.games
(True, 40)
>>> game = trace(opts, None, 7, [3])[0]
>>> for step in game.steps[:3]:
...     print(*step)
decision 11 roll
chance 0 red 233
chance 0 white 33555
>>> game.final["ended"], game.final["day"]
('posse', 32)
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache

import numpy as np

from saloon.core.errors import OptionError
from saloon.core.jit import HAVE_NUMBA

_HERE = os.path.dirname(os.path.abspath(__file__))


def _drop_stale_cache() -> None:
    """Numba's disk cache checks a compiled function against its own file
    only, but the kernel inlines functions of its other files and reads the
    reference's node numbers (:mod:`..rules.nodes`) as constants: after an
    edit of any of them the cached machine code would be stale. So the
    cache is keyed here on all of them, and dropped when they change."""
    if not HAVE_NUMBA:  # pragma: no cover
        return
    from saloon.core import jit as jit_module
    from saloon.games.d6shooters.rules import nodes, sheet

    files = sorted(os.path.join(_HERE, f) for f in os.listdir(_HERE) if f.endswith(".py"))
    files += [str(m.__file__) for m in (nodes, sheet, jit_module)]
    digest = hashlib.sha256()
    for path in files:
        with open(path, "rb") as source:
            digest.update(source.read())
    cache = os.path.join(_HERE, "__pycache__")
    stamp = os.path.join(cache, "kernel-sources.sha256")
    try:
        with open(stamp) as old:
            if old.read() == digest.hexdigest():
                return
    except OSError:
        pass
    try:
        for name in os.listdir(cache):
            if name.endswith((".nbi", ".nbc")):
                os.remove(os.path.join(cache, name))
        with open(stamp, "w") as new:
            new.write(digest.hexdigest())
    except OSError:  # a read-only install, or another process at it: nothing to drop
        pass


_drop_stale_cache()

from saloon.games.d6shooters.batch import game as G  # noqa: E402
from saloon.games.d6shooters.batch.log import GameLog, read  # noqa: E402
from saloon.games.d6shooters.batch.slots import C_LIMIT, ENDED, LOG_WIDTH  # noqa: E402
from saloon.games.d6shooters.batch.tables import Tables, build  # noqa: E402
from saloon.games.d6shooters.bounds import length_bound, score_bound  # noqa: E402
from saloon.games.d6shooters.options import D6ShootersOptions  # noqa: E402
from saloon.games.d6shooters.strategy import Knobs  # noqa: E402

#: Games a task of the thread pool plays (its tally is merged after).
BLOCK = 4096


def available() -> bool:
    """Whether Numba is installed (without it the kernel runs as plain
    Python: the same games, about a thousand times slower)."""
    return HAVE_NUMBA


@dataclass(frozen=True)
class Tally:
    """What a run of games adds up to; tallies of parts of a run add up
    (``+``) to the tally of the whole.

    ``ended`` counts the games by how they ended (the reference's
    ``result().category``: ``won``, ``posse``, ``starved``, ``late``,
    ``event``, ``showdown``); ``scores[k]`` the games that scored ``k``
    (a loss scores 0) and ``days[d]`` the games that ended with ``d`` Days
    marked off (each histogram's last bin holds anything beyond it);
    ``lengths``: ``(steps, games)`` for each length a game had, in steps
    (decisions and chance outcomes, as the reference's history counts them).
    """

    games: int
    wins: int
    score_sum: int
    score_squares: int
    ended: tuple[tuple[str, int], ...]
    scores: tuple[int, ...]
    days: tuple[int, ...]
    lengths: tuple[tuple[int, int], ...] = ()

    def __add__(self, other: Tally) -> Tally:
        if not isinstance(other, Tally):
            return NotImplemented
        return Tally(
            self.games + other.games,
            self.wins + other.wins,
            self.score_sum + other.score_sum,
            self.score_squares + other.score_squares,
            tuple((name, a + b) for (name, a), (_, b) in zip(self.ended, other.ended, strict=True)),
            _add(self.scores, other.scores),
            _add(self.days, other.days),
            _merge(self.lengths, other.lengths),
        )

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def score_sd(self) -> float:
        """The standard deviation of the score (over games, losses as 0)."""
        if self.games < 2:
            return 0.0
        mean = self.mean_score
        var = (self.score_squares - self.games * mean * mean) / (self.games - 1)
        return float(max(var, 0.0) ** 0.5)

    @property
    def categories(self) -> dict[str, int]:
        """How the games ended, the categories that occurred only."""
        return {name: n for name, n in self.ended if n}


def _merge(
    a: tuple[tuple[int, int], ...], b: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, int], ...]:
    out = dict(a)
    for k, n in b:
        out[k] = out.get(k, 0) + n
    return tuple(sorted(out.items()))


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    n = max(len(a), len(b))
    return tuple((a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n))


@cache
def _tables(options: D6ShootersOptions, knobs: Knobs) -> Tables:
    return build(options, knobs)


def play(
    options: D6ShootersOptions,
    knobs: Knobs | None,
    games: int,
    seed: int,
    *,
    first: int = 0,
    threads: int | None = None,
) -> Tally:
    """Games ``first .. first + games - 1`` of the run seeded ``seed``,
    played by the heuristic with ``knobs`` (the defaults when ``None``),
    in blocks of :data:`BLOCK` over ``threads`` threads (the cores by
    default); memory does not grow with ``games``."""
    knobs = knobs or Knobs()
    if games < 0 or first < 0:
        raise OptionError(f"games and first must be 0 or more, not {games} and {first}")
    if not 0 <= seed < 2**63:
        raise OptionError(f"seed {seed} is not allowed: a seed is a whole number from 0 to 2**63-1")
    t = _tables(options, knobs)
    n_days = int(t.cfg[C_LIMIT]) + 1  # Days 0 .. limit
    n_scores = score_bound(options) + 2
    n_lengths = length_bound(options) + 2  # the declared bound: none is longer
    size = G.T_DAYS + n_days + n_scores + n_lengths
    blocks = [(b, min(BLOCK, first + games - b)) for b in range(first, first + games, BLOCK)]

    def run(block: tuple[int, int]) -> np.ndarray:
        tally = np.zeros(size, np.int64)
        with np.errstate(over="ignore"):  # the dice's 64-bit arithmetic wraps (:mod:`.rng`)
            G.play_block(
                seed, block[0], block[1], t.cfg, t.route, t.events, t.payments, t.items,
                t.hands, t.knobs_i, t.knobs_f, t.odds, n_days, n_scores, tally,
            )  # fmt: skip
        return tally

    workers = max(1, min(threads or os.cpu_count() or 1, len(blocks)))
    total = np.zeros(size, np.int64)
    if workers == 1:
        for b in blocks:
            total += run(b)
    else:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            for part in pool.map(run, blocks):
                total += part
    return _tally(total, n_days, n_scores)


def _tally(a: np.ndarray, n_days: int, n_scores: int) -> Tally:
    days = a[G.T_DAYS : G.T_DAYS + n_days]
    scores = a[G.T_DAYS + n_days : G.T_DAYS + n_days + n_scores]
    lengths = a[G.T_DAYS + n_days + n_scores :]
    return Tally(
        games=int(a[G.T_GAMES]),
        wins=int(a[G.T_WINS]),
        score_sum=int(a[G.T_SUM]),
        score_squares=int(a[G.T_SQUARES]),
        ended=tuple((name or "unfinished", int(a[G.T_ENDED + i])) for i, name in enumerate(ENDED)),
        scores=tuple(int(x) for x in scores),
        days=tuple(int(x) for x in days),
        lengths=tuple((int(k), int(lengths[k])) for k in np.flatnonzero(lengths)),
    )


def trace(
    options: D6ShootersOptions, knobs: Knobs | None, seed: int, indices: Sequence[int]
) -> list[GameLog]:
    """Games ``indices`` of the run seeded ``seed``, each with its full log:
    every chance outcome, every decision, the final playsheet (:mod:`.log`)."""
    knobs = knobs or Knobs()
    t = _tables(options, knobs)
    out = []
    rows = 4096
    for i in indices:
        while True:
            lg = np.zeros((rows, LOG_WIDTH), np.int64)
            with np.errstate(over="ignore"):
                n = G.trace_game(
                    seed, i, t.cfg, t.route, t.events, t.payments, t.items, t.hands,
                    t.knobs_i, t.knobs_f, t.odds, lg,
                )  # fmt: skip
            if n <= rows:
                break
            rows = n
        out.append(read(lg[:n], i, options.episode))
    return out


__all__ = ["BLOCK", "Tally", "available", "play", "trace"]
