"""Fit the Hide Collection's estimate (solo and co-op, Part III), the chance
a search reads when it cuts a rollout short
(``saloon.games.dungeons.estimate.hides_estimate``).

Plays seeded heuristic games of solo (one player) and co-op (two players),
samples the state every fifteen steps from the first turn on, and records
the hides still missing, the turns still to come (the max turn counter
less the turns begun, plus each bounty carried: returned, it is a turn)
and whether the table won. A logistic model
``logit p = a + b turns + c missing + d coop + e coop turns`` is fitted
by Newton's method; prints its weights, the log loss on a fifth of the
games held out against the base rate, and the calibration by bins.

    python benchmarks/dungeons_fit_hides_estimate.py [--solo N] [--coop N] [--seed S]

The shipped weights: ``--solo 600 --coop 300 --seed 1`` (about five minutes
on one core).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np

from saloon.agents import make_agent
from saloon.core.state import CHANCE
from saloon.games.dungeons import GAME
from saloon.games.dungeons.estimate import hides_features
from saloon.games.dungeons.options import DungeonsOptions


def collect(
    mode: str, players: int, games: int, seed: int
) -> list[tuple[float, float, float, int, int]]:
    """``(turns, missing, coop, won, game)`` rows of ``games`` seeded games."""
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(games):
        s = GAME.new_state(DungeonsOptions(mode=mode), players)
        agents = [make_agent("heuristic", GAME, seed=1000 * g + p) for p in range(players)]
        step, seen = 0, []
        while not s.is_over:
            if step % 15 == 0 and s.round >= 1:
                turns, missing = hides_features(s)  # type: ignore[arg-type]
                seen.append((turns, missing))
            if s.to_move == CHANCE:
                s.apply(s.sample_chance(rng))
            else:
                s.apply(agents[s.to_move].choose(s))
            step += 1
        won = int(s.returns()[0] > 0)
        rows += [
            (t, m, float(mode == "coop"), won, g + 100_000 * (mode == "coop")) for t, m in seen
        ]
    return rows


def design(rows: np.ndarray) -> np.ndarray:
    turns, missing, coop = rows[:, 0], rows[:, 1], rows[:, 2]
    return np.stack([np.ones_like(turns), turns, missing, coop, coop * turns], axis=1)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--solo", type=int, default=600, help="solo games")
    parser.add_argument("--coop", type=int, default=300, help="two-player co-op games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rows = np.array(
        collect("solo", 1, args.solo, args.seed) + collect("coop", 2, args.coop, args.seed),
        dtype=float,
    )
    x, y, game = design(rows), rows[:, 3], rows[:, 4].astype(int)
    held = game % 5 == 0
    w = fit(x[~held], y[~held])
    p = 1.0 / (1.0 + np.exp(-x[held] @ w))
    loss = -np.mean(y[held] * np.log(p) + (1 - y[held]) * np.log(1 - p))
    base = np.mean(y[~held])
    loss0 = -np.mean(y[held] * np.log(base) + (1 - y[held]) * np.log(1 - base))
    print(f"held-out log loss {loss:.3f} (base rate {loss0:.3f}), {len(rows)} states")
    w = fit(x, y)
    print("weights (a, b turns, c missing, d coop, e coop turns):", np.round(w, 4).tolist())
    p = 1.0 / (1.0 + np.exp(-x @ w))
    print("| estimate | states | mean estimate | won |")
    for lo, hi in ((0, 0.1), (0.1, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.01)):
        m = (p >= lo) & (p < hi)
        if m.any():
            print(
                f"| {lo:.1f}-{min(hi, 1):.1f} | {m.sum()} | {p[m].mean():.3f} | {y[m].mean():.3f} |"
            )


if __name__ == "__main__":
    main()
