"""The designer's sweep: vary options, play or solve every combination,
and see the win rate move.

A sweep varies one or more options (each an :class:`Axis`); every
combination of their values is a *cell*, played with the same seats and
the same number of games, or solved exactly (``exact=True``: the game's
own solver, no sampling). Every cell of a sampled sweep uses the sweep's
seed, so game ``i`` of each cell starts from the same dice: the cells'
differences are the options', not luck's (common random numbers).

Each cell is a run of the results database, named ``<sweep>.<k>``, beside
the sweep's own run (kind ``sweep``) that holds the axes; a sweep stopped
at any moment resumes where it stopped and ends with the table an
uninterrupted one gives, whatever the workers.

>>> Axis.parse("start=5..9:2").values
('5', '7', '9')
>>> Axis.parse("version=standard,easier").values
('standard', 'easier')
>>> tiny = ["cards=1,2", "target=2", "back=9", "black=1", "red=1"]  # a Shoot Out solved at once
>>> result = sweep("shootout", tiny, [Axis.parse("start=6..7")], exact=True)
>>> [f"{c.win_rate:.4f}" for c in result.cells]
['0.7388', '0.6562']
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import partial
from typing import Any

from saloon.agents import make_agent
from saloon.analysis.db import ResultsDB, RunInfo
from saloon.analysis.pool import process_pool
from saloon.analysis.simulate import ENGINES, Progress, Summary, run_summary, simulate
from saloon.analysis.stats import finite
from saloon.core.errors import OptionError, SaloonError, shown
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.registry import get_game

__all__ = [
    "Axis",
    "Cell",
    "CellResult",
    "Crossing",
    "SweepResult",
    "check_cell",
    "crossings",
    "sweep",
]

#: Saloon's limits on a sweep (docs/hardening.md): checked before any work.
MAX_CELLS = 1_000
MAX_AXES = 4


# -- the grid ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Axis:
    """An option and the values a sweep gives it, as text (the game's
    options parse them, so every option type can be varied)."""

    key: str
    values: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> Axis:
        """``KEY=V1,V2,...``; a piece ``LO..HI`` counts from LO to HI by 1,
        ``LO..HI:STEP`` by STEP (both ends included, decimals allowed).

        >>> Axis.parse("days=30..45:5")
        Axis(key='days', values=('30', '35', '40', '45'))
        >>> Axis.parse("bonus=0.5..1.5:0.5,3").values
        ('0.5', '1.0', '1.5', '3')
        >>> Axis.parse("days=45..30")
        Traceback (most recent call last):
        ...
        saloon.core.errors.SaloonError: --vary days: the range 45..30 is empty (LO <= HI needed)
        """
        key, sep, rest = text.partition("=")
        key = key.strip()
        if not sep or not key or not rest.strip():
            raise SaloonError(f"--vary {shown(text)} is not KEY=V1,V2,... or KEY=LO..HI[:STEP]")
        values: list[str] = []
        for piece in (p.strip() for p in rest.split(",")):
            if not piece:
                raise SaloonError(f"--vary {key}: an empty value in {shown(rest)}")
            values.extend(_range(key, piece) if ".." in piece else [piece])
        if len(set(values)) != len(values):
            raise SaloonError(f"--vary {key}: a value is given twice in {shown(rest)}")
        return cls(key, tuple(values))

    @property
    def numbers(self) -> list[float] | None:
        """The values as numbers, if every one is a number."""
        try:
            return [float(v) for v in self.values]
        except ValueError:
            return None

    def __str__(self) -> str:
        return f"{self.key}={','.join(self.values)}"


def _range(key: str, piece: str) -> list[str]:
    span, _, step_text = piece.partition(":")
    lo_text, _, hi_text = span.partition("..")
    try:
        lo, hi = Decimal(lo_text.strip()), Decimal(hi_text.strip())
        step = Decimal(step_text.strip()) if step_text else Decimal(1)
    except InvalidOperation:
        raise SaloonError(
            f"--vary {key}: {shown(piece)} is not a range LO..HI or LO..HI:STEP of numbers"
        ) from None
    if not (lo.is_finite() and hi.is_finite() and step.is_finite()) or step <= 0:
        raise SaloonError(f"--vary {key}: the step of {shown(piece)} must be a positive number")
    if hi < lo:
        raise SaloonError(f"--vary {key}: the range {piece} is empty (LO <= HI needed)")
    count = int((hi - lo) / step) + 1
    if count > MAX_CELLS:
        raise SaloonError(f"--vary {key}: {shown(piece)} has {count} values; at most {MAX_CELLS}")
    return [str(lo + k * step) for k in range(count)]


@dataclass(frozen=True)
class Cell:
    """One combination of the varied values, and the options it makes."""

    index: int
    values: tuple[tuple[str, str], ...]
    options: Options

    @property
    def label(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.values)


def cells(game: Game, fixed: Sequence[str], axes: Sequence[Axis]) -> list[Cell]:
    """Every combination of ``axes`` over the ``fixed`` options
    (``key=value`` pairs), first axis slowest; each cell's options are
    checked here, so a sweep fails before any work on a value the game
    refuses."""
    if not axes:
        raise SaloonError("a sweep varies at least one option (--vary KEY=V1,V2,...)")
    if len(axes) > MAX_AXES:
        raise SaloonError(f"a sweep varies at most {MAX_AXES} options, not {len(axes)}")
    keys = [a.key for a in axes]
    if len(set(keys)) != len(keys):
        raise SaloonError("an option is varied twice: give each --vary KEY once")
    for pair in fixed:
        key = pair.partition("=")[0].strip()
        if key in keys:
            raise SaloonError(f"option {key} is both varied (--vary) and fixed (-o)")
    total = math.prod(len(a.values) for a in axes)
    if total > MAX_CELLS:
        raise SaloonError(f"the sweep has {total:,} cells; at most {MAX_CELLS:,}")
    out = []
    for k, combo in enumerate(itertools.product(*(a.values for a in axes))):
        values = tuple(zip(keys, combo, strict=True))
        pairs = [*fixed, *(f"{key}={value}" for key, value in values)]
        try:
            options = game.parse_options(pairs)
        except OptionError as exc:
            label = " ".join(f"{key}={value}" for key, value in values)
            raise SaloonError(f"the cell {label}: {exc}") from exc
        out.append(Cell(k, values, options))
    return out


def check_cell(game: Game, cell: Cell, seats: Sequence[str] = ()) -> None:
    """Refuse (one :class:`SaloonError` naming the cell) a cell that could
    not be played with ``seats`` (agent specs; none for an exact sweep):
    options that parse but name nothing (a scenario there is not), a seat
    count the variant does not take, a bot that cannot sit or cannot play
    the variant. :func:`sweep` checks every cell so before any game.

    >>> game = get_game("shootout")
    >>> grid = cells(game, [], [Axis.parse("start=5,6")])
    >>> check_cell(game, grid[0], ["random", "robot"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    saloon.core.errors.SaloonError: the cell start=5: no agent called 'robot' for shootout (...)
    """
    try:
        lo, hi = game.player_range(cell.options)
        if seats and not lo <= len(seats) <= hi:
            players = str(lo) if lo == hi else f"{lo} to {hi}"
            raise SaloonError(f"{game.id} takes {players} players, not {len(seats)} seats")
        for spec in seats:
            make_agent(spec, game, seed=0, options=cell.options)
        game.new_state(cell.options, len(seats) or None)
    except SaloonError as exc:
        raise SaloonError(f"the cell {cell.label}: {exc}") from exc


# -- results -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CellResult:
    """What one cell came to: the first seat's win rate (the solo player's,
    or the first player's) with its 95% interval, and its mean score.

    An exact cell has no games: its rate is the solver's win probability,
    and its interval is that number.
    """

    index: int
    values: tuple[tuple[str, str], ...]
    engine: str
    games: int
    wins: int | None
    win_rate: float
    ci95: tuple[float, float]
    mean_score: float | None = None
    score_ci95: tuple[float | None, float | None] = (None, None)
    run_id: str | None = None

    @classmethod
    def of_summary(cls, cell: Cell, summary: Summary) -> CellResult:
        me = summary.per_seat[0]
        lo, hi = me.wins.ci95
        return cls(
            index=cell.index,
            values=cell.values,
            engine=summary.engine,
            games=summary.games,
            wins=me.wins.count,
            win_rate=me.wins.rate,
            ci95=(lo, hi),
            mean_score=me.score.mean,
            score_ci95=(finite(me.score.lo), finite(me.score.hi)),
            run_id=summary.run_id,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "cell": self.index,
            "values": dict(self.values),
            "engine": self.engine,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": list(self.ci95),
            "mean_score": self.mean_score,
            "mean_score_ci95": list(self.score_ci95),
            "run_id": self.run_id,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CellResult:
        lo, hi = data["win_rate_ci95"]
        slo, shi = data["mean_score_ci95"]
        return cls(
            index=int(data["cell"]),
            values=tuple((str(k), str(v)) for k, v in data["values"].items()),
            engine=str(data["engine"]),
            games=int(data["games"]),
            wins=None if data["wins"] is None else int(data["wins"]),
            win_rate=float(data["win_rate"]),
            ci95=(float(lo), float(hi)),
            mean_score=None if data["mean_score"] is None else float(data["mean_score"]),
            score_ci95=(slo, shi),
            run_id=data.get("run_id"),
        )


@dataclass(frozen=True)
class Crossing:
    """Where the win rate crosses a target along a numeric option.

    ``value`` interpolates linearly between the two cells around the
    crossing; ``lo`` and ``hi`` bound the values where the target lies
    within the cells' 95% band (interpolated the same way), so the
    crossing is somewhere in ``[lo, hi]``; ``None`` where the band leaves
    the swept range still containing the target (the bound lies beyond).
    """

    target: float
    value: float
    lo: float | None
    hi: float | None
    between: tuple[str, str]

    def sentence(self, key: str, who: str = "win rate") -> str:
        lo = "below the swept range" if self.lo is None else _num(self.lo)
        hi = "beyond the swept range" if self.hi is None else _num(self.hi)
        exact = self.lo == self.hi == self.value
        band = "exact values" if exact else f"95% interval {lo} to {hi}"
        return (
            f"The {who} crosses {self.target:.1%} at {key} = {_num(self.value)} "
            f"(between {self.between[0]} and {self.between[1]}; {band})."
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "value": self.value,
            "ci95": [self.lo, self.hi],
            "between": list(self.between),
        }


def _num(x: float) -> str:
    return f"{x:.3g}" if abs(x) < 1000 else f"{x:,.0f}"


def crossings(
    xs: Sequence[float],
    rates: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    target: float,
    labels: Sequence[str] | None = None,
) -> list[Crossing]:
    """Every place the piecewise-linear win rate through ``(xs, rates)``
    (``xs`` increasing) meets ``target``, each with the stretch of ``x``
    around it where the band ``lows``..``highs`` (interpolated the same
    way) still holds the target.

    >>> exact = [0.2, 0.4, 0.8]
    >>> [c.value for c in crossings([1, 2, 3], exact, exact, exact, 0.5)]
    [2.25]
    >>> c = crossings([0, 10], [0.4, 0.6], [0.35, 0.55], [0.45, 0.65], 0.5)[0]
    >>> round(c.value, 6), round(c.lo, 6), round(c.hi, 6)
    (5.0, 2.5, 7.5)
    """
    n = len(xs)
    names = list(labels) if labels is not None else [_num(x) for x in xs]
    out: list[Crossing] = []
    for i in range(n):
        a = rates[i] - target
        if a == 0:
            if i > 0 and rates[i - 1] == target:
                continue  # a flat stretch on the target counts once
            seg, t = (i, 0.0) if i + 1 < n else (i - 1, 1.0)
            value, between = xs[i], (names[i], names[i])
        elif i + 1 < n and rates[i + 1] != target and (a < 0) != (rates[i + 1] < target):
            seg, t = i, a / (a - (rates[i + 1] - target))
            value, between = xs[i] + t * (xs[i + 1] - xs[i]), (names[i], names[i + 1])
        else:
            continue
        if n == 1:
            out.append(Crossing(target, value, None, None, between))
            continue
        lo, hi = _band_around(xs, lows, highs, target, seg, t)
        out.append(Crossing(target, value, lo, hi, between))
    return out


def _band_in_segment(
    l0: float, l1: float, h0: float, h1: float, target: float
) -> tuple[float, float] | None:
    """The stretch ``[t0, t1]`` of a segment (``t`` from 0 to 1) where the
    interpolated band holds ``target``: low <= target <= high."""
    t0, t1 = 0.0, 1.0
    for a, b in ((l0 - target, l1 - target), (target - h0, target - h1)):
        # Need a + t (b - a) <= 0.
        if a <= 0 and b <= 0:
            continue
        if a > 0 and b > 0:
            return None
        t = a / (a - b)
        if a > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    return (t0, t1) if t0 <= t1 else None


def _band_around(
    xs: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    target: float,
    seg: int,
    t: float,
) -> tuple[float | None, float | None]:
    """The ends of the band's stretch holding ``target`` around the point
    ``t`` of segment ``seg``; ``None`` where it runs past the swept range."""

    def span(k: int) -> tuple[float, float] | None:
        return _band_in_segment(lows[k], lows[k + 1], highs[k], highs[k + 1], target)

    def at(k: int, u: float) -> float:
        return xs[k] + u * (xs[k + 1] - xs[k])

    here = span(seg) or (t, t)
    lo: float | None = at(seg, here[0])
    k = seg
    while lo is not None and here[0] == 0.0:
        k -= 1
        before = span(k) if k >= 0 else None
        if k < 0:
            lo = None
        elif before is None or before[1] < 1.0:
            break
        else:
            here = before
            lo = at(k, here[0])
    here = span(seg) or (t, t)
    hi: float | None = at(seg, here[1])
    k = seg
    while hi is not None and here[1] == 1.0:
        k += 1
        after = span(k) if k < len(xs) - 1 else None
        if k >= len(xs) - 1:
            hi = None
        elif after is None or after[0] > 0.0:
            break
        else:
            here = after
            hi = at(k, here[1])
    return lo, hi


@dataclass(frozen=True)
class SweepResult:
    """A finished sweep: its grid and what each cell came to."""

    game: str
    fixed: tuple[str, ...]
    axes: tuple[Axis, ...]
    seats: tuple[str, ...]
    games: int
    seed: int
    exact: bool
    cells: tuple[CellResult, ...]
    sweep_id: str | None = None

    @property
    def engines(self) -> list[str]:
        return sorted({c.engine for c in self.cells})

    def crossings(self, target: float) -> list[Crossing]:
        """Where the win rate crosses ``target`` along the one varied
        option, which must be numeric."""
        if len(self.axes) != 1:
            raise SaloonError("--target needs exactly one varied option")
        axis = self.axes[0]
        xs = axis.numbers
        if xs is None:
            raise SaloonError(f"--target needs a numeric varied option; {axis.key} is not")
        if not 0 <= target <= 1:
            raise SaloonError(f"--target is a win rate from 0 to 1, not {target}")
        order = sorted(range(len(xs)), key=lambda k: xs[k])
        cs = [self.cells[k] for k in order]
        return crossings(
            [xs[k] for k in order],
            [c.win_rate for c in cs],
            [c.ci95[0] for c in cs],
            [c.ci95[1] for c in cs],
            target,
            [axis.values[k] for k in order],
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SweepResult:
        """A sweep from :meth:`to_dict`'s JSON (``saloon sweep --json``)."""
        try:
            return cls(
                game=str(data["game"]),
                fixed=tuple(str(p) for p in data["fixed"]),
                axes=tuple(Axis(str(k), tuple(map(str, v))) for k, v in data["vary"].items()),
                seats=tuple(str(s) for s in data["seats"]),
                games=int(data["games"]),
                seed=int(data["seed"]),
                exact=bool(data["exact"]),
                cells=tuple(CellResult.from_dict(c) for c in data["cells"]),
                sweep_id=data.get("run_id"),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaloonError(f"not a sweep's JSON: {exc}") from exc

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "fixed": list(self.fixed),
            "vary": {a.key: list(a.values) for a in self.axes},
            "seats": list(self.seats),
            "games": self.games,
            "seed": self.seed,
            "exact": self.exact,
            "engines": self.engines,
            "cells": [c.to_dict() for c in self.cells],
        }


# -- running -------------------------------------------------------------------------------


def _params(fixed: Sequence[str], axes: Sequence[Axis], exact: bool, engine: str) -> dict[str, Any]:
    return {
        "fixed": list(fixed),
        "vary": [[a.key, list(a.values)] for a in axes],
        "exact": exact,
        "engine": engine,
    }


def sweep(
    game: Game | str,
    fixed: Sequence[str],
    axes: Sequence[Axis],
    seats: Sequence[str] = (),
    games: int = 1000,
    seed: int = 0,
    *,
    exact: bool = False,
    engine: str = "auto",
    executor: Executor | None = None,
    workers: int = 1,
    db: ResultsDB | None = None,
    run_id: str | None = None,
    progress: Progress | None = None,
    on_cell: Callable[[CellResult], None] | None = None,
) -> SweepResult:
    """Play (or, with ``exact``, solve) every cell of the grid ``axes`` over
    the ``fixed`` options, and gather the first seat's win rate in each.

    ``seats`` are agent specs, one per player, as for
    :func:`~saloon.analysis.simulate.simulate`, which plays each cell
    (``engine`` as there: ``auto`` takes the game's batch engine where it
    has one). With ``exact`` no games are played: each cell's value is the
    game's exact first-player win probability (:meth:`Game.solve`).

    With ``db`` the sweep is a run (kind ``sweep``) and each cell a run
    ``<sweep>.<k>``; a ``run_id`` naming a stored sweep with the same
    settings resumes it. ``progress`` hears (games done, games in all)
    over the whole sweep; ``on_cell`` hears each cell as it ends.
    """
    if isinstance(game, str):
        game = get_game(game)
    grid = cells(game, fixed, axes)
    specs = tuple(s.strip() for s in seats)
    if engine not in ENGINES:
        raise SaloonError(f"the engine is one of {', '.join(ENGINES)}, not {shown(engine)}")
    if exact:
        if specs:
            raise SaloonError("an exact sweep plays no games: drop --agent and --seat")
        if type(game).solve is Game.solve:
            raise SaloonError(f"{game.id} has no exact solver: drop --exact and play games")
        games = 0
    else:
        if not specs:
            raise SaloonError("say who plays: --agent SPEC (every seat) or --seat SPEC per seat")
        if games < 1:
            raise SaloonError("the number of games must be at least 1")
    if seed < 0:
        raise SaloonError("the seed must be a whole number of at least 0")
    for cell in grid:  # every cell, before any is played or solved
        check_cell(game, cell, specs)

    run: RunInfo | None = None
    params = _params(fixed, axes, exact, engine)
    if db is not None:
        if run_id is not None and db.has_run(run_id):
            run = db.run(run_id)
            _check_same_sweep(run, game.id, params, list(specs), seed, games)
            db.set_status(run.id, "running")
        else:
            run = db.create_run(
                "sweep",
                game.id,
                {k.strip(): v.strip() for k, _, v in (p.partition("=") for p in fixed)},
                list(specs),
                seed,
                games,
                {**params, "cells": len(grid)},
                run_id=run_id,
            )
    total = len(grid) * max(games, 1)
    results: list[CellResult] = []
    pool = None
    if executor is None and workers > 1:  # one pool for every cell
        pool = executor = process_pool(workers)
    try:
        if exact:
            results = _exact_cells(game, grid, db, run, executor, progress, on_cell)
        for cell in grid[len(results) :]:
            base = len(results) * max(games, 1)

            def cell_progress(done: int, _all: int, base: int = base) -> None:
                if progress is not None:
                    progress(base + done, total)

            cell_id = None if run is None else f"{run.id}.{cell.index}"
            if db is not None and cell_id is not None and _finished(db, cell_id):
                summary = run_summary(db, db.run(cell_id))  # a resumed sweep's done cell
                cell_progress(games, games)
            else:
                summary = simulate(
                    game,
                    cell.options,
                    specs,
                    games,
                    seed,
                    executor=executor,
                    workers=workers,
                    db=db,
                    run_id=cell_id,
                    progress=cell_progress,
                    engine=engine,
                )
            result = CellResult.of_summary(cell, summary)
            results.append(result)
            if on_cell is not None:
                on_cell(result)
    except BaseException:
        if db is not None and run is not None:
            db.mark_interrupted(run.id)
        raise
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    out = SweepResult(
        game=game.id,
        fixed=tuple(fixed),
        axes=tuple(axes),
        seats=specs,
        games=games,
        seed=seed,
        exact=exact,
        cells=tuple(results),
        sweep_id=None if run is None else run.id,
    )
    if db is not None and run is not None:
        db.set_status(run.id, "done", out.to_dict())
    return out


def _finished(db: ResultsDB, run_id: str) -> bool:
    return db.has_run(run_id) and db.run(run_id).status == "done"


def _solve(game: Game, options: Options) -> dict[str, Any]:
    solution = game.solve(options, cache=False)  # many variants, each solved once
    if solution is None or "first_player_win" not in solution:
        raise SaloonError(f"{game.id}'s solver gave no first-player win probability")
    return dict(solution)


def _exact_cells(
    game: Game,
    grid: Sequence[Cell],
    db: ResultsDB | None,
    run: RunInfo | None,
    executor: Executor | None,
    progress: Progress | None,
    on_cell: Callable[[CellResult], None] | None,
) -> list[CellResult]:
    """Every cell solved: the first player's exact win probability, each
    stored as a run of kind ``exact`` (solved once, read back on a resume).
    With an executor the cells are solved side by side."""
    solved: dict[int, dict[str, Any]] = {}
    ids = {c.index: None if run is None else f"{run.id}.{c.index}" for c in grid}
    for cell in grid:
        cell_id = ids[cell.index]
        if db is not None and cell_id is not None and db.has_run(cell_id):
            stored = db.run(cell_id)
            if stored.status == "done" and stored.summary is not None:
                solved[cell.index] = stored.summary
    todo = [c for c in grid if c.index not in solved]
    if executor is not None:
        futures = {c.index: executor.submit(_solve, game, c.options) for c in todo}
        answers = ((c, futures[c.index].result) for c in todo)
    else:
        answers = ((c, partial(_solve, game, c.options)) for c in todo)
    out: list[CellResult] = []
    done = len(solved)
    if progress is not None:
        progress(done, len(grid))
    for cell, answer in answers:
        cell_id = ids[cell.index]
        if db is not None and cell_id is not None and not db.has_run(cell_id):
            db.create_run("exact", game.id, cell.options.to_dict(), [], 0, 0, run_id=cell_id)
        value = {k: v for k, v in answer().items() if k not in ("cached", "elapsed", "seconds")}
        solved[cell.index] = value
        if db is not None and cell_id is not None:
            db.set_status(cell_id, "done", value)
        done += 1
        if progress is not None:
            progress(done, len(grid))
    for cell in grid:
        p = float(solved[cell.index]["first_player_win"])
        result = CellResult(
            index=cell.index,
            values=cell.values,
            engine="exact",
            games=0,
            wins=None,
            win_rate=p,
            ci95=(p, p),
            run_id=ids[cell.index],
        )
        out.append(result)
        if on_cell is not None:
            on_cell(result)
    return out


def _check_same_sweep(
    run: RunInfo, game: str, params: dict[str, Any], seats: list[str], seed: int, games: int
) -> None:
    """Refuse to continue a sweep with other settings than it was made with."""
    if run.kind != "sweep":
        raise SaloonError(f"run {run.id} is an {run.kind} run, not a sweep; give a new run id")
    stored = {k: run.params.get(k) for k in params}
    theirs = (run.game, stored, run.seats, run.seed, run.games)
    mine = (game, params, seats, seed, games)
    names = ("game", "settings", "seats", "seed", "games")
    for name, a, b in zip(names, theirs, mine, strict=True):
        if a != b:
            raise SaloonError(
                f"sweep {run.id} was made with {name} {a!r}, not {b!r}; "
                "resume it as it was, or give a new run id"
            )


def sweep_from_db(db: ResultsDB, sweep_id: str) -> dict[str, Any]:
    """The arguments of :func:`sweep` that resume the stored sweep ``sweep_id``."""
    run = db.run(sweep_id)
    if run.kind != "sweep":
        raise SaloonError(f"run {sweep_id} is an {run.kind} run, not a sweep")
    p = run.params
    return {
        "game": get_game(run.game),
        "fixed": list(p["fixed"]),
        "axes": [Axis(str(k), tuple(str(v) for v in vs)) for k, vs in p["vary"]],
        "seats": list(run.seats),
        "games": run.games,
        "seed": run.seed,
        "exact": bool(p["exact"]),
        "engine": str(p["engine"]),
        "run_id": run.id,
    }
