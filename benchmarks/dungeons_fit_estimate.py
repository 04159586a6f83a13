"""Fit the estimate a search reads when it cuts a D6 rollout short
(``saloon.games.dungeons.estimate``).

Plays seeded games between heuristics at 2, 3 and 4 players on both maps,
samples the state at about one player's decision in twenty, and records
each hero's features (:data:`~saloon.games.dungeons.estimate.FEATURES`),
the share of the season left ``tau`` and the glory he ended the game with.
The glory still to come is fitted by least squares as ``tau * (A . f) +
tau**2 * (B . f)`` (a term common to every hero is fitted too and dropped:
it does not change who leads); the temperature of the softmax that turns
the expected glories into chances to win, ``T0 + T1 * tau``, is chosen on
a grid by the likelihood of the real winners. Prints the fit's figures
against the glory alone and writes ``estimate.json`` into the package.

    python benchmarks/dungeons_fit_estimate.py [--games N] [--jobs J] [--seed S] [--dry-run]

The shipped table: ``--games 150 --seed 0`` (150 games a table size and
map, 900 in all, about a minute and a half on two cores).
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from saloon.agents import make_agent
from saloon.games.dungeons import GAME
from saloon.games.dungeons import estimate as estimate_mod
from saloon.games.dungeons.estimate import FEATURES, features, season_left
from saloon.games.dungeons.options import DungeonsOptions
from saloon.games.dungeons.rules import common
from saloon.games.dungeons.rules.state import DungeonsState

#: One sampled state: its players, tau, each hero's features, each one's
#: final glory and the game's returns.
Sample = tuple[int, float, list[tuple[float, ...]], list[int], tuple[float, ...]]

EVERY = 0.05
T0_GRID = (0.3, 0.5, 0.8, 1.0, 1.5, 2.0)
T1_GRID = (0.0, 0.5, 1.0, 2.0, 3.0, 4.0)


def collect(job: tuple[int, str, int, np.random.SeedSequence]) -> list[Sample]:
    players, map_id, games, seq = job
    options = DungeonsOptions.parse([f"map={map_id}"])
    out: list[Sample] = []
    for game_seq in seq.spawn(games):
        dice, pick, *seats = game_seq.spawn(players + 2)
        rng = np.random.default_rng(dice)
        sampler = np.random.default_rng(pick)
        agents = [make_agent("heuristic", GAME, seed=int(x.generate_state(1)[0])) for x in seats]
        s = GAME.new_state(options, players)
        assert isinstance(s, DungeonsState)
        taken: list[tuple[float, list[tuple[float, ...]]]] = []
        while not s.is_over:
            mover = s.to_move
            assert mover is not None
            if s.is_chance:
                s.apply(s.sample_chance(rng))
                continue
            if s.round >= 1 and sampler.random() < EVERY:
                taken.append((season_left(s), [features(s, p) for p in range(players)]))
            s.apply(agents[mover].choose(s))
        final = [common.glory(s, p) for p in range(players)]
        returns = s.returns()
        out.extend((players, tau, f, final, returns) for tau, f in taken)
    return out


def design(samples: Sequence[Sample]) -> tuple[np.ndarray, np.ndarray]:
    """The least-squares problem: one row per hero and sample."""
    k = len(FEATURES)
    rows, target = [], []
    for players, tau, feats, final, _ in samples:
        for p in range(players):
            f = np.asarray(feats[p], dtype=float)
            row = np.empty(2 * k + 2)
            row[0], row[1] = tau, tau * tau
            row[2 : 2 + k] = tau * f
            row[2 + k :] = tau * tau * f
            rows.append(row)
            target.append(final[p] - feats[p][0])
    return np.asarray(rows), np.asarray(target)


def log_likelihood(
    samples: Sequence[Sample],
    glory_of: np.ndarray,
    t0: float,
    t1: float,
) -> float:
    """The mean log-chance the softmax gives the real winners (all of them
    when shared), ``glory_of`` the expected glories row by row."""
    total, at = 0.0, 0
    for players, tau, _, _, returns in samples:
        g = glory_of[at : at + players]
        at += players
        z = (g - g.max()) / (t0 + t1 * tau)
        p = np.exp(z)
        p /= p.sum()
        best = max(returns)
        won = sum(p[i] for i in range(players) if returns[i] == best)
        total += math.log(max(won, 1e-12))
    return total / len(samples)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=150, help="games a table size and map")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dry-run", action="store_true", help="print, write nothing")
    args = parser.parse_args(argv)
    tables = [(n, m) for n in (2, 3, 4) for m in ("standard", "advanced")]
    seqs = np.random.SeedSequence(args.seed).spawn(len(tables))
    jobs = [(n, m, args.games, seq) for (n, m), seq in zip(tables, seqs, strict=True)]
    with ProcessPoolExecutor(args.jobs) as pool:
        samples = [x for part in pool.map(collect, jobs) for x in part]
    x, y = design(samples)
    w, *_ = np.linalg.lstsq(x, y, rcond=None)
    k = len(FEATURES)
    linear, quadratic = w[2 : 2 + k], w[2 + k :]
    fitted = x[:, 2:] @ w[2:]
    r2 = 1 - float(((y - x @ w) ** 2).mean() / y.var())
    now = np.asarray([f[p][0] for _, _, f, _, _ in samples for p in range(len(f))], dtype=float)
    expected = now + fitted
    best = max(
        ((log_likelihood(samples, expected, t0, t1), t0, t1) for t0 in T0_GRID for t1 in T1_GRID),
    )
    plain = max(
        ((log_likelihood(samples, now, t0, t1), t0, t1) for t0 in T0_GRID for t1 in T1_GRID),
    )
    played = args.games * len(tables)
    print(f"{len(samples)} states from {played} games; R² of the glory to come {r2:.3f}")
    print(f"{'feature':16} {'× tau':>8} {'× tau²':>8}")
    for name, a, b in zip(FEATURES, linear, quadratic, strict=True):
        print(f"{name:16} {a:+8.3f} {b:+8.3f}")
    print(
        f"winner's mean log-likelihood: {best[0]:.4f} with the fit "
        f"(T = {best[1]} + {best[2]} tau), {plain[0]:.4f} with the glory alone "
        f"(T = {plain[1]} + {plain[2]} tau)"
    )
    if args.dry_run:
        return
    table = {
        "fitted_by": f"benchmarks/dungeons_fit_estimate.py --games {args.games} --seed {args.seed}",
        "features": list(FEATURES),
        "linear": [round(float(v), 4) for v in linear],
        "quadratic": [round(float(v), 4) for v in quadratic],
        "temperature": [best[1], best[2]],
    }
    path = estimate_mod.TABLE
    path.write_text(json.dumps(table, indent=2) + "\n")
    print(f"wrote {path.name}")


if __name__ == "__main__":
    main()
