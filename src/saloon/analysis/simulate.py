"""Simulation: N games of one seating, in parallel, reproducible, summarized.

Game ``i`` of a run with seed ``s`` is seeded by the ``i``-th child of
``numpy.random.SeedSequence(s)`` (that is ``SeedSequence(s).spawn(N)[i]``,
built directly as ``SeedSequence(s, spawn_key=(i,))``): the child gives the
dice seed and one seed per seat. So game ``i`` is the same game whatever
runs it: one process, a pool of any size, a Dask cluster, or a resumed run.
The games run in chunks (tasks of a few hundred game indices) on any
:class:`concurrent.futures.Executor`, and the summary is computed from the
games in index order, so it is bit-identical whatever the parallelism.

>>> summary = simulate("shootout", None, ["random", "random"], games=20, seed=7)
>>> summary.games, len(summary.per_seat), summary.per_seat[0].wins.n
(20, 2, 20)
>>> summary.to_dict() == simulate("shootout", None, ["random"] * 2, 20, 7, workers=2).to_dict()
True
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

import numpy as np

from saloon.agents import make_agent, parse_spec
from saloon.analysis.db import GameRow, ResultsDB, RunInfo
from saloon.analysis.pool import process_pool
from saloon.analysis.stats import Distribution, Proportion, finite
from saloon.core.dice import RandomDice
from saloon.core.errors import SaloonError, shown
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.record import GameRecord
from saloon.core.registry import get_game
from saloon.core.state import CHANCE, State
from saloon.core.tally import BatchEngine, Tally

__all__ = [
    "GameRow",
    "Progress",
    "SeatStats",
    "Summary",
    "game_seeds",
    "play_game",
    "run_chunks",
    "simulate",
    "summarize",
    "summarize_tally",
]

#: Called as games finish with (games done, games in all).
Progress = Callable[[int, int], None]

T = TypeVar("T")
R = TypeVar("R")

#: Games per task when none is given: big enough that pickling is noise.
DEFAULT_CHUNK = 250


# -- one game ------------------------------------------------------------------------------


def game_seeds(seed: int, index: int, seats: int) -> tuple[int, list[int]]:
    """The dice seed and each seat's agent seed of game ``index`` of a run.

    They come from the ``index``-th child of ``SeedSequence(seed)``, as
    63-bit integers (so they fit a database integer and replay as ``RandomDice(seed)``).

    >>> import numpy as np
    >>> child = np.random.SeedSequence(5).spawn(3)[2]
    >>> words = child.generate_state(3, dtype=np.uint64)
    >>> game_seeds(5, 2, 2) == (int(words[0] >> 1), [int(w >> 1) for w in words[1:]])
    True
    """
    words = np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(
        1 + seats, dtype=np.uint64
    )
    ints = [int(w >> np.uint64(1)) for w in words]
    return ints[0], ints[1:]


def play_game(
    game: Game,
    options: Options,
    specs: Sequence[str],
    index: int,
    dice_seed: int,
    agent_seeds: Sequence[int],
    keep_record: bool = False,
) -> GameRow:
    """Play one batch game quietly (no log sentences) and describe it.

    Every agent's action is checked (:meth:`State.apply`); chance outcomes
    come from the game's own sampler, so they are applied without the check.
    """
    seats = [make_agent(spec, game, seed=s) for spec, s in zip(specs, agent_seeds, strict=True)]
    dice = RandomDice(dice_seed)
    state = game.new_state(options, len(specs))
    state.quiet = True
    _play_out(game, options, state, seats, dice)
    result = state.result()
    record = None
    if keep_record:
        record = GameRecord.from_state(state, [s.name for s in seats], dice_seed).dumps()
    return GameRow(
        index=index,
        seats=tuple(specs),
        seed=dice_seed,
        returns=tuple(float(r) for r in result.returns),
        scores=tuple(float(s) for s in result.scores),
        winners=tuple(int(w) for w in result.winners),
        category=str(result.category),
        length=len(state.history),
        details=json.dumps(_jsonable(result.details), sort_keys=True),
        record=record,
    )


def _play_out(
    game: Game, options: Options, state: State, seats: Sequence[Any], dice: RandomDice
) -> None:
    limit = game.max_length(options)
    history = state.history
    rng = dice.rng
    while True:
        mover = state.to_move
        if mover is None:
            return
        if mover == CHANCE:
            outcome = state.sample_chance(rng)
            history.append((CHANCE, outcome))
            state.apply_unchecked(outcome)
        else:
            state.apply(seats[mover].choose(state))
        if len(history) > limit:
            raise RuntimeError(f"{game.id} exceeded its declared length bound {limit}")


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    return str(value)


def _play_chunk(
    game: Game,
    options: Options,
    specs: tuple[str, ...],
    seed: int,
    keep_records: bool,
    indices: Sequence[int],
) -> list[GameRow]:
    """A task: the games ``indices`` of a run (runs in a worker)."""
    out = []
    for i in indices:
        dice_seed, agent_seeds = game_seeds(seed, i, len(specs))
        out.append(play_game(game, options, specs, i, dice_seed, agent_seeds, keep_records))
    return out


# -- running tasks on an executor ----------------------------------------------------------


def chunked(items: Sequence[T], size: int) -> list[list[T]]:
    """``items`` in consecutive lists of ``size``.

    >>> chunked([1, 2, 3, 4, 5], 2)
    [[1, 2], [3, 4], [5]]
    """
    return [list(items[k : k + size]) for k in range(0, len(items), size)]


def chunk_size_for(games: int, workers: int, chunk_size: int | None = None) -> int:
    """A task size: ``chunk_size`` if given, else enough tasks to keep
    ``workers`` busy (8 each) but at most :data:`DEFAULT_CHUNK` games a task."""
    if chunk_size is not None:
        if chunk_size < 1:
            raise SaloonError("the chunk size must be at least 1")
        return chunk_size
    return max(1, min(DEFAULT_CHUNK, math.ceil(games / (max(1, workers) * 8))))


def run_chunks(
    task: Callable[[list[T]], R],
    chunks: Sequence[list[T]],
    on_done: Callable[[R], None],
    *,
    executor: Executor | None = None,
    workers: int = 1,
) -> None:
    """Run ``task`` on every chunk and hand each result to ``on_done`` as it
    finishes (in any order).

    With an ``executor`` the tasks go there (it is left open); else with
    ``workers`` > 1 a process pool of that size runs them; else they run
    here, in order. At most a few tasks per worker are in flight at once, so
    millions of games need no more memory than a few chunks. The pool's
    workers die with this process, whatever kills it
    (:func:`~saloon.analysis.pool.process_pool`).
    """
    if executor is None and workers <= 1:
        for chunk in chunks:
            on_done(task(chunk))
        return
    if executor is None:
        with process_pool(workers) as pool:
            _pump(pool, task, chunks, on_done, window=4 * workers)
        return
    _pump(executor, task, chunks, on_done, window=max(8, 4 * workers))


def _pump(
    executor: Executor,
    task: Callable[[list[T]], R],
    chunks: Sequence[list[T]],
    on_done: Callable[[R], None],
    window: int,
) -> None:
    pending: set[Future[R]] = set()
    todo = iter(chunks)
    try:
        while True:
            while len(pending) < window:
                chunk = next(todo, None)
                if chunk is None:
                    break
                pending.add(executor.submit(task, chunk))
            if not pending:
                return
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                on_done(future.result())
    finally:
        for future in pending:
            future.cancel()


# -- the summary ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatStats:
    """One seat over a run: its wins, its scores and its returns."""

    seat: int
    agent: str
    wins: Proportion
    score: Distribution
    returns: Distribution

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "agent": self.agent,
            "wins": self.wins.count,
            "win_rate": self.wins.rate,
            "win_rate_ci95": self.wins.ci95,
            "mean_score": self.score.mean,
            "mean_score_ci95": [finite(self.score.lo), finite(self.score.hi)],
            "score": self.score.to_dict(),
            "mean_return": self.returns.mean,
        }


@dataclass(frozen=True)
class Summary:
    """What a run of games came to (JSON-able through :meth:`to_dict`).

    For a solo game the one seat's figures are also at the top level
    (``win_rate``, ``mean_score``...); for a multi-player game they are per
    seat, with ``draws``: games without a sole winner (nobody won, or
    several players did).
    """

    game: str
    options: dict[str, Any]
    seats: list[str]
    seed: int
    requested: int
    games: int
    per_seat: list[SeatStats]
    draws: int
    length: Distribution
    categories: dict[str, int]
    run_id: str | None = field(default=None, compare=False)
    #: What played the games: ``reference`` (the rules as written) or a
    #: batch engine's name (:mod:`saloon.core.tally`).
    engine: str = "reference"

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-able values (the run id is not part of it)."""
        out: dict[str, Any] = {
            "game": self.game,
            "options": self.options,
            "seats": list(self.seats),
            "players": len(self.seats),
            "seed": self.seed,
            "requested": self.requested,
            "games": self.games,
            "complete": self.games == self.requested,
        }
        if self.solo:
            me = self.per_seat[0]
            out.update(
                {
                    "wins": me.wins.count,
                    "win_rate": me.wins.rate,
                    "win_rate_ci95": me.wins.ci95,
                    "mean_score": me.score.mean,
                    "mean_score_ci95": [finite(me.score.lo), finite(me.score.hi)],
                    "score": me.score.to_dict(),
                }
            )
        else:
            out["per_seat"] = [s.to_dict() for s in self.per_seat]
            out["draws"] = self.draws
        out["mean_length"] = self.length.mean
        out["length"] = self.length.to_dict()
        out["categories"] = dict(self.categories)
        out["engine"] = self.engine
        return out


def summarize(
    rows: Sequence[GameRow],
    game: str,
    options: dict[str, Any],
    seats: Sequence[str],
    seed: int,
    requested: int | None = None,
    run_id: str | None = None,
) -> Summary:
    """The summary of ``rows`` (taken in index order, whatever order they come in)."""
    if not rows:
        raise SaloonError("no games to summarize")
    ordered = sorted(rows, key=lambda r: r.index)
    n = len(seats)
    per_seat = []
    for k in range(n):
        per_seat.append(
            SeatStats(
                seat=k,
                agent=seats[k],
                wins=Proportion(sum(1 for r in ordered if k in r.winners), len(ordered)),
                score=Distribution.of([r.scores[k] for r in ordered]),
                returns=Distribution.of([r.returns[k] for r in ordered]),
            )
        )
    counts = Counter(r.category for r in ordered)
    categories = dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    return Summary(
        game=game,
        options=dict(options),
        seats=list(seats),
        seed=seed,
        requested=len(ordered) if requested is None else requested,
        games=len(ordered),
        per_seat=per_seat,
        draws=sum(1 for r in ordered if len(r.winners) != 1) if n > 1 else 0,
        length=Distribution.of([r.length for r in ordered]),
        categories=categories,
        run_id=run_id,
    )


def summarize_tally(
    tally: Tally,
    game: str,
    options: dict[str, Any],
    seats: Sequence[str],
    seed: int,
    requested: int | None = None,
    run_id: str | None = None,
) -> Summary:
    """The summary of games a batch engine tallied: the same figures
    :func:`summarize` gives for the same games played one by one."""
    if tally.games < 1:
        raise SaloonError("no games to summarize")
    if len(tally.wins) != len(seats):
        raise SaloonError(f"a tally of {len(tally.wins)} seats for {len(seats)} agents")

    def dist(hist: dict[str, int]) -> Distribution:
        return Distribution.of_counts({float(v): c for v, c in hist.items()})

    per_seat = [
        SeatStats(
            seat=k,
            agent=seats[k],
            wins=Proportion(tally.wins[k], tally.games),
            score=dist(tally.scores[k]),
            returns=dist(tally.returns[k]),
        )
        for k in range(len(seats))
    ]
    categories = dict(sorted(tally.categories.items(), key=lambda kv: (-kv[1], kv[0])))
    return Summary(
        game=game,
        options=dict(options),
        seats=list(seats),
        seed=seed,
        requested=tally.games if requested is None else requested,
        games=tally.games,
        per_seat=per_seat,
        draws=tally.draws if len(seats) > 1 else 0,
        length=dist(tally.lengths),
        categories=categories,
        run_id=run_id,
    )


def run_summary(db: ResultsDB, run: RunInfo) -> Summary:
    """The summary of a stored simulation run, from its games in the database."""
    if run.kind != "simulate":
        raise SaloonError(f"run {run.id} is an {run.kind} run, not a simulation")
    engine = str(run.params.get("engine", "reference"))
    if engine != "reference":
        tallies = list(db.tallies(run.id).values())
        if not tallies:
            raise SaloonError(f"run {run.id} has no games yet")
        total = sum(tallies[1:], tallies[0])
        summary = summarize_tally(
            total, run.game, run.options, run.seats, run.seed, run.games, run.id
        )
        return dataclasses.replace(summary, engine=engine)
    return summarize(
        db.game_rows(run.id), run.game, run.options, run.seats, run.seed, run.games, run.id
    )


# -- the library entry point ---------------------------------------------------------------


#: Games a block of a batch engine's run: a block is a task and a stored
#: tally. Fixed, so that a resumed run cuts its games into the same blocks.
BATCH_BLOCK = 20_000

#: The engines :func:`simulate` accepts: the reference rules, the game's
#: batch engine, or the batch engine when the game has one for the seating.
ENGINES = ("reference", "batch", "auto")


def simulate(
    game: Game | str,
    options: Options | None,
    seats: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    executor: Executor | None = None,
    workers: int = 1,
    db: ResultsDB | None = None,
    run_id: str | None = None,
    keep_records: bool = False,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    engine: str = "reference",
) -> Summary:
    """Play ``games`` games of ``game`` with ``seats`` (agent specs, one per
    player, as for :func:`~saloon.agents.make_agent`) and summarize them.

    The games run on ``executor`` if given (any :class:`concurrent.futures.Executor`,
    e.g. a Dask client's ``get_executor()``), else in a pool of ``workers``
    processes, else here. The same ``seed`` gives the same summary whatever
    runs the games.

    ``engine`` is ``"reference"`` (the rules as written, every action
    checked), ``"batch"`` (the game's batch engine for this seating, see
    :meth:`~saloon.core.game.Game.batch_engine`; an error if it has none) or
    ``"auto"`` (the batch engine if there is one, else the reference). The
    summary's ``engine`` says which ran. A batch engine's games are stored
    as tallies of blocks of :data:`BATCH_BLOCK` games, not one by one, and
    cannot keep records.

    With ``db`` every game is stored as it finishes, in the run ``run_id``
    (a new run, numbered, if ``None``). If ``run_id`` names a run already in
    ``db`` with the same settings, only its missing games are played: an
    interrupted run is resumed, and the summary (computed from the stored
    games) is the one an uninterrupted run gives. ``keep_records`` stores
    each game's full record too.
    """
    if isinstance(game, str):
        game = get_game(game)
    options = game.options(options)
    specs = tuple(s.strip() for s in seats)
    if games < 1:
        raise SaloonError("the number of games must be at least 1")
    lo, hi = game.player_range(options)
    if not lo <= len(specs) <= hi:
        players = str(lo) if lo == hi else f"{lo} to {hi}"
        raise SaloonError(f"{game.id} takes {players} players, not {len(specs)} seats")
    if seed < 0:
        raise SaloonError("the seed must be a whole number of at least 0")
    for spec in specs:  # fail early, here, on a bad spec
        make_agent(spec, game, seed=0, options=options)
    game.new_state(options, len(specs))  # and on a seat count the game refuses
    batch = _batch_engine(game, options, specs, engine)
    if batch is not None and keep_records:
        raise SaloonError("the batch engine keeps no game records: drop --records")
    engine_name = "reference" if batch is None else batch.name

    run: RunInfo | None = None
    if db is not None:
        if run_id is not None and db.has_run(run_id):
            run = db.run(run_id)
            _check_same(run, "simulate", game.id, options, list(specs), seed, games)
            stored = str(run.params.get("engine", "reference"))
            if stored != engine_name:
                raise SaloonError(
                    f"run {run.id} was played by the {stored} engine, not the {engine_name} "
                    "engine; resume it with the same engine, or give a new run id"
                )
            db.set_status(run.id, "running")
        else:
            params: dict[str, Any] = {"keep_records": keep_records}
            if batch is not None:
                params["engine"] = engine_name
            run = db.create_run(
                "simulate",
                game.id,
                options.to_dict(),
                list(specs),
                seed,
                games,
                params,
                run_id=run_id,
            )
    try:
        if batch is None:
            summary = _simulate_reference(
                game, options, specs, games, seed, executor, workers, db, run,
                keep_records, progress, chunk_size,
            )  # fmt: skip
        else:
            summary = _simulate_batch(
                game, options, specs, games, seed, batch, executor, workers, db, run, progress
            )
    except BaseException:
        if db is not None and run is not None:
            db.mark_interrupted(run.id)
        raise
    if db is not None and run is not None:
        db.set_status(run.id, "done", summary.to_dict())
    return summary


def _batch_engine(
    game: Game, options: Options, specs: tuple[str, ...], engine: str
) -> BatchEngine | None:
    if engine not in ENGINES:
        raise SaloonError(f"the engine is one of {', '.join(ENGINES)}, not {shown(engine)}")
    if engine == "reference":
        return None
    batch = game.batch_engine(options, [parse_spec(spec) for spec in specs])
    if batch is None and engine == "batch":
        what = game.batch_note or "none"
        raise SaloonError(
            f"{game.id} has no batch engine for {', '.join(specs)} here "
            f"(its batch engine: {what}); use --engine reference"
        )
    return batch


def _simulate_reference(
    game: Game,
    options: Options,
    specs: tuple[str, ...],
    games: int,
    seed: int,
    executor: Executor | None,
    workers: int,
    db: ResultsDB | None,
    run: RunInfo | None,
    keep_records: bool,
    progress: Progress | None,
    chunk_size: int | None,
) -> Summary:
    done = db.done_indices(run.id) if db is not None and run is not None else set()
    missing = [i for i in range(games) if i not in done]
    rows: list[GameRow] = []
    finished = len(done)
    if progress is not None:
        progress(finished, games)

    def on_done(batch: list[GameRow]) -> None:
        nonlocal finished
        if db is not None and run is not None:
            db.add_games(run.id, batch)
        else:
            rows.extend(batch)
        finished += len(batch)
        if progress is not None:
            progress(finished, games)

    size = chunk_size_for(len(missing), workers, chunk_size)
    task = partial(_play_chunk, game, options, specs, seed, keep_records)
    run_chunks(task, chunked(missing, size), on_done, executor=executor, workers=workers)
    if db is not None and run is not None:
        return run_summary(db, db.run(run.id))
    return summarize(rows, game.id, options.to_dict(), list(specs), seed, games)


def _play_block(engine: BatchEngine, seed: int, block: list[tuple[int, int]]) -> list[Any]:
    """A task: blocks ``(first, games)`` of a batch engine's run (runs in a worker)."""
    return [(first, engine.play(count, seed, first)) for first, count in block]


def _simulate_batch(
    game: Game,
    options: Options,
    specs: tuple[str, ...],
    games: int,
    seed: int,
    engine: BatchEngine,
    executor: Executor | None,
    workers: int,
    db: ResultsDB | None,
    run: RunInfo | None,
    progress: Progress | None,
) -> Summary:
    tallies: dict[int, Tally] = {}
    if db is not None and run is not None:
        tallies = db.tallies(run.id)
    blocks = [
        (first, min(BATCH_BLOCK, games - first))
        for first in range(0, games, BATCH_BLOCK)
        if first not in tallies
    ]
    finished = sum(t.games for t in tallies.values())
    if progress is not None:
        progress(finished, games)

    def on_done(batch: list[tuple[int, Tally]]) -> None:
        nonlocal finished
        for first, tally in batch:
            if db is not None and run is not None:
                db.add_tally(run.id, first, tally)
            tallies[first] = tally
            finished += tally.games
        if progress is not None:
            progress(finished, games)

    task = partial(_play_block, engine, seed)
    run_chunks(task, chunked(blocks, 1), on_done, executor=executor, workers=workers)
    total = sum((tallies[k] for k in sorted(tallies)[1:]), tallies[min(tallies)])
    summary = summarize_tally(
        total, game.id, options.to_dict(), list(specs), seed, games,
        run_id=None if run is None else run.id,
    )  # fmt: skip
    return dataclasses.replace(summary, engine=engine.name)


def _check_same(
    run: RunInfo,
    kind: str,
    game: str,
    options: Options,
    seats: list[str],
    seed: int,
    games: int,
) -> None:
    """Refuse to continue a run with other settings than it was made with."""
    theirs = (run.kind, run.game, run.options, run.seats, run.seed, run.games)
    mine = (kind, game, json.loads(json.dumps(options.to_dict())), seats, seed, games)
    names = ("kind", "game", "options", "seats", "seed", "games")
    for name, a, b in zip(names, theirs, mine, strict=True):
        if a != b:
            raise SaloonError(
                f"run {run.id} was made with {name} {a!r}, not {b!r}; "
                "resume it as it was, or give a new run id"
            )


def resume_args(run: RunInfo) -> dict[str, Any]:
    """The :func:`simulate` arguments that continue the stored run ``run``."""
    if run.kind != "simulate":
        raise SaloonError(f"run {run.id} is an {run.kind} run; resume it with its own command")
    game = get_game(run.game)
    return {
        "game": game,
        "options": game.options_from_dict(run.options),
        "seats": list(run.seats),
        "games": run.games,
        "seed": run.seed,
        "run_id": run.id,
        "keep_records": bool(run.params.get("keep_records", False)),
    }


def iter_wins(rows: Iterable[GameRow], seat: int = 0) -> list[int]:
    """1 for each game (in index order) that ``seat`` won, else 0."""
    return [1 if seat in r.winners else 0 for r in sorted(rows, key=lambda r: r.index)]
