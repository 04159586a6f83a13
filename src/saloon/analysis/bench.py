"""Benchmarks: how fast each game runs, through the contract only.

For each game (its default options):

* random playouts: transitions (actions plus chance outcomes) and games per
  second, with uniform random actions applied by the fast path
  (:meth:`State.apply_unchecked`);
* a fixed agent: whole batch games per second as :func:`simulate` plays
  them (the game's ``heuristic`` if it has one, else ``random``; every
  action checked);
* MCTS: Saloon's :class:`~saloon.agents.MCTSAgent` iterations per second on
  the decision states of a seeded random game, and OpenSpiel's Python
  ``MCTSBot`` (with ``RandomRolloutEvaluator``) on the same states through
  :mod:`saloon.adapters.openspiel`, at the same number of simulations, and
  the ratio;
* the exact solver, if the game has one: for each of its variants, the
  solve time the game reports (read from its cache when the solution is
  cached) and, for variants quick enough, a fresh solve in a new process
  with an empty cache (``SALOON_CACHE`` set to a new folder).

Figures are wall-clock and noisy on a shared machine; they are reported,
never asserted.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from saloon.agents import MCTSAgent
from saloon.analysis.simulate import game_seeds, play_game
from saloon.core.errors import SaloonError
from saloon.core.game import Game
from saloon.core.options import Options
from saloon.core.state import CHANCE, State

__all__ = ["GameBench", "bench_game", "machine_info"]


def machine_info() -> dict[str, Any]:
    """The machine the figures come from: CPU model, cores, Python, NumPy."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "system": platform.system(),
    }


@dataclass
class GameBench:
    """One game's figures (``None`` where a figure does not apply)."""

    game: str
    options: str
    seconds: float
    playout_transitions_per_s: float
    playout_games_per_s: float
    agent: str
    agent_games_per_s: float
    mcts_iterations: int
    mcts_iterations_per_s: float
    openspiel_iterations_per_s: float | None = None
    openspiel_note: str | None = None
    solves: list[dict[str, Any]] = field(default_factory=list)

    @property
    def mcts_ratio(self) -> float | None:
        """Saloon's MCTS iterations per second over OpenSpiel's."""
        if not self.openspiel_iterations_per_s:
            return None
        return self.mcts_iterations_per_s / self.openspiel_iterations_per_s

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "seconds": self.seconds,
            "playout_transitions_per_s": self.playout_transitions_per_s,
            "playout_games_per_s": self.playout_games_per_s,
            "agent": self.agent,
            "agent_games_per_s": self.agent_games_per_s,
            "mcts_iterations": self.mcts_iterations,
            "mcts_iterations_per_s": self.mcts_iterations_per_s,
            "openspiel_mcts_iterations_per_s": self.openspiel_iterations_per_s,
            "openspiel_note": self.openspiel_note,
            "mcts_ratio_saloon_over_openspiel": self.mcts_ratio,
            "solves": self.solves,
        }

    def rows(self) -> list[tuple[str, str]]:
        """(figure, value) lines for a table."""
        out = [
            ("random playouts: transitions/s", f"{self.playout_transitions_per_s:,.0f}"),
            ("random playouts: games/s", f"{self.playout_games_per_s:,.0f}"),
            (f"{self.agent} games/s (batch, checked)", f"{self.agent_games_per_s:,.1f}"),
            (
                f"Saloon MCTS iterations/s ({self.mcts_iterations} per search)",
                f"{self.mcts_iterations_per_s:,.0f}",
            ),
        ]
        if self.openspiel_iterations_per_s is not None:
            out.append(
                ("OpenSpiel MCTSBot iterations/s", f"{self.openspiel_iterations_per_s:,.0f}")
            )
            ratio = self.mcts_ratio
            out.append(("Saloon / OpenSpiel MCTS", "n/a" if ratio is None else f"{ratio:.1f}x"))
        elif self.openspiel_note:
            out.append(("OpenSpiel MCTSBot", self.openspiel_note))
        for s in self.solves:
            name = f"solve {s['variant']}"
            text = f"{s['seconds']:.2f} s" + (" (from cache)" if s["cached"] else " (fresh)")
            if s.get("fresh_seconds") is not None:
                text += f"; fresh {s['fresh_seconds']:.2f} s"
            out.append((name, text))
        return out


def _random_playouts(
    game: Game, options: Options, players: int, seconds: float
) -> tuple[float, float]:
    rng = np.random.default_rng(0)
    steps = games = 0
    began = time.perf_counter()
    while True:
        state = game.new_state(options, players)
        state.quiet = True
        while True:
            mover = state.to_move
            if mover is None:
                break
            if mover == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                n = len(legal)
                state.apply_unchecked(legal[int(rng.integers(n))] if n > 1 else legal[0])
            steps += 1
        games += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return steps / elapsed, games / elapsed


def _agent_games(game: Game, options: Options, spec: str, players: int, seconds: float) -> float:
    specs = [spec] * players
    games = 0
    began = time.perf_counter()
    while True:
        dice_seed, agent_seeds = game_seeds(0, games, players)
        play_game(game, options, specs, games, dice_seed, agent_seeds)
        games += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return games / elapsed


def decision_states(game: Game, options: Options, players: int, count: int = 8) -> list[State]:
    """Up to ``count`` decision states (two or more legal actions) met in
    random games (seeded), spread over the game, as benchmark positions."""
    rng = np.random.default_rng(2026)
    found: list[State] = []
    for _ in range(50):
        state = game.new_state(options, players)
        state.quiet = True
        seen: list[State] = []
        while not state.is_over:
            mover = state.to_move
            if mover == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                seen.append(state.clone())
            state.apply(legal[int(rng.integers(len(legal)))])
        step = max(1, len(seen) // max(1, count - len(found)))
        found.extend(seen[::step][: count - len(found)])
        if len(found) >= count:
            break
    return found


def _saloon_mcts(states: list[State], iterations: int, seconds: float) -> float:
    done = 0
    spent = 0.0
    k = 0
    while spent < seconds or done == 0:
        agent = MCTSAgent(iterations=iterations, seed=k)
        state = states[k % len(states)]
        began = time.perf_counter()
        agent.choose(state)
        spent += time.perf_counter() - began
        done += agent.last_iterations
        k += 1
    return done / spent


def _openspiel_mcts(
    game: Game,
    options: Options,
    players: int,
    states: list[State],
    iterations: int,
    seconds: float,
) -> float:
    from open_spiel.python.algorithms import mcts

    from saloon.adapters import openspiel as adapter

    os_game = adapter.load(game.id, options, num_players=players)
    enc = game.encoding(options, players)
    positions = []
    for state in states:
        os_state = os_game.new_initial_state()
        for by, action in state.history:
            at = adapter.saloon_state(os_state)
            ident = enc.outcome_id(at, action) if by == CHANCE else enc.action_id(at, action)
            os_state.apply_action(ident)
        positions.append(os_state)
    done = 0
    spent = 0.0
    k = 0
    while spent < seconds or done == 0:
        rs = np.random.RandomState(k)
        bot = mcts.MCTSBot(
            os_game,
            uct_c=1.4,
            max_simulations=iterations,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
            solve=False,
            random_state=rs,
        )
        position = positions[k % len(positions)]
        began = time.perf_counter()
        bot.step(position)
        spent += time.perf_counter() - began
        done += iterations
        k += 1
    return done / spent


_FRESH = """
import json, sys, time
from saloon.core import get_game
game = get_game(sys.argv[1])
options = game.options_from_dict(json.loads(sys.argv[2]))
began = time.perf_counter()
summary = game.solve(options)
print(json.dumps({"elapsed": time.perf_counter() - began, "cached": summary["cached"]}))
"""


def _solves(game: Game, fresh_limit: float) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name, options in game.variants().items():
        began = time.perf_counter()
        summary = game.solve(options)
        elapsed = time.perf_counter() - began
        if summary is None:
            return []
        seconds = float(summary.get("seconds", elapsed))
        row: dict[str, Any] = {
            "variant": name,
            "options": options.describe(),
            "seconds": seconds,
            "cached": bool(summary.get("cached", False)),
            "elapsed": elapsed,
            "fresh_seconds": None,
        }
        if not row["cached"]:
            row["fresh_seconds"] = elapsed
        elif seconds <= fresh_limit:
            row["fresh_seconds"] = _fresh_solve(game, options)
        out.append(row)
    return out


def _fresh_solve(game: Game, options: Options) -> float | None:
    """A solve in a new process with an empty cache folder (its wall time, or
    ``None`` if it could not be measured)."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "SALOON_CACHE": folder}
        try:
            done = subprocess.run(
                [sys.executable, "-c", _FRESH, game.id, json.dumps(options.to_dict())],
                capture_output=True,
                text=True,
                env=env,
                timeout=600,
                check=True,
            )
            data = json.loads(done.stdout.strip().splitlines()[-1])
        except (subprocess.SubprocessError, json.JSONDecodeError, IndexError):
            return None
    if data.get("cached"):
        return None
    return float(data["elapsed"])


def bench_game(
    game: Game,
    seconds: float = 2.0,
    mcts_iterations: int = 200,
    solve: bool = True,
    openspiel: bool = True,
    fresh_limit: float = 5.0,
) -> GameBench:
    """Measure ``game`` (default options, its least number of players)."""
    options = game.options(None)
    players = game.player_range(options)[0]
    transitions, playout_games = _random_playouts(game, options, players, seconds)
    spec = "heuristic" if "heuristic" in game.agents() else "random"
    agent_rate = _agent_games(game, options, spec, players, seconds)
    states = decision_states(game, options, players)
    if not states:
        raise SaloonError(f"{game.id}: no decision with two or more actions in 50 random games")
    saloon_rate = _saloon_mcts(states, mcts_iterations, seconds)
    result = GameBench(
        game=game.id,
        options=options.describe(),
        seconds=seconds,
        playout_transitions_per_s=transitions,
        playout_games_per_s=playout_games,
        agent=spec,
        agent_games_per_s=agent_rate,
        mcts_iterations=mcts_iterations,
        mcts_iterations_per_s=saloon_rate,
    )
    if openspiel:
        try:
            result.openspiel_iterations_per_s = _openspiel_mcts(
                game, options, players, states, mcts_iterations, seconds
            )
        except ImportError:
            result.openspiel_note = "not installed (pip install 'saloon[rl]')"
        except (SaloonError, KeyError, ValueError) as exc:
            result.openspiel_note = f"not measured: {exc}"
    if solve:
        result.solves = _solves(game, fresh_limit)
    return result
