"""The arena: agents against each other, win rates with confidence intervals.

Every pairing of the agents plays ``games_per_pairing`` games, seats
balanced (each agent is first in half of them). Every game is seeded from
:class:`numpy.random.SeedSequence` spawned in a fixed order (its dice and
both agents' seeds), so a run gives the same result whether it runs in one
process or in many.

>>> result = run_arena("shootout", None, ["random", "mcts:iterations=10"], 4, seed=1)
>>> [(p.a, p.b, p.games) for p in result.pairings]
[('random', 'mcts:iterations=10', 4)]
>>> sorted(result.ratings) == ['mcts:iterations=10', 'random']
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import combinations
from typing import Any

import numpy as np

from saloon.agents import make_agent
from saloon.analysis.db import GameRow, ResultsDB, RunInfo
from saloon.analysis.simulate import _jsonable, run_chunks
from saloon.analysis.stats import wilson_interval
from saloon.core.dice import RandomDice
from saloon.core.driver import play
from saloon.core.errors import SaloonError
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.registry import get_game

#: Called after each game with (games done, games in all).
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PairingResult:
    """One pairing: ``a`` against ``b``, from ``a``'s side (a draw counts half)."""

    a: str
    b: str
    games: int
    wins_a: int
    wins_b: int
    draws: int
    mean_length: float

    @property
    def score_a(self) -> float:
        """Wins of ``a``, a draw counting half."""
        return self.wins_a + 0.5 * self.draws

    @property
    def win_rate(self) -> float:
        """``a``'s share of the points."""
        return self.score_a / self.games if self.games else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`win_rate`."""
        return wilson_interval(self.score_a, self.games)

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {
            "a": self.a,
            "b": self.b,
            "games": self.games,
            "wins_a": self.wins_a,
            "wins_b": self.wins_b,
            "draws": self.draws,
            "win_rate": self.win_rate,
            "ci95": [lo, hi],
            "mean_length": self.mean_length,
        }


@dataclass(frozen=True)
class ArenaResult:
    """Every pairing's result and a Bradley–Terry rating per agent.

    ``ratings`` are on the Elo scale (400 points: odds of 10 to 1), averaging
    1500; they come from a Bradley–Terry fit with a light prior (one drawn
    game between every pair), so an unbeaten agent still gets a finite rating.
    """

    game: str
    options: dict[str, Any]
    agents: list[str]
    games_per_pairing: int
    seed: int
    pairings: list[PairingResult]
    ratings: dict[str, float]
    run_id: str | None = field(default=None, compare=False)
    """The stored run, when the games went to a results database."""

    def pairing(self, a: str, b: str) -> PairingResult:
        """The pairing of ``a`` and ``b``, seen from ``a``'s side."""
        for p in self.pairings:
            if (p.a, p.b) == (a, b):
                return p
            if (p.a, p.b) == (b, a):
                return PairingResult(b, a, p.games, p.wins_b, p.wins_a, p.draws, p.mean_length)
        raise KeyError(f"no pairing of {a!r} and {b!r}")

    def to_dict(self) -> dict[str, Any]:
        """Everything, as JSON-able values."""
        return {
            "game": self.game,
            "options": self.options,
            "agents": list(self.agents),
            "games_per_pairing": self.games_per_pairing,
            "seed": self.seed,
            "pairings": [p.to_dict() for p in self.pairings],
            "ratings": dict(self.ratings),
        }

    def to_markdown(self) -> str:
        """Two Markdown tables: the ratings, then every pairing."""
        lines = [
            f"Arena: {self.game}, {self.games_per_pairing} games per pairing, seed {self.seed}",
            "",
            "| agent | rating |",
            "|---|---:|",
        ]
        for name in sorted(self.ratings, key=lambda n: -self.ratings[n]):
            lines.append(f"| {name} | {self.ratings[name]:.0f} |")
        lines += [
            "",
            "| A | B | games | A wins | B wins | draws | A score | 95% CI |",
            "|---|---|---:|---:|---:|---:|---:|---|",
        ]
        for p in self.pairings:
            lo, hi = p.interval
            lines.append(
                f"| {p.a} | {p.b} | {p.games} | {p.wins_a} | {p.wins_b} | {p.draws} "
                f"| {p.win_rate:.1%} | {lo:.1%} – {hi:.1%} |"
            )
        return "\n".join(lines)


@dataclass(frozen=True)
class _Task:
    index: int
    pairing: int
    first: str  # spec of the agent in seat 0
    second: str
    a_first: bool
    dice: np.random.SeedSequence
    seed_first: int
    seed_second: int


def _play_tasks(game: Game, options: Options, tasks: Sequence[_Task]) -> list[GameRow]:
    """Play each task (in a worker); one stored row per game."""
    out = []
    for t in tasks:
        seats = [
            make_agent(t.first, game, seed=t.seed_first),
            make_agent(t.second, game, seed=t.seed_second),
        ]
        state = game.new_state(options, 2)
        state.quiet = True
        record = play(game, options, seats, RandomDice(t.dice), state=state)
        result = state.result()
        out.append(
            GameRow(
                index=t.index,
                seats=(t.first, t.second),
                seed=None,
                returns=tuple(float(r) for r in result.returns),
                scores=tuple(float(x) for x in result.scores),
                winners=tuple(int(w) for w in result.winners),
                category=str(result.category),
                length=len(record.moves),
                details=json.dumps(_jsonable(result.details), sort_keys=True),
            )
        )
    return out


def _outcome(task: _Task, row: GameRow) -> int:
    """For the pairing's first agent ``a``: 1 a win, 0 a draw, -1 a loss."""
    winners = set(row.winners)
    a_seat = 0 if task.a_first else 1
    a_won, b_won = a_seat in winners, (1 - a_seat) in winners
    return 1 if a_won and not b_won else -1 if b_won and not a_won else 0


def _tasks(specs: Sequence[str], games_per_pairing: int, seed: int) -> list[_Task]:
    pairs = list(combinations(range(len(specs)), 2))
    tasks: list[_Task] = []
    for k, (pair_seq, (i, j)) in enumerate(
        zip(np.random.SeedSequence(seed).spawn(len(pairs)), pairs, strict=True)
    ):
        for g, game_seq in enumerate(pair_seq.spawn(games_per_pairing)):
            dice, s_first, s_second = game_seq.spawn(3)
            a_first = g % 2 == 0
            first, second = (specs[i], specs[j]) if a_first else (specs[j], specs[i])
            tasks.append(
                _Task(
                    index=len(tasks),
                    pairing=k,
                    first=first,
                    second=second,
                    a_first=a_first,
                    dice=dice,
                    seed_first=int(s_first.generate_state(1)[0]),
                    seed_second=int(s_second.generate_state(1)[0]),
                )
            )
    return tasks


def run_arena(
    game: Game | str,
    options: Options | None,
    specs: list[str],
    games_per_pairing: int,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    *,
    executor: Executor | None = None,
    db: ResultsDB | None = None,
    run_id: str | None = None,
    chunk_size: int | None = None,
) -> ArenaResult:
    """Play every pairing of the agents ``specs`` (as for ``make_agent``).

    Each pairing plays ``games_per_pairing`` games, the first agent of the
    pair in seat 0 in half of them (the extra game of an odd count too).
    Game ``g`` of pairing ``k`` is seeded by
    ``SeedSequence(seed).spawn(pairings)[k].spawn(games_per_pairing)[g]``
    (its three children: the dice and the two seats). With ``workers`` > 1
    the games run in that many processes, or on ``executor`` if one is
    given (a Dask client's, say); the result is the same.

    With ``db`` every game is stored, in an ``arena`` run (``run_id``, or
    the next number); naming a stored arena run with the same settings
    plays only its missing games.
    """
    if isinstance(game, str):
        game = get_game(game)
    options = game.options(options)
    lo, hi = game.player_range(options)
    if not lo <= 2 <= hi:
        raise SaloonError(f"the arena pairs agents in two-player games; {game.id} is not one")
    if len(specs) < 2:
        raise SaloonError("the arena needs at least two agents")
    if games_per_pairing < 1:
        raise SaloonError("games_per_pairing must be at least 1")
    specs = [s.strip() for s in specs]
    for spec in specs:  # fail early, in this process, on a bad spec
        make_agent(spec, game, seed=0, options=options)
    tasks = _tasks(specs, games_per_pairing, seed)
    total = len(tasks)

    run: RunInfo | None = None
    done_before: set[int] = set()
    if db is not None:
        params = {"games_per_pairing": games_per_pairing}
        if run_id is not None and db.has_run(run_id):
            run = db.run(run_id)
            mine = ("arena", game.id, json.loads(json.dumps(options.to_dict())), specs, seed)
            theirs = (run.kind, run.game, run.options, run.seats, run.seed)
            if mine != theirs or run.params != params:
                raise SaloonError(
                    f"run {run_id} was made with other settings; resume it as it was, "
                    "or give a new run id"
                )
            done_before = db.done_indices(run.id)
            db.set_status(run.id, "running")
        else:
            run = db.create_run(
                "arena", game.id, options.to_dict(), specs, seed, total, params, run_id
            )

    rows: dict[int, GameRow] = {}
    done = len(done_before)

    def on_done(batch: list[GameRow]) -> None:
        nonlocal done
        if db is not None and run is not None:
            db.add_games(run.id, batch)
        for row in batch:
            rows[row.index] = row
            done += 1
            if progress is not None:
                progress(done, total)

    todo = [t for t in tasks if t.index not in done_before]
    if executor is None and workers <= 1:
        size = 1
    else:
        size = chunk_size or max(1, math.ceil(len(todo) / (max(workers, 1) * 8)))
    batches = [todo[n : n + size] for n in range(0, len(todo), size)]
    try:
        run_chunks(
            partial(_play_tasks, game, options),
            batches,
            on_done,
            executor=executor,
            workers=workers,
        )
    except BaseException:
        if db is not None and run is not None:
            db.mark_interrupted(run.id)
        raise
    if db is not None and run is not None:
        rows = {r.index: r for r in db.game_rows(run.id)}
    result = _result(game.id, options.to_dict(), specs, games_per_pairing, seed, tasks, rows)
    if db is not None and run is not None:
        db.set_status(run.id, "done", result.to_dict())
        result = replace(result, run_id=run.id)
    return result


def arena_from_db(db: ResultsDB, run_id: str) -> ArenaResult:
    """The result of a stored arena run, from its games in the database."""
    run = db.run(run_id)
    if run.kind != "arena":
        raise SaloonError(f"run {run.id} is a {run.kind} run, not an arena")
    gpp = int(run.params["games_per_pairing"])
    tasks = _tasks(run.seats, gpp, run.seed)
    rows = {r.index: r for r in db.game_rows(run.id)}
    result = _result(run.game, run.options, run.seats, gpp, run.seed, tasks, rows)
    return replace(result, run_id=run.id)


def _result(
    game: str,
    options: dict[str, Any],
    specs: Sequence[str],
    games_per_pairing: int,
    seed: int,
    tasks: Sequence[_Task],
    rows: dict[int, GameRow],
) -> ArenaResult:
    labels = _labels(specs)
    pairings: list[PairingResult] = []
    for k, (i, j) in enumerate(combinations(range(len(specs)), 2)):
        mine = [(t, rows[t.index]) for t in tasks if t.pairing == k and t.index in rows]
        outcomes = [_outcome(t, r) for t, r in mine]
        lengths = [r.length for _, r in mine]
        pairings.append(
            PairingResult(
                a=labels[i],
                b=labels[j],
                games=len(mine),
                wins_a=outcomes.count(1),
                wins_b=outcomes.count(-1),
                draws=outcomes.count(0),
                mean_length=sum(lengths) / len(lengths) if lengths else math.nan,
            )
        )
    return ArenaResult(
        game=game,
        options=options,
        agents=labels,
        games_per_pairing=games_per_pairing,
        seed=seed,
        pairings=pairings,
        ratings=bradley_terry(labels, pairings),
    )


def _labels(specs: Sequence[str]) -> list[str]:
    """The specs, made distinct (``random``, ``random#2``...)."""
    out: list[str] = []
    for spec in specs:
        label = spec.strip()
        n = 1
        while label in out:
            n += 1
            label = f"{spec.strip()}#{n}"
        out.append(label)
    return out


def bradley_terry(
    agents: Sequence[str], pairings: Sequence[PairingResult], prior: float = 1.0
) -> dict[str, float]:
    """Bradley–Terry strengths, fitted by minorization-maximization (Hunter
    2004), on the Elo scale averaging 1500; ``prior`` drawn games are added
    to every pairing that played.

    >>> p = PairingResult("a", "b", 20, 15, 5, 0, 10.0)
    >>> r = bradley_terry(["a", "b"], [p], prior=0.0)
    >>> round(r["a"] - r["b"])  # odds of 3 to 1
    191
    """
    index = {a: k for k, a in enumerate(agents)}
    n = len(agents)
    wins = np.zeros((n, n))
    for p in pairings:
        if p.games == 0:
            continue
        i, j = index[p.a], index[p.b]
        wins[i, j] += p.score_a + prior / 2
        wins[j, i] += p.wins_b + 0.5 * p.draws + prior / 2
    games = wins + wins.T
    total_wins = wins.sum(axis=1)
    strength = np.ones(n)
    for _ in range(10_000):
        denom = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = np.where(denom > 0, total_wins / np.where(denom > 0, denom, 1.0), 1.0)
        new = np.maximum(new, 1e-300)
        new /= math.exp(float(np.mean(np.log(new))))
        converged = float(np.max(np.abs(np.log(new) - np.log(strength)))) < 1e-12
        strength = new
        if converged:
            break
    return {a: 1500.0 + 400.0 * math.log10(float(strength[index[a]])) for a in agents}
